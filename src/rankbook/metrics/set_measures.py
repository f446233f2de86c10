r"""More set-based measures: F-beta, relative precision, precision at multiples of R, utility.

| function | measure | trec_eval name |
| --- | --- | --- |
| `f_beta_at_k` | F$_\beta$, F$_\beta$@k | `set_F`, `set_F.2` |
| `relative_precision_at_k` | relative P@k, relative set P | `relative_P_k`, `set_relative_P` |
| `r_precision_at_multiple` | P@(m R) | `Rprec_mult_0.20` ... `Rprec_mult_2.00` |
| `utility` | linear utility | `utility` |

trec_eval's ``set_*`` measures look at the whole retrieved list as a set (cut
at ``-M``, 1000 by default): in rankbook, ``k=None``. trec_eval's count
``num_nonrel_judged_ret`` is `rankbook.metrics.incomplete.judged_nonrelevant_retrieved`.
"""

from __future__ import annotations

import numbers
from collections.abc import Sequence

import numpy as np

from rankbook import _validate
from rankbook._errors import InvalidTypeError, InvalidValueError
from rankbook.metrics._common import relevant_in_top

PRECISION_DENOMINATORS = ("k", "retrieved")
BETA_CONVENTIONS = ("van_rijsbergen", "trec_eval")


@_validate.explains_missing_arguments
def f_beta_at_k(
    relevance: Sequence[float | None],
    k: int | None,
    n_relevant: int,
    *,
    beta: float = 1.0,
    beta_convention: str = "van_rijsbergen",
    precision_denominator: str = "k",
    relevance_level: float = 1,
) -> float:
    r"""Weighted harmonic mean of precision and recall: F-beta.

    $$F_\beta = \frac{(1 + \beta^2)\, P \, R_{\mathrm{ec}}}{\beta^2 P + R_{\mathrm{ec}}}$$

    where $P$ and $R_{\mathrm{ec}}$ are the precision and recall of the first $k$
    results (of the whole list when ``k`` is None) and $\beta$ says how many
    times more the user cares about recall than about precision: $\beta = 1$
    is F1, $\beta = 2$ favours recall, $\beta = 0.5$ precision. $F_\beta$ is 0
    when no relevant document is retrieved (and so when $R = 0$).

    Conventions, each a keyword:

    - ``beta_convention="van_rijsbergen"`` (default): $\beta$ as above (van
      Rijsbergen 1979, scikit-learn's ``fbeta_score``).
      ``"trec_eval"``: trec_eval's ``set_F.x`` computes
      $(x + 1) P R_{\mathrm{ec}} / (x P + R_{\mathrm{ec}})$, so its parameter $x$ plays the part of
      $\beta^2$: ``set_F.2`` is $F_{\sqrt 2}$, not $F_2$. ir_measures'
      ``SetF(beta=2)`` passes 2 to trec_eval unchanged. The two agree at 1.
    - ``precision_denominator="k"`` (default): $P = r_k / k$, as P@k and
      `f1_at_k` (and ranx's ``f1@k``); ``"retrieved"``: $P = r_k / \min(k, n)$
      for a list of $n$ documents, as trec_eval's ``set_F`` under ``-M k``.
      They differ only when the list is shorter than $k$; with ``k=None``
      both divide by $n$.

    With ``k=None``, ``beta_convention="trec_eval"`` this is trec_eval's
    ``set_F`` on the whole retrieved list.

    Parameters
    ----------
    relevance : sequence of float or None, shape (n,)
        Grades of the ranked list, rank 1 first.
    k : int or None
        Cut-off; None for the whole list (trec_eval's ``set_F``).
    n_relevant : int
        R, the relevant documents of the query.
    beta : float, default 1.0
        $\beta > 0$ (or trec_eval's $x > 0$, see ``beta_convention``).
    beta_convention : {"van_rijsbergen", "trec_eval"}, default "van_rijsbergen"
        What ``beta`` means (see above).
    precision_denominator : {"k", "retrieved"}, default "k"
        What precision divides by when the list is shorter than ``k``.
    relevance_level : float, default 1
        Lowest grade that counts as relevant.

    Returns
    -------
    float
        F-beta, between 0 and 1.

    See Also
    --------
    rankbook.metrics.precision.f1_at_k : the same with $\beta = 1$.

    References
    ----------
    van Rijsbergen, C. J. (1979). Information Retrieval, 2nd ed., chapter 7.
    Butterworths.

    trec_eval 9.x, ``m_set_F.c``, https://github.com/usnistgov/trec_eval.

    Examples
    --------
    Two of four relevant documents in a list of five: $P = 2/5$, $R_{\mathrm{ec}} = 1/2$.
    $F_2 = 5 \cdot \frac25 \cdot \frac12 / (4 \cdot \frac25 + \frac12) = \frac{10}{21}$,
    while trec_eval's ``set_F.2`` gives $3 \cdot \frac15 / (\frac45 + \frac12) = \frac{6}{13}$:

    >>> run = [1, 0, 0, 1, 0]
    >>> round(f_beta_at_k(run, None, 4, beta=2), 6), round(10 / 21, 6)
    (0.47619, 0.47619)
    >>> round(f_beta_at_k(run, None, 4, beta=2, beta_convention="trec_eval"), 6), round(6 / 13, 6)
    (0.461538, 0.461538)
    """
    grades = _validate.grades(relevance)
    k = _validate.cutoff(k, allow_none=True)
    threshold = _validate.threshold(relevance_level)
    R = _validate.n_relevant(n_relevant, grades, threshold)
    weight = _beta_weight(beta, beta_convention)
    _validate.choice(precision_denominator, PRECISION_DENOMINATORS, "precision_denominator")
    size = len(grades) if k is None else k
    found = relevant_in_top(grades, size, threshold)
    if found == 0:
        return 0.0
    shown = size if precision_denominator == "k" else min(size, len(grades))
    precision, recall = found / shown, found / R
    return (1.0 + weight) * precision * recall / (weight * precision + recall)


@_validate.explains_missing_arguments
def relative_precision_at_k(
    relevance: Sequence[float | None],
    k: int | None,
    n_relevant: int,
    *,
    relevance_level: float = 1,
) -> float:
    r"""Precision at k relative to the best precision possible at k.

    $$\text{relP}@k = \frac{r_k}{\min(k, R)}$$

    where $r_k$ is the number of relevant documents in the first $k$ results
    and $R$ the number of relevant documents of the query: the best a list
    can do at rank $k$ is $\min(k, R)$ relevant documents. So relative P@k is
    P@k while $k \le R$, and recall@k from there on. 0.0 when $R = 0$.

    ``k=None`` takes the whole list, $k = n$: trec_eval's ``set_relative_P``
    (0.0 for an empty list). With ``k``, trec_eval's ``relative_P.k``; past the
    end of a short list the missing positions count as non-relevant and
    the denominator stays $\min(k, R)$. The two differ: trec_eval's
    ``-M 50 -m set_relative_P`` divides by $\min(n, R)$ for a run of $n < 50$
    documents, ``relative_P.50`` by $\min(50, R)$.

    Parameters
    ----------
    relevance : sequence of float or None, shape (n,)
        Grades of the ranked list, rank 1 first.
    k : int or None
        Cut-off; None for the whole list.
    n_relevant : int
        R, the relevant documents of the query.
    relevance_level : float, default 1
        Lowest grade that counts as relevant.

    Returns
    -------
    float
        Between 0 and 1; 1 means no list could do better at this cut-off.

    See Also
    --------
    rankbook.metrics.precision.precision_at_k, rankbook.metrics.precision.recall_at_k

    References
    ----------
    trec_eval 9.x, ``m_rel_P.c`` and ``m_set_rel_P.c`` (Buckley 2008),
    https://github.com/usnistgov/trec_eval.

    Examples
    --------
    Three relevant documents; the list finds two in its top 5: P@5 = 2/5,
    but at most 3 could be there, so relative P@5 = 2/3:

    >>> round(relative_precision_at_k([1, 0, 0, 1, 0], 5, n_relevant=3), 6)
    0.666667
    """
    grades = _validate.grades(relevance)
    k = _validate.cutoff(k, allow_none=True)
    threshold = _validate.threshold(relevance_level)
    R = _validate.n_relevant(n_relevant, grades, threshold)
    size = len(grades) if k is None else k
    if R == 0 or size == 0:
        return 0.0
    return relevant_in_top(grades, size, threshold) / min(size, R)


@_validate.explains_missing_arguments
def r_precision_at_multiple(
    relevance: Sequence[float | None],
    n_relevant: int,
    multiple: float = 1.0,
    *,
    relevance_level: float = 1,
) -> float:
    r"""Precision at a multiple of R: trec_eval's ``Rprec_mult``.

    $$\mathrm{P}@(m R) = \frac{1}{c} \sum_{i=1}^{c} [\,\mathrm{rel}_i \ge t\,], \qquad c = \lfloor m R + 0.9 \rfloor$$

    where $R$ is the number of relevant documents of the query and $m$ the
    multiple. $m = 1$ is R-precision; trec_eval reports
    $m = 0.2, 0.4, \ldots, 2.0$, so that a system strong at the low multiples
    and weak at the high ones shows itself precision-oriented.

    The cut-off $c$ is computed as trec_eval does, ``(long)(m * R + 0.9)``:
    $\lceil m R \rceil$ whenever the fractional part of $m R$ is 0 or above 0.1
    (always, for trec_eval's multiples of 0.2), and robust to floating-point
    slips such as $0.6 \cdot 5 = 3.0000000000000004$. Past the end of a short
    list the missing positions count as non-relevant. 0.0 when $c = 0$ (when
    $R = 0$).

    Parameters
    ----------
    relevance : sequence of float or None, shape (n,)
        Grades of the ranked list, rank 1 first.
    n_relevant : int
        R, the relevant documents of the query.
    multiple : float, default 1.0
        $m > 0$.
    relevance_level : float, default 1
        Lowest grade that counts as relevant.

    Returns
    -------
    float
        Between 0 and 1.

    See Also
    --------
    rankbook.metrics.precision.r_precision : the case $m = 1$.

    References
    ----------
    trec_eval 9.x, ``m_Rprec_mult.c`` (Buckley 2008), https://github.com/usnistgov/trec_eval.

    Examples
    --------
    Five relevant documents: at $m = 0.6$ the cut-off is 3, at $m = 2$ it is 10:

    >>> run = [1, 0, 1, 1, 0, 0, 1, 0, 0, 0]
    >>> r_precision_at_multiple(run, 5, 0.6), r_precision_at_multiple(run, 5, 2.0)
    (0.6666666666666666, 0.4)
    """
    grades = _validate.grades(relevance)
    threshold = _validate.threshold(relevance_level)
    R = _validate.n_relevant(n_relevant, grades, threshold)
    m = _positive(multiple, "multiple")
    cut = int(m * R + 0.9)
    if cut == 0:
        return 0.0
    return relevant_in_top(grades, cut, threshold) / cut


@_validate.explains_missing_arguments
def utility(
    relevance: Sequence[float | None],
    n_relevant: int,
    *,
    weights: Sequence[float] = (1.0, -1.0, 0.0, 0.0),
    n_documents: int = 0,
    relevance_level: float = 1,
) -> float:
    r"""Linear utility of the retrieved set: a weighted count of the contingency table.

    $$U = w_1 a + w_2 b + w_3 c + w_4 d$$

    where, for the retrieved list taken as a set,

    | | relevant | non-relevant |
    | --- | --- | --- |
    | retrieved | $a$ | $b$ |
    | not retrieved | $c$ | $d$ |

    $a$ is the number of relevant documents retrieved, $b = n - a$ the other
    retrieved ones (unjudged included), $c = R - a$ the relevant ones missed
    and $d = N_{\text{coll}} - n - c$ the rest of the collection. The default
    weights $(1, -1, 0, 0)$ (trec_eval's) score +1 for each relevant document
    found and -1 for each other one: a filtering system that returns nothing
    scores 0. TREC's filtering tracks used weights such as $(2, -1, 0, 0)$ (T11U).

    $d$ needs the size of the collection, $N_{\text{coll}}$ (trec_eval's ``-N``,
    0 by default, which makes $d$ meaningless unless $w_4 = 0$).

    Parameters
    ----------
    relevance : sequence of float or None, shape (n,)
        Grades of the retrieved list (its order does not matter).
    n_relevant : int
        R, the relevant documents of the query.
    weights : sequence of 4 floats, default (1.0, -1.0, 0.0, 0.0)
        $(w_1, w_2, w_3, w_4)$, trec_eval's ``utility.1,-1,0,0``.
    n_documents : int, default 0
        $N_{\text{coll}}$, the number of documents in the collection (``-N``).
    relevance_level : float, default 1
        Lowest grade that counts as relevant.

    Returns
    -------
    float
        The utility (any sign; not bounded).

    References
    ----------
    Lewis, D. D. (1995). Evaluating and optimizing autonomous text
    classification systems. In Proceedings of SIGIR 1995, 246-254.

    trec_eval 9.x, ``m_utility.c``, https://github.com/usnistgov/trec_eval.

    Examples
    --------
    Three relevant documents found, two other documents retrieved, one
    relevant document missed: $2 \cdot 3 - 1 \cdot 2 + 0 \cdot 1 = 4$ with
    TREC's T11U weights:

    >>> utility([1, 0, 1, None, 1], n_relevant=4, weights=(2, -1, 0, 0))
    4.0
    """
    grades = _validate.grades(relevance)
    threshold = _validate.threshold(relevance_level)
    R = _validate.n_relevant(n_relevant, grades, threshold)
    w = _four_weights(weights)
    collection = _validate.count(n_documents, "n_documents", at_least=0)
    n = len(grades)
    a = relevant_in_top(grades, n, threshold)
    return w[0] * a + w[1] * (n - a) + w[2] * (R - a) + w[3] * (collection + a - n - R)


def _beta_weight(beta, convention: str) -> float:
    _validate.choice(convention, BETA_CONVENTIONS, "beta_convention")
    value = _positive(beta, "beta")
    return value if convention == "trec_eval" else value * value


def _positive(value, name: str) -> float:
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise InvalidTypeError(f"{name} must be a number > 0, got {value!r}.")
    if not value > 0 or value == float("inf"):
        raise InvalidValueError(f"{name} must be a finite number > 0, got {value!r}.")
    return float(value)


def _four_weights(weights) -> tuple[float, float, float, float]:
    if isinstance(weights, (str, bytes)) or not hasattr(weights, "__len__") or len(weights) != 4:
        raise InvalidValueError(
            f"weights must be four numbers (w1, w2, w3, w4) for relevant retrieved, other "
            f"retrieved, relevant missed and the rest, got {weights!r}; trec_eval's default "
            "is (1, -1, 0, 0)."
        )
    for value in weights:
        if isinstance(value, bool) or not isinstance(value, numbers.Real):
            raise InvalidTypeError(f"weights must hold numbers, got {value!r} in {weights!r}.")
    return tuple(float(v) for v in weights)
