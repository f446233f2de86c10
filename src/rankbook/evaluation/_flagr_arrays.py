r"""FLAGR's evaluation rows for every query at once: the speed path of `evaluate_flagr`.

`rankbook.evaluation.flagr` teaches FLAGR's evaluator one query at a time
(``_query_row``): the textbook functions of `rankbook.metrics` called once per
cut-off, each checking its arguments (2,000 calls for a 20-query table at 10
points). Here every query's list is one flat array, query after query (a
*segment* each), and the same quantities are computed for all queries and
cut-offs together, with the textbook functions' own arithmetic, so that every
value is the same double:

| value | the textbook function | here |
| --- | --- | --- |
| $F_k$, the true positives in the top $k$ | ``relevant_in_top``, a count | a cumulative sum within each segment |
| P@k, R@k | $F_k / k$, $F_k / R$ (0 when $R = 0$) | the same divisions, for all queries and $k$ at once |
| AP | ``np.sum`` of $F_i / i$ at the true positives, over $R$ | the same ``np.sum`` on the same contiguous values, per query |
| DCG@k, IDCG@k | ``math.fsum`` of $(2^{\mathrm{rel}_i} - 1) / \log_2(i + 1)$ over the top $k$ | the terms for all queries at once, then the same ``math.fsum`` per query and $k$ |
| nDCG@k | DCG@k / IDCG@k, 0 when IDCG@k = 0 | the same division |

P@k, R@k, DCG@k and nDCG@k are 0 past the end of a list ($n < k$), as FLAGR
writes no value there. ``tests/evaluation/test_evaluation_flagr_arrays.py`` checks that
`flagr_rows` equals the per-query textbook rows exactly, on FLAGR's sample data
and on random lists (ties, zero and negative scores, fractional grades, short
and empty lists, queries without judgments).
"""

from __future__ import annotations

import math

import numpy as np


def flagr_rows(lists: list, relevant: list, points: int) -> np.ndarray:
    """FLAGR's rows of every query: counts, AP, then P, recall, DCG and nDCG at 1..points.

    ``lists[q]`` is ``(items, scores)`` of query q in list order and ``relevant[q]``
    its judgments with a grade above 0 (``{item: grade}``). Returns a float array of
    shape ``(len(lists), 4 + 4 * points)``, the columns of `flagr_columns`.
    """
    n = np.array([len(items) for items, _ in lists], dtype=np.intp)   # repeat counts: np.intp
    R = np.array([len(judged) for judged in relevant], dtype=np.int64)
    grade = np.array([judged.get(item, 0.0) for (items, _), judged in zip(lists, relevant)
                      for item in items], dtype=float)
    score = np.concatenate([np.asarray(s, dtype=float) for _, s in lists] or [np.zeros(0)])
    query = np.repeat(np.arange(len(lists)), n)
    start = np.cumsum(n) - n
    position = np.arange(len(grade)) - start[query] + 1
    true_positive = (grade > 0) & (score > 0)
    total = np.cumsum(true_positive)
    found = total - np.r_[0, total][start][query]
    top = position <= points
    F = _by_cutoff(found, query, position, top, len(lists), points)
    k = np.arange(1, points + 1)
    precision = F / k
    recall = np.divide(F, R[:, None], out=np.zeros_like(F), where=R[:, None] > 0)
    ap = _average_precision(found / position, true_positive, query, R)
    gain = np.exp2(np.maximum(grade, 0.0)) - 1.0
    dcg = _prefix_fsums(_by_cutoff(gain[top] / np.log2(position[top] + 1.0), query[top],
                                   position[top], None, len(lists), points), n)
    ideal = _ideal_terms(gain, query, len(lists), points)
    idcg = _prefix_fsums(ideal, n)
    ndcg = np.divide(dcg, idcg, out=np.zeros_like(dcg), where=idcg > 0)
    counts = np.column_stack([n, R, np.bincount(query, weights=true_positive,
                                                  minlength=len(lists))])
    return np.column_stack([counts, ap, precision, recall, dcg, ndcg])


def _by_cutoff(values, query, position, keep, queries: int, points: int) -> np.ndarray:
    """``values`` of the first ``points`` positions of each query as a (queries, points) matrix, 0 elsewhere."""
    if keep is not None:
        values, query, position = values[keep], query[keep], position[keep]
    matrix = np.zeros((queries, points))
    matrix[query, position - 1] = values
    return matrix


def _average_precision(precision_at_rank, true_positive, query, R) -> np.ndarray:
    """``np.sum`` of P@i at the true positives of each query, over R (0 when R = 0), as `average_precision`."""
    picked = precision_at_rank[true_positive]
    bounds = np.r_[0, np.cumsum(np.bincount(query[true_positive], minlength=len(R)))]
    ap = np.zeros(len(R))
    for q in np.flatnonzero(R):
        ap[q] = float(np.sum(picked[bounds[q]:bounds[q + 1]])) / R[q]
    return ap


def _ideal_terms(gain, query, queries: int, points: int) -> np.ndarray:
    """Each query's positive gains, largest first, over $\\log_2(i + 1)$: the top ``points`` IDCG terms."""
    positive = gain > 0
    gain, query = gain[positive], query[positive]
    order = np.lexsort((-gain, query))
    gain, query = gain[order], query[order]
    start = np.cumsum(np.bincount(query, minlength=queries)) - np.bincount(query, minlength=queries)
    position = np.arange(len(gain)) - start[query] + 1
    top = position <= points
    return _by_cutoff(gain[top] / np.log2(position[top] + 1.0), query[top], position[top], None,
                      queries, points)


def _prefix_fsums(terms: np.ndarray, n: np.ndarray) -> np.ndarray:
    """``math.fsum(terms[q, :k])`` for k = 1..points where the list reaches k, else 0."""
    sums = np.zeros_like(terms)
    for q, row in enumerate(terms.tolist()):
        for k in range(1, min(int(n[q]), terms.shape[1]) + 1):
            sums[q, k - 1] = math.fsum(row[:k])
    return sums
