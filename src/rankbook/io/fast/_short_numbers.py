r"""Plain decimals of at most 8 bytes (``12.345``, ``-0.5``, ``7``), each read as one 64-bit word.

The same rule and the same values as the column-by-column reader of
:func:`rankbook.io.fast._numbers.decimal_fields` (an optional sign, then ASCII digits with at
most one point; value $\pm M / 10^k$, exact), for the usual short score or grade, with
a few integer operations per *field* instead of per byte ("SIMD within a register"):

1. the field's 8 bytes are read as one little-endian ``uint64`` $w$ (byte $i$ of the
   field is bits $8i \dots 8i+7$), the bytes past its end set to 0;
2. which bytes are digits, which is the point, is found for all 8 at once: with
   $x = w \oplus \mathtt{0x30}$ per byte (digits become 0-9), a byte is no digit when
   $((x \mathbin{\&} \mathtt{0x7F}) + \mathtt{0x76}) \mathbin{|} x$ has its top bit
   (no carry crosses a byte); the point is the byte where $w \oplus \mathtt{0x2E}$ is 0,
   found the same way;
3. the sign and point bytes are cut out (two shifts and a mask), the digits shifted so
   that the last one is byte 7 (leading zeros), and the 8 digits combined pairwise in
   three multiplications: $v \leftarrow (v \mathbin{\&} \mathtt{0x0F\dots}) \cdot
   (10 \cdot 2^8 + 1) \gg 8$, then with $100 \cdot 2^{16} + 1$ and
   $10^4 \cdot 2^{32} + 1$ (each step makes every 2-, 4-, 8-digit group a number).
"""

from __future__ import annotations

import numpy as np

from rankbook._index import as_index

_BYTE = [np.uint64(b * 0x0101010101010101) for b in (0x30, 0x2E, 0x7F, 0x76, 0x80, 0x0F)]
_ZEROS_, _POINTS, _LOW7, _TEN_UP, _HIGH, _NIBBLES = _BYTE
_MASKS = np.array([(1 << (8 * k)) - 1 for k in range(8)] + [2**64 - 1], dtype=np.uint64)
_PAIRS = np.uint64(0x00FF00FF00FF00FF)
_QUADS = np.uint64(0x0000FFFF0000FFFF)
_POWERS_OF_TEN = 10.0 ** np.arange(10)
_SHIFT_UP = np.array([256**k for k in range(8)] + [0], dtype=np.uint64)  # x << 8k as x * 256**k


def short_decimals(words: np.ndarray, lengths: np.ndarray):
    """Values and plainness of fields of 1 to 8 bytes given as little-endian words.

    ``words`` holds each field's first 8 bytes (any bytes after its end), ``lengths``
    its length (1..8). Returns ``(numbers, plain)`` as ``decimal_fields`` does. (Shifts
    by a different amount per field are slow in numpy: they are multiplications by
    powers of 256 here, and the point is removed with float arithmetic, exact below
    $2^{53}$.)
    """
    u8 = np.uint64
    lengths = as_index(lengths)                              # indexes the tables below
    mask = _MASKS.take(lengths)
    w = words & mask
    inside = _HIGH & mask
    x = w ^ _ZEROS_
    no_digit = (((x & _LOW7) + _TEN_UP) | x) & _HIGH          # also every byte past the end
    y = w ^ _POINTS
    point = ~(((y & _LOW7) + _LOW7) | y) & _HIGH & inside
    first = w & u8(0xFF)
    negative = first == 0x2D
    signed = negative | (first == 0x2B)
    odd = no_digit & inside & ~point
    odd &= np.where(signed, u8(2**64 - 1 - 0x80), u8(2**64 - 1))  # a sign byte is allowed
    points = np.bitwise_count(point)
    plain = (odd == 0) & (points <= 1) & (lengths - points - signed >= 1)
    # every byte but the digits to 0 (the point stays, as a 0 digit); the sign dropped;
    # the bytes moved up so that the last one is byte 7 (zeros before: leading zeros)
    d = x & ~((no_digit >> u8(7)) * u8(0xFF))
    d = np.where(signed, d >> u8(8), d)
    d *= _SHIFT_UP.take(8 - (lengths - signed))
    d = ((d & _NIBBLES) * u8(10 * 2**8 + 1)) >> u8(8)
    d = ((d & _PAIRS) * u8(100 * 2**16 + 1)) >> u8(16)
    d = ((d & _QUADS) * u8(10_000 * 2**32 + 1)) >> u8(32)
    n = d.astype(np.float64)  # the digits with a 0 where the point was
    at = (np.bitwise_count(point - u8(1)).astype(np.intp) - 7) >> 3     # the point's byte
    scale = np.where(points == 1, lengths - at - 1, 0)                   # digits after it
    up = _POWERS_OF_TEN.take(scale + 1)
    whole = np.floor(n / up)                                  # exact: see the docstring
    numbers = (whole * _POWERS_OF_TEN.take(scale) + (n - whole * up))
    numbers = np.where(points == 1, numbers, n) / _POWERS_OF_TEN.take(scale)
    return np.where(negative, -numbers, numbers), plain
