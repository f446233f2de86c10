r"""Hand calculations of the graded measures: gains discounted by rank, against the ideal."""

from __future__ import annotations

from rankbook.explain.explainer import Explainer
from rankbook.explain.families._write import step
from rankbook.metrics.dcg import (
    dcg_at_k,
    dcg_term,
    discount_values,
    gains_of,
    idcg_at_k,
    ideal_gains,
    ndcg_at_k,
)

DCG_OPTIONS = ("gain", "discount", "gain_map")


def _ideal(case, k: int | None = None) -> list:
    """The ideal ordering's first k entries (default: its positive ones), as the worked formula
    writes them: the grades sorted (their gains under a gain map), 0 past its end."""
    if "gain_map" in case.options:
        best = list(ideal_gains(case.options["ideal"], gain_map=case.options["gain_map"]))
    else:
        best = sorted((g for g in case.options.get("ideal", ()) if g is not None), reverse=True)
    if k is None:
        return [_number(x) for x in best if x > 0] or [0]
    return [_number(x) for x in best[:k]] + [0] * max(0, k - len(best))


def _listed(case, k: int) -> list:
    """The list's first k grades as the worked formula writes them (gains under a gain map)."""
    if "gain_map" in case.options:
        values = gains_of(case.relevance, gain_map=case.options["gain_map"])
    else:
        values = [0.0 if g is None else g for g in case.relevance]
    return [_number(values[i - 1]) if i <= case.n else 0 for i in range(1, k + 1)]


def _number(x) -> int | float:
    """3 rather than 3.0: a grade or gain as a person writes it."""
    x = float(x)
    return int(x) if x.is_integer() else x


def _dcg_columns(case, k: int) -> dict:
    options = case.kwargs(*DCG_OPTIONS)
    gains = gains_of(case.relevance, **case.kwargs("gain", "gain_map"))
    return {"gain": _number(gains[k - 1]) if k <= case.n else 0,
            "discount": float(discount_values(k, case.options.get("discount", "log2"))[k - 1]),
            "DCG@k": dcg_at_k(case.relevance, k, **options)}


def _ndcg_columns(case, k: int) -> dict:
    options = case.kwargs(*DCG_OPTIONS)
    ideal = case.options["ideal"]
    return {**_dcg_columns(case, k), "ideal": _ideal(case, k)[-1],
            "IDCG@k": idcg_at_k(ideal, k, **options),
            "nDCG@k": ndcg_at_k(case.relevance, k, ideal=ideal, **options)}


def _sum_steps(name: str, written: list, k: int, case, fmt, value: float):
    """``name@k = g1/d(1) + ... = value``, each term as `dcg_at_k` adds it."""
    gain = "linear" if "gain_map" in case.options else case.options.get("gain", "linear")
    discount = case.options.get("discount", "log2")
    terms = [dcg_term(str(max(x, 0)), i, gain, discount) for i, x in enumerate(written, 1)]
    latex = " + ".join(term[0] for term in terms)
    text = " + ".join(term[1] for term in terms)
    return step(f"{name}@k", f"\\mathrm{{{name}}}@{k} = {latex} = {fmt(value)}",
                f"{name}@{k} = {text} = {fmt(value)}")


def _dcg_steps(case, k: int, fmt):
    yield _sum_steps("DCG", _listed(case, k), k, case, fmt, _dcg_columns(case, k)["DCG@k"])


def _ndcg_steps(case, k: int, fmt):
    values = _ndcg_columns(case, k)
    yield _sum_steps("DCG", _listed(case, k), k, case, fmt, values["DCG@k"])
    yield _sum_steps("IDCG", _ideal(case, k), k, case, fmt, values["IDCG@k"])
    d, i, n = fmt(values["DCG@k"]), fmt(values["IDCG@k"]), fmt(values["nDCG@k"])
    yield step("nDCG@k", f"\\mathrm{{nDCG}}@{k} = \\frac{{\\mathrm{{DCG}}@{k}}}{{\\mathrm{{IDCG}}@{k}}}"
                         f" = \\frac{{{d}}}{{{i}}} = {n}",
               f"nDCG@{k} = DCG@{k} / IDCG@{k} = {d} / {i} = {n}")


def _whole_ndcg_columns(case, k: int) -> dict:
    """trec_eval's ``ndcg``: the list cut at k, over the IDCG of every judged document."""
    options = case.kwargs(*DCG_OPTIONS)
    ideal = case.options["ideal"]
    return {**_dcg_columns(case, k), "IDCG": idcg_at_k(ideal, None, **options),
            "nDCG": ndcg_at_k(list(case.relevance[:k]), None, ideal=ideal, **options)}


def _whole_ndcg_steps(case, k: int, fmt):
    values = _whole_ndcg_columns(case, k)
    yield _sum_steps("DCG", _listed(case, k), k, case, fmt, values["DCG@k"])
    best = _ideal(case)
    ideal_step = _sum_steps("IDCG", best, len(best), case, fmt, values["IDCG"])
    yield step("IDCG", ideal_step.latex.replace(f"@{len(best)}", "", 1),
               ideal_step.text.replace(f"@{len(best)}", "", 1) + "   [every judged document]")
    d, i, n = fmt(values["DCG@k"]), fmt(values["IDCG"]), fmt(values["nDCG"])
    yield step("nDCG", f"\\mathrm{{nDCG}} = \\frac{{\\mathrm{{DCG}}@{k}}}{{\\mathrm{{IDCG}}}}"
                       f" = \\frac{{{d}}}{{{i}}} = {n}",
               f"nDCG = DCG@{k} / IDCG = {d} / {i} = {n}")


EXPLAINERS = (
    Explainer("nDCG@k", "nDCG@k", _ndcg_columns, _ndcg_steps),
    Explainer("nDCG", "nDCG", _whole_ndcg_columns, _whole_ndcg_steps, param="gain_map"),
    Explainer("DCG@k", "DCG@k", _dcg_columns, _dcg_steps),
)
