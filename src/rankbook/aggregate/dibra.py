r"""DIBRA: distance-based iterative rank aggregation (Akritidis, Fevgas, Bozanis & Manolopoulos 2022).

A self-weighting loop around a base method (by default CombSUM with Borda
normalisation, `rankbook.aggregate.combination`):
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
from rankbook._validate import choice
from rankbook.aggregate import _arguments as check
from rankbook.aggregate._profile import code_order, make_profile, ranked_result
from rankbook.aggregate.combination import combined_scores
from rankbook.aggregate.majoritarian import condorcet, copeland, outranking
from rankbook.aggregate.normalization import FLAGR_NORMS, NORMS, normalized_matrix

# FLAGR's spellings of its norms in aggregator names ("combsum:z-score"), and rankbook's.
FLAGR_NORM_NAMES = FLAGR_NORMS
# The pairwise bases, by rankbook's name and FLAGR's ("outrank").
MAJORITARIAN_BASES = {"condorcet": condorcet, "copeland": copeland, "outranking": outranking,
                      "outrank": outranking}


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

    The base method (``aggregator``) is `rankbook.aggregate.combsum` or
    `rankbook.aggregate.combmnz` with one of the norms of
    `rankbook.aggregate.normalization`, or one of the pairwise methods
    `rankbook.aggregate.condorcet`, `rankbook.aggregate.copeland` and
    `rankbook.aggregate.outranking`, with the list weights $\hat w_\ell$ and
    the convention of the call. FLAGR's default, CombSUM
    with Borda normalisation, gives a ranked item $(n - r + 1)/n$ and an
    unranked one $(n - \lvert\ell\rvert + 1)/(2n)$ from a list of length
    $\lvert\ell\rvert$. The distance is one minus the cosine
    between the list's Borda vector ($R - r_\ell(x) + 1$ for its items, $R =
    \lvert\ell\rvert$, 0 elsewhere) and the aggregate's ($n - p(x) + 1$, with
    $p(x) = 1, \dots, n$ the aggregate positions):

    $$d_\ell = 1 - \frac{\sum_{x \in \ell} (R - r_\ell(x) + 1)\,(n - p(x) + 1)}
      {\sqrt{\sum_{k=1}^{R} k^2}\, \sqrt{\sum_{k=1}^{n} k^2}}.$$

    Pruning, after the loop: ``"low"`` cuts list $\ell$ to its first
    $\lfloor (d_1 + d_2 \hat w_\ell)\,\lvert\ell\rvert \rfloor$ items and
    aggregates once more, normalising with the lists' statistics before the
    cut (length, smallest and largest score; items left in no list drop out of
    the result);
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
    item can score billions; `rankbook.aggregate.normalization.normalized_matrix`
    does this arithmetic for ``convention="flagr"``); WISE keeps the original ranks (the textbook
    convention renumbers them); the parameters are rounded to single precision.
    Equal weights after a round ($\max w = \min w$) make FLAGR divide by zero;
    rankbook then uses $\hat w = 1$ in both conventions.

    Parameters
    ----------
    lists : sequence of (sequence of item ids, or mapping item -> score)
        The ranked lists of one query, best first; partial lists allowed.
    weights : None
        The method learns its own weights; passing any is an error.
    aggregator : str, default "combsum:borda"
        The base method: ``"combsum:NORM"`` or ``"combmnz:NORM"`` with NORM a
        name of ``NORMS`` or FLAGR's spelling of it (``"score"``,
        ``"z-score"``, ``"simple-borda"``; the score norms need lists with
        scores), or ``"condorcet"``, ``"copeland"``, ``"outranking"``
        (FLAGR's ``"outrank"``, with the default thresholds): PyFLAGR's
        thirteen bases.
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
    flagr = check.convention(convention) == "flagr"
    profile = make_profile(lists)
    check.no_weights(weights, "dibra (it learns its own list weights)", profile)
    options = _options(aggregator, gamma, weight_normalization, distance, tol, max_iterations,
                       prune, d1, d2, num_buckets, flagr)
    scores, w = _iterate(profile, options)
    final = profile
    if options["prune"] == "low":
        normalised = _normalise(w, options)
        length = profile.length.astype(float)
        cutoff = np.minimum(np.floor((options["d1"] + options["d2"] * normalised) * length), length)
        final = _kept(profile, profile.rank <= cutoff[:, None])
        scores = _base(final, normalised, options, reference=profile)   # FLAGR keeps |l|, min, max
    elif options["prune"] == "wire":
        scores, w, final = _wise(profile, w, options)
    result = ranked_result(final, scores, exact=flagr)
    return (result, w) if return_weights else result


def _options(aggregator, gamma, weight_normalization, distance, tol, max_iterations, prune,
             d1, d2, num_buckets, flagr) -> dict:
    choice(weight_normalization, ("minmax", "none"), "weight_normalization")
    choice(distance, ("cosine",), "distance")
    choice(prune, (None, "low", "wire"), "prune")
    values = {"gamma": check.real(gamma, "gamma", low=0, low_open=True),
              "tol": check.real(tol, "tol", low=0),
              "d1": check.real(d1, "d1", low=0), "d2": check.real(d2, "d2", low=0)}
    if flagr:
        values = {name: check.float32(value) for name, value in values.items()}
    combine, norm = _aggregator(aggregator)
    return {**values, "minmax": weight_normalization == "minmax", "prune": prune, "flagr": flagr,
            "combine": combine, "norm": norm,
            "max_iterations": check.count(max_iterations, "max_iterations", low=0),
            "buckets": check.count(num_buckets, "num_buckets")}


def _aggregator(name) -> tuple:
    """``(method, norm)``: ``("sum" or "mnz", norm)`` for ``"combsum:borda"``, ``(name, None)`` for a pairwise base."""
    if name in MAJORITARIAN_BASES:
        return name, None
    method, _, norm = str(name).partition(":")
    norm = FLAGR_NORM_NAMES.get(norm, norm)
    if method not in ("combsum", "combmnz") or norm not in NORMS:
        raise InvalidValueError(
            f"aggregator={name!r} is not a base method DIBRA can use; give 'combsum:NORM' or "
            f"'combmnz:NORM' with NORM one of {', '.join(NORMS)} (FLAGR's spellings 'score', "
            "'z-score' and 'simple-borda' work too), or 'condorcet', 'copeland' or "
            "'outranking'; e.g. aggregator='combsum:borda' (FLAGR's default).")
    return method[4:], norm


def _iterate(profile, options) -> tuple:
    """The weight loop: ``(scores of the last aggregate, final weights)``."""
    length = profile.length.astype(float)
    w = np.ones(profile.n_lists)
    normalised = w.copy()
    code = np.argsort(code_order(profile.items))
    norms = _cosine_norms(length, profile.n_items, options["flagr"])
    base = _base_function(profile, options)
    for iteration in range(options["max_iterations"] + 1):
        scores = base(normalised)
        position = np.empty(profile.n_items)
        position[np.lexsort((code, -profile.hits, -scores))] = np.arange(1, profile.n_items + 1)
        distance = _cosine_distance(profile.rank, length, position, norms, options["flagr"])
        step = np.exp(-options["gamma"] * (iteration + 1.0) * distance)
        grown = w + np.where(distance > 0, step, 0.0) if options["flagr"] else w + step
        converged = np.all(grown - w <= options["tol"])
        w = grown
        normalised = _normalise(w, options)
        if converged:
            break
    return scores, w


def _base(profile, normalised, options, *, reference=None) -> np.ndarray:
    """The base method's scores, in the profile's item order, with the list weights ``normalised``."""
    convention = "flagr" if options["flagr"] else "textbook"
    weighted = make_profile(profile, normalised)
    if options["norm"] is None:                       # Condorcet, Copeland or outranking
        function = MAJORITARIAN_BASES[options["combine"]]
        result = function(weighted) if function is condorcet else function(weighted, convention=convention)
        return np.array([result[item] for item in profile.items])
    return combined_scores(weighted, options["combine"], options["norm"], convention, reference=reference)


def _base_function(profile, options):
    """``normalised -> _base(profile, normalised, options)``, with the lists normalised once.

    A CombSUM or CombMNZ base normalises each list the same way whatever the weights
    (`normalized_matrix` reads no weight), so the loop computes it once and then only
    weighs and adds, with `combined_scores`' own arithmetic (the same doubles; tested).
    """
    if options["norm"] is None:
        return lambda normalised: _base(profile, normalised, options)
    convention = "flagr" if options["flagr"] else "textbook"
    values, present = normalized_matrix(profile, options["norm"], convention=convention)
    hits = profile.hits.astype(float)[None, :]

    def scores(normalised):
        weighted = np.where(present, values * np.asarray(normalised, dtype=float)[:, None], 0.0)
        if options["combine"] == "mnz":
            weighted = weighted * hits
        return np.cumsum(weighted, axis=0)[-1] if len(weighted) else np.zeros(weighted.shape[1])
    return scores


def _normalise(w, options) -> np.ndarray:
    if not options["minmax"]:
        return w
    spread = w.max() - w.min()
    return (w - w.min()) / spread if spread > 0 else np.ones_like(w)


def _cosine_norms(length, n: int, flagr: bool) -> np.ndarray:
    """The cosine's denominators, one per list: the list's norm times the aggregate's."""
    first = 2 if flagr else 1       # FLAGR's list norm runs over R+1, ..., 2
    squares = {m: math.fsum(float(k) ** 2 for k in range(first, m + first))
               for m in set(length.astype(int).tolist())}          # once per distinct length
    lists = np.array([squares[int(m)] for m in length])
    return np.sqrt(lists) * math.sqrt(math.fsum(float(p) ** 2 for p in range(1, n + 1)))


def _cosine_distance(rank, length, position, norms, flagr: bool) -> np.ndarray:
    """One minus the cosine between each list's Borda vector and the aggregate's (positions 1..n).

    An empty list's vector is zero, so its cosine is 0/0: the textbook convention takes it
    as 0 (distance 1: the list agrees with nothing, and its weight grows least); FLAGR's
    arithmetic gives NaN, which its test ``distance > 0`` then passes over (no growth).
    """
    R = length[:, None]
    if flagr:     # FLAGR pairs the list's points with the position itself and skips rank R
        numerator = np.where(rank < R, (R - rank + 1.0) * position, 0.0).sum(axis=1)
    else:
        numerator = np.where(rank <= R, (R - rank + 1.0) * (rank.shape[1] - position + 1.0), 0.0).sum(axis=1)
    empty = norms == 0
    cosine = numerator / np.where(empty, 1.0, norms)
    return 1.0 - np.where(empty, np.nan if flagr else 0.0, cosine)


def _wise(profile, w, options) -> tuple:
    """FLAGR 1.0.18's weighted item selector: bucket the lists, keep agreed items, run DIBRA again."""
    L, buckets, rank, length = profile.n_lists, options["buckets"], profile.rank, profile.length
    normalised = _normalise(w, options)
    thresholds = np.arange(buckets) / buckets
    above = normalised[:, None] > thresholds[None, :]
    bucket = np.where(above.any(axis=1), buckets - 1 - (above * np.arange(buckets)).max(axis=1), buckets - 1)
    confidence = options["d1"] + (1 - options["d1"]) * np.exp(-bucket * buckets / L)
    preservation = (confidence[:, None] * profile.ranked).sum(axis=0)
    order = sorted(range(L), key=lambda l: normalised[l])        # FLAGR sorts the lists by weight
    kept = np.zeros(rank.shape, dtype=bool)
    for l in order:
        keep_count = int(options["d2"] * math.floor(confidence[l] * length[l])) + 1
        members = np.flatnonzero(profile.ranked[l])
        kept[l, members[np.lexsort((rank[l, members], -preservation[members]))][:keep_count]] = True
    selected = _kept(profile, kept, order=order, renumber=not options["flagr"])
    scores, second = _iterate(selected, {**options, "prune": None})
    weights = np.empty(L)
    weights[order] = second
    return scores, weights, selected


def _kept(profile, kept, *, order=None, renumber: bool = False):
    """The profile of the items ``kept[l, x]`` of each list; items no list keeps drop out.

    ``order`` puts the lists in that order; ``renumber`` ranks each list's kept items
    1, 2, ... (the pruned lists keep their original ranks otherwise, as in FLAGR).
    """
    rows = np.arange(profile.n_lists) if order is None else np.asarray(order)
    kept = kept[rows]
    columns = kept.any(axis=0)
    rank = np.where(kept, profile.rank[rows], np.inf)
    if renumber:
        rank = np.where(kept, np.argsort(np.argsort(rank, axis=1), axis=1) + 1.0, np.inf)
    return replace(profile, items=tuple(x for x, c in zip(profile.items, columns) if c),
                   rank=rank[:, columns], score=np.where(kept, profile.score[rows], np.nan)[:, columns],
                   has_scores=profile.has_scores[rows], weight=profile.weight[rows])
