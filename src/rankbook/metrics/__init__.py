"""The textbook: one plain function per metric, one module per family.

Every function takes the grades of one ranked list (rank 1 first) and what its
formula needs, and returns a number. Files, topics and tables are built on top
of these in `rankbook.evaluation` and `rankbook.explain`.

The public functions are those of the registry (:mod:`rankbook.metrics.registry`,
the one list of metrics), each importable from here and from `rankbook`. They are
written out below: a metric added to the registry is added to ``__all__`` too, and
tests/house/test_catalogues.py fails until it is.
"""

from rankbook.metrics.average_precision import average_precision
from rankbook.metrics.bpref import bpref
from rankbook.metrics.cwl_gain_models import (cwl_ift_goal, cwl_ift_goal_rate, cwl_ift_rate,
                                              cwl_nerr8, cwl_nerr9, cwl_nerr10, cwl_nerr11)
from rankbook.metrics.cwl_classic import (
    cwl_average_precision,
    cwl_insq,
    cwl_inst,
    cwl_precision,
    cwl_reciprocal_rank,
    cwl_scaled_dcg,
)
from rankbook.metrics.cwl_measures import cwl_rank_biased_precision
from rankbook.metrics.cwl_models import (cwl_bejewelled_player, cwl_time_biased_gain,
                                         cwl_u_measure)
from rankbook.metrics.dcg import dcg_at_k, idcg_at_k, ndcg_at_k
from rankbook.metrics.diversity import (alpha_dcg_at_k, alpha_ndcg_at_k, intent_aware_err_at_k,
                                        intent_aware_nerr_at_k)
from rankbook.metrics.gdeval import gdeval_err_at_k, gdeval_ndcg_at_k
from rankbook.metrics.incomplete import (inferred_average_precision, judged_nonrelevant_retrieved,
                                         judged_only, unjudged_at_k)
from rankbook.metrics.intent_aware import (intent_aware_average_precision,
                                           intent_aware_precision_at_k,
                                           normalized_novelty_rank_biased_precision,
                                           novelty_rank_biased_precision, subtopic_recall_at_k)
from rankbook.metrics.interpolation import (eleven_point_average_precision, interpolated_precision,
                                            precision_recall_curve)
from rankbook.metrics.ir_measures_own import compatibility, judged_at_k, pairwise_accuracy
from rankbook.metrics.lag import lag, mean_lag
from rankbook.metrics.means import (geometric_mean_average_precision, mean_average_precision,
                                    mean_reciprocal_rank)
from rankbook.metrics.ndcg_variants import ndcg_averaged_at_r_levels, ndcg_averaged_over_relevant
from rankbook.metrics.normalized_gain import binary_normalized_gain, normalized_gain
from rankbook.metrics.ntcir import (normalised_cumulative_utility, o_measure, p_measure,
                                    p_plus_measure, q_measure)
from rankbook.metrics.ntcir_diversity import (d_ndcg_at_k, d_q_measure, d_sharp_ndcg_at_k,
                                              d_sharp_q_measure, intent_recall_at_k)
from rankbook.metrics.ntcir_intent_aware import (ntcir_intent_aware_ndcg_at_k,
                                                 ntcir_intent_aware_nerr_at_k)
from rankbook.metrics.ntcir_discounted import (microsoft_ndcg, ntcir_expected_reciprocal_rank,
                                               ntcir_hit, ntcir_ndcg, ntcir_normalized_err)
from rankbook.metrics.precision import (f1_at_k, precision_at_k, r_precision, recall_at_k,
                                        set_average_precision, success_at_k)
from rankbook.metrics.reciprocal_rank import reciprocal_rank
from rankbook.metrics.relevance_string import relevance_string
from rankbook.metrics.roc import roc_auc, roc_curve
from rankbook.metrics.search_length import search_length
from rankbook.metrics.set_measures import (f_beta_at_k, r_precision_at_multiple,
                                           relative_precision_at_k, utility)
from rankbook.metrics.user_models import (expected_reciprocal_rank, rank_biased_precision,
                                          rank_biased_precision_residual)

#: Public functions of the textbook that are not metrics (so have no registry entry).
HELPERS = ("judged_only",)

# the function of each registry entry, in registry order, then HELPERS
__all__ = [
    "average_precision", "mean_average_precision", "geometric_mean_average_precision",
    "r_precision", "bpref", "reciprocal_rank", "mean_reciprocal_rank", "interpolated_precision",
    "precision_at_k", "relevance_string", "recall_at_k", "f1_at_k", "inferred_average_precision",
    "r_precision_at_multiple", "utility", "eleven_point_average_precision",
    "binary_normalized_gain", "normalized_gain", "ndcg_at_k", "ndcg_averaged_over_relevant",
    "ndcg_averaged_at_r_levels", "expected_reciprocal_rank", "dcg_at_k", "idcg_at_k",
    "relative_precision_at_k", "success_at_k", "set_average_precision", "f_beta_at_k",
    "judged_nonrelevant_retrieved", "rank_biased_precision", "rank_biased_precision_residual",
    "unjudged_at_k", "search_length", "precision_recall_curve", "lag", "mean_lag", "roc_curve",
    "roc_auc",
    # the C/W/L measures (registry_cwl.py)
    "cwl_rank_biased_precision",
    "cwl_precision", "cwl_scaled_dcg", "cwl_reciprocal_rank", "cwl_average_precision",
    "cwl_inst", "cwl_insq",
    # the C/W/L user models (registry_cwl_models.py)
    "cwl_bejewelled_player", "cwl_u_measure", "cwl_time_biased_gain", "cwl_ift_goal",
    "cwl_ift_rate", "cwl_ift_goal_rate", "cwl_nerr8", "cwl_nerr9", "cwl_nerr10", "cwl_nerr11",

    # NTCIREVAL's measures (registry_ntcir.py)
    "q_measure", "o_measure", "p_measure", "p_plus_measure", "normalised_cumulative_utility",
    "ntcir_expected_reciprocal_rank", "ntcir_normalized_err", "ntcir_ndcg", "microsoft_ndcg",
    "ntcir_hit",

    # gdeval's and ir_measures' (registry_tools.py)
    "gdeval_ndcg_at_k", "gdeval_err_at_k", "compatibility", "pairwise_accuracy", "judged_at_k",
    # ndeval's diversity measures (registry_diversity.py)
    "alpha_ndcg_at_k", "alpha_dcg_at_k", "intent_aware_err_at_k", "intent_aware_nerr_at_k",
    "novelty_rank_biased_precision", "normalized_novelty_rank_biased_precision",
    "intent_aware_average_precision", "intent_aware_precision_at_k", "subtopic_recall_at_k",
    # NTCIREVAL's diversity measures (registry_ntcir_diversity.py)
    "intent_recall_at_k", "d_ndcg_at_k", "d_sharp_ndcg_at_k", "d_q_measure", "d_sharp_q_measure",
    "ntcir_intent_aware_nerr_at_k", "ntcir_intent_aware_ndcg_at_k",

    "judged_only",
]
