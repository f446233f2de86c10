r"""Hand calculations of the set-based measures: what fraction of a cut-off set is relevant."""

from __future__ import annotations

from rankbook.explain.explainer import Explainer
from rankbook.explain.families._write import fraction, past_the_end, step
from rankbook.metrics.precision import precision_at_k


def _precision_columns(case, k: int) -> dict:
    return {"relevant": case.is_relevant(k), "relevant in top k": case.found(k),
            "P@k": precision_at_k(case.grades, k, **case.kwargs("relevance_level"))}


def _precision_steps(case, k: int, fmt):
    yield from past_the_end(case, k)
    found = case.found(k)
    latex, text = fraction(found, k)
    value = fmt(_precision_columns(case, k)["P@k"])
    yield step("P@k", f"\\mathrm{{P}}@{k} = \\frac{{\\text{{relevant in top }} {k}}}{{{k}}} = "
                      f"{latex} = {value}",
               f"P@{k} = relevant in top {k} / {k} = {text} = {value}")


EXPLAINERS = (
    Explainer("P@k", "P@k", _precision_columns, _precision_steps),
)
