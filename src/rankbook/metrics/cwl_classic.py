r"""cwl_eval's classic measures as C/W/L user models: five numbers each.

| function | measure | cwl_eval's name | its $C(i)$ |
| --- | --- | --- | --- |
| `cwl_precision` | precision at $k$ | ``P@k`` | 1 before rank $k$, then 0 |
| `cwl_scaled_dcg` | scaled DCG at $k$ (ir_measures' ``SDCG@k``) | ``NDCG-k@k`` | $\log_2(i+1) / \log_2(i+2)$ before rank $k$, then 0 |
| `cwl_reciprocal_rank` | reciprocal rank | ``RR`` | 1 before the first gain, then 0 |
| `cwl_average_precision` | average precision over the gain retrieved | ``AP`` | $\sum_{j>i} g_j/j \,/ \sum_{j \ge i} g_j/j$ |
| `cwl_inst` | INST | ``INST-T=T`` | $\bigl((i + T + T_i - 1)/(i + T + T_i)\bigr)^2$ |
| `cwl_insq` | INSQ | ``INSQ-T=T`` | $\bigl((i + 2T - 1)/(i + 2T)\bigr)^2$ |

Each scores cwl_eval's list (:func:`rankbook.metrics.cwl_measures.cwl_eval_list`): the
run's documents, unjudged ones with gain 0, padded with gain 0 and cost 1 (or cut) to
``depth`` ranks. Each continuation is a function of :mod:`rankbook.metrics.cwl_continuations`;
the five numbers are :func:`rankbook.metrics.cwl.cwl_quantities`'s.
"""

from __future__ import annotations

from collections.abc import Sequence

from rankbook import _validate
from rankbook.metrics.cwl import CWLQuantities, cwl_quantities
from rankbook.metrics.cwl_continuations import (
    average_precision_continuation,
    insq_continuation,
    inst_continuation,
    precision_continuation,
    reciprocal_rank_continuation,
    scaled_dcg_continuation,
)
from rankbook.metrics.cwl_measures import CWL_EVAL_DEPTH, cwl_eval_list


@_validate.explains_missing_arguments
def cwl_precision(
    gains: Sequence[float | None], k: int = 10, *, depth: int = CWL_EVAL_DEPTH,
    costs: Sequence[float] | None = None,
) -> CWLQuantities:
    r"""Precision at k as a C/W/L measure (cwl_eval's ``P@k``): EU, ETU, EC, ETC, ED.

    The user reads the first $k$ documents and stops:

    $$C(i) = \begin{cases} 1 & i < k \\ 0 & i \ge k \end{cases}, \qquad
    W(i) = \frac{1}{k} \ (i \le k), \qquad
    \mathrm{EU} = \frac{1}{k} \sum_{i=1}^{k} g_i, \qquad \mathrm{ED} = k$$

    EU is (graded) precision at $k$ and ETU the gain of the first $k$
    documents. The list is padded to ``depth`` ranks first, so EU divides by
    $k$ even when fewer documents were retrieved, as trec_eval's ``P_k`` does.
    For $k$ above ``depth`` the user reads the whole list ($C(i) = 1$), where
    cwl_eval 1.0.12 fails.

    Parameters
    ----------
    gains : sequence of float or None
        $g_1, g_2, \dots$ (cwl_eval: the qrels' value); None or NaN for an
        unjudged document (gain 0).
    k : int, default 10
        The number of documents read (cwl_eval's default).
    depth : int, default 1000
        The list is padded (gain 0, cost 1) or cut to this many ranks (cwl_eval's ``max_n``).
    costs : sequence of float, optional
        The cost of each retrieved document; default 1 each.

    Returns
    -------
    CWLQuantities
        cwl_eval's EU, ETU, EC, ETC, ED.

    See Also
    --------
    rankbook.metrics.precision.precision_at_k : trec_eval's P@k (grades at a relevance level).

    References
    ----------
    Moffat, A., Bailey, P., Scholer, F. and Thomas, P. (2017). Incorporating
    user expectations and behavior into the measurement of search
    effectiveness. ACM Transactions on Information Systems 35(3), article 24.

    Azzopardi, L., Thomas, P. and Moffat, A. (2019). cwl_eval: An evaluation tool
    for information retrieval. SIGIR 2019, 1321-1324.

    Examples
    --------
    >>> q = cwl_precision([1, 0, 0.5, 1], k=3)
    >>> q.expected_utility, q.expected_total_utility, q.expected_depth
    (0.5, 1.5, 3.0)
    """
    k = _validate.cutoff(k)
    gains, costs = cwl_eval_list(gains, depth, costs)
    return cwl_quantities(gains, precision_continuation(gains.size, k), costs)


@_validate.explains_missing_arguments
def cwl_scaled_dcg(
    gains: Sequence[float | None], k: int = 10, *, depth: int = CWL_EVAL_DEPTH,
    costs: Sequence[float] | None = None,
) -> CWLQuantities:
    r"""Scaled DCG at k (SDCG@k; cwl_eval's ``NDCG-k@k``): DCG's discount as a user model.

    $$C(i) = \begin{cases} \dfrac{\log_2(i+1)}{\log_2(i+2)} & i < k \\ 0 & i \ge k \end{cases},
    \qquad W(i) = \frac{1 / \log_2(i+1)}{\sum_{j=1}^{k} 1 / \log_2(j+1)} \ (i \le k)$$

    so the user reaches rank $i$ with probability $1/\log_2(i+1)$, DCG's
    discount (Jarvelin and Kekalainen 2002), and EU is DCG@k with the gains as
    given, divided by $\sum_{j \le k} 1/\log_2(j+1)$: the DCG of a list of
    gain 1 everywhere, not of the ideal ranking (hence *scaled*, not
    normalised; cwl_eval's name ``NDCG-k`` says otherwise). ED is that sum.

    Parameters
    ----------
    gains : sequence of float or None
        $g_1, g_2, \dots$ (cwl_eval: the qrels' value, no $2^g - 1$); None or
        NaN for an unjudged document (gain 0).
    k : int, default 10
        The cut-off.
    depth, costs
        As in `cwl_precision`: cwl_eval's ``max_n`` (1000) and a cost per document (1 each).

    Returns
    -------
    CWLQuantities
        cwl_eval's EU, ETU, EC, ETC, ED.

    See Also
    --------
    rankbook.metrics.dcg.ndcg_at_k : nDCG@k, normalised by the ideal ranking.

    References
    ----------
    Jarvelin, K. and Kekalainen, J. (2002). Cumulated gain-based evaluation of
    IR techniques. ACM Transactions on Information Systems 20(4), 422-446.

    Moffat, A., Bailey, P., Scholer, F. and Thomas, P. (2017). Incorporating
    user expectations and behavior into the measurement of search
    effectiveness. ACM Transactions on Information Systems 35(3), article 24.

    Examples
    --------
    $k = 2$: the weights are $1$ and $1/\log_2 3$ over their sum, $\mathrm{ED} = 1 + 1/\log_2 3$:

    >>> q = cwl_scaled_dcg([0, 1], k=2)
    >>> import math
    >>> math.isclose(q.expected_utility, (1 / math.log2(3)) / (1 + 1 / math.log2(3)))
    True
    >>> round(q.expected_depth, 4)
    1.6309
    """
    k = _validate.cutoff(k)
    gains, costs = cwl_eval_list(gains, depth, costs)
    return cwl_quantities(gains, scaled_dcg_continuation(gains.size, k), costs)


@_validate.explains_missing_arguments
def cwl_reciprocal_rank(
    gains: Sequence[float | None], *, depth: int = CWL_EVAL_DEPTH,
    costs: Sequence[float] | None = None,
) -> CWLQuantities:
    r"""Reciprocal rank as a C/W/L measure (cwl_eval's ``RR``): EU, ETU, EC, ETC, ED.

    The user reads until the first document with a positive gain, at rank $f$, and stops:

    $$C(i) = \begin{cases} 1 & i < f \\ 0 & i \ge f \end{cases}, \qquad
    W(i) = \frac{1}{f} \ (i \le f), \qquad \mathrm{EU} = \frac{g_f}{f}, \qquad \mathrm{ED} = f$$

    With binary gains EU is the reciprocal rank $1/f$; with graded gains it is
    $g_f / f$, the gain of the first useful document over its rank (trec_eval's
    ``recip_rank`` is $1/f$ with $f$ the first document at the relevance
    level). When no document has a positive gain the user reads all ``depth``
    ranks: EU is 0 and ED is ``depth``.

    Parameters
    ----------
    gains : sequence of float or None
        $g_1, g_2, \dots$; None or NaN for an unjudged document (gain 0).
    depth, costs
        As in `cwl_precision`: cwl_eval's ``max_n`` (1000) and a cost per document (1 each).

    Returns
    -------
    CWLQuantities
        cwl_eval's EU, ETU, EC, ETC, ED.

    See Also
    --------
    rankbook.metrics.reciprocal_rank.reciprocal_rank : trec_eval's recip_rank.

    References
    ----------
    Kantor, P. and Voorhees, E. (2000). The TREC-5 confusion track.
    Information Retrieval 2(2-3), 165-176.

    Examples
    --------
    >>> q = cwl_reciprocal_rank([0, None, 0.5, 1])
    >>> round(q.expected_utility, 6), q.expected_depth
    (0.166667, 3.0)
    """
    gains, costs = cwl_eval_list(gains, depth, costs)
    return cwl_quantities(gains, reciprocal_rank_continuation(gains), costs)


@_validate.explains_missing_arguments
def cwl_average_precision(
    gains: Sequence[float | None], *, depth: int = CWL_EVAL_DEPTH,
    costs: Sequence[float] | None = None,
) -> CWLQuantities:
    r"""Average precision as cwl_eval 1.0.12 computes it (its ``AP``): over the gain retrieved.

    $$C(i) = \frac{\sum_{j > i} g_j / j}{\sum_{j \ge i} g_j / j} \quad
    (0 \text{ when the numerator is } 0), \qquad
    W(i) = \frac{\sum_{j \ge i} g_j / j}{\sum_{j=1}^{D} g_j}$$

    so that

    $$\mathrm{EU} = \frac{1}{\sum_{j=1}^{D} g_j} \sum_{j=1}^{D} g_j\,
    \frac{\sum_{i \le j} g_i}{j}$$

    the mean, weighted by gain, of the precision at the ranks of the useful
    documents among the $D$ = ``depth`` ranks scored. The divisor is the gain
    *retrieved*, not the qrels' number of relevant documents $R$ as trec_eval's
    ``map`` (Harman 1992 first published it this way): a run that finds one
    relevant document of ten, at rank 1, has cwl_eval AP 1 and trec_eval AP
    0.1. A run with no gain has $C(i) = 0$: EU 0, ED 1. (cwl_eval's ``Ranking``
    carries the qrels' totals, but its ``AP`` does not read them.)

    Parameters
    ----------
    gains : sequence of float or None
        $g_1, g_2, \dots$, each at least 0; None or NaN for an unjudged
        document (gain 0).
    depth, costs
        As in `cwl_precision`: cwl_eval's ``max_n`` (1000) and a cost per document (1 each).

    Returns
    -------
    CWLQuantities
        cwl_eval's EU, ETU, EC, ETC, ED.

    Raises
    ------
    InvalidValueError
        If a gain is negative ($C(i)$ would not be a probability).

    See Also
    --------
    rankbook.metrics.average_precision.average_precision : trec_eval's AP, divided by R.

    References
    ----------
    Harman, D. (1992). Evaluation issues in information retrieval.
    Information Processing and Management 28(4), 439-440.

    Moffat, A., Bailey, P., Scholer, F. and Thomas, P. (2017). Incorporating
    user expectations and behavior into the measurement of search
    effectiveness. ACM Transactions on Information Systems 35(3), article 24.

    Examples
    --------
    Relevant at ranks 1 and 3: precision 1 and 2/3 there, mean 5/6. The
    user reaches rank $i$ with probability $\sum_{j \ge i} g_j/j$ over
    $\frac43$: $1, \frac14, \frac14$, so $\mathrm{ED} = \frac32$:

    >>> q = cwl_average_precision([1, 0, 1])
    >>> round(q.expected_utility, 6), q.expected_depth
    (0.833333, 1.5)
    """
    gains, costs = cwl_eval_list(gains, depth, costs)
    return cwl_quantities(gains, average_precision_continuation(gains), costs)


@_validate.explains_missing_arguments
def cwl_inst(
    gains: Sequence[float | None], T: float = 1.0, *, depth: int = CWL_EVAL_DEPTH,
    costs: Sequence[float] | None = None,
) -> CWLQuantities:
    r"""INST (Moffat et al. 2015) as cwl_eval computes it: the user wants T units of gain.

    $$C(i) = \left(\frac{i + T + T_i - 1}{i + T + T_i}\right)^{2}, \qquad
    T_i = T - \sum_{j \le i} g_j$$

    $T_i$ is the gain still wanted after rank $i$: a user who has found what
    they came for ($T_i \le 0$) is likely to stop, one still searching reads
    on, and a user expecting much ($T$ large) reads deep. ir_measures writes
    it ``INST(T=1)`` (with ``max_rel`` scaling its grades to $[0, 1]$),
    cwl_eval ``INST-T=1.0``.

    Parameters
    ----------
    gains : sequence of float or None
        $g_1, g_2, \dots$, each in $[0, 1]$ (cwl_eval refuses others); None or
        NaN for an unjudged document (gain 0).
    T : float, default 1.0
        The gain the user expects to need, $T > 0$ (cwl_eval's default 1).
    depth, costs
        As in `cwl_precision`: cwl_eval's ``max_n`` (1000) and a cost per document (1 each).

    Returns
    -------
    CWLQuantities
        cwl_eval's EU, ETU, EC, ETC, ED.

    Raises
    ------
    InvalidValueError
        If a gain is outside $[0, 1]$, or $C(i)$ is not a probability (a very small $T$).

    See Also
    --------
    cwl_insq : the same user with $T_i = T$ throughout.

    References
    ----------
    Moffat, A., Bailey, P., Scholer, F. and Thomas, P. (2015). INST: An adaptive
    metric for information retrieval evaluation. In Proceedings of ADCS 2015, article 5.

    Examples
    --------
    A relevant first document meets $T = 1$: $T_1 = T_2 = 0$, so
    $C(1) = (\frac12)^2$ and $C(2) = (\frac23)^2$; the ranks are reached with
    probabilities $1, \frac14, \frac19$ and $\mathrm{ED} = \frac{49}{36}$:

    >>> q = cwl_inst([1, 0, 0], T=1, depth=3)
    >>> round(q.expected_depth, 6), round(q.expected_utility, 6)
    (1.361111, 0.734694)
    """
    gains, costs = cwl_eval_list(gains, depth, costs)
    return cwl_quantities(gains, inst_continuation(gains, T), costs)


@_validate.explains_missing_arguments
def cwl_insq(
    gains: Sequence[float | None], T: float = 1.0, *, depth: int = CWL_EVAL_DEPTH,
    costs: Sequence[float] | None = None,
) -> CWLQuantities:
    r"""INSQ (Moffat, Scholer and Thomas 2012) as cwl_eval computes it: INST without adapting.

    $$C(i) = \left(\frac{i + 2T - 1}{i + 2T}\right)^{2}$$

    INST's continuation with the gain still wanted held at $T$: the user
    expects to need $T$ units of gain and reads deeper the larger $T$, but
    does not stop sooner for what they found. ir_measures writes it
    ``INSQ(T=1)``, cwl_eval ``INSQ-T=1.0``.

    Parameters
    ----------
    gains : sequence of float or None
        $g_1, g_2, \dots$; None or NaN for an unjudged document (gain 0).
    T : float, default 1.0
        The gain the user expects to need, $T > 0$ (cwl_eval's default 1).
    depth, costs
        As in `cwl_precision`: cwl_eval's ``max_n`` (1000) and a cost per document (1 each).

    Returns
    -------
    CWLQuantities
        cwl_eval's EU, ETU, EC, ETC, ED.

    See Also
    --------
    cwl_inst : the adaptive form.

    References
    ----------
    Moffat, A., Scholer, F. and Thomas, P. (2012). Models and metrics: IR
    evaluation as a user process. In Proceedings of ADCS 2012, 47-54.

    Examples
    --------
    $T = 1$: $C(1) = (2/3)^2 = 4/9$, the chance of reading on from rank 1:

    >>> q = cwl_insq([1, 0], T=1, depth=2)
    >>> round(q.expected_depth, 6), round(q.expected_utility, 6)
    (1.444444, 0.692308)
    """
    gains, costs = cwl_eval_list(gains, depth, costs)
    return cwl_quantities(gains, insq_continuation(gains.size, T), costs)
