r"""NTCIREVAL's measures built on the blended ratio (Sakai): Q, O, P, P+ and NCU.

| function | measure | NTCIREVAL prints |
| --- | --- | --- |
| `q_measure` | Q-measure, Q@k | ``Q-measure``, ``Q@k`` |
| `o_measure` | O-measure: the blended ratio at the first relevant document | ``O-measure`` |
| `p_measure` | P-measure: the blended ratio at the first most relevant document | ``P-measure`` |
| `p_plus_measure` | P+-measure: mean blended ratio down to it | ``P-plus`` |
| `normalised_cumulative_utility` | NCU with a graded-uniform or rank-biased stop | ``NCUgu,P`` ... ``NCUrb,BR`` |

Every one reads the *blended ratio* at rank $r$,

$$\mathrm{BR}(r) = \frac{C(r) + \beta\, \mathrm{cg}(r)}{r + \beta\, \mathrm{cg}^*(r)},$$

where $C(r)$ counts the relevant documents in the top $r$, $\mathrm{cg}(r)$ adds their
gains and $\mathrm{cg}^*(r)$ adds the gains of the ideal list's top $r$. Each takes the
grade of each ranked document (None: unjudged, gain 0), every judged grade of
the topic (``ideal``), and ``gains``: the gain of level L1, L2, ... as
NTCIREVAL's ``-g 1:2:3`` gives it. ``condensed=True`` removes the unjudged
documents first (NTCIREVAL's ``-j``; Sakai 2007). pyNTCIREVAL 0.0.3 is the
oracle of the tests.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from rankbook import _validate
from rankbook.metrics.ntcir_running import stop_probability
from rankbook.metrics.ntcir_topics import ntcir_topic


def _beta(beta) -> float:
    return _validate.number(beta, "beta", low=0.0)


@_validate.explains_missing_arguments
def q_measure(
    relevance: Sequence[float | None],
    ideal: Sequence[float],
    k: int | None = None,
    *,
    gains: Sequence[float] | None = None,
    beta: float = 1.0,
    condensed: bool = False,
) -> float:
    r"""Q-measure (Sakai): the blended ratio averaged over the relevant documents.

    $$\mathrm{Q}@k = \frac{1}{\min(R, k)} \sum_{r=1}^{k} I(r)\, \mathrm{BR}(r), \qquad
    \mathrm{BR}(r) = \frac{C(r) + \beta\, \mathrm{cg}(r)}{r + \beta\, \mathrm{cg}^*(r)}$$

    where $I(r)$ is 1 when the document at rank $r$ is relevant, $R$ the
    judged relevant documents, $C(r)$ the relevant ones in the top $r$,
    $\mathrm{cg}(r)$ their gains and $\mathrm{cg}^*(r)$ the ideal list's. With $\beta = 0$ it
    is average precision; as $\beta$ grows, graded relevance counts more.

    Parameters
    ----------
    relevance : sequence of float or None
        The grade (level) of each ranked document; None for unjudged.
    ideal : sequence of float
        Every judged grade of the topic (retrieved or not).
    k : int or None, default None
        The cut-off (NTCIREVAL's ``Q@k``); None: the whole list (its ``Q-measure``).
    gains : sequence of float or None, default None
        The gain of L1, L2, ... (NTCIREVAL's ``-g``); None: the level itself.
    beta : float, default 1.0
        The patience parameter $\beta \ge 0$ (NTCIREVAL's ``--beta``).
    condensed : bool, default False
        Remove unjudged documents first (NTCIREVAL's condensed list, ``-j``).

    Returns
    -------
    float
        Q-measure in [0, 1]; 0.0 for a topic without a relevant document.

    See Also
    --------
    rankbook.metrics.average_precision.average_precision : $\beta = 0$.

    References
    ----------
    Sakai, T. (2004). New performance metrics based on multigrade relevance:
    their application to question answering. NTCIR-4.
    Sakai, T. (2007). Alternatives to bpref. SIGIR 2007, 71-78.

    Examples
    --------
    NTCIREVAL's sample (gains 1:2:3): ten relevant documents, the run finds an
    L3 at rank 2 and an L2 at rank 4.

    >>> ideal = [3, 3, 3, 2, 2, 2, 1, 1, 1, 1, 0]
    >>> round(q_measure([0, 3, None, 2], ideal, gains=(1, 2, 3)), 4)
    0.0967
    """
    k = _validate.cutoff(k, allow_none=True)
    topic = ntcir_topic(relevance, ideal, gains, condensed=condensed).cut(k)
    if topic.R == 0:
        return 0.0
    ratio = topic.blended_ratio(_beta(beta))
    share = 1.0 / (topic.R if k is None else min(topic.R, k))
    return float(sum(ratio[topic.levels > 0] * share))


@_validate.explains_missing_arguments
def o_measure(
    relevance: Sequence[float | None],
    ideal: Sequence[float],
    *,
    gains: Sequence[float] | None = None,
    beta: float = 1.0,
    condensed: bool = False,
) -> float:
    r"""O-measure (Sakai): the blended ratio at the first relevant document.

    $$O = \mathrm{BR}(r_1) = \frac{1 + \beta\, g(r_1)}{r_1 + \beta\, \mathrm{cg}^*(r_1)}$$

    where $r_1$ is the rank of the first relevant document and $g(r_1)$ its
    gain; 0 when none is retrieved. A graded reciprocal rank: a highly relevant
    first hit scores more than a partly relevant one at the same rank.

    Parameters
    ----------
    relevance : sequence of float or None
        The grade (level) of each ranked document; None for unjudged.
    ideal : sequence of float
        Every judged grade of the topic (retrieved or not).
    gains, beta, condensed
        As in :func:`q_measure`.

    Returns
    -------
    float
        O-measure in [0, 1].

    See Also
    --------
    p_measure : the ratio at the first most relevant document instead.

    References
    ----------
    Sakai, T. (2007). On the properties of evaluation metrics for finding one
    highly relevant document. IPSJ TOD 48(SIG9), 29-46.

    Examples
    --------
    >>> ideal = [3, 3, 3, 2, 2, 2, 1, 1, 1, 1, 0]
    >>> o_measure([0, 3, None, 2], ideal, gains=(1, 2, 3))
    0.5
    """
    topic = ntcir_topic(relevance, ideal, gains, condensed=condensed)
    relevant = np.flatnonzero(topic.levels > 0)
    if len(relevant) == 0:
        return 0.0
    return float(topic.blended_ratio(_beta(beta))[relevant[0]])


def _first_most_relevant(levels: np.ndarray) -> int | None:
    """The index of the first document with the list's highest level (> 0), or None."""
    if len(levels) == 0 or levels.max() == 0:
        return None
    return int(np.argmax(levels == levels.max()))


@_validate.explains_missing_arguments
def p_measure(
    relevance: Sequence[float | None],
    ideal: Sequence[float],
    *,
    gains: Sequence[float] | None = None,
    beta: float = 1.0,
    condensed: bool = False,
) -> float:
    r"""P-measure (Sakai): the blended ratio at the first most relevant document retrieved.

    $$P = \mathrm{BR}(r_p)$$

    where $r_p$ is the rank of the first document whose level is the highest
    level *in the list* (not in the judgments); 0 when no relevant document is
    retrieved. The user is imagined to look for the best document the list
    offers.

    Parameters
    ----------
    relevance : sequence of float or None
        The grade (level) of each ranked document; None for unjudged.
    ideal : sequence of float
        Every judged grade of the topic (retrieved or not).
    gains, beta, condensed
        As in :func:`q_measure`.

    Returns
    -------
    float
        P-measure in [0, 1].

    See Also
    --------
    p_plus_measure : the ratios of every relevant document down to $r_p$, averaged.

    References
    ----------
    Sakai, T. (2007). On the properties of evaluation metrics for finding one
    highly relevant document. IPSJ TOD 48(SIG9), 29-46.

    Examples
    --------
    >>> ideal = [3, 3, 3, 2, 2, 2, 1, 1, 1, 1, 0]
    >>> p_measure([0, 3, None, 2], ideal, gains=(1, 2, 3))
    0.5
    """
    topic = ntcir_topic(relevance, ideal, gains, condensed=condensed)
    first = _first_most_relevant(topic.levels)
    if first is None:
        return 0.0
    return float(topic.blended_ratio(_beta(beta))[first])


@_validate.explains_missing_arguments
def p_plus_measure(
    relevance: Sequence[float | None],
    ideal: Sequence[float],
    *,
    gains: Sequence[float] | None = None,
    beta: float = 1.0,
    condensed: bool = False,
) -> float:
    r"""P+-measure (Sakai): the blended ratio averaged over the relevant documents down to $r_p$.

    $$P^{+} = \frac{1}{C(r_p)} \sum_{r=1}^{r_p} I(r)\, \mathrm{BR}(r)$$

    where $r_p$ is the rank of the first document with the list's highest
    level (:func:`p_measure`) and $C(r_p)$ the relevant documents down to it.

    Parameters
    ----------
    relevance : sequence of float or None
        The grade (level) of each ranked document; None for unjudged.
    ideal : sequence of float
        Every judged grade of the topic (retrieved or not).
    gains, beta, condensed
        As in :func:`q_measure`.

    Returns
    -------
    float
        P+-measure in [0, 1]; NTCIREVAL prints it as ``P-plus``.

    See Also
    --------
    q_measure : the average over every relevant document, divided by $R$.

    References
    ----------
    Sakai, T. (2007). On the properties of evaluation metrics for finding one
    highly relevant document. IPSJ TOD 48(SIG9), 29-46.

    Examples
    --------
    >>> ideal = [3, 3, 3, 2, 2, 2, 1, 1, 1, 1, 0]
    >>> p_plus_measure([0, 3, None, 2], ideal, gains=(1, 2, 3))
    0.5
    """
    topic = ntcir_topic(relevance, ideal, gains, condensed=condensed)
    first = _first_most_relevant(topic.levels)
    if first is None:
        return 0.0
    relevant = topic.levels[:first + 1] > 0
    share = 1.0 / int(relevant.sum())
    return float(sum(topic.blended_ratio(_beta(beta))[:first + 1][relevant] * share))


@_validate.explains_missing_arguments
def normalised_cumulative_utility(
    relevance: Sequence[float | None],
    ideal: Sequence[float],
    *,
    stop: str = "graded-uniform",
    beta: float = 0.0,
    gains: Sequence[float] | None = None,
    stops: Sequence[float] | None = None,
    gamma: float = 0.95,
    condensed: bool = False,
) -> float:
    r"""NCU (Sakai and Robertson): the utility where a user stops, over a population of users.

    $$\mathrm{NCU} = \sum_{r} P_S(r)\, \mathrm{NU}(r)$$

    where $P_S(r)$ is the chance that the user stops at the relevant document
    at rank $r$ and $\mathrm{NU}(r)$ the utility there: precision $C(r)/r$
    ($\beta = 0$, NTCIREVAL's ``,P``) or the blended ratio $\mathrm{BR}(r)$
    ($\beta > 0$, ``,BR``). The stop probability is *graded-uniform*
    (``gu``), $P_S(r) = s(\ell_r) / \sum_{\ell \ge 1} n_\ell\, s(\ell)$ for
    a document of level $\ell_r$, $n_\ell$ judged documents at level $\ell$
    and stop values $s$; or *rank-biased* (``rb``), $P_S(r) =
    \gamma^{C(r)-1} / \sum_{i=0}^{R-1} \gamma^{i}$. With the uniform stop
    $1/R$ it is Q-measure (or AP at $\beta = 0$).

    Parameters
    ----------
    relevance : sequence of float or None
        The grade (level) of each ranked document; None for unjudged.
    ideal : sequence of float
        Every judged grade of the topic (retrieved or not).
    gains, condensed
        As in :func:`q_measure`.
    stop : {"graded-uniform", "rank-biased"}, default "graded-uniform"
        The stop distribution (NTCIREVAL's ``gu`` and ``rb``).
    beta : float, default 0.0
        0: the utility is precision; > 0: the blended ratio with this $\beta$
        (NTCIREVAL's ``NCUgu,BR`` and ``NCUrb,BR`` use ``--beta``, 1).
    stops : sequence of float or None, default None
        The stop value $s$ of L1, L2, ... (NTCIREVAL's ``-s``); None: the gains.
    gamma : float, default 0.95
        The rank-biased stop's $\gamma$ in [0, 1] (NTCIREVAL's ``--gamma``).

    Returns
    -------
    float
        NCU in [0, 1]; 0.0 for a topic without a relevant document.

    See Also
    --------
    q_measure : the uniform stop.

    References
    ----------
    Sakai, T. and Robertson, S. (2008). Modelling a user population for
    designing information retrieval metrics. EVIA 2008, 30-41.

    Examples
    --------
    NTCIREVAL's sample, gains 1:2:3: its ``NCUgu,P`` and ``NCUrb,BR``.

    >>> ideal = [3, 3, 3, 2, 2, 2, 1, 1, 1, 1, 0]
    >>> round(normalised_cumulative_utility([0, 3, None, 2], ideal, gains=(1, 2, 3)), 4)
    0.1316
    >>> round(normalised_cumulative_utility([0, 3, None, 2], ideal, gains=(1, 2, 3),
    ...                                     stop="rank-biased", beta=1.0), 4)
    0.1175
    """
    _validate.choice(stop, ("graded-uniform", "rank-biased"), "stop")
    gamma = _validate.probability(gamma, "gamma", meaning="the rank-biased stop's decay")
    topic = ntcir_topic(relevance, ideal, gains, condensed=condensed)
    if topic.R == 0:
        return 0.0
    ratio = topic.blended_ratio(_beta(beta))
    probability = stop_probability(relevance, ideal, stop=stop, gains=gains, stops=stops,
                                   gamma=gamma, condensed=condensed)
    relevant = topic.levels > 0
    return float(sum(ratio[relevant] * probability[relevant]))
