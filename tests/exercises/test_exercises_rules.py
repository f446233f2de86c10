"""The four rules every generated sheet keeps (issue 29, item 3), over 2,000 seeds of every kind.

1. No two items of one sheet have the same answer (``rankbook exercises RR --count 2 --seed 2``
   gave 1/3 twice).
2. No cut-off at 1 unless the exercise asks for k = 1 (``nDCG@k --seed 3`` asked for nDCG@1).
3. No key whose lines are all equal: the values a key lists line by line (an 11-point key's
   eleven interpolated precisions, MAP's per-query APs, a fused order's scores) are never all
   the same (``11pt --level 1 --seed 5`` had eleven lines ``p_interp(r) = 1/5``).
4. Every aggregation question states the tie rule, and every key whose order broke a tie says
   so (``borda --count 1 --seed 1`` ordered b > d > e, all three at 6, and said nothing).

The tie rule is rankbook's, documented in `rankbook.aggregate.ranked_result` (the same as
FLAGR's for its output lists, shared/flagr.md): equal scores (to 12 significant digits) by the
number of lists that rank the item, more first, then by item id; Kemeny's optimal orders, when
several have the least distance, the first in that order read top down
(`rankbook.aggregate.kemeny_young.optimal_order`). The ties are found here independently of the
generator: Borda's points and Kemeny's distances are recomputed from their definitions (de
Borda 1781 as in Brandt et al. 2016, Handbook of Computational Social Choice, section 2.2:
n - r points; Kemeny 1959: the number of voter-pairs an order reverses).

The sweep draws the items without rendering their keys (`draw_sheet(..., render=False)`:
the data, the answers, the per-line values and the tie notes, not the worked tables), a
sheet of two per seed, and also checks that at most a tenth of the items are degenerate
(the test it replaces in test_exercises_quality.py drew 250 seeds of one item). Measured on
the shared 2-core machine at load averages 6-8: 200 seeds 9 s of CPU for the 84 kinds of
then (the default is now 50, for the 129 kinds of issue 30: the full sweep is CI's); RANKBOOK_QUALITY_SEEDS=2000, the issue's sweep, 93 s. The cost is the library's:
each item calls rankbook's own function for its answer, 0.1-0.3 ms for most kinds on these
tiny inputs (validation and numpy's per-call overhead), DIBRA's iterations 2 ms, Kemeny's
tie check (all 5! orders) and 11pt's exact interpolated precisions about 1 ms.
"""

from __future__ import annotations

import itertools
import os
import random

import pytest

from rankbook.aggregate.registry import METHODS
from rankbook.exercises import EXERCISE_METRICS, generate_exercises
from rankbook.exercises._catalog import degenerate, draw_sheet, is_binary, resolve
from rankbook.exercises._draw import LEVELS
from rankbook.metrics.registry import METRICS

#: Seeds per kind in the sweep: RANKBOOK_QUALITY_SEEDS=2000 runs the issue's 2,000.
SEEDS = int(os.environ.get("RANKBOOK_QUALITY_SEEDS", "50"))
SHEET = 2  # items per sheet in the sweep: a second item must differ from the first
REGISTRY = [metric.name for metric in METRICS if metric.name not in EXERCISE_METRICS]
KINDS = list(EXERCISE_METRICS) + REGISTRY + list(METHODS) + ["randomization", "t-test",
                                                              "kappa", "tau", "tau_ap"]


def _sheets(name, seeds=SEEDS, count=SHEET, level=2):
    kind = resolve(name)
    for seed in range(seeds):
        yield seed, draw_sheet(kind, count, random.Random(seed), LEVELS[level].length, 0.4,
                               LEVELS[level], render=False)


def _same_score(a: float, b: float) -> bool:
    """Equal as rankbook's tie rule compares them: to 12 significant digits."""
    return f"{a:.12g}" == f"{b:.12g}"


# --- the examples ---------------------------------------------------------------------

def test_rr_seed_2_sheet_has_two_different_answers():
    first, second = generate_exercises("RR", 2, seed=2)
    assert first.answer != second.answer


def test_ndcg_seed_3_asks_no_cut_off_at_one():
    assert all(exercise.k >= 2 for exercise in generate_exercises("nDCG@k", seed=3))


def test_a_cut_off_at_one_is_asked_when_the_name_fixes_it():
    assert {exercise.k for exercise in generate_exercises("nDCG@1", 3, seed=3)} == {1}
    assert {exercise.k for exercise in generate_exercises("RR@1", 3, seed=3)} == {1}


def test_eleven_point_level_1_seed_5_key_lines_are_not_all_equal():
    for exercise in generate_exercises("11pt", seed=5, level=1):
        lines = [line.split("   [")[0].split(" = ")[1] for line in exercise.solution.splitlines()
                 if line.startswith("p_interp(")]
        assert len(lines) == 11 and len(set(lines)) > 1, exercise.solution


def test_borda_seed_1_states_the_tie_rule_and_the_key_names_the_tie():
    (exercise,) = generate_exercises("borda", 1, seed=1)
    assert "Ties:" in exercise.question and "then by name" in exercise.question
    points = _borda_points(exercise.question)
    tied = [item for item in points if list(points.values()).count(points[item]) > 1]
    if tied:  # the key names every tied item in a line that says the tie rule ordered them
        line = next(line for line in exercise.solution.splitlines() if "tie" in line)
        assert all(item in line for item in tied), exercise.solution


# --- independent oracles of the ties ----------------------------------------------------------

def _voters(question: str) -> list[list[str]]:
    """The ranked lists written in a fusion question (``voter 1: `c > d > a```)."""
    shown = question.split("`")[1::2]
    return [part.split(" > ") for part in shown if "=" not in part]


def _borda_points(question: str) -> dict:
    lists = _voters(question)
    items = sorted({item for ranked in lists for item in ranked})
    return {item: sum(len(items) - ranked.index(item) - 1 for ranked in lists if item in ranked)
            for item in items}


def _kemeny_optimal_orders(lists) -> list[tuple]:
    """The orders with the least Kemeny distance (brute force over all n! orders)."""
    items = sorted({item for ranked in lists for item in ranked})
    rank = [{item: r for r, item in enumerate(ranked)} for ranked in lists]

    def reversed_pairs(order):
        return sum(1 for i, x in enumerate(order) for y in order[i + 1:] for r in rank
                   if r.get(y, len(items)) < r.get(x, len(items)))

    orders = list(itertools.permutations(items))
    distances = [reversed_pairs(order) for order in orders]
    return [order for order, d in zip(orders, distances) if d == min(distances)]


def test_the_kemeny_oracle_counts_ties_by_hand():
    # a > b and b > a once each: both orders reverse one voter's pair.
    assert len(_kemeny_optimal_orders([["a", "b"], ["b", "a"]])) == 2
    assert _kemeny_optimal_orders([["a", "b", "c"], ["a", "b", "c"], ["b", "a", "c"]]) == \
        [("a", "b", "c")]


@pytest.mark.parametrize("level", [1, 3])
def test_kemeny_keys_say_when_several_orders_reach_the_least_distance(level):
    said = 0
    for seed, (exercise,) in _sheets("kemeny", seeds=100, count=1, level=level):
        lists = _voters(exercise.question)
        optimal = _kemeny_optimal_orders(lists)
        assert ("orders reach the least distance" in exercise.solution) == (len(optimal) > 1)
        # the question's rule: the first optimal order read top down in the tie order
        voters = {item: sum(item in ranked for ranked in lists) for item in optimal[0]}
        first = min(optimal, key=lambda order: [(-voters[item], item) for item in order])
        assert exercise.answer == " > ".join(first), (seed, optimal)
        said += len(optimal) > 1
    assert said > 10  # the case is common enough to be seen


# --- the sweep ----------------------------------------------------------------------------------

@pytest.mark.parametrize("name", KINDS)
def test_rules_hold_over_many_seeds(name):
    fusion = name in METHODS
    items = degenerate_items = 0
    for seed, sheet in _sheets(name):
        answers = [exercise.answer for exercise in sheet]
        if not is_binary(name):  # 0 or 1 by definition (success@k, Hit@k): a sheet repeats one
            assert len(set(answers)) == len(answers), (seed, answers)  # rule 1
        for exercise in sheet:
            assert exercise.k is None or exercise.k >= 2, (seed, exercise.k)  # rule 2
            parts = exercise.parts
            assert len(parts) < 2 or len(set(parts)) > 1, (seed, exercise.solution)  # rule 3
            if fusion:
                _check_ties(exercise, seed)  # rule 4
            items += 1
            degenerate_items += degenerate(exercise)
    # and, as before the rules: at most a tenth of the items degenerate (0, 1, a tie for
    # first place), drawn again and kept with a 3% chance
    assert degenerate_items / items <= 0.10, f"{name}: {degenerate_items} of {items} degenerate"


def _check_ties(exercise, seed):
    assert "Ties:" in exercise.question, exercise.question  # the question states the rule
    order = exercise.answer.split(" > ")
    scores = exercise.parts
    notes = [line for line in exercise.solution.splitlines() if line.startswith("tie rule")]
    for (x, a), (y, b) in zip(zip(order, scores), zip(order[1:], scores[1:])):
        if _same_score(a, b):  # the key names both items of every tie the order broke
            assert any(f" {x}" in note and f" {y}" in note for note in notes), \
                (seed, exercise.solution)


FEW_ANSWERS = ["RR", "RR@k", "R-prec", "SL", "runid", "NumRet", "NumRelRet",
               "NumNonrelJudgedRet", "utility", "SetP", "RBP-resid"]


@pytest.mark.parametrize("name", FEW_ANSWERS)
def test_a_default_sheet_of_a_measure_with_few_answers_repeats_none(name):
    # The kinds whose answers take few values on an 8-document list: the default sheet of 5
    # still gets 5 different ones (each item is drawn up to 200 times).
    for seed, sheet in _sheets(name, seeds=30, count=5):
        answers = [exercise.answer for exercise in sheet]
        assert len(set(answers)) == 5, (seed, answers)


@pytest.mark.parametrize("name", ["P@k", "11pt", "MAP", "bpref", "borda", "kemeny", "t-test"])
def test_the_sweep_sees_the_sheets_users_get(name):
    # The sweep draws without the keys' worked steps: the same items as the rendered sheet.
    for seed, bare in _sheets(name, seeds=3, count=3):
        rendered = generate_exercises(name, 3, seed=seed)
        assert [e.question for e in rendered] == [e.question for e in bare]
        assert [e.answer for e in rendered] == [e.answer for e in bare]
