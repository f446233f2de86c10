"""The argument checks of the significance tests, and the two numerical tolerances.

Every test takes per-topic scores: two vectors (``x``, ``y``) paired by
topic (or by position, for plain sequences; `_pairing` is the rule), or a table
of systems x topics. These helpers turn what the caller
passed into float arrays, or raise an `InvalidValueError` / `InvalidTypeError`
that says what is wrong and how to fix it. pandas is never imported here: a
Series or DataFrame is recognised by its attributes.
"""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np

from rankbook import _validate
from rankbook._errors import InvalidTypeError, InvalidValueError
from rankbook.stats import _pairing

# A standard deviation (or a root sum of squares per cell) at most this fraction of the
# largest absolute value involved counts as zero: it is float rounding, as in
# (0.3 - 0.2) - (0.2 - 0.1), not a spread of the scores.
ZERO_SPREAD = 1e-12

# A resampled statistic within this fraction of the data's scale below the observed one
# counts as "at least as extreme": the resampled sums add the same numbers in another
# order, so equal values in exact arithmetic may differ in the last bits.
TIE_TOLERANCE = 1e-9


def vector(values, name: str, topics=None) -> np.ndarray:
    """One system's per-topic scores as a 1-D float array (finite numbers only).

    ``topics`` (the topic ids of the positions, when known) names the topic of a bad score.
    """
    if isinstance(values, (str, bytes)) or isinstance(values, Mapping) or not hasattr(values, "__len__"):
        kind = "a mapping" if isinstance(values, Mapping) else type(values).__name__
        raise InvalidTypeError(
            f"{name} must be a sequence of per-topic scores (list, tuple, 1-D numpy array "
            f"or pandas Series), got {kind}; for example {name}=[0.7, 0.3, 0.2]."
        )
    raw = values.to_numpy() if _pairing.is_series(values) else values
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
        label = topics[position] if topics is not None else position
        raise InvalidValueError(
            f"{name}[{label!r}] is {array[position]}: every topic needs a finite score for "
            "every system. A missing score is usually a topic a run did not answer (score it "
            "0, as trec_eval -c does) or a failed join; drop the topic from both systems or "
            "fill it in."
        )
    return array


def paired(x, y, topics: str = "same", *, minimum: int = 2) -> tuple[np.ndarray, np.ndarray]:
    """Two systems' scores on the same topics, as float arrays of equal length >= ``minimum``.

    Paired by topic when both are labelled by topic (`_pairing.align`), by position otherwise.
    A test needs 2 topics; a per-topic difference (risk against a baseline) needs 1.
    """
    ids, (a, b) = _pairing.align({"x": x, "y": y}, topics)
    a, b = vector(a, "x", ids), vector(b, "y", ids)
    if len(a) != len(b):
        raise InvalidValueError(
            f"x has {len(a)} scores and y has {len(b)}: a paired test compares the two "
            "systems topic by topic, so both need one score per topic, in the same topic order."
        )
    if minimum > 1:
        _at_least_two_topics(len(a))
    elif len(a) == 0:
        raise InvalidValueError("x and y hold no score: give each system's score on 1 topic "
                                "or more.")
    return a, b


def sample(values, name: str) -> np.ndarray:
    """One sample of an unpaired test: a sequence, or scores by topic without the ``all`` row."""
    if _pairing.by_topic(values):
        ids, scores = _pairing.labelled(values, name)
        array = vector(scores, name, ids)
    else:
        array = vector(values, name)
    if len(array) < 2:
        raise InvalidValueError(
            f"{name} holds {len(array)} score(s); each sample needs at least 2 to estimate "
            "its variance."
        )
    return array


def _at_least_two_topics(n: int) -> None:
    if n < 2:
        raise InvalidValueError(
            f"a significance test needs scores on at least 2 topics, got {n}; with one "
            "topic there is no topic-to-topic variation to compare a difference against."
        )


def score_matrix(scores, topics: str = "same") -> tuple[tuple, np.ndarray]:
    """``(systems, matrix)``: the system names and a topics x systems float array."""
    if _pairing.is_frame(scores):
        frame = scores.drop(index=_pairing.SUMMARY_ROW, errors="ignore")
        named = {f"scores[{name!r}]": frame[name] for name in frame.columns}
        systems = tuple(frame.columns)
    elif isinstance(scores, Mapping):
        named = {f"scores[{name!r}]": value for name, value in scores.items()}
        systems = tuple(scores)
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
    ids, values = _pairing.align(named, topics)
    columns = [vector(v, label, ids) for label, v in zip(named, values)]
    lengths = {name: len(column) for name, column in zip(systems, columns)}
    if len(set(lengths.values())) > 1:
        raise InvalidValueError(
            f"every system needs one score per topic, on the same topics; the lengths differ: "
            f"{lengths}."
        )
    _at_least_two_topics(len(columns[0]))
    return systems, np.column_stack(columns)


def random_generator(seed):
    """A numpy Generator from ``seed`` (a whole number >= 0, or None for fresh entropy)."""
    return np.random.default_rng(_validate.seed(seed))


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
