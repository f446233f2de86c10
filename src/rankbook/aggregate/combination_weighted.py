r"""Weighted score combination (Wu & Crestani 2002), as ranx defines it.

| function | score of item $x$ | ranx |
| --- | --- | --- |
| `wsum` | $\sum_\ell w_\ell v_\ell(x)$ | `wsum` |
| `wmnz` | $\left(\sum_\ell v_\ell(x)\right) \left(\sum_{\ell \ni x} w_\ell\right)$ | `wmnz` |
| `mixed` | $\sqrt{h(x)}\, \sum_\ell w_\ell v_\ell(x)$ | `mixed` |

$v_\ell(x)$ is the normalised score of $x$ in list $\ell$ (see
`rankbook.aggregate.normalization`), $\ell \ni x$ the lists that rank $x$,
$h(x)$ their number. The weights are meant to be learned (for instance from each
system's mean average precision on training queries); with all weights 1, `wsum` is
CombSUM and `wmnz` CombMNZ.

>>> lists = [{"a": 5.0, "b": 3.0, "c": 1.0}, {"b": 9.0, "d": 4.0},
...          {"c": 2.0, "a": 1.5, "e": 1.0, "b": 0.5}]
"""

from __future__ import annotations

import numpy as np

from rankbook.aggregate._profile import make_profile, ranked_result
from rankbook.aggregate.combination import weighted_values
from rankbook.aggregate.normalization import normalized_matrix


def wsum(lists, *, weights=None, norm: str = "min_max", convention: str = "textbook") -> dict:
    r"""Weighted sum of normalised scores (the same formula as CombSUM with weights).

    $$\operatorname{WSUM}(x) = \sum_{\ell=1}^{L} w_\ell\, v_\ell(x)$$

    Parameters
    ----------
    lists : sequence of (mapping item -> score, or sequence of item ids)
        The ranked lists of one query, best first; they may be partial.
    weights : sequence of float, optional
        One weight per list (default 1 each, which makes this CombSUM).
    norm : str, default "min_max"
        The normalisation (`rankbook.aggregate.normalization.NORMS`).
    convention : {"textbook", "flagr"}, default "textbook"
        ``"flagr"`` keeps FLAGR's NaN for lists whose scores have no spread.

    Returns
    -------
    dict
        Item -> weighted sum, best first.

    See Also
    --------
    rankbook.aggregate.combination.combsum

    References
    ----------
    Wu, S. and Crestani, F. (2002). Data fusion with estimated weights. In
    Proceedings of ACM CIKM 2002, pages 648-651.

    Examples
    --------
    >>> lists = [{"a": 5.0, "b": 3.0, "c": 1.0}, {"b": 9.0, "d": 4.0},
    ...          {"c": 2.0, "a": 1.5, "e": 1.0, "b": 0.5}]
    >>> {x: round(s, 6) for x, s in wsum(lists, weights=[0.3, 0.2, 0.5]).items()}
    {'a': 0.633333, 'c': 0.5, 'b': 0.35, 'e': 0.166667, 'd': 0.0}
    """
    profile, values, _ = weighted_values(lists, weights, norm, convention)
    return ranked_result(profile, values.sum(axis=0), exact=convention == "flagr")


def wmnz(lists, *, weights=None, norm: str = "min_max", convention: str = "textbook") -> dict:
    r"""Weighted MNZ: the unweighted sum times the total weight of the lists that rank the item.

    $$\operatorname{WMNZ}(x) = \Big(\sum_{\ell=1}^{L} v_\ell(x)\Big) \sum_{\ell \ni x} w_\ell$$

    This is ranx's `wmnz`: the scores are summed without their weights, and
    the weights of the lists that rank $x$ take the place of CombMNZ's count
    $h(x)$ (Wu & Crestani 2002). With all weights 1 it is CombMNZ.

    Parameters
    ----------
    lists : sequence of (mapping item -> score, or sequence of item ids)
        The ranked lists of one query, best first.
    weights : sequence of float, optional
        One weight per list (default 1 each).
    norm : str, default "min_max"
        The normalisation.
    convention : {"textbook", "flagr"}, default "textbook"
        ``"flagr"`` keeps FLAGR's NaN for lists whose scores have no spread.

    Returns
    -------
    dict
        Item -> WMNZ score, best first.

    References
    ----------
    Wu, S. and Crestani, F. (2002). Data fusion with estimated weights. CIKM 2002.

    Examples
    --------
    >>> lists = [{"a": 5.0, "b": 3.0, "c": 1.0}, {"b": 9.0, "d": 4.0},
    ...          {"c": 2.0, "a": 1.5, "e": 1.0, "b": 0.5}]
    >>> {x: round(s, 6) for x, s in wmnz(lists, weights=[0.3, 0.2, 0.5]).items()}
    {'b': 1.5, 'a': 1.333333, 'c': 0.8, 'e': 0.166667, 'd': 0.0}
    """
    profile = make_profile(lists, weights)
    values, present = normalized_matrix(profile, norm, convention=convention)
    unweighted = np.where(present, values, 0.0).sum(axis=0)
    total_weight = (profile.weight[:, None] * profile.ranked).sum(axis=0)
    return ranked_result(profile, unweighted * total_weight, exact=convention == "flagr")


def mixed(lists, *, weights=None, norm: str = "min_max", convention: str = "textbook") -> dict:
    r"""Mixed: the weighted sum times the square root of the number of lists that rank the item.

    $$\operatorname{Mixed}(x) = \sqrt{h(x)}\, \sum_{\ell=1}^{L} w_\ell\, v_\ell(x)$$

    Between CombSUM ($h^0$) and CombMNZ ($h^1$): CombGMNZ with $\gamma = 1/2$
    and weights.

    Parameters
    ----------
    lists : sequence of (mapping item -> score, or sequence of item ids)
        The ranked lists of one query, best first.
    weights : sequence of float, optional
        One weight per list (default 1 each).
    norm : str, default "min_max"
        The normalisation.
    convention : {"textbook", "flagr"}, default "textbook"
        ``"flagr"`` keeps FLAGR's NaN for lists whose scores have no spread.

    Returns
    -------
    dict
        Item -> Mixed score, best first.

    References
    ----------
    Wu, S. and Crestani, F. (2002). Data fusion with estimated weights. CIKM 2002.

    Examples
    --------
    >>> lists = [{"a": 5.0, "b": 3.0, "c": 1.0}, {"b": 9.0, "d": 4.0},
    ...          {"c": 2.0, "a": 1.5, "e": 1.0, "b": 0.5}]
    >>> {x: round(s, 6) for x, s in mixed(lists).items()}
    {'b': 2.598076, 'a': 2.357023, 'c': 1.414214, 'e': 0.333333, 'd': 0.0}
    """
    profile, values, _ = weighted_values(lists, weights, norm, convention)
    scores = values.sum(axis=0) * np.sqrt(profile.hits)
    return ranked_result(profile, scores, exact=convention == "flagr")
