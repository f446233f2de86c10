r"""Measures of the C/W/L framework as cwl_eval computes them: five numbers each.

| function | measure | cwl_eval's name |
| --- | --- | --- |
| `cwl_rank_biased_precision` | RBP with cwl_eval's list of ``depth`` ranks | ``RBP@p`` |

Each is a continuation function $C(i)$ (:mod:`rankbook.metrics.cwl`) and the
list cwl_eval scores: the run's documents, unjudged ones with gain 0, padded
with gain 0 and cost 1 (or cut) to ``depth`` ranks (cwl_eval's ``max_n``,
1000). The five numbers are :func:`rankbook.metrics.cwl.cwl_quantities`'s.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from rankbook import _validate
from rankbook._errors import InvalidValueError
from rankbook.metrics.cwl import CWLQuantities, cwl_quantities, rbp_continuation

#: cwl_eval's ``max_n``: every list is padded or cut to this many ranks.
CWL_EVAL_DEPTH = 1000


@_validate.explains_missing_arguments
def cwl_rank_biased_precision(
    gains: Sequence[float | None],
    persistence: float = 0.8,
    *,
    depth: int = CWL_EVAL_DEPTH,
    costs: Sequence[float] | None = None,
) -> CWLQuantities:
    r"""RBP as a C/W/L measure, as cwl_eval computes it: EU, ETU, EC, ETC and ED.

    The user reads on after every rank with probability $p$, $C(i) = p$, over
    a list of $D$ ranks (``depth``), so

    $$W(i) = \frac{p^{\,i-1}}{\sum_{k=1}^{D} p^{\,k-1}}
           = \frac{(1 - p)\, p^{\,i-1}}{1 - p^{D}}, \qquad
    \mathrm{EU} = \sum_{i=1}^{D} W(i)\, g_i = \frac{\mathrm{RBP}}{1 - p^{D}}, \qquad
    \mathrm{ED} = \frac{1 - p^{D}}{1 - p}$$

    where $g_i$ is the gain at rank $i$ and RBP Moffat and Zobel's
    $(1 - p) \sum_i p^{\,i-1} g_i$. cwl_eval's RBP is therefore RBP divided by
    $1 - p^{D}$: equal to it to four decimals for $D = 1000$ and any $p$ up
    to 0.99, larger for a short list. ETU, EC and ETC are those of
    :func:`rankbook.metrics.cwl.cwl_quantities`.

    Parameters
    ----------
    gains : sequence of float or None
        $g_1, g_2, \dots$: the gain of each retrieved document (cwl_eval: the
        qrels' value), None or NaN for an unjudged one (gain 0, cwl_eval's
        lower bound).
    persistence : float, default 0.8
        $p$, with $0 \le p < 1$ (ir_measures' default; cwl_eval's default set
        has 0.2, 0.4 and 0.8).
    depth : int, default 1000
        $D$: the list is padded with gain 0 and cost 1, or cut, to this many
        ranks (cwl_eval's ``max_n``).
    costs : sequence of float, optional
        The cost of each retrieved document (cwl_eval's cost file, by element
        type; see :func:`rankbook.io.document_costs`); default 1 each.

    Returns
    -------
    CWLQuantities
        ``(expected_utility, expected_total_utility, expected_cost,
        expected_total_cost, expected_depth)``, cwl_eval's EU ETU EC ETC ED.

    See Also
    --------
    rankbook.metrics.user_models.rank_biased_precision : RBP as trec_eval 10 computes it.
    rankbook.metrics.cwl.cwl_quantities : the five numbers of any continuation.

    References
    ----------
    Moffat, A. and Zobel, J. (2008). Rank-biased precision for measurement of
    retrieval effectiveness. ACM Transactions on Information Systems 27(1), article 2.

    Azzopardi, L., Thomas, P. and Moffat, A. (2019). cwl_eval: An evaluation
    tool for information retrieval. In Proceedings of SIGIR 2019, 1321-1324.

    Examples
    --------
    Gains 1, 0, 1 read with $p = \frac12$ over a list of 3 ranks:
    $W = (\frac47, \frac27, \frac17)$, so $\mathrm{EU} = \frac57$ and
    $\mathrm{ED} = \frac74$:

    >>> q = cwl_rank_biased_precision([1, 0, 1], 0.5, depth=3)
    >>> round(q.expected_utility, 6), q.expected_depth
    (0.714286, 1.75)

    Over cwl_eval's 1000 ranks, EU is Moffat and Zobel's RBP,
    $\frac12 (1 + \frac14) = 0.625$, divided by $1 - 2^{-1000}$, which is 1
    in floating point:

    >>> cwl_rank_biased_precision([1, 0, 1], 0.5).expected_utility
    0.625
    """
    p = _validate.rbp_persistence(persistence)
    gains, costs = cwl_eval_list(gains, depth, costs)
    return cwl_quantities(gains, rbp_continuation(p, len(gains)), costs)


def cwl_eval_list(
    gains: Sequence[float | None], depth: int = CWL_EVAL_DEPTH,
    costs: Sequence[float] | None = None, *, max_rel: float | None = None,
) -> tuple[np.ndarray, np.ndarray]:
    r"""The gains and costs cwl_eval scores: unjudged gain 0, padded or cut to ``depth`` ranks.

    $$g_i = \begin{cases} \text{the document's gain} & \text{judged} \\
    0 & \text{unjudged, or past the end of the run} \end{cases}, \qquad
    c_i = \begin{cases} \text{the document's cost} & \text{given} \\
    1 & \text{otherwise} \end{cases}, \qquad i = 1, \dots, D$$

    cwl_eval's lower bound (its ``Ranking`` with ``worse_case=True`` and ``max_n``
    = $D$). Every C/W/L measure of rankbook reads its continuation off these two
    lists.

    Parameters
    ----------
    gains : sequence of float or None
        The gain of each retrieved document, None or NaN for an unjudged one.
    depth : int, default 1000
        $D$, the number of ranks scored (cwl_eval's ``max_n``).
    costs : sequence of float, optional
        The cost of each retrieved document (a number >= 0 each); None: 1 each.
    max_rel : float, optional
        None: the gains as given (cwl_eval). A number: each gain clipped to
        $[0, \mathrm{max\_rel}]$ and divided by it (ir_measures' ``max_rel``,
        ``min_rel`` 0), so that grades become gains in $[0, 1]$.

    Returns
    -------
    tuple of numpy.ndarray, each of shape (depth,)
        ``(gains, costs)``.

    Examples
    --------
    >>> cwl_eval_list([1, None, 0.5], depth=4, costs=[2, 3, 1])
    (array([1. , 0. , 0.5, 0. ]), array([2., 3., 1., 1.]))
    >>> cwl_eval_list([1, 1, 1], depth=2)
    (array([1., 1.]), array([1., 1.]))
    >>> cwl_eval_list([3, 1, -1], depth=3, max_rel=2)[0]
    array([1. , 0.5, 0. ])
    """
    depth = _validate.count(depth, "depth", what="ranks of the list cwl_eval scores")
    if isinstance(gains, np.ndarray):  # None (object arrays) becomes NaN, as below
        gains = np.array(gains, dtype=np.float64)[:depth]
    else:
        gains = np.array([np.nan if g is None else g for g in gains], dtype=np.float64)[:depth]
    gains[np.isnan(gains)] = 0.0
    gains = np.concatenate([gains, np.zeros(depth - gains.size)])
    if max_rel is not None:
        max_rel = _validate.number(max_rel, "max_rel", low=0, low_open=True)
        gains = np.clip(gains, 0.0, max_rel) / max_rel
    if costs is None:
        return gains, np.ones(depth)
    costs = np.asarray(costs, dtype=np.float64)[:depth]
    if costs.ndim != 1 or not np.all(costs >= 0):
        raise InvalidValueError(
            "costs must be one number >= 0 per retrieved document (e.g. seconds or characters "
            f"to read it; rankbook.io.document_costs reads cwl_eval's cost file), got {costs!r}.")
    return gains, np.concatenate([costs, np.ones(depth - costs.size)])
