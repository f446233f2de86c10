"""Team-draft interleaving and multileaving: the draft, its exact distribution, the team credit."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction

import numpy as np
import pytest

from rankbook import InvalidTypeError, InvalidValueError
from rankbook.online import (
    Interleaving,
    team_draft_credit,
    team_draft_distribution,
    team_draft_interleave,
    team_draft_multileave,
    team_draft_multileave_distribution,
    team_draft_outcome,
)

A, B = ["d1", "d2", "d3", "d4"], ["d2", "d3", "d4", "d1"]


def test_the_two_rounds_by_hand():
    # Round 1: A first gives d1 (A), d2 (B); B first gives d2 (B), d1 (A). Round 2: A first
    # gives d3 (A), d4 (B); B first gives d3 (B), d4 (A). Four coin sequences of 1/4.
    quarter = Fraction(1, 4)
    assert team_draft_distribution(A, B) == {
        Interleaving(("d1", "d2", "d3", "d4"), (0, 1, 0, 1)): quarter,
        Interleaving(("d1", "d2", "d3", "d4"), (0, 1, 1, 0)): quarter,
        Interleaving(("d2", "d1", "d3", "d4"), (1, 0, 0, 1)): quarter,
        Interleaving(("d2", "d1", "d3", "d4"), (1, 0, 1, 0)): quarter,
    }


def test_drafting_stops_when_a_ranker_runs_out():
    # B holds only d1. When A leads it shows d1, B has nothing left and the draft stops at
    # one document; when B leads it shows d1 and A adds d2.
    assert team_draft_distribution(["d1", "d2"], ["d1"], length=2) == {
        Interleaving(("d1",), (0,)): Fraction(1, 2),
        Interleaving(("d1", "d2"), (1, 0)): Fraction(1, 2)}


def _is_a_draft(rankings, shown: Interleaving) -> bool:
    """Each document is its team's best not-yet-shown one, and teams differ by at most one."""
    for i, (document, team) in enumerate(zip(shown.documents, shown.teams)):
        best = next(d for d in rankings[team] if d not in shown.documents[:i])
        if best != document:
            return False
    sizes = Counter(shown.teams)
    return max(sizes.values()) - min(sizes.get(j, 0) for j in range(len(rankings))) <= 1


def test_every_drafted_list_of_three_rankers_is_a_fair_draft():
    rankings = [list("abcd"), list("bdca"), list("dcab")]
    distribution = team_draft_multileave_distribution(rankings)
    assert sum(distribution.values()) == 1
    assert all(_is_a_draft(rankings, shown) for shown in distribution)
    # One round of 3! orders, then the 4th document: 6 * 3 orders, each 1/36 (some merge).
    assert all(p.denominator in (6, 12, 18, 36) for p in distribution.values())


def test_two_ranker_multileaving_is_team_draft_interleaving():
    for a in itertools.permutations("abc"):
        b = ("c", "a", "b")
        assert team_draft_multileave_distribution([a, b]) == team_draft_distribution(a, b)


def test_the_seeded_sampler_draws_the_exact_distribution(within_binomial):
    exact = team_draft_distribution(A, B)
    rng = np.random.default_rng(11)
    n = 2000
    drawn = Counter(team_draft_interleave(A, B, seed=rng) for _ in range(n))
    assert set(drawn) == set(exact)
    assert all(within_binomial(drawn[shown], n, p) for shown, p in exact.items())
    assert team_draft_multileave([A, B, A[::-1]], seed=4) == team_draft_multileave(
        [A, B, A[::-1]], seed=4)


def test_the_credit_counts_each_teams_clicks():
    shown = Interleaving(("d2", "d1", "d3", "d4"), (1, 0, 0, 1))
    assert team_draft_credit(shown, [1, 0, 1, 1]) == (1, 2)
    assert team_draft_outcome(shown, [1, 0, 1, 1]) == -1
    assert team_draft_outcome(shown, [0, 1, 0, 0]) == 1
    assert team_draft_outcome(shown, [1, 1, 0, 0]) == 0
    assert team_draft_credit(Interleaving(("a",), (0,)), [1], n_rankers=3) == (1, 0, 0)


def test_bad_input_is_refused():
    with pytest.raises(InvalidTypeError, match="teams"):
        team_draft_credit(Interleaving(("a",)), [1])
    with pytest.raises(InvalidValueError, match="at least 2 ranked lists"):
        team_draft_multileave([["a", "b"]])
