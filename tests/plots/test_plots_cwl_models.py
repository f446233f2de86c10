"""The C/W/L models' figure draws each model's ED and EU on cwl_eval's topic T1.

Expected values are hand arithmetic of the models' weights (docs/user_models/: each family page),
ir_measures' published BPM(T=2)@10 for T1 (0.6667) and the page's printed numbers for IFT;
never the code under test.
"""

from __future__ import annotations

import pytest

import rankbook as rb
from rankbook.plots import cwl_model_depths

T1 = [1, 0, 1, 1, None, None, 1, 0, 1, 0]      # rb.datasets.cwl_sample(), topic T1
RELEVANT_RANKS = [1, 3, 4, 7, 9]


def _widths(ax):
    return [bar.get_width() for bar in ax.containers[0]]


def test_each_models_depth_and_utility_on_t1():
    depth_ax, utility_ax = cwl_model_depths(T1)
    labels = [tick.get_text() for tick in depth_ax.get_yticklabels()]
    assert labels == ["BPM (T=2, K=10)", "U (L=50)", "TBG (H=22)", "IFT goal (T=2)",
                      "IFT rate (A=0.2)", "NERR8@10"]
    # U, L = 50: W(i) proportional to 1 - (i-1)/50 on ranks 1..50; ED = 1 / W(1) = sum of them.
    u_depth = sum(1 - (i - 1) / 50 for i in range(1, 51))
    u_utility = sum(1 - (i - 1) / 50 for i in RELEVANT_RANKS) / u_depth
    # TBG, H = 22, cost 1: W(i) proportional to 2^(-(i-1)/22) over cwl_eval's 1000 ranks.
    tbg_depth = sum(2 ** (-(i - 1) / 22) for i in range(1, 1001))
    tbg_utility = sum(2 ** (-(i - 1) / 22) for i in RELEVANT_RANKS) / tbg_depth
    # BPM, T = 2: reads to the second relevant document (rank 3) and gains 2.
    # NERR8: the first document (gain 1) satisfies the reader: ED 1, EU 1.
    # IFT: the page's printed ED 3.4735, 13.7714 and EU 0.7121, 0.3362.
    assert _widths(depth_ax) == pytest.approx([3, u_depth, tbg_depth, 3.4735, 13.7714, 1],
                                              abs=5e-5)
    assert u_depth == 25.5
    assert _widths(utility_ax) == pytest.approx([2 / 3, u_utility, tbg_utility, 0.7121, 0.3362, 1],
                                                abs=5e-5)
    assert round(_widths(utility_ax)[0], 4) == 0.6667            # ir_measures' BPM(T=2)@10, T1


def test_the_first_model_is_drawn_on_top_and_labelled():
    depth_ax, _ = cwl_model_depths(T1, {"A": lambda g: rb.cwl_bejewelled_player(g, T=1, K=10),
                                        "B": lambda g: rb.cwl_bejewelled_player(g, T=2, K=10)})
    a, b = depth_ax.containers[0]
    assert a.get_y() > b.get_y()                                 # A above B
    assert _widths(depth_ax) == [1, 3]                           # T = 1 stops at rank 1
    assert [text.get_text() for text in depth_ax.texts] == ["1.00", "3.00"]


def test_the_figure_refuses_what_the_measures_refuse():
    with pytest.raises(rb.RankbookError):
        cwl_model_depths([1, 2, 0], {"NERR8": lambda g: rb.cwl_nerr8(g)})   # gains above 1
