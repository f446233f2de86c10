r"""Hand calculations of the tools' own measures: gdeval.pl's nDCG and ERR, Compat, Accuracy.

| metric | running columns (besides the grade) |
| --- | --- |
| gdeval-nDCG@k | the gain $2^g - 1$, the discount, DCG@k, the ideal's grade, IDCG@k, nDCG@k |
| gdeval-ERR@k | the stop probability $(2^g - 1)/2^4$, the probability of reaching rank k, the contribution, ERR@k |
| Compat | the overlap of the run's top k with the ideal ranking's, the ideal's overlap with itself, the weight $p^{k-1}$, RBO's running sum, the ideal's, their ratio, Compat@k |
| Accuracy | relevant, the non-relevant above it, R and N in the top k, the pairs, those in order, Accuracy@k |

Compat's ratio of the running sums is (normalised) Compat of the list cut at rank k once k
reaches the length of the ideal ranking (before that, Compat of the top k also counts the deeper
ranks of the ideal, where the top k's documents join it).

gdeval's two measures are explained as their chapter's textbook ones (`graded` for nDCG,
`user_models` for ERR) with gdeval.pl's settings, each number from gdeval's own functions.
Compat and Accuracy have no cut-off: at rank k they show the measure of the list cut at rank
k, as ``Compat`` and ``Accuracy`` of `rankbook.metrics.ir_measures_own` compute it.
"""

from __future__ import annotations

from functools import partial

from rankbook.explain.explainer import Explainer
from rankbook.explain.families._retrieved import beyond_the_list
from rankbook.explain.families._write import cut_at, note, number, past_the_end, step
from rankbook.explain.families.graded import (
    dcg_sum_step,
    ideal_written,
    listed_written,
    ndcg_ratio_step,
)
from rankbook.explain.families.user_models import err_columns, err_steps
from rankbook.metrics.dcg import dcg_at_k, discount_values, gains_of, idcg_at_k
from rankbook.metrics.gdeval import gdeval_err_at_k, gdeval_ndcg_at_k
from rankbook.metrics.ir_measures_own import (
    compatibility,
    pairwise_accuracy,
    prefix_overlaps,
)

GDEVAL_GAIN = "exponential"      # 2^g - 1
DEFAULT_COMPAT_PERSISTENCE = 0.95    # compatibility's default, ir_measures' Compat(p=0.95)
LONGEST_SUM = 12                 # a longer sum is written with its first and last terms only


# --- gdeval's nDCG@k -------------------------------------------------------------------------

def _gdeval_ndcg_columns(case, k: int) -> dict:
    ideal = case.options["ideal"]
    gain = gains_of(case.relevance, gain=GDEVAL_GAIN)
    return {"gain": number(gain[k - 1]) if k <= case.n else 0,
            "discount": float(discount_values(k)[k - 1]),
            "DCG@k": dcg_at_k(case.relevance, k, gain=GDEVAL_GAIN),
            "ideal": max(ideal_written(case, k)[-1], 0),     # gdeval: a negative grade is 0
            "IDCG@k": idcg_at_k(ideal, k, gain=GDEVAL_GAIN),
            "nDCG@k": gdeval_ndcg_at_k(case.relevance, k, ideal=ideal,
                                       **case.kwargs("max_grade"))}


def _gdeval_ndcg_steps(case, k: int, fmt):
    yield from past_the_end(case, k)
    values = _gdeval_ndcg_columns(case, k)
    yield note("gdeval", "gdeval.pl: gain 2^grade - 1, discount log2(i+1) (it writes the natural "
                         "log; the base cancels), the ideal from the positive judgments")
    yield dcg_sum_step("DCG", listed_written(case, k), k, fmt, values["DCG@k"], GDEVAL_GAIN)
    yield dcg_sum_step("IDCG", ideal_written(case, k), k, fmt, values["IDCG@k"], GDEVAL_GAIN)
    if values["IDCG@k"] == 0:
        yield note("why", "(no positive judgment: gdeval.pl prints no line for this topic; "
                          "per topic the value is 0, as trec_eval's nDCG)")
        yield step("nDCG@k", f"\\mathrm{{nDCG}}@{k} = 0", f"nDCG@{k} = 0")
        return
    yield ndcg_ratio_step(k, fmt(values["DCG@k"]), fmt(values["IDCG@k"]), fmt(values["nDCG@k"]))


# --- Compat ----------------------------------------------------------------------------------

def _p(case) -> float:
    return case.options.get("persistence", DEFAULT_COMPAT_PERSISTENCE)


def _overlaps(case, k: int):
    """The overlaps of the top k with I at depths 1..D, and I's with itself (compatibility's)."""
    return prefix_overlaps(cut_at(case, k), case.options["ideal"])


def _running_sum(overlaps, p: float, k: int) -> float:
    """RBO's sum to depth k: p^(d-1)·overlap_d/d for d = 1..k."""
    depths = range(1, min(k, overlaps.size) + 1)
    return float(sum(p ** (d - 1) * overlaps[d - 1] / d for d in depths))


def _compat_columns(case, k: int) -> dict:
    p = _p(case)
    run, ideal = prefix_overlaps(list(case.relevance), case.options["ideal"])
    at = min(k, run.size) - 1                # past D nothing is added
    run_sum, ideal_sum = _running_sum(run, p, k), _running_sum(ideal, p, k)
    return {"overlap": int(run[at]), "|I:k|": int(ideal[at]), "p^(k-1)": p ** (k - 1),
            "RBO sum": run_sum, "ideal sum": ideal_sum,
            "ratio": run_sum / ideal_sum if ideal_sum else 0.0,
            "Compat@k": compatibility(cut_at(case, k), case.options["ideal"], p,
                                      **case.kwargs("normalize"))}


def _weighted_sum(overlaps, p: str) -> str:
    """``p^0·o_1/1 + p^1·o_2/2 + ...``, the middle left out when it is long."""
    terms = [f"{p}^{d - 1}·{int(o)}/{d}" for d, o in enumerate(overlaps, start=1)]
    if len(terms) > LONGEST_SUM:
        terms = [*terms[:3], "...", *terms[-2:]]
    return " + ".join(terms)


def _sum_latex(text: str) -> str:
    r"""``0.5^1·1/2`` as ``0.5^{1} \cdot \tfrac{1}{2}``."""
    terms = []
    for term in text.split(" + "):
        if term == "...":
            terms.append("\\dots")
            continue
        power, _, share = term.partition("·")
        base, _, exponent = power.partition("^")
        top, _, bottom = share.partition("/")
        terms.append(f"{base}^{{{exponent}}} \\cdot \\tfrac{{{top}}}{{{bottom}}}")
    return " + ".join(terms)


def _compat_steps(case, k: int, fmt):
    yield from beyond_the_list(case, k)
    p, written = _p(case), f"{_p(case):g}"
    run, ideal = _overlaps(case, k)
    value = compatibility(cut_at(case, k), case.options["ideal"], p, **case.kwargs("normalize"))
    size = int(ideal[-1])
    if size == 0:
        yield note("why", "(no judged document of positive grade: the ideal ranking I is empty, "
                          "and Compat is 0)")
        yield step("Compat", f"\\mathrm{{Compat}}@{k} = 0", f"Compat@{k} = 0")
        return
    shown = ", ".join(str(int(o)) for o in run) if run.size <= 2 * LONGEST_SUM else "..."
    yield note("I", f"I: the {size} judged documents of positive grade, highest grade first; "
                    f"D = {run.size}, the longer of the top {min(k, case.n)} and I; the top-d "
                    f"lists of the two share {shown} documents at d = 1..{run.size}")
    run_sum, ideal_sum = _running_sum(run, p, run.size), _running_sum(ideal, p, run.size)
    for name, overlaps, total in (("S", run, run_sum), ("S*", ideal, ideal_sum)):
        text = _weighted_sum(overlaps, written)
        yield step(name, f"{name.replace('*', '^*')} = {_sum_latex(text)} = {fmt(total)}",
                   f"{name} = {text} = {fmt(total)}")
    if case.options.get("normalize", True):
        yield note("Compat", "Compat = RBO(run, I) / RBO(I, I): the sums of weights cancel")
        yield step("Compat", f"\\mathrm{{Compat}}@{k} = \\frac{{S}}{{S^*}} = "
                             f"\\frac{{{fmt(run_sum)}}}{{{fmt(ideal_sum)}}} = {fmt(value)}",
                   f"Compat@{k} = S / S* = {fmt(run_sum)} / {fmt(ideal_sum)} = {fmt(value)}")
        return
    weights = " + ".join(f"{written}^{d}" for d in range(run.size)) if run.size <= LONGEST_SUM \
        else f"(1 - {written}^{run.size}) / (1 - {written})"
    yield note("RBO", "not normalised: RBO(run, I) = S over the sum of the weights")
    yield step("Compat", f"\\mathrm{{RBO}}@{k} = \\frac{{{fmt(run_sum)}}}{{{weights}}} = "
                         f"{fmt(value)}", f"RBO@{k} = {fmt(run_sum)} / ({weights}) = {fmt(value)}")


# --- Accuracy --------------------------------------------------------------------------------

def _nonrelevant_above(case, i: int) -> int:
    """The documents above rank i that are not relevant (unjudged ones included)."""
    return i - 1 - case.found(i - 1)


def _accuracy_counts(case, k: int) -> tuple[int, int, list[int]]:
    """R and N in the top k, and the non-relevant documents above each relevant one."""
    found = case.found(k)
    return found, min(k, case.n) - found, [_nonrelevant_above(case, i)
                                           for i in case.relevant_ranks(k)]


def _accuracy_columns(case, k: int) -> dict:
    relevant, nonrelevant, above = _accuracy_counts(case, k)
    pairs = relevant * nonrelevant
    return {"relevant": case.is_relevant(k),
            "non-relevant above": _nonrelevant_above(case, k) if case.is_relevant(k) else "",
            "R": relevant, "N": nonrelevant, "pairs": pairs, "in order": pairs - sum(above),
            "Accuracy@k": pairwise_accuracy(case.relevance, k,
                                            **case.kwargs("relevance_level"))}


def _accuracy_steps(case, k: int, fmt):
    yield from beyond_the_list(case, k)
    relevant, nonrelevant, above = _accuracy_counts(case, k)
    value = pairwise_accuracy(case.relevance, k, **case.kwargs("relevance_level"))
    if relevant == 0 or nonrelevant == 0:
        why = (f"no relevant document in the top {k}: ir_measures leaves the topic out, rankbook "
               "scores 0" if relevant == 0 else
               f"no non-relevant document in the top {k}: no pair can be out of order")
        yield note("why", f"({why})")
        yield step("Accuracy", f"\\mathrm{{Accuracy}}@{k} = {fmt(value)}",
                   f"Accuracy@{k} = {fmt(value)}")
        return
    t = number(case.relevance_level)
    yield note("pairs", f"R = {relevant} relevant (grade >= {t}) and N = {nonrelevant} others "
                        f"(non-relevant or unjudged) in the top {min(k, case.n)}: R·N pairs; a "
                        "relevant document is out of order with each non-relevant one above it "
                        f"({', '.join(map(str, above))})")
    right = relevant * nonrelevant - sum(above)
    misses = " + ".join(map(str, above))
    yield step("in order", f"\\text{{in order}} = {relevant} \\cdot {nonrelevant} - ({misses})"
                           f" = {right}", f"in order = {relevant}·{nonrelevant} - ({misses}) = "
                                          f"{right}")
    yield step("Accuracy", f"\\mathrm{{Accuracy}}@{k} = \\frac{{{right}}}{{{relevant} \\cdot "
                           f"{nonrelevant}}} = {fmt(value)}",
               f"Accuracy@{k} = {right}/({relevant}·{nonrelevant}) = {fmt(value)}")


EXPLAINERS = (
    Explainer("gdeval-nDCG@k", "nDCG@k", _gdeval_ndcg_columns, _gdeval_ndcg_steps),
    Explainer("gdeval-ERR@k", "ERR@k", partial(err_columns, err=gdeval_err_at_k),
              partial(err_steps, err=gdeval_err_at_k,
                      default_scale="gdeval.pl's MAX_JUDGMENT, whatever the qrels hold")),
    Explainer("Compat", "Compat@k", _compat_columns, _compat_steps, param="persistence"),
    Explainer("Accuracy", "Accuracy@k", _accuracy_columns, _accuracy_steps),
)
