r"""Small pieces the worked formulas of every chapter are written with."""

from __future__ import annotations

from rankbook.explain.worksheet import Step


def fraction(numerator, denominator) -> tuple[str, str]:
    r"""``numerator / denominator`` as (LaTeX, text): ``\frac{2}{3}``, ``2/3``."""
    return f"\\frac{{{numerator}}}{{{denominator}}}", f"{numerator}/{denominator}"


def step(name: str, latex: str, text: str) -> Step:
    """One worked formula."""
    return Step(name, latex, text)


def note(name: str, words: str) -> Step:
    """A line of words among the formulas (an assumption, an edge case)."""
    return Step(name, f"\\text{{{words}}}", words)


def past_the_end(case, k: int):
    """The note that ranks past the end of the list count as not relevant, when k passes it."""
    if k > case.n:
        ranks = f"rank {k} is" if k == case.n + 1 else f"ranks {case.n + 1} to {k} are"
        yield note("past the end", f"({ranks} past the end of the list of {case.n}: "
                                   "not relevant, as in trec_eval)")


def number(x) -> int | float:
    """3 rather than 3.0: a grade or gain as a person writes it."""
    x = float(x)
    return int(x) if x.is_integer() else x


def cut_at(case, k: int) -> list:
    """The list cut at rank k (the whole list when k passes its end): what a metric without a
    cut-off is computed on at rank k."""
    return list(case.relevance[:k])


def added(running, k: int) -> float:
    """What rank k adds to a running value: ``running(k) - running(k - 1)``, 0 before rank 1.

    The contribution columns are written so: the metric's own function gives both values, so
    the contributions add up to the metric exactly as it computes it."""
    return running(k) - (running(k - 1) if k > 1 else 0.0)


def braced(text: str) -> str:
    """``^(x)`` and ``_(x)`` as ``^{x}`` and ``_{x}``."""
    start = min((i for i in (text.find("^("), text.find("_(")) if i >= 0), default=-1)
    if start < 0:
        return text
    depth, end = 0, start + 1               # ^(...) -> ^{...}, its parentheses balanced
    while True:
        depth += {"(": 1, ")": -1}.get(text[end], 0)
        if depth == 0:
            break
        end += 1
    return (text[:start + 1] + "{" + braced(text[start + 2:end]) + "}"
            + braced(text[end + 1:]))
