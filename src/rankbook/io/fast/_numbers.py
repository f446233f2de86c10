r"""Numbers in a file, read the way C's ``strtod`` reads ASCII text, and nothing else.

trec_eval reads a score with ``atof`` and a grade with ``atol``, which take the longest
number at the start of a field and ignore the rest (``2.5abc`` is 2.5). rankbook takes
the same grammar but insists that the number fill the whole field, so a typo is
reported instead of half-read; a TREC grade then takes the value ``atol`` gives
(:func:`integer_parts`: ``2.5`` is 2), so the numbers stay trec_eval's. The rule, in full (ASCII only; letters in any case):

| form | pattern | examples |
| --- | --- | --- |
| decimal | `[+-]? (digits [. digits?] \| . digits) ([eE] [+-]? digits)?` | `2`, `-0.5`, `.5`, `5.`, `1e-3`, `+2E+10` |
| hexadecimal | `[+-]? 0x (hexdigits [. hexdigits?] \| . hexdigits) ([pP] [+-]? digits)?` | `0x1.8p1` (= 3) |
| infinity, NaN | `[+-]? (inf \| infinity \| nan \| nan(chars))` | read, then refused: a value must be finite |

Refused, although Python's ``float`` accepts them: digit-group underscores (``1_0``),
digits of other scripts (Arabic-Indic ``١٠``, fullwidth ``１０``) and white space
around the number (a field never holds white space anyway).

The fast path checks that every byte of a field is one of ``0-9 + - . e E`` and hands
the fields to numpy (whose parser is Python's ``float``: on those bytes exactly the
decimal grammar above); any other field is parsed alone with the full rule.
"""

from __future__ import annotations

import re

import numpy as np

from rankbook._errors import InputFileError
from rankbook.io.fast._short_numbers import short_decimals

_DECIMAL = r"[+-]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?"
_HEX = r"[+-]?0[xX](?:[0-9a-fA-F]+\.?[0-9a-fA-F]*|\.[0-9a-fA-F]+)(?:[pP][+-]?[0-9]+)?"
_SPECIAL = r"[+-]?(?:inf|infinity|nan(?:\([0-9A-Za-z_]*\))?)"
_NUMBER = re.compile(f"({_DECIMAL})|({_HEX})|({_SPECIAL})", re.ASCII | re.IGNORECASE)
_HEX_VALUE = re.compile(r"([+-]?)0[xX]([0-9a-fA-F]*)(?:\.([0-9a-fA-F]*))?(?:[pP]([+-]?[0-9]+))?")
# The bytes of the fast path: digits, + - . e E (and 0, the padding of numpy's S arrays).
_PLAIN = np.zeros(256, dtype=np.bool_)
_PLAIN[[ord(c) for c in "0123456789+-.eE"]] = True
_PLAIN[0] = True
WIDEST_FAST_FIELD = 40  # longer number fields (rare) are parsed one by one
_PLAIN_WIDTH = 17   # plain decimals: at most this many bytes (sign, point, 15 digits),
_PLAIN_DIGITS = 15  # and this many digits (so M < 2**53 and 10**k are exact)
_POWERS_OF_TEN = 10.0 ** np.arange(_PLAIN_DIGITS + 1)
PAD = 64  # zero bytes after a chunk (padded_bytes): fields up to this long are read as windows


def strtod(text: str) -> float | None:
    """The value of ``text`` under the rule above, or None when it is not a number.

    Examples
    --------
    >>> strtod("2.5"), strtod("-1e-3"), strtod("0x1.8p1"), strtod("1_0"), strtod("١٠")
    (2.5, -0.001, 3.0, None, None)
    """
    match = _NUMBER.fullmatch(text)
    if match is None:
        return None
    if match.group(2) is not None:
        return _hex_value(text)
    return float(text.lower().replace("infinity", "inf").split("(")[0])


def _hex_value(text: str) -> float:
    """C99 hexadecimal floating point (``float.fromhex`` wants the exponent in decimal too)."""
    sign, whole, fraction, exponent = _HEX_VALUE.fullmatch(text).groups()
    return float.fromhex(f"{sign}0x{whole or '0'}.{fraction or '0'}p{exponent or '0'}")


def number_list(values: list[str], lines: np.ndarray, path: str, column: str,
                fix: str) -> np.ndarray:
    """Parse a list of number texts (each one alone), refusing what is not finite."""
    numbers = np.empty(len(values), dtype=np.float64)
    for i, value in enumerate(values):
        number = strtod(value)
        if number is None:
            _refuse_text([value], lines[i:i + 1], path, column, fix)
        numbers[i] = number
    return _finite(numbers, values.__getitem__, lines, path, column, fix)


def number_fields(a: np.ndarray, starts: np.ndarray, ends: np.ndarray, lines: np.ndarray,
                  path: str, column: str, fix: str, padded=None) -> np.ndarray:
    """Parse the fields ``a[starts[i]:ends[i]]`` (uint8 bytes) as finite numbers.

    Plain decimals (the usual scores and grades) are computed by :func:`decimal_fields`;
    the other fields, if any, are checked with a few element-wise comparisons over their
    bytes and parsed with numpy's cast (Python's ``float``), or alone with :func:`strtod`
    when that fails. Raises InputFileError naming every line whose field is not a number
    (or not finite).
    """
    numbers, simple = decimal_fields(a, starts, ends, padded)
    if simple.all():
        return numbers  # at most 15 digits: always finite
    rest = np.flatnonzero(~simple)
    numbers[rest] = _general_fields(a, starts[rest], ends[rest], lines[rest], path, column, fix)
    return numbers


LONG_MIN, LONG_MAX = -2**63, 2**63 - 1  # C's long on 64-bit Linux and macOS
_ATOL = re.compile(r"[+-]?[0-9]*", re.ASCII)


def atol(text: str) -> int:
    """C's ``atol``: the whole number the field starts with (0 if none), saturated.

    glibc's ``atol`` is ``strtol``, which stops at the first character that is not a
    digit and clamps to the range of a 64-bit ``long``.

    Examples
    --------
    >>> atol("2.5"), atol("1e1"), atol("0x10"), atol("-0.5"), atol(".5"), atol("+3")
    (2, 1, 0, 0, 0, 3)
    """
    prefix = _ATOL.match(text).group()
    value = int(prefix) if prefix.lstrip("+-") else 0
    return min(max(value, LONG_MIN), LONG_MAX)


def integer_parts(a: np.ndarray, starts: np.ndarray, ends: np.ndarray, values: np.ndarray,
                  padded=None) -> np.ndarray:
    """Give every field the value C's ``atol`` reads (trec_eval's grades); the rows it changed.

    ``values`` holds the fields' numbers as ``strtod`` reads them (:func:`number_fields`)
    and is changed in place. A field of digits and a sign only is already what ``atol``
    reads (unless beyond a ``long``); a plain decimal (``2.5``) loses its fraction, as
    ``trunc`` does; any other field (``1e1``, ``0x10``) is read by :func:`atol` alone.
    """
    longer = np.flatnonzero(ends - starts > 1)  # a one-byte number is a digit: as atol reads it
    if not longer.size:
        return longer
    matrix = gather(a, starts[longer], ends[longer], padded)
    whole = ((matrix - np.uint8(48)) < 10) | (matrix == 43) | (matrix == 45) | (matrix == 0)
    odd = np.flatnonzero(~whole.all(axis=1) | (np.abs(values[longer]) > LONG_MAX))
    dotted = (whole | (matrix == 46)).all(axis=1)[odd]
    odd = longer[odd]
    if not odd.size:
        return odd
    dotted &= np.abs(values[odd]) <= LONG_MAX
    new = np.trunc(values[odd]) + 0.0
    for k in np.flatnonzero(~dotted).tolist():
        new[k] = atol(a[starts[odd[k]]:ends[odd[k]]].tobytes().decode("ascii"))
    changed = odd[new != values[odd]]
    values[odd] = new
    return changed


def decimal_fields(a: np.ndarray, starts: np.ndarray, ends: np.ndarray, padded=None):
    r"""The plain decimals among the fields, computed exactly; which fields were plain.

    A field is *plain* when it is an optional sign, then at most 15 ASCII digits with
    at most one decimal point among them (``12.345``, ``-0.5``, ``7``, ``.5``, ``5.``):
    the usual score and grade. Its value is $\pm M / 10^k$ with $M$ the digits read as
    an integer and $k$ the digits after the point; $M < 2^{53}$ and $10^k$ ($k \le 15$)
    are exact doubles and IEEE division rounds correctly, so this is the double nearest
    the decimal, the value C's ``strtod`` and Python's ``float`` give. The bytes are
    read column by column (byte ``j`` of every field at once; a few integer operations
    per byte), several times faster than numpy's string-to-float cast; fields of at most
    8 bytes (most scores) with a few operations per field instead
    (:mod:`rankbook.io.fast._short_numbers`). Other fields (exponents, longer numbers,
    anything not a number) get ``plain`` False and any value.
    """
    lengths = ends - starts
    short = lengths <= 8
    if short.all():
        return short_decimals(windows(a, starts, 8, padded).view("<u8").ravel(), lengths)
    if short.any():
        numbers, plain = decimal_fields(a, starts[~short], ends[~short], padded)
        numbers_short, plain_short = decimal_fields(a, starts[short], ends[short], padded)
        return (_merged(short, numbers_short, numbers, np.float64),
                _merged(short, plain_short, plain, np.bool_))
    n = starts.size
    width = min(max(int(lengths.max()) if n else 1, 1), _PLAIN_WIDTH)
    columns = windows(a, starts, width, padded).T.copy()
    mantissa = np.zeros(n, dtype=np.int64)
    scale = np.zeros(n, dtype=np.int64)     # k: digits after the point
    digits = np.zeros(n, dtype=np.int64)
    dots = np.zeros(n, dtype=np.int64)
    bad = (lengths > width) | (lengths == 0)
    negative = columns[0] == 45
    signed = negative | (columns[0] == 43)
    after_dot = np.zeros(n, dtype=np.bool_)
    for j in range(width):
        byte = columns[j]
        inside = lengths > j
        value = byte - np.uint8(48)          # wraps around below '0'
        digit = (value < 10) & inside
        dot = (byte == 46) & inside
        other = inside & ~digit & ~dot
        if j == 0:
            other &= ~signed
        bad |= other
        after_dot |= dot
        dots += dot
        digits += digit
        scale += digit & after_dot
        mantissa = np.where(digit, mantissa * 10 + value, mantissa)
    plain = ~bad & (dots <= 1) & (digits >= 1) & (digits <= _PLAIN_DIGITS)
    numbers = mantissa / _POWERS_OF_TEN[np.minimum(scale, _PLAIN_DIGITS)]
    return np.where(negative, -numbers, numbers), plain  # (faster than a where= ufunc)


def _merged(where: np.ndarray, chosen: np.ndarray, others: np.ndarray, dtype) -> np.ndarray:
    out = np.empty(where.size, dtype=dtype)
    out[where] = chosen
    out[~where] = others
    return out


def _general_fields(a, starts, ends, lines, path, column, fix) -> np.ndarray:
    """:func:`number_fields` of the fields that are not plain decimals (numpy's cast, strtod)."""
    numbers = np.empty(starts.size, dtype=np.float64)
    done = np.zeros(starts.size, dtype=np.bool_)
    short = ends - starts <= WIDEST_FAST_FIELD
    rows = np.arange(starts.size) if short.all() else np.flatnonzero(short)
    matrix = gather(a, starts[rows], ends[rows])
    plain = np.ones(rows.size, dtype=np.bool_) if _all_plain(matrix) else \
        _PLAIN.take(matrix).all(axis=1)
    text = matrix.view(f"S{matrix.shape[1]}").ravel()
    del matrix
    try:
        numbers[rows[plain]] = text[plain].astype(np.float64)
        done[rows[plain]] = True
    except ValueError:  # plain bytes that are still not a number ("1e", "--1"): one by one
        pass
    rest = np.flatnonzero(~done)
    if rest.size:
        values = [_field(a, starts, ends, i) for i in rest.tolist()]
        parsed = [strtod(value) for value in values]
        bad = [k for k, number in enumerate(parsed) if number is None]
        if bad:
            _refuse_text([values[k] for k in bad], lines[rest[bad]], path, column, fix)
        numbers[rest] = parsed
    return _finite(numbers, lambda i: _field(a, starts, ends, i), lines, path, column, fix)


def _all_plain(matrix: np.ndarray) -> bool:
    """Whether every byte is one of 0-9 + - . e E or the zero padding (comparisons only)."""
    ok = (matrix - np.uint8(48)) < 10
    ok |= matrix == 46
    ok |= matrix == 0
    if ok.all():
        return True
    ok |= (matrix == 43) | (matrix == 45) | ((matrix | np.uint8(32)) == 101)
    return bool(ok.all())


def _field(a, starts, ends, i) -> str:
    return bytes(a[starts[i]:ends[i]]).decode("utf-8", errors="replace")


def padded_bytes(chunk: bytes) -> np.ndarray:
    """The chunk's bytes followed by PAD zero bytes, so that fields can be read as windows."""
    out = np.zeros(len(chunk) + PAD, dtype=np.uint8)
    out[:len(chunk)] = np.frombuffer(chunk, dtype=np.uint8)
    return out


def windows(a: np.ndarray, starts: np.ndarray, width: int, padded=None) -> np.ndarray:
    """``a[starts[i]:starts[i] + width]`` for every i, as the rows of a matrix (a copy).

    The buffer is viewed as overlapping records of ``width`` bytes, record i starting
    at byte i (no copy); taking the records at ``starts`` copies each field with one
    small memcpy: several times faster than gathering byte by byte, and about twice as
    fast as taking rows of a 2-d sliding-window view. Bytes past the end of ``a`` read
    as zeros: ``padded`` (``a`` followed by at least ``width`` zero bytes, from
    :func:`padded_bytes`) saves copying ``a`` to pad it.
    """
    if padded is None or padded.size - a.size < width or not padded.flags.c_contiguous:
        padded = np.concatenate([a, np.zeros(width, dtype=np.uint8)])
    records = np.ndarray(buffer=padded, dtype=f"V{width}", shape=(padded.size - width + 1,),
                         strides=(1,))
    return records[starts].view(np.uint8).reshape(starts.size, width)


def gather(a: np.ndarray, starts: np.ndarray, ends: np.ndarray, padded=None) -> np.ndarray:
    """The bytes a[starts[i]:ends[i]] of each field as rows of a uint8 matrix (zero-padded)."""
    lengths = ends - starts
    width = max(int(lengths.max()), 1) if lengths.size else 1
    if width <= PAD:  # whole windows, then the bytes past each field's end zeroed
        out = windows(a, starts, width, padded)
        if lengths.size and lengths.min() < width:
            out *= np.arange(width) < lengths[:, None]
        return out
    out = np.zeros((starts.size, width), dtype=np.uint8)
    if lengths.size and lengths.min() == width:  # every field as long as the longest
        out[:] = windows(a, starts, width, padded)
    else:
        for j in range(width):  # byte j of every field that long
            rows = np.flatnonzero(lengths > j)
            out[rows, j] = a[starts[rows] + j]
    return out


def _refuse_text(values: list[str], lines: np.ndarray, path: str, column: str, fix: str):
    # The rule is spelled out only when the text looks like a number attempt ("1_0", "١٠").
    rule = (" (Numbers are written as C's strtod reads them: ASCII digits 0-9 with an optional "
            "sign, decimal point and exponent, such as -2.5e-3; no digit-group underscores, "
            "no other scripts' digits.)") if any(c.isdigit() for c in values[0]) else ""
    raise InputFileError(
        f"the {column} {_shown(values[0])} is not a number; {fix}{rule}",
        path, np.asarray(lines).tolist())


def _finite(numbers: np.ndarray, text_of, lines, path, column, fix) -> np.ndarray:
    finite = np.isfinite(numbers)
    if not finite.all():
        bad = np.flatnonzero(~finite)
        raise InputFileError(
            f"the {column} is {_shown(text_of(int(bad[0])))}, but a {column} must be a finite "
            f"number; {fix}", path, np.asarray(lines)[bad].tolist())
    return numbers


def _shown(text: str) -> str:
    return repr(text if len(text) <= 60 else text[:57] + "...")
