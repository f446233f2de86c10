"""The figures of the tools' graded measures (gdeval, Compat, NTCIREVAL) draw the pages' numbers.

Expected values are hand arithmetic with math.log2 and exact fractions (the formulas of
docs/metrics/gdeval.md, compat.md and ntcireval.md), or the numbers gdeval.pl and NTCIREVAL
print for the pages' examples; never the code under test.
"""

from __future__ import annotations

import math
from fractions import Fraction

import pytest
from drawn import xs, ys

import rankbook as rb
from rankbook.plots import (
    blended_ratio_at_ranks,
    compat_persistence,
    gdeval_ndcg_curves,
)

NTCIR_RUN = [0, 3, None, 2]                       # NTCIREVAL's sample.res, levels
NTCIR_IDEAL = [3, 3, 3, 2, 2, 2, 1, 1, 1, 1, 0]   # its sample.rel


def test_gdeval_and_trec_eval_ndcg_at_every_cut_off_of_topic_0():
    # ir_measures' gdeval test, topic 0: grades 0, 1, 2, 1, 0; judgments 2, 1, 1.
    # gdeval's gains 2^g - 1: run 0, 1, 3, 1, 0; ideal 3, 1, 1. trec_eval's: g.
    ax = gdeval_ndcg_curves([0, 1, 2, 1, 0], [0, 1, 1, 2, 0])
    gdeval, trec_eval = ax.get_lines()
    d = [1 / math.log2(i + 1) for i in range(1, 6)]

    def ratios(run, ideal):
        return [sum(g * w for g, w in zip(run[:k], d)) / sum(g * w for g, w in zip(ideal[:k], d))
                for k in range(1, 6)]

    assert xs(gdeval) == [1, 2, 3, 4, 5]
    assert ys(gdeval) == pytest.approx(ratios([0, 1, 3, 1, 0], [3, 1, 1, 0, 0]))
    assert ys(trec_eval) == pytest.approx(ratios([0, 1, 2, 1, 0], [2, 1, 1, 0, 0]))
    assert round(ys(gdeval)[-1], 5) == 0.62010 and round(ys(trec_eval)[-1], 5) == 0.65846  # gdeval.pl, trec_eval
    assert gdeval.get_label() == "gdeval, gain 2^g - 1 (@5: 0.6201)"


def test_gdeval_curves_stop_at_k_and_topic_1_flips_the_order():
    # topic 1: grades 0, 2, 0, 0; judgments 2, 2, 1; gdeval.pl prints 0.35099, trec_eval 0.33544
    ax = gdeval_ndcg_curves([0, 2, 0, 0], [1, 2, 2, 0], k=3)
    gdeval, trec_eval = ax.get_lines()
    assert xs(gdeval) == [1, 2, 3]
    assert round(ys(gdeval)[-1], 5) == 0.35099 and round(ys(trec_eval)[-1], 5) == 0.33544


def test_compat_against_p_with_the_pages_fractions():
    # run 0, 2, 1 against I = (2, 1), D = 3; shared 0, 1, 2 documents at depths 1, 2, 3.
    ax = compat_persistence([0, 2, 1], [2, 1, 0], [0.5, 0.9])
    compat, run_overlap, ideal_overlap = ax.get_lines()
    assert xs(compat) == [0.5, 0.9]
    for p, c, a, b in zip([0.5, 0.9], ys(compat), ys(run_overlap), ys(ideal_overlap)):
        weights = 1 + p + p * p
        assert a == pytest.approx((0 + p / 2 + p * p * 2 / 3) / weights)
        assert b == pytest.approx((1 + p + p * p * 2 / 3) / weights)
        assert c == pytest.approx(a / b)
    assert ys(run_overlap)[0] == pytest.approx(5 / 21) and ys(ideal_overlap)[0] == pytest.approx(20 / 21)
    assert ys(compat)[0] == pytest.approx(0.25)                      # the page's 5/21 / 20/21


def test_compat_default_persistences_run_from_a_half_to_099():
    ax = compat_persistence([0, 2, 1], [2, 1, 0])
    p = xs(ax.get_lines()[0])
    assert len(p) == 50 and p[0] == 0.5 and p[-1] == 0.99
    assert ax.get_title() == "Compat 0.2500 at p = 0.5, 0.4344 at p = 0.99"


def test_the_blended_ratio_of_ntcirevals_sample():
    # cg* = 3, 6, 9, 11; the run's C = 0, 1, 1, 2 and cg = 0, 3, 3, 5 (gains 1:2:3).
    ax = blended_ratio_at_ranks(NTCIR_RUN, NTCIR_IDEAL, gains=(1, 2, 3))
    ratio, precision, gain_ratio, relevant = ax.get_lines()
    assert ys(ratio) == pytest.approx([0, Fraction(4, 8), Fraction(4, 12), Fraction(7, 15)])
    assert ys(precision) == pytest.approx([0, Fraction(1, 2), Fraction(1, 3), Fraction(2, 4)])
    assert ys(gain_ratio) == pytest.approx([0, Fraction(3, 6), Fraction(3, 9), Fraction(5, 11)])
    assert xs(relevant) == [2, 4]
    assert ys(relevant) == pytest.approx([Fraction(1, 2), Fraction(7, 15)])
    # NTCIREVAL prints Q-measure 0.0967 (pyNTCIREVAL tests/dat/res_test_compute.txt)
    assert ax.get_title() == "Q-measure = (0.5000 + 0.4667) / 10 = 0.0967"


def test_beta_zero_turns_the_blended_ratio_into_precision():
    ax = blended_ratio_at_ranks(NTCIR_RUN, NTCIR_IDEAL, gains=(1, 2, 3), beta=0)
    assert ys(ax.get_lines()[0]) == ys(ax.get_lines()[1])
    assert ax.get_title().endswith("/ 10 = 0.1000")                  # NTCIREVAL's AP 0.1000


@pytest.mark.parametrize("draw", [
    lambda: gdeval_ndcg_curves([5, 0], [5, 0]),
    lambda: gdeval_ndcg_curves([1, 0], [1, 0], k=0),
    lambda: compat_persistence([1, 0], [1, 0], [1.5]),
    lambda: blended_ratio_at_ranks([0, 3], [3, 0], gains=(1, 2)),
    lambda: blended_ratio_at_ranks([0, 1], [1, 0], beta=-1),
])
def test_the_figures_refuse_what_the_metrics_refuse(draw):
    with pytest.raises(rb.RankbookError):
        draw()
