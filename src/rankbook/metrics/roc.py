r"""The ROC curve of a ranking and the area under it (AUC).

| function | measure | trec_eval name |
| --- | --- | --- |
| `roc_curve` | ROC curve: (FPR, TPR) at every cut-off | (none) |
| `roc_auc` | AUC, the area under the ROC curve | (none) |

Read a ranking as a classifier: cutting the list at rank k calls the top k
"relevant" and everything else "non-relevant". Moving the cut-off down the
list traces the ROC curve, from (0, 0) (nothing retrieved) to (1, 1)
(everything retrieved). Among the peers only scikit-learn computes it
(``roc_curve``, ``roc_auc_score``), and only over the items it is given.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from rankbook import _validate
from rankbook._errors import InvalidValueError
from rankbook.metrics._common import is_relevant


def roc_curve(
    relevance: Sequence[float],
    *,
    n_relevant: int | None = None,
    n_nonrelevant: int | None = None,
    relevance_level: float = 1,
) -> tuple[np.ndarray, np.ndarray]:
    r"""False and true positive rates as the cut-off moves down the ranking.

    $$TPR@k = \frac{1}{P} \sum_{i=1}^{k} [\,rel_i \ge t\,], \qquad
    FPR@k = \frac{1}{N} \sum_{i=1}^{k} [\,rel_i < t\,]$$

    for $k = 0, 1, \dots, n$, where $P$ is the number of relevant items of the
    query (positives), $N$ the number of non-relevant items (negatives),
    $rel_i$ the grade at rank $i$, $t$ the relevance threshold and $n$ the
    length of the list. $TPR@k$ is recall at $k$; $FPR@k$ is the share of the
    non-relevant items let through (the seed's $TP/(TP+FN)$ and
    $FP/(FP+TN)$).

    Items that were not retrieved sit below the list, all tied: when
    $P$ or $N$ exceeds what the list holds, a last point $(1, 1)$ is added
    (retrieving the rest at once), joined to the list's last point by a
    straight line. So ``fpr[k], tpr[k]`` is the point at cut-off $k$ for
    $k \le n$, and the curve always ends at $(1, 1)$.

    By default $P$ and $N$ are the list's own counts (as in scikit-learn,
    which knows only the items it is given, and in the ArDoCo calculator).
    An unjudged document (``None``) is non-relevant.

    Parameters
    ----------
    relevance : sequence of float, shape (n,)
        Grades of the ranked list, rank 1 first.
    n_relevant : int, optional
        P, every relevant item of the query, retrieved or not. Default: the
        relevant items in the list.
    n_nonrelevant : int, optional
        N, every non-relevant item of the collection for this query,
        retrieved or not. Default: the non-relevant items in the list.
    relevance_level : float, default 1
        Lowest grade that counts as relevant.

    Returns
    -------
    fpr : numpy.ndarray of float, shape (n + 1,) or (n + 2,)
        False positive rates, from 0 to 1, non-decreasing.
    tpr : numpy.ndarray of float, same shape
        True positive rates, from 0 to 1, non-decreasing.

    Raises
    ------
    InvalidValueError
        When $P = 0$ or $N = 0$: one of the rates divides by zero and the
        curve is undefined (scikit-learn warns and returns NaN here).

    See Also
    --------
    roc_auc : the area under this curve.

    rankbook.metrics.precision.recall_at_k : the same numbers as the TPR.

    References
    ----------
    Fawcett, T. (2006). An introduction to ROC analysis. Pattern Recognition
    Letters 27(8), 861-874.

    Fuchß, D. (2024). Rank Metrics. ArDoCo metrics calculator wiki,
    https://github.com/ArDoCo/Metrics/wiki/Rank-Metrics.

    Examples
    --------
    Relevant at ranks 1 and 3 of four items; each step up is a relevant item,
    each step right a non-relevant one:

    >>> fpr, tpr = roc_curve([1, 0, 1, 0])
    >>> fpr.tolist(), tpr.tolist()
    ([0.0, 0.0, 0.5, 0.5, 1.0], [0.0, 0.5, 0.5, 1.0, 1.0])

    With one more relevant and two more non-relevant items that were never
    retrieved, the curve ends with a jump to (1, 1):

    >>> fpr, tpr = roc_curve([1, 0, 1, 0], n_relevant=3, n_nonrelevant=4)
    >>> fpr.tolist()
    [0.0, 0.0, 0.25, 0.25, 0.5, 1.0]
    """
    false_positives, true_positives, P, N = _roc_counts(
        relevance, n_relevant, n_nonrelevant, relevance_level
    )
    return false_positives / N, true_positives / P


def roc_auc(
    relevance: Sequence[float],
    *,
    n_relevant: int | None = None,
    n_nonrelevant: int | None = None,
    relevance_level: float = 1,
) -> float:
    r"""Area under the ROC curve: how often a relevant item is ranked above a non-relevant one.

    $$AUC = \sum_{k=1}^{m} (FPR_k - FPR_{k-1}) \, \frac{TPR_k + TPR_{k-1}}{2}$$

    $$AUC = \frac{1}{P\,N} \sum_{a \in \mathcal{P}} \sum_{b \in \mathcal{N}}
      \Big( [\,a \text{ above } b\,] + \tfrac12 [\,a, b \text{ both unretrieved}\,] \Big)$$

    where $(FPR_k, TPR_k)$, $k = 0, \dots, m$, are the points of `roc_curve`,
    $\mathcal{P}$ and $\mathcal{N}$ the relevant and non-relevant items of the
    query ($P$ and $N$ of them, retrieved or not). The first form is the
    trapezoid rule; the second says what it measures: the probability that a
    randomly chosen relevant item is ranked above a randomly chosen
    non-relevant one (the Mann-Whitney U statistic divided by $PN$).

    Exact convention for items that were not retrieved: a retrieved item is
    above every unretrieved one; an unretrieved relevant and an unretrieved
    non-relevant item are tied and the pair counts $\frac12$ (the trapezoid
    under the last, diagonal segment). Within the list there are no ties.
    scikit-learn counts tied scores $\frac12$ in the same way; given only the
    list (the default here) it returns the same value as
    ``roc_auc_score(is_relevant, -rank)``.

    A perfect ranking (every relevant item above every non-relevant one) has
    AUC 1, the reversed one 0, a random one 0.5 on average. The trapezoids
    are summed on the counts (relevant and non-relevant items above each
    cut-off) and divided by $2PN$ once, so these values come out exact.

    Parameters
    ----------
    relevance : sequence of float, shape (n,)
        Grades of the ranked list, rank 1 first.
    n_relevant : int, optional
        P, every relevant item of the query. Default: those in the list.
    n_nonrelevant : int, optional
        N, every non-relevant item for the query. Default: those in the list.
    relevance_level : float, default 1
        Lowest grade that counts as relevant.

    Returns
    -------
    float
        AUC, between 0 and 1.

    Raises
    ------
    InvalidValueError
        When $P = 0$ or $N = 0$: there is no (relevant, non-relevant) pair to
        order, so AUC is undefined. scikit-learn's ``roc_auc_score`` raised a
        ValueError here for years; recent releases warn and return NaN
        (scikit-learn pull requests 27412 and 30103). rankbook raises, because
        a NaN would silently turn a mean over queries into NaN: leave such
        queries out of the mean, and say how many.

    See Also
    --------
    roc_curve : the curve whose area this is.

    References
    ----------
    Hanley, J. A. and McNeil, B. J. (1982). The meaning and use of the area
    under a receiver operating characteristic (ROC) curve. Radiology 143(1),
    29-36.

    Fawcett, T. (2006). An introduction to ROC analysis. Pattern Recognition
    Letters 27(8), 861-874.

    Examples
    --------
    Relevant at ranks 1 and 3 of four: of the 2 x 2 (relevant, non-relevant)
    pairs, three are in the right order, so AUC = 3/4:

    >>> roc_auc([1, 0, 1, 0])
    0.75

    One relevant and two non-relevant items never retrieved: the pairs are
    3 x 4 = 12; the list orders 3 of its own 4 pairs, its 2 relevant items are
    above the 2 missing non-relevant ones (4 pairs), its 2 non-relevant items
    are above the missing relevant one (0 pairs), and the missing 1 x 2 pairs
    are ties worth 1/2 each: (3 + 4 + 0 + 1) / 12 = 2/3.

    >>> round(roc_auc([1, 0, 1, 0], n_relevant=3, n_nonrelevant=4), 6)
    0.666667
    """
    fp, tp, P, N = _roc_counts(relevance, n_relevant, n_nonrelevant, relevance_level)
    # The trapezoid rule on the curve (fp/N, tp/P), summed in whole numbers and divided
    # once, so that a perfect ranking gives exactly 1.0.
    twice_area = np.sum(np.diff(fp) * (tp[1:] + tp[:-1]))
    return float(twice_area) / (2 * P * N)


def _roc_counts(relevance, n_relevant, n_nonrelevant, relevance_level):
    """Non-relevant and relevant items above each cut-off (k = 0..n, then all), P and N."""
    grades = _validate.grades(relevance)
    threshold = _validate.threshold(relevance_level)
    relevant = is_relevant(grades, threshold)
    P, N = _totals(relevant, n_relevant, n_nonrelevant)

    tp = np.concatenate(([0], np.cumsum(relevant)))  # relevant in the top k, k = 0..n
    fp = np.concatenate(([0], np.cumsum(~relevant)))  # non-relevant in the top k
    if tp[-1] < P or fp[-1] < N:  # unretrieved items: retrieved together, last
        tp = np.append(tp, P)
        fp = np.append(fp, N)
    return fp, tp, P, N


def _totals(relevant: np.ndarray, n_relevant, n_nonrelevant) -> tuple[int, int]:
    """P and N: the caller's totals (checked) or the list's own counts."""
    P = _validate.total_at_least(n_relevant, int(np.count_nonzero(relevant)), "n_relevant", "relevant")
    N = _validate.total_at_least(n_nonrelevant, int(np.count_nonzero(~relevant)), "n_nonrelevant", "non-relevant")
    for name, total, what in (("n_relevant", P, "relevant"), ("n_nonrelevant", N, "non-relevant")):
        if total == 0:
            raise InvalidValueError(
                f"the ROC curve is undefined without {what} items ({name}={total}): its "
                f"{'TPR' if what == 'relevant' else 'FPR'} divides by zero and there is no "
                "(relevant, non-relevant) pair to order. Pass the query's total with "
                f"{name}=..., or leave this query out of any mean."
            )
    return P, N
