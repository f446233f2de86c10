r"""The join: each run row's grade from the qrels row with the same (topic, doc), in arrays.

io owns the array form end to end: it reads the files into it (:mod:`rankbook.io.convert`),
and it joins a run to its judgments here, so that the batch evaluator
(:mod:`rankbook.evaluation.batch`) asks for one thing, :func:`join_run`, and computes measures.

:func:`join_run` numbers the topics of both sides in string order (C's ``strcmp`` order on
UTF-8 bytes) and tells which are evaluated: those of the qrels, and with ``complete`` only
those also in the run (trec_eval's ``-c``). :meth:`JoinedRun.ranked_grades` then gives each
kept run row its topic and grade (NaN: unjudged), in trec_eval's order
(:mod:`rankbook.io.order`: score descending, ties by docid descending).

Documents are joined to their judgments through a 64-bit key per (topic, doc):
the topic's code in the top bits, a hash of the document below
(:func:`rankbook.io.arrays.topic_major_keys`), each match then checked byte for byte, so a hash
collision can never give a wrong grade. With the topic on top, the sorted keys
are in topic order, so each topic's keys can be sorted alone
(:func:`sorted_keys`): much faster than one sort of the whole run.
"""

from __future__ import annotations

import numpy as np

from rankbook.io import arrays
from rankbook.io.convert import refuse_duplicates
from rankbook.io.order import compared_scores, order_rows


def join_run(qrels: arrays.Judgments, run: arrays.Ranking, *, complete: bool) -> "JoinedRun":
    """A run and its judgments joined, topic by topic, in the array form.

    The topics are numbered at once (:class:`JoinedRun` says which are evaluated and which
    are on one side only); the grades of the run's rows come with
    :meth:`JoinedRun.ranked_grades`. The run's arrays are released as they are used: the
    caller should not use ``run`` after.

    Parameters
    ----------
    qrels : rankbook.io.arrays.Judgments
        The judgments (:func:`rankbook.io.convert.as_judgments`).
    run : rankbook.io.arrays.Ranking
        The run (:func:`rankbook.io.convert.as_ranking`).
    complete : bool
        Evaluate every topic of the qrels (trec_eval's ``-c``), not only those in the run.

    Returns
    -------
    JoinedRun
    """
    return JoinedRun(qrels, run, complete)


class JoinedRun:
    """A run joined to its judgments (see :func:`join_run`).

    Attributes
    ----------
    topics : list of str
        The evaluated topics, in string order; topic index t is ``topics[t]``.
    only_run, only_qrels : list of str
        Topics of one side only, in string order.
    judged_topic, judged_grade : numpy.ndarray
        Topic index and grade of each judgment of an evaluated topic (qrels order).
    """

    def __init__(self, qrels: arrays.Judgments, run: arrays.Ranking, complete: bool):
        universe, q_code, r_code = arrays.topic_codes(qrels.query, run.query)
        in_qrels, in_run = (np.bincount(c, minlength=len(universe)) > 0 for c in (q_code, r_code))
        run.query = r_code  # the run's topic ids are not needed again: keep only their codes
        self.qrels, self.run, self.universe = qrels, run, universe
        self.in_qrels, self.in_run = in_qrels, in_run
        self.only_run = arrays.text_ids(arrays.pick(universe, in_run & ~in_qrels))
        self.only_qrels = arrays.text_ids(arrays.pick(universe, in_qrels & ~in_run))
        wanted = in_qrels if complete else in_qrels & in_run
        self.topics = arrays.text_ids(arrays.pick(universe, wanted))
        # topic index 0..T-1 of each code (-1: not evaluated)
        self.index_of = np.where(wanted, np.cumsum(wanted) - 1, -1).astype(np.int32)
        self.q_code = q_code
        q_topic = self.index_of[q_code]
        self.judged_topic = q_topic[q_topic >= 0]
        self.judged_grade = qrels.grade[q_topic >= 0]

    def run_topics(self) -> list:
        """Every topic of the run, in string order (for a message)."""
        return arrays.text_ids(arrays.pick(self.universe, self.in_run))

    def qrels_topics(self) -> list:
        """Every topic of the qrels, in string order (for a message)."""
        return arrays.text_ids(arrays.pick(self.universe, self.in_qrels))

    def ranked_grades(self, trec_eval: str) -> tuple[np.ndarray, np.ndarray]:
        """Topic index and grade (NaN: unjudged) of each kept run row, in trec_eval's order.

        Rows of topics that are not evaluated are left out (as trec_eval ignores topics
        only in the run); a document listed twice in one topic is refused
        (:func:`rankbook.io.convert.refuse_duplicates`, :func:`rankbook.io.convert.as_run`'s
        error). Called once: the run's arrays are released.
        """
        run, qrels, index_of, q_code = self.run, self.qrels, self.index_of, self.q_code
        self.run = None
        q_topic = index_of[q_code]
        r_code = run.query
        q_doc, run.doc = arrays.same_form(qrels.doc, run.doc)
        # One key per (topic, doc) of the run, sorted: equal neighbours are documents listed
        # twice (refused), and the sorted keys are looked up in the qrels' keys.
        words = arrays.id_words(q_doc, run.doc)
        shift = max(len(run.doc), len(q_doc), 1).bit_length()  # bits for a row number
        bits = arrays.topic_bits(index_of.size)
        r_keys, by_key = run_keys(run, r_code, self.universe, words, shift, bits)
        grade = join(q_code, q_topic, q_doc, qrels.grade, r_code, run.doc, r_keys, by_key,
                     words, shift, bits)
        del r_keys, by_key
        keep = index_of[r_code] >= 0
        r_docs, r_score = run.doc, run.score
        run.query = run.doc = run.score = run.lines = None  # free them as soon as possible
        if not keep.all():  # topics only in the run are ignored, as trec_eval does
            r_code, r_score, grade = r_code[keep], r_score[keep], grade[keep]
            r_docs = arrays.pick(r_docs, keep)
        del keep
        r_topic = index_of[r_code]
        del r_code
        order = order_rows(r_topic, compared_scores(r_score, trec_eval), r_docs)
        del r_score, r_docs
        return r_topic[order], grade[order]


def sorted_keys(keys: np.ndarray, shift: int, code: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The keys cut to their top ``64 - shift`` bits, sorted, and the rows in that order.

    Equivalent to ``argsort`` then a gather, but several times faster: the row number is
    written into the ``shift`` low bits of its key and the packed integers are sorted
    with ``ndarray.sort`` (numpy's SIMD sort; ``argsort`` is much slower), so each row
    comes out next to its key; and when the rows come in topic blocks (``code``, one
    block per topic, the usual file) each topic is sorted alone, as one row of a padded
    matrix (:func:`rankbook.io.arrays.sort_by_topic`). Rows must be below ``2**shift``. The shorter key
    makes a collision likelier, which costs nothing in correctness: every match is
    checked byte for byte. ``keys`` is overwritten.
    """
    bits = np.uint64(shift)
    keys >>= bits
    keys <<= bits
    keys |= np.arange(keys.size, dtype=np.uint64)
    keys = arrays.sort_by_topic(keys, code)
    rows = keys & np.uint64((1 << shift) - 1)
    rows = rows.view(np.int64) if np.intp is np.int64 else rows.astype(np.intp)  # no copy
    keys >>= bits
    return keys, rows


def run_keys(run: arrays.Ranking, r_code, universe, words: int, shift: int, bits: int):
    """The run's sorted (topic, doc) keys and rows; a document listed twice is refused.

    ``r_code`` are the run's topic codes into ``universe`` (the topic ids, for the message).
    """
    r_keys, by_key = sorted_keys(
        arrays.topic_major_keys(r_code, arrays.hash_ids(run.doc, words), bits), shift, r_code)
    if r_keys.size > 1 and (r_keys[1:] == r_keys[:-1]).any():
        same = np.flatnonzero(r_keys[1:] == r_keys[:-1])
        rows = np.unique(np.r_[by_key[same], by_key[same + 1]])  # equal keys: check exactly
        pairs = list(zip(r_code[rows].tolist(), arrays.id_bytes(run.doc, rows)))
        if len(set(pairs)) < len(pairs):
            run.query = arrays.pick(universe, r_code)  # the ids again, for the message
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
    q_code, q_grade = q_code[judged], q_grade[judged]
    q_doc = q_doc if judged.all() else arrays.pick(q_doc, judged)
    q_keys = arrays.topic_major_keys(q_code, arrays.hash_ids(q_doc, words), bits)
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
    exact = arrays.same_ids(r_doc, rows, q_doc, hit) & (r_code[rows] == q_code[hit])  # no collision
    grade[rows[exact]] = q_grade[hit[exact]]
    # A key shared by several run rows (a hash collision inside the run; a real
    # duplicate was refused before): only the first of them was tried above, so look
    # all of them up exactly. (A key shared by several judgments needs nothing more:
    # each of them was compared with the run row above.)
    shared = np.flatnonzero(r_sorted_keys[1:] == r_sorted_keys[:-1])
    if shared.size:
        rows = r_by_key[np.unique(np.r_[shared, shared + 1])]  # run rows to look up
        judgments = by_key[np.isin(q_keys, r_sorted_keys[shared])]
        table = dict(zip(zip(q_code[judgments].tolist(), arrays.id_bytes(q_doc, judgments)),
                         q_grade[judgments].tolist()))
        grade[rows] = np.fromiter((table.get(pair, np.nan) for pair in
                                   zip(r_code[rows].tolist(), arrays.id_bytes(r_doc, rows))),
                                  np.float64, rows.size)
    return grade
