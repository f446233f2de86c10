"""The one list of rankbook's metrics.

Each `MetricInfo` names a metric in canonical notation (as ir_measures
writes it), its trec_eval name, the function that computes it, its docs page
and a one-line summary. The docs' metric index is generated from ``METRICS``
(by ``docs/hooks/metric_index.py``), and the tests check that every public
metric function appears here, so a new metric is added in one place.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

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
from rankbook.metrics.bpref import bpref
from rankbook.metrics.lag import lag, mean_lag
from rankbook.metrics.roc import roc_auc, roc_curve


@dataclass(frozen=True)
class MetricInfo:
    """What the docs, the evaluator and the CLI need to know about one metric.

    Attributes
    ----------
    name : str
        Canonical notation, e.g. ``"P@k"``.
    function : callable
        The function in ``rankbook.metrics`` that computes it.
    family : str
        The docs section it belongs to, e.g. ``"Set-based"``.
    page : str
        Its docs page, relative to ``docs/``.
    trec_eval : str or None
        trec_eval's name for it, or None when trec_eval has none.
    summary : str
        One line for the metric index.
    """

    name: str
    function: Callable
    family: str
    page: str
    trec_eval: str | None
    summary: str


METRICS: tuple[MetricInfo, ...] = (
    MetricInfo("P@k", precision_at_k, "Set-based", "metrics/precision_at_k.md", "P_k",
               "Fraction of the top k that is relevant."),
    MetricInfo("R@k", recall_at_k, "Set-based", "metrics/recall_at_k.md", "recall_k",
               "Fraction of all relevant documents found in the top k."),
    MetricInfo("F1@k", f1_at_k, "Set-based", "metrics/f1_at_k.md", None,
               "Harmonic mean of P@k and R@k."),
    MetricInfo("R-prec", r_precision, "Set-based", "metrics/r_precision.md", "Rprec",
               "Precision at rank R, the number of relevant documents."),
    MetricInfo("success@k", success_at_k, "Set-based", "metrics/success_at_k.md", "success_k",
               "1 if any relevant document is in the top k."),
    MetricInfo("AP", average_precision, "Rank-based", "metrics/average_precision.md", "map",
               "Precision averaged over the ranks of the relevant documents."),
    MetricInfo("RR", reciprocal_rank, "Rank-based", "metrics/reciprocal_rank.md", "recip_rank",
               "One over the rank of the first relevant document."),
    MetricInfo("DCG@k", dcg_at_k, "Graded", "metrics/dcg.md", None,
               "Gain of each document, discounted by its rank, summed."),
    MetricInfo("IDCG@k", idcg_at_k, "Graded", "metrics/dcg.md", None,
               "DCG of the ideal ordering of the judged grades."),
    MetricInfo("nDCG@k", ndcg_at_k, "Graded", "metrics/ndcg.md", "ndcg_cut_k",
               "DCG divided by the ideal DCG."),
    MetricInfo("MAP", mean_average_precision, "Means over queries", "metrics/map.md", "map",
               "Mean of AP over queries, each query counting once."),
    MetricInfo("MRR", mean_reciprocal_rank, "Means over queries", "metrics/mrr.md", "recip_rank",
               "Mean of RR over queries."),
    MetricInfo("GMAP", geometric_mean_average_precision, "Means over queries", "metrics/map.md",
               "gm_map", "Geometric mean of AP over queries, each AP floored at 1e-5."),
    MetricInfo("SL", search_length, "Rank-based", "metrics/search_length.md", None,
               "Documents (or non-relevant documents) read to find the n-th relevant one."),
    MetricInfo("PR curve", precision_recall_curve, "Precision-recall",
               "metrics/precision_recall_curve.md", None,
               "Recall and precision after each rank."),
    MetricInfo("IPrec@r", interpolated_precision, "Precision-recall",
               "metrics/interpolated_precision.md", "iprec_at_recall_r",
               "Best precision at recall r or beyond."),
    MetricInfo("11pt", eleven_point_average_precision, "Precision-recall",
               "metrics/interpolated_precision.md", "11pt_avg",
               "Mean interpolated precision at recall 0.0, 0.1, ..., 1.0."),
    MetricInfo("LAG", lag, "Rank-based", "metrics/lag.md", None,
               "Mean number of non-relevant items ranked above each relevant one (lower is better)."),
    MetricInfo("mean LAG", mean_lag, "Means over queries", "metrics/lag.md", None,
               "LAG over queries: per query (the seed's formula) or pooled over items (ArDoCo's code)."),
    MetricInfo("ROC", roc_curve, "ROC", "metrics/roc_auc.md", None,
               "True vs false positive rate as the cut-off moves down the list."),
    MetricInfo("AUC", roc_auc, "ROC", "metrics/roc_auc.md", None,
               "Area under the ROC curve: chance a relevant item is above a non-relevant one."),
    MetricInfo("bpref", bpref, "Incomplete judgments", "metrics/bpref.md", "bpref",
               "Share of judged non-relevant documents each relevant one is ranked above."),
)


def by_function_name() -> dict[str, MetricInfo]:
    """The registry keyed by function name, e.g. ``"precision_at_k"``."""
    return {info.function.__name__: info for info in METRICS}
