"""trec_eval 9.x's remaining measures against an independent oracle: pytrec_eval.

pytrec_eval (pytrec-eval-terrier 0.5.11) embeds trec_eval 9.0.8's C code and computes every
measure of its ``all_trec`` set. Its Python wrapper accepts only numeric parameters in sorted
order, so the tests call the C extension (``pytrec_eval_ext.RelevanceEvaluator``) with
trec_eval's own measure strings, such as ``ndcg.1=3,2=9`` and ``utility.2,-1,0,0``.

Random queries: judged grades -1..3 (a negative grade is trec_eval's "in the pool but not
judged"), judged documents left unretrieved, and retrieved documents missing from the qrels
(``None`` in rankbook). Scores are distinct and descending, so trec_eval's order is the run's
order. Each query's expected values come from pytrec_eval; rankbook's function gets the same
query's grades in that order. Every value must agree within 1e-12.
"""

from __future__ import annotations

import math
import random

import pytest
from pytrec_eval_ext import RelevanceEvaluator

import rankbook as rb

N_QUERIES = 600


def random_queries(seed: int, n: int = N_QUERIES, grades=(-1, 0, 0, 0, 1, 1, 2, 3)):
    """{query: (qrels grade by doc, ranked doc ids)}; every query has a grade >= 0.

    (pytrec_eval 0.5's gain measures can loop forever on a query whose judged grades are all
    negative; tests/metrics/test_oracle_pytrec_eval.py says the same of its ndcg.)
    """
    rng = random.Random(seed)
    queries = {}
    for q in range(n):
        n_judged = rng.randint(1, 14)
        qrels = {f"j{i:02d}": rng.choice(grades) for i in range(n_judged)}
        qrels["j99"] = rng.choice([g for g in grades if g >= 0])
        retrieved = rng.sample(sorted(qrels), rng.randint(0, len(qrels)))
        ranking = retrieved + [f"u{i:02d}" for i in range(rng.randint(0, 5))]
        rng.shuffle(ranking)
        queries[f"q{q:04d}"] = (qrels, ranking or ["u99"])
    return queries


def pytrec(queries, measure: str, relevance_level: int = 1, judged_only: bool = False):
    """{query: {trec_eval's output name: value}} for one measure string."""
    qrels = {q: judged for q, (judged, _) in queries.items()}
    run = {q: {doc: float(len(ranking) - i) for i, doc in enumerate(ranking)}
           for q, (_, ranking) in queries.items()}
    evaluator = RelevanceEvaluator(query_relevance=qrels, measures={measure},
                                   relevance_level=relevance_level,
                                   judged_docs_only_flag=judged_only)
    result = evaluator.evaluate(run)
    assert len(result) == len(queries)
    return result


def per_query(queries, threshold):
    """(query, grades in rank order, every judged grade, R) for each query."""
    for q, (qrels, ranking) in queries.items():
        relevance = [qrels.get(doc) for doc in ranking]
        R = sum(1 for g in qrels.values() if g >= threshold)
        yield q, relevance, list(qrels.values()), R


def check(expected, computed, name, context):
    assert computed == pytest.approx(expected, abs=1e-12), (name, context)


@pytest.mark.parametrize("threshold", [1, 2])
def test_infap(threshold):
    queries = random_queries(100 + threshold)
    expected = pytrec(queries, "infAP", threshold)
    for q, relevance, _, R in per_query(queries, threshold):
        value = rb.inferred_average_precision(relevance, R, relevance_level=threshold)
        check(expected[q]["infAP"], value, "infAP", queries[q])


@pytest.mark.parametrize("threshold", [1, 2])
def test_rprec_mult_at_trec_evals_default_multiples(threshold):
    queries = random_queries(200 + threshold)
    expected = pytrec(queries, "Rprec_mult", threshold)
    multiples = (0.2, 0.4, 0.6, 0.8, 1.0, 1.2, 1.4, 1.6, 1.8, 2.0)
    for q, relevance, _, R in per_query(queries, threshold):
        assert len(expected[q]) == len(multiples)
        for m in multiples:
            value = rb.r_precision_at_multiple(relevance, R, m, relevance_level=threshold)
            check(expected[q][f"Rprec_mult_{m:.2f}"], value, m, queries[q])


def test_rprec_mult_at_one_is_r_precision():
    queries = random_queries(250, n=200)
    for _, relevance, _, R in per_query(queries, 1):
        assert rb.r_precision_at_multiple(relevance, R, 1.0) == rb.r_precision(relevance, R)


@pytest.mark.parametrize("params, weights", [
    ("1,-1,0,0", (1, -1, 0, 0)),
    ("2,-1,-0.5,0", (2, -1, -0.5, 0)),
    ("3,-2,1,0.25", (3, -2, 1, 0.25)),
])
def test_utility(params, weights):
    # -N (the collection size) is 0 in pytrec_eval, so d = a - n - R there.
    queries = random_queries(300)
    expected = pytrec(queries, f"utility.{params}")
    for q, relevance, _, R in per_query(queries, 1):
        value = rb.utility(relevance, R, weights=weights)
        check(expected[q]["utility"], value, params, queries[q])


@pytest.mark.parametrize("threshold", [1, 2])
def test_bing(threshold):
    queries = random_queries(400 + threshold)
    expected = pytrec(queries, "binG", threshold)
    for q, relevance, _, R in per_query(queries, threshold):
        value = rb.binary_normalized_gain(relevance, R, relevance_level=threshold)
        check(expected[q]["binG"], value, "binG", queries[q])


# Gain maps whose gains differ by 0 or by at least 1: trec_eval compares two gains by their
# difference truncated to an integer, so closer gains could be put in either order.
GAIN_MAPS = [
    ("", None),
    (".1=3,2=9", {1: 3, 2: 9}),
    (".0=-1,2=5,3=1", {0: -1, 2: 5, 3: 1}),
    (".1=0,3=7.5", {1: 0, 3: 7.5}),
]


@pytest.mark.parametrize("suffix, gain_map", GAIN_MAPS)
@pytest.mark.parametrize("name, function", [
    ("G", rb.normalized_gain),
    ("ndcg_rel", rb.ndcg_averaged_over_relevant),
    ("Rndcg", rb.ndcg_averaged_at_r_levels),
    ("ndcg", lambda relevance, ideal, gain_map: rb.ndcg_at_k(relevance, ideal=ideal,
                                                              gain_map=gain_map)),
])
def test_gain_measures_with_and_without_a_gain_map(name, function, suffix, gain_map):
    queries = random_queries(500 + len(suffix))
    expected = pytrec(queries, name + suffix)
    nan_cases = 0
    for q, relevance, ideal, _ in per_query(queries, 1):
        value = function(relevance, ideal, gain_map=gain_map)
        if name == "Rndcg" and math.isnan(expected[q][name]):
            # trec_eval divides 0 by 0 when a topic has relevant documents but no positive
            # gain (here: grade 1 mapped to 0); rankbook documents 0.0 for that case.
            assert value == 0.0 and not any((gain_map or {}).get(g, g) > 0 for g in ideal if g >= 0)
            nan_cases += 1
            continue
        check(expected[q][name], value, name + suffix, queries[q])
    assert nan_cases < len(queries) / 5  # most queries still compare a number


def test_rndcg_with_a_higher_relevance_level():
    # The level only decides Rndcg's "no relevant document" case (value 0).
    queries = random_queries(550)
    expected = pytrec(queries, "Rndcg", 3)
    for q, relevance, ideal, _ in per_query(queries, 3):
        value = rb.ndcg_averaged_at_r_levels(relevance, ideal, relevance_level=3)
        check(expected[q]["Rndcg"], value, "Rndcg -l3", queries[q])


@pytest.mark.parametrize("threshold", [1, 2])
def test_relative_precision_at_trec_evals_default_cutoffs(threshold):
    queries = random_queries(600 + threshold)
    expected = pytrec(queries, "relative_P", threshold)
    set_expected = pytrec(queries, "set_relative_P", threshold)
    cutoffs = (5, 10, 15, 20, 30, 100, 200, 500, 1000)
    for q, relevance, _, R in per_query(queries, threshold):
        for k in cutoffs:
            value = rb.relative_precision_at_k(relevance, k, R, relevance_level=threshold)
            check(expected[q][f"relative_P_{k}"], value, k, queries[q])
        value = rb.relative_precision_at_k(relevance, None, R, relevance_level=threshold)
        check(set_expected[q]["set_relative_P"], value, "set_relative_P", queries[q])


def test_relative_precision_at_small_cutoffs():
    queries = random_queries(650)
    expected = pytrec(queries, "relative_P.1,2,3,4")
    for q, relevance, _, R in per_query(queries, 1):
        for k in (1, 2, 3, 4):
            check(expected[q][f"relative_P_{k}"], rb.relative_precision_at_k(relevance, k, R),
                  k, queries[q])


@pytest.mark.parametrize("threshold", [1, 2])
def test_num_nonrel_judged_ret(threshold):
    queries = random_queries(700 + threshold)
    expected = pytrec(queries, "num_nonrel_judged_ret", threshold)
    for q, relevance, _, _ in per_query(queries, threshold):
        value = rb.judged_nonrelevant_retrieved(relevance, relevance_level=threshold)
        assert isinstance(value, int)
        assert value == expected[q]["num_nonrel_judged_ret"], queries[q]


@pytest.mark.parametrize("x", [1.0, 0.5, 2.0, 3.0])
def test_set_f_with_trec_evals_parameter(x):
    queries = random_queries(800 + int(10 * x))
    expected = pytrec(queries, f"set_F.{x}")
    for q, relevance, _, R in per_query(queries, 1):
        value = rb.f_beta_at_k(relevance, None, R, beta=x, beta_convention="trec_eval")
        check(expected[q]["set_F"], value, x, queries[q])
        # The textbook beta is the square root of trec_eval's x.
        textbook = rb.f_beta_at_k(relevance, None, R, beta=math.sqrt(x))
        assert textbook == pytest.approx(value, abs=1e-12)


def test_set_f_under_a_cutoff_is_precision_denominator_retrieved():
    # trec_eval -M k keeps the first k documents: pytrec_eval has no -M, so the run is cut.
    queries = random_queries(850)
    for k in (1, 3, 5):
        cut = {q: (judged, ranking[:k]) for q, (judged, ranking) in queries.items()}
        expected = pytrec(cut, "set_F")
        for q, relevance, _, R in per_query(queries, 1):
            value = rb.f_beta_at_k(relevance, k, R, precision_denominator="retrieved")
            check(expected[q]["set_F"], value, k, queries[q])


def test_f_beta_at_one_is_f1_at_k():
    queries = random_queries(870, n=200)
    for _, relevance, _, R in per_query(queries, 1):
        for k in (1, 2, 5, 10):
            assert rb.f_beta_at_k(relevance, k, R) == pytest.approx(rb.f1_at_k(relevance, k, R),
                                                                    abs=1e-15)


@pytest.mark.parametrize("k", [1, 2, 3, 5, 10])
def test_rr_at_k_is_recip_rank_on_the_run_cut_at_k(k):
    # RR@k (ir_measures' RR@10, ranx's mrr@10) is trec_eval's recip_rank with -M k.
    queries = random_queries(900 + k)
    cut = {q: (judged, ranking[:k]) for q, (judged, ranking) in queries.items()}
    expected = pytrec(cut, "recip_rank")
    for q, relevance, _, _ in per_query(queries, 1):
        check(expected[q]["recip_rank"], rb.reciprocal_rank(relevance, k=k), k, queries[q])


@pytest.mark.parametrize("measure, compute", [
    ("P_5", lambda rel, R: rb.precision_at_k(rel, 5)),
    ("P_10", lambda rel, R: rb.precision_at_k(rel, 10)),
    ("map", lambda rel, R: rb.average_precision(rel, R)),
    ("recip_rank", lambda rel, R: rb.reciprocal_rank(rel)),
    ("Rprec", lambda rel, R: rb.r_precision(rel, R)),
    ("set_F", lambda rel, R: rb.f_beta_at_k(rel, None, R)),
])
def test_judged_only_is_trec_evals_minus_j(measure, compute):
    queries = random_queries(950)
    base = measure.split("_")[0] if measure.startswith("P_") else measure
    name = f"{base}.5,10" if base == "P" else base
    expected = pytrec(queries, name, judged_only=True)
    for q, relevance, _, R in per_query(queries, 1):
        value = compute(rb.judged_only(relevance), R)
        check(expected[q][measure], value, measure, queries[q])


def test_bpref_per_query_log_is_gm_bprefs_term():
    # gm_bpref: per query, trec_eval stores log(max(bpref, 1e-5)); its summary is exp(mean).
    queries = random_queries(990)
    expected = pytrec(queries, "gm_bpref")
    for q, (qrels, ranking) in queries.items():
        relevance = [qrels.get(doc) for doc in ranking]
        R = sum(1 for g in qrels.values() if g >= 1)
        N = sum(1 for g in qrels.values() if 0 <= g < 1)
        term = math.log(max(rb.bpref(relevance, R, N), 1e-5))
        check(expected[q]["gm_bpref"], term, "gm_bpref", queries[q])
