"""The argument checks of the significance tests, and the two numerical tolerances.

Every test takes per-topic scores: two vectors (``x``, ``y``) paired by
position, or a table of systems x topics. These helpers turn what the caller
passed into float arrays, or raise an `InvalidValueError` / `InvalidTypeError`
that says what is wrong and how to fix it. pandas is never imported here: a
Series or DataFrame is recognised by its attributes.
"""

from __future__ import annotations

import numbers
from collections.abc import Mapping

import numpy as np

from rankbook._errors import InvalidTypeError, InvalidValueError

# A standard deviation (or a root sum of squares per cell) at most this fraction of the
# largest absolute value involved counts as zero: it is float rounding, as in
# (0.3 - 0.2) - (0.2 - 0.1), not a spread of the scores.
ZERO_SPREAD = 1e-12

# A resampled statistic within this fraction of the data's scale below the observed one
# counts as "at least as extreme": the resampled sums add the same numbers in another
# order, so equal values in exact arithmetic may differ in the last bits.
TIE_TOLERANCE = 1e-9


def _is_series(value) -> bool:
    return hasattr(value, "index") and hasattr(value, "to_numpy") and not hasattr(value, "columns")


def _is_frame(value) -> bool:
    return hasattr(value, "columns") and hasattr(value, "index") and hasattr(value, "to_numpy")


def vector(values, name: str) -> np.ndarray:
    """One system's per-topic scores as a 1-D float array (finite numbers only)."""
    if isinstance(values, (str, bytes)) or isinstance(values, Mapping) or not hasattr(values, "__len__"):
        kind = "a mapping" if isinstance(values, Mapping) else type(values).__name__
        raise InvalidTypeError(
            f"{name} must be a sequence of per-topic scores (list, tuple, 1-D numpy array "
            f"or pandas Series), got {kind}; for example {name}=[0.7, 0.3, 0.2]."
        )
    raw = values.to_numpy() if _is_series(values) else values
    try:
        array = np.asarray(raw, dtype=float)
    except (TypeError, ValueError):
        raise InvalidTypeError(
            f"{name} must hold numbers (one score per topic); {name} holds a value that is "
            "not a number. Evaluate the runs first, e.g. rb.evaluate(qrels, run, ['AP'])."
        ) from None
    if array.ndim != 1:
        raise InvalidValueError(
            f"{name} must be one system's scores (a 1-D sequence), got shape {array.shape}; "
            "pass one column (one system) at a time."
        )
    bad = np.flatnonzero(~np.isfinite(array))
    if bad.size:
        position = int(bad[0])
        label = values.index[position] if _is_series(values) else position
        raise InvalidValueError(
            f"{name}[{label!r}] is {array[position]}: every topic needs a finite score for "
            "every system. A missing score is usually a topic a run did not answer (score it "
            "0, as trec_eval -c does) or a failed join; drop the topic from both systems or "
            "fill it in."
        )
    return array


def paired(x, y) -> tuple[np.ndarray, np.ndarray]:
    """Two systems' scores on the same topics, as float arrays of equal length >= 2."""
    if isinstance(x, Mapping) or isinstance(y, Mapping):
        x, y = _align_mappings(x, y)
    elif _is_series(x) and _is_series(y) and not x.index.equals(y.index):
        _refuse_unaligned(list(x.index), list(y.index), "x", "y")
    a, b = vector(x, "x"), vector(y, "y")
    if len(a) != len(b):
        raise InvalidValueError(
            f"x has {len(a)} scores and y has {len(b)}: a paired test compares the two "
            "systems topic by topic, so both need one score per topic, in the same topic order."
        )
    _at_least_two_topics(len(a))
    return a, b


def _align_mappings(x, y):
    if not (isinstance(x, Mapping) and isinstance(y, Mapping)):
        raise InvalidTypeError(
            "x and y must both be sequences (paired by position) or both be mappings "
            "topic -> score (paired by topic); got one of each."
        )
    if set(x) != set(y):
        _refuse_unaligned(list(x), list(y), "x", "y")
    topics = list(x)
    return [x[t] for t in topics], [y[t] for t in topics]


def _refuse_unaligned(first: list, second: list, name_a: str, name_b: str) -> None:
    only_a = [t for t in first if t not in set(second)]
    only_b = [t for t in second if t not in set(first)]
    if not only_a and not only_b:
        raise InvalidValueError(
            f"{name_a} and {name_b} hold the same topics in a different order; align them "
            f"first, e.g. {name_b} = {name_b}.reindex({name_a}.index)."
        )
    raise InvalidValueError(
        f"{name_a} and {name_b} are not scores of the same topics: only in {name_a}: "
        f"{only_a[:5]}{' ...' if len(only_a) > 5 else ''}; only in {name_b}: "
        f"{only_b[:5]}{' ...' if len(only_b) > 5 else ''}. Compare systems on the same "
        "topics (e.g. evaluate with every qrels topic, as trec_eval -c does)."
    )


def _at_least_two_topics(n: int) -> None:
    if n < 2:
        raise InvalidValueError(
            f"a significance test needs scores on at least 2 topics, got {n}; with one "
            "topic there is no topic-to-topic variation to compare a difference against."
        )


def score_matrix(scores) -> tuple[tuple, np.ndarray]:
    """``(systems, matrix)``: the system names and a topics x systems float array."""
    if _is_frame(scores):
        systems = tuple(scores.columns)
        columns = [vector(scores[name], f"scores[{name!r}]") for name in systems]
    elif isinstance(scores, Mapping) and scores and all(
            isinstance(v, Mapping) for v in scores.values()):
        systems = tuple(scores)
        topics = list(next(iter(scores.values())))
        for name in systems[1:]:
            if set(scores[name]) != set(topics):
                _refuse_unaligned(topics, list(scores[name]), f"scores[{systems[0]!r}]",
                                  f"scores[{name!r}]")
        columns = [vector([scores[name][t] for t in topics], f"scores[{name!r}]")
                   for name in systems]
    elif isinstance(scores, Mapping):
        systems = tuple(scores)
        first = next(iter(scores.values()), None)
        for name in systems[1:]:
            value = scores[name]
            if _is_series(first) and _is_series(value) and not first.index.equals(value.index):
                _refuse_unaligned(list(first.index), list(value.index),
                                  f"scores[{systems[0]!r}]", f"scores[{name!r}]")
        columns = [vector(scores[name], f"scores[{name!r}]") for name in systems]
    else:
        raise InvalidTypeError(
            "scores must be a mapping system -> per-topic scores (e.g. {'A': [...], "
            "'B': [...]}) or a pandas DataFrame with one column per system, got "
            f"{type(scores).__name__}."
        )
    if len(systems) < 2:
        raise InvalidValueError(
            f"scores must hold at least 2 systems to compare, got {len(systems)}."
        )
    lengths = {name: len(column) for name, column in zip(systems, columns)}
    if len(set(lengths.values())) > 1:
        raise InvalidValueError(
            f"every system needs one score per topic, on the same topics; the lengths differ: "
            f"{lengths}."
        )
    _at_least_two_topics(len(columns[0]))
    return systems, np.column_stack(columns)


def confidence(value) -> float:
    """The confidence level, a number strictly between 0 and 1."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real) or not 0 < value < 1:
        raise InvalidValueError(
            f"confidence must be a number between 0 and 1 (exclusive), got {value!r}; "
            "for a 95% interval write confidence=0.95."
        )
    return float(value)


def resamples(value, *, allow_none: bool = False):
    """The number of resamples, a positive whole number (or None when allowed)."""
    if value is None and allow_none:
        return None
    if isinstance(value, bool) or not isinstance(value, numbers.Integral) or value < 1:
        hint = ", or None for the default" if allow_none else ""
        raise InvalidValueError(
            f"n_resamples must be a positive whole number{hint}, got {value!r}."
        )
    return int(value)


def random_generator(seed):
    """A numpy Generator from ``seed`` (a whole number >= 0, or None for fresh entropy)."""
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, numbers.Integral)
                             or seed < 0):
        raise InvalidValueError(
            f"seed must be a whole number >= 0 (the same seed gives the same p-value) or "
            f"None for a different draw each call, got {seed!r}."
        )
    return np.random.default_rng(seed)


def is_zero_spread(spread: float, scale: float) -> bool:
    """True when ``spread`` is float rounding relative to ``scale`` (see ZERO_SPREAD)."""
    return spread <= ZERO_SPREAD * scale


def sum_of_squares(ss: float, X: np.ndarray) -> float:
    """``ss``, or 0.0 when it is float rounding: at most (ZERO_SPREAD x max |X|)^2 per cell."""
    floor = X.size * (ZERO_SPREAD * float(np.abs(X).max())) ** 2
    return 0.0 if ss <= floor else float(ss)


def ratio(numerator: float, denominator: float) -> float:
    """numerator / denominator, with 0/0 = 0 and x/0 = +-inf (the zero-variance convention)."""
    if denominator == 0:
        return 0.0 if numerator == 0 else float(np.copysign(np.inf, numerator))
    return float(numerator / denominator)
