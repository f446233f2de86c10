r"""Building test collections: where qrels come from, and how far to trust them.

A ground-floor package, beside `rankbook.stats` and `rankbook.online`: plain functions
over plain inputs. Runs are ``{run_name: {topic: {doc: score}}}`` (ranked as trec_eval
ranks them: score descending, then document id descending) or
``{run_name: {topic: [doc, ...]}}`` (ranked lists, rank 1 first); qrels are
``{topic: {doc: grade}}``; judgments of one topic are mappings document -> grade; system
scores are mappings system -> score. The readers' DataFrames become these with
`rankbook.io.run_as_dict` and `rankbook.io.qrels_as_dict`.

| module | what it holds |
| --- | --- |
| `pooling` | depth-k pools, the runs that contributed each document, each run's unique documents, pool sizes, pool coverage (Judged@k) |
| `take` | Take@N pools with depth, RRF, RBP and Borda priorities (Lipani et al., 2017; Moffat, Webber and Zobel, 2007) |
| `pool_bias` | leave-one-run-out pool bias (Zobel, 1998; Buckley et al., 2007) for any measure |
| `agreement` | assessor agreement: the confusion table, P(A) and P(E), Cohen's kappa (Cohen's or pooled chance), Fleiss' kappa, the overlap of relevant sets (Voorhees, 2000) |
| `second_assessor` | how the ranking of systems moves when a second assessor's qrels replace the first's |
| `correlation` | correlation of system rankings: Kendall's tau (a and b), tau_AP (Yilmaz, Aslam and Robertson, 2008), Spearman's rho, the swapped pairs, the 0.9 rule |

Examples
--------
>>> from rankbook import collections
>>> runs = {"A": {"1": ["d1", "d2", "d3"]}, "B": {"1": ["d2", "d4", "d1"]}}
>>> collections.depth_pool(runs, 2)
{'1': ['d1', 'd2', 'd4']}
>>> collections.take_pool(runs, 2, "rrf")
{'1': ['d2', 'd1']}
>>> round(collections.kendall_tau(["s1", "s2", "s3"], ["s2", "s1", "s3"]), 4)
0.3333
"""

from rankbook.collections.agreement import (
    ConfusionTable,
    UndefinedAgreementWarning,
    chance_agreement,
    cohen_kappa,
    confusion_table,
    fleiss_kappa,
    jaccard_overlap,
    observed_agreement,
)
from rankbook.collections.correlation import (
    EQUIVALENT_TAU,
    average_ranks,
    kendall_tau,
    pair_counts,
    spearman_rho,
    swapped_pairs,
    swaps_allowed,
    tau_ap,
)
from rankbook.collections.pool_bias import (
    REMOVED,
    RunBias,
    average_precision_of,
    leave_one_run_out,
    qrels_without,
    topic_scores,
)
from rankbook.collections.pooling import (
    depth_pool,
    pool_contributors,
    pool_coverage,
    pool_sizes,
    unique_documents,
)
from rankbook.collections.second_assessor import SecondAssessor, second_assessor
from rankbook.collections.take import PRIORITIES, pool_priorities, take_pool

__all__ = [
    "depth_pool", "pool_contributors", "unique_documents", "pool_sizes", "pool_coverage",
    "PRIORITIES", "pool_priorities", "take_pool",
    "RunBias", "REMOVED", "leave_one_run_out", "qrels_without", "topic_scores",
    "average_precision_of",
    "ConfusionTable", "UndefinedAgreementWarning", "confusion_table", "observed_agreement",
    "chance_agreement", "cohen_kappa", "fleiss_kappa", "jaccard_overlap",
    "SecondAssessor", "second_assessor",
    "EQUIVALENT_TAU", "kendall_tau", "pair_counts", "tau_ap", "spearman_rho",
    "average_ranks", "swapped_pairs", "swaps_allowed",
]
