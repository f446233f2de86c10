r"""The precision-recall curve of a ranking, and its interpolation.

| function | measure | trec_eval name |
| --- | --- | --- |
| `precision_recall_curve` | (recall, precision) at every rank | (none) |
| `interpolated_precision` | iP@r | `iprec_at_recall_0.00` ... `iprec_at_recall_1.00` |
| `eleven_point_average_precision` | 11-point interpolated average precision | `11pt_avg` |

Reading a ranking down from rank 1, each relevant document moves the curve up
and to the right, each non-relevant one moves it straight down: the raw curve
is a saw-tooth. Interpolation replaces each precision by the best precision
still to come, $p_{\mathrm{interp}}(r) = \max_{r' \ge r} p(r')$, a non-increasing
envelope that can be read at fixed recall levels and averaged over queries.
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Sequence
from fractions import Fraction

import numpy as np

from rankbook import _validate
from rankbook._errors import InvalidTypeError, InvalidValueError
from rankbook.metrics._common import is_relevant

#: The 11 standard recall levels, written as trec_eval writes them (the same doubles).
ELEVEN_RECALL_LEVELS = (0.0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0)

CUTOFF_RULES = ("trec_eval_9", "trec_eval_10", "exact")


@_validate.explains_missing_arguments
def precision_recall_curve(
    relevance: Sequence[float], n_relevant: int, *, relevance_level: float = 1
) -> tuple[np.ndarray, np.ndarray]:
    r"""Recall and precision after each rank of a ranking: one point per rank.

    $$r_i = \frac{f_i}{R} \qquad p_i = \frac{f_i}{i} \qquad
      f_i = \sum_{j=1}^{i} [\,\mathrm{rel}_j \ge t\,]$$

    where $f_i$ is the number of relevant documents in the first $i$ results,
    $R$ the number of relevant documents of the query (retrieved or not), $t$
    the relevance threshold, $r_i = \mathrm{R}@i$ the recall and $p_i = \mathrm{P}@i$ the
    precision at rank $i$.

    Plotted as precision against recall the points make a saw-tooth: a
    relevant document raises both $r_i$ and $p_i$, a non-relevant one keeps
    $r_i$ and lowers $p_i$. Recall never decreases down the list; it ends at
    $f_n / R$, below 1 when some relevant documents were not retrieved. With
    $R = 0$ every recall is 0.0 (trec_eval's convention); an empty list gives
    two empty arrays.

    Unlike scikit-learn's ``precision_recall_curve`` (which takes scores and
    returns one point per distinct score, precision first, with an extra
    point at recall 0), this returns exactly one point per rank, recall first.

    Parameters
    ----------
    relevance : sequence of float, shape (n,)
        Grades of the ranked list, rank 1 first. ``None`` marks an unjudged
        document (non-relevant).
    n_relevant : int
        R, the number of relevant documents of the query. It must be at least
        the number of relevant documents present in ``relevance``.
    relevance_level : float, default 1
        Lowest grade that counts as relevant.

    Returns
    -------
    recall : numpy.ndarray of float, shape (n,)
        $r_i$ for $i = 1, \dots, n$, each between 0 and 1, non-decreasing.
    precision : numpy.ndarray of float, shape (n,)
        $p_i$ for $i = 1, \dots, n$, each between 0 and 1.

    See Also
    --------
    interpolated_precision : the curve's non-increasing envelope.

    rankbook.plots.precision_recall : draws the curve and its envelope.

    References
    ----------
    Manning, Raghavan and Schütze (2008). Introduction to Information Retrieval,
    section 8.4. Cambridge University Press.

    Examples
    --------
    Relevant at ranks 1, 3 and 5 of 5, three relevant documents (the lecture
    seed's MAP example):

    >>> recall, precision = precision_recall_curve([1, 0, 1, 0, 1], 3)
    >>> recall.round(4).tolist()
    [0.3333, 0.3333, 0.6667, 0.6667, 1.0]
    >>> precision.round(4).tolist()
    [1.0, 0.5, 0.6667, 0.5, 0.6]
    """
    grades = _validate.grades(relevance)
    threshold = _validate.threshold(relevance_level)
    R = _validate.n_relevant(n_relevant, grades, threshold)
    found = np.cumsum(is_relevant(grades, threshold))
    ranks = np.arange(1, len(grades) + 1)
    precision = found / ranks
    recall = found / R if R else np.zeros(len(grades))
    return recall, precision


@_validate.explains_missing_arguments
def interpolated_precision(
    relevance: Sequence[float],
    n_relevant: int,
    recall_levels: Sequence[float] | float = ELEVEN_RECALL_LEVELS,
    *,
    relevance_level: float = 1,
    cutoff_rule: str = "trec_eval_9",
) -> np.ndarray | float:
    r"""Interpolated precision at recall levels: the best precision at that recall or beyond.

    $$p_{\mathrm{interp}}(r) = \max_{i \,:\, r_i \ge r} p_i
                   = \max_{i \,:\, f_i \ge c(r)} \frac{f_i}{i}$$

    where $r_i$ and $p_i$ are the recall and precision at rank $i$ (see
    `precision_recall_curve`), $f_i$ the number of relevant documents in the
    first $i$ results, and $c(r)$ the number of relevant documents needed to
    reach recall $r$: $r_i \ge r \iff f_i \ge r R \iff f_i \ge \lceil r R \rceil$,
    with $R$ the number of relevant documents of the query. When no rank
    reaches recall $r$ (some relevant documents were never retrieved), the
    maximum is over nothing and $p_{\mathrm{interp}}(r) = 0$. At $r = 0$ every rank
    qualifies, so $p_{\mathrm{interp}}(0)$ is the best precision anywhere in the list.
    $R = 0$ gives 0.0 at every level, as in trec_eval.

    How $c(r)$ is computed (``cutoff_rule``) is where the tools differ:

    - ``"trec_eval_9"`` (default): $c(r) = \lfloor r R + 0.9 \rfloor$ in
      double-precision arithmetic, as trec_eval 9.x (and so pytrec_eval)
      computes it. For the standard levels this is $\lceil r R \rceil$, except
      where floating point slips: $0.7 \times 3$ is 2.0999999999999996 in
      doubles, so for a query with $R = 3$ trec_eval 9.x reads
      ``iprec_at_recall_0.70`` from the 2nd relevant document (recall
      $2/3 < 0.7$) instead of the 3rd. The same happens at 0.7 for R = 23,
      33, 43, ... and at 0.3 for R = 57, 67, 77, ... For levels that are not
      multiples of 0.1 the rule also accepts a recall up to $0.1/R$ short of
      the level.
    - ``"trec_eval_10"``: $c(r) = \operatorname{lround}(r R)$, rounding to the
      nearest whole number, as trec_eval 10.0 does. This departs from the
      textbook whenever $r R$ has a fractional part below 0.5: with $R = 4$,
      ``iprec_at_recall_0.30`` then starts from the 1st relevant document
      (recall 0.25) instead of the 2nd.
    - ``"exact"``: the textbook $c(r) = \lceil r R \rceil$, with the level
      read as the decimal it is written as (0.7 is 7/10), in exact
      arithmetic.

    Both trec_eval rules can only lower $c(r)$, so they can only raise the
    interpolated precision, never lower it.

    Parameters
    ----------
    relevance : sequence of float, shape (n,)
        Grades of the ranked list, rank 1 first.
    n_relevant : int
        R, the number of relevant documents of the query.
    recall_levels : sequence of float or float, default (0.0, 0.1, ..., 1.0)
        The recall levels $r$, each between 0 and 1. The default is
        trec_eval's 11 standard levels.
    relevance_level : float, default 1
        Lowest grade that counts as relevant.
    cutoff_rule : {"trec_eval_9", "trec_eval_10", "exact"}, default "trec_eval_9"
        How a recall level becomes a number of relevant documents (see above).

    Returns
    -------
    numpy.ndarray of float, shape (len(recall_levels),), or float
        $p_{\mathrm{interp}}(r)$ for each level, between 0 and 1, non-increasing in
        $r$; a float when ``recall_levels`` is a single number.

    See Also
    --------
    precision_recall_curve : the raw points being interpolated.

    eleven_point_average_precision : the mean over the 11 standard levels.

    References
    ----------
    Manning, Raghavan and Schütze (2008). Introduction to Information Retrieval,
    section 8.4. Cambridge University Press.

    trec_eval 9.x and 10.0, ``m_iprec_at_recall.c`` (usnistgov/trec_eval).

    Examples
    --------
    Relevant at ranks 1, 3 and 5, three relevant documents. Recall 0.5 is
    first reached by the 2nd relevant document (rank 3, precision 2/3); the
    best precision from there on is 2/3:

    >>> round(interpolated_precision([1, 0, 1, 0, 1], 3, 0.5), 6)
    0.666667

    The floating-point slip of trec_eval 9.x at R = 3 and recall 0.7: relevant
    at ranks 1, 2 and 10. pytrec_eval reports ``iprec_at_recall_0.70`` = 1.0;
    the textbook value is the precision at the 3rd relevant document, 3/10:

    >>> ranking = [1, 1, 0, 0, 0, 0, 0, 0, 0, 1]
    >>> interpolated_precision(ranking, 3, 0.7)
    1.0
    >>> interpolated_precision(ranking, 3, 0.7, cutoff_rule="exact")
    0.3
    """
    levels = _recall_levels(recall_levels)
    _validate.choice(cutoff_rule, CUTOFF_RULES, "cutoff_rule")
    grades = _validate.grades(relevance)
    threshold = _validate.threshold(relevance_level)
    R = _validate.n_relevant(n_relevant, grades, threshold)
    _, precision = precision_recall_curve(grades, R, relevance_level=threshold)
    found = np.cumsum(is_relevant(grades, threshold))

    values = []
    for r in levels:
        reached = found >= relevant_needed(r, R, cutoff_rule)
        values.append(float(np.max(precision[reached])) if reached.any() else 0.0)
    if isinstance(recall_levels, numbers.Real):
        return values[0]
    return np.array(values)


@_validate.explains_missing_arguments
def eleven_point_average_precision(
    relevance: Sequence[float],
    n_relevant: int,
    *,
    relevance_level: float = 1,
    cutoff_rule: str = "trec_eval_9",
    recall_levels: Sequence[float] = ELEVEN_RECALL_LEVELS,
) -> float:
    r"""Mean of the interpolated precision at the 11 recall levels 0.0, 0.1, ..., 1.0.

    $$\text{11pt} = \frac{1}{11} \sum_{j=0}^{10} p_{\mathrm{interp}}\!\left(\frac{j}{10}\right)$$

    where $p_{\mathrm{interp}}(r)$ is the interpolated precision at recall level $r$
    (see `interpolated_precision`, whose ``cutoff_rule`` is passed on).

    Like AP it summarises the whole precision-recall curve in one number (both
    estimate the area under it), but it reads the curve at fixed recall
    levels, so it can be averaged level by level over queries with different
    numbers of relevant documents. trec_eval calls it obsolete and keeps it
    to compare old runs. trec_eval adds the 11 values from level 1.0 down to
    0.0; this function adds them in the same order, so the result is the same
    double. trec_eval's ``11pt_avg`` takes other levels as its parameter
    (``11pt_avg.0.2,0.5,0.8`` is the 3-point average of trec_eval 8): give
    them as ``recall_levels``; the average is then over those levels.

    Parameters
    ----------
    relevance : sequence of float, shape (n,)
        Grades of the ranked list, rank 1 first.
    n_relevant : int
        R, the number of relevant documents of the query.
    relevance_level : float, default 1
        Lowest grade that counts as relevant.
    cutoff_rule : {"trec_eval_9", "trec_eval_10", "exact"}, default "trec_eval_9"
        How a recall level becomes a number of relevant documents (see
        `interpolated_precision`).
    recall_levels : sequence of float, default (0.0, 0.1, ..., 1.0)
        The levels to average over, each between 0 and 1.

    Returns
    -------
    float
        The 11-point average, between 0 and 1; 1 for a perfect ranking.

    See Also
    --------
    interpolated_precision : the 11 values being averaged.

    rankbook.metrics.average_precision.average_precision : the uninterpolated summary.

    References
    ----------
    Manning, Raghavan and Schütze (2008). Introduction to Information Retrieval,
    section 8.4. Cambridge University Press.

    Salton, G. and McGill, M. J. (1983). Introduction to Modern Information
    Retrieval. McGraw-Hill.

    Examples
    --------
    Relevant at ranks 1, 3 and 5, three relevant documents. By the textbook,
    $p_{\mathrm{interp}}$ is 1 at levels 0.0-0.3 (the 1st relevant document suffices),
    2/3 at 0.4-0.6 (the 2nd) and 3/5 at 0.7-1.0 (the 3rd), so the average is
    $(4 \cdot 1 + 3 \cdot \frac23 + 4 \cdot \frac35) / 11 = \frac{42}{55}$:

    >>> round(eleven_point_average_precision([1, 0, 1, 0, 1], 3, cutoff_rule="exact"), 6)
    0.763636

    trec_eval 9.x (and pytrec_eval, whose ``11pt_avg`` here is 0.769697)
    slips at level 0.7 with R = 3 and uses the 2nd relevant document there:
    $(4 \cdot 1 + 4 \cdot \frac23 + 3 \cdot \frac35) / 11 = \frac{127}{165}$:

    >>> round(eleven_point_average_precision([1, 0, 1, 0, 1], 3), 6)
    0.769697

    trec_eval 8's 3-point average, at recall 0.2, 0.5 and 0.8:
    $(1 + \frac23 + \frac35) / 3 = \frac{34}{45}$:

    >>> round(eleven_point_average_precision([1, 0, 1, 0, 1], 3, recall_levels=[0.2, 0.5, 0.8]), 6)
    0.755556
    """
    levels = sorted(_recall_levels(recall_levels))
    values = interpolated_precision(
        relevance, n_relevant, levels,
        relevance_level=relevance_level, cutoff_rule=cutoff_rule,
    )
    return sum(float(v) for v in values[::-1]) / len(values)


def relevant_needed(r: float, R: int, cutoff_rule: str = "trec_eval_9") -> int:
    r"""$c(r)$: how many relevant documents reach recall level $r$, under each tool's rule.

    Rank $i$ qualifies for $p_{\mathrm{interp}}(r)$ when the top $i$ holds at least $c(r)$
    relevant documents (see `interpolated_precision` for the three rules). The hand calculation of
    `rankbook.explain` writes the same number.

    Examples
    --------
    The floating-point slip of trec_eval 9.x at $R = 3$, level 0.7, against the textbook's
    $\lceil 0.7 \cdot 3 \rceil = 3$:

    >>> relevant_needed(0.7, 3), relevant_needed(0.7, 3, "exact")
    (2, 3)
    """
    _validate.choice(cutoff_rule, CUTOFF_RULES, "cutoff_rule")
    if cutoff_rule == "trec_eval_9":
        return int(r * R + 0.9)  # C's (long)(r * R + 0.9), in doubles
    if cutoff_rule == "trec_eval_10":
        x = r * R  # C's lround: nearest whole number, halves away from zero
        return math.floor(x) + (1 if x - math.floor(x) >= 0.5 else 0)
    return math.ceil(Fraction(repr(r)) * R)


def _recall_levels(recall_levels) -> list[float]:
    """The recall levels as a list of floats, each in [0, 1]."""
    if isinstance(recall_levels, numbers.Real) and not isinstance(recall_levels, bool):
        levels = [recall_levels]
    elif isinstance(recall_levels, (str, bytes)) or not hasattr(recall_levels, "__len__"):
        raise InvalidTypeError(
            f"recall_levels must be a number or a sequence of numbers between 0 and 1, "
            f"got {recall_levels!r}; for example recall_levels=[0.0, 0.5, 1.0]."
        )
    else:
        levels = list(np.asarray(recall_levels, dtype=object).ravel())
    if not levels:
        raise InvalidValueError("recall_levels is empty; give at least one level, e.g. [0.5].")
    for level in levels:
        if isinstance(level, bool) or not isinstance(level, numbers.Real):
            raise InvalidTypeError(f"recall_levels must hold numbers, got {level!r}.")
        if not 0 <= level <= 1:
            raise InvalidValueError(
                f"recall level {level!r} is outside [0, 1]; recall is a fraction of the "
                "relevant documents (0.5 means half of them)."
            )
    return [float(level) for level in levels]
