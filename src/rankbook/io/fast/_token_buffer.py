"""The id form of :mod:`rankbook.io.fast._tokens`: one byte buffer plus offsets, and its copies.

:class:`Tokens` holds a column of ids as ``data`` (every id's bytes, one after another)
and ``offsets`` (id $i$ is ``data[offsets[i]:offsets[i+1]]``). The functions here make
and copy such columns without one Python object per id, and without a temporary
larger than a constant times the bytes copied (or a megabyte at a time).
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

import numpy as np

from rankbook._index import as_index

LONG_ID = 1 << 12      # ids longer than this are hashed, copied and compared one by one
_COPY_BLOCK = 1 << 20  # bytes copied at a time by _gather (bounds its index arrays)


@dataclass
class Tokens:
    """A column of ids: ``data[offsets[i]:offsets[i + 1]]`` is id ``i`` (bytes)."""

    data: np.ndarray      # uint8
    offsets: np.ndarray   # int64, one more than there are ids

    def __len__(self) -> int:
        return self.offsets.size - 1

    @property
    def size(self) -> int:
        return self.offsets.size - 1

    def lengths(self) -> np.ndarray:
        return np.diff(self.offsets)

    def tolist(self) -> list[bytes]:
        """Every id as ``bytes`` (for messages and tests; one object per id)."""
        raw = self.data.tobytes()
        bounds = self.offsets.tolist()
        return [raw[s:e] for s, e in itertools.pairwise(bounds)]


def from_bytes(ids: list[bytes]) -> Tokens:
    """Tokens holding ``ids`` (for tests and small inputs)."""
    lengths = np.fromiter(map(len, ids), dtype=np.int64, count=len(ids))
    return Tokens(np.frombuffer(b"".join(ids), dtype=np.uint8).copy(),
                  np.r_[0, np.cumsum(lengths)].astype(np.int64))


def from_fields(a: np.ndarray, starts: np.ndarray, ends: np.ndarray) -> Tokens:
    """The fields ``a[starts[i]:ends[i]]`` of a chunk as Tokens (their bytes copied out).

    Fields all of one length (the usual document ids) are copied as whole rows of a
    sliding-window view; fields in order, one after another (a column of a file), by a
    mask of the bytes inside them (two bytes per byte of ``a``, however long a field);
    otherwise by :func:`take`.
    """
    lengths = (ends - starts).astype(np.int64)
    offsets = np.r_[0, np.cumsum(lengths)].astype(np.int64)
    if lengths.size and lengths.min() == lengths.max() > 0:
        data = np.lib.stride_tricks.sliding_window_view(a, int(lengths[0]))[starts].ravel()
    elif lengths.size and lengths.min() > 0 and (ends[:-1] < starts[1:]).all():
        edges = np.zeros(a.size + 1, dtype=np.int8)
        edges[starts] = 1
        edges[ends] = -1
        data = a[np.cumsum(edges[:-1], dtype=np.int8).view(np.bool_)]
    else:
        return _gather(a, starts, lengths)
    return Tokens(data, offsets)


def concat(parts: list[Tokens]) -> Tokens:
    """One Tokens holding the ids of ``parts`` in order."""
    if len(parts) == 1:
        return parts[0]
    shifts = np.cumsum([0] + [p.data.size for p in parts[:-1]])
    offsets = [parts[0].offsets[:1]] + [p.offsets[1:] + s for p, s in zip(parts, shifts)]
    return Tokens(np.concatenate([p.data for p in parts]), np.concatenate(offsets))


def take(tokens: Tokens, rows: np.ndarray) -> Tokens:
    """The ids at ``rows``, as new Tokens.

    Many rows in ascending order (a filter) are copied through a mask of the bytes kept
    (runs of neighbouring rows merged first), others by :func:`_gather`.
    """
    starts, ends = tokens.offsets[rows], tokens.offsets[np.asarray(rows) + 1]
    if starts.size < 2 or 8 * int((ends - starts).sum()) < tokens.data.size \
            or not (rows[1:] > rows[:-1]).all():
        return _gather(tokens.data, starts, ends - starts)
    opens, closes = np.r_[True, starts[1:] != ends[:-1]], np.r_[starts[1:] != ends[:-1], True]
    first, last = starts[opens], ends[closes]
    edges = np.zeros(tokens.data.size + 1, dtype=np.int8)
    edges[first[first < last]] = 1
    edges[last[first < last]] = -1
    data = tokens.data[np.cumsum(edges[:-1], dtype=np.int8).view(np.bool_)]
    return Tokens(data, np.r_[0, np.cumsum(ends - starts)].astype(np.int64))


def _gather(data: np.ndarray, sources: np.ndarray, lengths: np.ndarray) -> Tokens:
    """Tokens of ``data[sources[i]:sources[i] + lengths[i]]``, copied about a megabyte at a time.

    Ids up to LONG_ID bytes are copied through a byte index (eight bytes per byte, so a
    block at a time), longer ones slice by slice.
    """
    lengths = as_index(lengths)                      # np.repeat's counts below
    offsets = np.r_[0, np.cumsum(lengths)].astype(np.int64)
    out = np.empty(int(offsets[-1]), dtype=np.uint8)
    long = lengths > LONG_ID
    lengths = np.where(long, 0, lengths)
    bounds = np.unique(np.r_[np.searchsorted(offsets, np.arange(0, out.size, _COPY_BLOCK)),
                             lengths.size])
    for lo, hi in itertools.pairwise(bounds.tolist()):
        size = lengths[lo:hi]
        within = np.arange(int(size.sum())) - np.repeat(np.cumsum(size) - size, size)
        target = np.repeat(offsets[lo:hi], size) + within
        out[target] = data[np.repeat(sources[lo:hi], size) + within]
    for row in np.flatnonzero(long).tolist():
        start, end = int(offsets[row]), int(offsets[row + 1])
        out[start:end] = data[sources[row]:sources[row] + end - start]
    return Tokens(out, offsets)
