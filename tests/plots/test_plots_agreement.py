"""The agreement figures draw what rankbook.collections computes, checked by hand."""

from __future__ import annotations

import pytest

import rankbook as rb
from rankbook.plots import agreement_table, system_rankings

# Introduction to IR, Table 8.2
JUDGE1 = [1] * 300 + [1] * 20 + [0] * 10 + [0] * 70
JUDGE2 = [1] * 300 + [0] * 20 + [1] * 10 + [0] * 70


def test_the_cells_are_the_confusion_table_and_the_title_its_kappas():
    ax = agreement_table(JUDGE1, JUDGE2, names=("judge 1", "judge 2"))
    # rows judge 1 (0, 1), columns judge 2 (0, 1)
    assert [t.get_text() for t in ax.texts] == ["70", "10", "20", "300"]
    assert [t.get_position() for t in ax.texts] == [(0, 0), (1, 0), (0, 1), (1, 1)]
    # P(A) = 370/400; Cohen P(E) = 0.665, kappa = 0.26/0.335; pooled 0.6653, kappa 0.7759
    assert ax.get_title() == ("P(A) = 0.925; P(E) = 0.665, κ = 0.776\n"
                              "pooled P(E) = 0.665, κ = 0.776")
    assert ax.get_ylabel() == "label given by judge 1"


def test_the_points_are_the_systems_and_the_dashes_the_swaps():
    first = {"a": 0.4, "b": 0.3, "c": 0.2, "d": 0.1}
    second = {"a": 0.3, "b": 0.4, "c": 0.1, "d": 0.2}
    ax = system_rankings(first, second)
    systems = next(line for line in ax.get_lines() if line.get_label() == "a system")
    assert list(systems.get_xdata()) == [0.4, 0.3, 0.2, 0.1]
    assert list(systems.get_ydata()) == [0.3, 0.4, 0.1, 0.2]
    swaps = [line for line in ax.get_lines() if line.get_linestyle() == "--"]
    assert sorted(tuple(line.get_xdata()) for line in swaps) == [(0.2, 0.1), (0.4, 0.3)]
    # 6 pairs, 2 swapped: tau = 1/3; tau_AP over b a d c: 2/3 (0 + 1 + 2/3) - 1 = 1/9
    assert ax.get_title() == "τ = 0.333, τ_AP = 0.111; 2 swapped pairs"


def test_ties_leave_tau_ap_undefined_in_the_title():
    ax = system_rankings({"a": 0.4, "b": 0.4, "c": 0.1}, {"a": 0.3, "b": 0.2, "c": 0.1})
    assert "τ_AP = undefined (ties)" in ax.get_title()


def test_the_figures_refuse_what_the_functions_refuse():
    with pytest.raises(rb.InvalidValueError):
        agreement_table({"d1": 1}, {"d2": 1})
    with pytest.raises(rb.InvalidValueError):
        system_rankings({"a": 0.1, "b": 0.2}, {"a": 0.1})
