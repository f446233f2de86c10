"""alternative="greater"/"less" of the paired tests, against scipy as the oracle.

scipy.stats.ttest_rel, wilcoxon and permutation_test (permutation_type="samples", every
sign pattern) take the same ``alternative`` with the same meaning (x - y greater or less
than 0). The bootstrap test's one-sided form is checked against Sakai's loop in
test_bootstrap_test.py.
"""

from __future__ import annotations

import numpy as np
import pytest
from scipy import stats

from rankbook import InvalidValueError
from rankbook.stats import paired_t_test, randomization_test, registry, wilcoxon_test

ALTERNATIVES = ["two-sided", "greater", "less"]
PAIRED = [entry.function for entry in registry.TESTS.values() if entry.kind == "paired"]


def _pair(seed, n=12, decimals=None):
    rng = np.random.default_rng(seed)
    x, y = rng.random(n), rng.random(n) * 0.8
    return (x, y) if decimals is None else (np.round(x, decimals), np.round(y, decimals))


@pytest.mark.parametrize("alternative", ALTERNATIVES)
@pytest.mark.parametrize("seed", range(4))
def test_paired_t_matches_scipy(alternative, seed):
    x, y = _pair(seed)
    r = paired_t_test(x, y, alternative=alternative, confidence=0.9)
    ref = stats.ttest_rel(x, y, alternative=alternative)
    assert r.pvalue == pytest.approx(ref.pvalue, rel=1e-12)
    assert r.statistic == pytest.approx(ref.statistic, rel=1e-12)
    assert r.confidence_interval == pytest.approx(tuple(ref.confidence_interval(0.9)), rel=1e-12)
    assert r.alternative == alternative


@pytest.mark.parametrize("alternative", ALTERNATIVES)
@pytest.mark.parametrize("method,correction", [("exact", False), ("approx", False),
                                               ("approx", True)])
def test_wilcoxon_matches_scipy(alternative, method, correction):
    x, y = _pair(3, n=14)  # no ties, no zeros: scipy's exact test is exact here
    r = wilcoxon_test(x, y, alternative=alternative, method=method, correction=correction)
    ref = stats.wilcoxon(np.round(x - y, 12), alternative=alternative, method=method,
                         correction=correction)
    assert r.statistic == ref.statistic
    assert r.pvalue == pytest.approx(ref.pvalue, rel=1e-12)


@pytest.mark.parametrize("alternative", ALTERNATIVES)
@pytest.mark.parametrize("seed", range(3))
def test_exact_randomization_matches_scipy(alternative, seed):
    x, y = _pair(seed, n=10, decimals=2)  # ties between sign patterns happen
    r = randomization_test(x, y, alternative=alternative)
    ref = stats.permutation_test((x, y), lambda a, b, axis: np.mean(a - b, axis=axis),
                                 permutation_type="samples", vectorized=True,
                                 n_resamples=np.inf, alternative=alternative)
    assert r.exact and r.pvalue == pytest.approx(ref.pvalue, rel=1e-12)


def test_sampled_randomization_one_sided_counts_one_tail():
    x, y = _pair(8, n=30)
    exact_greater = stats.ttest_rel(x, y, alternative="greater").pvalue  # rough guide only
    r = randomization_test(x, y, alternative="greater", n_resamples=20000, seed=1)
    two = randomization_test(x, y, n_resamples=20000, seed=1)
    assert not r.exact and r.count <= two.count
    assert abs(r.pvalue - exact_greater) < 0.05


@pytest.mark.parametrize("test", PAIRED)
def test_one_sided_p_values_of_the_two_tails_add_up(test):
    # P(S >= s) + P(S <= s) = 1 + P(S = s): at least 1, and the tails swap with the systems
    x, y = _pair(5)
    greater, less = test(x, y, alternative="greater"), test(x, y, alternative="less")
    assert greater.pvalue + less.pvalue >= 1 - 1e-9
    assert test(y, x, alternative="less").pvalue == pytest.approx(greater.pvalue, abs=0.02)


@pytest.mark.parametrize("test", PAIRED)
def test_identical_systems_give_p_1_under_every_alternative(test):
    x = [0.2, 0.5, 0.9, 0.1]
    assert [test(x, x, alternative=a).pvalue for a in ALTERNATIVES] == [1.0, 1.0, 1.0]


@pytest.mark.parametrize("test", PAIRED)
def test_an_unknown_alternative_is_refused(test):
    with pytest.raises(InvalidValueError, match="alternative"):
        test([0.1, 0.2], [0.2, 0.1], alternative="two_sided")


def test_the_registry_says_which_tests_take_alternative():
    import inspect

    for entry in registry.TESTS.values():
        takes = "alternative" in inspect.signature(entry.function).parameters
        assert takes == entry.alternative, entry.name
