"""explain(..., extra=[...]): the optional per-rank columns iP@k, TPR@k, FPR@k, LAG@k.

The list is the seed's 8-element example (FLAGR's documentation, page "Evaluation
measures", reproduced in docs/conventions.md): relevant at ranks 1, 3, 4, 6, R = 4. The
expected columns are exact fractions worked by hand:

- P@k = 1, 1/2, 2/3, 3/4, 3/5, 2/3, 4/7, 1/2 and R@k = 1/4, 1/4, 1/2, 3/4, 3/4, 1, 1, 1,
  so iP@k = max{P@j : R@j >= R@k} = 1, 1, 3/4, 3/4, 3/4, 2/3, 2/3, 2/3;
- TPR@k = R@k; FPR@k = non-relevant in the top k / 4 = 0, 1/4, 1/4, 1/4, 2/4, 2/4, 3/4, 1;
- item lags 0 (rank 1), 1 (rank 3), 1 (rank 4), 2 (rank 6), so the running
  LAG@k = 0, 0, 1/2, 2/3, 2/3, 1, 1, 1.
"""

from __future__ import annotations

import math
from fractions import Fraction as F

import pytest

from rankbook import InvalidValueError, explain
from rankbook.explain import COLUMNS, EXTRA_COLUMNS

SEED = [1, 0, 1, 1, 0, 1, 0, 0]
IP = [F(1), F(1), F(3, 4), F(3, 4), F(3, 4), F(2, 3), F(2, 3), F(2, 3)]
TPR = [F(1, 4), F(1, 4), F(1, 2), F(3, 4), F(3, 4), F(1), F(1), F(1)]
FPR = [F(0), F(1, 4), F(1, 4), F(1, 4), F(2, 4), F(2, 4), F(3, 4), F(1)]
LAG = [F(0), F(0), F(1, 2), F(2, 3), F(2, 3), F(1), F(1), F(1)]


def column(table, name):
    return table[name].tolist()


def test_default_table_is_unchanged():
    table = explain(SEED, 4).table
    assert list(table.columns) == ["grade", "relevant", *COLUMNS]
    assert not set(EXTRA_COLUMNS) & set(table.columns)


def test_extra_columns_by_hand():
    table = explain(SEED, 4, extra=EXTRA_COLUMNS).table
    assert list(table.columns)[-4:] == ["iP@k", "TPR@k", "FPR@k", "LAG@k"]
    for name, expected in (("iP@k", IP), ("TPR@k", TPR), ("FPR@k", FPR), ("LAG@k", LAG)):
        assert column(table, name) == pytest.approx([float(x) for x in expected], rel=1e-12), name


def test_short_and_case_insensitive_names_in_table_order():
    table = explain(SEED, 4, extra=["lag", "tpr"]).table
    assert list(table.columns)[-2:] == ["TPR@k", "LAG@k"]
    assert list(explain(SEED, 4, extra="FPR").table.columns)[-1] == "FPR@k"


def test_totals_reach_the_roc_columns():
    # With 8 non-relevant documents in all (4 unretrieved), FPR@8 = 4/8.
    table = explain(SEED, 4, extra=["FPR", "TPR"], n_nonrelevant=8).table
    assert table.loc[8, "FPR@k"] == 0.5
    # With R = 5, one relevant document is missing: TPR@8 = 4/5.
    assert explain(SEED, 5, extra=["TPR"]).table.loc[8, "TPR@k"] == 0.8


def test_lag_is_nan_before_the_first_relevant_document():
    ex = explain([0, 0, 1, 0], extra=["LAG"])
    values = column(ex.table, "LAG@k")
    assert math.isnan(values[0]) and math.isnan(values[1]) and values[2:] == [2.0, 2.0]
    assert "| — |" in ex.to_markdown()
    assert "LAG@1 is undefined" in str(ex.show_work(1))


def test_show_work_of_extra_columns():
    work = str(explain(SEED, 4, extra=EXTRA_COLUMNS).show_work(5))
    assert "iP@5 = max of P@j over ranks j with R@j >= R@5 = max(P@4, P@5, P@6, P@7, P@8) = 0.7500" in work
    assert "TPR@5 = relevant in top 5 / all relevant = 3/4 = 0.7500" in work
    assert "FPR@5 = non-relevant in top 5 / all non-relevant = 2/4 = 0.5000" in work
    assert "LAG@5 = (0 + 1 + 1) / 3 = 0.6667" in work
    # The default worksheet has none of them.
    assert "LAG@5" not in str(explain(SEED, 4).show_work(5))


def test_errors():
    with pytest.raises(InvalidValueError, match="not an optional column"):
        explain(SEED, 4, extra=["MAP"])
    with pytest.raises(InvalidValueError, match="needs R"):
        explain(SEED, extra=["iP"])
    with pytest.raises(InvalidValueError, match="undefined without relevant"):
        explain([0, 0], extra=["TPR"])
    with pytest.raises(InvalidValueError, match="smaller than the 4 non-relevant"):
        explain(SEED, 4, extra=["FPR"], n_nonrelevant=2)
