"""normalize and the norms: formulas on hand examples, unranked items, degenerate lists, errors."""

from __future__ import annotations

import math
from fractions import Fraction

import pytest

from rankbook import InvalidValueError
from rankbook import aggregate as ag
from rankbook.aggregate.normalization import NORMS


def test_every_norm_is_accepted_by_combsum():
    lists = [{"a": 3.0, "b": 1.0}, {"b": 2.0, "c": 1.0}]
    assert len(NORMS) == 9
    for norm in NORMS:
        assert set(ag.combsum(lists, norm=norm)) == {"a", "b", "c"}


def test_renda_straccia_borda_share():
    # Renda & Straccia (2003), Eq. 4: ranked (n - r + 1) / n, unranked (n - |l| + 1) / (2n).
    # n = 5 items, the list ranks 2: shares (5 - 2 + 1) / 10 = 2/5.
    got = ag.normalize(["a", "b"], "borda", items=list("abcde"))
    assert got == {"a": 1.0, "b": 0.8, "c": 0.4, "d": 0.4, "e": 0.4}
    # the share is the mean of the values of the empty positions 3/5, 2/5, 1/5
    assert Fraction(got["c"]).limit_denominator(100) == (Fraction(3, 5) + Fraction(2, 5)
                                                         + Fraction(1, 5)) / 3


def test_simple_borda_and_rank_give_unranked_items_no_value():
    assert ag.normalize(["a", "b"], "simple_borda", items=list("abcd")) == {"a": 1.0, "b": 0.75}
    assert ag.normalize(["a", "b"], "rank", items=list("abcd")) == {"a": 1.0, "b": 0.5}


def test_z_score_uses_the_population_deviation():
    got = ag.normalize({"a": 4.0, "b": 2.0, "c": 0.0}, "z_score")
    sigma = math.sqrt(8 / 3)                      # sqrt(((2)^2 + 0 + (-2)^2) / 3)
    assert got == pytest.approx({"a": 2 / sigma, "b": 0.0, "c": -2 / sigma})


@pytest.mark.parametrize("norm", ["min_max", "min_max_inverted", "sum", "z_score"])
def test_a_list_without_spread(norm):
    flat = {"a": 2.0, "b": 2.0}
    assert ag.normalize(flat, norm) == {"a": 0.0, "b": 0.0}                  # ranx's rule
    assert all(math.isnan(v) for v in ag.normalize(flat, norm, convention="flagr").values())


def test_score_norm_on_a_list_without_scores_is_refused():
    with pytest.raises(InvalidValueError, match=r"lists\[1\] is a list of item ids.*norm='rank'"):
        ag.combsum([{"a": 1.0}, ["a", "b"]])


def test_max_norm_needs_a_positive_maximum():
    with pytest.raises(InvalidValueError, match="largest score of lists.0. is -1"):
        ag.combsum([{"a": -1.0, "b": -2.0}], norm="max")


def test_unknown_norm_and_convention():
    with pytest.raises(InvalidValueError, match="norm must be one of"):
        ag.normalize(["a"], "minmax")
    with pytest.raises(InvalidValueError, match="convention must be one of"):
        ag.combsum([["a"]], norm="rank", convention="ranx")


def test_items_must_cover_the_list():
    with pytest.raises(InvalidValueError, match="lacks"):
        ag.normalize(["a", "z"], "borda", items=["a", "b"])


def test_combmnz_counts_hits_without_the_borda_share():
    # FLAGR's CombMNZ: h(x) counts the lists that rank x; the Borda share still enters the
    # sum. n = 2: list 1 gives a 2/2, b 1/2; list 2 gives b 2/2 and a the share
    # (2 - 1 + 1) / (2 * 2) = 1/2. a = (1 + 1/2) * 1, b = (1/2 + 1) * 2.
    assert ag.combmnz([["a", "b"], ["b"]], norm="borda") == {"b": 3.0, "a": 1.5}
