"""Leave-one-run-out pool bias (rankbook.collections.pool_bias) against independent oracles.

On seeded runs and qrels, each run's unique documents come from trectools' pools (the
depth-k pool of all runs minus that of the others, ``TrecPool.minus``) and its AP with the
full and the reduced qrels from pytrec_eval (trec_eval 9's ``map``); small cases are worked
by hand with exact fractions.
"""

from __future__ import annotations

import warnings
from fractions import Fraction

import numpy as np
import pytest

from rankbook import collections as co
from rankbook._errors import InvalidTypeError, InvalidValueError
from rankbook.metrics.bpref import bpref
from rankbook.metrics.precision import precision_at_k

pytrec_eval = pytest.importorskip("pytrec_eval")
trectools = pytest.importorskip("trectools")


def _seeded(seed: int = 34):
    rng = np.random.default_rng(seed)
    topics = ("1", "2", "3", "4")
    runs = {f"r{i}": {t: {f"D{d:02d}": float(s) for d, s in zip(
        rng.choice(40, size=15, replace=False), rng.choice(8000, size=15, replace=False) / 8)}
        for t in topics} for i in range(5)}
    qrels = {t: {f"D{d:02d}": int(rng.integers(0, 3)) for d in range(40) if rng.random() < 0.7}
             for t in topics}
    return runs, qrels


def _trectools_unique(runs: dict, name: str, depth: int, folder) -> dict:
    """trectools: the depth-k pool of all runs minus the pool of the others."""
    loaded = {}
    for run_name, run in runs.items():
        lines = [f"{t} Q0 {d} 0 {s!r} {run_name}\n" for t, docs in run.items()
                 for d, s in docs.items()]
        path = folder / f"{run_name}.txt"
        path.write_text("".join(lines))
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            loaded[run_name] = trectools.TrecRun(str(path))
    maker = trectools.TrecPoolMaker()
    everyone = maker.make_pool(list(loaded.values()), strategy="topX", topX=depth)
    others = maker.make_pool([r for n, r in loaded.items() if n != name], strategy="topX",
                             topX=depth)
    return {t: set(d) for t, d in everyone.minus(others).pool.items()}


def _pytrec_map(qrels: dict, run: dict) -> float:
    per_topic = pytrec_eval.RelevanceEvaluator(qrels, {"map"}).evaluate(run)
    return float(np.mean([scores["map"] for scores in per_topic.values()]))


@pytest.mark.parametrize("depth", [3, 8])
def test_leave_one_run_out_equals_trectools_pools_and_pytrec_eval(depth, tmp_path):
    runs, qrels = _seeded()
    result = co.leave_one_run_out(runs, qrels, depth)
    moved = 0
    for name, run in runs.items():
        unique = _trectools_unique(runs, name, depth, tmp_path)
        reduced = {t: {d: g for d, g in j.items() if d not in unique.get(t, set())}
                   for t, j in qrels.items()}
        assert result[name].full == pytest.approx(_pytrec_map(qrels, run), abs=1e-12)
        assert result[name].reduced == pytest.approx(_pytrec_map(reduced, run), abs=1e-12)
        removed = [(t, d) for t, docs in unique.items() for d in docs if d in qrels[t]]
        assert result[name].removed == len(removed)
        assert result[name].removed_relevant == sum(qrels[t][d] >= 1 for t, d in removed)
        moved += result[name].change < 0
    assert moved >= 2  # the seeded case is not vacuous: some runs lose score


def test_worked_example_by_hand():
    """Depth 2: run B alone pooled the relevant d3; run A alone pooled the non-relevant d2."""
    runs = {"A": {"1": ["d1", "d2", "d3"]}, "B": {"1": ["d3", "d1", "d5"]}}
    qrels = {"1": {"d1": 1, "d2": 0, "d3": 1, "d5": 2}}
    result = co.leave_one_run_out(runs, qrels, 2)
    # B, full: relevant at 1, 2, 3 of R = 3 -> 1. Without d3: relevant at 2, 3 of R = 2
    # -> (1/2 + 2/3) / 2 = 7/12.
    assert Fraction(result["B"].full).limit_denominator(100) == 1
    assert Fraction(result["B"].reduced).limit_denominator(100) == Fraction(7, 12)
    assert (result["B"].removed, result["B"].removed_relevant) == (1, 1)
    assert result["B"].change == pytest.approx(7 / 12 - 1)
    # A, full: relevant at 1, 3 of R = 3 -> (1 + 2/3)/3 = 5/9. Without d2 (non-relevant): same.
    assert Fraction(result["A"].full).limit_denominator(100) == Fraction(5, 9)
    assert result["A"].change == 0.0
    assert (result["A"].removed, result["A"].removed_relevant) == (1, 0)


def test_removed_as_unjudged_or_nonrelevant_differs_for_bpref():
    """bpref skips unjudged documents but counts judged non-relevant ones above a relevant one.

    Run B = [x, r]: x is unique to B and judged non-relevant; r is relevant (R = 1, N = 2).
    Full qrels: one non-relevant above r -> 1 - min(1, 1)/min(2, 1) = 0.
    x unjudged: nothing judged above r -> 1 (and N = 1).  x graded 0: as full -> 0.
    """
    runs = {"A": {"1": ["r", "n"]}, "B": {"1": ["x", "r"]}}
    qrels = {"1": {"r": 1, "n": 0, "x": 0}}

    def bpref_of(relevance, judgments):
        relevant = sum(g >= 1 for g in judgments.values())
        return bpref(relevance, relevant, len(judgments) - relevant)

    unjudged = co.leave_one_run_out(runs, qrels, 1, measure=bpref_of)["B"]
    nonrelevant = co.leave_one_run_out(runs, qrels, 1, measure=bpref_of,
                                       removed="nonrelevant")["B"]
    assert (unjudged.full, unjudged.reduced) == (0.0, 1.0)
    assert (nonrelevant.full, nonrelevant.reduced) == (0.0, 0.0)
    assert co.qrels_without(qrels, {"1": ["x"]}, "nonrelevant") == {
        "1": {"r": 1.0, "n": 0.0, "x": 0.0}}


def test_groups_leave_out_what_the_group_alone_found():
    runs = {"A1": {"1": ["d1"]}, "A2": {"1": ["d2"]}, "B": {"1": ["d1"]}}
    qrels = {"1": {"d1": 1, "d2": 1}}
    alone = co.leave_one_run_out(runs, qrels, 1, measure=lambda rel, j: precision_at_k(rel, 1))
    grouped = co.leave_one_run_out(runs, qrels, 1, groups={"A1": "a", "A2": "a", "B": "b"},
                                   measure=lambda rel, j: precision_at_k(rel, 1))
    assert alone["A1"].removed == 0 and alone["A2"].removed == 1
    assert grouped["A1"].removed == 0            # B found d1 too
    assert (grouped["A2"].full, grouped["A2"].reduced) == (1.0, 0.0)


def test_topic_scores_averages_over_topics_of_run_and_qrels():
    run = {"1": ["a"], "2": ["b"], "9": ["z"]}
    qrels = {"1": {"a": 1}, "2": {"b": 0, "c": 1}, "3": {"d": 1}}
    assert co.topic_scores(run, qrels) == {"1": 1.0, "2": 0.0}


@pytest.mark.parametrize("call, error, words", [
    (lambda: co.topic_scores({"1": ["a"]}, {"1": {"a": 1}}, measure="AP"),
     InvalidTypeError, "function"),
    (lambda: co.qrels_without({"1": {"a": 1}}, {}, removed="dropped"),
     InvalidValueError, "removed"),
    (lambda: co.leave_one_run_out({"r": {"1": ["a"]}}, {"1": {"a": 1}}, 1, relevance_level=0),
     InvalidValueError, "relevance_level"),
])
def test_bad_input_is_refused_clearly(call, error, words):
    with pytest.raises(error, match=words):
        call()
