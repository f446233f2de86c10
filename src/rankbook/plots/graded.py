r"""Figures of the graded-relevance chapter: gains, discounts, DCG against the ideal, nDCG.

| function | what it draws |
| --- | --- |
| `discounted_gains` | each rank's gain and discounted gain, whose sum is DCG |
| `dcg_curves` | DCG@k of a ranking and IDCG@k of the ideal ordering, against k |
| `dcg_conventions` | DCG@k under the gain and discount conventions of the tools |
| `ndcg_at_ranks` | DCG@k and IDCG@k, and nDCG@k, their ratio, against k |
| `ndcg_ideals` | nDCG@k divided by the list's own ideal and by every judged document's |
| `ndcg_averages` | nDCG@k with the points trec_eval's ``ndcg_rel`` and ``Rndcg`` average |
| `gain_map_effect` | DCG and IDCG as stacked discounted gains, with linear gains and a gain map |
| `normalized_gain_terms` | each rank's term of trec_eval's G against its term of DCG |
| `gdeval_ndcg_curves` | gdeval's nDCG@k (gain $2^g - 1$) against trec_eval's (gain $g$), at every k |
| `compat_persistence` | ir_measures' Compat as the persistence p grows, with the two RBOs it divides |
| `blended_ratio_at_ranks` | NTCIREVAL's blended ratio, precision and cg/cg* at each rank; Q-measure |

Every list is drawn with its grades as a row of tiles below the axes when the function makes
its own figure. The last three, the figures of trec_eval's gain measures, are written in the
private module ``_graded_variants``; the last three, the figures of the tools' own graded
measures (gdeval, ir_measures, NTCIREVAL), in ``_graded_tools``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np

from rankbook.metrics.dcg import (
    dcg_at_k,
    discount_values,
    gains_of,
    idcg_at_k,
    ndcg_at_k,
)
from rankbook.plots._graded_tools import (
    blended_ratio_at_ranks,
    compat_persistence,
    gdeval_ndcg_curves,
)
from rankbook.plots._graded_variants import (
    gain_map_effect,
    ndcg_averages,
    normalized_gain_terms,
)
from rankbook.plots._strip import axes_over_lists, finish_list, strips_below
from rankbook.plots._style import (
    MARKERS,
    PALETTE,
    REFERENCE,
    added_at_each_rank,
    rank_ticks,
)

__all__ = ["discounted_gains", "dcg_curves", "dcg_conventions", "ndcg_at_ranks", "ndcg_ideals",
           "ndcg_averages", "gain_map_effect", "normalized_gain_terms", "gdeval_ndcg_curves",
           "compat_persistence", "blended_ratio_at_ranks"]

#: The conventions `dcg_conventions` compares: (name, keyword arguments of `dcg_at_k`).
CONVENTIONS = (
    ("Järvelin-Kekäläinen", {"discount": "jarvelin"}),
    ("linear gain, log2(i+1)", {}),
    ("exponential gain, log2(i+1)", {"gain": "exponential"}),
)


def discounted_gains(
    relevance: Sequence[float],
    *,
    gain: str = "linear",
    discount: str = "log2",
    gain_map: Mapping[float, float] | None = None,
    ax=None,
):
    r"""Draw each rank's gain $g(\mathrm{rel}_i)$ and discounted gain $g(\mathrm{rel}_i)/d(i)$.

    A hollow bar is the gain, the filled bar inside it the discounted gain
    (labelled), and the tick under rank $i$ reads its discount $\div\, d(i)$ (lists of
    up to 12). The filled bars add up to $\mathrm{DCG}@n$; each is
    $\mathrm{DCG}@i - \mathrm{DCG}@(i-1)$ as `dcg_at_k` computes it.

    Parameters
    ----------
    relevance : sequence of float, shape (n,)
        Grades of the ranked list, rank 1 first.
    gain, discount, gain_map
        As in `rankbook.metrics.dcg.dcg_at_k`.
    ax : matplotlib Axes, optional
        Where to draw; a new figure (with the grades as tiles below) when omitted.

    Returns
    -------
    matplotlib.axes.Axes
        The bars' Axes; ``ax.containers`` holds the gains, then the discounted gains.

    See Also
    --------
    dcg_curves : the running sum of the filled bars, against the ideal's.

    Examples
    --------
    The lecture's grades with Järvelin and Kekäläinen's discount; the slides
    print the discounted gains 3, 2, 1.89, 0, 0, 0.39, 0.71, 0.67, 0.95, 0:

    >>> ax = discounted_gains([3, 2, 3, 0, 0, 1, 2, 2, 3, 0], discount="jarvelin")
    >>> [round(float(bar.get_height()), 2) for bar in ax.containers[1]]
    [3.0, 2.0, 1.89, 0.0, 0.0, 0.39, 0.71, 0.67, 0.95, 0.0]
    >>> ax.get_title()
    'DCG@10 = 9.6051, the sum of the filled bars'
    """
    options = {"gain": gain, "discount": discount, "gain_map": gain_map}
    whole = dcg_at_k(relevance, **options)               # the metric checks the arguments
    gains = gains_of(relevance, gain=gain, gain_map=gain_map)
    ranks = np.arange(1, len(gains) + 1)
    added = added_at_each_rank([dcg_at_k(relevance, k, **options) for k in ranks])

    (ax,) = axes_over_lists(ax, [relevance])
    ax.bar(ranks, gains, width=0.72, facecolor="none", edgecolor=PALETTE[0], linestyle="--",
           label="gain g(rel)")
    bars = ax.bar(ranks, added, width=0.72, color=PALETTE[0], label="discounted gain g(rel) / d(i)")
    ax.bar_label(bars, labels=[f"{x:.2f}" if x else "" for x in added], fontsize="small",
                 padding=2)
    if 0 < len(ranks) <= 12:
        ax.set_xticks(ranks, [f"{i}\n÷{d:.3g}" for i, d in zip(ranks, discount_values(len(ranks),
                                                                                       discount))])
        for below in [ax, *strips_below(ax)]:       # two lines a rank: smaller, so they fit
            below.tick_params(axis="x", labelsize="small")
        ax.set_xlim(0.4, len(ranks) + 0.6)
    else:
        rank_ticks(ax, max(len(ranks), 1), most=10)
    ax.set_ylim(0, max([*gains, *added, 1.0]) * 1.3)
    return finish_list(ax, title=f"DCG@{len(ranks)} = {whole:.4f}, the sum of the filled bars",
                  xlabel="rank i, and its discount d(i)", ylabel="gain", legend="upper right",
                  grid="y")


def dcg_curves(
    relevance: Sequence[float],
    ideal: Sequence[float] | None = None,
    *,
    gain: str = "linear",
    discount: str = "log2",
    gain_map: Mapping[float, float] | None = None,
    ax=None,
):
    r"""Plot DCG@k of a ranking and of the ideal ordering (IDCG@k) against the rank k.

    The gap between the two curves is what nDCG measures: at each rank,
    $\mathrm{nDCG}@k = \mathrm{DCG}@k / \mathrm{IDCG}@k$; the title gives the three at the
    list's length.

    Parameters
    ----------
    relevance : sequence of float, shape (n,)
        Grades of the ranked list, rank 1 first.
    ideal : sequence of float, optional
        Every judged grade of the query, for IDCG. Default: ``relevance``.
    gain, discount, gain_map
        As in `rankbook.metrics.dcg.dcg_at_k`.
    ax : matplotlib Axes, optional
        Where to draw; a new figure (with the grades as tiles below) when omitted.

    Returns
    -------
    matplotlib.axes.Axes
        The Axes drawn on.

    Examples
    --------
    >>> ax = dcg_curves([3, 2, 3, 0, 0, 1, 2, 2, 3, 0], discount="jarvelin")
    >>> [line.get_label() for line in ax.get_lines()]
    ['IDCG@k (ideal ordering)', 'DCG@k (this ranking)']
    >>> ax.get_title()
    'DCG@10 = 9.6051, IDCG@10 = 10.8841\nnDCG@10 = 0.8825'
    """
    ideal = relevance if ideal is None else ideal
    options = {"gain": gain, "discount": discount, "gain_map": gain_map}
    n = len(gains_of(relevance))
    best = ndcg_at_k(relevance, n or None, ideal=ideal, **options)  # the metric checks the arguments
    ranks = np.arange(1, n + 1)
    dcg = [dcg_at_k(relevance, k, **options) for k in ranks]
    idcg = [idcg_at_k(ideal, k, **options) for k in ranks]

    (ax,) = axes_over_lists(ax, [relevance])
    ax.plot(ranks, idcg, marker="s", linestyle="--", color=REFERENCE, label="IDCG@k (ideal ordering)")
    ax.plot(ranks, dcg, marker="o", color=PALETTE[0], label="DCG@k (this ranking)")
    ax.fill_between(ranks, dcg, idcg, alpha=0.2, color=PALETTE[0], label="_gap")
    rank_ticks(ax, max(n, 1), most=10)
    ax.set_ylim(bottom=0)
    title = (f"DCG@{n} = {dcg[-1]:.4f}, IDCG@{n} = {idcg[-1]:.4f}\nnDCG@{n} = {best:.4f}"
             if n else "DCG of an empty list")
    return finish_list(ax, title=title, xlabel="rank k", ylabel="cumulative discounted gain",
                  legend="lower right")


def dcg_conventions(relevance: Sequence[float], *, ax=None):
    r"""Plot DCG@k of one ranking under three conventions of gain and discount.

    Järvelin and Kekäläinen's discount $\max(1, \log_2 i)$ with the grade as gain
    (the lecture's formula), and the discount $\log_2(i+1)$ of every tool with
    linear gain (trec_eval) or exponential gain $2^{\mathrm{rel}} - 1$ (FLAGR). The legend
    gives each DCG@n: the same ranking has three values.

    Parameters
    ----------
    relevance : sequence of float, shape (n,)
        Grades of the ranked list, rank 1 first.
    ax : matplotlib Axes, optional
        Where to draw; a new figure (with the grades as tiles below) when omitted.

    Returns
    -------
    matplotlib.axes.Axes
        The Axes drawn on, one line per convention of ``CONVENTIONS``.

    Examples
    --------
    >>> ax = dcg_conventions([3, 2, 3, 0, 0, 1, 2, 2, 3, 0])
    >>> [round(float(line.get_ydata()[-1]), 2) for line in ax.get_lines()]
    [9.61, 8.32, 16.8]
    """
    n = len(gains_of(relevance))
    ranks = np.arange(1, n + 1)
    (ax,) = axes_over_lists(ax, [relevance])
    highest = 1.0
    for (name, options), colour, marker in zip(CONVENTIONS, PALETTE, MARKERS):
        values = [dcg_at_k(relevance, k, **options) for k in ranks]
        ax.plot(ranks, values, marker=marker, color=colour,
                label=f"{name}: {values[-1]:.4f}" if n else name)
        highest = max([highest, *values])
    rank_ticks(ax, max(n, 1), most=10)
    ax.set_ylim(0, highest * 1.55)        # room for the legend above the curves
    return finish_list(ax, title="The same ranking, three conventions", xlabel="rank k",
                       ylabel="DCG@k", legend="upper left")


def ndcg_at_ranks(
    relevance: Sequence[float],
    ideal: Sequence[float] | None = None,
    *,
    gain: str = "linear",
    discount: str = "log2",
    gain_map: Mapping[float, float] | None = None,
):
    r"""Plot DCG@k and IDCG@k (top) and their ratio nDCG@k (bottom, labelled) against k.

    Each value is computed by `dcg_at_k`, `idcg_at_k` and `ndcg_at_k` at the
    cut-off $k$ (trec_eval's ``ndcg_cut.k``); the list's grades are drawn as tiles
    above.

    Parameters
    ----------
    relevance : sequence of float, shape (n,)
        Grades of the ranked list, rank 1 first.
    ideal : sequence of float, optional
        Every judged grade of the query. Default: ``relevance``.
    gain, discount, gain_map
        As in `rankbook.metrics.dcg.dcg_at_k`.

    Returns
    -------
    list of matplotlib.axes.Axes
        The two Axes, DCG and IDCG first, nDCG second.

    Examples
    --------
    FLAGR's table prints nDCG@k 1.00, 0.61, 0.70, 0.75, 0.75, 0.89, 0.89, 0.89:

    >>> top, bottom = ndcg_at_ranks([1, 0, 1, 1, 0, 1, 0, 0], ideal=[1, 1, 1, 1])
    >>> [round(float(y), 2) for y in bottom.get_lines()[0].get_ydata()]
    [1.0, 0.61, 0.7, 0.75, 0.75, 0.89, 0.89, 0.89]
    """
    options = {"gain": gain, "discount": discount, "gain_map": gain_map}
    ideal = relevance if ideal is None else ideal
    top, bottom = axes_over_lists(None, [relevance], rows=2, height=4.6)
    dcg_curves(relevance, ideal, ax=top, **options)
    top.set_title("DCG@k against IDCG@k, the ideal's")
    top.set_xlabel("")
    ranks = np.arange(1, len(gains_of(relevance)) + 1)
    ratio = [ndcg_at_k(relevance, k, ideal=ideal, **options) for k in ranks]
    bottom.plot(ranks, ratio, marker="o", color=PALETTE[1], label="nDCG@k")
    for rank, value in zip(ranks, ratio):
        bottom.annotate(f"{value:.2f}", (rank, value), xytext=(0, 5), textcoords="offset points",
                        ha="center", fontsize="small")
    bottom.set_ylim(0, 1.18)
    finish_list(bottom, title="nDCG@k = DCG@k / IDCG@k", xlabel="rank k", ylabel="nDCG@k", legend=None)
    return [top, bottom]


def ndcg_ideals(
    relevance: Sequence[float],
    ideal: Sequence[float],
    *,
    gain: str = "linear",
    discount: str = "log2",
    gain_map: Mapping[float, float] | None = None,
    ax=None,
):
    r"""Plot nDCG@k with the list's own ideal and with the ideal of every judged document.

    Without ``ideal``, `ndcg_at_k` (like scikit-learn and FLAGR) sorts the
    list's own grades: relevant documents the list missed are invisible. With
    every judged grade (trec_eval) they count. The legend gives trec_eval's
    ``ndcg`` (no cut-off) under each ideal.

    Parameters
    ----------
    relevance : sequence of float, shape (n,)
        Grades of the ranked list, rank 1 first.
    ideal : sequence of float
        Every judged grade of the query, retrieved or not.
    gain, discount, gain_map
        As in `rankbook.metrics.dcg.dcg_at_k`.
    ax : matplotlib Axes, optional
        Where to draw; a new figure (with the grades as tiles below) when omitted.

    Returns
    -------
    matplotlib.axes.Axes
        The Axes drawn on: the list's own ideal first, every judged document second.

    Examples
    --------
    One relevant document, at rank 1, of four that exist:

    >>> ax = ndcg_ideals([1, 0, 0, 0, 0], [1, 1, 1, 1])
    >>> [line.get_label() for line in ax.get_lines()]
    ['ideal from the list: nDCG = 1.0000', 'ideal of every judged document: nDCG = 0.3904']
    """
    options = {"gain": gain, "discount": discount, "gain_map": gain_map}
    ranks = np.arange(1, len(gains_of(relevance)) + 1)
    (ax,) = axes_over_lists(ax, [relevance])
    for name, given, colour, style in (("ideal from the list", None, PALETTE[3], ":"),
                                       ("ideal of every judged document", ideal, PALETTE[1], "-")):
        values = [ndcg_at_k(relevance, k, ideal=given, **options) for k in ranks]
        whole = ndcg_at_k(relevance, ideal=given, **options)
        ax.plot(ranks, values, marker="o", linestyle=style, color=colour,
                label=f"{name}: nDCG = {whole:.4f}")
    rank_ticks(ax, max(len(ranks), 1), most=10)
    ax.set_ylim(0, 1.12)
    return finish_list(ax, title="Which ideal? nDCG@k against k", xlabel="rank k", ylabel="nDCG@k",
                  legend="lower left")
