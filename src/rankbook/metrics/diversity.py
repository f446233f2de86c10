r"""Novelty-aware diversity measures, as ndeval (TREC Web track 2009-2014) computes them.

| function | measure | ndeval | ir_measures |
| --- | --- | --- | --- |
| `alpha_dcg_at_k` | alpha-DCG@k over the "ideal ideal" | ``alpha-DCG@k`` | ``alpha_DCG@k`` |
| `alpha_ndcg_at_k` | alpha-nDCG@k over the greedy ideal | ``alpha-nDCG@k`` | ``alpha_nDCG@k`` |
| `intent_aware_err_at_k` | ERR-IA@k over the "ideal ideal" | ``ERR-IA@k`` | ``ERR_IA@k`` |
| `intent_aware_nerr_at_k` | ERR-IA@k over the greedy ideal | ``nERR-IA@k`` | ``nERR_IA@k`` |

A topic has subtopics (intents) $s = 1, \dots, m$, and a document $d$ is relevant to
some of them: $J(d, s) \in \{0, 1\}$. Each measure gives the document at rank $i$ the
*novelty gain*

$$g_i = \sum_{s=1}^{m} J(d_i, s)\,(1 - \alpha)^{C_{s,i-1}}$$

where $C_{s,i-1}$ counts the documents above rank $i$ relevant to $s$: a subtopic
already covered $c$ times is worth $(1-\alpha)^c$ of a new one (Clarke et al. 2008).
The measures differ in the discount $w_i$ they sum $w_i\,g_i$ with (alpha-DCG:
$1/\log_2(i+1)$; ERR-IA: $1/i$; NRBP, in :mod:`rankbook.metrics.intent_aware`:
$\beta^{i-1}$) and in what they divide by:

- the **ideal ideal** (ndeval's plain names): a list in which every document is
  relevant to all $m$ subtopics, $g^{*}_i = m\,(1-\alpha)^{i-1}$. No real list reaches
  it, and it grows with $k$ faster than any real list does, so ERR-IA@10 can be
  *smaller* than ERR-IA@5;
- the **greedy ideal** (ndeval's "n" names): the judged documents ordered by taking,
  rank after rank, the one with the largest novelty gain (ties to the larger document
  id). Finding the best list is NP-hard (Carterette 2009), so ndeval settles for this;
- the **exact ideal** (``ideal="exact"``, not in ndeval): the best list, found by
  searching every order of the relevant documents (up to 10 of them), to
  see how far greedy is from the optimum.

The inputs are two matrices with one column per subtopic, as
:func:`rankbook.io.subtopic_matrix` builds them: ``ranked`` (the retrieved documents in
rank order) and ``judged`` (every document of the topic's subtopic judgments, the
greedy ideal's candidates, in document id order from the largest: ndeval's tie rule).
Only subtopics with a relevant judged document count (ndeval's "actual" subtopics); a
topic with none scores 0. NRBP and the subtopic-count measures (MAP-IA, P-IA, subtopic
recall) are in :mod:`rankbook.metrics.intent_aware`.

The pieces every measure is made of are public here too, so that a hand calculation
(:mod:`rankbook.explain.families.diversity`) shows the very numbers the measures sum:
`relevant_cells` and `actual_subtopics` (the boolean matrices and $m$), `seen_before` ($C_{s,i-1}$),
`novelty_worth` ($(1-\alpha)^{C_{s,i-1}}$), `novelty_gains` ($g_i$), `ideal_ideal_gains`
($m(1-\alpha)^{i-1}$), `greedy_ideal_order` (ndeval's ideal list and its gains), `exact_ideal_value`,
`log2_discount` and `reciprocal_discount` ($w_i$).
"""

from __future__ import annotations

import numpy as np

from rankbook import _validate
from rankbook.metrics._subtopics import (  # noqa: F401  (public here: the explainer reads them)
    IDEALS,
    actual_subtopics,
    exact_ideal_value,
    greedy_ideal_order,
    ideal_ideal_gains,
    normalised_sum,
    novelty_gains,
    novelty_worth,
    relevant_cells,
    seen_before,
)


def log2_discount(ranks: np.ndarray, beta: float) -> np.ndarray:
    r"""alpha-DCG's discount $1/\log_2(i+1)$ of each rank $i$ (``beta`` is not read).

    >>> log2_discount(np.array([1.0, 3.0]), 0.5).tolist()
    [1.0, 0.5]
    """
    return 1.0 / np.log2(ranks + 1.0)


def reciprocal_discount(ranks: np.ndarray, beta: float) -> np.ndarray:
    r"""ERR-IA's discount $1/i$ of each rank $i$ (``beta`` is not read).

    >>> reciprocal_discount(np.array([1.0, 4.0]), 0.5).tolist()
    [1.0, 0.25]
    """
    return 1.0 / ranks


@_validate.explains_missing_arguments
def alpha_dcg_at_k(ranked, judged, k: int, *, alpha: float = 0.5, ideal: str = "ideal ideal",
                   normalise_rank_one: bool = False, relevance_level: float = 1) -> float:
    r"""alpha-DCG at k as ndeval reports it: novelty-discounted DCG over the "ideal ideal".

    $$\alpha\text{-}\mathrm{DCG@}k = \frac{\sum_{i=1}^{k} g_i / \log_2(i+1)}
    {\sum_{i=1}^{k} m\,(1-\alpha)^{i-1} / \log_2(i+1)}, \qquad
    g_i = \sum_{s=1}^{m} J(d_i, s)\,(1 - \alpha)^{C_{s,i-1}}$$

    with $m$ the topic's subtopics that have a relevant document, $J(d_i, s)$ 1 when
    the document at rank $i$ is relevant to subtopic $s$, and $C_{s,i-1}$ the number of
    documents above rank $i$ relevant to $s$. The denominator is the *ideal ideal*:
    every document relevant to every subtopic. It does not depend on the judgments
    beyond $m$, so the value can fall as $k$ grows (ndeval calls this
    "collection-independent normalization").

    Parameters
    ----------
    ranked : array_like of float, shape (retrieved documents, subtopics)
        The grade of each retrieved document (rank 1 first) for each subtopic; 0 where
        not judged (:func:`rankbook.io.subtopic_matrix`).
    judged : array_like of float, shape (judged documents, subtopics)
        Every judged document of the topic, same subtopic columns; read for $m$ here,
        and for the ideal list with ``ideal="greedy"`` or ``"exact"``.
    k : int
        The cut-off (ndeval reports k = 5, 10, 20 and stops at 20).
    alpha : float, default 0.5
        $\alpha \in [0, 1]$: how much of a subtopic's value each repeat removes
        (ndeval's ``-alpha``).
    ideal : {"ideal ideal", "greedy", "exact"}, default "ideal ideal"
        The denominator: ndeval's ideal ideal; the greedy ideal list of the judged
        documents (then this is :func:`alpha_ndcg_at_k`); or the exact best list.
    normalise_rank_one : bool, default False
        ndeval divides from rank 2 on: at $k = 1$ its alpha-DCG is the raw $g_1$, the
        number of subtopics the first document covers. True divides it too.
    relevance_level : float, default 1
        The lowest grade that makes a (document, subtopic) cell relevant (pyndeval's
        ``relevance_level``; ndeval reads every grade above 1 as 1).

    Returns
    -------
    float
        In $[0, 1]$ (but $g_1$ at $k = 1$, see ``normalise_rank_one``); 0 for a topic
        with no relevant subtopic.

    See Also
    --------
    alpha_ndcg_at_k : over the greedy ideal list.
    rankbook.metrics.dcg.ndcg_at_k : the one-intent nDCG it extends.

    References
    ----------
    Clarke, C. L. A., Kolla, M., Cormack, G. V., Vechtomova, O., Ashkan, A.,
    Büttcher, S. and MacKinnon, I. (2008). Novelty and diversity in information
    retrieval evaluation. In Proceedings of SIGIR 2008, 659-666.

    Examples
    --------
    pyndeval's README: subtopics a, b, c; A is relevant to a, B and D to b, C to c; the
    run retrieves A, D, E (unjudged), B. ndeval prints six decimals; the README shows four,
    cut (not rounded): alpha-DCG@5 0.4052, @10 0.3998:

    >>> ranked = [[1, 0, 0], [0, 1, 0], [0, 0, 0], [0, 1, 0]]          # A, D, E, B
    >>> judged = [[0, 1, 0], [0, 0, 1], [0, 1, 0], [1, 0, 0]]          # D, C, B, A
    >>> print(f"{alpha_dcg_at_k(ranked, judged, 5):.6f} {alpha_dcg_at_k(ranked, judged, 10):.6f}")
    0.405289 0.399879
    """
    k = _validate.cutoff(k)
    return normalised_sum(ranked, judged, k, log2_discount, alpha=alpha, ideal=ideal,
                          relevance_level=relevance_level, raw_at_one=not normalise_rank_one)


@_validate.explains_missing_arguments
def alpha_ndcg_at_k(ranked, judged, k: int, *, alpha: float = 0.5, ideal: str = "greedy",
                    relevance_level: float = 1) -> float:
    r"""alpha-nDCG at k: novelty-discounted DCG over the DCG of the ideal list (ndeval's greedy one).

    $$\alpha\text{-}\mathrm{nDCG@}k = \frac{\sum_{i=1}^{k} g_i / \log_2(i+1)}
    {\sum_{i=1}^{k} g^{\mathrm{ideal}}_i / \log_2(i+1)}, \qquad
    g_i = \sum_{s=1}^{m} J(d_i, s)\,(1 - \alpha)^{C_{s,i-1}}$$

    where $g^{\mathrm{ideal}}_i$ are the novelty gains of the ideal list. ndeval builds
    it greedily: at each rank, the judged document with the largest gain given the
    ranks above (ties: the larger document id, so the rows of ``judged`` in document id
    order from the largest). The greedy list is not always the best one (finding that
    is NP-hard), so a run can score above 1; ``ideal="exact"`` searches for the best.

    Parameters
    ----------
    ranked : array_like of float, shape (retrieved documents, subtopics)
        The grade of each retrieved document (rank 1 first) for each subtopic.
    judged : array_like of float, shape (judged documents, subtopics)
        Every judged document of the topic: the ideal list's candidates, in ndeval's
        tie order (document id descending).
    k : int
        The cut-off (ndeval: 5, 10, 20; at most 20).
    alpha : float, default 0.5
        $\alpha \in [0, 1]$, the redundancy penalty (ndeval's ``-alpha``).
    ideal : {"greedy", "exact", "ideal ideal"}, default "greedy"
        ndeval's greedy ideal; the exact best list (a search, at most 10 relevant
        documents); or the ideal ideal (:func:`alpha_dcg_at_k`).
    relevance_level : float, default 1
        The lowest grade that makes a (document, subtopic) cell relevant.

    Returns
    -------
    float
        0 for a topic with no relevant subtopic.

    See Also
    --------
    alpha_dcg_at_k : over the ideal ideal.
    intent_aware_nerr_at_k : the same ideal list, ERR's discount.

    References
    ----------
    Clarke, C. L. A. et al. (2008). Novelty and diversity in information retrieval
    evaluation. In Proceedings of SIGIR 2008, 659-666.

    Examples
    --------
    pyndeval's README (run A, D, E, B; ideal D, C, A, B: gains 1, 1, 1, 0.5): 0.7868 at
    every k (its four decimals are cut, not rounded):

    >>> ranked = [[1, 0, 0], [0, 1, 0], [0, 0, 0], [0, 1, 0]]          # A, D, E, B
    >>> judged = [[0, 1, 0], [0, 0, 1], [0, 1, 0], [1, 0, 0]]          # D, C, B, A
    >>> print(f"{alpha_ndcg_at_k(ranked, judged, 5):.6f}")
    0.786896

    Here greedy finds the best list, so the exact search agrees:

    >>> alpha_ndcg_at_k(ranked, judged, 5, ideal="exact") == alpha_ndcg_at_k(ranked, judged, 5)
    True

    Greedy can miss the best list, and a run then scores above 1. Subtopics a, b, c, d;
    d3 is relevant to b and c, d2 to a and b, d1 to c and d. All three cover two new
    subtopics at rank 1, so greedy takes the largest id, d3, and no second document then
    adds two new ones. The run d2, d1 covers all four in two ranks (pyndeval gives
    1.1070681006323602):

    >>> judged = [[0, 1, 1, 0], [1, 1, 0, 0], [0, 0, 1, 1]]            # d3, d2, d1
    >>> ranked = [[1, 1, 0, 0], [0, 0, 1, 1]]                          # d2, d1
    >>> print(f"{alpha_ndcg_at_k(ranked, judged, 2):.6f}")
    1.107068
    >>> alpha_ndcg_at_k(ranked, judged, 2, ideal="exact")
    1.0
    """
    k = _validate.cutoff(k)
    return normalised_sum(ranked, judged, k, log2_discount, alpha=alpha, ideal=ideal,
                          relevance_level=relevance_level)


@_validate.explains_missing_arguments
def intent_aware_err_at_k(ranked, judged, k: int, *, alpha: float = 0.5,
                          ideal: str = "ideal ideal", normalise_rank_one: bool = False,
                          relevance_level: float = 1) -> float:
    r"""ERR-IA at k as ndeval reports it: intent-aware expected reciprocal rank over the "ideal ideal".

    $$\mathrm{ERR\text{-}IA@}k = \frac{\sum_{i=1}^{k} g_i / i}
    {\sum_{i=1}^{k} m\,(1-\alpha)^{i-1} / i}, \qquad
    g_i = \sum_{s=1}^{m} J(d_i, s)\,(1 - \alpha)^{C_{s,i-1}}$$

    Chapelle et al.'s ERR-IA with every intent equally likely, $P(s) = 1/m$, and a
    relevant document satisfying a user with probability $\alpha$: the user of intent
    $s$ stops at rank $i$ with probability $\alpha (1-\alpha)^{C_{s,i-1}}$, so
    $\mathrm{ERR\text{-}IA} = \frac{\alpha}{m} \sum_i g_i / i$. ndeval divides that by
    the same sum for the ideal ideal list (every document relevant to every subtopic),
    which cancels $\alpha/m$. The denominator grows with $k$, so ERR-IA@10 can be
    smaller than ERR-IA@5.

    Parameters
    ----------
    ranked : array_like of float, shape (retrieved documents, subtopics)
        The grade of each retrieved document (rank 1 first) for each subtopic.
    judged : array_like of float, shape (judged documents, subtopics)
        Every judged document of the topic (for $m$, and the ideal list).
    k : int
        The cut-off (ndeval: 5, 10, 20; at most 20).
    alpha : float, default 0.5
        $\alpha \in [0, 1]$: the probability a relevant document satisfies its intent.
    ideal : {"ideal ideal", "greedy", "exact"}, default "ideal ideal"
        The denominator (``"greedy"``: :func:`intent_aware_nerr_at_k`).
    normalise_rank_one : bool, default False
        ndeval's ERR-IA@1 is the raw $g_1$ (it divides from rank 2 on); True divides it.
    relevance_level : float, default 1
        The lowest grade that makes a (document, subtopic) cell relevant.

    Returns
    -------
    float
        0 for a topic with no relevant subtopic.

    See Also
    --------
    intent_aware_nerr_at_k : over the greedy ideal list.
    rankbook.metrics.user_models.expected_reciprocal_rank : ERR of one intent.

    References
    ----------
    Chapelle, O., Metzler, D., Zhang, Y. and Grinspan, P. (2009). Expected reciprocal
    rank for graded relevance. In Proceedings of CIKM 2009, 621-630.

    Agrawal, R., Gollapudi, S., Halverson, A. and Ieong, S. (2009). Diversifying search
    results. In Proceedings of WSDM 2009, 5-14.

    Examples
    --------
    pyndeval's README: ERR-IA@5 0.3933 and ERR-IA@10 0.3907 (smaller: the run has no
    more relevant documents, and the ideal ideal keeps growing):

    >>> ranked = [[1, 0, 0], [0, 1, 0], [0, 0, 0], [0, 1, 0]]          # A, D, E, B
    >>> judged = [[0, 1, 0], [0, 0, 1], [0, 1, 0], [1, 0, 0]]          # D, C, B, A
    >>> print(f"{intent_aware_err_at_k(ranked, judged, 5):.6f}")
    0.393343
    >>> print(f"{intent_aware_err_at_k(ranked, judged, 10):.6f}")
    0.390776
    """
    k = _validate.cutoff(k)
    return normalised_sum(ranked, judged, k, reciprocal_discount, alpha=alpha, ideal=ideal,
                          relevance_level=relevance_level, raw_at_one=not normalise_rank_one)


@_validate.explains_missing_arguments
def intent_aware_nerr_at_k(ranked, judged, k: int, *, alpha: float = 0.5, ideal: str = "greedy",
                           relevance_level: float = 1) -> float:
    r"""nERR-IA at k: ERR-IA over the ERR-IA of the ideal list (ndeval's greedy one).

    $$\mathrm{nERR\text{-}IA@}k = \frac{\sum_{i=1}^{k} g_i / i}
    {\sum_{i=1}^{k} g^{\mathrm{ideal}}_i / i}$$

    with $g_i$ the novelty gains (see :func:`intent_aware_err_at_k`) and
    $g^{\mathrm{ideal}}_i$ those of the ideal list, built greedily as for
    :func:`alpha_ndcg_at_k` (the same list: ndeval builds one for both).

    Parameters
    ----------
    ranked : array_like of float, shape (retrieved documents, subtopics)
        The grade of each retrieved document (rank 1 first) for each subtopic.
    judged : array_like of float, shape (judged documents, subtopics)
        Every judged document of the topic, in document id order from the largest.
    k : int
        The cut-off (ndeval: 5, 10, 20; at most 20).
    alpha : float, default 0.5
        $\alpha \in [0, 1]$.
    ideal : {"greedy", "exact", "ideal ideal"}, default "greedy"
        ndeval's greedy list, the exact best list, or the ideal ideal.
    relevance_level : float, default 1
        The lowest grade that makes a (document, subtopic) cell relevant.

    Returns
    -------
    float
        0 for a topic with no relevant subtopic.

    See Also
    --------
    intent_aware_err_at_k, alpha_ndcg_at_k

    References
    ----------
    Chapelle, O., Metzler, D., Zhang, Y. and Grinspan, P. (2009). Expected reciprocal
    rank for graded relevance. In Proceedings of CIKM 2009, 621-630.

    Examples
    --------
    pyndeval's README: nERR-IA@k 0.8297 (cut to four decimals; ndeval prints 0.829787):

    >>> ranked = [[1, 0, 0], [0, 1, 0], [0, 0, 0], [0, 1, 0]]          # A, D, E, B
    >>> judged = [[0, 1, 0], [0, 0, 1], [0, 1, 0], [1, 0, 0]]          # D, C, B, A
    >>> print(f"{intent_aware_nerr_at_k(ranked, judged, 5):.6f}")
    0.829787
    """
    k = _validate.cutoff(k)
    return normalised_sum(ranked, judged, k, reciprocal_discount, alpha=alpha, ideal=ideal,
                          relevance_level=relevance_level)
