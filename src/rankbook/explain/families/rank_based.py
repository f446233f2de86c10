r"""Hand calculations of the rank-based measures: where in the list the relevant documents are."""

from __future__ import annotations

from rankbook.explain.explainer import Explainer
from rankbook.explain.families._write import fraction, past_the_end, step
from rankbook.metrics.reciprocal_rank import reciprocal_rank


def _rr_columns(case, k: int) -> dict:
    ranks = case.relevant_ranks(k)
    return {"relevant": case.is_relevant(k),
            "first relevant": ranks[0] if ranks else "none yet",
            "RR@k": reciprocal_rank(case.grades, k=k, **case.kwargs("relevance_level"))}


def _rr_steps(case, k: int, fmt):
    yield from past_the_end(case, k)
    ranks = case.relevant_ranks(k)
    if not ranks:
        yield step("RR@k", f"\\mathrm{{RR}}@{k} = 0 \\quad (\\text{{no relevant document in the "
                           f"top }} {k})", f"RR@{k} = 0 (no relevant document in the top {k})")
        return
    latex, text = fraction(1, ranks[0])
    value = fmt(reciprocal_rank(case.grades, k=k, **case.kwargs("relevance_level")))
    yield step("RR@k", f"\\mathrm{{RR}}@{k} = \\frac{{1}}{{\\text{{rank of the first relevant "
                       f"document}}}} = {latex} = {value}",
               f"RR@{k} = 1 / rank of the first relevant document = {text} = {value}")


EXPLAINERS = (
    Explainer("RR", "RR@k", _rr_columns, _rr_steps),
    Explainer("RR@k", "RR@k", _rr_columns, _rr_steps),
)
