"""DIBRA's weight loop normalises the lists once (`_base_function`): the same doubles as `_base`.

`_base` is the plain definition (build the weighted profile, then `combined_scores`); the
loop's helper normalises the lists once per profile and only weighs and adds in each
iteration. Checked equal to the last bit on random profiles (lists of unequal length,
scores with ties) for every norm, CombSUM and CombMNZ, both conventions and random weights;
and DIBRA's results on FLAGR's sample data against pyflagr 1.0.18 stay where they were
(tests/pyflagr and tests/aggregate/test_aggregate_oracle_pyflagr.py).
"""

from __future__ import annotations

import random

import numpy as np
import pytest

from rankbook.aggregate._profile import make_profile
from rankbook.aggregate.dibra import _base, _base_function, _options
from rankbook.aggregate.normalization import NORMS


def random_profile(rng: random.Random):
    pool = [f"x{i}" for i in range(rng.choice([3, 12, 40]))]
    lists = []
    for _ in range(rng.choice([1, 4, 9])):
        chosen = rng.sample(pool, rng.randint(1, len(pool)))
        lists.append({item: float(rng.choice([1, 2, 2, 3.5, rng.uniform(0.1, 5)])) for item in chosen})
    return make_profile(lists)


@pytest.mark.parametrize("norm", sorted(NORMS))
@pytest.mark.parametrize("combine", ["combsum", "combmnz"])
@pytest.mark.parametrize("flagr", [False, True])
def test_the_loop_helper_equals_the_plain_base(norm, combine, flagr):
    rng = random.Random(f"{norm} {combine} {flagr}")
    numbers = 0       # cells that are numbers (FLAGR's 0/0 cases are NaN in both)
    for _ in range(15):
        profile = random_profile(rng)
        options = _options(f"{combine}:{norm}", 1.2, "minmax", "cosine", 0.01, 50, None,
                           0.3, 0.05, 5, flagr)
        base = _base_function(profile, options)
        for weights in ([1.0] * profile.n_lists,
                        [rng.choice([0.0, 0.1, 1.0, rng.random()]) for _ in range(profile.n_lists)]):
            w = np.array(weights)
            expected = _base(profile, w, options)
            got = base(w)
            assert got.shape == expected.shape == (profile.n_items,)
            assert np.array_equal(got, expected, equal_nan=True)
            numbers += int((~np.isnan(expected)).sum())
    assert numbers > 100


def test_a_majoritarian_base_goes_to_the_plain_base():
    rng = random.Random(3)
    profile = random_profile(rng)
    options = _options("copeland", 1.2, "minmax", "cosine", 0.01, 50, None, 0.3, 0.05, 5, True)
    w = np.linspace(0, 1, profile.n_lists)
    assert np.array_equal(_base_function(profile, options)(w), _base(profile, w, options))
