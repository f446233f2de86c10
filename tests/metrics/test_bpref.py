"""bpref (rankbook.metrics.bpref) against trec_eval 9.x, run through pytrec_eval.

The oracle: thousands of random queries with judged grades -1..3 (trec_eval
reads a negative grade as "in the pool but unjudged"), judged documents left
unretrieved, and retrieved documents missing from the qrels (unjudged, None in
rankbook). Scores are distinct and descending, so trec_eval ranks the run in
its given order. Hand-worked cases use exact fractions of the formula in
trec_eval's m_bpref.c: (1/R) sum over retrieved relevant of
(1 - min(n_r, R) / min(N, R)).
"""

from __future__ import annotations

import random
from pathlib import Path
from fractions import Fraction as F

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rankbook import InvalidTypeError, InvalidValueError, bpref

import pytrec_eval  # noqa: E402  (a pinned test dependency: never skipped)


def random_query(rng: random.Random):
    """(qrels: doc -> grade, ranking: doc ids, rank 1 first)."""
    n_judged = rng.randint(1, 12)
    qrels = {f"j{i:02d}": rng.choice([-1, 0, 0, 0, 1, 1, 2, 3]) for i in range(n_judged)}
    retrieved = rng.sample(sorted(qrels), rng.randint(0, n_judged))
    ranking = retrieved + [f"u{i:02d}" for i in range(rng.randint(0, 5))]
    rng.shuffle(ranking)
    return qrels, ranking or ["u99"]


def rankbook_bpref(qrels, ranking, threshold):
    relevance = [qrels.get(doc) for doc in ranking]  # None: not in the qrels
    R = sum(1 for g in qrels.values() if g >= threshold)
    N = sum(1 for g in qrels.values() if 0 <= g < threshold)
    return bpref(relevance, R, N, relevance_level=threshold)


@pytest.mark.parametrize("threshold", [1, 2, 3])
def test_matches_pytrec_eval_on_3000_random_queries(threshold):
    rng = random.Random(20240 + threshold)
    queries = {f"q{i:04d}": random_query(rng) for i in range(3000)}
    qrels = {q: judged for q, (judged, _) in queries.items()}
    run = {q: {doc: float(len(ranking) - i) for i, doc in enumerate(ranking)}
           for q, (_, ranking) in queries.items()}
    evaluator = pytrec_eval.RelevanceEvaluator(qrels, {"bpref"}, relevance_level=threshold)
    expected = evaluator.evaluate(run)
    assert len(expected) == len(queries)
    for q, (judged, ranking) in queries.items():
        assert rankbook_bpref(judged, ranking, threshold) == pytest.approx(
            expected[q]["bpref"], abs=1e-12), (q, judged, ranking)


@settings(max_examples=150, deadline=None)
@given(st.randoms(use_true_random=False), st.sampled_from([1, 2]))
def test_matches_pytrec_eval_hypothesis(rng, threshold):
    judged, ranking = random_query(rng)
    run = {doc: float(len(ranking) - i) for i, doc in enumerate(ranking)}
    evaluator = pytrec_eval.RelevanceEvaluator({"q": judged}, {"bpref"}, relevance_level=threshold)
    expected = evaluator.evaluate({"q": run})["q"]["bpref"]
    assert rankbook_bpref(judged, ranking, threshold) == pytest.approx(expected, abs=1e-12)


def test_hand_worked_example():
    # R = 4, N = 4: relevant at ranks 1, 4, 6 with 0, 1, 2 judged non-relevant above
    # (the unjudged document at rank 3 does not count): (1 + 3/4 + 1/2) / 4 = 9/16.
    assert bpref([1, 0, None, 1, 0, 1], 4, 4) == float(F(9, 16))


def test_min_caps_with_small_R():
    # R = 1, N = 5: min(N, R) = 1, and min(n_r, R) caps the count at 1.
    assert bpref([0, 0, 1], 1, 5) == 0.0
    # R = 2, N = 1: denominator min(1, 2) = 1; relevant at 1 (n=0) and 3 (n=1): (1 + 0) / 2.
    assert bpref([1, 0, 1], 2, 1) == 0.5


def test_unjudged_documents_are_skipped_not_counted_as_non_relevant():
    assert bpref([None, None, 1], 1, 3) == 1.0
    assert bpref([0, None, 1], 1, 3) == 0.0
    # Negative grades are trec_eval's "in the pool but unjudged": skipped as well.
    assert bpref([-1, 1], 1, 1) == 1.0


def test_edge_cases_R_0_and_N_0():
    assert bpref([0, None, 0], 0, 2) == 0.0  # R = 0
    assert bpref([], 0, 0) == 0.0
    # N = 0: no judged non-relevant document can be above; each retrieved relevant adds 1.
    assert bpref([None, 1, None, 1], 3, 0) == float(F(2, 3))


def test_threshold():
    # Threshold 2: grade 1 is judged non-relevant. R = 2, N = 2; the relevant document at
    # rank 2 has one judged non-relevant above it: (1 - 1/2) / 2 = 1/4.
    assert bpref([1, 2, 0], 2, 2, relevance_level=2) == float(F(1, 4))


@settings(max_examples=150, deadline=None)
@given(st.lists(st.sampled_from([0, 1, None]), max_size=20), st.integers(0, 3), st.integers(0, 3))
def test_range_and_perfect_ranking(relevance, extra_R, extra_N):
    R = relevance.count(1) + extra_R
    N = relevance.count(0) + extra_N
    assert 0 <= bpref(relevance, R, N) <= 1
    if R:
        perfect = [1] * R + [None, 0] * N
        assert bpref(perfect, R, N) == 1.0


@settings(max_examples=150, deadline=None)
@given(st.lists(st.sampled_from([0, 1, None]), max_size=20), st.integers(0, 5))
def test_unjudged_documents_anywhere_do_not_change_bpref(relevance, position):
    R, N = relevance.count(1) + 1, relevance.count(0) + 1
    position = min(position, len(relevance))
    with_unjudged = relevance[:position] + [None, None] + relevance[position:]
    assert bpref(with_unjudged, R, N) == bpref(relevance, R, N)


def test_errors():
    with pytest.raises(InvalidValueError, match="bpref needs n_relevant"):
        bpref([1, 0], None, 1)
    with pytest.raises(InvalidValueError, match="bpref needs n_nonrelevant"):
        bpref([1, 0], 1, None)
    with pytest.raises(InvalidValueError, match="smaller than the 2 judged relevant"):
        bpref([1, 1], 1, 0)
    with pytest.raises(InvalidValueError, match="smaller than the 2 judged non-relevant"):
        bpref([0, 0, None], 1, 1)
    with pytest.raises(InvalidTypeError, match="whole number"):
        bpref([1], 1.5, 0)
    with pytest.raises(InvalidValueError, match="None for a document"):
        bpref([1, float("nan")], 1, 1)


# --- trec_eval 9.x's own regression output ---------------------------------------------------

TREC_EVAL_DATA = Path(__file__).resolve().parents[1] / "data" / "trec_eval"
if not TREC_EVAL_DATA.exists():  # the copy kept in the repository, if any
    TREC_EVAL_DATA = Path(__file__).resolve().parents[1] / "data" / "trec_eval"


def _trec_eval_topics(qrels_file: str, run_file: str):
    """Per topic: (qrels grade by doc, doc ids in trec_eval's order: score desc, docno desc)."""
    qrels: dict = {}
    for line in (TREC_EVAL_DATA / qrels_file).read_text().splitlines():
        if line.strip():
            topic, _, doc, grade = line.split()
            qrels.setdefault(topic, {})[doc] = int(grade)
    runs: dict = {}
    for line in (TREC_EVAL_DATA / run_file).read_text().splitlines():
        if line.strip():
            topic, _, doc, _, score = line.split()[:5]  # trec_eval ignores text after the run id
            runs.setdefault(topic, []).append((float(score), doc))
    order = {t: [doc for _, doc in sorted(rows, reverse=True)] for t, rows in runs.items()}
    return qrels, order


@pytest.mark.parametrize("qrels_file, run_file, threshold, expected", [
    # out.test.aq: trec_eval -m all_trec -q qrels.test results.test
    ("qrels.test", "results.test", 1, {"301": 0.1230, "302": 0.4712, "303": 0.0000}),
    # out.test.aql: trec_eval ... -q -l2 qrels.rel_level results.test
    ("qrels.rel_level", "results.test", 2, {"301": 0.0000, "302": 0.4712, "303": 0.0000}),
    # out.test.aqc: trec_eval ... -q -c qrels.test results.trunc (topic 302 not in the run)
    ("qrels.test", "results.trunc", 1, {"301": 0.1230, "303": 0.3300}),
])
def test_trec_eval_regression_output(qrels_file, run_file, threshold, expected):
    qrels, order = _trec_eval_topics(qrels_file, run_file)
    for topic, value in expected.items():
        assert round(rankbook_bpref(qrels[topic], order[topic], threshold), 4) == value, topic
