"""Argument checks shared by every method of `rankbook.aggregate`: one place per check.

Each check returns the cleaned value or raises an `InvalidValueError` /
`InvalidTypeError` that names the argument, the bad value and the fix. The
norm names are checked by `rankbook.aggregate.normalization.check_norm`, next
to the norms; a keyword from a fixed set by `rankbook._validate.choice`, as
everywhere in rankbook.
"""

from __future__ import annotations


import numpy as np

from rankbook import _validate
from rankbook._errors import InvalidValueError

CONVENTIONS = ("textbook", "flagr")
_MEANING = {"textbook": "the published method", "flagr": "what FLAGR/PyFLAGR 1.0.18 computes",
            "ranx": "ranx's scale"}


def convention(value, allowed: tuple = CONVENTIONS, *, method: str | None = None) -> str:
    """One of ``allowed`` (default ``"textbook"`` or ``"flagr"``); ``method`` names a method
    FLAGR does not have, for the message when ``"flagr"`` is asked of it."""
    if value == "flagr" and "flagr" not in allowed and method is not None:
        raise InvalidValueError(
            f"FLAGR has no {method}, so there is no FLAGR convention of it; call {method} "
            f"without convention= (or with convention='textbook').")
    if not isinstance(value, str) or value not in allowed:
        names = ", ".join(f"{name!r} ({_MEANING.get(name, name)})" for name in allowed)
        raise InvalidValueError(f"convention must be one of {names}; got convention={value!r}.")
    return value


#: A finite number in an interval: one check, as everywhere in rankbook.
real = _validate.number


def count(value, name: str, *, low: int = 1) -> int:
    """A whole number >= ``low`` (checked by `rankbook._validate.count`, as everywhere)."""
    return _validate.count(value, name, at_least=low)


def no_weights(weights, method: str, profile=None) -> None:
    """Refuse list weights for a method that has none (rather than ignoring them).

    ``profile``, when given, is the method's `Profile`: one built with weights
    other than 1 (a caller handing over a weighted profile) is refused too.
    """
    if weights is not None or (profile is not None and np.any(profile.weight != 1)):
        raise InvalidValueError(
            f"{method} gives every list the same say and takes no weights; "
            f"call it without weights=, or use a weighted method (e.g. combsum).")


def float32(value: float) -> float:
    """``value`` rounded to single precision, as PyFLAGR passes its parameters (ctypes.c_float)."""
    return float(np.float32(value))
