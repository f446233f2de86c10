"""The exercises read what they need to know of a measure from its registry row (issue 36, item 5).

Until issue 36 the exercise modules held their own lists of metric names (which measures are
graded, which take a cut-off k, which are means over queries, ...). They are now read from the
rows of `rankbook.metrics.registry.METRICS` (`graded`, `takes_cutoff`, `family`, the summary
rule, `exercise_hints`). `HAND_WRITTEN` below are those lists as they were written by hand on
main at 0a20bf0 (`exercises/_registry_items.py:26-44`, `exercises/_names.py:16-23`): the rows
must say the same of every measure, so that no exercise changes; and a row added to the
registry with a cut-off k is offered with a drawn or fixed k, as the lists did for P@k or RR@k.
"""

from __future__ import annotations

import dataclasses
import random

import pytest

from rankbook._errors import InvalidValueError
from rankbook.exercises import _catalog, _names, _registry_items
from rankbook.exercises._catalog import Kind, resolve
from rankbook.exercises._draw import LEVELS
from rankbook.metrics import registry
from rankbook.metrics.registry import METRICS, by_name

HAND_WRITTEN = {
    (_registry_items, "GRADED"): {"G", "nDCG", "nDCG_rel", "R-nDCG", "ERR@k", "IDCG@k",
                                  "RBP-resid"},  # and RBP: drawn by its hand-made generator
    (_registry_items, "UNJUDGED"): {"bpref", "GMbpref", "infAP", "relstring", "Unjudged@k",
                                    "NumNonrelJudgedRet", "binG", "G", "utility", "RBP-resid"},
    (_registry_items, "JUDGED_ONLY"): {"SL", "PR curve", "LAG", "mean LAG", "ROC", "AUC"},
    (_registry_items, "OVER_QUERIES"): {"GMAP", "GMbpref", "NumQ", "mean LAG"},
    (_registry_items, "_NOT_DECIMAL"): {"runid", "relstring", "PR curve", "ROC", "NumQ",
                                        "NumRet", "NumRel", "NumRelRet", "NumNonrelJudgedRet",
                                        "SL"},
    (_names, "GRADED"): {"DCG@k", "nDCG@k"},
    (_names, "WITH_K"): {"P@k", "R@k", "F1@k", "success@k", "DCG@k", "nDCG@k", "RelP@k"},
    (_names, "MEANS"): {"MAP", "MRR"},
}


@pytest.mark.parametrize("module, constant", list(HAND_WRITTEN),
                         ids=[f"{m.__name__.rsplit('.', 1)[1]}.{c}" for m, c in HAND_WRITTEN])
def test_the_rows_say_what_the_hand_written_lists_said(module, constant):
    # The rows that existed at 0a20bf0 (the user-model chapter's rows came later, in modules of
    # their own: their exercises are drawn from their own rows' facts)
    then = {metric.name for metric in registry.TREC_EVAL_AND_TEXTBOOK}
    assert set(getattr(module, constant)) & then == HAND_WRITTEN[module, constant]
    assert HAND_WRITTEN[module, constant] <= then


def test_the_cut_off_measures_are_the_rows_with_a_cut_off_k():
    # Independently of takes_cutoff: a parameter named k that is a column of its own, or a
    # textbook function whose canonical name ends in @k (F1@k, IDCG@k: no parameter row).
    expected = {metric.name for metric in METRICS
                if (metric.param is not None and metric.param.symbol == "k"
                    and metric.param.cutoffs)
                or (metric.param is None and metric.name.endswith("@k"))}
    assert {metric.name for metric in METRICS if metric.takes_cutoff} == expected
    assert expected >= {"P@k", "RR@k", "ERR@k", "Unjudged@k", "F1@k"}
    assert "SL" not in expected and "relstring" not in expected and "IPrec@r" not in expected


@pytest.fixture
def hits_at_k(monkeypatch):
    """A measure added to the registry with a cut-off k: RR@k's row under a new name."""
    row = dataclasses.replace(by_name()["RR@k"], name="Hits@k")
    monkeypatch.setattr(_registry_items, "METRICS", METRICS + (row,))
    monkeypatch.setattr(_catalog, "METRICS", METRICS + (row,))
    return row


def test_a_new_measure_with_a_cut_off_is_offered_with_a_drawn_k(hits_at_k):
    assert resolve("hits") == Kind("registry", "Hits@k")
    for seed in range(5):
        exercise = _catalog.draw(Kind("registry", "Hits@k"), 1, random.Random(seed), 8, 0.4,
                                 LEVELS[2])
        assert isinstance(exercise.k, int) and 1 <= exercise.k <= 8
        assert exercise.metric == f"Hits@{exercise.k}"
        assert f"Compute Hits@{exercise.k} " in exercise.question


def test_a_new_measure_with_a_cut_off_keeps_a_fixed_k(hits_at_k):
    exercise = _catalog.draw(Kind("registry", "Hits@k", 3), 1, random.Random(0), 8, 0.4,
                             LEVELS[2])
    assert exercise.k == 3 and exercise.metric == "Hits@3"


@pytest.mark.parametrize("name", ["P@0", "nDCG@0", "dcg@0"])
def test_a_cut_off_below_1_is_refused_before_any_other_reading(name):
    with pytest.raises(InvalidValueError, match=r"cut-off must be at least 1"):
        resolve(name)
