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
            "give the fused order, best first, and each item's fused score.")


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
    scores = ", ".join(f"{item}: {score_text(score)}" for item, score in result.items())
    solution = f"fused scores: {scores}"
    if render:
        solution = worked_table(method, lists) + "\n\n" + solution
    return order_text(result), solution, tuple(float(score) for score in result.values())
