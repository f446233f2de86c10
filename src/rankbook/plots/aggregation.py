r"""Figures of the rank-aggregation chapter.

| function | what it draws |
| --- | --- |
| `voter_weights` | the list (voter) weights a self-weighting method learned |
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from rankbook._errors import InvalidValueError
from rankbook.plots._style import PALETTE, REFERENCE, new_axes

__all__ = ["voter_weights"]


def voter_weights(weights: Sequence[float], labels: Sequence[str] | None = None, *, ax=None):
    r"""Bar chart of the list (voter) weights a self-weighting method learned: whom it trusted.

    The weights come from `rankbook.aggregate.prefrel.prefrel`,
    `rankbook.aggregate.agglomerative.agglomerative` or
    `rankbook.aggregate.dibra.dibra` with ``return_weights=True``. Bars keep the
    order of the lists; the most trusted list's bar is hatched, and a dotted
    line marks the mean weight.

    Parameters
    ----------
    weights : sequence of float, shape (L,)
        One weight per list.
    labels : sequence of str, optional
        One name per list (default "1", "2", ...).
    ax : matplotlib Axes, optional
        Where to draw; a new figure when omitted.

    Returns
    -------
    matplotlib.axes.Axes
        The Axes drawn on.

    Examples
    --------
    >>> ax = voter_weights([1.2, 2.5, 0.7], ["V-0", "V-1", "V-2"])
    >>> [round(float(bar.get_height()), 1) for bar in ax.patches]
    [1.2, 2.5, 0.7]
    >>> ax.get_title()
    'Learned voter weights (most trusted: V-1)'
    """
    values = np.asarray(weights, dtype=float)
    if values.ndim != 1 or values.size == 0 or not np.all(np.isfinite(values)):
        raise InvalidValueError(
            f"weights must be one finite number per list, got {weights!r}.")
    names = [str(i + 1) for i in range(values.size)] if labels is None else [str(x) for x in labels]
    if len(names) != values.size:
        raise InvalidValueError(
            f"labels gives {len(names)} names for {values.size} weights; give one name per list.")
    ax = new_axes(ax)
    bars = ax.bar(range(values.size), values, color=PALETTE[1], edgecolor="black", linewidth=0.5)
    best = int(np.argmax(values))
    bars[best].set_hatch("//")
    ax.axhline(values.mean(), linestyle=":", color=REFERENCE, label=f"mean {values.mean():.3g}")
    ax.set_xticks(range(values.size), names, rotation=90 if values.size > 12 else 0)
    ax.set_xlabel("list (voter)")
    ax.set_ylabel("learned weight")
    ax.set_title(f"Learned voter weights (most trusted: {names[best]})")
    ax.grid(True, axis="y", alpha=0.3)
    ax.legend(loc="best")
    return ax
