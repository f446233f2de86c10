r"""Hand calculations of the set-based measures: what fraction of a cut-off set is relevant.

| explainer | running columns (besides the metric's own) | its formula at rank k |
| --- | --- | --- |
| P@k, R@k | relevant in top k | ``relevant in top k / k`` (or ``/ R``) |
| F1@k | P@k, R@k | ``2·P·R / (P + R) = 2·relevant / (k + R)`` |
| R-prec, R-prec@m | P@k, R@k | ``P@R``; ``P@c``, ``c = floor(m·R + 0.9)`` |
| RelP@k, SetRelP | best possible, ``min(k, R)`` | ``relevant in top k / min(k, R)`` |
| success@k | relevant in top k | ``min(1, relevant in top k)`` |
| utility | a, b, c (and d) | ``w1·a + w2·b + w3·c + w4·d`` |
| SetP, SetR, SetAP, SetF | SetP, SetR | ``F^2 / (n R)``; ``(1 + w)·F / (w·R + n)`` |

The set measures of trec_eval (``set_P``, ``set_F``, ...) have no cut-off: at rank k the value
is the measure of the first k documents taken as the retrieved set
(`rankbook.explain.families._retrieved`).
"""

from __future__ import annotations

from rankbook.explain.explainer import Explainer
from rankbook.explain.families._retrieved import (
    because,
    beyond_the_list,
    retrieved,
    top,
)
from rankbook.explain.families._write import note, past_the_end, step
from rankbook.explain.worksheet import f1_step, precision_step, recall_step
from rankbook.metrics.precision import (
    f1_at_k,
    precision_at_k,
    r_precision,
    recall_at_k,
    set_average_precision,
    success_at_k,
)
from rankbook.metrics.set_measures import (
    f_beta_at_k,
    r_precision_at_multiple,
    relative_precision_at_k,
    utility,
)

LEVEL = ("relevance_level",)


def _counts(case, k: int) -> dict:
    return {"relevant": case.is_relevant(k), "relevant in top k": case.found(k)}


# --- precision, recall and F1 at k ------------------------------------------------------------

def _precision_columns(case, k: int) -> dict:
    return {**_counts(case, k), "P@k": precision_at_k(case.grades, k, **case.kwargs(*LEVEL))}


def _precision_steps(case, k: int, fmt):
    yield from past_the_end(case, k)
    yield precision_step(k, case.found(k), fmt(_precision_columns(case, k)["P@k"]))


def _recall(case, k: int) -> float:
    return recall_at_k(case.grades, k, case.options["n_relevant"], **case.kwargs(*LEVEL))


def _recall_columns(case, k: int) -> dict:
    return {**_counts(case, k), "R@k": _recall(case, k)}


def _recall_step(case, k: int, fmt):
    R, value = case.options["n_relevant"], fmt(_recall(case, k))
    if R == 0:
        yield from because(f"R@{k}", value)
        return
    yield recall_step(k, case.found(k), R, value)


def _recall_steps(case, k: int, fmt):
    yield from past_the_end(case, k)
    yield from _recall_step(case, k, fmt)


def _f1_columns(case, k: int) -> dict:
    R = case.options["n_relevant"]
    return {**_counts(case, k), "P@k": _precision_columns(case, k)["P@k"],
            "R@k": _recall(case, k),
            "F1@k": f1_at_k(case.grades, k, R, **case.kwargs(*LEVEL))}


def _f1_steps(case, k: int, fmt):
    yield from past_the_end(case, k)
    values, found, R = _f1_columns(case, k), case.found(k), case.options["n_relevant"]
    p, r, f1 = fmt(values["P@k"]), fmt(values["R@k"]), fmt(values["F1@k"])
    yield precision_step(k, found, p)
    yield from _recall_step(case, k, fmt)
    if found:
        yield f1_step(k, p, r, f1)
    yield step("F1@k", f"\\mathrm{{F}}_1@{k} = \\frac{{2 \\cdot \\text{{relevant in top }} {k}}}"
                       f"{{{k} + R}} = \\frac{{2 \\cdot {found}}}{{{k} + {R}}} = {f1}",
               f"F1@{k} = 2·relevant in top {k} / ({k} + R) = 2·{found} / ({k} + {R}) = {f1}")


# --- R-precision, and precision at a multiple of R --------------------------------------------

def _rprec_columns(case, k: int) -> dict:
    R = case.options["n_relevant"]
    return {**_counts(case, k), "P@k": _precision_columns(case, k)["P@k"],
            "R@k": _recall(case, k),
            "R-prec": r_precision(top(case, k), R, **case.kwargs(*LEVEL))}


def _cut_list(case, k: int, cut: int):
    """The note that a cut-off below rank k reads ranks the list cut at k does not hold."""
    if k < cut:
        ranks = f"rank {cut}" if k + 1 == cut else f"ranks {k + 1} to {cut}"
        yield note("cut", f"(the list cut at rank {k}: {ranks} of the top {cut} count as not "
                          "relevant)")


def _rprec_steps(case, k: int, fmt):
    yield from past_the_end(case, k)
    R, value = case.options["n_relevant"], fmt(_rprec_columns(case, k)["R-prec"])
    if R == 0:
        yield from because("R-prec", value)
        return
    yield from _cut_list(case, k, R)
    found = case.found(min(k, R))
    yield step("R-prec", f"\\text{{R-prec}} = \\mathrm{{P}}@R = \\mathrm{{P}}@{R} = "
                         f"\\frac{{{found}}}{{{R}}} = {value}",
               f"R-prec = P@R = relevant in top {R} / {R} = {found}/{R} = {value}")


def _multiple(case) -> float:
    return case.options.get("multiple", 1.0)


def _rprec_mult_columns(case, k: int) -> dict:
    R = case.options["n_relevant"]
    return {**_counts(case, k), "P@k": _precision_columns(case, k)["P@k"],
            "R-prec@m": r_precision_at_multiple(top(case, k), R, _multiple(case),
                                                **case.kwargs(*LEVEL))}


def _rprec_mult_steps(case, k: int, fmt):
    yield from past_the_end(case, k)
    R, m = case.options["n_relevant"], _multiple(case)
    value = fmt(_rprec_mult_columns(case, k)["R-prec@m"])
    cut = int(m * R + 0.9)      # written out below as trec_eval's (long)(m * R + 0.9)
    yield step("c", f"c = \\lfloor m R + 0.9 \\rfloor = \\lfloor {m:g} \\cdot {R} + 0.9 \\rfloor"
                    f" = {cut}", f"c = floor(m·R + 0.9) = floor({m:g}·{R} + 0.9) = {cut}   "
                                 "[the cut-off, trec_eval's Rprec_mult rule]")
    if cut == 0:
        yield from because(f"R-prec@{m:g}", value, "the cut-off is 0, and so is the value")
        return
    yield from _cut_list(case, k, cut)
    found = case.found(min(k, cut))
    yield step("R-prec@m", f"\\text{{R-prec}}@{m:g} = \\mathrm{{P}}@{cut} = "
                           f"\\frac{{{found}}}{{{cut}}} = {value}",
               f"R-prec@{m:g} = P@{cut} = relevant in top {cut} / {cut} = {found}/{cut} = {value}")


# --- relative precision and success ------------------------------------------------------------

def _relative_columns(case, k: int, size: int, value: float) -> dict:
    return {**_counts(case, k), "best possible": min(size, case.options["n_relevant"]),
            **value}


def _relp_columns(case, k: int) -> dict:
    R = case.options["n_relevant"]
    return _relative_columns(case, k, k, {"RelP@k": relative_precision_at_k(
        case.grades, k, R, **case.kwargs(*LEVEL))})


def _set_relp_columns(case, k: int) -> dict:
    R = case.options["n_relevant"]
    return _relative_columns(case, k, retrieved(case, k), {"SetRelP": relative_precision_at_k(
        top(case, k), None, R, **case.kwargs(*LEVEL))})


def _relative_step(case, name: str, size: int, found: int, value: str):
    R = case.options["n_relevant"]
    if R == 0:
        yield from because(name, value)
        return
    yield step(name, f"\\text{{{name}}} = \\frac{{{found}}}{{\\min({size}, {R})}} = {value}",
                f"{name} = relevant in top {size} / min({size}, R) = {found} / min({size}, {R}) "
                f"= {value}")


def _relp_steps(case, k: int, fmt):
    yield from past_the_end(case, k)
    yield from _relative_step(case, f"RelP@{k}", k, case.found(k), fmt(_relp_columns(case, k)["RelP@k"]))


def _set_relp_steps(case, k: int, fmt):
    yield from beyond_the_list(case, k)
    size = retrieved(case, k)
    yield from _relative_step(case, f"SetRelP of the top {size}", size, case.found(k),
                         fmt(_set_relp_columns(case, k)["SetRelP"]))


def _success_columns(case, k: int) -> dict:
    return {**_counts(case, k),
            "success@k": success_at_k(case.grades, k, **case.kwargs(*LEVEL))}


def _success_steps(case, k: int, fmt):
    yield from past_the_end(case, k)
    found, value = case.found(k), fmt(_success_columns(case, k)["success@k"])
    yield step("success@k", f"\\text{{success}}@{k} = \\min(1, {found}) = {value}",
               f"success@{k} = min(1, relevant in top {k}) = min(1, {found}) = {value}")


# --- utility -------------------------------------------------------------------------------------

def _table_counts(case, k: int) -> dict:
    """The contingency table of the top k taken as the retrieved set: a, b, c (and d)."""
    size, a, R = retrieved(case, k), case.found(k), case.options["n_relevant"]
    counts = {"a": a, "b": size - a, "c": R - a}
    if "n_documents" in case.options:
        counts["d"] = case.options["n_documents"] - size - (R - a)
    return counts


def _utility_columns(case, k: int) -> dict:
    options = case.kwargs("weights", "n_documents", *LEVEL)
    return {"relevant": case.is_relevant(k), **_table_counts(case, k),
            "utility": utility(top(case, k), case.options["n_relevant"], **options)}


def _signed(x: float) -> str:
    text = f"{x:g}"
    return f"({text})" if x < 0 else text


def _utility_steps(case, k: int, fmt):
    yield from beyond_the_list(case, k)
    size, R = retrieved(case, k), case.options["n_relevant"]
    counts = _table_counts(case, k)
    a, b, c = counts["a"], counts["b"], counts["c"]
    w = case.options.get("weights", (1.0, -1.0, 0.0, 0.0))
    yield step("a, b, c", f"a = {a},\\ b = {size} - {a} = {b},\\ c = R - a = {R} - {a} = {c}",
               f"a = {a} relevant retrieved; b = {size} - {a} = {b} other retrieved; "
               f"c = R - a = {R} - {a} = {c} relevant missed")
    terms = [(w[0], a), (w[1], b), (w[2], c)]
    if "d" in counts or w[3] != 0:
        d = case.options.get("n_documents", 0) - size - c
        if "n_documents" not in case.options:
            yield note("d", "(no collection size given: d means nothing)")
        yield step("d", f"d = N - n - c = {d}",
                   f"d = N - n - c = {case.options.get('n_documents', 0)} - {size} - {c} = {d}")
        terms.append((w[3], d))
    value = fmt(_utility_columns(case, k)["utility"])
    sums = " + ".join(f"{_signed(weight)}·{_signed(count)}" for weight, count in terms)
    names = " + ".join(f"w{i}·{x}" for i, x in zip((1, 2, 3, 4), "abcd"[:len(terms)]))
    latex = sums.replace("·", " \\cdot ")
    yield step("utility", f"U = {latex} = {value}", f"U = {names} = {sums} = {value}")


# --- trec_eval's measures of the whole retrieved set --------------------------------------------

def _set_columns(case, k: int) -> dict:
    size, R = retrieved(case, k), case.options.get("n_relevant")
    values = {**_counts(case, k), "SetP": precision_at_k(case.grades, size, **case.kwargs(*LEVEL))}
    if R is not None:
        values["SetR"] = recall_at_k(case.grades, size, R, **case.kwargs(*LEVEL))
    return values


def _setp_steps(case, k: int, fmt):
    yield from beyond_the_list(case, k)
    size, found = retrieved(case, k), case.found(k)
    value = fmt(_set_columns(case, k)["SetP"])
    yield step("SetP", f"\\text{{SetP}} = \\frac{{{found}}}{{{size}}} = {value}",
               f"SetP of the top {size} = relevant / {size} = {found}/{size} = {value}")


def _setr_steps(case, k: int, fmt):
    yield from beyond_the_list(case, k)
    size, found, R = retrieved(case, k), case.found(k), case.options["n_relevant"]
    value = fmt(_set_columns(case, k)["SetR"])
    if R == 0:
        yield from because("SetR", value)
        return
    yield step("SetR", f"\\text{{SetR}} = \\frac{{{found}}}{{{R}}} = {value}",
               f"SetR of the top {size} = relevant / R = {found}/{R} = {value}")


def _setap_columns(case, k: int) -> dict:
    R = case.options["n_relevant"]
    return {**_set_columns(case, k),
            "SetAP": set_average_precision(top(case, k), R, **case.kwargs(*LEVEL))}


def _setap_steps(case, k: int, fmt):
    yield from beyond_the_list(case, k)
    size, found, R = retrieved(case, k), case.found(k), case.options["n_relevant"]
    value = fmt(_setap_columns(case, k)["SetAP"])
    if R == 0:
        yield from because("SetAP", value)
        return
    yield step("SetAP", f"\\text{{SetAP}} = \\text{{SetP}} \\cdot \\text{{SetR}} = "
                        f"\\frac{{{found}}}{{{size}}} \\cdot \\frac{{{found}}}{{{R}}} = "
                        f"\\frac{{{found}^2}}{{{size} \\cdot {R}}} = {value}",
               f"SetAP of the top {size} = SetP·SetR = ({found}/{size})·({found}/{R}) = "
               f"{found}^2 / ({size}·{R}) = {value}")


def _f_options(case) -> dict:
    """SetF's options: trec_eval's beta unless another convention is asked for."""
    return {"beta_convention": "trec_eval",
            **case.kwargs("beta", "beta_convention", *LEVEL)}


def _setf_columns(case, k: int) -> dict:
    R = case.options["n_relevant"]
    return {**_set_columns(case, k), "SetF": f_beta_at_k(top(case, k), None, R, **_f_options(case))}


def _setf_steps(case, k: int, fmt):
    yield from beyond_the_list(case, k)
    size, found, R = retrieved(case, k), case.found(k), case.options["n_relevant"]
    options, values = _f_options(case), _setf_columns(case, k)
    beta, value = options.get("beta", 1.0), fmt(values["SetF"])
    if beta != 1 and "beta_convention" not in case.options:
        yield note("beta", f"(beta {beta:g} read as trec_eval's x of set_F.x, which plays the "
                           "part of beta squared; beta_convention van_rijsbergen reads it as beta)")
    if found == 0:
        yield from because("F", value, "no relevant document retrieved")
        return
    w = f"{beta:g}^2" if options["beta_convention"] == "van_rijsbergen" else f"{beta:g}"
    p, r = fmt(values["SetP"]), fmt(values["SetR"])
    yield step("SetF", f"F = \\frac{{(1 + {w}) \\cdot P \\cdot R}}{{{w} \\cdot P + R}} = "
                       f"\\frac{{(1 + {w}) \\cdot {p} \\cdot {r}}}{{{w} \\cdot {p} + {r}}} = "
                       f"\\frac{{(1 + {w}) \\cdot {found}}}{{{w} \\cdot {R} + {size}}} = {value}",
               f"F of the top {size} = (1 + {w})·P·R / ({w}·P + R) = "
               f"(1 + {w})·{p}·{r} / ({w}·{p} + {r}) = (1 + {w})·{found} / ({w}·{R} + {size}) "
               f"= {value}")


EXPLAINERS = (
    Explainer("P@k", "P@k", _precision_columns, _precision_steps),
    Explainer("R@k", "R@k", _recall_columns, _recall_steps),
    Explainer("F1@k", "F1@k", _f1_columns, _f1_steps),
    Explainer("R-prec", "R-prec", _rprec_columns, _rprec_steps),
    Explainer("R-prec@m", "R-prec@m", _rprec_mult_columns, _rprec_mult_steps, param="multiple"),
    Explainer("utility", "utility", _utility_columns, _utility_steps, param="weights"),
    Explainer("RelP@k", "RelP@k", _relp_columns, _relp_steps),
    Explainer("success@k", "success@k", _success_columns, _success_steps),
    Explainer("SetP", "SetP", _set_columns, _setp_steps),
    Explainer("SetRelP", "SetRelP", _set_relp_columns, _set_relp_steps),
    Explainer("SetR", "SetR", _set_columns, _setr_steps),
    Explainer("SetAP", "SetAP", _setap_columns, _setap_steps),
    # with the whole retrieved set (k=None) both precision denominators divide by n
    Explainer("SetF", "SetF", _setf_columns, _setf_steps, exclude=("precision_denominator",),
              param="beta"),
)
