"""Public metric functions that have no entry in rankbook.metrics.registry yet.

Issue 7 rebuilds the registry on its own branch while the measures below were written on
another (trec_eval's remaining measures and the practitioners' conventions). The registry
tests skip exactly these names until the lead adds their entries when both branches land;
then delete each name here (and this file when it is empty). A name here that is not a
public function fails `test_awaiting_names_are_public_functions`, so the list cannot rot.
"""

AWAITING_REGISTRY = frozenset({
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
})
