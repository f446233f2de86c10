r"""Figures of the graded-relevance chapter: DCG against the ideal.

| function | what it draws |
| --- | --- |
| `dcg_curves` | DCG@k of a ranking and IDCG@k of the ideal ordering, against k |
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from rankbook import _validate
from rankbook.metrics.dcg import dcg_at_k, idcg_at_k
from rankbook.plots._style import PALETTE, REFERENCE, new_axes

__all__ = ["dcg_curves"]


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
    $\mathrm{nDCG}@k = \mathrm{DCG}@k / \mathrm{IDCG}@k$.

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

    ax = new_axes(ax)
    ax.plot(ranks, idcg, marker="s", linestyle="--", color=REFERENCE, label="IDCG@k (ideal ordering)")
    ax.plot(ranks, dcg, marker="o", color=PALETTE[0], label="DCG@k (this ranking)")
    ax.fill_between(ranks, dcg, idcg, alpha=0.2, color=PALETTE[0], label="_gap")
    ax.set_xlabel("rank k")
    ax.set_ylabel("cumulative discounted gain")
    ax.set_title(f"DCG vs IDCG (gain: {gain}, discount: {discount})")
    ax.set_xticks(ranks)
    ax.set_ylim(bottom=0)
    ax.grid(True, alpha=0.3)
    ax.legend(loc="lower right")
    return ax
