"""Argument checks shared by the Markov-chain, RRA and self-weighting methods.

Each check returns the cleaned value or raises an `InvalidValueError` /
`InvalidTypeError` that names the argument, the bad value and the fix.
"""

from __future__ import annotations

import math
import numbers

import numpy as np

from rankbook._errors import InvalidTypeError, InvalidValueError

CONVENTIONS = ("textbook", "flagr")


def convention(value) -> str:
    """``"textbook"`` or ``"flagr"``."""
    if value not in CONVENTIONS:
        raise InvalidValueError(
            f"convention={value!r} is not one of 'textbook' (the published method) or "
            "'flagr' (what FLAGR/PyFLAGR 1.0.18 computes).")
    return value


def real(value, name: str, *, low=None, high=None, low_open=False) -> float:
    """A finite number within ``[low, high]`` (``(low, high]`` when ``low_open``)."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise InvalidTypeError(f"{name} must be a number, got {value!r}.")
    value = float(value)
    too_low = low is not None and (value <= low if low_open else value < low)
    if not math.isfinite(value) or too_low or (high is not None and value > high):
        left = "(" if low_open else "["
        span = f"{left}{low if low is not None else '-inf'}, {high if high is not None else 'inf'}]"
        raise InvalidValueError(f"{name} must be a finite number in {span}, got {value!r}.")
    return value


def count(value, name: str, *, low: int = 1) -> int:
    """A whole number >= ``low``."""
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise InvalidTypeError(f"{name} must be a whole number >= {low}, got {value!r}.")
    if value < low:
        raise InvalidValueError(f"{name} must be at least {low}, got {value}.")
    return int(value)


def no_weights(weights, method: str) -> None:
    """Refuse list weights for a method that has none (rather than ignoring them)."""
    if weights is not None:
        raise InvalidValueError(
            f"{method} gives every list the same say and takes no weights; "
            f"call it without weights=, or use a weighted method (e.g. combsum).")


def float32(value: float) -> float:
    """``value`` rounded to single precision, as PyFLAGR passes its parameters (ctypes.c_float)."""
    return float(np.float32(value))


def code_order(items) -> list:
    """Positions of ``items`` sorted by their code as text (FLAGR sorts codes with strcmp)."""
    return sorted(range(len(items)), key=lambda x: str(items[x]))
