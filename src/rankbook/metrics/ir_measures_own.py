r"""The measures ir_measures computes itself: Compat, Accuracy and Judged@k.

| function | measure | ir_measures' name |
| --- | --- | --- |
| `compatibility` | Compatibility (RBO against an ideal ranking, normalised) | ``Compat(p=0.95)`` |
| `pairwise_accuracy` | fraction of (relevant, non-relevant) pairs in the right order | ``Accuracy(rel=1)`` |
| `judged_at_k` | fraction of the top k that is judged | ``Judged@10`` |

No other evaluation tool has them: ir-measures 0.4.3's providers ``compat``,
``accuracy`` and ``judged`` are their reference implementations, and the tests compare
with them. Each function takes the run's grades in trec_eval's order (score
descending, ties by document id descending); ir_measures breaks score ties by
document id *ascending* (Compat, Judged) or by file order (Accuracy), so a run with
tied scores can differ.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import numpy as np

from rankbook import _validate
from rankbook._errors import InvalidValueError


@_validate.explains_missing_arguments
def compatibility(
    relevance: Sequence[float | None],
    ideal: Sequence[float],
    persistence: float = 0.95,
    *,
    normalize: bool = True,
) -> float:
    r"""Compatibility: rank-biased overlap of the run with an ideal ranking, normalised.

    $$\mathrm{RBO}(A, B) = \frac{\sum_{d=1}^{D} p^{\,d-1}\, |A_{:d} \cap B_{:d}| / d}
                                {\sum_{d=1}^{D} p^{\,d-1}}, \qquad
    \mathrm{Compat} = \frac{\mathrm{RBO}(\text{run}, I)}{\mathrm{RBO}(I, I)}$$

    where $A_{:d}$ is the top $d$ of a ranking, $I$ the ideal ranking (every
    positively judged document, highest grade first, documents of one grade in
    the run's order, unretrieved ones after them) and $D$ the longer of the run
    and $I$. Dividing by $\mathrm{RBO}(I, I)$ (``normalize``) makes the ideal
    run score 1: with a finite $D$ even $I$ overlaps itself by less than 1.

    Only which documents are shared counts, so the grades are enough: a
    retrieved document of grade $g > 0$ sits in $I$ after every judged document
    of a higher grade and after the retrieved ones of grade $g$ above it.

    Parameters
    ----------
    relevance : sequence of float or None, shape (n,)
        Grades of the whole run, rank 1 first (None or 0: not relevant).
    ideal : sequence of float
        Every judged grade of the topic, retrieved or not; those above 0 form $I$.
    persistence : float, default 0.95
        $p$, in [0, 1]: the weight of depth $d$ is $p^{\,d-1}$ (ir_measures' ``p``).
    normalize : bool, default True
        Divide by $\mathrm{RBO}(I, I)$, as ir_measures does by default.

    Returns
    -------
    float
        Between 0 and 1; 0.0 for a topic with no positive judgment.

    See Also
    --------
    rankbook.metrics.user_models.rank_biased_precision : the same user, reading gains instead of overlaps.

    References
    ----------
    Clarke, C. L. A., Vtyurina, A. and Smucker, M. D. (2021). Assessing top-k
    preferences. ACM Transactions on Information Systems 39(3), 33:1-33:21.
    Webber, W., Moffat, A. and Zobel, J. (2010). A similarity measure for indefinite
    rankings. ACM TOIS 28(4), 20:1-20:38. ir-measures 0.4.3, provider ``compat``.

    Examples
    --------
    The run finds the grade-2 document second and the grade-1 document first;
    $I$ has them the other way round. The overlaps at depths 1, 2 are 0 and 2:

    >>> compatibility([1, 2], ideal=[2, 1, 0], persistence=0.5, normalize=False)
    0.3333333333333333
    >>> compatibility([2, 1], ideal=[2, 1, 0], persistence=0.5)
    1.0
    """
    p = _validate.probability(persistence, "persistence", meaning="the weight of each deeper rank")
    overlap, ideal_overlap = prefix_overlaps(relevance, ideal)
    depth = overlap.size
    if depth == 0:
        return 0.0
    depths = np.arange(1, depth + 1)
    weights = np.cumprod(np.r_[1.0, np.full(depth - 1, p)])  # p^(d-1), as 1, p, p*p, ...
    score = np.sum(weights * overlap / depths) / np.sum(weights)
    best = np.sum(weights * ideal_overlap / depths) / np.sum(weights)
    if normalize and best > 0:
        return float(score / best)
    return float(score)


def prefix_overlaps(relevance: Sequence[float | None],
                    ideal: Sequence[float]) -> tuple[np.ndarray, np.ndarray]:
    r"""The overlaps Compat weighs: $|A_{:d} \cap I_{:d}|$ and $|I_{:d}|$ at depths $d = 1 \dots D$.

    $A$ is the run, $I$ the ideal ranking of `compatibility` and $D$ the longer of the two;
    $|I_{:d}| = \min(d, |I|)$. Empty arrays when both are empty.

    Examples
    --------
    The run reads grades 0, 2, 1; $I$ is (the grade-2 document, the grade-1 document):

    >>> run, ideal = prefix_overlaps([0, 2, 1], [2, 1, 0])
    >>> run.tolist(), ideal.tolist()
    ([0.0, 1.0, 2.0], [1, 2, 2])
    """
    grades = _validate.grades(relevance)
    judged = _validate.grades(ideal, "ideal")
    positive = np.sort(judged[judged > 0])[::-1]  # the grades of I, highest first
    depth = max(len(grades), len(positive))
    # a document of the run is in both top-d lists from d = max(its rank, its rank in I) on
    shared_from = np.zeros(depth + 1)
    for rank, ideal_rank in _ideal_ranks(grades, positive):
        if max(rank, ideal_rank) <= depth:  # past D (an ideal without it) it never counts
            shared_from[max(rank, ideal_rank)] += 1
    return np.cumsum(shared_from[1:]), np.minimum(np.arange(1, depth + 1), len(positive))


def _ideal_ranks(grades: np.ndarray, positive: np.ndarray):
    """(rank in the run, rank in I) of each relevant run document: I holds the higher grades
    first, then the documents of its grade in the run's order."""
    seen = Counter()
    for rank, grade in enumerate(grades, start=1):
        if grade > 0:
            yield rank, int(np.count_nonzero(positive > grade)) + seen[grade] + 1
            seen[grade] += 1


@_validate.explains_missing_arguments
def pairwise_accuracy(
    relevance: Sequence[float | None],
    k: int | None = None,
    *,
    relevance_level: float = 1,
) -> float:
    r"""Accuracy: the fraction of (relevant, non-relevant) pairs of the top k in the right order.

    $$\mathrm{Accuracy} = 1 - \frac{\sum_{r \in \mathcal{R}} n_{\text{above}}(r)}
                                   {|\mathcal{R}|\; |\mathcal{N}|}$$

    where $\mathcal{R}$ and $\mathcal{N}$ are the relevant and the other
    (non-relevant or unjudged) documents of the top $k$ and $n_{\text{above}}(r)$
    the documents of $\mathcal{N}$ ranked above $r$. It is the probability that a
    relevant document is ranked above a non-relevant one, among the documents
    *retrieved*: a diagnostic (do train and test accuracy agree?), not a measure of
    recall, since relevant documents the run missed do not count.

    ir_measures leaves out a topic whose top k holds no relevant document; here it
    scores 0.0. A top k without a non-relevant document has no pair to misorder and
    scores 1.0 (ir-measures 0.4.3 divides by zero there; its later tests expect 1.0).

    Parameters
    ----------
    relevance : sequence of float or None, shape (n,)
        Grades of the ranked list, rank 1 first (None: unjudged, not relevant).
    k : int, optional
        Cut-off; None (default) uses the whole list (ir_measures' ``Accuracy``).
    relevance_level : float, default 1
        The lowest relevant grade (ir_measures' ``rel``).

    Returns
    -------
    float
        Between 0 and 1.

    See Also
    --------
    rankbook.metrics.roc.roc_auc : the same pair count, over the judged documents.

    References
    ----------
    ir-measures 0.4.3, provider ``accuracy`` and ``tests/test_accuracy.py``
    (terrierteam/ir_measures).

    Examples
    --------
    ir_measures' test, topic 1: unjudged, relevant, non-relevant, relevant,
    unjudged. The first relevant document has 1 non-relevant one above it, the
    second 2, out of $2 \times 3$ pairs: $1 - 3/6$:

    >>> pairwise_accuracy([None, 2, 0, 1, None])
    0.5
    >>> pairwise_accuracy([None, 2, 0, 1, None], relevance_level=2)
    0.75
    """
    k = _validate.cutoff(k, allow_none=True)
    level = _validate.relevance_level(relevance_level)
    relevant = _validate.grades(relevance)[:k] >= level
    pairs = np.count_nonzero(relevant) * np.count_nonzero(~relevant)
    if not relevant.any():
        return 0.0
    if pairs == 0:
        return 1.0
    nonrelevant_above = np.cumsum(~relevant)[relevant]
    return float(1.0 - np.sum(nonrelevant_above) / pairs)


@_validate.explains_missing_arguments
def judged_at_k(judged: Sequence[bool], k: int | None = None) -> float:
    r"""Judged@k: the fraction of the top k that has a relevance judgment.

    $$\mathrm{Judged}@k = \frac{1}{\min(k, n)} \sum_{i=1}^{\min(k, n)} [\,d_i \text{ is judged}\,]$$

    for a list of $n$ documents. A short list divides by its length, not by $k$
    (ir_measures; trec_eval 10's ``unj_k`` divides by $k$). A document judged
    with a negative grade counts as judged (it is in the qrels); trec_eval's
    ``unj_k`` counts it as unjudged. An empty list scores 0.0.

    Parameters
    ----------
    judged : sequence of bool, shape (n,)
        Whether each document of the ranked list is in the qrels, rank 1 first.
    k : int, optional
        Cut-off; None (default) uses the whole list (ir_measures' ``Judged``).

    Returns
    -------
    float
        Between 0 and 1.

    See Also
    --------
    rankbook.metrics.incomplete.unjudged_at_k : trec_eval 10's unjudged fraction.

    References
    ----------
    ir-measures 0.4.3, provider ``judged`` (after OpenNIR's ``judged.py``) and
    ``tests/test_judged.py`` (terrierteam/ir_measures).

    Examples
    --------
    ir_measures' test, topic 1: of D1, D3, D2, D4 by score only D3 is judged:

    >>> judged_at_k([False, True, False, False], 10)
    0.25
    >>> judged_at_k([False, True, False, False], 3)
    0.3333333333333333
    """
    k = _validate.cutoff(k, allow_none=True)
    top = np.asarray(judged, dtype=bool)[:k]
    if top.ndim != 1:
        raise InvalidValueError(f"judged must be one ranked list of booleans, got shape {top.shape}.")
    return float(np.count_nonzero(top) / top.size) if top.size else 0.0
