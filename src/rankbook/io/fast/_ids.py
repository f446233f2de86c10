r"""Ids in the array form, fast: their two forms, topic codes and (topic, document) hash keys.

Part of :mod:`rankbook.io.fast`, the fenced speed machinery (its contract: equal to the line
reader on every input). The array form itself, ``Judgments`` and ``Ranking``, is
:mod:`rankbook.io.arrays`.

Ids come in two forms, both byte for byte and in byte order (C's ``strcmp``):

- a numpy ``S`` array of their UTF-8 bytes (rows x longest id bytes; the fastest form)
  when every id of the column is at most :data:`SHORT_WIDTH` bytes (the usual case), or
  when the longest is at most :data:`FIXED_SLACK` times the mean (ids of even length,
  such as URLs): either way at most a constant times the id bytes (:func:`fixed_fits`);
- else :class:`rankbook.io.fast._tokens.Tokens` (one byte buffer plus offsets, the id bytes
  plus 8 bytes per id), so that one long id costs its own bytes and not rows x its length.

Never one Python ``str`` per line. Everything that depends on the form is here:
turning ids into bytes, topic codes, and the 64-bit hash keys of (topic,
document) pairs that the join (:mod:`rankbook.io.fast._join`) uses. A hash only ever proposes a match;
every match is then compared byte for byte.
"""

from __future__ import annotations

import numpy as np

from rankbook._index import as_index
from rankbook.io.fast import _tokens
from rankbook.io.fast._tokens import Tokens

SHORT_WIDTH = 32       # ids up to this long always fit the fixed-width form ...
FIXED_SLACK = 2        # ... and longer ones if the longest is at most this times the mean
_HASH_BLOCK = 1 << 16  # rows hashed at a time (keeps the temporaries small)
_M1 = np.uint64(0x9E3779B97F4A7C15)
_M2 = np.uint64(0xBF58476D1CE4E5B9)
_M3 = np.uint64(0x94D049BB133111EB)


def fixed_fits(longest: int, total: int, count: int) -> bool:
    """Whether ``count`` ids of ``total`` bytes, the longest ``longest``, go in an ``S`` array.

    They do when that array (``longest * count`` bytes) is at most ``SHORT_WIDTH`` bytes
    per id or ``FIXED_SLACK`` times the id bytes: memory stays linear in the ids' bytes.
    """
    return longest * count <= max(SHORT_WIDTH * count, FIXED_SLACK * total)


def byte_ids(column):
    """A column (or list) of str ids (no NUL) in the array form."""
    values = column.tolist() if hasattr(column, "tolist") else list(column)  # pandas: at once
    if not values:
        return np.zeros(0, dtype="S1")
    if max(map(len, values)) <= SHORT_WIDTH:  # (characters: the bytes, if ASCII)
        try:
            return np.array(values, dtype="S")  # ASCII: numpy encodes it itself, fast
        except UnicodeEncodeError:
            pass
    joined = "".join(values)
    ascii_only = joined.isascii()
    lengths = np.fromiter(map(len, values) if ascii_only else
                          (len(v.encode("utf-8")) for v in values), np.int64, len(values))
    if not fixed_fits(int(lengths.max()), int(lengths.sum()), len(values)):
        data = np.frombuffer(joined.encode("utf-8"), dtype=np.uint8).copy()
        return Tokens(data, np.r_[0, np.cumsum(lengths)].astype(np.int64))
    if ascii_only:
        return np.array(values, dtype="S")
    return np.array([value.encode("utf-8") for value in values], dtype=bytes)


def _from_fixed(ids: np.ndarray) -> Tokens:
    """Tokens holding the ids of a numpy ``S`` array (ids hold no NUL: the padding goes)."""
    raw = ids.view(np.uint8).reshape(ids.size, ids.itemsize)
    kept = raw != 0
    lengths = kept.sum(axis=1, dtype=np.int64)
    return Tokens(raw[kept], np.r_[0, np.cumsum(lengths)].astype(np.int64))


def same_form(*columns):
    """The id columns in one form: all Tokens if any is, else as they are."""
    if not any(isinstance(c, Tokens) for c in columns):
        return columns
    return tuple(c if isinstance(c, Tokens) else _from_fixed(c) for c in columns)


def join_pieces(pieces: list):
    """Pieces of one id column (either form) as one column.

    ``S`` pieces of different widths become Tokens if the widest would not fit
    (:func:`fixed_fits`, each piece's width standing for its ids' bytes).
    """
    if not any(isinstance(p, Tokens) for p in pieces):
        if len(pieces) == 1:
            return pieces[0]
        widest, rows = max(p.itemsize for p in pieces), sum(p.size for p in pieces)
        if fixed_fits(widest, sum(p.itemsize * p.size for p in pieces), rows):
            return np.concatenate(pieces)
    return _tokens.concat([p if isinstance(p, Tokens) else _from_fixed(p) for p in pieces])


def pick(ids, rows: np.ndarray):
    """The ids at ``rows`` (positions or a boolean mask), in the same form."""
    if not isinstance(ids, Tokens):
        return ids[rows]
    return _tokens.take(ids, np.flatnonzero(rows) if rows.dtype == np.bool_ else rows)


def repeat_ids(ids, counts: np.ndarray):
    """Each id repeated ``counts`` times (``np.repeat``), in the same form."""
    if not isinstance(ids, Tokens):
        return np.repeat(ids, as_index(counts))
    return _tokens.take(ids, np.repeat(np.arange(len(ids)), as_index(counts)))


def id_bytes(ids, rows: np.ndarray) -> list[bytes]:
    """The ids at ``rows`` as a list of ``bytes`` (for the few rows checked one by one)."""
    return pick(ids, rows).tolist()


def same_ids(a, a_rows: np.ndarray, b, b_rows: np.ndarray) -> np.ndarray:
    """Whether ``a[a_rows[k]]`` and ``b[b_rows[k]]`` are the same id, for every k."""
    if isinstance(a, Tokens):
        return _tokens.same_pairs(a, a_rows, b, b_rows)
    return a[a_rows] == b[b_rows]


# --- topic codes ------------------------------------------------------------------------------

def blocks(ids: np.ndarray) -> np.ndarray:
    """Start of each run of equal consecutive ids (topics usually come in blocks)."""
    if isinstance(ids, Tokens):
        return _tokens.blocks(ids)
    if ids.size == 0:
        return np.zeros(0, dtype=np.int64)
    if ids.dtype.kind == "S" and ids.itemsize in (1, 2, 4, 8):
        ids = ids.view(f"u{ids.itemsize}")  # the same bytes compared as integers: faster
    return np.r_[0, np.flatnonzero(ids[1:] != ids[:-1]) + 1]


def _as_numbers(ids: np.ndarray, itemsize: int):
    """``S`` ids of 1, 2, 4 or 8 bytes as big-endian unsigned integers (None otherwise).

    Zero-padded bytes read big-endian compare as the bytes do (C's ``strcmp``; ids
    hold no NUL), so sorting and searching the integers is sorting and searching the
    ids, and much faster than numpy's string comparisons.
    """
    if ids.dtype.kind != "S" or itemsize not in (1, 2, 4, 8) or ids.itemsize > itemsize:
        return None
    return ids.astype(f"S{itemsize}").view(f">u{itemsize}")


def unique(ids: np.ndarray) -> np.ndarray:
    """``np.unique`` of ids (sorted in byte order)."""
    numbers = _as_numbers(ids, ids.itemsize)
    return np.unique(ids) if numbers is None else np.unique(numbers).view(ids.dtype)


def codes(ids: np.ndarray, universe: np.ndarray) -> np.ndarray:
    """Position of each id in the sorted array ``universe`` (int32), one lookup per block."""
    starts = blocks(ids)
    heads = ids[starts]
    sorted_numbers = _as_numbers(universe, universe.itemsize)
    numbers = _as_numbers(heads, universe.itemsize)
    if sorted_numbers is not None and numbers is not None:
        found = np.searchsorted(sorted_numbers, numbers)
    else:
        found = np.searchsorted(universe, heads)
    return np.repeat(found.astype(np.int32), np.diff(np.r_[starts, ids.size]))


def distinct(ids: np.ndarray) -> np.ndarray:
    """The sorted distinct ids (via the block heads: cheap when topics come in blocks).

    For UTF-8 ids, byte order is Python's string order and C's ``strcmp`` order.
    """
    return unique(ids[blocks(ids)])


def topic_codes(*columns):
    """The sorted distinct topic ids of ``columns`` and each column's codes into them.

    Returns ``universe`` and one int32 array per column (the position of each id in
    ``universe``). Fixed-width ids are compared as integers or strings; Tokens are
    numbered with :func:`rankbook.io.fast._tokens.encode` and ordered with
    :func:`rankbook.io.fast._tokens.byte_order`, both once per block of equal ids.
    """
    columns = same_form(*columns)
    if not isinstance(columns[0], Tokens):
        universe = unique(np.concatenate([distinct(c) for c in columns]))
        return (universe, *(codes(c, universe) for c in columns))
    starts = [blocks(c) for c in columns]
    heads = _tokens.concat([_tokens.take(c, s) for c, s in zip(columns, starts)])
    code, first = _tokens.encode(heads)
    rank = _tokens.byte_order(_tokens.take(heads, first))
    universe = _tokens.take(heads, first[np.argsort(rank)])
    head_code, out, at = rank[code].astype(np.int32), [], 0
    for c, s in zip(columns, starts):
        out.append(np.repeat(head_code[at:at + s.size], np.diff(np.r_[s, len(c)])))
        at += s.size
    return (universe, *out)


# --- (topic, document) hash keys --------------------------------------------------------------

def id_words(*id_arrays: np.ndarray) -> int:
    """How many 8-byte words hold the longest id of these arrays."""
    return max(-(-a.itemsize // 8) if isinstance(a, np.ndarray) else 0 for a in id_arrays)


def hash_ids(ids: np.ndarray, words: int) -> np.ndarray:
    """A 64-bit hash of each id, read as ``words`` 8-byte words (zero-padded).

    Each word is mixed in by a multiply-xorshift, and the result by splitmix64's
    finaliser (:func:`mix`), block by block while the block is in the cache. Tokens
    are hashed by :func:`rankbook.io.fast._tokens.hash_tokens` (``words`` unused): two
    columns compared by hash must be in one form (:func:`same_form`).
    """
    if isinstance(ids, Tokens):
        return _tokens.hash_tokens(ids)
    width = ids.itemsize
    out = np.empty(ids.size, dtype=np.uint64)
    raw = ids.view(np.uint8).reshape(ids.size, width)
    for lo in range(0, ids.size, _HASH_BLOCK):
        block = np.zeros((min(_HASH_BLOCK, ids.size - lo), 8 * words), dtype=np.uint8)
        block[:, :width] = raw[lo:lo + block.shape[0]]
        padded = block.view(np.uint64)
        h = np.full(block.shape[0], np.uint64(words), dtype=np.uint64)
        for w in range(words):
            h ^= padded[:, w]
            h *= _M1
            h ^= h >> np.uint64(32)
        out[lo:lo + block.shape[0]] = mix(h)
    return out


def mix(h: np.ndarray) -> np.ndarray:
    """splitmix64's finaliser, in place: spreads every input bit over the 64 output bits."""
    h ^= h >> np.uint64(30)
    h *= _M2
    h ^= h >> np.uint64(27)
    h *= _M3
    h ^= h >> np.uint64(31)
    return h


_NO_KEY = np.uint64(2**64 - 1)  # padding; no key has every topic bit set (see topic_bits)
_SPARE_ROWS = 1.25              # segmented sort if the padded matrix is at most this much larger


def topic_bits(topics: int) -> int:
    """Bits for a topic code 0..topics-1 that leave the all-ones pattern unused."""
    return max(int(topics).bit_length(), 1)


def topic_major_keys(code: np.ndarray, doc_hash: np.ndarray, bits: int) -> np.ndarray:
    """One uint64 key per (topic code, document hash): the code in the top ``bits`` bits.

    ``doc_hash`` (from :func:`hash_ids`) is already mixed: its top bits are as good as any.
    """
    keys = doc_hash >> np.uint64(bits)
    top = code.astype(np.uint64)
    top <<= np.uint64(64 - bits)
    keys |= top
    return keys


def sort_by_topic(keys: np.ndarray, code: np.ndarray) -> np.ndarray:
    """``np.sort(keys)`` for topic-major keys, one topic block at a time when that is cheap.

    Each block of equal codes becomes one row of a matrix (blocks in code order, rows
    padded with ``_NO_KEY``), sorted along its rows: many small sorts that stay in the
    cache instead of one large one. Used when every topic is one block and the padding
    adds at most a quarter; otherwise one global sort.
    """
    n = keys.size
    starts = blocks(code)
    if n == 0 or starts.size == 1:
        keys.sort()
        return keys
    lengths = np.diff(np.r_[starts, n])
    width = int(lengths.max())
    heads = code[starts]
    by_code = np.argsort(heads, kind="stable")
    if starts.size * width > _SPARE_ROWS * n + 1024 or (np.diff(heads[by_code]) == 0).any():
        keys.sort()  # a topic in several blocks, or blocks too uneven to pad
        return keys
    if (lengths == width).all():
        matrix = keys.reshape(starts.size, width)[by_code]
    else:
        row_of_block = np.empty(starts.size, dtype=np.int64)
        row_of_block[by_code] = np.arange(starts.size)
        position = np.arange(n) - np.repeat(starts, lengths)
        matrix = np.full((starts.size, width), _NO_KEY, dtype=np.uint64)
        matrix[np.repeat(row_of_block, lengths), position] = keys
    matrix.sort(axis=1)
    flat = matrix.ravel()
    return flat if flat.size == n else flat[flat != _NO_KEY]


def has_duplicate_pairs(query: np.ndarray, doc: np.ndarray) -> bool:
    """Whether some (query, doc) pair occurs twice (hash candidates checked exactly)."""
    universe, code = topic_codes(query)
    keys = topic_major_keys(code, hash_ids(doc, id_words(doc)), topic_bits(len(universe)))
    ordered = sort_by_topic(keys.copy(), code)
    same = ordered[1:] == ordered[:-1]
    if not same.any():
        return False
    candidates = np.isin(keys, ordered[1:][same])  # rows whose key repeats: check exactly
    pairs = list(zip(id_bytes(query, candidates), id_bytes(doc, candidates)))
    return len(set(pairs)) < len(pairs)
