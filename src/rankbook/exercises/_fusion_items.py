r"""Exercises on rank aggregation: a small profile, the fused order and scores.

Each exercise draws a profile of 3 or 4 voters ranking 4 or 5 items (``a``,
``b``, ...), as ranked lists, or as item=score lists for the methods that
combine scores. Level 3 profiles are partial: one voter leaves out an item.
The answer is the fused order (best first) and each item's fused score, as
the method's function computes it with the method's defaults; the key is the worked
table of `rankbook.explain_aggregation` (the points, the pairwise
matrix, the transition matrix, ... of the method's family), and
``rankbook explain-fusion`` prints the same table from the shell.
"""

from __future__ import annotations

import itertools
import random
from fractions import Fraction

from rankbook.aggregate.registry import METHODS

ITEMS = "abcdef"


def method_name(text: str) -> str | None:
    """The `METHODS` name written as ``text`` (any case, - or _), or None."""
    wanted = text.strip().lower().replace("-", "_")
    return wanted if wanted in METHODS else None


def draw_profile(method: str, rng: random.Random, level) -> list:
    """The lists of one exercise: item lists, or item -> score dicts for score combination."""
    items = list(ITEMS[:level.items])
    lists = []
    for voter in range(level.voters):
        order = items[:]
        rng.shuffle(order)
        if level.partial and voter == level.voters - 1:
            order = order[:-1]  # a partial list: this voter does not rank the last item
        if METHODS[method].needs_scores:
            scores = sorted(rng.sample(range(1, 10), len(order)), reverse=True)
            lists.append(dict(zip(order, scores)))
        else:
            lists.append(order)
    return lists


def typed(lists) -> list[str]:
    """Each list as ``rankbook explain-fusion`` reads it: ``a,b,c`` or ``a=5,b=3``."""
    out = []
    for ranked in lists:
        if isinstance(ranked, dict):
            out.append(",".join(f"{item}={score}" for item, score in ranked.items()))
        else:
            out.append(",".join(ranked))
    return out


def fused(method: str, lists) -> dict:
    """item -> fused score, best first, with the method's example parameters."""
    return METHODS[method].function(lists, **METHODS[method].example)


def score_text(score) -> str:
    """A fused score as the key prints it: a whole number, a short fraction, or 4 decimals."""
    value = float(score)
    if value.is_integer():
        return str(int(value))
    fraction = Fraction(value).limit_denominator(60)
    if abs(float(fraction) - value) < 1e-12:
        return f"{fraction} ≈ {value:.4f}"
    return f"{value:.4f}"


def order_text(result: dict) -> str:
    """``b > a > c``: the fused order, best first."""
    return " > ".join(result)


def question_text(method: str, lists) -> str:
    """The profile and what to compute."""
    shown = "; ".join(f"voter {n}: `{text.replace(',', ' > ') if '=' not in text else text}`"
                      for n, text in enumerate(typed(lists), start=1))
    params = METHODS[method].example
    settings = (" with " + ", ".join(f"{k} = {v}" for k, v in params.items())) if params else ""
    partial = any(len(ranked) < max(len(other) for other in lists) for ranked in lists)
    missing = " A voter who leaves out an item does not rank it." if partial else ""
    return (f"{len(lists)} voters rank the items (best first{', with scores' if '=' in shown else ''}): "
            f"{shown}.{missing} Aggregate them with {method}{settings} (rankbook's defaults): "
            f"give the fused order, best first, and each item's fused score. {tie_rule(method)}")


def tie_rule(method: str) -> str:
    """The tie rule, as the question states it (`rankbook.aggregate.ranked_result`'s)."""
    rule = ("Ties: items with equal fused scores are ordered by the number of voters who rank "
            "them, more first, then by name (a before b).")
    if method == "kemeny":
        rule += (" Where several orders have the least Kemeny distance, take the one that "
                 "comes first read top down in that order.")
    return rule


def tie_notes(method: str, lists, result: dict) -> list[str]:
    """One line per tie the fused order broke, naming the tied items and how they were ordered.

    Scores are compared as `rankbook.aggregate.ranked_result` compares them, to 12
    significant digits; Kemeny's tie is between whole orders (`kemeny_ties`).
    """
    voters = {item: sum(item in ranked for ranked in lists) for item in result}
    groups: list[list] = []
    for item, score in result.items():
        if groups and f"{score:.12g}" == f"{result[groups[-1][0]]:.12g}":
            groups[-1].append(item)
        else:
            groups.append([item])
    notes = []
    for group in (group for group in groups if len(group) > 1):
        named = ", ".join(group[:-1]) + " and " + group[-1]
        counts = {voters[item] for item in group}
        why = (f"each is ranked by {counts.pop()} voters, so by name" if len(counts) == 1 else
               "by the voters who rank each (" + ", ".join(f"{item}: {voters[item]}"
                                                           for item in group)
               + "), more first, then by name")
        notes.append(f"tie rule: {named} tie at {score_text(result[group[0]])}; {why}.")
    if method == "kemeny":
        notes += kemeny_ties(lists, list(result))
    return notes


def kemeny_ties(lists, order) -> list[str]:
    """The note of a Kemeny key when several orders reach the least distance (all n! tried)."""
    items = sorted(order)
    ranks = [{item: r for r, item in enumerate(ranked)} for ranked in lists]
    unranked = len(items)  # an unranked item is below every ranked one
    prefer = {(x, y): sum(rank.get(x, unranked) < rank.get(y, unranked) for rank in ranks)
              for x in items for y in items}  # N(x, y): the voters who rank x above y

    def distance(candidate) -> int:  # the voters' pairs the candidate order puts the other way
        return sum(prefer[y, x] for i, x in enumerate(candidate) for y in candidate[i + 1:])

    distances = [distance(candidate) for candidate in itertools.permutations(items)]
    least = min(distances)
    tied = distances.count(least)
    if tied == 1:
        return []
    note = (f"tie rule: {tied} orders reach the least distance {least}; {' > '.join(order)} "
            "comes first read top down in the tie order (more voters, then by name).")
    return [note]


def check_command(method: str, lists) -> str:
    """The ``rankbook explain-fusion`` command that prints the worked table."""
    params = "".join(f" --param {k}={v}" for k, v in METHODS[method].example.items())
    return f"rankbook explain-fusion {method} {' '.join(typed(lists))}{params}"


def worked_table(method: str, lists) -> str:
    """The key: explain_aggregation's tables, as text."""
    from rankbook.explain.aggregation import explain_aggregation

    return str(explain_aggregation(lists, method, **METHODS[method].example))


def answer_and_solution(method: str, lists, render: bool = True):
    """``(order, solution, scores)``: the fused order, the worked table and the scores."""
    result = fused(method, lists)
    solution = "\n".join(tie_notes(method, lists, result))
    if render:
        scores = ", ".join(f"{item}: {score_text(score)}" for item, score in result.items())
        solution = "\n".join([worked_table(method, lists), "", f"fused scores: {scores}",
                              solution]).rstrip("\n")
    return order_text(result), solution, tuple(float(score) for score in result.values())
