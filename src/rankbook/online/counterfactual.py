r"""Counterfactual estimates: a new ranking judged by the clicks logged on an old one.

Clicks are biased by position: a document shown at rank 8 is clicked less than the same
document at rank 1 because fewer users look at rank 8. Under the position-based model a user
examines rank $r$ with probability $\gamma_r$, the *propensity*, and clicks an examined
document with probability $\alpha_d$ (for noiseless clicks, 1 when the document is relevant
and 0 otherwise). Joachims, Swaminathan and Schnabel (2017) weight each click by the inverse
of its propensity, which cancels the position bias:

$$\hat{U}_{\mathrm{IPS}} = \frac{1}{|Q|} \sum_{q \in Q} \sum_{i : c_{q,i} = 1}
\frac{\lambda\big(\mathrm{rank}_{\mathrm{new}}(d_{q,i})\big)}{\gamma_i}$$

where $d_{q,i}$ is the document the log showed at rank $i$ for query $q$, $c_{q,i}$ its
click, and $\lambda$ the utility of a rank in the new ranking ($1/\log_2(1 + r)$ for DCG). Its
expectation is exactly $\frac{1}{|Q|} \sum_q \sum_d \alpha_d\, \lambda(\mathrm{rank}_\mathrm{new}(d))$,
the new ranking's DCG with gains $\alpha_d$, provided every document the new ranking is judged on was shown by the log with
$\gamma > 0$. The self-normalised form divides by the estimated number of (attractive)
documents instead of the number of queries:

$$\hat{U}_{\mathrm{SNIPS}} = \frac{\sum_q \sum_{i : c_{q,i} = 1} \lambda(\mathrm{rank}_\mathrm{new}(d_{q,i})) / \gamma_i}
{\sum_q \sum_{i : c_{q,i} = 1} 1 / \gamma_i}$$

which estimates the utility per relevant document, $\sum_q \sum_d \alpha_d \lambda_d /
\sum_q \sum_d \alpha_d$: slightly biased for a small log, far less variable.

| function | what it gives |
| --- | --- |
| `position_based_propensities` | $\gamma_r = (1/r)^\eta$, Joachims et al.'s examination model |
| `ips_estimate` | $\hat{U}_{\mathrm{IPS}}$ (or its per-query terms) |
| `snips_estimate` | $\hat{U}_{\mathrm{SNIPS}}$ |
"""

from __future__ import annotations

import math
import numbers
from fractions import Fraction

from rankbook._errors import InvalidTypeError, InvalidValueError
from rankbook.online import _common

__all__ = ["position_based_propensities", "ips_estimate", "snips_estimate"]

UTILITIES = ("dcg", "rank")


def position_based_propensities(n: int, *, eta=1) -> list:
    r"""The examination probability of ranks 1 to n: $\gamma_r = (1/r)^\eta$.

    Parameters
    ----------
    n : int
        How many ranks.
    eta : float, default 1
        The severity of the position bias: 0 is none (every rank examined), larger values
        let the examination fall faster.

    Returns
    -------
    list
        $\gamma_1, \dots, \gamma_n$, exact fractions when ``eta`` is a whole number.

    References
    ----------
    Joachims, T., Swaminathan, A. and Schnabel, T. (2017). Unbiased learning-to-rank with
    biased feedback. WSDM 2017, pages 781-789.

    Examples
    --------
    >>> position_based_propensities(4)
    [Fraction(1, 1), Fraction(1, 2), Fraction(1, 3), Fraction(1, 4)]
    """
    n = _common.count(n, "n", "the number of ranks")
    if isinstance(eta, bool) or not isinstance(eta, numbers.Real) or eta < 0:
        raise InvalidValueError(f"eta must be a number >= 0 (the severity of the position "
                                f"bias), got {eta!r}.")
    if isinstance(eta, numbers.Integral):
        return [Fraction(1, r ** int(eta)) for r in range(1, n + 1)]
    return [(1 / r) ** float(eta) for r in range(1, n + 1)]


def _utility(utility):
    if callable(utility):
        return utility
    if utility == "dcg":
        return lambda rank: 0 if rank is None else 1 / math.log2(rank + 1)
    if utility == "rank":
        return lambda rank: rank
    raise InvalidValueError(
        f"utility={utility!r} is not 'dcg' (1/log2(1 + rank) in the new ranking), 'rank' (the "
        "rank itself: the sum of the ranks of the relevant documents) or a function of the rank.")


def _weighted_clicks(logged, clicks, propensities, new, utility):
    """Per query: the (utility, 1 / propensity) of each click."""
    if len(logged) != len(clicks) or len(logged) != len(new):
        raise InvalidValueError(
            f"logged, clicks and new must hold one entry per query; got {len(logged)}, "
            f"{len(clicks)} and {len(new)}.")
    gamma = [_common.probability(p, f"propensities[{r}]") for r, p in enumerate(propensities)]
    value = _utility(utility)
    per_query = []
    for q, (shown, marks, ranking) in enumerate(zip(logged, clicks, new)):
        shown = _common.ranking(shown, f"logged[{q}]")
        marks = _common.clicks(marks, shown, f"clicks[{q}]")
        ranking = _common.ranking(ranking, f"new[{q}]")
        terms = []
        for i, (document, click) in enumerate(zip(shown, marks)):
            if not click:
                continue
            if i >= len(gamma) or not gamma[i]:
                raise InvalidValueError(
                    f"query {q} has a click at rank {i + 1}, where the propensity is "
                    f"{'missing' if i >= len(gamma) else 0}; give a propensity > 0 for every "
                    "rank the log shows.")
            rank = ranking.index(document) + 1 if document in ranking else None
            if rank is None and utility == "rank":
                raise InvalidValueError(
                    f"the clicked document {document!r} of query {q} is not in new[{q}]; the "
                    "'rank' utility needs every clicked document ranked.")
            terms.append((value(rank), 1 / gamma[i]))
        per_query.append(terms)
    return per_query


def _ratio(numerator, denominator):
    """numerator / denominator, exact when both are whole numbers or fractions."""
    if isinstance(numerator, numbers.Rational) and isinstance(denominator, numbers.Rational):
        return Fraction(numerator) / denominator
    return numerator / denominator


def _sequences(logged, clicks, new):
    for name, values in (("logged", logged), ("clicks", clicks), ("new", new)):
        if isinstance(values, (str, bytes)) or not hasattr(values, "__len__") or not values:
            raise InvalidTypeError(
                f"{name} must hold one entry per query (a list of lists), e.g. {name}=[...]; "
                f"got {values!r}.")
    return list(logged), list(clicks), list(new)


def ips_estimate(logged, clicks, propensities, new, *, utility="dcg", per_query: bool = False):
    r"""The inverse-propensity-scoring estimate of the new rankings' utility, from logged clicks.

    $$\hat{U}_{\mathrm{IPS}} = \frac{1}{|Q|} \sum_{q} \sum_{i : c_{q,i} = 1}
    \frac{\lambda(\mathrm{rank}_{\mathrm{new}}(d_{q,i}))}{\gamma_i}$$

    Parameters
    ----------
    logged : sequence of sequences of hashable
        Per query, the ranked list the log showed.
    clicks : sequence of sequences of {0, 1}
        Per query, one entry per rank of the logged list.
    propensities : sequence of float
        $\gamma_r$: the probability that rank $r$ of the logged lists was examined.
    new : sequence of sequences of hashable
        Per query, the new ranking to evaluate.
    utility : {"dcg", "rank"} or callable, default "dcg"
        $\lambda$: ``"dcg"`` is $1/\log_2(1 + r)$ (0 for a document the new ranking lacks);
        ``"rank"`` is $r$ (Joachims et al.'s sum of the ranks of the relevant documents);
        or a function of the rank (None for a missing document).
    per_query : bool, default False
        Return each query's term instead of their mean.

    Returns
    -------
    float or list
        The estimate, or the per-query terms.

    References
    ----------
    Joachims, T., Swaminathan, A. and Schnabel, T. (2017). Unbiased learning-to-rank with
    biased feedback. WSDM 2017, pages 781-789.

    Examples
    --------
    One query: the log showed d1, d2, d3 and the user clicked d3 (examined with probability
    1/3). The new ranking puts d3 first: $\lambda(1) = 1$, weighted by 3.

    >>> ips_estimate([["d1", "d2", "d3"]], [[0, 0, 1]], [1, 0.5, 1 / 3],
    ...              [["d3", "d1", "d2"]])
    3.0
    """
    logged, clicks, new = _sequences(logged, clicks, new)
    per = [sum(value * weight for value, weight in terms)
           for terms in _weighted_clicks(logged, clicks, propensities, new, utility)]
    return per if per_query else _ratio(sum(per), len(per))


def snips_estimate(logged, clicks, propensities, new, *, utility="dcg"):
    r"""The self-normalised IPS estimate: the clicks' weighted utility over their total weight.

    $$\hat{U}_{\mathrm{SNIPS}} = \frac{\sum_q \sum_{i : c_{q,i} = 1} \lambda(\mathrm{rank}_\mathrm{new}(d_{q,i})) / \gamma_i}
    {\sum_q \sum_{i : c_{q,i} = 1} 1 / \gamma_i}$$

    Parameters
    ----------
    logged, clicks, propensities, new, utility
        As for `ips_estimate`.

    Returns
    -------
    float
        The estimated utility per relevant document.

    Raises
    ------
    InvalidValueError
        If the log has no click (the ratio is undefined).

    References
    ----------
    Swaminathan, A. and Joachims, T. (2015). The self-normalized estimator for counterfactual
    learning. NeurIPS 2015, pages 3231-3239.

    Examples
    --------
    Two clicks: d3 (weight 3, moved to rank 1) and d1 (weight 1, moved to rank 2):
    $(3 \cdot 1 + 1 \cdot \frac{1}{\log_2 3}) / (3 + 1)$.

    >>> round(snips_estimate([["d1", "d2", "d3"]], [[1, 0, 1]], [1, 0.5, 1 / 3],
    ...                      [["d3", "d1", "d2"]]), 4)
    0.9077
    """
    logged, clicks, new = _sequences(logged, clicks, new)
    terms = [t for query in _weighted_clicks(logged, clicks, propensities, new, utility)
             for t in query]
    total_weight = sum(weight for _, weight in terms)
    if not terms:
        raise InvalidValueError(
            "the log has no click, so the self-normalised estimate (clicks' weighted utility "
            "over their total weight) is 0/0; log more queries.")
    return _ratio(sum(value * weight for value, weight in terms), total_weight)
