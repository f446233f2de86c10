"""The C/W/L family pages' figures: INST/INSQ, BPM, U-measure, TBG, IFT and NERR on cwl_eval's topics.

Expected values are the models' formulas worked by hand here (docs/user_models/<family>.md),
and published values for topic T1 (cwl-eval 1.0.12's row `INST-T=1.0 0.7934 ... 1.4771`;
ir_measures 0.4.3 tests/test_cwl_eval.py: INSQ(T=1.0) 0.5872, BPM(T=2.0)@10 0.6667) and T3
(NERR9@10 0.0680, NERR11(T=2.0) 0.0691); never the code under test.
"""

from __future__ import annotations

import math

import numpy as np
import pytest

import rankbook as rb
from rankbook.plots import (
    cwl_bpm_budgets,
    cwl_ift_continuation,
    cwl_inst_continuation,
    cwl_nerr_continuation,
    cwl_tbg_decay,
    cwl_u_decay,
)

T1 = [1, 0, 1, 1, None, None, 1, 0, 1, 0]      # rb.datasets.cwl_sample(), topic T1
T1_COSTS = [2, 2, 1, 2, 5, 1, 2, 1, 2, 5]      # its cost file: E1 = 1, E2 = 2, E3 = 5
T3 = [None, None, None, 0, 0, 1, 1, 1, 0, 1]
GAINS = [0 if g is None else g for g in T1]


def test_insq_ignores_the_gains_and_inst_adapts():
    insq, inst = cwl_inst_continuation(T1)
    for T, line in zip((1, 2, 3), insq.get_lines()):
        assert line.get_ydata() == pytest.approx(
            [((i + 2 * T - 1) / (i + 2 * T)) ** 2 for i in range(1, 11)])
    for T, line in zip((1, 2, 3), inst.get_lines()[::2]):
        still = [T - sum(GAINS[:i]) for i in range(1, 11)]          # T_i
        assert line.get_ydata() == pytest.approx(
            [((i + T + t - 1) / (i + T + t)) ** 2 for i, t in zip(range(1, 11), still)])
    assert insq.get_lines()[0].get_label() == "T = 1: EU 0.5872, ED 2.58"     # ir_measures
    assert inst.get_lines()[0].get_label() == "T = 1: EU 0.7934, ED 1.48"     # cwl-eval
    assert inst.get_lines()[1].get_xdata().tolist() == [1, 3, 4, 7, 9]        # the gains


def test_bpm_draws_both_budgets_and_the_stop():
    benefit, cost = cwl_bpm_budgets(T1, T=4, K=10, costs=T1_COSTS)
    assert benefit.get_lines()[0].get_ydata().tolist() == list(np.cumsum(GAINS))
    assert cost.get_lines()[0].get_ydata().tolist() == list(np.cumsum(T1_COSTS))
    # the cost 2+2+1+2+5 = 12 passes K = 10 at rank 5, before the gain reaches 4 (rank 7)
    assert [ax.get_lines()[2].get_xdata()[0] for ax in (benefit, cost)] == [5, 5]
    assert benefit.get_title() == "Benefit: T = 4 reached at rank 7"
    assert cost.get_title() == "Effort: K = 10 spent at rank 5"
    # ir_measures' BPM(T=2.0)@10 for T1 is 0.6667 = 2/3: the player reads 3 documents.
    benefit, _ = cwl_bpm_budgets(T1, T=2, K=10)
    assert benefit.get_lines()[2].get_label() == "stops: rank 3 (ED)"


def test_u_weights_lie_on_a_line_in_the_text_read():
    by_rank, by_text = cwl_u_decay(T1, L=10, costs=T1_COSTS)
    read = [0, 2, 4, 5, 7, 12, 13, 15, 16, 18]                   # t_i: the costs before rank i
    unscaled = [max(0.0, 1 - t / 10) for t in read]              # 1, 0.8, 0.6, 0.5, 0.3, 0, ...
    assert by_rank.get_lines()[0].get_ydata() == pytest.approx(
        [w / sum(unscaled) for w in unscaled])
    assert by_text.get_lines()[0].get_xdata().tolist() == read
    assert by_rank.get_lines()[0].get_label() == "W(i): ED 3.20, EU 0.6562"   # 3.2; 2.1 / 3.2


def test_tbg_halves_every_halflife():
    ax = cwl_tbg_decay(T1, halflife=22)
    chances = ax.get_lines()[0].get_ydata()
    assert len(chances) == 67                                    # until 3H = 66 is spent
    assert chances == pytest.approx([2 ** (-t / 22) for t in range(67)])
    assert chances[22] == pytest.approx(0.5) and chances[66] == pytest.approx(0.125)


def test_ift_curves_are_the_logistics_and_the_ranks_sit_on_them():
    goal, rate = cwl_ift_continuation(T1)
    T, b, R, A = 2, 0.9, 10, 0.2
    x, c = goal.get_lines()[0].get_data()
    assert c == pytest.approx([1 - 1 / (1 + b * math.exp(R * (T - y))) for y in x])
    x, c = rate.get_lines()[0].get_data()
    assert c == pytest.approx([1 / (1 + b * math.exp(R * (A - r))) for r in x])
    # T1's first ranks: gain collected 1, 1, 2 and C(i) of the goal model there
    points = goal.get_lines()[1]
    assert points.get_xdata()[:3].tolist() == [1, 1, 2]
    assert points.get_ydata()[:3] == pytest.approx(
        [1 - 1 / (1 + b * math.exp(R * (T - y))) for y in (1, 1, 2)])
    # the rate model: rate y_i / i (cost 1), on into the padding to twice ED 13.77 (28 ranks)
    points = rate.get_lines()[1]
    assert points.get_xdata() == pytest.approx(np.cumsum(GAINS + [0] * 18) / np.arange(1, 29))


def test_nerr_continuations_and_chances_on_t3():
    c_ax, reach_ax = cwl_nerr_continuation(T3, k=10, phi=0.9, T=2)
    gains = [0 if g is None else g for g in T3]
    patience = {"NERR8@10": lambda i: 1.0 if i < 10 else 0.0,
                "NERR9@10": lambda i: i / (i + 1) if i < 10 else 0.0,
                "NERR10(p=0.9)": lambda i: 0.9,
                "NERR11(T=2)": lambda i: ((i + 3) / (i + 4)) ** 2}
    for line, reach, (name, factor) in zip(c_ax.get_lines(), reach_ax.get_lines(),
                                           patience.items()):
        assert line.get_label() == name
        expected = [factor(i) * (1 - g) for i, g in zip(range(1, 11), gains)]
        assert line.get_ydata() == pytest.approx(expected)
        assert reach.get_ydata() == pytest.approx(
            [math.prod(expected[:i - 1]) for i in range(1, 11)])
    labels = [line.get_label() for line in reach_ax.get_lines()]
    assert "EU 0.0680" in labels[1] and "EU 0.0691" in labels[3]     # ir_measures, T3


def test_the_figures_refuse_what_the_measures_refuse():
    with pytest.raises(rb.RankbookError):
        cwl_nerr_continuation([1, 2, 0])                         # a gain above 1
    with pytest.raises(rb.RankbookError):
        cwl_inst_continuation([1, 2, 0])
