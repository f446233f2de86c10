r"""Average precision: precision averaged over the ranks of the relevant documents.

| function | measure | trec_eval name |
| --- | --- | --- |
| `average_precision` | AP, AP@k | `map`, `map_cut_k` |

The means over queries (MAP, GMAP) live in `rankbook.metrics.means`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from rankbook import _validate
from rankbook.metrics._common import is_relevant



@dataclass(frozen=True)
class APDenominator:
    """A convention for AP's denominator D: its arithmetic, and how a worked formula explains it.

    ``count(found, k, R)`` is D from the relevant documents in the top k, the
    cut-off and R (None when ``needs_R`` is False); ``why`` explains D in a worked
    formula, with ``{D}``, ``{k}`` and ``{R}`` filled in.
    """

    name: str
    count: Callable[[int, int, int | None], int]
    why: str
    needs_R: bool = True


AP_DENOMINATORS = {
    "relevant": APDenominator("relevant", lambda found, k, R: R,
                              "{D} = R, all relevant documents"),
    "retrieved_relevant": APDenominator("retrieved_relevant", lambda found, k, R: found,
                                        "{D} = relevant documents in the top {k}",
                                        needs_R=False),
    "min_k_relevant": APDenominator("min_k_relevant", lambda found, k, R: min(k, R),
                                    "{D} = min(k, R) = min({k}, {R})"),
}


def average_precision(
    relevance: Sequence[float],
    n_relevant: int | None = None,
    *,
    k: int | None = None,
    denominator: str = "relevant",
    relevance_level: float = 1,
) -> float:
    r"""Mean of the precision values at the ranks of the relevant documents.

    $$AP@k = \frac{1}{D} \sum_{i=1}^{k} P@i \cdot [\,rel_i \ge t\,]$$

    where $P@i$ is the precision at rank $i$, $[rel_i \ge t]$ is 1 when the
    document at rank $i$ is relevant, $k$ the cut-off (the whole list when
    ``k`` is None) and $D$ the denominator, one of three conventions:

    - ``"relevant"`` (default): $D = R$, every relevant document of the query,
      retrieved or not. A relevant document that was never retrieved adds a
      precision of 0. This is trec_eval's ``map`` and ``map_cut_k``, and
      pytrec_eval's, ranx's and ir_measures'.
    - ``"retrieved_relevant"``: $D$ = the relevant documents found in the top
      $k$. This is the running "AP@k" column of FLAGR's worked table (1.00,
      1.00, 0.83, 0.81, ...). It ignores relevant documents that were missed,
      so it rewards a system that finds one relevant document at rank 1 and
      nothing else with a perfect 1.0.
    - ``"min_k_relevant"``: $D = \min(k, R)$, common in recommender-systems
      code, so that a perfect top-k list scores 1 even when R > k.

    Equivalently (FLAGR's documentation) $AP = \sum_k (R@k - R@(k-1))\,P@k$,
    which is the ``"relevant"`` form. When $D = 0$ (no relevant documents) AP
    is 0.0, as in trec_eval.

    Parameters
    ----------
    relevance : sequence of float, shape (n,)
        Grades of the ranked list, rank 1 first.
    n_relevant : int, optional
        R, the number of relevant documents of the query. Required by the
        ``"relevant"`` and ``"min_k_relevant"`` denominators.
    k : int, optional
        Cut-off; None (default) uses the whole list.
    denominator : {"relevant", "retrieved_relevant", "min_k_relevant"}, default "relevant"
        Which $D$ to divide by (see above).
    relevance_level : float, default 1
        Lowest grade that counts as relevant.

    Returns
    -------
    float
        AP, between 0 and 1.

    See Also
    --------
    precision_at_k : the P@i inside the sum.

    rankbook.metrics.means.mean_average_precision : the mean over queries (MAP).

    References
    ----------
    Buckley, C. and Voorhees, E. M. (2000). Evaluating evaluation measure
    stability. In Proceedings of SIGIR 2000, pages 33-40.

    Manning, Raghavan and Schütze (2008). Introduction to Information Retrieval,
    section 8.4. Cambridge University Press.

    Examples
    --------
    The lecture's example: relevant at ranks 1, 3 and 5, three relevant in all,
    $\frac13(\frac11 + \frac23 + \frac35) \approx 0.76$:

    >>> round(average_precision([1, 0, 1, 0, 1], n_relevant=3), 6)
    0.755556

    FLAGR's table prints AP@5 = 0.81 for the 8-element list. That is the
    ``"retrieved_relevant"`` convention; trec_eval divides by all four
    relevant documents:

    >>> ranking = [1, 0, 1, 1, 0, 1, 0, 0]
    >>> round(average_precision(ranking, k=5, denominator="retrieved_relevant"), 2)
    0.81
    >>> round(average_precision(ranking, 4, k=5), 6)
    0.604167
    """
    grades = _validate.grades(relevance)
    threshold = _validate.threshold(relevance_level)
    _validate.choice(denominator, AP_DENOMINATORS, "denominator")
    k = _validate.cutoff(k, allow_none=True)
    if k is None:
        k = len(grades)
    relevant = is_relevant(grades[:k], threshold)
    ranks = np.arange(1, len(relevant) + 1)
    precision_at_rank = np.cumsum(relevant) / ranks
    total = float(np.sum(precision_at_rank[relevant]))

    convention = AP_DENOMINATORS[denominator]
    R = _validate.n_relevant(n_relevant, grades, threshold) if convention.needs_R else None
    D = convention.count(int(np.count_nonzero(relevant)), k, R)
    return total / D if D else 0.0
