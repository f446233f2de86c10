"""LAG and mean LAG (rankbook.metrics.lag).

Expected values: the seed's example (the ArDoCo rank-metrics calculator's wiki page,
https://github.com/ArDoCo/Metrics/wiki/Rank-Metrics: "ranked at position 3 [...] the lag
for that item is 2"), exact fractions worked by hand, and a brute-force oracle that counts,
for each relevant item, the non-relevant items above it one pair at a time.
The "item" average follows ArDoCo's calculateLAG (ArDoCo/Metrics,
calculator/.../calculation/RankMetrics.kt): one sum of lags and one count of
relevant items across all lists.
"""

from __future__ import annotations

import math
from fractions import Fraction as F

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rankbook import InvalidTypeError, InvalidValueError, lag, mean_lag

SETTINGS = settings(max_examples=150, deadline=None)
binary_lists = st.lists(st.integers(0, 1), max_size=25)


def oracle(relevance, R=None, unretrieved="ignore"):
    """Item lags counted pair by pair, as a Fraction (None when nothing is counted)."""
    lags = [sum(1 for j in range(i) if relevance[j] < 1)
            for i in range(len(relevance)) if relevance[i] >= 1]
    if unretrieved == "bottom":
        lags += [sum(1 for g in relevance if g < 1)] * (R - len(lags))
    return F(sum(lags), len(lags)) if lags else None


def test_seed_example_relevant_item_at_rank_3_has_lag_2():
    assert lag([0, 0, 1]) == 2.0


def test_hand_worked_examples():
    # Relevant at 1, 3, 5: lags 0, 1, 2 -> 1.
    assert lag([1, 0, 1, 0, 1]) == 1.0
    # Relevant at 2, 3, 6: lags 1, 1, 3 -> 5/3.
    assert lag([0, 1, 1, 0, 0, 1]) == pytest.approx(float(F(5, 3)), rel=1e-15)
    # The seed's 8-element list (relevant at 1, 3, 4, 6): lags 0, 1, 1, 2 -> 1.
    assert lag([1, 0, 1, 1, 0, 1, 0, 0]) == 1.0


def test_bottom_places_missing_relevant_items_below_the_list():
    # Relevant at 1, 3, 5 of 5 (2 non-relevant), R = 4: lags 0, 1, 2 and 2 -> 5/4.
    assert lag([1, 0, 1, 0, 1], 4, unretrieved="bottom") == 1.25
    # Nothing relevant retrieved, 3 non-relevant, R = 2: both missing items have lag 3.
    assert lag([0, 0, 0], 2, unretrieved="bottom") == 3.0
    # With R equal to the relevant retrieved, "bottom" is "ignore".
    assert lag([1, 0, 1, 0, 1], 3, unretrieved="bottom") == lag([1, 0, 1, 0, 1])


def test_nothing_counted_is_nan():
    assert math.isnan(lag([]))
    assert math.isnan(lag([0, 0, 0]))
    assert math.isnan(lag([0, 0], 0, unretrieved="bottom"))
    assert math.isnan(lag([0, 0, 0], 5))  # "ignore" does not use R


def test_graded_threshold_and_unjudged():
    # Grades 2, 1, 3 with threshold 2: relevant at ranks 1 and 3, lags 0 and 1.
    assert lag([2, 1, 3], relevance_level=2) == 0.5
    # None is unjudged and so non-relevant: lag of rank 3 is 2.
    assert lag([None, 0, 1]) == 2.0
    assert lag(np.array([0.0, 1.0])) == 1.0


@SETTINGS
@given(binary_lists)
def test_matches_pairwise_oracle_ignore(relevance):
    expected = oracle(relevance)
    value = lag(relevance)
    if expected is None:
        assert math.isnan(value)
    else:
        assert value == pytest.approx(float(expected), rel=1e-12)


@SETTINGS
@given(binary_lists, st.integers(0, 5))
def test_matches_pairwise_oracle_bottom(relevance, extra):
    R = sum(relevance) + extra
    expected = oracle(relevance, R, "bottom")
    value = lag(relevance, R, unretrieved="bottom")
    if expected is None:
        assert math.isnan(value)
    else:
        assert value == pytest.approx(float(expected), rel=1e-12)


@SETTINGS
@given(binary_lists)
def test_range(relevance):
    value = lag(relevance)
    if not math.isnan(value):
        assert 0 <= value <= relevance.count(0)


@SETTINGS
@given(st.integers(1, 10), st.integers(0, 10))
def test_perfect_ranking_has_lag_0(n_rel, n_nonrel):
    assert lag([1] * n_rel + [0] * n_nonrel) == 0.0
    assert lag([1] * n_rel + [0] * n_nonrel, n_rel, unretrieved="bottom") == 0.0


@SETTINGS
@given(binary_lists.filter(lambda r: 1 in r), st.integers(1, 5))
def test_appending_non_relevant_items_does_not_change_lag(relevance, extra):
    assert lag(relevance + [0] * extra) == lag(relevance)


@SETTINGS
@given(binary_lists, st.integers(1, 5))
def test_under_bottom_appending_non_relevant_items_hurts_missing_ones(relevance, extra):
    R = sum(relevance) + 1  # one relevant item is missing
    before = lag(relevance, R, unretrieved="bottom")
    after = lag(relevance + [0] * extra, R, unretrieved="bottom")
    assert after > before


@SETTINGS
@given(binary_lists.filter(lambda r: 0 in r and 1 in r))
def test_swapping_a_relevant_item_up_lowers_lag(relevance):
    # Move the lowest relevant item just above the non-relevant item right before it.
    i = max(i for i, g in enumerate(relevance) if g == 1)
    if i == 0 or relevance[i - 1] == 1:
        return
    better = relevance.copy()
    better[i - 1], better[i] = 1, 0
    assert lag(better) < lag(relevance)


def test_mean_lag_query_and_item_averages():
    runs = [[1, 0, 1, 0, 1], [0, 0, 0, 1]]
    # Per query: LAG 1 and 3, mean 2. Pooled: (0 + 1 + 2 + 3) / 4 = 3/2.
    assert mean_lag(runs) == 2.0
    assert mean_lag(runs, average="item") == 1.5


def test_mean_lag_leaves_out_queries_without_counted_items():
    runs = [[1, 0, 1], [0, 0], []]
    assert mean_lag(runs) == 0.5  # only the first query: lags 0, 1
    assert mean_lag(runs, average="item") == 0.5
    assert math.isnan(mean_lag([[0], [0, 0]]))
    # Under "bottom" the second query counts: R = 1, lag 2 -> mean (1/2 + 2) / 2.
    assert mean_lag(runs, [2, 1, 0], unretrieved="bottom") == 1.25
    # Pooled: lags 0, 1 and 2 -> 1.
    assert mean_lag(runs, [2, 1, 0], unretrieved="bottom", average="item") == 1.0


@SETTINGS
@given(st.lists(binary_lists, min_size=1, max_size=6))
def test_mean_lag_against_the_definitions(runs):
    per_query = [oracle(r) for r in runs]
    counted = [q for q in per_query if q is not None]
    if not counted:
        assert math.isnan(mean_lag(runs))
        return
    assert mean_lag(runs) == pytest.approx(float(sum(counted) / len(counted)), rel=1e-12)
    lag_sum = sum(q * sum(r) for q, r in zip(per_query, runs) if q is not None)
    items = sum(sum(r) for r, q in zip(runs, per_query) if q is not None)
    assert mean_lag(runs, average="item") == pytest.approx(float(lag_sum / items), rel=1e-12)


def test_errors_name_the_argument_and_fix():
    with pytest.raises(InvalidValueError, match="n_relevant=R"):
        lag([1, 0], unretrieved="bottom")
    with pytest.raises(InvalidValueError, match="unretrieved"):
        lag([1, 0], unretrieved="top")
    with pytest.raises(InvalidValueError, match="smaller than the 2 relevant"):
        lag([1, 1], 1)
    with pytest.raises(InvalidValueError, match="finite"):
        lag([1, float("nan")])
    with pytest.raises(InvalidTypeError):
        lag("101")
    with pytest.raises(InvalidValueError, match="average"):
        mean_lag([[1]], average="micro")
    with pytest.raises(InvalidValueError, match="empty"):
        mean_lag([])
    with pytest.raises(InvalidTypeError, match="one ranked list per query"):
        mean_lag([1, 0, 1])
    with pytest.raises(InvalidValueError, match="2 values but rankings has 1"):
        mean_lag([[1]], [1, 2], unretrieved="bottom")
    with pytest.raises(InvalidTypeError, match="one value per query"):
        mean_lag([[1]], 1)
    with pytest.raises(InvalidValueError, match=r"query 1 \(rankings\[1\]\)"):
        mean_lag([[1], [1, 1]], [1, 1], unretrieved="bottom")
