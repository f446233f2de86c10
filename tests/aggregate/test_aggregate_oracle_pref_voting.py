"""Borda, Copeland, Kemeny and Schulze against pref_voting 1.18.2 on random complete profiles.

pref_voting (Holliday & Pacuit) takes ballots over candidates 0..n-1 with voter counts;
rankbook gets the same ballots as lists of item ids with the counts as weights.
"""

from __future__ import annotations

import random

import pref_voting.margin_based_methods as margin_based
import pref_voting.other_methods as other_methods
import pytest
from pref_voting.profiles import Profile as VotingProfile

from rankbook import aggregate as ag
from rankbook.aggregate.kemeny_young import kemeny_distance, kemeny_matrix

# pref_voting's first elections take a few seconds (its set-up, paid by the first test).
pytestmark = pytest.mark.slow

CASES = 25


def random_elections(seed: int):
    rng = random.Random(seed)
    for _ in range(CASES):
        n = rng.randint(2, 6)
        ballots = [rng.sample(range(n), n) for _ in range(rng.randint(1, 7))]
        counts = [rng.randint(1, 9) for _ in ballots]
        yield n, ballots, counts


def as_lists(ballots):
    return [[f"c{c}" for c in ballot] for ballot in ballots]


def by_candidate(result: dict, n: int) -> dict:
    return {c: result[f"c{c}"] for c in range(n)}


def test_there_are_cases():
    assert len(list(random_elections(0))) == CASES


def test_borda_scores():
    for n, ballots, counts in random_elections(1):
        oracle = VotingProfile(ballots, counts).borda_scores()
        ours = by_candidate(ag.borda(as_lists(ballots), weights=counts), n)
        assert ours == {c: pytest.approx(v) for c, v in oracle.items()}


def test_copeland_scores():
    for n, ballots, counts in random_elections(2):
        oracle = VotingProfile(ballots, counts).copeland_scores()
        ours = by_candidate(ag.copeland(as_lists(ballots), weights=counts), n)
        assert ours == {c: pytest.approx(v) for c, v in oracle.items()}


def test_kemeny_optimal_order_and_distance():
    for n, ballots, counts in random_elections(3):
        rankings, distance = other_methods.kemeny_young_rankings(VotingProfile(ballots, counts))
        result = ag.kemeny(as_lists(ballots), weights=counts)
        order = tuple(int(item[1:]) for item in result)
        assert order in {tuple(r) for r in rankings}
        profile = ag.make_profile(as_lists(ballots), counts)
        positions = [profile.items.index(item) for item in result]
        assert kemeny_distance(kemeny_matrix(profile), positions) == distance


@pytest.mark.parametrize("strength", ["winning_votes", "margin"])
def test_schulze_defeats(strength):
    # pref_voting's beat_path_defeat is the relation P(x, y) > P(y, x) (margins); on complete
    # ballots winning votes give the same relation. rankbook's score counts the defeats.
    for n, ballots, counts in random_elections(4):
        voting = VotingProfile(ballots, counts)
        defeats = margin_based.beat_path_defeat(voting)
        oracle = {c: sum(1 for x, _ in defeats.edges if x == c) for c in range(n)}
        ours = by_candidate(ag.schulze(as_lists(ballots), weights=counts, strength=strength), n)
        assert ours == oracle
        winners = {f"c{c}" for c in margin_based.beat_path(voting)}
        best = max(ours.values())
        assert {f"c{c}" for c, s in ours.items() if s == best} == winners
