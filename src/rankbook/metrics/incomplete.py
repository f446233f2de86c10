r"""Measures and helpers for incomplete judgments.

| function | measure | trec_eval name |
| --- | --- | --- |
| `inferred_average_precision` | infAP | `infAP` |
| `unjudged_at_k` | unjudged@k | `unj_k` (trec_eval 10 only) |
| `judged_only` | (a helper: drop unjudged documents before any measure) | the `-J` option |
| `judged_nonrelevant_retrieved` | judged non-relevant retrieved (a count) | `num_nonrel_judged_ret` |

Test collections are judged by pooling, and often only a sample of the pool is
judged. rankbook's ranked lists mark two kinds of unjudged document, as trec_eval
does:

- ``None``: not in the judgments at all (trec_eval's internal code -1,
  "not in the pool");
- a negative grade: listed in the judgments with a grade below 0, which
  trec_eval reads as "in the pool but not judged" (its code -2; qrels files
  write -1 for it).

bpref (in `rankbook.metrics.bpref`) also lives on this floor of the house.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from rankbook import _validate

INFAP_EPSILON = 1e-5
"""trec_eval's smoothing constant in infAP's estimate of precision (``INFAP_EPSILON``)."""


def inferred_average_precision(
    relevance: Sequence[float | None], n_relevant: int, *, relevance_level: float = 1
) -> float:
    r"""Inferred average precision (infAP): AP estimated from a judged sample of the pool.

    $$\operatorname{infAP} = \frac{1}{R} \sum_{k:\ rel_k \ge t} E[P@k],
    \qquad E[P@1] = 1,$$

    $$E[P@k] = \frac{1}{k} + \frac{k-1}{k} \cdot \frac{|d_{k}|}{k-1} \cdot
    \frac{r_{k} + \varepsilon}{r_{k} + n_{k} + 2\varepsilon} \quad (k \ge 2)$$

    where the sum runs over the ranks $k$ of the *judged relevant* documents,
    and, among the $k - 1$ documents above rank $k$,

    - $|d_k|$ is the number that were in the pool (judged relevant, judged
      non-relevant, or pooled but not judged: a negative grade); documents
      outside the pool (``None``) are not;
    - $r_k$ and $n_k$ are the numbers judged relevant and judged non-relevant;
    - $\varepsilon = 10^{-5}$ keeps the fraction defined when nothing above is
      judged, and $R$ is the number of judged relevant documents of the query.

    The estimate reads: the document at rank $k$ is relevant (the $1/k$);
    of the $k-1$ above it, the share outside the pool is non-relevant, and the
    pooled ones are relevant in the same proportion as the judged ones.

    This is trec_eval 9.x's ``infAP`` (``m_infap.c``) exactly, edge cases
    included. With every pooled document judged (no negative grades), infAP
    equals average precision with unjudged documents read as non-relevant, up
    to the $\varepsilon$ terms. Yilmaz and Aslam (2006) also estimate $R$ from
    the sample; trec_eval divides by the judged $R$, and so does rankbook.
    $R = 0$ gives 0.0.

    Parameters
    ----------
    relevance : sequence of float or None, shape (n,)
        Grades of the ranked list, rank 1 first. ``None``: not in the pool;
        a negative grade: in the pool but not judged.
    n_relevant : int
        R, the judged relevant documents of the query, retrieved or not.
    relevance_level : float, default 1
        Lowest grade that counts as relevant (trec_eval's ``-l``).

    Returns
    -------
    float
        infAP, between 0 and 1.

    See Also
    --------
    rankbook.metrics.average_precision.average_precision : the complete-judgment measure.

    rankbook.metrics.bpref.bpref : another measure that skips unjudged documents.

    References
    ----------
    Yilmaz, E. and Aslam, J. A. (2006). Estimating average precision with
    incomplete and imperfect judgments. In Proceedings of CIKM 2006, 102-111.

    trec_eval 9.x, ``m_infap.c`` (Buckley 2008), https://github.com/usnistgov/trec_eval.

    Examples
    --------
    Relevant, pooled but unjudged (-1), not pooled (None), relevant; two
    relevant documents in all. The first adds 1. Above the second, 2 of the 3
    documents were pooled and the one judged is relevant, so
    $E[P@4] = \frac14 + \frac34 \cdot \frac23 \cdot \frac{1 + \varepsilon}{1 + 2\varepsilon}$:

    >>> round(inferred_average_precision([1, -1, None, 1], n_relevant=2), 6)
    0.874998
    """
    grades, judged = _validate.judged_grades(relevance)
    threshold = _validate.threshold(relevance_level)
    R = _validate.n_relevant(n_relevant, np.where(judged & (grades >= 0), grades, -np.inf),
                             threshold)
    if R == 0:
        return 0.0
    total = 0.0
    relevant_above = nonrelevant_above = pooled_unjudged_above = 0
    for index, (grade, is_judged) in enumerate(zip(grades, judged)):
        if not is_judged:
            continue  # not in the pool: counts as non-relevant, and not in |d_k|
        if grade < 0:
            pooled_unjudged_above += 1
        elif grade < threshold:
            nonrelevant_above += 1
        else:
            total += _expected_precision(index, relevant_above, nonrelevant_above,
                                         pooled_unjudged_above)
            relevant_above += 1
    return total / R


def _expected_precision(index: int, relevant: int, nonrelevant: int, pooled_unjudged: int) -> float:
    """E[P@k] for a relevant document at rank k = index + 1, in trec_eval's order of operations."""
    if index == 0:
        return 1.0
    above = float(index)
    pooled = relevant + nonrelevant + pooled_unjudged
    return 1.0 / (above + 1.0) + (above / (above + 1.0)) * (pooled / above) * (
        (relevant + INFAP_EPSILON) / (relevant + nonrelevant + 2 * INFAP_EPSILON)
    )


def unjudged_at_k(relevance: Sequence[float | None], k: int) -> float:
    r"""Fraction of the first k results that nobody judged: trec_eval 10's ``unj_k``.

    $$\text{unjudged}@k = \frac{1}{k} \sum_{i=1}^{k} [\,rel_i \text{ is unjudged}\,]$$

    where a position is unjudged when its grade is ``None`` (not in the
    judgments) or negative (in the pool but not judged). Positions past the
    end of a short list count as judged, so the fraction still divides by
    $k$, as trec_eval 10 does: 4 unjudged documents in a 15-document list give
    unjudged@20 = 4/20.

    A "red flag" measure rather than a score: a high value at a small $k$
    says the judgments do not cover the run, so its other scores are
    unreliable (too low, if the unjudged documents were relevant).

    Parameters
    ----------
    relevance : sequence of float or None, shape (n,)
        Grades of the ranked list, rank 1 first.
    k : int
        Cut-off, k >= 1.

    Returns
    -------
    float
        Between 0 and 1.

    See Also
    --------
    judged_only : drop the unjudged positions before computing a measure.

    References
    ----------
    trec_eval 10.0, ``m_unjudged.c``, https://github.com/usnistgov/trec_eval.

    Examples
    --------
    Two of the top five were not judged:

    >>> unjudged_at_k([1, None, 0, -1, 1, 0], 5)
    0.4
    """
    grades, judged = _validate.judged_grades(relevance)
    k = _validate.cutoff(k)
    unjudged = ~judged[:k] | (grades[:k] < 0)
    return int(np.count_nonzero(unjudged)) / k


def judged_only(relevance: Sequence[float | None]) -> list[float]:
    r"""The ranked list with its unjudged documents removed: trec_eval's ``-J``.

    $$rel' = (rel_i : rel_i \text{ is judged})_{i = 1, 2, \ldots}$$

    The judged documents keep their order and move up to close the gaps;
    ``None`` (not in the judgments) and negative grades (in the pool but not
    judged) are dropped, exactly the documents trec_eval's ``-J`` ("judged
    documents only") removes before ranking. Pass the result to any measure:
    ``precision_at_k(judged_only(relevance), 10)`` is trec_eval's
    ``-J -m P.10``, and ir_measures' ``P(judged_only=True)@10``.

    Evaluating on judged documents only (Sakai 2007's "condensed lists")
    removes the penalty a new system pays for finding documents the pool
    never saw, but rewards a system for retrieving unjudged documents in
    between judged relevant ones; report which list you used. The number of
    relevant documents $R$ does not change: it counts the judgments.

    Parameters
    ----------
    relevance : sequence of float or None, shape (n,)
        Grades of the ranked list, rank 1 first.

    Returns
    -------
    list of float
        The judged grades (>= 0), in their ranked order. May be empty.

    See Also
    --------
    unjudged_at_k : how many unjudged documents there are to drop.

    References
    ----------
    Sakai, T. (2007). Alternatives to bpref. In Proceedings of SIGIR 2007, 71-78.

    trec_eval 9.x, option ``-J`` (``form_res_rels.c``), https://github.com/usnistgov/trec_eval.

    Examples
    --------
    >>> judged_only([1, None, 0, -1, 1])
    [1.0, 0.0, 1.0]
    """
    grades, judged = _validate.judged_grades(relevance)
    return [float(g) for g in grades[judged & (grades >= 0)]]


def judged_nonrelevant_retrieved(
    relevance: Sequence[float | None], *, relevance_level: float = 1
) -> int:
    r"""How many retrieved documents were judged non-relevant: ``num_nonrel_judged_ret``.

    $$\sum_{i=1}^{n} [\, 0 \le rel_i < t \,]$$

    where $t$ is the relevance threshold. Unjudged documents (``None``) and
    negative grades (in the pool but not judged) are not counted, so
    $n$ = relevant retrieved + judged non-relevant retrieved + unjudged
    retrieved. A count, not a score: trec_eval's summary row is the sum over
    topics, not the mean.

    Parameters
    ----------
    relevance : sequence of float or None, shape (n,)
        Grades of the ranked list.
    relevance_level : float, default 1
        Lowest grade that counts as relevant.

    Returns
    -------
    int
        The count, between 0 and n.

    References
    ----------
    trec_eval 9.x, ``m_num_nonrel_judged_ret.c``, https://github.com/usnistgov/trec_eval.

    Examples
    --------
    >>> judged_nonrelevant_retrieved([1, 0, None, -1, 0, 2])
    2
    """
    grades, judged = _validate.judged_grades(relevance)
    threshold = _validate.threshold(relevance_level)
    return int(np.count_nonzero(judged & (grades >= 0) & (grades < threshold)))
