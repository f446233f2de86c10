"""Topic ids of the array form (rankbook.io.arrays): order, distinct ids and codes.

The oracle is Python's ``bytes`` order (C's ``strcmp`` order for ids without NUL):
``unique`` must give ``sorted(set(ids))`` and ``codes`` each id's position in it,
whatever the ids' width (numpy compares short ids as integers, long ones as strings).
"""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from rankbook.io import arrays

ids = st.lists(st.binary(min_size=1, max_size=10).filter(lambda b: b"\0" not in b),
               min_size=1, max_size=40)


@settings(max_examples=200, deadline=None)
@given(ids, st.integers(0, 3))
def test_unique_and_codes_follow_bytes_order(values, repeat):
    column = np.array([v for v in values for _ in range(repeat + 1)], dtype=bytes)
    expected = sorted(set(values))
    universe = arrays.unique(column)
    assert universe.tolist() == expected
    assert arrays.distinct(column).tolist() == expected
    position = {v: i for i, v in enumerate(expected)}
    assert arrays.codes(column, universe).tolist() == [position[v] for v in column.tolist()]


@settings(max_examples=100, deadline=None)
@given(ids, ids)
def test_codes_in_a_wider_universe(first, second):
    narrow = np.array(first, dtype=bytes)
    universe = arrays.unique(np.concatenate([narrow, np.array(second, dtype=bytes)]))
    expected = sorted(set(first) | set(second))
    assert universe.tolist() == expected
    assert arrays.codes(narrow, universe).tolist() == [expected.index(v) for v in first]


def test_blocks_compare_whole_ids():
    column = np.array([b"ab", b"ab", b"a", b"ba", b"ba", b"ab"], dtype="S2")
    assert arrays.blocks(column).tolist() == [0, 2, 3, 5]
