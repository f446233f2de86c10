r"""Building test collections: where qrels come from, and how far to trust them.

A ground-floor package, beside `rankbook.stats`: formulas over plain inputs (judgments as
mappings document -> grade or qrels dicts topic -> document -> grade, system scores as
mappings system -> score), no files and no runs to evaluate.

| module | what it holds |
| --- | --- |
| `agreement` | assessor agreement: the confusion table, P(A) and P(E), Cohen's kappa (Cohen's or pooled chance), Fleiss' kappa, the overlap of relevant sets (Voorhees, 2000) |
| `second_assessor` | how the ranking of systems moves when a second assessor's qrels replace the first's |
| `correlation` | correlation of system rankings: Kendall's tau (a and b), tau_AP (Yilmaz, Aslam and Robertson, 2008), Spearman's rho, the swapped pairs, the 0.9 rule |

Examples
--------
>>> from rankbook import collections
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
from rankbook.collections.second_assessor import SecondAssessor, second_assessor

__all__ = [
    "ConfusionTable", "UndefinedAgreementWarning", "confusion_table", "observed_agreement",
    "chance_agreement", "cohen_kappa", "fleiss_kappa", "jaccard_overlap",
    "SecondAssessor", "second_assessor",
    "EQUIVALENT_TAU", "kendall_tau", "pair_counts", "tau_ap", "spearman_rho",
    "average_ranks", "swapped_pairs", "swaps_allowed",
]
