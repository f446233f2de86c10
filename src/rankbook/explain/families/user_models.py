r"""Hand calculations of the user-model measures: RBP, its residual, and ERR.

| metric | running columns (besides the grade) |
| --- | --- |
| RBP | the gain $r_i$, the weight $p^{i-1}$, the contribution $(1-p)\,r_i\,p^{i-1}$, RBP@k, the residual |
| RBP-resid | unjudged, the weight $p^{i-1}$, the contribution $(1-p)\,p^{i-1}$ of an unjudged rank, the weight $p^k$ past rank k, RBP-resid@k |
| ERR@k | the stop probability $R_i$, the probability of reaching rank i, the contribution, ERR@k |

The conventions the tools differ on are the functions' keyword arguments, and each worked
formula says which one it used: RBP's scale (``max_grade``: trec_eval 10 divides by the
topic's highest judged grade; without it the list's highest grade is taken, and a line says
so), the residual's convention (trec_eval 10's or Moffat and Zobel's) and ERR's top grade
(Chapelle et al.'s 4 by default). A contribution is the metric's running value at k minus
its value at k - 1, so the columns add up to the metric as its function computes it.
"""

from __future__ import annotations

from rankbook.explain.explainer import Explainer
from rankbook.explain.families._write import (
    added,
    cut_at,
    note,
    number,
    past_the_end,
    step,
)
from rankbook.metrics.user_models import (
    expected_reciprocal_rank,
    rank_biased_precision,
    rank_biased_precision_residual,
)

DEFAULT_PERSISTENCE = 0.9       # the functions' default, trec_eval 10's
DEFAULT_ERR_GRADE = 4           # expected_reciprocal_rank's default: Chapelle et al.'s 0-4 scale


def _p(case) -> float:
    return case.options.get("persistence", DEFAULT_PERSISTENCE)


# --- RBP -------------------------------------------------------------------------------------

def _rbp_scale(case) -> tuple[dict, str]:
    """RBP's gain convention for this case: the keyword arguments, and the words saying which."""
    if "relevance_level" in case.options:
        t = number(case.options["relevance_level"])
        return {"relevance_level": t}, f"binary gains: r_i = 1 for a grade >= {t}, else 0 (ranx)"
    if "max_grade" in case.options:
        top = number(case.options["max_grade"])
        return {"max_grade": top}, f"r_i = grade / {top} (highest grade {top}, as given)"
    top = number(max([1.0, *(g for g in case.relevance if g is not None)]))
    if top == 1:
        return {"max_grade": 1}, "r_i = the grade (highest grade 1: binary judgments)"
    return {"max_grade": top}, (
        f"r_i = grade / {top}: no highest grade given, so the list's own highest grade {top} is "
        "the scale (trec_eval 10 divides by the topic's highest judged grade: give it as the "
        "highest grade)")


def _rbp(case, k: int) -> float:
    scale, _ = _rbp_scale(case)
    return rank_biased_precision(cut_at(case, k), persistence=_p(case), **scale)


def _rbp_residual(case, k: int) -> float:
    """Moffat and Zobel's residual of the top k: the weight of its unjudged ranks and of those
    below it."""
    return rank_biased_precision_residual(cut_at(case, k), persistence=_p(case),
                                          convention="moffat_zobel")


def _rbp_columns(case, k: int) -> dict:
    scale, _ = _rbp_scale(case)
    grade = case.relevance[k - 1] if k <= case.n else 0
    # RBP of one document read with p = 0 is (1 - 0)·r_1: the gain of that document.
    gain = rank_biased_precision([grade], persistence=0.0, **scale)
    return {"gain": gain, "p^(i-1)": _p(case) ** (k - 1),
            "contribution": added(lambda j: _rbp(case, j), k), "RBP@k": _rbp(case, k),
            "residual": _rbp_residual(case, k)}


def _rbp_gain_text(case, i: int, scale: dict) -> str:
    """The gain of rank i as a fraction the formula can show: 1, 2/3, 0."""
    grade = case.relevance[i - 1] if i <= case.n else None
    if grade is None or grade <= 0:
        return "0"
    if "relevance_level" in scale:
        return "1" if grade >= scale["relevance_level"] else "0"
    top = scale["max_grade"]
    return str(number(grade)) if top == 1 else f"{number(grade)}/{top}"


def _rbp_steps(case, k: int, fmt):
    yield from past_the_end(case, k)
    scale, words = _rbp_scale(case)
    p = f"{_p(case):g}"
    yield note("gain", words)
    yield from _residual_steps(case, k, fmt, "residual", "moffat_zobel", "the residual: the "
                               "weight of the unjudged ranks and of the ranks below; the true "
                               "RBP lies between RBP and RBP + residual")
    terms = [(i, _rbp_gain_text(case, i, scale)) for i in range(1, min(k, case.n) + 1)]
    terms = [(i, gain) for i, gain in terms if gain != "0"]
    value = fmt(_rbp(case, k))
    if terms:
        latex = " + ".join(f"{_frac(gain)} \\cdot {p}^{{{i - 1}}}" for i, gain in terms)
        text = " + ".join(f"({gain})·{p}^{i - 1}" if "/" in gain else f"{gain}·{p}^{i - 1}"
                          for i, gain in terms)
        yield step("RBP@k", f"\\mathrm{{RBP}}@{k} = (1 - {p}) \\left({latex}\\right) = {value}",
                   f"RBP@{k} = (1 - {p})·({text}) = {value}")
    else:
        yield step("RBP@k", f"\\mathrm{{RBP}}@{k} = 0",
                   f"RBP@{k} = 0 (no gain in the top {k})")


def _frac(text: str) -> str:
    """``2/3`` as LaTeX."""
    top, _, bottom = text.partition("/")
    return f"\\tfrac{{{top}}}{{{bottom}}}" if bottom else text


# --- RBP-resid -------------------------------------------------------------------------------

def _unjudged(case, i: int) -> bool:
    """Whether rank i holds an unjudged document (None, or a negative grade); False past the end."""
    return i <= case.n and (case.relevance[i - 1] is None or case.relevance[i - 1] < 0)


def _resid(case, k: int) -> float:
    return rank_biased_precision_residual(cut_at(case, k), persistence=_p(case),
                                          **case.kwargs("convention"))


def _resid_columns(case, k: int) -> dict:
    p = _p(case)
    unjudged = _unjudged(case, k)
    return {"unjudged": unjudged, "p^(i-1)": p ** (k - 1),
            "contribution": (1 - p) * p ** (k - 1) if unjudged else 0.0,
            "p^k": p ** min(k, case.n), "RBP-resid@k": _resid(case, k)}


def _residual_steps(case, k: int, fmt, name: str, convention: str, remark: str):
    """``residual = p^n + (1 - p)·(p^(u-1) + ...)``: the weight past the list and its unjudged."""
    p, n = f"{_p(case):g}", min(k, case.n)
    unjudged = [i for i in range(1, n + 1) if _unjudged(case, i)]
    value = rank_biased_precision_residual(cut_at(case, k), persistence=_p(case),
                                           convention=convention)
    if not unjudged and convention == "trec_eval_10":
        yield note(name, f"trec_eval 10: no unjudged document, so 0; Moffat and Zobel's "
                         f"residual would be {p}^{n}, that is {fmt(_p(case) ** n)}")
        yield step(name, f"\\mathrm{{RBP\\text{{-}}resid}}@{k} = 0", f"{name}@{k} = 0")
        return
    yield note(name, remark)
    latex = f"{p}^{{{n}}}"
    text = f"{p}^{n}"
    if unjudged:
        latex += f" + (1 - {p}) ({' + '.join(f'{p}^{{{i - 1}}}' for i in unjudged)})"
        text += f" + (1 - {p})·({' + '.join(f'{p}^{i - 1}' for i in unjudged)})"
    yield step(name, f"\\mathrm{{{name.replace('-', '{-}')}}}@{k} = {latex} = {fmt(value)}",
               f"{name}@{k} = {text} = {fmt(value)}")


def _resid_steps(case, k: int, fmt):
    if k > case.n:
        yield note("past the end", f"(the list ends at rank {case.n}: the ranks below it are "
                                   f"the residual's {_p(case):g}^{case.n})")
    convention = case.options.get("convention", "trec_eval_10")
    words = ("trec_eval 10's convention: 0 when no document is unjudged" if convention ==
             "trec_eval_10" else "Moffat and Zobel's convention: p^n always")
    yield from _residual_steps(case, k, fmt, "RBP-resid", convention,
                               f"the weight below rank {min(k, case.n)}, plus that of each "
                               f"unjudged rank; {words}")


# --- ERR -------------------------------------------------------------------------------------

def _err_scale(case) -> int | float:
    return number(case.options.get("max_grade", DEFAULT_ERR_GRADE))


def _stop(case, i: int, err=expected_reciprocal_rank) -> float:
    """R_i: ERR of the one document at rank i is R_i / 1 (0 past the end)."""
    grade = case.relevance[i - 1] if i <= case.n else 0
    return err([grade], max_grade=_err_scale(case))


def _reach(case, i: int, err=expected_reciprocal_rank) -> float:
    """The probability that the user reads rank i: not satisfied at any rank above it."""
    probability = 1.0
    for j in range(1, i):
        probability *= 1.0 - _stop(case, j, err)
    return probability


def _err(case, k: int, err=expected_reciprocal_rank) -> float:
    return err(list(case.relevance), k, max_grade=_err_scale(case))


def err_columns(case, k: int, err=expected_reciprocal_rank) -> dict:
    """ERR's running values at rank k, each from ``err`` (ERR@k's function, or gdeval's)."""
    return {"R_i": _stop(case, k, err), "reach": _reach(case, k, err),
            "contribution": added(lambda j: _err(case, j, err), k), "ERR@k": _err(case, k, err)}


def err_steps(case, k: int, fmt, err=expected_reciprocal_rank,
              default_scale: str = "Chapelle et al.'s 0-4 scale, the default"):
    """ERR's formula at rank k, each number from ``err``; ``default_scale`` says whose the
    highest grade 4 is when none is given."""
    yield from past_the_end(case, k)
    top = _err_scale(case)
    given = "max_grade" in case.options
    yield note("R_i", f"R_i = (2^grade - 1)/2^{top}: the chance that rank i satisfies the user "
                      f"(highest grade {top}, " + ("as given)" if given else f"{default_scale})"))
    for grade in sorted({number(g) for g in case.relevance[:k] if g is not None and g > 0}):
        stop = fmt(err([grade], max_grade=top))   # R of one document
        yield step("R", f"R(\\text{{grade }} {grade}) = \\frac{{2^{{{grade}}} - 1}}{{2^{{{top}}}}}"
                        f" = {stop}", f"R(grade {grade}) = (2^{grade} - 1)/2^{top} = {stop}")
    ranks = [i for i in range(1, min(k, case.n) + 1) if _stop(case, i, err) > 0]
    value = fmt(_err(case, k, err))
    if not ranks:
        yield step("ERR@k", f"\\mathrm{{ERR}}@{k} = 0",
                   f"ERR@{k} = 0 (no document in the top {k} can satisfy the user)")
        return
    yield note("ERR", "each rank i adds reach_i · R_i / i (reach_i: the chance that the user "
                      "reads rank i, not satisfied above it)")
    terms = [(fmt(_reach(case, i, err)), fmt(_stop(case, i, err)), i) for i in ranks]
    latex = " + ".join(f"\\frac{{{a} \\cdot {b}}}{{{i}}}" for a, b, i in terms)
    text = " + ".join(f"{a}·{b}/{i}" for a, b, i in terms)
    yield step("ERR@k", f"\\mathrm{{ERR}}@{k} = {latex} = {value}",
               f"ERR@{k} = {text} = {value}")


EXPLAINERS = (
    Explainer("RBP", "RBP@k", _rbp_columns, _rbp_steps, param="persistence"),
    Explainer("RBP-resid", "RBP-resid@k", _resid_columns, _resid_steps, param="persistence"),
    Explainer("ERR@k", "ERR@k", err_columns, err_steps),
)
