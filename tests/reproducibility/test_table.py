"""`reproduction_table`: Breuer et al.'s rows against numbers computed here, by numpy and scipy."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from scipy import stats

from rankbook import InvalidValueError
from rankbook.reproducibility import reproduction_table

TOPICS = ["q1", "q2", "q3", "q4"]
ORIGINAL = pd.DataFrame({"P@10": [0.6, 0.4, 0.9, 0.2], "AP": [0.5, 0.3, 0.8, 0.1]}, index=TOPICS)
# the replication's rows in another topic order, with an 'all' row: paired by topic id
REPLICATED = pd.DataFrame({"P@10": [0.1, 0.5, 0.3, 0.7, 0.4], "AP": [0.1, 0.2, 0.4, 0.6, 0.3]},
                          index=["q4", "q1", "q2", "q3", "all"])
BASE = pd.DataFrame({"P@10": [0.5, 0.3, 0.6, 0.2], "AP": [0.4, 0.2, 0.5, 0.1]}, index=TOPICS)
BASE_REPLICATED = pd.DataFrame({"P@10": [0.4, 0.3, 0.6, 0.2], "AP": [0.3, 0.2, 0.5, 0.2]},
                               index=TOPICS)


def _column(table, measure):
    return table.drop(index="all", errors="ignore").loc[TOPICS, measure].to_numpy()


def test_a_replication_against_numpy_and_scipy():
    table = reproduction_table(ORIGINAL, REPLICATED, BASE, BASE_REPLICATED)
    assert list(table.columns) == ["ARP original", "ARP reproduced", "RMSE", "p (paired t)",
                                   "ER", "delta RI"]
    for measure in ("P@10", "AP"):
        o, r = _column(ORIGINAL, measure), _column(REPLICATED, measure)
        ob, rb_ = _column(BASE, measure), _column(BASE_REPLICATED, measure)
        row = table.loc[measure]
        assert row["ARP original"] == pytest.approx(np.mean(o), abs=1e-15)
        assert row["ARP reproduced"] == pytest.approx(np.mean(r), abs=1e-15)
        assert row["RMSE"] == pytest.approx(np.sqrt(np.mean((o - r) ** 2)), abs=1e-15)
        assert row["p (paired t)"] == pytest.approx(stats.ttest_rel(o, r).pvalue, rel=1e-12)
        assert row["ER"] == pytest.approx(np.mean(r - rb_) / np.mean(o - ob), rel=1e-12)
        ri = (np.mean(o) - np.mean(ob)) / np.mean(ob)
        ri_prime = (np.mean(r) - np.mean(rb_)) / np.mean(rb_)
        assert row["delta RI"] == pytest.approx(ri - ri_prime, rel=1e-12)


def test_a_reproduction_on_other_topics_is_unpaired():
    other = pd.DataFrame({"P@10": [0.3, 0.2, 0.4]}, index=["t7", "t8", "t9"])
    table = reproduction_table(ORIGINAL, other, reproduction=True, measures=["P@10"])
    assert list(table.columns) == ["ARP original", "ARP reproduced", "p (unpaired t)"]
    o = _column(ORIGINAL, "P@10")
    assert table.loc["P@10", "ARP reproduced"] == pytest.approx(0.3, abs=1e-15)
    assert table.loc["P@10", "p (unpaired t)"] == pytest.approx(
        stats.ttest_ind(o, [0.3, 0.2, 0.4]).pvalue, rel=1e-12)


def test_a_replication_with_no_topic_in_common_is_refused():
    other = pd.DataFrame({"P@10": [0.3, 0.2]}, index=["t7", "t8"])
    with pytest.raises(InvalidValueError, match="no topic in common.*reproduction=True"):
        reproduction_table(ORIGINAL[["P@10"]], other)


@pytest.mark.parametrize("call, message", [
    (lambda: reproduction_table(ORIGINAL, REPLICATED, BASE), "give both baselines"),
    (lambda: reproduction_table(ORIGINAL, REPLICATED[["AP"]]), "no column 'P@10'"),
    (lambda: reproduction_table(ORIGINAL, [0.1, 0.2]), "per-topic score table"),
    (lambda: reproduction_table(ORIGINAL, REPLICATED, reproduction="yes"), "True or False"),
])
def test_mistakes_are_said(call, message):
    with pytest.raises((InvalidValueError, TypeError), match=message):
        call()
