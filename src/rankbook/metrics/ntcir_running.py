r"""What NTCIREVAL's measures are made of, rank by rank: the blended ratio and NCU's stop.

| function | returns, at every rank $r$ of the list |
| --- | --- |
| `blended_ratio` | the gain $g(r)$, $C(r)$, $\mathrm{cg}(r)$, $\mathrm{cg}^*(r)$ and $\mathrm{BR}(r)$ |
| `stop_probability` | NCU's chance $P_S(r)$ that the user stops at rank $r$ |

`rankbook.metrics.ntcir`'s Q, O, P, P+ and NCU read these values at chosen ranks;
`rankbook.explain` shows them in its running tables. Arguments as in
`rankbook.metrics.ntcir.q_measure`.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from rankbook import _validate
from rankbook._errors import InvalidValueError
from rankbook.metrics.ntcir_topics import ntcir_topic


@_validate.explains_missing_arguments
def blended_ratio(
    relevance: Sequence[float | None],
    ideal: Sequence[float],
    *,
    gains: Sequence[float] | None = None,
    beta: float = 1.0,
    condensed: bool = False,
) -> dict[str, np.ndarray]:
    r"""Sakai's blended ratio at every rank, with the counts it is made of.

    $$\mathrm{BR}(r) = \frac{C(r) + \beta\, \mathrm{cg}(r)}{r + \beta\, \mathrm{cg}^*(r)}$$

    Parameters
    ----------
    relevance : sequence of float or None
        The grade (level) of each ranked document; None for unjudged.
    ideal : sequence of float
        Every judged grade of the topic (retrieved or not).
    gains, beta, condensed
        As in :func:`rankbook.metrics.ntcir.q_measure` (``-g``, ``--beta``, ``-j``).

    Returns
    -------
    dict of str to numpy.ndarray
        ``"g(r)"`` the gain of rank r, ``"C(r)"`` the relevant documents in the top r,
        ``"cg(r)"`` their gains, ``"cg*(r)"`` the ideal list's gains in its top r, and
        ``"BR(r)"``; one entry per rank of the (condensed) list.

    See Also
    --------
    rankbook.metrics.ntcir.q_measure : BR averaged over the relevant documents.

    References
    ----------
    Sakai, T. (2004). New performance metrics based on multigrade relevance:
    their application to question answering. NTCIR-4.

    Examples
    --------
    NTCIREVAL's sample (gains 1:2:3): BR(2) = (1 + 3) / (2 + 6) and BR(4) = (2 + 5) / (4 + 11).

    >>> ideal = [3, 3, 3, 2, 2, 2, 1, 1, 1, 1, 0]
    >>> running = blended_ratio([0, 3, None, 2], ideal, gains=(1, 2, 3))
    >>> running["cg*(r)"].tolist(), running["BR(r)"][[1, 3]].round(4).tolist()
    ([3.0, 6.0, 9.0, 11.0], [0.5, 0.4667])
    """
    topic = ntcir_topic(relevance, ideal, gains, condensed=condensed)
    beta = _validate.number(beta, "beta", low=0.0)
    n = len(topic.levels)
    return {"g(r)": topic.gains.copy(), "C(r)": np.cumsum(topic.levels > 0),
            "cg(r)": np.cumsum(topic.gains), "cg*(r)": topic.ideal_cumulative_gain(n),
            "BR(r)": topic.blended_ratio(beta)}


@_validate.explains_missing_arguments
def stop_probability(
    relevance: Sequence[float | None],
    ideal: Sequence[float],
    *,
    stop: str = "graded-uniform",
    gains: Sequence[float] | None = None,
    stops: Sequence[float] | None = None,
    gamma: float = 0.95,
    condensed: bool = False,
) -> np.ndarray:
    r"""NCU's stop probability $P_S(r)$ at every rank: the chance that the user stops there.

    Graded-uniform (``gu``): $P_S(r) = s(\ell_r) / \sum_{\ell \ge 1} n_\ell\, s(\ell)$ for a
    relevant document of level $\ell_r$; rank-biased (``rb``): $P_S(r) = \gamma^{C(r)-1} /
    \sum_{i=0}^{R-1} \gamma^{i}$; 0 at a rank without a relevant document.

    Parameters
    ----------
    relevance : sequence of float or None
        The grade (level) of each ranked document; None for unjudged.
    ideal : sequence of float
        Every judged grade of the topic (retrieved or not); it must hold a relevant one.
    stop, gains, stops, gamma, condensed
        As in :func:`rankbook.metrics.ntcir.normalised_cumulative_utility`.

    Returns
    -------
    numpy.ndarray
        $P_S(r)$, one per rank of the (condensed) list.

    See Also
    --------
    rankbook.metrics.ntcir.normalised_cumulative_utility : $\sum_r P_S(r)\, \mathrm{NU}(r)$.

    References
    ----------
    Sakai, T. and Robertson, S. (2008). Modelling a user population for
    designing information retrieval metrics. EVIA 2008, 30-41.

    Examples
    --------
    NTCIREVAL's sample, gains 1:2:3: the L3 at rank 2 stops 3 users in 3·3 + 3·2 + 4·1 = 19.

    >>> ideal = [3, 3, 3, 2, 2, 2, 1, 1, 1, 1, 0]
    >>> stop_probability([0, 3, None, 2], ideal, gains=(1, 2, 3)).round(4).tolist()
    [0.0, 0.1579, 0.0, 0.1053]
    """
    _validate.choice(stop, ("graded-uniform", "rank-biased"), "stop")
    topic = ntcir_topic(relevance, ideal, gains, condensed=condensed)
    if topic.R == 0:
        raise InvalidValueError("ideal holds no relevant grade: with no relevant document the "
                                "stop probabilities are undefined (NCU is 0 then).")
    relevant = topic.levels > 0
    if stop == "graded-uniform":
        weights = topic.gain_of_level if stops is None else tuple(stops)
        if len(weights) != len(topic.gain_of_level):
            raise InvalidValueError(
                f"stops={tuple(weights)!r} must give one stop value per level (L1..L"
                f"{len(topic.gain_of_level)}), as NTCIREVAL's -s does.")
        total = sum(count * weights[level - 1]
                    for level, count in enumerate(topic.level_counts) if level > 0)
        by_level = np.array([0.0] + [weight / total for weight in weights])
        return np.where(relevant, by_level[topic.levels], 0.0)
    gamma = _validate.number(gamma, "gamma", low=0.0, high=1.0)
    total = sum(gamma ** i for i in range(topic.R))
    seen = np.cumsum(relevant)
    return np.array([gamma ** (int(n) - 1) / total if is_relevant else 0.0
                     for n, is_relevant in zip(seen, relevant)])
