"""The graded figures draw what DCG, nDCG and trec_eval's gain measures compute.

Expected values are hand arithmetic with math.log2 (the formulas of the pages), exact
fractions, or numbers published by the seeds and pytrec_eval; never the code under test.
"""

from __future__ import annotations

import math

import pytest
from drawn import heights, strips

import rankbook as rb
from rankbook.plots import (
    dcg_conventions,
    dcg_curves,
    discounted_gains,
    gain_map_effect,
    ndcg_at_ranks,
    ndcg_averages,
    ndcg_ideals,
    normalized_gain_terms,
)

LECTURE = [3, 2, 3, 0, 0, 1, 2, 2, 3, 0]   # the lecture slides' 0-3 example


def _tiles(ax):
    """The kinds of the tiles drawn under ``ax`` (the strip's patch labels, without "_")."""
    return [patch.get_label()[1:] for patch in strips(ax)[0].patches]


def test_the_bars_are_the_grades_and_the_grades_over_jarvelins_discount():
    ax = discounted_gains(LECTURE, discount="jarvelin")
    gains, discounted = ax.containers
    assert heights(gains) == LECTURE
    # d(i) = max(1, log2 i): the slides print 3, 2, 1.89, 0, 0, 0.39, 0.71, 0.67, 0.95, 0
    by_hand = [g / max(1.0, math.log2(i)) for i, g in enumerate(LECTURE, 1)]
    assert heights(discounted) == pytest.approx(by_hand, abs=1e-12)
    assert [round(x, 2) for x in by_hand] == [3, 2, 1.89, 0, 0, 0.39, 0.71, 0.67, 0.95, 0]
    ticks = [label.get_text() for label in ax.figure.axes[-1].get_xticklabels()]  # under the tiles
    assert ticks[:4] == ["1\n÷1", "2\n÷1", "3\n÷1.58", "4\n÷2"]
    assert ax.get_title() == "DCG@10 = 9.6051, the sum of the filled bars"  # conventions: 9.605118
    assert _tiles(ax) == ["relevant"] * 3 + ["nonrelevant"] * 2 + ["relevant"] * 4 + ["nonrelevant"]


def test_exponential_gains_are_two_to_the_grade_minus_one():
    ax = discounted_gains([2, 0, 1], gain="exponential")
    gains, discounted = ax.containers
    assert heights(gains) == [3, 0, 1]
    assert heights(discounted) == pytest.approx([3, 0, 1 / 2])   # log2(i+1): 1, log2 3, 2


def test_the_curves_are_dcg_and_idcg_at_each_rank():
    ax = dcg_curves([0, 2, 1], ideal=[2, 1, 1])
    ideal, dcg = ax.get_lines()
    third = 1 / math.log2(3)
    assert list(dcg.get_ydata()) == pytest.approx([0, 2 * third, 2 * third + 1 / 2])
    assert list(ideal.get_ydata()) == pytest.approx([2, 2 + third, 2 + third + 1 / 2])
    ndcg = (2 * third + 1 / 2) / (2 + third + 1 / 2)
    assert ax.get_title().endswith(f"nDCG@3 = {ndcg:.4f}")


def test_the_three_conventions_end_at_the_published_dcg_at_10():
    # docs/conventions.md, the lecture's graded example: 9.605118, 8.318753, 16.802601
    ax = dcg_conventions(LECTURE)
    assert [round(line.get_ydata()[-1], 6) for line in ax.get_lines()] == \
        [9.605118, 8.318753, 16.802601]
    assert [line.get_ydata()[0] for line in ax.get_lines()] == [3, 3, 7]   # rank 1: 3, 3, 2^3-1


def test_ndcg_at_ranks_is_flagrs_table():
    # FLAGR's documentation: nDCG@1..8 = 1.00, 0.61, 0.70, 0.75, 0.75, 0.89, 0.89, 0.89 and
    # DCG@5 = 1.93, IDCG@5 = 2.56 for its 8-element list with four relevant documents.
    top, bottom = ndcg_at_ranks([1, 0, 1, 1, 0, 1, 0, 0], ideal=[1, 1, 1, 1])
    ratio = bottom.get_lines()[0].get_ydata()
    assert [round(y, 2) for y in ratio] == [1.0, 0.61, 0.7, 0.75, 0.75, 0.89, 0.89, 0.89]
    ideal, dcg = top.get_lines()
    assert (round(dcg.get_ydata()[4], 2), round(ideal.get_ydata()[4], 2)) == (1.93, 2.56)
    assert list(ratio) == pytest.approx(list(dcg.get_ydata() / ideal.get_ydata()))
    assert [text.get_text() for text in bottom.texts][:3] == ["1.00", "0.61", "0.70"]


def test_the_two_ideals_of_the_pitfall():
    ax = ndcg_ideals([1, 0, 0, 0, 0], [1, 1, 1, 1])
    own, judged = ax.get_lines()
    assert list(own.get_ydata()) == [1.0] * 5
    idcg = [sum(1 / math.log2(i + 1) for i in range(1, min(k, 4) + 1)) for k in range(1, 6)]
    assert list(judged.get_ydata()) == pytest.approx([1 / x for x in idcg])
    assert judged.get_label().endswith("0.3904")   # pytrec_eval: 0.390380


def test_ndcg_averages_marks_the_relevant_ranks_and_the_r_levels():
    # The ndcg_variants page: judged 2, 1, 1, 0 and the run 1, 2, 0, 1; pytrec_eval prints
    # ndcg_rel 0.7399 and Rndcg 0.6112 for it.
    ax = ndcg_averages([1, 2, 0, 1], [2, 1, 1, 0])
    curve, relevant, levels, over_relevant, at_levels = ax.get_lines()
    third = 1 / math.log2(3)
    idcg = [2, 2 + third, 2 + third + 1 / 2, 2 + third + 1 / 2]
    dcg = [1, 1 + 2 * third, 1 + 2 * third, 1 + 2 * third + 1 / math.log2(5)]
    assert list(curve.get_ydata()) == pytest.approx([d / i for d, i in zip(dcg, idcg)])
    assert list(relevant.get_xdata()) == [1, 2, 4]
    assert list(levels.get_xdata()) == [1, 3]
    assert over_relevant.get_ydata()[0] == pytest.approx(sum(dcg[k] / idcg[k] for k in (0, 1, 3)) / 3)
    assert at_levels.get_ydata()[0] == pytest.approx((dcg[0] / idcg[0] + dcg[2] / idcg[2]) / 2)
    assert [over_relevant.get_label(), at_levels.get_label()] == \
        ["ndcg_rel = 0.7399", "Rndcg = 0.6112"]


def test_the_r_levels_of_trec_evals_help_text():
    # m_Rndcg.c's help: 5 documents of gain 3, 3 of gain 2 and 10 of gain 1 give the levels
    # 5, 8 and 18; a list of 20 >= 18 + 2 adds its length.
    from rankbook.metrics.ndcg_variants import r_levels

    judged = [3] * 5 + [2] * 3 + [1] * 10
    assert r_levels([0] * 19, judged) == [5, 8, 18]
    assert r_levels([0] * 20, judged) == [5, 8, 18, 20]
    assert r_levels([1], [0, 0]) == []


def test_the_gain_map_stacks_the_mapped_gains():
    linear, mapped = gain_map_effect([1, 2], {1: 3, 2: 9})
    third = 1 / math.log2(3)
    # rows: the ideal (bottom), then the list, each one segment per rank
    assert [bar.get_width() for bar in linear.patches] == pytest.approx([2, third, 1, 2 * third])
    assert [bar.get_width() for bar in mapped.patches] == pytest.approx([9, 3 * third, 3, 9 * third])
    assert [bar.get_x() for bar in mapped.patches] == pytest.approx([0, 9, 0, 3])
    # pytrec_eval: ndcg.1=3,2=9 gives 0.7967075809905065
    assert mapped.get_title() == "gain map: nDCG = 0.7967"
    assert linear.get_title() == f"linear gains: nDCG = {(1 + 2 * third) / (2 + third):.4f}"


def test_g_discounts_by_the_shortfall_and_dcg_by_the_rank():
    ax = normalized_gain_terms([1, 0, 1], [1, 1, 1])
    g_terms, dcg_terms = ax.containers
    assert heights(g_terms) == pytest.approx([1, 0, 1 / math.log2(3)])   # one miss above rank 3
    assert heights(dcg_terms) == pytest.approx([1, 0, 1 / 2])
    binG = (1 + 1 / math.log2(3)) / 3                                    # the page: 0.543643
    assert ax.get_title().startswith(f"G = {binG:.4f}")


def test_graded_g_terms_follow_the_ideals_lead():
    # Judged 2 and 1, the list shows the 1 first: shortfall 1 at rank 1, then caught up.
    ax = normalized_gain_terms([1, 2], [2, 1])
    assert heights(ax.containers[0]) == pytest.approx([1 / math.log2(3), 2])


@pytest.mark.parametrize("draw", [
    lambda: discounted_gains([1, 2], gain="cubic"),
    lambda: dcg_curves([1, "x"]),
    lambda: dcg_conventions("102"),
    lambda: ndcg_at_ranks([1, 2], discount="ln"),
    lambda: ndcg_averages([1, 2], [2, 1], gain_map={-1: 3}),
    lambda: normalized_gain_terms([1, float("nan")], [1]),
])
def test_the_figures_refuse_what_the_metrics_refuse(draw):
    with pytest.raises(rb.RankbookError):
        draw()
