r"""Batch kernels of trec_eval's counting measures: cut-offs, sets, judged and unjudged documents.

The companions of :mod:`rankbook.evaluation.kernels` (same notation, same
contract): each kernel takes the run's :class:`~rankbook.evaluation.kernels.Segments`
and the list of parameters of one registry entry and returns one per-topic
array per parameter, equal to the entry's per-topic adapter, which calls the
textbook function named in the kernel's docstring (``tests/evaluation/test_kernels_more.py``
checks every one on random runs and on trec_eval's test corpora). Here, per
topic: $U_i$ = the documents ranked at or above $i$ that are *unjudged* (not in
the qrels, or in the pool with a negative grade), $J_i$ the judged non-relevant
ones (grade in $[0, \ell)$) and $P_i$ the pooled-but-unjudged ones (negative
grade) at or above $i$.
"""

from __future__ import annotations

import numpy as np

from rankbook.metrics.incomplete import INFAP_EPSILON


def running_count(s, flags: np.ndarray) -> np.ndarray:
    """Per row, how many rows of its topic up to and including it have ``flags`` (exact ints)."""
    total = np.cumsum(flags, dtype=np.int64)
    before = np.zeros(s.T, dtype=np.int64)
    some = np.flatnonzero(s.count > 0)
    before[some] = total[s.first[some]] - flags[s.first[some]]
    return total - before[s.topic]


def count_in_top(s, running: np.ndarray, k) -> np.ndarray:
    """A :func:`running_count` read at rank min(k, n_q) of each topic (0 when that is 0)."""
    k = np.minimum(k, s.count)
    out = np.zeros(s.T, dtype=np.int64)
    some = k > 0
    out[some] = running[s.first[some] + k[some] - 1]
    return out


def judged_nonrelevant(s) -> np.ndarray:
    r"""$J_i$ per row: the judged non-relevant rows (grade in $[0, \ell)$) at or above it (once)."""
    return s.once("J", lambda s: running_count(s, s.judged & (s.grade >= 0) & ~s.rel))


def unjudged(s) -> np.ndarray:
    """$U_i$ per row: the rows at or above it nobody judged (not in the qrels, or a negative grade)."""
    return s.once("U", lambda s: running_count(s, ~s.judged | (s.grade < 0)))


def _nonrelevant_retrieved(s, params) -> list:
    """num_nonrel_judged_ret = #{i : judged, 0 <= g_i < l} (``metrics.incomplete.judged_nonrelevant_retrieved``)."""
    return [count_in_top(s, judged_nonrelevant(s), s.count)]


def _relative_precision(s, params) -> list:
    """relative_P@k = F_k / min(k, R), 0 when R = 0 (``metrics.set_measures.relative_precision_at_k``)."""
    return [np.where(s.has_R, s.found_in_top(np.full(s.T, k)) / np.minimum(k, s.R_safe), 0.0)
            for k in params]


def _set_relative_precision(s, params) -> list:
    """set_relative_P = F / min(n_q, R), 0 when R = 0 or n_q = 0 (``relative_precision_at_k``, k=None)."""
    some = s.has_R & (s.count > 0)
    return [np.where(some, s.F / np.maximum(np.minimum(s.count, s.R), 1), 0.0)]


def _r_precision_at_multiple(s, params) -> list:
    r"""Rprec_mult_m = F_c / c with c = (long)(m R + 0.9), 0 when c = 0.

    (``metrics.set_measures.r_precision_at_multiple``)
    """
    out = []
    for m in params:
        cut = (m * s.R + 0.9).astype(np.int64)      # C's and Python's truncation of a positive
        out.append(np.where(cut > 0, s.found_in_top(cut) / np.maximum(cut, 1), 0.0))
    return out


def _utility(s, params) -> list:
    r"""utility = w_1 a + w_2 (n_q - a) + w_3 (R - a) + w_4 (a - n_q - R), a = F.

    (``metrics.set_measures.utility`` with the collection size 0, as trec_eval; the
    four products added left to right, as there.)
    """
    out = []
    for w in params:
        a, n, R = s.F, s.count, s.R
        out.append(w[0] * a + w[1] * (n - a) + w[2] * (R - a) + w[3] * (a - n - R))
    return out


def _unjudged_at_k(s, params) -> list:
    """unj@k = U_k / k (``metrics.incomplete.unjudged_at_k``)."""
    return [count_in_top(s, unjudged(s), np.full(s.T, k)) / k for k in params]


def _inferred_average_precision(s, params) -> list:
    r"""infAP = (1/R) sum over judged relevant rows of E[precision at i].

    (``metrics.incomplete.inferred_average_precision``): at rank 1 the term is 1;
    below, with $a = i - 1$ documents above, $r = F_i - 1$ relevant, $j = J_{i-1}$
    judged non-relevant and $p = P_{i-1}$ pooled-but-unjudged ones above,
    $$\frac{1}{a + 1} + \frac{a}{a + 1} \cdot \frac{r + j + p}{a} \cdot
    \frac{r + \epsilon}{r + j + 2 \epsilon},$$ in that order of operations, added
    in rank order (``np.bincount`` adds its weights in order, as the loop does).
    """
    rows = s.rel_rows
    nonrelevant = judged_nonrelevant(s)[rows]       # a relevant row is not one of them
    pooled_unjudged = running_count(s, s.judged & (s.grade < 0))[rows]
    relevant = s.found[rows] - 1
    index = s.rank[rows] - 1
    terms = np.ones(rows.size)
    below = index > 0
    above = index[below].astype(np.float64)
    r, j = relevant[below], nonrelevant[below]
    pooled = r + j + pooled_unjudged[below]
    terms[below] = 1.0 / (above + 1.0) + (above / (above + 1.0)) * (pooled / above) * (
        (r + INFAP_EPSILON) / (r + j + 2 * INFAP_EPSILON))
    total = np.bincount(s.topic[rows], weights=terms, minlength=s.T)
    return [np.where(s.has_R, total / s.R_safe, 0.0)]


def _relevance_string(s, params) -> list:
    """relstring: one character per document of the top k (``metrics.relevance_string.relevance_string``).

    ``-`` not in the qrels, ``.`` a negative grade, ``>`` a grade above 9, else the
    grade's integer part.
    """
    out = []
    for setting in params:
        k = setting[0]
        top = np.flatnonzero(s.rank <= k)
        grade = s.grade[top]
        codes = np.where(grade >= 10, ord(">"), ord("0") + np.clip(grade, 0, 9).astype(np.int64))
        codes = np.where(grade < 0, ord("."), codes)
        codes = np.where(s.judged[top], codes, ord("-")).astype(np.uint8)
        text = codes.tobytes().decode("ascii")
        ends = np.cumsum(np.minimum(s.count, k))
        starts = ends - np.minimum(s.count, k)
        out.append(np.array([text[a:b] for a, b in zip(starts.tolist(), ends.tolist())],
                            dtype=object))
    return out


#: The kernels of this module, by registry entry.
KERNELS = {
    "infAP": _inferred_average_precision,
    "R-prec@m": _r_precision_at_multiple,
    "utility": _utility,
    "RelP@k": _relative_precision,
    "SetRelP": _set_relative_precision,
    "NumNonrelJudgedRet": _nonrelevant_retrieved,
    "Unjudged@k": _unjudged_at_k,
    "relstring": _relevance_string,
}
