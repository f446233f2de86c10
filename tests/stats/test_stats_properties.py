"""Properties every significance test shares: p-values in [0, 1], symmetric in x and y, no NaN."""

from __future__ import annotations

import dataclasses
import math

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from rankbook.stats import (
    bootstrap_test,
    paired_t_test,
    randomization_test,
    tukey_hsd,
    two_way_anova,
    wilcoxon_test,
)

TWO_SYSTEM_TESTS = {
    "t": paired_t_test,
    "wilcoxon": wilcoxon_test,
    "randomization": lambda x, y: randomization_test(x, y, n_resamples=None if len(x) <= 12
                                                     else 2000),
    "bootstrap": lambda x, y: bootstrap_test(x, y, n_resamples=2000),
}
assert len(TWO_SYSTEM_TESTS) == 4

# AP-like scores: many exact ties and zeros, identical systems and constant shifts included
scores = st.sampled_from([0.0, 0.1, 0.25, 1 / 3, 0.5, 0.75, 1.0])
pairs = st.integers(2, 20).flatmap(lambda n: st.one_of(
    st.tuples(st.lists(scores, min_size=n, max_size=n), st.lists(scores, min_size=n, max_size=n)),
    st.lists(scores, min_size=n, max_size=n).map(lambda x: (x, list(x))),
    st.lists(scores, min_size=n, max_size=n).map(lambda x: (x, [v + 0.1 for v in x])),
))


def _floats(result):
    values = []
    for value in dataclasses.astuple(result):
        values.extend(value if isinstance(value, tuple) else [value])
    return [v for v in values if isinstance(v, float)]


@settings(max_examples=80, deadline=None)
@given(pair=pairs)
def test_two_system_tests_share_their_properties(pair):
    x, y = pair
    for name, test in TWO_SYSTEM_TESTS.items():
        xy, yx = test(x, y), test(y, x)
        assert 0.0 <= xy.pvalue <= 1.0, name
        assert math.isclose(xy.pvalue, yx.pvalue, rel_tol=1e-9, abs_tol=1e-12), name
        assert not any(math.isnan(v) for v in _floats(xy)), (name, xy)
        if x == y:
            assert xy.pvalue == 1.0, name


matrices = st.tuples(st.integers(2, 8), st.integers(2, 5)).flatmap(
    lambda shape: st.lists(scores, min_size=shape[0] * shape[1], max_size=shape[0] * shape[1])
    .map(lambda v: np.array(v).reshape(shape)))


@settings(max_examples=12, deadline=None)  # scipy's studentized_range: ~0.4 s an example
@given(matrix=matrices)
def test_multi_system_functions_give_pvalues_in_unit_interval_and_no_nan(matrix):
    systems = {f"s{j}": matrix[:, j] for j in range(matrix.shape[1])}
    anova = two_way_anova(systems)
    assert 0 <= anova.pvalue_systems <= 1 and 0 <= anova.pvalue_topics <= 1
    assert not any(math.isnan(v) for v in _floats(anova))
    for method in ("two_way", "one_way", "randomized"):
        result = tukey_hsd(systems, method=method, n_resamples=200)
        for c in result.comparisons:
            assert 0 <= c.pvalue <= 1, method
            assert not math.isnan(c.effect_size), method
        reversed_order = tukey_hsd(dict(reversed(list(systems.items()))), method=method,
                                   n_resamples=200)
        if method != "randomized":  # the permutations depend on the column order
            for c in result.comparisons:
                swapped = reversed_order.comparison(c.system_a, c.system_b)
                assert math.isclose(swapped.pvalue, c.pvalue, rel_tol=1e-9, abs_tol=1e-12)
