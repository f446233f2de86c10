r"""Hand calculations of NTCIREVAL's measures built on the blended ratio: Q, O, P, P+ and NCU.

| metric | running columns (besides the grade) |
| --- | --- |
| Q, Q@k | the gain $g(r)$, $C(r)$, $\mathrm{cg}(r)$, $\mathrm{cg}^*(r)$, $\mathrm{BR}(r)$, the measure |
| O, P-measure, P-plus | the same columns, the measure of the list cut at rank k |
| NCUgu-P ... NCUrb-BR | the same, NCU's stop probability $P_S(r)$, NCU of the list cut at rank k |

Every column comes from `rankbook.metrics.ntcir_running.blended_ratio` and
`rankbook.metrics.ntcir_running.stop_probability`, every measure from its own function of
`rankbook.metrics.ntcir`. A measure without a cut-off (all but Q@k) is shown at rank k as the
measure of the list cut at rank k. The rank-discounted measures (ERR, nERR, nDCG, MSnDCG,
Hit) are in `rankbook.explain.families.ntcir_discounted`.
"""

from __future__ import annotations

from functools import partial

from rankbook.explain.explainer import Explainer
from rankbook.explain.families._ntcir import gains_words, relevant_ranks
from rankbook.explain.families._write import cut_at, note, number, past_the_end, step
from rankbook.metrics.ntcir import (
    normalised_cumulative_utility,
    o_measure,
    p_measure,
    p_plus_measure,
    q_measure,
)
from rankbook.metrics.ntcir_running import blended_ratio, stop_probability

NTCIREVAL_BETA = 1.0        # NTCIREVAL's --beta, the registry's default for every BR measure
NTCIREVAL_GAMMA = 0.95      # NTCIREVAL's --gamma
#: The running columns every blended-ratio measure shows.
BR_COLUMNS = ("g(r)", "C(r)", "cg(r)", "cg*(r)", "BR(r)")


def _beta(case, default: float = NTCIREVAL_BETA) -> float:
    return case.options.get("beta", default)


def _running(case, k: int, beta: float) -> dict:
    """The blended-ratio columns at rank k (blank past the end of the list)."""
    if k > case.n:
        return dict.fromkeys(BR_COLUMNS, "")
    values = blended_ratio(case.relevance, case.options["ideal"], beta=beta,
                           **case.kwargs("gains"))
    return {name: (number(column[k - 1]) if name != "BR(r)" else float(column[k - 1]))
            for name, column in values.items()}


def _br_steps(case, ranks: list[int], beta: float, fmt):
    """``BR(r) = (C + β·cg)/(r + β·cg*) = value`` at each of ``ranks``."""
    values = blended_ratio(case.relevance, case.options["ideal"], beta=beta,
                           **case.kwargs("gains"))
    b = f"{number(beta)}"
    for r in ranks:
        c, cg, ideal = (number(values[name][r - 1]) for name in ("C(r)", "cg(r)", "cg*(r)"))
        ratio = fmt(values["BR(r)"][r - 1])
        if beta == 0:
            yield step(f"BR({r})", f"\\mathrm{{BR}}({r}) = \\frac{{{c}}}{{{r}}} = {ratio}",
                       f"BR({r}) = {c}/{r} = {ratio}")
        else:
            yield step(f"BR({r})", f"\\mathrm{{BR}}({r}) = \\frac{{{c} + {b} \\cdot {cg}}}"
                                   f"{{{r} + {b} \\cdot {ideal}}} = {ratio}",
                       f"BR({r}) = ({c} + {b}·{cg})/({r} + {b}·{ideal}) = {ratio}")


def _preamble(case, k: int, beta: float):
    """The notes every blended-ratio measure starts with: the gains, β, R."""
    yield from past_the_end(case, k)
    R = sum(g is not None and g >= 1 for g in case.options["ideal"])
    yield note("gains", gains_words(case))
    yield note("BR", "β = 0: BR(r) = C(r)/r, precision" if beta == 0 else
               f"BR(r) = (C(r) + β·cg(r))/(r + β·cg*(r)) with β = {number(beta)}; cg*(r) adds "
               "the ideal list's gains, highest first")
    yield note("R", f"R = {R}: the judged relevant documents (level L1 or higher)")


def _average(name: str, latex_name: str, ranks: list[int], divisor: str, divisor_latex: str,
             case, beta: float, fmt, value: float):
    """``name = (BR(r1) + ...)/divisor = (0.5 + ...)/divisor = value``."""
    values = blended_ratio(case.relevance, case.options["ideal"], beta=beta,
                           **case.kwargs("gains"))["BR(r)"]
    names = " + ".join(f"BR({r})" for r in ranks)
    numbers = " + ".join(fmt(values[r - 1]) for r in ranks)
    latex = " + ".join(f"\\mathrm{{BR}}({r})" for r in ranks)
    return step(name, f"{latex_name} = \\frac{{{latex}}}{{{divisor_latex}}} = "
                      f"\\frac{{{numbers}}}{{{divisor_latex}}} = {fmt(value)}",
                f"{name} = ({names})/{divisor} = ({numbers})/{divisor} = {fmt(value)}")


def _zero(name: str, latex_name: str, why: str):
    yield note("why", f"({why})")
    yield step(name, f"{latex_name} = 0", f"{name} = 0")


# --- Q and Q@k --------------------------------------------------------------------------------

def _q_columns(case, k: int, cut: bool = False) -> dict:
    ideal, beta = case.options["ideal"], _beta(case)
    if cut:
        value = q_measure(case.relevance, ideal, k, beta=beta, **case.kwargs("gains"))
    else:
        value = q_measure(cut_at(case, k), ideal, beta=beta, **case.kwargs("gains"))
    return {**_running(case, k, beta), "Q@k" if cut else "Q": value}


def _q_steps(case, k: int, fmt, cut: bool = False):
    beta = _beta(case)
    yield from _preamble(case, k, beta)
    name, latex_name = ("Q@" + str(k), f"\\mathrm{{Q}}@{k}") if cut else ("Q", "\\mathrm{Q}")
    value = _q_columns(case, k, cut)["Q@k" if cut else "Q"]
    R = sum(g is not None and g >= 1 for g in case.options["ideal"])
    ranks = relevant_ranks(case, k)
    if R == 0 or not ranks:
        yield from _zero(name, latex_name, "R is 0: no judged relevant document" if R == 0
                         else f"no relevant document in the top {k}")
        return
    yield from _br_steps(case, ranks, beta, fmt)
    divisor, latex = (f"min({R}, {k})", f"\\min({R}, {k})") if cut else (str(R), str(R))
    yield note("average", "BR(r) at each relevant rank r, added up and divided by "
                          + ("min(R, k)" if cut else "R, the relevant documents the list "
                             "should have found"))
    yield _average(name, latex_name, ranks, divisor, latex, case, beta, fmt, value)


# --- O, P and P+ ------------------------------------------------------------------------------

def _first_best(case, k: int) -> int | None:
    """The rank of the first document with the highest level of the top k (None: none >= L1)."""
    ranks = relevant_ranks(case, k)
    if not ranks:
        return None
    best = max(case.relevance[r - 1] for r in ranks)
    return next(r for r in ranks if case.relevance[r - 1] == best)


def _one_ratio_columns(function, column: str, case, k: int) -> dict:
    beta = _beta(case)
    value = function(cut_at(case, k), case.options["ideal"], beta=beta, **case.kwargs("gains"))
    return {**_running(case, k, beta), column: value}


def _one_ratio_steps(function, column: str, case, k: int, fmt):
    """O = BR(first relevant rank); P = BR(first rank of the list's highest level)."""
    beta = _beta(case)
    yield from _preamble(case, k, beta)
    value = function(cut_at(case, k), case.options["ideal"], beta=beta, **case.kwargs("gains"))
    ranks = relevant_ranks(case, k)
    if not ranks:
        yield from _zero(column, f"\\mathrm{{{column}}}", f"no relevant document in the top {k}")
        return
    if column == "O":
        r, why = ranks[0], f"r_1 = {ranks[0]}: the first relevant document"
    else:
        r = _first_best(case, k)
        why = (f"r_p = {r}: the first document of the list's highest level, "
               f"L{number(case.relevance[r - 1])}")
    yield note("rank", why)
    yield from _br_steps(case, [r], beta, fmt)
    yield step(column, f"\\mathrm{{{column}}} = \\mathrm{{BR}}({r}) = {fmt(value)}",
               f"{column} = BR({r}) = {fmt(value)}")


def _p_plus_columns(case, k: int) -> dict:
    return _one_ratio_columns(p_plus_measure, "P+", case, k)


def _p_plus_steps(case, k: int, fmt):
    beta = _beta(case)
    yield from _preamble(case, k, beta)
    value = _p_plus_columns(case, k)["P+"]
    r = _first_best(case, k)
    if r is None:
        yield from _zero("P+", "\\mathrm{P}^{+}", f"no relevant document in the top {k}")
        return
    ranks = relevant_ranks(case, r)
    yield note("rank", f"r_p = {r}: the first document of the list's highest level, "
                       f"L{number(case.relevance[r - 1])}; BR(r) is averaged over the "
                       f"C(r_p) = {len(ranks)} relevant documents down to it")
    yield from _br_steps(case, ranks, beta, fmt)
    yield _average("P+", "\\mathrm{P}^{+}", ranks, str(len(ranks)), str(len(ranks)), case,
                   beta, fmt, value)


# --- NCU ----------------------------------------------------------------------------------------

def _ncu_arguments(case, stop: str, blended: bool) -> dict:
    """NCU's keyword arguments for a row: its stop, and β (0 for the precision rows)."""
    extra = case.kwargs("gains", "stops" if stop == "graded-uniform" else "gamma")
    return {"stop": stop, "beta": _beta(case) if blended else 0.0, **extra}


def _stops(case, arguments: dict):
    """P_S(r) at every rank of the list (None: the query has no relevant document)."""
    if not any(g is not None and g >= 1 for g in case.options["ideal"]):
        return None
    options = {name: value for name, value in arguments.items() if name != "beta"}
    return stop_probability(case.relevance, case.options["ideal"], **options)


def _ncu_columns(stop: str, blended: bool, case, k: int) -> dict:
    arguments = _ncu_arguments(case, stop, blended)
    stops = _stops(case, arguments)
    value = normalised_cumulative_utility(cut_at(case, k), case.options["ideal"], **arguments)
    shown = "" if k > case.n else 0.0 if stops is None else float(stops[k - 1])
    return {**_running(case, k, arguments["beta"]), "P_S(r)": shown, "NCU": value}


def _stop_step(case, r: int, arguments: dict, stops, fmt):
    """``P_S(r) = s(level) / Σ n_l s(l)`` or ``γ^(C(r)-1) / Σ γ^i``, with the numbers."""
    ideal = [int(g) for g in case.options["ideal"] if g is not None and g >= 1]
    if arguments["stop"] == "graded-uniform":
        weights = arguments.get("stops") or arguments.get("gains") or \
            range(1, max(ideal + [int(g) for g in case.relevance if g is not None]) + 1)
        weights = [number(w) for w in weights]
        counts = [(ideal.count(level), weights[level - 1])
                  for level in sorted(set(ideal), reverse=True)]
        total = " + ".join(f"{n}·{w}" for n, w in counts)
        s = weights[int(case.relevance[r - 1]) - 1]
        latex = total.replace("·", " \\cdot ")
        return step(f"P_S({r})", f"P_S({r}) = \\frac{{{s}}}{{{latex}}} = {fmt(stops[r - 1])}",
                    f"P_S({r}) = {s}/({total}) = {fmt(stops[r - 1])}")
    gamma, seen = number(arguments.get("gamma", NTCIREVAL_GAMMA)), len(relevant_ranks(case, r))
    R = len(ideal)
    bottom = str(R) if gamma == 1 else f"((1 - {gamma}^{R})/(1 - {gamma}))"
    latex = str(R) if gamma == 1 else f"\\frac{{1 - {gamma}^{{{R}}}}}{{1 - {gamma}}}"
    return step(f"P_S({r})", f"P_S({r}) = \\frac{{{gamma}^{{{seen - 1}}}}}{{{latex}}} = "
                             f"{fmt(stops[r - 1])}",
                f"P_S({r}) = {gamma}^{seen - 1}/{bottom} = {fmt(stops[r - 1])}")


def _ncu_steps(stop: str, blended: bool, case, k: int, fmt):
    arguments = _ncu_arguments(case, stop, blended)
    yield from _preamble(case, k, arguments["beta"])
    value = _ncu_columns(stop, blended, case, k)["NCU"]
    stops, ranks = _stops(case, arguments), relevant_ranks(case, k)
    if stops is None or not ranks:
        yield from _zero("NCU", "\\mathrm{NCU}", "R is 0: no judged relevant document"
                         if stops is None else f"no relevant document in the top {k}")
        return
    yield note("stop", "P_S(r): the share of users who stop at the relevant document at rank r; "
                       + ("graded-uniform: in proportion to its level's stop value (the gains "
                          "unless given), over every judged relevant document"
                          if stop == "graded-uniform" else
                          "rank-biased: γ^(C(r)-1) over the sum of γ^i for i < R"))
    for r in ranks:
        yield _stop_step(case, r, arguments, stops, fmt)
    yield from _br_steps(case, ranks, arguments["beta"], fmt)
    ratios = blended_ratio(case.relevance, case.options["ideal"], beta=arguments["beta"],
                           **case.kwargs("gains"))["BR(r)"]
    terms = [(fmt(stops[r - 1]), fmt(ratios[r - 1])) for r in ranks]
    names = " + ".join(f"P_S({r})·BR({r})" for r in ranks)
    text = " + ".join(f"{s}·{b}" for s, b in terms)
    latex = " + ".join(f"{s} \\cdot {b}" for s, b in terms)
    yield step("NCU", f"\\mathrm{{NCU}} = {latex} = {fmt(value)}",
               f"NCU = {names} = {text} = {fmt(value)}")


def _ncu(name: str, stop: str, blended: bool) -> Explainer:
    unused = ("stops",) if stop == "rank-biased" else ("gamma",)
    return Explainer(name, "NCU", partial(_ncu_columns, stop, blended),
                     partial(_ncu_steps, stop, blended),
                     exclude=("stop", "condensed", *unused, *(() if blended else ("beta",))),
                     param="gains")


EXPLAINERS = (
    Explainer("Q", "Q", _q_columns, _q_steps, exclude=("condensed",), param="gains"),
    Explainer("Q@k", "Q@k", partial(_q_columns, cut=True), partial(_q_steps, cut=True),
              exclude=("condensed",)),
    Explainer("O", "O", partial(_one_ratio_columns, o_measure, "O"),
              partial(_one_ratio_steps, o_measure, "O"), exclude=("condensed",), param="gains"),
    Explainer("P-measure", "P", partial(_one_ratio_columns, p_measure, "P"),
              partial(_one_ratio_steps, p_measure, "P"), exclude=("condensed",), param="gains"),
    Explainer("P-plus", "P+", _p_plus_columns, _p_plus_steps, exclude=("condensed",),
              param="gains"),
    _ncu("NCUgu-P", "graded-uniform", blended=False),
    _ncu("NCUgu-BR", "graded-uniform", blended=True),
    _ncu("NCUrb-P", "rank-biased", blended=False),
    _ncu("NCUrb-BR", "rank-biased", blended=True),
)
