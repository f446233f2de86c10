r"""Hand calculations of NTCIREVAL's rank-discounted measures: ERR, nERR@k, nDCG@k, MSnDCG@k, Hit@k.

| metric | running columns (besides the grade) |
| --- | --- |
| NTCIR-ERR | the stop probability $s(r)$, the probability of reaching rank r, the contribution, ERR |
| nERR@k | the same, ERR@k, the ideal list's ERR*@k, nERR@k |
| NTCIR-nDCG@k, MSnDCG@k | the gain, the discount $d(r)$, DCG@k, the ideal DCG@k, nDCG@k |
| Hit@k | relevant (level >= L1), the first relevant rank, Hit@k |

Every value comes from a function of `rankbook.metrics.ntcir_discounted` (the stop probability
of rank r is NTCIREVAL's ERR of that one document; a contribution is ERR@k minus ERR@(k-1)).
NTCIR-ERR has no cut-off: at rank k it is the ERR of the list cut at rank k.
"""

from __future__ import annotations

from functools import partial

from rankbook.explain.explainer import Explainer
from rankbook.explain.families._ntcir import gains_words
from rankbook.explain.families._write import (
    added,
    cut_at,
    note,
    number,
    past_the_end,
    step,
)
from rankbook.metrics.ntcir_discounted import (
    microsoft_ndcg,
    ntcir_dcg,
    ntcir_discounts,
    ntcir_expected_reciprocal_rank,
    ntcir_hit,
    ntcir_ndcg,
    ntcir_normalized_err,
)
from rankbook.metrics.ntcir_running import blended_ratio


def _scale(case) -> list:
    """Every judged grade and the list's own: the levels NTCIREVAL's gains must cover, so that
    ERR of one document reads the same highest gain as ERR of the whole list."""
    return [*case.options["ideal"], *(g for g in case.relevance if g is not None)]


def _ideal_list(case) -> list:
    """The ideal list: every judged grade, highest first."""
    return sorted((g for g in case.options["ideal"] if g is not None), reverse=True)


# --- ERR and nERR@k ----------------------------------------------------------------------------

def _stop(case, r: int, ranking=None) -> float:
    """s(r): NTCIREVAL's ERR of the one document at rank r of ``ranking`` (0 past its end)."""
    ranking = case.relevance if ranking is None else ranking
    grade = ranking[r - 1] if r <= len(ranking) else 0
    return ntcir_expected_reciprocal_rank([grade], _scale(case), **case.kwargs("gains"))


def _reach(case, r: int, ranking=None) -> float:
    """The probability that the user reads rank r: not stopped at any rank above it."""
    probability = 1.0
    for j in range(1, r):
        probability *= 1.0 - _stop(case, j, ranking)
    return probability


def _err(case, k: int, ranking=None) -> float:
    """NTCIREVAL's ERR of the top k of ``ranking`` (default: the list)."""
    ranking = list(case.relevance if ranking is None else ranking)
    return ntcir_expected_reciprocal_rank(ranking[:k], _scale(case), **case.kwargs("gains"))


def _err_columns(case, k: int) -> dict:
    return {"s(r)": _stop(case, k), "reach": _reach(case, k),
            "contribution": added(lambda j: _err(case, j), k), "ERR": _err(case, k)}


def _nerr_columns(case, k: int) -> dict:
    value = ntcir_normalized_err(case.relevance, case.options["ideal"], k,
                                 **case.kwargs("gains"))
    return {"s(r)": _stop(case, k), "reach": _reach(case, k),
            "contribution": added(lambda j: _err(case, j), k), "ERR@k": _err(case, k),
            "ERR*@k": _err(case, k, _ideal_list(case)), "nERR@k": value}


def _err_sum(case, k: int, fmt, name: str, ranking=None):
    """``name = reach·s/r + ... = value`` over the ranks of the top k with s(r) > 0."""
    listed = case.relevance if ranking is None else ranking
    ranks = [r for r in range(1, min(k, len(listed)) + 1) if _stop(case, r, ranking) > 0]
    value = fmt(_err(case, k, ranking))
    if not ranks:
        return step(name, f"\\mathrm{{{name}}} = 0", f"{name} = 0 (no relevant document)")
    terms = [(fmt(_reach(case, r, ranking)), fmt(_stop(case, r, ranking)), r) for r in ranks]
    latex = " + ".join(f"\\frac{{{a} \\cdot {b}}}{{{r}}}" for a, b, r in terms)
    text = " + ".join(f"{a}·{b}/{r}" for a, b, r in terms)
    return step(name, f"\\mathrm{{{name}}} = {latex} = {value}", f"{name} = {text} = {value}")


def _stop_notes(case, grades, fmt):
    """How s(r) is read, then s of each level among ``grades``."""
    top = max(int(g) for g in _scale(case)) if _scale(case) else 0
    gains = case.options.get("gains") or range(1, max(top, 1) + 1)
    highest = number(gains[-1])
    yield note("s(r)", f"s(r) = g(r)/(g_max + 1): the chance that rank r satisfies the user; "
                       f"{gains_words(case)}; g_max = {highest}")
    for level in sorted({int(g) for g in grades if g is not None and g >= 1}):
        gain, s = number(gains[level - 1]), fmt(ntcir_expected_reciprocal_rank(
            [level], _scale(case), **case.kwargs("gains")))
        yield step("s", f"s(L{level}) = \\frac{{{gain}}}{{{highest} + 1}} = {s}",
                   f"s(L{level}) = {gain}/({highest} + 1) = {s}")


def _err_steps(case, k: int, fmt):
    yield from past_the_end(case, k)
    yield from _stop_notes(case, cut_at(case, k), fmt)
    yield note("ERR", "each rank r adds reach(r)·s(r)/r (reach(r): the chance that the user "
                      "reads rank r, not satisfied above it)")
    yield _err_sum(case, k, fmt, "ERR")


def _nerr_steps(case, k: int, fmt):
    yield from past_the_end(case, k)
    values = _nerr_columns(case, k)
    best = _ideal_list(case)
    yield from _stop_notes(case, [*cut_at(case, k), *best[:k]], fmt)
    if not any(g >= 1 for g in best):
        yield step(f"nERR@{k}", f"\\mathrm{{nERR}}@{k} = 0", f"nERR@{k} = 0 (R is 0: no "
                                                              "judged relevant document)")
        return
    yield _err_sum(case, k, fmt, f"ERR@{k}")
    shown = ", ".join(str(number(g)) for g in best[:k])
    yield note("ideal", f"the ideal list: every judged grade, highest first ({shown})")
    yield _err_sum(case, k, fmt, f"ERR*@{k}", best)
    a, b, n = fmt(values["ERR@k"]), fmt(values["ERR*@k"]), fmt(values["nERR@k"])
    yield step(f"nERR@{k}", f"\\mathrm{{nERR}}@{k} = \\frac{{{a}}}{{{b}}} = {n}",
               f"nERR@{k} = ERR@{k} / ERR*@{k} = {a} / {b} = {n}")


# --- nDCG@k and MSnDCG@k -----------------------------------------------------------------------

def _discount_kind(microsoft: bool) -> str:
    return "microsoft" if microsoft else "original"


def _log_base(case, microsoft: bool) -> dict:
    return {} if microsoft else case.kwargs("log_base")


def _gains_of(case, ranking) -> list:
    """g(r) of each document of ``ranking``, as NTCIREVAL gains it."""
    if not len(ranking):
        return []
    return [number(g) for g in
            blended_ratio(ranking, _scale(case), **case.kwargs("gains"))["g(r)"]]


def _ndcg_columns(microsoft: bool, case, k: int) -> dict:
    function = microsoft_ndcg if microsoft else ntcir_ndcg
    options = {**case.kwargs("gains"), **_log_base(case, microsoft)}
    dcg, ideal_dcg = ntcir_dcg(case.relevance, case.options["ideal"], k,
                               discount=_discount_kind(microsoft), **options)
    discount = ntcir_discounts(k, _discount_kind(microsoft), **_log_base(case, microsoft))
    gain = _gains_of(case, case.relevance)[k - 1] if k <= case.n else 0
    return {"gain": gain, "d(r)": discount[k - 1], "DCG@k": dcg, "DCG*@k": ideal_dcg,
            "MSnDCG@k" if microsoft else "nDCG@k": function(case.relevance, case.options["ideal"], k, **options)}


def _discount_text(microsoft: bool, base: float, r: int, fmt) -> str:
    """d(r) as written: 1, log2(r), ln(r + 1), or its value for another base."""
    if microsoft:
        return f"ln({r + 1})"
    if r == 1 or r < base:
        return "1"
    return f"log2({r})" if base == 2 else fmt(ntcir_discounts(r, "original", base)[-1])


def _dcg_step(name: str, gains: list, k: int, microsoft: bool, case, fmt, value: float):
    base = case.options.get("log_base", 2.0)
    terms = [f"{g}/{_discount_text(microsoft, base, r, fmt)}" for r, g in enumerate(gains, 1)]
    text = " + ".join(terms) or "0"
    latex = text.replace("ln(", "\\ln(").replace("log2(", "\\log_2(")
    return step(name, f"\\mathrm{{{name}}}@{k} = {latex} = {fmt(value)}",
                f"{name}@{k} = {text} = {fmt(value)}")


def _ndcg_steps(microsoft: bool, case, k: int, fmt):
    yield from past_the_end(case, k)
    values = _ndcg_columns(microsoft, case, k)
    base = number(case.options.get("log_base", 2.0))
    yield note("discount", f"{gains_words(case)}; " + (
        "d(r) = ln(r + 1), Burges et al.'s discount (the base cancels out)" if microsoft else
        f"d(r) = log{base}(r), and 1 before rank {base} (Järvelin and Kekäläinen's original "
        "discount" + (": ranks 1 and 2 count in full)" if base == 2 else ")")))
    listed = _gains_of(case, cut_at(case, k)) + [0] * max(0, k - case.n)
    best = (_gains_of(case, _ideal_list(case)[:k]) + [0] * k)[:k]
    yield _dcg_step("DCG", listed, k, microsoft, case, fmt, values["DCG@k"])
    yield _dcg_step("DCG*", best, k, microsoft, case, fmt, values["DCG*@k"])
    name = "MSnDCG" if microsoft else "nDCG"
    d, i, n = fmt(values["DCG@k"]), fmt(values["DCG*@k"]), fmt(values[f"{name}@k"])
    if values["DCG*@k"] == 0:
        yield step(name, f"\\mathrm{{{name}}}@{k} = 0", f"{name}@{k} = 0 (no judged relevant "
                                                         "document)")
        return
    yield step(name, f"\\mathrm{{{name}}}@{k} = \\frac{{{d}}}{{{i}}} = {n}",
               f"{name}@{k} = DCG@{k} / DCG*@{k} = {d} / {i} = {n}")


# --- Hit@k ---------------------------------------------------------------------------------------

def _first_hit(case, k: int) -> int | None:
    """The first rank r <= k at which Hit@r is 1 (None: no relevant document in the top k)."""
    return next((r for r in range(1, min(k, case.n) + 1)
                 if ntcir_hit(case.relevance, r) == 1.0), None)


def _hit_columns(case, k: int) -> dict:
    first = _first_hit(case, k)
    relevant = k <= case.n and ntcir_hit([case.relevance[k - 1]], 1) == 1.0
    return {"relevant": relevant, "first relevant": first or "",
            "Hit@k": ntcir_hit(case.relevance, k)}


def _hit_steps(case, k: int, fmt):
    yield from past_the_end(case, k)
    first = _first_hit(case, k)
    value = number(ntcir_hit(case.relevance, k))
    if first is None:
        yield note("why", f"(no document of level L1 or higher in the top {k})")
    else:
        yield note("why", f"(rank {first} holds the first relevant document, level "
                          f"L{number(case.relevance[first - 1])}, within the top {k})")
    marks = ", ".join(str(number(ntcir_hit([case.relevance[r - 1]], 1)))
                      for r in range(1, min(k, case.n) + 1))
    if "," not in marks:           # one rank: its mark is the value
        yield step("Hit@k", f"\\mathrm{{Hit}}@{k} = {value}", f"Hit@{k} = {value}")
        return
    yield step("Hit@k", f"\\mathrm{{Hit}}@{k} = \\max({marks}) = {value}",
               f"Hit@{k} = max({marks}) = {value}")


EXPLAINERS = (
    Explainer("NTCIR-ERR", "ERR", _err_columns, _err_steps, exclude=("condensed",),
              param="gains"),
    Explainer("nERR@k", "nERR@k", _nerr_columns, _nerr_steps, exclude=("condensed",)),
    Explainer("NTCIR-nDCG@k", "nDCG@k", partial(_ndcg_columns, False),
              partial(_ndcg_steps, False), exclude=("condensed",)),
    Explainer("MSnDCG@k", "MSnDCG@k", partial(_ndcg_columns, True), partial(_ndcg_steps, True),
              exclude=("condensed",)),
    Explainer("Hit@k", "Hit@k", _hit_columns, _hit_steps, exclude=("condensed",)),
)
