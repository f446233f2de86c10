"""The exercise generator (rankbook.exercises) and `rankbook exercises`.

Expected answers come from the tiny reference formulas below, written here from the textbook
definitions with exact `Fraction` arithmetic (no call into rankbook):

- Manning, Raghavan and Schütze (2008), Introduction to Information Retrieval, Cambridge
  University Press: section 8.3 (precision, recall, F1 = harmonic mean of P and R) and section
  8.4 (precision at k, R-precision = precision at rank R, average precision = mean of the
  precision at each relevant document with unretrieved ones contributing 0, and the 11-point
  interpolated average precision, p_interp(r) = max over ranks with recall >= r).
- Voorhees (1999), The TREC-8 Question Answering Track Report: reciprocal rank = 1 / rank of
  the first correct answer.
- success@k (ir_measures' ``Success@k``): 1 if a relevant document is in the top k, else 0.
- MAP and MRR: the arithmetic means of AP and RR over the queries (Manning et al. 2008,
  section 8.4; Voorhees 1999).
- RelP@k: trec_eval's relative_P, the relevant documents in the top k over min(k, R)
  (trec_eval 9.x, m_rel_P.c, usnistgov/trec_eval).
- RBP with persistence p = 1/2: (1 - p) times the sum of p^(i-1) over the relevant ranks i
  (Moffat and Zobel 2008, Rank-biased precision for measurement of retrieval effectiveness,
  ACM TOIS 27(1), equation 1); with p = 1/2 each relevant rank i adds 1/2^i.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

import rankbook as rb
from rankbook.metrics.registry import METRICS
from rankbook._errors import InvalidValueError
from rankbook.cli import main
from rankbook.exercises import (
    EXERCISE_METRICS,
    Exercise,
    exercise_sheet,
    generate_exercises,
)
from rankbook.exercises import _exact, _solutions

SEEDS = range(40)
RATIONAL = ("P@k", "R@k", "F1@k", "R-prec", "success@k", "AP", "RR", "11pt", "RelP@k", "RBP")
MEANS = ("MAP", "MRR")


# --- reference formulas (textbook definitions, exact) -----------------------------------

def relevant_in_top(ranking, k):
    return sum(1 for grade in ranking[:k] if grade >= 1)


def ref_precision(ranking, k, R):
    return Fraction(relevant_in_top(ranking, k), k)


def ref_recall(ranking, k, R):
    return Fraction(relevant_in_top(ranking, k), R)


def ref_f1(ranking, k, R):
    p, r = ref_precision(ranking, k, R), ref_recall(ranking, k, R)
    return Fraction(0) if p + r == 0 else 2 * p * r / (p + r)


def ref_r_precision(ranking, k, R):
    return Fraction(relevant_in_top(ranking, R), R)


def ref_success(ranking, k, R):
    return Fraction(1 if relevant_in_top(ranking, k) > 0 else 0)


def ref_average_precision(ranking, k, R):
    total = Fraction(0)
    for i, grade in enumerate(ranking, start=1):
        if grade >= 1:
            total += Fraction(relevant_in_top(ranking, i), i)
    return total / R


def ref_reciprocal_rank(ranking, k, R):
    for i, grade in enumerate(ranking, start=1):
        if grade >= 1:
            return Fraction(1, i)
    return Fraction(0)


def ref_eleven_point(ranking, k, R):
    points = [(Fraction(relevant_in_top(ranking, i), R), Fraction(relevant_in_top(ranking, i), i))
              for i in range(1, len(ranking) + 1)]
    total = Fraction(0)
    for j in range(11):
        level = Fraction(j, 10)
        total += max((p for r, p in points if r >= level), default=Fraction(0))
    return total / 11


def ref_relative_precision(ranking, k, R):
    return Fraction(relevant_in_top(ranking, k), min(k, R))


def ref_rbp(ranking, k, R):
    p = Fraction(1, 2)
    return (1 - p) * sum((p ** (i - 1) for i, grade in enumerate(ranking, start=1) if grade >= 1),
                         Fraction(0))


REFERENCE = {
    "P@k": ref_precision, "R@k": ref_recall, "F1@k": ref_f1, "R-prec": ref_r_precision,
    "success@k": ref_success, "AP": ref_average_precision, "RR": ref_reciprocal_rank,
    "11pt": ref_eleven_point, "RelP@k": ref_relative_precision, "RBP": ref_rbp,
}


def ref_map(queries):
    return sum((ref_average_precision(list(q.ranking), None, q.n_relevant) for q in queries),
               Fraction(0)) / len(queries)


def ref_mrr(queries):
    return sum((ref_reciprocal_rank(list(q.ranking), None, None) for q in queries),
               Fraction(0)) / len(queries)


REFERENCE_MEANS = {"MAP": ref_map, "MRR": ref_mrr}


def test_reference_formulas_on_the_seed_list():
    # FLAGR's 8-element list (conventions.md): relevant at ranks 1, 3, 4, 6, R = 4.
    ranking = [1, 0, 1, 1, 0, 1, 0, 0]
    assert ref_precision(ranking, 5, 4) == Fraction(3, 5)
    assert ref_recall(ranking, 5, 4) == Fraction(3, 4)
    assert ref_f1(ranking, 3, 4) == Fraction(4, 7)
    # AP = (1/1 + 2/3 + 3/4 + 4/6) / 4 = 37/48 (conventions.md: 0.770833)
    assert ref_average_precision(ranking, None, 4) == Fraction(37, 48)
    # By hand: relevant at 1, 3, 5, R = 3; p_interp is 1 at 0.0-0.3, 2/3 at 0.4-0.6, 3/5 at
    # 0.7-1.0, so 11pt = (4 + 3*2/3 + 4*3/5) / 11 = 42/55.
    assert ref_eleven_point([1, 0, 1, 0, 1], None, 3) == Fraction(42, 55)
    # relative_P: 3 relevant in the top 5, R = 4, so 3 / min(5, 4) = 3/4.
    assert ref_relative_precision(ranking, 5, 4) == Fraction(3, 4)
    # RBP at p = 1/2: 1/2 + 1/8 + 1/16 + 1/64 = 45/64.
    assert ref_rbp(ranking, None, 4) == Fraction(45, 64)


# --- the generator ------------------------------------------------------------------------

@pytest.mark.parametrize("metric", EXERCISE_METRICS)
def test_same_seed_same_sheet_and_different_seeds_differ(metric):
    first = exercise_sheet(generate_exercises(metric, 4, seed=11), answers=True)
    assert first == exercise_sheet(generate_exercises(metric, 4, seed=11), answers=True)
    assert first != exercise_sheet(generate_exercises(metric, 4, seed=12), answers=True)


@pytest.mark.parametrize("metric", RATIONAL)
def test_rational_answers_equal_the_textbook_fraction(metric):
    for seed in SEEDS:
        for exercise in generate_exercises(metric, 5, seed=seed, length=1 + seed % 10):
            assert isinstance(exercise.answer, Fraction)
            expected = REFERENCE[metric](list(exercise.ranking), exercise.k, exercise.n_relevant)
            assert exercise.answer == expected, (metric, seed, exercise)
            assert str(expected) in exercise.solution


@pytest.mark.parametrize("metric", MEANS)
def test_mean_answers_equal_the_textbook_fraction(metric):
    for seed in SEEDS:
        for exercise in generate_exercises(metric, 5, seed=seed, length=1 + seed % 10):
            assert isinstance(exercise.answer, Fraction)
            assert len(exercise.queries) == 3
            assert all(1 <= len(q.ranking) <= 6 for q in exercise.queries)
            expected = REFERENCE_MEANS[metric](exercise.queries)
            assert exercise.answer == expected, (metric, seed, exercise)
            assert f"{metric} = (" in exercise.solution and str(expected) in exercise.solution


def test_mean_exercises_have_no_single_ranking():
    exercise = generate_exercises("MAP", 1)[0]
    with pytest.raises(InvalidValueError, match=r"exercise.queries"):
        exercise.ranking


@pytest.mark.parametrize("metric", ["nDCG@k", "DCG@k"])
def test_graded_answers_match_rankbook_to_four_decimals(metric):
    for seed in SEEDS:
        for exercise in generate_exercises(metric, 5, seed=seed):
            assert set(exercise.ranking) <= {0, 1, 2, 3}
            assert isinstance(exercise.answer, float)
            if metric == "nDCG@k":
                ideal = list(exercise.ranking) + list(exercise.unretrieved)
                value = rb.ndcg_at_k(list(exercise.ranking), exercise.k, ideal=ideal)
                assert 0 <= exercise.answer <= 1
            else:
                value = rb.dcg_at_k(list(exercise.ranking), exercise.k)
            assert exercise.answer == round(value, 4)
            assert f"{exercise.answer:.4f}" in exercise.solution


@pytest.mark.parametrize("metric", EXERCISE_METRICS)
def test_every_exercise_is_well_formed(metric):
    exercises = [e for seed in SEEDS for e in generate_exercises(metric, 5, seed=seed)]
    queries = [query for exercise in exercises for query in exercise.queries]
    for exercise in exercises:
        assert isinstance(exercise, Exercise)
        if exercise.k is not None:
            assert 1 <= exercise.k <= 8  # the default length
        for query in exercise.queries:
            assert any(grade >= 1 for grade in query.ranking)  # a relevant document
            found = sum(1 for grade in query.ranking if grade >= 1)
            assert query.n_relevant == found + len(query.unretrieved)
            assert str(list(query.ranking)).replace("[", "`[") in exercise.question
    # the pitfall: some queries have relevant documents that were not retrieved
    assert any(query.unretrieved for query in queries)
    assert any(not query.unretrieved for query in queries)


def test_exercises_are_frozen_and_numbered():
    exercises = generate_exercises("RR", 3, seed=5)
    assert [e.number for e in exercises] == [1, 2, 3]
    with pytest.raises(AttributeError):
        exercises[0].answer = Fraction(1)


def test_metric_names_are_the_registry_names():
    names = {info.name for info in METRICS}
    assert set(EXERCISE_METRICS) <= names
    assert generate_exercises("ndcg@k", 1)[0].metric == "nDCG@k"  # case is ignored


@pytest.mark.parametrize("metric", ["precision", "", "MAAP@5"])
def test_unknown_metric_lists_the_accepted_ones(metric):
    # ("MAP@5" is ir_measures' AP@5: tests/evaluation/test_ir_measures_strings.py)
    with pytest.raises(InvalidValueError, match=r"choose from 'P@k', .*'11pt', 'MAP', 'MRR'"):
        generate_exercises(metric)


@pytest.mark.parametrize("metric", ["P@x", "P@5.5"])
def test_a_known_metric_with_a_bad_cutoff_says_what_is_wrong_with_the_cutoff(metric):
    # P is a measure: the cut-off is what is wrong, not the name (issue 36)
    with pytest.raises(InvalidValueError, match=r"is not a positive whole number\. For example"):
        generate_exercises(metric)


@pytest.mark.parametrize(("spelled", "metric", "k"), [
    ("P@5", "P@k", 5), ("p@5", "P@k", 5), ("P", "P@k", None), ("nDCG@10", "nDCG@k", 10),
    ("ndcg", "nDCG@k", None), ("NDCG@K", "nDCG@k", None), ("map", "MAP", None),
    ("Mrr", "MRR", None), ("r-PREC", "R-prec", None), ("11PT", "11pt", None),
    ("Success@3", "success@k", 3), (" ap ", "AP", None),
])
def test_names_in_any_case_with_a_cut_off_or_without(spelled, metric, k):
    sheet = generate_exercises(spelled, 4, seed=9)
    assert {exercise.metric for exercise in sheet} == {metric}
    if k is not None:
        assert [exercise.k for exercise in sheet] == [k] * 4
        assert all(f"@{k}" in exercise.question for exercise in sheet)
        assert all(exercise.solution for exercise in sheet)


def test_a_fixed_cut_off_past_the_list_is_the_short_list_pitfall():
    # P@k divides by k even past the end of the list (Manning et al. 2008, section 8.4).
    for exercise in generate_exercises("P@10", 5, seed=4, length=6):
        expected = ref_precision(list(exercise.ranking), 10, exercise.n_relevant)
        assert exercise.k == 10 and exercise.answer == expected
        assert "ranks 7 to 10 are past its end" in exercise.solution


def test_a_cut_off_below_one_is_refused():
    with pytest.raises(InvalidValueError, match=r"cut-off must be at least 1"):
        generate_exercises("P@0")


@pytest.mark.parametrize("arguments", [{"count": 0}, {"count": -1}, {"length": 0},
                                       {"length": 13}, {"count": 2.5},
                                       {"relevant_share": 1.5}])
def test_bad_count_or_length_raise(arguments):
    with pytest.raises(InvalidValueError):
        generate_exercises("AP", **arguments)


def test_sheet_separates_questions_and_key():
    exercises = generate_exercises("F1@k", 3, seed=2)
    questions = exercise_sheet(exercises)
    with_key = exercise_sheet(exercises, answers=True)
    assert questions.startswith("# Exercises: F1@k\n")
    assert "Answer key" not in questions
    assert with_key.startswith(questions.rstrip("\n"))
    key = with_key.split("## Answer key", 1)[1]
    for exercise in exercises:
        assert f"\n{exercise.number}. **F1@{exercise.k} = {exercise.answer}" in key


# --- the command line ---------------------------------------------------------------------

def test_cli_prints_the_sheet_and_the_key(capsys):
    assert main(["exercises", "AP", "--count", "2", "--seed", "3"]) == 0
    out = capsys.readouterr()
    exercises = generate_exercises("AP", 2, seed=3)
    assert out.out == exercise_sheet(exercises)
    assert out.err == ""
    assert main(["exercises", "AP", "--count", "2", "--seed", "3", "--answers"]) == 0
    assert capsys.readouterr().out == exercise_sheet(exercises, answers=True)


def test_cli_length_option(capsys):
    assert main(["exercises", "P@k", "--count", "1", "--length", "4"]) == 0
    assert capsys.readouterr().out == exercise_sheet(generate_exercises("P@k", 1, length=4))


@pytest.mark.parametrize(("argv", "fragment"), [
    (["exercises", "precision"], "NAME 'precision' has no exercise generator; choose from"),
    (["exercises", "AP", "--count", "0"], "--count 0"),
    (["exercises", "AP", "--length", "0"], "--length 0"),
])
def test_cli_errors_are_one_line_with_status_2(capsys, argv, fragment):
    assert main(argv) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    lines = captured.err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("rankbook exercises: error: ")
    assert fragment in lines[0]


def test_cli_help_has_examples(capsys):
    with pytest.raises(SystemExit) as exit_info:
        main(["exercises", "--help"])
    assert exit_info.value.code == 0
    out = capsys.readouterr().out
    assert "rankbook exercises AP --count 3 --seed 1" in out
    assert all(name in out for name in EXERCISE_METRICS)



def test_cli_accepts_p_at_5_and_any_case(capsys):
    assert main(["exercises", "P@5", "--count", "2", "--answers"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("# Exercises: P@k\n") and out.count("Compute P@5,") == 2
    assert main(["exercises", "ndcg", "--count", "1"]) == 0
    assert "Compute nDCG@" in " ".join(capsys.readouterr().out.split())
    assert main(["exercises", "MRR", "--count", "1", "--answers"]) == 0
    assert "MRR = (" in capsys.readouterr().out


# --- exact fractions recovered from the metric functions (issue 7, item 5) -----------------

def test_exact_recovers_every_fraction_with_a_bounded_denominator():
    # Every p/q with q <= 60, perturbed by a few units in the last place, comes back exactly.
    for q in range(1, 61):
        for p in range(0, q + 1):
            value = p / q
            for noisy in (value, value + 3e-16, value - 3e-16):
                assert _exact.exact(noisy, q, "x") == Fraction(p, q)


def test_exact_refuses_a_bound_too_large_for_a_float_to_decide():
    with pytest.raises(ValueError, match=r"outside 1\.\.1000000"):
        _exact.exact(0.5, 10**7, "x")


def test_exact_fails_loudly_when_the_value_is_no_such_fraction():
    # pi is no fraction with a denominator <= 100 (the nearest is 311/99, 1.8e-4 away).
    with pytest.raises(AssertionError, match=r"311/99"):
        _exact.exact(3.141592653589793, 100, "pi")


def test_the_answers_come_from_the_metric_functions(monkeypatch):
    # Swap rankbook's AP for a wrong one: the generator must notice (it recovers the fraction
    # from the function's float and checks it), not silently use a second implementation.
    wrong = lambda ranking, R, **kw: rb.average_precision(ranking, R, **kw) + 1e-3  # noqa: E731
    monkeypatch.setattr(_solutions, "average_precision", wrong)
    with pytest.raises(AssertionError, match=r"AP = .* is no fraction with denominator"):
        generate_exercises("AP", 5, seed=0)
