r"""LAG: how many incorrect items a reader passes before each correct one.

| function | measure | trec_eval name |
| --- | --- | --- |
| `lag` | LAG of one ranked list | (none) |
| `mean_lag` | LAG averaged over queries | (none) |

LAG comes from traceability-link recovery, where an analyst reads a ranked
list of candidate links and every incorrect link read is wasted effort. It is
defined in the "Rank Metrics" page of the ArDoCo metrics calculator (Fuchß
2024). Lower is better: 0 means every correct item comes before every
incorrect one. No trec_eval, ranx, ir_measures or scikit-learn measure computes
it.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np

from rankbook import _validate
from rankbook._errors import InvalidValueError, RankbookError
from rankbook.metrics._common import is_relevant

UNRETRIEVED = ("ignore", "bottom")
AVERAGES = ("query", "item")


@_validate.explains_missing_arguments
def lag(
    relevance: Sequence[float],
    n_relevant: int | None = None,
    *,
    unretrieved: str = "ignore",
    relevance_level: float = 1,
) -> float:
    r"""Mean number of non-relevant items ranked above each relevant item.

    $$\text{Lag} = \frac{1}{|C|} \sum_{i \in C} \ell_i, \qquad
    \ell_i = \sum_{j=1}^{i-1} [\,\mathrm{rel}_j < t\,] = i - \sum_{j=1}^{i} [\,\mathrm{rel}_j \ge t\,]$$

    where $C$ is the set of ranks of the correct (relevant) items that are
    counted, $\ell_i$ the lag of the item at rank $i$ (the incorrect items
    above it), $\mathrm{rel}_j$ the grade at rank $j$ and $t$ the relevance threshold.
    The second form of $\ell_i$ says the same thing as the first: of the $i - 1$
    items above rank $i$, all but the relevant ones are incorrect. A perfect
    ranking (every relevant item first) has LAG 0; there is no upper bound
    other than the length of the list.

    The seed defines $\ell_i$ only for items in the list. What happens to a
    relevant item the system never retrieved is a convention, ``unretrieved``:

    - ``"ignore"`` (default): only retrieved relevant items are counted, so
      $C$ = the ranks of the relevant items in the list. This is what the
      ArDoCo calculator computes (``calculateLAG`` loops over the ranked
      results only). It does not need R, and appending non-relevant items to
      the end of the list never changes it; but a list that misses relevant
      items is not penalised for missing them.
    - ``"bottom"``: each of the $R - r$ relevant items that were not retrieved
      is placed just below the list, so its lag is the number of non-relevant
      items in the list, $n - r$ (where $n$ is the length of the list and $r$
      the relevant items in it). $|C| = R$. Missing a relevant item then
      costs as much as finding it last. Requires ``n_relevant``.

    When no relevant item is counted ($|C| = 0$: none retrieved under
    ``"ignore"``, or R = 0 under ``"bottom"``), LAG is an average over nothing
    and the function returns ``nan`` (given such a list alone, the ArDoCo
    calculator divides 0 by 0 and gets NaN too). `mean_lag` leaves such
    queries out of its mean.

    An unjudged document (``None``) is non-relevant (grade 0).

    Parameters
    ----------
    relevance : sequence of float, shape (n,)
        Grades of the ranked list, rank 1 first. ``None`` marks an unjudged
        document.
    n_relevant : int, optional
        R, the number of relevant items of the query, retrieved or not.
        Required by ``unretrieved="bottom"``; checked but not used by
        ``"ignore"``.
    unretrieved : {"ignore", "bottom"}, default "ignore"
        What a relevant item that is not in the list counts (see above).
    relevance_level : float, default 1
        Lowest grade that counts as relevant (correct).

    Returns
    -------
    float
        LAG, between 0 and the number of non-relevant items in the list;
        ``nan`` when no relevant item is counted.

    See Also
    --------
    mean_lag : the mean over queries.

    rankbook.metrics.reciprocal_rank.reciprocal_rank : looks at the first
        relevant item only.

    References
    ----------
    Fuchß, D. (2024). Rank Metrics. ArDoCo metrics calculator wiki,
    https://github.com/ArDoCo/Metrics/wiki/Rank-Metrics.

    Hayes, J. H., Dekhtyar, A. and Sundaram, S. K. (2006). Advancing candidate
    link generation for requirements tracing: the study of methods. IEEE
    Transactions on Software Engineering 32(1), 4-19.

    Examples
    --------
    The seed's example: a relevant item that should be at rank 1 but is ranked
    at rank 3 has a lag of 2:

    >>> lag([0, 0, 1])
    2.0

    Relevant at ranks 1, 3 and 5: the lags are 0, 1 and 2, their mean is 1.
    If R = 4, the fourth relevant item was missed; placed below the list it
    has the list's 2 non-relevant items above it:

    >>> lag([1, 0, 1, 0, 1])
    1.0
    >>> lag([1, 0, 1, 0, 1], n_relevant=4, unretrieved="bottom")
    1.25
    """
    lag_sum, counted = _lag_sum_and_count(relevance, n_relevant, unretrieved, relevance_level)
    return lag_sum / counted if counted else math.nan


@_validate.explains_missing_arguments
def mean_lag(
    rankings: Sequence[Sequence[float]],
    n_relevant: Sequence[int] | None = None,
    *,
    unretrieved: str = "ignore",
    average: str = "query",
    relevance_level: float = 1,
) -> float:
    r"""LAG over several queries: the mean of the per-query LAGs, or over all items.

    $$\text{LAG} = \frac{1}{|Q|} \sum_{q \in Q} \text{Lag}(q)
    \quad\text{or}\quad
    \text{LAG}_{\text{item}} = \frac{\sum_{q} \sum_{i \in C_q} \ell_i}{\sum_q |C_q|}$$

    where $\text{Lag}(q)$ is `lag` of query $q$, $C_q$ the ranks of its counted
    relevant items, $\ell_i$ the lag of one item and $Q$ the queries whose LAG
    is defined ($|C_q| > 0$). ``average`` chooses between the two:

    - ``"query"`` (default): the macro average, each query counts once. This
      is the formula on the seed's "Rank Metrics" page,
      $\frac{1}{N}\sum_{i=1}^{N} \text{Lag}(i)$.
    - ``"item"``: the micro average, pooling every counted relevant item of
      every query, so a query with many relevant items weighs more. This is
      what the ArDoCo calculator's ``calculateLAG`` computes (one sum of lags
      and one count of relevant items across all ranked lists), which
      departs from its own wiki formula.

    A query with no counted relevant item (its `lag` is ``nan``) is left out
    of both averages; when every query is left out the result is ``nan``.

    Parameters
    ----------
    rankings : sequence of sequence of float
        One ranked list of grades per query, each rank 1 first.
    n_relevant : sequence of int, optional
        R of each query, in the order of ``rankings``. Required by
        ``unretrieved="bottom"``.
    unretrieved : {"ignore", "bottom"}, default "ignore"
        As in `lag`.
    average : {"query", "item"}, default "query"
        Macro (per query) or micro (per item) average, see above.
    relevance_level : float, default 1
        Lowest grade that counts as relevant.

    Returns
    -------
    float
        Mean LAG, >= 0; ``nan`` when no query has a counted relevant item.

    See Also
    --------
    lag : one query.

    References
    ----------
    Fuchß, D. (2024). Rank Metrics. ArDoCo metrics calculator wiki,
    https://github.com/ArDoCo/Metrics/wiki/Rank-Metrics.

    Examples
    --------
    Two queries: lags 0, 1, 2 (LAG 1) and one relevant item with lag 3
    (LAG 3). Each query counts once, or each relevant item does:

    >>> runs = [[1, 0, 1, 0, 1], [0, 0, 0, 1]]
    >>> mean_lag(runs)
    2.0
    >>> mean_lag(runs, average="item")   # (0 + 1 + 2 + 3) / 4
    1.5
    """
    _validate.choice(average, AVERAGES, "average")
    rankings = _validate.rankings(rankings)
    totals = [None] * len(rankings) if n_relevant is None else _validate.per_query(
        n_relevant, rankings, "n_relevant")
    parts = []
    for q, (relevance, R) in enumerate(zip(rankings, totals)):
        try:
            lag_sum, counted = _lag_sum_and_count(relevance, R, unretrieved, relevance_level)
        except RankbookError as error:
            raise type(error)(f"query {q} (rankings[{q}]): {error}") from error
        if counted:  # a query whose LAG is nan is left out
            parts.append((lag_sum, counted))
    if not parts:
        return math.nan
    if average == "query":
        return sum(lag_sum / counted for lag_sum, counted in parts) / len(parts)
    return sum(lag_sum for lag_sum, _ in parts) / sum(counted for _, counted in parts)


def _lag_sum_and_count(relevance, n_relevant, unretrieved: str, relevance_level) -> tuple[int, int]:
    """The sum of the item lags, and |C|, the number of relevant items counted."""
    grades = _validate.grades(relevance)
    threshold = _validate.threshold(relevance_level)
    _validate.choice(unretrieved, UNRETRIEVED, "unretrieved")
    if unretrieved == "bottom" and n_relevant is None:
        raise InvalidValueError(
            'unretrieved="bottom" places the relevant items that were not retrieved '
            "below the list, so it needs their number: pass n_relevant=R (every relevant "
            'item of the query). Or use unretrieved="ignore" to count retrieved items only.'
        )
    R = None if n_relevant is None else _validate.n_relevant(n_relevant, grades, threshold)

    relevant = is_relevant(grades, threshold)
    ranks = np.arange(1, len(grades) + 1)
    item_lags = (ranks - np.cumsum(relevant))[relevant]  # l_i = i - (relevant up to rank i)
    lag_sum, counted = int(item_lags.sum()), len(item_lags)
    if unretrieved == "bottom":
        missing = R - counted
        lag_sum += missing * (len(grades) - counted)  # every non-relevant item is above them
        counted = R
    return lag_sum, counted
