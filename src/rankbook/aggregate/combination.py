r"""Score combination: Fox & Shaw's Comb* family and Lee's CombGMNZ.

Each list's scores are first normalised (`norm=`, see
`rankbook.aggregate.normalization`) and multiplied by the list's weight $w_\ell$;
the methods differ in how they combine an item's values $v_\ell(x)$:

| function | score of item $x$ | FLAGR | ranx |
| --- | --- | --- | --- |
| `combsum` | $\sum_\ell w_\ell v_\ell(x)$ | `CombSUM` | `sum` |
| `combmnz` | $h(x) \sum_\ell w_\ell v_\ell(x)$ | `CombMNZ` | `mnz` |
| `combanz` | $\frac{1}{h(x)} \sum_\ell w_\ell v_\ell(x)$ | - | `anz` |
| `combgmnz` | $h(x)^\gamma \sum_\ell w_\ell v_\ell(x)$ | - | `gmnz` |
| `combmax` | $\max_\ell w_\ell v_\ell(x)$ | - | `max` |
| `combmin` | $\min_\ell w_\ell v_\ell(x)$ | - | `min` |
| `combmed` | $\operatorname{median}_\ell w_\ell v_\ell(x)$ | - | `med` |

$h(x)$ is the number of lists that rank $x$. Sums run over the lists that give
$x$ a value; the maximum, minimum and median over the same lists (every list
under `norm="borda"`, which gives unranked items a share; only the lists that
rank $x$ under the other norms).

The running example of the docs, three partial lists with scores:

>>> lists = [{"a": 5.0, "b": 3.0, "c": 1.0}, {"b": 9.0, "d": 4.0},
...          {"c": 2.0, "a": 1.5, "e": 1.0, "b": 0.5}]
"""

from __future__ import annotations

import numpy as np

from rankbook._validate import choice
from rankbook.aggregate import _arguments as check
from rankbook.aggregate._profile import make_profile, ranked_result
from rankbook.aggregate.normalization import normalized_matrix


def weighted_values(lists, weights, norm: str, convention: str, *, reference=None):
    r"""``(profile, values, present)``: the lists' normalised values times their weights.

    ``values[l, x]`` is $w_\ell v_\ell(x)$, 0 where list $\ell$ gives $x$ no
    value; ``present[l, x]`` says whether it gives one. ``reference`` gives the
    lists whose statistics normalise these (see `normalized_matrix`).
    """
    profile = make_profile(lists, weights)
    values, present = normalized_matrix(profile, norm, convention=convention, reference=reference)
    weighted = np.where(present, values * profile.weight[:, None], 0.0)
    return profile, weighted, present


def combined_scores(profile, combine: str, norm: str, convention: str, *,
                    reference=None) -> np.ndarray:
    r"""The (n,) CombSUM (``combine="sum"``) or CombMNZ (``"mnz"``) scores, in the profile's item order.

    `combsum` and `combmnz` rank these scores; DIBRA (`rankbook.aggregate.dibra`)
    uses them as its base method, with the weights it learns as the profile's
    weights and, after pruning, the lists before pruning as ``reference`` (their
    lengths and score statistics normalise the pruned lists, as in FLAGR).
    The lists are added one after the other, in order, as FLAGR adds them
    (``np.cumsum`` adds strictly in order; ``np.sum`` may add in pairs, which
    changes the last bit of a sum and so the order of near ties, which DIBRA's
    iterations amplify).
    """
    choice(combine, ("sum", "mnz"), "combine")
    _, values, _ = weighted_values(profile, None, norm, convention, reference=reference)
    if combine == "mnz":
        # FLAGR multiplies each list's term by the hits: score * (hits * weight), then sums.
        values = values * profile.hits.astype(float)[None, :]
    if values.shape[0] == 0:
        return np.zeros(values.shape[1])
    return np.cumsum(values, axis=0)[-1]


def _over_present(values: np.ndarray, present: np.ndarray, reduce) -> np.ndarray:
    """Reduce each column over its present entries with a NaN-ignoring reduction."""
    masked = np.where(present, values, np.nan)
    out = np.full(values.shape[1], np.nan)
    some = (present & ~np.isnan(values)).any(axis=0)   # FLAGR's 0/0 values stay NaN, unwarned
    with np.errstate(invalid="ignore"):
        out[some] = reduce(masked[:, some], axis=0)
    return out


def combsum(lists, *, weights=None, norm: str = "min_max", convention: str = "textbook") -> dict:
    r"""CombSUM: the sum of an item's normalised scores.

    $$\operatorname{CombSUM}(x) = \sum_{\ell=1}^{L} w_\ell\, v_\ell(x)$$

    where $v_\ell(x)$ is the normalised score of $x$ in list $\ell$ (0 when the
    list gives it none) and $w_\ell$ the list's weight. With ``weights`` this is
    also ranx's weighted sum (`wsum`).

    Parameters
    ----------
    lists : sequence of (mapping item -> score, or sequence of item ids)
        The ranked lists of one query, best first; they may be partial.
    weights : sequence of float, optional
        One weight per list (default 1 each).
    norm : str, default "min_max"
        The normalisation (`rankbook.aggregate.normalization.NORMS`); `"borda"`
        is FLAGR's default and its `BordaCount`, `"simple_borda"` its `SimpleBordaCount`.
    convention : {"textbook", "flagr"}, default "textbook"
        ``"flagr"`` keeps FLAGR's NaN for lists whose scores have no spread.

    Returns
    -------
    dict
        Item -> CombSUM score, best first (ties: more lists, then item id).

    References
    ----------
    Fox, E. A. and Shaw, J. A. (1994). Combination of multiple searches. In
    Proceedings of TREC-2, NIST Special Publication 500-215, pages 243-252.

    Renda, M. E. and Straccia, U. (2003). Web metasearch: rank vs. score based
    rank aggregation methods. In Proceedings of ACM SAC 2003, pages 841-846.

    Examples
    --------
    >>> lists = [{"a": 5.0, "b": 3.0, "c": 1.0}, {"b": 9.0, "d": 4.0},
    ...          {"c": 2.0, "a": 1.5, "e": 1.0, "b": 0.5}]
    >>> {x: round(s, 6) for x, s in combsum(lists).items()}
    {'a': 1.666667, 'b': 1.5, 'c': 1.0, 'e': 0.333333, 'd': 0.0}
    >>> {x: round(s, 6) for x, s in combsum(lists, norm="borda").items()}
    {'b': 2.2, 'a': 2.2, 'c': 2.0, 'd': 1.3, 'e': 1.3}

    FLAGR 1.0.18's `CombSUM(norm="borda")` prints the same five lines (b and a
    tie at 2.2; b is in three lists, a in two).
    """
    profile = make_profile(lists, weights)
    scores = combined_scores(profile, "sum", norm, convention)
    return ranked_result(profile, scores, exact=convention == "flagr")


def combmnz(lists, *, weights=None, norm: str = "min_max", convention: str = "textbook") -> dict:
    r"""CombMNZ: CombSUM times the number of lists that rank the item.

    $$\operatorname{CombMNZ}(x) = h(x) \sum_{\ell=1}^{L} w_\ell\, v_\ell(x)$$

    where $h(x)$ counts the lists that rank $x$ (FLAGR's and Fox & Shaw's
    "number of non-zero similarities"). Under `norm="borda"` an unranked item
    still adds its share to the sum but not to $h(x)$, as in FLAGR; ranx, whose
    Borda normalisation adds every item to every list, multiplies by $L$ instead.

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
        Item -> CombMNZ score, best first.

    See Also
    --------
    combsum, combgmnz

    References
    ----------
    Fox, E. A. and Shaw, J. A. (1994). Combination of multiple searches. TREC-2.

    Examples
    --------
    >>> lists = [{"a": 5.0, "b": 3.0, "c": 1.0}, {"b": 9.0, "d": 4.0},
    ...          {"c": 2.0, "a": 1.5, "e": 1.0, "b": 0.5}]
    >>> {x: round(s, 6) for x, s in combmnz(lists, norm="borda").items()}
    {'b': 6.6, 'a': 4.4, 'c': 4.0, 'd': 1.3, 'e': 1.3}
    """
    profile = make_profile(lists, weights)
    scores = combined_scores(profile, "mnz", norm, convention)
    return ranked_result(profile, scores, exact=convention == "flagr")


def combanz(lists, *, weights=None, norm: str = "min_max", convention: str = "textbook") -> dict:
    r"""CombANZ: CombSUM divided by the number of lists that rank the item.

    $$\operatorname{CombANZ}(x) = \frac{1}{h(x)} \sum_{\ell=1}^{L} w_\ell\, v_\ell(x)$$

    An item ranked by a single list keeps its whole score, so CombANZ favours
    items that few lists found; CombMNZ does the opposite.

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
        Item -> CombANZ score, best first.

    References
    ----------
    Fox, E. A. and Shaw, J. A. (1994). Combination of multiple searches. TREC-2.

    Examples
    --------
    >>> lists = [{"a": 5.0, "b": 3.0, "c": 1.0}, {"b": 9.0, "d": 4.0},
    ...          {"c": 2.0, "a": 1.5, "e": 1.0, "b": 0.5}]
    >>> {x: round(s, 6) for x, s in combanz(lists).items()}
    {'a': 0.833333, 'b': 0.5, 'c': 0.5, 'e': 0.333333, 'd': 0.0}
    """
    profile, values, _ = weighted_values(lists, weights, norm, convention)
    scores = values.sum(axis=0) / np.maximum(profile.hits, 1)
    return ranked_result(profile, scores, exact=convention == "flagr")


def combgmnz(lists, *, gamma: float, weights=None, norm: str = "min_max",
             convention: str = "textbook") -> dict:
    r"""CombGMNZ: CombSUM times a power of the number of lists that rank the item.

    $$\operatorname{CombGMNZ}_\gamma(x) = h(x)^{\gamma} \sum_{\ell=1}^{L} w_\ell\, v_\ell(x)$$

    $\gamma = 0$ gives CombSUM and $\gamma = 1$ CombMNZ; Lee (1997) studied the
    values in between and above.

    Parameters
    ----------
    lists : sequence of (mapping item -> score, or sequence of item ids)
        The ranked lists of one query, best first.
    gamma : float
        The exponent $\gamma \ge 0$ (no default: ranx's `comb_gmnz` requires it too).
    weights : sequence of float, optional
        One weight per list (default 1 each).
    norm : str, default "min_max"
        The normalisation.
    convention : {"textbook", "flagr"}, default "textbook"
        ``"flagr"`` keeps FLAGR's NaN for lists whose scores have no spread.

    Returns
    -------
    dict
        Item -> CombGMNZ score, best first.

    References
    ----------
    Lee, J. H. (1997). Analyses of multiple evidence combination. In Proceedings
    of ACM SIGIR 1997, pages 267-276.

    Examples
    --------
    >>> lists = [{"a": 5.0, "b": 3.0, "c": 1.0}, {"b": 9.0, "d": 4.0},
    ...          {"c": 2.0, "a": 1.5, "e": 1.0, "b": 0.5}]
    >>> combgmnz(lists, gamma=1.0, norm="rank") == combmnz(lists, norm="rank")
    True
    """
    gamma = check.real(gamma, "gamma", low=0)
    profile, values, _ = weighted_values(lists, weights, norm, convention)
    scores = values.sum(axis=0) * profile.hits.astype(float) ** gamma
    return ranked_result(profile, scores, exact=convention == "flagr")


def combmax(lists, *, weights=None, norm: str = "min_max", convention: str = "textbook") -> dict:
    r"""CombMAX: an item's best normalised score.

    $$\operatorname{CombMAX}(x) = \max_{\ell \,:\, v_\ell(x) \text{ defined}} w_\ell\, v_\ell(x)$$

    Parameters
    ----------
    lists : sequence of (mapping item -> score, or sequence of item ids)
        The ranked lists of one query, best first.
    weights : sequence of float, optional
        One weight per list (default 1 each); it multiplies the list's values.
    norm : str, default "min_max"
        The normalisation.
    convention : {"textbook", "flagr"}, default "textbook"
        ``"flagr"`` keeps FLAGR's NaN for lists whose scores have no spread.

    Returns
    -------
    dict
        Item -> CombMAX score, best first.

    References
    ----------
    Fox, E. A. and Shaw, J. A. (1994). Combination of multiple searches. TREC-2.

    Examples
    --------
    >>> lists = [{"a": 5.0, "b": 3.0, "c": 1.0}, {"b": 9.0, "d": 4.0},
    ...          {"c": 2.0, "a": 1.5, "e": 1.0, "b": 0.5}]
    >>> {x: round(s, 6) for x, s in combmax(lists).items()}
    {'b': 1.0, 'a': 1.0, 'c': 1.0, 'e': 0.333333, 'd': 0.0}
    """
    profile, values, present = weighted_values(lists, weights, norm, convention)
    scores = _over_present(values, present, np.nanmax)
    return ranked_result(profile, scores, exact=convention == "flagr")


def combmin(lists, *, weights=None, norm: str = "min_max", convention: str = "textbook") -> dict:
    r"""CombMIN: an item's worst normalised score.

    $$\operatorname{CombMIN}(x) = \min_{\ell \,:\, v_\ell(x) \text{ defined}} w_\ell\, v_\ell(x)$$

    Parameters
    ----------
    lists : sequence of (mapping item -> score, or sequence of item ids)
        The ranked lists of one query, best first.
    weights : sequence of float, optional
        One weight per list (default 1 each); it multiplies the list's values.
    norm : str, default "min_max"
        The normalisation.
    convention : {"textbook", "flagr"}, default "textbook"
        ``"flagr"`` keeps FLAGR's NaN for lists whose scores have no spread.

    Returns
    -------
    dict
        Item -> CombMIN score, best first.

    References
    ----------
    Fox, E. A. and Shaw, J. A. (1994). Combination of multiple searches. TREC-2.

    Examples
    --------
    >>> lists = [{"a": 5.0, "b": 3.0, "c": 1.0}, {"b": 9.0, "d": 4.0},
    ...          {"c": 2.0, "a": 1.5, "e": 1.0, "b": 0.5}]
    >>> {x: round(s, 6) for x, s in combmin(lists).items()}
    {'a': 0.666667, 'e': 0.333333, 'b': 0.0, 'c': 0.0, 'd': 0.0}
    """
    profile, values, present = weighted_values(lists, weights, norm, convention)
    scores = _over_present(values, present, np.nanmin)
    return ranked_result(profile, scores, exact=convention == "flagr")


def combmed(lists, *, weights=None, norm: str = "min_max", convention: str = "textbook") -> dict:
    r"""CombMED: the median of an item's normalised scores.

    $$\operatorname{CombMED}(x) = \operatorname{median}_{\ell \,:\, v_\ell(x) \text{ defined}}
    w_\ell\, v_\ell(x)$$

    With an even number of values the median is the mean of the middle two
    (numpy's and ranx's rule).

    Parameters
    ----------
    lists : sequence of (mapping item -> score, or sequence of item ids)
        The ranked lists of one query, best first.
    weights : sequence of float, optional
        One weight per list (default 1 each); it multiplies the list's values.
    norm : str, default "min_max"
        The normalisation.
    convention : {"textbook", "flagr"}, default "textbook"
        ``"flagr"`` keeps FLAGR's NaN for lists whose scores have no spread.

    Returns
    -------
    dict
        Item -> CombMED score, best first.

    References
    ----------
    Fox, E. A. and Shaw, J. A. (1994). Combination of multiple searches. TREC-2.

    Examples
    --------
    >>> lists = [{"a": 5.0, "b": 3.0, "c": 1.0}, {"b": 9.0, "d": 4.0},
    ...          {"c": 2.0, "a": 1.5, "e": 1.0, "b": 0.5}]
    >>> {x: round(s, 6) for x, s in combmed(lists).items()}
    {'a': 0.833333, 'b': 0.5, 'c': 0.5, 'e': 0.333333, 'd': 0.0}
    """
    profile, values, present = weighted_values(lists, weights, norm, convention)
    scores = _over_present(values, present, np.nanmedian)
    return ranked_result(profile, scores, exact=convention == "flagr")
