r"""NTCIREVAL's diversity measures (Sakai and Song 2011): I-rec, D-measures, D#-measures, IA.

| function | measure | NTCIREVAL prints |
| --- | --- | --- |
| `intent_recall_at_k` | I-rec@k: the share of intents the top $k$ cover | ``I-rec@k`` |
| `d_ndcg_at_k` | D-nDCG@k: MSnDCG@k of the global gains | ``MSnDCG@k`` (in a ``Dnev`` file) |
| `d_q_measure` | D-Q@k: Q@k of the global gains | ``Q@k`` (in a ``Dnev`` file) |
| `d_sharp_ndcg_at_k` | D#-nDCG@k $= \gamma\,$I-rec@k $+ (1-\gamma)\,$D-nDCG@k | ``D#-nDCG@k`` |
| `d_sharp_q_measure` | D#-Q@k $= \gamma\,$I-rec@k $+ (1-\gamma)\,$D-Q@k | ``D#-Q@k`` |

A topic $q$ has intents $i$ with probabilities $P(i \mid q)$ and *per-intent graded*
relevance: document $d$ has the level $\ell_i(d)$ (L0, L1, ...) for intent $i$, whose
gain $g_i(d)$ is the gain of that level (NTCIREVAL's ``DIN-splitqrels``: L1 gains 1,
L2 gains 2, ...). The D-measures score each document by its **global gain**

$$\mathrm{GG}(d) = \sum_i P(i \mid q)\, g_i(d)$$

and apply an ordinary graded measure (NTCIREVAL's own: `microsoft_ndcg`, `q_measure`,
called here, not rewritten; its "D-nDCG" is MSnDCG) to the list of global gains, against
the ideal list of every judged document sorted by global gain. The intent-aware measures
(IA-nERR, IA-nDCG) are in :mod:`rankbook.metrics.ntcir_intent_aware`.

Inputs: the ndeval measures' matrices (`rankbook.io.subtopic_matrix`), see `d_ndcg_at_k`.
"""

from __future__ import annotations

import numpy as np

from rankbook import _validate
from rankbook._errors import InvalidValueError
from rankbook.metrics._subtopics import grade_matrices
from rankbook.metrics.intent_aware import subtopic_recall_at_k
from rankbook.metrics.ntcir import q_measure
from rankbook.metrics.ntcir_discounted import microsoft_ndcg
from rankbook.metrics.ntcir_topics import checked_gains

#: NTCIREVAL's D-NTCIR-eval: D#-X = GAMMA * I-rec + (1 - GAMMA) * D-X.
NTCIREVAL_GAMMA = 0.5
_SUM_SLACK = 1e-3  # how far a topic's probabilities may sum above 1 (files print 4 decimals)


def intent_weights(judged, probabilities=None) -> np.ndarray:
    r"""$P(i \mid q)$ for each column of ``judged``: given, or uniform over the intents that count.

    An intent counts when a judged document is relevant to it (level >= 1); with
    ``probabilities=None`` each such intent weighs $1/m$ and the others 0.

    >>> intent_weights([[1, 0, 0], [0, 2, 0]]).tolist()
    [0.5, 0.5, 0.0]
    >>> intent_weights([[1, 0]], [0.75, 0.25]).tolist()
    [0.75, 0.25]
    """
    judged = grade_matrices(judged, judged)[1]
    counts = (judged >= 1).any(axis=0)
    if probabilities is None:
        return counts / counts.sum() if counts.any() else np.zeros(judged.shape[1])
    weights = np.asarray(probabilities, dtype=np.float64)
    if weights.shape != (judged.shape[1],):
        raise InvalidValueError(
            f"probabilities has shape {weights.shape} but the topic has {judged.shape[1]} "
            "intent columns: give one P(intent | topic) per column, in the columns' order.")
    for i, weight in enumerate(weights.tolist()):
        _validate.probability(weight, f"probabilities[{i}]", meaning="P(intent | topic)")
    if weights.sum() > 1 + _SUM_SLACK:
        raise InvalidValueError(
            f"the probabilities sum to {weights.sum():.4f}; P(intent | topic) over a topic's "
            "intents must not exceed 1 (NTCIREVAL's README.diversity).")
    return weights


def _cell_gains(grades: np.ndarray, gains) -> np.ndarray:
    """The gain $g_i(d)$ of each (document, intent) cell: the gain of its level."""
    levels = np.maximum(grades, 0).astype(int)
    if (levels != np.maximum(grades, 0)).any():
        raise InvalidValueError(
            f"the grade {grades[levels != np.maximum(grades, 0)][0]!r} is not a whole number; "
            "NTCIREVAL's levels are L0, L1, L2, ... Round or map the grades to levels first.")
    gain_of_level = checked_gains(gains, int(levels.max(initial=0)))
    return np.array((0.0,) + gain_of_level)[levels]


def global_gains(ranked, judged, probabilities=None, gains=None) -> tuple[np.ndarray, np.ndarray]:
    r"""$\mathrm{GG}(d) = \sum_i P(i \mid q)\, g_i(d)$ of each ranked and each judged document.

    >>> ranked, judged = global_gains([[1, 1]], [[1, 1], [0, 2]], [0.75, 0.25])
    >>> ranked.tolist(), judged.tolist()
    ([1.0], [1.0, 0.5])
    """
    ranked, judged = grade_matrices(ranked, judged)
    weights = intent_weights(judged, probabilities)
    return _cell_gains(ranked, gains) @ weights, _cell_gains(judged, gains) @ weights


def _as_levels(ranked_gg: np.ndarray, judged_gg: np.ndarray):
    """Global gains as NTCIREVAL levels: each distinct value a level, its gain the value."""
    values = np.unique(judged_gg[judged_gg > 0])
    place = np.searchsorted(values, ranked_gg)
    known = np.array([gg <= 0 or (at < len(values) and values[at] == gg)
                      for gg, at in zip(ranked_gg.tolist(), place.tolist())], dtype=bool)
    if not known.all():
        raise InvalidValueError(
            f"the document at rank {np.flatnonzero(~known)[0] + 1} has grades that no row of "
            "judged has: judged must hold every judged document of the topic, the ranked "
            "ones too (rankbook.io.subtopic_matrix builds both).")
    ranked_levels = np.where(ranked_gg > 0, place + 1, 0)
    judged_levels = np.where(judged_gg > 0, np.searchsorted(values, judged_gg) + 1, 0)
    return ranked_levels, judged_levels, tuple(values.tolist())


def _of_global_gains(measure, ranked, judged, probabilities, gains) -> float:
    """``measure(relevance, ideal, gains=...)`` of the global gains; 0 when none is positive."""
    ranked_levels, judged_levels, values = _as_levels(
        *global_gains(ranked, judged, probabilities, gains))
    if not values:
        return 0.0
    return measure(ranked_levels.tolist(), judged_levels.tolist(), values)


def _gamma(gamma) -> float:
    return _validate.probability(gamma, "gamma", meaning="the weight of I-rec in a D#-measure")


@_validate.explains_missing_arguments
def intent_recall_at_k(ranked, judged, k: int) -> float:
    r"""I-rec@k (intent recall): the share of the topic's intents that the top $k$ cover.

    $$\mathrm{I\text{-}rec}@k = \frac{\left|\{i : \ell_i(d_r) \ge 1
    \text{ for some } r \le k\}\right|}{m}$$

    where $m$ counts the intents with a relevant judged document (NTCIREVAL's
    ``#intent_num``, one ``Irelv`` file each). It is ndeval's subtopic recall
    (:func:`rankbook.metrics.intent_aware.subtopic_recall_at_k`, called here) at
    relevance level 1: the same measure under Sakai's name, with no limit on $k$.

    Parameters
    ----------
    ranked : array_like of float, shape (retrieved documents, intents)
        The level of each retrieved document (rank 1 first) for each intent.
    judged : array_like of float, shape (judged documents, intents)
        Every judged document of the topic (for $m$).
    k : int
        The cut-off (NTCIREVAL's ``-cutoffs``).

    Returns
    -------
    float
        I-rec@k in [0, 1]; 0.0 for a topic with no relevant document.

    See Also
    --------
    d_sharp_ndcg_at_k, d_sharp_q_measure : I-rec blended with a D-measure.

    References
    ----------
    Sakai, T. and Song, R. (2011). Evaluating diversified search results using
    per-intent graded relevance. In Proceedings of SIGIR 2011, 1043-1052.

    Examples
    --------
    >>> intent_recall_at_k([[1, 0], [0, 0]], [[1, 0], [0, 1]], 2)  # intent 1 of 2 covered
    0.5

    NTCIREVAL's README.diversity, topic 0001 (intents 1, 2, 3; 93 relevant
    documents; TRECRUN finds intents 2 and 3 in its top 10): I-rec@10 0.6667.

    >>> judged = [[1, 0, 1]] * 2 + [[0, 1, 1]] * 68 + [[0, 1, 0]] * 13 + [[0, 0, 1]] * 10
    >>> ranked = [[0, 0, 0]] * 2 + [[0, 1, 1], [0, 1, 0], [0, 1, 1]] + [[0, 0, 0]] * 5
    >>> round(intent_recall_at_k(ranked, judged, 10), 4)
    0.6667
    """
    return subtopic_recall_at_k(ranked, judged, k)


@_validate.explains_missing_arguments
def d_ndcg_at_k(ranked, judged, k: int, *, probabilities=None, gains=None) -> float:
    r"""D-nDCG@k (Sakai and Song): NTCIREVAL's MSnDCG@k of the global gains.

    $$\mathrm{D\text{-}nDCG}@k = \frac{\sum_{r=1}^{k} \mathrm{GG}(d_r) / \log(r+1)}
    {\sum_{r=1}^{k} \mathrm{GG}^{*}_r / \log(r+1)}, \qquad
    \mathrm{GG}(d) = \sum_i P(i \mid q)\, g_i(d)$$

    where $\mathrm{GG}^{*}_r$ is the $r$-th largest global gain of the judged
    documents. The value is :func:`rankbook.metrics.ntcir_discounted.microsoft_ndcg`
    of the global gains.

    Parameters
    ----------
    ranked : array_like of float, shape (retrieved documents, intents)
        The level of each retrieved document (rank 1 first) for each intent.
    judged : array_like of float, shape (judged documents, intents)
        Every judged document of the topic: the ideal list's candidates.
    k : int
        The cut-off (NTCIREVAL's ``-cutoffs``).
    probabilities : array_like of float or None, default None
        $P(i \mid q)$ of each column, summing to at most 1; None: uniform over the
        intents with a relevant judged document.
    gains : sequence of float or None, default None
        The gain of L1, L2, ... for every intent (NTCIREVAL's ``DIN-splitqrels``
        settings); None: the level itself.

    Returns
    -------
    float
        D-nDCG@k in [0, 1]; 0.0 for a topic with no relevant document.

    See Also
    --------
    d_sharp_ndcg_at_k, rankbook.metrics.diversity.alpha_ndcg_at_k

    References
    ----------
    Sakai, T. and Song, R. (2011). Evaluating diversified search results using
    per-intent graded relevance. In Proceedings of SIGIR 2011, 1043-1052.

    Examples
    --------
    >>> d_ndcg_at_k([[1, 0], [0, 1]], [[1, 0], [0, 1]], 2)  # the ideal list itself
    1.0

    NTCIREVAL's README.diversity, topic 0001 with its Dtest.Iprob probabilities: D-nDCG@10
    0.2085 (printed there as ``MSnDCG@0010``).

    >>> judged = [[1, 0, 1]] * 2 + [[0, 1, 1]] * 68 + [[0, 1, 0]] * 13 + [[0, 0, 1]] * 10
    >>> ranked = [[0, 0, 0]] * 2 + [[0, 1, 1], [0, 1, 0], [0, 1, 1]] + [[0, 0, 0]] * 5
    >>> p = [0.5714, 0.2857, 0.1429]
    >>> round(d_ndcg_at_k(ranked, judged, 10, probabilities=p), 4)
    0.2085
    """
    k = _validate.cutoff(k)
    return _of_global_gains(lambda r, j, g: microsoft_ndcg(r, j, k, gains=g),
                            ranked, judged, probabilities, gains)


@_validate.explains_missing_arguments
def d_q_measure(ranked, judged, k: int | None = None, *, probabilities=None, gains=None,
                beta: float = 1.0) -> float:
    r"""D-Q@k (Sakai and Song): NTCIREVAL's Q@k of the global gains.

    $$\mathrm{D\text{-}Q}@k = \frac{1}{\min(R, k)} \sum_{r=1}^{k} I(r)\,
    \frac{C(r) + \beta\, \mathrm{cg}(r)}{r + \beta\, \mathrm{cg}^{*}(r)}$$

    with the global gains $\mathrm{GG}(d) = \sum_i P(i \mid q)\, g_i(d)$ as the gains:
    $I(r)$ is 1 when $\mathrm{GG}(d_r) > 0$, $R$ counts the judged documents with a
    positive global gain, $C(r)$ those in the top $r$, $\mathrm{cg}(r)$ adds their
    global gains and $\mathrm{cg}^{*}(r)$ those of the ideal list. The value is
    :func:`rankbook.metrics.ntcir.q_measure` of the global gains.

    Parameters
    ----------
    ranked : array_like of float, shape (retrieved documents, intents)
        The level of each retrieved document (rank 1 first) for each intent.
    judged : array_like of float, shape (judged documents, intents)
        Every judged document of the topic: the ideal list's candidates.
    probabilities, gains
        As in :func:`d_ndcg_at_k`.
    k : int or None, default None
        The cut-off; None: the whole list (NTCIREVAL's ``Q-measure``).
    beta : float, default 1.0
        Q's patience parameter $\beta \ge 0$ (NTCIREVAL's ``-beta``).

    Returns
    -------
    float
        D-Q@k in [0, 1]; 0.0 for a topic with no relevant document.

    See Also
    --------
    d_sharp_q_measure, rankbook.metrics.ntcir.q_measure

    References
    ----------
    Sakai, T. and Song, R. (2011). Evaluating diversified search results using
    per-intent graded relevance. In Proceedings of SIGIR 2011, 1043-1052.

    Examples
    --------
    >>> d_q_measure([[1, 0], [0, 1]], [[1, 0], [0, 1]], 2)
    1.0

    NTCIREVAL's README.diversity, topic 0001: D-Q@10 0.1263 (``Q@0010``).

    >>> judged = [[1, 0, 1]] * 2 + [[0, 1, 1]] * 68 + [[0, 1, 0]] * 13 + [[0, 0, 1]] * 10
    >>> ranked = [[0, 0, 0]] * 2 + [[0, 1, 1], [0, 1, 0], [0, 1, 1]] + [[0, 0, 0]] * 5
    >>> p = [0.5714, 0.2857, 0.1429]
    >>> round(d_q_measure(ranked, judged, 10, probabilities=p), 4)
    0.1263
    """
    k = _validate.cutoff(k, allow_none=True)
    return _of_global_gains(lambda r, j, g: q_measure(r, j, k, gains=g, beta=beta),
                            ranked, judged, probabilities, gains)


@_validate.explains_missing_arguments
def d_sharp_ndcg_at_k(ranked, judged, k: int, *, probabilities=None, gains=None,
                      gamma: float = NTCIREVAL_GAMMA) -> float:
    r"""D#-nDCG@k (Sakai and Song): intent recall and D-nDCG blended.

    $$\mathrm{D\#\text{-}nDCG}@k = \gamma\, \mathrm{I\text{-}rec}@k
    + (1 - \gamma)\, \mathrm{D\text{-}nDCG}@k$$

    I-rec rewards covering many intents, D-nDCG ranking the documents of the
    likely intents high; $\gamma = 0.5$ is NTCIREVAL's (``D-NTCIR-eval``'s ``GAMMA``).

    Parameters
    ----------
    ranked : array_like of float, shape (retrieved documents, intents)
        The level of each retrieved document (rank 1 first) for each intent.
    judged : array_like of float, shape (judged documents, intents)
        Every judged document of the topic: the ideal list's candidates.
    k : int
        The cut-off (NTCIREVAL's ``-cutoffs``).
    probabilities, gains
        As in :func:`d_ndcg_at_k`.
    gamma : float, default 0.5
        $\gamma \in [0, 1]$, the weight of I-rec.

    Returns
    -------
    float
        D#-nDCG@k in [0, 1].

    See Also
    --------
    intent_recall_at_k, d_ndcg_at_k, d_sharp_q_measure

    References
    ----------
    Sakai, T. and Song, R. (2011). Evaluating diversified search results using
    per-intent graded relevance. In Proceedings of SIGIR 2011, 1043-1052.

    Examples
    --------
    >>> d_sharp_ndcg_at_k([[1, 0], [0, 1]], [[1, 0], [0, 1]], 2)
    1.0

    NTCIREVAL's README.diversity, topic 0001: D#-nDCG@10 0.4376.

    >>> judged = [[1, 0, 1]] * 2 + [[0, 1, 1]] * 68 + [[0, 1, 0]] * 13 + [[0, 0, 1]] * 10
    >>> ranked = [[0, 0, 0]] * 2 + [[0, 1, 1], [0, 1, 0], [0, 1, 1]] + [[0, 0, 0]] * 5
    >>> p = [0.5714, 0.2857, 0.1429]
    >>> round(d_sharp_ndcg_at_k(ranked, judged, 10, probabilities=p), 4)
    0.4376
    """
    gamma = _gamma(gamma)
    return gamma * intent_recall_at_k(ranked, judged, k) + (1 - gamma) * d_ndcg_at_k(
        ranked, judged, k, probabilities=probabilities, gains=gains)


@_validate.explains_missing_arguments
def d_sharp_q_measure(ranked, judged, k: int, *, probabilities=None, gains=None,
                      beta: float = 1.0, gamma: float = NTCIREVAL_GAMMA) -> float:
    r"""D#-Q@k (Sakai and Song): intent recall and D-Q blended.

    $$\mathrm{D\#\text{-}Q}@k = \gamma\, \mathrm{I\text{-}rec}@k
    + (1 - \gamma)\, \mathrm{D\text{-}Q}@k$$

    Parameters
    ----------
    ranked : array_like of float, shape (retrieved documents, intents)
        The level of each retrieved document (rank 1 first) for each intent.
    judged : array_like of float, shape (judged documents, intents)
        Every judged document of the topic: the ideal list's candidates.
    k : int
        The cut-off (required: I-rec needs one; NTCIREVAL's ``-cutoffs``).
    probabilities, gains, beta
        As in :func:`d_q_measure`.
    gamma : float, default 0.5
        $\gamma \in [0, 1]$, the weight of I-rec (NTCIREVAL's ``GAMMA``).

    Returns
    -------
    float
        D#-Q@k in [0, 1].

    See Also
    --------
    intent_recall_at_k, d_q_measure, d_sharp_ndcg_at_k

    References
    ----------
    Sakai, T. and Song, R. (2011). Evaluating diversified search results using
    per-intent graded relevance. In Proceedings of SIGIR 2011, 1043-1052.

    Examples
    --------
    >>> d_sharp_q_measure([[1, 0], [0, 1]], [[1, 0], [0, 1]], 2)
    1.0

    NTCIREVAL's README.diversity, topic 0001: D#-Q@10 0.3965.

    >>> judged = [[1, 0, 1]] * 2 + [[0, 1, 1]] * 68 + [[0, 1, 0]] * 13 + [[0, 0, 1]] * 10
    >>> ranked = [[0, 0, 0]] * 2 + [[0, 1, 1], [0, 1, 0], [0, 1, 1]] + [[0, 0, 0]] * 5
    >>> p = [0.5714, 0.2857, 0.1429]
    >>> round(d_sharp_q_measure(ranked, judged, 10, probabilities=p), 4)
    0.3965
    """
    gamma = _gamma(gamma)
    return gamma * intent_recall_at_k(ranked, judged, k) + (1 - gamma) * d_q_measure(
        ranked, judged, k, probabilities=probabilities, gains=gains, beta=beta)
