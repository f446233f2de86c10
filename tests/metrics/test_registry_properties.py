"""Properties every metric in the registry must declare, checked on random rankings.

The pattern is scikit-learn's: one table (``PROPERTIES``) says, for each function in
``rankbook.metrics.registry.METRICS``, how to call it on a random query and what must hold:

- its range (``low`` <= value <= ``high``);
- its value for a perfect ranking (all relevant documents first, in decreasing grade,
  none left unretrieved), where the metric has a known maximum;
- whether appending a non-relevant document at the end of the list can change it. For
  most measures it cannot (positions past the end already count as non-relevant); the
  exceptions say why in a comment: the ROC curve and AUC (the totals default to the list's
  own counts), set measures of the whole list, counts (utility, judged non-relevant
  retrieved), the unjudged fraction and RBP's residual, Rndcg's extra level at the list's
  length, and the relevance string (as long as the list).

A metric added to the registry without a row here fails ``test_every_metric_declares_
its_properties``, so no metric escapes these checks. The expected values are properties of
the definitions (a perfect ranking has AP = 1, a fraction lies in [0, 1]), not numbers
produced by the code under test.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Callable

import numpy as np
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import rankbook as rb
from rankbook.metrics.registry import METRICS


@dataclass(frozen=True)
class Query:
    """One random query: the ranked grades and what lies outside the list."""

    ranking: list[int]
    missed_relevant: int     # relevant documents never retrieved
    missed_nonrelevant: int  # judged non-relevant documents never retrieved
    k: int

    @property
    def R(self) -> int:
        return sum(g is not None and g >= 1 for g in self.ranking) + self.missed_relevant

    @property
    def N(self) -> int:
        return sum(g is not None and g < 1 for g in self.ranking) + self.missed_nonrelevant

    @property
    def ideal(self) -> list[int]:
        return [g for g in self.ranking if g is not None] + [1] * self.missed_relevant


@dataclass(frozen=True)
class Declared:
    """What one metric promises. ``call`` maps a Query to a number (or arrays)."""

    call: Callable[[Query], object]
    low: float = 0.0
    high: float = 1.0
    perfect: Callable[[Query], float] | None = None  # value on a perfect ranking, if known
    tail_invariant: bool = True
    tolerance: float = 1e-12  # how close to ``perfect`` (infAP's smoothing terms need more)


def _one(value_when_relevant_exists: float):
    """A perfect-ranking value that holds when the query has a relevant document (else 0)."""
    return lambda q: value_when_relevant_exists if q.R > 0 else 0.0


PROPERTIES: dict[str, Declared] = {
    "precision_at_k": Declared(lambda q: rb.precision_at_k(q.ranking, q.k),
                               perfect=lambda q: min(q.k, q.R) / q.k),
    "recall_at_k": Declared(lambda q: rb.recall_at_k(q.ranking, q.k, q.R),
                            perfect=lambda q: min(q.k, q.R) / q.R if q.R else 0.0),
    "f1_at_k": Declared(lambda q: rb.f1_at_k(q.ranking, q.k, q.R),
                        perfect=lambda q: 2 * min(q.k, q.R) / (q.k + q.R) if q.R else 0.0),
    "r_precision": Declared(lambda q: rb.r_precision(q.ranking, q.R), perfect=_one(1.0)),
    "success_at_k": Declared(lambda q: rb.success_at_k(q.ranking, q.k), perfect=_one(1.0)),
    # The whole list is the set: one more non-relevant document lowers its precision, and a
    # perfect ranking (every relevant document retrieved) scores R/n: recall 1, precision R/n.
    "set_average_precision": Declared(lambda q: rb.set_average_precision(q.ranking, q.R),
                                      perfect=lambda q: q.R / len(q.ranking) if q.R else 0.0,
                                      tail_invariant=False),
    "average_precision": Declared(lambda q: rb.average_precision(q.ranking, q.R),
                                  perfect=_one(1.0)),
    "reciprocal_rank": Declared(lambda q: rb.reciprocal_rank(q.ranking), perfect=_one(1.0)),
    "dcg_at_k": Declared(lambda q: rb.dcg_at_k(q.ranking, q.k), high=math.inf),
    "idcg_at_k": Declared(lambda q: rb.idcg_at_k(q.ideal, q.k), high=math.inf),
    "ndcg_at_k": Declared(lambda q: rb.ndcg_at_k(q.ranking, q.k, ideal=q.ideal),
                          perfect=_one(1.0)),
    # The means over two queries (the same ranking twice, so the tail check appends to both).
    "mean_average_precision": Declared(
        lambda q: rb.mean_average_precision([q.ranking, q.ranking], [q.R, q.R]),
        perfect=_one(1.0)),
    "mean_reciprocal_rank": Declared(
        lambda q: rb.mean_reciprocal_rank([q.ranking, q.ranking]), perfect=_one(1.0)),
    # GMAP floors each AP at 1e-5 (trec_eval), so its lowest value is 1e-5, not 0.
    "geometric_mean_average_precision": Declared(
        lambda q: rb.geometric_mean_average_precision([q.ranking, q.ranking], [q.R, q.R]),
        low=1e-5, perfect=lambda q: 1.0 if q.R else 1e-5),
    # Search length counts documents examined: 1 .. len(list), or inf when nothing relevant
    # is found; on a perfect ranking the answer is at rank 1.
    "search_length": Declared(lambda q: rb.search_length(q.ranking), low=1.0, high=math.inf,
                              perfect=lambda q: 1.0 if q.R else math.inf),
    "precision_recall_curve": Declared(lambda q: rb.precision_recall_curve(q.ranking, q.R)),
    "interpolated_precision": Declared(lambda q: rb.interpolated_precision(q.ranking, q.R),
                                       perfect=_one(1.0)),
    "eleven_point_average_precision": Declared(
        lambda q: rb.eleven_point_average_precision(q.ranking, q.R), perfect=_one(1.0)),
    # LAG counts non-relevant documents above each relevant one: 0 at best; nan when the
    # list holds no relevant document (nothing to average; see rankbook.metrics.lag).
    "lag": Declared(lambda q: rb.lag(q.ranking), high=math.inf,
                    perfect=lambda q: 0.0 if q.R else math.nan),
    "mean_lag": Declared(lambda q: rb.mean_lag([q.ranking, q.ranking]), high=math.inf,
                         perfect=lambda q: 0.0 if q.R else math.nan),
    # With the totals left to default, the list's own counts define the ROC space, so one
    # more non-relevant document at the end changes the FPR steps: not tail invariant.
    "roc_curve": Declared(lambda q: rb.roc_curve(q.ranking, n_relevant=q.R, n_nonrelevant=q.N),
                          tail_invariant=False),
    "roc_auc": Declared(lambda q: rb.roc_auc(q.ranking, n_relevant=q.R, n_nonrelevant=q.N),
                        perfect=lambda q: 1.0, tail_invariant=False),
    "bpref": Declared(lambda q: rb.bpref(q.ranking, q.R, q.N), perfect=_one(1.0)),
    # trec_eval's measures added with the registry (issue 7). infAP's estimate of the
    # precision above a relevant document carries epsilon = 1e-5 terms, so a perfect ranking
    # scores 1 only to about 1e-5 (m_infap.c).
    "inferred_average_precision": Declared(
        lambda q: rb.inferred_average_precision(q.ranking, q.R), perfect=_one(1.0),
        tolerance=1e-4),
    # Precision at 2R: a perfect ranking has its R relevant documents in the first 2R ranks.
    "r_precision_at_multiple": Declared(
        lambda q: rb.r_precision_at_multiple(q.ranking, q.R, 2.0), perfect=_one(0.5)),
    # Utility +1 per relevant retrieved, -1 per other retrieved: unbounded both ways, and
    # each appended document costs 1. A perfect list of n holds all R: R - (n - R).
    "utility": Declared(lambda q: rb.utility(q.ranking, q.R), low=-math.inf, high=math.inf,
                        perfect=lambda q: 2 * q.R - len(q.ranking), tail_invariant=False),
    "binary_normalized_gain": Declared(lambda q: rb.binary_normalized_gain(q.ranking, q.R),
                                       perfect=_one(1.0)),
    # G: every step of a perfect list of gains >= 1 is worth its gain (G = 1); 0 without gains.
    "normalized_gain": Declared(lambda q: rb.normalized_gain(q.ranking, q.ideal),
                                perfect=_one(1.0)),
    "ndcg_averaged_over_relevant": Declared(
        lambda q: rb.ndcg_averaged_over_relevant(q.ranking, q.ideal), perfect=_one(1.0)),
    # Rndcg averages at the ideal's level changes plus, once the list runs two past R, its
    # length n: one more document can add that level, so it is not tail invariant.
    "ndcg_averaged_at_r_levels": Declared(
        lambda q: rb.ndcg_averaged_at_r_levels(q.ranking, q.ideal), perfect=_one(1.0),
        tail_invariant=False),
    "relative_precision_at_k": Declared(
        lambda q: rb.relative_precision_at_k(q.ranking, q.k, q.R), perfect=_one(1.0)),
    # A count of the judged non-relevant documents in the list: appending one adds 1.
    "judged_nonrelevant_retrieved": Declared(
        lambda q: rb.judged_nonrelevant_retrieved(q.ranking), high=math.inf,
        perfect=lambda q: sum(g < 1 for g in q.ranking), tail_invariant=False),
    # Every generated grade is judged (0 on a perfect ranking too); an unjudged document
    # appended within the first k raises it.
    "unjudged_at_k": Declared(lambda q: rb.unjudged_at_k(q.ranking, q.k),
                              perfect=lambda q: 0.0, tail_invariant=False),
    # relstring: one digit per document of the first k, not padded (so a document appended
    # within the first k makes it longer). Read back as digits, it is the grades themselves.
    "relevance_string": Declared(
        lambda q: [int(c) for c in rb.relevance_string(q.ranking, q.k)], high=9,
        perfect=lambda q: q.ranking[:q.k], tail_invariant=False),
    # RBP's gains are grades / max_grade (3 here): between 0 and 1 - p^n.
    "rank_biased_precision": Declared(
        lambda q: rb.rank_biased_precision(q.ranking, max_grade=3)),
    # cwl_eval's RBP: EU, the gain per document read, with the grades scaled to gains in [0, 1]
    # (cwl_eval refuses a gain above 1 in several models); a non-relevant document appended
    # changes nothing (the list is padded with gain 0 to 1000 ranks anyway).
    "cwl_rank_biased_precision": Declared(
        lambda q: rb.cwl_rank_biased_precision(
            [None if g is None else g / 3 for g in q.ranking]).expected_utility),
    # The C/W/L user models (registry_cwl_models.py): EU is a W-weighted mean of gains in
    # [0, 1] (grades / 3), so in [0, 1]; a non-relevant document appended changes nothing
    # (gain 0, cost 1: what the padding to 1000 ranks puts there anyway).
    **{name: Declared(lambda q, f=getattr(rb, name): f(
        [None if g is None else g / 3 for g in q.ranking]).expected_utility)
       for name in ("cwl_bejewelled_player", "cwl_u_measure", "cwl_time_biased_gain",
                    "cwl_ift_goal", "cwl_ift_rate", "cwl_ift_goal_rate", "cwl_nerr10",
                    "cwl_nerr11")},
    **{name: Declared(lambda q, f=getattr(rb, name): f(
        [None if g is None else g / 3 for g in q.ranking], q.k).expected_utility)
       for name in ("cwl_nerr8", "cwl_nerr9")},
    # cwl_eval's classic measures (cwl_classic.py): EU with gains grade / 3 in [0, 1], a weighted
    # mean of gains, so in [0, 1]; the list is padded with gain 0 anyway, so a non-relevant
    # document appended changes nothing. A perfect ranking puts the highest grade first: its
    # RR is that gain over rank 1.
    "cwl_precision": Declared(lambda q: rb.cwl_precision(_thirds(q), q.k).expected_utility),
    "cwl_scaled_dcg": Declared(lambda q: rb.cwl_scaled_dcg(_thirds(q), q.k).expected_utility),
    "cwl_reciprocal_rank": Declared(
        lambda q: rb.cwl_reciprocal_rank(_thirds(q)).expected_utility,
        perfect=lambda q: max(q.ranking, default=0) / 3),
    "cwl_average_precision": Declared(
        lambda q: rb.cwl_average_precision(_thirds(q)).expected_utility),
    "cwl_inst": Declared(lambda q: rb.cwl_inst(_thirds(q), 2.0).expected_utility),
    "cwl_insq": Declared(lambda q: rb.cwl_insq(_thirds(q), 2.0).expected_utility),
    # trec_eval 10's residual is 0 when no document is unjudged (every generated grade is
    # judged); an unjudged document appended gives it weight.
    "rank_biased_precision_residual": Declared(
        lambda q: rb.rank_biased_precision_residual(q.ranking), perfect=lambda q: 0.0,
        tail_invariant=False),
    # NTCIREVAL's measures (gains 1:2:3 of the 0-3 scale): on a perfect ranking the blended
    # ratio is 1 at every relevant rank, so Q, O, P, P+ and NCU are 1; the normalised ones too.
    "q_measure": Declared(lambda q: rb.q_measure(q.ranking, q.ideal, q.k, gains=(1, 2, 3)),
                          perfect=_one(1.0)),
    "o_measure": Declared(lambda q: rb.o_measure(q.ranking, q.ideal, gains=(1, 2, 3)),
                          perfect=_one(1.0)),
    "p_measure": Declared(lambda q: rb.p_measure(q.ranking, q.ideal, gains=(1, 2, 3)),
                          perfect=_one(1.0)),
    "p_plus_measure": Declared(lambda q: rb.p_plus_measure(q.ranking, q.ideal, gains=(1, 2, 3)),
                               perfect=_one(1.0)),
    "normalised_cumulative_utility": Declared(
        lambda q: rb.normalised_cumulative_utility(q.ranking, q.ideal, stop="rank-biased",
                                                   beta=1.0, gains=(1, 2, 3)),
        perfect=_one(1.0)),
    # NTCIREVAL's ERR stops with probability g/(3 + 1) < 1: in [0, 1), no known maximum.
    "ntcir_expected_reciprocal_rank": Declared(
        lambda q: rb.ntcir_expected_reciprocal_rank(q.ranking, q.ideal, gains=(1, 2, 3))),
    "ntcir_normalized_err": Declared(
        lambda q: rb.ntcir_normalized_err(q.ranking, q.ideal, q.k, gains=(1, 2, 3)),
        perfect=_one(1.0)),
    "ntcir_ndcg": Declared(lambda q: rb.ntcir_ndcg(q.ranking, q.ideal, q.k, gains=(1, 2, 3)),
                           perfect=_one(1.0)),
    "microsoft_ndcg": Declared(
        lambda q: rb.microsoft_ndcg(q.ranking, q.ideal, q.k, gains=(1, 2, 3)), perfect=_one(1.0)),
    "ntcir_hit": Declared(lambda q: rb.ntcir_hit(q.ranking, q.k), perfect=_one(1.0)),
    # ERR@k with the 0-3 scale: a probability-weighted mean of 1/r, in [0, 1).
    "expected_reciprocal_rank": Declared(
        lambda q: rb.expected_reciprocal_rank(q.ranking, q.k, max_grade=3)),
    # F2@k (van Rijsbergen): on a perfect ranking P = min(k, R)/k and recall min(k, R)/R.
    "f_beta_at_k": Declared(
        lambda q: rb.f_beta_at_k(q.ranking, q.k, q.R, beta=2.0),
        perfect=lambda q: _f_beta(min(q.k, q.R) / q.k, min(q.k, q.R) / q.R if q.R else 0.0, 2.0)),
    # gdeval.pl's two columns (registry_tools.py): nDCG with gain 2^g - 1 against the judged
    # grades, ERR on its fixed 0-4 scale.
    "gdeval_ndcg_at_k": Declared(lambda q: rb.gdeval_ndcg_at_k(q.ranking, q.k, ideal=q.ideal),
                                 perfect=_one(1.0)),
    "gdeval_err_at_k": Declared(lambda q: rb.gdeval_err_at_k(q.ranking, q.k)),
    # ir_measures' own. Compat's depth is the longer list, so a document appended deepens it;
    # Accuracy and Judged@k count a document appended within the first k.
    "compatibility": Declared(lambda q: rb.compatibility(q.ranking, q.ideal), perfect=_one(1.0),
                              tail_invariant=False),
    "pairwise_accuracy": Declared(lambda q: rb.pairwise_accuracy(q.ranking, q.k),
                                  perfect=_one(1.0), tail_invariant=False),
    "judged_at_k": Declared(lambda q: rb.judged_at_k([g is not None for g in q.ranking], q.k),
                            perfect=lambda q: 1.0, tail_invariant=False),
    # ndeval's diversity measures (registry_diversity.py) on two nested subtopics (_subtopics):
    # a perfect ranking (by grade) is then also the best list, so the "n" versions and the
    # intent-aware AP reach 1; over the ideal ideal, rank 1 is not divided (ndeval): up to m = 2.
    **{name: Declared(lambda q, f=getattr(rb, name): f(*_subtopics(q), q.k), high=2.0)
       for name in ("alpha_dcg_at_k", "intent_aware_err_at_k")},
    **{name: Declared(lambda q, f=getattr(rb, name): f(*_subtopics(q), q.k), perfect=_one(1.0))
       for name in ("alpha_ndcg_at_k", "intent_aware_nerr_at_k")},
    **{name: Declared(lambda q, f=getattr(rb, name): f(*_subtopics(q), q.k))
       for name in ("intent_aware_precision_at_k", "subtopic_recall_at_k")},
    "novelty_rank_biased_precision": Declared(
        lambda q: rb.novelty_rank_biased_precision(*_subtopics(q))),
    "normalized_novelty_rank_biased_precision": Declared(
        lambda q: rb.normalized_novelty_rank_biased_precision(*_subtopics(q)), perfect=_one(1.0)),
    "intent_aware_average_precision": Declared(
        lambda q: rb.intent_aware_average_precision(*_subtopics(q)), perfect=_one(1.0)),
    # NTCIREVAL's (registry_ntcir_diversity.py), uniform P(i|q): a perfect ranking is also
    # sorted by global gain and tops every intent's list, so each reaches 1.
    **{name: Declared(lambda q, f=getattr(rb, name): f(*_subtopics(q), q.k), perfect=_one(1.0))
       for name in ("intent_recall_at_k", "d_ndcg_at_k", "d_sharp_ndcg_at_k", "d_q_measure",
                    "d_sharp_q_measure", "ntcir_intent_aware_nerr_at_k",
                    "ntcir_intent_aware_ndcg_at_k")},
}


def _subtopics(q: Query) -> tuple[np.ndarray, np.ndarray]:
    """Two nested subtopics: a grade >= 1 is relevant to the first, >= 2 to both (None: neither)."""
    def cells(grades):
        return np.array([[g is not None and g >= 1, g is not None and g >= 2] for g in grades],
                        dtype=float).reshape(len(grades), 2)
    judged = [g for g in q.ranking if g is not None] + [1] * q.missed_relevant + \
        [0] * q.missed_nonrelevant
    return cells(q.ranking), cells(judged)


def _thirds(q: Query) -> list:
    """The grades 0-3 as gains in [0, 1] (None stays unjudged), as cwl_eval's models take them."""
    return [None if g is None else g / 3 for g in q.ranking]


def _f_beta(precision: float, recall: float, beta: float) -> float:
    """van Rijsbergen's F-beta from P and R (0 when both are 0)."""
    if precision == 0 and recall == 0:
        return 0.0
    return (1 + beta**2) * precision * recall / (beta**2 * precision + recall)


def test_every_metric_declares_its_properties():
    names = {info.function.__name__ for info in METRICS if info.function is not None}
    assert names <= set(PROPERTIES), f"declare the properties of {sorted(names - set(PROPERTIES))}"
    assert set(PROPERTIES) <= names, f"not in the registry: {sorted(set(PROPERTIES) - names)}"


@st.composite
def queries(draw):
    ranking = draw(st.lists(st.sampled_from([0, 0, 0, 1, 2, 3]), min_size=1, max_size=20))
    return Query(ranking, draw(st.integers(0, 3)), draw(st.integers(0, 3)),
                 draw(st.integers(1, 25)))


def _defined(name: str, q: Query) -> bool:
    """ROC needs both a relevant and a non-relevant item; everything else is always defined."""
    return not name.startswith("roc") or (q.R > 0 and q.N > 0)


def _values(result) -> np.ndarray:
    if isinstance(result, tuple):
        return np.concatenate([np.atleast_1d(np.asarray(part, dtype=float)) for part in result])
    return np.atleast_1d(np.asarray(result, dtype=float))


def _same(a, b, tolerance: float = 1e-12) -> bool:
    a, b = _values(a), _values(b)
    if b.size == 1:  # a declared scalar holds at every point of a curve
        b = np.broadcast_to(b, a.shape)
    return a.shape == b.shape and bool(np.all((a == b) | (np.isnan(a) & np.isnan(b))
                                              | np.isclose(a, b, rtol=tolerance, atol=tolerance)))


NAMES = sorted(PROPERTIES)


@settings(max_examples=400, deadline=None)
@given(q=queries(), name=st.sampled_from(NAMES))
def test_values_lie_in_the_declared_range(q, name):
    assume(_defined(name, q))
    declared = PROPERTIES[name]
    values = _values(declared.call(q))
    values = values[~np.isnan(values)]
    assert np.all(values >= declared.low - 1e-12), (name, q, values)
    assert np.all(values <= declared.high + 1e-12), (name, q, values)


@settings(max_examples=400, deadline=None)
@given(q=queries(), name=st.sampled_from([n for n in NAMES if PROPERTIES[n].perfect]))
def test_a_perfect_ranking_reaches_the_declared_value(q, name):
    perfect = Query(sorted(q.ranking, reverse=True), 0, q.missed_nonrelevant, q.k)
    assume(_defined(name, perfect))
    declared = PROPERTIES[name]
    assert _same(declared.call(perfect), declared.perfect(perfect), declared.tolerance), (
        name, perfect)


@settings(max_examples=400, deadline=None)
@given(q=queries(), name=st.sampled_from([n for n in NAMES if PROPERTIES[n].tail_invariant]))
def test_a_non_relevant_document_appended_at_the_end_changes_nothing(q, name):
    # The appended document is one of the judged non-relevant documents not retrieved before
    # (so R and N stay the same) or, when there is none, an unjudged document (None).
    if q.missed_nonrelevant:
        longer = Query(q.ranking + [0], q.missed_relevant, q.missed_nonrelevant - 1, q.k)
    else:
        longer = Query(q.ranking + [None], q.missed_relevant, 0, q.k)
    assume(_defined(name, q) and _defined(name, longer))
    declared = PROPERTIES[name]
    before, after = declared.call(q), declared.call(longer)
    if name == "precision_recall_curve":  # one more point, the earlier points unchanged
        assert _same(tuple(part[:-1] for part in after), before), (q, before, after)
    else:
        assert _same(before, after), (name, q, before, after)
