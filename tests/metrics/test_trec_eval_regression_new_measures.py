"""The new measures against trec_eval 9.x's own regression outputs, line by line.

The files in tests/data/trec_eval/ are copied unchanged from the test/ folder of
https://github.com/usnistgov/trec_eval at v9.0.8 (see that folder's README.md). For every
per-topic line of the measures below, the rankbook function, given the topic's grades in
trec_eval's order (score read as a C float, descending, then docno descending), must print
the same text with four decimals. The ``all`` lines check the summary rule each registry
entry will need: the mean over topics, the sum for ``num_nonrel_judged_ret``, the geometric
mean with the 1e-5 floor for ``gm_bpref``; with ``-c`` over every qrels topic, a missing topic
counting 0 (gm_bpref: log 1e-5).
"""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np
import pytest

import rankbook as rb

DATA = Path(__file__).resolve().parents[1] / "data" / "trec_eval"

# file, qrels, run, relevance level, -M (documents kept per topic), -c
OUTPUTS = [
    ("out.test.aq", "qrels.test", "results.test", 1, None, False),
    ("out.test.aqc", "qrels.test", "results.trunc", 1, None, True),
    ("out.test.aqcM", "qrels.test", "results.trunc", 1, 100, True),
    ("out.test.aql", "qrels.rel_level", "results.test", 2, None, False),
]
RPREC_MULTIPLES = (0.2, 0.4, 0.6, 0.8, 1.0, 1.2, 1.4, 1.6, 1.8, 2.0)
RELATIVE_P_CUTOFFS = (5, 10, 15, 20, 30, 100, 200, 500, 1000)


def read_qrels(name):
    qrels: dict = {}
    for line in (DATA / name).read_text().splitlines():
        if line.strip():
            topic, _, doc, grade = line.split()
            qrels.setdefault(topic, {})[doc] = int(grade)
    return qrels


def read_run(name, max_docs):
    rows: dict = {}
    for line in (DATA / name).read_text().splitlines():
        if line.strip():
            topic, _, doc, _, score = line.split()[:5]
            rows.setdefault(topic, []).append((np.float32(score), doc))  # trec_eval 9: float
    return {t: [doc for _, doc in sorted(r, reverse=True)][:max_docs] for t, r in rows.items()}


def topic_values(judged, ranking, level):
    """{trec_eval name: printed text} for one topic."""
    relevance = [judged.get(doc) for doc in ranking]
    ideal = list(judged.values())
    R = sum(1 for g in ideal if g >= level)
    t = {"relevance_level": level}
    values = {
        "infAP": rb.inferred_average_precision(relevance, R, **t),
        "utility": rb.utility(relevance, R, **t),
        "binG": rb.binary_normalized_gain(relevance, R, **t),
        "G": rb.normalized_gain(relevance, ideal),
        "ndcg_rel": rb.ndcg_averaged_over_relevant(relevance, ideal),
        "Rndcg": rb.ndcg_averaged_at_r_levels(relevance, ideal, **t),
        "set_relative_P": rb.relative_precision_at_k(relevance, None, R, **t),
        "set_F": rb.f_beta_at_k(relevance, None, R, beta_convention="trec_eval", **t),
    }
    for m in RPREC_MULTIPLES:
        values[f"Rprec_mult_{m:.2f}"] = rb.r_precision_at_multiple(relevance, R, m, **t)
    for k in RELATIVE_P_CUTOFFS:
        values[f"relative_P_{k}"] = rb.relative_precision_at_k(relevance, k, R, **t)
    text = {name: f"{value:.4f}" for name, value in values.items()}
    text["num_nonrel_judged_ret"] = str(rb.judged_nonrelevant_retrieved(relevance, **t))
    text["relstring"] = f"'{rb.relevance_string(relevance)}'"
    text["relstring_20"] = f"'{rb.relevance_string(relevance, 20)}'"
    N = sum(1 for g in ideal if 0 <= g < level)
    text["_bpref"] = rb.bpref(relevance, R, N, **t)
    return text


def expected_lines(name):
    for line in (DATA / name).read_text().splitlines():
        measure, topic, value = line.split("\t")
        yield measure.strip(), topic, value


@pytest.mark.parametrize("output, qrels_file, run_file, level, max_docs, complete", OUTPUTS)
def test_per_topic_lines(output, qrels_file, run_file, level, max_docs, complete):
    qrels, run = read_qrels(qrels_file), read_run(run_file, max_docs)
    computed = {topic: topic_values(qrels[topic], run[topic], level) for topic in run}
    checked = 0
    for measure, topic, value in expected_lines(output):
        if topic != "all" and measure in computed[topic]:
            assert computed[topic][measure] == value, (output, measure, topic)
            checked += 1
    # 8 + 10 (Rprec_mult) + 9 (relative_P) + num_nonrel_judged_ret + relstring (relstring_20
    # in out.test.aql) per topic; results.trunc has two topics, results.test three.
    assert checked == len(run) * 29, checked


@pytest.mark.parametrize("output, qrels_file, run_file, level, max_docs, complete", OUTPUTS)
def test_summary_lines(output, qrels_file, run_file, level, max_docs, complete):
    qrels, run = read_qrels(qrels_file), read_run(run_file, max_docs)
    computed = {topic: topic_values(qrels[topic], run[topic], level) for topic in run}
    n_topics = len(qrels) if complete else len(run)
    summary = {}
    for measure, topic, value in expected_lines(output):
        if topic != "all":
            continue
        if measure == "num_nonrel_judged_ret":
            summary[measure] = (str(sum(int(computed[t][measure]) for t in computed)), value)
        elif measure == "gm_bpref":
            logs = [math.log(max(computed[t]["_bpref"], 1e-5)) for t in computed]
            logs += [math.log(1e-5)] * (n_topics - len(computed))
            summary[measure] = (f"{math.exp(sum(logs) / n_topics):.4f}", value)
        elif measure in computed[next(iter(computed))] and not measure.startswith("relstring"):
            # a topic missing from the run (-c) counts 0 in the mean
            exact = _per_topic_values(qrels, run, level, measure)
            summary[measure] = (f"{sum(exact) / n_topics:.4f}", value)
    assert len(summary) == 29, sorted(summary)  # 8 + 10 + 9 + num_nonrel_judged_ret + gm_bpref
    for measure, (mine, theirs) in summary.items():
        assert mine == theirs, (output, measure)


def _per_topic_values(qrels, run, level, measure):
    """The unrounded per-topic values of one measure (the summary averages these)."""
    values = []
    for topic in run:
        judged, ranking = qrels[topic], run[topic]
        relevance = [judged.get(doc) for doc in ranking]
        ideal = list(judged.values())
        R = sum(1 for g in ideal if g >= level)
        values.append(_one(measure, relevance, ideal, R, level))
    return values


def _one(measure, relevance, ideal, R, level):
    t = {"relevance_level": level}
    if measure.startswith("Rprec_mult_"):
        return rb.r_precision_at_multiple(relevance, R, float(measure.rsplit("_", 1)[1]), **t)
    if measure.startswith("relative_P_"):
        return rb.relative_precision_at_k(relevance, int(measure.rsplit("_", 1)[1]), R, **t)
    return {
        "infAP": lambda: rb.inferred_average_precision(relevance, R, **t),
        "utility": lambda: rb.utility(relevance, R, **t),
        "binG": lambda: rb.binary_normalized_gain(relevance, R, **t),
        "G": lambda: rb.normalized_gain(relevance, ideal),
        "ndcg_rel": lambda: rb.ndcg_averaged_over_relevant(relevance, ideal),
        "Rndcg": lambda: rb.ndcg_averaged_at_r_levels(relevance, ideal, **t),
        "set_relative_P": lambda: rb.relative_precision_at_k(relevance, None, R, **t),
        "set_F": lambda: rb.f_beta_at_k(relevance, None, R, beta_convention="trec_eval", **t),
    }[measure]()


def test_measure_parameters_as_out_test_meas_params():
    # out.test.meas_params (trec_eval 9.0.8's test/ folder, copied unchanged into
    # tests/data/trec_eval/): trec_eval -q -m Rprec_mult.5.0,0.2,0.35 -mutility.2,-1,0,0
    # -mndcg.1=3,2=9,4=4.5 ... qrels.test results.test. The parameters are printed sorted
    # (Rprec_mult) or as given (utility, the gain map).
    qrels, run = read_qrels("qrels.test"), read_run("results.test", None)
    expected = {(m, t): v for m, t, v in expected_lines("out.test.meas_params")
                if m.startswith(("Rprec_mult", "utility", "ndcg_1="))}
    assert len(expected) == 5 * 4  # five measures, three topics and the summary
    computed = {}
    for topic in run:
        judged = qrels[topic]
        relevance = [judged.get(doc) for doc in run[topic]]
        R = sum(1 for g in judged.values() if g >= 1)
        for m in (0.2, 0.35, 5.0):
            computed[f"Rprec_mult_{m:.2f}", topic] = rb.r_precision_at_multiple(relevance, R, m)
        computed["utility_2,-1,0,0", topic] = rb.utility(relevance, R, weights=(2, -1, 0, 0))
        computed["ndcg_1=3,2=9,4=4.5", topic] = rb.ndcg_at_k(
            relevance, ideal=list(judged.values()), gain_map={1: 3, 2: 9, 4: 4.5})
    for measure in {m for m, _ in computed}:
        computed[measure, "all"] = sum(computed[measure, t] for t in run) / len(run)
    assert {key: f"{value:.4f}" for key, value in computed.items()} == expected
