"""The incomplete-judgment figures draw what bpref, infAP and the unjudged counts compute.

Expected values are exact fractions worked by hand from the formulas of the pages
(trec_eval's m_bpref.c, m_infap.c, m_unjudged.c, option -J, m_relstring.c); never the code
under test.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from drawn import heights

import rankbook as rb
from rankbook.plots import (
    bpref_terms,
    condensed_list,
    infap_estimates,
    relevance_strip,
    unjudged_at_ranks,
)

EPSILON = 1e-5   # trec_eval's INFAP_EPSILON


def _kinds(ax):
    return [patch.get_label()[1:] for patch in ax.patches if patch.get_label().startswith("_")]


def test_bpref_terms_of_the_pages_run():
    # R = 4, N = 3, min(N, R) = 3: rank 1 has no judged non-relevant document above it (1),
    # ranks 4 and 7 have one, rank 3 (1 - 1/3 each); the fourth relevant document is missed.
    ax = bpref_terms([1, None, 0, 1, None, None, 1, 0], 4, 3)
    bars = ax.containers[0]
    assert [bar.get_x() + bar.get_width() / 2 for bar in bars] == [1, 4, 7]
    assert heights(bars) == pytest.approx([1, Fraction(2, 3), Fraction(2, 3)])
    assert [text.get_text() for text in ax.texts] == \
        ["1.00\nn_r=0", "0.67\nn_r=1", "0.67\nn_r=1", "1 missed:\n0"]
    assert ax.get_title().endswith(f"/ 4 = {7 / 12:.4f}")
    strip = ax.figure.axes[-1]
    assert _kinds(strip) == ["relevant", "unjudged", "nonrelevant", "relevant", "unjudged",
                             "unjudged", "relevant", "nonrelevant", "past_end"]


def test_bpref_terms_cap_at_r_and_count_one_without_judged_nonrelevant_documents():
    # R = 2, N = 3: rank 5 has three judged non-relevant documents above, capped at 2: 0.
    ax = bpref_terms([0, 1, 0, 0, 1], 2, 3)
    assert heights(ax.containers[0]) == pytest.approx([Fraction(1, 2), 0])
    # N = 0: each retrieved relevant document adds 1 (trec_eval's special case).
    ax = bpref_terms([None, 1, None, 1], 3, 0)
    assert heights(ax.containers[0]) == [1, 1]


def test_infap_estimates_against_aps_precisions():
    # [1, pooled, not pooled, 1], R = 2. At rank 4: |d| = 2 pooled above, r = 1 judged
    # relevant, n = 0: E[P@4] = 1/4 + 3/4 * 2/3 * (1 + e)/(1 + 2e). AP's P@4 = 2/4.
    ax = infap_estimates([1, -1, None, 1], 2)
    estimates, precisions = ax.containers
    rank_4 = 1 / 4 + 3 / 4 * 2 / 3 * (1 + EPSILON) / (1 + 2 * EPSILON)
    assert heights(estimates) == pytest.approx([1, rank_4], abs=1e-12)
    assert heights(precisions) == [1, Fraction(1, 2)]
    assert ax.get_title() == f"infAP = {(1 + rank_4) / 2:.4f}, AP = 0.7500 (R = 2)"
    assert _kinds(ax.figure.axes[-1]) == ["relevant", "pooled", "unjudged", "relevant"]


def test_the_condensed_list_moves_each_judged_document_up():
    # Relevant at 1, 4, 7 and non-relevant at 5 move to 1, 2, 4 and 3.
    ax = condensed_list([1, None, None, 1, 0, None, 1], 3)
    arrows = [(text.xyann[0], text.xy[0]) for text in ax.texts if text.get_text() == ""]
    assert arrows == [(1, 1), (4, 2), (5, 3), (7, 4)]
    full, condensed = Fraction(1, 3) * (1 + Fraction(2, 4) + Fraction(3, 7)), \
        Fraction(1, 3) * (1 + 1 + Fraction(3, 4))
    assert [label.get_text() for label in ax.get_yticklabels()] == \
        [f"judged only\nAP = {float(condensed):.4f}", f"list\nAP = {float(full):.4f}"]
    assert _kinds(ax) == ["relevant", "relevant", "nonrelevant", "relevant",   # judged only
                          "relevant", "unjudged", "unjudged", "relevant", "nonrelevant",
                          "unjudged", "relevant"]


def test_unjudged_at_every_cut_off_over_the_padded_list():
    # Unjudged at ranks 2, 4 (pooled) and 7; ranks 9 and 10 are past the end: judged.
    ax = unjudged_at_ranks([1, None, 0, -1, 1, 0, None, 0], 10)
    counts = [0, 1, 1, 2, 2, 2, 3, 3, 3, 3]
    assert list(ax.get_lines()[0].get_ydata()) == pytest.approx([c / j for j, c in enumerate(counts, 1)])
    assert ax.get_title() == "unjudged@10 = 0.3; judged non-relevant: 3"
    assert _kinds(ax.figure.axes[-1])[-2:] == ["past_end", "past_end"]


def test_the_relevance_strip_is_trec_evals_string():
    ax = relevance_strip([1, 0, None, 2, -1, 12, 0, 0, 1, 0, 1])
    assert ax.get_title() == "relstring@10 = '10-2.>0010'"
    assert [text.get_text() for text in ax.texts] == list("10-2.>00101")
    assert _kinds(ax)[:6] == ["relevant", "nonrelevant", "unjudged", "relevant", "pooled",
                              "relevant"]
    assert [patch.get_alpha() for patch in ax.patches][-1] == 0.2     # the 11th, past k = 10


@pytest.mark.parametrize("draw", [
    lambda: bpref_terms([1, 1, 1], 2, 0),
    lambda: bpref_terms([1, 0], 1, None),
    lambda: infap_estimates([1, 1], 1),
    lambda: condensed_list([1, "x"], 1),
    lambda: unjudged_at_ranks([1, None], 0),
    lambda: relevance_strip([1, None], k=-1),
])
def test_the_figures_refuse_what_the_metrics_refuse(draw):
    with pytest.raises(rb.RankbookError):
        draw()
