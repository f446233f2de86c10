"""The join's machinery: (topic, doc) hash keys, sorted per topic, looked up and checked.

Part of :mod:`rankbook.io.fast`. Documents are joined to their judgments through a 64-bit
key per (topic, doc): the topic's code in the top bits, a hash of the document below
(:func:`rankbook.io.fast._ids.topic_major_keys`), each match then checked byte for byte,
so a hash collision can never give a wrong grade. With the topic on top, the sorted keys
are in topic order, so each topic's keys can be sorted alone (:func:`sorted_keys`): much
faster than one sort of the whole run. What the join means is :mod:`rankbook.io.join`.
"""

from __future__ import annotations

import numpy as np

from rankbook.io.fast import _ids


def join_grades(q_code, q_topic, q_doc, q_grade, r_code, r_doc, topics: int):
    """Grade of each run row from the judgment with the same (topic code, doc); NaN if none.

    ``q_topic`` is each judgment's evaluated topic index (-1: not evaluated: left out),
    ``topics`` the number of topic codes. Returns the grades, the run's doc ids in the
    form they were compared in (:func:`rankbook.io.fast._ids.same_form`), and whether a
    document is listed twice in one topic of the run (then the grades are not computed: None).
    """
    q_doc, r_doc = _ids.same_form(q_doc, r_doc)
    # One key per (topic, doc) of the run, sorted: equal neighbours are documents listed
    # twice (refused by the caller), and the sorted keys are looked up in the qrels' keys.
    words = _ids.id_words(q_doc, r_doc)
    shift = max(len(r_doc), len(q_doc), 1).bit_length()  # bits for a row number
    bits = _ids.topic_bits(topics)
    r_keys, by_key, twice = run_keys(r_doc, r_code, words, shift, bits)
    if twice:
        return None, r_doc, True
    grade = join(q_code, q_topic, q_doc, q_grade, r_code, r_doc, r_keys, by_key,
                 words, shift, bits)
    return grade, r_doc, False


def sorted_keys(keys: np.ndarray, shift: int, code: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The keys cut to their top ``64 - shift`` bits, sorted, and the rows in that order.

    Equivalent to ``argsort`` then a gather, but several times faster: the row number is
    written into the ``shift`` low bits of its key and the packed integers are sorted
    with ``ndarray.sort`` (numpy's SIMD sort; ``argsort`` is much slower), so each row
    comes out next to its key; and when the rows come in topic blocks (``code``, one
    block per topic, the usual file) each topic is sorted alone, as one row of a padded
    matrix (:func:`rankbook.io.fast._ids.sort_by_topic`). Rows must be below ``2**shift``. The shorter key
    makes a collision likelier, which costs nothing in correctness: every match is
    checked byte for byte. ``keys`` is overwritten.
    """
    bits = np.uint64(shift)
    keys >>= bits
    keys <<= bits
    keys |= np.arange(keys.size, dtype=np.uint64)
    keys = _ids.sort_by_topic(keys, code)
    rows = keys & np.uint64((1 << shift) - 1)
    rows = rows.view(np.int64) if np.intp is np.int64 else rows.astype(np.intp)  # no copy
    keys >>= bits
    return keys, rows


def run_keys(r_doc, r_code, words: int, shift: int, bits: int):
    """The run's sorted (topic, doc) keys and rows, and whether a document is listed twice.

    ``r_code`` are the run's topic codes; equal keys are checked byte for byte, so only a
    real repeat of (topic, doc) answers True (the caller refuses the run).
    """
    r_keys, by_key = sorted_keys(
        _ids.topic_major_keys(r_code, _ids.hash_ids(r_doc, words), bits), shift, r_code)
    twice = False
    if r_keys.size > 1 and (r_keys[1:] == r_keys[:-1]).any():
        same = np.flatnonzero(r_keys[1:] == r_keys[:-1])
        rows = np.unique(np.r_[by_key[same], by_key[same + 1]])  # equal keys: check exactly
        pairs = list(zip(r_code[rows].tolist(), _ids.id_bytes(r_doc, rows)))
        twice = len(set(pairs)) < len(pairs)
    return r_keys, by_key, twice


def join(q_code, q_topic, q_doc, q_grade, r_code, r_doc, r_sorted_keys, r_by_key,
         words: int, shift: int, bits: int) -> np.ndarray:
    """Grade of each run row from the qrels row with the same (topic, doc); NaN if none.

    Only judgments of evaluated topics (``q_topic >= 0``) take part. ``r_sorted_keys``
    are the run's (topic, doc) keys cut and sorted by :func:`sorted_keys` with the
    same ``shift`` and topic ``bits``, ``r_by_key`` the rows in that order.
    """
    judged = q_topic >= 0
    q_code, q_grade = q_code[judged], q_grade[judged]
    q_doc = q_doc if judged.all() else _ids.pick(q_doc, judged)
    q_keys = _ids.topic_major_keys(q_code, _ids.hash_ids(q_doc, words), bits)
    q_keys, by_key = sorted_keys(q_keys, shift, q_code)
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
    exact = _ids.same_ids(r_doc, rows, q_doc, hit) & (r_code[rows] == q_code[hit])  # no collision
    grade[rows[exact]] = q_grade[hit[exact]]
    # A key shared by several run rows (a hash collision inside the run; a real
    # duplicate was refused before): only the first of them was tried above, so look
    # all of them up exactly. (A key shared by several judgments needs nothing more:
    # each of them was compared with the run row above.)
    shared = np.flatnonzero(r_sorted_keys[1:] == r_sorted_keys[:-1])
    if shared.size:
        rows = r_by_key[np.unique(np.r_[shared, shared + 1])]  # run rows to look up
        judgments = by_key[np.isin(q_keys, r_sorted_keys[shared])]
        table = dict(zip(zip(q_code[judgments].tolist(), _ids.id_bytes(q_doc, judgments)),
                         q_grade[judgments].tolist()))
        grade[rows] = np.fromiter((table.get(pair, np.nan) for pair in
                                   zip(r_code[rows].tolist(), _ids.id_bytes(r_doc, rows))),
                                  np.float64, rows.size)
    return grade
