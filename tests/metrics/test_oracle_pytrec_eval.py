"""The core metrics against an independent oracle: pytrec_eval (trec_eval 9.x).

Random single-query cases: judged documents with grades -1..3 (negative grades
are trec_eval's "spam" judgments), some judged documents left unretrieved, and
some retrieved documents that nobody judged. Scores are distinct and
descending, so trec_eval's order is the run's order and no tie rule applies.
Every rankbook value must equal trec_eval's within 1e-12.
"""

from __future__ import annotations

import pytest
import pytrec_eval
from hypothesis import given, settings
from hypothesis import strategies as st

import rankbook as rb

CUTOFFS = (1, 2, 3, 5, 10, 20)
_CUT = ",".join(str(k) for k in CUTOFFS)
MEASURES = {f"P.{_CUT}", f"recall.{_CUT}", "Rprec", "map", f"map_cut.{_CUT}", "recip_rank",
            f"ndcg_cut.{_CUT}", f"success.{_CUT}"}


@st.composite
def single_query(draw):
    """(qrels grades by doc, ranked doc ids, relevance threshold)."""
    judged = draw(st.lists(st.integers(-1, 3), min_size=1, max_size=15))
    qrels = {f"j{i:02d}": grade for i, grade in enumerate(judged)}
    retrieved = draw(st.lists(st.sampled_from(sorted(qrels)), unique=True, max_size=len(qrels)))
    n_unjudged = draw(st.integers(0, 5))
    ranking = draw(st.permutations(retrieved + [f"u{i:02d}" for i in range(n_unjudged)]))
    threshold = draw(st.sampled_from([1, 2]))
    return qrels, list(ranking) or ["u99"], threshold

def trec_eval(qrels, ranking, threshold):
    """pytrec_eval's values for one query, the run's order given by distinct scores."""
    measures = set(MEASURES)
    # pytrec_eval 0.5's `ndcg` (not `ndcg_cut`) can loop forever on a query whose judged grades
    # are all negative; that case is left to test_ndcg_when_every_judgment_is_negative.
    if max(qrels.values()) >= 0:
        measures.add("ndcg")
    run = {doc: float(len(ranking) - position) for position, doc in enumerate(ranking)}
    evaluator = pytrec_eval.RelevanceEvaluator({"q": qrels}, measures, relevance_level=threshold)
    return evaluator.evaluate({"q": run})["q"]

def rankbook_values(qrels, ranking, threshold):
    """The same measures from rankbook's functions, named as trec_eval names them."""
    relevance = [qrels.get(doc) for doc in ranking]  # None = unjudged
    ideal = list(qrels.values())
    R = sum(grade >= threshold for grade in qrels.values())
    t = {"relevance_level": threshold}
    values = {
        "Rprec": rb.r_precision(relevance, R, **t),
        "map": rb.average_precision(relevance, R, **t),
        "recip_rank": rb.reciprocal_rank(relevance, **t),
        # trec_eval's -l threshold does not apply to nDCG (conventions.md).
        "ndcg": rb.ndcg_at_k(relevance, ideal=ideal),
    }
    for k in CUTOFFS:
        values[f"P_{k}"] = rb.precision_at_k(relevance, k, **t)
        values[f"recall_{k}"] = rb.recall_at_k(relevance, k, R, **t)
        values[f"map_cut_{k}"] = rb.average_precision(relevance, R, k=k, **t)
        values[f"ndcg_cut_{k}"] = rb.ndcg_at_k(relevance, k, ideal=ideal)
        values[f"success_{k}"] = rb.success_at_k(relevance, k, **t)
    return values

def assert_agree(qrels, ranking, threshold):
    expected = trec_eval(qrels, ranking, threshold)
    computed = rankbook_values(qrels, ranking, threshold)
    assert set(expected) <= set(computed)
    for name, value in expected.items():
        assert computed[name] == pytest.approx(value, abs=1e-12), (name, qrels, ranking, threshold)

@pytest.mark.slow  # pytrec_eval on every generated case
@settings(max_examples=200, deadline=None)
@given(single_query())
def test_core_metrics_equal_trec_eval(case):
    assert_agree(*case)

def test_a_fixed_case_with_every_kind_of_document():
    # Graded, negative, unjudged and unretrieved-relevant documents in one query.
    qrels = {"a": 2, "b": 0, "c": 1, "d": -1, "e": 3, "f": 1}
    ranking = ["a", "b", "x", "c", "d"]  # e and f relevant but not retrieved; x unjudged
    for threshold in (1, 2):
        assert_agree(qrels, ranking, threshold)

def test_ndcg_when_every_judgment_is_negative():
    # No judged document has a positive gain, so IDCG = 0 and nDCG is 0 by definition
    # (trec_eval's ndcg_cut agrees; see trec_eval() above for why `ndcg` is not asked).
    qrels = {"a": -1, "b": -1}
    assert_agree(qrels, ["a", "x", "b"], 1)
    assert rb.ndcg_at_k([-1, None, -1], ideal=[-1, -1]) == 0.0
