r"""Building test collections: pools, samples to judge, and what a sample lets you estimate.

A ground-floor package, beside `rankbook.stats` and `rankbook.online`: plain functions over
plain inputs (ranked lists of document ids, judgments as mappings), no files and no topics.
Every randomised function takes a ``seed`` (a whole number or a `numpy.random.Generator`).

| module | what it holds |
| --- | --- |
| `stratified` | stratified sampling of a pool by depth (TREC 2008 onwards) and the sample's judgments |
| `inferred` | xinfAP, infNDCG and the estimated number of relevant documents of NIST's ``sample_eval.pl`` (Yilmaz, Kanoulas and Aslam, 2008) |
| `inferred_precision` | its inferred precision at k, interpolated precision and estimated relevant retrieved |

Examples
--------
>>> from rankbook import collections
>>> judgments = {"a": (1, 1), "b": (1, 0), "c": (2, -1), "d": (2, 1)}
>>> collections.estimated_relevant(judgments)
3.0
"""

from rankbook.collections.inferred import (
    MAX_RESULTS,
    estimated_relevant,
    estimated_relevant_by_rank,
    inferred_average_precision_extended,
    inferred_ndcg,
)
from rankbook.collections.inferred_precision import (
    RECALL_LEVELS,
    estimated_relevant_retrieved,
    inferred_interpolated_precision,
    inferred_precision_at_k,
)
from rankbook.collections.stratified import (
    SampledDocument,
    judge_sample,
    stratified_sample,
)

__all__ = [
    "MAX_RESULTS",
    "RECALL_LEVELS",
    "SampledDocument",
    "estimated_relevant",
    "estimated_relevant_by_rank",
    "estimated_relevant_retrieved",
    "inferred_average_precision_extended",
    "inferred_interpolated_precision",
    "inferred_ndcg",
    "inferred_precision_at_k",
    "judge_sample",
    "stratified_sample",
]
