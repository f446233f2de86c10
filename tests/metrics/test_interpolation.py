"""The precision-recall curve, interpolated precision and the 11-point average
(rankbook.metrics.interpolation).

Expected values: exact fractions worked by hand (comments show the arithmetic);
trec_eval 9.x's own regression output (tests/data/trec_eval/out.test,
out.test.aq); and pytrec_eval (which bundles trec_eval 9.x) as an oracle on
thousands of random rankings, compared for exact equality of the doubles.
"""

from __future__ import annotations

from fractions import Fraction as F
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rankbook as rb
from rankbook import InvalidTypeError, InvalidValueError
from rankbook.metrics.interpolation import ELEVEN_RECALL_LEVELS

import pytrec_eval  # noqa: E402  (a pinned test dependency: never skipped)

TREC_EVAL_DATA = Path(__file__).resolve().parents[1] / "data" / "trec_eval"

LECTURE = [1, 0, 1, 0, 1]  # lecture seed (004): relevant at ranks 1, 3, 5; R = 3
IPREC_NAMES = [f"iprec_at_recall_{level:.2f}" for level in ELEVEN_RECALL_LEVELS]


def exact(values):
    return [float(v) for v in values]


# --- precision_recall_curve ---------------------------------------------------------------

def test_curve_of_the_lecture_example():
    recall, precision = rb.precision_recall_curve(LECTURE, 3)
    # found after each rank: 1, 1, 2, 2, 3
    assert recall.tolist() == exact([F(1, 3), F(1, 3), F(2, 3), F(2, 3), F(1)])
    assert precision.tolist() == exact([F(1), F(1, 2), F(2, 3), F(2, 4), F(3, 5)])


def test_curve_with_unretrieved_relevant_documents_ends_below_recall_one():
    recall, precision = rb.precision_recall_curve([0, 1, None, 1], 5)
    assert recall.tolist() == exact([0, F(1, 5), F(1, 5), F(2, 5)])
    assert precision.tolist() == exact([0, F(1, 2), F(1, 3), F(2, 4)])


def test_curve_edge_cases():
    recall, precision = rb.precision_recall_curve([0, 0], 0)
    assert recall.tolist() == [0.0, 0.0] and precision.tolist() == [0.0, 0.0]
    recall, precision = rb.precision_recall_curve([], 2)
    assert recall.shape == (0,) and precision.shape == (0,)


def test_curve_threshold():
    recall, precision = rb.precision_recall_curve([2, 1, 3], 2, relevance_level=2)
    assert recall.tolist() == exact([F(1, 2), F(1, 2), F(1)])
    assert precision.tolist() == exact([F(1), F(1, 2), F(2, 3)])


# --- interpolated_precision: hand-derived values ----------------------------------------

def test_lecture_example_textbook_levels():
    # Textbook c(r) = ceil(3r): levels 0-0.3 need 1 relevant document (max precision from
    # rank 1 on: 1), 0.4-0.6 need 2 (from rank 3: max(2/3, 2/4, 3/5) = 2/3), 0.7-1.0 need
    # 3 (rank 5: 3/5).
    expected = [F(1)] * 4 + [F(2, 3)] * 3 + [F(3, 5)] * 4
    values = rb.interpolated_precision(LECTURE, 3, cutoff_rule="exact")
    assert values.tolist() == exact(expected)
    assert rb.eleven_point_average_precision(LECTURE, 3, cutoff_rule="exact") == pytest.approx(
        float(sum(expected) / 11), abs=1e-15)
    assert sum(expected) / 11 == F(42, 55)


def test_lecture_example_trec_eval_9_slips_at_0_7():
    # In doubles 0.7 * 3 + 0.9 = 2.9999999999999996, so trec_eval 9.x needs only 2
    # relevant documents at level 0.7: 2/3 there instead of 3/5.
    assert 0.7 * 3 + 0.9 < 3
    expected = [F(1)] * 4 + [F(2, 3)] * 4 + [F(3, 5)] * 3
    assert rb.interpolated_precision(LECTURE, 3).tolist() == exact(expected)
    assert sum(expected) / 11 == F(127, 165)
    assert rb.eleven_point_average_precision(LECTURE, 3) == pytest.approx(127 / 165, abs=1e-15)


def test_trec_eval_10_rounds_to_nearest():
    # R = 4, level 0.3: 0.3 * 4 = 1.2 -> lround 1 (the 1st relevant document, recall 0.25),
    # textbook and trec_eval 9.x need ceil(1.2) = 2.
    ranking = [1, 0, 0, 0, 1, 1, 1]  # precision at the relevant ranks: 1, 2/5, 3/6, 4/7
    assert rb.interpolated_precision(ranking, 4, 0.3, cutoff_rule="trec_eval_10") == 1.0
    assert rb.interpolated_precision(ranking, 4, 0.3) == float(F(4, 7))
    assert rb.interpolated_precision(ranking, 4, 0.3, cutoff_rule="exact") == float(F(4, 7))
    # lround rounds halves up: 0.5 * 3 = 1.5 -> 2, like ceil.
    assert rb.interpolated_precision(ranking[:5], 3, 0.5, cutoff_rule="trec_eval_10") == 0.4


def test_levels_beyond_the_recall_reached_are_zero():
    # Two of five relevant retrieved: recall reaches 0.4 only.
    values = rb.interpolated_precision([1, 0, 1], 5)
    assert values.tolist() == exact([1, 1, 1, F(2, 3), F(2, 3)] + [0] * 6)


def test_scalar_level_gives_a_float_and_sequences_an_array():
    value = rb.interpolated_precision(LECTURE, 3, 0.5)
    assert type(value) is float and value == float(F(2, 3))
    values = rb.interpolated_precision(LECTURE, 3, [0.5])
    assert isinstance(values, np.ndarray) and values.tolist() == [float(F(2, 3))]
    assert rb.interpolated_precision(LECTURE, 3, np.array([0.0, 1.0])).tolist() == [1.0, 0.6]


def test_level_zero_is_the_best_precision_anywhere():
    assert rb.interpolated_precision([0, 0, 1, 1, 1], 3, 0.0) == 0.6
    assert rb.interpolated_precision([0, 0, 0], 2, 0.0) == 0.0
    assert rb.interpolated_precision([], 2, 0.0) == 0.0


def test_no_relevant_documents_gives_zero_everywhere():
    assert rb.interpolated_precision([0, 0, None], 0).tolist() == [0.0] * 11
    assert rb.eleven_point_average_precision([0, 0], 0) == 0.0


def test_ten_relevant_documents_every_level_is_a_document():
    # R = 10: level j/10 needs exactly j relevant documents under every rule.
    ranking = [1, 1, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0, 1, 0, 0, 0, 1, 0, 1]
    relevant_ranks = [i + 1 for i, g in enumerate(ranking) if g]
    precision_at = [F(j + 1, rank) for j, rank in enumerate(relevant_ranks)]
    expected = [max(precision_at)] + [max(precision_at[j - 1:]) for j in range(1, 11)]
    for rule in ("trec_eval_9", "trec_eval_10", "exact"):
        values = rb.interpolated_precision(ranking, 10, cutoff_rule=rule)
        assert values.tolist() == exact(expected), rule


# --- trec_eval's own regression output ---------------------------------------------------

def _trec_eval_output(name):
    values = {}
    for line in (TREC_EVAL_DATA / name).read_text().splitlines():
        measure, topic, value = line.split()
        values[measure.strip(), topic] = value
    return values


def test_trec_eval_regression_output_per_topic_and_mean(trec_eval_test_topics):
    topics, rankings, R = trec_eval_test_topics
    per_topic = _trec_eval_output("out.test.aq")
    means = _trec_eval_output("out.test")
    table = np.array([rb.interpolated_precision(r, n) for r, n in zip(rankings, R)])
    for t, topic in enumerate(topics):
        for j, name in enumerate(IPREC_NAMES):
            assert f"{table[t, j]:.4f}" == per_topic[name, topic], (topic, name)
        assert f"{rb.eleven_point_average_precision(rankings[t], R[t]):.4f}" == \
            per_topic["11pt_avg", topic]
    for j, name in enumerate(IPREC_NAMES):
        assert f"{table[:, j].mean():.4f}" == means[name, "all"], name
    # out.test.a has 11pt_avg all = 0.1958
    mean_11pt = np.mean([rb.eleven_point_average_precision(r, n) for r, n in zip(rankings, R)])
    assert f"{mean_11pt:.4f}" == _trec_eval_output("out.test.a")["11pt_avg", "all"] == "0.1958"


# --- pytrec_eval as an oracle on random rankings ------------------------------------------

def _random_queries(rng, n_queries):
    """(grades of the ranking, R) pairs: grades 0..3, some relevant documents unretrieved."""
    queries = []
    slip_Rs = [3, 23, 33, 57, 67, 77, 97, 197]  # where (long)(r*R + 0.9) != ceil(r*R)
    for q in range(n_queries):
        n = int(rng.integers(1, 60))
        grades = rng.choice([0, 0, 0, 1, 2, 3], size=n).tolist()
        present = {t: sum(g >= t for g in grades) for t in (1, 2)}
        missing = int(rng.integers(0, 15)) if q % 3 else 0
        if q % 7 == 0:  # aim R at a value where trec_eval 9.x's rounding slips
            missing = max(0, rng.choice(slip_Rs) - present[1])
        queries.append((grades, missing))
    return queries


def _pytrec_eval_values(queries, threshold):
    qrels, run = {}, {}
    for q, (grades, missing) in enumerate(queries):
        qid = f"q{q:05d}"
        qrels[qid] = {f"d{i:03d}": g for i, g in enumerate(grades)}
        qrels[qid].update({f"m{i:03d}": 3 for i in range(missing)})
        run[qid] = {f"d{i:03d}": float(len(grades) - i) for i in range(len(grades))}
    evaluator = pytrec_eval.RelevanceEvaluator(
        qrels, {"iprec_at_recall", "11pt_avg"}, relevance_level=threshold)
    results = evaluator.evaluate(run)
    return [results[f"q{q:05d}"] for q in range(len(queries))]


@pytest.mark.slow  # pytrec_eval over thousands of random rankings
@pytest.mark.parametrize("threshold", [1, 2])
def test_equal_to_pytrec_eval_on_thousands_of_random_rankings(threshold):
    rng = np.random.default_rng(20240 + threshold)
    queries = _random_queries(rng, 3000)
    expected = _pytrec_eval_values(queries, threshold)
    Rs = set()
    for (grades, missing), te in zip(queries, expected):
        R = sum(g >= threshold for g in grades) + missing
        Rs.add(R)
        values = rb.interpolated_precision(grades, R, relevance_level=threshold)
        assert values.tolist() == [te[name] for name in IPREC_NAMES], (grades, R)
        assert rb.eleven_point_average_precision(
            grades, R, relevance_level=threshold) == te["11pt_avg"], (grades, R)
    assert {3, 23, 57} <= Rs and any(R % 10 for R in Rs)


# --- properties -----------------------------------------------------------------------------

@st.composite
def ranking_and_R(draw):
    grades = draw(st.lists(st.sampled_from([0, 0, 1, 2, None]), max_size=40))
    present = sum(g is not None and g >= 1 for g in grades)
    return grades, present + draw(st.integers(0, 10))


RULES = ("trec_eval_9", "trec_eval_10", "exact")


@settings(max_examples=150, deadline=None)
@given(ranking_and_R(), st.sampled_from(RULES))
def test_ranges_and_monotone_in_the_level(case, rule):
    grades, R = case
    recall, precision = rb.precision_recall_curve(grades, R)
    assert np.all((0 <= recall) & (recall <= 1)) and np.all((0 <= precision) & (precision <= 1))
    assert np.all(np.diff(recall) >= 0)
    values = rb.interpolated_precision(grades, R, cutoff_rule=rule)
    assert np.all((0 <= values) & (values <= 1))
    assert np.all(np.diff(values) <= 0), "interpolated precision must not rise with recall"
    assert 0 <= rb.eleven_point_average_precision(grades, R, cutoff_rule=rule) <= 1


@settings(max_examples=150, deadline=None)
@given(ranking_and_R(), st.lists(st.floats(0, 1), min_size=1, max_size=5))
def test_trec_eval_rules_never_lower_the_textbook_value(case, levels):
    grades, R = case
    textbook = rb.interpolated_precision(grades, R, levels, cutoff_rule="exact")
    for rule in ("trec_eval_9", "trec_eval_10"):
        assert np.all(rb.interpolated_precision(grades, R, levels, cutoff_rule=rule) >= textbook)


@settings(max_examples=150, deadline=None)
@given(ranking_and_R(), st.sampled_from(RULES))
def test_appending_a_non_relevant_document_changes_nothing(case, rule):
    grades, R = case
    before = rb.interpolated_precision(grades, R, cutoff_rule=rule)
    after = rb.interpolated_precision([*grades, 0], R, cutoff_rule=rule)
    assert before.tolist() == after.tolist()


@settings(max_examples=100, deadline=None)
@given(st.integers(1, 30), st.integers(0, 10), st.sampled_from(RULES))
def test_perfect_ranking_scores_one(R, tail, rule):
    perfect = [1] * R + [0] * tail
    assert rb.interpolated_precision(perfect, R, cutoff_rule=rule).tolist() == [1.0] * 11
    assert rb.eleven_point_average_precision(perfect, R, cutoff_rule=rule) == 1.0


# --- bad input -------------------------------------------------------------------------------

@pytest.mark.parametrize("levels, error", [
    ([0.5, 1.5], InvalidValueError),
    (-0.1, InvalidValueError),
    ([float("nan")], InvalidValueError),
    ([], InvalidValueError),
    ("0.5", InvalidTypeError),
    (["0.5"], InvalidTypeError),
    ([True], InvalidTypeError),
])
def test_bad_recall_levels(levels, error):
    with pytest.raises(error, match="recall"):
        rb.interpolated_precision(LECTURE, 3, levels)


def test_bad_arguments():
    with pytest.raises(InvalidValueError, match="cutoff_rule"):
        rb.interpolated_precision(LECTURE, 3, cutoff_rule="lround")
    with pytest.raises(InvalidValueError, match="n_relevant"):
        rb.precision_recall_curve(LECTURE, None)
    with pytest.raises(InvalidValueError, match="n_relevant=2"):
        rb.eleven_point_average_precision(LECTURE, 2)
    with pytest.raises(InvalidValueError, match="finite"):
        rb.precision_recall_curve([1, float("inf")], 1)
