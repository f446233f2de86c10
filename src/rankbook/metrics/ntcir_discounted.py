r"""NTCIREVAL's rank-discounted measures (Sakai): ERR, nERR@k, nDCG@k, MSnDCG@k and Hit@k.

| function | measure | NTCIREVAL prints |
| --- | --- | --- |
| `ntcir_expected_reciprocal_rank` | ERR with stop probability $g/(g_{\max}+1)$ | ``ERR`` |
| `ntcir_normalized_err` | ERR@k over the ideal list's ERR@k | ``nERR@k`` |
| `ntcir_ndcg` | Jarvelin and Kekalainen's original nDCG (no discount before rank $b$) | ``nDCG@k`` |
| `microsoft_ndcg` | nDCG with Burges et al.'s discount $1/\log(r+1)$ | ``MSnDCG@k`` |
| `ntcir_hit` | 1 if a relevant document is in the top $k$ | ``Hit@k`` |

Arguments as in :mod:`rankbook.metrics.ntcir`: the grade of each ranked
document (None: unjudged), every judged grade of the topic (``ideal``), the
gain of each level L1, L2, ... (``gains``, NTCIREVAL's ``-g``) and
``condensed`` (NTCIREVAL's ``-j``). The cut-off ``k`` defaults to NTCIREVAL's
1000. pyNTCIREVAL 0.0.3 is the oracle of the tests.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np

from rankbook import _validate
from rankbook.metrics.ntcir_topics import ntcir_topic

#: NTCIREVAL's default cut-off (``--cutoffs``).
NTCIREVAL_CUTOFF = 1000


def _err(gains: np.ndarray, highest_gain: float) -> float:
    """ERR of a list of gains, each stop probability $g/(g_{\\max} + 1)$."""
    stop = gains / (highest_gain + 1.0)
    not_stopped_before = np.cumprod(np.concatenate([[1.0], 1.0 - stop]))[:len(gains)]
    discount = 1.0 / np.arange(1, len(gains) + 1) * not_stopped_before
    return float(sum(stop * discount))


@_validate.explains_missing_arguments
def ntcir_expected_reciprocal_rank(
    relevance: Sequence[float | None],
    ideal: Sequence[float],
    *,
    gains: Sequence[float] | None = None,
    condensed: bool = False,
) -> float:
    r"""ERR as NTCIREVAL computes it: stop probability $g(r) / (g_{\max} + 1)$.

    $$\mathrm{ERR} = \sum_{r=1}^{n} \frac{1}{r}\, s(r) \prod_{i=1}^{r-1} \bigl(1 - s(i)\bigr),
    \qquad s(r) = \frac{g(r)}{g_{\max} + 1}$$

    where $g(r)$ is the gain of the document at rank $r$ and $g_{\max}$ the
    gain of the highest level (the last of ``gains``). Chapelle et al. (and
    rankbook's ``ERR@k``) stop with $(2^{\ell} - 1)/2^{\ell_{\max}}$ of the
    grade $\ell$; gdeval with $(2^{\ell} - 1)/16$: the same name, three
    measures. Here even the most relevant document leaves the user reading on
    with probability $1/(g_{\max}+1)$. The whole list, no cut-off.

    Parameters
    ----------
    relevance : sequence of float or None
        The grade (level) of each ranked document; None for unjudged.
    ideal : sequence of float
        Every judged grade of the topic.
    gains : sequence of float or None, default None
        The gain of L1, L2, ... (NTCIREVAL's ``-g``); None: the level itself
        up to the highest level judged.
    condensed : bool, default False
        Remove unjudged documents first (NTCIREVAL's ``-j``).

    Returns
    -------
    float
        ERR in [0, 1).

    See Also
    --------
    rankbook.metrics.user_models.expected_reciprocal_rank : Chapelle et al.'s stop probability.

    References
    ----------
    Chapelle, O., Metzler, D., Zhang, Y. and Grinspan, P. (2009). Expected
    reciprocal rank for graded relevance. CIKM 2009, 621-630.
    Sakai, T. and Song, R. (2011). Evaluating diversified search results using
    per-intent graded relevance. SIGIR 2011, 1043-1052.

    Examples
    --------
    NTCIREVAL's sample with gains 1:2:3: stop probabilities 3/4 at rank 2 and
    2/4 at rank 4.

    >>> ideal = [3, 3, 3, 2, 2, 2, 1, 1, 1, 1, 0]
    >>> round(ntcir_expected_reciprocal_rank([0, 3, None, 2], ideal, gains=(1, 2, 3)), 4)
    0.4062
    """
    topic = ntcir_topic(relevance, ideal, gains, condensed=condensed)
    return _err(topic.gains, topic.gain_of_level[-1])


def _normalised(value_of, topic, k: int) -> float:
    """``value_of(gains)`` of the run's top ``k`` over that of the ideal list's top ``k``."""
    if topic.R == 0:
        return 0.0
    return value_of(topic.gains[:k]) / value_of(topic.ideal_gains[:k])


@_validate.explains_missing_arguments
def ntcir_normalized_err(
    relevance: Sequence[float | None],
    ideal: Sequence[float],
    k: int = NTCIREVAL_CUTOFF,
    *,
    gains: Sequence[float] | None = None,
    condensed: bool = False,
) -> float:
    r"""nERR@k (Sakai and Song): NTCIREVAL's ERR of the top $k$ over the ideal list's.

    $$\mathrm{nERR}@k = \frac{\mathrm{ERR}@k}{\mathrm{ERR}^{*}@k}$$

    with ERR as in :func:`ntcir_expected_reciprocal_rank` (stop probability
    $g/(g_{\max}+1)$) and $\mathrm{ERR}^{*}$ that of the judged documents
    sorted by gain.

    Parameters
    ----------
    relevance : sequence of float or None
        The grade (level) of each ranked document; None for unjudged.
    ideal : sequence of float
        Every judged grade of the topic (retrieved or not).
    gains, condensed
        As in :func:`ntcir_expected_reciprocal_rank`.
    k : int, default 1000
        The cut-off (NTCIREVAL's ``--cutoffs``, default 1000).

    Returns
    -------
    float
        nERR@k in [0, 1]; 0.0 for a topic without a relevant document.

    See Also
    --------
    ntcir_expected_reciprocal_rank

    References
    ----------
    Sakai, T. and Song, R. (2011). Evaluating diversified search results using
    per-intent graded relevance. SIGIR 2011, 1043-1052.

    Examples
    --------
    >>> ideal = [3, 3, 3, 2, 2, 2, 1, 1, 1, 1, 0]
    >>> round(ntcir_normalized_err([0, 3, None, 2], ideal, 2, gains=(1, 2, 3)), 4)
    0.4444
    """
    k = _validate.cutoff(k)
    topic = ntcir_topic(relevance, ideal, gains, condensed=condensed)
    return _normalised(lambda g: _err(g, topic.gain_of_level[-1]), topic, k)


def _dcg(gains: np.ndarray, discounts: list) -> float:
    return float(sum(gains * (1.0 / np.array(discounts, dtype=float))))


def _original_discounts(n: int, log_base: float) -> list:
    """Jarvelin and Kekalainen's $\\log_b r$, and 1 for the ranks before $b$ (and rank 1)."""
    return [1.0 if r == 1 or r < log_base else math.log(r, log_base) for r in range(1, n + 1)]


def ntcir_discounts(n: int, discount: str = "original", log_base: float = 2.0) -> list:
    r"""The discount $d(r)$ of ranks $1..n$: NTCIREVAL's nDCG@k (``"original"``) or MSnDCG@k's.

    ``"original"``: Jarvelin and Kekalainen's $\log_b r$, 1 before rank $b$ (and at rank 1);
    ``"microsoft"``: Burges et al.'s $\ln(r + 1)$. A gain is divided by it.

    Examples
    --------
    >>> [round(d, 4) for d in ntcir_discounts(4)]
    [1.0, 1.0, 1.585, 2.0]
    """
    _validate.choice(discount, ("original", "microsoft"), "discount")
    if discount == "microsoft":
        return [math.log(r + 1) for r in range(1, n + 1)]
    return _original_discounts(n, log_base)


@_validate.explains_missing_arguments
def ntcir_dcg(
    relevance: Sequence[float | None],
    ideal: Sequence[float],
    k: int = NTCIREVAL_CUTOFF,
    *,
    gains: Sequence[float] | None = None,
    discount: str = "original",
    log_base: float = 2.0,
    condensed: bool = False,
) -> tuple[float, float]:
    r"""DCG@k of the run and of the ideal list, the two sums `ntcir_ndcg` and `microsoft_ndcg` divide.

    $$\mathrm{DCG}@k = \sum_{r=1}^{k} \frac{g(r)}{d(r)}, \qquad
    \mathrm{DCG}^*@k = \sum_{r=1}^{k} \frac{g^*(r)}{d(r)}$$

    with $d(r)$ from :func:`ntcir_discounts`; arguments as in :func:`ntcir_ndcg`.

    Examples
    --------
    >>> ideal = [3, 3, 3, 2, 2, 2, 1, 1, 1, 1, 0]
    >>> ntcir_dcg([0, 3, None, 2], ideal, 2, gains=(1, 2, 3))
    (3.0, 6.0)
    """
    k = _validate.cutoff(k)
    log_base = _validate.number(log_base, "log_base", low=1.0, low_open=True)
    topic = ntcir_topic(relevance, ideal, gains, condensed=condensed)

    def dcg(values):
        return _dcg(values, ntcir_discounts(len(values), discount, log_base))

    return dcg(topic.gains[:k]), dcg(topic.ideal_gains[:k])


@_validate.explains_missing_arguments
def ntcir_ndcg(
    relevance: Sequence[float | None],
    ideal: Sequence[float],
    k: int = NTCIREVAL_CUTOFF,
    *,
    gains: Sequence[float] | None = None,
    log_base: float = 2.0,
    condensed: bool = False,
) -> float:
    r"""The original nDCG of Jarvelin and Kekalainen, as NTCIREVAL computes it (its ``nDCG@k``).

    $$\mathrm{nDCG}@k = \frac{\sum_{r=1}^{k} g(r) / d(r)}{\sum_{r=1}^{k} g^{*}(r) / d(r)},
    \qquad d(r) = \begin{cases} 1 & r < b \text{ or } r = 1 \\ \log_b r & r \ge b\end{cases}$$

    where $g^{*}(r)$ is the gain at rank $r$ of the ideal list. With $b = 2$
    the documents at ranks 1 and 2 both count in full: the top two are not
    told apart, unlike trec_eval's $1/\log_2(r+1)$ (``nDCG@k``) and
    :func:`microsoft_ndcg`.

    Parameters
    ----------
    relevance : sequence of float or None
        The grade (level) of each ranked document; None for unjudged.
    ideal : sequence of float
        Every judged grade of the topic (retrieved or not).
    gains, condensed
        As in :func:`ntcir_expected_reciprocal_rank`.
    k : int, default 1000
        The cut-off (NTCIREVAL's ``--cutoffs``).
    log_base : float, default 2.0
        $b > 1$ (NTCIREVAL's ``--logb``; its 0 is $e$, here ``math.e``).

    Returns
    -------
    float
        nDCG@k in [0, 1]; 0.0 for a topic without a relevant document.

    See Also
    --------
    microsoft_ndcg, rankbook.metrics.dcg.ndcg_at_k

    References
    ----------
    Jarvelin, K. and Kekalainen, J. (2002). Cumulated gain-based evaluation of
    IR techniques. ACM TOIS 20(4), 422-446.

    Examples
    --------
    >>> ideal = [3, 3, 3, 2, 2, 2, 1, 1, 1, 1, 0]
    >>> round(ntcir_ndcg([0, 3, None, 2], ideal, gains=(1, 2, 3)), 4)
    0.338
    >>> ntcir_ndcg([0, 3, None, 2], ideal, 2, gains=(1, 2, 3))
    0.5
    """
    k = _validate.cutoff(k)
    log_base = _validate.number(log_base, "log_base", low=1.0, low_open=True)
    topic = ntcir_topic(relevance, ideal, gains, condensed=condensed)
    return _normalised(lambda g: _dcg(g, _original_discounts(len(g), log_base)), topic, k)


@_validate.explains_missing_arguments
def microsoft_ndcg(
    relevance: Sequence[float | None],
    ideal: Sequence[float],
    k: int = NTCIREVAL_CUTOFF,
    *,
    gains: Sequence[float] | None = None,
    condensed: bool = False,
) -> float:
    r"""nDCG with Burges et al.'s discount, as NTCIREVAL computes it (its ``MSnDCG@k``).

    $$\mathrm{MSnDCG}@k = \frac{\sum_{r=1}^{k} g(r) / \log(r + 1)}
    {\sum_{r=1}^{k} g^{*}(r) / \log(r + 1)}$$

    The gain is NTCIREVAL's gain of the level (``gains``), not $2^{\ell} - 1$:
    with ``gains=(1, 3, 7)`` it is Burges et al.'s exponential gain. The base
    of the logarithm cancels out.

    Parameters
    ----------
    relevance : sequence of float or None
        The grade (level) of each ranked document; None for unjudged.
    ideal : sequence of float
        Every judged grade of the topic (retrieved or not).
    gains, condensed
        As in :func:`ntcir_expected_reciprocal_rank`.
    k : int, default 1000
        The cut-off (NTCIREVAL's ``--cutoffs``).

    Returns
    -------
    float
        MSnDCG@k in [0, 1]; 0.0 for a topic without a relevant document.

    See Also
    --------
    ntcir_ndcg, rankbook.metrics.dcg.ndcg_at_k

    References
    ----------
    Burges, C., Shaked, T., Renshaw, E., Lazier, A., Deeds, M., Hamilton, N.
    and Hullender, G. (2005). Learning to rank using gradient descent. ICML 2005.

    Examples
    --------
    >>> ideal = [3, 3, 3, 2, 2, 2, 1, 1, 1, 1, 0]
    >>> round(microsoft_ndcg([0, 3, None, 2], ideal, gains=(1, 2, 3)), 4)
    0.276
    """
    k = _validate.cutoff(k)
    topic = ntcir_topic(relevance, ideal, gains, condensed=condensed)
    return _normalised(
        lambda g: _dcg(g, [math.log(r + 1) for r in range(1, len(g) + 1)]), topic, k)


@_validate.explains_missing_arguments
def ntcir_hit(
    relevance: Sequence[float | None],
    k: int = NTCIREVAL_CUTOFF,
    *,
    condensed: bool = False,
) -> float:
    r"""Hit@k: 1 if the top $k$ hold a relevant document, else 0 (NTCIREVAL's ``Hit@k``).

    $$\mathrm{Hit}@k = \max_{r \le k} I(r)$$

    trec_eval's ``success_k`` counts the same; with ``condensed=True`` the
    unjudged documents are removed before the top $k$ are taken.

    Parameters
    ----------
    relevance : sequence of float or None
        The grade of each ranked document; None for unjudged.
    k : int, default 1000
        The cut-off.
    condensed : bool, default False
        Remove unjudged documents first (NTCIREVAL's ``-j``).

    Returns
    -------
    float
        1.0 or 0.0.

    See Also
    --------
    rankbook.metrics.precision.success_at_k

    References
    ----------
    Sakai, T. (2014). Metrics, statistics, tests. PROMISE Winter School 2013,
    LNCS 8173, 116-163.

    Examples
    --------
    >>> ntcir_hit([0, 3, None, 2], 1), ntcir_hit([0, 3, None, 2], 2)
    (0.0, 1.0)
    """
    k = _validate.cutoff(k)
    grades, judged = _validate.judged_grades(relevance)
    if condensed:
        grades = grades[judged]
    return float(np.any(grades[:k] > 0))
