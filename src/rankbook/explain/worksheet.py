r"""The worked formulas of `explain`: each step of a calculation at one rank, numbers substituted."""

from __future__ import annotations

from dataclasses import dataclass

from rankbook.metrics.average_precision import AP_DENOMINATORS
from rankbook.metrics.dcg import dcg_term


@dataclass(frozen=True)
class Step:
    """One worked formula: its name, and the calculation in LaTeX and in plain text."""

    name: str
    latex: str
    text: str


@dataclass(frozen=True)
class Worksheet:
    """The worked formulas at one rank; Markdown+LaTeX in Jupyter, plain text in a terminal."""

    steps: tuple[Step, ...]

    @property
    def markdown(self) -> str:
        """Markdown with one display formula per step."""
        return "\n\n".join(f"$$\n{step.latex}\n$$" for step in self.steps)

    def __str__(self) -> str:
        return "\n".join(step.text for step in self.steps)

    def __repr__(self) -> str:
        return str(self)

    def _repr_markdown_(self) -> str:
        return self.markdown


def written_number(x: float, decimals: int) -> str:
    """A grade as written by hand: 3 rather than 3.0, 0.5 where needed."""
    return str(int(x)) if float(x).is_integer() else f"{x:.{decimals}g}"


def plural(count: int, noun: str) -> str:
    """``1 relevant document``, ``2 relevant documents``: the count and its noun agreeing."""
    return f"{count} {noun}{'' if count == 1 else 's'}"


# --- the worked formulas shared by the core table and the one-metric explainers -------------

def _ratio_step(name: str, k: int, counted: str, over: tuple[str, str], count: int, total,
                value: str) -> Step:
    r"""``name@k = counted in top k / over = count/total = value``; ``over`` as (LaTeX, text)."""
    return Step(
        f"{name}@k",
        f"\\mathrm{{{name}}}@{k} = \\frac{{\\text{{{counted} in top }} {k}}}{{{over[0]}}} = "
        f"\\frac{{{count}}}{{{total}}} = {value}",
        f"{name}@{k} = {counted} in top {k} / {over[1]} = {count}/{total} = {value}",
    )


def precision_step(k: int, found: int, value: str) -> Step:
    r"""``P@k = relevant in top k / k = found/k = value``."""
    return _ratio_step("P", k, "relevant", (str(k), str(k)), found, k, value)


def recall_step(k: int, found: int, R: int, value: str) -> Step:
    r"""``R@k = relevant in top k / R = found/R = value``."""
    return _ratio_step("R", k, "relevant", ("R", "R"), found, R, value)


def f1_step(k: int, p: str, r: str, value: str) -> Step:
    r"""``F1@k = 2·P@k·R@k / (P@k + R@k) = 2·p·r / (p + r) = value``."""
    return Step(
        "F1@k",
        f"\\mathrm{{F}}_1@{k} = \\frac{{2 \\cdot \\mathrm{{P}}@{k} \\cdot \\mathrm{{R}}@{k}}}{{\\mathrm{{P}}@{k} + \\mathrm{{R}}@{k}}} = "
        f"\\frac{{2 \\cdot {p} \\cdot {r}}}{{{p} + {r}}} = {value}",
        f"F1@{k} = 2·P@{k}·R@{k} / (P@{k} + R@{k}) = 2·{p}·{r} / ({p} + {r}) = {value}",
    )


def ap_terms(relevant_ranks) -> tuple[str, str]:
    r"""AP's sum, the precision $j / K_j$ at the rank $K_j$ of the j-th relevant document, as
    (LaTeX, text): ``\frac{1}{1} + \frac{2}{3}``, ``1/1 + 2/3``; ``0`` when there is none."""
    latex = " + ".join(f"\\frac{{{n}}}{{{rank}}}" for n, rank in enumerate(relevant_ranks, 1))
    text = " + ".join(f"{n}/{rank}" for n, rank in enumerate(relevant_ranks, 1))
    return latex or "0", text or "0"


def ap_denominator(convention: str, found: int, k: int, R: int | None) -> tuple[int, str]:
    """AP's denominator D under ``convention`` (`AP_DENOMINATORS`), and the words that say what
    it is, e.g. ``(3, "3 = relevant documents in the top 5")``."""
    denominator = AP_DENOMINATORS[convention]
    D = denominator.count(found, k, R)
    return D, denominator.why.format(D=D, k=k, R=R)


def tpr_step(k: int, found: int, P: int, value: str) -> Step:
    r"""``TPR@k = relevant in top k / all relevant = found/P = value``."""
    return _ratio_step("TPR", k, "relevant", ("\\text{all relevant}", "all relevant"), found, P,
                       value)


def fpr_step(k: int, false_positives: int, N: int, value: str) -> Step:
    r"""``FPR@k = non-relevant in top k / all non-relevant = fp/N = value``."""
    return _ratio_step("FPR", k, "non-relevant", ("\\text{all non-relevant}", "all non-relevant"),
                       false_positives, N, value)


def lag_step(k: int, lags, value: str, remark: str | None = "non-relevant documents above "
             "each relevant one") -> Step:
    r"""``LAG@k = (l1 + l2 + ...) / count = value   [remark]`` (no remark when it is None);
    undefined without a lag."""
    if not lags:
        return Step(
            "LAG@k",
            f"\\mathrm{{LAG}}@{k} \\text{{ is undefined: no relevant document in the top }} {k}",
            f"LAG@{k} is undefined: no relevant document in the top {k}",
        )
    terms = " + ".join(str(x) for x in lags)
    return Step(
        "LAG@k",
        f"\\mathrm{{LAG}}@{k} = \\frac{{{terms}}}{{{len(lags)}}} = {value}",
        f"LAG@{k} = ({terms}) / {len(lags)} = {value}" + (f"   [{remark}]" if remark else ""),
    )


def _past_the_end(n: int, k: int) -> Step:
    """The note that ranks n+1..k are past the end of the list and count as not relevant."""
    ranks = f"rank {k} is" if k == n + 1 else f"ranks {n + 1} to {k} are"
    words = f"{ranks} past the end of the list of {n}: not relevant, as in trec_eval"
    return Step("past the end", f"\\text{{({words})}}", f"({words})")


def _dcg_terms(grades, k, gain, discount, decimals):
    """The terms of DCG@k as (LaTeX, text), written by ``dcg_term`` as dcg_at_k sums them."""
    latex_terms, text_terms = [], []
    for i, grade in enumerate(grades[:k], start=1):
        latex, text = dcg_term(written_number(max(grade, 0.0), decimals), i, gain, discount)
        latex_terms.append(latex)
        text_terms.append(text)
    return " + ".join(latex_terms), " + ".join(text_terms)


def worked_steps(ex, k: int, decimals: int):
    values = ex.values_at(k)  # no table: a worksheet needs rank k only
    fmt = lambda x: f"{x:.{decimals}f}"  # noqa: E731
    found = sum(1 for grade in ex.grades[:k] if grade >= ex.relevance_level)
    R = ex.n_relevant
    n = len(ex.grades)
    if k > n:
        yield _past_the_end(n, k)
    padded = ex.grades + (0.0,) * max(0, k - n)

    yield precision_step(k, found, fmt(values["P@k"]))
    if R is not None:
        p, r = fmt(values["P@k"]), fmt(values["R@k"])
        yield recall_step(k, found, R, r)
        yield f1_step(k, p, r, fmt(values["F1@k"]))
    # Both sums get k terms: an ideal shorter than k is padded with grade 0, as the list is.
    ideal_sorted = sorted(ex.ideal, reverse=True) + [0.0] * max(0, k - len(ex.ideal))
    for name, grades in (("DCG", padded), ("IDCG", ideal_sorted)):
        latex_sum, text_sum = _dcg_terms(grades, k, ex.gain, ex.discount, decimals)
        value = fmt(values[f"{name}@k"])
        yield Step(f"{name}@k", f"\\mathrm{{{name}}}@{k} = {latex_sum} = {value}", f"{name}@{k} = {text_sum} = {value}")
    d, i, n = fmt(values["DCG@k"]), fmt(values["IDCG@k"]), fmt(values["nDCG@k"])
    yield Step(
        "nDCG@k",
        f"\\mathrm{{nDCG}}@{k} = \\frac{{\\mathrm{{DCG}}@{k}}}{{\\mathrm{{IDCG}}@{k}}} = \\frac{{{d}}}{{{i}}} = {n}",
        f"nDCG@{k} = DCG@{k} / IDCG@{k} = {d} / {i} = {n}",
    )
    if "AP@k" in values:
        yield _ap_step(ex, k, found, values["AP@k"], fmt)
    yield from _extra_steps(ex, k, found, values, fmt)


def _ap_step(ex, k: int, found: int, value: float, fmt) -> Step:
    relevant_ranks = [i for i, grade in enumerate(ex.grades[:k], 1) if grade >= ex.relevance_level]
    D, why = ap_denominator(ex.ap_denominator, found, k, ex.n_relevant)
    latex_terms, text_terms = ap_terms(relevant_ranks)
    return Step(
        "AP@k",
        f"\\mathrm{{AP}}@{k} = \\frac{{{latex_terms}}}{{{D}}} = {fmt(value)} \\quad (\\text{{{why}}})",
        f"AP@{k} = ({text_terms}) / {D} = {fmt(value)}   [{why}]",
    )


def _extra_steps(ex, k: int, found: int, values, fmt):
    """The worked formulas of the optional columns at rank k."""
    if "iP@k" in values:
        table = ex.table
        later = [j for j in table.index if table.loc[j, "R@k"] >= table.loc[k, "R@k"]]
        shown = ", ".join(f"P@{j}" for j in later)
        shown_latex = ", ".join(f"\\mathrm{{P}}@{j}" for j in later)
        yield Step(
            "iP@k",
            f"\\mathrm{{iP}}@{k} = \\max_{{j \\,:\\, \\mathrm{{R}}@j \\ge \\mathrm{{R}}@{k}}} \\mathrm{{P}}@j = \\max({shown_latex}) = {fmt(values['iP@k'])}",
            f"iP@{k} = max of P@j over ranks j with R@j >= R@{k} = max({shown}) = {fmt(values['iP@k'])}",
        )
    relevant = [ex.grades[i] >= ex.relevance_level for i in range(len(ex.grades))]
    top = min(k, len(relevant))  # ROC and LAG read the retrieved documents only
    if "TPR@k" in values:
        P = ex.n_relevant if ex.n_relevant is not None else sum(relevant)
        yield tpr_step(k, found, P, fmt(values["TPR@k"]))
    if "FPR@k" in values:
        N = ex.n_nonrelevant if ex.n_nonrelevant is not None else len(relevant) - sum(relevant)
        yield fpr_step(k, top - found, N, fmt(values["FPR@k"]))
    if "LAG@k" in values:
        lags = [i - sum(relevant[:i]) for i in range(1, top + 1) if relevant[i - 1]]
        yield lag_step(k, lags, fmt(values["LAG@k"]))
