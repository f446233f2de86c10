"""Dowdall's harmonic Borda (points 1/r): exact fractions, pref_voting 1.18.2's winners, and RRF k=0.

pref_voting's ``scoring_methods.dowdall`` (Holliday & Pacuit; its docstring cites Fraenkel &
Grofman 2014 for Nauru's rule) returns the candidates of greatest score, which rankbook's
first items must be. The Tennessee profile is Wikipedia's "Borda count" example, as on the
positional page; its scores are computed here with exact fractions.
"""

from __future__ import annotations

import random
from fractions import Fraction

import pytest
from pref_voting.profiles import Profile as VotingProfile
from pref_voting.scoring_methods import dowdall as oracle_dowdall

from rankbook import InvalidValueError
from rankbook import aggregate as ag

TENNESSEE = [["Mem", "Nash", "Chat", "Knox"], ["Nash", "Chat", "Knox", "Mem"],
             ["Chat", "Knox", "Nash", "Mem"], ["Knox", "Chat", "Nash", "Mem"]]
VOTERS = [42, 26, 15, 17]


def test_tennessee_against_exact_fractions():
    exact = {}
    for ballot, voters in zip(TENNESSEE, VOTERS):
        for rank, city in enumerate(ballot, 1):
            exact[city] = exact.get(city, 0) + Fraction(voters, rank)
    assert exact == {"Nash": Fraction(173, 3), "Mem": Fraction(113, 2),
                     "Chat": Fraction(101, 2), "Knox": Fraction(131, 3)}
    ours = ag.dowdall(TENNESSEE, weights=VOTERS)
    assert list(ours) == ["Nash", "Mem", "Chat", "Knox"]
    assert ours == {city: pytest.approx(float(value), abs=1e-12) for city, value in exact.items()}


def test_winners_match_pref_voting():
    # pref_voting adds floats, so an exact tie (c0 and c3 at 14 1/3) may come out as one winner;
    # the winners are checked against exact fractions, and against pref_voting where unique.
    rng = random.Random(19)
    unique = 0
    for _ in range(40):
        n = rng.randint(2, 6)
        ballots = [rng.sample(range(n), n) for _ in range(rng.randint(1, 7))]
        counts = [rng.randint(1, 9) for _ in ballots]
        exact = [sum(Fraction(k, b.index(c) + 1) for b, k in zip(ballots, counts))
                 for c in range(n)]
        expected = [c for c in range(n) if exact[c] == max(exact)]
        ours = ag.dowdall([[f"c{c}" for c in b] for b in ballots], weights=counts)
        best = max(ours.values())
        assert sorted(int(c[1:]) for c, s in ours.items() if s > best - 1e-9) == expected
        assert all(ours[f"c{c}"] == pytest.approx(float(exact[c]), abs=1e-12) for c in range(n))
        if len(expected) == 1:
            unique += 1
            assert oracle_dowdall(VotingProfile(ballots, counts)) == expected
    assert unique >= 30


def test_partial_lists_are_rrf_with_k_zero():
    lists = [["a", "b", "c"], ["c", "d"], ["b"]]
    assert list(ag.dowdall(lists)) == ["b", "c", "a", "d"]   # 1/2 + 1, 1/3 + 1, 1, 1/2
    assert ag.dowdall(lists) == pytest.approx({"b": 1.5, "c": 4 / 3, "a": 1.0, "d": 0.5})
    assert ag.dowdall(lists) == pytest.approx(ag.rrf(lists, k=0))


def test_flagr_convention_is_refused():
    with pytest.raises(InvalidValueError, match="dowdall"):
        ag.dowdall([["a", "b"]], convention="flagr")
