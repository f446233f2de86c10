r"""Figures of the rank-based chapter: AP's rectangles, the rank of the first hit, their means.

| function | what it draws |
| --- | --- |
| `average_precision_area` | the precision at each relevant rank as rectangles over recall: their area is AP |
| `average_precision_by_query` | each query's AP as a bar, with MAP and GMAP |
| `first_relevant_rank` | RR = 1/K: the list, its first relevant rank K, and 1/K for every K |
| `reciprocal_rank_by_query` | each query's RR as a bar, with MRR (and 1 / mean rank, which it is not) |

The user's effort (search length, LAG) is drawn by `rankbook.plots.rank_based_effort`, the
curves of a whole ranking (precision-recall, ROC) by `rankbook.plots.rank_based_curves`.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np

from rankbook import _validate
from rankbook.metrics.average_precision import average_precision
from rankbook.metrics.interpolation import precision_recall_curve
from rankbook.metrics.means import (
    GM_FLOOR,
    geometric_mean_average_precision,
    mean_average_precision,
    mean_over_topics,
    mean_reciprocal_rank,
)
from rankbook.metrics.precision import precision_at_k
from rankbook.metrics.reciprocal_rank import reciprocal_rank
from rankbook.metrics.search_length import search_length
from rankbook.plots._strip import axes_over_lists, finish_list
from rankbook.plots._style import PALETTE, REFERENCE, finish, new_axes, rank_ticks

__all__ = [
    "average_precision_area",
    "average_precision_by_query",
    "first_relevant_rank",
    "reciprocal_rank_by_query",
]


def average_precision_area(
    relevance: Sequence[float],
    n_relevant: int,
    *,
    relevance_level: float = 1,
    ax=None,
):
    r"""Draw AP as an area: one rectangle per relevant document, over the recall it adds.

    Walking down the list, each relevant document moves recall $1/R$ to the
    right; the rectangle over that step has the height of the precision at
    that document's rank, $\mathrm{P}@K_j = j / K_j$ for the $j$-th relevant
    document at rank $K_j$. The rectangles' total area is

    $$\mathrm{AP} = \sum_{j=1}^{R} \frac{1}{R} \cdot \mathrm{P}@K_j,$$

    trec_eval's AP (`average_precision` with ``denominator="relevant"``).
    A relevant document that was never retrieved adds a rectangle of height
    0: the hatched band at the right, recall the list never reaches. The raw
    precision after every rank is drawn behind, as points.

    Parameters
    ----------
    relevance : sequence of float, shape (n,)
        Grades of the ranked list, rank 1 first.
    n_relevant : int
        R, the number of relevant documents of the query, retrieved or not.
    relevance_level : float, default 1
        Lowest grade that counts as relevant.
    ax : matplotlib Axes, optional
        Where to draw; a new figure when omitted.

    Returns
    -------
    matplotlib.axes.Axes
        The Axes drawn on; ``ax.patches`` holds the rectangles, left to right.

    See Also
    --------
    rankbook.metrics.average_precision.average_precision : the number the area equals.

    Examples
    --------
    The lecture's list, relevant at ranks 1, 3 and 5 of $R = 3$:

    >>> ax = average_precision_area([1, 0, 1, 0, 1], 3)
    >>> [round(float(bar.get_height()), 4) for bar in ax.patches]
    [1.0, 0.6667, 0.6]
    >>> ax.get_title()
    'AP = area of the rectangles = 0.7556 (R = 3)'
    """
    grades = _validate.grades(relevance)
    threshold = _validate.threshold(relevance_level)
    R = _validate.n_relevant(n_relevant, grades, threshold)
    ranks = [i + 1 for i in range(len(grades)) if grades[i] >= threshold]
    heights = [precision_at_k(grades, rank, relevance_level=threshold) for rank in ranks]
    area = average_precision(grades, R, relevance_level=threshold)
    recall, precision = precision_recall_curve(grades, R, relevance_level=threshold) \
        if R else (np.zeros(len(grades)), np.zeros(len(grades)))

    ax = new_axes(ax, height=3.4)
    width = 1 / R if R else 1.0
    lefts = [j * width for j in range(len(ranks))]
    bars = ax.bar(lefts, heights, width=width, align="edge", color=PALETTE[0], alpha=0.55,
                  edgecolor=PALETTE[0], linewidth=1.5, label="P@rank of each relevant document")
    for bar, rank, j in zip(bars, ranks, range(1, len(ranks) + 1)):
        ax.annotate(f"{j}/{rank}", (bar.get_x() + width / 2, bar.get_height()),
                    xytext=(0, 3), textcoords="offset points", ha="center", fontsize="small")
    if R and len(ranks) < R:
        ax.axvspan(len(ranks) * width, 1.0, facecolor="none", edgecolor=REFERENCE, hatch="//",
                   linewidth=0, label="relevant, never retrieved: height 0")
    ax.plot(recall, precision, linestyle=":", marker=".", color=PALETTE[1],
            label="precision after each rank")
    ax.set_xlim(0, 1.0)
    ax.set_ylim(0, 1.12)
    return finish(ax, title=f"AP = area of the rectangles = {area:.4f} (R = {R})",
                  xlabel="recall", ylabel="precision", legend="lower left")



def average_precision_by_query(
    rankings: Sequence[Sequence[float]],
    n_relevant: Sequence[int] | None,
    *,
    k: int | None = None,
    denominator: str = "relevant",
    relevance_level: float = 1,
    floor: float = GM_FLOOR,
    ax=None,
):
    r"""Draw each query's AP as a bar, with their arithmetic mean (MAP) and geometric mean (GMAP).

    Every query counts once, whatever its length or $R_q$: MAP is the mean of
    the bars (`mean_average_precision`), GMAP their geometric mean with each
    AP raised to ``floor`` first (`geometric_mean_average_precision`), pulled
    down by the weakest query.

    Parameters
    ----------
    rankings : sequence of sequences of float
        One ranked list of grades per query, rank 1 first.
    n_relevant : sequence of int, or None
        $R_q$ of each query (None only with ``denominator="retrieved_relevant"``).
    k, denominator, relevance_level, floor
        As in `mean_average_precision` and `geometric_mean_average_precision`.
    ax : matplotlib Axes, optional
        Where to draw; a new figure when omitted.

    Returns
    -------
    matplotlib.axes.Axes
        The Axes drawn on: ``ax.patches`` are the bars; its lines are MAP, then GMAP.

    See Also
    --------
    rankbook.metrics.means.mean_average_precision : the mean drawn.

    Examples
    --------
    APs 1 and 1/4: MAP = 5/8, GMAP = 1/2:

    >>> ax = average_precision_by_query([[1, 0], [0, 0, 0, 1]], [1, 1])
    >>> [float(bar.get_height()) for bar in ax.patches], [line.get_label() for line in ax.get_lines()]
    ([1.0, 0.25], ['MAP = 0.6250', 'GMAP = 0.5000'])
    """
    options = {"k": k, "denominator": denominator, "relevance_level": relevance_level}
    mean = mean_average_precision(rankings, n_relevant, **options)   # checks every query
    geometric = geometric_mean_average_precision(rankings, n_relevant, floor=floor, **options)
    lists = _validate.rankings(rankings)
    totals = [None] * len(lists) if n_relevant is None else list(n_relevant)
    values = [average_precision(grades, R, **options) for grades, R in zip(lists, totals)]
    labels = [f"q{q}" if R is None else f"q{q}\nR = {R}" for q, R in enumerate(totals, 1)]

    ax = new_axes(ax, height=3.2)
    _per_query_bars(ax, values, labels, name="AP", means=[("MAP", mean), ("GMAP", geometric)])
    return finish(ax, title=f"AP of {len(lists)} queries, MAP and GMAP", xlabel="query",
                  ylabel="AP", legend="upper right", grid="y")


def first_relevant_rank(
    relevance: Sequence[float],
    *,
    k: int | None = None,
    relevance_level: float = 1,
    ax=None,
):
    r"""Draw RR = 1/K: the list with its first relevant document K, and 1/K for every rank K.

    The grey points are the RR a list would get with its first relevant
    document at rank 1, 2, ..., n (`reciprocal_rank` of such a list): steep at
    the top, flat further down. The list's own rank $K$ (`search_length`) and
    its RR are marked, and its first relevant document is outlined in the
    list below. With a cut-off ``k`` the ranks below it are hatched: a first
    relevant document there gives RR@k = 0.

    Parameters
    ----------
    relevance : sequence of float, shape (n,)
        Grades of the ranked list, rank 1 first.
    k : int, optional
        Cut-off, as in `reciprocal_rank`.
    relevance_level : float, default 1
        Lowest grade that counts as relevant.
    ax : matplotlib Axes, optional
        Where to draw; a new figure (with the list as tiles below) when omitted.

    Returns
    -------
    matplotlib.axes.Axes
        The Axes drawn on: the 1/K points, then the list's RR.

    See Also
    --------
    rankbook.metrics.reciprocal_rank.reciprocal_rank : the value drawn.

    Examples
    --------
    >>> ax = first_relevant_rank([0, 0, 1, 1])
    >>> ax.get_lines()[1].get_xydata().round(4).tolist(), ax.get_title()
    ([[3.0, 0.3333]], 'RR = 1/K = 0.3333, K = 3: the first relevant rank')
    """
    value = reciprocal_rank(relevance, k=k, relevance_level=relevance_level)
    grades = _validate.grades(relevance)
    K = search_length(grades, relevance_level=relevance_level)
    depth = max(len(grades), 1)
    ranks = list(range(1, depth + 1))
    reference = [reciprocal_rank([0] * (rank - 1) + [1]) for rank in ranks]

    (ax,) = axes_over_lists(ax, [relevance], relevance_level=relevance_level,
                            emphasis=[[] if math.isinf(K) else [int(K)]])
    ax.plot(ranks, reference, linestyle=":", marker="o", color=REFERENCE,
            label="1/K, first relevant at rank K")
    if math.isinf(K):
        ax.plot([], [], label="_none")
        title = "RR = 0: no relevant document in the list"
    else:
        K = int(K)
        ax.plot([K], [value], marker="o", markersize=12, linestyle="none", color=PALETTE[3],
                label=f"this list: RR{'' if k is None else f'@{k}'} = {value:.4f}")
        title = (f"RR = 1/K = {value:.4f}, K = {K}: the first relevant rank" if value else
                 f"RR@{k} = 0: the first relevant rank, K = {K}, is below k")
    if k is not None and k < depth:
        ax.axvspan(k + 0.5, depth + 0.6, facecolor="none", edgecolor=REFERENCE, hatch="//",
                   linewidth=0, label=f"below the cut-off k = {k}")
    rank_ticks(ax, depth)
    ax.set_ylim(-0.03, 1.1)
    return finish_list(ax, title=title, xlabel="rank K of the first relevant document",
                       ylabel="reciprocal rank", legend="upper right")


def reciprocal_rank_by_query(
    rankings: Sequence[Sequence[float]],
    *,
    k: int | None = None,
    relevance_level: float = 1,
    ax=None,
):
    r"""Draw each query's RR as a bar, with their mean, MRR, and 1 / mean rank, which MRR is not.

    Each bar is `reciprocal_rank` of one query, labelled with its first
    relevant rank $K_q$; the dashed line is `mean_reciprocal_rank`. When
    every query has a relevant document (and there is no cut-off), the
    dash-dotted line is one over the mean of the $K_q$: lower than MRR
    whenever the $K_q$ differ.

    Parameters
    ----------
    rankings : sequence of sequences of float
        One ranked list of grades per query, rank 1 first.
    k : int, optional
        Cut-off, as in `mean_reciprocal_rank`.
    relevance_level : float, default 1
        Lowest grade that counts as relevant.
    ax : matplotlib Axes, optional
        Where to draw; a new figure when omitted.

    Returns
    -------
    matplotlib.axes.Axes
        The Axes drawn on: ``ax.patches`` are the bars; its lines are MRR, then 1 / mean rank.

    See Also
    --------
    rankbook.metrics.means.mean_reciprocal_rank : the mean drawn.

    Examples
    --------
    First relevant at ranks 1, 2 and 4: MRR = 7/12, 1 / mean rank = 3/7:

    >>> ax = reciprocal_rank_by_query([[1, 0, 0], [0, 1, 1], [0, 0, 0, 1]])
    >>> [line.get_label() for line in ax.get_lines()]
    ['MRR = 0.5833', '1 / mean rank = 0.4286']
    """
    mean = mean_reciprocal_rank(rankings, k=k, relevance_level=relevance_level)
    lists = _validate.rankings(rankings)
    values = [reciprocal_rank(grades, k=k, relevance_level=relevance_level) for grades in lists]
    first = [search_length(grades, relevance_level=relevance_level) for grades in lists]
    means = [("MRR", mean)]
    if k is None and not any(math.isinf(K) for K in first):
        means.append(("1 / mean rank", 1 / mean_over_topics(first)))
    labels = [f"q{q}\nK = {K:g}" if not math.isinf(K) else f"q{q}\nnone"
              for q, K in enumerate(first, 1)]

    ax = new_axes(ax, height=3.2)
    _per_query_bars(ax, values, labels, name="RR" if k is None else f"RR@{k}", means=means)
    return finish(ax, title=f"RR of {len(lists)} queries and their mean, MRR", xlabel="query",
                  ylabel="reciprocal rank", legend="upper right", grid="y")


def _per_query_bars(ax, values: Sequence[float], labels: Sequence[str], *, name: str,
                    means: Sequence[tuple[str, float]]):
    """One bar per query with its value above it, and a dashed line per mean (name, value)."""
    positions = np.arange(1, len(values) + 1)
    bars = ax.bar(positions, values, width=0.6, color=PALETTE[0], alpha=0.7,
                  edgecolor=PALETTE[0], label=f"{name} of each query")
    for bar, value in zip(bars, values):
        ax.annotate(f"{value:.4f}", (bar.get_x() + bar.get_width() / 2, value),
                    xytext=(0, 3), textcoords="offset points", ha="center", fontsize="small")
    for (label, mean), colour, dashes in zip(means, (PALETTE[1], PALETTE[4]), ("--", "-.")):
        ax.axhline(mean, color=colour, linestyle=dashes, linewidth=2,
                   label=f"{label} = {mean:.4f}")
    ax.set_xticks(positions)
    ax.set_xticklabels(labels)
    ax.set_xlim(0.4, len(values) + 0.6)
    ax.set_ylim(0, 1.15)
    return bars
