r"""trec_eval's order of a run: the one definition, used by both evaluation paths and by `write_run`.

Within a topic, documents are ordered by score descending, and equal scores by
document id descending (byte order, as C's ``strcmp``; for UTF-8 text that is
Python's string order). The rank column of a run file is not used.

**Which scores are equal** depends on the trec_eval version (``trec_eval``): float32 for 9.x,
doubles for 10.0 (`compared_scores`, from `rankbook._trec_scores`, which `rankbook.collections`
shares).
"""

from __future__ import annotations

import numpy as np

from rankbook._trec_scores import compared_scores
from rankbook.io.fast import Tokens, byte_order, take


def trec_order(run, *, trec_eval: str = "9") -> np.ndarray:
    r"""Row positions of ``run`` in trec_eval's order.

    Topics in string order; within a topic, score descending, and equal scores
    by document id descending (byte order, as C's ``strcmp``; for UTF-8 text
    that is Python's string order). The rank column, if any, is not used.

    Parameters
    ----------
    run : pandas.DataFrame
        Columns ``query``, ``doc``, ``score``.
    trec_eval : {"9", "10"}, default "9"
        Compare scores as trec_eval 9 does (rounded to float32) or as 10 does
        (doubles); see the module docstring.

    Returns
    -------
    numpy.ndarray of int
        Positions into ``run``.

    Examples
    --------
    >>> import pandas as pd
    >>> run = pd.DataFrame({"query": ["1", "1", "1"], "doc": ["a", "c", "b"],
    ...                     "score": [1.0, 0.5, 1.0]})
    >>> run.iloc[trec_order(run)].doc.tolist()
    ['b', 'a', 'c']

    Scores 1e-9 apart tie in trec_eval 9 (float32), not in 10:

    >>> run = pd.DataFrame({"query": ["1", "1"], "doc": ["a", "b"], "score": [0.5 + 1e-9, 0.5]})
    >>> run.iloc[trec_order(run)].doc.tolist(), run.iloc[trec_order(run, trec_eval="10")].doc.tolist()
    (['b', 'a'], ['a', 'b'])
    """
    codes = query_codes(run["query"].to_numpy(dtype=object))
    score = compared_scores(run["score"].to_numpy(dtype=np.float64), trec_eval)
    return order_rows(codes, score, run["doc"].to_numpy(dtype=object))


def query_codes(queries: np.ndarray) -> np.ndarray:
    """Integer code of each topic id, numbered in string order (fast when topics come in blocks)."""
    import pandas as pd

    if len(queries) == 0:
        return np.zeros(0, dtype=np.intp)
    start = np.r_[True, queries[1:] != queries[:-1]]
    heads = queries[start]
    head_codes, _ = pd.factorize(heads, sort=True)
    return np.repeat(head_codes, np.diff(np.r_[np.flatnonzero(start), len(queries)]))


def order_rows(topic: np.ndarray, score: np.ndarray, docs: np.ndarray) -> np.ndarray:
    """Row order by topic code, score descending, document id descending.

    ``topic`` holds integer codes in topic order, ``score`` the scores as
    compared (see :func:`compared_scores`), ``docs`` the ids (``S`` bytes, Tokens or
    str objects; a (topic, doc) pair occurs once).
    """
    n = topic.size
    starts = _blocks(topic)
    lengths = np.diff(np.r_[starts, n])
    heads = topic[starts]
    descending = score[1:] <= score[:-1]
    descending[starts[1:] - 1] = True  # a block boundary is not a step inside a topic
    one_block_each = np.unique(heads).size == heads.size
    if one_block_each and descending.all():
        # Fast path (the usual file): each topic one block, already by score descending;
        # only the blocks need putting in topic order.
        by_topic = np.argsort(heads, kind="stable")
        lengths = lengths[by_topic]
        order = np.repeat(starts[by_topic] - (np.cumsum(lengths) - lengths), lengths)
        order += np.arange(n)
    elif one_block_each and n >= BLOCKWISE_ROWS * heads.size:
        order = _by_score_within_blocks(starts, lengths, heads, score)
    else:
        order = np.lexsort((-score, topic))
    _break_ties(order, topic, score, docs)
    return order


#: Rows a topic has on average from which its block is sorted alone (a few times faster than
#: one sort of all rows by two keys; with many short topics, the loop over them is slower).
BLOCKWISE_ROWS = 64


def _by_score_within_blocks(starts, lengths, heads, score) -> np.ndarray:
    """Each topic's block by score descending, ties in row order; the blocks in topic order.

    The order ``np.lexsort((-score, topic))`` gives, when each topic is one block.
    """
    negated = -score
    by_topic = np.argsort(heads, kind="stable")
    return np.concatenate([
        start + np.argsort(negated[start:start + length], kind="stable")
        for start, length in zip(starts[by_topic].tolist(), lengths[by_topic].tolist())])


def _blocks(ids: np.ndarray) -> np.ndarray:
    if ids.size == 0:
        return np.zeros(0, dtype=np.intp)
    return np.r_[0, np.flatnonzero(ids[1:] != ids[:-1]) + 1]


def _break_ties(order: np.ndarray, topic, score, docs) -> None:
    """Equal scores in one topic: document id descending (``order`` is changed in place)."""
    n = order.size
    t, s = topic[order], score[order]
    tied = (t[1:] == t[:-1]) & (s[1:] == s[:-1])  # row i+1 ties with row i
    del t, s
    if not tied.any():
        return
    member = np.zeros(n, dtype=np.bool_)
    member[1:] |= tied
    member[:-1] |= tied
    where = np.flatnonzero(member)
    group = np.cumsum(~np.r_[False, tied][where])  # a new group where not tied to the row above
    if isinstance(docs, Tokens):  # compare the tied ids by their rank in byte order
        rank = np.zeros(n, dtype=np.int64)
        rank[order[where]] = byte_order(take(docs, order[where]))
        docs = rank
    # Most tie groups are pairs: put the larger docid first with one comparison
    # per pair (sorting the tied docids as strings is the slow part otherwise).
    pair = np.bincount(group)[group] == 2
    first = np.flatnonzero(pair)[0::2]  # the two members of a pair are adjacent
    upper, lower = order[where[first]], order[where[first + 1]]
    swap = np.asarray(docs[upper] < docs[lower], dtype=bool)
    order[where[first[swap]]] = lower[swap]
    order[where[first[swap] + 1]] = upper[swap]
    # Larger groups: rank their docids, then sort by (group, docid descending).
    where, group = where[~pair], group[~pair]
    if where.size:
        rows = order[where]
        _, doc_rank = np.unique(docs[rows], return_inverse=True)
        order[where] = rows[np.lexsort((-doc_rank.ravel(), group))]
