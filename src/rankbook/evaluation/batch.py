r"""The batch evaluator: every measure of every topic at once, with numpy segment operations.

This module is an *optimisation* of :mod:`rankbook.evaluation`'s per-topic path, which
calls the textbook functions of :mod:`rankbook.metrics` once per topic and measure
(the reference; still reachable as ``rankbook.evaluation._evaluate_textbook``).
Here the whole run is one array, sorted by (topic, score descending, docid
descending) as trec_eval orders it, and each measure is computed for all topics with
array operations over the rows of each topic ("segments"). Every block below names
the formula it computes and the textbook function it must equal;
``tests/test_batch.py`` checks the two paths agree within 1e-12 on random data.

Ids stay numpy byte strings (``S`` arrays) from the file reader to here, never one
Python ``str`` per line. Topics get integer codes in string order (for UTF-8 ids,
byte order is Python's string order and C's ``strcmp`` order). Documents are joined
to their judgments through a 64-bit hash of (topic, docid), each match then checked
byte for byte, so a hash collision can never give a wrong grade.

Notation, per topic $q$ (a segment of rows, rank $i = 1, 2, \dots$ after the
``max_docs`` cut): $g_i$ the grade (0 when unjudged), $\mathrm{rel}_i = [g_i \ge
\ell]$ with $\ell$ the relevance level, $F_i = \sum_{j \le i} \mathrm{rel}_j$ the
relevant documents found up to rank $i$, $R$ the judged relevant documents of the
topic, $N$ its judged non-relevant ones (grade in $[0, \ell)$).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from rankbook._errors import InvalidValueError
from rankbook.metrics.interpolation import ELEVEN_RECALL_LEVELS

# The measure families this module computes (all of evaluate.FAMILIES).
SUPPORTED = frozenset({
    "runid", "num_q", "num_ret", "num_rel", "num_rel_ret", "map", "gm_map", "Rprec", "bpref",
    "recip_rank", "iprec_at_recall", "P", "recall", "11pt_avg", "ndcg", "ndcg_cut", "map_cut",
    "success", "set_P", "set_recall", "set_map", "set_F",
})
_HASH_BLOCK = 1 << 16  # rows hashed at a time (keeps the temporaries small)
_M1 = np.uint64(0x9E3779B97F4A7C15)
_M2 = np.uint64(0xBF58476D1CE4E5B9)
_M3 = np.uint64(0x94D049BB133111EB)


# --- inputs as arrays ---------------------------------------------------------------------

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


def load_qrels(qrels, *, progress: bool = False) -> Judgments:
    """Any input :func:`rankbook.io.as_qrels` accepts, as :class:`Judgments`.

    A file is read straight into arrays; a repeated judgment is then handed to
    :func:`rankbook.io.trec.make_qrels`, which raises (different grades) or warns
    and keeps one (same grade), exactly as :func:`rankbook.io.read_qrels` does.
    """
    import os

    from rankbook.io.trec import read_qrels_arrays

    if isinstance(qrels, (str, os.PathLike)):
        query, doc, grade, lines = read_qrels_arrays(qrels, progress=progress)
        if _has_duplicates(query, doc):
            from rankbook.io.trec import _text, make_qrels

            frame = make_qrels(_text(query), _text(doc), grade, lines, str(qrels))
            return _judgments_from_frame(frame)
        return Judgments(query, doc, grade, str(qrels))
    from rankbook.io.convert import as_qrels

    return _judgments_from_frame(as_qrels(qrels))


def load_run(run, *, progress: bool = False) -> Ranking:
    """Any input :func:`rankbook.io.as_run` accepts, as :class:`Ranking`.

    A document listed twice in one topic is refused later, by :func:`evaluate_arrays`
    (through :func:`rankbook.io.trec.make_run`, so with :func:`rankbook.io.read_run`'s message).
    """
    import os

    from rankbook.io.trec import read_run_arrays

    if isinstance(run, (str, os.PathLike)):
        query, doc, score, lines, name = read_run_arrays(run, progress=progress)
        # (a document listed twice is refused by evaluate_arrays, which hashes the pairs anyway)
        return Ranking(query, doc, score, lines, str(run), name)
    from rankbook.io.convert import as_run

    frame = as_run(run)
    return Ranking(_bytes(frame["query"]), _bytes(frame["doc"]),
                   frame["score"].to_numpy(dtype=np.float64), np.arange(1, len(frame) + 1),
                   frame.attrs.get("source", "run"), frame.attrs.get("name", "rankbook"))


def _judgments_from_frame(frame) -> Judgments:
    return Judgments(_bytes(frame["query"]), _bytes(frame["doc"]),
                     frame["grade"].to_numpy(dtype=np.float64), frame.attrs.get("source", "qrels"))


def _bytes(column) -> np.ndarray:
    """A column of str ids as an ``S`` array of their UTF-8 bytes."""
    values = [value.encode("utf-8") for value in column.tolist()]
    return np.array(values, dtype=bytes) if values else np.zeros(0, dtype="S1")


# --- ids: topic codes and (topic, doc) hash keys ------------------------------------------

def _blocks(ids: np.ndarray):
    """Start of each run of equal consecutive ids (topics usually come in blocks)."""
    if ids.size == 0:
        return np.zeros(0, dtype=np.int64)
    return np.r_[0, np.flatnonzero(ids[1:] != ids[:-1]) + 1]


def _codes(ids: np.ndarray, universe: np.ndarray) -> np.ndarray:
    """Position of each id in the sorted array ``universe`` (int32), one lookup per block."""
    starts = _blocks(ids)
    heads = np.searchsorted(universe, ids[starts]).astype(np.int32)
    return np.repeat(heads, np.diff(np.r_[starts, ids.size]))


def _distinct(ids: np.ndarray) -> np.ndarray:
    """The sorted distinct ids (via the block heads: cheap when topics come in blocks)."""
    return np.unique(ids[_blocks(ids)])


def _hash_ids(ids: np.ndarray, words: int) -> np.ndarray:
    """A 64-bit hash of each byte string, read as ``words`` 8-byte words (zero-padded)."""
    width = ids.itemsize
    out = np.empty(ids.size, dtype=np.uint64)
    raw = ids.view(np.uint8).reshape(ids.size, width)
    for lo in range(0, ids.size, _HASH_BLOCK):
        block = np.zeros((min(_HASH_BLOCK, ids.size - lo), 8 * words), dtype=np.uint8)
        block[:, :width] = raw[lo:lo + block.shape[0]]
        padded = block.view(np.uint64)
        h = np.full(block.shape[0], np.uint64(words), dtype=np.uint64)
        for w in range(words):  # multiply-xorshift per word; _keys mixes the result fully
            h ^= padded[:, w]
            h *= _M1
            h ^= h >> np.uint64(32)
        out[lo:lo + block.shape[0]] = h
    return out


def _mix(h: np.ndarray) -> np.ndarray:
    """splitmix64's finaliser: spreads every input bit over the 64 output bits."""
    h = (h ^ (h >> np.uint64(30))) * _M2
    h = (h ^ (h >> np.uint64(27))) * _M3
    return h ^ (h >> np.uint64(31))


def _keys(codes: np.ndarray, doc_hash: np.ndarray) -> np.ndarray:
    """One uint64 key per (topic code, doc)."""
    return _mix(doc_hash ^ (codes.astype(np.uint64) * _M1))


def _sorted_keys(keys: np.ndarray, shift: int) -> tuple[np.ndarray, np.ndarray]:
    """The keys cut to their top ``64 - shift`` bits, sorted, and the rows in that order.

    Equivalent to ``argsort`` then a gather, but about 5x faster: the row number is
    written into the ``shift`` low bits of its key and the packed integers are sorted
    with ``ndarray.sort`` (numpy's SIMD sort; ``argsort`` is much slower), so each row
    comes out next to its key. Rows must be below ``2**shift``. The shorter key makes
    a collision likelier, which costs nothing in correctness: every match is checked
    byte for byte. ``keys`` is overwritten.
    """
    bits = np.uint64(shift)
    keys >>= bits
    keys <<= bits
    keys |= np.arange(keys.size, dtype=np.uint64)
    keys.sort()
    rows = keys & np.uint64((1 << shift) - 1)
    rows = rows.view(np.int64) if np.intp is np.int64 else rows.astype(np.intp)  # no copy
    keys >>= bits
    return keys, rows


def _words(*id_arrays: np.ndarray) -> int:
    return max(-(-a.itemsize // 8) for a in id_arrays)


def _has_duplicates(query: np.ndarray, doc: np.ndarray) -> bool:
    """Whether some (query, doc) pair occurs twice (hash candidates checked exactly)."""
    keys = _keys(_codes(query, _distinct(query)), _hash_ids(doc, _words(doc)))
    ordered = np.sort(keys)
    same = ordered[1:] == ordered[:-1]
    if not same.any():
        return False
    candidates = np.isin(keys, ordered[1:][same])  # rows whose key repeats: check exactly
    pairs = list(zip(query[candidates].tolist(), doc[candidates].tolist()))
    return len(set(pairs)) < len(pairs)


# --- the evaluation -------------------------------------------------------------------------

@dataclass
class Outcome:
    """Per-topic values of every requested measure, topics in string order."""

    topics: list            # str ids of the evaluated topics
    values: dict            # (family, param) -> numpy array, one value per topic
    only_run: list
    only_qrels: list


def evaluate_arrays(qrels: Judgments, run: Ranking, families: dict, *, complete: bool,
                    max_docs: int | None, level: float, report=None) -> Outcome:
    """Every requested measure of every evaluated topic.

    ``families`` maps a trec_eval family name to its parameters (as
    ``evaluate._assemble`` builds it). ``report(only_run, only_qrels)`` is called
    with the one-sided topics (the caller warns). The run's arrays are released
    as soon as they are no longer needed (the caller should not use ``run`` after).
    """
    # Topic codes: position in the sorted union of both files' topic ids.
    q_topics, r_topics = _distinct(qrels.query), _distinct(run.query)
    universe = np.unique(np.concatenate([q_topics, r_topics]))
    in_qrels = np.isin(universe, q_topics)
    in_run = np.isin(universe, r_topics)
    only_run = [t.decode("utf-8") for t in universe[in_run & ~in_qrels].tolist()]
    only_qrels = [t.decode("utf-8") for t in universe[in_qrels & ~in_run].tolist()]
    if report is not None:
        report(only_run, only_qrels)
    wanted = in_qrels if complete else in_qrels & in_run
    if not wanted.any():
        raise InvalidValueError(
            "no topic is both in the run and in the qrels, so there is nothing to evaluate. "
            f"Run topics: {_examples(r_topics)}; qrels topics: {_examples(q_topics)}. Check "
            "that the files belong together (or pass complete=True / -c to score the missing "
            "topics as 0).")
    T = int(np.count_nonzero(wanted))
    # topic index 0..T-1 of each code (-1: not evaluated)
    index_of = np.where(wanted, np.cumsum(wanted) - 1, -1).astype(np.int32)
    topics = [t.decode("utf-8") for t in universe[wanted].tolist()]

    q_code = _codes(qrels.query, universe)
    q_topic = index_of[q_code]
    r_code = _codes(run.query, universe)
    # One key per (topic, doc) of the run, sorted: equal neighbours are documents listed
    # twice (refused), and the sorted keys are looked up in the qrels' keys.
    words = _words(qrels.doc, run.doc)
    shift = max(run.doc.size, qrels.doc.size, 1).bit_length()  # bits for a row number
    r_keys, by_key = _sorted_keys(_keys(r_code, _hash_ids(run.doc, words)), shift)
    if r_keys.size > 1 and (r_keys[1:] == r_keys[:-1]).any():
        _refuse_duplicates(run, r_code, r_keys, by_key)
    grade = _join(q_code, q_topic, qrels.doc, qrels.grade, r_code, run.doc, r_keys, by_key,
                  words, shift)
    del r_keys, by_key
    keep = wanted[r_code]
    r_docs, r_score = run.doc, run.score
    run.query = run.doc = run.score = run.lines = None  # free them as soon as possible
    if not keep.all():  # topics only in the run are ignored, as trec_eval does
        r_code, r_docs, r_score, grade = r_code[keep], r_docs[keep], r_score[keep], grade[keep]
    del keep
    r_topic = index_of[r_code]
    del r_code

    # trec_eval's order, then each document's grade (NaN when unjudged) in that order.
    order = _trec_order(r_topic, r_score, r_docs)
    del r_score, r_docs
    grade = grade[order]
    topic = r_topic[order]
    del r_topic, order
    judged_grades = qrels.grade[q_topic >= 0]
    judged_topic = q_topic[q_topic >= 0]
    return Outcome(topics, _measures(families, topic, grade, judged_topic, judged_grades, T,
                                     max_docs, level), only_run, only_qrels)


def _trec_order(topic: np.ndarray, score: np.ndarray, docs: np.ndarray) -> np.ndarray:
    """Row order by topic, score descending, docid descending (``rankbook.io.trec_order``)."""
    n = topic.size
    starts = _blocks(topic)
    lengths = np.diff(np.r_[starts, n])
    heads = topic[starts]
    descending = score[1:] <= score[:-1]
    descending[starts[1:] - 1] = True  # a block boundary is not a step inside a topic
    if np.unique(heads).size == heads.size and descending.all():
        # Fast path (the usual file): each topic one block, already by score descending;
        # only the blocks need putting in topic order.
        by_topic = np.argsort(heads, kind="stable")
        lengths = lengths[by_topic]
        order = np.repeat(starts[by_topic] - (np.cumsum(lengths) - lengths), lengths)
        order += np.arange(n)
    else:
        order = np.lexsort((-score, topic))
    # Equal scores in one topic: docid descending, by bytes (C's strcmp).
    t, s = topic[order], score[order]
    tied = (t[1:] == t[:-1]) & (s[1:] == s[:-1])  # row i+1 ties with row i
    del t, s
    if tied.any():
        member = np.zeros(n, dtype=np.bool_)
        member[1:] |= tied
        member[:-1] |= tied
        where = np.flatnonzero(member)
        group = np.cumsum(~np.r_[False, tied][where])  # a new group where not tied to the row above
        # Most tie groups are pairs: put the larger docid first with one comparison
        # per pair (sorting the tied docids as strings is the slow part otherwise).
        pair = np.bincount(group)[group] == 2
        first = np.flatnonzero(pair)[0::2]  # the two members of a pair are adjacent
        upper, lower = order[where[first]], order[where[first + 1]]
        swap = docs[upper] < docs[lower]
        order[where[first[swap]]] = lower[swap]
        order[where[first[swap] + 1]] = upper[swap]
        # Larger groups: rank their docids, then sort by (group, docid descending).
        where, group = where[~pair], group[~pair]
        if where.size:
            rows = order[where]
            _, doc_rank = np.unique(docs[rows], return_inverse=True)
            order[where] = rows[np.lexsort((-doc_rank.ravel(), group))]
    return order


def _refuse_duplicates(run: Ranking, r_code, sorted_keys, by_key) -> None:
    """Raise :func:`rankbook.io.read_run`'s error if a (topic, doc) pair really repeats."""
    same = np.flatnonzero(sorted_keys[1:] == sorted_keys[:-1])
    rows = np.unique(np.r_[by_key[same], by_key[same + 1]])  # equal hash keys: check exactly
    pairs = list(zip(r_code[rows].tolist(), run.doc[rows].tolist()))
    if len(set(pairs)) < len(pairs):
        from rankbook.io.trec import _text, make_run

        make_run(_text(run.query), _text(run.doc), run.score, run.lines, run.source)  # raises


def _join(q_code, q_topic, q_doc, q_grade, r_code, r_doc, r_sorted_keys, r_by_key,
          words: int, shift: int) -> np.ndarray:
    """Grade of each run row from the qrels row with the same (topic, doc); NaN if none.

    Only judgments of evaluated topics (``q_topic >= 0``) take part. ``r_sorted_keys``
    are the run's (topic, doc) keys cut and sorted by :func:`_sorted_keys` with the
    same ``shift``, ``r_by_key`` the rows in that order.
    """
    judged = q_topic >= 0
    q_code, q_doc, q_grade = q_code[judged], q_doc[judged], q_grade[judged]
    q_keys, by_key = _sorted_keys(_keys(q_code, _hash_ids(q_doc, words)), shift)
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


def _measures(families: dict, topic, grade, judged_topic, judged_grades, T: int,
              max_docs: int | None, level: float) -> dict:
    """Every requested measure for every topic; ``topic``/``grade`` are in trec_eval order."""
    count = np.bincount(topic, minlength=T)            # documents retrieved per topic
    first = np.cumsum(count) - count                   # first row of each topic
    rank = (np.arange(topic.size) - first[topic] + 1).astype(np.int32 if topic.size < 2**31
                                                              else np.int64)
    if max_docs is not None and count.size and count.max() > max_docs:  # trec_eval's -M
        cut = rank <= max_docs
        topic, grade, rank = topic[cut], grade[cut], rank[cut]
        count = np.minimum(count, max_docs)
        first = np.cumsum(count) - count
    judged = ~np.isnan(grade)
    grade = np.where(judged, grade, 0.0)              # unjudged: grade 0 (except in bpref)
    rel = grade >= level                               # rel_i = [g_i >= l]
    # F_i: within-topic cumsum = global cumsum minus the total before the topic (exact ints).
    found = np.cumsum(rel, dtype=np.int64)
    before = np.zeros(T, dtype=np.int64)
    nonempty = count > 0
    before[nonempty] = found[first[nonempty]] - rel[first[nonempty]]
    found -= before[topic]
    # R and N from every judgment of the topic (retrieved or not).
    R = np.bincount(judged_topic[judged_grades >= level], minlength=T)
    N = np.bincount(judged_topic[(judged_grades >= 0) & (judged_grades < level)], minlength=T)
    F = np.bincount(topic[rel], minlength=T)           # relevant retrieved (num_rel_ret)
    has_R = R > 0
    R_safe = np.maximum(R, 1)

    def found_in_top(k) -> np.ndarray:
        """F at rank min(k, n_q) per topic: ``metrics._common.relevant_in_top``."""
        k = np.minimum(k, count)
        out = np.zeros(T, dtype=np.int64)
        some = k > 0
        out[some] = found[first[some] + k[some] - 1]
        return out

    def per_topic_sum(rows: np.ndarray, values: np.ndarray) -> np.ndarray:
        """Sum of ``values`` over the selected rows of each topic (0 for none)."""
        return np.bincount(topic[rows], weights=values, minlength=T)

    out: dict = {}
    rel_rows = np.flatnonzero(rel)
    precision_at_rel = found[rel_rows] / rank[rel_rows]   # F_i / i at each relevant rank
    for family, params in families.items():
        if family == "num_ret":
            out[family, None] = count.astype(np.int64)
        elif family == "num_rel":
            out[family, None] = R.astype(np.int64)
        elif family == "num_rel_ret":
            out[family, None] = F.astype(np.int64)
        elif family == "num_q":
            out[family, None] = np.ones(T, dtype=np.int64)
        elif family in ("map", "gm_map"):
            # AP = (1/R) sum_{i: rel_i} F_i / i  (metrics.average_precision.average_precision)
            total = per_topic_sum(rel_rows, precision_at_rel)
            out[family, None] = np.where(has_R, total / R_safe, 0.0)
        elif family == "map_cut":
            # AP@k: the same sum over ranks i <= k, still divided by R
            for k in params:
                top = rank[rel_rows] <= k
                total = per_topic_sum(rel_rows[top], precision_at_rel[top])
                out[family, k] = np.where(has_R, total / R_safe, 0.0)
        elif family == "Rprec":
            # R-prec = F_R / R  (metrics.precision.r_precision)
            out[family, None] = np.where(has_R, found_in_top(R) / R_safe, 0.0)
        elif family == "bpref":
            out[family, None] = _bpref(topic, grade, judged, rel, rel_rows, first, R, N, T)
        elif family == "recip_rank":
            # RR = 1 / (rank of the first relevant)  (metrics.reciprocal_rank.reciprocal_rank)
            rr = np.zeros(T)
            t_rel = topic[rel_rows]
            head = np.r_[True, t_rel[1:] != t_rel[:-1]] if t_rel.size else np.zeros(0, bool)
            rr[t_rel[head]] = 1.0 / rank[rel_rows[head]]
            out[family, None] = rr
        elif family == "iprec_at_recall":
            values = _interpolated(topic, rel_rows, precision_at_rel, R, F, params, T)
            out.update({(family, p): v for p, v in zip(params, values)})
        elif family == "11pt_avg":
            # (1/11) sum over levels 1.0, 0.9, ..., 0.0 of iP@r, summed in that order
            # (metrics.interpolation.eleven_point_average_precision)
            values = _interpolated(topic, rel_rows, precision_at_rel, R, F, ELEVEN_RECALL_LEVELS, T)
            total = np.zeros(T)
            for v in values[::-1]:
                total = total + v
            out[family, None] = total / len(values)
        elif family == "P":
            # P@k = F_k / k  (metrics.precision.precision_at_k)
            for k in params:
                out[family, k] = found_in_top(np.full(T, k)) / k
        elif family == "recall":
            # R@k = F_k / R  (metrics.precision.recall_at_k)
            for k in params:
                out[family, k] = np.where(has_R, found_in_top(np.full(T, k)) / R_safe, 0.0)
        elif family == "success":
            # success@k = [F_k > 0]  (metrics.precision.success_at_k)
            for k in params:
                out[family, k] = (found_in_top(np.full(T, k)) > 0).astype(np.float64)
        elif family in ("ndcg", "ndcg_cut"):
            cutoffs = [None] if family == "ndcg" else params
            for k, value in zip(cutoffs, _ndcg(topic, grade, rank, judged_topic, judged_grades,
                                               cutoffs, T)):
                out[family, k] = value
        elif family in ("set_P", "set_recall", "set_map", "set_F"):
            # The retrieved set = the list cut at its own length n_q (see evaluate._values):
            # P = F/n_q, recall = F/R, set_map = P * recall, F1 = 2 P recall / (P + recall)
            # (metrics.precision.precision_at_k, recall_at_k, f1_at_k at k = n_q).
            ret = count > 0
            p = np.where(ret, F / np.maximum(count, 1), 0.0)
            r = np.where(ret & has_R, F / R_safe, 0.0)
            if family == "set_P":
                out[family, None] = p
            elif family == "set_recall":
                out[family, None] = r
            elif family == "set_map":
                out[family, None] = p * r
            else:
                both = p + r
                out[family, None] = np.where(both == 0, 0.0, 2 * p * r / np.where(both == 0, 1,
                                                                                   both))
    return out


def _bpref(topic, grade, judged, rel, rel_rows, first, R, N, T) -> np.ndarray:
    r"""bpref = (1/R) sum over retrieved relevant r of (1 - min(n_r, R) / min(N, R)).

    $n_r$ = judged non-relevant documents (grade in $[0, \ell)$; unjudged and
    negative grades skipped) ranked above $r$; with $N = 0$ it is (relevant
    retrieved) / R. Must equal :func:`rankbook.metrics.bpref.bpref`.
    """
    nonrelevant = judged & (grade >= 0) & ~rel
    above = np.cumsum(nonrelevant, dtype=np.int64)
    before = np.zeros(T, dtype=np.int64)
    some = np.flatnonzero(np.bincount(topic, minlength=T) > 0)
    before[some] = above[first[some]] - nonrelevant[first[some]]
    n_r = above[rel_rows] - before[topic[rel_rows]]   # rel rows are not non-relevant
    t_rel = topic[rel_rows]
    R_safe = np.maximum(R, 1)
    terms = 1.0 - np.minimum(n_r, R[t_rel]) / np.maximum(np.minimum(N, R), 1)[t_rel]
    total = np.bincount(t_rel, weights=terms, minlength=T)
    with_N = total / R_safe
    without_N = np.bincount(t_rel, minlength=T) / R_safe
    return np.where(R == 0, 0.0, np.where(N == 0, without_N, with_N))


def _interpolated(topic, rel_rows, precision_at_rel, R, F, levels, T) -> list:
    r"""iP@r = max precision at any rank where F_i >= floor(r R + 0.9), 0 if none.

    (:func:`rankbook.metrics.interpolation.interpolated_precision`, trec_eval 9's
    cutoff rule.) Precision only rises at relevant ranks, so the maximum over the
    ranks with $F_i \ge m$ is the maximum of $F_i/i$ over the relevant ranks with
    $F_i \ge m$: the relevant documents $m, m+1, \dots, F$ of the topic (from the
    first one when $m \le 0$). One ``np.maximum.reduceat`` over those index ranges.
    """
    t_rel = topic[rel_rows]
    start = np.searchsorted(t_rel, np.arange(T))      # first relevant row of each topic
    values = np.r_[precision_at_rel, 0.0]             # a sentinel so every bound is valid
    out = []
    for r in levels:
        needed = (r * R + 0.9).astype(np.int64)       # C's (long)(r * R + 0.9)
        lo = start + np.maximum(needed, 1) - 1
        hi = start + F
        ok = lo < hi
        bounds = np.empty(2 * T, dtype=np.int64)
        bounds[0::2] = np.where(ok, lo, 0)
        bounds[1::2] = np.where(ok, hi, 0)
        best = np.maximum.reduceat(values, bounds)[0::2] if T else np.zeros(0)
        out.append(np.where(ok, best, 0.0))
    return out


def _ndcg(topic, grade, rank, judged_topic, judged_grades, cutoffs, T) -> list:
    r"""nDCG@k = DCG@k / IDCG@k, DCG@k = sum_{i <= k} max(g_i, 0) / log2(i + 1).

    IDCG@k is the DCG@k of every judged grade of the topic sorted descending
    (negative grades gain 0); 0 when IDCG is 0. Must equal
    :func:`rankbook.metrics.dcg.ndcg_at_k` with ``ideal`` = the topic's grades.
    """
    gains = np.flatnonzero(grade > 0)                 # rows with a non-zero term
    terms = grade[gains] / np.log2(rank[gains] + 1.0)
    # the ideal ranking: each topic's judged grades, best first
    order = np.lexsort((-judged_grades, judged_topic))
    ideal_topic = judged_topic[order]
    ideal_grade = np.maximum(judged_grades[order], 0.0)
    n_judged = np.bincount(ideal_topic, minlength=T)
    ideal_rank = np.arange(ideal_topic.size) - (np.cumsum(n_judged) - n_judged)[ideal_topic] + 1
    ideal_terms = ideal_grade / np.log2(ideal_rank + 1.0)
    out = []
    for k in cutoffs:
        top = slice(None) if k is None else rank[gains] <= k
        dcg = np.bincount(topic[gains][top], weights=terms[top], minlength=T)
        itop = slice(None) if k is None else ideal_rank <= k
        idcg = np.bincount(ideal_topic[itop], weights=ideal_terms[itop], minlength=T)
        out.append(np.where(idcg > 0, dcg / np.where(idcg > 0, idcg, 1.0), 0.0))
    return out


def _examples(ids: np.ndarray, n: int = 5) -> str:
    shown = [i.decode("utf-8") for i in ids[:n].tolist()]
    text = ", ".join(repr(i) for i in shown)
    return text + (f" and {ids.size - n} more" if ids.size > n else "") if shown else "none"
