r"""The figures of the C/W/L family pages: INST and INSQ, BPM, U-measure and TBG.

Written here, shown and exported by `rankbook.plots.user_models` (its module table lists them).
Every value drawn is read off rankbook's C/W/L measures, never recomputed from their formulas:

- the chance of reading rank $i$ is the expected depth ED of the list cut to $i$ ranks minus
  that of the list cut to $i - 1$ (`reach`), and the continuation $C(i)$ the ratio of two
  such chances;
- where $C(i)$ ignores the gains (INSQ, U, TBG), the weight $W(i)$ is the expected utility EU
  of a list whose only document of gain 1 is at rank $i$ (as `cwl_static_weights` reads it);
- the gain collected and the cost spent are cwl_eval's own list (`cwl_eval_list`: unjudged
  gain 0, cost 1 where none is given), summed.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np

from rankbook import _validate
from rankbook.metrics.cwl import CWLQuantities
from rankbook.metrics.cwl_classic import cwl_insq, cwl_inst
from rankbook.metrics.cwl_measures import cwl_eval_list
from rankbook.metrics.cwl_models import (
    cwl_bejewelled_player,
    cwl_time_biased_gain,
    cwl_u_measure,
)
from rankbook.plots._strip import EMPHASIS, axes_over_lists, finish_list
from rankbook.plots._style import (
    MARKERS,
    PALETTE,
    REFERENCE,
    finish,
    new_axes,
    rank_ticks,
)

__all__ = ["cwl_inst_continuation", "cwl_bpm_budgets", "cwl_u_decay", "cwl_tbg_decay"]


def reach(measure: Callable[[int], CWLQuantities], n: int) -> np.ndarray:
    """The chance of reading ranks 1..n: ED of the list cut to $i$ ranks minus ED cut to $i - 1$.

    ``measure(depth)`` scores the list cut to ``depth`` ranks. Not for U: cwl_eval's U gives
    the last rank of a list no weight, so a cut list is read one rank short.
    """
    depths = [0.0, *(measure(depth).expected_depth for depth in range(1, n + 1))]
    return np.diff(depths)


def continuation(chances: np.ndarray) -> np.ndarray:
    """$C(i) = $ reach$(i + 1)$ / reach$(i)$; NaN where rank $i$ is never read."""
    here, ahead = chances[:-1], chances[1:]
    return np.divide(ahead, here, out=np.full_like(here, np.nan), where=here > 0)


def _rated(gains) -> list[int]:
    """The ranks (from 1) whose gain is above 0 (cwl_eval's gain: unjudged is 0)."""
    padded, _ = cwl_eval_list(gains, max(len(gains), 1))
    return [int(i) + 1 for i in np.flatnonzero(padded > 0)]


def cwl_inst_continuation(gains: Sequence[float | None], Ts: Sequence[float] = (1, 2, 3)):
    r"""Plot INSQ's and INST's continuation $C(i)$ on a list, one line per target $T$.

    Top, INSQ: $C(i) = \bigl(\frac{i + 2T - 1}{i + 2T}\bigr)^2$ ignores the
    gains, so it is the same for every list. Bottom, INST:
    $C(i) = \bigl(\frac{i + T + T_i - 1}{i + T + T_i}\bigr)^2$ with
    $T_i = T - \sum_{j \le i} g_j$, which drops as the reader collects gain
    (filled markers: the ranks with gain). The legend gives each model's EU
    and ED on the list (cwl_eval's 1000 ranks).

    Parameters
    ----------
    gains : sequence of float or None, shape (n,)
        The gains of the ranked list, rank 1 first, each in $[0, 1]$; None
        for an unjudged document.
    Ts : sequence of float, default (1, 2, 3)
        The targets $T$ (cwl_eval's default set has INST with T = 1, 2, 3).

    Returns
    -------
    list of matplotlib.axes.Axes
        INSQ's Axes (a line per $T$), then INST's (a line per $T$, then its
        ranks with gain).

    Examples
    --------
    Gains 1, 0, 1 and $T = 1$: INSQ's $C(i)$ is $(2/3)^2$, $(3/4)^2$, $(4/5)^2$.
    INST's reader meets the target at rank 1 ($T_1 = 0$): $C(1) = (1/2)^2$,
    $C(2) = (2/3)^2$, and past it at rank 3 ($T_3 = -1$): $C(3) = (2/3)^2$:

    >>> insq, inst = cwl_inst_continuation([1, 0, 1], Ts=(1,))
    >>> [round(float(c), 4) for c in insq.get_lines()[0].get_ydata()]
    [0.4444, 0.5625, 0.64]
    >>> [round(float(c), 4) for c in inst.get_lines()[0].get_ydata()]
    [0.25, 0.4444, 0.4444]
    """
    n = len(_validate.judged_grades(gains, "gains")[0])
    rated = _rated(gains)
    insq_ax, inst_ax = axes_over_lists(None, [gains], labels=["gain"], rows=2, height=4.6)
    for ax, measure, name in ((insq_ax, cwl_insq, "INSQ"), (inst_ax, cwl_inst, "INST")):
        for T, colour, marker in zip(Ts, PALETTE, MARKERS):
            scored = measure(gains, T)
            chances = reach(lambda depth: measure(gains, T, depth=depth), n + 1)
            c = continuation(chances)
            ax.plot(range(1, n + 1), c, marker=marker, markersize=4, markerfacecolor="none",
                    color=colour, label=f"T = {T:g}: EU {scored.expected_utility:.4f}, "
                                        f"ED {scored.expected_depth:.2f}")
            if ax is inst_ax:
                ax.plot(rated, [c[i - 1] for i in rated], linestyle="none", marker=marker,
                        markersize=6, color=colour, label="_gain")
        ax.set_ylim(0, 1.05)
        rank_ticks(ax, max(n, 1))
    finish_list(insq_ax, title="INSQ: C(i) is the same for every list", xlabel="",
                ylabel="C(i)", legend="lower right")
    finish_list(inst_ax, title="INST: C(i) drops as gain is found (filled: gain)",
                xlabel="rank i", ylabel="C(i)", legend="lower right")
    return [insq_ax, inst_ax]


def cwl_bpm_budgets(gains: Sequence[float | None], T: float = 1.0, K: float = 10.0, *,
                    costs: Sequence[float] | None = None):
    r"""Draw static BPM's two budgets: the gain collected against $T$, the cost spent against $K$.

    The player reads on while the gain collected $\sum_{j \le i} g_j$ is
    below $T$ and the cost spent $\sum_{j \le i} c_j$ below $K$; the dashed
    vertical line is the rank where the first of them is reached, which BPM
    reads as its expected depth ED (the player reads exactly that many
    documents), and that document's tile is outlined.

    Parameters
    ----------
    gains : sequence of float or None, shape (n,)
        The gains of the ranked list, rank 1 first; None for an unjudged one.
    T, K : float, default 1.0 and 10.0
        The gain wanted and the effort allowed, as in
        `rankbook.metrics.cwl_models.cwl_bejewelled_player`.
    costs : sequence of float, optional
        The cost of each document; default 1 each.

    Returns
    -------
    list of matplotlib.axes.Axes
        The gain's Axes, then the cost's; the first line of each is the
        running sum.

    Examples
    --------
    Exercise 1 of the BPM page: the cost reaches $K = 3$ at rank 3, before
    the gain reaches $T = 2$:

    >>> benefit, cost = cwl_bpm_budgets([0, 1, 0, 1], T=2, K=3)
    >>> [float(y) for y in benefit.get_lines()[0].get_ydata()]
    [0.0, 1.0, 1.0, 2.0]
    >>> benefit.get_title(), cost.get_title()
    ('Benefit: T = 2 reached at rank 4', 'Effort: K = 3 spent at rank 3')
    >>> benefit.get_lines()[2].get_label()
    'stops: rank 3 (ED)'
    """
    scored = cwl_bejewelled_player(gains, T=T, K=K, costs=costs)
    stop = round(scored.expected_depth)
    n = max(len(_validate.judged_grades(gains, "gains")[0]), stop)
    padded, spent = cwl_eval_list(gains, n, costs)
    collected, spent = np.cumsum(padded), np.cumsum(spent)
    ranks = np.arange(1, n + 1)
    benefit_ax, cost_ax = axes_over_lists(None, [gains], labels=["gain"], rows=2, height=4.4,
                                          length=n, emphasis=[{stop}])
    for ax, running, bound, name, colour, label in (
            (benefit_ax, collected, T, "T", PALETTE[2], "gain collected"),
            (cost_ax, spent, K, "K", PALETTE[0], "cost spent")):
        ax.plot(ranks, running, marker="o", markersize=4, color=colour, label=label)
        ax.axhline(bound, color=REFERENCE, linestyle=":", label=f"{name} = {bound:g}")
        ax.axvline(stop, color=EMPHASIS["edgecolor"], linestyle="--",
                   label=f"stops: rank {stop} (ED)")
        ax.set_ylim(0, max([*running, bound]) * 1.25)
        rank_ticks(ax, n)
    reached, spent_at = _first(collected, T), _first(spent, K)
    finish_list(benefit_ax, xlabel="", ylabel="gain collected", legend="upper left",
                title=f"Benefit: T = {T:g} " + (f"reached at rank {reached}" if reached
                                                 else f"not reached in {n} ranks"))
    finish_list(cost_ax, xlabel="rank i", ylabel="cost spent", legend="upper left",
                title=f"Effort: K = {K:g} " + (f"spent at rank {spent_at}" if spent_at
                                                else f"not spent in {n} ranks"))
    return [benefit_ax, cost_ax]


def _first(running: np.ndarray, bound: float) -> int | None:
    """The first rank (from 1) where ``running`` reaches ``bound``; None if it never does."""
    hits = np.flatnonzero(running >= bound)
    return int(hits[0]) + 1 if hits.size else None


def _static_weights(measure: Callable[[list], CWLQuantities], n: int) -> np.ndarray:
    """$W(i)$, $i = 1..n$, of a model whose $C(i)$ ignores the gains: the EU of a list whose
    only document of gain 1 is at rank $i$."""
    return np.array([measure([0] * (i - 1) + [1]).expected_utility for i in range(1, n + 1)])


def _read_before(gains, costs, n: int | None, until: float) -> np.ndarray:
    """$t_i = \\sum_{j<i} c_j$ over cwl_eval's list, for ranks 1 to ``n`` (default: until
    $t_i$ reaches ``until``, at least the list's length, at most cwl_eval's 1000 ranks)."""
    _, spent = cwl_eval_list(gains, costs=costs)
    read = np.r_[0.0, np.cumsum(spent)[:-1]]
    if n is None:
        beyond = np.flatnonzero(read >= until)
        n = max(len(gains), int(beyond[0]) + 1 if beyond.size else read.size)
    return read[:_validate.count(n, "n", what="ranks to draw")]


def cwl_u_decay(gains: Sequence[float | None], L: float = 1000.0, *,
                costs: Sequence[float] | None = None, n: int | None = None):
    r"""Plot U-measure's weight $W(i)$ against the rank and against the text read before it.

    $W(i) \propto \max(0, 1 - t_i / L)$ with $t_i = \sum_{j<i} c_j$: top,
    against the rank, the weight falls by each document's cost; bottom,
    against $t_i$, it lies on one straight line that reaches 0 at $L$.
    Filled markers: the ranks with gain.

    Parameters
    ----------
    gains : sequence of float or None, shape (n,)
        The gains of the ranked list, rank 1 first; None for an unjudged one.
    L : float, default 1000.0
        As in `rankbook.metrics.cwl_models.cwl_u_measure`.
    costs : sequence of float, optional
        The cost of each document (cwl_eval pads with cost 1); default 1 each.
    n : int, optional
        The ranks drawn; default up to the first of weight 0 (at least the
        list's length).

    Returns
    -------
    list of matplotlib.axes.Axes
        The Axes against the rank, then against the text read; the first
        line of each holds the weights.

    Examples
    --------
    $L = 4$, cost 1 each: the weights are proportional to
    $1, \frac34, \frac12, \frac14, 0$ and sum to 1:

    >>> by_rank, by_text = cwl_u_decay([1, 0, 1, 0, 0], L=4)
    >>> [round(float(w), 4) for w in by_rank.get_lines()[0].get_ydata()]
    [0.4, 0.3, 0.2, 0.1, 0.0]
    >>> [float(t) for t in by_text.get_lines()[0].get_xdata()]
    [0.0, 1.0, 2.0, 3.0, 4.0]
    """
    scored = cwl_u_measure(gains, L, costs=costs)
    read = _read_before(gains, costs, n, L)
    ranks = np.arange(1, read.size + 1)
    weights = _static_weights(lambda g: cwl_u_measure(g, L, costs=costs), read.size)
    rated = [i for i in _rated(gains) if i <= read.size]
    rank_ax, text_ax = new_axes(nrows=2, height=4.8)
    for ax, x, style in ((rank_ax, ranks, "-"), (text_ax, read, "none")):
        ax.plot(x, weights, marker="o", markersize=4, markerfacecolor="none", color=PALETTE[1],
                linestyle=style,
                label=f"W(i): ED {scored.expected_depth:.2f}, EU {scored.expected_utility:.4f}")
        ax.plot([x[i - 1] for i in rated], [weights[i - 1] for i in rated], linestyle="none",
                marker="o", markersize=6, color=PALETTE[1], label="_gain")
        ax.set_ylim(0, weights[0] * 1.2)
    text_ax.plot([0, L], [weights[0], 0], color=REFERENCE, linestyle=":",
                 label=f"W(1) (1 - t/L), L = {L:g}")
    rank_ticks(rank_ax, read.size)
    finish(rank_ax, title=f"U (L = {L:g}): against the rank (filled: gain)", xlabel="rank i",
           ylabel="W(i)", legend="upper right")
    return [rank_ax, finish(text_ax, title="Against the text read: a straight line to 0 at L",
                            xlabel="text read before rank i, t_i", ylabel="W(i)",
                            legend="upper right")]


def cwl_tbg_decay(gains: Sequence[float | None], halflife: float = 224.0, *,
                  costs: Sequence[float] | None = None, n: int | None = None):
    r"""Plot TBG's chance of reading rank $i$, $2^{-t_i/H}$, against the time spent before it.

    One point per rank at $t_i = \sum_{j<i} c_j$ (filled: the ranks with
    gain), with the half-lives marked: the chance is $\frac12$ after $H$,
    $\frac14$ after $2H$, $\frac18$ after $3H$. It is $W(i) / W(1)$, read off
    `rankbook.metrics.cwl_models.cwl_time_biased_gain`.

    Parameters
    ----------
    gains : sequence of float or None, shape (n,)
        The gains of the ranked list, rank 1 first; None for an unjudged one.
    halflife : float, default 224.0
        $H$, in the costs' unit, as in `cwl_time_biased_gain`.
    costs : sequence of float, optional
        The time of each document (cwl_eval pads with 1); default 1 each.
    n : int, optional
        The ranks drawn; default until $3H$ is spent (at least the list's length).

    Returns
    -------
    matplotlib.axes.Axes
        Its first line holds the chances.

    Examples
    --------
    $H = 1$ and cost 1 each: every document halves the chance.

    >>> ax = cwl_tbg_decay([1, 0, 1], halflife=1)
    >>> [float(p) for p in ax.get_lines()[0].get_ydata()]
    [1.0, 0.5, 0.25, 0.125]
    """
    scored = cwl_time_biased_gain(gains, halflife, costs=costs)
    read = _read_before(gains, costs, n, 3 * halflife)
    weights = _static_weights(lambda g: cwl_time_biased_gain(g, halflife, costs=costs), read.size)
    chances = weights / weights[0]
    rated = [i for i in _rated(gains) if i <= read.size]
    ax = new_axes(height=3.4)
    ax.plot(read, chances, marker="o", markersize=4, markerfacecolor="none", color=PALETTE[1],
            label=f"rank i: ED {scored.expected_depth:.2f}, EU {scored.expected_utility:.4f}")
    ax.plot(read[np.array(rated, dtype=int) - 1], chances[np.array(rated, dtype=int) - 1],
            linestyle="none", marker="o", markersize=6, color=PALETTE[1], label="_gain")
    for halves in (1, 2, 3):
        ax.axvline(halves * halflife, color=REFERENCE, linestyle=":", linewidth=1)
        ax.annotate(f"{halves}H: 1/{2 ** halves}", (halves * halflife, 0.5 ** halves),
                    xytext=(4, 4), textcoords="offset points", fontsize="small")
    ax.set_ylim(0, 1.1)
    ax.set_xlim(right=max(float(read[-1]), 3 * halflife) * 1.15)   # room for the last label
    return finish(ax, title=f"TBG (H = {halflife:g}): halves every H (filled: gain)",
                  xlabel="time spent before rank i, t_i", ylabel="reads rank i",
                  legend="upper right")
