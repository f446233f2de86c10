"""The figures of "Building test collections" draw what rankbook.collections computes, by hand."""

from __future__ import annotations

import matplotlib.colors
import pytest

from rankbook._errors import InvalidTypeError
from rankbook.collections import RunBias
from rankbook.plots import incomplete_scores, pool_bias_scores, pool_grid, pool_growth

RUNS = {"A": {"1": ["a", "b", "c"], "2": ["x"]}, "B": {"1": ["b", "d", "e"], "2": ["x", "y"]}}


def test_pool_growth_is_the_mean_pool_size_between_its_bounds():
    ax = pool_growth(RUNS, [1, 2, 3])
    sizes, upper, lower = (line.get_ydata().tolist() for line in ax.get_lines())
    # depth 1: {a, b} and {x}: (2 + 1) / 2; depth 2: {a, b, d}, {x, y}; depth 3: 5 and 2
    assert sizes == [1.5, 2.5, 3.5]
    assert upper == [2, 4, 6] and lower == [1, 2, 3]
    assert ax.get_title() == "2 runs: 3.5 per topic at depth 3"


def test_pool_grid_fills_the_documents_one_run_alone_pooled():
    ax = pool_grid(RUNS, "1", 2)
    assert [t.get_text() for t in ax.texts] == ["a", "b", "b", "d"]
    filled = [matplotlib.colors.to_hex(p.get_facecolor()) for p in ax.patches]
    assert filled[0] == filled[3] != filled[1] == filled[2] == "#ffffff"   # a, d alone
    assert [t.get_text() for t in ax.get_xticklabels()] == ["A", "B"]


def test_pool_bias_scores_join_the_full_and_reduced_means():
    results = {"A": RunBias(0.5, 0.25, 2, 1), "B": RunBias(0.4, 0.4, 0, 0)}
    ax = pool_bias_scores(results)
    full, reduced = (c.get_offsets().tolist() for c in ax.collections)
    assert full == [[0.5, 0], [0.4, 1]] and reduced == [[0.25, 0], [0.4, 1]]
    assert ax.get_title() == "Leave one run out: largest drop 0.2500 (A)"
    with pytest.raises(InvalidTypeError, match="RunBias"):
        pool_bias_scores({"A": (0.5, 0.25)})


def test_incomplete_scores_put_each_measure_against_the_complete_score():
    ax = incomplete_scores({"A": 0.5, "B": 0.2}, {"AP": {"A": 0.6, "B": 0.1},
                                                  "bpref": {"A": 0.55, "B": 0.3}})
    assert [c.get_offsets().tolist() for c in ax.collections] == [
        [[0.5, 0.6], [0.2, 0.1]], [[0.5, 0.55], [0.2, 0.3]]]
    assert ax.get_lines()[0].get_ydata().tolist() == [0.1, 0.6]   # the diagonal, over the data
