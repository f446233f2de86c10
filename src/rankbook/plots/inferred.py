r"""Figures of inferred measures: what a stratified sample's estimates do across samples.

| function | what it draws |
| --- | --- |
| `estimates_against_truth` | each system's estimates over many samples against its value with full judgments, with their mean |
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from rankbook._errors import InvalidValueError
from rankbook.plots._style import PALETTE, REFERENCE, finish, new_axes

__all__ = ["estimates_against_truth"]


def estimates_against_truth(truth: Sequence[float], estimates: Sequence[Sequence[float]], *,
                            measure: str = "xinfAP", ax=None):
    r"""Estimates from many samples against the value with full judgments, one column per system.

    For system $i$ with full-judgment value $t_i$ (the x-axis), the estimates of its many
    samples are drawn as points at $x = t_i$ and their mean as a bar; the diagonal $y = x$ is
    where an unbiased estimator's means fall. The spread of a column is the estimator's
    variance for that system.

    Parameters
    ----------
    truth : sequence of float
        Each system's value with every document judged (for example AP).
    estimates : sequence of sequences of float
        Each system's estimates, one per sample (for example xinfAP).
    measure : str, default "xinfAP"
        The estimate's name, for the labels.
    ax : matplotlib Axes, optional
        Where to draw; a new figure when omitted.

    Returns
    -------
    matplotlib.axes.Axes

    Examples
    --------
    >>> ax = estimates_against_truth([0.2, 0.5], [[0.1, 0.3], [0.4, 0.6, 0.5]])
    >>> [float(y) for y in ax.lines[1].get_ydata()]   # the means
    [0.2, 0.5]
    """
    truth = np.asarray(truth, dtype=float)
    if len(estimates) != len(truth) or any(len(column) == 0 for column in estimates):
        raise InvalidValueError(f"estimates must hold a non-empty list of estimates for each "
                                f"of the {len(truth)} systems of truth, got {len(estimates)} lists.")
    ax = new_axes(ax)
    low = min(truth.min(), *(min(column) for column in estimates))
    high = max(truth.max(), *(max(column) for column in estimates))
    ax.plot([low, high], [low, high], color=REFERENCE, linestyle=":", label="unbiased: y = x")
    for x, column in zip(truth, estimates):
        ax.scatter(np.full(len(column), x), column, s=12, color=PALETTE[1], alpha=0.35,
                   linewidths=0)
    means = [float(np.mean(column)) for column in estimates]
    ax.plot(truth, means, linestyle="none", marker="_", markersize=16, markeredgewidth=2.5,
            color=PALETTE[3], label=f"mean {measure} over the samples")
    ax.scatter([], [], s=12, color=PALETTE[1], label=f"{measure} of one sample")
    return finish(ax, title=f"{measure} over many samples against full judgments",
                  xlabel="value with every document judged", ylabel=f"estimated ({measure})",
                  legend="upper left")
