"""Shared argument checks, used by every package (metrics, stats, aggregate, online, ...).

Each check returns the cleaned value or raises an `InvalidValueError` /
`InvalidTypeError` whose message names the argument, the bad value and
the fix. Keeping them here means every function rejects bad input the same way.

One rule for every kind of argument
-----------------------------------
There is one checker per kind of argument:

========================  ======================================  ========================
kind                      checker                                 examples
========================  ======================================  ========================
rank cut-off              `cutoff`                                ``k``
count                     `count`                                 ``length``, ``n``
probability               `probability`                           ``p``, ``persistence``
confidence level          `confidence_level`                      ``confidence``
significance level        `significance_level`                    ``alpha``
number of resamples       `resamples`                             ``n_resamples``
random seed               `seed`                                  ``seed``
number in an interval     `number`                                ``tau``, ``rho``, ``gamma``
choice among names        `choice`                                ``method``, ``convention``
========================  ======================================  ========================

and one exception class per kind of mistake:

- a value of the **wrong type** is an `InvalidTypeError` (a ``TypeError``): a float
  ``5.0``, a string ``"5"`` or a bool ``True`` where a whole number is needed; a
  string ``"0.5"`` or a bool where a probability is needed;
- a value of the **right type outside the allowed range** is an `InvalidValueError`
  (a ``ValueError``): ``k=0``, ``p=1.5``, ``confidence=95``, ``n_resamples=0``, a NaN;
- None where a value is required is an `InvalidValueError` (a missing value, as
  `MissingArgument`);
- a **choice** that is not one of the names is an `InvalidValueError`, whatever its type
  (the message lists the names).

Every message has one shape: the argument's name, what is allowed, and what was given
(``p must be a number in (0, 1) (the persistence ...), got 1.5.``), then, where one helps,
how to fix it. ``tests/test_validate.py`` (its last section) feeds the same mistake to every
public function that takes such an argument and checks the class and the shape.

Missing arguments are explained by `rankbook._examples` (`explains_missing_arguments`,
`MissingArgument`), imported here so that every checker is reached as ``_validate.x``.

Unjudged documents
------------------
A position in ``relevance`` may hold ``None``: a document nobody judged. Every
measure except bpref treats it as non-relevant with grade 0, as trec_eval does;
bpref skips it. ``NaN`` is refused, because a NaN grade is far more often a bug
(a failed join, a missing column) than a deliberate "unjudged".
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Mapping

import numpy as np

from rankbook._errors import InvalidTypeError, InvalidValueError
from rankbook._examples import MissingArgument, explains_missing_arguments  # noqa: F401 (re-exported)


# Element types read without a per-element check: None and the built-in and numpy numbers.
_PLAIN_GRADE_TYPES = frozenset({type(None), int, float, bool, np.float64, np.float32,
                                np.int64, np.int32, np.bool_})


def judged_grades(relevance, name: str = "relevance") -> tuple[np.ndarray, np.ndarray]:
    """Return ``(grades, judged)``: float grades (0.0 where unjudged) and a judged mask."""
    if isinstance(relevance, (str, bytes)) or not hasattr(relevance, "__len__"):
        raise InvalidTypeError(
            f"{name} must be a sequence of grades (list, tuple or 1-D numpy array), "
            f"got {type(relevance).__name__}; for example {name}=[1, 0, 1]."
        )
    if isinstance(relevance, np.ndarray):
        if relevance.ndim != 1:
            raise InvalidValueError(
                f"{name} must be one ranked list (a 1-D array), got an array of shape "
                f"{relevance.shape}; pass one row at a time, e.g. {name}[0]."
            )
        if relevance.dtype != object:
            if not (np.issubdtype(relevance.dtype, np.number) or relevance.dtype == bool):
                raise InvalidTypeError(
                    f"{name} must hold numbers, got an array of dtype {relevance.dtype}; "
                    "map item ids to grades first with rankbook.relevance_from()."
                )
            grades = relevance.astype(float)
            _refuse_nan_and_inf(grades, name)
            return grades, np.ones(len(grades), dtype=bool)
    values = list(relevance)
    if set(map(type, values)) <= _PLAIN_GRADE_TYPES:  # the common case, without a loop
        judged = np.array([value is not None for value in values], dtype=bool)
        grades = np.array([0.0 if value is None else value for value in values], dtype=float)
        _refuse_nan_and_inf(grades, name)
        return grades, judged
    grades = np.zeros(len(values), dtype=float)
    judged = np.ones(len(values), dtype=bool)
    for position, value in enumerate(values):
        if value is None:
            judged[position] = False
        elif isinstance(value, (numbers.Real, np.bool_)) and not isinstance(value, np.ndarray):
            grades[position] = float(value)
        elif isinstance(value, (list, tuple, np.ndarray)):
            raise InvalidValueError(
                f"{name} must be one ranked list of grades, but position {position + 1} "
                f"holds a sequence ({value!r}); pass one ranked list at a time."
            )
        else:
            raise InvalidTypeError(
                f"{name}[{position}] is {value!r} ({type(value).__name__}); grades must be "
                "numbers (None marks an unjudged document). To turn item ids into grades "
                "use rankbook.relevance_from()."
            )
    _refuse_nan_and_inf(grades, name)
    return grades, judged


def grades(relevance, name: str = "relevance") -> np.ndarray:
    """Return the grades as a float array, unjudged (``None``) positions as 0.0."""
    return judged_grades(relevance, name)[0]


def _refuse_nan_and_inf(grades: np.ndarray, name: str) -> None:
    bad = np.flatnonzero(~np.isfinite(grades))
    if bad.size:
        position = int(bad[0])
        raise InvalidValueError(
            f"{name}[{position}] is {grades[position]}; grades must be finite numbers. "
            "Write None for a document that was not judged."
        )


def cutoff(k, name: str = "k", *, allow_none: bool = False):
    """Return ``k`` as a positive int (or None when allowed)."""
    if k is None and allow_none:
        return None
    if isinstance(k, bool) or not isinstance(k, numbers.Integral):
        if isinstance(k, float) and k.is_integer():
            raise InvalidTypeError(
                f"{name} must be a whole number, got the float {k!r}; write {name}={int(k)}."
            )
        hint = " or None for the whole list" if allow_none else ""
        raise InvalidTypeError(f"{name} must be a positive integer{hint}, got {k!r}.")
    if k < 1:
        raise InvalidValueError(
            f"{name} must be at least 1 (ranks start at 1), got {k}."
        )
    return int(k)


def _is_whole(value) -> bool:
    return isinstance(value, numbers.Integral) and not isinstance(value, (bool, np.bool_))


def _is_real(value) -> bool:
    return isinstance(value, numbers.Real) and not isinstance(value, (bool, np.bool_))


def count(value, name: str, *, at_least: int = 1, what: str = "", none_means: str = "",
          hint: str = ""):
    """Return ``value`` as an int >= ``at_least``; None passes when ``none_means`` is given.

    >>> count(3, "length")
    3
    >>> count(3.0, "length")
    Traceback (most recent call last):
    ...
    rankbook._errors.InvalidTypeError: length must be a positive whole number, got 3.0; write length=3.
    """
    if value is None and none_means:
        return None
    allowed = "a positive whole number" if at_least == 1 else f"a whole number >= {at_least}"
    allowed += f" ({what})" if what else ""
    allowed += f", or None {none_means}" if none_means else ""
    message = f"{name} must be {allowed}, got {value!r}" + (f"; {hint}." if hint else ".")
    if value is None:
        raise InvalidValueError(message)  # a missing value, as `MissingArgument`
    if not _is_whole(value):
        if isinstance(value, float) and value.is_integer():
            message = f"{name} must be {allowed}, got {value!r}; write {name}={int(value)}."
        raise InvalidTypeError(message)
    if value < at_least:
        raise InvalidValueError(message)
    return int(value)


def number(value, name: str, *, low=None, high=None, low_open: bool = False,
           high_open: bool = False, finite: bool = True, hint: str = "") -> float:
    """A number within ``[low, high]`` (``low_open``/``high_open`` exclude the ends), as a float."""
    if not _is_real(value):
        raise InvalidTypeError(f"{name} must be a number, got {value!r}" +
                               (f"; {hint}." if hint else "."))
    value = float(value)
    too_low = low is not None and (value <= low if low_open else value < low)
    too_high = high is not None and (value >= high if high_open else value > high)
    if math.isnan(value) or (finite and math.isinf(value)) or too_low or too_high:
        span = (f"{'(' if low_open else '['}{low if low is not None else '-inf'}, "
                f"{high if high is not None else 'inf'}{')' if high_open else ']'}")
        raise InvalidValueError(f"{name} must be a{' finite' if finite else ''} number in "
                                f"{span}, got {value!r}" + (f"; {hint}." if hint else "."))
    return value


def shown_length(value, name: str = "length"):
    """How many documents an interleaved list shows: a positive whole number, or None."""
    return count(value, name, what="how many documents to show",
                 none_means="for the length of the shortest ranking")


_INTERVALS = {"[0, 1]": (False, False), "[0, 1)": (False, True), "(0, 1)": (True, True),
              "(0, 1]": (True, False)}


def probability(value, name: str, *, interval: str = "[0, 1]", meaning: str = "",
                hint: str = "") -> float:
    """Check that ``value`` is a number in ``interval`` (one of ``[0, 1]``, ``[0, 1)``,
    ``(0, 1)``, ``(0, 1]``) and return it as a float.

    >>> probability(0.8, "p", interval="(0, 1)")
    0.8
    >>> probability("0.8", "p", interval="(0, 1)")
    Traceback (most recent call last):
    ...
    rankbook._errors.InvalidTypeError: p must be a number in (0, 1), got '0.8'.
    """
    open_low, open_high = _INTERVALS[interval]
    message = f"{name} must be a number in {interval}"
    message += f" ({meaning})" if meaning else ""
    message += f", got {value!r}" + (f"; {hint}." if hint else ".")
    if value is None:
        raise InvalidValueError(message)  # a missing value, as `MissingArgument`
    if not _is_real(value):
        raise InvalidTypeError(message)
    above_low = value > 0 if open_low else value >= 0
    below_high = value < 1 if open_high else value <= 1
    if not (above_low and below_high):  # a NaN fails both
        raise InvalidValueError(message)
    return float(value)


def relevance_level(value, name: str = "relevance_level") -> float:
    """An evaluation's relevance level (trec_eval's ``-l``, ``P(rel=2)@5``): a number > 0."""
    return number(value, name, low=0, low_open=True,
                  hint="the lowest grade that counts as relevant, as trec_eval's -l")


def rbp_persistence(value) -> float:
    """RBP's persistence $p$: a number in [0, 1) (`rankbook.metrics.user_models` and the C/W/L
    core `rankbook.metrics.cwl` check it alike).

    >>> rbp_persistence(1)
    Traceback (most recent call last):
    ...
    rankbook._errors.InvalidValueError: persistence must be a number in [0, 1) (the probability of reading on to the next rank; p = 1 would give every list RBP 0), got 1; trec_eval 10 uses 0.9.
    """
    return probability(
        value, "persistence", interval="[0, 1)",
        meaning="the probability of reading on to the next rank; p = 1 would give every "
                "list RBP 0", hint="trec_eval 10 uses 0.9")


def confidence_level(value, name: str = "confidence") -> float:
    """The confidence level of an interval, a number strictly between 0 and 1."""
    return probability(value, name, interval="(0, 1)",
                       hint=f"for a 95% interval write {name}=0.95")


def seed(value, name: str = "seed", *, generator_too: bool = False):
    """A random seed: a whole number >= 0 (the same seed, the same draw), or None."""
    return count(value, name, at_least=0, what="the same seed gives the same draw",
                 none_means="for a fresh draw",
                 hint="a numpy.random.Generator is used as it is" if generator_too else "")


def significance_level(value, name: str = "alpha") -> float:
    """The significance level of a test, a number strictly between 0 and 1."""
    return probability(value, name, interval="(0, 1)", meaning="the significance level",
                       hint=f"e.g. {name}=0.05")


def resamples(value, name: str = "n_resamples", *, allow_none: bool = False):
    """The number of resamples (or permutations), a positive whole number."""
    return count(value, name, none_means="for the default" if allow_none else "")


def n_relevant(value, grades: np.ndarray, threshold: float, name: str = "n_relevant") -> int:
    """Return R as an int, checking it is at least the relevant documents present."""
    if value is None:
        raise MissingArgument(name)
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise InvalidTypeError(f"{name} must be a whole number >= 0, got {value!r}.")
    present = int(np.count_nonzero(grades >= threshold))
    if value < present:
        raise InvalidValueError(
            f"{name}={value} is smaller than the {present} relevant documents already in "
            f"the ranked list; R counts every relevant document of the query, so it must "
            f"be at least {present}."
        )
    return int(value)


def threshold(value, name: str = "relevance_level") -> float:
    """Return the relevance threshold as a float."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise InvalidTypeError(
            f"{name} must be a number (the lowest grade that counts as relevant), "
            f"got {value!r}."
        )
    if not math.isfinite(value):
        raise InvalidValueError(
            f"{name} must be a finite number (the lowest grade that counts as relevant), "
            f"got {value!r}."
        )
    return float(value)


def choice(value, allowed, name: str):
    """Return ``value`` if it is one of ``allowed``."""
    if value not in allowed:
        options = ", ".join(repr(a) for a in allowed)
        raise InvalidValueError(f"{name}={value!r} is not one of {options}.")
    return value


def rankings(rankings) -> list:
    """The rankings as a list of per-query lists; refuse nothing-to-average and flat lists."""
    if isinstance(rankings, Mapping):
        raise InvalidTypeError(
            "rankings must be a sequence of ranked lists, one per query, got a mapping; "
            "pass list(run.values()) and the n_relevant values in the same order."
        )
    if isinstance(rankings, (str, bytes)) or not hasattr(rankings, "__len__"):
        raise InvalidTypeError(
            f"rankings must be a sequence of ranked lists (one per query), got "
            f"{type(rankings).__name__}; for example rankings=[[1, 0, 1], [0, 1]]."
        )
    rankings = list(rankings)
    if not rankings:
        raise InvalidValueError(
            "rankings is empty: a mean over no queries is undefined; pass at least one "
            "ranked list, e.g. rankings=[[1, 0, 1]]."
        )
    if any(isinstance(r, (numbers.Number, np.bool_)) or r is None for r in rankings):
        raise InvalidTypeError(
            f"rankings must hold one ranked list per query, but it holds single grades "
            f"({rankings[:4]!r}...); for a single query write rankings=[[1, 0, 1]]."
        )
    return rankings


def per_query(values, rankings: list, name: str) -> list:
    """A per-query argument as a list with one entry per ranking."""
    if isinstance(values, (str, bytes, numbers.Number)) or not hasattr(values, "__len__"):
        raise InvalidTypeError(
            f"{name} must be a sequence with one value per query, got {values!r}; "
            f"for one query write {name}=[{values!r}]."
        )
    values = list(values)
    if len(values) != len(rankings):
        raise InvalidValueError(
            f"{name} has {len(values)} values but rankings has {len(rankings)} queries; "
            f"give one {name} per query, in the order of rankings."
        )
    return values


#: The trec_eval versions whose conventions rankbook follows (see docs/conventions.md).
TREC_EVAL_VERSIONS = ("9", "10")


def trec_eval_version(value) -> str:
    """``value`` as one of ``TREC_EVAL_VERSIONS`` (``9`` and ``"9"`` alike)."""
    text = str(value).strip() if isinstance(value, (str, int)) and not isinstance(value, bool) \
        else None
    if text not in TREC_EVAL_VERSIONS:
        raise InvalidValueError(
            f"trec_eval={value!r} is not a trec_eval version rankbook follows; choose \"9\" "
            "(the default: scores compared as C floats, as trec_eval 9.x and pytrec_eval do) "
            "or \"10\" (scores as doubles, lround in the interpolated-precision cut-offs).")
    return text


def total_at_least(value, present: int, name: str, what: str) -> int:
    """A caller's total count, which must be a whole number >= the items already in the list."""
    if value is None:
        return present
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise InvalidTypeError(f"{name} must be a whole number >= 0, got {value!r}.")
    if value < present:
        raise InvalidValueError(
            f"{name}={value} is smaller than the {present} {what} items already in the "
            f"ranked list; it counts every {what} item of the query, retrieved or not, so "
            f"it must be at least {present}."
        )
    return int(value)
