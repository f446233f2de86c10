r"""Figures of the rank-based chapter, part three: the user's effort, counted in documents read.

| function | what it draws |
| --- | --- |
| `documents_read` | search length: the documents read until the n-th relevant one, for each n |
| `lag_per_item` | LAG: the non-relevant items above each relevant one, and their mean |

Both count what Cooper's search length counts, the non-relevant documents read on the way:
the lag of the $j$-th relevant item is the search length to it.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from rankbook import _validate
from rankbook.metrics.lag import lag
from rankbook.metrics.search_length import search_length
from rankbook.plots._strip import axes_over_lists, draw_strip, finish_list
from rankbook.plots._style import PALETTE, rank_ticks

__all__ = ["documents_read", "lag_per_item"]


def documents_read(
    relevance: Sequence[float],
    *,
    wanted: int | Sequence[int] = 1,
    relevance_level: float = 1,
    ax=None,
):
    r"""Draw search length: the documents a user reads until the n-th relevant one, for each n.

    One row per number wanted $n$: the documents of ranks $1, \dots, K_n$, the
    last one (the $n$-th relevant) outlined, with the two readings of
    `search_length` beside it: $K_n$ documents read (the lecture's), of which
    $K_n - n$ non-relevant (Cooper's). When the list holds fewer than $n$
    relevant documents the whole list is read in vain: the search length is
    infinite. The list itself is drawn below the rows.

    Parameters
    ----------
    relevance : sequence of float, shape (n,)
        Grades of the ranked list, rank 1 first.
    wanted : int or sequence of int, default 1
        The numbers of relevant documents wanted, one row each.
    relevance_level : float, default 1
        Lowest grade that counts as relevant.
    ax : matplotlib Axes, optional
        Where to draw; a new figure (with the list as tiles below) when omitted.

    Returns
    -------
    matplotlib.axes.Axes
        The Axes drawn on; its last texts are the rows' search lengths.

    See Also
    --------
    rankbook.metrics.search_length.search_length : the values drawn.

    Examples
    --------
    >>> ax = documents_read([1, 0, 0, 1, 0, 1, 0], wanted=(2, 4))
    >>> [text.get_text() for text in ax.texts[-2:]]
    ['4 read, 2 non-relevant', 'never: inf']
    """
    grades = _validate.grades(relevance)
    several = hasattr(wanted, "__iter__") and not isinstance(wanted, (str, bytes))
    counts = [_validate.cutoff(n, "wanted") for n in wanted] if several \
        else [_validate.cutoff(wanted, "wanted")]
    read = [search_length(grades, wanted=n, relevance_level=relevance_level) for n in counts]
    wasted = [search_length(grades, wanted=n, count="non_relevant",
                            relevance_level=relevance_level) for n in counts]
    depth = max(len(grades), 1)
    rows = [list(relevance)[:int(K)] if not math.isinf(K) else list(relevance) for K in read]

    (ax,) = axes_over_lists(ax, [relevance], labels=["list"], height=0.6 + 0.45 * len(counts),
                            relevance_level=relevance_level)
    for row, (n, K) in enumerate(zip(counts, read)):   # row j's tiles span y -j-0.9 to -j-0.1
        draw_strip(ax, rows[row], relevance_level=relevance_level, label=f"n = {n}",
                   y=-row - 0.5, emphasis=[] if math.isinf(K) else [int(K)])
    for row, (K, waste) in enumerate(zip(read, wasted)):
        text = "never: inf" if math.isinf(K) else f"{K:g} read, {waste:g} non-relevant"
        ax.text(len(rows[row]) + 0.6, -row - 0.5, text, va="center", fontsize="small")
    ax.set_xticks(range(1, depth + 1))
    ax.set_xlim(0.4, depth + 3.6)
    ax.set_axisbelow(True)                     # the grid behind the tiles
    return finish_list(ax, title="Documents read to find n relevant ones",
                       xlabel="documents read (rank)", ylabel="", legend=None, grid="x")


def lag_per_item(
    relevance: Sequence[float],
    n_relevant: int | None = None,
    *,
    unretrieved: str = "ignore",
    relevance_level: float = 1,
    ax=None,
):
    r"""Draw each relevant item's lag, the non-relevant items above it, and LAG, their mean.

    The bar at a relevant item's rank $i$ is its lag $\ell_i$, the
    non-relevant items ranked above it: Cooper's search length to that item,
    `search_length` with ``count="non_relevant"``. With
    ``unretrieved="bottom"`` the relevant items the list missed are placed just
    below it (hatched bars, dotted squares), each behind every non-relevant
    item of the list. The dashed line is `lag`, the mean of the bars.

    Parameters
    ----------
    relevance : sequence of float, shape (n,)
        Grades of the ranked list, rank 1 first.
    n_relevant : int, optional
        R, needed with ``unretrieved="bottom"``.
    unretrieved : {"ignore", "bottom"}, default "ignore"
        As in `lag`.
    relevance_level : float, default 1
        Lowest grade that counts as relevant.
    ax : matplotlib Axes, optional
        Where to draw; a new figure (with the list as tiles below) when omitted.

    Returns
    -------
    matplotlib.axes.Axes
        The Axes drawn on: ``ax.patches`` are the bars, left to right; its line is LAG.

    See Also
    --------
    rankbook.metrics.lag.lag : the mean drawn.

    Examples
    --------
    The seed's example: relevant at rank 3, behind two non-relevant items:

    >>> ax = lag_per_item([0, 0, 1])
    >>> [float(bar.get_height()) for bar in ax.patches], ax.get_lines()[0].get_label()
    ([2.0], 'LAG = 2.0000')
    """
    value = lag(relevance, n_relevant, unretrieved=unretrieved, relevance_level=relevance_level)
    grades = _validate.grades(relevance)
    ranks = [i + 1 for i in range(len(grades)) if grades[i] >= relevance_level]
    missing = n_relevant - len(ranks) if unretrieved == "bottom" else 0
    # The "bottom" convention: the missing relevant items just below the list.
    extended = list(grades) + [relevance_level] * missing
    ranks += list(range(len(grades) + 1, len(grades) + missing + 1))
    lags = [search_length(extended, wanted=j, count="non_relevant",
                          relevance_level=relevance_level) for j in range(1, len(ranks) + 1)]

    depth = max(len(grades) + missing, 1)
    (ax,) = axes_over_lists(ax, [relevance], relevance_level=relevance_level, length=depth)
    bars = ax.bar(ranks, lags, width=0.6, color=PALETTE[3], alpha=0.6, edgecolor=PALETTE[3],
                  label="lag: non-relevant items above")
    for bar in bars[len(ranks) - missing:]:
        bar.set_hatch("//")
        bar.set_facecolor("none")
    for rank, height in zip(ranks, lags):
        ax.annotate(f"{height:g}", (rank, height), xytext=(0, 3), textcoords="offset points",
                    ha="center", fontsize="small")
    ax.axhline(value, color=PALETTE[1], linestyle="--", linewidth=2, label=f"LAG = {value:.4f}")
    rank_ticks(ax, depth)
    ax.set_ylim(0, max(lags + [1]) * 1.2)
    ax.yaxis.get_major_locator().set_params(integer=True)
    missed = f", {missing} missed (below the list)" if missing else ""
    return finish_list(ax, title=f"LAG of {len(ranks) - missing} relevant items{missed}",
                       xlabel="rank", ylabel="non-relevant above", legend="upper left",
                       grid="y")
