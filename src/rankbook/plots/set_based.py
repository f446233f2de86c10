r"""Figures of the set-based chapter: each measure of the top k, drawn for every k down the list.

The figures against the cut-off k put the ranked list below their axes, one tile per rank
lined up with its cut-off (green when relevant, with the grade inside), so each value can be
read against the documents that made it.

| function | what it draws |
| --- | --- |
| `precision_recall_at_ranks` | P@k (and R@k, meeting at R-precision, k = R) against k |
| `f_measure_at_ranks` | F$_\beta$@k between P@k and R@k, for one or several $\beta$ |
| `f_beta_by_beta` | F$_\beta$ of one cut-off against $\beta$, from P ($\beta \to 0$) to R ($\beta \to \infty$) |
| `success_rates` | each query's first relevant rank and the mean success@k as a step |

trec_eval's further set measures (P@(mR), relative P@k, utility) are drawn by
`rankbook.plots.set_based_cutoffs`.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from rankbook import _validate
from rankbook.metrics.means import mean_over_topics
from rankbook.metrics.precision import (
    precision_at_k,
    r_precision,
    recall_at_k,
    success_at_k,
)
from rankbook.metrics.search_length import search_length
from rankbook.metrics.set_measures import f_beta_at_k
from rankbook.plots._strip import axes_over_lists, finish_list
from rankbook.plots._style import (
    MARKERS,
    PALETTE,
    REFERENCE,
    finish,
    new_axes,
    rank_ticks,
    series,
)

__all__ = ["f_beta_by_beta", "f_measure_at_ranks", "precision_recall_at_ranks", "success_rates"]


def precision_recall_at_ranks(
    relevance: Sequence[float],
    n_relevant: int | None = None,
    *,
    relevance_level: float = 1,
    ax=None,
):
    r"""Plot P@k against the cut-off k and, given R, R@k: they meet at k = R, R-precision.

    Going down the list, P@k $= r_k / k$ rises at each relevant document and
    falls at each other one, while R@k $= r_k / R$ only rises. At $k = R$
    both divide by the same number: the marked point is
    $\text{R-prec} = \mathrm{P}@R = \mathrm{R}@R$ (`r_precision`). Without R
    only P@k is drawn, each point labelled $r_k / k$. Ranks past the end of
    the list (up to R) are drawn dotted and count as non-relevant.

    Parameters
    ----------
    relevance : sequence of float, shape (n,)
        Grades of the ranked list, rank 1 first (None: unjudged).
    n_relevant : int, optional
        R, the relevant documents of the query. Without it, P@k alone.
    relevance_level : float, default 1
        Lowest grade that counts as relevant.
    ax : matplotlib Axes, optional
        Where to draw; a new figure (with the list as tiles below) when omitted.

    Returns
    -------
    matplotlib.axes.Axes
        The Axes drawn on: P@k is its first line, R@k its second.

    See Also
    --------
    rankbook.metrics.precision.precision_at_k, rankbook.metrics.precision.recall_at_k,
    rankbook.metrics.precision.r_precision : the values drawn.

    Examples
    --------
    FLAGR's 8-element list, relevant at ranks 1, 3, 4 and 6 of $R = 4$:

    >>> ax = precision_recall_at_ranks([1, 0, 1, 1, 0, 1, 0, 0], 4)
    >>> [round(float(p), 2) for p in ax.get_lines()[0].get_ydata()]
    [1.0, 0.5, 0.67, 0.75, 0.6, 0.67, 0.57, 0.5]
    >>> ax.get_title()
    'P@k and R@k meet at k = R = 4: R-prec = 0.7500'
    """
    grades = _validate.grades(relevance)
    threshold = _validate.threshold(relevance_level)
    R = None if n_relevant is None else _validate.n_relevant(n_relevant, grades, threshold)
    depth = max(len(grades), R or 0, 1)
    ks = list(range(1, depth + 1))
    precision = [precision_at_k(grades, k, relevance_level=threshold) for k in ks]

    (ax,) = axes_over_lists(ax, [relevance], relevance_level=threshold, length=depth)
    ax.plot(ks, precision, marker="o", color=PALETTE[0], label="P@k = r/k")
    if R is None:
        if depth <= 12:
            for k, p in zip(ks, precision):
                ax.annotate(f"{round(p * k)}/{k}", (k, p), xytext=(0, 6),
                            textcoords="offset points", ha="center", fontsize="small")
        title = "P@k: the share of the top k that is relevant"
    else:
        recall = [recall_at_k(grades, k, R, relevance_level=threshold) for k in ks]
        ax.plot(ks, recall, marker="s", linestyle="--", color=PALETTE[1], label="R@k = r/R")
        if R:
            value = r_precision(grades, R, relevance_level=threshold)
            ax.axvline(R, color=REFERENCE, linestyle=":", label="_k = R")
            ax.plot([R], [value], marker="o", markersize=13, markerfacecolor="none",
                    markeredgewidth=2, linestyle="none", color=PALETTE[3],
                    label=f"R-prec = P@{R} = R@{R}")
        title = (f"P@k and R@k meet at k = R = {R}: R-prec = {value:.4f}" if R
                 else "P@k and R@k (R = 0: recall is 0)")
    rank_ticks(ax, depth)
    ax.set_ylim(0, 1.12)
    return finish_list(ax, title=title, xlabel="cut-off k", ylabel="value at k",
                       legend="lower right")


def f_measure_at_ranks(
    relevance: Sequence[float],
    n_relevant: int,
    *,
    beta: float | Sequence[float] = 1.0,
    beta_convention: str = "van_rijsbergen",
    relevance_level: float = 1,
    ax=None,
):
    r"""Plot F$_\beta$@k against k, between the P@k and R@k it is the weighted harmonic mean of.

    $F_\beta = (1 + \beta^2) P R / (\beta^2 P + R)$ always lies between $P$
    and $R$, nearer the smaller one (the shaded band is the room between
    them); $\beta > 1$ pulls it towards recall, $\beta < 1$ towards
    precision. Each curve is `f_beta_at_k` (`f1_at_k` when $\beta = 1$).

    Parameters
    ----------
    relevance : sequence of float, shape (n,)
        Grades of the ranked list, rank 1 first.
    n_relevant : int
        R, the relevant documents of the query.
    beta : float or sequence of float, default 1.0
        One $\beta$ or several, one curve each.
    beta_convention : {"van_rijsbergen", "trec_eval"}, default "van_rijsbergen"
        As in `f_beta_at_k` ("trec_eval": the parameter is $\beta^2$).
    relevance_level : float, default 1
        Lowest grade that counts as relevant.
    ax : matplotlib Axes, optional
        Where to draw; a new figure (with the list as tiles below) when omitted.

    Returns
    -------
    matplotlib.axes.Axes
        The Axes drawn on: P@k, R@k, then one line per $\beta$.

    See Also
    --------
    rankbook.metrics.set_measures.f_beta_at_k : the values drawn.

    Examples
    --------
    Relevant at ranks 1 and 4 of $R = 4$; at $k = 5$, F$_1$ = 4/9 and F$_2$ = 10/21:

    >>> ax = f_measure_at_ranks([1, 0, 0, 1, 0], 4, beta=(1, 2))
    >>> [(line.get_label(), round(float(line.get_ydata()[-1]), 4)) for line in ax.get_lines()[2:]]
    [('F1@k', 0.4444), ('F2@k', 0.4762)]
    """
    grades = _validate.grades(relevance)
    threshold = _validate.threshold(relevance_level)
    R = _validate.n_relevant(n_relevant, grades, threshold)
    betas = series(beta, "beta")
    ks = list(range(1, max(len(grades), 1) + 1))
    options = {"relevance_level": threshold}
    precision = [precision_at_k(grades, k, **options) for k in ks]
    recall = [recall_at_k(grades, k, R, **options) for k in ks]

    (ax,) = axes_over_lists(ax, [relevance], relevance_level=threshold)
    ax.plot(ks, precision, linestyle=":", marker=".", color=REFERENCE, label="P@k")
    ax.plot(ks, recall, linestyle="--", marker=".", color=REFERENCE, label="R@k")
    ax.fill_between(ks, precision, recall, color=REFERENCE, alpha=0.15, label="_between")
    name = "x" if beta_convention == "trec_eval" else "β"
    for b, colour, marker in zip(betas, PALETTE, MARKERS):
        values = [f_beta_at_k(grades, k, R, beta=b, beta_convention=beta_convention, **options)
                  for k in ks]
        label = f"F{b:g}@k" if name == "β" else f"F@k ({name} = {b:g})"
        ax.plot(ks, values, marker=marker, color=colour, linewidth=2, label=label)
    rank_ticks(ax, len(ks))
    ax.set_ylim(0, 1.08)
    title = ("F1@k, harmonic mean of P@k and R@k" if betas == [1]
             else f"F{name}@k between P@k and R@k")
    return finish_list(ax, title=f"{title} (R = {R})", xlabel="cut-off k", ylabel="value at k",
                       legend="best")


def f_beta_by_beta(
    relevance: Sequence[float],
    k: int | None,
    n_relevant: int,
    *,
    beta: float | Sequence[float] = (0.5, 1.0, 2.0),
    trec_eval: float | Sequence[float] = (),
    precision_denominator: str = "k",
    relevance_level: float = 1,
    ax=None,
):
    r"""Plot F$_\beta$ of the top k against $\beta$: from precision ($\beta \to 0$) to recall.

    $F_\beta = (1 + \beta^2) P R / (\beta^2 P + R)$ (`f_beta_at_k`) slides
    from $P$ to $R$ as $\beta$ grows (log scale); $\beta = 1$, F1, is their
    harmonic mean. Each $\beta$ of ``beta`` is marked with its value.
    trec_eval's ``set_F.x`` uses its parameter $x$ as $\beta^2$: each $x$ of
    ``trec_eval`` is marked where it sits, at $\beta = \sqrt{x}$.

    Parameters
    ----------
    relevance : sequence of float, shape (n,)
        Grades of the ranked list, rank 1 first.
    k : int or None
        Cut-off; None for the whole list (trec_eval's ``set_F``).
    n_relevant : int
        R, the relevant documents of the query.
    beta : float or sequence of float, default (0.5, 1.0, 2.0)
        The $\beta$ to mark (van Rijsbergen's, as `f_beta_at_k`'s default).
    trec_eval : float or sequence of float, default ()
        trec_eval's parameters $x$ of ``set_F.x`` to mark (at most 6 marks in all).
    precision_denominator : {"k", "retrieved"}, default "k"
        As in `f_beta_at_k`.
    relevance_level : float, default 1
        Lowest grade that counts as relevant.
    ax : matplotlib Axes, optional
        Where to draw; a new figure when omitted.

    Returns
    -------
    matplotlib.axes.Axes
        The Axes drawn on: the curve, P, R, then the marks of ``beta`` and of ``trec_eval``.

    See Also
    --------
    rankbook.metrics.set_measures.f_beta_at_k : the values drawn.

    Examples
    --------
    Relevant at ranks 1 and 4 of $R = 4$: $P = 2/5$, $R = 1/2$, F$_2$ = 10/21:

    >>> ax = f_beta_by_beta([1, 0, 0, 1, 0], None, 4, beta=(2,))
    >>> [float(y) for y in ax.get_lines()[1].get_ydata()], round(float(ax.get_lines()[3].get_ydata()[0]), 4)
    ([0.4, 0.4], 0.4762)
    """
    grades = _validate.grades(relevance)
    threshold = _validate.threshold(relevance_level)
    R = _validate.n_relevant(n_relevant, grades, threshold)
    cut = len(grades) if k is None else _validate.cutoff(k)
    options = {"precision_denominator": precision_denominator, "relevance_level": threshold}
    shown = min(cut, len(grades)) if precision_denominator == "retrieved" else cut
    precision = precision_at_k(grades, max(shown, 1), relevance_level=threshold)
    recall = recall_at_k(grades, max(cut, 1), R, relevance_level=threshold)
    betas = np.geomspace(0.1, 10, 81)

    ax = new_axes(ax)
    ax.plot(betas, [f_beta_at_k(grades, k, R, beta=b, **options) for b in betas],
            linewidth=2, color=PALETTE[0], label="_F")
    ax.plot(betas[[0, -1]], [precision] * 2, linestyle=":", color=REFERENCE,
            label=f"P = {precision:.4f}")
    ax.plot(betas[[0, -1]], [recall] * 2, linestyle="--", color=REFERENCE,
            label=f"R = {recall:.4f}")
    parameters = [trec_eval] if isinstance(trec_eval, (int, float)) else list(trec_eval)
    marks = [(b, f_beta_at_k(grades, k, R, beta=b, **options), f"F{b:g}")
             for b in series(beta, "beta")]
    marks += [(float(np.sqrt(x)), f_beta_at_k(grades, k, R, beta=x, beta_convention="trec_eval",
                                              **options), f"set_F.{x:g}") for x in parameters]
    for (b, value, name), marker in zip(series(marks, "beta and trec_eval"), MARKERS):
        ax.plot([b], [value], marker=marker, markersize=8, linestyle="none", color=PALETTE[1]
                if name.startswith("set_F") else PALETTE[0], label=f"{name} = {value:.4f}")
    ax.set_xscale("log")
    ax.set_xticks([0.1, 0.5, 1, 2, 10], ["0.1", "0.5", "1", "2", "10"])
    ax.minorticks_off()
    top = "the whole list" if k is None else f"the top {cut}"
    return finish(ax, title=f"Fβ of {top} (R = {R}), from P to R", xlabel="β (log scale)",
                  ylabel="Fβ", legend="best")

def success_rates(
    rankings: Sequence[Sequence[float]],
    *,
    relevance_level: float = 1,
    ax=None,
):
    r"""Plot the mean success@k over queries against k, a step up at each query's first hit.

    Each query's list is drawn below the axes, its first relevant document
    outlined: success@k of that query is 0 before that rank and 1 from it on.
    The step is their mean, $\frac{1}{|Q|}\sum_q \text{success}@k(q)$, each
    level labelled "queries answered / queries".

    Parameters
    ----------
    rankings : sequence of sequences of float
        One ranked list of grades per query (a single query: ``[relevance]``).
    relevance_level : float, default 1
        Lowest grade that counts as relevant.
    ax : matplotlib Axes, optional
        Where to draw; a new figure (with the list as tiles below) when omitted.

    Returns
    -------
    matplotlib.axes.Axes
        The Axes drawn on; its line is the mean success@k, k = 1, 2, ...

    See Also
    --------
    rankbook.metrics.precision.success_at_k : the value of each query at each k.

    Examples
    --------
    First relevant documents at ranks 3, 1 and 5:

    >>> ax = success_rates([[0, 0, 1], [1, 0, 0], [0, 0, 0, 0, 1]])
    >>> [round(float(y), 4) for y in ax.get_lines()[0].get_ydata()]
    [0.3333, 0.3333, 0.6667, 0.6667, 1.0]
    """
    lists = _validate.rankings(rankings)
    threshold = _validate.threshold(relevance_level)
    depth = max([len(grades) for grades in lists] + [1])
    ks = list(range(1, depth + 1))
    hits = [[success_at_k(grades, k, relevance_level=threshold) for grades in lists] for k in ks]
    rates = [mean_over_topics(row) for row in hits]
    first = [search_length(grades, relevance_level=threshold) for grades in lists]

    (ax,) = axes_over_lists(ax, lists, relevance_level=threshold, length=depth,
                            emphasis=[[int(K)] if K != float("inf") else [] for K in first])
    ax.step(ks, rates, where="post", marker="o", linewidth=2, color=PALETTE[0],
            label="mean success@k")
    for k, row, rate in zip(ks, hits, rates):
        if k == 1 or rate != rates[k - 2]:
            ax.annotate(f"{int(sum(row))}/{len(lists)}", (k, rate), xytext=(4, -14),
                        textcoords="offset points", fontsize="small")
    rank_ticks(ax, depth)
    ax.set_ylim(-0.05, 1.1)
    return finish_list(ax, title=f"success@k over {len(lists)} queries", xlabel="cut-off k",
                       ylabel="share of queries", legend=None)
