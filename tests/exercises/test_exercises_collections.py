"""Generated exercises on test collections (kappa, tau, tau_AP): keys against independent oracles.

Oracles: scikit-learn's ``cohen_kappa_score``, scipy's ``kendalltau``, and Yilmaz, Aslam and
Robertson's tau_AP sum worked in exact fractions here; the check command each key names is run
in-process and must print the answer. The sweep of the quality rules (every sheet's answers
different, no flat key, few degenerate items) covers these kinds too
(tests/exercises/test_exercises_rules.py, KINDS).
"""

from __future__ import annotations

import contextlib
import io
import random
from fractions import Fraction

import pytest
from scipy import stats
from sklearn.metrics import cohen_kappa_score

from rankbook.exercises import generate_exercises
from rankbook.exercises._catalog import draw, resolve
from rankbook.exercises._draw import LEVELS

SEEDS = 40


def _items(name, level=2, seeds=SEEDS):
    kind = resolve(name)
    for seed in range(seeds):
        yield draw(kind, 1, random.Random(seed), LEVELS[level].length, 0.4, LEVELS[level])


def _data(item):
    """The two lists of the question, as Python values."""
    import ast

    first, second = item.question.split("`")[1], item.question.split("`")[3]
    if "[s" in first:
        first, second = (text.strip("[]").split(", ") for text in (first, second))
        return first, second
    return ast.literal_eval(first), ast.literal_eval(second)


@pytest.mark.parametrize("level", [1, 2, 3])
def test_kappa_keys_equal_scikit_learn(level):
    for item in _items("kappa", level):
        first, second = _data(item)
        assert isinstance(item.answer, Fraction)
        assert float(item.answer) == pytest.approx(cohen_kappa_score(first, second), abs=1e-12)


@pytest.mark.parametrize("level", [1, 2, 3])
def test_tau_keys_equal_scipy(level):
    for item in _items("tau", level):
        truth, estimate = _data(item)
        positions = [truth.index(system) for system in estimate]
        oracle = stats.kendalltau(range(len(truth)), positions).statistic
        assert float(item.answer) == pytest.approx(oracle, abs=1e-12)


def _tau_ap_by_hand(truth, estimate):
    n = len(estimate)
    total = Fraction(0)
    for i in range(2, n + 1):
        below = truth.index(estimate[i - 1])
        total += Fraction(sum(truth.index(s) < below for s in estimate[:i - 1]), i - 1)
    return Fraction(2, n - 1) * total - 1


@pytest.mark.parametrize("level", [1, 2, 3])
def test_tau_ap_keys_equal_the_formula_in_fractions(level):
    for item in _items("tau_ap", level):
        truth, estimate = _data(item)
        assert item.answer == _tau_ap_by_hand(truth, estimate)
        assert item.solution.splitlines()[-1].endswith(f"= {item.answer}")


@pytest.mark.parametrize("name, spelled", [("kappa", "Cohen's kappa"), ("tau", "Kendall_Tau"),
                                           ("tau_ap", "AP correlation")])
def test_names_and_the_check_command(name, spelled):
    (item,) = generate_exercises(spelled, 1, seed=4)
    assert item.metric == name
    code = item.check.split('"')[1]
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        exec(code, {})  # noqa: S102 (the key's own command)
    assert float(printed.getvalue()) == pytest.approx(float(item.answer), abs=1e-12)
