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

SEEDS = range(40)
RATIONAL = ("P@k", "R@k", "F1@k", "R-prec", "success@k", "AP", "RR", "11pt")


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


REFERENCE = {
    "P@k": ref_precision, "R@k": ref_recall, "F1@k": ref_f1, "R-prec": ref_r_precision,
    "success@k": ref_success, "AP": ref_average_precision, "RR": ref_reciprocal_rank,
    "11pt": ref_eleven_point,
}


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
    for exercise in exercises:
        assert isinstance(exercise, Exercise)
        assert any(grade >= 1 for grade in exercise.ranking)  # at least one relevant document
        found = sum(1 for grade in exercise.ranking if grade >= 1)
        assert exercise.n_relevant == found + len(exercise.unretrieved)
        if exercise.k is not None:
            assert 1 <= exercise.k <= len(exercise.ranking)
        assert str(list(exercise.ranking)) in exercise.question
    # the pitfall: some queries have relevant documents that were not retrieved
    assert any(exercise.unretrieved for exercise in exercises)
    assert any(not exercise.unretrieved for exercise in exercises)


def test_exercises_are_frozen_and_numbered():
    exercises = generate_exercises("RR", 3, seed=5)
    assert [e.number for e in exercises] == [1, 2, 3]
    with pytest.raises(AttributeError):
        exercises[0].answer = Fraction(1)


def test_metric_names_are_the_registry_names():
    names = {info.name for info in METRICS}
    assert set(EXERCISE_METRICS) <= names
    assert generate_exercises("ndcg@k", 1)[0].metric == "nDCG@k"  # case is ignored


@pytest.mark.parametrize("metric", ["MAP", "P@5", "", "precision"])
def test_unknown_metric_lists_the_accepted_ones(metric):
    with pytest.raises(InvalidValueError, match=r"choose from 'P@k', .*'11pt'"):
        generate_exercises(metric)


@pytest.mark.parametrize("arguments", [{"count": 0}, {"count": -1}, {"length": 0},
                                       {"count": 2.5}, {"relevant_share": 1.5}])
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
    (["exercises", "MAP"], "METRIC 'MAP' has no exercise generator; choose from"),
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

