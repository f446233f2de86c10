r"""The batch kernels: each measure for every topic at once, with numpy segment operations.

This is an *optimisation* of the per-topic path (:mod:`rankbook.evaluation.per_topic`),
which calls the textbook functions of :mod:`rankbook.metrics` once per topic.
Here the run is one array of grades in trec_eval's order, topic after topic
(each topic a "segment"), and each kernel computes one registry entry for all
topics. Every kernel names the formula it computes and the textbook function it
must equal; ``tests/evaluation/test_batch.py`` checks the two paths agree within 1e-12 on
random data. The kernels of the other all_trec measures are in
:mod:`rankbook.evaluation.kernels_sets` and :mod:`rankbook.evaluation.kernels_graded`
(merged into :data:`KERNELS` here). A registry entry without a kernel is computed
by the per-topic path.

Notation, per topic $q$ (rank $i = 1, 2, \dots$ after the ``max_docs`` cut):
$g_i$ the grade (0 when unjudged), $\mathrm{rel}_i = [g_i \ge \ell]$ with $\ell$
the relevance level, $F_i = \sum_{j \le i} \mathrm{rel}_j$ the relevant
documents found up to rank $i$, $n_q$ the documents retrieved, $R$ the judged
relevant documents of the topic, $N$ its judged non-relevant ones (grade in
$[0, \ell)$).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from rankbook.evaluation import kernels_graded, kernels_sets
from rankbook.metrics.interpolation import ELEVEN_RECALL_LEVELS


@dataclass
class Segments:
    """Every evaluated topic's ranked grades, as flat arrays (rows in trec_eval order)."""

    T: int                   # number of topics
    topic: np.ndarray        # topic index of each row
    grade: np.ndarray        # g_i (0 when unjudged)
    judged: np.ndarray       # whether row i is judged
    rank: np.ndarray         # i
    count: np.ndarray        # n_q per topic
    first: np.ndarray        # first row of each topic
    rel: np.ndarray          # rel_i
    found: np.ndarray        # F_i
    rel_rows: np.ndarray     # the rows with rel_i
    precision_at_rel: np.ndarray  # F_i / i at each relevant row
    R: np.ndarray
    N: np.ndarray
    F: np.ndarray            # relevant retrieved per topic (F at n_q)
    judged_topic: np.ndarray  # topic index of each judgment of an evaluated topic
    judged_grades: np.ndarray
    trec_eval: str
    level: float = 1.0          # the relevance level rel is counted at
    shared: dict = field(default_factory=dict, repr=False)  # what several kernels use, once

    def once(self, name: str, make):
        """``make(self)``, computed at the first call with this ``name`` and kept."""
        if name not in self.shared:
            self.shared[name] = make(self)
        return self.shared[name]

    @property
    def has_R(self) -> np.ndarray:
        return self.R > 0

    @property
    def R_safe(self) -> np.ndarray:
        return np.maximum(self.R, 1)

    def found_in_top(self, k) -> np.ndarray:
        """F at rank min(k, n_q) per topic: ``metrics._common.relevant_in_top``."""
        k = np.minimum(k, self.count)
        out = np.zeros(self.T, dtype=np.int64)
        some = k > 0
        out[some] = self.found[self.first[some] + k[some] - 1]
        return out

    def per_topic_sum(self, rows: np.ndarray, values: np.ndarray) -> np.ndarray:
        """Sum of ``values`` over the selected rows of each topic (0 for none)."""
        return np.bincount(self.topic[rows], weights=values, minlength=self.T)


def segments(topic, grade, judged_topic, judged_grades, T: int, max_docs: int | None,
             level: float, trec_eval: str) -> Segments:
    """The :class:`Segments` of a run whose rows are in trec_eval's order (grade NaN: unjudged)."""
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
    rel_rows = np.flatnonzero(rel)
    # R and N from every judgment of the topic (retrieved or not).
    R = np.bincount(judged_topic[judged_grades >= level], minlength=T)
    N = np.bincount(judged_topic[(judged_grades >= 0) & (judged_grades < level)], minlength=T)
    return Segments(T, topic, grade, judged, rank, count, first, rel, found, rel_rows,
                    found[rel_rows] / rank[rel_rows], R, N, np.bincount(topic[rel], minlength=T),
                    judged_topic, judged_grades, trec_eval, level)


# --- one kernel per registry entry: kernel(s, params) -> one array per parameter ----------

def _counts(values):
    return lambda s, params: [values(s).astype(np.int64)]


def _average_precision(s: Segments, params) -> list:
    """AP@k = (1/R) sum_{i <= k: rel_i} F_i / i (``metrics.average_precision``); k=None: all."""
    out = []
    for k in params:
        top = slice(None) if k is None else s.rank[s.rel_rows] <= k
        total = s.per_topic_sum(s.rel_rows[top], s.precision_at_rel[top])
        out.append(np.where(s.has_R, total / s.R_safe, 0.0))
    return out


def _r_precision(s: Segments, params) -> list:
    """R-prec = F_R / R (``metrics.precision.r_precision``)."""
    return [np.where(s.has_R, s.found_in_top(s.R) / s.R_safe, 0.0)]


def _reciprocal_rank(s: Segments, params) -> list:
    """RR = 1 / (rank of the first relevant) (``metrics.reciprocal_rank.reciprocal_rank``)."""
    rr = np.zeros(s.T)
    t_rel = s.topic[s.rel_rows]
    head = np.r_[True, t_rel[1:] != t_rel[:-1]] if t_rel.size else np.zeros(0, bool)
    rr[t_rel[head]] = 1.0 / s.rank[s.rel_rows[head]]
    return [rr]


def _precision(s: Segments, params) -> list:
    """P@k = F_k / k (``metrics.precision.precision_at_k``)."""
    return [s.found_in_top(np.full(s.T, k)) / k for k in params]


def _recall(s: Segments, params) -> list:
    """R@k = F_k / R (``metrics.precision.recall_at_k``)."""
    return [np.where(s.has_R, s.found_in_top(np.full(s.T, k)) / s.R_safe, 0.0) for k in params]


def _success(s: Segments, params) -> list:
    """success@k = [F_k > 0] (``metrics.precision.success_at_k``)."""
    return [(s.found_in_top(np.full(s.T, k)) > 0).astype(np.float64) for k in params]


def _eleven_point(s: Segments, params) -> list:
    """(1/11) sum over levels 1.0, 0.9, ..., 0.0 of iP@r, summed in that order.

    (``metrics.interpolation.eleven_point_average_precision``)
    """
    values = _interpolated(s, ELEVEN_RECALL_LEVELS)
    total = np.zeros(s.T)
    for v in values[::-1]:
        total = total + v
    return [total / len(values)]


def _set_measure(which: str):
    """The retrieved set = the list cut at its own length n_q (registry's ``_set_*``).

    P = F/n_q, recall = F/R, set_map = F^2 / (n_q R), F1 = 2 P recall / (P + recall)
    (``metrics.precision.precision_at_k``, ``recall_at_k``, ``set_average_precision``,
    ``f1_at_k`` at k = n_q; set_map in trec_eval's order of arithmetic).
    """
    def kernel(s: Segments, params) -> list:
        ret = s.count > 0
        p = np.where(ret, s.F / np.maximum(s.count, 1), 0.0)
        r = np.where(ret & s.has_R, s.F / s.R_safe, 0.0)
        if which == "P":
            return [p]
        if which == "R":
            return [r]
        if which == "AP":
            return [np.where(ret & s.has_R, s.F * s.F / (np.maximum(s.count, 1) * s.R_safe), 0.0)]
        both = p + r
        return [np.where(both == 0, 0.0, 2 * p * r / np.where(both == 0, 1, both))]
    return kernel


def _bpref(s: Segments, params) -> list:
    r"""bpref = (1/R) sum over retrieved relevant r of (1 - min(n_r, R) / min(N, R)).

    $n_r$ = judged non-relevant documents (grade in $[0, \ell)$; unjudged and
    negative grades skipped) ranked above $r$; with $N = 0$ it is (relevant
    retrieved) / R. Must equal :func:`rankbook.metrics.bpref.bpref`.
    """
    return [s.once("bpref", _bpref_values)]   # also gm_bpref's per-topic values


def _bpref_values(s: Segments) -> np.ndarray:
    T, R, N = s.T, s.R, s.N
    n_r = kernels_sets.judged_nonrelevant(s)[s.rel_rows]  # rel rows are not non-relevant
    t_rel = s.topic[s.rel_rows]
    terms = 1.0 - np.minimum(n_r, R[t_rel]) / np.maximum(np.minimum(N, R), 1)[t_rel]
    with_N = np.bincount(t_rel, weights=terms, minlength=T) / s.R_safe
    without_N = np.bincount(t_rel, minlength=T) / s.R_safe
    return np.where(R == 0, 0.0, np.where(N == 0, without_N, with_N))


def _interpolated_kernel(s: Segments, params) -> list:
    return _interpolated(s, params)


def _interpolated(s: Segments, levels) -> list:
    r"""iP@r = max precision at any rank where F_i >= c(r), 0 if none.

    (:func:`rankbook.metrics.interpolation.interpolated_precision`): $c(r) =
    \lfloor rR + 0.9 \rfloor$ (trec_eval 9) or $\operatorname{lround}(r R)$ (10).
    Precision only rises at relevant ranks, so the maximum over the ranks with
    $F_i \ge m$ is the maximum of $F_i/i$ over the relevant ranks with $F_i \ge
    m$: the relevant documents $m, m+1, \dots, F$ of the topic (from the first
    one when $m \le 0$). One ``np.maximum.reduceat`` over those index ranges.
    """
    T = s.T
    start = np.cumsum(s.F) - s.F                      # first relevant row of each topic
    values = np.r_[s.precision_at_rel, 0.0]           # a sentinel so every bound is valid
    out = []
    for r in levels:
        if s.trec_eval == "9":
            needed = (r * s.R + 0.9).astype(np.int64)    # C's (long)(r * R + 0.9)
        else:
            x = r * s.R                                  # C's lround: halves away from zero
            needed = np.floor(x).astype(np.int64) + (x - np.floor(x) >= 0.5)
        lo = start + np.maximum(needed, 1) - 1
        hi = start + s.F
        ok = lo < hi
        # Bounds never decrease (a topic without a range gets the empty one at its end,
        # hi), so reduceat's in-between segments [hi_t, lo_t+1) stay inside the topics:
        # with a bound of 0 there, each such segment would scan from the first row.
        bounds = np.empty(2 * T, dtype=np.intp)
        bounds[0::2] = np.where(ok, lo, hi)
        bounds[1::2] = hi
        best = np.maximum.reduceat(values, bounds)[0::2] if T else np.zeros(0)
        out.append(np.where(ok, best, 0.0))
    return out


def _ndcg(s: Segments, cutoffs) -> list:
    r"""nDCG@k = DCG@k / IDCG@k, DCG@k = sum_{i <= k} max(g_i, 0) / log2(i + 1).

    IDCG@k is the DCG@k of every judged grade of the topic sorted descending
    (negative grades gain 0); 0 when IDCG is 0; k=None: the whole list and
    every judged grade. Must equal :func:`rankbook.metrics.dcg.ndcg_at_k` with
    ``ideal`` = the topic's grades.
    """
    T, topic, rank = s.T, s.topic, s.rank
    gains = np.flatnonzero(s.grade > 0)                 # rows with a non-zero term
    terms = s.grade[gains] / np.log2(rank[gains] + 1.0)
    # the ideal ranking: each topic's judged grades, best first
    order = np.lexsort((-s.judged_grades, s.judged_topic))
    ideal_topic = s.judged_topic[order]
    ideal_grade = np.maximum(s.judged_grades[order], 0.0)
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


#: The registry entries with a batch kernel, by name.
KERNELS = {
    "NumQ": _counts(lambda s: np.ones(s.T)),
    "NumRet": _counts(lambda s: s.count),
    "NumRel": _counts(lambda s: s.R),
    "NumRelRet": _counts(lambda s: s.F),
    "AP": _average_precision,
    "GMAP": _average_precision,
    "R-prec": _r_precision,
    "bpref": _bpref,
    "GMbpref": _bpref,
    "RR": _reciprocal_rank,
    "IPrec@r": _interpolated_kernel,
    "P@k": _precision,
    "R@k": _recall,
    "11pt": _eleven_point,
    "nDCG": lambda s, params: _ndcg(s, [None] * len(params)),  # the default: no gain map
    "nDCG@k": _ndcg,
    "AP@k": _average_precision,
    "success@k": _success,
    "SetP": _set_measure("P"),
    "SetR": _set_measure("R"),
    "SetAP": _set_measure("AP"),
    "SetF": _set_measure("F"),
    **kernels_sets.KERNELS,
    **kernels_graded.KERNELS,
}


#: The entries whose kernel computes every setting, not only the default one.
EVERY_SETTING = {"utility", "relstring", "RBP", "RBP-resid"}


def has_kernel(measure, level: float | None = None) -> bool:
    """Whether a column (an ``evaluation.measures.Measure``) is computed by a kernel here.

    A kernel computes an entry's cut-offs, and of a setting (trec_eval's
    ``ndcg.1=3,2=9``, ``set_F.2``, ``11pt_avg.0.2,0.5``) the default one, or any
    for the entries of :data:`EVERY_SETTING`, at the evaluation's relevance level
    ``level`` (the segments are built at it); other settings, and a column with a
    relevance level of its own (``P(rel=2)@5``), go to the entry's per-topic adapter.
    """
    name, param = measure.metric.name, measure.metric.param
    own_level = measure.relevance_level
    return name in KERNELS and (own_level is None or own_level == level) \
        and (param is None or param.cutoffs or name in EVERY_SETTING
             or measure.param == param.defaults)


def compute(s: Segments, wanted: dict) -> dict:
    """{(entry name, parameter): per-topic array} for ``wanted`` = {entry name: [parameters]}."""
    out = {}
    for name, params in wanted.items():
        params = list(params) or [None]
        for param, value in zip(params, KERNELS[name](s, params)):
            out[name, param] = value
    return out
