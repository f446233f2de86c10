r"""From ranked item ids and a ground truth to the grades the metric functions take.

Every metric in `rankbook.metrics` takes the grades of a ranked list. If what
you have is a ranked list of item ids (documents, trace links, products) and a
ground truth, `relevance_from` looks each item up. This is the input of the
ArDoCo rank metrics calculator (ranked results, a ground-truth set and a
"string provider function" that turns items into comparable strings), which
``key`` plays the part of.

Examples
--------
>>> relevance_from(["d3", "d1", "d7"], {"d1", "d2"})
[0, 1, 0]
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from collections.abc import Set as AbstractSet

from rankbook._errors import InvalidTypeError, InvalidValueError


def relevance_from(
    ranked_items: Sequence[Hashable],
    judgments: AbstractSet[Hashable] | Mapping[Hashable, float | None],
    *,
    key: Callable[[Hashable], Hashable] | None = None,
) -> list[float | None]:
    r"""The grade of each ranked item, looked up in a ground truth.

    Two kinds of ground truth, with different meanings for an item that is
    not in it:

    - a **set** (``set``, ``frozenset``, a dict's keys view): binary
      relevance. An item in the set has grade 1, every other item grade 0.
      This is the seed's "ground truth": the set of correct items, and
      everything else is incorrect.
    - a **mapping** item -> grade (``dict``): graded judgments, as in a qrels
      file. An item that is not a key was never judged and gets ``None``
      (unjudged), which `bpref` skips and every other measure treats as
      grade 0. Write ``0`` in the mapping for an item judged non-relevant.
      A value may itself be ``None`` (judged "unknown").

    ``key`` (the seed's "string provider function") is applied to every
    ranked item and to every item of the ground truth before they are
    compared, e.g. ``key=str.lower`` or ``key=lambda link: link.id``.

    Parameters
    ----------
    ranked_items : sequence of hashable, shape (n,)
        The ranked list, rank 1 first. After ``key``, no item may occur twice.
    judgments : set of hashable, or mapping of hashable to float or None
        The ground truth (see above). A list or tuple is refused: write
        ``set(items)`` for binary relevance.
    key : callable, optional
        Converts an item into what is compared. Default: the item itself.

    Returns
    -------
    list of float or None, length n
        The grades, rank 1 first: 1 or 0 for a set; the mapped grade, or
        ``None`` for an unjudged item, for a mapping.

    Raises
    ------
    InvalidValueError
        When an item occurs twice in the ranking (after ``key``), when two
        keys of a mapping become equal under ``key``, or when a grade is NaN
        or infinite.
    InvalidTypeError
        When ``judgments`` is neither a set nor a mapping, ``ranked_items`` is
        a string, an item (after ``key``) is unhashable, or a grade is not a
        number.

    See Also
    --------
    rankbook.metrics.bpref.bpref : the measure that uses ``None`` (unjudged).

    References
    ----------
    Fuchß, D. (2024). Rank Metrics. ArDoCo metrics calculator wiki,
    https://github.com/ArDoCo/Metrics/wiki/Rank-Metrics.

    Examples
    --------
    A ground-truth set, compared case-insensitively:

    >>> relevance_from(["A", "b", "C"], {"a", "c"}, key=str.lower)
    [1, 0, 1]

    Graded judgments: ``d9`` was never judged.

    >>> relevance_from(["d1", "d9", "d2"], {"d1": 2, "d2": 0})
    [2, None, 0]
    """
    if isinstance(ranked_items, (str, bytes)) or not isinstance(ranked_items, Iterable):
        raise InvalidTypeError(
            f"ranked_items must be a sequence of item ids, rank 1 first, got "
            f"{type(ranked_items).__name__} {ranked_items!r}; for example "
            'ranked_items=["d3", "d1", "d7"].'
        )
    items = list(ranked_items)
    convert = (lambda item: item) if key is None else key
    ranked = [_hashable(convert(item), rank, item) for rank, item in enumerate(items, start=1)]
    _refuse_duplicates(ranked, items)

    if isinstance(judgments, Mapping):
        grades = _converted_mapping(judgments, convert)
        return [grades.get(item) for item in ranked]
    if isinstance(judgments, AbstractSet):
        correct = {_hashable(convert(item), None, item) for item in judgments}
        return [1 if item in correct else 0 for item in ranked]
    hint = ""
    if isinstance(judgments, (list, tuple)):
        hint = (" A list or tuple is ambiguous (items or grades?): write set(...) for the "
                "relevant items, or a dict item -> grade.")
    raise InvalidTypeError(
        f"judgments must be a set of relevant items (binary) or a mapping item -> grade, "
        f"got {type(judgments).__name__}.{hint}"
    )


def _hashable(item, position, original):
    """The item itself, checked to be usable as a dictionary key."""
    try:
        hash(item)
    except TypeError:
        where = f"the item at rank {position}" if position else "a ground-truth item"
        what = f"{original!r}," if item is original else f"{original!r}, after key {item!r},"
        raise InvalidTypeError(
            f"{where}, {what} is unhashable ({type(item).__name__}); items are compared "
            "by value, so they must be hashable: pass key= to turn them into strings or "
            "tuples."
        ) from None
    return item


def _refuse_duplicates(ranked: list, items: list) -> None:
    """An item may appear once in a ranking: name the first repeated one and its ranks."""
    seen = set()
    for item in ranked:
        if item in seen:
            ranks = [rank for rank, other in enumerate(ranked, start=1) if other == item]
            originals = [items[rank - 1] for rank in ranks]
            after_key = "" if all(o == item for o in originals) else (
                f"; after key, {', '.join(repr(o) for o in originals)} are all {item!r}")
            raise InvalidValueError(
                f"ranked_items holds {item!r} more than once (at ranks "
                f"{', '.join(str(rank) for rank in ranks)}{after_key}). A ranking lists each "
                "item once: remove the repeats (keep the highest rank), or use a key that "
                "tells the items apart."
            )
        seen.add(item)


def _converted_mapping(judgments: Mapping, convert) -> dict:
    """The judgments keyed by converted item, each grade checked."""
    grades: dict = {}
    source: dict = {}
    for item, grade in judgments.items():
        converted = _hashable(convert(item), None, item)
        if converted in grades:
            raise InvalidValueError(
                f"judgments has two items, {source[converted]!r} and {item!r}, that both "
                f"become {converted!r} after key; the ground truth would be ambiguous. "
                "Use a key that tells them apart, or merge them."
            )
        if isinstance(grade, bool):
            grade = int(grade)  # True/False: relevant/non-relevant
        if grade is not None:
            if not isinstance(grade, numbers.Real):
                raise InvalidTypeError(
                    f"judgments[{item!r}] is {grade!r} ({type(grade).__name__}); a grade must "
                    "be a number (or None for judged as unknown)."
                )
            if not math.isfinite(grade):
                raise InvalidValueError(
                    f"judgments[{item!r}] is {grade}; grades must be finite numbers. Leave an "
                    "item out of the mapping (or map it to None) if it was not judged."
                )
        grades[converted] = grade
        source[converted] = item
    return grades
