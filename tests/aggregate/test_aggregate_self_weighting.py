"""PrefRel, Agglomerative and DIBRA, textbook convention: worked examples and properties.

The FLAGR convention is checked against pyflagr 1.0.18 in test_pyflagr_part2.py.
"""

from __future__ import annotations

import math

import matplotlib
import numpy as np
import pytest

import rankbook as rb
from rankbook import InvalidValueError
from rankbook.aggregate.agglomerative import agglomerative
from rankbook.aggregate.dibra import dibra
from rankbook.aggregate.prefrel import prefrel

matplotlib.use("Agg")

CONTRARIAN = [["a", "b", "c"], ["a", "b", "c"], ["c", "b", "a"]]


def test_prefrel_worked_example():
    # Every pair is decided 2-1 (2 of 3 lists >= ceil(0.5 * 3)); with alpha = 0.4 one vote
    # of three is a minority, so the third list disagrees on all 3 pairs: w3 = 1 - 3/3.
    scores, w = prefrel(CONTRARIAN, alpha=0.4, return_weights=True)
    assert w.tolist() == [1.0, 1.0, 0.0]
    # s(x) = sum over lists of w (n - r): a = 2 + 2, b = 1 + 1, c = 0 + 0 + 0 * 2.
    assert scores == {"a": 4.0, "b": 2.0, "c": 0.0}


def test_prefrel_flagr_starts_the_disagreement_at_one():
    _, w = prefrel(CONTRARIAN, alpha=0.4, return_weights=True, convention="flagr")
    assert w.tolist() == pytest.approx([1 - 1 / 3, 1 - 1 / 3, 1 - 4 / 3])


def test_prefrel_list_that_ranks_neither_item_scores_a_half():
    # Pair (c, d): list 1 ranks neither -> 0.5; 3 pairs in total... n = 4 items, 6 pairs.
    _, w = prefrel([["a", "b"], ["c", "d", "a", "b"]], alpha=0.1, beta=1.0, return_weights=True)
    assert w[0] == pytest.approx(1 - 0.5 / 6)


def test_agglomerative_worked_example():
    # Weights: 1 + pairs agreeing with the majority (a>b, a>c, b>c): lists 1, 3 agree on all
    # three, list 2 on two. Eq. 7 scores for m = 3: 3, 0, -3. Lists 1 and 3 merge first
    # (rho = 1), keep their scores and weight (0.1*4 + 0.5*4)/0.6 = 4; then list 2 (weight 3):
    # b = (4*0 + 3*(-3))/7, c = (4*(-3) + 3*0)/7.
    scores, w = agglomerative([["a", "b", "c"], ["a", "c", "b"], ["a", "b", "c"]], return_weights=True)
    assert w.tolist() == [4.0, 3.0, 4.0]
    assert scores == pytest.approx({"a": 3.0, "b": -9 / 7, "c": -12 / 7})
    assert list(scores) == ["a", "b", "c"]


def test_dibra_distance_textbook_and_flagr():
    # One round (max_iterations=0) from two identical lists a > b: the aggregate is a, b.
    # Textbook cosine of (2, 1) and (2, 1): 1, distance 0, weight 1 + e^0.
    # FLAGR pairs the list's points with the positions (1, 2), skips the last rank and its
    # list norm is 2^2 + 3^2: cosine 2*1 / sqrt(13 * 5).
    for convention, distance in (("textbook", 0.0), ("flagr", 1 - 2 / math.sqrt(65))):
        _, w = dibra([["a", "b"], ["a", "b"]], max_iterations=0, gamma=1.0, return_weights=True,
                     convention=convention)
        assert w == pytest.approx([1 + math.exp(-distance)] * 2)


def test_flagr_cosine_is_closest_to_the_reversed_aggregate():
    # FLAGR's "cosine" multiplies (R - r + 1) by the aggregate position, so the list that is
    # the aggregate reversed gets the largest weight: the departure the docs page shows.
    lists = [["a", "b", "c", "d", "e"], ["a", "b", "c", "e", "d"], ["b", "a", "c", "d", "e"],
             ["e", "d", "c", "b", "a"]]
    _, flagr_w = dibra(lists, return_weights=True, convention="flagr")
    _, textbook_w = dibra(lists, return_weights=True)
    assert int(np.argmax(flagr_w)) == 3 and int(np.argmin(textbook_w)) == 3


def test_dibra_trusts_the_lists_near_the_consensus():
    lists = [["a", "b", "c", "d", "e"], ["a", "b", "c", "e", "d"], ["b", "a", "c", "d", "e"],
             ["e", "d", "c", "b", "a"]]
    for prune in (None, "low", "wire"):
        scores, w = dibra(lists, prune=prune, return_weights=True)
        assert int(np.argmin(w)) == 3
        assert np.all(w >= 1)
        assert next(iter(scores)) == "a"


def test_dibra_low_pruning_drops_items_no_list_keeps():
    lists = [["a", "b", "c", "d", "e", "f"]] * 3
    scores = dibra(lists, prune="low", d1=0.5, d2=0.0)
    assert list(scores) == ["a", "b", "c"]


@pytest.mark.parametrize("method", [prefrel, agglomerative, dibra])
def test_unanimous_profile_returns_its_order(method):
    order = ["d", "a", "c", "b", "e"]
    assert list(method([order] * 3)) == order


@pytest.mark.parametrize("method", [prefrel, agglomerative, dibra])
def test_the_methods_learn_their_own_weights(method):
    with pytest.raises(InvalidValueError, match="learns its own list weights"):
        method(CONTRARIAN, weights=[1, 1, 1])


def test_bad_parameters():
    with pytest.raises(InvalidValueError, match="alpha"):
        prefrel(CONTRARIAN, alpha=0.7)
    with pytest.raises(InvalidValueError, match="c1"):
        agglomerative(CONTRARIAN, c1=0)
    with pytest.raises(InvalidValueError, match="prune='high'"):
        dibra(CONTRARIAN, prune="high")
    with pytest.raises(InvalidValueError, match="aggregator='combsum:median'.*'combsum:NORM'"):
        dibra(CONTRARIAN, aggregator="combsum:median")
    with pytest.raises(InvalidValueError, match="norm='min_max' combines scores"):
        dibra(CONTRARIAN, aggregator="combsum:score")     # lists of ids have no scores


def test_dibra_base_methods_are_part_one_functions():
    # With max_iterations=0 DIBRA runs its base once with every weight 1: the base method itself.
    lists = [{"a": 3.0, "b": 2.0, "c": 1.0}, {"b": 5.0, "c": 4.0, "d": 1.0}, {"d": 2.0, "a": 1.0}]
    for aggregator, base in (("combmnz:z-score", rb.aggregate.combmnz(lists, norm="z_score")),
                             ("combsum:rank", rb.aggregate.combsum(lists, norm="rank")),
                             ("copeland", rb.aggregate.copeland(lists)),
                             ("outranking", rb.aggregate.outranking(lists))):
        once = dibra(lists, aggregator=aggregator, max_iterations=0)
        assert once == pytest.approx(base) and list(once) == list(base)


def test_agglomerative_flagr_on_one_item_lists_terminates():
    # FLAGR's rho divides by |A|^3 - |A| = 0 for a one-item aggregate, and FLAGR 1.0.18 crashes
    # (segmentation fault) on these lists; rankbook merges the first two remaining aggregates.
    scores = agglomerative([["a"], ["b"], ["a"], ["b"]], convention="flagr")
    assert set(scores) == {"a", "b"}


def test_voter_weights_plot():
    from rankbook.plots import voter_weights

    _, w = dibra(CONTRARIAN, return_weights=True)
    ax = voter_weights(w, ["V-0", "V-1", "V-2"])
    assert [bar.get_height() for bar in ax.patches] == pytest.approx(w.tolist())
    assert ax.get_title().endswith("(most trusted: V-0)")
    with pytest.raises(InvalidValueError, match="one name per list"):
        voter_weights(w, ["V-0"])
