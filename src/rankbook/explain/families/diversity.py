r"""Hand calculations of ndeval's diversity measures: what each rank covers, its novelty gain, the ideal.

The input is a ranking typed as subtopic tokens (``a,b  -  c:2  a``) and the topic's judged
documents (``judged``), as `rankbook.explain.subtopic_case` reads them.

| metric | running columns (besides the rank's token) |
| --- | --- |
| alpha_nDCG@k, alpha_DCG@k | the times each subtopic was seen above, $g_i$, $1/\log_2(i+1)$, $w_i g_i$, the ideal list's $g^{*}_i$, the value at k |
| ERR_IA@k, nERR_IA@k | the reach of each intent $(1-\alpha)^{C_{s,i-1}}$, $g_i$, the stop probability $\alpha g_i / m$, $1/i$, $w_i g_i$, $g^{*}_i$, the value |
| NRBP, nNRBP | the times each subtopic was seen above, $g_i$, $\beta^{i-1}$, $w_i g_i$, NRBP of the list cut at rank k |
| AP_IA | the documents relevant to each subtopic so far, MAP-IA of the list cut at rank k |
| P_IA@k | the subtopics the document is relevant to, their sum, P-IA@k |
| StRecall@k | the subtopics first covered at rank i, those covered so far, StRecall@k |

Every number comes from :mod:`rankbook.metrics.diversity` and
:mod:`rankbook.metrics.intent_aware`: the seen counts, the worth $(1-\alpha)^{C}$, the gains,
the discounts and the ideal lists from their public helpers, each value from the measure's
own function (NRBP and MAP-IA read the whole list: at rank k, the list cut at k).
"""

from __future__ import annotations

import inspect
import math
from dataclasses import dataclass
from functools import partial

import numpy as np

from rankbook.explain.explainer import Explainer
from rankbook.explain.families._cwl_formulas import n
from rankbook.explain.families._write import braced, note, step
from rankbook.metrics.diversity import (
    actual_subtopics,
    alpha_dcg_at_k,
    alpha_ndcg_at_k,
    exact_ideal_value,
    greedy_ideal_order,
    ideal_ideal_gains,
    intent_aware_err_at_k,
    intent_aware_nerr_at_k,
    log2_discount,
    novelty_gains,
    novelty_worth,
    reciprocal_discount,
    relevant_cells,
    seen_before,
)
from rankbook.metrics.intent_aware import (
    geometric_discount,
    intent_aware_average_precision,
    intent_aware_precision_at_k,
    normalized_novelty_rank_biased_precision,
    novelty_rank_biased_precision,
    subtopic_recall_at_k,
)


@dataclass(frozen=True)
class Novelty:
    """A measure that sums discounted novelty gains over an ideal list's sum."""

    name: str              # ndeval's spelling, the running column: "alpha-nDCG@k"
    function: object
    discount: object       # (ranks, beta) -> w_i
    w: str                 # the discount written at rank i: "1/log2({i}+1)"
    cutoff: bool = True    # False: the whole list (NRBP)
    err: bool = False      # ERR-IA: the reach of each intent and the stop probability


NOVELTY = {
    "alpha_nDCG@k": Novelty("alpha-nDCG@k", alpha_ndcg_at_k, log2_discount, "1/log2({i}+1)"),
    "alpha_DCG@k": Novelty("alpha-DCG@k", alpha_dcg_at_k, log2_discount, "1/log2({i}+1)"),
    "ERR_IA@k": Novelty("ERR-IA@k", intent_aware_err_at_k, reciprocal_discount, "1/{i}",
                        err=True),
    "nERR_IA@k": Novelty("nERR-IA@k", intent_aware_nerr_at_k, reciprocal_discount, "1/{i}",
                         err=True),
    "NRBP": Novelty("NRBP", novelty_rank_biased_precision, geometric_discount, "{b}^({i}-1)",
                    cutoff=False),
    "nNRBP": Novelty("nNRBP", normalized_novelty_rank_biased_precision, geometric_discount,
                     "{b}^({i}-1)", cutoff=False),
}
_W_COLUMN = {log2_discount: "1/log2(i+1)", reciprocal_discount: "1/i",
             geometric_discount: "β^(i-1)"}


def setting(case, function, name: str):
    """A keyword argument as the function is called with it: the option given, else its default."""
    if name in case.options:
        return case.options[name]
    return inspect.signature(function).parameters[name].default


def value_at(case, function, k: int, cutoff: bool) -> float:
    """The measure's own value at rank k (a whole-list measure: of the list cut at rank k)."""
    taken = inspect.signature(function).parameters
    kwargs = {name: v for name, v in case.options.items() if name in taken and name != "judged"}
    if cutoff:
        return function(case.ranked, case.options["judged"], k, **kwargs)
    return function(case.ranked[:k], case.options["judged"], **kwargs)


def _cells(case):
    """The relevant cells of the ranking and of the topic, and the names of the m subtopics."""
    run, topic = relevant_cells(case.ranked, case.options["judged"], case.relevance_level)
    names = [s for s, kept in zip(case.subtopics, actual_subtopics(case.options["judged"],
                                                                   case.relevance_level)) if kept]
    return run, topic, names


def _ideal_gains(case, measure: Novelty, m: int, length: int) -> tuple[np.ndarray, list | None]:
    """The ideal list's gains (to ``length``) and, for the greedy list, its documents' rows."""
    rule = setting(case, measure.function, "ideal")
    alpha = setting(case, measure.function, "alpha")
    if rule == "greedy":
        rows, gains = greedy_ideal_order(_cells(case)[1], alpha)
        return gains, rows
    if rule == "ideal ideal":
        return ideal_ideal_gains(m, alpha, length), None
    return np.array([]), None     # exact: a value found by search, no one list


def novelty_columns(case, k: int, metric: str) -> dict:
    """The running values of a novelty measure at rank k."""
    measure = NOVELTY[metric]
    run, _, names = _cells(case)
    alpha = setting(case, measure.function, "alpha")
    beta = setting(case, measure.function, "beta") if not measure.cutoff else 0.5
    inside = k <= case.n
    values = {}
    per_subtopic = novelty_worth(run, alpha) if measure.err else seen_before(run)
    for s, name in enumerate(names):
        label = f"reach {name}" if measure.err else f"seen {name}"
        values[label] = per_subtopic[k - 1, s].item() if inside else float("nan")
    gain = float(novelty_gains(run, alpha)[k - 1]) if inside else 0.0
    values["g_i"] = gain
    if measure.err:
        values["P(stop)"] = alpha * gain / len(names) if names else 0.0
    w = float(measure.discount(np.array([float(k)]), beta)[0])
    values[_W_COLUMN[measure.discount]] = w
    values["w·g"] = w * gain
    if measure.cutoff and names:
        ideal, _ = _ideal_gains(case, measure, len(names), k)
        values["ideal g*"] = float(ideal[k - 1]) if k <= len(ideal) else 0.0   # list ended
    values[measure.name] = value_at(case, measure.function, k, measure.cutoff)
    return values


def _sum_text(gains, discount_text, beta, k: int):
    """``1·1/log2(1+1) + 0.5·1/log2(4+1)``: the nonzero terms to rank k (None: no term)."""
    terms = [f"{n(g)}·{discount_text.format(i=i, b=n(beta))}"
             for i, g in enumerate(gains[:k], start=1) if g != 0]
    return " + ".join(terms) or None


def novelty_steps(case, k: int, fmt, metric: str):
    """The gain at rank k, the sums over the run and the ideal, and the value."""
    measure = NOVELTY[metric]
    f = measure.function
    run, _, names = _cells(case)
    alpha = setting(case, f, "alpha")
    beta = setting(case, f, "beta") if not measure.cutoff else 0.5
    value = value_at(case, f, k, measure.cutoff)
    name = (measure.name.replace("@k", f"@{k}") if measure.cutoff else
            f"{measure.name} (ranks 1-{min(k, case.n)})")
    if not names:
        yield note("m", "(no subtopic has a relevant judged document: m = 0 and the value is 0, "
                        "as in ndeval)")
        yield step(name, f"\\text{{{name}}} = {fmt(value)}", f"{name} = {fmt(value)}")
        return
    yield note("m", f"m = {len(names)} subtopics with a relevant judged document: "
                    f"{', '.join(names)}; α = {n(alpha)}")
    yield from _gain_at(case, run, names, alpha, k, fmt, measure.err)
    gains = novelty_gains(run, alpha)
    last = min(k, case.n)   # a whole-list measure at rank k: the list cut at k
    run_sum = math.fsum(measure.discount(np.arange(1.0, last + 1), beta) * gains[:last])
    terms = _sum_text(gains, measure.w, beta, last)
    text = f"Σ_(i≤{k}) g_i·w_i = " + (f"{terms} = " if terms else "") + fmt(run_sum)
    yield step("run", _latex(text), text)
    rule = setting(case, f, "ideal")
    if rule == "ideal ideal" and k == 1 and measure.cutoff and not setting(
            case, f, "normalise_rank_one"):
        yield note("k = 1", "(ndeval divides from rank 2 on: at k = 1 the value is the raw sum "
                            "g_1)")
        text = f"{name} = {fmt(run_sum)}"
        yield step(name, _latex(text), text)
        return
    if not measure.cutoff and rule == "ideal ideal":
        text = (f"{measure.name} = (1 - (1 - {n(alpha)})·{n(beta)})/{len(names)}·{fmt(run_sum)}"
                f" = {fmt(value)}")
        yield note("ideal", "(the ideal ideal: every document relevant to all m subtopics, "
                            "g*_i = m(1-α)^(i-1); its sum to infinity is m/(1 - (1-α)β))")
        yield step(name, _latex(text), text)
        return
    best = yield from _ideal_steps(case, measure, names, alpha, beta, k, fmt)
    text = f"{name} = {fmt(run_sum)}/{fmt(best)} = {fmt(value)}"
    yield step(name, _latex(text), text)


def _gain_at(case, run, names, alpha, k: int, fmt, err: bool):
    """g_k = Σ_s J(d_k, s)·(1-α)^C(s, k-1), the terms of the subtopics rank k is relevant to."""
    if k > case.n:
        yield note("past the end", f"(rank {k} is past the end of the list of {case.n}: g = 0)")
        return
    seen = seen_before(run)[k - 1]
    covered = [(name, int(seen[s])) for s, name in enumerate(names) if run[k - 1, s]]
    gain = float(novelty_gains(run, alpha)[k - 1])
    if not covered:
        text = f"g_{k} = 0"
        yield note("g_i", f"(rank {k} is relevant to no subtopic)")
        yield step("g_i", text, text)
        return
    yield note("g_i", f"rank {k} covers " + ", ".join(
        f"{name} (seen {c} time{'s' if c != 1 else ''} above)" for name, c in covered))
    terms = " + ".join(f"(1 - {n(alpha)})^{c}" for _, c in covered)
    text = f"g_{k} = Σ_s J(d_{k},s)·(1-α)^(C_s) = {terms} = {fmt(gain)}"
    yield step("g_i", _latex(text), text)
    if err:
        worth = novelty_worth(run, alpha)[k - 1]
        for s, name in enumerate(names):
            if run[k - 1, s]:
                text = (f"P(stop at {k} | {name}) = α·(1-α)^(C_{name}) = {n(alpha)}·"
                        f"{n(worth[s])} = {fmt(alpha * worth[s])}")
                yield step("stop", _latex(text), text)


def _ideal_steps(case, measure: Novelty, names, alpha, beta, k: int, fmt):
    """The ideal list and the sum it gives (returned)."""
    rule = setting(case, measure.function, "ideal")
    last = k if measure.cutoff else None
    if rule == "exact":
        best = exact_ideal_value(_cells(case)[1], alpha, last,
                                 lambda ranks: measure.discount(ranks, beta))
        yield note("ideal", "(the exact ideal: the best order of the judged documents, found by "
                            "searching every order)")
        text = f"ideal = {fmt(best)}"
        yield step("ideal", f"\\text{{ideal}} = {fmt(best)}", text)
        return best
    ideal, rows = _ideal_gains(case, measure, len(names), k)
    depth = len(ideal) if last is None else min(last, len(ideal))
    if rows is None:
        yield note("ideal", f"(the ideal ideal: every document relevant to all m = {len(names)} "
                            "subtopics, g*_i = m(1-α)^(i-1))")
    else:
        listed = " ".join(case.judged_text[r] for r in rows[:depth])
        yield note("ideal", f"ndeval's greedy ideal list of the judged documents (at each rank, "
                            f"the largest gain; ties to the first typed): {listed}; gains "
                            f"{', '.join(n(g) for g in ideal[:depth])}")
    best = math.fsum(measure.discount(np.arange(1.0, depth + 1), beta) * ideal[:depth])
    terms = _sum_text(ideal, measure.w, beta, depth)
    bound = f"≤{k}" if measure.cutoff else ""
    text = f"Σ_(i{bound}) g*_i·w_i = " + (f"{terms} = " if terms else "") + fmt(best)
    yield step("ideal", _latex(text), text)
    return best


def _latex(text: str) -> str:
    """A worked formula as LaTeX: · as \\cdot, Σ_(x) as \\sum_{x}, ^(x) as ^{x}, log2, α, β, ≤."""
    name, equals, rest = text.partition(" = ")
    if equals and not any(c in name for c in "Σ_|"):     # a name, not a formula: upright
        text = f"\\text{{{name}}} = {rest}"
    for symbol, latex in (("g*_", "g^{*}_"), ("P(stop at ", "P(\\text{stop at } "),
                          ("·", " \\cdot "), ("Σ", "\\sum"), ("log2(", "\\log_2("),
                          ("α", "\\alpha "), ("β", "\\beta "), ("≤", "\\le "),
                          (" | ", " \\mid ")):
        text = text.replace(symbol, latex)
    return braced(text)


# --- the subtopic counts: MAP-IA, P-IA@k, subtopic recall --------------------------------------

def counts_columns(case, k: int, metric: str) -> dict:
    """The running values of MAP-IA, P-IA@k or StRecall@k at rank k."""
    run, _, names = _cells(case)
    inside = k <= case.n
    values = {}
    if metric == "AP_IA":
        found = seen_before(run) + run          # relevant to s at ranks 1..i
        for s, name in enumerate(names):
            values[f"found {name}"] = found[k - 1, s].item() if inside else float("nan")
        values["MAP-IA"] = value_at(case, intent_aware_average_precision, k, cutoff=False)
    elif metric == "P_IA@k":
        values["subtopics"] = int(run[k - 1].sum()) if inside else 0
        values["Σ subtopics"] = int(run[:k].sum())
        values["P-IA@k"] = value_at(case, intent_aware_precision_at_k, k, cutoff=True)
    else:
        covered = _covered(run, names, k)
        values["new"] = " ".join(name for name in covered
                                 if name not in _covered(run, names, k - 1)) or "·"
        values["covered"] = len(covered)
        values["StRecall@k"] = value_at(case, subtopic_recall_at_k, k, cutoff=True)
    return values


def _covered(run, names, k: int) -> list:
    """The subtopics the top k cover."""
    return [name for s, name in enumerate(names) if run[:k, s].any()]


def counts_steps(case, k: int, fmt, metric: str):
    """MAP-IA: each subtopic's AP, averaged; P-IA@k and StRecall@k: the counts over k·m or m."""
    run, topic, names = _cells(case)
    function = {"AP_IA": intent_aware_average_precision, "P_IA@k": intent_aware_precision_at_k,
                "StRecall@k": subtopic_recall_at_k}[metric]
    value = value_at(case, function, k, cutoff=metric != "AP_IA")
    name = {"AP_IA": f"MAP-IA (ranks 1-{min(k, case.n)})", "P_IA@k": f"P-IA@{k}",
            "StRecall@k": f"StRecall@{k}"}[metric]
    m = len(names)
    if not m:
        yield note("m", "(no subtopic has a relevant judged document: m = 0 and the value is 0, "
                        "as in ndeval)")
        yield step(name, f"\\text{{{name}}} = {fmt(value)}", f"{name} = {fmt(value)}")
        return
    yield note("m", f"m = {m} subtopics with a relevant judged document: {', '.join(names)}")
    if metric == "P_IA@k":
        cells = int(run[:k].sum())
        yield note("cells", f"the top {k} hold {cells} relevant (document, subtopic) pairs (a "
                            "document relevant to two subtopics counts twice)")
        text = f"{name} = {cells}/({k}·{m}) = {fmt(value)}"
    elif metric == "StRecall@k":
        covered = _covered(run, names, k)
        yield note("covered", f"the top {k} cover {', '.join(covered) or 'no subtopic'}")
        text = f"{name} = {len(covered)}/{m} = {fmt(value)}"
    else:
        aps = yield from _average_precisions(case, run, topic, names, k, fmt)
        text = f"{name} = ({' + '.join(fmt(ap) for ap in aps)})/{m} = {fmt(value)}"
    yield step(name, _latex(text), text)


def _average_precisions(case, run, topic, names, k: int, fmt):
    """Each subtopic's AP of the list cut at rank k, from MAP-IA's function on its column alone."""
    last = min(k, case.n)
    found = seen_before(run) + run
    aps = []
    for s, name in enumerate(names):
        column = [j for j, kept in enumerate(case.subtopics) if kept == name]
        ap = intent_aware_average_precision(case.ranked[:last][:, column],
                                            case.options["judged"][:, column],
                                            relevance_level=case.relevance_level)
        R = int(topic[:, s].sum())
        terms = [f"{found[i - 1, s]}/{i}" for i in range(1, last + 1) if run[i - 1, s]]
        text = (f"AP({name}) = ({' + '.join(terms)})/{R} = {fmt(ap)}" if terms else
                f"AP({name}) = 0/{R} = {fmt(ap)}")
        yield step(f"AP({name})", _latex(text), text)
        aps.append(ap)
    return aps


# --- the catalogue ---------------------------------------------------------------------------

def _explainer(metric: str) -> Explainer:
    if metric in NOVELTY:
        return Explainer(metric, NOVELTY[metric].name, partial(novelty_columns, metric=metric),
                         partial(novelty_steps, metric=metric), input="subtopics")
    column = {"AP_IA": "MAP-IA", "P_IA@k": "P-IA@k", "StRecall@k": "StRecall@k"}[metric]
    return Explainer(metric, column, partial(counts_columns, metric=metric),
                     partial(counts_steps, metric=metric), input="subtopics")


EXPLAINERS = tuple(_explainer(metric) for metric in (*NOVELTY, "AP_IA", "P_IA@k", "StRecall@k"))
