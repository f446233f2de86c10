r"""NTCIREVAL's intent-aware measures: each intent's measure, weighted by $P(i \mid q)$.

| function | measure | NTCIREVAL prints |
| --- | --- | --- |
| `ntcir_intent_aware_nerr_at_k` | IA-nERR@k $= \sum_i P(i \mid q)\,$nERR$_i$@k | ``IA-nERR@k`` |
| `ntcir_intent_aware_ndcg_at_k` | IA-nDCG@k $= \sum_i P(i \mid q)\,$MSnDCG$_i$@k | ``IA-MSnDCG@k`` |

Agrawal et al.'s intent-aware recipe as NTCIREVAL's ``D-NTCIR-IAeval`` script runs it:
score the run against each intent's own ideal list (its ``Irelv`` file) with an
ordinary NTCIREVAL measure, then take the average weighted by $P(i \mid q)$. The inputs
(``ranked``, ``judged``, ``probabilities``, ``gains``) are those of
:mod:`rankbook.metrics.ntcir_diversity`.
"""

from __future__ import annotations

import numpy as np

from rankbook import _validate
from rankbook.metrics._subtopics import grade_matrices
from rankbook.metrics.ntcir_discounted import microsoft_ndcg, ntcir_normalized_err
from rankbook.metrics.ntcir_diversity import intent_weights


def _intent_aware(measure, ranked, judged, probabilities, gains) -> float:
    r"""$\sum_i P(i \mid q)\, X_i$: ``measure(relevance, ideal, gains)`` per intent, weighted.

    Each intent's gains stop at its highest judged level: NTCIREVAL's ``gcompute`` takes
    the top gain (ERR's $g_{\max}$) from the intent's own ideal list.
    """
    ranked, judged = grade_matrices(ranked, judged)
    weights = intent_weights(judged, probabilities)
    total = 0.0
    for i, weight in enumerate(weights.tolist()):
        highest = int(np.maximum(judged[:, i], 0).max(initial=0))
        if weight == 0 or highest < 1:
            continue  # NTCIREVAL: no Irelv file for an intent without a relevant document
        own_gains = None if gains is None else tuple(gains)[:highest]
        total += weight * measure(ranked[:, i].tolist(), judged[:, i].tolist(), own_gains)
    return total


@_validate.explains_missing_arguments
def ntcir_intent_aware_nerr_at_k(ranked, judged, k: int, *, probabilities=None,
                                 gains=None) -> float:
    r"""IA-nERR@k as NTCIREVAL computes it: each intent's nERR@k, weighted by $P(i \mid q)$.

    $$\mathrm{IA\text{-}nERR}@k = \sum_i P(i \mid q)\, (\mathrm{nERR}@k)_i$$

    where $(\mathrm{nERR}@k)_i$ is
    :func:`rankbook.metrics.ntcir_discounted.ntcir_normalized_err` of the levels for
    intent $i$ against that intent's own ideal list (Agrawal et al.'s intent-aware
    recipe). Intents without a relevant document add nothing, so with probabilities
    that sum below 1 the maximum is below 1 (NTCIREVAL prints the sum as ``SUMp``).
    ndeval's ``nERR-IA@k`` (:func:`rankbook.metrics.diversity.intent_aware_nerr_at_k`)
    is another measure: novelty-discounted, one ideal list for all intents.

    Parameters
    ----------
    ranked : array_like of float, shape (retrieved documents, intents)
        The level of each retrieved document (rank 1 first) for each intent.
    judged : array_like of float, shape (judged documents, intents)
        Every judged document of the topic: each intent's ideal list's candidates.
    k : int
        The cut-off (NTCIREVAL's ``-cutoffs``).
    probabilities, gains
        As in :func:`d_ndcg_at_k`.

    Returns
    -------
    float
        IA-nERR@k in [0, 1].

    See Also
    --------
    ntcir_intent_aware_ndcg_at_k, rankbook.metrics.diversity.intent_aware_nerr_at_k

    References
    ----------
    Agrawal, R., Gollapudi, S., Halverson, A. and Ieong, S. (2009). Diversifying
    search results. In Proceedings of WSDM 2009, 5-14.
    Sakai, T. and Song, R. (2011). Evaluating diversified search results using
    per-intent graded relevance. In Proceedings of SIGIR 2011, 1043-1052.

    Examples
    --------
    Two intents with probabilities 0.75 and 0.25; the run finds intent 1's only
    document at rank 1 (nERR 1) and misses intent 2 (nERR 0):

    >>> ntcir_intent_aware_nerr_at_k([[1, 0]], [[1, 0], [0, 1]], 10, probabilities=[0.75, 0.25])
    0.75
    """
    k = _validate.cutoff(k)
    return _intent_aware(lambda r, j, g: ntcir_normalized_err(r, j, k, gains=g),
                         ranked, judged, probabilities, gains)


@_validate.explains_missing_arguments
def ntcir_intent_aware_ndcg_at_k(ranked, judged, k: int, *, probabilities=None,
                                 gains=None) -> float:
    r"""IA-nDCG@k as NTCIREVAL computes it (its ``IA-MSnDCG@k``): each intent's MSnDCG@k, weighted.

    $$\mathrm{IA\text{-}nDCG}@k = \sum_i P(i \mid q)\, (\mathrm{MSnDCG}@k)_i$$

    with :func:`rankbook.metrics.ntcir_discounted.microsoft_ndcg` for each intent
    against its own ideal list. Unlike D-nDCG, each intent is scored alone and
    then averaged: a document relevant to two intents counts in both.

    Parameters
    ----------
    ranked : array_like of float, shape (retrieved documents, intents)
        The level of each retrieved document (rank 1 first) for each intent.
    judged : array_like of float, shape (judged documents, intents)
        Every judged document of the topic: each intent's ideal list's candidates.
    k : int
        The cut-off (NTCIREVAL's ``-cutoffs``).
    probabilities, gains
        As in :func:`d_ndcg_at_k`.

    Returns
    -------
    float
        IA-nDCG@k in [0, 1].

    See Also
    --------
    ntcir_intent_aware_nerr_at_k, d_ndcg_at_k

    References
    ----------
    Agrawal, R., Gollapudi, S., Halverson, A. and Ieong, S. (2009). Diversifying
    search results. In Proceedings of WSDM 2009, 5-14.

    Examples
    --------
    One intent: IA-nDCG is that intent's MSnDCG (here 1/log2(3) of the ideal's 1).

    >>> round(ntcir_intent_aware_ndcg_at_k([[0], [1]], [[1]], 10), 4)
    0.6309
    """
    k = _validate.cutoff(k)
    return _intent_aware(lambda r, j, g: microsoft_ndcg(r, j, k, gains=g),
                         ranked, judged, probabilities, gains)
