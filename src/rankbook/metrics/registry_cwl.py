r"""The registry's rows of the C/W/L framework, as cwl_eval computes them: five numbers each.

Each row is a continuation function's measure (:mod:`rankbook.metrics.cwl_measures`), with
cwl_eval's five quantities (EU, ETU, EC, ETC, ED) as its columns and the costs it reads
(``needs=("costs",)``). They join :data:`rankbook.metrics.registry.METRICS` after trec_eval's
rows; ``docs/contributing.md`` ("Several parameters and quantities") walks through one.
"""

from __future__ import annotations

from rankbook import _validate
from rankbook._errors import InvalidValueError
from rankbook.metrics._settings import persistence_setting
from rankbook.metrics.cwl_classic import (
    cwl_average_precision,
    cwl_insq,
    cwl_inst,
    cwl_precision,
    cwl_reciprocal_rank,
    cwl_scaled_dcg,
)
from rankbook.metrics.cwl_measures import CWL_EVAL_DEPTH, cwl_rank_biased_precision
from rankbook.metrics.params import ANY_K, Param
from rankbook.metrics.spec import Metric

#: cwl_eval's five numbers, the quantities of every C/W/L measure (its columns, in its order).
CWL_QUANTITIES = ("EU", "ETU", "EC", "ETC", "ED")
#: The depth (cwl_eval's ``max_n``) every C/W/L row takes: the list is padded or cut to it.
DEPTH = Param("depth", int, CWL_EVAL_DEPTH, cutoffs=False, low=1, keyword="depth",
              read=lambda text: _depth_setting(text))
#: INST's and INSQ's T, the gain the user expects to need (cwl_eval's default 1).
TARGET = Param("T", float, 1.0, cutoffs=False, keyword="T",
               read=lambda text: _target_setting(text))
_PAGE = "user_models/cwl.md"

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
    Metric(name="CWL-P@k", function=cwl_precision, family="User models", page=_PAGE,
           summary="Precision at k as a C/W/L user model (cwl_eval's P@k): graded gains, five numbers.",
           params=(ANY_K, DEPTH), quantities=CWL_QUANTITIES, needs=("costs",),
           per_topic=lambda t, a: cwl_precision(t.grades, a.k, depth=a.depth, costs=t.costs),
           graded=True),
    Metric(name="SDCG@k", function=cwl_scaled_dcg, family="User models", page=_PAGE,
           summary="Scaled DCG at k (cwl_eval's NDCG-k@k): DCG over the DCG of gain 1 everywhere.",
           params=(ANY_K, DEPTH), quantities=CWL_QUANTITIES, needs=("costs",),
           per_topic=lambda t, a: cwl_scaled_dcg(t.grades, a.k, depth=a.depth, costs=t.costs),
           graded=True),
    Metric(name="CWL-RR", function=cwl_reciprocal_rank, family="User models", page=_PAGE,
           summary="Reciprocal rank as cwl_eval computes it (its RR): gain of the first useful "
                   "document over its rank.",
           params=(DEPTH,), quantities=CWL_QUANTITIES, needs=("costs",),
           per_topic=lambda t, a: cwl_reciprocal_rank(t.grades, depth=a.depth, costs=t.costs),
           graded=True),
    Metric(name="CWL-AP", function=cwl_average_precision, family="User models", page=_PAGE,
           summary="Average precision as cwl_eval 1.0.12 computes it (its AP): divided by the "
                   "gain retrieved, not by R.",
           params=(DEPTH,), quantities=CWL_QUANTITIES, needs=("costs",),
           per_topic=lambda t, a: cwl_average_precision(t.grades, depth=a.depth, costs=t.costs),
           graded=True),
    Metric(name="INST", function=cwl_inst, family="User models",
           page="user_models/inst.md",
           summary="INST(T): the adaptive user who wants T units of gain (cwl_eval's INST-T=T).",
           params=(TARGET, DEPTH), quantities=CWL_QUANTITIES, needs=("costs",),
           per_topic=lambda t, a: cwl_inst(t.grades, a.T, depth=a.depth, costs=t.costs),
           graded=False),  # it refuses a gain above 1 (cwl_eval): a grade is 0 or 1 at most
    Metric(name="INSQ", function=cwl_insq, family="User models",
           page="user_models/inst.md",
           summary="INSQ(T): INST's user without adapting to the gain found (cwl_eval's INSQ-T=T).",
           params=(TARGET, DEPTH), quantities=CWL_QUANTITIES, needs=("costs",),
           per_topic=lambda t, a: cwl_insq(t.grades, a.T, depth=a.depth, costs=t.costs),
           graded=True),
)



def _target_setting(text: str) -> float:
    """``"T=2"`` -> ``2.0``: the gain INST's and INSQ's user wants, above 0."""
    value = _setting_value(text, "T", "INST(T=2)")
    return _validate.number(value, "T", low=0, low_open=True,
                            hint="the gain the user expects to need, e.g. INST(T=2)")


def _depth_setting(text: str) -> int:
    """``"depth=100"`` -> ``100``: the ranks of cwl_eval's list, where depth is a row's only parameter."""
    value = _setting_value(text, "depth", "CWL-AP(depth=100)")
    if not value.is_integer():
        raise InvalidValueError(f"the setting {text!r}: depth must be a whole number of ranks.")
    return _validate.count(int(value), "depth", what="ranks of the list cwl_eval scores")


def _setting_value(text: str, symbol: str, example: str) -> float:
    name, _, value = text.partition("=")
    try:
        if name.strip() != symbol:
            raise ValueError
        return float(value)
    except ValueError:
        raise InvalidValueError(
            f"the setting {text!r} is not {symbol}=<number>; write e.g. {example}.") from None
