"""The phase-2 id form (rankbook.io.fast._tokens) against Python's own bytes operations.

The oracle is Python itself: ``bytes`` equality for encoding, ``sorted`` on ``bytes``
(byte order, C's strcmp order for NUL-free ids) for ranking.
"""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

import rankbook.io.fast._tokens as tokens_module
from rankbook.io.fast._tokens import (
    byte_order,
    concat,
    encode,
    from_bytes,
    from_fields,
    hash_tokens,
    take,
)

# NUL-free ids (the readers refuse NUL), biased to share prefixes and lengths around 8 bytes.
ids = st.lists(st.one_of(st.binary(min_size=0, max_size=20).map(lambda b: b.replace(b"\0", b"\1")),
                         st.sampled_from([b"a", b"ab", b"abcdefgh", b"abcdefgh\x01", b"abcdefghi",
                                          b"\xff" * 9, b"doc-1", b"doc-10", b"doc-2"])),
               max_size=60)


@settings(max_examples=300, deadline=None)
@given(ids)
def test_encode_matches_bytes_equality(values):
    codes, first = encode(from_bytes(values))
    expected = {}
    assert codes.tolist() == [expected.setdefault(v, len(expected)) for v in values]
    assert [values[i] for i in first.tolist()] == list(expected)


@settings(max_examples=300, deadline=None)
@given(ids)
def test_byte_order_matches_sorted(values):
    rank = byte_order(from_bytes(values)).tolist()
    distinct = sorted(set(values))
    assert rank == [distinct.index(v) for v in values]


@settings(max_examples=100, deadline=None)
@given(ids, st.integers(1, 64))
def test_hash_is_independent_of_position_and_block(values, block):
    # the same id hashes the same wherever it sits, and whatever the block size
    whole = hash_tokens(from_bytes(values))
    old = tokens_module.HASH_BLOCK_BYTES
    tokens_module.HASH_BLOCK_BYTES = block
    try:
        assert hash_tokens(from_bytes(values)).tolist() == whole.tolist()
    finally:
        tokens_module.HASH_BLOCK_BYTES = old
    single = [int(hash_tokens(from_bytes([v]))[0]) for v in values]
    assert whole.tolist() == single


def test_from_fields_and_concat():
    chunk = b"q1 Q0 d1 1 2.0 s\nq22  Q0\tdoc-22 2 1.0 s\n"
    a = np.frombuffer(chunk, dtype=np.uint8)
    starts, ends = np.array([0, 17]), np.array([2, 20])
    part = from_fields(a, starts, ends)
    assert part.tolist() == [b"q1", b"q22"]
    both = concat([part, from_bytes([b"", b"x" * 10])])
    assert both.tolist() == [b"q1", b"q22", b"", b"x" * 10]
    assert take(both, np.array([3, 0, 2])).tolist() == [b"x" * 10, b"q1", b""]


def test_no_width_blow_up():
    # issue 8: one 1 MB id among many short ones; the form holds the bytes, not rows x width
    values = [b"d%d" % i for i in range(20_000)] + [b"x" * 2**20]
    form = from_bytes(values)
    assert form.data.nbytes + form.offsets.nbytes < 2 * 2**20
    codes, _ = encode(form)
    assert codes[-1] == 20_000 and np.unique(codes).size == 20_001


@settings(max_examples=100, deadline=None)
@given(ids, st.integers(0, 3))
def test_encode_is_exact_when_hashes_collide(values, bits):
    # every id gets one of 2**bits hashes: the byte check must still tell them apart
    real = tokens_module.hash_tokens
    tokens_module.hash_tokens = lambda t: real(t) & np.uint64(2**bits - 1)
    try:
        codes, first = encode(from_bytes(values))
    finally:
        tokens_module.hash_tokens = real
    expected = {}
    assert codes.tolist() == [expected.setdefault(v, len(expected)) for v in values]
    assert [values[i] for i in first.tolist()] == list(expected)


@settings(max_examples=300, deadline=None)
@given(ids, st.data())
def test_take_copies_the_ids_asked_for(values, data):
    # rows in ascending order (copied through a byte mask when they hold enough of the
    # bytes), in any order with repeats (gathered), and ids over LONG_ID bytes (sliced)
    values = values + data.draw(st.lists(st.sampled_from([b"", b"L" * 5000, b"M" * 4097]),
                                         max_size=3))
    tokens = from_bytes(values)
    n = len(values)
    subset = sorted(data.draw(st.sets(st.integers(0, max(n - 1, 0)), max_size=n))) if n else []
    anyhow = data.draw(st.lists(st.integers(0, max(n - 1, 0)), max_size=20)) if n else []
    for rows in (subset, anyhow, list(range(n))):
        got = take(tokens, np.array(rows, dtype=np.int64))
        assert got.tolist() == [values[i] for i in rows]
        assert got.offsets[0] == 0 and got.data.size == got.offsets[-1]
