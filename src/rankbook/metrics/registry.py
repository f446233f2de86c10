r"""The one list of rankbook's metrics.

Each entry of ``METRICS`` (a :class:`~rankbook.metrics.spec.Metric`) names a
measure in canonical notation (as ir_measures writes it), its trec_eval names,
its parameter with trec_eval's defaults, its summary rule, its docs page, and
the per-topic adapter through which :func:`rankbook.evaluate` calls the
textbook function. Everything else is generated from this list:

- the measure-name parser, the per-topic path and the summary row of
  :mod:`rankbook.evaluation`, and the measure table of its docstring;
- the measure list of ``rankbook eval --help``;
- the docs' metric index (``docs/hooks/metric_index.py``).

``tests/metrics/test_registry_generated.py`` fails when any of them disagree.

The entries with a trec_eval name are in trec_eval's print order (its table
of measures, ``measures.c``): ``-m all_trec`` and the trec_eval layout list
measures in this order. An entry with no trec_eval name may sit anywhere; each
sits beside its relatives, as the metric index shows them.

Adding a metric: write its function, add its entry here, write its page.
``docs/contributing.md`` walks through it.
"""

from __future__ import annotations

from rankbook.metrics._settings import gain_map_setting, persistence_setting
from rankbook.metrics.average_precision import average_precision
from rankbook.metrics.bpref import bpref
from rankbook.metrics.cwl_measures import CWL_EVAL_DEPTH, cwl_rank_biased_precision
from rankbook.metrics.dcg import dcg_at_k, idcg_at_k, ndcg_at_k
from rankbook.metrics.interpolation import (
    ELEVEN_RECALL_LEVELS,
    eleven_point_average_precision,
    interpolated_precision,
    precision_recall_curve,
)
from rankbook.metrics.incomplete import (
    inferred_average_precision,
    judged_nonrelevant_retrieved,
    unjudged_at_k,
)
from rankbook.metrics.lag import lag, mean_lag
from rankbook.metrics.means import (
    geometric_mean_average_precision,
    mean_average_precision,
    mean_reciprocal_rank,
)
from rankbook.metrics.precision import (
    f1_at_k,
    precision_at_k,
    r_precision,
    recall_at_k,
    set_average_precision,
    success_at_k,
)
from rankbook.metrics.ndcg_variants import ndcg_averaged_at_r_levels, ndcg_averaged_over_relevant
from rankbook.metrics.normalized_gain import binary_normalized_gain, normalized_gain
from rankbook.metrics.reciprocal_rank import reciprocal_rank
from rankbook.metrics.relevance_string import relevance_string
from rankbook.metrics.roc import roc_auc, roc_curve
from rankbook.metrics.search_length import search_length
from rankbook.metrics.set_measures import (
    f_beta_at_k,
    r_precision_at_multiple,
    relative_precision_at_k,
    utility,
)
from rankbook._validate import relevance_level
from rankbook.metrics.spec import RELEVANCE_SYMBOL, SUMMARY_RULES, Metric, Param, ParamValues, TopicData
from rankbook.metrics.user_models import (
    expected_reciprocal_rank,
    rank_biased_precision,
    rank_biased_precision_residual,
)

__all__ = ["METRICS", "Metric", "Param", "TopicData", "SUMMARY_RULES", "by_name",
           "by_function_name", "CUTOFFS", "CHAPTERS"]

#: trec_eval's default cut-offs of P, recall, ndcg_cut and map_cut.
CUTOFFS = (5, 10, 15, 20, 30, 100, 200, 500, 1000)
K = Param("k", int, CUTOFFS, low=1, keyword="k")
ANY_K = Param("k", int, (), low=1, keyword="k")  # a cut-off trec_eval does not compute
RECALL_LEVEL = Param("r", float, ELEVEN_RECALL_LEVELS, trec_format="{:.2f}", low=0.0, high=1.0,
                     keyword="recall_levels")
# trec_eval's settings (one column, the setting printed in its name: ndcg_1=3,2=9)
RECALL_LEVELS = Param("levels", float, ELEVEN_RECALL_LEVELS, cutoffs=False, low=0.0, high=1.0,
                      keyword="recall_levels")
GAIN_MAP = Param("gains", float, (), cutoffs=False, read=gain_map_setting, keyword="gain_map")
PERSISTENCE = Param("p", float, 0.9, cutoffs=False, read=persistence_setting,
                    keyword="persistence")
#: The relevance level of one measure (``P(rel=2)@5``); default: the evaluation's (``-l``).
REL = Param(RELEVANCE_SYMBOL, float, (), cutoffs=False, keyword="relevance_level",
            check=relevance_level)
COUNTS_PAGE = "guide/evaluating_runs.md"
#: cwl_eval's five numbers, the quantities of every C/W/L measure (its columns, in its order).
CWL_QUANTITIES = ("EU", "ETU", "EC", "ETC", "ED")


def _set_precision(t: TopicData, a: ParamValues) -> float:
    """P of the whole retrieved set: P@k at k = the number retrieved (0 when none)."""
    n = len(t.grades)
    return precision_at_k(t.grades, n, relevance_level=a.rel) if n else 0.0


def _set_recall(t: TopicData, a: ParamValues) -> float:
    """Recall of the whole retrieved set: R@k at k = the number retrieved (0 when none)."""
    n = len(t.grades)
    return recall_at_k(t.grades, n, t.relevant(a.rel), relevance_level=a.rel) if n else 0.0


def _set_f(t: TopicData, a: ParamValues) -> float:
    """F of the whole retrieved set, trec_eval's beta (``set_F.x``; 1 is F1; 0 when none)."""
    if not len(t.grades):
        return 0.0
    return f_beta_at_k(t.grades, None, t.relevant(a.rel), beta=a.beta[0],
                       beta_convention="trec_eval", relevance_level=a.rel)


def _gains(pairs: tuple) -> dict | None:
    """A gain-map setting (``((1.0, 3.0), ...)``) as the metric functions take it."""
    return dict(pairs) or None


def _highest_grade(t: TopicData) -> float:
    """trec_eval 10's RBP scale: the topic's highest judged grade, at least 1."""
    return max(1.0, float(t.ideal.max())) if len(t.ideal) else 1.0


METRICS: tuple[Metric, ...] = (
    # --- counts and the run's name (trec_eval's bookkeeping lines) ---
    Metric("runid", None, "Counts", COUNTS_PAGE, "The run's name (the tag of its first line).",
           trec_eval=("runid",), summary_rule="name"),
    Metric("NumQ", None, "Counts", COUNTS_PAGE, "Number of topics evaluated.",
           trec_eval=("num_q",), summary_rule="count", per_topic=lambda t, a: 1),
    Metric("NumRet", None, "Counts", COUNTS_PAGE, "Documents retrieved (after the -M cut).",
           trec_eval=("num_ret",), summary_rule="sum",
           per_topic=lambda t, a: len(t.grades)),
    Metric("NumRel", None, "Counts", COUNTS_PAGE, "Relevant documents in the judgments (R).",
           trec_eval=("num_rel",), summary_rule="sum", params=(REL,), per_topic=lambda t, a: t.relevant(a.rel)),
    Metric("NumRelRet", None, "Counts", COUNTS_PAGE, "Relevant documents retrieved.",
           trec_eval=("num_rel_ret",), summary_rule="sum",
           params=(REL,), per_topic=lambda t, a: int((t.grades >= a.rel).sum())),
    # --- the ranked measures ---
    Metric("AP", average_precision, "Rank-based", "metrics/average_precision.md",
           "Precision averaged over the ranks of the relevant documents.", trec_eval=("map",),
           params=(REL,), per_topic=lambda t, a: average_precision(t.grades, t.relevant(a.rel),
                                                           relevance_level=a.rel)),
    Metric("MAP", mean_average_precision, "Means over queries", "metrics/map.md",
           "Mean of AP over queries, each query counting once.", same_as="AP",
           summary_rule=None),
    Metric("GMAP", geometric_mean_average_precision, "Means over queries", "metrics/map.md",
           "Geometric mean of AP over queries, each AP floored at 1e-5.",
           trec_eval=("gm_map",), summary_rule="gmean",
           params=(REL,), per_topic=lambda t, a: average_precision(t.grades, t.relevant(a.rel),
                                                           relevance_level=a.rel)),
    Metric("R-prec", r_precision, "Set-based", "metrics/r_precision.md",
           "Precision at rank R, the number of relevant documents.", trec_eval=("Rprec",),
           params=(REL,), per_topic=lambda t, a: r_precision(t.grades, t.relevant(a.rel), relevance_level=a.rel)),
    Metric("bpref", bpref, "Incomplete judgments", "metrics/bpref.md",
           "Share of judged non-relevant documents each relevant one is ranked above.",
           trec_eval=("bpref",),
           params=(REL,), per_topic=lambda t, a: bpref(t.with_unjudged, t.relevant(a.rel), t.nonrelevant(a.rel),
                                               relevance_level=a.rel)),
    Metric("RR", reciprocal_rank, "Rank-based", "metrics/reciprocal_rank.md",
           "One over the rank of the first relevant document.", trec_eval=("recip_rank",),
           params=(REL,), per_topic=lambda t, a: reciprocal_rank(t.grades, relevance_level=a.rel)),
    Metric("RR@k", reciprocal_rank, "Rank-based", "metrics/reciprocal_rank.md",
           "RR of the top k: 0 when no relevant document is in it.", params=(ANY_K, REL),
           per_topic=lambda t, a: reciprocal_rank(t.grades, k=a.k, relevance_level=a.rel)),
    Metric("MRR", mean_reciprocal_rank, "Means over queries", "metrics/mrr.md",
           "Mean of RR over queries.", same_as="RR", summary_rule=None),
    Metric("IPrec@r", interpolated_precision, "Precision-recall",
           "metrics/interpolated_precision.md", "Best precision at recall r or beyond.",
           trec_eval=("iprec_at_recall",), params=(RECALL_LEVEL, REL), spellings=("iP@r",),
           per_topic=lambda t, a: interpolated_precision(
               t.grades, t.relevant(a.rel), a.r, relevance_level=a.rel, cutoff_rule=t.cutoff_rule)),
    Metric("P@k", precision_at_k, "Set-based", "metrics/precision_at_k.md",
           "Fraction of the top k that is relevant.", trec_eval=("P",), params=(K, REL),
           per_topic=lambda t, a: precision_at_k(t.grades, a.k, relevance_level=a.rel)),
    Metric("relstring", relevance_string, "Incomplete judgments", "metrics/relstring.md",
           "The grades of the top k as one string (- unjudged, . pooled but unjudged).",
           trec_eval=("relstring",), summary_rule="none",
           params=(Param("k", int, (10,), cutoffs=False, low=1, keyword="k"),),
           per_topic=lambda t, a: relevance_string(t.with_unjudged, a.k[0])),
    Metric("R@k", recall_at_k, "Set-based", "metrics/recall_at_k.md",
           "Fraction of all relevant documents found in the top k.", trec_eval=("recall",),
           params=(K, REL),
           per_topic=lambda t, a: recall_at_k(t.grades, a.k, t.relevant(a.rel), relevance_level=a.rel)),
    Metric("F1@k", f1_at_k, "Set-based", "metrics/f1_at_k.md",
           "Harmonic mean of P@k and R@k.", summary_rule=None),
    Metric("infAP", inferred_average_precision, "Incomplete judgments", "metrics/infap.md",
           "AP estimated from a random sample of the pool (Yilmaz and Aslam).",
           trec_eval=("infAP",),
           params=(REL,), per_topic=lambda t, a: inferred_average_precision(
               t.with_unjudged, t.relevant(a.rel), relevance_level=a.rel)),
    Metric("GMbpref", bpref, "Incomplete judgments", "metrics/bpref.md",
           "bpref per topic; geometric mean (floor 1e-5) in the summary.",
           trec_eval=("gm_bpref",), summary_rule="gmean",
           params=(REL,), per_topic=lambda t, a: bpref(t.with_unjudged, t.relevant(a.rel), t.nonrelevant(a.rel),
                                               relevance_level=a.rel)),
    Metric("R-prec@m", r_precision_at_multiple, "Set-based", "metrics/rprec_mult.md",
           "Precision at rank m times R.", trec_eval=("Rprec_mult",),
           params=(Param("m", float, (0.2, 0.4, 0.6, 0.8, 1.0, 1.2, 1.4, 1.6, 1.8, 2.0),
                       trec_format="{:.2f}", low=0.0, keyword="multiple"), REL),
           per_topic=lambda t, a: r_precision_at_multiple(t.grades, t.relevant(a.rel), a.m,
                                                                 relevance_level=a.rel)),
    Metric("utility", utility, "Set-based", "metrics/utility.md",
           "Weighted count of relevant and non-relevant documents retrieved and missed.",
           trec_eval=("utility",), params=(Param("w", float, (1.0, -1.0, 0.0, 0.0), cutoffs=False,
                                                  keyword="weights"), REL),
           per_topic=lambda t, a: utility(t.with_unjudged, t.relevant(a.rel), weights=a.w,
                                                 relevance_level=a.rel),
           exercise_hints=("unjudged",)),
    Metric("11pt", eleven_point_average_precision, "Precision-recall",
           "metrics/interpolated_precision.md",
           "Mean interpolated precision at recall 0.0, 0.1, ..., 1.0.", trec_eval=("11pt_avg",),
           params=(RECALL_LEVELS, REL),
           per_topic=lambda t, a: eleven_point_average_precision(
               t.grades, t.relevant(a.rel), relevance_level=a.rel, cutoff_rule=t.cutoff_rule,
               recall_levels=a.levels)),
    Metric("binG", binary_normalized_gain, "Graded", "metrics/normalized_gain.md",
           "Binary gain of the list over the best possible, trec_eval's binG.",
           trec_eval=("binG",),
           params=(REL,), per_topic=lambda t, a: binary_normalized_gain(t.with_unjudged, t.relevant(a.rel),
                                                                relevance_level=a.rel),
           exercise_hints=("unjudged",)),
    Metric("G", normalized_gain, "Graded", "metrics/normalized_gain.md",
           "Graded gain of the list over the best possible, trec_eval's G.",
           trec_eval=("G",), params=(GAIN_MAP,),
           per_topic=lambda t, a: normalized_gain(t.with_unjudged, t.ideal,
                                                             gain_map=_gains(a.gains)),
           graded=True, exercise_hints=("unjudged",)),
    Metric("nDCG", ndcg_at_k, "Graded", "metrics/ndcg.md",
           "nDCG of the whole list, the ideal built from every judged grade.",
           trec_eval=("ndcg",), params=(GAIN_MAP,),
           per_topic=lambda t, a: ndcg_at_k(t.with_unjudged, None, ideal=t.ideal,
                                                       gain_map=_gains(a.gains)), graded=True),
    Metric("nDCG_rel", ndcg_averaged_over_relevant, "Graded", "metrics/ndcg_variants.md",
           "nDCG averaged over the ranks of the relevant documents.", trec_eval=("ndcg_rel",),
           params=(GAIN_MAP,),
           per_topic=lambda t, a: ndcg_averaged_over_relevant(
               t.with_unjudged, t.ideal, gain_map=_gains(a.gains)), graded=True),
    Metric("R-nDCG", ndcg_averaged_at_r_levels, "Graded", "metrics/ndcg_variants.md",
           "nDCG averaged at the rank of each gain level's last ideal document.",
           trec_eval=("Rndcg",), params=(GAIN_MAP, REL),
           per_topic=lambda t, a: ndcg_averaged_at_r_levels(
               t.with_unjudged, t.ideal, gain_map=_gains(a.gains), relevance_level=a.rel),
           graded=True),
    Metric("ERR@k", expected_reciprocal_rank, "Graded", "metrics/err.md",
           "Expected reciprocal rank of a user who stops at a satisfying document.",
           params=(ANY_K,),
           per_topic=lambda t, a: expected_reciprocal_rank(t.grades, a.k), graded=True),
    Metric("DCG@k", dcg_at_k, "Graded", "metrics/dcg.md",
           "Gain of each document, discounted by its rank, summed.", params=(ANY_K,),
           per_topic=lambda t, a: dcg_at_k(t.grades, a.k), graded=True),
    Metric("IDCG@k", idcg_at_k, "Graded", "metrics/dcg.md",
           "DCG of the ideal ordering of the judged grades.", summary_rule=None, graded=True),
    Metric("nDCG@k", ndcg_at_k, "Graded", "metrics/ndcg.md", "DCG divided by the ideal DCG.",
           trec_eval=("ndcg_cut",), params=(K,),
           per_topic=lambda t, a: ndcg_at_k(t.grades, a.k, ideal=t.ideal), graded=True),
    Metric("AP@k", average_precision, "Rank-based", "metrics/average_precision.md",
           "AP of the top k, still divided by R.", trec_eval=("map_cut",), params=(K, REL),
           per_topic=lambda t, a: average_precision(t.grades, t.relevant(a.rel), k=a.k,
                                                           relevance_level=a.rel)),
    Metric("RelP@k", relative_precision_at_k, "Set-based", "metrics/relative_precision.md",
           "P@k over the best P@k possible, min(k, R)/k.", trec_eval=("relative_P",), params=(K, REL),
           per_topic=lambda t, a: relative_precision_at_k(t.grades, a.k, t.relevant(a.rel),
                                                                 relevance_level=a.rel)),
    Metric("success@k", success_at_k, "Set-based", "metrics/success_at_k.md",
           "1 if any relevant document is in the top k.", trec_eval=("success",),
           params=(Param("k", int, (1, 5, 10), low=1, keyword="k"), REL),
           per_topic=lambda t, a: success_at_k(t.grades, a.k, relevance_level=a.rel)),
    # --- the whole retrieved set, unranked ---
    Metric("SetP", precision_at_k, "Set-based", "metrics/precision_at_k.md",
           "Precision of the whole retrieved set.", trec_eval=("set_P",),
           params=(REL,), per_topic=_set_precision),
    Metric("SetRelP", relative_precision_at_k, "Set-based", "metrics/relative_precision.md",
           "Set precision over the best possible, min(n, R)/n.", trec_eval=("set_relative_P",),
           params=(REL,), per_topic=lambda t, a: relative_precision_at_k(t.grades, None, t.relevant(a.rel),
                                                                 relevance_level=a.rel)),
    Metric("SetR", recall_at_k, "Set-based", "metrics/recall_at_k.md",
           "Recall of the whole retrieved set.", trec_eval=("set_recall",),
           params=(REL,), per_topic=_set_recall),
    Metric("SetAP", set_average_precision, "Set-based", "metrics/precision_at_k.md",
           "Set precision times set recall (trec_eval's unranked set_map).",
           trec_eval=("set_map",),
           params=(REL,), per_topic=lambda t, a: set_average_precision(t.grades, t.relevant(a.rel),
                                                               relevance_level=a.rel)),
    Metric("SetF", f_beta_at_k, "Set-based", "metrics/f_beta.md",
           "F of set precision and set recall (trec_eval's beta; 1: the harmonic mean).",
           trec_eval=("set_F",), params=(Param("beta", float, (1.0,), cutoffs=False, low=0.0,
                                                keyword="beta"), REL),
           per_topic=_set_f),
    Metric("NumNonrelJudgedRet", judged_nonrelevant_retrieved, "Counts", "metrics/unjudged.md",
           "Judged non-relevant documents retrieved.", trec_eval=("num_nonrel_judged_ret",),
           summary_rule="sum",
           params=(REL,), per_topic=lambda t, a: judged_nonrelevant_retrieved(t.with_unjudged,
                                                                      relevance_level=a.rel),
           exercise_hints=("unjudged",)),
    # --- trec_eval 10's additions ---
    Metric("RBP", rank_biased_precision, "User models", "metrics/rbp.md",
           "Rank-biased precision: the gain rate of a user who goes on with probability p.",
           trec_eval=("rbp",), params=(PERSISTENCE,), all_trec=("10",),
           per_topic=lambda t, a: rank_biased_precision(
               t.with_unjudged, persistence=a.p, max_grade=_highest_grade(t)), graded=True),
    Metric("RBP-resid", rank_biased_precision_residual, "User models", "metrics/rbp.md",
           "How much RBP could still rise if every unjudged document were relevant.",
           trec_eval=("rbp_resid",), params=(PERSISTENCE,), all_trec=("10",),
           per_topic=lambda t, a: rank_biased_precision_residual(t.with_unjudged,
                                                                        persistence=a.p),
           graded=True, exercise_hints=("unjudged",)),
    # --- the C/W/L framework, as cwl_eval computes it: five numbers per topic ---
    Metric("CWL-RBP", cwl_rank_biased_precision, "User models", "metrics/rbp.md",
           "RBP as cwl_eval computes it, with the five C/W/L numbers EU, ETU, EC, ETC, ED.",
           params=(Param("p", float, 0.8, cutoffs=False, read=persistence_setting,
                         keyword="persistence"),
                   Param("depth", int, CWL_EVAL_DEPTH, cutoffs=False, low=1, keyword="depth")),
           quantities=CWL_QUANTITIES, needs=("costs",), aliases=(("cwl_eval", "RBP@p"),),
           per_topic=lambda t, a: cwl_rank_biased_precision(t.grades, a.p, depth=a.depth,
                                                            costs=t.costs),
           graded=True),
    Metric("Unjudged@k", unjudged_at_k, "Incomplete judgments", "metrics/unjudged.md",
           "Fraction of the top k that nobody judged.", trec_eval=("unj",),
           params=(Param("k", int, (5, 10, 20), low=1, keyword="k"),), all_trec=("10",),
           per_topic=lambda t, a: unjudged_at_k(t.with_unjudged, a.k)),
    # --- textbook functions rankbook.evaluate does not offer ---
    Metric("SL", search_length, "Rank-based", "metrics/search_length.md",
           "Documents (or non-relevant documents) read to find the n-th relevant one.",
           summary_rule=None,
           exercise_hints=("judged", "not decimal")),
    Metric("PR curve", precision_recall_curve, "Precision-recall",
           "metrics/precision_recall_curve.md", "Recall and precision after each rank.",
           summary_rule=None,
           exercise_hints=("judged", "not decimal")),
    Metric("LAG", lag, "Rank-based", "metrics/lag.md",
           "Mean number of non-relevant items ranked above each relevant one (lower is better).",
           summary_rule=None, exercise_hints=("judged",)),
    Metric("mean LAG", mean_lag, "Means over queries", "metrics/lag.md",
           "LAG over queries: per query (the seed's formula) or pooled over items (ArDoCo's "
           "code).", summary_rule=None, exercise_hints=("judged",)),
    Metric("ROC", roc_curve, "ROC", "metrics/roc_auc.md",
           "True vs false positive rate as the cut-off moves down the list.", summary_rule=None,
           exercise_hints=("judged", "not decimal")),
    Metric("AUC", roc_auc, "ROC", "metrics/roc_auc.md",
           "Area under the ROC curve: chance a relevant item is above a non-relevant one.",
           summary_rule=None, exercise_hints=("judged",)),
)


#: The docs chapter of each family, in reading order: its title and its opening page. The
#: metric index groups the entries by chapter, trec_eval's counts last, and a page missing
#: from mkdocs.yml's nav joins its chapter there (docs/hooks/metric_index.py).
CHAPTERS: dict[str, tuple[str, str]] = {
    "Set-based": ("Set-based measures", "set_based/index.md"),
    "Rank-based": ("Rank-based measures", "rank_based/index.md"),
    "Means over queries": ("Rank-based measures", "rank_based/index.md"),
    "Precision-recall": ("Rank-based measures", "rank_based/index.md"),
    "ROC": ("Rank-based measures", "rank_based/index.md"),
    "Graded": ("Graded relevance", "graded/index.md"),
    "User models": ("User models", "user_models/index.md"),
    "Incomplete judgments": ("Incomplete judgments", "incomplete/index.md"),
    "Counts": ("trec_eval's counts and the run's name", "guide/index.md"),
}


def by_name() -> dict[str, Metric]:
    """The registry keyed by canonical name, e.g. ``"P@k"``."""
    return {metric.name: metric for metric in METRICS}


def by_function_name() -> dict[str, Metric]:
    """Each metric function's first entry, keyed by function name, e.g. ``"precision_at_k"``."""
    table: dict[str, Metric] = {}
    for metric in METRICS:
        if metric.function is not None:
            table.setdefault(metric.function.__name__, metric)
    return table
