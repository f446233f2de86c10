"""The textbook: one plain function per metric, one module per family.

Every function takes the grades of one ranked list (rank 1 first) and what its
formula needs, and returns a number. Files, topics and tables are built on top
of these in `rankbook.evaluation` and `rankbook.explain`.
"""

from rankbook.metrics.average_precision import average_precision
from rankbook.metrics.dcg import dcg_at_k, idcg_at_k, ndcg_at_k
from rankbook.metrics.precision import (
    f1_at_k,
    precision_at_k,
    r_precision,
    recall_at_k,
    success_at_k,
)
from rankbook.metrics.reciprocal_rank import reciprocal_rank
from rankbook.metrics.bpref import bpref
from rankbook.metrics.lag import lag, mean_lag
from rankbook.metrics.roc import roc_auc, roc_curve
from rankbook.metrics.means import (
    geometric_mean_average_precision,
    mean_average_precision,
    mean_reciprocal_rank,
)
from rankbook.metrics.search_length import search_length
from rankbook.metrics.interpolation import (
    eleven_point_average_precision,
    interpolated_precision,
    precision_recall_curve,
)
from rankbook.metrics.incomplete import (
    inferred_average_precision,
    judged_nonrelevant_retrieved,
    judged_only,
    unjudged_at_k,
)
from rankbook.metrics.ndcg_variants import ndcg_averaged_at_r_levels, ndcg_averaged_over_relevant
from rankbook.metrics.normalized_gain import binary_normalized_gain, normalized_gain
from rankbook.metrics.relevance_string import relevance_string
from rankbook.metrics.set_measures import (
    f_beta_at_k,
    r_precision_at_multiple,
    relative_precision_at_k,
    utility,
)
from rankbook.metrics.user_models import (
    expected_reciprocal_rank,
    rank_biased_precision,
    rank_biased_precision_residual,
)

__all__ = [
    "average_precision",
    "dcg_at_k",
    "f1_at_k",
    "idcg_at_k",
    "ndcg_at_k",
    "precision_at_k",
    "r_precision",
    "recall_at_k",
    "reciprocal_rank",
    "success_at_k",
    "bpref",
    "lag",
    "mean_lag",
    "roc_auc",
    "roc_curve",
    "mean_average_precision",
    "mean_reciprocal_rank",
    "geometric_mean_average_precision",
    "search_length",
    "precision_recall_curve",
    "interpolated_precision",
    "eleven_point_average_precision",
    # trec_eval's remaining measures and the practitioners' conventions (issue 7, item 2);
    # their registry entries are added when the registry branch lands.
    "inferred_average_precision",
    "unjudged_at_k",
    "judged_only",
    "ndcg_averaged_over_relevant",
    "ndcg_averaged_at_r_levels",
    "normalized_gain",
    "binary_normalized_gain",
    "relevance_string",
    "f_beta_at_k",
    "relative_precision_at_k",
    "r_precision_at_multiple",
    "utility",
    "judged_nonrelevant_retrieved",
    "rank_biased_precision",
    "rank_biased_precision_residual",
    "expected_reciprocal_rank",
]

