"""The plain-decimal tier of the number reader (``decimal_fields``) against Python's ``float``.

Python's ``float`` rounds decimal text correctly, as C's strtod does (glibc), so it is the
oracle for every value, compared bit for bit (``-0.0`` is not ``0.0``). Which fields are
plain is checked against the rule written as a regular expression here: an optional sign,
then at most 15 digits with at most one point among them and at least one digit.
"""

from __future__ import annotations

import itertools
import re

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from rankbook.io.fast._numbers import decimal_fields

PLAIN = re.compile(r"[+-]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)")

fields = st.one_of(
    st.builds(lambda sign, whole, point, fraction: sign + whole + ("." if point else "") + fraction,
              st.sampled_from(["", "-", "+"]), st.text("0123456789", max_size=17), st.booleans(),
              st.text("0123456789", max_size=17)),
    st.text("0123456789+-.eExa ", min_size=1, max_size=20).map(lambda t: t.replace(" ", "")),
).filter(lambda t: t != "")


def _bits(value: float) -> bytes:
    return np.float64(value).tobytes()


def _read(texts):
    line = " ".join(texts).encode()
    lengths = np.array([len(t.encode()) for t in texts])
    starts = np.r_[0, np.cumsum(lengths + 1)[:-1]]
    return decimal_fields(np.frombuffer(line, dtype=np.uint8), starts, starts + lengths)


@settings(max_examples=300, deadline=None)
@given(st.lists(fields, min_size=1, max_size=40))
def test_plain_fields_equal_float_bit_for_bit(texts):
    values, plain = _read(texts)
    for text, value, is_plain in zip(texts, values.tolist(), plain.tolist()):
        expected = PLAIN.fullmatch(text) is not None and sum(c.isdigit() for c in text) <= 15
        assert is_plain == expected, text
        if is_plain:
            assert _bits(value) == _bits(float(text)), text


def test_examples():
    texts = ["-0.000", "+5.", ".5", "7", "00012.5000", "123456789012345", "-0.00000000000001",
             "1234567890123456", "1e5", "1.2.3", "-", ".", "+-1", "5-", "0x10"]
    values, plain = _read(texts)
    assert plain.tolist() == [True] * 7 + [False] * 8
    assert [_bits(v) for v in values[:7]] == [_bits(float(t)) for t in texts[:7]]
    assert np.signbit(values[0])


def test_no_fields():
    values, plain = decimal_fields(np.zeros(0, dtype=np.uint8), np.zeros(0, dtype=np.int64),
                                   np.zeros(0, dtype=np.int64))
    assert values.size == plain.size == 0


def test_every_short_field_over_a_small_alphabet():
    """All 19,607 fields of 1 to 5 bytes over ``0 1 9 . - + e``: the 8-byte word reader's
    cases (sign, point anywhere, lone signs and points, letters), each against the rule and
    against ``float``."""
    texts = ["".join(p) for n in range(1, 6) for p in itertools.product("019.-+e", repeat=n)]
    texts += ["12345678", "-1234567", "+.123456", "9999999.", ".9999999", "-9.99999", "00000000"]
    values, plain = _read(texts)
    for text, value, is_plain in zip(texts, values.tolist(), plain.tolist()):
        assert is_plain == (PLAIN.fullmatch(text) is not None), text
        if is_plain:
            assert _bits(value) == _bits(float(text)), text
