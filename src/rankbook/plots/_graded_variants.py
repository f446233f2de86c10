r"""Figures of trec_eval's gain measures: ndcg_rel and Rndcg, gain maps, G.

Private: the functions are public as `rankbook.plots.graded.ndcg_averages`,
`gain_map_effect` and `normalized_gain_terms` (this module keeps graded.py short).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

import numpy as np

from rankbook.metrics.dcg import dcg_at_k, gains_of, idcg_at_k, ideal_gains, ndcg_at_k
from rankbook.metrics.ndcg_variants import (
    ndcg_averaged_at_r_levels,
    ndcg_averaged_over_relevant,
    r_levels,
)
from rankbook.metrics.normalized_gain import normalized_gain
from rankbook.plots._strip import axes_over_lists, finish_list
from rankbook.plots._style import (
    PALETTE,
    REFERENCE,
    added_at_each_rank,
    finish,
    new_axes,
    rank_ticks,
)

__all__ = ["ndcg_averages", "gain_map_effect", "normalized_gain_terms"]


def ndcg_averages(
    relevance: Sequence[float | None],
    ideal: Sequence[float | None],
    *,
    gain_map: Mapping[float, float] | None = None,
    relevance_level: float = 1,
    ax=None,
):
    r"""Plot nDCG@k with the points trec_eval's ``ndcg_rel`` and ``Rndcg`` average.

    Circles: nDCG@k at the ranks of the documents with a positive gain
    (`ndcg_averaged_over_relevant` averages them, and counts each relevant
    document the list missed at the whole list's nDCG). Squares: nDCG@k at
    the R levels (`r_levels`), which `ndcg_averaged_at_r_levels` averages.
    The two means are the horizontal lines. The list and the ideal's gains
    are drawn as tiles below (on a new figure).

    Parameters
    ----------
    relevance : sequence of float or None, shape (n,)
        Grades of the ranked list, rank 1 first.
    ideal : sequence of float or None
        The grades of every judged document of the query.
    gain_map, relevance_level
        As in `rankbook.metrics.ndcg_variants.ndcg_averaged_at_r_levels`.
    ax : matplotlib Axes, optional
        Where to draw; a new figure when omitted.

    Returns
    -------
    matplotlib.axes.Axes
        The Axes drawn on.

    Examples
    --------
    >>> ax = ndcg_averages([1, 2, 0, 1], [2, 1, 1, 0])
    >>> [line.get_label() for line in ax.get_lines()][1:]
    ['at the relevant ranks', 'at the R levels', 'ndcg_rel = 0.7399', 'Rndcg = 0.6112']
    """
    over_relevant = ndcg_averaged_over_relevant(relevance, ideal, gain_map=gain_map)
    at_levels = ndcg_averaged_at_r_levels(relevance, ideal, gain_map=gain_map,
                                          relevance_level=relevance_level)
    gains, best = gains_of(relevance, gain_map=gain_map), ideal_gains(ideal, gain_map=gain_map)
    ranks = np.arange(1, max(len(gains), best.size) + 1)
    values = [ndcg_at_k(relevance, k, ideal=ideal, gain_map=gain_map) for k in ranks]
    relevant = [int(k) for k in np.flatnonzero(gains > 0) + 1]
    levels = r_levels(relevance, ideal, gain_map=gain_map)
    (ax,) = axes_over_lists(ax, [relevance, best], labels=["list", "ideal gains"])
    ax.plot(ranks, values, marker=".", color=REFERENCE, label="nDCG@k")
    ax.plot(relevant, [values[k - 1] for k in relevant], "o", markersize=8, color=PALETTE[0],
            label="at the relevant ranks")
    ax.plot(levels, [values[k - 1] for k in levels], "s", markersize=13, markerfacecolor="none",
            markeredgewidth=2, color=PALETTE[1], label="at the R levels")
    ax.axhline(over_relevant, linestyle="--", color=PALETTE[0], label=f"ndcg_rel = {over_relevant:.4f}")
    ax.axhline(at_levels, linestyle=":", color=PALETTE[1], label=f"Rndcg = {at_levels:.4f}")
    rank_ticks(ax, max(len(ranks), 1), most=10)
    ax.set_ylim(0, 1.1)
    return finish_list(ax, title="Two averages of nDCG@k", xlabel="rank k", ylabel="nDCG@k",
                  legend="lower right")


def gain_map_effect(
    relevance: Sequence[float | None],
    gain_map: Mapping[float, float],
    ideal: Sequence[float | None] | None = None,
):
    r"""Draw DCG and IDCG as stacked discounted gains, with linear gains (left) and a gain map.

    Each bar stacks the discounted gains of the list (and of the ideal
    ordering) rank by rank, labelled with the rank; the ratio of the two bars'
    lengths is nDCG, given in each title (`ndcg_at_k` without cut-off,
    trec_eval's ``ndcg``).

    Parameters
    ----------
    relevance : sequence of float or None, shape (n,)
        Grades of the ranked list, rank 1 first.
    gain_map : mapping of float to float
        The gains ``{grade: gain}`` (trec_eval's ``ndcg.1=3,2=9``).
    ideal : sequence of float or None, optional
        Every judged grade of the query. Default: ``relevance``.

    Returns
    -------
    list of matplotlib.axes.Axes
        Linear gains first, the gain map second.

    Examples
    --------
    >>> linear, mapped = gain_map_effect([1, 2], {1: 3, 2: 9})
    >>> linear.get_title(), mapped.get_title()
    ('linear gains: nDCG = 0.8597', 'gain map: nDCG = 0.7967')
    """
    ideal = relevance if ideal is None else ideal
    axes = new_axes(height=3.2, nrows=2)
    for ax, name, mapping in zip(axes, ("linear gains", "gain map"), (None, gain_map)):
        value = ndcg_at_k(relevance, ideal=ideal, gain_map=mapping)
        for row, (grades, dcg, colour) in enumerate(((ideal, idcg_at_k, REFERENCE),
                                                     (relevance, dcg_at_k, PALETTE[0]))):
            running = [dcg(grades, k, gain_map=mapping)
                       for k in range(1, len(gains_of(grades)) + 1)]
            widths = added_at_each_rank(running)
            bars = ax.barh([row] * len(widths), widths, left=[0.0, *running[:-1]], height=0.6,
                           color=colour, edgecolor="white", linewidth=1.5)
            ax.bar_label(bars, labels=[f"{w:.3g}" if w > 0 else "" for w in widths],
                         label_type="center", fontsize="small")
            if running:
                ax.annotate(f" = {running[-1]:.4g}", (running[-1], row), va="center",
                            fontsize="small")
        ax.set_yticks([0, 1], ["ideal", "list"])
        ax.set_xlim(0, ax.get_xlim()[1] * 1.18)
        finish(ax, title=f"{name}: nDCG = {value:.4f}", xlabel="", ylabel="", legend=None,
               grid="x")
    axes[-1].set_xlabel("the discounted gains of ranks 1, 2, ... end to end")
    return list(axes)


def normalized_gain_terms(
    relevance: Sequence[float | None],
    ideal: Sequence[float | None],
    *,
    gain_map: Mapping[float, float] | None = None,
    ax=None,
):
    r"""Bars of each rank's term in trec_eval's G, $g_i / \log_2(2 + C_i - S_i)$, and in DCG, $g_i / \log_2(i + 1)$.

    G discounts a document by how far the list is behind the ideal there, DCG
    by its rank. The terms are read off the metrics themselves: G's is the
    change of `normalized_gain` when the list is cut one rank later, times the
    ideal's total gain (G's denominator); DCG's the change of `dcg_at_k`. The
    title gives G and trec_eval's nDCG.

    Parameters
    ----------
    relevance : sequence of float or None, shape (n,)
        Grades of the ranked list, rank 1 first.
    ideal : sequence of float or None
        The grades of every judged document of the query.
    gain_map : mapping of float to float, optional
        As in `rankbook.metrics.normalized_gain.normalized_gain`.
    ax : matplotlib Axes, optional
        Where to draw; a new figure (with the grades as tiles below) when omitted.

    Returns
    -------
    matplotlib.axes.Axes
        The Axes drawn on; ``ax.containers`` holds G's terms, then DCG's.

    Examples
    --------
    Relevant, non-relevant, relevant, of three relevant documents: after one
    miss, G divides by $\log_2 3$ where DCG divides by $\log_2 4$:

    >>> ax = normalized_gain_terms([1, 0, 1], [1, 1, 1])
    >>> [[round(float(bar.get_height()), 4) for bar in bars] for bars in ax.containers]
    [[1.0, 0.0, 0.6309], [1.0, 0.0, 0.5]]
    """
    value = normalized_gain(relevance, ideal, gain_map=gain_map)
    total = math.fsum(ideal_gains(ideal, gain_map=gain_map))
    ranks = np.arange(1, len(gains_of(relevance)) + 1)
    cut = [list(relevance)[:k] for k in ranks]
    g_terms = [total * x for x in added_at_each_rank([normalized_gain(c, ideal, gain_map=gain_map) for c in cut])]
    d_terms = added_at_each_rank([dcg_at_k(relevance, k, gain_map=gain_map) for k in ranks])
    trec_ndcg = ndcg_at_k(relevance, ideal=ideal, gain_map=gain_map)

    (ax,) = axes_over_lists(ax, [relevance])
    for offset, terms, colour, label in ((-0.2, g_terms, PALETTE[2], "G: gain / log2(2 + shortfall)"),
                                         (0.2, d_terms, PALETTE[0], "DCG: gain / log2(1 + rank)")):
        bars = ax.bar(ranks + offset, terms, width=0.4, color=colour, label=label)
        ax.bar_label(bars, labels=[f"{x:.2f}" if x else "" for x in terms], fontsize="small",
                     padding=2)
    rank_ticks(ax, max(len(ranks), 1), most=10)
    ax.set_ylim(0, max([*g_terms, *d_terms, 1.0]) * 1.45)
    return finish_list(ax, title=f"G = {value:.4f}, nDCG = {trec_ndcg:.4f}", xlabel="rank i",
                  ylabel="term of the sum", legend="upper right", grid="y")
