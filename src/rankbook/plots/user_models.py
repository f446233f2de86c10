r"""Figures of the chapter on user models (RBP, ERR, the C/W/L families): where the modelled user reads and stops.

| function | what it draws |
| --- | --- |
| `rbp_contributions` | the probability $p^{i-1}$ of reaching each rank; each document's part of RBP and what the unjudged ranks and those past the end could still add (the residual) |
| `rbp_persistence` | the weight of each rank under several persistences, with the relevant ranks marked |
| `err_cascade` | ERR's cascade: the probability of reaching each rank, of stopping there, and what the stop adds to ERR |
| `cwl_static_weights` | C/W/L's weights $W(i)$ of the models whose continuation ignores the gains: P@k, SDCG@k, INSQ, RBP |
| `cwl_model_depths` | how far the C/W/L models that stop for a reason read (ED) and what they gain (EU): BPM, U, TBG, IFT, NERR (written in ``_cwl_models``) |
| `cwl_inst_continuation` | INSQ's and INST's continuation $C(i)$ on a list for several targets $T$: static against adaptive (written in ``_cwl_families``, as are the next three) |
| `cwl_bpm_budgets` | static BPM's two budgets, the gain collected against $T$ and the cost spent against $K$, and the rank where the player stops |
| `cwl_u_decay` | U-measure's weight $W(i)$ against the rank and against the text read: a straight line to 0 at $L$ |
| `cwl_tbg_decay` | TBG's chance of reading rank $i$ against the time spent before it, halving every half-life $H$ |
| `cwl_ift_continuation` | IFT's continuation against the gain collected (goal model) and against the rate of gain (rate model), with the list's ranks (written in ``_cwl_gain_families``, as is the next) |
| `cwl_nerr_continuation` | the four NERR models' $C(i)$ on a list, and the chance of reaching each rank |

The list's documents are drawn as a row of tiles below the axes when the function makes its
own figure. Every probability is read off rankbook's metrics: the weight of rank $i$ is the
RBP of a list whose only relevant document is at rank $i$, the chance of reading past rank
$i$ the residual of $i$ judged documents, and ERR's chance of stopping at rank $r$ is $r$
times what rank $r$ adds to ERR@r.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from rankbook import _validate
from rankbook.metrics.cwl_classic import cwl_insq, cwl_precision, cwl_scaled_dcg
from rankbook.metrics.cwl_measures import cwl_rank_biased_precision
from rankbook.metrics.user_models import (
    expected_reciprocal_rank,
    rank_biased_precision,
    rank_biased_precision_residual,
)
from rankbook.plots._cwl_families import (
    cwl_bpm_budgets,
    cwl_inst_continuation,
    cwl_tbg_decay,
    cwl_u_decay,
)
from rankbook.plots._cwl_gain_families import (
    cwl_ift_continuation,
    cwl_nerr_continuation,
)
from rankbook.plots._cwl_models import cwl_model_depths
from rankbook.plots._strip import axes_over_lists, finish_list
from rankbook.plots._style import (
    MARKERS,
    PALETTE,
    REFERENCE,
    added_at_each_rank,
    finish,
    new_axes,
    rank_ticks,
)

__all__ = ["rbp_contributions", "rbp_persistence", "err_cascade", "cwl_static_weights",
           "cwl_model_depths", "cwl_inst_continuation", "cwl_bpm_budgets", "cwl_u_decay",
           "cwl_tbg_decay", "cwl_ift_continuation", "cwl_nerr_continuation"]


def _rank_weight(rank: int, persistence: float, gain_options: dict) -> float:
    """$(1-p)\\,p^{i-1}$: the RBP of a list whose only document of full gain is at rank $i$ (``rank``)."""
    level = gain_options.get("relevance_level")
    full = level if level is not None else gain_options.get("max_grade", 1)
    return rank_biased_precision([0] * (rank - 1) + [full], persistence=persistence, **gain_options)


def _reach(rank: int, persistence: float) -> float:
    """$p^{i-1}$, the chance of reading rank $i$ (``rank``): the residual after $i - 1$ judged ranks."""
    return rank_biased_precision_residual([0] * (rank - 1), persistence=persistence,
                                          convention="moffat_zobel")


def rbp_contributions(
    relevance: Sequence[float | None],
    *,
    persistence: float = 0.9,
    max_grade: float = 1,
    relevance_level: float | None = None,
    convention: str = "trec_eval_10",
):
    r"""Draw RBP's user: the chance of reaching each rank, and what each rank adds to RBP.

    Top: $p^{i-1}$, the probability that the user reads rank $i$. Bottom, per
    rank: the filled bar is the document's part of RBP, $(1-p)\,r_i\,p^{i-1}$;
    a hatched bar is what an unjudged document there would add if it were fully
    relevant, $(1-p)\,p^{i-1}$, and the last hatched bar, past the end, the
    weight $p^n$ of every rank after the list. The filled bars add up to RBP,
    the hatched ones to the residual (`rank_biased_precision_residual` with
    ``convention``; under ``"trec_eval_10"`` a list without unjudged documents
    has residual 0 and no bar past the end).

    Parameters
    ----------
    relevance : sequence of float or None, shape (n,)
        Grades of the ranked list, rank 1 first; ``None`` or a negative grade
        for an unjudged document.
    persistence, max_grade, relevance_level
        As in `rankbook.metrics.user_models.rank_biased_precision`.
    convention : {"trec_eval_10", "moffat_zobel"}, default "trec_eval_10"
        As in `rankbook.metrics.user_models.rank_biased_precision_residual`.

    Returns
    -------
    list of matplotlib.axes.Axes
        The reach probabilities' Axes, then the contributions' (``containers``:
        the documents' parts, then the residual's).

    Examples
    --------
    The RBP page's short list, $p = 0.5$: RBP $= 0.5(1 + 0.5^3) = 0.5625$, and
    the residual $0.5 \cdot 0.5$ (unjudged rank 2) $+ 0.5^4$ (past rank 4):

    >>> reach, parts = rbp_contributions([1, None, 0, 1], persistence=0.5)
    >>> [float(y) for y in reach.get_lines()[0].get_ydata()]
    [1.0, 0.5, 0.25, 0.125, 0.0625]
    >>> [[float(bar.get_height()) for bar in bars] for bars in parts.containers]
    [[0.5, 0.0, 0.0, 0.0625], [0.25, 0.0625]]
    >>> parts.get_title()
    'RBP = 0.5625, residual = 0.3125 (p = 0.5)'
    """
    options = {"max_grade": max_grade, "relevance_level": relevance_level}
    value = rank_biased_precision(relevance, persistence=persistence, **options)
    residual = rank_biased_precision_residual(relevance, persistence=persistence,
                                              convention=convention)
    grades, judged = _validate.judged_grades(relevance)
    n = len(grades)
    past_end = n + 1 if residual > 0 else None          # a bar for the ranks after the list
    ranks = np.arange(1, n + 1)
    parts = [rank_biased_precision([g if j == i else 0 for j, g in enumerate(relevance)],
                                   persistence=persistence, **options) for i in range(n)]
    open_ranks = [int(i + 1) for i in np.flatnonzero(~judged | (grades < 0))]
    open_parts = [_rank_weight(rank, persistence, options) for rank in open_ranks]
    if past_end:
        open_ranks.append(past_end)
        open_parts.append(_reach(n + 1, persistence))

    reach_ax, parts_ax = axes_over_lists(
        None, [relevance], labels=["list"], rows=2, height=4.4, length=past_end or n,
        relevance_level=1 if relevance_level is None else relevance_level)
    shown = np.arange(1, (past_end or n) + 1)
    reach_ax.plot(shown, [_reach(int(i), persistence) for i in shown], marker="o",
                  color=PALETTE[1], drawstyle="default")
    reach_ax.set_ylim(0, 1.1)
    finish_list(reach_ax, title=f"Chance of reading rank i: p^(i-1), p = {persistence:g}",
                xlabel="", ylabel="reaches rank i", legend=None)
    parts_ax.bar(ranks, parts, width=0.7, color=PALETTE[0], label="the document's part of RBP")
    parts_ax.bar(open_ranks, open_parts, width=0.7, facecolor="none", edgecolor=REFERENCE,
                 hatch="///", label="residual: could still add")
    rank_ticks(parts_ax, past_end or n or 1, most=10)
    if past_end:
        labels = [str(t) for t in parts_ax.get_xticks()]
        if labels[-1] == str(past_end):
            parts_ax.set_xticks(parts_ax.get_xticks(), [*labels[:-1], "after"])
    parts_ax.set_ylim(0, max([*parts, *open_parts, 1e-9]) * 1.35)
    finish_list(parts_ax, title=f"RBP = {value:.4f}, residual = {residual:.4f} (p = {persistence:g})",
                xlabel="rank i", ylabel="adds to RBP", legend="upper right", grid="y")
    return [reach_ax, parts_ax]


def rbp_persistence(
    relevance: Sequence[float | None],
    persistences: Sequence[float] = (0.5, 0.8, 0.95),
    *,
    max_grade: float = 1,
    relevance_level: float | None = None,
    ax=None,
):
    r"""Plot the weight $(1-p)\,p^{i-1}$ of each rank for several persistences $p$.

    A line per $p$; its filled points are the ranks of the relevant
    documents, and RBP (in the legend) is the sum of the filled points' heights
    times the gains $r_i$. A small $p$ puts almost all the weight on the first
    ranks, a large one spreads it thin.

    Parameters
    ----------
    relevance : sequence of float or None, shape (n,)
        Grades of the ranked list, rank 1 first.
    persistences : sequence of float, default (0.5, 0.8, 0.95)
        The values of $p$, each in $[0, 1)$.
    max_grade, relevance_level
        As in `rankbook.metrics.user_models.rank_biased_precision`.
    ax : matplotlib Axes, optional
        Where to draw; a new figure (with the list as tiles below) when omitted.

    Returns
    -------
    matplotlib.axes.Axes
        The Axes drawn on: for each $p$, its weights, then its relevant ranks.

    Examples
    --------
    ranx's unit test: relevant at ranks 1, 2, 6, 11 and 17 of 20.

    >>> ranking = [1 if i in (1, 2, 6, 11, 17) else 0 for i in range(1, 21)]
    >>> ax = rbp_persistence(ranking)
    >>> [line.get_label() for line in ax.get_lines()[::2]]
    ['p = 0.5: RBP = 0.7661', 'p = 0.8: RBP = 0.4526', 'p = 0.95: RBP = 0.1881']
    """
    options = {"max_grade": max_grade, "relevance_level": relevance_level}
    values = [rank_biased_precision(relevance, persistence=p, **options) for p in persistences]
    grades, _ = _validate.judged_grades(relevance)
    ranks = np.arange(1, len(grades) + 1)
    # with p = 0 the user reads one document: RBP of rank i alone is its gain r_i
    gainful = [int(i) for i in ranks
               if rank_biased_precision(list(relevance)[i - 1:i], persistence=0, **options) > 0]
    (ax,) = axes_over_lists(ax, [relevance], labels=["list"],
                            relevance_level=1 if relevance_level is None else relevance_level)
    for p, value, colour, marker in zip(persistences, values, PALETTE, MARKERS):
        weights = [_rank_weight(int(i), p, options) for i in ranks]
        ax.plot(ranks, weights, linestyle="-", marker=marker, markersize=4, markerfacecolor="none",
                color=colour, label=f"p = {p:g}: RBP = {value:.4f}")
        ax.plot(gainful, [weights[i - 1] for i in gainful], linestyle="none", marker=marker,
                markersize=8, color=colour, label="_relevant")
    rank_ticks(ax, max(len(ranks), 1), most=10)
    ax.set_ylim(bottom=0)
    return finish_list(ax, title="Rank weights (1 - p) p^(i-1); filled: relevant",
                       xlabel="rank i", ylabel="weight", legend="upper right")


def err_cascade(
    relevance: Sequence[float | None],
    k: int | None = None,
    *,
    max_grade: float = 4,
):
    r"""Draw ERR's cascade: reaching each rank, stopping there, and what the stop adds to ERR.

    Top: the probability $\prod_{i<r}(1 - R_i)$ that the user reaches rank
    $r$. Bottom: the dashed bar is the probability $R_r \prod_{i<r}(1 - R_i)$
    that they stop at rank $r$, the filled bar inside it that probability
    divided by $r$, what rank $r$ adds to ERR (labelled). Read off
    `expected_reciprocal_rank` itself: what rank $r$ adds is
    ERR@r $-$ ERR@(r-1), the stop is $r$ times that, and the user reaches rank
    $r$ unless they stopped before.

    Parameters
    ----------
    relevance : sequence of float or None, shape (n,)
        Grades of the ranked list, rank 1 first.
    k : int, optional
        Cut-off; None (default) draws the whole list.
    max_grade : float, default 4
        As in `rankbook.metrics.user_models.expected_reciprocal_rank`.

    Returns
    -------
    list of matplotlib.axes.Axes
        The reach probabilities' Axes, then the stops' (``containers``: the
        stops, then what they add).

    Examples
    --------
    Grades 2, 0, 1 on a 0-2 scale: the user stops at rank 1 with probability
    $\frac34$ and at rank 3 with probability $\frac14 \cdot \frac14$, so
    ERR $= \frac34 + \frac{1}{16} \cdot \frac13 = \frac{37}{48}$:

    >>> reach, stops = err_cascade([2, 0, 1], max_grade=2)
    >>> [round(float(y), 4) for y in reach.get_lines()[0].get_ydata()]
    [1.0, 0.25, 0.25]
    >>> [round(float(bar.get_height()), 4) for bar in stops.containers[0]]
    [0.75, 0.0, 0.0625]
    >>> stops.get_title()
    'ERR = 0.7708, the sum of the filled bars'
    """
    value = expected_reciprocal_rank(relevance, k, max_grade=max_grade)
    grades, _ = _validate.judged_grades(relevance)
    ranks = np.arange(1, min(len(grades), k or len(grades)) + 1)
    adds = added_at_each_rank([expected_reciprocal_rank(relevance, int(r), max_grade=max_grade)
                               for r in ranks])
    stops = [r * added for r, added in zip(ranks, adds)]
    reach = [1.0 - sum(stops[: r - 1]) for r in ranks]

    reach_ax, stops_ax = axes_over_lists(None, [list(relevance)[: len(ranks)]], rows=2,
                                         height=4.2)
    reach_ax.plot(ranks, reach, marker="o", color=PALETTE[1])
    reach_ax.set_ylim(0, 1.1)
    finish_list(reach_ax, title="The user reaches rank r (not satisfied before)", xlabel="",
                ylabel="reaches rank r", legend=None)
    stops_ax.bar(ranks, stops, width=0.7, facecolor="none", edgecolor=PALETTE[0], linewidth=1.2,
                 linestyle="--", label="stops at rank r")
    stops_ax.bar(ranks, adds, width=0.7, color=PALETTE[0], label="adds to ERR: stop / r")
    for rank, stop, added in zip(ranks, stops, adds):
        if added:
            stops_ax.annotate(f"+{added:.4f}", (rank, stop), xytext=(0, 2), ha="center",
                              textcoords="offset points", fontsize="small")
    rank_ticks(stops_ax, max(len(ranks), 1), most=10)
    stops_ax.set_ylim(0, max([*stops, 0.1]) * 1.45)
    finish_list(stops_ax, title=f"ERR = {value:.4f}, the sum of the filled bars", xlabel="rank r",
                ylabel="probability", legend="upper right", grid="y")
    return [reach_ax, stops_ax]


def cwl_static_weights(n: int = 15, *, k: int = 10, persistence: float = 0.8, T: float = 1.0,
                       ax=None):
    r"""Plot C/W/L's weight $W(i)$ of ranks 1 to n for P@k, SDCG@k, INSQ(T) and RBP.

    Their continuation $C(i)$ ignores the gains, so $W(i)$ is the same for
    every ranking, and it is read off the measures themselves: $W(i)$ is the EU
    (cwl_eval's expected utility per document) of a list whose only document
    of gain 1 is at rank $i$. P@k spreads the weight evenly over $k$ ranks,
    SDCG@k decays like DCG's discount and stops at $k$, INSQ and RBP decay
    without end. (RR, AP and INST adapt to the gains: no single curve.)

    Parameters
    ----------
    n : int, default 15
        The ranks drawn.
    k : int, default 10
        P@k's and SDCG@k's cut-off.
    persistence : float, default 0.8
        RBP's $p$.
    T : float, default 1.0
        INSQ's target gain.
    ax : matplotlib Axes, optional
        Where to draw; a new figure when omitted.

    Returns
    -------
    matplotlib.axes.Axes
        One line per model, labelled with its expected depth ED.

    Examples
    --------
    >>> ax = cwl_static_weights(12, k=5)
    >>> [line.get_label() for line in ax.get_lines()]
    ['P@5 (ED 5.00)', 'SDCG@5 (ED 2.95)', 'INSQ(T=1) (ED 2.58)', 'RBP(p=0.8) (ED 5.00)']
    >>> [float(w) for w in ax.get_lines()[0].get_ydata()]  # P@5: 1/5 on each of five ranks
    [0.2, 0.2, 0.2, 0.2, 0.2, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0]
    """
    n = _validate.count(n, "n", what="ranks to draw")
    persistence = _validate.rbp_persistence(persistence)
    models = {f"P@{k}": lambda g: cwl_precision(g, k),
              f"SDCG@{k}": lambda g: cwl_scaled_dcg(g, k),
              f"INSQ(T={T:g})": lambda g: cwl_insq(g, T),
              f"RBP(p={persistence:g})": lambda g: cwl_rank_biased_precision(g, persistence)}
    ax = new_axes(ax)
    ranks = np.arange(1, n + 1)
    for (label, measure), colour, marker in zip(models.items(), PALETTE, MARKERS):
        weights = [measure([0] * (i - 1) + [1]).expected_utility for i in ranks]
        depth = measure([]).expected_depth
        ax.plot(ranks, weights, marker=marker, markersize=4, color=colour,
                label=f"{label} (ED {depth:.2f})")
    rank_ticks(ax, n, most=10)
    ax.set_ylim(bottom=0)
    return finish(ax, title="C/W/L weights W(i) of four static user models",
                  xlabel="rank i", ylabel="W(i)", legend="upper right")

