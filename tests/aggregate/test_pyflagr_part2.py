"""convention="flagr" against pyflagr 1.0.18 (the oracle pinned in the test extra).

Random partial-list profiles, one query each, for every method of part 2. The
scores must agree to pyflagr's 6 printed decimals and the aggregate order must be
the same. Where two items' scores differ by less than 1e-9 (mathematically equal),
FLAGR's order depends on the last bit of sums it runs in its hash-table order
(PrefRel); such profiles are left out of the order check and counted.
"""

from __future__ import annotations

import itertools

import numpy as np
import pyflagr_oracle as oracle
import pytest

from rankbook.aggregate.agglomerative import agglomerative
from rankbook.aggregate.dibra import dibra
from rankbook.aggregate.markov import mc1, mc2, mc3, mc4, mct
from rankbook.aggregate.prefrel import prefrel
from rankbook.aggregate.rra import rra

pyflagr_markov = pytest.importorskip("pyflagr.MarkovChains")
pyflagr_rra = pytest.importorskip("pyflagr.RRA")
pyflagr_weighted = pytest.importorskip("pyflagr.Weighted")

PROFILES = 25


def _profiles(seed: int):
    """Partial lists (2+ items each, so pyflagr never divides by an empty list)."""
    rng = np.random.default_rng(seed)
    for _ in range(PROFILES):
        pool = [f"i{j:02d}" for j in range(int(rng.integers(4, 15)))]
        n_lists = int(rng.integers(2, 8))
        yield [list(rng.permutation(pool)[: int(rng.integers(2, len(pool) + 1))]) for _ in range(n_lists)]


def _near_ties(scores) -> bool:
    values = sorted(scores.values())
    return any(b - a < 1e-9 and a != b for a, b in itertools.pairwise(values))


def _compare(ours, theirs):
    """Same items, same scores to 6 decimals (relative for FLAGR's wrapped billions), same order."""
    assert set(ours) == {item for item, _ in theirs}
    for item, score in theirs:
        assert ours[item] == pytest.approx(score, abs=1.5e-6, rel=1e-9), item
    return list(ours) == [item for item, _ in theirs]


CASES = {
    "MC1": (lambda: pyflagr_markov.MC1(eval_pts=10, max_iterations=50), mc1, {"max_iterations": 50}),
    "MC2": (lambda: pyflagr_markov.MC2(eval_pts=10, max_iterations=50), mc2, {"max_iterations": 50}),
    "MC3": (lambda: pyflagr_markov.MC3(eval_pts=10, max_iterations=50), mc3, {"max_iterations": 50}),
    "MC4": (lambda: pyflagr_markov.MC4(eval_pts=10, max_iterations=50, ergodic_number=0.2), mc4,
            {"max_iterations": 50, "ergodic_number": 0.2}),
    "MCT": (lambda: pyflagr_markov.MCT(eval_pts=10), mct, {}),
    "RRA": (lambda: pyflagr_rra.RRA(eval_pts=10, exact=False), rra, {}),
    "PrefRel": (lambda: pyflagr_weighted.PreferenceRelationsGraph(eval_pts=10, alpha=0.1, beta=0.5), prefrel,
                {"alpha": 0.1, "beta": 0.5}),
    "PrefRel-a0.3": (lambda: pyflagr_weighted.PreferenceRelationsGraph(eval_pts=10, alpha=0.3, beta=0.2),
                     prefrel, {"alpha": 0.3, "beta": 0.2}),
    "Agglomerative": (lambda: pyflagr_weighted.Agglomerative(eval_pts=10, c1=0.1, c2=0.2), agglomerative,
                      {"c1": 0.1, "c2": 0.2}),
    "DIBRA": (lambda: pyflagr_weighted.DIBRA(eval_pts=10, gamma=1.2), dibra, {"gamma": 1.2}),
    "DIBRA-Prune": (lambda: pyflagr_weighted.DIBRA(eval_pts=10, gamma=1.2, prune="low", d1=0.3, d2=0.05),
                    dibra, {"gamma": 1.2, "prune": "low", "d1": 0.3, "d2": 0.05}),
    "DIBRA-Prune-WISE": (lambda: pyflagr_weighted.DIBRA(eval_pts=10, gamma=1.2, prune="wire", num_buckets=5,
                                                        d1=0.5, d2=1.0),
                         dibra, {"gamma": 1.2, "prune": "wire", "num_buckets": 5, "d1": 0.5, "d2": 1.0}),
}


# FLAGR's PrefRel sums its edge weights in hash-table order (djb2 & 1023), so two
# mathematically equal scores can differ in the last bit there and not here.
HASH_ORDER_TIES = {"PrefRel", "PrefRel-a0.3"}


@pytest.mark.parametrize("name", list(CASES))
def test_flagr_convention_matches_pyflagr_1_0_18(name):
    make_oracle, method, params = CASES[name]
    compared = unordered = 0
    for seed_offset, lists in enumerate(_profiles(seed=sorted(CASES).index(name))):
        ours = method(lists, convention="flagr", **params)
        same_order = _compare(ours, oracle.run(make_oracle(), lists))
        compared += 1
        if not same_order and name in HASH_ORDER_TIES and _near_ties(ours):
            unordered += 1
            continue
        assert same_order, (name, seed_offset, lists)
    assert compared == PROFILES
    assert unordered <= 5   # such exact ties are rare: most profiles check the order too


def test_the_parametrisation_covers_every_part_two_configuration():
    # The seed's cell 4 (shared seed 002): MC1-4, MCT, RRA(-Exact), PrefRel, Agglomerative, DIBRA x3.
    assert len(CASES) == 12


def test_rra_exact_agrees_with_pyflagr_where_stuarts_recursion_is_still_stable():
    # With few lists the double-precision recursion FLAGR uses is accurate, so
    # pyflagr's RRA-Exact, rankbook's naive port and rankbook's stable form agree.
    rng = np.random.default_rng(7)
    for _ in range(10):
        pool = [f"i{j:02d}" for j in range(12)]
        lists = [list(rng.permutation(pool)[: int(rng.integers(3, 13))]) for _ in range(4)]
        theirs = oracle.run(pyflagr_rra.RRA(eval_pts=10, exact=True), lists)
        for convention in ("flagr", "textbook"):
            ours = rra(lists, exact=True, convention=convention)
            for item, score in theirs:
                assert ours[item] == pytest.approx(score, abs=1.5e-6)
