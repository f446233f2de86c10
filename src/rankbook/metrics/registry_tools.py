r"""The registry's rows of gdeval.pl's measures and of ir_measures' own (Compat, Accuracy, Judged).

Each follows its tool's conventions (gdeval.pl 1.2a, ir-measures 0.4.3); they join
:data:`rankbook.metrics.registry.METRICS` last. gdeval's two columns share their names with
trec_eval's ``nDCG@k`` and rankbook's ``ERR@k``, so they are written ``gdeval-nDCG@k`` and
``gdeval-ERR@k`` (ir_measures: ``nDCG(dcg='exp-log2')@k`` and ``ERR@k``).
"""

from __future__ import annotations

from rankbook.metrics._settings import persistence_setting
from rankbook.metrics.gdeval import GDEVAL_DEPTH, gdeval_err_at_k, gdeval_ndcg_at_k
from rankbook.metrics.ir_measures_own import compatibility, judged_at_k, pairwise_accuracy
from rankbook.metrics.params import REL, Param
from rankbook.metrics.spec import Metric

#: gdeval.pl's reporting depth, 20 unless ``-k`` says otherwise.
GDEVAL_K = Param("k", int, (GDEVAL_DEPTH,), low=1, keyword="k")

TOOL_ROWS: tuple[Metric, ...] = (
    Metric(name="gdeval-nDCG@k", function=gdeval_ndcg_at_k, family="Graded",
           page="metrics/gdeval.md",
           summary="gdeval.pl's ndcg@k (ir_measures' nDCG(dcg='exp-log2')@k): gain 2^g - 1.",
           params=(GDEVAL_K,),
           per_topic=lambda t, a: gdeval_ndcg_at_k(t.grades, a.k, ideal=t.ideal), graded=True),
    Metric(name="gdeval-ERR@k", function=gdeval_err_at_k, family="Graded",
           page="metrics/gdeval.md",
           summary="gdeval.pl's err@k (ir_measures' ERR@k): stop probability (2^g - 1)/16.",
           params=(GDEVAL_K,),
           per_topic=lambda t, a: gdeval_err_at_k(t.grades, a.k), graded=True),
    Metric(name="Compat", function=compatibility, family="User models", page="metrics/compat.md",
           summary="Rank-biased overlap of the run with an ideal ranking, normalised.",
           params=(Param("p", float, 0.95, cutoffs=False, read=persistence_setting,
                         keyword="persistence"),),
           per_topic=lambda t, a: compatibility(t.grades, t.ideal, a.p), graded=True),
    Metric(name="Accuracy", function=pairwise_accuracy, family="User models",
           page="metrics/compat.md",
           summary="Fraction of (relevant, non-relevant) pairs retrieved in the right order.",
           params=(REL,),
           per_topic=lambda t, a: pairwise_accuracy(t.grades, relevance_level=a.rel)),
    Metric(name="Judged@k", function=judged_at_k, family="User models", page="metrics/compat.md",
           summary="Fraction of the top k that has a judgment (ir_measures' Judged@k).",
           params=(Param("k", int, (10,), low=1, keyword="k"),),
           per_topic=lambda t, a: judged_at_k(t.judged, a.k), exercise_hints=("unjudged",)),
)
