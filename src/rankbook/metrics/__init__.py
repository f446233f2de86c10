"""The textbook: one plain function per metric, one module per family.

Every function takes the grades of one ranked list (rank 1 first) and what its
formula needs, and returns a number. Files, topics and tables are built on top
of these in `rankbook.evaluation` and `rankbook.explain`.

The public functions are those of the registry (:mod:`rankbook.metrics.registry`,
the one list of metrics): each is importable from here and from `rankbook`, so a
metric added to the registry is exported without another list to edit.
"""

from rankbook.metrics.registry import by_function_name

# Written on another branch before the registry could list them (issue 7, item 2): exported
# here until their registry entries are added, then each import below is deleted (and the
# name from tests/metrics/_awaiting_registry.py).
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

_AWAITING_REGISTRY = [
    "inferred_average_precision", "unjudged_at_k", "judged_only", "ndcg_averaged_over_relevant",
    "ndcg_averaged_at_r_levels", "normalized_gain", "binary_normalized_gain", "relevance_string",
    "f_beta_at_k", "relative_precision_at_k", "r_precision_at_multiple", "utility",
    "judged_nonrelevant_retrieved", "rank_biased_precision", "rank_biased_precision_residual",
    "expected_reciprocal_rank",
]

globals().update({name: metric.function for name, metric in by_function_name().items()})

__all__ = list(by_function_name()) + [name for name in _AWAITING_REGISTRY
                                      if name not in by_function_name()]
