r"""DIBRA: distance-based iterative rank aggregation (Akritidis, Fevgas, Bozanis & Manolopoulos 2022).

A self-weighting loop around a base method (CombSUM with Borda normalisation):
aggregate with the current list weights, measure how far each list is from the
aggregate, raise the weight of the close lists, and repeat until the weights
settle. Optionally prune the lists afterwards: keep only the top of each list,
more of it the more the list is trusted (``prune="low"``), or keep the items the
trusted lists agree on (``prune="wire"``, FLAGR's weighted item selector, WISE).
"""

from __future__ import annotations

import math
from dataclasses import replace

import numpy as np

from rankbook._errors import InvalidValueError
from rankbook.aggregate import _arguments as check
from rankbook.aggregate._profile import make_profile, ranked_result

_WRAP = 2.0 ** 32   # FLAGR subtracts unsigned 32-bit ranks: n - r wraps when r > n


def dibra(lists, *, weights=None, aggregator: str = "combsum:borda", gamma: float = 1.5,
          weight_normalization: str = "minmax", distance: str = "cosine", tol: float = 0.01,
          max_iterations: int = 50, prune: str | None = None, d1: float = 0.4, d2: float = 0.1,
          num_buckets: int = 3, return_weights: bool = False, convention: str = "textbook"):
    r"""Distance-based iterative rank aggregation, with optional list pruning.

    Start with $w_\ell = 1$. In round $t = 0, 1, \dots$: aggregate with the
    base method and the min-max normalised weights $\hat w_\ell = (w_\ell -
    \min w) / (\max w - \min w)$ (all 1 in round 0), measure each list's
    distance $d_\ell \in [0, 1]$ to the aggregate, and update

    $$w_\ell \leftarrow w_\ell + e^{-\gamma\,(t + 1)\, d_\ell},$$

    stopping when no weight grew by more than ``tol`` or after
    ``max_iterations`` + 1 rounds. The result is the last aggregate.

    The base method is CombSUM with Borda normalisation: a list of length
    $\lvert\ell\rvert$ gives a ranked item $(n - r + 1)/n$ and an unranked one
    $(n - \lvert\ell\rvert + 1)/(2n)$. The distance is one minus the cosine
    between the list's Borda vector ($R - r_\ell(x) + 1$ for its items, $R =
    \lvert\ell\rvert$, 0 elsewhere) and the aggregate's ($n - p(x) + 1$, with
    $p(x) = 1, \dots, n$ the aggregate positions):

    $$d_\ell = 1 - \frac{\sum_{x \in \ell} (R - r_\ell(x) + 1)\,(n - p(x) + 1)}
      {\sqrt{\sum_{k=1}^{R} k^2}\, \sqrt{\sum_{k=1}^{n} k^2}}.$$

    Pruning, after the loop: ``"low"`` cuts list $\ell$ to its first
    $\lfloor (d_1 + d_2 \hat w_\ell)\,\lvert\ell\rvert \rfloor$ items and
    aggregates once more (items left in no list drop out of the result);
    ``"wire"`` puts the lists in ``num_buckets`` buckets by $\hat w_\ell$ (bucket
    $b = 0$ the most trusted), gives each the confidence $c_\ell = d_1 + (1 -
    d_1)\,e^{-b B / L}$, keeps in each list the $\lfloor d_2 \lfloor c_\ell
    \lvert\ell\rvert \rfloor \rfloor + 1$ items with the largest total
    confidence of the lists ranking them, and runs DIBRA again on what is left.

    ``convention="flagr"`` reproduces FLAGR 1.0.18 (the pinned oracle; its
    WISE was rewritten in 1.0.21). Its "cosine" multiplies $R - r + 1$ by the
    aggregate position $p(x)$ itself, not by $n - p(x) + 1$, so a list is
    closest to the *reverse* of the aggregate; its numerator skips each list's
    last item and its list norm runs over $R + 1, \dots, 2$; a weight grows
    only when $d_\ell > 0$. After pruning, $n - r$ and $n - \lvert\ell\rvert$
    are unsigned 32-bit differences that wrap to about $4.3 \times 10^9$ when
    negative (the pruned lists keep their original ranks and lengths, so an
    item can score billions); WISE keeps the original ranks (the textbook
    convention renumbers them); the parameters are rounded to single precision.
    Equal weights after a round ($\max w = \min w$) make FLAGR divide by zero;
    rankbook then uses $\hat w = 1$ in both conventions.

    Parameters
    ----------
    lists : sequence of (sequence of item ids, or mapping item -> score)
        The ranked lists of one query, best first; partial lists allowed.
    weights : None
        The method learns its own weights; passing any is an error.
    aggregator : {"combsum:borda"}, default "combsum:borda"
        The base method (FLAGR's default; the other FLAGR bases come with part 1's methods).
    gamma : float > 0, default 1.5 (PyFLAGR's; the seed notebook uses 1.2)
    weight_normalization : {"minmax", "none"}, default "minmax"
    distance : {"cosine"}, default "cosine"
    tol : float >= 0, default 0.01
    max_iterations : int, default 50
    prune : {None, "low", "wire"}, default None
    d1, d2 : float, defaults 0.4 and 0.1
    num_buckets : int, default 3
        Buckets for ``prune="wire"``.
    return_weights : bool, default False
        Also return the final list weights $w_\ell$ (of the second run for ``"wire"``).
    convention : {"textbook", "flagr"}, default "textbook"

    Returns
    -------
    dict, or (dict, numpy.ndarray)
        Item -> score, best first; with ``return_weights`` also the weights,
        one per list in the order of ``lists``.

    References
    ----------
    Akritidis, Fevgas, Bozanis and Manolopoulos (2022). An unsupervised
    distance-based model for weighted rank aggregation with list pruning.
    Expert Systems with Applications 202, 117435.

    Examples
    --------
    The third list disagrees with the first two, so its weight grows least:

    >>> scores, w = dibra([["a", "b", "c", "d"], ["a", "b", "d", "c"], ["d", "c", "b", "a"]],
    ...                   return_weights=True)
    >>> list(scores), int(np.argmin(w))
    (['a', 'b', 'd', 'c'], 2)
    """
    check.no_weights(weights, "dibra (it learns its own list weights)")
    flagr = check.convention(convention) == "flagr"
    options = _options(aggregator, gamma, weight_normalization, distance, tol, max_iterations,
                       prune, d1, d2, num_buckets, flagr)
    profile = make_profile(lists)
    code = np.argsort(check.code_order(profile.items))
    rank, length = profile.rank, profile.length.astype(float)
    scores, w = _iterate(rank, length, code, options)
    keep, final_rank = np.ones(profile.n_items, dtype=bool), rank
    if options["prune"] == "low":
        normalised = _normalise(w, options)
        cutoff = np.minimum(np.floor((options["d1"] + options["d2"] * normalised) * length), length)
        pruned = np.where(rank <= cutoff[:, None], rank, np.inf)
        keep = np.isfinite(pruned).any(axis=0)
        final_rank = pruned[:, keep]
        scores = _combsum_borda(final_rank, length, normalised, options)
    elif options["prune"] == "wire":
        scores, w, keep, final_rank = _wise(rank, length, code, w, options)
    result = ranked_result(_kept(profile, keep, final_rank), scores)
    return (result, w) if return_weights else result


def _options(aggregator, gamma, weight_normalization, distance, tol, max_iterations, prune,
             d1, d2, num_buckets, flagr) -> dict:
    if aggregator != "combsum:borda":
        raise InvalidValueError(
            f"aggregator={aggregator!r} is not available yet; use 'combsum:borda' (FLAGR's default).")
    if weight_normalization not in ("minmax", "none"):
        raise InvalidValueError(f"weight_normalization={weight_normalization!r} is not 'minmax' or 'none'.")
    if distance != "cosine":
        raise InvalidValueError(f"distance={distance!r} is not available; use 'cosine' (FLAGR's default).")
    if prune not in (None, "low", "wire"):
        raise InvalidValueError(f"prune={prune!r} is not None, 'low' or 'wire'.")
    values = {"gamma": check.real(gamma, "gamma", low=0, low_open=True),
              "tol": check.real(tol, "tol", low=0),
              "d1": check.real(d1, "d1", low=0), "d2": check.real(d2, "d2", low=0)}
    if flagr:
        values = {name: check.float32(value) for name, value in values.items()}
    return {**values, "minmax": weight_normalization == "minmax", "prune": prune, "flagr": flagr,
            "max_iterations": check.count(max_iterations, "max_iterations", low=0),
            "buckets": check.count(num_buckets, "num_buckets")}


def _iterate(rank, length, code, options) -> tuple:
    """The weight loop: ``(scores of the last aggregate, final weights)``."""
    w = np.ones(rank.shape[0])
    normalised = w.copy()
    hits = np.isfinite(rank).sum(axis=0)
    norms = _cosine_norms(length, rank.shape[1], options["flagr"])
    for iteration in range(options["max_iterations"] + 1):
        scores = _combsum_borda(rank, length, normalised, options)
        position = np.empty(rank.shape[1])
        position[np.lexsort((code, -hits, -scores))] = np.arange(1, rank.shape[1] + 1)
        distance = _cosine_distance(rank, length, position, norms, options["flagr"])
        step = np.exp(-options["gamma"] * (iteration + 1.0) * distance)
        grown = w + np.where(distance > 0, step, 0.0) if options["flagr"] else w + step
        converged = np.all(grown - w <= options["tol"])
        w = grown
        normalised = _normalise(w, options)
        if converged:
            break
    return scores, w


def _normalise(w, options) -> np.ndarray:
    if not options["minmax"]:
        return w
    spread = w.max() - w.min()
    return (w - w.min()) / spread if spread > 0 else np.ones_like(w)


def _combsum_borda(rank, length, normalised, options) -> np.ndarray:
    r"""CombSUM with Borda normalisation, weighted; lists added in order, as FLAGR does.

    Placeholder for part 1's ``combsum(norm="borda")`` (the lead swaps it in at merge).
    """
    n = rank.shape[1]
    ranked_gap = n - rank
    unranked_gap = n - length
    if options["flagr"]:
        ranked_gap = np.where(ranked_gap < 0, ranked_gap + _WRAP, ranked_gap)
        unranked_gap = np.where(unranked_gap < 0, unranked_gap + _WRAP, unranked_gap)
    points = np.where(np.isfinite(rank), (ranked_gap + 1.0) / n, ((unranked_gap + 1.0) / (2.0 * n))[:, None])
    return np.cumsum(points * normalised[:, None], axis=0)[-1]     # row by row, in list order


def _cosine_norms(length, n: int, flagr: bool) -> np.ndarray:
    """The cosine's denominators, one per list: the list's norm times the aggregate's."""
    first = 2 if flagr else 1       # FLAGR's list norm runs over R+1, ..., 2
    lists = np.array([math.fsum(float(k) ** 2 for k in range(first, int(m) + first)) for m in length])
    return np.sqrt(lists) * math.sqrt(math.fsum(float(p) ** 2 for p in range(1, n + 1)))


def _cosine_distance(rank, length, position, norms, flagr: bool) -> np.ndarray:
    """One minus the cosine between each list's Borda vector and the aggregate's (positions 1..n)."""
    R = length[:, None]
    if flagr:     # FLAGR pairs the list's points with the position itself and skips rank R
        numerator = np.where(rank < R, (R - rank + 1.0) * position, 0.0).sum(axis=1)
    else:
        numerator = np.where(rank <= R, (R - rank + 1.0) * (rank.shape[1] - position + 1.0), 0.0).sum(axis=1)
    return 1.0 - numerator / norms


def _wise(rank, length, code, w, options) -> tuple:
    """FLAGR 1.0.18's weighted item selector: bucket the lists, keep agreed items, run DIBRA again."""
    L, buckets = rank.shape[0], options["buckets"]
    normalised = _normalise(w, options)
    thresholds = np.arange(buckets) / buckets
    above = normalised[:, None] > thresholds[None, :]
    bucket = np.where(above.any(axis=1), buckets - 1 - (above * np.arange(buckets)).max(axis=1), buckets - 1)
    confidence = options["d1"] + (1 - options["d1"]) * np.exp(-bucket * buckets / L)
    ranked = np.isfinite(rank)
    preservation = (confidence[:, None] * ranked).sum(axis=0)
    order = sorted(range(L), key=lambda l: normalised[l])        # FLAGR sorts the lists by weight
    kept_rank = np.full(rank.shape, np.inf)
    for row, l in enumerate(order):
        keep_count = int(options["d2"] * math.floor(confidence[l] * length[l])) + 1
        members = np.flatnonzero(ranked[l])
        chosen = members[np.lexsort((rank[l, members], -preservation[members]))][:keep_count]
        chosen = chosen[np.argsort(rank[l, chosen])]
        kept_rank[row, chosen] = rank[l, chosen] if options["flagr"] else np.arange(1, chosen.size + 1)
    keep = np.isfinite(kept_rank).any(axis=0)
    kept_rank = kept_rank[:, keep]
    scores, second = _iterate(kept_rank, np.isfinite(kept_rank).sum(axis=1).astype(float), code[keep],
                              {**options, "prune": None})
    weights = np.empty(L)
    weights[order] = second
    return scores, weights, keep, kept_rank


def _kept(profile, keep, rank):
    """The profile of the pruned lists (the result's tie rule counts the lists still ranking an item)."""
    return replace(profile, items=tuple(x for x, k in zip(profile.items, keep) if k),
                   rank=rank, score=np.full(rank.shape, np.nan))
