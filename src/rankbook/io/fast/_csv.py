r"""FLAGR list files as arrays: one numpy pass for the usual file, the line reader for the rest.

The *usual* file has no white space but line breaks, no blank line, the same number
of fields (5 or 6) on every line and no empty field, plain decimal scores
(:func:`rankbook.io.fast._numbers.decimal_fields`), ranks of at most 9 digits (6 columns) and
one dataset label, or the one asked for. Such a file is split with numpy (where the
commas and line breaks are) and its id columns numbered by first appearance, with no
Python object per line. Any other file is read by the line-by-line reader of
:mod:`rankbook.io.flagr`, which gives every answer and every error message: the fast
path only ever hands a file over, it never decides that one is wrong (except for the
byte checks, which both paths share: :func:`rankbook.io.fast._table.check_bytes`).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from rankbook.io.fast import _ids, _tokens
from rankbook.io.fast._numbers import decimal_fields, gather
from rankbook.io._source import chunks, open_binary, path_text
from rankbook.io.fast._table import CSV_CHUNK_BYTES, check_bytes, is_space

MAX_FAST_RANK_DIGITS = 9  # below C's INT_MAX, the largest rank FLAGR reads


@dataclass
class FlagrTable:
    """The rows of one dataset label of a FLAGR list file, as arrays (in file order)."""

    query: np.ndarray         # each row's query, numbered by first appearance
    query_names: list         # str
    voter: np.ndarray         # each row's voter, numbered by first appearance
    voter_names: list         # str
    item: np.ndarray          # each row's item, numbered by first appearance
    item_names: np.ndarray    # object array of str
    rank: np.ndarray          # the rank column (6 columns) or the position in the list (5)
    score: np.ndarray         # float64
    lines: np.ndarray         # 1-based line numbers


def read_bytes(path) -> tuple[bytes, str]:
    """The whole file (gzip decompressed, a BOM dropped), read once; and its name for messages."""
    name = path_text(path)
    with open_binary(path) as handle:
        return b"".join(chunks(handle, name, CSV_CHUNK_BYTES)), name


def fast_table(data: bytes, name: str, label: str | None) -> FlagrTable | None:
    """The usual file's table (see the module docstring), or None to use the line reader."""
    usual = _usual_fields(data, name, (5, 6))
    if usual is None:
        return None
    a, starts, ends = usual
    n, columns = starts.shape
    if columns == 6:
        rank = _ranks(a, starts[:, 3], ends[:, 3])
        if rank is None:
            return None
    score, plain = decimal_fields(a, starts[:, -2], ends[:, -2])
    if not plain.all():
        return None
    keep = _rows_of_label(*column_codes(a, starts[:, -1], ends[:, -1]), label)
    if keep is None:
        return None
    lines = np.arange(1, n + 1, dtype=np.int64)
    if not keep.all():
        starts, ends, score, lines = starts[keep], ends[keep], score[keep], lines[keep]
        rank = rank[keep] if columns == 6 else None
    query, query_names = column_codes(a, starts[:, 0], ends[:, 0])
    voter, voter_names = column_codes(a, starts[:, 1], ends[:, 1])
    item, item_names = column_codes(a, starts[:, 2], ends[:, 2])
    if columns == 5:
        rank = positions(query * max(len(voter_names), 1) + voter)
    return FlagrTable(query, query_names.tolist(), voter, voter_names.tolist(), item,
                      item_names, rank, score, lines)


def fast_qrels(data: bytes, name: str):
    """FLAGR's usual qrels file (4 fields a line, else as `fast_table`'s usual file) as
    ``(query, item, grade, lines)``, the fields `rankbook.io.flagr.read_flagr_qrels` reads;
    None to use the line reader, which gives every answer and every error message."""
    usual = _usual_fields(data, name, (4,))
    if usual is None:
        return None
    a, starts, ends = usual
    grade, plain = decimal_fields(a, starts[:, 3], ends[:, 3])
    if not plain.all():
        return None
    query, query_names = column_codes(a, starts[:, 0], ends[:, 0])
    item, item_names = column_codes(a, starts[:, 2], ends[:, 2])
    return (query_names[query].tolist(), item_names[item].tolist(), grade,
            np.arange(1, len(grade) + 1, dtype=np.int64))


def _usual_fields(data: bytes, name: str, counts: tuple):
    """``(bytes as uint8, field starts, field ends)`` when no blank but line breaks and every
    line has ``counts`` non-empty fields (after the byte checks both readers share), else None."""
    a = np.frombuffer(data, dtype=np.uint8)
    check_bytes(a, data, name, 1)
    if a.size == 0 or (is_space(a) & (a != 10)).any():
        return None
    if a[-1] != 10:
        a = np.append(a, np.uint8(10))
    fields = _split(a, counts)
    return None if fields is None else (a, *fields)


def _split(a: np.ndarray, counts: tuple = (5, 6)):
    """Field starts and ends, one row per line, when every line has ``counts`` non-empty fields."""
    newlines = np.flatnonzero(a == 10)
    commas = np.flatnonzero(a == 44)
    n = newlines.size
    if commas.size % n or (commas.size // n) + 1 not in counts:
        return None
    per_line = commas.size // n
    inner = commas.reshape(n, per_line)
    line_starts = np.r_[0, newlines[:-1] + 1]
    # The commas are sorted and there are n * per_line of them: when each line's group of
    # per_line lies between the line's start and its newline, every line has exactly that many.
    if (inner[:, 0] < line_starts).any() or (inner[:, -1] > newlines).any():
        return None
    starts = np.column_stack([line_starts, inner + 1])
    ends = np.column_stack([inner, newlines])
    if (ends <= starts).any():  # an empty field, or a blank line
        return None
    return starts, ends


def column_codes(a, starts, ends) -> tuple[np.ndarray, np.ndarray]:
    """The fields ``a[starts[i]:ends[i]]`` numbered by first appearance, and the distinct ids.

    As a fixed-width ``S`` array while that costs little more than the ids' bytes
    (:func:`rankbook.io.fast._ids.fixed_fits`), else as Tokens (one buffer plus offsets), so
    one long id costs its own bytes, not its length times the number of rows.
    """
    lengths = ends - starts
    if lengths.size and not _ids.fixed_fits(int(lengths.max()), int(lengths.sum()),
                                              lengths.size):
        tokens = _tokens.from_fields(a, starts, ends)
        codes, first = _tokens.encode(tokens)
        names = [value.decode("utf-8") for value in _tokens.take(tokens, first).tolist()]
        return codes, np.array(names, dtype=object)
    matrix = gather(a, starts, ends)
    return first_appearance(matrix.view(f"S{matrix.shape[1]}").ravel())


def _ranks(a, starts, ends) -> np.ndarray | None:
    """The rank column when every rank is 1 to 9 ASCII digits, else None."""
    if (ends - starts > MAX_FAST_RANK_DIGITS).any():
        return None
    matrix = gather(a, starts, ends)
    inside = np.arange(matrix.shape[1]) < (ends - starts)[:, None]
    if not (((matrix - np.uint8(48)) < 10) | ~inside).all():
        return None
    value, _ = decimal_fields(a, starts, ends)
    return value.astype(np.int64)


def _rows_of_label(codes: np.ndarray, names: np.ndarray, label: str | None) -> np.ndarray | None:
    """Which rows carry the chosen label; None when the line reader must decide (and explain)."""
    if label is None:
        return np.ones(codes.size, dtype=np.bool_) if names.size == 1 else None
    present = names.tolist()
    return codes == present.index(label) if label in present else None


def first_appearance(ids: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Codes numbered in order of first appearance, and the ids (object array of str) in that order.

    Ids of at most 8 bytes are numbered by pandas' hash table (``factorize``, which numbers
    by first appearance, one pass) on their 64-bit form; longer ones by sorting.
    """
    keys = _as_integers(ids)
    if keys.dtype == np.uint64:
        import pandas as pd

        codes, _ = pd.factorize(keys)
        first = np.flatnonzero(np.r_[True, np.diff(np.maximum.accumulate(codes)) > 0]) \
            if codes.size else codes
        names = [value.decode("utf-8") for value in ids[first].tolist()]
        return codes.astype(np.int64, copy=False), np.array(names, dtype=object)
    _, first, inverse = np.unique(keys, return_index=True, return_inverse=True)
    order = np.argsort(first)
    renumber = np.empty(order.size, dtype=np.int64)
    renumber[order] = np.arange(order.size)
    names = np.array([value.decode("utf-8") for value in ids[first[order]].tolist()], dtype=object)
    return renumber[inverse.ravel()], names


def _as_integers(ids: np.ndarray) -> np.ndarray:
    """Ids of at most 8 bytes as one 64-bit integer each (equal exactly when the ids are equal:
    numpy sorts integers far faster than strings); longer ids are returned as they are."""
    width = ids.dtype.itemsize
    if width > 8 or ids.size == 0:
        return ids
    padded = np.zeros((ids.size, 8), dtype=np.uint8)
    padded[:, :width] = ids.view(np.uint8).reshape(ids.size, width)
    return padded.view(np.uint64).ravel()


def positions(group: np.ndarray) -> np.ndarray:
    """Each row's position (from 1) among the rows of its group, in row order."""
    order = np.argsort(group, kind="stable")
    ordered = group[order]
    head = np.r_[True, ordered[1:] != ordered[:-1]] if ordered.size else ordered.astype(bool)
    start = np.flatnonzero(head)
    count = np.arange(ordered.size) - np.repeat(start, np.diff(np.r_[start, ordered.size]))
    out = np.empty(group.size, dtype=np.int64)
    out[order] = count + 1
    return out
