r"""The C/W/L user models cwl_eval adds to the classic measures: BPM, U-measure and TBG.

| function | measure | cwl_eval's name | C(i) depends on |
| --- | --- | --- | --- |
| `cwl_bejewelled_player` | BPM, static and dynamic (Zhang et al. 2017) | ``BPM-Static-T=..-K=..``, ``BPM-Dynamic-...`` | gain and cost so far |
| `cwl_u_measure` | U-measure (Sakai and Dou 2013) | ``U-L@L`` | cost so far |
| `cwl_time_biased_gain` | time-biased gain (Smucker and Clarke 2012) | ``TBG-H@H`` | cost so far |

IFT (three forms) and NERR (cwl_eval's four "not (but nearly) ERR" models) are in
:mod:`rankbook.metrics.cwl_gain_models`. Every model scores cwl_eval's list: the run's
documents, unjudged ones with gain 0, padded with gain 0 and cost 1 (or cut)
to ``depth`` ranks (cwl_eval's ``max_n``, 1000); its continuation (or, for U-measure
and TBG, its weights) is a function of :mod:`rankbook.metrics.cwl_model_continuations`,
and its five numbers are :func:`rankbook.metrics.cwl.cwl_quantities`'s.
"""

from __future__ import annotations

from collections.abc import Sequence

from rankbook import _validate
from rankbook.metrics.cwl import CWLQuantities, continuation_from_weights, cwl_quantities
from rankbook.metrics.cwl_measures import CWL_EVAL_DEPTH, cwl_eval_list
from rankbook.metrics.cwl_model_continuations import (
    bpm_continuation,
    tbg_weights,
    u_measure_weights,
)


@_validate.explains_missing_arguments
def cwl_bejewelled_player(
    gains: Sequence[float | None], T: float = 1.0, K: float = 10.0, *, hb: float = 0.0,
    hc: float = 0.0, gain_median: float = 0.5, max_rel: float | None = None,
    depth: int = CWL_EVAL_DEPTH, costs: Sequence[float] | None = None,
) -> CWLQuantities:
    r"""BPM, the Bejewelled Player Model: stop once the gain reaches T or the cost reaches K.

    $$C(i) = \begin{cases} 1 & \text{if } \sum_{j \le m} g_j < T_m
    \text{ and } \sum_{j \le m} c_j < K_m \text{ for every } m \le i \\
    0 & \text{otherwise} \end{cases}$$

    $$T_m = T + h_b \sum_{j < m} (g_j - g_{\mathrm{med}}), \qquad
    K_m = K + h_c \sum_{j < m} (g_j - g_{\mathrm{med}})$$

    where $g_j$ is the gain and $c_j$ the cost of rank $j$. The player reads
    until either the benefit wanted ($T$) or the effort allowed ($K$) is used
    up, and the rank where that happens is the last one read. Static BPM
    (ir_measures' ``BPM(T=..)@K``, cwl_eval's ``BPM-Static``) is $h_b = h_c = 0$;
    the dynamic model (cwl_eval's ``BPM-Dynamic``, $h_b = h_c = 1$) raises the
    bounds after a document better than $g_{\mathrm{med}}$ and lowers them after a
    worse one. EU is the gain per document read over the read ranks.

    **cwl_eval 1.0.12 never moves K**: its dynamic loop updates $T$ where
    Zhang et al. update $K$, after the gain bound is settled, so $h_c$ has no
    effect there. ``hc=0`` (the default) reproduces cwl_eval; any other value
    follows Zhang et al.'s $K_m$.

    Parameters
    ----------
    gains : sequence of float or None
        $g_1, g_2, \dots$; None or NaN for an unjudged document (gain 0).
        Zhang et al. scale grades to $[0, 1]$.
    T : float, default 1.0
        The total gain the player wants (Zhang et al.'s $E_b$).
    K : float, default 10.0
        The total cost the player will spend ($E_c$); with cost 1 per document,
        the most documents read (ir_measures writes it after ``@``).
    hb, hc : float, default 0.0
        How much a document's gain above (below) $g_{\mathrm{med}}$ raises
        (lowers) $T$ and $K$. 0 and 0 is static BPM.
    gain_median : float, default 0.5
        $g_{\mathrm{med}}$, the gain that leaves the bounds unchanged.
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

    See Also
    --------
    rankbook.metrics.cwl.cwl_quantities : the five numbers of any continuation.

    References
    ----------
    Zhang, F., Liu, Y., Li, X., Zhang, M., Xu, Y. and Ma, S. (2017). Evaluating
    web search with a bejeweled player model. In Proceedings of SIGIR 2017, 425-434.

    Examples
    --------
    Gains 1, 0, 1, 1 with $T = 2$: the gain reaches 2 at rank 3, so the player
    reads 3 documents and collects 2:

    >>> q = cwl_bejewelled_player([1, 0, 1, 1], T=2, K=10)
    >>> round(q.expected_utility, 4), q.expected_total_utility, q.expected_depth
    (0.6667, 2.0, 3.0)
    """
    gains, costs = cwl_eval_list(gains, depth, costs, max_rel=max_rel)
    continuation = bpm_continuation(gains, costs, T, K, hb, hc, gain_median)
    return cwl_quantities(gains, continuation, costs)


@_validate.explains_missing_arguments
def cwl_u_measure(
    gains: Sequence[float | None], L: float = 1000.0, *, depth: int = CWL_EVAL_DEPTH,
    costs: Sequence[float] | None = None,
) -> CWLQuantities:
    r"""U-measure: attention falls linearly with the text read, to nothing after L.

    $$W(i) \propto \max\Bigl(0,\; 1 - \frac{t_i}{L}\Bigr), \quad
    t_i = \sum_{j < i} c_j, \qquad
    C(i) = \frac{W(i + 1)}{W(i)} = \frac{\max(0, L - t_{i+1})}{L - t_i}$$

    where $c_j$ is the cost of rank $j$ (Sakai and Dou: its length in
    characters) and $t_i$ the text read before rank $i$. A reader who would
    read $L$ characters in all gives rank $i$ a weight that falls in a
    straight line with $t_i$. As in cwl_eval, the last rank of the list gets
    $W(D) = 0$ and $C(D) = 0$, and $C(i) = 0$ once $W(i) = 0$. Over a list of
    one rank ($D = 1$) cwl_eval divides 0 by 0 (NaN EU, EC, ED); rankbook
    reads that rank, $W(1) = 1$.

    Parameters
    ----------
    gains : sequence of float or None
        $g_1, g_2, \dots$; None or NaN for an unjudged document (gain 0).
    L : float, default 1000.0
        The text (in the unit of the costs) after which the reader has stopped
        for certain; cwl_eval's default. With cost 1 per document, the number
        of documents.
    depth : int, default 1000
        The list is padded with gain 0 and cost 1, or cut, to this many ranks.
    costs : sequence of float, optional
        The cost of each retrieved document; default 1 each.

    Returns
    -------
    CWLQuantities
        cwl_eval's EU, ETU, EC, ETC and ED.

    See Also
    --------
    cwl_time_biased_gain : the same idea with an exponential decay.

    References
    ----------
    Sakai, T. and Dou, Z. (2013). Summaries, ranked retrieval and sessions: a
    unified framework for information access evaluation. In Proceedings of
    SIGIR 2013, 473-482.

    Examples
    --------
    $L = 4$, cost 1 each: weights $\propto 1, \frac34, \frac12, \frac14, 0$,
    so the expected depth is $2.5$ documents:

    >>> q = cwl_u_measure([1, 0, 1, 0, 0], L=4, depth=5)
    >>> q.expected_depth, round(q.expected_utility, 12)
    (2.5, 0.6)
    """
    gains, costs = cwl_eval_list(gains, depth, costs)
    return cwl_quantities(gains, continuation_from_weights(u_measure_weights(costs, L)), costs)


@_validate.explains_missing_arguments
def cwl_time_biased_gain(
    gains: Sequence[float | None], halflife: float = 224.0, *, depth: int = CWL_EVAL_DEPTH,
    costs: Sequence[float] | None = None,
) -> CWLQuantities:
    r"""Time-biased gain: the chance the user is still reading halves every H seconds.

    $$W(i) \propto 2^{-t_i / H}, \quad t_i = \sum_{j < i} c_j, \qquad
    C(i) = \frac{W(i + 1)}{W(i)} = 2^{-c_i / H}$$

    where $c_j$ is the time rank $j$ takes (seconds) and $H$ the half-life.
    With the same cost $c$ for every document this is RBP with
    $p = 2^{-c/H}$. As in cwl_eval, $C(D) = 0$ at the last rank, and only the
    time decay of Smucker and Clarke is modelled (no click or save
    probabilities: put them in the gains and costs).

    Parameters
    ----------
    gains : sequence of float or None
        $g_1, g_2, \dots$; None or NaN for an unjudged document (gain 0).
    halflife : float, default 224.0
        $H$, in the unit of the costs: cwl_eval's default, Smucker and
        Clarke's 224 seconds.
    depth : int, default 1000
        The list is padded with gain 0 and cost 1, or cut, to this many ranks.
    costs : sequence of float, optional
        The time of each retrieved document; default 1 each.

    Returns
    -------
    CWLQuantities
        cwl_eval's EU, ETU, EC, ETC and ED.

    See Also
    --------
    cwl_u_measure : a linear decay.
    rankbook.metrics.cwl_measures.cwl_rank_biased_precision : the constant-cost case.

    References
    ----------
    Smucker, M. D. and Clarke, C. L. A. (2012). Time-based calibration of
    effectiveness measures. In Proceedings of SIGIR 2012, 95-104.

    Examples
    --------
    $H = 1$ and cost 1 each: every document halves the chance, RBP with
    $p = \frac12$ over 3 ranks:

    >>> q = cwl_time_biased_gain([1, 0, 1], halflife=1, depth=3)
    >>> round(q.expected_utility * 7, 12), q.expected_depth
    (5.0, 1.75)
    """
    gains, costs = cwl_eval_list(gains, depth, costs)
    weights = tbg_weights(costs, halflife)
    return cwl_quantities(gains, continuation_from_weights(weights), costs)
