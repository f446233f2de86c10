r"""The input every diversity measure reads: which (document, subtopic) cells are relevant.

| name | what |
| --- | --- |
| `relevant_cells`, `actual_subtopics` | the run's and the topic's (document x subtopic) grade matrices, checked, as booleans |
| `grade_matrices` | the same two matrices, checked, as grades |
| `NDEVAL_DEPTH` | ndeval's deepest cut-off (its arrays hold 20 ranks) |
| `seen_before`, `novelty_worth` | $C_{s,i-1}$, the documents above rank i relevant to s, and $(1-\alpha)^{C_{s,i-1}}$ |
| `novelty_gains` | each rank's novelty gain $g_i = \sum_s J(d_i, s)(1-\alpha)^{C_{s,i-1}}$ |
| `ideal_ideal_gains` | the "ideal ideal" list's gains $m(1-\alpha)^{i-1}$ |
| `normalised_sum` | $\sum_i w_i g_i$ over the same sum for an ideal list: every novelty measure |
| `greedy_ideal_order`, `greedy_ideal_gains`, `exact_ideal_value` | the ideal lists: ndeval's greedy one, and the best one by search |

A diversity measure reads two matrices with one column per subtopic (as
:func:`rankbook.io.subtopic_matrix` builds them): ``ranked``, one row per retrieved
document in rank order, and ``judged``, one row per document the topic's subtopic
judgments name. A cell is relevant when its grade is at least ``relevance_level``
(pyndeval's rule; ndeval's file reader makes every grade above 1 a 1). The number of
subtopics $m$ counts only those with at least one relevant judged document: ndeval
ignores a subtopic nobody found relevant ("actual subtopics").
"""

from __future__ import annotations

import numpy as np

from rankbook import _validate
from rankbook._errors import InvalidValueError

#: ndeval's ``DEPTH``: its cut-off measures exist for k = 1 ... 20 only.
NDEVAL_DEPTH = 20
#: The normalisers a diversity measure can divide by (:mod:`rankbook.metrics.diversity`).
IDEALS = ("ideal ideal", "greedy", "exact")
#: The most relevant documents ``ideal="exact"`` searches every order of.
EXACT_LIMIT = 10


def relevant_cells(ranked, judged, relevance_level: float = 1) -> tuple[np.ndarray, np.ndarray]:
    r"""``ranked`` and ``judged`` as boolean matrices (grade >= ``relevance_level``), checked.

    Only the columns of subtopics with a relevant judged document are kept, so the
    second matrix's column count is $m$, ndeval's number of "actual" subtopics.

    >>> run, topic = relevant_cells([[1, 0, 0]], [[1, 0, 0], [0, 2, 0]])
    >>> run.tolist(), topic.shape
    ([[True, False]], (2, 2))
    """
    level = _validate.relevance_level(relevance_level)
    ranked, judged = grade_matrices(ranked, judged)
    actual = actual_subtopics(judged, level)
    return ranked[:, actual] >= level, judged[:, actual] >= level


def actual_subtopics(judged: np.ndarray, relevance_level: float = 1) -> np.ndarray:
    r"""Which columns of ``judged`` count: the subtopics with a relevant judged document (ndeval's "actual" ones).

    >>> actual_subtopics(np.array([[1.0, 0.0, 0.0], [0.0, 2.0, 0.0]])).tolist()
    [True, True, False]
    """
    return (np.asarray(judged) >= relevance_level).any(axis=0)


def grade_matrices(ranked, judged) -> tuple[np.ndarray, np.ndarray]:
    """``ranked`` and ``judged`` as finite float matrices with the same subtopic columns, checked.

    >>> ranked, judged = grade_matrices([[2, 0]], [[2, 0], [0, 1]])
    >>> ranked.shape, judged.shape
    ((1, 2), (2, 2))
    """
    judged = _matrix(judged, "judged", None)
    return _matrix(ranked, "ranked", judged.shape[1]), judged


def _matrix(values, name: str, columns: int | None) -> np.ndarray:
    """A finite 2-D float matrix (an empty list is 0 rows of ``columns`` columns)."""
    matrix = np.asarray(values, dtype=np.float64)
    if matrix.size == 0 and matrix.ndim < 2:
        matrix = matrix.reshape(0, columns or 0)
    if matrix.ndim != 2:
        raise InvalidValueError(
            f"{name} must be a matrix with one row per document and one column per subtopic "
            f"(rankbook.io.subtopic_matrix builds it), got an array of shape {matrix.shape}.")
    if columns is not None and matrix.shape[1] != columns:
        raise InvalidValueError(
            f"{name} has {matrix.shape[1]} subtopic columns and judged has {columns}: give "
            "both matrices the same subtopics in the same order.")
    if not np.isfinite(matrix).all():
        row, column = np.argwhere(~np.isfinite(matrix))[0]
        raise InvalidValueError(
            f"{name}[{row}, {column}] is {matrix[row, column]}; grades must be finite numbers "
            "(0 for a document not judged for that subtopic).")
    return matrix


def normalised_sum(ranked, judged, k, discount, *, alpha, ideal, relevance_level, beta=0.5,
                   raw_at_one=False) -> float:
    r"""$\sum_{i \le k} w_i g_i$ over the same sum for the ``ideal`` list; k None: every rank.

    ``discount(ranks, beta)`` gives $w_i$; ``ideal`` is one of `IDEALS` (with k None, the
    ideal ideal is NRBP's geometric series, summed to infinity in closed form);
    ``raw_at_one``: at $k = 1$ over the ideal ideal, no division (ndeval divides from rank
    2 on).
    """
    alpha = _validate.probability(alpha, "alpha", meaning="the redundancy penalty")
    beta = _validate.probability(beta, "beta", meaning="the user's patience")
    _validate.choice(ideal, IDEALS, "ideal")
    run, topic = relevant_cells(ranked, judged, relevance_level)
    m = topic.shape[1]
    if m == 0:
        return 0.0
    gains = novelty_gains(run[:k], alpha)
    value = float(np.sum(discount(np.arange(1.0, len(gains) + 1), beta) * gains))
    if ideal == "ideal ideal":
        if k == 1 and raw_at_one:
            return value  # ndeval divides from rank 2 on
        if k is None:  # the geometric series of beta (1 - alpha), to infinity
            return value * ((1 - (1 - alpha) * beta) / m)  # the factor first, as ndeval
        best = float(np.sum(discount(np.arange(1.0, k + 1), beta) * ideal_ideal_gains(m, alpha, k)))
    elif ideal == "greedy":
        best_gains = greedy_ideal_gains(topic, alpha, k)
        best = float(np.sum(discount(np.arange(1.0, len(best_gains) + 1), beta) * best_gains))
        if k is None:  # nNRBP: ndeval divides NRBP by the ideal's NRBP, the factor in both
            factor = (1 - (1 - alpha) * beta) / m
            value, best = value * factor, best * factor
    else:
        best = exact_ideal_value(topic, alpha, k, lambda ranks: discount(ranks, beta))
    return float(value / best) if best > 0 else 0.0


def seen_before(relevant: np.ndarray) -> np.ndarray:
    r"""$C_{s,i-1}$: for each rank i (row) and subtopic s (column), the documents above rank i relevant to s.

    >>> seen_before(np.array([[True, False], [True, True], [True, False]])).tolist()
    [[0, 0], [1, 0], [2, 1]]
    """
    return np.cumsum(relevant, axis=0) - relevant


def novelty_worth(relevant: np.ndarray, alpha: float) -> np.ndarray:
    r"""$(1-\alpha)^{C_{s,i-1}}$ for each rank i and subtopic s: what covering s at rank i is worth.

    It is also the probability that a user of intent s reaches rank i unsatisfied, when
    each relevant document satisfies with probability $\alpha$ (ERR-IA's user).

    >>> novelty_worth(np.array([[True, False], [True, True], [True, False]]), 0.5).tolist()
    [[1.0, 1.0], [0.5, 1.0], [0.25, 0.5]]
    """
    return powers(1.0 - alpha, len(relevant))[seen_before(relevant)]


def powers(base: float, n: int) -> np.ndarray:
    r"""$b^0, b^1, \dots, b^{n}$, each formed as ndeval forms it: one factor at a time.

    ``base ** c`` can differ from the product of c factors in the last binary digit, and
    then ndeval's sixth printed decimal can differ where a value lies halfway.

    >>> powers(0.5, 3).tolist()
    [1.0, 0.5, 0.25, 0.125]
    """
    return np.cumprod(np.r_[1.0, np.full(n, float(base))])


def novelty_gains(relevant: np.ndarray, alpha: float) -> np.ndarray:
    r"""$g_i = \sum_s J(d_i, s)\,(1-\alpha)^{C_{s,i-1}}$ for each row of a boolean matrix.

    >>> novelty_gains(np.array([[True, False], [True, True], [True, False]]), 0.5)
    array([1.  , 1.5 , 0.25])
    """
    return np.where(relevant, novelty_worth(relevant, alpha), 0.0).sum(axis=1)


def ideal_ideal_gains(m: int, alpha: float, k: int) -> np.ndarray:
    r"""The "ideal ideal" list's novelty gains to rank k: $g^{*}_i = m\,(1-\alpha)^{i-1}$.

    ndeval's normaliser for its plain names: every document relevant to all $m$ subtopics.

    >>> ideal_ideal_gains(3, 0.5, 3).tolist()
    [3.0, 1.5, 0.75]
    """
    return m * (1 - alpha) ** (np.arange(1.0, k + 1) - 1)


def greedy_ideal_order(topic: np.ndarray, alpha: float,
                       k: int | None = None) -> tuple[list[int], np.ndarray]:
    r"""ndeval's greedy ideal list of ``topic``'s documents to rank k: their rows, and their novelty gains.

    At each rank the document with the largest gain given the ranks above; among equal
    gains, the first row (ndeval: the larger document id). Documents relevant to no
    subtopic add nothing and are left out. Each gain is added up subtopic by subtopic,
    in column order, as ndeval adds it (so equal gains tie exactly as in ndeval).

    >>> topic = np.array([[True, True, False], [True, False, False], [False, False, True]])
    >>> rows, gains = greedy_ideal_order(topic, 0.5)
    >>> rows, gains.tolist()
    ([0, 2, 1], [2.0, 1.0, 0.5])
    """
    candidates = [row for row, cells in enumerate(topic.tolist()) if any(cells)]
    covers = {row: [s for s, relevant in enumerate(topic[row].tolist()) if relevant]
              for row in candidates}  # each document's subtopics
    worth = [1.0] * topic.shape[1]  # (1 - alpha)^(times subtopic s is covered so far)
    rows, gains = [], []
    for _ in range(len(candidates) if k is None else min(k, len(candidates))):
        scores = [sum(worth[s] for s in covers[row]) for row in candidates]
        best = scores.index(max(scores))  # the first of equal scores
        gains.append(scores[best])
        rows.append(candidates.pop(best))
        for s in covers[rows[-1]]:
            worth[s] *= 1.0 - alpha
    return rows, np.asarray(gains, dtype=np.float64)


def greedy_ideal_gains(topic: np.ndarray, alpha: float, k: int | None = None) -> np.ndarray:
    r"""The novelty gains of ndeval's greedy ideal list of ``topic``'s documents, to rank k
    (:func:`greedy_ideal_order`'s second half).

    >>> topic = np.array([[True, True, False], [True, False, False], [False, False, True]])
    >>> greedy_ideal_gains(topic, 0.5)
    array([2. , 1. , 0.5])
    """
    return greedy_ideal_order(topic, alpha, k)[1]


def exact_ideal_value(topic: np.ndarray, alpha: float, k: int | None, discount) -> float:
    r"""The largest $\sum_{i \le k} w_i g_i$ over every order of ``topic``'s relevant documents.

    Dynamic programming over sets of documents: the best value of ranking a set $S$
    first is the best, over its last document $d$, of ranking $S \setminus \{d\}$ first
    plus $d$'s gain at rank $|S|$ (which depends only on which documents are above).
    Up to `EXACT_LIMIT` relevant documents.

    >>> topic = np.array([[True, True, False], [True, False, False], [False, False, True]])
    >>> exact_ideal_value(topic, 0.5, None, lambda ranks: 1 / ranks)
    2.6666666666666665
    """
    candidates = topic[topic.any(axis=1)]
    n = len(candidates)
    if n > EXACT_LIMIT:
        raise InvalidValueError(
            f"ideal='exact' searches every order of the relevant documents, and this topic "
            f"has {n} (at most {EXACT_LIMIT}); use ideal='greedy' (ndeval's list).")
    depth = n if k is None else min(k, n)
    weights = discount(np.arange(1.0, depth + 1))
    best = {0: 0.0}  # a set of documents ranked first (a bit mask) -> the best value
    for size in range(1, depth + 1):
        grown: dict[int, float] = {}
        for chosen, value in best.items():
            above = candidates[[d for d in range(n) if chosen >> d & 1]].sum(axis=0)
            worth = (1.0 - alpha) ** above
            for d in range(n):
                if not chosen >> d & 1:
                    total = value + weights[size - 1] * float(worth[candidates[d]].sum())
                    key = chosen | 1 << d
                    grown[key] = max(grown.get(key, -1.0), total)
        best = grown
    return float(max(best.values()))
