r"""The registry's rows of the C/W/L framework, as cwl_eval computes them: five numbers each.

Each row is a continuation function's measure (:mod:`rankbook.metrics.cwl_measures`), with
cwl_eval's five quantities (EU, ETU, EC, ETC, ED) as its columns and the costs it reads
(``needs=("costs",)``). They join :data:`rankbook.metrics.registry.METRICS` after trec_eval's
rows; ``docs/contributing.md`` ("Several parameters and quantities") walks through one.
"""

from __future__ import annotations

from rankbook.metrics._settings import persistence_setting
from rankbook.metrics.cwl_measures import CWL_EVAL_DEPTH, cwl_rank_biased_precision
from rankbook.metrics.params import Param
from rankbook.metrics.spec import Metric

#: cwl_eval's five numbers, the quantities of every C/W/L measure (its columns, in its order).
CWL_QUANTITIES = ("EU", "ETU", "EC", "ETC", "ED")
#: The depth (cwl_eval's ``max_n``) every C/W/L row takes: the list is padded or cut to it.
DEPTH = Param("depth", int, CWL_EVAL_DEPTH, cutoffs=False, low=1, keyword="depth")

CWL_ROWS: tuple[Metric, ...] = (
    Metric(name="CWL-RBP", function=cwl_rank_biased_precision, family="User models",
           page="metrics/rbp.md",
           summary="RBP as cwl_eval computes it (its RBP@p), with C/W/L's EU, ETU, EC, ETC, ED.",
           params=(Param("p", float, 0.8, cutoffs=False, read=persistence_setting,
                         keyword="persistence"), DEPTH),
           quantities=CWL_QUANTITIES, needs=("costs",),
           per_topic=lambda t, a: cwl_rank_biased_precision(t.grades, a.p, depth=a.depth,
                                                            costs=t.costs),
           graded=True),
)
