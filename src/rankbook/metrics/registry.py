r"""The one list of rankbook's metrics.

Each entry of ``METRICS`` (a :class:`~rankbook.metrics.spec.Metric`) names a
measure in canonical notation (as ir_measures writes it), its trec_eval names,
its parameter with trec_eval's defaults, its summary rule, its docs page, and
the per-topic adapter through which :func:`rankbook.evaluate` calls the
textbook function. Everything else is generated from this list:

- the measure-name parser, the per-topic path and the summary row of
  :mod:`rankbook.evaluation`, and the measure table of its docstring;
- the measure list of ``rankbook eval --help``;
- the docs' metric index (``docs/hooks/catalogues.py``).

``tests/metrics/test_registry_generated.py`` fails when any of them disagree.

The entries with a trec_eval name are in trec_eval's print order (its table
of measures, ``measures.c``): ``-m all_trec`` and the trec_eval layout list
measures in this order. An entry with no trec_eval name may sit anywhere; each
sits beside its relatives, as the metric index shows them.

Adding a metric: write its function, add its entry here, write its page.
``docs/contributing.md`` walks through it.
"""

from __future__ import annotations

from rankbook.metrics.average_precision import average_precision
from rankbook.metrics.bpref import bpref
from rankbook.metrics.dcg import dcg_at_k, idcg_at_k, ndcg_at_k
from rankbook.metrics.incomplete import (inferred_average_precision, judged_nonrelevant_retrieved,
                                         unjudged_at_k)
from rankbook.metrics.interpolation import (eleven_point_average_precision, interpolated_precision,
                                            precision_recall_curve)
from rankbook.metrics.lag import lag, mean_lag
from rankbook.metrics.means import (geometric_mean_average_precision, mean_average_precision,
                                    mean_reciprocal_rank)
from rankbook.metrics.ndcg_variants import ndcg_averaged_at_r_levels, ndcg_averaged_over_relevant
from rankbook.metrics.normalized_gain import binary_normalized_gain, normalized_gain
from rankbook.metrics.params import (ANY_K, CUTOFFS, GAIN_MAP, PERSISTENCE, RECALL_LEVEL,
                                     RECALL_LEVELS, REL, K)
from rankbook.metrics.precision import (f1_at_k, precision_at_k, r_precision, recall_at_k,
                                        set_average_precision, success_at_k)
from rankbook.metrics.reciprocal_rank import reciprocal_rank
from rankbook.metrics.registry_cwl import CWL_ROWS
from rankbook.metrics.registry_cwl_models import CWL_MODEL_ROWS
from rankbook.metrics.registry_diversity import DIVERSITY_ROWS
from rankbook.metrics.registry_ntcir import NTCIR_ROWS
from rankbook.metrics.registry_ntcir_diversity import NTCIR_DIVERSITY_ROWS
from rankbook.metrics.registry_tools import TOOL_ROWS
from rankbook.metrics.relevance_string import relevance_string
from rankbook.metrics.roc import roc_auc, roc_curve
from rankbook.metrics.search_length import search_length
from rankbook.metrics.set_measures import (f_beta_at_k, r_precision_at_multiple,
                                           relative_precision_at_k, utility)
from rankbook.metrics.spec import SUMMARY_RULES, Metric, Param, ParamValues, TopicData
from rankbook.metrics.user_models import (expected_reciprocal_rank, rank_biased_precision,
                                          rank_biased_precision_residual)

__all__ = ["METRICS", "TREC_EVAL_AND_TEXTBOOK", "CHAPTER_ROWS", "Metric", "Param",
           "TopicData", "SUMMARY_RULES", "by_name", "by_function_name", "CUTOFFS", "CHAPTERS"]

COUNTS_PAGE = "guide/evaluating_runs.md"


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


#: trec_eval's measures in its print order and the textbook's functions.
TREC_EVAL_AND_TEXTBOOK: tuple[Metric, ...] = (
    # --- counts and the run's name (trec_eval's bookkeeping lines) ---
    Metric(name="runid", function=None, family="Counts", page=COUNTS_PAGE,
           summary="The run's name (the tag of its first line).",
           trec_eval=("runid",), summary_rule="name"),
    Metric(name="NumQ", function=None, family="Counts", page=COUNTS_PAGE,
           summary="Number of topics evaluated.",
           trec_eval=("num_q",), summary_rule="count", per_topic=lambda t, a: 1),
    Metric(name="NumRet", function=None, family="Counts", page=COUNTS_PAGE,
           summary="Documents retrieved (after the -M cut).",
           trec_eval=("num_ret",), summary_rule="sum",
           per_topic=lambda t, a: len(t.grades)),
    Metric(name="NumRel", function=None, family="Counts", page=COUNTS_PAGE,
           summary="Relevant documents in the judgments (R).",
           trec_eval=("num_rel",), summary_rule="sum",
           params=(REL,), per_topic=lambda t, a: t.relevant(a.rel)),
    Metric(name="NumRelRet", function=None, family="Counts", page=COUNTS_PAGE,
           summary="Relevant documents retrieved.",
           trec_eval=("num_rel_ret",), summary_rule="sum",
           params=(REL,), per_topic=lambda t, a: int((t.grades >= a.rel).sum())),
    # --- the ranked measures ---
    Metric(name="AP", function=average_precision, family="Rank-based",
           page="metrics/average_precision.md",
           summary="Precision averaged over the ranks of the relevant documents.", trec_eval=("map",),
           params=(REL,), per_topic=lambda t, a: average_precision(t.grades, t.relevant(a.rel),
                                                           relevance_level=a.rel)),
    Metric(name="MAP", function=mean_average_precision, family="Means over queries",
           page="metrics/map.md",
           summary="Mean of AP over queries, each query counting once.", same_as="AP",
           summary_rule=None),
    Metric(name="GMAP", function=geometric_mean_average_precision, family="Means over queries",
           page="metrics/map.md",
           summary="Geometric mean of AP over queries, each AP floored at 1e-5.",
           trec_eval=("gm_map",), summary_rule="gmean",
           params=(REL,), per_topic=lambda t, a: average_precision(t.grades, t.relevant(a.rel),
                                                           relevance_level=a.rel)),
    Metric(name="R-prec", function=r_precision, family="Set-based", page="metrics/r_precision.md",
           summary="Precision at rank R, the number of relevant documents.", trec_eval=("Rprec",),
          
           params=(REL,), per_topic=lambda t, a: r_precision(t.grades, t.relevant(a.rel), relevance_level=a.rel)),
    Metric(name="bpref", function=bpref, family="Incomplete judgments", page="metrics/bpref.md",
           summary="Share of judged non-relevant documents each relevant one is ranked above.",
           trec_eval=("bpref",),
          
           params=(REL,), per_topic=lambda t, a: bpref(t.with_unjudged, t.relevant(a.rel), t.nonrelevant(a.rel),
                                               relevance_level=a.rel)),
    Metric(name="RR", function=reciprocal_rank, family="Rank-based",
           page="metrics/reciprocal_rank.md",
           summary="One over the rank of the first relevant document.", trec_eval=("recip_rank",),
           params=(REL,), per_topic=lambda t, a: reciprocal_rank(t.grades, relevance_level=a.rel)),
    Metric(name="RR@k", function=reciprocal_rank, family="Rank-based",
           page="metrics/reciprocal_rank.md",
           summary="RR of the top k: 0 when no relevant document is in it.", params=(ANY_K, REL),
           per_topic=lambda t, a: reciprocal_rank(t.grades, k=a.k, relevance_level=a.rel)),
    Metric(name="MRR", function=mean_reciprocal_rank, family="Means over queries",
           page="metrics/mrr.md",
           summary="Mean of RR over queries.", same_as="RR", summary_rule=None),
    Metric(name="IPrec@r", function=interpolated_precision, family="Precision-recall",
           page="metrics/interpolated_precision.md", summary="Best precision at recall r or beyond.",
           trec_eval=("iprec_at_recall",), params=(RECALL_LEVEL, REL), aliases=("iP@r",),
           per_topic=lambda t, a: interpolated_precision(
               t.grades, t.relevant(a.rel), a.r, relevance_level=a.rel, cutoff_rule=t.cutoff_rule)),
    Metric(name="P@k", function=precision_at_k, family="Set-based",
           page="metrics/precision_at_k.md",
           summary="Fraction of the top k that is relevant.", trec_eval=("P",), params=(K, REL),
           per_topic=lambda t, a: precision_at_k(t.grades, a.k, relevance_level=a.rel)),
    Metric(name="relstring", function=relevance_string, family="Incomplete judgments",
           page="metrics/relstring.md",
           summary="The grades of the top k as one string (- unjudged, . pooled but unjudged).",
           trec_eval=("relstring",), summary_rule="none",
           params=(Param("k", int, (10,), cutoffs=False, low=1, keyword="k"),),
           per_topic=lambda t, a: relevance_string(t.with_unjudged, a.k[0])),
    Metric(name="R@k", function=recall_at_k, family="Set-based", page="metrics/recall_at_k.md",
           summary="Fraction of all relevant documents found in the top k.", trec_eval=("recall",),
           params=(K, REL),
           per_topic=lambda t, a: recall_at_k(t.grades, a.k, t.relevant(a.rel), relevance_level=a.rel)),
    Metric(name="F1@k", function=f1_at_k, family="Set-based", page="metrics/f1_at_k.md",
           summary="Harmonic mean of P@k and R@k.", summary_rule=None),
    Metric(name="infAP", function=inferred_average_precision, family="Incomplete judgments",
           page="metrics/infap.md",
           summary="AP estimated from a random sample of the pool (Yilmaz and Aslam).",
           trec_eval=("infAP",),
           params=(REL,), per_topic=lambda t, a: inferred_average_precision(
               t.with_unjudged, t.relevant(a.rel), relevance_level=a.rel)),
    Metric(name="GMbpref", function=bpref, family="Incomplete judgments", page="metrics/bpref.md",
           summary="bpref per topic; geometric mean (floor 1e-5) in the summary.",
           trec_eval=("gm_bpref",), summary_rule="gmean",
          
           params=(REL,), per_topic=lambda t, a: bpref(t.with_unjudged, t.relevant(a.rel), t.nonrelevant(a.rel),
                                               relevance_level=a.rel)),
    Metric(name="R-prec@m", function=r_precision_at_multiple, family="Set-based",
           page="metrics/rprec_mult.md",
           summary="Precision at rank m times R.", trec_eval=("Rprec_mult",),
           params=(Param("m", float, (0.2, 0.4, 0.6, 0.8, 1.0, 1.2, 1.4, 1.6, 1.8, 2.0),
                       trec_format="{:.2f}", low=0.0, keyword="multiple"), REL),
           per_topic=lambda t, a: r_precision_at_multiple(t.grades, t.relevant(a.rel), a.m,
                                                                 relevance_level=a.rel)),
    Metric(name="utility", function=utility, family="Set-based", page="metrics/utility.md",
           summary="Weighted count of relevant and non-relevant documents retrieved and missed.",
           trec_eval=("utility",), params=(Param("w", float, (1.0, -1.0, 0.0, 0.0), cutoffs=False,
                                                  keyword="weights"), REL),
           per_topic=lambda t, a: utility(t.with_unjudged, t.relevant(a.rel), weights=a.w,
                                                 relevance_level=a.rel),
           exercise_hints=("unjudged",)),
    Metric(name="11pt", function=eleven_point_average_precision, family="Precision-recall",
           page="metrics/interpolated_precision.md",
           summary="Mean interpolated precision at recall 0.0, 0.1, ..., 1.0.", trec_eval=("11pt_avg",),
           params=(RECALL_LEVELS, REL),
           per_topic=lambda t, a: eleven_point_average_precision(
               t.grades, t.relevant(a.rel), relevance_level=a.rel, cutoff_rule=t.cutoff_rule,
               recall_levels=a.levels)),
    Metric(name="binG", function=binary_normalized_gain, family="Graded",
           page="metrics/normalized_gain.md",
           summary="Binary gain of the list over the best possible, trec_eval's binG.",
           trec_eval=("binG",),
          
           params=(REL,), per_topic=lambda t, a: binary_normalized_gain(t.with_unjudged, t.relevant(a.rel),
                                                                relevance_level=a.rel),
           exercise_hints=("unjudged",)),
    Metric(name="G", function=normalized_gain, family="Graded", page="metrics/normalized_gain.md",
           summary="Graded gain of the list over the best possible, trec_eval's G.",
           trec_eval=("G",), params=(GAIN_MAP,),
           per_topic=lambda t, a: normalized_gain(t.with_unjudged, t.ideal,
                                                             gain_map=_gains(a.gains)),
           graded=True, exercise_hints=("unjudged",)),
    Metric(name="nDCG", function=ndcg_at_k, family="Graded", page="metrics/ndcg.md",
           summary="nDCG of the whole list, the ideal built from every judged grade.",
           trec_eval=("ndcg",), params=(GAIN_MAP,),
           per_topic=lambda t, a: ndcg_at_k(t.with_unjudged, None, ideal=t.ideal,
                                                       gain_map=_gains(a.gains)), graded=True),
    Metric(name="nDCG_rel", function=ndcg_averaged_over_relevant, family="Graded",
           page="metrics/ndcg_variants.md",
           summary="nDCG averaged over the ranks of the relevant documents.", trec_eval=("ndcg_rel",),
           params=(GAIN_MAP,),
           per_topic=lambda t, a: ndcg_averaged_over_relevant(
               t.with_unjudged, t.ideal, gain_map=_gains(a.gains)), graded=True),
    Metric(name="R-nDCG", function=ndcg_averaged_at_r_levels, family="Graded",
           page="metrics/ndcg_variants.md",
           summary="nDCG averaged at the rank of each gain level's last ideal document.",
           trec_eval=("Rndcg",), params=(GAIN_MAP, REL),
           per_topic=lambda t, a: ndcg_averaged_at_r_levels(
               t.with_unjudged, t.ideal, gain_map=_gains(a.gains), relevance_level=a.rel),
           graded=True),
    Metric(name="ERR@k", function=expected_reciprocal_rank, family="Graded", page="metrics/err.md",
           summary="Expected reciprocal rank of a user who stops at a satisfying document.",
           params=(ANY_K,),
           per_topic=lambda t, a: expected_reciprocal_rank(t.grades, a.k), graded=True),
    Metric(name="DCG@k", function=dcg_at_k, family="Graded", page="metrics/dcg.md",
           summary="Gain of each document, discounted by its rank, summed.", params=(ANY_K,),
           per_topic=lambda t, a: dcg_at_k(t.grades, a.k), graded=True),
    Metric(name="IDCG@k", function=idcg_at_k, family="Graded", page="metrics/dcg.md",
           summary="DCG of the ideal ordering of the judged grades.", summary_rule=None, graded=True),
    Metric(name="nDCG@k", function=ndcg_at_k, family="Graded", page="metrics/ndcg.md",
           summary="DCG divided by the ideal DCG.",
           trec_eval=("ndcg_cut",), params=(K,),
           per_topic=lambda t, a: ndcg_at_k(t.grades, a.k, ideal=t.ideal), graded=True),
    Metric(name="AP@k", function=average_precision, family="Rank-based",
           page="metrics/average_precision.md",
           summary="AP of the top k, still divided by R.", trec_eval=("map_cut",), params=(K, REL),
           per_topic=lambda t, a: average_precision(t.grades, t.relevant(a.rel), k=a.k,
                                                           relevance_level=a.rel)),
    Metric(name="RelP@k", function=relative_precision_at_k, family="Set-based",
           page="metrics/relative_precision.md",
           summary="P@k over the best P@k possible, min(k, R)/k.", trec_eval=("relative_P",), params=(K, REL),
           per_topic=lambda t, a: relative_precision_at_k(t.grades, a.k, t.relevant(a.rel),
                                                                 relevance_level=a.rel)),
    Metric(name="success@k", function=success_at_k, family="Set-based",
           page="metrics/success_at_k.md",
           summary="1 if any relevant document is in the top k.", trec_eval=("success",),
           params=(Param("k", int, (1, 5, 10), low=1, keyword="k"), REL),
           per_topic=lambda t, a: success_at_k(t.grades, a.k, relevance_level=a.rel),
           exercise_hints=("binary",)),
    # --- the whole retrieved set, unranked ---
    Metric(name="SetP", function=precision_at_k, family="Set-based",
           page="metrics/precision_at_k.md",
           summary="Precision of the whole retrieved set.", trec_eval=("set_P",),
           params=(REL,), per_topic=_set_precision),
    Metric(name="SetRelP", function=relative_precision_at_k, family="Set-based",
           page="metrics/relative_precision.md",
           summary="Set precision over the best possible, min(n, R)/n.", trec_eval=("set_relative_P",),
          
           params=(REL,), per_topic=lambda t, a: relative_precision_at_k(t.grades, None, t.relevant(a.rel),
                                                                 relevance_level=a.rel)),
    Metric(name="SetR", function=recall_at_k, family="Set-based", page="metrics/recall_at_k.md",
           summary="Recall of the whole retrieved set.", trec_eval=("set_recall",),
           params=(REL,), per_topic=_set_recall),
    Metric(name="SetAP", function=set_average_precision, family="Set-based",
           page="metrics/precision_at_k.md",
           summary="Set precision times set recall (trec_eval's unranked set_map).",
           trec_eval=("set_map",),
           params=(REL,), per_topic=lambda t, a: set_average_precision(t.grades, t.relevant(a.rel),
                                                               relevance_level=a.rel)),
    Metric(name="SetF", function=f_beta_at_k, family="Set-based", page="metrics/f_beta.md",
           summary="F of set precision and set recall (trec_eval's beta; 1: the harmonic mean).",
           trec_eval=("set_F",), params=(Param("beta", float, (1.0,), cutoffs=False, low=0.0,
                                                keyword="beta"), REL),
           per_topic=_set_f),
    Metric(name="NumNonrelJudgedRet", function=judged_nonrelevant_retrieved, family="Counts",
           page="metrics/unjudged.md",
           summary="Judged non-relevant documents retrieved.", trec_eval=("num_nonrel_judged_ret",),
           summary_rule="sum",
           params=(REL,), per_topic=lambda t, a: judged_nonrelevant_retrieved(t.with_unjudged,
                                                                      relevance_level=a.rel),
           exercise_hints=("unjudged",)),
    # --- trec_eval 10's additions ---
    Metric(name="RBP", function=rank_biased_precision, family="User models", page="metrics/rbp.md",
           summary="Rank-biased precision: the gain rate of a user who goes on with probability p.",
           trec_eval=("rbp",), params=(PERSISTENCE,), all_trec=("10",),
           per_topic=lambda t, a: rank_biased_precision(
               t.with_unjudged, persistence=a.p, max_grade=_highest_grade(t)), graded=True),
    Metric(name="RBP-resid", function=rank_biased_precision_residual, family="User models",
           page="metrics/rbp.md",
           summary="How much RBP could still rise if every unjudged document were relevant.",
           trec_eval=("rbp_resid",), params=(PERSISTENCE,), all_trec=("10",),
           per_topic=lambda t, a: rank_biased_precision_residual(t.with_unjudged,
                                                                        persistence=a.p),
           graded=True, exercise_hints=("unjudged",)),
    Metric(name="Unjudged@k", function=unjudged_at_k, family="Incomplete judgments",
           page="metrics/unjudged.md",
           summary="Fraction of the top k that nobody judged.", trec_eval=("unj",),
           params=(Param("k", int, (5, 10, 20), low=1, keyword="k"),), all_trec=("10",),
           per_topic=lambda t, a: unjudged_at_k(t.with_unjudged, a.k)),
    # --- textbook functions rankbook.evaluate does not offer ---
    Metric(name="SL", function=search_length, family="Rank-based", page="metrics/search_length.md",
           summary="Documents (or non-relevant documents) read to find the n-th relevant one.",
           summary_rule=None,
           exercise_hints=("judged", "not decimal")),
    Metric(name="PR curve", function=precision_recall_curve, family="Precision-recall",
           page="metrics/precision_recall_curve.md", summary="Recall and precision after each rank.",
           summary_rule=None,
           exercise_hints=("judged", "not decimal")),
    Metric(name="LAG", function=lag, family="Rank-based", page="metrics/lag.md",
           summary="Mean number of non-relevant items ranked above each relevant one (lower is better).",
           summary_rule=None, exercise_hints=("judged",)),
    Metric(name="mean LAG", function=mean_lag, family="Means over queries", page="metrics/lag.md",
           summary="LAG over queries: per query (the seed's formula) or pooled over items (ArDoCo's "
           "code).", summary_rule=None, exercise_hints=("judged",)),
    Metric(name="ROC", function=roc_curve, family="ROC", page="metrics/roc_auc.md",
           summary="True vs false positive rate as the cut-off moves down the list.", summary_rule=None,
           exercise_hints=("judged", "not decimal")),
    Metric(name="AUC", function=roc_auc, family="ROC", page="metrics/roc_auc.md",
           summary="Area under the ROC curve: chance a relevant item is above a non-relevant one.",
           summary_rule=None, exercise_hints=("judged",)),
)


#: Every entry: trec_eval's measures in its print order and the textbook's functions, then the
#: chapters' rows kept in modules of their own (none has a trec_eval name, so none is printed
#: by ``all_trec``): the C/W/L measures as cwl_eval computes them (`registry_cwl`,
#: `registry_cwl_models`), NTCIREVAL's (`registry_ntcir`), gdeval's and ir_measures'
#: (`registry_tools`).
CHAPTER_ROWS: tuple[Metric, ...] = (*CWL_ROWS, *CWL_MODEL_ROWS, *NTCIR_ROWS, *TOOL_ROWS,
                                    *DIVERSITY_ROWS, *NTCIR_DIVERSITY_ROWS)
METRICS: tuple[Metric, ...] = (*TREC_EVAL_AND_TEXTBOOK, *CHAPTER_ROWS)

#: The docs chapter of each family, in reading order: its title and its opening page. The
#: metric index groups the entries by chapter, trec_eval's counts last, and a page missing
#: from mkdocs.yml's nav joins its chapter there (docs/hooks/catalogues.py).
CHAPTERS: dict[str, tuple[str, str]] = {
    "Set-based": ("Set-based measures", "set_based/index.md"),
    "Rank-based": ("Rank-based measures", "rank_based/index.md"),
    "Means over queries": ("Rank-based measures", "rank_based/index.md"),
    "Precision-recall": ("Rank-based measures", "rank_based/index.md"),
    "ROC": ("Rank-based measures", "rank_based/index.md"),
    "Graded": ("Graded relevance", "graded/index.md"),
    "User models": ("User models", "user_models/index.md"),
    "Incomplete judgments": ("Incomplete judgments", "incomplete/index.md"),
    "Diversity": ("Diversity", "diversity/index.md"),
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
