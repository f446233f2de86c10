"""URisk, TRisk and GeoRisk against independent computations in the test.

Expected values: exact fractions by hand for URisk (Wang et al. 2012; the TREC 2013 Web track's
definition, ndeval.c's macro ``RiskBased(r, b, a) = r >= b ? r - b : (a + 1) * (r - b)``);
scipy's paired t statistic of the risk-weighted differences for TRisk (Dincer, Macdonald and
Ounis, SIGIR 2014: URisk over its standard error); a GeoRisk written out here over a tiny
matrix in fractions, with math.erf for the normal distribution function (Dincer, Macdonald and
Ounis, SIGIR 2016, eqs. for e_ij, z_ij, ZRisk and GeoRisk). No published per-system numbers were
found to test against (the papers report TREC runs' values, not a reproducible example).
"""

from __future__ import annotations

import math
from fractions import Fraction as F

import numpy as np
import pytest
from scipy import stats

from rankbook import InvalidTypeError, InvalidValueError
from rankbook.stats import georisk, paired_t_test, risk_weighted_differences, trisk, urisk

RUN = [F(5, 10), F(2, 10), F(4, 10), F(6, 10), F(1, 10)]
BASE = [F(3, 10), F(5, 10), F(4, 10), F(5, 10), F(3, 10)]


def _urisk_by_hand(run, base, alpha):
    wins = sum(r - b for r, b in zip(run, base) if r > b)
    losses = sum(b - r for r, b in zip(run, base) if r < b)
    return (wins - (1 + F(alpha)) * losses) / len(run)


@pytest.mark.parametrize("alpha", [0, 1, 5, 10, F(1, 2)])
def test_urisk_is_wins_minus_weighted_losses_in_fractions(alpha):
    expected = _urisk_by_hand(RUN, BASE, alpha)
    got = urisk([float(v) for v in RUN], [float(v) for v in BASE], alpha=float(alpha))
    assert got == pytest.approx(float(expected), abs=1e-15)


def test_urisk_at_alpha_zero_is_the_mean_difference():
    rng = np.random.default_rng(3)
    x, y = rng.random(30), rng.random(30)
    assert urisk(x, y, alpha=0) == pytest.approx(float(np.mean(x - y)), abs=1e-15)


def test_urisk_falls_as_alpha_grows_when_there_are_losses_and_not_otherwise():
    values = [urisk(RUN, BASE, alpha=a) for a in (0, 1, 5)]
    assert values[0] > values[1] > values[2]
    better = [b + F(1, 10) for b in BASE]
    assert urisk(better, BASE, alpha=0) == urisk(better, BASE, alpha=10)


def test_per_topic_values_are_ndevals_risk_based_macro():
    # ndeval.c: RiskBased(r, b, a) ((r) >= (b) ? (r) - (b) : ((a)+1) * ((r)-(b)))
    alpha = 2.0
    expected = [r - b if r >= b else (alpha + 1) * (r - b) for r, b in zip(RUN, BASE)]
    got = risk_weighted_differences(RUN, BASE, alpha=alpha)
    assert got == pytest.approx([float(v) for v in expected], abs=1e-15)


@pytest.mark.parametrize("alpha", [0, 1, 5])
def test_trisk_is_the_t_statistic_of_the_weighted_differences(alpha):
    rng = np.random.default_rng(alpha)
    x, y = rng.random(50), rng.random(50)
    r = np.where(x - y < 0, (1 + alpha) * (x - y), x - y)
    expected = stats.ttest_1samp(r, 0.0).statistic
    assert trisk(x, y, alpha=alpha) == pytest.approx(expected, rel=1e-12)
    # the same as URisk over its standard error, scipy's sem (ddof 1)
    assert trisk(x, y, alpha=alpha) == pytest.approx(urisk(x, y, alpha=alpha) / stats.sem(r),
                                                     rel=1e-12)


def test_trisk_at_alpha_zero_is_the_paired_t_statistic_and_its_sign_follows_urisk():
    x, y = [0.5, 0.7, 0.4, 0.6, 0.2], [0.3, 0.4, 0.4, 0.3, 0.3]
    assert trisk(x, y, alpha=0) == pytest.approx(paired_t_test(x, y).statistic, rel=1e-12)
    for alpha in (0, 1, 5, 20):
        assert np.sign(trisk(x, y, alpha=alpha)) == np.sign(urisk(x, y, alpha=alpha))
    assert trisk(x, y, alpha=0) > 0 > trisk(x, y, alpha=20)


def test_trisk_zero_spread_follows_the_stats_convention():
    assert trisk([0.3, 0.4], [0.3, 0.4], alpha=1) == 0.0
    assert trisk([0.4, 0.5], [0.3, 0.4], alpha=1) == math.inf
    assert trisk([0.3, 0.4], [0.4, 0.5], alpha=1) == -math.inf


def _georisk_by_hand(columns, alpha):
    """Dincer et al. (2016), written out over fractions; Phi with math.erf."""
    systems = list(columns)
    c = len(columns[systems[0]])
    S = {s: sum(columns[s]) for s in systems}
    T = [sum(columns[s][i] for s in systems) for i in range(c)]
    N = sum(T)
    out = {}
    for s in systems:
        z_risk = 0.0
        for i in range(c):
            e = S[s] * T[i] / N
            z = 0.0 if e == 0 else float(columns[s][i] - e) / math.sqrt(e)  # the 0/0 rule
            z_risk += z if z >= 0 else (1 + alpha) * z
        phi = 0.5 * (1 + math.erf(z_risk / c / math.sqrt(2)))
        out[s] = math.sqrt(float(S[s]) / c * phi)
    return out


@pytest.mark.parametrize("alpha", [0, 1, 5])
def test_georisk_equals_the_papers_formula_by_hand(alpha):
    columns = {"A": [F(2, 10), F(4, 10), F(7, 10)], "B": [F(1, 10), F(6, 10), F(5, 10)],
               "C": [F(3, 10), F(3, 10), F(9, 10)]}
    expected = _georisk_by_hand(columns, alpha)
    got = georisk({s: [float(v) for v in col] for s, col in columns.items()}, alpha=alpha)
    assert list(got) == ["A", "B", "C"]
    for s in columns:
        assert got[s] == pytest.approx(expected[s], rel=1e-12)


def test_georisk_of_identical_systems_is_their_mean_times_one_half():
    # every z_ij = 0, so Phi(0) = 1/2 and GeoRisk = sqrt(mean / 2), whatever alpha
    same = [0.2, 0.5, 0.8, 0.1]
    for alpha in (0, 5):
        got = georisk({"A": same, "B": same, "C": same}, alpha=alpha)
        assert set(got) == {"A", "B", "C"}
        assert all(v == pytest.approx(math.sqrt(0.4 / 2), rel=1e-12) for v in got.values())


def test_georisk_topic_where_every_system_scores_zero_counts_zero():
    # e_ij = 0 there: z_ij = 0 (rankbook's convention, the paper leaves 0/0 open); the topic
    # still counts in c, so it lowers both factors of GeoRisk
    columns = {"A": [F(2, 10), F(4, 10), F(0)], "B": [F(1, 10), F(6, 10), F(0)]}
    got = georisk({s: [float(v) for v in col] for s, col in columns.items()}, alpha=1)
    expected = _georisk_by_hand(columns, 1)
    without = _georisk_by_hand({s: col[:2] for s, col in columns.items()}, 1)
    for s in columns:
        assert got[s] == pytest.approx(expected[s], rel=1e-12)
        assert got[s] < without[s]


def test_georisk_reads_a_table_and_drops_the_all_row():
    pd = pytest.importorskip("pandas")
    table = pd.DataFrame({"A": [0.2, 0.4, 0.3], "B": [0.1, 0.6, 0.35]}, index=["q1", "q2", "all"])
    assert georisk(table, alpha=1) == pytest.approx(
        georisk({"A": [0.2, 0.4], "B": [0.1, 0.6]}, alpha=1))


def test_pairing_by_topic():
    run = {"q2": 0.2, "q1": 0.5}
    base = {"q1": 0.3, "q2": 0.5}
    assert urisk(run, base, alpha=1) == pytest.approx((0.2 - 2 * 0.3) / 2)
    with pytest.raises(InvalidValueError, match="only in x"):
        urisk({"q1": 0.5, "q3": 0.1}, base, alpha=1)
    assert urisk({"q1": 0.5, "q3": 0.1}, base, alpha=1, topics="complete") == pytest.approx(
        (0.2 + 0.1 - 2 * 0.5) / 3)


@pytest.mark.parametrize("alpha", [-1, math.nan, math.inf])
def test_bad_alpha_is_refused_with_its_meaning(alpha):
    with pytest.raises(InvalidValueError, match="alpha must be a finite number in .0, inf.*risk"):
        urisk([0.1, 0.2], [0.2, 0.1], alpha=alpha)
    with pytest.raises(InvalidValueError, match="alpha"):
        georisk({"A": [0.1, 0.2], "B": [0.2, 0.1]}, alpha=alpha)


def test_alpha_must_be_given():
    with pytest.raises(TypeError, match="alpha"):
        urisk([0.1, 0.2], [0.2, 0.1])
    with pytest.raises(InvalidTypeError, match="alpha must be a number"):
        trisk([0.1, 0.2], [0.2, 0.1], alpha="1")


def test_georisk_refuses_negative_scores_naming_the_system():
    with pytest.raises(InvalidValueError, match=r"scores >= 0.*'B' scores -0.1 on topic number 2"):
        georisk({"A": [0.1, 0.2], "B": [0.2, -0.1]}, alpha=1)


def test_bad_scores_are_refused_as_in_the_paired_tests():
    with pytest.raises(InvalidValueError, match="at least 2 topics"):
        trisk([0.1], [0.2], alpha=1)      # a standard error needs two topics
    with pytest.raises(InvalidValueError, match="no score"):
        urisk([], [], alpha=1)


def test_one_topic_has_a_risk_weighted_difference():
    # ndeval prints RiskBased(r, b, a) for a single topic too: (1 + 1) * (0.1 - 0.3) by hand
    assert list(risk_weighted_differences([0.1], [0.3], alpha=1)) == [2 * (0.1 - 0.3)]
    assert urisk([0.1], [0.3], alpha=1) == 2 * (0.1 - 0.3)
    with pytest.raises(InvalidValueError, match="at least 2 systems"):
        georisk({"A": [0.1, 0.2]}, alpha=1)
