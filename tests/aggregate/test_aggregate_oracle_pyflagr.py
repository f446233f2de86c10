"""rankbook's convention="flagr" against pyflagr 1.0.18 (the oracle) on random partial lists.

Every method FLAGR has: CombSUM and CombMNZ with each of FLAGR's five norms, Borda,
SimpleBorda, Condorcet, Copeland, the outranking approach and (on tiny lists) Kemeny; the
Markov chains MC1-MC4 and MCT, RRA (Bonferroni and exact), PrefRel, Agglomerative and DIBRA
(without pruning, with "low" pruning and with WISE, on each of its thirteen base methods).
pyflagr prints scores with 6 decimals; the item order must be identical, ties included (FLAGR
breaks them by the number of lists, then item code, as rankbook does), except where FLAGR's
order depends on the last bit of sums it runs in its hash-table order (PrefRel: counted).
"""

from __future__ import annotations

import itertools
import math
import random

import numpy as np
import pytest
from flagr_oracle import AGGREGATORS, run
from pyflagr import RRA, MarkovChains, Weighted

from rankbook import aggregate as ag

OURS = {
    "combsum:borda": lambda l: ag.combsum(l, norm="borda", convention="flagr"),
    "combsum:rank": lambda l: ag.combsum(l, norm="rank", convention="flagr"),
    "combsum:score": lambda l: ag.combsum(l, norm="min_max", convention="flagr"),
    "combsum:z-score": lambda l: ag.combsum(l, norm="z_score", convention="flagr"),
    "combsum:simple-borda": lambda l: ag.combsum(l, norm="simple_borda", convention="flagr"),
    "combmnz:borda": lambda l: ag.combmnz(l, norm="borda", convention="flagr"),
    "combmnz:rank": lambda l: ag.combmnz(l, norm="rank", convention="flagr"),
    "combmnz:score": lambda l: ag.combmnz(l, norm="min_max", convention="flagr"),
    "combmnz:z-score": lambda l: ag.combmnz(l, norm="z_score", convention="flagr"),
    "combmnz:simple-borda": lambda l: ag.combmnz(l, norm="simple_borda", convention="flagr"),
    "borda": lambda l: ag.borda(l, convention="flagr"),
    "simple_borda": lambda l: ag.borda(l, unranked="zero", convention="flagr"),
    "condorcet": lambda l: ag.condorcet(l),
    "copeland": lambda l: ag.copeland(l, convention="flagr"),
    "outranking": lambda l: ag.outranking(l, convention="flagr"),
}
PROFILES = 12


def random_profile(rng: random.Random, n_items: int, n_lists: int, min_length: int = 2):
    """Partial lists with distinct random scores (no list has all scores equal)."""
    items = [f"x{k}" for k in range(n_items)]
    lists = []
    for _ in range(n_lists):
        chosen = rng.sample(items, rng.randint(min_length, n_items))
        scores = sorted(rng.sample(range(1, 1000), len(chosen)), reverse=True)
        lists.append({item: score / 100 for item, score in zip(chosen, scores)})
    return lists


def profiles(seed: int, count: int = PROFILES, max_items: int = 9):
    rng = random.Random(seed)
    return [random_profile(rng, rng.randint(2, max_items), rng.randint(1, 6))
            for _ in range(count)]


def assert_same(theirs, ours: dict) -> None:
    assert [item for item, _ in theirs] == list(ours)
    for (_, expected), got in zip(theirs, ours.values()):
        assert got == pytest.approx(expected, abs=1.5e-6)  # FLAGR prints 6 decimals


def test_every_flagr_method_of_part_1_is_compared():
    assert set(OURS) | {"kemeny"} == set(AGGREGATORS)


@pytest.mark.parametrize("name", sorted(OURS))
def test_random_partial_lists(name):
    cases = profiles(seed=sorted(OURS).index(name))
    assert len(cases) == PROFILES
    for lists in cases:
        assert_same(run(name, lists), OURS[name](lists))


@pytest.mark.parametrize("params", [
    dict(preference=0.1, veto=0.5, concordance=0.3, discordance=0.2),
    dict(preference=0.0, veto=0.3, concordance=0.5, discordance=0.0),
    dict(preference=0.2, veto=0.9, concordance=0.1, discordance=0.6),
])
def test_outranking_thresholds(params):
    for lists in profiles(seed=99, count=8):
        assert_same(run("outranking", lists, **params),
                    ag.outranking(lists, convention="flagr", **params))


def test_lists_whose_scores_are_all_equal_give_nan_as_in_flagr():
    # pyflagr 1.0.18 prints -nan for the items of a list without spread (0 / 0).
    lists = [{"a": 5.0, "b": 5.0, "c": 5.0}, {"c": 2.0, "a": 1.5, "e": 1.0}]
    for name, norm in (("combsum:score", "min_max"), ("combsum:z-score", "z_score")):
        theirs = dict(run(name, lists))
        ours = ag.combsum(lists, norm=norm, convention="flagr")
        assert {x for x, s in theirs.items() if math.isnan(s)} == \
            {x for x, s in ours.items() if math.isnan(s)} == {"a", "b", "c"}
        assert ours["e"] == pytest.approx(theirs["e"], abs=1.5e-6)
        # the textbook convention gives those items 0 from that list (ranx's rule)
        assert not any(math.isnan(s) for s in ag.combsum(lists, norm=norm).values())


def flagr_kemeny_objective(lists, order) -> float:
    """FLAGR's KemenyOptimal objective, written independently: the sum over lists of the
    fraction of the list's own pairs that ``order`` keeps in the list's order."""
    position = {item: p for p, item in enumerate(order)}
    total = 0.0
    for ranked in lists:
        items = list(ranked)
        pairs = list(itertools.combinations(items, 2))        # (higher, lower) in the list
        total += sum(position[a] < position[b] for a, b in pairs) / len(pairs)
    return total


def test_kemeny_on_tiny_lists_where_the_optimum_is_unique():
    # FLAGR keeps the first best order of its n! search, in its hash-table order; where
    # several orders are optimal that choice is not reproducible, so only unique optima
    # are compared (at least 10 of them).
    rng = random.Random(7)
    compared = 0
    while compared < 10:
        lists = random_profile(rng, rng.randint(3, 6), rng.randint(2, 5), min_length=2)
        items = sorted({item for ranked in lists for item in ranked})
        values = {order: flagr_kemeny_objective(lists, order)
                  for order in itertools.permutations(items)}
        best = max(values.values())
        optimal = [order for order, value in values.items() if math.isclose(value, best)]
        if len(optimal) != 1:
            continue
        theirs = run("kemeny", lists)
        ours = ag.kemeny(lists, convention="flagr")
        assert [item for item, _ in theirs] == list(optimal[0]) == list(ours)
        assert_same(theirs, ours)
        compared += 1


# Markov chains, RRA and the self-weighting methods --------------------------------------------

PART_TWO_PROFILES = 25


def id_profiles(seed: int, count: int = PART_TWO_PROFILES):
    """Partial lists of item ids (2+ items each: FLAGR's Agglomerative crashes on 1-item lists)."""
    rng = np.random.default_rng(seed)
    for _ in range(count):
        pool = [f"i{j:02d}" for j in range(int(rng.integers(4, 15)))]
        n_lists = int(rng.integers(2, 8))
        yield [list(rng.permutation(pool)[: int(rng.integers(2, len(pool) + 1))]) for _ in range(n_lists)]


def near_ties(scores) -> bool:
    values = sorted(scores.values())
    return any(b - a < 1e-9 and a != b for a, b in itertools.pairwise(values))


def same_scores_and_order(ours, theirs) -> bool:
    """Same items, same scores to 6 decimals (relative for FLAGR's wrapped billions); same order?"""
    assert set(ours) == {item for item, _ in theirs}
    for item, score in theirs:
        assert ours[item] == pytest.approx(score, abs=1.5e-6, rel=1e-9), item
    return list(ours) == [item for item, _ in theirs]


PART_TWO = {   # name: (pyflagr aggregator, rankbook method, its parameters)
    "MC1": (lambda: MarkovChains.MC1(eval_pts=10, max_iterations=50), ag.mc1, {"max_iterations": 50}),
    "MC2": (lambda: MarkovChains.MC2(eval_pts=10, max_iterations=50), ag.mc2, {"max_iterations": 50}),
    "MC3": (lambda: MarkovChains.MC3(eval_pts=10, max_iterations=50), ag.mc3, {"max_iterations": 50}),
    "MC4": (lambda: MarkovChains.MC4(eval_pts=10, max_iterations=50, ergodic_number=0.2), ag.mc4,
            {"max_iterations": 50, "ergodic_number": 0.2}),
    "MCT": (lambda: MarkovChains.MCT(eval_pts=10), ag.mct, {}),
    "RRA": (lambda: RRA.RRA(eval_pts=10, exact=False), ag.rra, {}),
    "PrefRel": (lambda: Weighted.PreferenceRelationsGraph(eval_pts=10, alpha=0.1, beta=0.5), ag.prefrel,
                {"alpha": 0.1, "beta": 0.5}),
    "PrefRel-a0.3": (lambda: Weighted.PreferenceRelationsGraph(eval_pts=10, alpha=0.3, beta=0.2),
                     ag.prefrel, {"alpha": 0.3, "beta": 0.2}),
    "Agglomerative": (lambda: Weighted.Agglomerative(eval_pts=10, c1=0.1, c2=0.2), ag.agglomerative,
                      {"c1": 0.1, "c2": 0.2}),
    "DIBRA": (lambda: Weighted.DIBRA(eval_pts=10, gamma=1.2), ag.dibra, {"gamma": 1.2}),
    "DIBRA-Prune": (lambda: Weighted.DIBRA(eval_pts=10, gamma=1.2, prune="low", d1=0.3, d2=0.05),
                    ag.dibra, {"gamma": 1.2, "prune": "low", "d1": 0.3, "d2": 0.05}),
    "DIBRA-Prune-WISE": (lambda: Weighted.DIBRA(eval_pts=10, gamma=1.2, prune="wire", num_buckets=5,
                                                d1=0.5, d2=1.0),
                         ag.dibra, {"gamma": 1.2, "prune": "wire", "num_buckets": 5, "d1": 0.5, "d2": 1.0}),
}

# FLAGR's PrefRel sums its edge weights in hash-table order (djb2 & 1023), so two
# mathematically equal scores can differ in the last bit there and not here.
HASH_ORDER_TIES = {"PrefRel", "PrefRel-a0.3"}


def test_the_parametrisation_covers_every_part_two_configuration():
    # The seed's cell 4 (shared seed 002): MC1-4, MCT, RRA(-Exact), PrefRel, Agglomerative, DIBRA x3.
    assert len(PART_TWO) == 12


@pytest.mark.parametrize("name", list(PART_TWO))
def test_markov_rra_and_self_weighting(name):
    make_oracle, method, params = PART_TWO[name]
    compared = unordered = 0
    for seed_offset, lists in enumerate(id_profiles(seed=sorted(PART_TWO).index(name))):
        ours = method(lists, convention="flagr", **params)
        same_order = same_scores_and_order(ours, run(make_oracle(), lists))
        compared += 1
        if not same_order and name in HASH_ORDER_TIES and near_ties(ours):
            unordered += 1
            continue
        assert same_order, (name, seed_offset, lists)
    assert compared == PART_TWO_PROFILES
    assert unordered <= 5   # such exact ties are rare: most profiles check the order too


def test_rra_exact_agrees_with_pyflagr_where_stuarts_recursion_is_still_stable():
    # With few lists the double-precision recursion FLAGR uses is accurate, so
    # pyflagr's RRA-Exact, rankbook's naive port and rankbook's stable form agree.
    rng = np.random.default_rng(7)
    for _ in range(10):
        pool = [f"i{j:02d}" for j in range(12)]
        lists = [list(rng.permutation(pool)[: int(rng.integers(3, 13))]) for _ in range(4)]
        theirs = run(RRA.RRA(eval_pts=10, exact=True), lists)
        for convention in ("flagr", "textbook"):
            ours = ag.rra_exact(lists, convention=convention)
            for item, score in theirs:
                assert ours[item] == pytest.approx(score, abs=1.5e-6)


DIBRA_BASES = ["combsum:borda", "combsum:rank", "combsum:score", "combsum:z-score",
               "combsum:simple-borda", "combmnz:borda", "combmnz:rank", "combmnz:score",
               "combmnz:z-score", "combmnz:simple-borda", "condorcet", "copeland", "outrank"]
PRUNING = {"none": {}, "low": {"prune": "low", "d1": 0.3, "d2": 0.05},
           "wire": {"prune": "wire", "num_buckets": 5, "d1": 0.5, "d2": 1.0}}


@pytest.mark.parametrize("pruning", list(PRUNING))
@pytest.mark.parametrize("base", DIBRA_BASES)
def test_dibra_on_each_of_flagrs_base_methods(base, pruning):
    # PyFLAGR's DIBRA offers 13 base methods (pyflagr/Weighted.py). Lists carry scores (|l|, ...,
    # 1) for the score norms. When two lists end a round with equal weights FLAGR divides 0 by 0
    # (its output is NaN or empty); rankbook uses 1 there (documented), so those are skipped.
    compared = 0
    for lists in id_profiles(seed=DIBRA_BASES.index(base), count=6):
        theirs = run(Weighted.DIBRA(eval_pts=10, gamma=1.2, aggregator=base, **PRUNING[pruning]), lists)
        if not theirs or any(math.isnan(score) for _, score in theirs):
            continue
        scored = [{item: float(len(ranked) - p) for p, item in enumerate(ranked)} for ranked in lists]
        ours = ag.dibra(scored, gamma=1.2, aggregator=base, convention="flagr", **PRUNING[pruning])
        assert same_scores_and_order(ours, theirs), (base, pruning, lists)
        compared += 1
    assert compared >= 4
