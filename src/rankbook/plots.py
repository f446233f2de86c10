"""Plots of ranking metrics (matplotlib), one function per picture.

Each function draws on the ``ax`` it is given (or on a new figure's axes) and
returns the Axes, so a caller can add titles, save or combine figures.
matplotlib is imported only when a plot is drawn. Colours come from the
default cycle and lines carry markers, so the plots read in print, on the
site's light and dark themes (figures have a white background), and for
readers who do not tell red from green.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from rankbook import _validate
from rankbook.metrics.dcg import dcg_at_k, idcg_at_k


def _axes(ax):
    """The Axes to draw on: ``ax`` itself, or a new figure's."""
    if ax is not None:
        return ax
    import matplotlib.pyplot as plt

    _, ax = plt.subplots(figsize=(6, 4), facecolor="white")
    return ax


def dcg_curves(
    relevance: Sequence[float],
    ideal: Sequence[float] | None = None,
    *,
    gain: str = "linear",
    discount: str = "log2",
    ax=None,
):
    r"""Plot DCG@k of a ranking and of the ideal ordering (IDCG@k) against the rank k.

    The gap between the two curves is what nDCG measures: at each rank,
    $nDCG@k = DCG@k / IDCG@k$.

    Parameters
    ----------
    relevance : sequence of float, shape (n,)
        Grades of the ranked list, rank 1 first.
    ideal : sequence of float, optional
        Every judged grade of the query, for IDCG. Default: ``relevance``.
    gain : {"linear", "exponential"}, default "linear"
        As in `rankbook.metrics.dcg.dcg_at_k`.
    discount : {"log2", "jarvelin"}, default "log2"
        As in `rankbook.metrics.dcg.dcg_at_k`.
    ax : matplotlib Axes, optional
        Where to draw; a new figure when omitted.

    Returns
    -------
    matplotlib.axes.Axes
        The Axes drawn on.

    Examples
    --------
    >>> ax = dcg_curves([3, 2, 3, 0, 0, 1, 2, 2, 3, 0], discount="jarvelin")
    >>> [line.get_label() for line in ax.get_lines()]
    ['IDCG@k (ideal ordering)', 'DCG@k (this ranking)']
    """
    grades = _validate.grades(relevance)
    ideal_grades = grades if ideal is None else _validate.grades(ideal, name="ideal")
    ranks = np.arange(1, len(grades) + 1)
    options = {"gain": gain, "discount": discount}
    dcg = [dcg_at_k(grades, k, **options) for k in ranks]
    idcg = [idcg_at_k(ideal_grades, k, **options) for k in ranks]

    ax = _axes(ax)
    ax.plot(ranks, idcg, marker="s", linestyle="--", label="IDCG@k (ideal ordering)")
    ax.plot(ranks, dcg, marker="o", label="DCG@k (this ranking)")
    ax.fill_between(ranks, dcg, idcg, alpha=0.15, label="_gap")
    ax.set_xlabel("rank k")
    ax.set_ylabel("cumulative discounted gain")
    ax.set_title(f"DCG vs IDCG (gain: {gain}, discount: {discount})")
    ax.set_xticks(ranks)
    ax.set_ylim(bottom=0)
    ax.grid(True, alpha=0.3)
    ax.legend(loc="lower right")
    return ax
