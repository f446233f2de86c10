r"""Discounted cumulative gain and its normalised form.

| function | measure | trec_eval name |
| --- | --- | --- |
| `dcg_at_k` | DCG@k | (none; trec_eval prints only nDCG) |
| `idcg_at_k` | IDCG@k | (none) |
| `ndcg_at_k` | nDCG, nDCG@k | `ndcg`, `ndcg_cut_k` |

DCG adds up a *gain* for each document, shrunk by a *discount* that grows with
the rank. Tools disagree on both, so both are named arguments:

| gain | formula | used by |
| --- | --- | --- |
| ``"linear"`` (default) | $g(rel) = rel$ | trec_eval, pytrec_eval, ranx, ir_measures, scikit-learn |
| ``"exponential"`` | $g(rel) = 2^{rel} - 1$ | FLAGR, ranx ``ndcg_burges``, ir_measures ``dcg='exp-log2'`` (Burges et al. 2005) |

| discount | formula | used by |
| --- | --- | --- |
| ``"log2"`` (default) | $d(i) = \log_2(i + 1)$ | every tool above |
| ``"jarvelin"`` | $d(i) = \max(1, \log_2 i)$ | Järvelin and Kekäläinen (2002), and the lecture seed |

Grades below 0 (trec_eval's "spam" judgments) have gain 0, as in trec_eval.

Each convention is one entry of ``GAINS`` (in `rankbook.metrics._gains`, shared
with trec_eval's gain measures) or ``DISCOUNTS``, which holds both its arithmetic
and how a worked formula writes it (`dcg_term`, used by `explain`), so a new
convention cannot compute one thing and print another.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

import numpy as np

from rankbook import _validate
from rankbook.metrics._gains import GAINS, Gain, gains_of, ideal_gains



@dataclass(frozen=True)
class Discount:
    r"""A discount function $d(i)$: its arithmetic, and how a worked formula writes it.

    ``latex`` and ``text`` write $d$ of one rank, the rank written ``{i}``;
    ``undiscounted`` is the number of leading ranks with $d(i) = 1$, whose terms
    are written without a denominator.
    """

    name: str
    of: Callable[[np.ndarray], np.ndarray]  # d of ranks 1, 2, ...
    latex: str
    text: str
    undiscounted: int = 0


DISCOUNTS = {
    "log2": Discount("log2", lambda ranks: np.log2(ranks + 1), "\\log_2({i}+1)", "log2({i}+1)"),
    "jarvelin": Discount("jarvelin", lambda ranks: np.maximum(1.0, np.log2(ranks)),
                         "\\log_2 {i}", "log2({i})", undiscounted=2),
}


def gain_values(grades: np.ndarray, gain: str = "linear") -> np.ndarray:
    r"""The gain of each grade: $rel$ (linear) or $2^{rel} - 1$ (exponential); 0 below 0."""
    _validate.choice(gain, GAINS, "gain")
    return GAINS[gain].of(np.maximum(np.asarray(grades, dtype=float), 0.0))


def discount_values(n: int, discount: str = "log2") -> np.ndarray:
    r"""The discount of ranks 1..n: $\log_2(i+1)$, or $\max(1, \log_2 i)$ (Järvelin-Kekäläinen)."""
    _validate.choice(discount, DISCOUNTS, "discount")
    return DISCOUNTS[discount].of(np.arange(1, n + 1, dtype=float))


def dcg_term(grade: str, i: int, gain: str = "linear", discount: str = "log2") -> tuple[str, str]:
    r"""The term $g(rel_i) / d(i)$ of DCG written out, as (LaTeX, plain text).

    ``grade`` is the grade as written (already floored at 0). `explain`'s worked
    formulas are built from these, so they follow the same conventions as the
    arithmetic of `dcg_at_k` (``GAINS`` and ``DISCOUNTS`` hold both).

    Examples
    --------
    >>> dcg_term("3", 2)
    ('\\frac{3}{\\log_2(2+1)}', '3/log2(2+1)')
    >>> dcg_term("3", 2, "exponential", "jarvelin")
    ('(2^{3} - 1)', '(2^3-1)')
    """
    g, d = GAINS[gain], DISCOUNTS[discount]
    if i <= d.undiscounted:
        return g.latex_alone.format(g=grade), g.text.format(g=grade)
    return (f"\\frac{{{g.latex.format(g=grade)}}}{{{d.latex.format(i=i)}}}",
            f"{g.text.format(g=grade)}/{d.text.format(i=i)}")


def dcg_at_k(
    relevance: Sequence[float],
    k: int | None = None,
    *,
    gain: str = "linear",
    discount: str = "log2",
    gain_map: Mapping[float, float] | None = None,
) -> float:
    r"""Discounted cumulative gain of the first k results.

    $$DCG@k = \sum_{i=1}^{k} \frac{g(rel_i)}{d(i)}$$

    where $rel_i$ is the grade at rank $i$, $g$ the gain function and $d$ the
    discount:

    - ``gain="linear"``: $g(rel) = rel$; ``gain="exponential"``: $g(rel) = 2^{rel} - 1$.
    - ``discount="log2"``: $d(i) = \log_2(i + 1)$, so
      $DCG@k = \sum_{i=1}^{k} \frac{g(rel_i)}{\log_2(i+1)}$.
    - ``discount="jarvelin"``: $d(i) = \max(1, \log_2 i)$, which is Järvelin and
      Kekäläinen's original $DCG@k = rel_1 + \sum_{i=2}^{k} \frac{rel_i}{\log_2 i}$.
      Ranks 1 and 2 are both undiscounted.

    Grades below 0 have gain 0. Positions past the end of the list add
    nothing, so DCG@k for k beyond the list equals DCG of the whole list.

    Parameters
    ----------
    relevance : sequence of float, shape (n,)
        Grades of the ranked list, rank 1 first.
    k : int, optional
        Cut-off; None (default) uses the whole list.
    gain : {"linear", "exponential"}, default "linear"
        Gain function (see above). trec_eval uses linear.
    discount : {"log2", "jarvelin"}, default "log2"
        Discount function (see above). trec_eval uses log2.
    gain_map : mapping of float to float, optional
        Custom gains ``{grade: gain}`` (trec_eval's ``ndcg.1=3,2=9``): a listed
        grade gets the mapped gain instead of $g(rel)$; other grades keep
        $g(rel)$. Unjudged documents (``None``) and negative grades keep gain 0
        whatever the map says, as in trec_eval. Gains may be 0 or negative.

    Returns
    -------
    float
        DCG@k, >= 0. Not bounded above; divide by `idcg_at_k` to compare queries.

    See Also
    --------
    idcg_at_k : DCG of the ideal ordering.

    ndcg_at_k : DCG divided by IDCG.

    References
    ----------
    Järvelin, K. and Kekäläinen, J. (2002). Cumulated gain-based evaluation of
    IR techniques. ACM Transactions on Information Systems 20(4), 422-446.

    Burges, C. et al. (2005). Learning to rank using gradient descent. In
    Proceedings of ICML 2005, 89-96.

    Examples
    --------
    The lecture's graded example (grades 3, 2, 3, 0, 0, 1, 2, 2, 3, 0) with the
    Järvelin-Kekäläinen discount. The slides print DCG = 6.89 at rank 3 and
    9.61 at rank 10:

    >>> grades = [3, 2, 3, 0, 0, 1, 2, 2, 3, 0]
    >>> round(dcg_at_k(grades, 3, discount="jarvelin"), 2)
    6.89
    >>> round(dcg_at_k(grades, 10, discount="jarvelin"), 2)
    9.61

    FLAGR's table (gain $2^{rel}-1$, which equals $rel$ for 0/1 grades) prints
    DCG@5 = 1.93 for the 8-element list:

    >>> round(dcg_at_k([1, 0, 1, 1, 0, 1, 0, 0], 5, gain="exponential"), 2)
    1.93
    """
    k = _validate.cutoff(k, allow_none=True)
    top = gains_of(relevance, gain=gain, gain_map=gain_map)[:k]
    # math.fsum rounds the sum once, so DCG@k never decreases with k and a trailing
    # grade 0 changes nothing, exactly (np.sum's pairwise order can move the last bit).
    return math.fsum(top / discount_values(len(top), discount))


def idcg_at_k(
    ideal: Sequence[float],
    k: int | None = None,
    *,
    gain: str = "linear",
    discount: str = "log2",
    gain_map: Mapping[float, float] | None = None,
) -> float:
    r"""DCG of the best possible ordering of the query's judged grades.

    $$IDCG@k = DCG@k(rel^{*})$$

    where $rel^{*}$ is ``ideal`` sorted from the highest grade to the lowest,
    so $IDCG@k = \sum_{i=1}^{k} g(rel^{*}_i) / d(i)$.

    ``ideal`` should hold the grade of every judged document of the query,
    retrieved or not, in any order: that is how trec_eval builds it. Grades
    below 0 contribute nothing. With ``k=None`` every grade counts (trec_eval's
    ``ndcg``); with ``k`` the top k (``ndcg_cut_k``). The ideal ordering sorts
    the *gains*, largest first, and keeps the positive ones only, so a
    ``gain_map`` that reorders the grades (``{1: 10, 2: 5}``) reorders the
    ideal too, and a negative gain never lowers IDCG (trec_eval's rule).

    Parameters
    ----------
    ideal : sequence of float
        The query's judged grades, in any order.
    k : int, optional
        Cut-off; None (default) uses all of them.
    gain : {"linear", "exponential"}, default "linear"
        As in `dcg_at_k`.
    discount : {"log2", "jarvelin"}, default "log2"
        As in `dcg_at_k`.
    gain_map : mapping of float to float, optional
        As in `dcg_at_k`.

    Returns
    -------
    float
        IDCG@k, >= 0.

    See Also
    --------
    dcg_at_k, ndcg_at_k

    References
    ----------
    Järvelin, K. and Kekäläinen, J. (2002). Cumulated gain-based evaluation of
    IR techniques. ACM Transactions on Information Systems 20(4), 422-446.

    Examples
    --------
    Four relevant documents in all, as in FLAGR's 8-element table, which
    prints IDCG@2 = 1.63 and IDCG@4 = 2.56:

    >>> round(idcg_at_k([1, 1, 1, 1], 2), 2), round(idcg_at_k([1, 1, 1, 1], 4), 2)
    (1.63, 2.56)
    """
    k = _validate.cutoff(k, allow_none=True)
    best_first = ideal_gains(ideal, gain=gain, gain_map=gain_map)[:k]
    return math.fsum(best_first / discount_values(len(best_first), discount))


def ndcg_at_k(
    relevance: Sequence[float],
    k: int | None = None,
    *,
    ideal: Sequence[float] | None = None,
    gain: str = "linear",
    discount: str = "log2",
    gain_map: Mapping[float, float] | None = None,
) -> float:
    r"""DCG@k divided by the DCG@k of the ideal ordering.

    $$nDCG@k = \frac{DCG@k}{IDCG@k}$$

    and 0.0 when $IDCG@k = 0$ (the query has no document with positive gain).

    **Which ideal?** Pass ``ideal``, the grades of every judged document of the
    query (retrieved or not), to get trec_eval's nDCG. Without ``ideal`` the
    ideal ordering is built from the list's own grades sorted, which is what
    scikit-learn's ``ndcg_score`` and FLAGR do. **That overestimates nDCG
    whenever relevant documents were not retrieved**: a system that returns a
    single relevant document out of ten scores a perfect 1.0.

    Parameters
    ----------
    relevance : sequence of float, shape (n,)
        Grades of the ranked list, rank 1 first.
    k : int, optional
        Cut-off for both DCG and IDCG; None (default) uses the whole list for
        DCG and every grade of ``ideal`` for IDCG (trec_eval's ``ndcg``).
    ideal : sequence of float, optional
        The query's judged grades in any order. Default: ``relevance`` itself.
    gain : {"linear", "exponential"}, default "linear"
        As in `dcg_at_k`.
    discount : {"log2", "jarvelin"}, default "log2"
        As in `dcg_at_k`.
    gain_map : mapping of float to float, optional
        As in `dcg_at_k`.

    Returns
    -------
    float
        nDCG@k, between 0 and 1 (when ``ideal`` holds every grade in ``relevance``).

    See Also
    --------
    dcg_at_k, idcg_at_k

    References
    ----------
    Järvelin, K. and Kekäläinen, J. (2002). Cumulated gain-based evaluation of
    IR techniques. ACM Transactions on Information Systems 20(4), 422-446.

    Examples
    --------
    FLAGR's 8-element table prints nDCG@5 = 0.75:

    >>> round(ndcg_at_k([1, 0, 1, 1, 0, 1, 0, 0], 5), 2)
    0.75

    The lecture's graded example against its own sorted grades, with the
    Järvelin-Kekäläinen discount:

    >>> round(ndcg_at_k([3, 2, 3, 0, 0, 1, 2, 2, 3, 0], 10, discount="jarvelin"), 6)
    0.882494

    One relevant document retrieved out of three that exist:

    >>> ndcg_at_k([0, 1])
    0.6309297535714575
    >>> round(ndcg_at_k([0, 1], ideal=[1, 1, 1]), 6)
    0.296082

    A custom gain map, trec_eval's ``ndcg.1=3,2=9``: grade 1 is worth 3 and
    grade 2 is worth 9. One grade 1 document above one grade 2 document gives
    $(3 + 9/\log_2 3) / (9 + 3/\log_2 3)$:

    >>> round(ndcg_at_k([1, 2], gain_map={1: 3, 2: 9}), 6)
    0.796708
    """
    ideal = relevance if ideal is None else ideal
    actual = dcg_at_k(relevance, k, gain=gain, discount=discount, gain_map=gain_map)
    best = idcg_at_k(ideal, k, gain=gain, discount=discount, gain_map=gain_map)
    return actual / best if best > 0 else 0.0
