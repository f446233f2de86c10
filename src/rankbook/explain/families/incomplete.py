r"""Hand calculations of the measures for incomplete judgments: bpref, infAP, unjudged, relstring.

| metric | running columns (besides the grade) |
| --- | --- |
| bpref, GMbpref | judged (relevant, non-relevant or unjudged), the judged non-relevant above, the term $1 - \min(n_r, R)/\min(N, R)$, bpref@k |
| infAP | judged, $\lvert d_k\rvert$, $r_k$ and $n_k$ (pooled, judged relevant and judged non-relevant above), E[P@k], infAP@k |
| Unjudged@k | unjudged, the unjudged so far, Unjudged@k |
| relstring | the character, the string so far |
| NumNonrelJudgedRet | judged non-relevant, the count so far |

A metric without a cut-off (bpref, infAP, the count) is shown at rank k as the metric of the
list cut at rank k. A term a column shows is the metric's running value at k minus its value
at k - 1 (times R, which it divides by), so the columns add up to the metric as its function
computes it.
"""

from __future__ import annotations

from rankbook.explain.explainer import Explainer
from rankbook.explain.families._write import added, cut_at, note, past_the_end, step
from rankbook.metrics.bpref import bpref
from rankbook.metrics.incomplete import (
    INFAP_EPSILON,
    inferred_average_precision,
    judged_nonrelevant_retrieved,
    unjudged_at_k,
)
from rankbook.metrics.relevance_string import relevance_string


def _kind(case, i: int) -> str:
    """What the document at rank i is: relevant, non-relevant, pooled (a negative grade:
    in the pool, not judged), unjudged (None: not in the judgments)."""
    grade = case.relevance[i - 1] if i <= case.n else 0.0
    if grade is None:
        return "unjudged"
    if grade < 0:
        return "pooled"
    return "relevant" if grade >= case.relevance_level else "non-relevant"


def _count_above(case, i: int, *kinds: str) -> int:
    """The documents above rank i of the given kinds."""
    return sum(_kind(case, j) in kinds for j in range(1, min(i, case.n + 1)))


# --- bpref -----------------------------------------------------------------------------------

def _bpref_options(case) -> dict:
    return {"n_relevant": case.options["n_relevant"],
            "n_nonrelevant": case.options["n_nonrelevant"], **case.kwargs("relevance_level")}


def _bpref_columns(case, k: int) -> dict:
    options = _bpref_options(case)

    def running(j):
        return bpref(cut_at(case, j), **options)

    relevant = _kind(case, k) == "relevant"
    kind = _kind(case, k) if k <= case.n else "past the end"
    return {"judged": "unjudged" if kind == "pooled" else kind,
            "non-relevant above": _count_above(case, k, "non-relevant") if relevant else "",
            "term": added(running, k) * options["n_relevant"] if relevant else "",
            "bpref@k": running(k)}


def _bpref_steps(case, k: int, fmt):
    yield from past_the_end(case, k)
    R, N = case.options["n_relevant"], case.options["n_nonrelevant"]
    value = fmt(bpref(cut_at(case, k), **_bpref_options(case)))
    ranks = [i for i in range(1, min(k, case.n) + 1) if _kind(case, i) == "relevant"]
    if R == 0 or not ranks:
        why = "R is 0" if R == 0 else f"no relevant document in the top {k}"
        yield step("bpref", f"\\mathrm{{bpref}}@{k} = 0", f"bpref@{k} = 0 ({why})")
        return
    if N == 0:
        ones = " + ".join("1" for _ in ranks)
        yield note("N", "N is 0: each relevant document retrieved adds 1, as in trec_eval")
        yield step("bpref", f"\\mathrm{{bpref}}@{k} = \\frac{{{ones}}}{{{R}}} = {value}",
                   f"bpref@{k} = ({ones}) / {R} = {value}")
        return
    above = [_count_above(case, i, "non-relevant") for i in ranks]
    yield step("min(N, R)", f"\\min(N, R) = \\min({N}, {R}) = {min(N, R)}",
               f"min(N, R) = min({N}, {R}) = {min(N, R)}")
    latex = " + ".join(f"\\left(1 - \\frac{{\\min({n}, {R})}}{{{min(N, R)}}}\\right)"
                       for n in above)
    text = " + ".join(f"(1 - min({n}, {R})/{min(N, R)})" for n in above)
    missed = R - len(ranks)
    tail = f" + {missed}·0" if missed else ""
    yield note("terms", "each relevant document counts 1 - min(judged non-relevant above it, R)"
                        " / min(N, R); unjudged documents are skipped" +
               ("; each relevant document not retrieved adds 0" if missed else ""))
    yield step("bpref", f"\\mathrm{{bpref}}@{k} = \\frac{{{latex}}}{{{R}}} = {value}",
               f"bpref@{k} = ({text}{tail}) / {R} = {value}")


def _gm_bpref_steps(case, k: int, fmt):
    yield note("GMbpref", "GMbpref is the geometric mean of this bpref over the queries (each "
                          "floored at 0.00001); one list has only its bpref")
    yield from _bpref_steps(case, k, fmt)


# --- infAP -----------------------------------------------------------------------------------

def _infap(case, k: int) -> float:
    return inferred_average_precision(cut_at(case, k), case.options["n_relevant"],
                                      **case.kwargs("relevance_level"))


def _infap_pieces(case, k: int) -> tuple[int, int, int]:
    """|d_k|, r_k and n_k: the pooled, judged relevant and judged non-relevant above rank k."""
    return (_count_above(case, k, "relevant", "non-relevant", "pooled"),
            _count_above(case, k, "relevant"), _count_above(case, k, "non-relevant"))


def _infap_columns(case, k: int) -> dict:
    pooled, relevant, nonrelevant = _infap_pieces(case, k)
    estimated = _kind(case, k) == "relevant"
    kind = _kind(case, k) if k <= case.n else "past the end"
    return {"judged": {"pooled": "pooled, unjudged", "unjudged": "not pooled"}.get(kind, kind),
            "|d_k|": pooled, "r_k": relevant, "n_k": nonrelevant,
            "E[P@k]": added(lambda j: _infap(case, j), k) * case.options["n_relevant"]
            if estimated else "", "infAP@k": _infap(case, k)}


def _estimate_text(case, k: int) -> tuple[str, str]:
    """E[P@k] with the numbers in, as (LaTeX, text)."""
    if k == 1:
        return "1", "1"
    pooled, relevant, nonrelevant = _infap_pieces(case, k)
    e = f"{INFAP_EPSILON:f}".rstrip("0")
    return (f"\\frac{{1}}{{{k}}} + \\frac{{{k - 1}}}{{{k}}} \\cdot \\frac{{{pooled}}}{{{k - 1}}}"
            f" \\cdot \\frac{{{relevant} + \\varepsilon}}{{{relevant} + {nonrelevant} + "
            f"2\\varepsilon}}",
            f"1/{k} + ({k - 1}/{k})·({pooled}/{k - 1})·({relevant} + {e})/({relevant} + "
            f"{nonrelevant} + 2·{e})")


def _infap_steps(case, k: int, fmt):
    yield from past_the_end(case, k)
    R = case.options["n_relevant"]
    ranks = [i for i in range(1, min(k, case.n) + 1) if _kind(case, i) == "relevant"]
    if R == 0 or not ranks:
        why = "R is 0" if R == 0 else f"no relevant document in the top {k}"
        yield step("infAP", f"\\mathrm{{infAP}}@{k} = 0", f"infAP@{k} = 0 ({why})")
        return
    yield note("E[P@k]", "E[P@k] = 1/k + ((k-1)/k)·(|d_k|/(k-1))·(r_k + ε)/(r_k + n_k + 2ε) at "
                         "each relevant rank k: of the k - 1 above, |d_k| were pooled, r_k and "
                         "n_k judged relevant and non-relevant; ε = 0.00001; E[P@1] = 1")
    estimates = []
    for i in ranks:
        estimate = added(lambda j: _infap(case, j), i) * R
        latex, text = _estimate_text(case, i)
        estimates.append(fmt(estimate))
        yield step(f"E[P@{i}]", f"E[\\mathrm{{P}}@{i}] = {latex} = {fmt(estimate)}",
                   f"E[P@{i}] = {text} = {fmt(estimate)}")
    yield step("infAP", f"\\mathrm{{infAP}}@{k} = \\frac{{{' + '.join(estimates)}}}{{{R}}} = "
                        f"{fmt(_infap(case, k))}",
               f"infAP@{k} = ({' + '.join(estimates)}) / {R} = {fmt(_infap(case, k))}")


# --- unjudged, relstring, the count of judged non-relevant -----------------------------------

def _unjudged_columns(case, k: int) -> dict:
    return {"unjudged": _kind(case, k) in ("unjudged", "pooled") if k <= case.n else False,
            "unjudged so far": _count_above(case, k + 1, "unjudged", "pooled"),
            "Unjudged@k": unjudged_at_k(case.relevance, k)}


def _unjudged_steps(case, k: int, fmt):
    if k > case.n:
        yield note("past the end", f"(ranks {case.n + 1} to {k} are past the end of the list of "
                                   f"{case.n}: they count as judged, as in trec_eval 10)")
    count = _count_above(case, k + 1, "unjudged", "pooled")
    value = fmt(unjudged_at_k(case.relevance, k))
    yield note("unjudged", "unjudged: not in the judgments (-), or a negative grade (in the pool,"
                           " not judged)")
    yield step("Unjudged@k", f"\\mathrm{{Unjudged}}@{k} = \\frac{{\\text{{unjudged in top }} {k}}}"
                             f"{{{k}}} = \\frac{{{count}}}{{{k}}} = {value}",
               f"Unjudged@{k} = unjudged in top {k} / {k} = {count}/{k} = {value}")


def _relstring_columns(case, k: int) -> dict:
    return {"character": relevance_string(case.relevance[k - 1:k], 1) if k <= case.n else "",
            "relstring@k": relevance_string(case.relevance, k)}


def _relstring_steps(case, k: int, fmt):
    if k > case.n:
        yield note("past the end", f"(the list has {case.n} documents: the string stops there; "
                                   "trec_eval does not pad it)")
    characters = [relevance_string(case.relevance[i - 1:i], 1) for i in range(1, min(k, case.n)
                                                                              + 1)]
    value = relevance_string(case.relevance, k)
    shown = " + ".join(f"'{c}'" for c in characters)
    yield note("characters", "a digit: the grade; -: not in the judgments; .: a negative grade "
                             "(in the pool, not judged); >: a grade above 9")
    yield step("relstring", f"\\text{{relstring}}@{k} = \\texttt{{{value}}}",
               f"relstring@{k} = {shown} = {value}")


def _nonrelevant_columns(case, k: int) -> dict:
    return {"judged non-relevant": _kind(case, k) == "non-relevant" if k <= case.n else False,
            "NumNonrelJudgedRet@k": judged_nonrelevant_retrieved(
                cut_at(case, k), **case.kwargs("relevance_level"))}


def _nonrelevant_steps(case, k: int, fmt):
    yield from past_the_end(case, k)
    ranks = [i for i in range(1, min(k, case.n) + 1) if _kind(case, i) == "non-relevant"]
    value = judged_nonrelevant_retrieved(cut_at(case, k), **case.kwargs("relevance_level"))
    where = ", ".join(map(str, ranks)) or "none"
    ones = " + ".join("1" for _ in ranks) or "0"
    yield note("judged non-relevant", f"judged non-relevant: a grade from 0 to below "
                                      f"{case.relevance_level:g}; unjudged documents not counted")
    yield step("NumNonrelJudgedRet", f"\\text{{judged non-relevant in top }} {k} = {value}",
               f"NumNonrelJudgedRet@{k} = judged non-relevant at ranks {where} = {ones} = "
               f"{value}")


EXPLAINERS = (
    Explainer("bpref", "bpref@k", _bpref_columns, _bpref_steps),
    Explainer("GMbpref", "bpref@k", _bpref_columns, _gm_bpref_steps),
    Explainer("infAP", "infAP@k", _infap_columns, _infap_steps),
    Explainer("Unjudged@k", "Unjudged@k", _unjudged_columns, _unjudged_steps),
    Explainer("relstring", "relstring@k", _relstring_columns, _relstring_steps),
    Explainer("NumNonrelJudgedRet", "NumNonrelJudgedRet@k", _nonrelevant_columns,
              _nonrelevant_steps),
)
