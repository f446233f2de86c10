"""The inputs of the correlation functions: two rankings of the same systems.

A ranking of systems is given in one of three forms:

- a mapping system -> score (higher is better), e.g. ``{"bm25": 0.31, "dfr": 0.29}``, or a
  pandas Series indexed by system: paired with the other ranking by system name;
- an ordering: a sequence of system names (strings), best first, e.g. ``["bm25", "dfr"]``:
  also paired by name (the first system gets the highest score);
- a sequence of numbers: scores paired with the other sequence by position, as
  `scipy.stats.kendalltau` pairs its two arguments.

Both rankings must be paired the same way (both by name or both by position) and hold the
same systems; nothing is dropped silently.
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Mapping
from typing import NamedTuple

import numpy as np

from rankbook._errors import InvalidTypeError, InvalidValueError
from rankbook.collections._pairing import paired_keys


class PairedScores(NamedTuple):
    """Two score vectors paired system by system; ``systems`` is None when paired by position."""

    first: np.ndarray
    second: np.ndarray
    systems: tuple | None


def paired_scores(first, second, names=("first", "second")) -> PairedScores:
    """``first`` and ``second`` as two float arrays over the same systems (see the module)."""
    a, b = _scores(first, names[0]), _scores(second, names[1])
    systems = paired_keys(
        a, b, names, noun="system", values="scores", what="rank different systems",
        fix="A rank correlation compares two rankings of the same systems: keep the common "
            "ones, e.g. {s: x[s] for s in x if s in y}.")
    if systems is not None:
        systems = tuple(systems)
        a, b = [a[s] for s in systems], [b[s] for s in systems]
    if len(a) < 2:
        raise InvalidValueError(
            f"a rank correlation needs at least 2 systems; got {len(a)}.")
    return PairedScores(np.array(a, dtype=float), np.array(b, dtype=float), systems)


def _scores(values, name: str):
    """A dict system -> score (mappings and orderings) or a list of scores (by position)."""
    if hasattr(values, "to_dict") and not isinstance(values, Mapping):
        values = values.to_dict()  # a pandas Series indexed by system
    if isinstance(values, Mapping):
        for system, score in values.items():
            _check_score(score, f"{name}[{system!r}]")
        return dict(values)
    if isinstance(values, (str, bytes)) or not hasattr(values, "__len__"):
        raise InvalidTypeError(
            f"{name} must be a mapping system -> score, an ordering of system names (best "
            f"first) or a sequence of scores; got {type(values).__name__} {values!r:.60}.")
    values = list(values)
    if values and all(isinstance(v, str) for v in values):
        return _ordering_scores(values, name)
    for position, score in enumerate(values):
        _check_score(score, f"{name}[{position}]")
    return values


def _ordering_scores(ordering: list, name: str) -> dict:
    """An ordering, best first, as scores: n for the first system, down to 1 for the last."""
    seen: set = set()
    for rank, system in enumerate(ordering, start=1):
        if system in seen:
            raise InvalidValueError(
                f"{name} lists system {system!r} twice (again at rank {rank}); an ordering "
                "holds each system once. Give tied systems as a mapping system -> score.")
        seen.add(system)
    return {system: len(ordering) - rank for rank, system in enumerate(ordering)}


def _check_score(score, where: str) -> None:
    if isinstance(score, bool) or not isinstance(score, numbers.Real):
        raise InvalidTypeError(
            f"{where} is {score!r}; a score is a number (an ordering is a list of system "
            "names only).")
    if not math.isfinite(score):
        raise InvalidValueError(
            f"{where} is {score!r}; scores must be finite numbers (evaluate the system on "
            "the topics first, or leave the system out of both rankings).")
