r"""Measures built on a model of how a user reads the list.

| function | measure | trec_eval name |
| --- | --- | --- |
| `rank_biased_precision` | RBP | `rbp`, `rbp.p=0.8` (trec_eval 10 only) |
| `rank_biased_precision_residual` | RBP residual | `rbp_resid` (trec_eval 10 only) |
| `expected_reciprocal_rank` | ERR, ERR@k | (none; gdeval's ``err@k``, ir_measures' ``ERR@k``) |

RBP's user reads rank 1, then goes on to the next rank with probability $p$
(the persistence) and stops otherwise. ERR's user stops as soon as a document
satisfies them, and a document of a higher grade satisfies more often.
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Sequence

import numpy as np

from rankbook import _validate
from rankbook._errors import InvalidTypeError, InvalidValueError
from rankbook.metrics.cwl import rbp_reach

RESIDUAL_CONVENTIONS = ("trec_eval_10", "moffat_zobel")


@_validate.explains_missing_arguments
def rank_biased_precision(
    relevance: Sequence[float | None],
    *,
    persistence: float = 0.9,
    max_grade: float | None = 1,
    relevance_level: float | None = None,
) -> float:
    r"""Rank-biased precision: the rate of gain of a user who persists with probability p.

    $$\operatorname{RBP} = (1 - p) \sum_{i=1}^{n} r_i \, p^{\,i-1}$$

    where $p$ is the persistence (``persistence``) and $r_i \in [0, 1]$ the
    gain of rank $i$. In the C/W/L framework RBP is the expected utility of a
    user who goes on after every rank with probability $C(i) = p$: $p^{\,i-1}$
    is the probability of reaching rank $i$ (`rankbook.metrics.cwl.rbp_reach`)
    and $1 - p$ its weight's normaliser over an endless list.
    The gains:

    - by default $r_i = \mathrm{rel}_i / g_{\max}$, the grade scaled by ``max_grade``
      (1 for binary judgments, where $r_i$ is the grade itself);
    - with ``max_grade=None``, $r_i = \mathrm{rel}_i$ whatever the scale (ranx 0.3.15
      and later, whose ``rbp`` weighs each relevant document by its grade; RBP can then
      exceed 1);
    - with ``relevance_level`` $t$, $r_i = [\,\mathrm{rel}_i \ge t\,]$ (binary: ranx up
      to 0.3.14, and what ranx's documentation still describes).

    Unjudged documents (``None``) and negative grades have $r_i = 0$. RBP
    needs no $R$ and no ideal ranking; the user's expected number of
    documents read is $1/(1-p)$. A list of $n$ documents leaves
    $p^n$ of the weight unassigned: see `rank_biased_precision_residual`.

    **trec_eval 10** (``rbp``, default $p = 0.9$) uses the grades as gains
    and, when a topic's judgments have a grade above 1, divides every gain
    by the topic's highest judged grade: pass that grade as ``max_grade``.
    Its ``-l`` threshold does not apply.

    Parameters
    ----------
    relevance : sequence of float or None, shape (n,)
        Grades of the ranked list, rank 1 first.
    persistence : float, default 0.9
        $p$, with $0 \le p < 1$. trec_eval 10's default 0.9 models reading
        about 10 documents; 0.95 and 0.8 are common too.
    max_grade : float or None, default 1
        $g_{\max}$, the grade that counts as a full gain of 1; a grade above it
        is an error. trec_eval 10: the topic's highest judged grade (when
        above 1). None: the grades themselves are the gains, unbounded (ranx).
    relevance_level : float, optional
        If given, binary gains: a grade $\ge$ it is 1, anything else 0
        (``max_grade`` is then not used).

    Returns
    -------
    float
        RBP, between 0 and $1 - p^n$.

    See Also
    --------
    rank_biased_precision_residual : how much RBP could still grow.
    rankbook.metrics.cwl.cwl_quantities : RBP's EU, ETU, EC, ETC and ED as cwl_eval reports them.

    References
    ----------
    Moffat, A. and Zobel, J. (2008). Rank-biased precision for measurement of
    retrieval effectiveness. ACM Transactions on Information Systems 27(1),
    article 2.

    trec_eval 10.0, ``m_rbp.c``, https://github.com/usnistgov/trec_eval.

    Examples
    --------
    Relevant at ranks 1, 2, 6, 11 and 17 of 20, with $p = 0.5$:
    $0.5\,(1 + 0.5 + 0.5^5 + 0.5^{10} + 0.5^{16})$. ranx's unit test
    (``rank_biased_precision_test.py``) expects 0.7661, 0.4526 and 0.1881 for
    $p$ = 0.5, 0.8 and 0.95:

    >>> ranking = [1 if i in (1, 2, 6, 11, 17) else 0 for i in range(1, 21)]
    >>> [round(rank_biased_precision(ranking, persistence=p), 4) for p in (0.5, 0.8, 0.95)]
    [0.7661, 0.4526, 0.1881]

    Grades 3 and 1 at ranks 1 and 2, $p = 0.5$: scaled by the top grade (trec_eval 10),
    $0.5\,(1 + 0.5 \cdot \frac13)$; unscaled (ranx 0.3.15 and later), $0.5\,(3 + 0.5)$:

    >>> round(rank_biased_precision([3, 1], persistence=0.5, max_grade=3), 4)
    0.5833
    >>> rank_biased_precision([3, 1], persistence=0.5, max_grade=None)
    1.75
    """
    p = _validate.rbp_persistence(persistence)
    gains = _rbp_gains(relevance, max_grade, relevance_level)
    reach = rbp_reach(p, np.arange(1, len(gains) + 1))
    return (1.0 - p) * math.fsum(gains * reach)


@_validate.explains_missing_arguments
def rank_biased_precision_residual(
    relevance: Sequence[float | None],
    *,
    persistence: float = 0.9,
    convention: str = "trec_eval_10",
) -> float:
    r"""How much RBP could still rise if every unknown document were fully relevant.

    $$\operatorname{RBP}_{\text{resid}} = p^{\,n} + (1 - p) \sum_{i \in U} p^{\,i-1}$$

    where $n$ is the length of the list, $U$ the ranks of its unjudged
    documents (``None`` or a negative grade) and $p$ the persistence. The
    first term is the weight of the ranks past the end of the list, the
    second the weight of the unjudged ones; Moffat and Zobel report RBP as
    "base + residual", the interval in which the true value lies.

    Conventions (``convention``):

    - ``"trec_eval_10"`` (default): trec_eval 10's ``rbp_resid``, which
      returns 0 when the list has no unjudged document, dropping the $p^n$
      term then (it is tiny for a 1000-document run, not for a short list);
    - ``"moffat_zobel"``: the formula above, always.

    Parameters
    ----------
    relevance : sequence of float or None, shape (n,)
        Grades of the ranked list, rank 1 first.
    persistence : float, default 0.9
        $p$, with $0 \le p < 1$.
    convention : {"trec_eval_10", "moffat_zobel"}, default "trec_eval_10"
        See above.

    Returns
    -------
    float
        The residual, between 0 and 1.

    See Also
    --------
    rank_biased_precision

    References
    ----------
    Moffat, A. and Zobel, J. (2008). Rank-biased precision for measurement of
    retrieval effectiveness. ACM Transactions on Information Systems 27(1),
    article 2.

    trec_eval 10.0, ``m_rbp_resid.c``, https://github.com/usnistgov/trec_eval.

    Examples
    --------
    Three documents, the second unjudged, $p = 0.5$:
    $0.5^3 + 0.5 \cdot 0.5 = 0.375$. With every document judged, trec_eval 10
    reports 0 where the formula gives $0.5^3$:

    >>> rank_biased_precision_residual([1, None, 0], persistence=0.5)
    0.375
    >>> rank_biased_precision_residual([1, 0, 0], persistence=0.5)
    0.0
    >>> rank_biased_precision_residual([1, 0, 0], persistence=0.5, convention="moffat_zobel")
    0.125
    """
    p = _validate.rbp_persistence(persistence)
    _validate.choice(convention, RESIDUAL_CONVENTIONS, "convention")
    grades, judged = _validate.judged_grades(relevance)
    unjudged = ~judged | (grades < 0)
    if convention == "trec_eval_10" and not unjudged.any():
        return 0.0
    reach = rbp_reach(p, np.arange(1, len(grades) + 1))
    return p ** len(grades) + (1.0 - p) * math.fsum(reach[unjudged])


@_validate.explains_missing_arguments
def expected_reciprocal_rank(
    relevance: Sequence[float | None], k: int | None = None, *, max_grade: float = 4
) -> float:
    r"""Expected reciprocal rank: 1/rank of the document at which a cascade user stops.

    $$\operatorname{ERR}@k = \sum_{r=1}^{k} \frac{1}{r}\, R_r \prod_{i=1}^{r-1} (1 - R_i),
    \qquad R_i = \frac{2^{g_i} - 1}{2^{g_{\max}}}$$

    where $g_i$ is the grade at rank $i$, $g_{\max}$ the highest grade of the
    scale (``max_grade``) and $R_i$ the probability that the document at rank
    $i$ satisfies the user. The user reads from the top and stops at rank $r$
    with probability $R_r \prod_{i<r}(1 - R_i)$ (not satisfied before, satisfied
    now); ERR is the expected value of $1/r$ at the stop, counting 0 when the
    user never stops within the first $k$ ranks.

    Unjudged documents (``None``) and negative grades have $R_i = 0$. Without
    ``k`` the whole list counts. ERR is not normalised: a perfect list scores
    below 1 unless its first document has the top grade, and $R_i < 1$ even
    then ($1 - 2^{-g_{\max}}$).

    Parameters
    ----------
    relevance : sequence of float or None, shape (n,)
        Grades of the ranked list, rank 1 first, on a scale 0 .. ``max_grade``.
    k : int, optional
        Cut-off (ERR@k); None (default) uses the whole list.
    max_grade : float, default 4
        $g_{\max}$. Chapelle et al. use a five-grade scale 0-4, and so do
        gdeval (TREC Web track) and RankLib by default. A grade above it is an
        error: it would make $R_i > 1$.

    Returns
    -------
    float
        ERR@k, between 0 and 1.

    See Also
    --------
    rankbook.metrics.reciprocal_rank.reciprocal_rank : the binary ancestor, 1/rank of the first relevant document.

    References
    ----------
    Chapelle, O., Metzler, D., Zhang, Y. and Grinspan, P. (2009). Expected
    reciprocal rank for graded relevance. In Proceedings of CIKM 2009, 621-630.

    Examples
    --------
    On a 0-2 scale, grades 2, 0, 1: $R = (\frac34, 0, \frac14)$, so
    $\operatorname{ERR} = \frac34 + \frac13 \cdot \frac14 \cdot \frac14 \cdot 1
    = \frac{37}{48}$:

    >>> from fractions import Fraction
    >>> Fraction(expected_reciprocal_rank([2, 0, 1], max_grade=2)).limit_denominator(1000)
    Fraction(37, 48)
    >>> expected_reciprocal_rank([2, 0, 1], k=2, max_grade=2)
    0.75
    """
    grades, judged = _validate.judged_grades(relevance)
    k = _validate.cutoff(k, allow_none=True)
    top_grade = _grade_limit(max_grade)
    _refuse_above(grades, top_grade, "max_grade")
    grades = np.where(judged, np.maximum(grades, 0.0), 0.0)[:k]
    stop = (np.exp2(grades) - 1.0) / 2.0 ** top_grade
    total, not_yet_satisfied = 0.0, 1.0
    for rank, probability in enumerate(stop, start=1):
        total += not_yet_satisfied * probability / rank
        not_yet_satisfied *= 1.0 - probability
    return float(total)



def _grade_limit(value) -> float:
    if isinstance(value, bool) or not isinstance(value, numbers.Real) or not math.isfinite(value):
        raise InvalidTypeError(f"max_grade must be a finite number, got {value!r}.")
    if value <= 0:
        raise InvalidValueError(
            f"max_grade={value!r} must be above 0: it is the highest grade of the scale."
        )
    return float(value)


def _refuse_above(grades: np.ndarray, limit: float, name: str) -> None:
    above = np.flatnonzero(grades > limit)
    if above.size:
        position = int(above[0])
        raise InvalidValueError(
            f"relevance[{position}] = {grades[position]:g} is above {name}={limit:g}; pass "
            f"{name} >= the highest grade of the judgments (for trec_eval 10's rbp, the "
            "topic's highest judged grade)."
        )


def _rbp_gains(relevance, max_grade, relevance_level) -> np.ndarray:
    grades, judged = _validate.judged_grades(relevance)
    judged &= grades >= 0
    if relevance_level is not None:
        threshold = _validate.threshold(relevance_level)
        return (judged & (grades >= threshold)).astype(float)
    if max_grade is None:
        return np.where(judged, grades, 0.0)
    limit = _grade_limit(max_grade)
    _refuse_above(grades, limit, "max_grade")
    return np.where(judged, grades / limit, 0.0)
