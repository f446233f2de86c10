r"""Hand calculations of the graded measures: gains discounted by rank, against the ideal.

| metric | running columns (besides the grade) |
| --- | --- |
| DCG@k | the gain, the discount, the discounted gain rank k adds, DCG@k |
| IDCG@k | the ideal ranking's grade at rank k, its gain, discount and discounted gain, IDCG@k |
| nDCG@k | the gain, the discount, DCG@k, the ideal's grade, IDCG@k, nDCG@k |
| nDCG | the same, over the IDCG of every judged document (trec_eval's ``ndcg``) |
| nDCG_rel | the gain, nDCG@k, whether rank k is averaged (a positive gain), nDCG_rel@k |
| R-nDCG | the ideal's gain, whether rank k is an R level, nDCG@k, R-nDCG@k |
| G | the gain, what the list (S) and the ideal (C) have collected, the term, G@k |
| binG | relevant, the misses above, the term, binG@k |

A metric without a cut-off (nDCG, nDCG_rel, R-nDCG, G, binG) is shown at rank k as the
metric of the list cut at rank k. Each term a column shows is the metric's own running value
at k minus its value at k - 1, so the columns add up to the metric as its function computes it.
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
from rankbook.metrics.dcg import (
    dcg_at_k,
    dcg_term,
    discount_values,
    gains_of,
    idcg_at_k,
    ideal_gains,
    ndcg_at_k,
)
from rankbook.metrics.ndcg_variants import (
    ndcg_averaged_at_r_levels,
    ndcg_averaged_over_relevant,
    r_levels,
)
from rankbook.metrics.normalized_gain import (
    binary_normalized_gain,
    collected_gains,
    normalized_gain,
)

DCG_OPTIONS = ("gain", "discount", "gain_map")


def ideal_written(case, k: int | None = None) -> list:
    """The ideal ordering's first k entries (default: its positive ones), as the worked formula
    writes them: the grades sorted (their gains under a gain map), 0 past its end."""
    if "gain_map" in case.options:
        best = list(ideal_gains(case.options["ideal"], gain_map=case.options["gain_map"]))
    else:
        best = sorted((g for g in case.options.get("ideal", ()) if g is not None), reverse=True)
    if k is None:
        return [number(x) for x in best if x > 0] or [0]
    return [number(x) for x in best[:k]] + [0] * max(0, k - len(best))


def listed_written(case, k: int) -> list:
    """The list's first k grades as the worked formula writes them (gains under a gain map)."""
    if "gain_map" in case.options:
        values = gains_of(case.relevance, gain_map=case.options["gain_map"])
    else:
        values = [0.0 if g is None else g for g in case.relevance]
    return [number(values[i - 1]) if i <= case.n else 0 for i in range(1, k + 1)]


def _gain_at(case, k: int, **options) -> int | float:
    """The gain of the document at rank k (0 past the end)."""
    return number(gains_of(case.relevance, **options)[k - 1]) if k <= case.n else 0


def _discount_at(case, k: int) -> float:
    return float(discount_values(k, case.options.get("discount", "log2"))[k - 1])


# --- DCG, IDCG, nDCG -------------------------------------------------------------------------

def _dcg_columns(case, k: int) -> dict:
    options = case.kwargs(*DCG_OPTIONS)

    def dcg(j):
        return dcg_at_k(case.relevance, j, **options)

    return {"gain": _gain_at(case, k, **case.kwargs("gain", "gain_map")),
            "discount": _discount_at(case, k), "discounted gain": added(dcg, k),
            "DCG@k": dcg(k)}


def _idcg_columns(case, k: int) -> dict:
    options, ideal = case.kwargs(*DCG_OPTIONS), case.options["ideal"]
    best = ideal_gains(ideal, **case.kwargs("gain", "gain_map"))

    def idcg(j):
        return idcg_at_k(ideal, j, **options)

    return {"ideal": ideal_written(case, k)[-1],
            "gain": number(best[k - 1]) if k <= best.size else 0,
            "discount": _discount_at(case, k), "discounted gain": added(idcg, k),
            "IDCG@k": idcg(k)}


def _ndcg_columns(case, k: int) -> dict:
    options = case.kwargs(*DCG_OPTIONS)
    ideal = case.options["ideal"]
    return {"gain": _gain_at(case, k, **case.kwargs("gain", "gain_map")),
            "discount": _discount_at(case, k), "DCG@k": dcg_at_k(case.relevance, k, **options),
            "ideal": ideal_written(case, k)[-1], "IDCG@k": idcg_at_k(ideal, k, **options),
            "nDCG@k": ndcg_at_k(case.relevance, k, ideal=ideal, **options)}


def _sum_steps(name: str, written: list, k: int, case, fmt, value: float):
    """``name@k = g1/d(1) + ... = value`` with the case's gain and discount."""
    gain = "linear" if "gain_map" in case.options else case.options.get("gain", "linear")
    return dcg_sum_step(name, written, k, fmt, value, gain, case.options.get("discount", "log2"))


def dcg_sum_step(name: str, written: list, k: int, fmt, value: float, gain: str = "linear",
                 discount: str = "log2"):
    """``name@k = g1/d(1) + ... = value``, each term as `dcg_at_k` adds it (``written``: the
    grades of ranks 1 to k as the formula shows them)."""
    terms = [dcg_term(str(max(x, 0)), i, gain, discount) for i, x in enumerate(written, 1)]
    latex = " + ".join(term[0] for term in terms)
    text = " + ".join(term[1] for term in terms)
    return step(f"{name}@k", f"\\mathrm{{{name}}}@{k} = {latex} = {fmt(value)}",
                f"{name}@{k} = {text} = {fmt(value)}")


def _dcg_steps(case, k: int, fmt):
    yield from past_the_end(case, k)
    yield _sum_steps("DCG", listed_written(case, k), k, case, fmt, _dcg_columns(case, k)["DCG@k"])


def _idcg_steps(case, k: int, fmt):
    yield _sum_steps("IDCG", ideal_written(case, k), k, case, fmt, _idcg_columns(case, k)["IDCG@k"])


def _ndcg_steps(case, k: int, fmt):
    yield from past_the_end(case, k)
    values = _ndcg_columns(case, k)
    yield _sum_steps("DCG", listed_written(case, k), k, case, fmt, values["DCG@k"])
    yield _sum_steps("IDCG", ideal_written(case, k), k, case, fmt, values["IDCG@k"])
    yield ndcg_ratio_step(k, fmt(values["DCG@k"]), fmt(values["IDCG@k"]), fmt(values["nDCG@k"]))


def ndcg_ratio_step(k: int, d: str, i: str, n: str):
    """``nDCG@k = DCG@k / IDCG@k = d / i = n``, the three numbers as written."""
    return step("nDCG@k", f"\\mathrm{{nDCG}}@{k} = "
                          f"\\frac{{\\mathrm{{DCG}}@{k}}}{{\\mathrm{{IDCG}}@{k}}}"
                          f" = \\frac{{{d}}}{{{i}}} = {n}",
                f"nDCG@{k} = DCG@{k} / IDCG@{k} = {d} / {i} = {n}")


def _whole_ndcg_columns(case, k: int) -> dict:
    """trec_eval's ``ndcg``: the list cut at k, over the IDCG of every judged document."""
    options = case.kwargs(*DCG_OPTIONS)
    ideal = case.options["ideal"]
    return {"gain": _gain_at(case, k, **case.kwargs("gain", "gain_map")),
            "discount": _discount_at(case, k), "DCG@k": dcg_at_k(case.relevance, k, **options),
            "IDCG": idcg_at_k(ideal, None, **options),
            "nDCG": ndcg_at_k(cut_at(case, k), None, ideal=ideal, **options)}


def _whole_ndcg_steps(case, k: int, fmt):
    yield from past_the_end(case, k)
    values = _whole_ndcg_columns(case, k)
    yield _sum_steps("DCG", listed_written(case, k), k, case, fmt, values["DCG@k"])
    best = ideal_written(case)
    ideal_step = _sum_steps("IDCG", best, len(best), case, fmt, values["IDCG"])
    yield step("IDCG", ideal_step.latex.replace(f"@{len(best)}", "", 1),
               ideal_step.text.replace(f"@{len(best)}", "", 1) + "   [every judged document]")
    d, i, n = fmt(values["DCG@k"]), fmt(values["IDCG"]), fmt(values["nDCG"])
    yield step("nDCG", f"\\mathrm{{nDCG}} = \\frac{{\\mathrm{{DCG}}@{k}}}{{\\mathrm{{IDCG}}}}"
                       f" = \\frac{{{d}}}{{{i}}} = {n}",
               f"nDCG = DCG@{k} / IDCG = {d} / {i} = {n}")


# --- trec_eval's averages of nDCG: over the relevant documents, at the R levels ----------------

def _average_step(name: str, latex_name: str, k: int, names: list, values: list, count: int,
                  fmt, value: float):
    """``name@k = (nDCG@1 + ...) / count = (0.5 + ...) / count = value``."""
    if not names:
        return step(name, f"\\mathrm{{{latex_name}}}@{k} = 0", f"{name}@{k} = 0")
    text = " + ".join(values)
    latex = " + ".join(names).replace("nDCG", "\\mathrm{nDCG}").replace("·", " \\cdot ")
    numbers = text.replace("·", " \\cdot ")
    return step(name, f"\\mathrm{{{latex_name}}}@{k} = \\frac{{{latex}}}{{{count}}}"
                      f" = \\frac{{{numbers}}}{{{count}}} = {fmt(value)}",
                f"{name}@{k} = ({' + '.join(names)}) / {count} = ({text}) / {count} = "
                f"{fmt(value)}")


def _ndcg_rel_columns(case, k: int) -> dict:
    ideal, gain_map = case.options["ideal"], case.kwargs("gain_map")
    gain = _gain_at(case, k, **gain_map)
    return {"gain": gain, "averaged": bool(k <= case.n and gain > 0),
            "nDCG@k": ndcg_at_k(case.relevance, k, ideal=ideal, **gain_map),
            "nDCG_rel@k": ndcg_averaged_over_relevant(cut_at(case, k), ideal, **gain_map)}


def _ndcg_rel_steps(case, k: int, fmt):
    yield from past_the_end(case, k)
    ideal, gain_map = case.options["ideal"], case.kwargs("gain_map")
    top = cut_at(case, k)
    value = ndcg_averaged_over_relevant(top, ideal, **gain_map)
    size = ideal_gains(ideal, **gain_map).size
    if size == 0:
        yield step("nDCG_rel", f"\\mathrm{{nDCG_{{rel}}}}@{k} = 0",
                   f"nDCG_rel@{k} = 0 (no judged document has a positive gain)")
        return
    ranks = [i for i, g in enumerate(gains_of(top, **gain_map), 1) if g > 0]
    names = [f"nDCG@{i}" for i in ranks]
    values = [fmt(ndcg_at_k(top, i, ideal=ideal, **gain_map)) for i in ranks]
    missed = size - len(ranks)
    where = ", ".join(map(str, ranks)) or "none"
    misses = f"; the {missed} the list misses count the nDCG of the whole list" if missed else ""
    yield note("averaged", f"averaged over the R_g = {size} judged documents of positive gain: "
                           f"nDCG@i at the ranks i where the list has one ({where}){misses}")
    if missed:
        names.append(f"({size} - {len(ranks)})·nDCG")
        whole = ndcg_at_k(top, None, ideal=ideal, **gain_map)      # no cut-off: trec_eval's ndcg
        values.append(f"({size} - {len(ranks)})·{fmt(whole)}")
    if value == 0 and names:   # trec_eval's rule: a total that is not positive gives 0
        yield step("nDCG_rel", f"\\mathrm{{nDCG_{{rel}}}}@{k} = 0",
                   f"nDCG_rel@{k} = 0 (the sum {' + '.join(values)} is not positive)")
        return
    yield _average_step("nDCG_rel", "nDCG_{rel}", k, names, values, size, fmt, value)


def _r_ndcg_columns(case, k: int) -> dict:
    ideal, gain_map = case.options["ideal"], case.kwargs("gain_map")
    best = ideal_gains(ideal, **gain_map)
    return {"ideal gain": number(best[k - 1]) if k <= best.size else 0,
            "R level": k in r_levels(case.relevance, ideal, **gain_map),
            "nDCG@k": ndcg_at_k(case.relevance, k, ideal=ideal, **gain_map),
            "R-nDCG@k": ndcg_averaged_at_r_levels(cut_at(case, k), ideal, **gain_map,
                                                  **case.kwargs("relevance_level"))}


def _r_ndcg_steps(case, k: int, fmt):
    yield from past_the_end(case, k)
    ideal, gain_map = case.options["ideal"], case.kwargs("gain_map")
    top = cut_at(case, k)
    value = ndcg_averaged_at_r_levels(top, ideal, **gain_map, **case.kwargs("relevance_level"))
    best = ideal_gains(ideal, **gain_map)
    if not any(g is not None and g >= case.relevance_level for g in ideal) or best.size == 0:
        why = "no judged grade reaches the threshold" if best.size else \
            "no judged document has a positive gain"
        yield step("R-nDCG", f"\\mathrm{{R\\text{{-}}nDCG}}@{k} = 0", f"R-nDCG@{k} = 0 ({why})")
        return
    levels = r_levels(top, ideal, **gain_map)
    shown = ", ".join(str(number(g)) for g in best) if best.size <= 12 else "..."
    yield note("levels", f"R levels {', '.join(map(str, levels))}: where the ideal gains "
                         f"({shown}) drop, and the list's end {len(top)} only when it is at least "
                         f"R_g + 2 = {best.size + 2}")
    values = [fmt(ndcg_at_k(top, b, ideal=ideal, **gain_map)) for b in levels]
    yield _average_step("R-nDCG", "R\\text{-}nDCG", k, [f"nDCG@{b}" for b in levels], values,
                        len(levels), fmt, value)


# --- trec_eval's gain measures G and binG ----------------------------------------------------

def _g_columns(case, k: int) -> dict:
    ideal, gain_map = case.options["ideal"], case.kwargs("gain_map")
    top = cut_at(case, k)
    gains, collected, ideal_collected = collected_gains(top, ideal, **gain_map)
    total = sum(ideal_gains(ideal, **gain_map))

    def g(j):
        return normalized_gain(cut_at(case, j), ideal, **gain_map)

    if k > case.n:
        return {"gain": 0, "S": "", "C": "", "term": "", "G@k": g(k)}
    return {"gain": number(gains[-1]), "S": number(collected[-1]), "C": number(ideal_collected[-1]),
            "term": added(g, k) * total if gains[-1] != 0 else "", "G@k": g(k)}


def _g_steps(case, k: int, fmt):
    yield from past_the_end(case, k)
    ideal, gain_map = case.options["ideal"], case.kwargs("gain_map")
    top = cut_at(case, k)
    best = [number(g) for g in ideal_gains(ideal, **gain_map)]
    value = normalized_gain(top, ideal, **gain_map)
    if not best:
        yield step("G", f"G@{k} = 0", f"G@{k} = 0 (no judged document has a positive gain)")
        return
    total = number(sum(best))
    yield step("ideal", f"\\sum_j g^*_j = {' + '.join(map(str, best))} = {total}",
               f"sum of the ideal gains = {' + '.join(map(str, best))} = {total}")
    gains, collected, ideal_collected = collected_gains(top, ideal, **gain_map)
    terms = [(number(g), number(c), number(s)) for g, s, c in
             zip(gains, collected, ideal_collected) if g != 0]
    if not terms:
        yield step("G", f"G@{k} = \\frac{{0}}{{{total}}} = {fmt(value)}",
                   f"G@{k} = 0 / {total} = {fmt(value)}")
        return
    yield note("terms", "each gain g_i counts g_i / log2(2 + C_i - S_i): C_i is what the ideal "
                        "has collected by rank i (each step at least 1), S_i what the list has")
    latex = " + ".join(f"\\frac{{{g}}}{{\\log_2(2 + {c} - {s})}}" for g, c, s in terms)
    text = " + ".join(f"{g}/log2(2 + {c} - {s})" for g, c, s in terms)
    yield step("G", f"G@{k} = \\frac{{{latex}}}{{{total}}} = {fmt(value)}",
               f"G@{k} = ({text}) / {total} = {fmt(value)}")


def _misses_above(case, i: int) -> int:
    """The documents above rank i that are not relevant (unjudged ones included)."""
    return i - 1 - case.found(i - 1)


def _bing_columns(case, k: int) -> dict:
    options = {"n_relevant": case.options["n_relevant"], **case.kwargs("relevance_level")}

    def bing(j):
        return binary_normalized_gain(cut_at(case, j), **options)

    relevant = case.is_relevant(k)
    return {"relevant": relevant, "misses above": _misses_above(case, k) if relevant else "",
            "term": added(bing, k) * options["n_relevant"] if relevant else "",
            "binG@k": bing(k)}


def _bing_steps(case, k: int, fmt):
    yield from past_the_end(case, k)
    R = case.options["n_relevant"]
    value = binary_normalized_gain(cut_at(case, k), R, **case.kwargs("relevance_level"))
    misses = [_misses_above(case, i) for i in case.relevant_ranks(k)]
    if R == 0 or not misses:
        why = "R is 0" if R == 0 else f"no relevant document in the top {k}"
        yield step("binG", f"\\mathrm{{binG}}@{k} = 0", f"binG@{k} = 0 ({why})")
        return
    latex = " + ".join(f"\\frac{{1}}{{\\log_2(2 + {m})}}" for m in misses)
    text = " + ".join(f"1/log2(2 + {m})" for m in misses)
    yield note("terms", "each relevant document counts 1/log2(2 + the documents above it that "
                        "are not relevant, unjudged ones included); the sum is divided by R")
    yield step("binG", f"\\mathrm{{binG}}@{k} = \\frac{{{latex}}}{{{R}}} = {fmt(value)}",
               f"binG@{k} = ({text}) / {R} = {fmt(value)}")


EXPLAINERS = (
    Explainer("nDCG@k", "nDCG@k", _ndcg_columns, _ndcg_steps),
    Explainer("nDCG", "nDCG", _whole_ndcg_columns, _whole_ndcg_steps, param="gain_map"),
    Explainer("DCG@k", "DCG@k", _dcg_columns, _dcg_steps),
    Explainer("IDCG@k", "IDCG@k", _idcg_columns, _idcg_steps),
    Explainer("nDCG_rel", "nDCG_rel@k", _ndcg_rel_columns, _ndcg_rel_steps, param="gain_map"),
    Explainer("R-nDCG", "R-nDCG@k", _r_ndcg_columns, _r_ndcg_steps, param="gain_map"),
    Explainer("G", "G@k", _g_columns, _g_steps, param="gain_map"),
    Explainer("binG", "binG@k", _bing_columns, _bing_steps),
)
