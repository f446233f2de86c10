"""Counterfactual estimates: IPS is unbiased exactly (by enumeration of the click patterns) and
in a seeded simulation; the naive click count is not; SNIPS estimates the per-document mean."""

from __future__ import annotations

import math
from fractions import Fraction as F

import numpy as np
import pytest

import rankbook as rb
from rankbook import InvalidValueError
from rankbook.online import (
    click_pattern_probabilities,
    ips_estimate,
    pbm,
    position_based_propensities,
    sample_clicks,
    snips_estimate,
)

LOGGED = ["d1", "d2", "d3", "d4", "d5"]
GRADES = {"d1": 0, "d2": 1, "d3": 0, "d4": 1, "d5": 1}
NEW = ["d4", "d5", "d2", "d1", "d3"]       # the relevant documents first


def test_propensities_by_hand():
    assert position_based_propensities(3, eta=2) == [1, F(1, 4), F(1, 9)]
    assert position_based_propensities(2, eta=0) == [1, 1]
    assert position_based_propensities(2, eta=0.5) == pytest.approx([1, 2 ** -0.5])


def test_ips_is_unbiased_exactly_over_every_click_pattern():
    gamma = position_based_propensities(5)
    alpha = {0: F(1, 10), 1: F(9, 10)}
    patterns = click_pattern_probabilities(pbm(alpha, gamma), [GRADES[d] for d in LOGGED])
    # "rank" utility: E[IPS] = sum over documents of alpha * rank in NEW, by hand:
    # d4 1, d5 2, d2 3 (alpha 9/10), d1 4, d3 5 (alpha 1/10).
    expected = sum(p * ips_estimate([LOGGED], [list(c)], gamma, [NEW], utility="rank")
                   for c, p in patterns.items())
    assert expected == F(9, 10) * (1 + 2 + 3) + F(1, 10) * (4 + 5)
    # "dcg" utility: the DCG of NEW with the attractiveness as gains (rankbook's dcg_at_k).
    expected = sum(p * ips_estimate([LOGGED], [list(c)], gamma, [NEW]) for c, p in patterns.items())
    gains = [float(alpha[GRADES[d]]) for d in NEW]
    assert float(expected) == pytest.approx(rb.dcg_at_k(gains), abs=1e-12)


def _simulated_log(n_queries: int, seed: int):
    """A log of one query template, clicks from the PBM with gamma_r = 1/r."""
    gamma = position_based_propensities(5)
    model = pbm({0: 0.1, 1: 0.9}, gamma)
    clicks = sample_clicks(model, [GRADES[d] for d in LOGGED], size=n_queries, seed=seed)
    return [LOGGED] * n_queries, [list(c) for c in clicks], gamma, [NEW] * n_queries


def test_ips_finds_the_true_dcg_in_a_seeded_simulation():
    logged, clicks, gamma, new = _simulated_log(2000, seed=17)
    truth = rb.dcg_at_k([0.9 if GRADES[d] else 0.1 for d in NEW])
    terms = np.array(ips_estimate(logged, clicks, gamma, new, per_query=True), dtype=float)
    estimate = ips_estimate(logged, clicks, gamma, new)
    standard_error = terms.std(ddof=1) / math.sqrt(len(terms))
    assert abs(estimate - truth) < 4 * standard_error
    # Counting clicks as if every rank were examined underestimates it by far.
    naive = ips_estimate(logged, clicks, [1] * 5, new)
    assert truth - naive > 20 * standard_error


def test_snips_finds_the_utility_per_attractive_document():
    logged, clicks, gamma, new = _simulated_log(2000, seed=18)
    gains = [0.9 if GRADES[d] else 0.1 for d in NEW]
    target = rb.dcg_at_k(gains) / sum(gains)
    estimate = snips_estimate(logged, clicks, gamma, new)
    # Delta-method standard error of a ratio of sums: per query x = sum(lambda / gamma),
    # w = sum(1 / gamma).
    weights = np.array(ips_estimate(logged, clicks, gamma, new, per_query=True,
                                    utility=lambda rank: 1), dtype=float)
    values = np.array(ips_estimate(logged, clicks, gamma, new, per_query=True), dtype=float)
    standard_error = np.sqrt(np.sum((values - estimate * weights) ** 2)) / weights.sum()
    assert abs(estimate - target) < 4 * standard_error


def test_a_small_log_by_hand():
    # Clicks on d3 (rank 3, gamma 1/3) and d1 (rank 1): new ranks 1 and 2.
    logged, new = [["d1", "d2", "d3"]], [["d3", "d1", "d2"]]
    gamma = [1, F(1, 2), F(1, 3)]
    assert ips_estimate(logged, [[1, 0, 1]], gamma, new, utility="rank") == 3 * 1 + 1 * 2
    assert snips_estimate(logged, [[1, 0, 1]], gamma, new, utility="rank") == F(5, 4)


def test_bad_logs_are_refused():
    logged, new = [["d1", "d2"]], [["d2", "d1"]]
    with pytest.raises(InvalidValueError, match="propensity > 0"):
        ips_estimate(logged, [[0, 1]], [1, 0], new)
    with pytest.raises(InvalidValueError, match="one entry per query"):
        ips_estimate(logged, [[0, 1], [1, 0]], [1, 1], new)
    with pytest.raises(InvalidValueError, match="needs every clicked document"):
        ips_estimate(logged, [[1, 0]], [1, 1], [["d2"]], utility="rank")
    with pytest.raises(InvalidValueError, match="no click"):
        snips_estimate(logged, [[0, 0]], [1, 1], new)
    with pytest.raises(InvalidValueError, match="utility"):
        ips_estimate(logged, [[0, 1]], [1, 1], new, utility="ndcg")
    assert ips_estimate(logged, [[1, 0]], [1, 1], [["d2"]]) == 0     # d1 is not in the new list
