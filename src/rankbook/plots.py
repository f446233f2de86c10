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
from rankbook._errors import InvalidValueError
from rankbook.metrics.dcg import dcg_at_k, idcg_at_k
from rankbook.metrics.interpolation import (
    ELEVEN_RECALL_LEVELS,
    eleven_point_average_precision,
    interpolated_precision,
    precision_recall_curve,
)
from rankbook.metrics.roc import roc_auc, roc_curve


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
    - the interpolated envelope $p_{interp}(r) = \max_{r' \ge r} p(r')$, a
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

    ax = _axes(ax)
    ax.plot(recall, precision, marker="o", label="precision at each rank (raw)")
    ax.step(envelope_x, envelope_y, where="pre", linestyle="--", linewidth=2,
            label="interpolated precision")
    ax.plot(levels, eleven, linestyle="none", marker="s", markersize=8,
            label=f"11 recall levels (11pt avg = {average:.4f})")
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

    ax = _axes(ax)
    ax.plot([0, 1], [0, 1], linestyle=":", color="grey", label="chance (AUC = 0.5)")
    ax.plot(fpr, tpr, marker="o", label=f"this ranking (AUC = {auc:.4f})")
    ax.fill_between(fpr, tpr, alpha=0.15, label="_area")
    ax.set_xlabel("false positive rate (non-relevant items retrieved)")
    ax.set_ylabel("true positive rate (recall)")
    ax.set_title("ROC curve of the ranking")
    ax.set_xlim(-0.02, 1.02)
    ax.set_ylim(-0.02, 1.02)
    ax.set_aspect("equal")
    ax.grid(True, alpha=0.3)
    ax.legend(loc="lower right")
    return ax


# --- rank aggregation (part 2): the voter weights a self-weighting method learned ---------


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
    ax = _axes(ax)
    bars = ax.bar(range(values.size), values, color="C0", edgecolor="black", linewidth=0.5)
    best = int(np.argmax(values))
    bars[best].set_hatch("//")
    ax.axhline(values.mean(), linestyle=":", color="grey", label=f"mean {values.mean():.3g}")
    ax.set_xticks(range(values.size), names, rotation=90 if values.size > 12 else 0)
    ax.set_xlabel("list (voter)")
    ax.set_ylabel("learned weight")
    ax.set_title(f"Learned voter weights (most trusted: {names[best]})")
    ax.grid(True, axis="y", alpha=0.3)
    ax.legend(loc="best")
    return ax
