r"""Figures of the set-based chapter, part two: where the list is cut and what a cut is worth.

trec_eval's further set-based measures (`rankbook.metrics.set_measures`), each drawn for every
cut-off down the list, with the list below the axes as in `rankbook.plots.set_based`.

| function | what it draws |
| --- | --- |
| `precision_at_multiples` | P@k against k, with trec_eval's milestones P@(mR) marked |
| `relative_precision_at_ranks` | P@k, the best P@k any list could have, and relative P@k |
| `utility_at_ranks` | the linear utility of the top k, for one or several sets of weights |
"""

from __future__ import annotations

from collections.abc import Sequence

from rankbook import _validate
from rankbook.metrics.precision import precision_at_k
from rankbook.metrics.set_measures import (
    r_precision_at_multiple,
    relative_precision_at_k,
    utility,
)
from rankbook.plots._strip import axes_over_lists, finish_list
from rankbook.plots._style import MARKERS, PALETTE, REFERENCE, rank_ticks, series

__all__ = ["precision_at_multiples", "relative_precision_at_ranks", "utility_at_ranks"]

#: trec_eval's multiples of R (``Rprec_mult``): 0.2, 0.4, ..., 2.0.
TREC_EVAL_MULTIPLES = (0.2, 0.4, 0.6, 0.8, 1.0, 1.2, 1.4, 1.6, 1.8, 2.0)


def precision_at_multiples(
    relevance: Sequence[float],
    n_relevant: int,
    multiples: Sequence[float] = TREC_EVAL_MULTIPLES,
    *,
    relevance_level: float = 1,
    ax=None,
):
    r"""Plot P@k against k with trec_eval's milestones P@(mR) marked, one per multiple m.

    Each marker is `r_precision_at_multiple` at $m$, drawn at $x = m R$ and
    labelled "mR"; trec_eval reads the precision at rank
    $\lfloor m R + 0.9 \rfloor$, so when $m R$ is not a whole number the
    marker sits just left of the rank whose precision it shows. The marker at
    $m = 1$ is R-precision.

    Parameters
    ----------
    relevance : sequence of float, shape (n,)
        Grades of the ranked list, rank 1 first.
    n_relevant : int
        R, the relevant documents of the query.
    multiples : sequence of float, default trec_eval's 0.2, 0.4, ..., 2.0
        The multiples $m$ of $R$ to mark.
    relevance_level : float, default 1
        Lowest grade that counts as relevant.
    ax : matplotlib Axes, optional
        Where to draw; a new figure (with the list as tiles below) when omitted.

    Returns
    -------
    matplotlib.axes.Axes
        The Axes drawn on: P@k is its first line, the milestones its second.

    See Also
    --------
    rankbook.metrics.set_measures.r_precision_at_multiple : the milestones drawn.

    Examples
    --------
    Five relevant documents: the milestones at 0.6R and 2R are P@3 = 2/3 and P@10 = 4/10:

    >>> ax = precision_at_multiples([1, 0, 1, 1, 0, 0, 1, 0, 0, 0], 5, (0.6, 2.0))
    >>> ax.get_lines()[1].get_xydata().round(4).tolist()
    [[3.0, 0.6667], [10.0, 0.4]]
    """
    grades = _validate.grades(relevance)
    threshold = _validate.threshold(relevance_level)
    R = _validate.n_relevant(n_relevant, grades, threshold)
    options = {"relevance_level": threshold}
    milestones = [r_precision_at_multiple(grades, R, m, **options) for m in multiples]
    depth = max(len(grades), int(max(multiples, default=0) * R + 0.999), 1)
    ks = list(range(1, depth + 1))

    (ax,) = axes_over_lists(ax, [relevance], relevance_level=threshold, length=depth)
    ax.plot(ks, [precision_at_k(grades, k, **options) for k in ks], marker=".",
            color=REFERENCE, label="P@k")
    ax.plot([m * R for m in multiples], milestones, marker="D", markersize=8,
            linestyle="none", color=PALETTE[0], label="P@(mR), trec_eval's Rprec_mult")
    for m, value in zip(multiples, milestones):
        ax.annotate(f"{m:g}R", (m * R, value), xytext=(0, -14), textcoords="offset points",
                    ha="center", fontsize="small")
    rank_ticks(ax, depth)
    ax.set_ylim(0, 1.12)
    return finish_list(ax, title=f"Precision at multiples of R = {R}", xlabel="cut-off k",
                       ylabel="precision", legend="upper right")


def relative_precision_at_ranks(
    relevance: Sequence[float],
    n_relevant: int,
    *,
    relevance_level: float = 1,
    ax=None,
):
    r"""Plot P@k, the best P@k a list could reach, and relative P@k, their ratio, against k.

    No list holds more than $\min(k, R)$ relevant documents in its top $k$,
    so the best P@k is $\min(k, R) / k$: 1 up to $k = R$, then falling as
    $R / k$. Relative P@k $= r_k / \min(k, R)$ (`relative_precision_at_k`)
    is P@k divided by that ceiling: P@k while $k \le R$, recall after.

    Parameters
    ----------
    relevance : sequence of float, shape (n,)
        Grades of the ranked list, rank 1 first.
    n_relevant : int
        R, the relevant documents of the query.
    relevance_level : float, default 1
        Lowest grade that counts as relevant.
    ax : matplotlib Axes, optional
        Where to draw; a new figure (with the list as tiles below) when omitted.

    Returns
    -------
    matplotlib.axes.Axes
        The Axes drawn on: P@k, the ceiling, then relative P@k.

    See Also
    --------
    rankbook.metrics.set_measures.relative_precision_at_k : the values drawn.

    Examples
    --------
    Three relevant documents, two of them in the top 5: relative P@5 = 2/3:

    >>> ax = relative_precision_at_ranks([1, 0, 0, 1, 0, 0, 1], 3)
    >>> round(float(ax.get_lines()[2].get_ydata()[4]), 4)
    0.6667
    """
    grades = _validate.grades(relevance)
    threshold = _validate.threshold(relevance_level)
    R = _validate.n_relevant(n_relevant, grades, threshold)
    ks = list(range(1, max(len(grades), 1) + 1))
    options = {"relevance_level": threshold}
    precision = [precision_at_k(grades, k, **options) for k in ks]
    # The best list puts min(k, R) relevant documents in its top k: its P@k is the ceiling.
    ceiling = [precision_at_k([1] * R, k) for k in ks]
    relative = [relative_precision_at_k(grades, k, R, **options) for k in ks]

    (ax,) = axes_over_lists(ax, [relevance], relevance_level=threshold)
    ax.plot(ks, precision, marker=".", linestyle=":", color=REFERENCE, label="P@k")
    ax.plot(ks, ceiling, linestyle="--", color=PALETTE[1], label="best P@k possible")
    ax.plot(ks, relative, marker="o", linewidth=2, color=PALETTE[0],
            label="relative P@k = P@k / best")
    if R:
        ax.axvline(R, color=REFERENCE, linestyle=":", label="_k = R")
    rank_ticks(ax, len(ks))
    ax.set_ylim(0, 1.12)
    return finish_list(ax, title=f"Relative precision (R = {R})", xlabel="cut-off k",
                       ylabel="value at k", legend="lower left")


def utility_at_ranks(
    relevance: Sequence[float],
    n_relevant: int,
    *,
    weights: Sequence[float] | Sequence[Sequence[float]] = (1.0, -1.0, 0.0, 0.0),
    n_documents: int = 0,
    relevance_level: float = 1,
    ax=None,
):
    r"""Plot the linear utility of the top k against k, for one or several sets of weights.

    A filtering system that stops after $k$ documents shows the top $k$ as a
    set; its utility is `utility` of that set, $w_1 a + w_2 b + w_3 c + w_4 d$
    ($a$ relevant shown, $b$ others shown, $c$ relevant missed, $d$ the rest).
    $k = 0$ is showing nothing. The curve climbs $w_1$ at each relevant
    document and moves $w_2$ at each other one (with $w_3 \ne 0$ a relevant
    document also stops costing $w_3$): the best place to stop is its top.

    Parameters
    ----------
    relevance : sequence of float, shape (n,)
        Grades of the list, rank 1 first (None: unjudged, not relevant).
    n_relevant : int
        R, the relevant documents of the query.
    weights : 4 floats, or a sequence of them, default (1.0, -1.0, 0.0, 0.0)
        $(w_1, w_2, w_3, w_4)$ as in `utility`; several: one curve each.
    n_documents : int, default 0
        $N_{\text{coll}}$, as in `utility`.
    relevance_level : float, default 1
        Lowest grade that counts as relevant.
    ax : matplotlib Axes, optional
        Where to draw; a new figure (with the list as tiles below) when omitted.

    Returns
    -------
    matplotlib.axes.Axes
        The Axes drawn on, one line per set of weights (k = 0, 1, ..., n).

    See Also
    --------
    rankbook.metrics.set_measures.utility : the values drawn.

    Examples
    --------
    >>> ax = utility_at_ranks([1, 0, 1, None, 1], 4, weights=[(1, -1, 0, 0), (2, -1, 0, 0)])
    >>> [line.get_ydata().tolist() for line in ax.get_lines()[:2]]
    [[0.0, 1.0, 0.0, 1.0, 0.0, 1.0], [0.0, 2.0, 1.0, 3.0, 2.0, 4.0]]
    """
    grades, judged = _validate.judged_grades(relevance)
    threshold = _validate.threshold(relevance_level)
    R = _validate.n_relevant(n_relevant, grades, threshold)
    n_documents = _validate.count(n_documents, "n_documents", at_least=0)  # before drawing
    sets = series([weights] if not isinstance(weights[0], Sequence) else weights, "weights")
    cut = [[g if seen else None for g, seen in zip(grades[:k], judged[:k])]
           for k in range(len(grades) + 1)]

    (ax,) = axes_over_lists(ax, [relevance], relevance_level=threshold)
    for w, colour, marker in zip(sets, PALETTE, MARKERS):
        values = [utility(top, R, weights=w, n_documents=n_documents,
                          relevance_level=threshold) for top in cut]
        label = "w = (" + ", ".join(f"{x:g}" for x in w) + ")"
        ax.plot(range(len(cut)), values, marker=marker, color=colour, linewidth=2, label=label)
    ax.axhline(0, color=REFERENCE, linewidth=1, label="_zero")
    ax.set_xticks(range(len(cut)))
    ax.set_xlim(-0.4, len(cut) - 0.4)
    return finish_list(ax, title=f"Utility of the top k (R = {R})", xlabel="documents shown, k",
                       ylabel="utility", legend="best")
