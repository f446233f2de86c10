r"""Batch kernels of trec_eval's graded and user-model measures: G, binG, ndcg_rel, Rndcg, rbp.

The companions of :mod:`rankbook.evaluation.kernels` (same notation, same
contract, checked the same way against the per-topic adapters). The gains are
trec_eval's default ones, computed only for the entries' default setting (no
gain map): $g_i$ itself when judged and positive, else 0. The ideal ranking of
a topic is its positive judged grades, largest first: $b_1 \ge b_2 \ge \dots
\ge b_B$.

Running sums (DCG down the list, the ideal's DCG) restart at each topic and
add in rank order, as the textbook's ``np.cumsum`` over one topic does
(:func:`running_sum`): a cumulative sum over the whole run minus the total
before the topic would round differently.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from rankbook.metrics.cwl import rbp_reach


def running_sum(values: np.ndarray, segment: np.ndarray, T: int) -> np.ndarray:
    """Cumulative sum of ``values`` restarting at each segment (rows grouped by ``segment``).

    Each segment is added left to right from 0, exactly as ``np.cumsum`` of that
    segment alone: as the rows of a zero-padded matrix when that matrix is small
    (the usual case), else segment by segment.
    """
    n = values.size
    if n == 0:
        return values.astype(np.float64)
    counts = np.bincount(segment, minlength=T)
    starts = np.cumsum(counts) - counts
    width = int(counts.max())
    if T * width <= 4 * n + 4096:
        position = np.arange(n) - starts[segment]
        padded = np.zeros((T, width))
        padded[segment, position] = values
        np.cumsum(padded, axis=1, out=padded)
        return padded[segment, position]
    out = np.empty(n)
    for t in np.flatnonzero(counts):
        np.cumsum(values[starts[t]:starts[t] + counts[t]], out=out[starts[t]:starts[t] + counts[t]])
    return out


@dataclass
class Ideal:
    """Each topic's ideal ranking: its positive judged grades, best first, as flat arrays."""

    topic: np.ndarray   # topic of each ideal row
    gain: np.ndarray    # b_j
    rank: np.ndarray    # j
    B: np.ndarray       # B per topic
    first: np.ndarray   # first ideal row of each topic
    idcg: np.ndarray    # IDCG at rank j: sum_{m <= j} b_m / log2(m + 1), running per topic

    def idcg_at(self, t: np.ndarray, k: np.ndarray) -> np.ndarray:
        """IDCG at rank min(k, B) of topics ``t`` (each with B >= 1 and k >= 1)."""
        return self.idcg[self.first[t] + np.minimum(k, self.B[t]) - 1]


def ideal(s) -> Ideal:
    """The :class:`Ideal` of the segments' judgments (computed once per segments)."""
    return s.once("ideal", _make_ideal)


def _make_ideal(s) -> Ideal:
    positive = s.judged_grades > 0
    topic, gain = s.judged_topic[positive], s.judged_grades[positive]
    order = np.lexsort((-gain, topic))
    topic, gain = topic[order], gain[order]
    B = np.bincount(topic, minlength=s.T)
    first = np.cumsum(B) - B
    rank = np.arange(topic.size) - first[topic] + 1
    return Ideal(topic, gain, rank, B, first, running_sum(gain / np.log2(rank + 1.0), topic, s.T))


def gain_rows(s, best: Ideal | None = None) -> np.ndarray:
    """The rows with a positive gain $g_i > 0$ (an unjudged row has grade 0 in the segments).

    With ``best``, only those of topics whose ideal is not empty (B > 0).
    """
    rows = s.once("gain rows", lambda s: np.flatnonzero(s.grade > 0))
    return rows if best is None else rows[best.B[s.topic[rows]] > 0]


def _binary_gain(s, params) -> list:
    r"""binG = (1/R) sum over relevant rows of 1 / log2(2 + i - F_i), 0 when none is retrieved.

    ($i - F_i$: the non-relevant documents above, ``metrics.normalized_gain.binary_normalized_gain``.)
    """
    rows = s.rel_rows
    terms = 1.0 / np.log2(2.0 + (s.rank[rows] - s.found[rows]))
    total = np.bincount(s.topic[rows], weights=terms, minlength=s.T)
    return [np.where(s.has_R & (s.F > 0), total / s.R_safe, 0.0)]


def _normalized_gain(s, params) -> list:
    r"""G = (sum over rows with g_i > 0 of g_i / log2(2 + C_i - G_i)) / sum_j b_j.

    $G_i = \sum_{m \le i} g_m$ (gain collected), $C_i = \sum_{m \le \min(i, B)}
    \max(b_m, 1) + \max(0, i - B)$ (what the ideal could have collected, one
    per rank past its end); 0 when B = 0 (``metrics.normalized_gain.normalized_gain``).
    """
    best = ideal(s)
    rows = gain_rows(s, best)
    topic, rank, gain = s.topic[rows], s.rank[rows], s.grade[rows]
    got = running_sum(gain, topic, s.T)
    steps = running_sum(np.maximum(best.gain, 1.0), best.topic, s.T)
    B = best.B[topic]
    could = steps[best.first[topic] + np.minimum(rank, B) - 1] + np.maximum(rank - B, 0)
    total = np.bincount(topic, weights=gain / np.log2(2.0 + could - got), minlength=s.T)
    ideal_total = np.bincount(best.topic, weights=best.gain, minlength=s.T)
    return [np.where(best.B > 0, total / np.where(best.B > 0, ideal_total, 1.0), 0.0)]


def _dcg_at_gain_rows(s) -> tuple[np.ndarray, np.ndarray]:
    """The gain rows of topics with B > 0, and the DCG at each, running per topic (once)."""
    def make(s):
        rows = gain_rows(s, ideal(s))
        return rows, running_sum(s.grade[rows] / np.log2(s.rank[rows] + 1.0), s.topic[rows], s.T)
    return s.once("dcg", make)


def _ndcg_over_relevant(s, params) -> list:
    r"""ndcg_rel = (1/B) (sum over rows with g_i > 0 of nDCG@i + (B - #those) nDCG@end).

    nDCG@i = DCG@i / IDCG@min(i, B); nDCG@end is the whole list's DCG over the
    whole ideal's; 0 when that total is 0 or B = 0
    (``metrics.ndcg_variants.ndcg_averaged_over_relevant``).
    """
    best = ideal(s)
    rows, dcg = _dcg_at_gain_rows(s)
    topic = s.topic[rows]
    at = np.bincount(topic, weights=dcg / best.idcg_at(topic, s.rank[rows]), minlength=s.T)
    found = np.bincount(topic, minlength=s.T)
    dcg_total = np.zeros(s.T)                       # DCG at each topic's last gain row
    dcg_total[found > 0] = dcg[(np.cumsum(found) - 1)[found > 0]]
    some = best.B > 0
    end = np.zeros(s.T)
    end[some] = dcg_total[some] / best.idcg[best.first[some] + best.B[some] - 1]
    total = at + (best.B - found) * end
    return [np.where(some & (total > 0), total / np.maximum(best.B, 1), 0.0)]


def _ndcg_at_r_levels(s, params) -> list:
    r"""Rndcg = mean of nDCG@b over the ends b of the ideal's grade levels, and n_q if n_q >= B + 2.

    (``metrics.ndcg_variants.ndcg_averaged_at_r_levels``; 0 when R = 0 or B = 0.)
    DCG@b is read at the last gain row ranked at or above b (0 when none).
    """
    best = ideal(s)
    rows, dcg = _dcg_at_gain_rows(s)
    last = np.r_[best.topic[1:] != best.topic[:-1], True] if best.topic.size else \
        np.zeros(0, bool)
    level_end = last | np.r_[best.gain[:-1] != best.gain[1:], True][:best.gain.size]
    t, b = best.topic[level_end], best.rank[level_end]
    longer = np.flatnonzero((best.B > 0) & (s.count >= best.B + 2))
    t, b = np.r_[t, longer], np.r_[b, s.count[longer]]
    keys = (s.topic[rows].astype(np.int64) << 32) | s.rank[rows]
    at = np.searchsorted(keys, (t.astype(np.int64) << 32) | b, side="right") - 1
    ok = at >= 0
    ok[ok] = s.topic[rows][at[ok]] == t[ok]
    dcg_b = np.where(ok, dcg[np.maximum(at, 0)] if dcg.size else 0.0, 0.0)
    total = np.bincount(t, weights=dcg_b / best.idcg_at(t, b), minlength=s.T)
    levels = np.bincount(t, minlength=s.T)
    some = s.has_R & (best.B > 0)
    return [np.where(some, total / np.maximum(levels, 1), 0.0)]


def _rank_biased_precision(s, params) -> list:
    r"""rbp = (1 - p) sum_i (g_i / h) p^{i-1}, h = max(1, the topic's highest judged grade).

    (``metrics.user_models.rank_biased_precision`` with trec_eval 10's scale; both weigh rank
    $i$ with ``metrics.cwl.rbp_reach``, $p^{i-1}$, the reach of RBP's continuation $C(i) = p$.)
    """
    rows = gain_rows(s)
    highest = np.ones(s.T)
    if s.judged_topic.size:
        np.maximum.at(highest, s.judged_topic, s.judged_grades)
    out = []
    for p in params:
        terms = s.grade[rows] / highest[s.topic[rows]] * rbp_reach(p, s.rank[rows])
        out.append((1.0 - p) * np.bincount(s.topic[rows], weights=terms, minlength=s.T))
    return out


def _rank_biased_residual(s, params) -> list:
    r"""rbp_resid = p^{n_q} + (1 - p) sum over unjudged rows of p^{i-1}; 0 when none is unjudged.

    (``metrics.user_models.rank_biased_precision_residual``, trec_eval 10's convention.)
    """
    rows = np.flatnonzero(~s.judged | (s.grade < 0))
    topic = s.topic[rows]
    some = np.bincount(topic, minlength=s.T) > 0
    out = []
    for p in params:
        total = np.bincount(topic, weights=rbp_reach(p, s.rank[rows]), minlength=s.T)
        out.append(np.where(some, p ** s.count.astype(np.float64) + (1.0 - p) * total, 0.0))
    return out


#: The kernels of this module, by registry entry.
KERNELS = {
    "binG": _binary_gain,
    "G": _normalized_gain,
    "nDCG_rel": _ndcg_over_relevant,
    "R-nDCG": _ndcg_at_r_levels,
    "RBP": _rank_biased_precision,
    "RBP-resid": _rank_biased_residual,
}
