r"""Optimized interleaving (Radlinski and Craswell, 2013): lists drawn as a linear program says.

Radlinski and Craswell ask three things of an interleaving method and solve for the rest:

1. **Allowed lists.** Every prefix of the shown list is the union of a prefix of A and a
   prefix of B: each document shown is the best not-yet-shown document of A or of B.
2. **Credit.** A click on document $d$ gives A the credit $\delta(d)$, positive when A ranks
   $d$ above B (`optimized_credit`): $r_B(d) - r_A(d)$ (linear) or $1/r_A(d) - 1/r_B(d)$
   (inverse), where a document missing from a list has rank $|\text{list}| + 1$.
3. **No bias.** A user who clicks at random, whatever the documents, must favour neither:
   for every rank $k$, $\sum_L p_L\, \delta(L_k) = 0$.

Among the distributions $p$ over the allowed lists that meet 3, the method takes one that
maximises the expected *sensitivity* $\sum_L p_L\, s(L)$: a linear program. $s(L)$ rewards
lists on which a click is likely to separate the rankers (`list_sensitivity`).

The allowed lists are enumerated (at most $2^n$ of them for $n$ ranks), and the lengths are
capped at `MAX_LENGTH`: the search always ends. (mpkato/interleaving samples allowed lists
until it has as many distinct ones as it was asked for; its README warns that this may take a
long time or never end, and offers ``secure_sampling`` to cap the attempts.)
"""

from __future__ import annotations

import math
from fractions import Fraction

from rankbook._errors import InvalidValueError
from rankbook._validate import choice
from rankbook.online import _common
from rankbook.online._common import Interleaving

__all__ = ["allowed_interleavings", "optimized_credit", "list_sensitivity",
           "optimized_distribution", "optimized_interleave", "optimized_outcome", "MAX_LENGTH"]

#: The longest shown list whose allowed lists are enumerated (at most 2**10 = 1024 lists).
MAX_LENGTH = 10
CREDITS = ("linear", "inverse")


def _inputs(a, b, length):
    a, b = _common.ranking(a, "a"), _common.ranking(b, "b")
    n = _common.length(length, (a, b))
    if n > MAX_LENGTH:
        raise InvalidValueError(
            f"length={n}: optimized interleaving enumerates every allowed list (up to 2**n of "
            f"them), so it stops at length {MAX_LENGTH}; interleave the top {MAX_LENGTH} and "
            "show the rest of either list below them.")
    return a, b, n


def allowed_interleavings(a, b, *, length: int | None = None) -> list[tuple]:
    r"""Every list whose prefixes are all unions of a prefix of A and a prefix of B.

    Built rank by rank: the next document is A's best document not shown yet, or B's (one
    branch when they are the same document), so there are at most $2^n$ lists.

    Parameters
    ----------
    a, b : sequence of hashable
        The two rankers' lists of document ids, rank 1 first.
    length : int, optional
        How many documents to show (at most `MAX_LENGTH`); by default the length of the
        shorter list.

    Returns
    -------
    list of tuple
        The allowed lists, in the order of the enumeration (A's branch first).

    Examples
    --------
    >>> allowed_interleavings(["a", "b", "c"], ["b", "c", "a"])
    [('a', 'b', 'c'), ('b', 'a', 'c'), ('b', 'c', 'a')]
    """
    a, b, n = _inputs(a, b, length)
    lists = [()]
    for _ in range(n):
        longer = []
        for shown in lists:
            nexts = [next((d for d in r if d not in shown), None) for r in (a, b)]
            for d in dict.fromkeys(d for d in nexts if d is not None):
                longer.append(shown + (d,))
        if not longer:
            break
        lists = longer
    return lists


def _rank(ranking: tuple, document) -> int:
    return ranking.index(document) + 1 if document in ranking else len(ranking) + 1


def optimized_credit(a, b, document, *, credit: str = "linear") -> Fraction:
    r"""The credit a click on ``document`` gives A (negative: it gives B).

    $$\delta_{\text{linear}}(d) = r_B(d) - r_A(d), \qquad
    \delta_{\text{inverse}}(d) = \frac{1}{r_A(d)} - \frac{1}{r_B(d)}$$

    where $r_X(d)$ is the rank of $d$ in X's list, or the list's length plus one when $d$ is
    not in it (Radlinski and Craswell's equations 14 and 15, oriented so that a positive
    credit favours A).

    Parameters
    ----------
    a, b : sequence of hashable
        The two rankers' lists, rank 1 first.
    document : hashable
        The clicked document.
    credit : {"linear", "inverse"}, default "linear"
        The credit function.

    Returns
    -------
    Fraction
        The exact credit.

    Examples
    --------
    >>> optimized_credit(["a", "b", "c"], ["b", "c", "a"], "c")
    Fraction(-1, 1)
    >>> optimized_credit(["a", "b", "c"], ["b", "c", "a"], "c", credit="inverse")
    Fraction(-1, 6)
    """
    a, b = _common.ranking(a, "a"), _common.ranking(b, "b")
    choice(credit, CREDITS, "credit")
    rank_a, rank_b = _rank(a, document), _rank(b, document)
    if credit == "linear":
        return Fraction(rank_b - rank_a)
    return Fraction(1, rank_a) - Fraction(1, rank_b)


def list_sensitivity(credits) -> float:
    r"""How well one shown list separates the rankers: Radlinski and Craswell's $s(L)$.

    A user clicks one rank $i$ with probability $f(i) = \frac{1/i}{\sum_{j=1}^{n} 1/j}$ (their
    footnote 4). With $w_A$ the probability that the click credits A, $w_B$ that it credits B
    (and $w_T$ that it credits neither),

    $$s(L) = (w_A + w_B)\, H\!\left(\frac{w_A}{w_A + w_B}\right), \qquad
    H(x) = -x \log_2 x - (1 - x) \log_2 (1 - x)$$

    the chance of a verdict times its entropy: a list whose clicks can only credit one
    ranker tells nothing (their equations 9 to 13).

    Parameters
    ----------
    credits : sequence of float
        The credit $\delta(L_i)$ of each rank of the list.

    Returns
    -------
    float
        $s(L)$, between 0 and 1.

    Examples
    --------
    The list ``a, b, c`` of the example of `optimized_distribution`: a click at rank 1
    (probability $6/11$) credits A, at ranks 2 or 3 ($5/11$) B, so $s = H(6/11)$; a list
    whose clicks all credit A tells nothing:

    >>> round(list_sensitivity([2, -1, -1]), 4)
    0.994
    >>> list_sensitivity([1, 1, 0])
    0.0
    """
    harmonic = [1 / i for i in range(1, len(credits) + 1)]
    total = sum(harmonic)
    w_a = sum(f for f, c in zip(harmonic, credits) if c > 0) / total
    w_b = sum(f for f, c in zip(harmonic, credits) if c < 0) / total
    if w_a == 0 or w_b == 0:
        return 0.0
    x = w_a / (w_a + w_b)
    return (w_a + w_b) * -(x * math.log2(x) + (1 - x) * math.log2(1 - x))


def _exactly(probabilities, credits):
    """The LP's solution as fractions when they meet the constraints exactly, else floats."""
    exact = [Fraction(float(p)).limit_denominator(10**6) for p in probabilities]
    unbiased = all(sum(p * c[k] for p, c in zip(exact, credits)) == 0
                   for k in range(len(credits[0])))
    if sum(exact) == 1 and unbiased and all(p >= 0 for p in exact):
        return exact
    return [max(float(p), 0.0) for p in probabilities]


def optimized_distribution(a, b, *, length: int | None = None, credit: str = "linear"
                           ) -> dict[Interleaving, object]:
    r"""The distribution over the allowed lists: unbiased, then as sensitive as possible.

    $$\max_{p \ge 0} \sum_L p_L\, s(L) \quad \text{subject to} \quad \sum_L p_L = 1, \qquad
    \sum_L p_L\, \delta(L_k) = 0 \ \text{for}\ k = 1, \dots, n$$

    solved by `scipy.optimize.linprog` (HiGHS). Where several distributions are optimal, the
    solver's is returned. Its probabilities are turned into fractions when the fractions meet
    the constraints exactly (short lists usually do), else they stay floats.

    Parameters
    ----------
    a, b : sequence of hashable
        The two rankers' lists, rank 1 first.
    length : int, optional
        How many documents to show (at most `MAX_LENGTH`); by default the shorter list's length.
    credit : {"linear", "inverse"}, default "linear"
        The credit function (`optimized_credit`).

    Returns
    -------
    dict
        `Interleaving` (``teams`` None) -> probability, for the lists of nonzero probability.

    Raises
    ------
    InvalidValueError
        If no distribution over the allowed lists is unbiased.

    References
    ----------
    Radlinski, F. and Craswell, N. (2013). Optimized interleaving for online retrieval
    evaluation. WSDM 2013, pages 245-254.

    Examples
    --------
    The three allowed lists of A = a, b, c and B = b, c, a must be equally likely: the
    constraints at ranks 1 and 2 ($2p_1 - p_2 - p_3 = 0$, $-p_1 + 2p_2 - p_3 = 0$) leave no
    other choice.

    >>> for shown, p in optimized_distribution(["a", "b", "c"], ["b", "c", "a"]).items():
    ...     print(shown.documents, p)
    ('a', 'b', 'c') 1/3
    ('b', 'a', 'c') 1/3
    ('b', 'c', 'a') 1/3
    """
    a, b, n = _inputs(a, b, length)
    choice(credit, CREDITS, "credit")
    from scipy.optimize import linprog  # loaded once the arguments are checked

    lists = allowed_interleavings(a, b, length=n)
    credits = [[optimized_credit(a, b, d, credit=credit) for d in shown]
               + [Fraction(0)] * (n - len(shown)) for shown in lists]
    objective = [-list_sensitivity(c) for c in credits]
    equalities = [[1.0] * len(lists)] + [[float(c[k]) for c in credits] for k in range(n)]
    result = linprog(objective, A_eq=equalities, b_eq=[1.0] + [0.0] * n,
                     bounds=[(0, None)] * len(lists), method="highs")
    if result.status != 0:
        raise InvalidValueError(
            f"no distribution over the {len(lists)} allowed lists of a and b is unbiased with "
            f"the {credit} credit ({result.message}); try credit="
            f"{'inverse' if credit == 'linear' else 'linear'!r} or a shorter length.")
    probabilities = _exactly(result.x, credits)
    return {Interleaving(shown): p for shown, p in zip(lists, probabilities) if p > 0}


def optimized_interleave(a, b, *, length: int | None = None, credit: str = "linear",
                         seed=None) -> Interleaving:
    r"""A list drawn from `optimized_distribution`.

    Parameters
    ----------
    a, b : sequence of hashable
        The two rankers' lists, rank 1 first.
    length : int, optional
        How many documents to show (at most `MAX_LENGTH`).
    credit : {"linear", "inverse"}, default "linear"
        The credit function the distribution is optimised for.
    seed : int, numpy.random.Generator or None
        The draw: the same seed gives the same list.

    Returns
    -------
    Interleaving
        ``documents``; ``teams`` is None (the credit needs no teams).

    Examples
    --------
    >>> optimized_interleave(["a", "b", "c"], ["b", "c", "a"], seed=0).documents
    ('b', 'a', 'c')
    """
    rng = _common.generator(seed)  # checked before the linear programme is solved
    distribution = optimized_distribution(a, b, length=length, credit=credit)
    shown = list(distribution)
    weights = [float(p) for p in distribution.values()]
    pick = rng.choice(len(shown), p=[w / sum(weights) for w in weights])
    return shown[int(pick)]


def optimized_outcome(a, b, shown, clicks, *, credit: str = "linear") -> Fraction:
    r"""The outcome of an optimized interleaving: the clicked documents' total credit.

    $$o = \sum_{i=1}^{n} c_i\, \delta(L_i)$$

    Positive favours A, negative B. Average it over impressions: the constraints make its
    expectation 0 for a user whose clicks ignore the documents. Its sign alone is not
    balanced (one click may give A +2 and another B -1), so count wins with care.

    Parameters
    ----------
    a, b : sequence of hashable
        The two rankers' lists, rank 1 first.
    shown : Interleaving or sequence of hashable
        The list the user saw.
    clicks : sequence of {0, 1}
        One entry per rank of the shown list.
    credit : {"linear", "inverse"}, default "linear"
        The credit function.

    Returns
    -------
    Fraction
        The total credit.

    Examples
    --------
    Clicks on a (A ranks it 1st, B 3rd: +2) and on c (-1):

    >>> optimized_outcome(["a", "b", "c"], ["b", "c", "a"], ["a", "b", "c"], [1, 0, 1])
    Fraction(1, 1)
    """
    documents = _common.shown_documents(shown)
    marks = _common.clicks(clicks, documents)
    return sum((optimized_credit(a, b, d, credit=credit) for d, c in zip(documents, marks) if c),
               Fraction(0))
