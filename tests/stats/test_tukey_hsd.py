"""tukey_hsd: Sakai's effect sizes, scipy's and statsmodels' Tukey HSD, randomised Tukey checks."""

from __future__ import annotations

import itertools
import math

import numpy as np
import pytest
from scipy import stats
from statsmodels.sandbox.stats.multicomp import tukeyhsd as statsmodels_tukeyhsd
from statsmodels.stats.multicomp import pairwise_tukeyhsd

from rankbook.stats import randomization_test, tukey_hsd, two_way_anova

# scipy.stats.tukey_hsd docstring (scipy 1.17): time to relief of three headache medicines.
HEADACHE = {
    "group0": [24.5, 23.5, 26.4, 27.1, 29.9],
    "group1": [28.4, 34.2, 29.5, 32.2, 30.1],
    "group2": [26.1, 28.3, 24.3, 26.2, 27.8],
}


def test_sakai_effect_sizes(sakai):
    # Published (Sakai 2015, as printed in elinor's tukey_hsd_test.rs): 0.5070, 0.6760, 0.1690.
    for method in ("two_way", "randomized"):
        r = tukey_hsd(sakai, method=method, n_resamples=100)
        assert [c.effect_size for c in r.comparisons] == pytest.approx(
            [0.5070, 0.6760, 0.1690], abs=5e-5)
        assert r.residual_variance == pytest.approx(0.0219, abs=5e-5)


def test_scipy_docstring_one_way():
    # Printed there: (0 - 1) -4.600 p 0.014 CI [-8.249, -0.951]; (0 - 2) -0.260 p 0.980
    # CI [-3.909, 3.389]; (1 - 2) 4.340 p 0.020 CI [0.691, 7.989]; at 99%: (0 - 1)
    # [-9.480, 0.280], (0 - 2) [-5.140, 4.620], (1 - 2) [-0.540, 9.220].
    r = tukey_hsd(HEADACHE, method="one_way")
    printed = [(-4.600, 0.014, -8.249, -0.951), (-0.260, 0.980, -3.909, 3.389),
               (4.340, 0.020, 0.691, 7.989)]
    for c, (diff, p, low, high) in zip(r.comparisons, printed):
        assert c.difference == pytest.approx(diff, abs=5e-4)
        assert c.pvalue == pytest.approx(p, abs=5e-4)
        assert c.confidence_interval == pytest.approx((low, high), abs=5e-4)
    r99 = tukey_hsd(HEADACHE, method="one_way", confidence=0.99)
    assert [v for c in r99.comparisons for v in c.confidence_interval] == pytest.approx(
        [-9.480, 0.280, -5.140, 4.620, -0.540, 9.220], abs=5e-4)


@pytest.mark.parametrize("seed", range(4))
def test_one_way_matches_scipy_and_statsmodels(seed):
    rng = np.random.default_rng(seed)
    n, m = int(rng.integers(3, 25)), int(rng.integers(2, 7))
    matrix = rng.random((n, m))
    ours = tukey_hsd({j: matrix[:, j] for j in range(m)}, method="one_way")
    ref = stats.tukey_hsd(*matrix.T)
    ci = ref.confidence_interval(0.95)
    groups = np.repeat(np.arange(m), n)
    sm = pairwise_tukeyhsd(matrix.T.ravel(), groups)
    assert len(ours.comparisons) == len(sm.pvalues) == m * (m - 1) // 2
    for k, c in enumerate(ours.comparisons):
        i, j = c.system_a, c.system_b
        assert c.difference == pytest.approx(ref.statistic[i, j], rel=1e-10)
        assert c.pvalue == pytest.approx(ref.pvalue[i, j], rel=1e-6, abs=1e-12)
        assert c.confidence_interval == pytest.approx((ci.low[i, j], ci.high[i, j]), rel=1e-8)
        assert c.pvalue == pytest.approx(sm.pvalues[k], rel=1e-6, abs=1e-12)
        assert -c.difference == pytest.approx(sm.meandiffs[k], rel=1e-10)  # b - a there


@pytest.mark.parametrize("seed", range(4))
def test_two_way_matches_statsmodels_tukeyhsd_with_the_anova_residual(seed):
    # statsmodels' tukeyhsd(mean_all, nobs_all, var_all, df) with V_E and (m-1)(n-1) degrees
    # of freedom (given as per-group dfs that sum to it) is Sakai's two-way Tukey HSD.
    rng = np.random.default_rng(seed)
    n, m = int(rng.integers(3, 30)), int(rng.integers(2, 7))
    matrix = rng.random((n, m)) + rng.random((n, 1))
    scores = {j: matrix[:, j] for j in range(m)}
    ours = tukey_hsd(scores)
    anova = two_way_anova(scores)
    df_e = (m - 1) * (n - 1)
    out = statsmodels_tukeyhsd(matrix.mean(axis=0), n, anova.ms_residual,
                               df=np.full(m, df_e / m), alpha=0.05)
    meandiffs, confint, pvalues = out[2], out[4], out[8]
    assert ours.df == df_e
    for k, c in enumerate(ours.comparisons):
        assert -c.difference == pytest.approx(meandiffs[k], rel=1e-10)
        assert c.pvalue == pytest.approx(pvalues[k], rel=1e-6, abs=1e-12)
        low, high = c.confidence_interval
        assert (-high, -low) == pytest.approx(tuple(confint[k]), rel=1e-8)


def test_two_systems_randomized_approaches_the_exact_randomization_test(sakai):
    # With two systems, permuting a topic's two scores is flipping the sign of its
    # difference: randomised Tukey HSD is Fisher's randomisation test (exact 0.0659).
    exact = randomization_test(sakai["A"], sakai["B"]).pvalue
    B = 100_000
    r = tukey_hsd({"A": sakai["A"], "B": sakai["B"]}, method="randomized", n_resamples=B)
    assert abs(r.comparisons[0].pvalue - exact) < 4 * math.sqrt(exact * (1 - exact) / B)


def _exact_randomized_tukey(matrix: np.ndarray) -> list[float]:
    """Enumerate every within-topic permutation: the exact randomised Tukey p-values."""
    n, m = matrix.shape
    means = matrix.mean(axis=0)
    pairs = list(itertools.combinations(range(m), 2))
    per_topic = [[row[list(p)] for p in itertools.permutations(range(m))] for row in matrix]
    hits, total = np.zeros(len(pairs)), 0
    for choice in itertools.product(*per_topic):
        permuted = np.mean(choice, axis=0)
        spread = permuted.max() - permuted.min()
        hits += [spread >= abs(means[i] - means[j]) - 1e-12 for i, j in pairs]
        total += 1
    return list(hits / total)


def test_randomized_approaches_full_enumeration():
    matrix = np.array([[0.2, 0.5, 0.4], [0.1, 0.6, 0.3], [0.3, 0.9, 0.5], [0.0, 0.4, 0.2]])
    exact = _exact_randomized_tukey(matrix)  # (3!)^4 = 1296 permutations
    B = 50_000
    r = tukey_hsd({j: matrix[:, j] for j in range(3)}, method="randomized", n_resamples=B)
    for c, p in zip(r.comparisons, exact):
        assert abs(c.pvalue - p) < 4 * math.sqrt(max(p * (1 - p), 1 / B) / B) + 1 / B


def test_randomized_same_seed_same_pvalues(sakai):
    first = tukey_hsd(sakai, method="randomized", seed=4)
    assert tukey_hsd(sakai, method="randomized", seed=4) == first
    assert tukey_hsd(sakai, method="randomized", seed=5) != first
    assert first.n_resamples == 10_000
    assert all(c.confidence_interval is None for c in first.comparisons)


def test_paired_two_way_is_more_powerful_than_one_way_on_sakai(sakai):
    # Topic variation (S_B = 1.0293 of 1.9693) inflates the one-way residual.
    two_way, one_way = tukey_hsd(sakai), tukey_hsd(sakai, method="one_way")
    assert one_way.residual_variance > two_way.residual_variance
    for paired, unpaired in zip(two_way.comparisons, one_way.comparisons):
        assert paired.pvalue < unpaired.pvalue


def test_comparison_lookup_in_either_order(sakai):
    r = tukey_hsd(sakai)
    ab, ba = r.comparison("A", "B"), r.comparison("B", "A")
    assert ba.difference == -ab.difference and ba.pvalue == ab.pvalue
    assert ba.confidence_interval == (-ab.confidence_interval[1], -ab.confidence_interval[0])
    frame = r.to_frame()
    assert list(frame.columns) == ["system_a", "system_b", "difference", "effect_size",
                                   "pvalue", "ci_low", "ci_high"]
    assert len(frame) == 3


@pytest.mark.parametrize("method", ["two_way", "one_way", "randomized"])
def test_identical_systems(method):
    x = [0.2, 0.6, 0.1, 0.9]
    r = tukey_hsd({"A": x, "B": list(x), "C": list(x)}, method=method, n_resamples=200)
    for c in r.comparisons:
        assert (c.difference, c.effect_size, c.pvalue) == (0.0, 0.0, 1.0)
