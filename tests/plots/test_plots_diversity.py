"""The diversity figures draw the measures of pyndeval's README example, checked by hand.

Expected values are worked from the formulas here (Clarke et al. 2008 and 2009: novelty gains
$(1-\\alpha)^c$; NRBP's parts) or are pyndeval's published values (its README: ERR-IA@5 0.3933,
ERR-IA@10 0.3907, nERR-IA@k 0.8297, NRBP 0.3906, MAP-IA 0.5000, P-IA@5 0.2000, strec@5 0.6666,
cut, not rounded, to four decimals); never the code under test.
"""

from __future__ import annotations

import math
from fractions import Fraction

import pytest

from rankbook import InvalidValueError
from rankbook.plots import (
    diversity_at_cutoffs,
    intent_aware_per_subtopic,
    nrbp_contributions,
    subtopic_coverage,
)

# pyndeval's README: subtopics a, b, c; A -> a, B and D -> b, C -> c; the run A, D, E, B.
RANKED = [[1, 0, 0], [0, 1, 0], [0, 0, 0], [0, 1, 0]]
JUDGED = [[0, 1, 0], [0, 0, 1], [0, 1, 0], [1, 0, 0]]


def _cut(value: float) -> float:
    """Four decimals cut, as pyndeval's README prints them."""
    return math.floor(value * 10**4) / 10**4


def test_the_coverage_grid_writes_each_cells_gain_and_each_ranks_sum():
    # alpha = 1/4, a run covering s1 three times and s2 once: s1's gains 1, 3/4, 9/16,
    # s2's 1 at rank 2; the rank gains are 1, 7/4, 9/16.
    grid, gains = subtopic_coverage([[1, 0], [1, 1], [1, 0]], [[1, 0], [0, 1]], alpha=0.25)
    assert [text.get_text() for text in grid.texts] == ["1", "0.75", "0.5625", "1"]  # s1, then s2
    assert [bar.get_width() for bar in gains.containers[0]] == pytest.approx([1, 7 / 4, 9 / 16])
    assert [label.get_text() for label in grid.get_yticklabels()] == ["1 d1", "2 d2", "3 d3"]
    assert [label.get_text() for label in grid.get_xticklabels()] == ["s1", "s2"]


def test_the_coverage_grid_of_the_readme_leaves_out_nothing_and_draws_every_subtopic():
    grid, gains = subtopic_coverage(RANKED, JUDGED, subtopics="abc", documents="ADEB")
    assert [text.get_text() for text in grid.texts] == ["1", "1", "0.5"]  # A: a; D: b; B: b again
    assert [bar.get_width() for bar in gains.containers[0]] == pytest.approx([1, 1, 0, 0.5])
    assert [label.get_text() for label in grid.get_xticklabels()] == ["a", "b", "c"]
    assert len(grid.patches) == 4 * 3                                # one tile per cell


def test_a_subtopic_nobody_found_relevant_is_not_a_column():
    grid, _ = subtopic_coverage([[1, 0]], [[1, 0], [0, 0]], subtopics=["x", "y"])
    assert [label.get_text() for label in grid.get_xticklabels()] == ["x"]


def test_the_coverage_grid_refuses_alpha_zero_and_wrong_labels():
    with pytest.raises(InvalidValueError, match="alpha must be in"):
        subtopic_coverage(RANKED, JUDGED, alpha=0)
    with pytest.raises(InvalidValueError, match="2 labels for 3 subtopics"):
        subtopic_coverage(RANKED, JUDGED, subtopics=["a", "b"])


def test_err_ia_at_cutoffs_falls_after_the_last_relevant_rank_as_pyndeval_prints():
    ax = diversity_at_cutoffs(RANKED, JUDGED)
    plain, first, greedy, exact = ax.get_lines()
    assert list(plain.get_xdata()) == list(range(2, 21)) and list(first.get_xdata()) == [1]
    # ndeval's ERR-IA@1 is g_1 = 1, undivided; gains 1, 1, 0, 1/2 over 3 (1/2)^(i-1), discount 1/i
    assert first.get_ydata()[0] == 1
    run = 1 + Fraction(1, 2) + Fraction(1, 8)
    for k in (4, 5, 10, 20):
        ideal = sum(3 * Fraction(1, 2) ** (i - 1) / i for i in range(1, k + 1))
        assert plain.get_ydata()[k - 2] == pytest.approx(float(run / ideal))
    assert _cut(plain.get_ydata()[3]) == 0.3933 and _cut(plain.get_ydata()[8]) == 0.3907
    assert plain.get_ydata()[3] > plain.get_ydata()[8]            # ERR-IA@10 < ERR-IA@5
    # the greedy ideal D, C, A, B (gains 1, 1, 1, 1/2): nERR-IA@k = (13/8) / (1 + 1/2 + 1/3 + 1/8)
    assert greedy.get_ydata()[19] == pytest.approx(float(run / (Fraction(47, 24))))
    assert _cut(greedy.get_ydata()[4]) == 0.8297
    assert list(exact.get_ydata()) == pytest.approx(list(greedy.get_ydata()))  # greedy is best here
    assert [text.get_text() for text in ax.texts] == ["@5: 0.3933", "@10: 0.3908", "k = 1: g_1, not divided"]


def test_alpha_dcg_at_cutoffs_and_the_exact_ideal_above_greedy_where_greedy_misses():
    # alpha_ndcg_at_k's docstring: greedy takes d3 (b, c) first; the run d2, d1 covers all four.
    judged = [[0, 1, 1, 0], [1, 1, 0, 0], [0, 0, 1, 1]]
    ax = diversity_at_cutoffs([[1, 1, 0, 0], [0, 0, 1, 1]], judged, measure="alpha-DCG")
    _, _, greedy, exact = ax.get_lines()
    # greedy gains 2, then 1 + 1/2 (d2 or d1 each repeat one), then 1/2 + 1/2 ... at k = 2:
    # run 2 + 2 / log2(3); greedy 2 + 1.5 / log2(3)
    assert greedy.get_ydata()[1] == pytest.approx((2 + 2 / math.log2(3)) / (2 + 1.5 / math.log2(3)))
    assert exact.get_ydata()[1] == pytest.approx(1.0)
    assert ax.get_legend().get_texts()[1].get_text() == "alpha-nDCG@k (greedy ideal)"


def test_nrbp_parts_add_up_to_pyndevals_nrbp():
    ax = nrbp_contributions(RANKED, JUDGED)
    ideal, run = ax.containers
    # (1 - (1 - alpha) beta) / m = (3/4) / 3; gains 1, 1, 0, 1/2 times beta^(i-1)
    assert [bar.get_height() for bar in run] == pytest.approx([1 / 4, 1 / 8, 0, 1 / 64])
    assert sum(bar.get_height() for bar in run) == pytest.approx(25 / 64)
    assert _cut(25 / 64) == 0.3906
    # the ideal ideal's parts (3/4)(1/4)^(i-1)
    assert [bar.get_height() for bar in ideal] == pytest.approx([3 / 4, 3 / 16, 3 / 64, 3 / 256])
    assert ax.get_title() == "NRBP = 0.3906 (alpha = 0.5, beta = 0.5)"


def test_the_per_subtopic_terms_average_to_map_ia_p_ia_and_strec():
    ax = intent_aware_per_subtopic(RANKED, JUDGED, 5, subtopics="abc")
    ap, p, covered = ([bar.get_height() for bar in bars] for bars in ax.containers)
    # a: A at rank 1 (AP 1); b: D at 2 and B at 4, (1/2 + 2/4) / 2; c: not retrieved
    assert ap == pytest.approx([1, 0.5, 0]) and p == pytest.approx([0.2, 0.4, 0])
    assert covered == [1, 1, 0]
    means = [line.get_ydata()[0] for line in ax.get_lines()]
    assert means == pytest.approx([0.5, 0.2, 2 / 3])
    assert [_cut(x) for x in means] == [0.5, 0.2, 0.6666]
    assert [label.get_text() for label in ax.get_xticklabels()] == ["a", "b", "c"]
