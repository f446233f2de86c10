"""rankbook.evaluate against an independent oracle: pytrec_eval (trec_eval 9.x in C).

Thousands of random topics with graded and negative grades, tied scores,
unjudged documents, topics with no relevant document, empty topics, and topics
missing from the run or from the qrels. Every per-topic value must equal
pytrec_eval's within 1e-12, and so must the summary of gm_map (pytrec_eval's
``compute_aggregated_measure``).
"""

from __future__ import annotations

import math
import warnings

import numpy as np
import pytest

import pytrec_eval  # noqa: E402  (a pinned test dependency: never skipped)

from rankbook.evaluation import TopicMismatchWarning, evaluate  # noqa: E402

MEASURES = {
    "num_ret", "num_rel", "num_rel_ret", "map", "gm_map", "Rprec", "bpref", "recip_rank",
    "iprec_at_recall", "P", "recall", "11pt_avg", "ndcg", "ndcg_cut", "map_cut", "success",
    "set_P", "set_recall", "set_map", "set_F",
    # trec_eval 9's remaining all_trec measures (issue 7 item 2)
    "infAP", "gm_bpref", "Rprec_mult", "utility", "binG", "G", "ndcg_rel", "Rndcg",
    "relative_P", "set_relative_P", "num_nonrel_judged_ret",
}
# pytrec_eval returns these per topic as log(max(value, 1e-5)), the term of their geometric mean
GEOMETRIC = {"gm_map": "gm_map", "gm_bpref": "gm_bpref"}


def random_collection(seed: int, n_topics: int):
    """Random qrels and run dicts covering the awkward cases."""
    rng = np.random.default_rng(seed)
    qrels, run = {}, {}
    for t in range(n_topics):
        qid = f"q{t}"
        pool = [f"d{rng.integers(0, 60)}-{i}" for i in range(int(rng.integers(1, 40)))]
        pool = list(dict.fromkeys(pool))
        kind = rng.random()
        if kind > 0.05:  # 5% of topics exist only in the run
            grades = rng.choice([-1, 0, 0, 1, 2, 3], size=len(pool))
            if rng.random() < 0.1:  # no relevant document
                grades = np.minimum(grades, 0)
            judged = rng.random(len(pool)) < 0.7
            qrels[qid] = {d: int(g) for d, g, j in zip(pool, grades, judged) if j}
            if not qrels[qid]:
                qrels[qid] = {pool[0]: int(grades[0])}
            if max(qrels[qid].values()) < 0:
                # pytrec_eval's ndcg can loop forever on a topic whose judgments are all
                # negative; tests/metrics/test_oracle_pytrec_eval.py checks that case by hand.
                qrels[qid][next(iter(qrels[qid]))] = 0
        if 0.05 < kind < 0.10:  # 5% exist only in the qrels
            continue
        n = int(rng.integers(0, 45))
        docs = list(dict.fromkeys(pool + [f"u{rng.integers(0, 1000)}" for _ in range(n)]))
        rng.shuffle(docs)
        docs = docs[: int(rng.integers(1, len(docs) + 1))]
        scores = np.round(rng.normal(size=len(docs)), 1)  # one decimal: many ties
        run[qid] = {d: float(s) for d, s in zip(docs, scores)}
    return qrels, run


def oracle_and_ours(qrels, run, level):
    oracle = pytrec_eval.RelevanceEvaluator(qrels, MEASURES, relevance_level=level).evaluate(run)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", TopicMismatchWarning)
        ours = evaluate(qrels, run, sorted(MEASURES), relevance_level=level)
    return oracle, ours


@pytest.mark.parametrize("seed, level, n_topics", [(1, 1, 1200), (2, 2, 900)])
def test_every_per_topic_value_matches_pytrec_eval(seed, level, n_topics):
    qrels, run = random_collection(seed, n_topics)
    oracle, ours = oracle_and_ours(qrels, run, level)
    topics = [t for t in ours.index if t != "all"]
    assert sorted(topics) == sorted(oracle), "the evaluated topics differ"
    assert len(topics) > 0.8 * n_topics
    values = ours.to_dict("index")
    compared = 0
    for topic in topics:
        for name, expected in oracle[topic].items():
            if name in GEOMETRIC:  # pytrec_eval returns log(max(value, 1e-5)) per topic
                got = math.log(max(values[topic][name], 1e-5))
            else:
                got = values[topic][name]
            assert abs(got - expected) <= 1e-12, (topic, name, got, expected)
            compared += 1
    assert compared > 80 * len(topics)
    gm = pytrec_eval.compute_aggregated_measure("gm_map", [oracle[t]["gm_map"] for t in topics])
    assert ours.loc["all", "gm_map"] == pytest.approx(gm, abs=1e-12, rel=0)
    for name in ("map", "P_10", "ndcg", "bpref"):
        mean = pytrec_eval.compute_aggregated_measure(name, [oracle[t][name] for t in topics])
        assert ours.loc["all", name] == pytest.approx(mean, abs=1e-12, rel=0)


def test_the_random_data_has_the_awkward_cases():
    qrels, run = random_collection(1, 1500)
    grades = [g for topic in qrels.values() for g in topic.values()]
    assert min(grades) < 0 and max(grades) > 1
    assert set(run) - set(qrels) and set(qrels) - set(run)
    assert any(all(g <= 0 for g in topic.values()) for topic in qrels.values())
    assert any(len(set(scores.values())) < len(scores) for scores in run.values())
    assert any(d not in qrels.get(q, {}) for q, docs in run.items() for d in docs)


# trec_eval's -J (judged documents only): pytrec_eval's judged_docs_only_flag.
JUDGED_ONLY_MEASURES = {"num_ret", "num_rel_ret", "map", "Rprec", "bpref", "recip_rank", "P",
                        "ndcg", "ndcg_cut", "set_F", "infAP", "num_nonrel_judged_ret"}


@pytest.mark.parametrize("batch_path", [True, False], ids=["batch", "per-topic"])
def test_judged_only_matches_pytrec_eval(batch_path):
    from rankbook.evaluation import _evaluate_textbook

    qrels, run = random_collection(3, 400)
    oracle = pytrec_eval.RelevanceEvaluator(qrels, JUDGED_ONLY_MEASURES,
                                            judged_docs_only_flag=True).evaluate(run)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", TopicMismatchWarning)
        function = evaluate if batch_path else _evaluate_textbook
        ours = function(qrels, run, sorted(JUDGED_ONLY_MEASURES), judged_only=True)
        plain = evaluate(qrels, run, ["num_ret"])
    values = ours.to_dict("index")
    compared = 0
    for topic, measures in oracle.items():
        for name, expected in measures.items():
            assert abs(values[topic][name] - expected) <= 1e-12, (topic, name)
            compared += 1
    assert compared > 25 * len(oracle)  # 9 cut-offs of P and of ndcg_cut, and 10 more
    # the option did something: fewer documents are counted as retrieved
    assert ours.loc["all", "num_ret"] < plain.loc["all", "num_ret"]


@pytest.mark.parametrize("batch_path", [True, False], ids=["batch", "per-topic"])
def test_set_map_has_trec_evals_last_bit(batch_path):
    # set_map = F^2 / (n R) in trec_eval's order of arithmetic (m_set_map.c). With F = 3
    # relevant of n = 4 retrieved and R = 40, the exact value is 9/160 = 0.05625: computed
    # as P * recall (0.75 * 0.075) the double is one bit lower and prints 0.0562, not 0.0563.
    from rankbook.evaluation import _evaluate_textbook

    qrels = {"q1": {f"r{i}": 1 for i in range(40)}}
    run = {"q1": {"r0": 4.0, "r1": 3.0, "n0": 2.0, "r2": 1.0}}
    expected = pytrec_eval.RelevanceEvaluator(qrels, {"set_map"}).evaluate(run)["q1"]["set_map"]
    assert f"{expected:.4f}" == "0.0563" and f"{0.75 * 0.075:.4f}" == "0.0562"
    function = evaluate if batch_path else _evaluate_textbook
    assert function(qrels, run, ["set_map"]).loc["q1", "set_map"] == expected
