r"""The C/W/L framework: a user model as a continuation probability C(i) at each rank.

| function | gives |
| --- | --- |
| `rbp_continuation` | RBP's $C(i) = p$ |
| `rbp_reach` | RBP's $\prod_{j<i} C(j) = p^{\,i-1}$, in closed form |
| `cwl_reach` | $\prod_{j<i} C(j)$, the probability of reaching rank $i$ |
| `cwl_weights` | $W(i)$, the share of attention rank $i$ receives |
| `cwl_last_rank` | $L(i)$, the probability that rank $i$ is the last one read |
| `continuation_from_weights` | $C(i) = W(i+1)/W(i)$: the continuation of a model given by its weights |
| `cwl_quantities` | cwl_eval's five numbers: EU, ETU, EC, ETC, ED |

A user reads rank 1, and after reading rank $i$ goes on to rank $i + 1$ with
probability $C(i)$ (Moffat et al. 2013). Every measure of the framework is a
choice of $C$; the weights $W$ and the last-rank probabilities $L$ follow from
it. Over a finite list of $N$ ranks the quantities are those of cwl_eval
(Azzopardi, Thomas and Moffat 2019): see `cwl_quantities`.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import NamedTuple

import numpy as np

from rankbook import _validate
from rankbook._errors import InvalidValueError
from rankbook.metrics._exact_sums import exact_sums


class CWLQuantities(NamedTuple):
    """cwl_eval's five numbers for one ranked list (its columns EU ETU EC ETC ED)."""

    expected_utility: float
    expected_total_utility: float
    expected_cost: float
    expected_total_cost: float
    expected_depth: float


def rbp_continuation(persistence: float, n: int) -> np.ndarray:
    r"""RBP's continuation: the user goes on after every rank with the same probability p.

    $$C(i) = p, \qquad i = 1, \dots, n$$

    With $C(i) = p$ the user reaches rank $i$ with probability $p^{\,i-1}$, and
    over an endless list $W(i) = (1 - p)\, p^{\,i-1}$: RBP is the expected
    utility $\sum_i W(i)\, g_i$ of this model (Moffat and Zobel 2008).

    Parameters
    ----------
    persistence : float
        $p$, with $0 \le p < 1$.
    n : int
        The number of ranks, at least 1.

    Returns
    -------
    numpy.ndarray of float, shape (n,)
        $C(1), \dots, C(n)$.

    See Also
    --------
    cwl_weights, cwl_quantities
    rankbook.metrics.user_models.rank_biased_precision : RBP itself.

    References
    ----------
    Moffat, A. and Zobel, J. (2008). Rank-biased precision for measurement of
    retrieval effectiveness. ACM Transactions on Information Systems 27(1), article 2.

    Examples
    --------
    >>> rbp_continuation(0.8, 3)
    array([0.8, 0.8, 0.8])
    """
    p = _validate.rbp_persistence(persistence)
    n = _validate.count(n, "n", what="ranks")
    return np.full(n, p)



def rbp_reach(persistence: float, ranks) -> np.ndarray:
    r"""The probability that RBP's user reaches each rank: $p^{\,i-1}$.

    $$\prod_{j<i} C(j) = p^{\,i-1} \qquad \text{for } C(j) = p$$

    the reach (`cwl_reach`) of RBP's continuation (`rbp_continuation`), written
    as a power rather than a running product. RBP
    (`rankbook.metrics.user_models.rank_biased_precision`, its residual, and
    the batch evaluator's kernels of trec_eval's ``rbp`` and ``rbp_resid``) all
    weigh rank $i$ with this function: the one formula of RBP's user. The
    power and the running product agree to within a few units in the last
    place; the power is the one RBP has always used, so its values are
    unchanged to the bit.

    Parameters
    ----------
    persistence : float
        $p$, with $0 \le p < 1$.
    ranks : array_like of int, shape (n,)
        The ranks $i \ge 1$.

    Returns
    -------
    numpy.ndarray of float, shape (n,)
        $p^{\,i-1}$ for each rank.

    See Also
    --------
    rbp_continuation, cwl_reach

    References
    ----------
    Moffat, A. and Zobel, J. (2008). Rank-biased precision for measurement of
    retrieval effectiveness. ACM Transactions on Information Systems 27(1), article 2.

    Examples
    --------
    >>> rbp_reach(0.5, [1, 2, 3])
    array([1.  , 0.5 , 0.25])
    >>> cwl_reach(rbp_continuation(0.5, 3))
    array([1.  , 0.5 , 0.25])
    """
    p = _validate.rbp_persistence(persistence)
    ranks = np.asarray(ranks)
    if ranks.size and not ranks.min() >= 1:
        raise InvalidValueError(
            f"ranks must be 1 or more (rank 1 is the top of the list), got {ranks.min()!r}.")
    return p ** (ranks - 1.0)


def cwl_reach(continuation: Sequence[float]) -> np.ndarray:
    r"""The probability that the user reaches rank i: the product of C before it.

    $$\prod_{j<i} C(j), \qquad i = 1, \dots, N$$

    1 at rank 1 (every user reads it); summed over the ranks it is the
    expected depth (cwl_eval's ED). `cwl_weights` divides it by that sum.

    Parameters
    ----------
    continuation : sequence of float, shape (N,)
        $C(1), \dots, C(N)$, each in $[0, 1]$.

    Returns
    -------
    numpy.ndarray of float, shape (N,)
        The probability of reaching ranks $1, \dots, N$.

    See Also
    --------
    cwl_weights, rbp_reach

    Examples
    --------
    >>> cwl_reach([0.5, 0.2, 0.9])
    array([1. , 0.5, 0.1])
    """
    return _reach(_continuation(continuation))


def cwl_weights(continuation: Sequence[float]) -> np.ndarray:
    r"""W(i): the share of the user's attention that rank i receives, from C.

    $$W(i) = \frac{\prod_{j<i} C(j)}{\sum_{k=1}^{N} \prod_{j<k} C(j)}$$

    where $C(j)$ is the probability of going on from rank $j$ to rank $j + 1$
    and $N$ the length of ``continuation``. The numerator is the probability
    of reaching rank $i$; the denominator is the expected number of ranks read
    (the expected depth), so the weights sum to 1 over the $N$ ranks.
    $C(N)$ does not enter: as in cwl_eval, the normalisation runs over the
    list as given (cwl_eval pads a run to 1000 ranks first).

    Parameters
    ----------
    continuation : sequence of float, shape (N,)
        $C(1), \dots, C(N)$, each in $[0, 1]$.

    Returns
    -------
    numpy.ndarray of float, shape (N,)
        $W(1), \dots, W(N)$, summing to 1.

    See Also
    --------
    cwl_last_rank, cwl_quantities

    References
    ----------
    Moffat, A., Thomas, P. and Scholer, F. (2013). Users versus models: what
    observation tells us about effectiveness metrics. In Proceedings of CIKM
    2013, 659-668.

    Examples
    --------
    $C = (\frac12, \frac12, \frac12)$: ranks reached with probabilities
    $1, \frac12, \frac14$, whose sum is $\frac74$:

    >>> cwl_weights([0.5, 0.5, 0.5]) * 7
    array([4., 2., 1.])
    """
    reach = cwl_reach(continuation)
    return reach / math.fsum(reach)


def cwl_last_rank(continuation: Sequence[float]) -> np.ndarray:
    r"""L(i): the probability that rank i is the last one the user reads.

    $$L(i) = \Bigl(\prod_{j<i} C(j)\Bigr)\,\bigl(1 - C(i)\bigr)$$

    The user reaches rank $i$ and stops there. Over $N$ ranks the $L(i)$ sum to
    $1 - \prod_{j \le N} C(j)$: as in cwl_eval, the probability of reading on
    past the end of the list is left out, not moved to rank $N$.

    Parameters
    ----------
    continuation : sequence of float, shape (N,)
        $C(1), \dots, C(N)$, each in $[0, 1]$.

    Returns
    -------
    numpy.ndarray of float, shape (N,)
        $L(1), \dots, L(N)$.

    See Also
    --------
    cwl_weights, cwl_quantities

    References
    ----------
    Moffat, A., Bailey, P., Scholer, F. and Thomas, P. (2017). Incorporating
    user expectations and behavior into the measurement of search
    effectiveness. ACM Transactions on Information Systems 35(3), article 24.

    Examples
    --------
    >>> cwl_last_rank([0.5, 0.5, 0.5])
    array([0.5  , 0.25 , 0.125])
    """
    continuation = _continuation(continuation)
    return _reach(continuation) * (1.0 - continuation)


def cwl_quantities(
    gains: Sequence[float], continuation: Sequence[float], costs: Sequence[float] | None = None
) -> CWLQuantities:
    r"""cwl_eval's five numbers for one ranked list: EU, ETU, EC, ETC and ED.

    $$\mathrm{EU} = \sum_{i=1}^{N} W(i)\, g_i, \qquad
    \mathrm{ETU} = \sum_{i=1}^{N} L(i) \sum_{j \le i} g_j, \qquad
    \mathrm{ED} = \frac{1}{W(1)} = \sum_{k=1}^{N} \prod_{j<k} C(j)$$

    $$\mathrm{EC} = \sum_{i=1}^{N} W(i)\, c_i, \qquad
    \mathrm{ETC} = \sum_{i=1}^{N} L(i) \sum_{j \le i} c_j$$

    where $g_i$ is the gain and $c_i$ the cost of rank $i$, $W$ the weights
    (`cwl_weights`), $L$ the last-rank probabilities (`cwl_last_rank`) and $N$
    the length of the list. EU is the expected utility per document read, ETU
    the expected total utility of a visit, EC and ETC the same for the cost,
    ED the expected number of documents read (cwl_eval's ``ED``, its
    "expected items").

    **The end of the list.** The list is taken as given: $W$ is normalised over
    its $N$ ranks and $L$ leaves out the probability of reading past rank $N$.
    cwl_eval 1.0.12 first pads every run to 1000 ranks (gain 0, cost 1 each,
    its defaults for an absent document) and cuts longer runs at 1000: pass a
    list padded the same way to reproduce its numbers. Over an endless list
    $\mathrm{ETU} = \mathrm{EU} \times \mathrm{ED}$ and
    $\mathrm{ETC} = \mathrm{EC} \times \mathrm{ED}$; over a finite one they
    differ by the left-out tail.

    Parameters
    ----------
    gains : sequence of float, shape (N,)
        $g_1, \dots, g_N$ (cwl_eval: an unjudged document has gain 0).
    continuation : sequence of float, shape (N,)
        $C(1), \dots, C(N)$, each in $[0, 1]$, e.g. `rbp_continuation`.
    costs : sequence of float, shape (N,), optional
        $c_1, \dots, c_N$; by default 1 for every document, as cwl_eval without
        a cost file.

    Returns
    -------
    CWLQuantities
        ``(expected_utility, expected_total_utility, expected_cost,
        expected_total_cost, expected_depth)``.

    See Also
    --------
    cwl_weights, cwl_last_rank, rbp_continuation

    References
    ----------
    Azzopardi, L., Thomas, P. and Moffat, A. (2019). cwl_eval: An evaluation
    tool for information retrieval. In Proceedings of SIGIR 2019, 1321-1324.
    https://github.com/ireval/cwl

    Moffat, A., Bailey, P., Scholer, F. and Thomas, P. (2017). Incorporating
    user expectations and behavior into the measurement of search
    effectiveness. ACM Transactions on Information Systems 35(3), article 24.

    Examples
    --------
    RBP with $p = \frac12$ over the gains 1, 0, 1: the ranks are reached with
    probabilities $1, \frac12, \frac14$, so $\mathrm{ED} = \frac74$ and
    $\mathrm{EU} = (1 + \frac14) / \frac74 = \frac57$;
    $L = (\frac12, \frac14, \frac18)$ and the running gains are 1, 1, 2, so
    $\mathrm{ETU} = \frac12 + \frac14 + \frac28 = 1$:

    >>> q = cwl_quantities([1, 0, 1], rbp_continuation(0.5, 3))
    >>> from fractions import Fraction
    >>> Fraction(q.expected_utility).limit_denominator(100)
    Fraction(5, 7)
    >>> q.expected_total_utility, q.expected_depth
    (1.0, 1.75)
    >>> q.expected_cost, q.expected_total_cost
    (1.0, 1.375)
    """
    continuation = _continuation(continuation)
    gains = _per_rank(gains, "gains", continuation.size)
    costs = np.ones(continuation.size) if costs is None else _per_rank(
        costs, "costs", continuation.size)
    reach = _reach(continuation)
    # Each sum correctly rounded, as math.fsum gives it (exact_sums: the same floats, faster)
    [expected_depth] = exact_sums(reach[None, :])
    weights, last = reach / expected_depth, reach * (1.0 - continuation)
    eu, etu, ec, etc = exact_sums(np.stack([weights * gains, last * np.cumsum(gains),
                                            weights * costs, last * np.cumsum(costs)]))
    return CWLQuantities(expected_utility=eu, expected_total_utility=etu, expected_cost=ec,
                         expected_total_cost=etc, expected_depth=expected_depth)


def continuation_from_weights(weights: Sequence[float]) -> np.ndarray:
    r"""$C$ of a model given by its weights, as cwl_eval derives it: the ratio of the next weight.

    $$C(i) = \frac{W(i + 1)}{W(i)} \ (0 \text{ where } W(i) = 0), \qquad C(n) = 0$$

    The weights need not be normalised (the ratio cancels the sum).

    Parameters
    ----------
    weights : sequence of float, shape (n,)
        $W(1), \dots, W(n)$, up to a common factor, each $\ge 0$.

    Returns
    -------
    numpy.ndarray of float, shape (n,)

    See Also
    --------
    cwl_weights : W from C, the other way round.
    rankbook.metrics.cwl_model_continuations.u_measure_weights : U-measure's weights.

    Examples
    --------
    >>> continuation_from_weights([1, 0.75, 0.5, 0.25, 0])
    array([0.75      , 0.66666667, 0.5       , 0.        , 0.        ])
    """
    weight = _per_rank(weights, "weights")
    ahead, here = weight[1:], weight[:-1]
    ratio = np.divide(ahead, here, out=np.zeros_like(here), where=here > 0)
    return np.r_[ratio, 0.0]


def _reach(continuation: np.ndarray) -> np.ndarray:
    """prod_{j<i} C(j) for i = 1..N: the probability of reaching rank i."""
    return np.cumprod(np.concatenate(([1.0], continuation[:-1])))


def _continuation(values) -> np.ndarray:
    continuation = _per_rank(values, "continuation")
    if continuation.size == 0:
        raise InvalidValueError("continuation is empty: give C(i) for at least one rank.")
    outside = np.flatnonzero((continuation < 0) | (continuation > 1))
    if outside.size:
        i = int(outside[0])
        raise InvalidValueError(
            f"continuation[{i}] = {continuation[i]:g} is not a probability: every C(i) must be "
            "in [0, 1] (the probability of going on from rank i to rank i + 1).")
    return continuation


def _per_rank(values, name: str, length: int | None = None) -> np.ndarray:
    array, known = _validate.judged_grades(values, name)
    if name != "gains" and not known.all():
        raise InvalidValueError(
            f"{name}[{int(np.flatnonzero(~known)[0])}] is None: give a number for every rank "
            "(only a gain may be None, an unjudged document, counted as 0).")
    if array.ndim != 1:
        raise InvalidValueError(f"{name} must be one value per rank (a flat list), got shape {array.shape}.")
    if length is not None and array.size != length:
        raise InvalidValueError(
            f"{name} has {array.size} values but continuation has {length}: give one per rank.")
    return array
