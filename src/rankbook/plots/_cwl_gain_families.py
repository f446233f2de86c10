r"""The figures of the C/W/L family pages whose reader stops on the gain found: IFT and NERR.

Written here, shown and exported by `rankbook.plots.user_models` (its module table lists them).
As in `rankbook.plots._cwl_families`, every value is read off rankbook's measures: the chance
of reading rank $i$ is a difference of expected depths (`reach`), $C(i)$ a ratio of chances.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from rankbook import _validate
from rankbook.metrics.cwl_gain_models import (
    cwl_ift_goal,
    cwl_ift_rate,
    cwl_nerr8,
    cwl_nerr9,
    cwl_nerr10,
    cwl_nerr11,
)
from rankbook.metrics.cwl_measures import CWL_EVAL_DEPTH, cwl_eval_list
from rankbook.plots._cwl_families import continuation, reach
from rankbook.plots._strip import axes_over_lists, finish_list
from rankbook.plots._style import (
    MARKERS,
    PALETTE,
    REFERENCE,
    finish,
    new_axes,
    rank_ticks,
)

__all__ = ["cwl_ift_continuation", "cwl_nerr_continuation"]

POINTS = 81          # the points of each continuous curve


def _first_document(measure, value: float) -> float:
    """$C(1)$ of a list whose first document has gain ``value`` and cost 1: ED over 2 ranks - 1."""
    return measure([value], 2, None).expected_depth - 1.0


def cwl_ift_continuation(gains: Sequence[float | None], T: float = 2.0, b1: float = 0.9,
                         R1: float = 10.0, A: float = 0.2, b2: float = 0.9, R2: float = 10.0, *,
                         costs: Sequence[float] | None = None):
    r"""Plot IFT's two continuations: against the gain collected (goal), against the rate (rate).

    Top, the goal model: $C_1 = 1 - 1 / (1 + b_1 e^{R_1 (T - y)})$ against
    the gain collected $y$; bottom, the rate model:
    $C_2 = 1 / (1 + b_2 e^{R_2 (A - y/k)})$ against the rate of gain $y/k$
    (gain collected over cost spent). The curves are the first document's
    $C(1)$ for every value; the points are the list's ranks (and the ranks of
    cwl_eval's padding, gain 0 and cost 1, to twice the expected depth), at
    the gain or rate collected through rank $i$ and that rank's $C(i)$,
    labelled with the list's ED and EU.

    Parameters
    ----------
    gains : sequence of float or None, shape (n,)
        The gains of the ranked list, rank 1 first; None for an unjudged one.
    T, b1, R1, A, b2, R2 : float
        As in `rankbook.metrics.cwl_gain_models.cwl_ift_goal` and
        `cwl_ift_rate` (cwl_eval's example metrics file by default).
    costs : sequence of float, optional
        The cost of each document; default 1 each.

    Returns
    -------
    list of matplotlib.axes.Axes
        The goal's Axes, then the rate's; the first line of each is the curve,
        the second the list's ranks.

    Examples
    --------
    At the goal the reader goes on with probability $1 - 1/(1 + b_1)$, at the
    expected rate with $1/(1 + b_2)$:

    >>> goal, rate = cwl_ift_continuation([1, 0, 1])
    >>> round(float(np.interp(2, *goal.get_lines()[0].get_data())), 4)  # y = T
    0.4737
    >>> round(float(np.interp(0.2, *rate.get_lines()[0].get_data())), 4)  # y / k = A
    0.5263
    """
    length = len(_validate.judged_grades(gains, "gains")[0])
    models = (
        ("goal", lambda g, depth, c: cwl_ift_goal(g, T, b1, R1, depth=depth, costs=c),
         T, f"T = {T:g}", "gain collected through rank i, y"),
        ("rate", lambda g, depth, c: cwl_ift_rate(g, A, b2, R2, depth=depth, costs=c),
         A, f"A = {A:g}", "rate of gain through rank i, y / k"))
    axes = new_axes(nrows=2, height=5.0)
    for ax, (name, measure, bound, bound_label, xlabel), colour in zip(axes, models, PALETTE):
        scored = measure(gains, CWL_EVAL_DEPTH, costs)
        # the list's ranks, and on into cwl_eval's padding to twice the expected depth
        n = min(max(length, 2 * int(np.ceil(scored.expected_depth))), CWL_EVAL_DEPTH - 1)
        padded, spent = cwl_eval_list(gains, n, costs)
        x = np.cumsum(padded) / (np.cumsum(spent) if name == "rate" else 1.0)
        grid = np.linspace(0.0, max(2 * bound, float(np.max(x, initial=0.0)), 1e-9), POINTS)
        # the curve: C(1) of a one-document list of gain y (cost 1, so rate y too)
        ax.plot(grid, [_first_document(measure, y) for y in grid], color=REFERENCE,
                label=f"C{1 if name == 'goal' else 2}")
        c = continuation(reach(lambda depth: measure(gains, depth, costs), n + 1))
        ax.plot(x, c, linestyle="none", marker=MARKERS[0], color=colour,
                label=f"this list: ED {scored.expected_depth:.2f}, EU {scored.expected_utility:.4f}")
        ax.axvline(bound, color=REFERENCE, linestyle=":", label=bound_label)
        ax.set_ylim(-0.05, 1.1)
        finish(ax, title=f"IFT's {name} model", xlabel=xlabel, ylabel="C(i)", legend="best")
    return list(axes)


def cwl_nerr_continuation(gains: Sequence[float | None], *, k: int = 10, phi: float = 0.9,
                          T: float = 1.0):
    r"""Plot the four NERR models' continuation $C(i)$ on a list, and the chance of reaching each rank.

    Top: $C(i)$ of NERR8@k, NERR9@k, NERR10 ($\phi$) and NERR11 ($T$) (the
    legend is the bottom Axes'); each
    is a factor of the rank times $1 - g_i$, so all four drop to 0 at a
    document of gain 1. $C(i)$ depends on $i$ and $g_i$ only, so it is read
    off a list whose only document is rank $i$'s, and drawn even where the
    reader has stopped before. Bottom: the chance of reaching rank $i$ on the
    list, labelled with each model's ED and EU.

    Parameters
    ----------
    gains : sequence of float or None, shape (n,)
        The gains of the ranked list, rank 1 first, each in $[0, 1]$; None
        for an unjudged one.
    k, phi, T
        As in `rankbook.metrics.cwl_gain_models.cwl_nerr8` (and `cwl_nerr9`),
        `cwl_nerr10` and `cwl_nerr11`.

    Returns
    -------
    list of matplotlib.axes.Axes
        The continuations' Axes, then the chances'; one line per model.

    Examples
    --------
    Gains 0, 1: at rank 1, $C(1)$ is NERR8's 1, NERR9's $\frac12$, NERR10's
    $\phi = 0.9$ and NERR11's $(2/3)^2$; the document of gain 1 at rank 2 stops
    every reader. NERR9 reads rank 2 with chance $\frac12$: ED 1.5, EU
    $\frac{0.5}{1.5}$:

    >>> c, reached = cwl_nerr_continuation([0, 1])
    >>> [[round(float(y), 4) for y in line.get_ydata()] for line in c.get_lines()]
    [[1.0, 0.0], [0.5, 0.0], [0.9, 0.0], [0.4444, 0.0]]
    >>> reached.get_lines()[1].get_label()
    'NERR9@10: ED 1.50, EU 0.3333'
    """
    models = {f"NERR8@{k}": lambda g, depth=CWL_EVAL_DEPTH: cwl_nerr8(g, k, depth=depth),
              f"NERR9@{k}": lambda g, depth=CWL_EVAL_DEPTH: cwl_nerr9(g, k, depth=depth),
              f"NERR10(p={phi:g})": lambda g, depth=CWL_EVAL_DEPTH: cwl_nerr10(g, phi, depth=depth),
              f"NERR11(T={T:g})": lambda g, depth=CWL_EVAL_DEPTH: cwl_nerr11(g, T, depth=depth)}
    n = len(_validate.judged_grades(gains, "gains")[0])
    padded, _ = cwl_eval_list(gains, n)
    ranks = np.arange(1, n + 1)
    c_ax, reach_ax = axes_over_lists(None, [gains], labels=["gain"], rows=2, height=4.8)
    for (name, measure), colour, marker in zip(models.items(), PALETTE, MARKERS):
        scored = measure(gains)
        alone = [continuation(reach(lambda depth: measure([0.0] * (i - 1) + [g], depth),
                                    i + 1))[i - 1] for i, g in zip(ranks, padded)]
        c_ax.plot(ranks, alone, marker=marker, markersize=4, color=colour, label=name)
        reach_ax.plot(ranks, reach(lambda depth: measure(gains, depth), n), marker=marker,
                      markersize=4, color=colour,
                      label=f"{name}: ED {scored.expected_depth:.2f}, "
                            f"EU {scored.expected_utility:.4f}")
    for ax, top in ((c_ax, 1.1), (reach_ax, 1.85)):      # room for the legend above 1
        ax.set_ylim(-0.05, top)
        ax.set_yticks([0, 0.25, 0.5, 0.75, 1])
        rank_ticks(ax, max(n, 1))
    finish_list(c_ax, title="C(i): a factor of the rank times 1 - g_i", xlabel="",
                ylabel="C(i)", legend=None)
    finish_list(reach_ax, title="The chance of reading rank i on this list", xlabel="rank i",
                ylabel="reads rank i", legend="upper right")
    return [c_ax, reach_ax]
