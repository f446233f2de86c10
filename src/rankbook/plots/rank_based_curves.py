r"""Figures of the rank-based chapter, part two: the curves of a whole ranking.

| function | what it draws |
| --- | --- |
| `precision_recall` | the raw precision-recall points, the interpolated envelope and the 11 points |
| `roc` | the ROC curve on its grid of (relevant, non-relevant) pairs, the chance diagonal and the AUC |
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from rankbook import _validate
from rankbook.metrics.interpolation import (
    ELEVEN_RECALL_LEVELS,
    eleven_point_average_precision,
    interpolated_precision,
    precision_recall_curve,
)
from rankbook.metrics.roc import roc_auc, roc_curve
from rankbook.plots._style import PALETTE, REFERENCE, finish, new_axes

__all__ = ["precision_recall", "roc"]

#: Up to this many rows or columns, the ROC figure draws the grid of pairs.
MOST_CELLS = 20


def precision_recall(
    relevance: Sequence[float],
    n_relevant: int,
    *,
    relevance_level: float = 1,
    cutoff_rule: str = "trec_eval_9",
    ax=None,
):
    r"""Plot the raw precision-recall curve, its interpolated envelope and the 11 standard points.

    Three layers, each computed by its textbook function:

    - the raw points $(r_i, p_i)$, one per rank, joined in rank order
      (`precision_recall_curve`) and, for a list of at most 12, numbered by
      rank: the saw-tooth, down at each non-relevant document, up and right
      at each relevant one;
    - the interpolated envelope $p_{\mathrm{interp}}(r) = \max_{r' \ge r} p(r')$, a
      step that is constant on each interval $(\frac{j-1}{R}, \frac{j}{R}]$
      and 0 beyond the recall reached (`interpolated_precision`);
    - the 11 values at $r = 0.0, 0.1, \dots, 1.0$ under ``cutoff_rule``, with
      their mean, the 11-point average, in the legend
      (`eleven_point_average_precision`). Where trec_eval's rule needs one
      relevant document fewer than the textbook (level 0.7 for $R = 3$), its
      point sits above the envelope.

    Parameters
    ----------
    relevance : sequence of float, shape (n,)
        Grades of the ranked list, rank 1 first.
    n_relevant : int
        R, the number of relevant documents of the query.
    relevance_level : float, default 1
        Lowest grade that counts as relevant.
    cutoff_rule : {"trec_eval_9", "trec_eval_10", "exact"}, default "trec_eval_9"
        How the 11 points are read (see `interpolated_precision`); the
        envelope is the textbook's (the same under every rule between the
        steps).
    ax : matplotlib Axes, optional
        Where to draw; a new figure when omitted.

    Returns
    -------
    matplotlib.axes.Axes
        The Axes drawn on: the raw curve, the envelope, the 11 points.

    See Also
    --------
    rankbook.metrics.interpolation.interpolated_precision : the envelope and the 11 points.

    Examples
    --------
    >>> ax = precision_recall([1, 0, 1, 0, 1], 3)
    >>> [line.get_label() for line in ax.get_lines()]
    ['precision at each rank (raw)', 'interpolated precision', '11 recall levels (11pt avg = 0.7697)']
    """
    grades = _validate.grades(relevance)
    threshold = _validate.threshold(relevance_level)
    R = _validate.n_relevant(n_relevant, grades, threshold)
    options = {"relevance_level": threshold}
    recall, precision = precision_recall_curve(grades, R, **options)
    levels = np.array(ELEVEN_RECALL_LEVELS)
    eleven = interpolated_precision(grades, R, levels, cutoff_rule=cutoff_rule, **options)
    average = eleven_point_average_precision(grades, R, cutoff_rule=cutoff_rule, **options)

    # The envelope is constant on ((j-1)/R, j/R]: read it at each interval's midpoint,
    # where every cutoff rule needs exactly j relevant documents.
    found = int(np.count_nonzero(grades >= threshold))
    steps = interpolated_precision(grades, R, [(j - 0.5) / R for j in range(1, found + 1)],
                                   cutoff_rule="exact", **options) if found else np.array([])
    envelope_x = [j / R for j in range(found + 1)]
    envelope_y = [steps[0] if found else 0.0, *steps]
    if found < R or R == 0:
        envelope_x.append(1.0)  # beyond the recall reached, nothing qualifies: 0
        envelope_y.append(0.0)

    ax = new_axes(ax, height=3.4)
    ax.plot(recall, precision, marker="o", color=PALETTE[1], label="precision at each rank (raw)")
    if len(grades) <= 12:
        for rank, (x, y) in enumerate(zip(recall, precision), start=1):
            ax.annotate(str(rank), (x, y), xytext=(5, -3), textcoords="offset points",
                        fontsize="small", color=PALETTE[1])
    ax.step(envelope_x, envelope_y, where="pre", linestyle="--", linewidth=2,
            color=PALETTE[0], label="interpolated precision")
    ax.plot(levels, eleven, linestyle="none", marker="s", markersize=7, markerfacecolor="none",
            markeredgewidth=1.5, color=PALETTE[2], label=f"11 recall levels (11pt avg = {average:.4f})")
    textbook = interpolated_precision(grades, R, levels, cutoff_rule="exact", **options)
    for level, value, exact in zip(levels, eleven, textbook):
        if value != exact:                        # the rule's point is off the envelope
            ax.annotate(f"{level:g}: {value:.4f}, textbook {exact:.4f}", (level, value),
                        xytext=(0, 12), textcoords="offset points", ha="center",
                        fontsize="small", color=PALETTE[2],
                        arrowprops={"arrowstyle": "-", "color": PALETTE[2]})
    ax.set_xlim(-0.02, 1.06)
    ax.set_ylim(-0.02, 1.08)
    ax.set_xticks(levels, [f"{level:g}" if j % 2 == 0 else "" for j, level in enumerate(levels)])
    return finish(ax, title=f"Precision-recall curve (R = {R})", xlabel="recall",
                  ylabel="precision", legend="lower left")


def roc(
    relevance: Sequence[float],
    *,
    n_relevant: int | None = None,
    n_nonrelevant: int | None = None,
    relevance_level: float = 1,
    ax=None,
):
    r"""Plot the ROC curve of a ranking, the chance diagonal, and the AUC as the shaded area.

    Each step up is a relevant item, each step right a non-relevant one, as
    the cut-off moves down the list (`rankbook.metrics.roc.roc_curve`). When
    items were not retrieved, the last segment, dashed, to (1, 1), is their
    tie at the bottom. The shaded area is the AUC
    (`rankbook.metrics.roc.roc_auc`). With at most 20 relevant and 20
    non-relevant items, the grid has one cell per (relevant, non-relevant)
    pair: the AUC is the share of cells under the curve.

    Parameters
    ----------
    relevance : sequence of float, shape (n,)
        Grades of the ranked list, rank 1 first.
    n_relevant : int, optional
        Every relevant item of the query. Default: those in the list.
    n_nonrelevant : int, optional
        Every non-relevant item of the query. Default: those in the list.
    relevance_level : float, default 1
        Lowest grade that counts as relevant.
    ax : matplotlib Axes, optional
        Where to draw; a new figure when omitted.

    Returns
    -------
    matplotlib.axes.Axes
        The Axes drawn on: the diagonal, then the curve (its points are the
        `roc_curve` points).

    See Also
    --------
    rankbook.metrics.roc.roc_auc : the area.

    Examples
    --------
    >>> ax = roc([1, 0, 1, 0])
    >>> [line.get_label() for line in ax.get_lines()]
    ['chance (AUC = 0.5)', 'this ranking (AUC = 0.7500)']
    """
    options = {"n_relevant": n_relevant, "n_nonrelevant": n_nonrelevant,
               "relevance_level": relevance_level}
    fpr, tpr = roc_curve(relevance, **options)
    auc = roc_auc(relevance, **options)
    grades = _validate.grades(relevance)
    positives = int(np.count_nonzero(grades >= relevance_level))
    P = positives if n_relevant is None else n_relevant
    N = len(grades) - positives if n_nonrelevant is None else n_nonrelevant
    listed = len(grades) + 1                       # the points of the cut-offs 0..n

    # Narrower than WIDTH: the axes are square (equal rates on both), wider would only add margin.
    ax = new_axes(ax, size=(4.2, 4.0))
    ax.plot([0, 1], [0, 1], linestyle=":", color=REFERENCE, label="chance (AUC = 0.5)")
    ax.plot(fpr[:listed], tpr[:listed], marker="o", color=PALETTE[0],
            label=f"this ranking (AUC = {auc:.4f})")
    if len(fpr) > listed:
        ax.plot(fpr[listed - 1:], tpr[listed - 1:], linestyle="--", color=PALETTE[0],
                label="unretrieved items, tied")
    ax.fill_between(fpr, tpr, alpha=0.25, color=PALETTE[0], label="_area")
    ax.set_xlim(-0.02, 1.02)
    ax.set_ylim(-0.02, 1.02)
    ax.set_aspect("equal")
    finish(ax, title=f"ROC curve (P = {P}, N = {N}): AUC = {auc:.4f}",
           xlabel="false positive rate", ylabel="true positive rate (recall)",
           legend="lower right")
    if P <= MOST_CELLS and N <= MOST_CELLS:           # one cell per (relevant, non-relevant) pair
        ax.grid(False)
        steps = {"color": REFERENCE, "linewidth": 0.6, "alpha": 0.6}
        ax.vlines(np.arange(N + 1) / N, 0, 1, **steps)
        ax.hlines(np.arange(P + 1) / P, 0, 1, label=f"{P} x {N} pairs, one per cell", **steps)
        ax.legend(loc="lower right", fontsize="small")
    return ax
