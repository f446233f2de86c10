r"""Hand calculations of the curves of a ranking: precision-recall (and its interpolation), ROC.

| explainer | running columns (besides the metric's own) | its value at rank k |
| --- | --- | --- |
| PR curve | relevant in top k, recall | precision: the curve's point is (recall, precision) |
| IPrec@r | R@k, P@k, whether rank k reaches recall r | the best precision among the ranks of the top k that reach r |
| 11pt | R@k, P@k | the mean interpolated precision of the top k at the 11 levels |
| ROC | relevant and non-relevant in top k, FPR@k | TPR: the curve's point is (FPR, TPR) |
| AUC | TPR@k, FPR@k, pairs won | AUC of the top k, the items below rank k tied |

A curve is a list of points, not a number; the table gives the point at each rank and the
value column holds its second coordinate (precision for the precision-recall curve, the true
positive rate for ROC). AUC and the 11-point average need the whole list: at rank k they are
the measure of the list cut at rank k, and at its last rank the measure of the list.
"""

from __future__ import annotations

from math import nan

from rankbook._errors import InvalidValueError
from rankbook.explain.explainer import Explainer
from rankbook.explain.families._retrieved import (
    because,
    beyond_the_list,
    retrieved,
    top,
)
from rankbook.explain.families._write import note, past_the_end, step
from rankbook.explain.worksheet import fpr_step, precision_step, recall_step, tpr_step
from rankbook.metrics.interpolation import (
    ELEVEN_RECALL_LEVELS,
    eleven_point_average_precision,
    interpolated_precision,
    precision_recall_curve,
    relevant_needed,
)
from rankbook.metrics.precision import precision_at_k, recall_at_k
from rankbook.metrics.roc import roc_auc, roc_curve

LEVEL = ("relevance_level",)


def _padded(case, k: int) -> list:
    """The grades of the top k, ranks past the end of the list as grade 0 (not relevant)."""
    return list(case.grades[:k]) + [0.0] * max(0, k - case.n)


# --- the precision-recall curve ------------------------------------------------------------------

def _pr_columns(case, k: int) -> dict:
    recall, precision = precision_recall_curve(_padded(case, k), case.options["n_relevant"],
                                               **case.kwargs(*LEVEL))
    return {"relevant": case.is_relevant(k), "relevant in top k": case.found(k),
            "recall": float(recall[k - 1]), "precision": float(precision[k - 1])}


def _pr_steps(case, k: int, fmt):
    yield from past_the_end(case, k)
    values, found, R = _pr_columns(case, k), case.found(k), case.options["n_relevant"]
    r, p = fmt(values["recall"]), fmt(values["precision"])
    yield note("point", f"(the point of the curve at rank {k}: recall {r}, precision {p})")
    yield (recall_step(k, found, R, r) if R else
           step("R@k", f"\\mathrm{{R}}@{k} = {r}", f"R@{k} = {r}   [R is 0: every recall is 0, "
                                                    "as in trec_eval]"))
    yield precision_step(k, found, p)


# --- interpolated precision ----------------------------------------------------------------------

def _level_text(r: float) -> str:
    text = f"{r:g}"
    return text if "." in text or "e" in text else f"{text}.0"


def _one_level(case) -> float:
    """IPrec@r's recall level r: one number, given as an option or in the metric's name."""
    levels = case.options.get("recall_levels")
    if isinstance(levels, (tuple, list)) and len(levels) == 1:
        levels = levels[0]
    if levels is None or isinstance(levels, (tuple, list)):
        raise InvalidValueError(
            f"IPrec@r is the interpolated precision at one recall level r, got "
            f"{'none' if levels is None else list(levels)}: give one level as recall_levels "
            "(e.g. 0.5) or in the name (iprec_at_recall_0.50); 11pt averages over several.")
    return float(levels)


def _cutoff_rule(case) -> dict:
    return case.kwargs("cutoff_rule", *LEVEL)


def _curve_columns(case, k: int) -> dict:
    R = case.options["n_relevant"]
    return {"relevant": case.is_relevant(k),
            "R@k": recall_at_k(case.grades, k, R, **case.kwargs(*LEVEL)),
            "P@k": precision_at_k(case.grades, k, **case.kwargs(*LEVEL))}


def _iprec_columns(case, k: int) -> dict:
    r, R = _one_level(case), case.options["n_relevant"]
    needed = relevant_needed(r, R, case.options.get("cutoff_rule", "trec_eval_9"))
    return {**_curve_columns(case, k), "reaches r": R > 0 and case.found(k) >= needed,
            "IPrec@r": interpolated_precision(top(case, k), R, r, **_cutoff_rule(case))}


def _needed_step(case, r: float, R: int):
    """c(r), the relevant documents that reach recall r, written as the cut-off rule computes it."""
    rule = case.options.get("cutoff_rule", "trec_eval_9")
    c, exact = relevant_needed(r, R, rule), relevant_needed(r, R, "exact")
    level = _level_text(r)
    written = {"trec_eval_9": (f"floor({level}·{R} + 0.9)", "trec_eval 9's rule"),
               "trec_eval_10": (f"round({level}·{R})", "trec_eval 10's rule"),
               "exact": (f"ceil({level}·{R})", "the textbook's rule")}[rule]
    slip = "" if c == exact else f"; the textbook's ceil({level}·{R}) would need {exact}"
    return step("c(r)", f"c({level}) = {written[0]} = {c}",
                f"c({level}) = {written[0]} = {c}   [relevant documents needed to reach recall "
                f"{level}: {written[1]}{slip}]")


def _best_precision(case, k: int, c: int, name: str, value: str, fmt):
    """``name, the best precision from rank K on = max(P@j, ...) = max(...) = value``: the max
    over the relevant ranks j <= k whose top j holds c relevant documents (the precision peaks
    at a relevant rank, so the others need not be written)."""
    ranks = [j for j in case.relevant_ranks(k) if case.found(j) >= max(c, 1)]
    if not ranks:
        why = f"no relevant document in the top {k}" if c == 0 else \
            f"no rank of the top {k} holds {c} relevant documents"
        return step(name, f"\\text{{{name}}} = {value}", f"{name}, with {why} = {value}")
    level = case.kwargs(*LEVEL)
    numbers = [fmt(precision_at_k(case.grades, j, **level)) for j in ranks]
    if len(ranks) == 1:
        return step(name, f"\\text{{{name}}} = \\mathrm{{P}}@{ranks[0]} = {value}",
                    f"{name}, the precision at the only relevant rank from rank {ranks[0]} on = "
                    f"P@{ranks[0]} = {value}")
    shown = ", ".join(f"P@{j}" for j in ranks)
    return step(name, f"\\text{{{name}}} = \\max({shown}) = {value}",
                f"{name}, the best precision from rank {ranks[0]} on (at its relevant ranks) = "
                f"max({shown}) = max({', '.join(numbers)}) = {value}")


def _iprec_steps(case, k: int, fmt):
    yield from past_the_end(case, k)
    r, R = _one_level(case), case.options["n_relevant"]
    value = fmt(_iprec_columns(case, k)["IPrec@r"])
    if R == 0:
        yield from because(f"IPrec@{_level_text(r)}", value, "R is 0: every level is 0, as in "
                                                             "trec_eval")
        return
    yield _needed_step(case, r, R)
    c = relevant_needed(r, R, case.options.get("cutoff_rule", "trec_eval_9"))
    yield _best_precision(case, k, c, f"IPrec@{_level_text(r)}", value, fmt)


def _levels(case) -> list[float]:
    levels = case.options.get("recall_levels", ELEVEN_RECALL_LEVELS)
    return sorted([levels] if isinstance(levels, (int, float)) else levels)


def _eleven_columns(case, k: int) -> dict:
    return {**_curve_columns(case, k), "11pt": eleven_point_average_precision(
        top(case, k), case.options["n_relevant"], recall_levels=_levels(case),
        **_cutoff_rule(case))}


def _eleven_steps(case, k: int, fmt):
    yield from past_the_end(case, k)
    R, levels = case.options["n_relevant"], _levels(case)
    rule = case.options.get("cutoff_rule", "trec_eval_9")
    values = interpolated_precision(top(case, k), R, levels, **_cutoff_rule(case))
    groups: dict[int, list] = {}
    for r, v in zip(levels, values):
        groups.setdefault(relevant_needed(r, R, rule), []).append((r, v))
    for c, group in groups.items():
        first, last = _level_text(group[0][0]), _level_text(group[-1][0])
        span = f"level {first}" if len(group) == 1 else f"levels {first} to {last}"
        yield _best_precision(case, k, c, f"iP at {span} ({c} relevant needed)",
                              fmt(group[0][1]), fmt)
    terms = " + ".join(fmt(v) for v in values[::-1])
    mean = fmt(_eleven_columns(case, k)["11pt"])
    yield step("11pt", f"\\text{{11pt}} = \\frac{{{terms}}}{{{len(levels)}}} = {mean}",
               f"11pt = (iP from level {_level_text(levels[-1])} down to "
               f"{_level_text(levels[0])}) / {len(levels)} = ({terms}) / {len(levels)} = {mean}")


# --- ROC and AUC ---------------------------------------------------------------------------------

def _totals(case) -> tuple[int, int]:
    """P and N: given, or the list's own counts (an unjudged document is non-relevant)."""
    P = case.options["n_relevant"]
    N = case.options.get("n_nonrelevant", case.n - case.found(case.n))
    return P, N


def _totals_notes(case):
    if "n_nonrelevant" not in case.options:
        yield note("N", f"(N not given: the non-relevant items in the list, unjudged ones "
                        f"included, N = {_totals(case)[1]})")


def _undefined(case):
    """The step saying why the ROC curve is undefined (P or N is 0), or None."""
    P, N = _totals(case)
    if P and N:
        return None
    what, rate = ("relevant", "TPR") if not P else ("non-relevant", "FPR")
    return note("undefined", f"(no {what} item: the {rate} divides by 0, and the ROC curve and "
                             "its AUC are undefined)")


def _rates(case, k: int) -> dict:
    P, N = _totals(case)
    if not (P and N):
        return {"TPR@k": nan, "FPR@k": nan}
    fpr, tpr = roc_curve(case.grades, n_relevant=P, n_nonrelevant=N, **case.kwargs(*LEVEL))
    return {"TPR@k": float(tpr[retrieved(case, k)]), "FPR@k": float(fpr[retrieved(case, k)])}


def _roc_columns(case, k: int) -> dict:
    found = case.found(k)
    rates = _rates(case, k)
    return {"relevant": case.is_relevant(k), "relevant in top k": found,
            "non-relevant in top k": retrieved(case, k) - found,
            "FPR@k": rates["FPR@k"], "TPR@k": rates["TPR@k"]}


def _roc_steps(case, k: int, fmt):
    yield from beyond_the_list(case, k)
    yield from _totals_notes(case)
    P, N = _totals(case)
    found = case.found(k)
    rates = _rates(case, k)
    undefined = _undefined(case)
    if undefined is not None:
        yield undefined
        return
    yield fpr_step(k, retrieved(case, k) - found, N, fmt(rates["FPR@k"]))
    if k >= case.n and (found < P or retrieved(case, k) - found < N):
        yield note("end", "(then the curve goes straight to (1, 1): the items the list missed "
                          "are tied below it)")
    yield tpr_step(k, found, P, fmt(rates["TPR@k"]))


def _pairs_won(case, k: int) -> list[int]:
    """For each relevant item of the top k, the non-relevant items not ranked above it."""
    N = _totals(case)[1]
    return [N - (i - case.found(i)) for i in case.relevant_ranks(k)]


def _auc_columns(case, k: int) -> dict:
    P, N = _totals(case)
    rates = _rates(case, k)
    auc = nan if not (P and N) else roc_auc(top(case, k), n_relevant=P, n_nonrelevant=N,
                                                  **case.kwargs(*LEVEL))
    return {"relevant": case.is_relevant(k), "TPR@k": rates["TPR@k"], "FPR@k": rates["FPR@k"],
            "pairs won": sum(_pairs_won(case, k)), "AUC@k": auc}


def _auc_steps(case, k: int, fmt):
    yield from beyond_the_list(case, k)
    yield from _totals_notes(case)
    undefined = _undefined(case)
    if undefined is not None:
        yield undefined
        return
    P, N = _totals(case)
    found, size = case.found(k), retrieved(case, k)
    won = _pairs_won(case, k)
    terms = " + ".join(str(x) for x in won) or "0"
    yield step("pairs won", f"\\text{{pairs won}} = {terms} = {sum(won)}",
               f"pairs won = {terms} = {sum(won)}   [each relevant item of the top {k} is above "
               "the non-relevant items not ranked above it]")
    tied = (P - found) * (N - (size - found))
    yield step("tied pairs", f"\\text{{tied pairs}} = ({P} - {found}) \\cdot ({N} - {size - found})"
                             f" = {tied}",
               f"tied pairs = ({P} - {found})·({N} - {size - found}) = {tied}   [relevant and "
               f"non-relevant items below rank {size}, tied: half a pair each]")
    value = fmt(_auc_columns(case, k)["AUC@k"])
    yield step("AUC@k", f"\\mathrm{{AUC}}@{k} = \\frac{{{sum(won)} + {tied}/2}}{{{P} \\cdot {N}}}"
                        f" = {value}",
               f"AUC@{k} = (pairs won + tied pairs/2) / (P·N) = ({sum(won)} + {tied}/2) / "
               f"({P}·{N}) = {value}")


EXPLAINERS = (
    Explainer("PR curve", "precision", _pr_columns, _pr_steps),
    Explainer("IPrec@r", "IPrec@r", _iprec_columns, _iprec_steps, param="recall_levels"),
    Explainer("11pt", "11pt", _eleven_columns, _eleven_steps, param="recall_levels"),
    Explainer("ROC", "TPR@k", _roc_columns, _roc_steps),
    Explainer("AUC", "AUC@k", _auc_columns, _auc_steps),
)
