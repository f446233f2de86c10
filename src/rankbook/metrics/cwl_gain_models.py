r"""C/W/L user models that stop as gain is collected: IFT (three forms) and NERR (four equations).

| function | measure | cwl_eval's class | ir_measures |
| --- | --- | --- | --- |
| `cwl_ift_goal` | IFT, goal only (Azzopardi et al. 2018) | ``IFTGoalCWLMetric`` | |
| `cwl_ift_rate` | IFT, rate only | ``IFTRateCWLMetric`` | |
| `cwl_ift_goal_rate` | IFT, goal and rate | ``IFTGoalRateCWLMetric`` | |
| `cwl_nerr8` | NERR, equation 8 (Azzopardi et al. 2021) | ``NERReq8CWLMetric`` | ``NERR8@k`` |
| `cwl_nerr9` | NERR, equation 9 | ``NERReq9CWLMetric`` | ``NERR9@k`` |
| `cwl_nerr10` | NERR, equation 10 | ``NERReq10CWLMetric`` | ``NERR10(p=..)`` |
| `cwl_nerr11` | NERR, equation 11 | ``NERReq11CWLMetric`` | ``NERR11(T=..)`` |

The list scored is cwl_eval's (:func:`rankbook.metrics.cwl_measures.cwl_eval_list`);
$y_i = \sum_{j \le i} g_j$ is the gain and $k_i = \sum_{j \le i} c_j$ the cost
collected up to rank $i$. Each continuation is a function of
:mod:`rankbook.metrics.cwl_model_continuations`. NERR's four models refuse a gain outside $[0, 1]$, as
cwl_eval does: scale grades first (ir_measures' ``max_rel``).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from rankbook import _validate
from rankbook._errors import InvalidValueError
from rankbook.metrics.cwl import CWLQuantities, cwl_quantities
from rankbook.metrics.cwl_measures import CWL_EVAL_DEPTH, cwl_eval_list
from rankbook.metrics.cwl_model_continuations import (
    ift_goal_continuation,
    ift_goal_rate_continuation,
    ift_rate_continuation,
    nerr8_continuation,
    nerr9_continuation,
    nerr10_continuation,
    nerr11_continuation,
)


@_validate.explains_missing_arguments
def cwl_ift_goal(
    gains: Sequence[float | None], T: float = 2.0, b1: float = 0.9, R1: float = 10.0, *,
    depth: int = CWL_EVAL_DEPTH, costs: Sequence[float] | None = None,
) -> CWLQuantities:
    r"""IFT's goal model: the nearer the gain collected is to the goal T, the likelier a stop.

    $$C(i) = C_1(y_i) = 1 - \frac{1}{1 + b_1\, e^{R_1 (T - y_i)}}$$

    where $y_i$ is the gain collected up to rank $i$. Far below the goal
    $C \approx 1$; at the goal $C = 1 - 1/(1 + b_1)$; past it $C \to 0$, the
    faster the larger the "rationality" $R_1$ ($R_1 = 0$: a constant
    $C$, RBP). cwl_eval has no defaults; these are its example metrics
    file's ($T = 2$, $b_1 = 0.9$, $R_1 = 10$).

    Parameters
    ----------
    gains : sequence of float or None
        $g_1, g_2, \dots$; None or NaN for an unjudged document (gain 0).
    T, b1, R1 : float
        The goal (gain wanted), the intercept and the rationality.
    depth : int, default 1000
        The list is padded with gain 0 and cost 1, or cut, to this many ranks.
    costs : sequence of float, optional
        The cost of each retrieved document; default 1 each.

    Returns
    -------
    CWLQuantities
        cwl_eval's EU, ETU, EC, ETC and ED.

    References
    ----------
    Azzopardi, L., Thomas, P. and Craswell, N. (2018). Measuring the utility of
    search engine result pages: an information foraging based measure. In
    Proceedings of SIGIR 2018, 605-614.

    Examples
    --------
    With $R_1 = 0$ the goal is ignored: $C = 1 - 1/(1 + b_1) = 0.5$ for $b_1 = 1$:

    >>> cwl_ift_goal([1, 0, 1], T=2, b1=1, R1=0, depth=3).expected_depth
    1.75
    """
    gains, costs = cwl_eval_list(gains, depth, costs)
    return cwl_quantities(gains, ift_goal_continuation(gains, T, b1, R1), costs)


@_validate.explains_missing_arguments
def cwl_ift_rate(
    gains: Sequence[float | None], A: float = 0.2, b2: float = 0.9, R2: float = 10.0, *,
    depth: int = CWL_EVAL_DEPTH, costs: Sequence[float] | None = None,
) -> CWLQuantities:
    r"""IFT's rate model: the user goes on while the gain per cost beats the rate A.

    $$C(i) = C_2(y_i, k_i) = \frac{1}{1 + b_2\, e^{R_2 (A - y_i / k_i)}}$$

    where $y_i / k_i$ is the rate of gain so far (gain over cost up to rank
    $i$). A rate well above $A$ gives $C \approx 1$, well below it
    $C \approx 0$. Defaults: cwl_eval's example metrics file
    ($A = 0.2$, $b_2 = 0.9$, $R_2 = 10$). Every cost must be positive
    (a rate over zero cost is not defined).

    Parameters
    ----------
    gains : sequence of float or None
        $g_1, g_2, \dots$; None or NaN for an unjudged document (gain 0).
    A, b2, R2 : float
        The rate of gain expected, the intercept and the rationality.
    depth : int, default 1000
        The list is padded with gain 0 and cost 1, or cut, to this many ranks.
    costs : sequence of float, optional
        The cost of each retrieved document (> 0); default 1 each.

    Returns
    -------
    CWLQuantities
        cwl_eval's EU, ETU, EC, ETC and ED.

    References
    ----------
    Azzopardi, L., Thomas, P. and Craswell, N. (2018). Measuring the utility of
    search engine result pages: an information foraging based measure. In
    Proceedings of SIGIR 2018, 605-614.

    Examples
    --------
    >>> round(cwl_ift_rate([1, 1, 0], A=0.5, b2=1, R2=0, depth=3).expected_depth, 4)
    1.75
    """
    gains, costs = cwl_eval_list(gains, depth, costs)
    return cwl_quantities(gains, ift_rate_continuation(gains, costs, A, b2, R2), costs)


@_validate.explains_missing_arguments
def cwl_ift_goal_rate(
    gains: Sequence[float | None], T: float = 2.0, b1: float = 0.9, R1: float = 10.0,
    A: float = 0.2, b2: float = 0.9, R2: float = 10.0, *, depth: int = CWL_EVAL_DEPTH,
    costs: Sequence[float] | None = None,
) -> CWLQuantities:
    r"""IFT's goal-and-rate model, the one that fitted users best in Azzopardi et al.

    $$C(i) = C_1(y_i)\, C_2(y_i, k_i)$$

    the product of `cwl_ift_goal`'s and `cwl_ift_rate`'s continuations: the
    user goes on while the goal is not met *and* the rate is good.

    Parameters
    ----------
    gains : sequence of float or None
        $g_1, g_2, \dots$; None or NaN for an unjudged document (gain 0).
    T, b1, R1, A, b2, R2 : float
        As in `cwl_ift_goal` and `cwl_ift_rate`.
    depth : int, default 1000
        The list is padded with gain 0 and cost 1, or cut, to this many ranks.
    costs : sequence of float, optional
        The cost of each retrieved document (> 0); default 1 each.

    Returns
    -------
    CWLQuantities
        cwl_eval's EU, ETU, EC, ETC and ED.

    References
    ----------
    Azzopardi, L., Thomas, P. and Craswell, N. (2018). Measuring the utility of
    search engine result pages: an information foraging based measure. In
    Proceedings of SIGIR 2018, 605-614.

    Examples
    --------
    Both halves constant at $\frac12$ ($R_1 = R_2 = 0$, $b_1 = b_2 = 1$): $C = \frac14$:

    >>> cwl_ift_goal_rate([1, 0], 2, 1, 0, 0.2, 1, 0, depth=2).expected_depth
    1.25
    """
    gains, costs = cwl_eval_list(gains, depth, costs)
    continuation = ift_goal_rate_continuation(gains, costs, T, b1, R1, A, b2, R2)
    return cwl_quantities(gains, continuation, costs)


@_validate.explains_missing_arguments
def cwl_nerr8(
    gains: Sequence[float | None], k: int = 10, *, max_rel: float | None = None,
    depth: int = CWL_EVAL_DEPTH, costs: Sequence[float] | None = None,
) -> CWLQuantities:
    r"""NERR, equation 8: ERR's user (stop when satisfied) as a C/W/L model cut at rank k.

    $$C(i) = \begin{cases} 1 - g_i & i < k \\ 0 & i \ge k \end{cases}$$

    A document of gain $g_i \in [0, 1]$ satisfies the user with probability
    $g_i$; the user never reads past rank $k$. ir_measures' ``NERR8@k``.

    Parameters
    ----------
    gains : sequence of float or None
        $g_1, g_2, \dots$, each in $[0, 1]$; None or NaN for an unjudged document (gain 0).
    k : int, default 10
        The last rank read.
    max_rel : float, optional
        None: gains as given (cwl_eval). A number: grades clipped to
        $[0, \mathrm{max\_rel}]$ and divided by it (ir_measures' ``max_rel``).
    depth : int, default 1000
        The list is padded with gain 0 and cost 1, or cut, to this many ranks.
    costs : sequence of float, optional
        The cost of each retrieved document; default 1 each.

    Returns
    -------
    CWLQuantities
        cwl_eval's EU, ETU, EC, ETC and ED.

    References
    ----------
    Azzopardi, L., Mackenzie, J. and Moffat, A. (2021). ERR is not C/W/L:
    exploring the relationship between expected reciprocal rank and other
    metrics. In Proceedings of ICTIR 2021.

    Examples
    --------
    Gains 0, 0.5, 1: $C = (1, \frac12, 0)$, ranks reached $1, 1, \frac12$:

    >>> cwl_nerr8([0, 0.5, 1], k=3, depth=3).expected_depth
    2.5
    """
    k = _validate.cutoff(k)
    return _nerr(gains, lambda g: nerr8_continuation(g, k), depth, costs, max_rel)


@_validate.explains_missing_arguments
def cwl_nerr9(
    gains: Sequence[float | None], k: int = 10, *, max_rel: float | None = None,
    depth: int = CWL_EVAL_DEPTH, costs: Sequence[float] | None = None,
) -> CWLQuantities:
    r"""NERR, equation 9: equation 8 with reciprocal rank's patience $\frac{i}{i+1}$.

    $$C(i) = \begin{cases} \dfrac{i}{i + 1}\,(1 - g_i) & i < k \\ 0 & i \ge k \end{cases}$$

    ir_measures' ``NERR9@k``. Parameters, returns and list as `cwl_nerr8`.

    Parameters
    ----------
    gains : sequence of float or None
        $g_1, g_2, \dots$, each in $[0, 1]$; None or NaN for an unjudged document (gain 0).
    k : int, default 10
        The last rank read.
    max_rel : float, optional
        None: gains as given (cwl_eval). A number: grades clipped to
        $[0, \mathrm{max\_rel}]$ and divided by it (ir_measures' ``max_rel``).
    depth : int, default 1000
        The list is padded with gain 0 and cost 1, or cut, to this many ranks.
    costs : sequence of float, optional
        The cost of each retrieved document; default 1 each.

    Returns
    -------
    CWLQuantities
        cwl_eval's EU, ETU, EC, ETC and ED.

    References
    ----------
    Azzopardi, L., Mackenzie, J. and Moffat, A. (2021). ERR is not C/W/L. ICTIR 2021.

    Examples
    --------
    Nothing relevant: $C = (\frac12, \frac23, 0)$, ranks reached $1, \frac12, \frac13$:

    >>> round(cwl_nerr9([0, 0, 0], k=3, depth=3).expected_depth * 6, 12)
    11.0
    """
    k = _validate.cutoff(k)
    return _nerr(gains, lambda g: nerr9_continuation(g, k), depth, costs, max_rel)


@_validate.explains_missing_arguments
def cwl_nerr10(
    gains: Sequence[float | None], phi: float = 0.9, *, max_rel: float | None = None,
    depth: int = CWL_EVAL_DEPTH, costs: Sequence[float] | None = None,
) -> CWLQuantities:
    r"""NERR, equation 10: ERR's satisfaction with RBP's patience $\phi$, to full depth.

    $$C(i) = \phi\,(1 - g_i)$$

    ir_measures' ``NERR10(p=..)``; cwl_eval's default $\phi = 0.9$.

    Parameters
    ----------
    gains : sequence of float or None
        $g_1, g_2, \dots$, each in $[0, 1]$; None or NaN for an unjudged document (gain 0).
    phi : float, default 0.9
        The probability of going on after a document that does not satisfy.
    max_rel : float, optional
        None: gains as given (cwl_eval). A number: grades clipped to
        $[0, \mathrm{max\_rel}]$ and divided by it (ir_measures' ``max_rel``).
    depth : int, default 1000
        The list is padded with gain 0 and cost 1, or cut, to this many ranks.
    costs : sequence of float, optional
        The cost of each retrieved document; default 1 each.

    Returns
    -------
    CWLQuantities
        cwl_eval's EU, ETU, EC, ETC and ED.

    References
    ----------
    Azzopardi, L., Mackenzie, J. and Moffat, A. (2021). ERR is not C/W/L. ICTIR 2021.

    Examples
    --------
    A fully satisfying document at rank 1 ends the visit there:

    >>> cwl_nerr10([1, 1, 0]).expected_utility
    1.0
    """
    phi = _validate.probability(phi, "phi", meaning="the probability of going on")
    return _nerr(gains, lambda g: nerr10_continuation(g, phi), depth, costs, max_rel)


@_validate.explains_missing_arguments
def cwl_nerr11(
    gains: Sequence[float | None], T: float = 1.0, *, max_rel: float | None = None,
    depth: int = CWL_EVAL_DEPTH, costs: Sequence[float] | None = None,
) -> CWLQuantities:
    r"""NERR, equation 11: ERR's satisfaction with INST's patience for a goal T, to full depth.

    $$C(i) = \Bigl(\frac{i + 2T - 1}{i + 2T}\Bigr)^{2} (1 - g_i)$$

    ir_measures' ``NERR11(T=..)``; cwl_eval's default $T = 1$.

    Parameters
    ----------
    gains : sequence of float or None
        $g_1, g_2, \dots$, each in $[0, 1]$; None or NaN for an unjudged document (gain 0).
    T : float, default 1.0
        The gain the user expects to need (a larger $T$, a more patient user).
    max_rel : float, optional
        None: gains as given (cwl_eval). A number: grades clipped to
        $[0, \mathrm{max\_rel}]$ and divided by it (ir_measures' ``max_rel``).
    depth : int, default 1000
        The list is padded with gain 0 and cost 1, or cut, to this many ranks.
    costs : sequence of float, optional
        The cost of each retrieved document; default 1 each.

    Returns
    -------
    CWLQuantities
        cwl_eval's EU, ETU, EC, ETC and ED.

    References
    ----------
    Azzopardi, L., Mackenzie, J. and Moffat, A. (2021). ERR is not C/W/L. ICTIR 2021.

    Examples
    --------
    $T = 1$, nothing relevant: $C(1) = (\frac23)^2$:

    >>> round(cwl_nerr11([0, 0], T=1, depth=2).expected_depth * 9, 12)
    13.0
    """
    T = _validate.number(T, "T", low=0, low_open=True)
    return _nerr(gains, lambda g: nerr11_continuation(g, T), depth, costs, max_rel)


def _nerr(gains, continuation_of, depth, costs, max_rel) -> CWLQuantities:
    """NERR's common part: cwl_eval's list, gains checked to lie in [0, 1], C from the gains."""
    gains, costs = cwl_eval_list(gains, depth, costs, max_rel=max_rel)
    outside = np.flatnonzero((gains < 0) | (gains > 1))
    if outside.size:
        i = int(outside[0])
        raise InvalidValueError(
            f"gains[{i}] = {gains[i]:g} is outside [0, 1]: NERR reads a gain as the probability "
            "that the document satisfies the user. Scale the grades first (divide by the "
            "highest grade: max_rel=3 for grades 0-3, as ir_measures' max_rel).")
    return cwl_quantities(gains, continuation_of(gains), costs)
