r"""Score normalisations: put every list's scores on one scale before they are combined.

| norm | value of the item at rank $r$ with score $s$ in list $\ell$ | unranked item | used by |
| --- | --- | --- | --- |
| `"none"` | $s$ | no value | ranx (`norm=None`) |
| `"min_max"` | $(s - \min_\ell) / (\max_\ell - \min_\ell)$ | no value | ranx (`min-max`), FLAGR (`score`) |
| `"min_max_inverted"` | $(\max_\ell - s) / (\max_\ell - \min_\ell)$ | no value | ranx (`min-max-inverted`) |
| `"max"` | $s / \max_\ell$ | no value | ranx (`max`) |
| `"sum"` | $(s - \min_\ell) / \sum_{y \in \ell} (s_\ell(y) - \min_\ell)$ | no value | ranx (`sum`) |
| `"z_score"` | $(s - \mu_\ell) / \sigma_\ell$ (population $\sigma$) | no value | ranx (`zmuv`), FLAGR (`z-score`) |
| `"rank"` | $(\lvert\ell\rvert - r + 1) / \lvert\ell\rvert$ | no value | ranx (`rank`), FLAGR (`rank`) |
| `"borda"` | $(n - r + 1) / n$ | $(n - \lvert\ell\rvert + 1) / (2n)$ | ranx (`borda`), FLAGR (`borda`) |
| `"simple_borda"` | $(n - r + 1) / n$ | no value | FLAGR (`simple-borda`) |

$n$ is the number of distinct items of the query (over all lists), $\lvert\ell\rvert$ the
length of list $\ell$. "No value" means the item adds 0 to a sum and is left out of a
minimum, maximum, median or count of values. The Borda share
$(n - \lvert\ell\rvert + 1)/(2n)$ is the mean of the values of the $n - \lvert\ell\rvert$
positions the list left empty, $(n - \lvert\ell\rvert)/n, \dots, 1/n$ (Renda & Straccia 2003,
Eq. 4).

A list whose scores are all equal has no spread: `min_max`, `min_max_inverted`, `sum` and
`z_score` then give every item of the list 0 (ranx's convention, which divides by at least
$10^{-9}$); FLAGR divides 0 by 0 and gets NaN, which `convention="flagr"` reproduces.
"""

from __future__ import annotations

import numpy as np

from rankbook._errors import InvalidValueError
from rankbook.aggregate import _arguments as check
from rankbook.aggregate._profile import Profile, make_profile

NORMS = ("none", "min_max", "min_max_inverted", "max", "sum", "z_score", "rank", "borda",
         "simple_borda")
SCORE_NORMS = ("none", "min_max", "min_max_inverted", "max", "sum", "z_score")
_UNSIGNED = 2.0 ** 32   # FLAGR's ranks and lengths are uint32: n - r wraps when r > n


def normalize(ranked_list, norm: str = "min_max", *, items=None,
              convention: str = "textbook") -> dict:
    r"""Normalise the scores (or ranks) of one ranked list.

    The norms and their treatment of unranked items are listed in the module
    docstring: `"borda"` gives every item of ``items`` that the list does not
    rank the share $(n - \lvert\ell\rvert + 1)/(2n)$; the other norms give
    unranked items no value, so they are not in the result.

    Parameters
    ----------
    ranked_list : sequence of item ids (best first), or mapping item -> score
        One list. The score norms (`none`, `min_max`, `min_max_inverted`,
        `max`, `sum`, `z_score`) need a mapping; `rank`, `borda` and
        `simple_borda` use the positions only.
    norm : str, default "min_max"
        One of ``NORMS``.
    items : iterable of item ids, optional
        Every item of the query (the union of all lists), which sets $n$ for
        `borda` and `simple_borda`; default: the list's own items.
    convention : {"textbook", "flagr"}, default "textbook"
        ``"flagr"`` gives NaN, as FLAGR does, where a list's scores have no
        spread (`min_max`, `z_score`).

    Returns
    -------
    dict
        Item id -> normalised value, the list's items first (best first), then
        the unranked items that the norm gives a value.

    Raises
    ------
    rankbook.InvalidValueError
        If ``norm`` is unknown, a score norm is asked of a list without scores,
        ``items`` misses an item of the list, or `max` meets a largest score
        that is not positive.

    References
    ----------
    Renda, M. E. and Straccia, U. (2003). Web metasearch: rank vs. score based
    rank aggregation methods. In Proceedings of the 2003 ACM Symposium on
    Applied Computing (SAC), pages 841-846.

    Examples
    --------
    >>> normalize({"a": 5.0, "b": 3.0, "c": 1.0}, "min_max")
    {'a': 1.0, 'b': 0.5, 'c': 0.0}
    >>> normalize(["a", "b"], "borda", items=["a", "b", "c", "d"])
    {'a': 1.0, 'b': 0.75, 'c': 0.375, 'd': 0.375}
    """
    profile = make_profile([ranked_list], name="ranked_list")
    everything = list(profile.items)
    if items is not None:
        known, wanted = set(everything), list(dict.fromkeys(items))
        extra = [item for item in wanted if item not in known]
        missing = known - set(wanted)
        if missing:
            raise InvalidValueError(
                f"items must hold every item of the list; it lacks {sorted(map(str, missing))[:5]}.")
        everything += extra
    rank = np.full((1, len(everything)), np.inf)
    rank[0, :profile.n_items] = profile.rank[0]
    score = np.full((1, len(everything)), np.nan)
    score[0, :profile.n_items] = profile.score[0]
    full = Profile(tuple(everything), rank, score, profile.has_scores, profile.weight)
    values, present = normalized_matrix(full, norm, convention=convention)
    order = np.argsort(np.where(np.isfinite(rank[0]), rank[0], np.inf), kind="stable")
    return {everything[x]: float(values[0, x]) for x in order if present[0, x]}


def normalized_matrix(profile: Profile, norm: str, *, convention: str = "textbook",
                      name: str = "lists", reference: Profile | None = None):
    r"""Every list's normalised values at once: ``(values, present)``, both shape (L, n).

    ``present[l, x]`` says whether list $\ell$ gives item $x$ a value (ranked,
    or unranked under `"borda"`); ``values`` is NaN where it does not (and, in
    the FLAGR convention, where FLAGR's arithmetic gives NaN).

    A norm reads each list's statistics: its length $\lvert\ell\rvert$ (`rank`,
    `borda`), its smallest and largest score, mean and deviation (the score
    norms). ``reference`` takes them from other lists, row for row: DIBRA's
    pruning passes the lists before they were cut, as FLAGR does. FLAGR computes
    $n - r$, $n - \lvert\ell\rvert$ and $\lvert\ell\rvert - r$ with unsigned
    32-bit integers, so a negative difference (possible only with such a
    reference) wraps to about $4.3 \times 10^9$: ``convention="flagr"`` does
    the same.

    Parameters
    ----------
    profile : Profile
    norm : str
        One of ``NORMS``.
    convention : {"textbook", "flagr"}, default "textbook"
    name : str
        How the caller's lists are named in error messages.
    reference : Profile, optional
        The lists whose statistics normalise ``profile``'s (same lists, same
        order); default ``profile`` itself.

    Returns
    -------
    tuple of numpy.ndarray
        ``(values, present)``: float (L, n) and bool (L, n).
    """
    norm = check_norm(norm)
    check.convention(convention)
    ranked = profile.ranked
    reference = profile if reference is None else reference
    if norm in ("rank", "borda", "simple_borda"):
        length = reference.length.astype(float)[:, None]
        values = _positional(profile, norm, length, convention == "flagr")
    else:
        _require_scores(profile, norm, name)
        values = _score_based(profile, reference, norm, convention, name)
    present = ranked | (norm == "borda")
    return np.where(present, values, np.nan), present


def _positional(profile: Profile, norm: str, length: np.ndarray, unsigned: bool) -> np.ndarray:
    rank, n = profile.rank, float(profile.n_items)
    gap = _unsigned if unsigned else (lambda difference: difference)
    with np.errstate(invalid="ignore", divide="ignore"):
        if norm == "rank":
            return (gap(length - rank) + 1.0) / length
        values = (gap(n - rank) + 1.0) / n    # FLAGR's (num_nodes - rank + 1.0) / num_nodes
    if norm == "borda":
        with np.errstate(invalid="ignore", divide="ignore"):
            share = (gap(n - length) + 1.0) / (2.0 * n)
        values = np.where(profile.ranked, values, share)
    return values


def _unsigned(difference: np.ndarray) -> np.ndarray:
    """A difference of unsigned 32-bit integers: negative ones wrap around 2^32."""
    return np.where(difference < 0, difference + _UNSIGNED, difference)


def _score_based(profile: Profile, reference: Profile, norm: str, convention: str,
                 name: str) -> np.ndarray:
    s = profile.score
    if norm == "none":
        return s
    in_order, length = _scores_in_rank_order(reference)
    with np.errstate(invalid="ignore", divide="ignore"):
        if convention == "flagr":   # FLAGR takes the first and the last item's scores
            last = np.maximum(length - 1, 0)[:, None]
            high = in_order[:, :1]
            low = np.take_along_axis(in_order, last, axis=1) if in_order.size else high
        else:
            # (initial=: a query with no items has lists of no scores, and min of nothing is +inf)
            low = np.min(np.where(np.isnan(in_order), np.inf, in_order), axis=1, keepdims=True,
                         initial=np.inf)
            high = np.max(np.where(np.isnan(in_order), -np.inf, in_order), axis=1,
                          keepdims=True, initial=-np.inf)
        if norm == "max":
            _require_positive_max(high, profile, name)
            return s / high
        if norm == "z_score":
            mean, spread = _mean_and_deviation(in_order, length)
            return _divide(s - mean, spread, convention)
        if norm == "sum":
            total = _sequential_sum(in_order - low)
            return _divide(s - low, total, convention)
        top = high - s if norm == "min_max_inverted" else s - low
        return _divide(top, high - low, convention)


def _scores_in_rank_order(profile: Profile):
    """(L, max length) scores, best first, NaN past each list's end; and the lengths."""
    order = np.argsort(profile.rank, axis=1, kind="stable")
    length = profile.length
    width = int(length.max()) if length.size else 0
    in_order = np.take_along_axis(profile.score, order, axis=1)[:, :width]
    in_order = np.where(np.arange(width)[None, :] < length[:, None], in_order, np.nan)
    return in_order, length


def _sequential_sum(values: np.ndarray) -> np.ndarray:
    """Row sums added one item at a time, best first (FLAGR's order; NaN cells skipped).

    ``np.cumsum`` adds strictly left to right, unlike ``np.sum``'s pairwise summation, so
    the last column is the sum FLAGR's loop computes, bit for bit.
    """
    if values.shape[1] == 0:
        return np.zeros((values.shape[0], 1))
    return np.cumsum(np.where(np.isnan(values), 0.0, values), axis=1)[:, -1:]


def _mean_and_deviation(in_order: np.ndarray, length: np.ndarray):
    r"""Mean and population standard deviation of each list, summed as FLAGR sums them."""
    count = np.maximum(length, 1)[:, None].astype(float)
    mean = _sequential_sum(in_order) / count
    spread = np.sqrt(_sequential_sum((in_order - mean) * (in_order - mean)) / count)
    return mean, spread


def _divide(numerator: np.ndarray, denominator: np.ndarray, convention: str) -> np.ndarray:
    """numerator / denominator; a zero denominator gives 0 (textbook, ranx) or NaN (FLAGR)."""
    with np.errstate(invalid="ignore", divide="ignore"):
        if convention == "flagr":
            return numerator / denominator
        safe = np.where(denominator == 0, 1.0, denominator)
        return np.where(denominator == 0, 0.0, numerator / safe)


def _require_scores(profile: Profile, norm: str, name: str) -> None:
    needs = (~profile.has_scores) & (profile.length > 0)
    if needs.any():
        which = int(np.flatnonzero(needs)[0])
        raise InvalidValueError(
            f"norm={norm!r} combines scores, but {name}[{which}] is a list of item ids without "
            "scores; give each list as a dict item -> score, or use a norm that reads positions "
            "only: norm='rank', 'borda' or 'simple_borda'.")


def _require_positive_max(high: np.ndarray, profile: Profile, name: str) -> None:
    bad = (high[:, 0] <= 0) & (profile.length > 0)
    if bad.any():
        which = int(np.flatnonzero(bad)[0])
        raise InvalidValueError(
            f"norm='max' divides by the largest score of each list, which must be positive; "
            f"the largest score of {name}[{which}] is {high[which, 0]:g}. Use norm='min_max'.")


# FLAGR's spellings of its norms (PyFLAGR's ``norm=``), and rankbook's names for them.
FLAGR_NORMS = {"score": "min_max", "z-score": "z_score", "simple-borda": "simple_borda"}


def check_norm(norm: str) -> str:
    """The norm's name in ``NORMS`` (FLAGR's ``"score"``, ``"z-score"``, ``"simple-borda"``
    accepted), or a clear error for an unknown one.

    >>> check_norm("z-score"), check_norm("score")
    ('z_score', 'min_max')
    """
    if isinstance(norm, str) and norm in FLAGR_NORMS:
        return FLAGR_NORMS[norm]
    if not isinstance(norm, str) or norm not in NORMS:
        raise InvalidValueError(
            f"norm must be one of {', '.join(NORMS)} (or FLAGR's spellings "
            f"{', '.join(repr(name) for name in FLAGR_NORMS)}); got {norm!r}.")
    return norm
