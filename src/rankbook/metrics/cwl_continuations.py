r"""The continuation $C(i)$ of cwl_eval's classic measures: one function per user model.

| function | measure | $C(i)$ |
| --- | --- | --- |
| `precision_continuation` | precision at $k$ | 1 before rank $k$, then 0 |
| `scaled_dcg_continuation` | scaled DCG at $k$ | $\log_2(i+1) / \log_2(i+2)$ before rank $k$, then 0 |
| `reciprocal_rank_continuation` | reciprocal rank | 1 before the first gain, then 0 |
| `average_precision_continuation` | AP over the gain retrieved | $\sum_{j>i} g_j/j \,/ \sum_{j \ge i} g_j/j$ |
| `inst_continuation` | INST | $\bigl((i + T + T_i - 1)/(i + T + T_i)\bigr)^2$ |
| `insq_continuation` | INSQ | $\bigl((i + 2T - 1)/(i + 2T)\bigr)^2$ |

"Every measure of the framework is a choice of $C$" (:mod:`rankbook.metrics.cwl`): each
function here is that choice, written once. The measures of
:mod:`rankbook.metrics.cwl_classic` score cwl_eval's list with it, and
``rankbook explain --metric`` shows it rank by rank. Each takes the list cwl_eval scores
(:func:`rankbook.metrics.cwl_measures.cwl_eval_list`: unjudged gain 0, padded to
``depth`` ranks) or its length, and gives $C(1), \dots, C(N)$.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from rankbook import _validate
from rankbook._errors import InvalidValueError


def precision_continuation(n: int, k: int) -> np.ndarray:
    r"""Precision at k's user: reads the first k documents, then stops.

    $$C(i) = \begin{cases} 1 & i < k \\ 0 & i \ge k \end{cases}, \qquad i = 1, \dots, n$$

    For $k > n$ the user reads the whole list ($C(i) = 1$ throughout).

    Parameters
    ----------
    n : int
        The number of ranks (cwl_eval: 1000).
    k : int
        The number of documents read.

    Returns
    -------
    numpy.ndarray of float, shape (n,)

    See Also
    --------
    rankbook.metrics.cwl_classic.cwl_precision : the measure, its references.

    Examples
    --------
    >>> precision_continuation(4, 2)
    array([1., 0., 0., 0.])
    """
    k = _validate.cutoff(k)
    return (_ranks(n) < k).astype(float)


def scaled_dcg_continuation(n: int, k: int) -> np.ndarray:
    r"""Scaled DCG at k's user: reaches rank i with probability $1/\log_2(i+1)$, up to rank k.

    $$C(i) = \begin{cases} \dfrac{\log_2(i+1)}{\log_2(i+2)} & i < k \\ 0 & i \ge k \end{cases}$$

    Parameters
    ----------
    n : int
        The number of ranks.
    k : int
        The cut-off.

    Returns
    -------
    numpy.ndarray of float, shape (n,)

    See Also
    --------
    rankbook.metrics.cwl_classic.cwl_scaled_dcg : the measure, its references.

    Examples
    --------
    $C(1) = \log_2 2 / \log_2 3 = 1/\log_2 3$:

    >>> scaled_dcg_continuation(3, 2).round(4)
    array([0.6309, 0.    , 0.    ])
    """
    k = _validate.cutoff(k)
    ranks = _ranks(n)
    return np.where(ranks < k, np.log2(ranks + 1.0) / np.log2(ranks + 2.0), 0.0)


def reciprocal_rank_continuation(gains: Sequence[float]) -> np.ndarray:
    r"""Reciprocal rank's user: reads until the first document with a positive gain.

    $$C(i) = \begin{cases} 1 & i < f \\ 0 & i \ge f \end{cases}, \qquad
    f = \min\{i : g_i > 0\}$$

    With no positive gain, $C(i) = 1$ throughout: the user reads the whole list.

    Parameters
    ----------
    gains : sequence of float
        $g_1, \dots, g_n$ (unjudged as 0).

    Returns
    -------
    numpy.ndarray of float, shape (n,)

    See Also
    --------
    rankbook.metrics.cwl_classic.cwl_reciprocal_rank : the measure, its references.

    Examples
    --------
    >>> reciprocal_rank_continuation([0, 0, 1, 1])
    array([1., 1., 0., 0.])
    """
    gains = as_gains(gains)
    return (np.cumsum(gains > 0) == 0).astype(float)


def average_precision_continuation(gains: Sequence[float]) -> np.ndarray:
    r"""AP's user (cwl_eval 1.0.12): goes on while useful documents lie ahead.

    $$C(i) = \frac{\sum_{j > i} g_j / j}{\sum_{j \ge i} g_j / j} \quad
    (0 \text{ when the numerator is } 0)$$

    so the user reaches rank $i$ with probability $\sum_{j \ge i} g_j/j$ over its value at
    rank 1. Every gain must be at least 0.

    Parameters
    ----------
    gains : sequence of float
        $g_1, \dots, g_n$, each $\ge 0$ (unjudged as 0).

    Returns
    -------
    numpy.ndarray of float, shape (n,)

    Raises
    ------
    InvalidValueError
        If a gain is negative ($C(i)$ would not be a probability).

    See Also
    --------
    rankbook.metrics.cwl_classic.cwl_average_precision : the measure, its references.

    Examples
    --------
    Relevant at ranks 1 and 3: $\sum_{j \ge i} g_j/j = \frac43, \frac13, \frac13$:

    >>> average_precision_continuation([1, 0, 1])
    array([0.25, 1.  , 0.  ])
    """
    gains = refuse_gains_outside(as_gains(gains), "AP", high=np.inf)
    from_here = np.cumsum((gains / _ranks(gains.size))[::-1])[::-1]  # sum_{j>=i} g_j/j
    after = np.r_[from_here[1:], 0.0]
    return np.divide(after, from_here, out=np.zeros_like(after), where=after > 0)


def inst_continuation(gains: Sequence[float], T: float) -> np.ndarray:
    r"""INST's user (Moffat et al. 2015): wants T units of gain, and adapts to what is found.

    $$C(i) = \left(\frac{i + T + T_i - 1}{i + T + T_i}\right)^{2}, \qquad
    T_i = T - \sum_{j \le i} g_j$$

    $T_i$ is the gain still wanted after rank $i$. Every gain must lie in $[0, 1]$ (as
    cwl_eval requires).

    Parameters
    ----------
    gains : sequence of float
        $g_1, \dots, g_n$, each in $[0, 1]$ (unjudged as 0).
    T : float
        The gain the user expects to need, $T > 0$.

    Returns
    -------
    numpy.ndarray of float, shape (n,)

    Raises
    ------
    InvalidValueError
        If a gain is outside $[0, 1]$ or $T \le 0$.

    See Also
    --------
    rankbook.metrics.cwl_classic.cwl_inst : the measure, its references.

    Examples
    --------
    A relevant first document meets $T = 1$: $T_1 = 0$, $C(1) = (\frac{1 + 1 + 0 - 1}{1 + 1 + 0})^2$:

    >>> inst_continuation([1, 0], T=1)
    array([0.25      , 0.44444444])
    """
    T = _validate.number(T, "T", low=0, low_open=True, hint="the gain the user expects to need")
    gains = refuse_gains_outside(as_gains(gains), "INST", high=1.0)
    ranks = _ranks(gains.size)
    still_wanted = T - np.cumsum(gains)
    return ((ranks + T + still_wanted - 1.0) / (ranks + T + still_wanted)) ** 2


def insq_continuation(n: int, T: float) -> np.ndarray:
    r"""INSQ's user (Moffat, Scholer and Thomas 2012): INST's, with $T_i = T$ throughout.

    $$C(i) = \left(\frac{i + 2T - 1}{i + 2T}\right)^{2}$$

    Parameters
    ----------
    n : int
        The number of ranks.
    T : float
        The gain the user expects to need, $T > 0$.

    Returns
    -------
    numpy.ndarray of float, shape (n,)

    See Also
    --------
    rankbook.metrics.cwl_classic.cwl_insq : the measure, its references.

    Examples
    --------
    >>> insq_continuation(2, T=1) * 144
    array([64., 81.])
    """
    T = _validate.number(T, "T", low=0, low_open=True, hint="the gain the user expects to need")
    ranks = _ranks(n)
    return ((ranks + 2.0 * T - 1.0) / (ranks + 2.0 * T)) ** 2


def refuse_gains_outside(gains: np.ndarray, measure: str, high: float) -> np.ndarray:
    """The gains, if each is in [0, ``high``]: else C(i) is no probability, and cwl_eval refuses.

    Examples
    --------
    >>> refuse_gains_outside(np.array([0.0, 2.0]), "INST", high=1.0)
    Traceback (most recent call last):
    ...
    rankbook._errors.InvalidValueError: gains[1] = 2: cwl_eval's INST needs gains of [0, 1]. Scale or clip the grades first (a negative grade to 0, as trec_eval counts it non-relevant; ir_measures divides by max_rel).
    """
    outside = np.flatnonzero((gains < 0) | (gains > high))
    if outside.size:
        i = int(outside[0])
        allowed = "[0, 1]" if high == 1 else "0 or more"
        raise InvalidValueError(
            f"gains[{i}] = {gains[i]:g}: cwl_eval's {measure} needs gains of {allowed}. Scale or "
            "clip the grades first (a negative grade to 0, as trec_eval counts it non-relevant; "
            "ir_measures divides by max_rel).")
    return gains


def _ranks(n: int) -> np.ndarray:
    """1, 2, ..., n as floats."""
    n = _validate.count(n, "n", what="ranks")
    return np.arange(1, n + 1, dtype=np.float64)


def as_gains(gains: Sequence[float]) -> np.ndarray:
    """The gains of cwl_eval's list as a flat array of floats, at least one (no None left).

    Examples
    --------
    >>> as_gains([1, 0, 0.5])
    array([1. , 0. , 0.5])
    """
    try:
        array = np.asarray(gains, dtype=np.float64)
    except (TypeError, ValueError):
        raise InvalidValueError(
            "gains must be numbers, one per rank (an unjudged document's gain is 0: "
            "rankbook.metrics.cwl_measures.cwl_eval_list writes cwl_eval's list).") from None
    if array.ndim != 1 or array.size == 0:
        raise InvalidValueError(f"gains must be one number per rank, at least one; got "
                                f"shape {array.shape}.")
    return array
