r"""Figures of the chapter on incomplete judgments: what the unjudged documents do to a score.

| function | what it draws |
| --- | --- |
| `bpref_terms` | bpref's term for each relevant document, and the judged non-relevant documents above it |
| `infap_estimates` | infAP's estimated precision at each relevant document, against the precision AP uses |
| `condensed_list` | a list and its judged-only (condensed) form, each judged document moved up, with AP |
| `unjudged_at_ranks` | unjudged@j at every cut-off j up to k, over the list padded to k |
| `relevance_strip` | the list as trec_eval's relevance string, one tile per character |

Each document is a tile: green when judged relevant (more opaque for a higher grade), grey when
judged non-relevant, dashed when not in the judgments (``None``), hatched when in the pool
but not judged (a negative grade), with its character of the relevance string.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from rankbook import _validate
from rankbook.metrics.average_precision import average_precision
from rankbook.metrics.bpref import bpref
from rankbook.metrics.incomplete import (
    inferred_average_precision,
    judged_nonrelevant_retrieved,
    judged_only,
    unjudged_at_k,
)
from rankbook.metrics.precision import precision_at_k
from rankbook.metrics.relevance_string import relevance_string
from rankbook.plots._strip import (
    axes_over_lists,
    draw_strip,
    finish_list,
    strip_legend,
    strips_below,
    tile_kinds,
)
from rankbook.plots._style import (
    PALETTE,
    REFERENCE,
    added_at_each_rank,
    new_axes,
    rank_ticks,
)

__all__ = ["bpref_terms", "infap_estimates", "condensed_list", "unjudged_at_ranks",
           "relevance_strip"]


def _strip_figure(relevance, *, relevance_level: float = 1, length: int | None = None):
    """A new figure: the main axes, and the list as tiles below it with a legend of the kinds."""
    (ax,) = axes_over_lists(None, [relevance], labels=["list"], height=3.2,
                            relevance_level=relevance_level, length=length)
    (strip,) = strips_below(ax)
    strip_legend(strip, strip.patches, below_figure=True)
    return ax


def _per_relevant_document(metric, relevance, threshold: float) -> tuple[list[int], list[float]]:
    """The ranks of the judged relevant documents and what each adds to ``metric``.

    ``metric(prefix)`` is the measure of the list cut after a rank; what a rank adds is the
    change from the cut one rank earlier (0 for every rank but a relevant one's).
    """
    ranks = [i + 1 for i, kind in enumerate(tile_kinds(relevance, threshold)) if kind == "relevant"]
    prefix = list(relevance)
    running = [metric(prefix[:rank]) for rank in range(1, len(prefix) + 1)]
    added = added_at_each_rank(running)
    return ranks, [added[rank - 1] for rank in ranks]


def bpref_terms(
    relevance: Sequence[float | None],
    n_relevant: int,
    n_nonrelevant: int,
    *,
    relevance_level: float = 1,
):
    r"""Bars of bpref's term $1 - \min(n_r, R)/\min(N, R)$ for each relevant document $r$.

    Over each bar, $n_r$: the judged non-relevant documents ranked above it
    (`judged_nonrelevant_retrieved` of the list above it); unjudged documents
    do not count. A bar of height 0 at the right stands for the relevant
    documents the list missed. Each term is read off `bpref` itself: $R$ times
    what the rank adds to bpref of the list cut there. The bars' mean over all
    $R$ is bpref (the title).

    Parameters
    ----------
    relevance : sequence of float or None, shape (n,)
        Grades of the ranked list, rank 1 first; ``None`` for an unjudged document.
    n_relevant, n_nonrelevant, relevance_level
        As in `rankbook.metrics.bpref.bpref`.

    Returns
    -------
    matplotlib.axes.Axes
        The bars' Axes (``containers[0]``: the terms, rank order).

    Examples
    --------
    The bpref page's run, $R = 4$, $N = 3$: terms 1, 2/3, 2/3 and 0 for the
    missed document, bpref $= 7/12$:

    >>> ax = bpref_terms([1, None, 0, 1, None, None, 1, 0], 4, 3)
    >>> [round(float(bar.get_height()), 4) for bar in ax.containers[0]]
    [1.0, 0.6667, 0.6667]
    >>> ax.get_title()
    'bpref = (1 + 0.6667 + 0.6667 + 0) / 4 = 0.5833'
    """
    value = bpref(relevance, n_relevant, n_nonrelevant, relevance_level=relevance_level)
    ranks, added = _per_relevant_document(
        lambda cut: bpref(cut, n_relevant, n_nonrelevant, relevance_level=relevance_level),
        relevance, relevance_level)
    terms = [n_relevant * x for x in added]
    above = [judged_nonrelevant_retrieved(list(relevance)[: rank - 1],
                                          relevance_level=relevance_level) for rank in ranks]
    n = len(_validate.grades(relevance))
    missed = n_relevant - len(ranks)

    ax = _strip_figure(relevance, relevance_level=relevance_level, length=n + (missed > 0))
    bars = ax.bar(ranks, terms, width=0.7, color=PALETTE[2], label="term of a relevant document")
    ax.bar_label(bars, labels=[f"{t:.2f}\nn_r={a}" for t, a in zip(terms, above)],
                 fontsize="small", padding=2)
    if missed:
        ax.annotate(f"{missed} missed:\n0", (n + 1, 0), xytext=(0, 4), textcoords="offset points",
                    ha="center", fontsize="small")
    rank_ticks(ax, n + (missed > 0), most=10)
    ax.set_ylim(0, 1.45)
    written = " + ".join([f"{t:.4g}" for t in terms] + ["0"] * missed) or "0"
    return finish_list(ax, title=f"bpref = ({written}) / {n_relevant} = {value:.4f}",
                       xlabel="rank", ylabel="term", legend=None, grid="y")


def infap_estimates(
    relevance: Sequence[float | None],
    n_relevant: int,
    *,
    relevance_level: float = 1,
):
    r"""Bars of infAP's $E[\mathrm{P}@k]$ at each relevant rank $k$, beside the $\mathrm{P}@k$ AP uses.

    infAP counts the pooled but unjudged documents above rank $k$ (hatched
    tiles) as relevant in the proportion of the judged ones; AP counts them
    as non-relevant. Each estimate is read off `inferred_average_precision`
    itself ($R$ times what rank $k$ adds to the infAP of the list cut there),
    each precision is `precision_at_k`. The title gives infAP and AP.

    Parameters
    ----------
    relevance : sequence of float or None, shape (n,)
        Grades of the ranked list, rank 1 first: ``None`` not pooled, a
        negative grade pooled but not judged.
    n_relevant, relevance_level
        As in `rankbook.metrics.incomplete.inferred_average_precision`.

    Returns
    -------
    matplotlib.axes.Axes
        The bars' Axes (``containers``: the estimates, then the precisions).

    Examples
    --------
    >>> ax = infap_estimates([1, -1, None, 1], 2)
    >>> [[round(float(bar.get_height()), 4) for bar in bars] for bars in ax.containers]
    [[1.0, 0.75], [1.0, 0.5]]
    >>> ax.get_title()
    'infAP = 0.8750, AP = 0.7500 (R = 2)'
    """
    value = inferred_average_precision(relevance, n_relevant, relevance_level=relevance_level)
    ap = average_precision(relevance, n_relevant, relevance_level=relevance_level)
    ranks, added = _per_relevant_document(
        lambda cut: inferred_average_precision(cut, n_relevant, relevance_level=relevance_level),
        relevance, relevance_level)
    estimates = [n_relevant * x for x in added]
    precisions = [precision_at_k(relevance, rank, relevance_level=relevance_level)
                  for rank in ranks]

    ax = _strip_figure(relevance, relevance_level=relevance_level)
    for offset, values, style, label in (
            (-0.18, estimates, {"color": PALETTE[2]}, "infAP: E[P@k], pooled counted"),
            (0.18, precisions, {"facecolor": "none", "edgecolor": REFERENCE, "hatch": "..."},
             "AP: P@k, unjudged = non-relevant")):
        bars = ax.bar(np.array(ranks) + offset, values, width=0.36, label=label, **style)
        ax.bar_label(bars, labels=[f"{v:.3g}" for v in values], fontsize="small", padding=2)
    rank_ticks(ax, len(_validate.grades(relevance)) or 1, most=10)
    ax.set_ylim(0, 1.5)
    return finish_list(ax, title=f"infAP = {value:.4f}, AP = {ap:.4f} (R = {n_relevant})",
                       xlabel="rank k of a relevant document", ylabel="precision at k",
                       legend="upper right", grid="y")


def condensed_list(
    relevance: Sequence[float | None],
    n_relevant: int,
    *,
    relevance_level: float = 1,
    ax=None,
):
    r"""Draw a list above its judged-only form (`judged_only`), each judged document moved up.

    The unjudged documents are dropped and the judged ones close the gaps (a
    line joins each document's two ranks); each row is labelled with its AP
    (`average_precision` with ``n_relevant``, which condensing does not change).

    Parameters
    ----------
    relevance : sequence of float or None, shape (n,)
        Grades of the ranked list, rank 1 first.
    n_relevant : int
        R, the judged relevant documents of the query.
    relevance_level : float, default 1
        Lowest grade that counts as relevant.
    ax : matplotlib Axes, optional
        Where to draw; a new figure when omitted.

    Returns
    -------
    matplotlib.axes.Axes
        The Axes drawn on; its y tick labels name the two rows.

    Examples
    --------
    >>> ax = condensed_list([1, None, None, 1, 0, None, 1], 3)
    >>> [label.get_text() for label in ax.get_yticklabels()]
    ['judged only\nAP = 0.9167', 'list\nAP = 0.6429']
    """
    condensed = judged_only(relevance)
    options = {"relevance_level": relevance_level}
    full_ap = average_precision(relevance, n_relevant, **options)
    condensed_ap = average_precision(condensed, n_relevant, **options)
    moved = [i + 1 for i, kind in enumerate(tile_kinds(relevance, relevance_level))
             if kind in ("relevant", "nonrelevant")]
    n = len(_validate.grades(relevance))
    ax = new_axes(ax, height=2.4)
    draw_strip(ax, condensed, label=f"judged only\nAP = {condensed_ap:.4f}", y=0, **options)
    tiles = draw_strip(ax, relevance, label=f"list\nAP = {full_ap:.4f}", y=1.6, **options)
    for old, new in zip(moved, range(1, len(moved) + 1)):
        ax.annotate("", xy=(new, 0.45), xytext=(old, 1.15),
                    arrowprops={"arrowstyle": "->", "color": REFERENCE, "linewidth": 1})
    ax.set_xticks(range(1, n + 1))
    ax.set_xlim(0.4, n + 0.6)
    ax.tick_params(axis="x", labelbottom=True)
    strip_legend(ax, tiles)
    ax.set_xlabel("rank")
    return ax


def unjudged_at_ranks(relevance: Sequence[float | None], k: int):
    r"""Plot unjudged@j for j = 1..k, over the list padded with judged positions to k.

    Each value is `unjudged_at_k`; positions past the end of a short list
    count as judged (dotted tiles), so the share still divides by $j$. The
    title also gives `judged_nonrelevant_retrieved`.

    Parameters
    ----------
    relevance : sequence of float or None, shape (n,)
        Grades of the ranked list, rank 1 first.
    k : int
        The last cut-off, k >= 1.

    Returns
    -------
    matplotlib.axes.Axes
        The curve's Axes.

    Examples
    --------
    >>> ax = unjudged_at_ranks([1, None, 0, -1, 1, 0, None, 0], 10)
    >>> [float(y) for y in ax.get_lines()[0].get_ydata()][4::5]
    [0.4, 0.3]
    """
    value = unjudged_at_k(relevance, k)
    k = _validate.cutoff(k)
    cutoffs = np.arange(1, k + 1)
    shares = [unjudged_at_k(relevance, int(j)) for j in cutoffs]
    count = judged_nonrelevant_retrieved(relevance)

    ax = _strip_figure(relevance, length=k)
    ax.plot(cutoffs, shares, marker="o", color=PALETTE[3], label="unjudged@j")
    for j, share in zip(cutoffs, shares):
        ax.annotate(f"{share:.2g}", (j, share), xytext=(0, 5), textcoords="offset points",
                    ha="center", fontsize="small")
    rank_ticks(ax, k, most=10)
    ax.set_ylim(0, 1.1)
    return finish_list(ax, title=f"unjudged@{k} = {value:.4g}; judged non-relevant: {count}",
                       xlabel="cut-off j", ylabel="share unjudged", legend=None)


def relevance_strip(relevance: Sequence[float | None], k: int = 10, *, ax=None):
    r"""Draw the list as tiles, each with its character of trec_eval's relevance string.

    The first ``k`` documents are the string (`relevance_string`, in the
    title); those after rank $k$ are drawn faded.

    Parameters
    ----------
    relevance : sequence of float or None, shape (n,)
        Grades of the ranked list, rank 1 first.
    k : int, default 10
        As in `rankbook.metrics.relevance_string.relevance_string`.
    ax : matplotlib Axes, optional
        Where to draw; a new figure when omitted.

    Returns
    -------
    matplotlib.axes.Axes
        The Axes drawn on; ``ax.patches`` holds the tiles.

    Examples
    --------
    >>> ax = relevance_strip([1, 0, None, 2, -1, 12, 0, 0, 1, 0, 1])
    >>> ax.get_title()
    "relstring@10 = '10-2.>0010'"
    """
    string = relevance_string(relevance, k)
    n = len(_validate.grades(relevance))
    ax = new_axes(ax, height=1.5)
    tiles = draw_strip(ax, relevance, label="")
    for tile in tiles[len(string):]:
        tile.set_alpha(0.2)
    for text in ax.texts[len(string):]:
        text.set_alpha(0.35)
    if n > len(string):
        ax.axvline(len(string) + 0.5, color=REFERENCE, linestyle=":", linewidth=1.5)
    ax.set_xticks(range(1, n + 1))
    ax.set_xlim(0.4, max(n, 1) + 0.6)
    strip_legend(ax, tiles)
    ax.set_xlabel("rank")
    ax.set_title(f"relstring@{k} = '{string}'", pad=34)   # room for the legend
    return ax
