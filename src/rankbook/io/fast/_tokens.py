r"""Ids as one byte buffer plus offsets: memory that grows with the bytes of the file.

A column of ids is stored as :class:`Tokens`: ``data`` (every id's bytes, one after
another) and ``offsets`` (id $i$ is ``data[offsets[i]:offsets[i+1]]``). Unlike numpy's
fixed-width ``S`` arrays, which make every row as wide as the longest id (one 1 MB id
in a 1.6 MB run asked for 18.6 GiB) and drop NUL bytes at an id's end, this form keeps
every byte and costs the id bytes plus 8 bytes per id.

Three operations make it usable by the batch evaluator, all vectorised:

- :func:`hash_tokens`: a 64-bit polynomial hash of every id, from prefix sums over the
  buffer. With $b_j$ the bytes, $P$ an odd constant and arithmetic modulo $2^{64}$
  (numpy's uint64 wraps around), $W_j = (b_j + 1) P^{-j}$ and $C$ its running sum, the
  id $[s, e)$ has $\sum_{s \le j < e} (b_j + 1) P^{e-1-j} = (C_e - C_s) P^{e-1}$: the
  same value wherever the id sits in the buffer. ($P$ is odd, so $P^{-1}$ exists
  modulo $2^{64}$.) The length is mixed in and the result put through splitmix64's
  finaliser. A collision costs time, never correctness: :func:`encode` checks bytes.
- :func:`encode`: dictionary encoding, each id to an integer code (equal ids, equal
  codes), every match checked byte for byte.
- :func:`byte_order`: the rank of each distinct id in byte order (C's ``strcmp``,
  Python's ``bytes`` order), by sorting on 8-byte big-endian words and refining only
  the groups still tied, 8 bytes further each time.

Ids over LONG_ID bytes (rare) are hashed, copied and compared one by one, so that
no temporary is ever longer than a block. :mod:`rankbook.io.fast._ids` uses this form
for id columns whose longest id would make a fixed-width array too large.
"""

from __future__ import annotations

import hashlib
import sys

import numpy as np

from rankbook._index import as_index
from rankbook.io.fast._token_buffer import (  # noqa: F401  (the form and its copies, re-exported)
    LONG_ID,
    Tokens,
    concat,
    from_bytes,
    from_fields,
    take,
)

_P = np.uint64(0x100000001B3)              # FNV's 64-bit prime: odd
_P_INVERSE = np.uint64(pow(0x100000001B3, -1, 2**64))
_M1 = np.uint64(0x9E3779B97F4A7C15)
_M2 = np.uint64(0xBF58476D1CE4E5B9)
_M3 = np.uint64(0x94D049BB133111EB)
HASH_BLOCK_BYTES = 1 << 16                 # bytes hashed at a time (bounds the power tables)


def _powers(base: np.uint64, n: int) -> np.ndarray:
    """base**0, base**1, ..., base**(n-1) modulo 2**64."""
    out = np.full(n, base, dtype=np.uint64)
    out[0] = 1
    return np.cumprod(out, dtype=np.uint64)


_TABLES: dict = {}


def _tables(n: int):
    if _TABLES.get("n", 0) < n:
        _TABLES.update(n=n, up=_powers(_P, n), down=_powers(_P_INVERSE, n))
    return _TABLES["up"], _TABLES["down"]


def _mix(h: np.ndarray) -> np.ndarray:
    """splitmix64's finaliser: spreads every input bit over the 64 output bits."""
    h = (h ^ (h >> np.uint64(30))) * _M2
    h = (h ^ (h >> np.uint64(27))) * _M3
    return h ^ (h >> np.uint64(31))


SHORT_ID = 16  # ids up to this many bytes are hashed from two 8-byte words


def _padded(tokens: Tokens) -> np.ndarray:
    """The data followed by SHORT_ID zero bytes (so every window of SHORT_ID bytes exists)."""
    return np.concatenate([tokens.data, np.zeros(SHORT_ID, dtype=np.uint8)])


def _words_at(tokens: Tokens, rows, at: int, padded=None):
    """Bytes ``at .. at + 15`` of each id in ``rows`` (None: all) as two uint64 arrays.

    One gather of 16-byte windows (numpy's sliding-window view of the padded buffer),
    then each word masked to the id's remaining length: two integer operations per id,
    not one per byte. (The words are in machine byte order: fine for hashing and for
    testing equality; :func:`_word` below reads them big-endian for ordering.)
    """
    padded = _padded(tokens) if padded is None else padded
    starts = tokens.offsets[:-1] if rows is None else tokens.offsets[rows]
    left = tokens.lengths() if rows is None else tokens.lengths()[rows]
    if at:
        starts = np.minimum(starts + at, tokens.data.size)
        left = left - at
    pairs = np.lib.stride_tricks.sliding_window_view(padded, SHORT_ID)[starts].view(np.uint64)
    return pairs[:, 0] & _low_bytes(left), pairs[:, 1] & _low_bytes(left - 8)


_ALL = 2**64 - 1
# _MASKS[k] keeps the first k bytes (in memory order) of a uint64, k = 0..8.
_MASKS = np.array([(2 ** (8 * k) - 1) if sys.byteorder == "little"
                   else (_ALL ^ (_ALL >> (8 * k))) for k in range(9)], dtype=np.uint64)


def _low_bytes(count: np.ndarray) -> np.ndarray:
    """A uint64 mask keeping the first ``count`` bytes in memory order (clipped to 0..8)."""
    return _MASKS.take(as_index(np.clip(count, 0, 8)))


def hash_tokens(tokens: Tokens) -> np.ndarray:
    """A 64-bit hash of every id (equal bytes, equal hash).

    Ids of at most SHORT_ID bytes (the usual ones) are hashed from their two zero-padded
    8-byte words, longer ones with the polynomial prefix sums; which one is used depends
    on the length only, so equal ids always get the same hash.
    """
    lengths = tokens.lengths()
    first, second = _words_at(tokens, None, 0)
    first ^= lengths.astype(np.uint64) * _M1
    out = _mix(_mix(first) ^ second)
    long = np.flatnonzero(lengths > SHORT_ID)
    if long.size:  # (no copy when every id is long)
        out[long] = _long_hashes(tokens if long.size == lengths.size else take(tokens, long))
    return out


def _long_hashes(tokens: Tokens) -> np.ndarray:
    """Hashes of ids longer than SHORT_ID: polynomial up to LONG_ID bytes, then BLAKE2b.

    The few ids over LONG_ID bytes are hashed one by one (hashlib), so that no power
    table or running sum is ever longer than HASH_BLOCK_BYTES.
    """
    lengths = tokens.lengths()
    very = np.flatnonzero(lengths > LONG_ID)
    if not very.size:
        return _polynomial(tokens)
    out = np.empty(len(tokens), dtype=np.uint64)
    rest = np.flatnonzero(lengths <= LONG_ID)
    out[rest] = _polynomial(take(tokens, rest)) if rest.size else 0
    for row in very.tolist():
        piece = tokens.data[tokens.offsets[row]:tokens.offsets[row + 1]].tobytes()
        out[row] = int.from_bytes(hashlib.blake2b(piece, digest_size=8).digest(), "little")
    return out


def _polynomial(tokens: Tokens) -> np.ndarray:
    """The polynomial hash of every id, in blocks of whole ids (see the module docstring)."""
    offsets, n = tokens.offsets, len(tokens)
    out = np.empty(n, dtype=np.uint64)
    first = 0
    while first < n:
        # as many whole ids as fit in HASH_BLOCK_BYTES (at least one)
        last = int(np.searchsorted(offsets, offsets[first] + HASH_BLOCK_BYTES, "right")) - 1
        last = min(max(last, first + 1), n)
        base = int(offsets[first])
        block = tokens.data[base:int(offsets[last])]
        up, down = _tables(max(block.size, 1) + 1)
        weighted = (block.astype(np.uint64) + np.uint64(1)) * down[:block.size]
        running = np.empty(block.size + 1, dtype=np.uint64)
        running[0] = 0
        np.cumsum(weighted, out=running[1:])
        starts = offsets[first:last] - base
        ends = offsets[first + 1:last + 1] - base
        h = (running[ends] - running[starts]) * up[np.maximum(ends - 1, 0)]
        out[first:last] = _mix(h ^ ((ends - starts).astype(np.uint64) * _M1))
        first = last
    return out


def _same_bytes(tokens: Tokens, left: np.ndarray, right: np.ndarray) -> np.ndarray:
    """Whether id ``left[k]`` and id ``right[k]`` have the same bytes, for every k."""
    lengths = tokens.lengths()
    same = lengths[left] == lengths[right]
    check = np.flatnonzero(same & (left != right))
    short = lengths[left[check]] <= SHORT_ID
    if short.any():
        rows = check[short]
        padded = _padded(tokens)
        a0, a1 = _words_at(tokens, left[rows], 0, padded)
        b0, b1 = _words_at(tokens, right[rows], 0, padded)
        equal = (a0 == b0) & (a1 == b1)
        same[rows[~equal]] = False
        check = check[~short]
    if check.size:
        same[check] = same_pairs(tokens, left[check], tokens, right[check])
    return same


def same_pairs(a: Tokens, a_rows: np.ndarray, b: Tokens, b_rows: np.ndarray) -> np.ndarray:
    """Whether id ``a_rows[k]`` of ``a`` and id ``b_rows[k]`` of ``b`` have the same bytes."""
    lengths = a.lengths()[a_rows]
    same = lengths == b.lengths()[b_rows]
    check = np.flatnonzero(same & (lengths > 0))
    if check.size:
        left, right = take(a, a_rows[check]), take(b, b_rows[check])
        differs = np.logical_or.reduceat(left.data != right.data, left.offsets[:-1])
        same[check[differs]] = False
    return same


def blocks(tokens: Tokens) -> np.ndarray:
    """Start of each run of equal consecutive ids (hash neighbours checked byte for byte)."""
    n = len(tokens)
    if n == 0:
        return np.zeros(0, dtype=np.intp)
    h = hash_tokens(tokens)
    candidate = np.flatnonzero(h[1:] == h[:-1])
    equal = np.zeros(n - 1, dtype=np.bool_)
    equal[candidate] = _same_bytes(tokens, candidate, candidate + 1)
    return np.r_[0, np.flatnonzero(~equal) + 1]


def encode(tokens: Tokens) -> tuple[np.ndarray, np.ndarray]:
    """Dictionary-encode the ids: ``codes`` (int64, 0..u-1) and ``first`` (an id of each code).

    Codes are numbered in order of first appearance. The hashes are sorted with each row
    number packed into their low bits (one ``ndarray.sort``, much faster than a stable
    argsort), so each hash group lists its rows in file order; every id is then checked
    byte for byte against its group's first row. The packing leaves ``64 - log2(n)``
    hash bits, so at millions of ids a few groups hold different ids: those groups alone
    are split exactly (a dict over their bytes).
    """
    n = len(tokens)
    shift = max(n, 1).bit_length()
    keys = hash_tokens(tokens) >> np.uint64(shift) << np.uint64(shift)
    keys |= np.arange(n, dtype=np.uint64)
    keys.sort()
    rows = (keys & np.uint64((1 << shift) - 1)).astype(np.int64)
    keys >>= np.uint64(shift)
    head = np.r_[True, keys[1:] != keys[:-1]] if n else np.zeros(0, dtype=np.bool_)
    group = np.empty(n, dtype=np.int64)
    group[rows] = np.cumsum(head) - 1
    representative = rows[head][group]
    differs = ~_same_bytes(tokens, np.arange(n), representative)
    if differs.any():
        _split_collisions(tokens, group, representative, differs)
    first = np.unique(representative)                   # first rows, in file order
    code_of_first = np.zeros(n, dtype=np.int64)
    code_of_first[first] = np.arange(first.size)
    return code_of_first[representative], first


def _split_collisions(tokens: Tokens, group, representative, differs) -> None:
    """Give the rows of hash groups that hold different ids their exact first row."""
    rows = np.flatnonzero(np.isin(group, group[differs]))   # ascending: file order
    first_row: dict = {}
    for row, key in zip(rows.tolist(), zip(group[rows].tolist(), take(tokens, rows).tolist())):
        representative[row] = first_row.setdefault(key, row)


def _word(tokens: Tokens, rows: np.ndarray, at: int, padded) -> np.ndarray:
    """Bytes ``at .. at+7`` of each id in ``rows`` as one big-endian uint64 (zero-padded)."""
    first, _ = _words_at(tokens, rows, at, padded)
    return first.view(np.uint8).reshape(-1, 8).view(">u8").ravel().astype(np.uint64)


def byte_order(tokens: Tokens) -> np.ndarray:
    """The rank of each id in byte order (0 = smallest; equal ids share a rank).

    Ranks start as "number of ids known to be smaller" (0 for all) and are refined 8 bytes
    at a time, only inside the groups still tied, until every group is one id or ids
    that are equal. Zero padding sorts a shorter id before its extensions, which is right
    because no id holds a NUL byte (the readers refuse it).
    """
    n = len(tokens)
    lengths = tokens.lengths()
    rank = np.zeros(n, dtype=np.int64)
    pending = np.arange(n)                      # members of groups still tied
    at = 0
    padded = _padded(tokens)
    while pending.size > 1:
        keys = _word(tokens, pending, at, padded)
        order = np.argsort(keys, kind="stable") if at == 0 else np.lexsort((keys, rank[pending]))
        rows, r, k = pending[order], rank[pending][order], keys[order]
        position = np.arange(rows.size)
        old_start = np.r_[True, r[1:] != r[:-1]]
        new_start = old_start | np.r_[False, k[1:] != k[:-1]]
        rank[rows] = r + (np.maximum.accumulate(np.where(new_start, position, 0))
                          - np.maximum.accumulate(np.where(old_start, position, 0)))
        at += 8
        starts = np.flatnonzero(new_start)
        size = np.diff(np.r_[starts, rows.size])
        longest = np.maximum.reduceat(lengths[rows], starts)
        open_group = (size > 1) & (longest > at)
        pending = rows[np.repeat(open_group, size)]
    return _dense(rank)


def _dense(rank: np.ndarray) -> np.ndarray:
    _, dense = np.unique(rank, return_inverse=True)
    return dense.ravel().astype(np.int64)
