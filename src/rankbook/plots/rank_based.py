r"""Figures of the rank-based chapter: AP's rectangles, the precision-recall curve, ROC.

| function | what it draws |
| --- | --- |
| `average_precision_area` | the precision at each relevant rank as rectangles over recall: their area is AP |
| `precision_recall` | the raw precision-recall points, the interpolated envelope and the 11 points |
| `roc` | the ROC curve, the chance diagonal and the area under the curve |
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from rankbook import _validate
from rankbook.metrics.average_precision import average_precision
from rankbook.metrics.interpolation import (
    ELEVEN_RECALL_LEVELS,
    eleven_point_average_precision,
    interpolated_precision,
    precision_recall_curve,
)
from rankbook.metrics.precision import precision_at_k
from rankbook.metrics.roc import roc_auc, roc_curve
from rankbook.plots._style import PALETTE, REFERENCE, finish, new_axes

__all__ = ["average_precision_area", "precision_recall", "roc"]


def average_precision_area(
    relevance: Sequence[float],
    n_relevant: int,
    *,
    relevance_level: float = 1,
    ax=None,
):
    r"""Draw AP as an area: one rectangle per relevant document, over the recall it adds.

    Walking down the list, each relevant document moves recall $1/R$ to the
    right; the rectangle over that step has the height of the precision at
    that document's rank, $\mathrm{P}@K_j = j / K_j$ for the $j$-th relevant
    document at rank $K_j$. The rectangles' total area is

    $$\mathrm{AP} = \sum_{j=1}^{R} \frac{1}{R} \cdot \mathrm{P}@K_j,$$

    trec_eval's AP (`average_precision` with ``denominator="relevant"``).
    A relevant document that was never retrieved adds a rectangle of height
    0: the hatched band at the right, recall the list never reaches. The raw
    precision after every rank is drawn behind, as points.

    Parameters
    ----------
    relevance : sequence of float, shape (n,)
        Grades of the ranked list, rank 1 first.
    n_relevant : int
        R, the number of relevant documents of the query, retrieved or not.
    relevance_level : float, default 1
        Lowest grade that counts as relevant.
    ax : matplotlib Axes, optional
        Where to draw; a new figure when omitted.

    Returns
    -------
    matplotlib.axes.Axes
        The Axes drawn on; ``ax.patches`` holds the rectangles, left to right.

    See Also
    --------
    rankbook.metrics.average_precision.average_precision : the number the area equals.

    Examples
    --------
    The lecture's list, relevant at ranks 1, 3 and 5 of $R = 3$:

    >>> ax = average_precision_area([1, 0, 1, 0, 1], 3)
    >>> [round(float(bar.get_height()), 4) for bar in ax.patches]
    [1.0, 0.6667, 0.6]
    >>> ax.get_title()
    'AP = area of the rectangles = 0.7556 (R = 3)'
    """
    grades = _validate.grades(relevance)
    threshold = _validate.threshold(relevance_level)
    R = _validate.n_relevant(n_relevant, grades, threshold)
    ranks = [i + 1 for i in range(len(grades)) if grades[i] >= threshold]
    heights = [precision_at_k(grades, rank, relevance_level=threshold) for rank in ranks]
    area = average_precision(grades, R, relevance_level=threshold)
    recall, precision = precision_recall_curve(grades, R, relevance_level=threshold) \
        if R else (np.zeros(len(grades)), np.zeros(len(grades)))

    ax = new_axes(ax)
    width = 1 / R if R else 1.0
    lefts = [j * width for j in range(len(ranks))]
    bars = ax.bar(lefts, heights, width=width, align="edge", color=PALETTE[0], alpha=0.55,
                  edgecolor=PALETTE[0], linewidth=1.5, label="P@rank of each relevant document")
    for bar, rank, j in zip(bars, ranks, range(1, len(ranks) + 1)):
        ax.annotate(f"{j}/{rank}", (bar.get_x() + width / 2, bar.get_height()),
                    xytext=(0, 3), textcoords="offset points", ha="center", fontsize="small")
    if R and len(ranks) < R:
        ax.axvspan(len(ranks) * width, 1.0, facecolor="none", edgecolor=REFERENCE, hatch="//",
                   linewidth=0, label="relevant, never retrieved: height 0")
    ax.plot(recall, precision, linestyle=":", marker=".", color=PALETTE[1],
            label="precision after each rank")
    ax.set_xlim(0, 1.0)
    ax.set_ylim(0, 1.12)
    return finish(ax, title=f"AP = area of the rectangles = {area:.4f} (R = {R})",
                  xlabel="recall", ylabel="precision", legend="lower left")


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
      (`precision_recall_curve`): the saw-tooth, down at each non-relevant
      document, up and right at each relevant one;
    - the interpolated envelope $p_{\mathrm{interp}}(r) = \max_{r' \ge r} p(r')$, a
      step that is constant on each interval $(\frac{j-1}{R}, \frac{j}{R}]$
      and 0 beyond the recall reached (`interpolated_precision`);
    - the 11 values at $r = 0.0, 0.1, \dots, 1.0$, with their mean, the
      11-point average, in the legend (`eleven_point_average_precision`).

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
        envelope is the same under every rule.
    ax : matplotlib Axes, optional
        Where to draw; a new figure when omitted.

    Returns
    -------
    matplotlib.axes.Axes
        The Axes drawn on.

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

    ax = new_axes(ax)
    ax.plot(recall, precision, marker="o", color=PALETTE[1], label="precision at each rank (raw)")
    ax.step(envelope_x, envelope_y, where="pre", linestyle="--", linewidth=2,
            color=PALETTE[0], label="interpolated precision")
    ax.plot(levels, eleven, linestyle="none", marker="s", markersize=8,
            color=PALETTE[2], label=f"11 recall levels (11pt avg = {average:.4f})")
    ax.set_xlabel("recall")
    ax.set_ylabel("precision")
    ax.set_title(f"Precision-recall curve (R = {R})")
    ax.set_xlim(-0.02, 1.02)
    ax.set_ylim(-0.02, 1.05)
    ax.set_xticks(levels)
    ax.grid(True, alpha=0.3)
    ax.legend(loc="best")
    return ax


def roc(
    relevance: Sequence[float],
    *,
    n_relevant: int | None = None,
    n_nonrelevant: int | None = None,
    relevance_level: float = 1,
    ax=None,
):
    r"""Plot the ROC curve of a ranking, the chance diagonal, and the AUC in the legend.

    Each step up is a relevant item, each step right a non-relevant one, as
    the cut-off moves down the list (`rankbook.metrics.roc.roc_curve`). When
    items were not retrieved, the last segment, to (1, 1), is their tie at
    the bottom. The shaded area is the AUC (`rankbook.metrics.roc.roc_auc`).

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
        The Axes drawn on.

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

    ax = new_axes(ax)
    ax.plot([0, 1], [0, 1], linestyle=":", color=REFERENCE, label="chance (AUC = 0.5)")
    ax.plot(fpr, tpr, marker="o", color=PALETTE[0], label=f"this ranking (AUC = {auc:.4f})")
    ax.fill_between(fpr, tpr, alpha=0.25, color=PALETTE[0], label="_area")
    ax.set_xlabel("false positive rate (non-relevant items retrieved)")
    ax.set_ylabel("true positive rate (recall)")
    ax.set_title("ROC curve of the ranking")
    ax.set_xlim(-0.02, 1.02)
    ax.set_ylim(-0.02, 1.02)
    ax.set_aspect("equal")
    ax.grid(True, alpha=0.3)
    ax.legend(loc="lower right")
    return ax
