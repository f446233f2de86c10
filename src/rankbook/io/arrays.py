r"""The array form of qrels and runs: the lean form the batch evaluator works on.

| form | arrays |
| --- | --- |
| `Judgments` (qrels) | ``query``, ``doc`` (ids), ``grade`` (float64) |
| `Ranking` (run) | ``query``, ``doc`` (ids), ``score`` (float64), ``lines`` (for messages) |

Ids are numpy byte strings (``S`` arrays of their UTF-8 bytes), never one
Python ``str`` per line. Everything that depends on that representation is
here: turning ids into text and back, topic codes, and the 64-bit hash keys of
(topic, document) pairs that the evaluator joins on. A hash only ever proposes
a match; every match is then compared byte for byte.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

_HASH_BLOCK = 1 << 16  # rows hashed at a time (keeps the temporaries small)
_M1 = np.uint64(0x9E3779B97F4A7C15)
_M2 = np.uint64(0xBF58476D1CE4E5B9)
_M3 = np.uint64(0x94D049BB133111EB)


@dataclass
class Judgments:
    """Qrels as arrays: one row per judgment, no (query, doc) twice."""

    query: np.ndarray   # S bytes
    doc: np.ndarray     # S bytes
    grade: np.ndarray   # float64
    source: str


@dataclass
class Ranking:
    """A run as arrays: one row per retrieved document, in file order."""

    query: np.ndarray   # S bytes
    doc: np.ndarray     # S bytes
    score: np.ndarray   # float64
    lines: np.ndarray   # line (or row) number of each, for messages
    source: str
    name: str


def text_ids(ids: np.ndarray) -> list[str]:
    """Ids of the array form as a list of str."""
    return [value.decode("utf-8") for value in ids.tolist()]


def byte_ids(column) -> np.ndarray:
    """A column (or list) of str ids in the array form."""
    values = list(column)
    if not values:
        return np.zeros(0, dtype="S1")
    try:
        return np.array(values, dtype="S")  # ASCII text: numpy encodes it, fast
    except UnicodeEncodeError:
        return np.array([value.encode("utf-8") for value in values], dtype=bytes)


def judgments_from_frame(frame) -> Judgments:
    """The array form of a qrels DataFrame (see :mod:`rankbook.io.frames`)."""
    return Judgments(byte_ids(frame["query"]), byte_ids(frame["doc"]),
                     frame["grade"].to_numpy(dtype=np.float64), frame.attrs.get("source", "qrels"))


def ranking_from_frame(frame) -> Ranking:
    """The array form of a run DataFrame (rows numbered from 1)."""
    return Ranking(byte_ids(frame["query"]), byte_ids(frame["doc"]),
                   frame["score"].to_numpy(dtype=np.float64), np.arange(1, len(frame) + 1),
                   frame.attrs.get("source", "run"), frame.attrs.get("name", "rankbook"))


# --- topic codes ------------------------------------------------------------------------------

def blocks(ids: np.ndarray) -> np.ndarray:
    """Start of each run of equal consecutive ids (topics usually come in blocks)."""
    if ids.size == 0:
        return np.zeros(0, dtype=np.int64)
    if ids.dtype.kind == "S" and ids.itemsize in (1, 2, 4, 8):
        ids = ids.view(f"u{ids.itemsize}")  # the same bytes compared as integers: faster
    return np.r_[0, np.flatnonzero(ids[1:] != ids[:-1]) + 1]


def codes(ids: np.ndarray, universe: np.ndarray) -> np.ndarray:
    """Position of each id in the sorted array ``universe`` (int32), one lookup per block."""
    starts = blocks(ids)
    heads = np.searchsorted(universe, ids[starts]).astype(np.int32)
    return np.repeat(heads, np.diff(np.r_[starts, ids.size]))


def distinct(ids: np.ndarray) -> np.ndarray:
    """The sorted distinct ids (via the block heads: cheap when topics come in blocks).

    For UTF-8 ids, byte order is Python's string order and C's ``strcmp`` order.
    """
    return np.unique(ids[blocks(ids)])


# --- (topic, document) hash keys --------------------------------------------------------------

def id_words(*id_arrays: np.ndarray) -> int:
    """How many 8-byte words hold the longest id of these arrays."""
    return max(-(-a.itemsize // 8) for a in id_arrays)


def hash_ids(ids: np.ndarray, words: int) -> np.ndarray:
    """A 64-bit hash of each id, read as ``words`` 8-byte words (zero-padded)."""
    width = ids.itemsize
    out = np.empty(ids.size, dtype=np.uint64)
    raw = ids.view(np.uint8).reshape(ids.size, width)
    for lo in range(0, ids.size, _HASH_BLOCK):
        block = np.zeros((min(_HASH_BLOCK, ids.size - lo), 8 * words), dtype=np.uint8)
        block[:, :width] = raw[lo:lo + block.shape[0]]
        padded = block.view(np.uint64)
        h = np.full(block.shape[0], np.uint64(words), dtype=np.uint64)
        for w in range(words):  # multiply-xorshift per word; pair_keys mixes the result fully
            h ^= padded[:, w]
            h *= _M1
            h ^= h >> np.uint64(32)
        out[lo:lo + block.shape[0]] = h
    return out


def mix(h: np.ndarray) -> np.ndarray:
    """splitmix64's finaliser: spreads every input bit over the 64 output bits."""
    h = (h ^ (h >> np.uint64(30))) * _M2
    h = (h ^ (h >> np.uint64(27))) * _M3
    return h ^ (h >> np.uint64(31))


def pair_keys(topic_codes: np.ndarray, doc_hash: np.ndarray) -> np.ndarray:
    """One uint64 key per (topic code, document hash)."""
    return mix(doc_hash ^ (topic_codes.astype(np.uint64) * _M1))


def has_duplicate_pairs(query: np.ndarray, doc: np.ndarray) -> bool:
    """Whether some (query, doc) pair occurs twice (hash candidates checked exactly)."""
    keys = pair_keys(codes(query, distinct(query)), hash_ids(doc, id_words(doc)))
    ordered = np.sort(keys)
    same = ordered[1:] == ordered[:-1]
    if not same.any():
        return False
    candidates = np.isin(keys, ordered[1:][same])  # rows whose key repeats: check exactly
    pairs = list(zip(query[candidates].tolist(), doc[candidates].tolist()))
    return len(set(pairs)) < len(pairs)
