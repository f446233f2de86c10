r"""The continuation $C(i)$ (or the weights) of cwl_eval's newer user models: one function each.

| function | measure | gives |
| --- | --- | --- |
| `bpm_continuation` | BPM, static and dynamic | $C(i)$: 1 until the gain reaches $T$ or the cost $K$ |
| `u_measure_weights` | U-measure | $W(i) \propto \max(0, 1 - t_i/L)$ |
| `tbg_weights` | time-biased gain | $W(i) \propto 2^{-t_i/H}$ |
| `ift_goal_continuation`, `ift_rate_continuation`, `ift_goal_rate_continuation` | IFT | $C_1$, $C_2$, $C_1 C_2$ |
| `nerr8_continuation` ... `nerr11_continuation` | NERR, equations 8 to 11 | $C(i)$ with the factor $1 - g_i$ |

Each is the user model of one measure of :mod:`rankbook.metrics.cwl_models` or
:mod:`rankbook.metrics.cwl_gain_models`, written once: the measure scores cwl_eval's list
with it, and ``rankbook explain --metric`` shows it rank by rank. U-measure and TBG are
defined by their weights; :func:`rankbook.metrics.cwl.continuation_from_weights` turns
them into $C$ as cwl_eval does.
$t_i = \sum_{j<i} c_j$ is the cost read before rank $i$, $y_i = \sum_{j \le i} g_j$ the
gain and $k_i = \sum_{j \le i} c_j$ the cost up to rank $i$. Gains and costs are those of
cwl_eval's list (:func:`rankbook.metrics.cwl_measures.cwl_eval_list`).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from rankbook import _validate
from rankbook._errors import InvalidValueError
from rankbook.metrics.cwl_continuations import as_gains, insq_continuation


def bpm_continuation(gains: Sequence[float], costs: Sequence[float], T: float, K: float,
                     hb: float, hc: float, gain_median: float) -> np.ndarray:
    r"""The Bejewelled Player's continuation: 1 until the gain reaches $T_m$ or the cost $K_m$.

    $$C(i) = \begin{cases} 1 & \text{if } \sum_{j \le m} g_j < T_m
    \text{ and } \sum_{j \le m} c_j < K_m \text{ for every } m \le i \\
    0 & \text{otherwise} \end{cases}$$

    $$T_m = T + h_b \sum_{j < m} (g_j - g_{\mathrm{med}}), \qquad
    K_m = K + h_c \sum_{j < m} (g_j - g_{\mathrm{med}})$$

    Static BPM is $h_b = h_c = 0$.

    Parameters
    ----------
    gains, costs : sequence of float, shape (n,)
        $g_i$ and $c_i$ of each rank.
    T, K : float
        The gain wanted and the cost allowed, each $\ge 0$.
    hb, hc, gain_median : float
        How the bounds move after each document, and the gain that leaves them unchanged.

    Returns
    -------
    numpy.ndarray of float, shape (n,)

    See Also
    --------
    rankbook.metrics.cwl_models.cwl_bejewelled_player : the measure, its references.

    Examples
    --------
    The gain reaches $T = 2$ at rank 3:

    >>> bpm_continuation([1, 0, 1, 1], [1, 1, 1, 1], T=2, K=10, hb=0, hc=0, gain_median=0.5)
    array([1., 1., 0., 0.])
    """
    T, K = (_validate.number(v, n, low=0) for v, n in ((T, "T"), (K, "K")))
    hb, hc, gain_median = _numbers(hb=hb, hc=hc, gain_median=gain_median)
    gains, costs = _same_length(gains, costs)
    surplus = gains[:-1] - gain_median  # g_j - g_med, added to the bounds after rank j
    gain_bound = np.cumsum(np.r_[T, hb * surplus])
    cost_bound = np.cumsum(np.r_[K, hc * surplus])
    goes_on = (np.cumsum(gains) < gain_bound) & (np.cumsum(costs) < cost_bound)
    return np.logical_and.accumulate(goes_on).astype(np.float64)


def u_measure_weights(costs: Sequence[float], L: float) -> np.ndarray:
    r"""U-measure's weights (not normalised): attention falls linearly with the text read.

    $$W(i) \propto \max\Bigl(0,\; 1 - \frac{t_i}{L}\Bigr) \ (i < n), \qquad W(n) = 0$$

    As in cwl_eval, the last rank of the list gets weight 0.

    Parameters
    ----------
    costs : sequence of float, shape (n,)
        $c_i$, the text (e.g. characters) of each rank.
    L : float
        The text after which the reader has stopped for certain, $L > 0$.

    Returns
    -------
    numpy.ndarray of float, shape (n,)

    See Also
    --------
    rankbook.metrics.cwl.continuation_from_weights : C from these weights.
    rankbook.metrics.cwl_models.cwl_u_measure : the measure, its references.

    Examples
    --------
    >>> u_measure_weights([1, 1, 1, 1, 1], L=4)
    array([1.  , 0.75, 0.5 , 0.25, 0.  ])
    """
    L = _validate.number(L, "L", low=0, low_open=True)
    weight = np.maximum(0.0, 1.0 - _read_before(costs) / L)
    weight[-1] = 0.0
    return weight


def tbg_weights(costs: Sequence[float], halflife: float) -> np.ndarray:
    r"""Time-biased gain's weights (not normalised): halved every H units of cost read.

    $$W(i) \propto 2^{-t_i / H}$$

    Parameters
    ----------
    costs : sequence of float, shape (n,)
        $c_i$, the time each rank takes.
    halflife : float
        $H > 0$, in the unit of the costs.

    Returns
    -------
    numpy.ndarray of float, shape (n,)

    See Also
    --------
    rankbook.metrics.cwl.continuation_from_weights : C from these weights.
    rankbook.metrics.cwl_models.cwl_time_biased_gain : the measure, its references.

    Examples
    --------
    >>> tbg_weights([1, 1, 1], halflife=1)
    array([1.  , 0.5 , 0.25])
    """
    halflife = _validate.number(halflife, "halflife", low=0, low_open=True)
    return 2.0 ** (-_read_before(costs) / halflife)


def ift_goal_continuation(gains: Sequence[float], T: float, b1: float,
                          R1: float) -> np.ndarray:
    r"""IFT's goal model: the nearer the gain collected is to the goal T, the likelier a stop.

    $$C(i) = C_1(y_i) = 1 - \frac{1}{1 + b_1\, e^{R_1 (T - y_i)}}$$

    Parameters
    ----------
    gains : sequence of float, shape (n,)
        $g_i$ of each rank.
    T, b1, R1 : float
        The goal, the intercept and the rationality.

    Returns
    -------
    numpy.ndarray of float, shape (n,)

    See Also
    --------
    rankbook.metrics.cwl_gain_models.cwl_ift_goal : the measure, its references.

    Examples
    --------
    >>> ift_goal_continuation([1, 0], T=2, b1=1, R1=0)
    array([0.5, 0.5])
    """
    T, b1, R1 = _numbers(T=T, b1=b1, R1=R1)
    with np.errstate(over="ignore"):
        return 1.0 - 1.0 / (1.0 + b1 * np.exp((T - np.cumsum(as_gains(gains))) * R1))


def ift_rate_continuation(gains: Sequence[float], costs: Sequence[float], A: float,
                          b2: float, R2: float) -> np.ndarray:
    r"""IFT's rate model: the user goes on while the gain per cost beats the rate A.

    $$C(i) = C_2(y_i, k_i) = \frac{1}{1 + b_2\, e^{R_2 (A - y_i / k_i)}}$$

    Every cost must be positive (a rate over zero cost is not defined).

    Parameters
    ----------
    gains, costs : sequence of float, shape (n,)
        $g_i$ and $c_i > 0$ of each rank.
    A, b2, R2 : float
        The rate of gain expected, the intercept and the rationality.

    Returns
    -------
    numpy.ndarray of float, shape (n,)

    See Also
    --------
    rankbook.metrics.cwl_gain_models.cwl_ift_rate : the measure, its references.

    Examples
    --------
    >>> ift_rate_continuation([1, 1], [1, 1], A=0.5, b2=1, R2=0)
    array([0.5, 0.5])
    """
    A, b2, R2 = _numbers(A=A, b2=b2, R2=R2)
    gains, costs = _same_length(gains, costs)
    if not np.all(costs > 0):
        raise InvalidValueError(
            "IFT's rate model divides the gain by the cost so far: every cost must be > 0, "
            f"got {costs[costs <= 0][0]:g}.")
    with np.errstate(over="ignore"):
        return 1.0 / (1.0 + b2 * np.exp((A - np.cumsum(gains) / np.cumsum(costs)) * R2))


def ift_goal_rate_continuation(gains: Sequence[float], costs: Sequence[float], T: float,
                               b1: float, R1: float, A: float, b2: float,
                               R2: float) -> np.ndarray:
    r"""IFT's goal-and-rate model: the product of the goal's and the rate's continuations.

    $$C(i) = C_1(y_i)\, C_2(y_i, k_i)$$

    Parameters
    ----------
    gains, costs : sequence of float, shape (n,)
        $g_i$ and $c_i > 0$ of each rank.
    T, b1, R1, A, b2, R2 : float
        As in `ift_goal_continuation` and `ift_rate_continuation`.

    Returns
    -------
    numpy.ndarray of float, shape (n,)

    See Also
    --------
    rankbook.metrics.cwl_gain_models.cwl_ift_goal_rate : the measure, its references.

    Examples
    --------
    >>> ift_goal_rate_continuation([1, 0], [1, 1], 2, 1, 0, 0.2, 1, 0)
    array([0.25, 0.25])
    """
    return (ift_goal_continuation(gains, T, b1, R1)
            * ift_rate_continuation(gains, costs, A, b2, R2))


def nerr8_continuation(gains: Sequence[float], k: int) -> np.ndarray:
    r"""NERR, equation 8: ERR's user (satisfied by rank i with probability $g_i$), cut at k.

    $$C(i) = \begin{cases} 1 - g_i & i < k \\ 0 & i \ge k \end{cases}$$

    Parameters
    ----------
    gains : sequence of float, shape (n,)
        $g_i \in [0, 1]$ of each rank.
    k : int
        The last rank read.

    Returns
    -------
    numpy.ndarray of float, shape (n,)

    See Also
    --------
    rankbook.metrics.cwl_gain_models.cwl_nerr8 : the measure, its references.

    Examples
    --------
    >>> nerr8_continuation([0, 0.5, 1], k=3)
    array([1. , 0.5, 0. ])
    """
    k = _validate.cutoff(k)
    gains = as_gains(gains)
    return np.where(_ranks(gains) < k, 1.0 - gains, 0.0)


def nerr9_continuation(gains: Sequence[float], k: int) -> np.ndarray:
    r"""NERR, equation 9: equation 8 with reciprocal rank's patience $\frac{i}{i+1}$.

    $$C(i) = \begin{cases} \dfrac{i}{i + 1}\,(1 - g_i) & i < k \\ 0 & i \ge k \end{cases}$$

    Parameters ``gains`` and ``k`` and the result as in `nerr8_continuation`.

    See Also
    --------
    rankbook.metrics.cwl_gain_models.cwl_nerr9 : the measure, its references.

    Examples
    --------
    >>> nerr9_continuation([0, 0, 0], k=3)
    array([0.5       , 0.66666667, 0.        ])
    """
    k = _validate.cutoff(k)
    gains = as_gains(gains)
    rank = _ranks(gains)
    return np.where(rank < k, (rank / (rank + 1.0)) * (1.0 - gains), 0.0)


def nerr10_continuation(gains: Sequence[float], phi: float) -> np.ndarray:
    r"""NERR, equation 10: ERR's satisfaction with RBP's patience $\phi$.

    $$C(i) = \phi\,(1 - g_i)$$

    Parameters
    ----------
    gains : sequence of float, shape (n,)
        $g_i \in [0, 1]$ of each rank.
    phi : float
        The probability of going on after a document that does not satisfy.

    Returns
    -------
    numpy.ndarray of float, shape (n,)

    See Also
    --------
    rankbook.metrics.cwl_gain_models.cwl_nerr10 : the measure, its references.

    Examples
    --------
    >>> nerr10_continuation([1, 0.5, 0], phi=0.8)
    array([0. , 0.4, 0.8])
    """
    phi = _validate.probability(phi, "phi", meaning="the probability of going on")
    return phi * (1.0 - as_gains(gains))


def nerr11_continuation(gains: Sequence[float], T: float) -> np.ndarray:
    r"""NERR, equation 11: ERR's satisfaction with INSQ's patience for a goal T.

    $$C(i) = \Bigl(\frac{i + 2T - 1}{i + 2T}\Bigr)^{2} (1 - g_i)$$

    INSQ's continuation (`rankbook.metrics.cwl_continuations.insq_continuation`) times
    $1 - g_i$.

    Parameters
    ----------
    gains : sequence of float, shape (n,)
        $g_i \in [0, 1]$ of each rank.
    T : float
        The gain the user expects to need, $T > 0$.

    Returns
    -------
    numpy.ndarray of float, shape (n,)

    See Also
    --------
    rankbook.metrics.cwl_gain_models.cwl_nerr11 : the measure, its references.

    Examples
    --------
    >>> nerr11_continuation([0, 0.5], T=1) * 9
    array([4.    , 2.53125])
    """
    gains = as_gains(gains)
    return insq_continuation(gains.size, T) * (1.0 - gains)


def _ranks(gains: np.ndarray) -> np.ndarray:
    return np.arange(1, gains.size + 1, dtype=np.float64)


def _read_before(costs: Sequence[float]) -> np.ndarray:
    """t_i, the cost read before rank i."""
    return np.r_[0.0, np.cumsum(as_gains(costs))[:-1]]


def _same_length(gains: Sequence[float], costs: Sequence[float]):
    gains, costs = as_gains(gains), as_gains(costs)
    if gains.size != costs.size:
        raise InvalidValueError(f"gains has {gains.size} values and costs {costs.size}: give "
                                "one of each per rank.")
    return gains, costs


def _numbers(**values) -> list[float]:
    return [_validate.number(value, name) for name, value in values.items()]
