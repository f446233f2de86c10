"""Compat, Accuracy and Judged@k (rankbook.metrics.ir_measures_own) against ir-measures 0.4.3.

ir_measures is their reference implementation (providers ``compat``, ``accuracy`` and
``judged``): its published test values (terrierteam/ir_measures ``tests/test_compat.py``,
``test_accuracy.py``, ``test_judged.py``) and ir_measures itself, run in process on seeded
random topics, are the oracles. ir_measures breaks score ties its own way (document id
ascending, or file order), so the random runs have distinct scores.
"""

from __future__ import annotations

import math
from pathlib import Path

import pytest
from random_judgments import random_topics

import rankbook as rb
from rankbook._errors import InvalidValueError
from rankbook.metrics.ir_measures_own import compatibility, judged_at_k, pairwise_accuracy

irm = pytest.importorskip("ir_measures")

DATA = Path(__file__).parents[1] / "data" / "ir_measures"

# ir_measures tests/test_compat.py ("based on a manual execution of claclark/Compatibility").
PUBLISHED_COMPAT = {
    0.95: {"31_1": 0.51779512165509, "31_2": 0.018400100569017922},
    0.9: {"31_1": 0.3761334522946854, "31_2": 0.004344079941789211},
    0.8: {"31_1": 0.16723008845234535, "31_2": 0.00022806427320561776},
}
# ir_measures tests/test_accuracy.py and tests/test_judged.py, their qrels and runs.
ACCURACY_QRELS = {"0": {"C0_1": 0, "B0_1": 1, "A0_1": 2},
                  "1": {"A1_1": 2, "A1_2": 2, "B1_1": 1, "C1_2": 0}, "2": {"B1_1": 1}}
ACCURACY_RUN = {"0": {"C0_1": 0.4, "A0_1": 0.3, "C0_2": 0.2, "C0_3": 0.1},
                "1": {"C1_1": 0.8, "A1_1": 0.7, "C1_2": 0.6, "B1_1": 0.5, "C1_3": 0.4},
                "2": {"B1_1": 0.2, "C1_1": 0.1}}
JUDGED_QRELS = {"0": {"D0": 0, "D1": 1, "D2": 1, "D3": 2, "D4": 0},
                "1": {"D0": 1, "D3": 2, "D5": 2}}
JUDGED_RUN = {"0": {"D0": 0.8, "D2": 0.7, "D1": 0.3, "D3": 0.4, "D4": 0.1},
              "1": {"D1": 0.8, "D3": 0.7, "D4": 0.3, "D2": 0.4}}


@pytest.mark.parametrize("p", sorted(PUBLISHED_COMPAT))
def test_compat_published_values(p):
    table = rb.evaluate(DATA / "compat.qrels", DATA / "compat.run", [f"Compat(p={p})"])
    column = table[f"Compat(p={p})"]
    for topic, expected in PUBLISHED_COMPAT[p].items():
        assert column[topic] == pytest.approx(expected, abs=1e-9)
    if p == 0.95:  # the published mean
        assert column["all"] == pytest.approx(0.268097611, abs=1e-9)


def test_accuracy_published_values():
    table = rb.evaluate(ACCURACY_QRELS, ACCURACY_RUN, ["Accuracy", "Accuracy(rel=2)"])
    assert table["Accuracy"].loc[["0", "1", "2"]].tolist() == pytest.approx(
        [2 / 3, 0.5 * (2 / 3 + 1 / 3), 1.0])
    assert table["Accuracy(rel=2)"].loc[["0", "1"]].tolist() == pytest.approx([2 / 3, 0.75])
    # ir_measures leaves topic 2 out at rel=2 (no relevant document retrieved): 0.0 here.
    assert table["Accuracy(rel=2)"]["2"] == 0.0


def test_judged_published_values():
    table = rb.evaluate(JUDGED_QRELS, JUDGED_RUN, ["Judged@1000", "Judged@10", "Judged@3",
                                                   "Judged@1"])
    assert table.loc["0"].tolist() == [1.0, 1.0, 1.0, 1.0]
    assert table.loc["1"].tolist() == pytest.approx([1 / 4, 1 / 4, 1 / 3, 0.0])


def test_accuracy_without_a_nonrelevant_document():
    """ir_measures' later test (test_accuracy_no_non_relevant) expects 1.0; 0.4.3 divides by 0."""
    assert pairwise_accuracy([1, 2]) == 1.0
    assert pairwise_accuracy([1, 0], k=1) == 1.0
    with pytest.raises(ZeroDivisionError):
        irm.accuracy.calc_aggregate([irm.Accuracy], {"0": {"a": 1}}, {"0": {"a": 1.0}})


def test_judged_counts_negative_grades_and_divides_by_the_list():
    """Judged@k is not 1 - Unjudged@k: trec_eval's unj_k divides by k and a negative grade
    is unjudged there."""
    qrels, run = {"q": {"a": -1, "b": 1}}, {"q": {"a": 2.0, "b": 1.0}}
    table = rb.evaluate(qrels, run, ["Judged@5", "Unjudged@5"], trec_eval="10")
    assert table["Judged@5"]["q"] == 1.0 == irm.calc_aggregate([irm.Judged @ 5], qrels, run)[
        irm.Judged @ 5]
    assert table["Unjudged@5"]["q"] == pytest.approx(1 / 5)


def test_compat_normalisation_both_ways():
    """Unnormalised, the ideal ranking followed by non-relevant documents scores below 1 (the
    depth is the longer list, and I overlaps itself by |I|/d below it); ir_measures'
    Compat(normalize=False) is the oracle."""
    qrels, run = {"q": {"a": 2, "b": 1, "c": 0}}, {"q": {"b": 3.0, "x": 2.0, "a": 1.0}}
    oracle = irm.compat.calc_aggregate([irm.Compat(p=0.8, normalize=False)], qrels, run)
    grades, ideal = [1, 0, 2], [2, 1, 0]
    raw = compatibility(grades, ideal, 0.8, normalize=False)
    assert raw == pytest.approx(oracle[irm.Compat(p=0.8, normalize=False)], rel=1e-12)
    assert compatibility(grades, ideal, 0.8) > raw
    assert compatibility([2, 1, 0, 0], ideal, 0.8) == 1.0
    assert compatibility([2, 1, 0, 0], ideal, 0.8, normalize=False) < 1.0


def test_compat_by_hand():
    """p = 1/2, run [grade 1, grade 2], I = [grade 2, grade 1]: overlaps 0, 2 at depths 1, 2;
    RBO = (0 + 1/2 * 2/2) / (1 + 1/2) = 1/3; the ideal's RBO(I, I) is 1."""
    assert compatibility([1, 2], [2, 1], 0.5, normalize=False) == pytest.approx(1 / 3)
    assert compatibility([], [0, 0]) == 0.0
    assert compatibility([0, 0], [0]) == 0.0
    # a grade-1 document the ideal does not hold would sit at rank 3 of a 2-deep comparison
    assert compatibility([1], [2, 2, 0], 0.5) == 0.0


@pytest.mark.parametrize("bad", [-0.1, 1.5, math.nan])
def test_compat_refuses_a_persistence_outside_0_1(bad):
    with pytest.raises(InvalidValueError, match="persistence"):
        compatibility([1], [1], bad)


def test_judged_edges():
    assert judged_at_k([], 10) == 0.0
    assert judged_at_k([True, False]) == 0.5
    with pytest.raises(InvalidValueError, match="at least 1"):
        judged_at_k([True], 0)


@pytest.mark.slow  # ir_measures' three providers on 2,000 random topics, in process
def test_equal_to_ir_measures_on_random_topics():
    qrels, run = random_topics(2000, seed=30)
    measures = {"Compat": irm.Compat, "Compat(p=0.8)": irm.Compat(p=0.8),
                "Accuracy": irm.Accuracy, "Accuracy(rel=2)": irm.Accuracy(rel=2),
                "Judged@5": irm.Judged @ 5, "Judged@10": irm.Judged @ 10}
    ours = rb.evaluate(qrels, run, list(measures))
    theirs = {(m.query_id, str(m.measure)): m.value
              for m in irm.iter_calc(list(measures.values()), qrels, run)}
    names = {name: str(measure) for name, measure in measures.items()}
    compared = 0
    for name, measure in names.items():
        for topic in qrels:
            if (topic, measure) in theirs:
                assert ours[name][topic] == pytest.approx(theirs[topic, measure], rel=1e-12,
                                                          abs=1e-15), (name, topic)
                compared += 1
            else:  # ir_measures' Accuracy leaves out a topic without a relevant document
                assert name.startswith("Accuracy") and ours[name][topic] == 0.0, (name, topic)
    assert compared > 11_000
