"""trec_eval 9 or 10: scores as C floats (9) or doubles (10), and 10's interpolation cut-offs.

trec_eval 9.x stores each score of a run in a C ``float`` (``trec_format.h``: ``float sim``),
so scores that differ only beyond float32 precision tie, and the tie goes to the document id
(descending). pytrec_eval embeds that code, so it is the oracle for ``trec_eval="9"``: on
runs whose scores differ at the 1e-9 level every per-topic value must equal pytrec_eval's.
trec_eval 10.0 keeps doubles; its oracle here is pytrec_eval on the same run with every score
replaced by its rank in double precision (an order float32 keeps), for the measures that do not
depend on the version otherwise (10.0's lround cut-offs of iprec_at_recall and 11pt_avg are
checked against 10.0's own outputs in tests/evaluation/test_conformance_trec_eval.py).
"""

from __future__ import annotations

import math
import warnings

import numpy as np
import pandas as pd
import pytest
import pytrec_eval

from rankbook import InvalidValueError
from rankbook.evaluation import TopicMismatchWarning, _evaluate_textbook, evaluate
from rankbook.io import trec_order

MEASURES = {"num_rel_ret", "map", "gm_map", "Rprec", "bpref", "recip_rank", "iprec_at_recall",
            "P", "recall", "11pt_avg", "ndcg", "ndcg_cut", "map_cut", "success", "set_P",
            "set_recall", "set_map", "set_F"}
SAME_IN_BOTH = MEASURES - {"iprec_at_recall", "11pt_avg"}


def close_scores(seed: int, n_topics: int = 300):
    """Random qrels and a run whose scores come in clusters 1e-9 apart (float32 merges them)."""
    rng = np.random.default_rng(seed)
    qrels, run = {}, {}
    for t in range(n_topics):
        docs = [f"d{i:03d}" for i in rng.permutation(60)[: int(rng.integers(5, 40))]]
        qrels[f"q{t}"] = {d: int(rng.choice([0, 0, 1, 2])) for d in docs if rng.random() < 0.7} \
            or {docs[0]: 1}
        base = np.round(rng.normal(size=len(docs)), 1)
        run[f"q{t}"] = {d: float(b + 1e-9 * int(rng.integers(0, 4))) for d, b in zip(docs, base)}
    return qrels, run


def per_topic(frame: pd.DataFrame) -> dict:
    return frame.drop(index="all").to_dict("index")


def compare(ours: dict, oracle: dict) -> int:
    """Every value pytrec_eval gives must be ours within 1e-12; returns how many."""
    compared = 0
    for topic, values in oracle.items():
        for name, expected in values.items():
            got = ours[topic][name]
            if name == "gm_map":  # pytrec_eval returns log(max(AP, 1e-5)) per topic
                got = math.log(max(got, 1e-5))
            assert abs(got - expected) <= 1e-12, (topic, name, got, expected)
            compared += 1
    return compared


def ours(qrels, run, version):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", TopicMismatchWarning)
        return per_topic(evaluate(qrels, run, sorted(MEASURES), trec_eval=version))


@pytest.mark.parametrize("seed", [1, 2])
def test_trec_eval_9_equals_pytrec_eval_on_scores_1e9_apart(seed):
    qrels, run = close_scores(seed)
    oracle = pytrec_eval.RelevanceEvaluator(qrels, MEASURES).evaluate(run)
    assert compare(ours(qrels, run, "9"), oracle) > 300 * 50
    # The per-topic path agrees too (it orders through the same rankbook.io.trec_order).
    slow = _evaluate_textbook(qrels, run, sorted(MEASURES))
    assert compare(per_topic(slow), oracle) > 300 * 50


@pytest.mark.parametrize("seed", [1, 2])
def test_trec_eval_10_orders_by_the_doubles(seed):
    qrels, run = close_scores(seed)
    separated = {}
    for topic, scores in run.items():  # each score replaced by its rank among the doubles
        ranks = {s: r for r, s in enumerate(sorted(set(scores.values())))}
        separated[topic] = {d: float(ranks[s]) for d, s in scores.items()}
    oracle = pytrec_eval.RelevanceEvaluator(qrels, SAME_IN_BOTH).evaluate(separated)
    assert compare(ours(qrels, run, "10"), oracle) > 300 * 40


def test_the_two_versions_differ_on_these_runs():
    # Without float32 rounding the values differ from pytrec_eval's on many topics: the tests
    # above would notice a version option that did nothing.
    qrels, run = close_scores(1)
    nine, ten = ours(qrels, run, "9"), ours(qrels, run, "10")
    differ = [t for t in nine if nine[t]["map"] != ten[t]["map"]]
    assert len(differ) > 30


def test_trec_order_rounds_to_float32_for_9_only():
    run = pd.DataFrame({"query": ["1"] * 3, "doc": ["a", "b", "c"],
                        "score": [1.0 + 1e-9, 1.0, 1.0 + 2e-7]})
    # float32 spacing at 1.0 is 2**-23 ~ 1.19e-7: 1 + 1e-9 rounds to 1, 1 + 2e-7 does not.
    assert run.doc[trec_order(run)].tolist() == ["c", "b", "a"]
    assert run.doc[trec_order(run, trec_eval="10")].tolist() == ["c", "a", "b"]


def test_unknown_version_is_refused():
    with pytest.raises(InvalidValueError, match="trec_eval version"):
        evaluate({"q": {"d": 1}}, {"q": {"d": 1.0}}, "map", trec_eval="11")
    assert evaluate({"q": {"d": 1}}, {"q": {"d": 1.0}}, "map", trec_eval=10).loc["all", "map"] == 1
