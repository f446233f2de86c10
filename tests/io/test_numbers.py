"""The number reader (rankbook.io.fast._numbers) against Python's correctly rounded ``float``.

C's strtod and Python's float both round decimal text correctly (C99 7.20.1.3 with
glibc; Python's dtoa), so on the decimal forms they give the same double: Python's
``float`` is the oracle for the fast numpy path and for the one-by-one path.
"""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from rankbook.io.fast._numbers import number_fields, strtod

decimals = st.builds(
    lambda sign, whole, point, fraction, exponent: (
        sign + whole + (("." + fraction) if point else "") + exponent),
    st.sampled_from(["", "-", "+"]), st.text("0123456789", min_size=0, max_size=18),
    st.booleans(), st.text("0123456789", min_size=0, max_size=18),
    st.sampled_from(["", "", "e5", "E-3", "e+300", "e-320"]),
).filter(lambda t: any(c.isdigit() for c in t.split("e")[0].split("E")[0]))


@settings(max_examples=150, deadline=None)
@given(st.lists(decimals, min_size=1, max_size=30))
def test_every_tier_equals_strtod(texts):
    finite = [t for t in texts if abs(float(t)) != float("inf")]
    if not finite:
        return
    line = " ".join(finite).encode()
    a = np.frombuffer(line, dtype=np.uint8)
    lengths = np.array([len(t) for t in finite])
    starts = np.r_[0, np.cumsum(lengths + 1)[:-1]]
    got = number_fields(a, starts, starts + lengths, np.arange(1, len(finite) + 1), "f", "score",
                        "fix")
    assert got.tolist() == [strtod(t) for t in finite] == [float(t) for t in finite]
