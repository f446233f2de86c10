r"""Intent-aware measures as ndeval computes them: NRBP, and counts of subtopics covered.

| function | measure | ndeval | ir_measures |
| --- | --- | --- | --- |
| `novelty_rank_biased_precision` | NRBP | ``NRBP`` | ``NRBP`` |
| `normalized_novelty_rank_biased_precision` | NRBP over the greedy ideal | ``nNRBP`` | ``nNRBP`` |
| `intent_aware_average_precision` | AP of each subtopic, averaged | ``MAP-IA`` | ``AP_IA`` |
| `intent_aware_precision_at_k` | P@k of each subtopic, averaged | ``P-IA@k`` | ``P_IA@k`` |
| `subtopic_recall_at_k` | the share of subtopics covered in the top k | ``strec@k`` | ``StRecall@k`` |

The inputs are those of :mod:`rankbook.metrics.diversity`: ``ranked``, the retrieved
documents' (document x subtopic) grades in rank order, and ``judged``, every judged
document's; a (document, subtopic) cell is relevant when its grade is at least
``relevance_level``, and only the $m$ subtopics with a relevant judged document count.
Agrawal et al.'s intent-aware measures weight each subtopic by its probability
$P(s \mid q)$; ndeval gives every subtopic the same weight $1/m$, as here. NRBP and the
average precision read the whole list; P-IA and subtopic recall stop at $k$ (ndeval:
$k \le 20$).
"""

from __future__ import annotations

import numpy as np

from rankbook import _validate
from rankbook.metrics._subtopics import normalised_sum, powers, relevant_cells


def geometric_discount(ranks: np.ndarray, beta: float) -> np.ndarray:
    r"""NRBP's discount $\beta^{\,i-1}$ of each rank $i$, multiplied one factor at a time as
    ndeval does (``beta ** (i - 1)`` can differ in the last bit, and so ndeval's sixth decimal).

    >>> geometric_discount(np.array([1.0, 3.0]), 0.5).tolist()
    [1.0, 0.25]
    """
    ranks = np.asarray(ranks, dtype=int)
    return powers(beta, int(ranks.max(initial=1)) - 1)[ranks - 1]


@_validate.explains_missing_arguments
def novelty_rank_biased_precision(ranked, judged, *, alpha: float = 0.5, beta: float = 0.5,
                                  ideal: str = "ideal ideal", relevance_level: float = 1) -> float:
    r"""NRBP: novelty- and rank-biased precision over the whole list (Clarke et al. 2009).

    $$\mathrm{NRBP} = \frac{1 - (1-\alpha)\beta}{m} \sum_{i=1}^{n} \beta^{\,i-1} g_i,
    \qquad g_i = \sum_{s=1}^{m} J(d_i, s)\,(1 - \alpha)^{C_{s,i-1}}$$

    RBP's patient user (who reads on with probability $\beta$) with alpha-nDCG's
    novelty gains. The factor is one over the ideal ideal's value,
    $\sum_{i \ge 1} \beta^{\,i-1} m (1-\alpha)^{i-1} = m / (1 - (1-\alpha)\beta)$, so
    NRBP is at most 1. No cut-off: every retrieved document counts.

    Parameters
    ----------
    ranked : array_like of float, shape (retrieved documents, subtopics)
        The grade of each retrieved document (rank 1 first) for each subtopic.
    judged : array_like of float, shape (judged documents, subtopics)
        Every judged document of the topic (for $m$, and the ideal list).
    alpha : float, default 0.5
        $\alpha \in [0, 1]$, the redundancy penalty (ndeval's ``-alpha``).
    beta : float, default 0.5
        $\beta \in [0, 1]$, the user's patience (ndeval's ``-beta``).
    ideal : {"ideal ideal", "greedy", "exact"}, default "ideal ideal"
        The denominator (``"greedy"``:
        :func:`normalized_novelty_rank_biased_precision`).
    relevance_level : float, default 1
        The lowest grade that makes a (document, subtopic) cell relevant.

    Returns
    -------
    float
        In $[0, 1]$; 0 for a topic with no relevant subtopic.

    See Also
    --------
    normalized_novelty_rank_biased_precision : over the greedy ideal list.
    rankbook.metrics.user_models.rank_biased_precision : RBP of one intent.

    References
    ----------
    Clarke, C. L. A., Kolla, M. and Vechtomova, O. (2009). An effectiveness measure for
    ambiguous and underspecified queries. In Proceedings of ICTIR 2009, 188-199.

    Examples
    --------
    pyndeval's README: NRBP 0.3906. The gains are 1, 1, 0, 0.5, so
    $\frac{1 - \frac14}{3}(1 + \frac12 + \frac18 \cdot \frac12) = \frac{25}{64}$:

    >>> ranked = [[1, 0, 0], [0, 1, 0], [0, 0, 0], [0, 1, 0]]          # A, D, E, B
    >>> judged = [[0, 1, 0], [0, 0, 1], [0, 1, 0], [1, 0, 0]]          # D, C, B, A
    >>> novelty_rank_biased_precision(ranked, judged), 25 / 64
    (0.390625, 0.390625)
    """
    return normalised_sum(ranked, judged, None, geometric_discount, alpha=alpha, ideal=ideal,
                          relevance_level=relevance_level, beta=beta)


@_validate.explains_missing_arguments
def normalized_novelty_rank_biased_precision(ranked, judged, *, alpha: float = 0.5,
                                             beta: float = 0.5, ideal: str = "greedy",
                                             relevance_level: float = 1) -> float:
    r"""nNRBP: NRBP over the NRBP of the ideal list (ndeval's greedy one).

    $$\mathrm{nNRBP} = \frac{\sum_{i=1}^{n} \beta^{\,i-1} g_i}
    {\sum_{i} \beta^{\,i-1} g^{\mathrm{ideal}}_i}$$

    with the ideal list over every judged relevant document (no cut-off), built as
    for :func:`alpha_ndcg_at_k`.

    Parameters
    ----------
    ranked : array_like of float, shape (retrieved documents, subtopics)
        The grade of each retrieved document (rank 1 first) for each subtopic.
    judged : array_like of float, shape (judged documents, subtopics)
        Every judged document of the topic, in document id order from the largest.
    alpha : float, default 0.5
        $\alpha \in [0, 1]$.
    beta : float, default 0.5
        $\beta \in [0, 1]$.
    ideal : {"greedy", "exact", "ideal ideal"}, default "greedy"
        ndeval's greedy list, the exact best list, or the ideal ideal.
    relevance_level : float, default 1
        The lowest grade that makes a (document, subtopic) cell relevant.

    Returns
    -------
    float
        0 for a topic with no relevant subtopic, where ndeval prints nan (0/0).

    See Also
    --------
    novelty_rank_biased_precision

    References
    ----------
    Clarke, C. L. A., Kolla, M. and Vechtomova, O. (2009). An effectiveness measure for
    ambiguous and underspecified queries. In Proceedings of ICTIR 2009, 188-199.

    Examples
    --------
    pyndeval's README: nNRBP 0.8620:

    >>> ranked = [[1, 0, 0], [0, 1, 0], [0, 0, 0], [0, 1, 0]]          # A, D, E, B
    >>> judged = [[0, 1, 0], [0, 0, 1], [0, 1, 0], [1, 0, 0]]          # D, C, B, A
    >>> print(f"{normalized_novelty_rank_biased_precision(ranked, judged):.6f}")
    0.862069
    """
    return normalised_sum(ranked, judged, None, geometric_discount, alpha=alpha, ideal=ideal,
                          relevance_level=relevance_level, beta=beta)




@_validate.explains_missing_arguments
def intent_aware_average_precision(ranked, judged, *, relevance_level: float = 1) -> float:
    r"""MAP-IA (ndeval's name; ir_measures' ``AP_IA``): the average precision of each subtopic, averaged.

    $$\mathrm{AP\text{-}IA} = \frac{1}{m} \sum_{s=1}^{m} \frac{1}{R_s}
    \sum_{i:\, J(d_i, s) = 1} \frac{\left|\{j \le i : J(d_j, s) = 1\}\right|}{i}$$

    where $R_s$ is the number of judged documents relevant to subtopic $s$: each
    subtopic's AP, as if it were the only intent, weighted $1/m$ (Agrawal et al.'s
    MAP-IA with every intent equally likely). Every retrieved document counts.

    Parameters
    ----------
    ranked : array_like of float, shape (retrieved documents, subtopics)
        The grade of each retrieved document (rank 1 first) for each subtopic.
    judged : array_like of float, shape (judged documents, subtopics)
        Every judged document of the topic (for $m$ and each $R_s$).
    relevance_level : float, default 1
        The lowest grade that makes a (document, subtopic) cell relevant.

    Returns
    -------
    float
        0 for a topic with no relevant subtopic.

    See Also
    --------
    rankbook.metrics.average_precision.average_precision : AP of one intent.
    intent_aware_precision_at_k

    References
    ----------
    Agrawal, R., Gollapudi, S., Halverson, A. and Ieong, S. (2009). Diversifying search
    results. In Proceedings of WSDM 2009, 5-14.

    Examples
    --------
    pyndeval's README (run A, D, E, B): subtopic a's AP is 1 (A at rank 1), b's is
    $(\frac12 + \frac24)/2 = \frac12$ (D and B at ranks 2 and 4), c's is 0, so MAP-IA
    is 0.5:

    >>> ranked = [[1, 0, 0], [0, 1, 0], [0, 0, 0], [0, 1, 0]]          # A, D, E, B
    >>> judged = [[0, 1, 0], [0, 0, 1], [0, 1, 0], [1, 0, 0]]          # D, C, B, A
    >>> intent_aware_average_precision(ranked, judged)
    0.5
    """
    run, topic = relevant_cells(ranked, judged, relevance_level)
    m = topic.shape[1]
    if m == 0:
        return 0.0
    ranks = np.arange(1.0, len(run) + 1)[:, None]
    found_so_far = np.cumsum(run, axis=0)  # relevant to s at ranks 1..i
    precision_at_relevant = np.where(run, found_so_far / ranks, 0.0)
    per_subtopic = precision_at_relevant.sum(axis=0) / topic.sum(axis=0)
    return float(per_subtopic.sum() / m)


@_validate.explains_missing_arguments
def intent_aware_precision_at_k(ranked, judged, k: int, *, relevance_level: float = 1) -> float:
    r"""P-IA@k (ir_measures' ``P_IA@k``): precision at k of each subtopic, averaged.

    $$\mathrm{P\text{-}IA@}k = \frac{1}{m} \sum_{s=1}^{m} \frac{1}{k}
    \left|\{i \le k : J(d_i, s) = 1\}\right|$$

    A document relevant to two subtopics counts twice; a list shorter than $k$ is
    still divided by $k$.

    Parameters
    ----------
    ranked : array_like of float, shape (retrieved documents, subtopics)
        The grade of each retrieved document (rank 1 first) for each subtopic.
    judged : array_like of float, shape (judged documents, subtopics)
        Every judged document of the topic (for $m$).
    k : int
        The cut-off (ndeval: 5, 10, 20; at most 20).
    relevance_level : float, default 1
        The lowest grade that makes a (document, subtopic) cell relevant.

    Returns
    -------
    float
        0 for a topic with no relevant subtopic.

    See Also
    --------
    rankbook.metrics.precision.precision_at_k : P@k of one intent.
    subtopic_recall_at_k

    References
    ----------
    Agrawal, R., Gollapudi, S., Halverson, A. and Ieong, S. (2009). Diversifying search
    results. In Proceedings of WSDM 2009, 5-14.

    Examples
    --------
    pyndeval's README: three relevant (document, subtopic) cells in the top 5, three
    subtopics: $3 / (5 \cdot 3) = 0.2$, and 0.1 at $k = 10$:

    >>> ranked = [[1, 0, 0], [0, 1, 0], [0, 0, 0], [0, 1, 0]]          # A, D, E, B
    >>> judged = [[0, 1, 0], [0, 0, 1], [0, 1, 0], [1, 0, 0]]          # D, C, B, A
    >>> intent_aware_precision_at_k(ranked, judged, 5), intent_aware_precision_at_k(ranked, judged, 10)
    (0.2, 0.1)
    """
    k = _validate.cutoff(k)
    run, topic = relevant_cells(ranked, judged, relevance_level)
    m = topic.shape[1]
    if m == 0:
        return 0.0
    return float(np.count_nonzero(run[:k]) / (k * m))


@_validate.explains_missing_arguments
def subtopic_recall_at_k(ranked, judged, k: int, *, relevance_level: float = 1) -> float:
    r"""Subtopic recall at k (ndeval's ``strec@k``, ir_measures' ``StRecall@k``): the share of subtopics covered.

    $$\mathrm{S\text{-}recall@}k = \frac{\left|\{s : J(d_i, s) = 1
    \text{ for some } i \le k\}\right|}{m}$$

    Zhai, Cohen and Lafferty's S-recall: how many of the topic's subtopics the first
    $k$ documents cover at least once, whatever the repeats.

    Parameters
    ----------
    ranked : array_like of float, shape (retrieved documents, subtopics)
        The grade of each retrieved document (rank 1 first) for each subtopic.
    judged : array_like of float, shape (judged documents, subtopics)
        Every judged document of the topic (for $m$).
    k : int
        The cut-off (ndeval: 5, 10, 20; at most 20).
    relevance_level : float, default 1
        The lowest grade that makes a (document, subtopic) cell relevant.

    Returns
    -------
    float
        0 for a topic with no relevant subtopic.

    See Also
    --------
    rankbook.metrics.precision.recall_at_k : recall of documents, not subtopics.
    intent_aware_precision_at_k

    References
    ----------
    Zhai, C., Cohen, W. W. and Lafferty, J. (2003). Beyond independent relevance:
    methods and evaluation metrics for subtopic retrieval. In Proceedings of SIGIR
    2003, 10-17.

    Examples
    --------
    pyndeval's README: the run covers a and b, not c: 2/3 (the README cuts it to
    0.6666):

    >>> ranked = [[1, 0, 0], [0, 1, 0], [0, 0, 0], [0, 1, 0]]          # A, D, E, B
    >>> judged = [[0, 1, 0], [0, 0, 1], [0, 1, 0], [1, 0, 0]]          # D, C, B, A
    >>> subtopic_recall_at_k(ranked, judged, 5) == 2 / 3
    True
    """
    k = _validate.cutoff(k)
    run, topic = relevant_cells(ranked, judged, relevance_level)
    m = topic.shape[1]
    if m == 0:
        return 0.0
    return float(np.count_nonzero(run[:k].any(axis=0)) / m)
