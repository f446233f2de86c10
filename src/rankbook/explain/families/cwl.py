r"""Hand calculations of the C/W/L measures: C(i), the reach, W(i), L(i) and EU, rank by rank.

| metric | running columns (besides the grade) |
| --- | --- |
| every C/W/L measure (CWL-RBP, CWL-P@k, SDCG@k, CWL-RR, CWL-AP, INST, INSQ, BPM@k, BPM-Dynamic@k, U, TBG, IFT-C1, IFT-C2, IFT-C1-C2, NERR8@k, NERR9@k, NERR10, NERR11) | the gain $g_i$ (the cost $c_i$ when costs are given), the continuation $C(i)$, the probability of reaching rank $i$, $W(i)$, $L(i)$, the contribution $W(i)\, g_i$, and EU@k $= \sum_{j \le k} W(j)\, g_j$ |

**The end of the list.** The hand calculation scores the list cwl_eval scores: the grades
typed, an unjudged one as gain 0, then gain 0 and cost 1 down to rank 1000 (cwl_eval's
``max_n``, the functions' ``depth``). $W$ is normalised over those 1000 ranks and $L$ leaves
out the chance of reading past rank 1000, exactly as the measure's function computes them,
so EU@k at the last typed rank is the EU cwl_eval prints (the padded ranks have gain 0 and
add nothing), while the $W(i)$ of the typed ranks sum to less than 1 when the user may read
past them. The worked formulas say so, with the share of the padded ranks.

Each value comes from the metrics' functions: $C$ from the model's continuation function
(:mod:`rankbook.metrics.cwl_continuations`, :mod:`rankbook.metrics.cwl_model_continuations`;
U-measure and TBG from their weights through
:func:`rankbook.metrics.cwl.continuation_from_weights`), the reach, $W$ and $L$ from
:mod:`rankbook.metrics.cwl`, and EU, ETU, EC, ETC and ED from the measure's own function. The
measure's parameters default to its registry row's (what ``rankbook eval -m`` computes).
"""

from __future__ import annotations

import inspect
import math
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from rankbook._errors import InvalidValueError
from rankbook.explain.explainer import Explainer
from rankbook.explain.families import _cwl_formulas as formulas
from rankbook.explain.families._write import braced, note, step
from rankbook.metrics.cwl import (
    continuation_from_weights,
    cwl_last_rank,
    cwl_reach,
    cwl_weights,
    rbp_continuation,
)
from rankbook.metrics.cwl_continuations import (
    average_precision_continuation,
    insq_continuation,
    inst_continuation,
    precision_continuation,
    reciprocal_rank_continuation,
    scaled_dcg_continuation,
)
from rankbook.metrics.cwl_measures import cwl_eval_list
from rankbook.metrics.cwl_model_continuations import (
    bpm_continuation,
    ift_goal_continuation,
    ift_goal_rate_continuation,
    ift_rate_continuation,
    nerr8_continuation,
    nerr9_continuation,
    nerr10_continuation,
    nerr11_continuation,
    tbg_weights,
    u_measure_weights,
)

#: Arguments of the C/W/L functions the hand calculation does not offer: the grades are
#: typed, and the list is cwl_eval's 1000 ranks.
NOT_OFFERED = ("gains", "depth")
#: BPM's dynamic settings, which static BPM leaves at 0.
DYNAMIC = ("hb", "hc", "gain_median")

# metric -> (its continuation from (gains, costs, arguments), its formula, its option in the name)
MODELS = {
    "CWL-RBP": (lambda g, c, a: rbp_continuation(a["persistence"], g.size), formulas.rbp,
                "persistence"),
    "CWL-P@k": (lambda g, c, a: precision_continuation(g.size, a["k"]), formulas.precision, "k"),
    "SDCG@k": (lambda g, c, a: scaled_dcg_continuation(g.size, a["k"]), formulas.scaled_dcg,
               "k"),
    "CWL-RR": (lambda g, c, a: reciprocal_rank_continuation(g), formulas.reciprocal_rank, None),
    "CWL-AP": (lambda g, c, a: average_precision_continuation(g), formulas.average_precision,
               None),
    "INST": (lambda g, c, a: inst_continuation(g, a["T"]), formulas.inst, "T"),
    "INSQ": (lambda g, c, a: insq_continuation(g.size, a["T"]), formulas.insq, "T"),
    "BPM@k": (lambda g, c, a: bpm_continuation(g, c, a["T"], a["K"], a["hb"], a["hc"],
                                               a["gain_median"]), formulas.bpm, "K"),
    "BPM-Dynamic@k": (lambda g, c, a: bpm_continuation(g, c, a["T"], a["K"], a["hb"], a["hc"],
                                                       a["gain_median"]), formulas.bpm, "K"),
    "U": (lambda g, c, a: continuation_from_weights(u_measure_weights(c, a["L"])),
          formulas.u_measure, "L"),
    "TBG": (lambda g, c, a: continuation_from_weights(tbg_weights(c, a["halflife"])),
            formulas.tbg, "halflife"),
    "IFT-C1": (lambda g, c, a: ift_goal_continuation(g, a["T"], a["b1"], a["R1"]),
               formulas.ift_goal, "T"),
    "IFT-C2": (lambda g, c, a: ift_rate_continuation(g, c, a["A"], a["b2"], a["R2"]),
               formulas.ift_rate, "A"),
    "IFT-C1-C2": (lambda g, c, a: ift_goal_rate_continuation(g, c, a["T"], a["b1"], a["R1"],
                                                             a["A"], a["b2"], a["R2"]),
                  formulas.ift_goal_rate, "T"),
    "NERR8@k": (lambda g, c, a: nerr8_continuation(g, a["k"]), formulas.nerr8, "k"),
    "NERR9@k": (lambda g, c, a: nerr9_continuation(g, a["k"]), formulas.nerr9, "k"),
    "NERR10": (lambda g, c, a: nerr10_continuation(g, a["phi"]), formulas.nerr10, "phi"),
    "NERR11": (lambda g, c, a: nerr11_continuation(g, a["T"]), formulas.nerr11, "T"),
}


@dataclass(frozen=True)
class _Worked:
    """One list under one model: cwl_eval's gains and costs, C, reach, W, L, the five numbers."""

    gains: np.ndarray
    costs: np.ndarray
    arguments: dict
    continuation: np.ndarray
    reach: np.ndarray
    weights: np.ndarray
    last: np.ndarray
    quantities: tuple


def arguments(metric: str, options: dict) -> dict:
    """The measure's keyword arguments: its registry row's defaults, then the options given."""
    from rankbook.metrics.registry import by_name

    entry = by_name()[metric]
    values = {name: p.default for name, p in inspect.signature(entry.function).parameters.items()
              if p.default is not inspect.Parameter.empty}
    for param in entry.params:       # the row's own defaults (BPM-Dynamic's hb = 1, max_rel = 1)
        if param.keyword in values and not param.cutoffs:
            values[param.keyword] = param.defaults
    values.update(options)
    return values


def worked(case, metric: str) -> _Worked:
    """cwl_eval's list for the case, and every number of the model on it (computed once)."""
    options = tuple(sorted((name, tuple(v) if isinstance(v, list) else v)
                           for name, v in case.options.items()))
    return _worked(metric, case.relevance, options)


@lru_cache(maxsize=64)
def _worked(metric: str, relevance: tuple, options: tuple) -> _Worked:
    from rankbook.metrics.registry import by_name

    a = arguments(metric, dict(options))
    if a.get("costs") is not None and len(a["costs"]) > len(relevance):
        raise InvalidValueError(
            f"costs has {len(a['costs'])} values but the list {len(relevance)} grades: give one "
            "cost per grade typed (the ranks past the list cost 1, as in cwl_eval).")
    function = by_name()[metric].function
    taken = inspect.signature(function).parameters
    quantities = function(list(relevance), **{k: v for k, v in a.items() if k in taken})
    scale = {"max_rel": a["max_rel"]} if "max_rel" in taken else {}
    gains, costs = cwl_eval_list(list(relevance), a["depth"], a.get("costs"), **scale)
    continuation = MODELS[metric][0](gains, costs, a)
    return _Worked(gains, costs, a, continuation, cwl_reach(continuation),
                   cwl_weights(continuation), cwl_last_rank(continuation), tuple(quantities))


def _running_eu(w: _Worked, k: int) -> float:
    """EU@k = sum_{i<=k} W(i) g_i: at the list's last gain, the measure's EU."""
    return math.fsum(w.weights[:k] * w.gains[:k])


def columns(case, k: int, metric: str) -> dict:
    """The running values at rank k (past rank 1000, cwl_eval's list has ended: zeros)."""
    w = worked(case, metric)
    i = k - 1
    inside = k <= w.gains.size
    values = {"g_i": w.gains[i] if inside else 0.0}
    if "costs" in case.options:
        values["c_i"] = w.costs[i] if inside else 0.0
    for name, array in (("C(i)", w.continuation), ("reach", w.reach), ("W(i)", w.weights),
                        ("L(i)", w.last)):
        values[name] = float(array[i]) if inside else 0.0
    values["W·g"] = float(w.weights[i] * w.gains[i]) if inside else 0.0
    values["EU@k"] = _running_eu(w, k)
    return values


def _latex(text: str) -> str:
    """A formula of the plain text as LaTeX: · as \\cdot, ^(x) and _(x) as ^{x} and _{x}, log2,
    exp, Σ, ≥, ≤, φ, ∝."""
    for symbol, latex in _SYMBOLS.items():
        text = text.replace(symbol, latex)
    return braced(text)


_SYMBOLS = {"·": " \\cdot ", "Σ": "\\sum ", "≥": "\\ge ", "≤": "\\le ", "φ": "\\varphi ",
            "∝": "\\propto ", "log2(": "\\log_2(", "exp(": "\\exp("}


def _places(fmt) -> int:
    written = fmt(0.0)
    return len(written.split(".")[1]) if "." in written else 0


def _list_note(case, w: _Worked) -> str:
    depth, n = w.gains.size, case.n
    typed = (f"the {n} grades typed (unjudged: gain 0), then gain 0 and cost 1 down to rank "
             f"{depth} (its max_n)" if n <= depth else
             f"the first {depth} of the {n} grades typed (its max_n: it cuts the rest)")
    words = (f"cwl_eval's list: {typed}; W is normalised over all {depth} ranks, as the "
             "measure's function and cwl_eval compute it")
    if n < depth:
        tail = math.fsum(w.weights[n:])
        words += (f"; the padded ranks {n + 1} to {depth} hold W = {tail:.4f} of the attention "
                  "and add nothing to EU")
    if "max_rel" in w.arguments and w.arguments["max_rel"] is not None:
        words += (f"; g_i = the grade clipped to [0, {formulas.n(w.arguments['max_rel'])}] over "
                  f"{formulas.n(w.arguments['max_rel'])} (max_rel)")
    return words


def steps(case, k: int, fmt, metric: str):
    """C(k), the reach, W(k) and L(k) with the numbers substituted; the five numbers; EU@k."""
    w = worked(case, metric)
    i = min(k, w.gains.size)
    yield note("list", _list_note(case, w))
    C, r = w.continuation, w.reach
    words, formula, substituted = MODELS[metric][1](i, w.gains, w.costs, w.arguments, C)
    for line in words:
        yield note("C(i)", line)
    sides = [f"C({i})", formula, substituted if formula else None, fmt(C[i - 1])]
    text = " = ".join(side for side in sides if side is not None)
    yield step("C(i)", _latex(text), text)
    if i == 1:
        yield step("reach", "\\text{reach}(1) = 1", "reach(1) = 1 (every user reads rank 1)")
    else:
        text = (f"reach({i}) = reach({i - 1})·C({i - 1}) = {fmt(r[i - 2])}·{fmt(C[i - 2])} = "
                f"{fmt(r[i - 1])}")
        yield step("reach", _latex(text).replace("reach", "\\text{reach}"), text)
    ed = w.quantities[4]
    text = f"W({i}) = reach({i})/ED = {fmt(r[i - 1])}/{fmt(ed)} = {fmt(w.weights[i - 1])}"
    yield step("W(i)", _latex(text).replace("reach", "\\text{reach}"), text)
    text = (f"L({i}) = reach({i})·(1 - C({i})) = {fmt(r[i - 1])}·(1 - {fmt(C[i - 1])}) = "
            f"{fmt(w.last[i - 1])}")
    yield step("L(i)", _latex(text).replace("reach", "\\text{reach}"), text)
    yield from _five(w, fmt)
    yield from _eu_at(case, w, k, fmt)


def _five(w: _Worked, fmt):
    """The measure's five numbers, each from its function, with its formula."""
    depth = w.gains.size
    eu, etu, ec, etc, ed = w.quantities
    for name, latex, text, value in (
            ("ED", f"\\sum_{{i=1}}^{{{depth}}} \\text{{reach}}(i)",
             f"reach(1) + ... + reach({depth})", ed),
            ("EU", f"\\sum_{{i=1}}^{{{depth}}} W(i)\\, g_i", f"Σ W(i)·g_i over the {depth} "
             "ranks", eu),
            ("ETU", "\\sum_i L(i) \\sum_{j \\le i} g_j", "Σ L(i)·(g_1 + ... + g_i)", etu),
            ("EC", "\\sum_i W(i)\\, c_i", "Σ W(i)·c_i", ec),
            ("ETC", "\\sum_i L(i) \\sum_{j \\le i} c_j", "Σ L(i)·(c_1 + ... + c_i)", etc)):
        yield step(name, f"\\mathrm{{{name}}} = {latex} = {fmt(value)}",
                   f"{name} = {text} = {fmt(value)}")


def _eu_at(case, w: _Worked, k: int, fmt):
    """EU@k = the sum of W(i)·g_i to rank k, each W to two more decimals than the table."""
    last = min(k, case.n, w.gains.size)
    terms = [(w.weights[i - 1], w.gains[i - 1]) for i in range(1, last + 1)
             if w.gains[i - 1] != 0]
    value = fmt(_running_eu(w, k))
    if k >= case.n and case.n < w.gains.size:
        yield note("EU@k", f"ranks {case.n + 1} on (padding) have gain 0: from rank {case.n} "
                           "on, EU@k is the measure's EU")
    if not terms:
        yield step("EU@k", f"\\mathrm{{EU}}@{k} = 0", f"EU@{k} = 0 (no gain in the top {k})")
        return
    places = _places(fmt) + 2
    text = " + ".join(f"{weight:.{places}f}·{formulas.n(gain)}" for weight, gain in terms)
    yield step("EU@k", f"\\mathrm{{EU}}@{k} = \\sum_{{i \\le {k}}} W(i)\\, g_i = "
                       f"{_latex(text)} = {value}",
               f"EU@{k} = Σ_(i≤{k}) W(i)·g_i = {text} = {value}")


def _explainer(metric: str) -> Explainer:
    from functools import partial

    exclude = NOT_OFFERED + (DYNAMIC if metric == "BPM@k" else ())
    return Explainer(metric, "EU@k", partial(columns, metric=metric),
                     partial(steps, metric=metric), exclude=exclude, param=MODELS[metric][2])


EXPLAINERS = tuple(_explainer(metric) for metric in MODELS)
