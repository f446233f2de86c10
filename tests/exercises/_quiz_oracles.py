"""Independent oracles for the quiz tests (issue 33): the keys recomputed from each exercise's data
by the textbook definitions, with exact fractions, never through the exercise's own key path.

- AP: Manning, Raghavan and Schütze (2008), Introduction to Information Retrieval, section 8.4
  (the mean of the precision at each relevant document, unretrieved ones contributing 0).
- Borda: the item at rank r of n gets n - r points (de Borda 1781; rankbook's "textbook scale",
  docs/aggregation/borda.md); the fused order sorts by points, ties by voters then by name.
- The exact paired randomisation test: the share of the 2^n sign flips of the differences whose
  mean is at least as far from 0 as the observed one (Fisher 1935; Smucker, Allan and Carterette
  2007).
"""

from __future__ import annotations

import itertools
from fractions import Fraction

KINDS = ["AP", "nDCG@k", "NumRel", "borda", "t-test", "runid", "PR curve", "randomization", "MAP"]


def ap(ranking, R) -> Fraction:
    found, total = 0, Fraction(0)
    for rank, grade in enumerate(ranking, start=1):
        if grade >= 1:
            found += 1
            total += Fraction(found, rank)
    return total / R


def borda_order(voters) -> str:
    n = len(voters[0])
    points = {}
    for ranked in voters:
        for rank, item in enumerate(ranked, start=1):
            points[item] = points.get(item, 0) + n - rank
    return " > ".join(sorted(points, key=lambda item: (-points[item], item)))


def randomization_p(x, y) -> Fraction:
    d = [Fraction(a) - Fraction(b) for a, b in zip(x, y)]
    observed = abs(sum(d))
    flips = list(itertools.product((1, -1), repeat=len(d)))
    extreme = sum(1 for signs in flips if abs(sum(s * v for s, v in zip(signs, d))) >= observed)
    return Fraction(extreme, len(flips))


def expected_key(exercise):
    """The key recomputed from the data the question states."""
    metric = exercise.metric
    if metric == "AP":
        return ap(exercise.ranking, exercise.n_relevant)
    if metric == "borda":  # the profile as the check command types it
        lists = exercise.check.split()[3:]
        return borda_order([ranked.split(",") for ranked in lists])
    if metric == "randomization":
        words = exercise.check.split("[")
        x = [Fraction(v) for v in words[1].split("]")[0].split(", ")]
        y = [Fraction(v) for v in words[2].split("]")[0].split(", ")]
        return randomization_p(x, y)
    raise KeyError(metric)
