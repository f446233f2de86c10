r"""Hand calculations of the rank-based measures: where in the list the relevant documents are.

| explainer | running columns (besides the metric's own) | its formula at rank k |
| --- | --- | --- |
| AP, AP@k | P@k, the sum of P@k over the relevant ranks so far, D | ``(1/1 + 2/3 + ...) / D`` |
| RR, RR@k | first relevant | ``1 / rank of the first relevant document`` |
| SL | relevant found, non-relevant read | ``K_n`` or ``K_n - n``; Cooper's ``j + i·s/(r + 1)`` |
| LAG | lag of each relevant document | ``(lag_1 + lag_2 + ...) / count`` |

AP's denominator is worded as `rankbook.explain.worksheet.ap_denominator` words it (from
`rankbook.metrics.average_precision.AP_DENOMINATORS`), as in the core table of `explain`.
Search length and LAG have no cut-off: at rank k they are the measure of the list cut at rank
k (the search has not ended while fewer than ``wanted`` relevant documents are in it).
"""

from __future__ import annotations

from rankbook.explain.explainer import Explainer
from rankbook.explain.families._retrieved import (
    because,
    beyond_the_list,
    retrieved,
    top,
)
from rankbook.explain.families._write import fraction, note, past_the_end, step
from rankbook.explain.worksheet import ap_denominator, ap_terms, lag_step, plural
from rankbook.metrics.average_precision import average_precision
from rankbook.metrics.lag import lag
from rankbook.metrics.precision import precision_at_k
from rankbook.metrics.reciprocal_rank import reciprocal_rank
from rankbook.metrics.search_length import cooper_terms, search_length

LEVEL = ("relevance_level",)


# --- average precision ---------------------------------------------------------------------------

def _ap_columns(case, k: int) -> dict:
    level = case.kwargs(*LEVEL)
    precisions = [precision_at_k(case.grades, i, **level) for i in case.relevant_ranks(k)]
    convention = case.options.get("denominator", "relevant")
    D, _ = ap_denominator(convention, case.found(k), k, case.options["n_relevant"])
    return {"relevant": case.is_relevant(k),
            "P@k": precision_at_k(case.grades, k, **level),
            "sum of P": sum(precisions), "D": D,
            "AP@k": average_precision(case.grades, case.options["n_relevant"], k=k,
                                      **case.kwargs("denominator", *LEVEL))}


def _ap_steps(case, k: int, fmt):
    yield from past_the_end(case, k)
    convention = case.options.get("denominator", "relevant")
    D, why = ap_denominator(convention, case.found(k), k, case.options["n_relevant"])
    value = fmt(_ap_columns(case, k)["AP@k"])
    yield step("D", f"D = \\text{{{why}}}", f"D = {why}")
    if D == 0:
        yield from because(f"AP@{k}", value, "D is 0: no relevant document to average over, "
                                             "and AP is 0 as in trec_eval")
        return
    latex, text = ap_terms(case.relevant_ranks(k))
    yield step("AP@k", f"\\mathrm{{AP}}@{k} = \\frac{{1}}{{D}} \\sum_{{j}} \\frac{{j}}{{K_j}} = "
                       f"\\frac{{{latex}}}{{{D}}} = {value}",
               f"AP@{k} = (sum of precisions at the relevant ranks) / D = "
               f"({text}) / {D} = {value}")


# --- reciprocal rank -----------------------------------------------------------------------------

def _rr_columns(case, k: int) -> dict:
    ranks = case.relevant_ranks(k)
    return {"relevant": case.is_relevant(k),
            "first relevant": ranks[0] if ranks else "none yet",
            "RR@k": reciprocal_rank(case.grades, k=k, **case.kwargs(*LEVEL))}


def _rr_steps(case, k: int, fmt):
    yield from past_the_end(case, k)
    ranks = case.relevant_ranks(k)
    value = fmt(reciprocal_rank(case.grades, k=k, **case.kwargs(*LEVEL)))
    if not ranks:
        yield from because(f"RR@{k}", value, f"no relevant document in the top {k}")
        return
    latex, text = fraction(1, ranks[0])
    yield step("RR@k", f"\\mathrm{{RR}}@{k} = \\frac{{1}}{{\\text{{rank of the first relevant "
                       f"document}}}} = {latex} = {value}",
               f"RR@{k} = 1 / rank of the first relevant document = {text} = {value}")


# --- search length -------------------------------------------------------------------------------

def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _sl_options(case, k: int) -> dict:
    options = case.kwargs("wanted", "count", *LEVEL)
    if "scores" in case.options:
        options["scores"] = case.options["scores"][:k]
    return options


def _sl_columns(case, k: int) -> dict:
    found = case.found(k)
    values = {"relevant": case.is_relevant(k), "relevant found": found,
              "non-relevant read": retrieved(case, k) - found}
    if "scores" in case.options:
        scores = case.options["scores"]
        values["score"] = float(scores[k - 1]) if k <= len(scores) else float("nan")
    values["SL"] = search_length(top(case, k), **_sl_options(case, k))
    return values


def _sl_steps(case, k: int, fmt):
    yield from past_the_end(case, k)
    wanted, found = case.options.get("wanted", 1), case.found(k)
    rank_reading = case.options.get("count", "rank") == "rank"
    value = fmt(_sl_columns(case, k)["SL"])
    if found < wanted:
        ended = "the list holds" if k >= case.n else f"the top {k} holds"
        yield from because(f"SL of the top {k}", value,
                           f"{ended} {found} of the {wanted} relevant documents wanted: the user "
                           "has not found them yet")
        return
    if "scores" in case.options:
        yield from _esl_steps(case, k, wanted, rank_reading, value)
        return
    K = case.relevant_ranks(k)[wanted - 1]
    yield note("K_n", f"(the {_ordinal(wanted)} relevant document is at rank K_{wanted} = {K}; "
                      f"the user reads {K} documents, {K - wanted} of them not relevant)")
    if rank_reading:
        yield step("SL", f"\\mathrm{{SL}} = K_{{{wanted}}} = {value}",
                   f"SL = K_{wanted} = {K} = {value}")
    else:
        yield step("SL", f"\\mathrm{{SL}} = K_{{{wanted}}} - {wanted} = {K} - {wanted} = {value}",
                   f"SL = K_{wanted} - {wanted} = {K} - {wanted} = {value}")


def _esl_steps(case, k: int, wanted: int, rank_reading: bool, value: str):
    """Cooper's expected search length with ties: j + i·s/(r + 1), plus n in the rank reading."""
    j, i, r, s = cooper_terms(top(case, k), case.options["scores"][:k], wanted=wanted,
                              **case.kwargs(*LEVEL))
    yield note("levels", f"(tie levels by score: {plural(j, 'non-relevant document')} in the "
                         f"levels read in full; the level where the search ends holds {r} "
                         f"relevant and {i} non-relevant, and the user still needs {s} of its "
                         "relevant ones)")
    plus = f" + {wanted}" if rank_reading else ""
    yield step("ESL", f"\\mathrm{{ESL}} = j + \\frac{{i \\cdot s}}{{r + 1}}{plus} = "
                      f"{j} + \\frac{{{i} \\cdot {s}}}{{{r} + 1}}{plus} = {value}",
               f"ESL = j + i·s/(r + 1){' + n' if rank_reading else ''} = "
               f"{j} + {i}·{s}/({r} + 1){plus} = {value}")


# --- LAG -----------------------------------------------------------------------------------------

def _lag_of(case, i: int) -> int:
    """The non-relevant documents above rank i."""
    return i - case.found(i)


def _lag_columns(case, k: int) -> dict:
    options = case.kwargs("n_relevant", "unretrieved", *LEVEL)
    return {"relevant": case.is_relevant(k),
            "lag": _lag_of(case, k) if case.is_relevant(k) else "",
            "LAG@k": lag(top(case, k), **options)}


def _lag_steps(case, k: int, fmt):
    yield from beyond_the_list(case, k)
    lags = [_lag_of(case, i) for i in case.relevant_ranks(k)]
    value = fmt(_lag_columns(case, k)["LAG@k"])
    yield note("lags", "(the lag of a relevant document: the non-relevant documents above it)")
    if case.options.get("unretrieved", "ignore") == "ignore":
        yield lag_step(k, lags, value, remark=None)
        return
    missing = case.options["n_relevant"] - case.found(k)
    below = retrieved(case, k) - case.found(k)
    if missing:
        yield note("missed", f"({plural(missing, 'relevant document')} missed by the top {k}, "
                             f"each placed below it with a lag of {below}, its non-relevant "
                             "documents)")
    yield lag_step(k, lags + [below] * missing, value, remark=None)


EXPLAINERS = (
    Explainer("AP", "AP@k", _ap_columns, _ap_steps),
    Explainer("AP@k", "AP@k", _ap_columns, _ap_steps),
    Explainer("RR", "RR@k", _rr_columns, _rr_steps),
    Explainer("RR@k", "RR@k", _rr_columns, _rr_steps),
    Explainer("SL", "SL", _sl_columns, _sl_steps),
    Explainer("LAG", "LAG@k", _lag_columns, _lag_steps),
)
