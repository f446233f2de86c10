"""The batch path's join: each run row's grade, from the qrels row with the same (topic, doc).

Documents are joined to their judgments through a 64-bit key per (topic, doc):
the topic's code in the top bits, a hash of the document below
(:func:`topic_major_keys`), each match then checked byte for byte, so a hash
collision can never give a wrong grade. With the topic on top, the sorted keys
are in topic order, so each topic's keys can be sorted alone
(:func:`sorted_keys`): much faster than one sort of the whole run.
"""

from __future__ import annotations

import numpy as np

from rankbook.io import arrays
from rankbook.io.convert import refuse_duplicates

_NO_KEY = np.uint64(2**64 - 1)  # padding; no key has every topic bit set (see topic_bits)
_SPARE_ROWS = 1.25              # segmented sort if the padded matrix is at most this much larger


def topic_bits(topics: int) -> int:
    """Bits for a topic code 0..topics-1 that leave the all-ones pattern unused."""
    return max(int(topics).bit_length(), 1)


def topic_major_keys(code: np.ndarray, doc_hash: np.ndarray, bits: int) -> np.ndarray:
    """One uint64 key per (topic code, document hash): the code in the top ``bits`` bits."""
    keys = arrays.mix(doc_hash) >> np.uint64(bits)
    keys |= code.astype(np.uint64) << np.uint64(64 - bits)
    return keys


def sorted_keys(keys: np.ndarray, shift: int, code: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The keys cut to their top ``64 - shift`` bits, sorted, and the rows in that order.

    Equivalent to ``argsort`` then a gather, but several times faster: the row number is
    written into the ``shift`` low bits of its key and the packed integers are sorted
    with ``ndarray.sort`` (numpy's SIMD sort; ``argsort`` is much slower), so each row
    comes out next to its key; and when the rows come in topic blocks (``code``, one
    block per topic, the usual file) each topic is sorted alone, as one row of a padded
    matrix (:func:`_sort_by_topic`). Rows must be below ``2**shift``. The shorter key
    makes a collision likelier, which costs nothing in correctness: every match is
    checked byte for byte. ``keys`` is overwritten.
    """
    bits = np.uint64(shift)
    keys >>= bits
    keys <<= bits
    keys |= np.arange(keys.size, dtype=np.uint64)
    keys = _sort_by_topic(keys, code)
    rows = keys & np.uint64((1 << shift) - 1)
    rows = rows.view(np.int64) if np.intp is np.int64 else rows.astype(np.intp)  # no copy
    keys >>= bits
    return keys, rows


def _sort_by_topic(keys: np.ndarray, code: np.ndarray) -> np.ndarray:
    """``np.sort(keys)`` for topic-major keys, one topic block at a time when that is cheap.

    Each block of equal codes becomes one row of a matrix (blocks in code order, rows
    padded with ``_NO_KEY``), sorted along its rows: many small sorts that stay in the
    cache instead of one large one. Used when every topic is one block and the padding
    adds at most a quarter; otherwise one global sort.
    """
    n = keys.size
    starts = arrays.blocks(code)
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


def run_keys(run: arrays.Ranking, r_code, words: int, shift: int, bits: int):
    """The run's sorted (topic, doc) keys and rows; a document listed twice is refused."""
    r_keys, by_key = sorted_keys(
        topic_major_keys(r_code, arrays.hash_ids(run.doc, words), bits), shift, r_code)
    if r_keys.size > 1 and (r_keys[1:] == r_keys[:-1]).any():
        same = np.flatnonzero(r_keys[1:] == r_keys[:-1])
        rows = np.unique(np.r_[by_key[same], by_key[same + 1]])  # equal keys: check exactly
        pairs = list(zip(r_code[rows].tolist(), run.doc[rows].tolist()))
        if len(set(pairs)) < len(pairs):
            refuse_duplicates(run)  # raises, with as_run's message
    return r_keys, by_key


def join(q_code, q_topic, q_doc, q_grade, r_code, r_doc, r_sorted_keys, r_by_key,
         words: int, shift: int, bits: int) -> np.ndarray:
    """Grade of each run row from the qrels row with the same (topic, doc); NaN if none.

    Only judgments of evaluated topics (``q_topic >= 0``) take part. ``r_sorted_keys``
    are the run's (topic, doc) keys cut and sorted by :func:`sorted_keys` with the
    same ``shift`` and topic ``bits``, ``r_by_key`` the rows in that order.
    """
    judged = q_topic >= 0
    q_code, q_doc, q_grade = q_code[judged], q_doc[judged], q_grade[judged]
    q_keys, by_key = sorted_keys(topic_major_keys(q_code, arrays.hash_ids(q_doc, words), bits),
                                 shift, q_code)
    grade = np.full(r_code.size, np.nan)
    if q_keys.size == 0 or r_sorted_keys.size == 0:
        return grade
    # Look each judgment's key up among the run's sorted keys (the qrels are usually
    # much smaller than the run, so this is the cheap direction; searchsorted is also
    # faster on sorted needles, each search starting where the previous one ended).
    at = np.searchsorted(r_sorted_keys, q_keys)
    at[at == r_sorted_keys.size] = 0
    hit = np.flatnonzero(r_sorted_keys[at] == q_keys)
    rows = r_by_key[at[hit]]        # run rows (the first one with that key)
    hit = by_key[hit]               # qrels rows
    exact = (r_doc[rows] == q_doc[hit]) & (r_code[rows] == q_code[hit])  # no collision
    grade[rows[exact]] = q_grade[hit[exact]]
    # A key shared by several run rows (a hash collision inside the run; a real
    # duplicate was refused before): only the first of them was tried above, so look
    # all of them up exactly. (A key shared by several judgments needs nothing more:
    # each of them was compared with the run row above.)
    shared = np.flatnonzero(r_sorted_keys[1:] == r_sorted_keys[:-1])
    if shared.size:
        rows = r_by_key[np.unique(np.r_[shared, shared + 1])]  # run rows to look up
        judgments = by_key[np.isin(q_keys, r_sorted_keys[shared])]
        table = dict(zip(zip(q_code[judgments].tolist(), q_doc[judgments].tolist()),
                         q_grade[judgments].tolist()))
        grade[rows] = np.fromiter((table.get(pair, np.nan) for pair in
                                   zip(r_code[rows].tolist(), r_doc[rows].tolist())),
                                  np.float64, rows.size)
    return grade
