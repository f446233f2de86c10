"""Ids and numbers from Python objects (dicts, DataFrames), checked as strictly as a file.

An id is a ``str`` or a whole number (``int``, numpy integer), kept as its text
(``301`` and ``"301"`` are the same topic, as in a file). Refused, each with the
place named:

- a missing id (``None``, ``NaN``, ``pandas.NA``): it would become the text ``'nan'``;
- a float id (``301.0``): its text would not match ``301`` in a file;
- other objects (bytes, tuples, ``True``): their ``str`` is not what a file would hold;
- an id containing NUL (``'d1\\0'``): C programs such as trec_eval cut a string
  there, and rankbook's array form could not tell ``'d1\\0'`` from ``'d1'``.

A value (grade or score) is a real number that fits a float and is finite;
``10**400`` is refused (it has no float). A bool is the number Python makes of it
(``True`` is 1, ``False`` is 0) in every form: dict values, DataFrame columns (``bool``
dtype or objects) and the array form built from either. Refused in every form, because
no float says the same thing: a complex number (its imaginary part would be lost) and
a date, time or duration (numpy would turn it into a count of seconds or nanoseconds
since 1970).
"""

from __future__ import annotations

import datetime
import math
import numbers

import numpy as np

from rankbook._errors import InvalidTypeError, InvalidValueError

_WHOLE = (int, np.integer)


def id_text(value, where) -> str:
    """One id as text, or an error naming ``where()`` (a callable giving the place)."""
    if isinstance(value, str):
        text = value
    elif isinstance(value, _WHOLE) and not isinstance(value, (bool, np.bool_)):
        text = str(int(value))
    elif value is None or (isinstance(value, float) and math.isnan(value)) or _is_na(value):
        raise InvalidValueError(
            f"{where()} is missing ({value!r}); every row needs a topic and a document id. "
            "Drop the rows with missing ids first (e.g. frame.dropna(subset=[...])).")
    elif isinstance(value, (float, np.floating)):
        raise InvalidTypeError(
            f"{where()} is the float {value!r}; ids are strings or whole numbers (a float id "
            "would not match the same id in a file). Convert the column with .astype(int) or "
            ".astype(str) first.")
    else:
        raise InvalidTypeError(
            f"{where()} is {value!r} of type {type(value).__name__}; ids are strings or whole "
            "numbers.")
    if "\0" in text:
        raise InvalidValueError(
            f"{where()} is {text!r}, which holds a NUL character (\\0); ids cannot contain NUL "
            "(C programs such as trec_eval cut the id there). Remove it.")
    return text


def _is_na(value) -> bool:
    return type(value).__name__ in ("NAType", "NaTType")


def id_texts(values: list, where) -> list[str]:
    """Many ids as text (``where(i)`` names the place of the i-th), fast when all are str."""
    kinds = set(map(type, values))
    if kinds <= {str} and "\0" not in "".join(values):  # one C-speed scan
        return values
    texts = []
    for i, value in enumerate(values):
        try:
            texts.append(id_text(value, lambda i=i: where(i)))
        except (InvalidTypeError, InvalidValueError) as error:
            error.index = i  # the position, for callers that name rows
            raise
    return texts


def value_array(values: list, where, value_name: str) -> np.ndarray:
    """Grades or scores as float64; ``where(i)`` names the place of the i-th for messages."""
    kinds = set(map(type, values))
    if kinds <= {float, int, bool}:
        try:
            out = np.array(values, dtype=np.float64)
        except OverflowError:
            out = None
    else:
        out = None
    if out is None:
        out = np.empty(len(values), dtype=np.float64)
        for i, value in enumerate(values):
            out[i] = _value(value, lambda i=i: where(i), value_name)
    finite = np.isfinite(out)
    if not finite.all():
        i = int(np.flatnonzero(~finite)[0])
        raise InvalidValueError(
            f"{where(i)} is {out[i]}; a {value_name} must be a finite number. Leave unjudged or "
            "unretrieved documents out instead.")
    return out


def _value(value, where, value_name: str) -> float:
    if isinstance(value, np.bool_):
        return float(value)
    unlike = not_a_real(value)
    if unlike is not None or not isinstance(value, numbers.Real):
        raise InvalidTypeError(f"{where()} is {value!r}; a {value_name} must be a "
                               f"{unlike or 'number'}.")
    try:
        return float(value)
    except OverflowError:
        raise InvalidValueError(
            f"{where()} is a number too large for a float ({str(value)[:20]}...); a "
            f"{value_name} must be a finite number below about 1.8e308.") from None


_TIMES = (datetime.date, datetime.time, datetime.timedelta, np.datetime64, np.timedelta64)


def not_a_real(value) -> str | None:
    """Why ``value`` must not become a float (complex, a date or time), or None."""
    if isinstance(value, numbers.Complex) and not isinstance(value, numbers.Real):
        return ("real number (the imaginary part would be lost); pass the real part "
                "(value.real) or the modulus (abs(value)) if that is what you mean")
    if isinstance(value, _TIMES):
        return ("number, not a date, time or duration (it would become a count of time "
                "units); convert it to the number you mean first (e.g. .timestamp())")
    return None


def column_refusal(raw: np.ndarray) -> tuple[str, list[int]] | None:
    """Why a DataFrame column cannot be read as values, and the rows (0-based), or None.

    The column's dtype decides for whole columns (complex, datetime64, timedelta64);
    an object column is checked value by value with :func:`not_a_real`.
    """
    kind = raw.dtype.kind
    if kind == "c":
        return not_a_real(1j), []
    if kind in "mM":
        return not_a_real(datetime.timedelta(0)), []
    if kind == "O":
        for i, value in enumerate(raw.tolist()):
            unlike = not_a_real(value)
            if unlike is not None:
                return unlike, [i]
    return None
