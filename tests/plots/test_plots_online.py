"""The online-evaluation figures draw what rankbook.online computes, checked by hand."""

from __future__ import annotations

from fractions import Fraction as F

import matplotlib.colors
import pytest

import rankbook as rb
from rankbook.plots import (
    click_probabilities_by_rank,
    expected_outcomes,
    interleaved_list,
    ips_running_estimates,
    win_tie_loss,
)

A, B = ["a", "b", "c"], ["b", "c", "a"]
COIN = rb.online.pbm({0: F(1, 2), 1: F(1, 2)}, [1, 1, 1])
RELEVANT_ONLY = rb.online.pbm({0: 0, 1: 1}, [1, 1, 1])



def test_the_shown_column_is_coloured_by_team():
    shown = rb.online.Interleaving(("b", "a", "c"), (1, 0, 0))
    ax = interleaved_list([A, B], shown)
    texts = [t.get_text() for t in ax.texts]
    assert texts == [*A, *B, "b", "a", "c"]
    shown_cells = ax.patches[-3:]
    # The palette's first two colours (Okabe-Ito orange for team A, sky blue for team B).
    assert [matplotlib.colors.to_hex(p.get_facecolor()).upper() for p in shown_cells] == [
        "#56B4E9", "#E69F00", "#E69F00"]
    assert ax.get_title() == "Documents per team: A 2, B 1"
    assert [t.get_text() for t in ax.get_xticklabels()] == ["A", "B", "shown"]


def test_the_bars_are_the_win_probabilities():
    # Balanced, user clicking each rank with probability 1/2: A wins 1/8, ties 1/2, B 3/8
    # (tests/online/test_outcomes.py derives them by hand).
    ax = win_tie_loss(A, B, COIN, methods=["balanced", "team_draft"])
    widths = [bar.get_width() for bar in ax.patches]
    assert widths[:3] == pytest.approx([1 / 8, 1 / 2, 3 / 8])
    assert sum(widths[3:]) == pytest.approx(1)
    assert widths[3] == pytest.approx(widths[5])           # team draft: A and B alike
    assert "E[o] = -0.250" in [t.get_text() for t in ax.texts]


def test_the_expected_outcomes_per_user():
    ax = expected_outcomes(A, B, {"random": COIN, "c only": RELEVANT_ONLY}, {"c": 1},
                           methods=["balanced", "team_draft"])
    widths = [bar.get_width() for bar in ax.patches]
    # random: balanced -1/4, team draft 0; c only: balanced -1 (c lowest, k = 2), team draft 0.
    assert widths == pytest.approx([-1 / 4, 0, -1, 0])
    assert [t.get_text() for t in ax.get_legend().get_texts()] == ["random", "c only"]


def test_the_click_curves_are_the_click_probabilities():
    # Cascade with alpha 1/2 (grade 0) and 1 (grade 1) on grades 0, 0, 1: 1/2, 1/4, 1/4.
    ax = click_probabilities_by_rank([0, 0, 1], {"cascade": rb.online.cascade([F(1, 2), 1])})
    assert list(ax.lines[0].get_ydata()) == pytest.approx([1 / 2, 1 / 4, 1 / 4])
    assert [t.get_text() for t in ax.get_xticklabels()] == ["1\n(0)", "2\n(0)", "3\n(1)"]


def test_the_running_estimates_by_hand():
    # Query 1: d2 clicked at rank 2 (propensity 1/2), new rank 1: IPS term 2, naive term 1.
    # Query 2: d1 clicked at rank 1, new rank 2: term 2 for both. SNIPS: (2 + 2) / (2 + 1).
    ax = ips_running_estimates([["d1", "d2"]] * 2, [[0, 1], [1, 0]], [1, F(1, 2)],
                               [["d2", "d1"]] * 2, utility="rank", truth=2)
    ips, snips, naive, truth = (list(line.get_ydata()) for line in ax.lines)
    assert ips == pytest.approx([2, 2])
    assert snips == pytest.approx([1, 4 / 3])
    assert naive == pytest.approx([1, 1.5])
    assert truth == pytest.approx([2, 2])
