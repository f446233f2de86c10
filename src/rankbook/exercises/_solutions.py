"""The answer and worked solution of each exercise.

Every answer is computed by the rankbook function of the metric; for the
rational measures `exact` recovers the fraction from it, with a bound on the
denominator that the data gives (P@k = f/k: at most k). The worked steps
reuse `rankbook.explain`'s substituted formulas where it has them.
"""

from __future__ import annotations

import math
from fractions import Fraction

from rankbook.exercises._exact import exact, lcm
from rankbook.explain import explain
from rankbook.metrics.average_precision import average_precision
from rankbook.metrics.dcg import dcg_at_k, ndcg_at_k
from rankbook.metrics.interpolation import eleven_point_average_precision, interpolated_precision
from rankbook.metrics.means import mean_average_precision, mean_reciprocal_rank
from rankbook.metrics.precision import (
    f1_at_k,
    precision_at_k,
    r_precision,
    recall_at_k,
    success_at_k,
)
from rankbook.metrics.reciprocal_rank import reciprocal_rank
from rankbook.metrics.set_measures import relative_precision_at_k
from rankbook.metrics.user_models import rank_biased_precision

_LEVELS = tuple(j / 10 for j in range(11))


def solve(metric: str, queries, k, render: bool = True) -> tuple[Fraction | float, str, tuple]:
    """``(answer, solution, parts)`` of an exercise on ``metric`` with this data.

    ``parts`` are the values the key lists line by line: the per-query values of a mean,
    the eleven interpolated precisions of 11pt (empty otherwise). ``render=False`` leaves
    out the steps `rankbook.explain` works out (the cost of a sheet, not of its answers).
    """
    if metric in _MEANS:
        return _MEANS[metric](queries)
    query = queries[0]
    if metric == "11pt":
        return _eleven_point(query.ranking, query.n_relevant)
    answer, solution = _SINGLE[metric](query.ranking, query.n_relevant, k, query.unretrieved,
                                       render)
    return answer, solution, ()


# --- data, described (no metric arithmetic) ------------------------------------------------

def _relevant_ranks(ranking) -> list[int]:
    return [i for i, grade in enumerate(ranking, start=1) if grade >= 1]


def _missing_note(ranking, R: int) -> str:
    missing = R - len(_relevant_ranks(ranking))
    if missing == 0:
        return ""
    return (f"\nR = {R}: {missing} relevant document{'s were' if missing > 1 else ' was'} not "
            f"retrieved, and {'they count' if missing > 1 else 'it counts'} in R.")


def _steps(ranking, R: int, k: int, names, render: bool, ideal=None) -> str:
    """The named steps of explain's worked formulas at rank k ("" unless ``render``).

    A cut-off past the end of the list is worked on the list padded with
    non-relevant documents, which is how every measure reads it.
    """
    if not render:
        return ""
    padding = max(0, k - len(ranking))
    ideal = list(ranking) if ideal is None else list(ideal)
    work = explain(list(ranking) + [0] * padding, n_relevant=R, ideal=ideal).show_work(k)
    text = "\n".join(step.text for step in work.steps if step.name in names)
    if padding:
        text += (f"\n(The list has {len(ranking)} documents: ranks {len(ranking) + 1} to {k} "
                 "are past its end and count as not relevant.)")
    return text


def _ratio(numerator: int, denominator: int) -> str:
    """``3/6 = 1/2``: the fraction as counted, then reduced when that changes it."""
    counted = f"{numerator}/{denominator}"
    reduced = str(Fraction(numerator, denominator))
    return counted if reduced == counted else f"{counted} = {reduced}"


# --- one query ------------------------------------------------------------------------------

def _precision(ranking, R, k, unretrieved, render):
    answer = exact(precision_at_k(ranking, k), k, f"P@{k}")
    return answer, _steps(ranking, R, k, ("P@k",), render) + f"\nExact: P@{k} = {answer}"


def _recall(ranking, R, k, unretrieved, render):
    answer = exact(recall_at_k(ranking, k, R), R, f"R@{k}")
    return answer, (_steps(ranking, R, k, ("R@k",), render) + f"\nExact: R@{k} = {answer}"
                    + _missing_note(ranking, R))


def _f1(ranking, R, k, unretrieved, render):
    p = exact(precision_at_k(ranking, k), k, f"P@{k}")
    r = exact(recall_at_k(ranking, k, R), R, f"R@{k}")
    answer = exact(f1_at_k(ranking, k, R), k + R, f"F1@{k}")  # 2 f / (k + R)
    hand = (f"Exact: F1@{k} = 2·({p})·({r}) / ({p} + {r}) = {answer}" if p + r
            else f"Exact: P@{k} = R@{k} = 0, so F1@{k} = 0")
    return answer, (_steps(ranking, R, k, ("P@k", "R@k", "F1@k"), render) + "\n" + hand
                    + _missing_note(ranking, R))


def _r_precision(ranking, R, k, unretrieved, render):
    answer = exact(r_precision(ranking, R), R, "R-prec")
    found = int(answer * R)
    past = (f" (the list has only {len(ranking)} documents: ranks past the end are not "
            "relevant)" if R > len(ranking) else "")
    return answer, (f"R-prec = P@R = P@{R} = relevant in top {R} / {R} = {_ratio(found, R)}"
                    f"{past}" + _missing_note(ranking, R))


def _success(ranking, R, k, unretrieved, render):
    answer = exact(success_at_k(ranking, k), 1, f"success@{k}")
    found = int(exact(precision_at_k(ranking, k), k, f"P@{k}") * k)
    return answer, (f"relevant in top {k} = {found}, so success@{k} = {answer}"
                    f" ({'at least one' if found else 'no'} relevant document in the top {k})")


def _ap_text(ranking, R: int, answer: Fraction) -> str:
    ranks = _relevant_ranks(ranking)
    terms = " + ".join(f"{n}/{rank}" for n, rank in enumerate(ranks, start=1))
    precisions = ", ".join(f"P@{rank} = {n}/{rank}" for n, rank in enumerate(ranks, start=1))
    return (f"relevant at rank{'s' if len(ranks) > 1 else ''} {', '.join(map(str, ranks))}\n"
            f"precision at each: {precisions}\n"
            f"AP = ({terms}) / R = ({answer * R}) / {R} = {answer}")


def _ap_of(ranking, R: int) -> Fraction:
    # AP = (1/R) sum of n/rank over the relevant ranks: the denominator divides R lcm(ranks).
    return exact(average_precision(ranking, R), R * lcm(_relevant_ranks(ranking)), "AP")


def _ap(ranking, R, k, unretrieved, render):
    answer = _ap_of(ranking, R)
    return answer, _ap_text(ranking, R, answer) + _missing_note(ranking, R)


def _rr_of(ranking) -> Fraction:
    return exact(reciprocal_rank(ranking), max(1, len(ranking)), "RR")  # 1/rank, rank <= n


def _rr(ranking, R, k, unretrieved, render):
    answer = _rr_of(ranking)
    first = answer.denominator if answer else None
    return answer, f"the first relevant document is at rank {first}, so RR = 1/{first} = {answer}"


def _eleven_point(ranking, R):
    n = len(ranking)
    curve = interpolated_precision(ranking, R, _LEVELS, cutoff_rule="exact")
    values = [exact(float(p), n, f"p_interp({level:.1f})") for level, p in zip(_LEVELS, curve)]
    lines = []
    for j, value in enumerate(values):
        needed = math.ceil(Fraction(j, 10) * R)
        why = (f"best precision at a rank with at least {needed} relevant" if value
               else f"{needed} relevant needed, never reached: 0")
        lines.append(f"p_interp({j / 10:.1f}) = {value}   [{why}]")
    computed = eleven_point_average_precision(ranking, R, cutoff_rule="exact")
    answer = exact(computed, 11 * lcm(range(1, n + 1)), "11pt")  # sum of f/i, over 11
    lines.append(f"11pt = ({' + '.join(map(str, values))}) / 11 = {answer}")
    return answer, "\n".join(lines) + _missing_note(ranking, R), tuple(values)


def _dcg(ranking, R, k, unretrieved, render):
    value = round(dcg_at_k(ranking, k), 4)
    return value, _steps(ranking, R, k, ("DCG@k",), render)


def _ndcg(ranking, R, k, unretrieved, render):
    ideal = list(ranking) + list(unretrieved)
    value = round(ndcg_at_k(ranking, k, ideal=ideal), 4)
    text = _steps(ranking, R, k, ("DCG@k", "IDCG@k", "nDCG@k"), render, ideal=ideal)
    if unretrieved:
        text += (f"\nThe ideal ordering sorts every judged grade, the unretrieved "
                 f"{', '.join(map(str, unretrieved))} included.")
    return value, text


# --- several queries ------------------------------------------------------------------------

def _map(queries):
    rankings = [list(query.ranking) for query in queries]
    R = [query.n_relevant for query in queries]
    per_query = [_ap_of(ranking, r) for ranking, r in zip(rankings, R)]
    bound = len(queries) * lcm(ap.denominator for ap in per_query)  # a mean of fractions
    answer = exact(mean_average_precision(rankings, R), bound, "MAP")
    lines = []
    for number, (query, ap) in enumerate(zip(queries, per_query), start=1):
        text = _ap_text(query.ranking, query.n_relevant, ap).replace("AP =", f"AP_{number} =")
        lines += [f"query {number}: " + text + _missing_note(query.ranking, query.n_relevant)]
    terms = " + ".join(str(ap) for ap in per_query)
    lines.append(f"MAP = ({terms}) / {len(queries)} = {answer}")
    return answer, "\n".join(lines), tuple(per_query)


def _mrr(queries):
    rankings = [list(query.ranking) for query in queries]
    per_query = [_rr_of(ranking) for ranking in rankings]
    bound = len(queries) * lcm(rr.denominator for rr in per_query)
    answer = exact(mean_reciprocal_rank(rankings), bound, "MRR")
    lines = [f"query {number}: first relevant document at rank {rr.denominator}, "
             f"RR_{number} = {rr}" for number, rr in enumerate(per_query, start=1)]
    lines.append(f"MRR = ({' + '.join(map(str, per_query))}) / {len(queries)} = {answer}")
    return answer, "\n".join(lines), tuple(per_query)


def _relative_precision(ranking, R, k, unretrieved, render):
    best = min(k, R)
    answer = exact(relative_precision_at_k(ranking, k, R), best, f"RelP@{k}")
    found = int(answer * best)
    return answer, (f"relevant in top {k} = {found}; the most the top {k} can hold is "
                    f"min({k}, R) = min({k}, {R}) = {best}\n"
                    f"RelP@{k} = {_ratio(found, best)}" + _missing_note(ranking, R))


def _rbp(ranking, R, k, unretrieved, render):
    # With p = 1/2 the weight of rank i is (1 - p) p^(i-1) = 1/2^i: a denominator of 2^n.
    answer = exact(rank_biased_precision(ranking, persistence=0.5), 2 ** len(ranking), "RBP")
    ranks = _relevant_ranks(ranking)
    weights = " + ".join(f"1/{2 ** i}" for i in ranks)
    return answer, (f"relevant at rank{'s' if len(ranks) > 1 else ''} {', '.join(map(str, ranks))}"
                    f"; rank i weighs (1 - p) p^(i-1) = 1/2^i\n"
                    f"RBP = {weights} = {answer}\n(RBP needs no R: relevant documents not "
                    "retrieved change nothing.)")


_SINGLE = {
    "P@k": _precision, "R@k": _recall, "F1@k": _f1, "R-prec": _r_precision,
    "success@k": _success, "AP": _ap, "RR": _rr, "DCG@k": _dcg,
    "nDCG@k": _ndcg, "RelP@k": _relative_precision, "RBP": _rbp,
}
_MEANS = {"MAP": _map, "MRR": _mrr}
