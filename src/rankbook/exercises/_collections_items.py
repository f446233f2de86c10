r"""Exercises on building test collections: Cohen's kappa of two assessors, Kendall's tau and
tau_AP of two rankings of systems.

``kappa`` gives two assessors' binary judgments of 8 to 12 documents and asks for Cohen's
kappa (each assessor's own marginals), an exact fraction $(P(A) - P(E))/(1 - P(E))$.
``tau`` and ``tau_ap`` give a true ranking of 4 to 7 systems and an estimate that swaps a
few of them, and ask for Kendall's tau (an exact fraction $(C - D)/\binom{n}{2}$) or tau_AP
with the first ranking as the truth (an exact fraction too). The answers come from
`rankbook.collections`.
"""

from __future__ import annotations

import math
import random
from fractions import Fraction

#: The kinds, and the names they may be asked by.
KINDS = {"kappa": "kappa", "cohen_kappa": "kappa", "cohen's kappa": "kappa",
         "cohens_kappa": "kappa", "tau": "tau", "kendall_tau": "tau", "kendall's tau": "tau",
         "kendall tau": "tau", "tau_ap": "tau_ap", "tauap": "tau_ap", "ap correlation": "tau_ap",
         "ap_correlation": "tau_ap"}


def kind_name(text: str) -> str | None:
    """The kind asked for by ``text`` (any case), or None."""
    return KINDS.get(text.strip().lower())


def draw_data(kind: str, rng: random.Random, level) -> tuple:
    """Two assessors' labels (kappa) or a truth and an estimate, best first (tau, tau_AP)."""
    if kind == "kappa":
        n = level.length + 2
        while True:
            first = [int(rng.random() < 0.5) for _ in range(n)]
            second = [x if rng.random() < 0.75 else 1 - x for x in first]
            if len(set(first)) == 2 or len(set(second)) == 2:  # not one label only: P(E) < 1
                return tuple(first), tuple(second)
    n = rng.randint(level.items, level.items + 2)
    truth = [f"s{i}" for i in range(1, n + 1)]
    estimate = list(truth)
    for _ in range(rng.randint(1, 3)):  # a few swaps of systems one or two ranks apart
        i = rng.randrange(n - 1)
        j = min(n - 1, i + rng.choice((1, 1, 2)))
        estimate[i], estimate[j] = estimate[j], estimate[i]
    return tuple(truth), tuple(estimate)


def _listed(values) -> str:
    return "`[" + ", ".join(str(v) for v in values) + "]`"


def question_text(kind: str, data) -> str:
    a, b = data
    if kind == "kappa":
        return (f"Two assessors judge the same {len(a)} documents (1 relevant, 0 not), document "
                f"by document: the first {_listed(a)}, the second {_listed(b)}. Compute "
                "Cohen's kappa (chance agreement from each assessor's own frequencies), as an "
                "exact fraction.")
    measure = ("Kendall's tau" if kind == "tau" else
               "tau_AP (Yilmaz, Aslam and Robertson), with the first ranking as the truth")
    return (f"An expensive evaluation ranks {len(a)} systems {_listed(a)} (best first); a "
            f"cheaper one ranks them {_listed(b)}. Compute {measure}, as an exact fraction.")


def check_command(kind: str, data) -> str:
    """A shell command that prints the answer with rankbook."""
    function = {"kappa": "cohen_kappa", "tau": "kendall_tau", "tau_ap": "tau_ap"}[kind]
    a, b = (repr(list(values)) for values in data)
    return f'python -c "import rankbook as rb; print(rb.collections.{function}({a}, {b}))"'


def answer_and_solution(kind: str, data):
    """``(answer, solution, parts)``: parts are P(A) and P(E), or C and D, or the C(i)/(i-1)."""
    if kind == "kappa":
        return _kappa(*data)
    if kind == "tau":
        return _tau(*data)
    return _tau_ap(*data)


def _kappa(first, second):
    from rankbook.collections import chance_agreement, confusion_table, observed_agreement

    table = confusion_table(list(first), list(second))
    observed, expected = observed_agreement(table), chance_agreement(table)
    answer = (observed - expected) / (1 - expected)
    n = len(first)
    (n00, n01), (n10, n11) = table.counts
    lines = [f"agreements: {n11} both relevant + {n00} both not = {n11 + n00} of {n}: "
             f"P(A) = {observed}",
             f"the first says relevant {n10 + n11} times, the second {n01 + n11}: "
             f"P(E) = ({n10 + n11}/{n})({n01 + n11}/{n}) + ({n00 + n01}/{n})({n00 + n10}/{n})"
             f" = {expected}",
             f"kappa = ({observed} - {expected}) / (1 - {expected}) = {answer}"]
    return answer, "\n".join(lines), (observed, expected)


def _tau(truth, estimate):
    from rankbook.collections import kendall_tau, swapped_pairs

    swaps = swapped_pairs(list(truth), list(estimate))
    n = len(truth)
    pairs = n * (n - 1) // 2
    answer = Fraction(kendall_tau(list(truth), list(estimate))).limit_denominator(pairs)
    concordant, discordant = pairs - len(swaps), len(swaps)
    lines = [f"pairs ordered differently (D = {discordant}): "
             + ", ".join(f"{a}-{b}" for a, b in swaps),
             f"C = {pairs} - {discordant} = {concordant} of n(n-1)/2 = {pairs} pairs",
             f"tau = (C - D) / {pairs} = ({concordant} - {discordant}) / {pairs} = {answer}"]
    return answer, "\n".join(lines), (concordant, discordant)


def _tau_ap(truth, estimate):
    from rankbook.collections import tau_ap

    n = len(truth)
    above_in_truth = {(a, b) for i, a in enumerate(truth) for b in truth[i + 1:]}
    terms, lines = [], [f"down the estimate {', '.join(estimate)}:"]
    for i in range(2, n + 1):
        system = estimate[i - 1]
        correct = sum((other, system) in above_in_truth for other in estimate[:i - 1])
        terms.append(Fraction(correct, i - 1))
        lines.append(f"rank {i} ({system}): C({i}) = {correct} of {i - 1} above it correct")
    bound = (n - 1) * math.lcm(*range(1, n))
    answer = Fraction(tau_ap(list(truth), list(estimate))).limit_denominator(bound)
    lines.append(f"tau_AP = 2/{n - 1} ({' + '.join(str(t) for t in terms)}) - 1 = {answer}")
    return answer, "\n".join(lines), tuple(terms)
