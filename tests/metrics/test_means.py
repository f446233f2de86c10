"""MAP, MRR and GMAP, the means over queries (rankbook.metrics.means).

Expected values: the lecture seed's MAP example (the slides "Common information
retrieval evaluation metrics": 1/3 (1/1 + 2/3 + 3/5) ~ 0.76, exactly 34/45); exact fractions worked by hand;
trec_eval 9.x's regression output (tests/data/trec_eval/out.test: map
0.1785, gm_map 0.1051, recip_rank 0.4064); and pytrec_eval's per-query values
on random queries, averaged here by the textbook formulas.
"""

from __future__ import annotations

import math
from fractions import Fraction as F
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rankbook as rb
import rankbook.metrics.means as means
from rankbook import InvalidTypeError, InvalidValueError

import pytrec_eval  # noqa: E402  (a pinned test dependency: never skipped)



def close(value, expected) -> bool:
    return value == pytest.approx(float(expected), rel=1e-12, abs=1e-15)


# --- published and hand-derived values ----------------------------------------------------

def test_lecture_map_example():
    # Lecture seed: relevant at ranks 1, 3, 5 of one query with three relevant documents.
    value = rb.mean_average_precision([[1, 0, 1, 0, 1]], [3])
    assert close(value, F(1, 3) * (F(1, 1) + F(2, 3) + F(3, 5)))
    assert F(1, 3) * (F(1, 1) + F(2, 3) + F(3, 5)) == F(34, 45)
    assert round(value, 2) == 0.76 and round(value, 6) == 0.755556


def test_each_query_counts_once():
    # AP 1 (one relevant at rank 1) and AP 1/10 (one relevant at rank 10): the long list
    # does not weigh more. (1 + 1/10) / 2 = 11/20.
    rankings = [[1], [0] * 9 + [1] + [0] * 90]
    assert close(rb.mean_average_precision(rankings, [1, 1]), F(11, 20))
    assert close(rb.mean_reciprocal_rank(rankings), F(11, 20))


def test_mrr_of_three_queries():
    # First relevant at ranks 1, 2, 4: (1 + 1/2 + 1/4) / 3 = 7/12.
    assert close(rb.mean_reciprocal_rank([[1, 0], [0, 1, 1], [0, 0, 0, 1]]), F(7, 12))
    # A query with nothing relevant contributes 0: (1 + 0) / 2.
    assert close(rb.mean_reciprocal_rank([[1], [0, 0]]), F(1, 2))
    # With a cut-off k = 2 the rank-4 query drops to 0: (1 + 1/2 + 0) / 3 = 1/2.
    assert close(rb.mean_reciprocal_rank([[1, 0], [0, 1, 1], [0, 0, 0, 1]], k=2), F(1, 2))


def test_query_with_no_relevant_documents_contributes_zero():
    # trec_eval keeps an R = 0 topic in the mean with AP 0: (1 + 0) / 2.
    assert close(rb.mean_average_precision([[1, 0], [0, 0]], [1, 0]), F(1, 2))
    # An empty ranking (trec_eval -c: a qrels topic missing from the run) also scores 0.
    assert close(rb.mean_average_precision([[1], []], [1, 4]), F(1, 2))


def test_gmap_hand_values():
    # AP 1/2 and 1/8: sqrt(1/16) = 1/4.
    assert close(rb.geometric_mean_average_precision([[1, 0], [0] * 7 + [1]], [2, 1]), 0.25)
    # AP 0 counts as trec_eval's MIN_GEO_MEAN = 1e-5: sqrt(1 * 1e-5).
    assert close(rb.geometric_mean_average_precision([[1], [0]], [1, 1]), math.sqrt(1e-5))
    # AP below the floor is raised to it too: AP = 1/200000 = 5e-6 -> 1e-5.
    tiny = [0] * 199_999 + [1]
    assert close(rb.geometric_mean_average_precision([[1], tiny], [1, 1]), math.sqrt(1e-5))
    # ... and a different floor can be chosen.
    assert close(rb.geometric_mean_average_precision([[1], [0]], [1, 1], floor=1e-2), 0.1)


def test_k_and_denominator_are_passed_to_every_query():
    rankings = [[1, 0, 1, 1], [0, 1]]
    # AP@2 over R: (1/1)/3 and (1/2)/1 -> (1/3 + 1/2) / 2 = 5/12.
    assert close(rb.mean_average_precision(rankings, [3, 1], k=2), F(5, 12))
    # Over the relevant retrieved: (1 + 2/3 + 3/4)/3 = 29/36 and 1/2 -> (29/36 + 1/2)/2 = 47/72.
    assert close(rb.mean_average_precision(rankings, None, denominator="retrieved_relevant"),
                 F(47, 72))
    assert close(rb.geometric_mean_average_precision(rankings, None,
                                                     denominator="retrieved_relevant"),
                 math.sqrt(29 / 36 * 1 / 2))


def test_means_call_the_single_query_functions(monkeypatch):
    # One definition of AP and RR: the means must call average_precision / reciprocal_rank.
    calls = []

    def spy(function):
        def wrapped(*args, **kwargs):
            calls.append(function.__name__)
            return function(*args, **kwargs)
        return wrapped

    monkeypatch.setattr(means, "average_precision", spy(means.average_precision))
    monkeypatch.setattr(means, "reciprocal_rank", spy(means.reciprocal_rank))
    rb.mean_average_precision([[1], [0, 1]], [1, 1])
    rb.geometric_mean_average_precision([[1], [0, 1]], [1, 1])
    rb.mean_reciprocal_rank([[1], [0, 1], [0]])
    assert calls == ["average_precision"] * 4 + ["reciprocal_rank"] * 3


# --- trec_eval's own regression output ---------------------------------------------------

def test_trec_eval_out_test_map_gm_map_recip_rank(trec_eval_test_topics):
    _, rankings, R = trec_eval_test_topics
    # out.test: map 0.1785, gm_map 0.1051, recip_rank 0.4064 (num_q 3).
    assert f"{rb.mean_average_precision(rankings, R):.4f}" == "0.1785"
    assert f"{rb.geometric_mean_average_precision(rankings, R):.4f}" == "0.1051"
    assert f"{rb.mean_reciprocal_rank(rankings):.4f}" == "0.4064"


# --- pytrec_eval as an oracle ---------------------------------------------------------------

@st.composite
def query_set(draw):
    """Several queries: (grades of the ranking, relevant documents left unretrieved)."""
    queries = []
    for _ in range(draw(st.integers(1, 8))):
        grades = draw(st.lists(st.sampled_from([0, 0, 1, 2]), min_size=1, max_size=25))
        queries.append((grades, draw(st.integers(0, 5))))
    return queries


def _pytrec_eval(queries):
    qrels, run = {}, {}
    for q, (grades, missing) in enumerate(queries):
        qrels[f"q{q}"] = {f"d{i:02d}": g for i, g in enumerate(grades)}
        qrels[f"q{q}"].update({f"m{i:02d}": 1 for i in range(missing)})
        run[f"q{q}"] = {f"d{i:02d}": float(len(grades) - i) for i in range(len(grades))}
    evaluator = pytrec_eval.RelevanceEvaluator(qrels, {"map", "gm_map", "recip_rank"})
    results = evaluator.evaluate(run)
    return [results[f"q{q}"] for q in range(len(queries))]


@settings(max_examples=150, deadline=None)
@given(query_set())
def test_equal_to_the_means_of_pytrec_eval_per_query_values(queries):
    te = _pytrec_eval(queries)
    rankings = [grades for grades, _ in queries]
    R = [sum(g >= 1 for g in grades) + missing for grades, missing in queries]
    Q = len(queries)

    assert close(rb.mean_average_precision(rankings, R), sum(v["map"] for v in te) / Q)
    assert close(rb.mean_reciprocal_rank(rankings), sum(v["recip_rank"] for v in te) / Q)
    # pytrec_eval's per-query gm_map is log(max(AP, 1e-5)); trec_eval's summary is exp of
    # their mean. The same from pytrec_eval's map by the geometric-mean formula:
    gmap = rb.geometric_mean_average_precision(rankings, R)
    assert close(gmap, math.exp(sum(v["gm_map"] for v in te) / Q))
    assert close(gmap, math.prod(max(v["map"], 1e-5) for v in te) ** (1 / Q))


# --- properties -------------------------------------------------------------------------------

@settings(max_examples=150, deadline=None)
@given(query_set(), st.randoms(use_true_random=False))
def test_ranges_order_of_queries_and_mean_inequality(queries, random):
    rankings = [grades for grades, _ in queries]
    R = [sum(g >= 1 for g in grades) + missing for grades, missing in queries]
    map_ = rb.mean_average_precision(rankings, R)
    gmap = rb.geometric_mean_average_precision(rankings, R)
    mrr = rb.mean_reciprocal_rank(rankings)
    assert 0 <= map_ <= 1 and 0 <= mrr <= 1
    # exp(log(1e-5)) is 9.999999999999997e-06 in doubles (in trec_eval too): allow rounding.
    assert 1e-5 * (1 - 1e-12) <= gmap <= 1 + 1e-12
    # Geometric <= arithmetic mean, of the floored APs.
    floored = [max(rb.average_precision(r, n), 1e-5) for r, n in zip(rankings, R)]
    assert gmap <= sum(floored) / len(floored) + 1e-12
    # The order of the queries does not matter.
    order = list(range(len(rankings)))
    random.shuffle(order)
    assert close(rb.mean_average_precision([rankings[i] for i in order], [R[i] for i in order]),
                 map_)


@settings(max_examples=100, deadline=None)
@given(st.lists(st.tuples(st.integers(1, 10), st.integers(0, 10)), min_size=1, max_size=6))
def test_perfect_rankings_score_one(shapes):
    rankings = [[1] * R + [0] * tail for R, tail in shapes]
    R = [R for R, _ in shapes]
    assert rb.mean_average_precision(rankings, R) == 1.0
    assert rb.mean_reciprocal_rank(rankings) == 1.0
    assert close(rb.geometric_mean_average_precision(rankings, R), 1.0)


@settings(max_examples=100, deadline=None)
@given(query_set())
def test_appending_non_relevant_documents_changes_nothing(queries):
    rankings = [grades for grades, _ in queries]
    longer = [[*grades, 0] for grades in rankings]
    R = [sum(g >= 1 for g in grades) + missing for grades, missing in queries]
    assert rb.mean_average_precision(longer, R) == rb.mean_average_precision(rankings, R)
    assert rb.mean_reciprocal_rank(longer) == rb.mean_reciprocal_rank(rankings)


# --- bad input ------------------------------------------------------------------------------

@pytest.mark.parametrize("function", [rb.mean_average_precision,
                                      rb.geometric_mean_average_precision])
def test_bad_input_for_the_ap_means(function):
    with pytest.raises(InvalidValueError, match="no queries"):
        function([], [])
    with pytest.raises(InvalidValueError, match="one n_relevant per query"):
        function([[1, 0], [1]], [1])
    with pytest.raises(InvalidTypeError, match=r"rankings=\[\[1, 0, 1\]\]"):
        function([1, 0, 1], [2])
    with pytest.raises(InvalidTypeError, match="mapping"):
        function({"q1": [1]}, [1])
    with pytest.raises(InvalidTypeError, match="one value per query"):
        function([[1, 0, 1]], 2)
    # An error inside one query names the query.
    with pytest.raises(InvalidValueError, match=r"query 1 \(rankings\[1\]\).*n_relevant=0"):
        function([[1], [1, 1]], [1, 0])
    with pytest.raises(InvalidValueError, match="query 0.*n_relevant"):
        function([[1]], [None])


def test_bad_input_for_mrr_and_gmap_floor():
    with pytest.raises(InvalidValueError, match="no queries"):
        rb.mean_reciprocal_rank([])
    with pytest.raises(InvalidTypeError, match="rankings"):
        rb.mean_reciprocal_rank("1010")
    with pytest.raises(InvalidTypeError, match="query 0"):
        rb.mean_reciprocal_rank([["a", "b"]])
    for floor in (0, -1e-5, float("nan")):
        with pytest.raises(InvalidValueError, match="floor"):
            rb.geometric_mean_average_precision([[1]], [1], floor=floor)
    with pytest.raises(InvalidTypeError, match="floor"):
        rb.geometric_mean_average_precision([[1]], [1], floor="1e-5")


def test_result_is_a_float_for_every_container():
    for container in (list, tuple, np.array):
        rankings = [container([1, 0, 1]), container([0, 1])]
        assert type(rb.mean_average_precision(rankings, [2, 1])) is float
        assert type(rb.mean_reciprocal_rank(rankings)) is float
        assert type(rb.geometric_mean_average_precision(rankings, [2, 1])) is float
    # A 2-D array is a set of equal-length rankings, one per row.
    assert close(rb.mean_reciprocal_rank(np.array([[1, 0], [0, 1]])), F(3, 4))
