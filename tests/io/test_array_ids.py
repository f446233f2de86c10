"""Topic ids of the array form (rankbook.io.fast._ids): order, distinct ids and codes.

The oracle is Python's ``bytes`` order (C's ``strcmp`` order for ids without NUL):
``unique`` must give ``sorted(set(ids))`` and ``codes`` each id's position in it,
whatever the ids' width (numpy compares short ids as integers, long ones as strings).
"""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from rankbook.io.fast import _ids

ids = st.lists(st.binary(min_size=1, max_size=10).filter(lambda b: b"\0" not in b),
               min_size=1, max_size=40)


@settings(max_examples=200, deadline=None)
@given(ids, st.integers(0, 3))
def test_unique_and_codes_follow_bytes_order(values, repeat):
    column = np.array([v for v in values for _ in range(repeat + 1)], dtype=bytes)
    expected = sorted(set(values))
    universe = _ids.unique(column)
    assert universe.tolist() == expected
    assert _ids.distinct(column).tolist() == expected
    position = {v: i for i, v in enumerate(expected)}
    assert _ids.codes(column, universe).tolist() == [position[v] for v in column.tolist()]


@settings(max_examples=100, deadline=None)
@given(ids, ids)
def test_codes_in_a_wider_universe(first, second):
    narrow = np.array(first, dtype=bytes)
    universe = _ids.unique(np.concatenate([narrow, np.array(second, dtype=bytes)]))
    expected = sorted(set(first) | set(second))
    assert universe.tolist() == expected
    assert _ids.codes(narrow, universe).tolist() == [expected.index(v) for v in first]


def test_blocks_compare_whole_ids():
    column = np.array([b"ab", b"ab", b"a", b"ba", b"ba", b"ab"], dtype="S2")
    assert _ids.blocks(column).tolist() == [0, 2, 3, 5]


# --- the two forms of an id column (S _ids, Tokens) -----------------------------------------

long_ids = st.lists(st.one_of(st.binary(min_size=1, max_size=8), st.binary(min_size=30, max_size=90))
                    .filter(lambda b: b"\0" not in b), min_size=1, max_size=30)


@settings(max_examples=200, deadline=None)
@given(st.lists(long_ids, min_size=1, max_size=4))
def test_pieces_join_byte_for_byte_and_stay_linear(pieces):
    # each piece an S array as the reader makes it; the joined column keeps every byte, and
    # is either Tokens or an S array no larger than SHORT_WIDTH per id or FIXED_SLACK x 2 x
    # the id bytes (each piece's width at most FIXED_SLACK x its mean, or SHORT_WIDTH)
    joined = _ids.join_pieces([np.array(p, dtype=bytes) for p in pieces])
    flat = [v for p in pieces for v in p]
    assert joined.tolist() == flat
    if isinstance(joined, np.ndarray):
        bound = max(_ids.SHORT_WIDTH * len(flat),
                    _ids.FIXED_SLACK * sum(max(map(len, p)) * len(p) for p in pieces))
        assert joined.nbytes <= bound


@settings(max_examples=200, deadline=None)
@given(long_ids)
def test_byte_ids_keep_every_byte_in_the_form_that_fits(values):
    texts = [v.decode("latin-1") for v in values]  # any code points, UTF-8 bytes differ
    column = _ids.byte_ids(texts)
    assert column.tolist() == [t.encode("utf-8") for t in texts]
    lengths = [len(t.encode("utf-8")) for t in texts]
    fits = max(lengths) * len(lengths) <= max(_ids.SHORT_WIDTH * len(lengths),
                                              _ids.FIXED_SLACK * sum(lengths))
    assert isinstance(column, np.ndarray) == fits


def test_even_long_ids_stay_fixed_width_and_one_long_id_does_not():
    urls = [f"http://www.example.com/page-{i:06d}.html" for i in range(1000)]  # 40 bytes
    assert isinstance(_ids.byte_ids(urls), np.ndarray)
    assert isinstance(_ids.byte_ids([*urls, "u" * 2048]), _ids.Tokens)
