r"""The ranked lists of one query, as arrays every aggregation method reads.

Every method of :mod:`rankbook.aggregate` starts the same way: a *profile*,
the $L$ ranked lists that voters returned for one query, is turned into a
:class:`Profile` by :func:`make_profile`, and the method's scores are turned
into the result by :func:`ranked_result`. Nothing else is shared, so a
method's source reads like its formula.

A list is either a sequence of item ids, best first, or a mapping
``item -> score`` (higher is better; its ranks are the scores sorted
descending, equal scores keeping the mapping's order). Lists may be partial and
of different lengths: an item a list does not contain is *unranked* in it.

Notation (used by every page of the aggregation docs):

| symbol | array | meaning |
| --- | --- | --- |
| $L$ | ``n_lists`` | number of lists (voters) |
| $n$ | ``n_items`` | distinct items over all lists |
| $r_\ell(x)$ | ``rank[l, x]`` | 1-based rank of item $x$ in list $\ell$; ``inf`` when unranked |
| $s_\ell(x)$ | ``score[l, x]`` | score of $x$ in list $\ell$; ``nan`` when unranked or when the list has no scores |
| $\lvert\ell\rvert$ | ``length[l]`` | items in list $\ell$ |
| $w_\ell$ | ``weight[l]`` | the list's weight (1 unless given) |
| $h(x)$ | ``hits[x]`` | lists that rank $x$ |

``inf`` for an unranked item makes the textbook convention fall out of plain
comparisons: an unranked item is below every ranked one, and two unranked items
tie.
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

import numpy as np

from rankbook._errors import InvalidTypeError, InvalidValueError


@dataclass(frozen=True)
class Profile:
    """The ranked lists of one query as arrays (see the module docstring for the symbols)."""

    items: tuple            # item ids, in order of first appearance (list by list, best first)
    rank: np.ndarray        # (L, n) float: 1-based rank, inf when unranked
    score: np.ndarray       # (L, n) float: score, nan when unranked or the list has none
    has_scores: np.ndarray  # (L,) bool: the list was a mapping item -> score
    weight: np.ndarray      # (L,) float

    @property
    def n_lists(self) -> int:
        return self.rank.shape[0]

    @property
    def n_items(self) -> int:
        return self.rank.shape[1]

    @property
    def ranked(self) -> np.ndarray:
        """(L, n) bool: whether list ``l`` ranks item ``x``."""
        return np.isfinite(self.rank)

    @property
    def length(self) -> np.ndarray:
        """(L,) int: items in each list."""
        return self.ranked.sum(axis=1)

    @property
    def hits(self) -> np.ndarray:
        """(n,) int: lists that rank each item."""
        return self.ranked.sum(axis=0)


def make_profile(lists, weights=None, *, name: str = "lists") -> Profile:
    r"""Check the ranked lists of one query and turn them into a :class:`Profile`.

    A :class:`Profile` passes through unchanged (with ``weights``, if given, in
    place of its own), so that callers that build many profiles at once
    (:func:`rankbook.fuse`) can hand them to any method.

    Parameters
    ----------
    lists : sequence of (sequence of item ids, or mapping item -> score), or Profile
        One ranked list per voter, best first.
    weights : sequence of float, optional
        One non-negative weight per list; default 1 each.
    name : str
        How the caller's argument is named in error messages.

    Returns
    -------
    Profile

    Raises
    ------
    rankbook.InvalidTypeError
        If ``lists`` is not a sequence of lists, or a score is not a number.
    rankbook.InvalidValueError
        If there is no list, an item appears twice in one list, a score is not
        finite, or ``weights`` does not give one finite, non-negative number per list.

    Examples
    --------
    >>> p = make_profile([["a", "b", "c"], {"b": 0.9, "d": 0.5}])
    >>> p.items
    ('a', 'b', 'c', 'd')
    >>> p.rank
    array([[ 1.,  2.,  3., inf],
           [inf,  1., inf,  2.]])
    >>> p.hits.tolist()
    [1, 2, 1, 1]
    """
    if isinstance(lists, Profile):
        if weights is None:
            return lists
        return replace(lists, weight=_weights(weights, lists.n_lists))
    if isinstance(lists, (str, bytes, Mapping)) or not isinstance(lists, Sequence):
        raise InvalidTypeError(
            f"{name} must be a sequence of ranked lists (each a list of item ids, best first, "
            f"or a dict item -> score), got {type(lists).__name__}; e.g. "
            f"{name}=[['a', 'b'], ['b', 'a']].")
    if len(lists) == 0:
        raise InvalidValueError(f"{name} is empty; give at least one ranked list.")
    columns: dict = {}
    per_list = []
    for position, ranked_list in enumerate(lists):
        order, scores = _one_list(ranked_list, f"{name}[{position}]")
        for item in order:
            columns.setdefault(item, len(columns))
        per_list.append((order, scores))
    L, n = len(lists), len(columns)
    rank = np.full((L, n), np.inf)
    score = np.full((L, n), np.nan)
    has_scores = np.zeros(L, dtype=bool)
    for row, (order, scores) in enumerate(per_list):
        where = [columns[item] for item in order]
        rank[row, where] = np.arange(1, len(order) + 1)
        if scores is not None:
            score[row, where] = scores
            has_scores[row] = True
    return Profile(tuple(columns), rank, score, has_scores, _weights(weights, L))


def _one_list(ranked_list, where: str):
    """``(items best first, their scores or None)`` of one list, checked."""
    if isinstance(ranked_list, Mapping):
        scores = []
        for item, value in ranked_list.items():
            if isinstance(value, (bool, np.bool_)):
                value = int(value)  # as rankbook.io reads it: True is 1, False is 0
            elif not isinstance(value, numbers.Real):
                raise InvalidTypeError(
                    f"{where}[{item!r}] is {value!r}; a score must be a number.")
            if not math.isfinite(value):
                raise InvalidValueError(
                    f"{where}[{item!r}] is {value}; a score must be a finite number "
                    "(leave an item out of the list to say it is unranked).")
            scores.append(float(value))
        items = list(ranked_list)
        order = sorted(range(len(items)), key=lambda i: -scores[i])  # stable: ties keep order
        return [items[i] for i in order], np.array([scores[i] for i in order], dtype=float)
    if isinstance(ranked_list, (str, bytes)) or not isinstance(ranked_list, Sequence):
        raise InvalidTypeError(
            f"{where} must be a list of item ids (best first) or a dict item -> score, got "
            f"{type(ranked_list).__name__} {ranked_list!r}.")
    items = list(ranked_list)
    seen: set = set()
    for item in items:
        if item in seen:
            raise InvalidValueError(
                f"{where} lists item {item!r} twice; a ranked list holds each item once.")
        seen.add(item)
    return items, None


def _weights(weights, L: int) -> np.ndarray:
    if weights is None:
        return np.ones(L)
    values = np.asarray(weights, dtype=float) if not isinstance(weights, (str, bytes)) else None
    if values is None or values.ndim != 1 or values.size != L:
        raise InvalidValueError(
            f"weights must give one number per list ({L} lists), got {weights!r}.")
    if not np.all(np.isfinite(values)) or np.any(values < 0):
        raise InvalidValueError(
            f"weights must be finite and non-negative, got {values.tolist()}.")
    return values


def ranked_result(profile: Profile, scores, *, higher_is_better: bool = True,
                  exact: bool = False) -> dict:
    r"""The method's result: ``{item: score}``, best first, with the documented tie rule.

    Items are ordered by score (descending, or ascending when
    ``higher_is_better`` is False, as for RRA's p-values); equal scores by the
    number of lists that rank the item, more first (counting each list by its
    weight, so that a list of weight 2 counts as the same list given twice);
    then by item id ascending. With unit weights this is FLAGR's rule for its
    output lists; it is used for every method and convention so that results
    are reproducible. A score that is NaN (only
    ``convention="flagr"`` produces them, where FLAGR divides 0 by 0) comes
    after every number.

    Scores are compared to 12 significant digits, so that sums which are equal
    in exact arithmetic tie even when floating-point rounding tells them apart
    (0.3 + 0.4 + 0.6 is 1.2999999999999998, 0.3 + 0.8 + 0.2 is 1.3). With
    ``exact=True`` they are compared as computed, as FLAGR compares its doubles.

    Parameters
    ----------
    profile : Profile
    scores : array of float, shape (n,)
        One score per item of ``profile.items``.
    higher_is_better : bool, default True
    exact : bool, default False
        Compare the scores bit for bit (the FLAGR conventions use it).

    Returns
    -------
    dict
        Item id -> float score, in the aggregate order.

    Examples
    --------
    >>> p = make_profile([["a", "b"], ["b"]])
    >>> ranked_result(p, [1.0, 1.0])      # tie on score: b is in two lists
    {'b': 1.0, 'a': 1.0}
    """
    values = np.asarray(scores, dtype=float)
    if values.shape != (profile.n_items,):
        raise InvalidValueError(
            f"expected {profile.n_items} scores, one per item, got shape {values.shape}.")
    hits = (profile.weight[:, None] * profile.ranked).sum(axis=0)
    sign = -1.0 if higher_is_better else 1.0
    keys = sign * values if exact else np.array(
        [float(f"{value:.12g}") for value in (sign * values).tolist()], dtype=float)
    missing = np.isnan(keys)
    # np.lexsort sorts by the last key first, stably: NaN scores last, then the score, then
    # more lists first, then the item id (the same order as sorting tuples of these keys).
    positions = np.lexsort((_id_ranks(profile.items), -hits, np.where(missing, 0.0, keys),
                            missing)).tolist()
    return {profile.items[x]: float(values[x]) for x in positions}


def _id_ranks(items) -> np.ndarray:
    """Each item's position when the ids are sorted by `_id_key` (numbers, then text)."""
    # The usual case, sorted in C (numpy's str arrays drop a trailing NUL: those go to Python).
    if all(type(item) is str and not item.endswith("\0") for item in items):
        order = np.argsort(np.array(items, dtype=str), kind="stable")
    else:
        order = np.array(sorted(range(len(items)), key=lambda x: _id_key(items[x])), dtype=np.intp)
    ranks = np.empty(len(items), dtype=np.intp)
    ranks[order] = np.arange(len(items))
    return ranks


def code_order(items) -> list:
    """Positions of ``items`` sorted by their id as text: FLAGR's item order (it sorts codes with strcmp).

    >>> code_order(["b", "a10", "a9"])
    [1, 2, 0]
    """
    return sorted(range(len(items)), key=lambda x: str(items[x]))


def _id_key(item):
    """Sort key for item ids: numbers before text, each in its natural order."""
    if isinstance(item, numbers.Real) and not isinstance(item, bool):
        return (0, float(item), "")
    return (1, 0.0, str(item))
