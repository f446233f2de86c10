r"""Means over a set of queries: MAP, MRR and GMAP.

| function | measure | trec_eval name |
| --- | --- | --- |
| `mean_average_precision` | MAP | `map` (the `all` row) |
| `mean_reciprocal_rank` | MRR | `recip_rank` (the `all` row) |
| `geometric_mean_average_precision` | GMAP | `gm_map` |

`mean_over_topics` and `geometric_mean` are the two ways of averaging
per-query values that these functions (and the evaluator's `all` row) use:
each is written once, here.

Each function takes one ranked list of grades per query and calls the
single-query function (`average_precision`, `reciprocal_rank`) on each, so a
query's value is computed in exactly one place. The mean is a *macro* average:
every query counts once, however many documents it has (the lecture seed:
"MAP is macro-averaging: each query counts equally").

Which queries to average over is the caller's choice: trec_eval averages over
the queries that are in both the run and the qrels, or with ``-c`` over every
qrels query, a query missing from the run counting as an empty list (pass
``[]`` for it here). A query with no relevant documents (R = 0) is kept and
contributes 0, as in trec_eval.
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Sequence

import numpy as np

from rankbook import _validate
from rankbook._errors import InvalidTypeError, InvalidValueError
from rankbook.metrics.average_precision import average_precision
from rankbook.metrics.reciprocal_rank import reciprocal_rank

#: trec_eval's MIN_GEO_MEAN: the smallest per-query value a geometric mean takes.
GM_FLOOR = 1e-5


@_validate.explains_missing_arguments
def mean_average_precision(
    rankings: Sequence[Sequence[float]],
    n_relevant: Sequence[int] | None,
    *,
    k: int | None = None,
    denominator: str = "relevant",
    relevance_level: float = 1,
) -> float:
    r"""Mean of the average precision of each query (MAP).

    $$\mathrm{MAP} = \frac{1}{Q} \sum_{q=1}^{Q} \mathrm{AP}_q$$

    where $Q$ is the number of queries and $\mathrm{AP}_q$ the average precision of
    query $q$, computed by `average_precision` with that query's $R_q$:
    $\mathrm{AP}_q = \frac{1}{R_q} \sum_i \mathrm{P}@i \cdot [\,\mathrm{rel}_{q,i} \ge t\,]$.

    Every query counts once (a macro average). A query with $R_q = 0$ has
    $\mathrm{AP}_q = 0$ and stays in the mean, as in trec_eval. The conventions of
    `average_precision` (``k``, ``denominator``, ``relevance_level``)
    apply to every query alike.

    Parameters
    ----------
    rankings : sequence of sequences of float, Q rankings of any lengths
        One ranked list of grades per query, rank 1 first. ``None`` in a list
        marks an unjudged document (non-relevant). An empty list is a query
        for which nothing was retrieved (it scores 0).
    n_relevant : sequence of int, length Q, or None
        $R_q$ for each query, in the order of ``rankings``: the number of
        relevant documents of the query, retrieved or not. May be None only
        with ``denominator="retrieved_relevant"``.
    k : int, optional
        Cut-off applied to every query (trec_eval's ``map_cut_k``); None
        (default) uses the whole lists.
    denominator : {"relevant", "retrieved_relevant", "min_k_relevant"}, default "relevant"
        AP's denominator (see `average_precision`); ``"relevant"`` is
        trec_eval's.
    relevance_level : float, default 1
        Lowest grade that counts as relevant.

    Returns
    -------
    float
        MAP, between 0 and 1.

    Raises
    ------
    InvalidValueError
        If there are no queries (a mean over nothing is undefined), or
        ``n_relevant`` does not have one entry per ranking.

    See Also
    --------
    rankbook.metrics.average_precision.average_precision : $\mathrm{AP}_q$, one query.

    geometric_mean_average_precision : the geometric mean of the same values.

    References
    ----------
    Manning, Raghavan and Schütze (2008). Introduction to Information Retrieval,
    section 8.4. Cambridge University Press.

    Examples
    --------
    The lecture seed's example is one query, relevant at ranks 1, 3 and 5 with
    three relevant documents: $\frac13(\frac11 + \frac23 + \frac35) = \frac{34}{45}
    \approx 0.76$.

    >>> round(mean_average_precision([[1, 0, 1, 0, 1]], [3]), 6)
    0.755556

    Two queries count equally, whatever their lengths: $(1 + \frac12) / 2$.

    >>> mean_average_precision([[1], [0, 1, 0, 0]], [1, 1])
    0.75
    """
    rankings = _validate.rankings(rankings)
    if n_relevant is None:
        n_relevant = [None] * len(rankings)
    n_relevant = _validate.per_query(n_relevant, rankings, "n_relevant")
    ap = [
        _each_query(
            q, average_precision, ranking, R,
            k=k, denominator=denominator, relevance_level=relevance_level,
        )
        for q, (ranking, R) in enumerate(zip(rankings, n_relevant))
    ]
    return mean_over_topics(ap)


@_validate.explains_missing_arguments
def mean_reciprocal_rank(
    rankings: Sequence[Sequence[float]],
    *,
    k: int | None = None,
    relevance_level: float = 1,
) -> float:
    r"""Mean over queries of one over the rank of the first relevant document (MRR).

    $$\mathrm{MRR} = \frac{1}{Q} \sum_{q=1}^{Q} \frac{1}{K_q}$$

    where $Q$ is the number of queries and $K_q$ the rank of the first
    relevant document of query $q$; a query with no relevant document in its
    list (or in its first $k$ results) contributes 0. Each term is computed
    by `reciprocal_rank`.

    RR needs no R: only the first relevant document matters, so a query's
    other relevant documents, found or not, change nothing.

    Parameters
    ----------
    rankings : sequence of sequences of float, Q rankings of any lengths
        One ranked list of grades per query, rank 1 first.
    k : int, optional
        Cut-off applied to every query (ranx's ``mrr@k``, ir_measures'
        ``RR@k``); None (default) searches whole lists, as trec_eval's
        ``recip_rank`` does.
    relevance_level : float, default 1
        Lowest grade that counts as relevant.

    Returns
    -------
    float
        MRR, between 0 and 1.

    Raises
    ------
    InvalidValueError
        If there are no queries.

    See Also
    --------
    rankbook.metrics.reciprocal_rank.reciprocal_rank : $1/K_q$, one query.

    rankbook.metrics.search_length.search_length : $K_q$ itself.

    References
    ----------
    Voorhees, E. M. (1999). The TREC-8 Question Answering Track Report. In
    Proceedings of TREC-8, NIST Special Publication 500-246.

    Examples
    --------
    First relevant documents at ranks 1, 2 and 4 (the lecture seed: "MRR is
    the mean RR across multiple queries"): $(1 + \frac12 + \frac14) / 3 =
    \frac{7}{12}$.

    >>> round(mean_reciprocal_rank([[1, 0], [0, 1, 1], [0, 0, 0, 1]]), 6)
    0.583333
    """
    rankings = _validate.rankings(rankings)
    rr = [
        _each_query(q, reciprocal_rank, ranking, k=k, relevance_level=relevance_level)
        for q, ranking in enumerate(rankings)
    ]
    return mean_over_topics(rr)


@_validate.explains_missing_arguments
def geometric_mean_average_precision(
    rankings: Sequence[Sequence[float]],
    n_relevant: Sequence[int] | None,
    *,
    k: int | None = None,
    denominator: str = "relevant",
    relevance_level: float = 1,
    floor: float = GM_FLOOR,
) -> float:
    r"""Geometric mean of the average precision of each query (GMAP), as trec_eval computes it.

    $$\mathrm{GMAP} = \exp\left( \frac{1}{Q} \sum_{q=1}^{Q} \ln \max(\mathrm{AP}_q,\ \epsilon) \right)
           = \sqrt[Q]{\prod_{q=1}^{Q} \max(\mathrm{AP}_q,\ \epsilon)}$$

    where $Q$ is the number of queries, $\mathrm{AP}_q$ the average precision of query
    $q$ (from `average_precision`) and $\epsilon$ the floor, $10^{-5}$ by
    default.

    What trec_eval does (``m_gm_map.c`` and ``meas_avg.c``, 9.x and 10.0
    alike): for each query it stores $\ln \max(\mathrm{AP}_q, 10^{-5})$
    (``MIN_GEO_MEAN`` = .00001, "since trec_eval prints to four significant
    digits"); the summary line is $\exp$ of the mean of those logarithms. So an
    AP of 0, or any AP below $10^{-5}$, counts as exactly $10^{-5}$; without
    the floor a single query with AP = 0 would make the whole product 0. With
    ``-c`` a qrels query missing from the run also counts as $10^{-5}$ (pass
    an empty ranking for it here). trec_eval prints ``gm_map`` only in the
    summary; pytrec_eval, which returns the per-query values, returns the
    logarithm $\ln \max(\mathrm{AP}_q, 10^{-5})$, not AP.

    GMAP rewards consistency: raising a poor query's AP from 0.01 to 0.02
    doubles its factor in the product, while raising a good query's from 0.5
    to 0.51 hardly registers. MAP weighs both gains of 0.01 the same.

    Parameters
    ----------
    rankings : sequence of sequences of float, Q rankings of any lengths
        One ranked list of grades per query, rank 1 first.
    n_relevant : sequence of int, length Q, or None
        $R_q$ for each query (see `mean_average_precision`).
    k : int, optional
        Cut-off applied to every query; None (default) uses the whole lists.
    denominator : {"relevant", "retrieved_relevant", "min_k_relevant"}, default "relevant"
        AP's denominator (see `average_precision`).
    relevance_level : float, default 1
        Lowest grade that counts as relevant.
    floor : float, default 1e-5
        $\epsilon$, the smallest value a query's AP counts as; must be > 0.
        The default is trec_eval's ``MIN_GEO_MEAN``.

    Returns
    -------
    float
        GMAP, between ``floor`` and 1 (up to the rounding of exp and log:
        all-zero APs give 9.999999999999997e-06, as in trec_eval). It never
        exceeds the arithmetic mean of the floored values $\max(\mathrm{AP}_q, \epsilon)$.

    Raises
    ------
    InvalidValueError
        If there are no queries, ``n_relevant`` does not have one entry per
        ranking, or ``floor`` is not a positive number.

    See Also
    --------
    mean_average_precision : the arithmetic mean of the same values.

    References
    ----------
    Robertson, S. (2006). On GMAP: and other transformations. In Proceedings
    of CIKM 2006, pages 78-83.

    Voorhees, E. M. (2005). Overview of the TREC 2004 Robust Retrieval Track.
    In Proceedings of TREC 2004, NIST Special Publication 500-261.

    Examples
    --------
    APs of 1/2 and 1/8 have the geometric mean $\sqrt{1/16} = 1/4$ (their
    arithmetic mean, MAP, is 5/16):

    >>> round(geometric_mean_average_precision([[1, 0], [0, 0, 0, 0, 0, 0, 0, 1]], [2, 1]), 12)
    0.25

    A query with AP = 0 counts as $10^{-5}$, which drags the mean down hard:
    $\sqrt{1 \cdot 10^{-5}} \approx 0.003162$.

    >>> round(geometric_mean_average_precision([[1], [0]], [1, 1]), 6)
    0.003162
    """
    floor = _positive(floor, "floor")
    rankings = _validate.rankings(rankings)
    if n_relevant is None:
        n_relevant = [None] * len(rankings)
    n_relevant = _validate.per_query(n_relevant, rankings, "n_relevant")
    ap = [
        _each_query(
            q, average_precision, ranking, R,
            k=k, denominator=denominator, relevance_level=relevance_level,
        )
        for q, (ranking, R) in enumerate(zip(rankings, n_relevant))
    ]
    return geometric_mean(ap, floor)


def mean_over_topics(values: Sequence[float]) -> float:
    r"""The arithmetic mean $\frac{1}{Q} \sum_q v_q$, added up in the given order.

    trec_eval adds the per-query values one by one, in query order, and
    divides by the number of queries; this does the same, so the result is the
    same double (a compensated or pairwise sum could differ in the last bit).

    The running sums are numpy's ``cumsum`` (an accumulation, left to right, one
    addition at a time: the same doubles as a Python loop ``total += value``, at C
    speed for 300,000 topics); the last one is the total. ``0.0 +`` makes a total of
    $-0$ print as trec_eval's ``0.0000``, as the loop starting from ``0.0`` does.

    Examples
    --------
    >>> mean_over_topics([0.5, 0.25, 0.0])
    0.25
    >>> mean_over_topics([0.1] * 10) == sum([0.1] * 10) / 10   # the loop's double
    True
    """
    if len(values) == 0:
        raise ZeroDivisionError("mean_over_topics of no topic: there is nothing to average.")
    running_sums = np.cumsum(np.asarray(values, dtype=np.float64))
    return (0.0 + float(running_sums[-1])) / len(values)


def geometric_mean(values: Sequence[float], floor: float = GM_FLOOR) -> float:
    r"""The geometric mean $\exp(\frac{1}{Q} \sum_q \ln \max(v_q, \epsilon))$, as trec_eval's ``gm_*``.

    Each value is floored at $\epsilon$ (trec_eval's ``MIN_GEO_MEAN``,
    $10^{-5}$) before its logarithm is taken; the logarithms are added in the
    given order.

    Examples
    --------
    >>> round(geometric_mean([0.5, 0.125]), 12)
    0.25
    """
    total = 0.0
    for value in np.asarray(values, dtype=np.float64).tolist():  # floats, not numpy scalars
        total += math.log(max(value, floor))
    return math.exp(total / len(values))


def _each_query(q: int, metric, *args, **kwargs) -> float:
    """``metric(*args, **kwargs)`` for query number q, naming the query in any error."""
    try:
        return metric(*args, **kwargs)
    except (InvalidValueError, InvalidTypeError) as exc:
        raise type(exc)(f"query {q} (rankings[{q}]): {exc}") from exc


def _positive(value, name: str) -> float:
    """``value`` as a float, if it is a finite number > 0."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise InvalidTypeError(f"{name} must be a positive number, got {value!r}.")
    if not math.isfinite(value) or value <= 0:
        raise InvalidValueError(
            f"{name} must be a positive number (a logarithm of 0 is undefined), got {value!r}; "
            f"trec_eval uses {name}={GM_FLOOR}."
        )
    return float(value)
