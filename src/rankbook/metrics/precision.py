r"""Set-based measures of a ranked list cut at rank k.

| function | measure | trec_eval name |
| --- | --- | --- |
| `precision_at_k` | P@k | `P_k` |
| `recall_at_k` | R@k | `recall_k` |
| `f1_at_k` | F1@k | (`set_F` under `-M k`, see its docstring) |
| `r_precision` | R-precision | `Rprec` |
| `success_at_k` | success@k | `success_k` |
| `set_average_precision` | SetAP | `set_map` |

All of them look at the first k positions only, as if the list were a set
(`set_average_precision` at the whole list).
"""

from __future__ import annotations

from collections.abc import Sequence

from rankbook import _validate
from rankbook.metrics._common import relevant_in_top


@_validate.explains_missing_arguments
def precision_at_k(relevance: Sequence[float], k: int, *, relevance_level: float = 1) -> float:
    r"""Fraction of the first k results that are relevant.

    $$\mathrm{P}@k = \frac{1}{k} \sum_{i=1}^{k} [\,\mathrm{rel}_i \ge t\,]$$

    where $\mathrm{rel}_i$ is the grade at rank $i$, $t$ the relevance threshold and
    $[\cdot]$ is 1 when the condition holds and 0 otherwise.

    Positions past the end of a short list count as non-relevant, so P@k still
    divides by k: a system that returns 3 documents, all relevant, has
    P@10 = 0.3. trec_eval, pytrec_eval, ranx, ir_measures and FLAGR all agree.
    An unjudged document (``None``) is non-relevant.

    Parameters
    ----------
    relevance : sequence of float, shape (n,)
        Grades of the ranked list, rank 1 first. ``None`` marks an unjudged
        document.
    k : int
        Cut-off, k >= 1. May exceed the length of the list.
    relevance_level : float, default 1
        Lowest grade that counts as relevant (trec_eval's ``-l``).

    Returns
    -------
    float
        P@k, between 0 and 1.

    See Also
    --------
    recall_at_k : the same count divided by the number of relevant documents.

    r_precision : P@k with k set to the number of relevant documents.

    References
    ----------
    Manning, Raghavan and Schütze (2008). Introduction to Information Retrieval,
    section 8.4. Cambridge University Press.

    Examples
    --------
    The seed's 8-element list, relevant at ranks 1, 3, 4 and 6 (FLAGR's worked
    table prints P@5 = 0.60):

    >>> precision_at_k([1, 0, 1, 1, 0, 1, 0, 0], 5)
    0.6

    A list shorter than k is padded with non-relevant positions:

    >>> precision_at_k([1, 1, 1], 10)
    0.3
    """
    grades = _validate.grades(relevance)
    k = _validate.cutoff(k)
    threshold = _validate.threshold(relevance_level)
    return relevant_in_top(grades, k, threshold) / k


@_validate.explains_missing_arguments
def recall_at_k(
    relevance: Sequence[float], k: int, n_relevant: int, *, relevance_level: float = 1
) -> float:
    r"""Fraction of all relevant documents that appear in the first k results.

    $$\mathrm{R}@k = \frac{1}{R} \sum_{i=1}^{k} [\,\mathrm{rel}_i \ge t\,]$$

    where $R$ is the number of relevant documents for the query (retrieved or
    not), $\mathrm{rel}_i$ the grade at rank $i$ and $t$ the relevance threshold.

    A query with no relevant documents (R = 0) scores 0.0, as in trec_eval
    (which keeps such topics in its mean rather than dropping them).

    Parameters
    ----------
    relevance : sequence of float, shape (n,)
        Grades of the ranked list, rank 1 first.
    k : int
        Cut-off, k >= 1.
    n_relevant : int
        R, the number of relevant documents of the query. It must be at least
        the number of relevant documents present in ``relevance``.
    relevance_level : float, default 1
        Lowest grade that counts as relevant.

    Returns
    -------
    float
        R@k, between 0 and 1.

    See Also
    --------
    precision_at_k : the same count divided by k.

    References
    ----------
    Manning, Raghavan and Schütze (2008). Introduction to Information Retrieval,
    section 8.3. Cambridge University Press.

    Examples
    --------
    Three of the four relevant documents are in the top 5 (FLAGR's table:
    Recall@5 = 0.75):

    >>> recall_at_k([1, 0, 1, 1, 0, 1, 0, 0], 5, n_relevant=4)
    0.75
    """
    grades = _validate.grades(relevance)
    k = _validate.cutoff(k)
    threshold = _validate.threshold(relevance_level)
    R = _validate.n_relevant(n_relevant, grades, threshold)
    if R == 0:
        return 0.0
    return relevant_in_top(grades, k, threshold) / R


@_validate.explains_missing_arguments
def f1_at_k(
    relevance: Sequence[float], k: int, n_relevant: int, *, relevance_level: float = 1
) -> float:
    r"""Harmonic mean of P@k and R@k.

    $$\mathrm{F}_1@k = \frac{2 \cdot \mathrm{P}@k \cdot \mathrm{R}@k}{\mathrm{P}@k + \mathrm{R}@k} = \frac{2\,r_k}{k + R}$$

    where $r_k$ is the number of relevant documents in the first k results and
    $R$ the number of relevant documents of the query. The second form follows
    by substituting $\mathrm{P}@k = r_k / k$ and $\mathrm{R}@k = r_k / R$. F1@k is 0.0 when no
    relevant document is in the top k.

    Conventions: P@k divides by k even when fewer than k documents were
    retrieved (ranx's ``f1@k`` does the same). trec_eval's ``set_F`` with
    ``-M k`` divides by the number retrieved instead, which differs only when
    the list is shorter than k.

    Parameters
    ----------
    relevance : sequence of float, shape (n,)
        Grades of the ranked list, rank 1 first.
    k : int
        Cut-off, k >= 1.
    n_relevant : int
        R, the number of relevant documents of the query.
    relevance_level : float, default 1
        Lowest grade that counts as relevant.

    Returns
    -------
    float
        F1@k, between 0 and 1.

    See Also
    --------
    precision_at_k, recall_at_k

    References
    ----------
    van Rijsbergen, C. J. (1979). Information Retrieval, 2nd ed., chapter 7.
    Butterworths.

    Examples
    --------
    At rank 3 of the seed's list, P@3 = 2/3 and R@3 = 1/2, so F1@3 = 4/7.
    FLAGR's table prints 0.62 here, which is a misprint:

    >>> round(f1_at_k([1, 0, 1, 1, 0, 1, 0, 0], 3, n_relevant=4), 6)
    0.571429
    """
    grades = _validate.grades(relevance)
    k = _validate.cutoff(k)
    threshold = _validate.threshold(relevance_level)
    R = _validate.n_relevant(n_relevant, grades, threshold)
    found = relevant_in_top(grades, k, threshold)
    precision = found / k
    recall = found / R if R else 0.0
    if precision + recall == 0:
        return 0.0
    return 2 * precision * recall / (precision + recall)


@_validate.explains_missing_arguments
def r_precision(relevance: Sequence[float], n_relevant: int, *, relevance_level: float = 1) -> float:
    r"""Precision at rank R, where R is the number of relevant documents.

    $$\text{R-prec} = \mathrm{P}@R = \frac{1}{R} \sum_{i=1}^{R} [\,\mathrm{rel}_i \ge t\,]$$

    At rank R precision and recall are equal, so R-precision is also the
    break-even point of the two. A query with R = 0 scores 0.0 (trec_eval).

    Parameters
    ----------
    relevance : sequence of float, shape (n,)
        Grades of the ranked list, rank 1 first.
    n_relevant : int
        R, the number of relevant documents of the query.
    relevance_level : float, default 1
        Lowest grade that counts as relevant.

    Returns
    -------
    float
        R-precision, between 0 and 1.

    See Also
    --------
    precision_at_k

    References
    ----------
    Buckley, C. and Voorhees, E. M. (2005). Retrieval system evaluation. In
    TREC: Experiment and Evaluation in Information Retrieval, MIT Press.

    Examples
    --------
    Four relevant documents; three of them are in the top 4:

    >>> r_precision([1, 0, 1, 1, 0, 1, 0, 0], n_relevant=4)
    0.75
    """
    grades = _validate.grades(relevance)
    threshold = _validate.threshold(relevance_level)
    R = _validate.n_relevant(n_relevant, grades, threshold)
    if R == 0:
        return 0.0
    return relevant_in_top(grades, R, threshold) / R


@_validate.explains_missing_arguments
def success_at_k(relevance: Sequence[float], k: int, *, relevance_level: float = 1) -> float:
    r"""1.0 if at least one relevant document is in the first k results, else 0.0.

    $$\text{success}@k = \left[\, \sum_{i=1}^{k} [\,\mathrm{rel}_i \ge t\,] \ge 1 \,\right]$$

    Averaged over queries it is the fraction of queries answered in the top k
    (often called the hit rate; beware that some libraries use "hits@k" for
    the *number* of relevant documents in the top k instead).

    Parameters
    ----------
    relevance : sequence of float, shape (n,)
        Grades of the ranked list, rank 1 first.
    k : int
        Cut-off, k >= 1.
    relevance_level : float, default 1
        Lowest grade that counts as relevant.

    Returns
    -------
    float
        0.0 or 1.0.

    See Also
    --------
    reciprocal_rank : how high the first relevant document is, not just whether.

    References
    ----------
    trec_eval 9.x, measure ``success`` (documented in its ``-h`` output).

    Examples
    --------
    A list whose first relevant document is at rank 3 succeeds at k = 3, not
    at k = 2:

    >>> success_at_k([0, 0, 1], 2), success_at_k([0, 0, 1], 3)
    (0.0, 1.0)
    """
    grades = _validate.grades(relevance)
    k = _validate.cutoff(k)
    threshold = _validate.threshold(relevance_level)
    return 1.0 if relevant_in_top(grades, k, threshold) > 0 else 0.0


@_validate.explains_missing_arguments
def set_average_precision(
    relevance: Sequence[float], n_relevant: int, *, relevance_level: float = 1
) -> float:
    r"""trec_eval's ``set_map``: the precision of the whole retrieved set times its recall.

    $$\mathrm{SetAP} = P_{\mathrm{set}} \cdot R_{\mathrm{set}} = \frac{F}{n} \cdot \frac{F}{R}
                     = \frac{F^2}{n R}$$

    where $n$ is the number of documents retrieved (the length of the list),
    $F$ the relevant documents among them and $R$ the relevant documents of the
    query, retrieved or not. It is 0 when nothing was retrieved or $R = 0$.

    trec_eval calls it "set map", an unranked average precision: each relevant
    document retrieved contributes the set's precision $F/n$ (whatever its
    rank), each relevant document missed contributes 0, and the sum is divided
    by $R$. With $P_{\mathrm{set}}$ = `precision_at_k` and $R_{\mathrm{set}}$ = `recall_at_k`, both
    at $k = n$, it is their product.

    It is computed as $F^2 / (n R)$, the order of trec_eval's arithmetic: the product of
    the two rounded fractions can differ in the last bit, and when the exact value
    ends in 5 at the fifth decimal the printed 4th decimal differs too ($F = 3$,
    $n = 4$, $R = 40$ gives exactly $9/160 = 0.05625$: trec_eval prints 0.0563, the
    product $0.75 \cdot 0.075$ in doubles is just below and prints 0.0562).

    Parameters
    ----------
    relevance : sequence of float, shape (n,)
        Grades of the retrieved documents (their order does not matter).
    n_relevant : int
        R, the number of relevant documents of the query.
    relevance_level : float, default 1
        Lowest grade that counts as relevant.

    Returns
    -------
    float
        Between 0 and 1; 1 when exactly the relevant documents were retrieved.

    See Also
    --------
    precision_at_k, recall_at_k : the two factors, at k = n.

    rankbook.metrics.average_precision.average_precision : the ranked version.

    References
    ----------
    trec_eval 9.x and 10.0, ``m_set_map.c`` ("num_relevant_retrieved**2 /
    (num_retrieved * num_rel)"), usnistgov/trec_eval.

    Examples
    --------
    Four documents retrieved, two of them relevant, three relevant in all:
    $\frac{2^2}{4 \cdot 3} = \frac13$, whatever the order.

    >>> round(set_average_precision([1, 0, 0, 1], 3), 6)
    0.333333
    >>> set_average_precision([], 3)
    0.0
    >>> f"{set_average_precision([1, 1, 0, 1], 40):.4f}"   # 9/160 = 0.05625, as trec_eval
    '0.0563'
    """
    grades = _validate.grades(relevance)
    threshold = _validate.threshold(relevance_level)
    R = _validate.n_relevant(n_relevant, grades, threshold)
    n = len(grades)
    if n == 0 or R == 0:
        return 0.0
    found = relevant_in_top(grades, n, threshold)
    return found * found / (n * R)
