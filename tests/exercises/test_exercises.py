"""Every exercise on the docs site has an answer key that the package checks.

An exercise is written in a metric page as

    !!! question "Exercise 1: ..."
        The question, with its data.

        ??? success "Solution"
            The worked solution, by hand.

            <!-- answer: rb.precision_at_k([1, 0, 1, 1], 3) == Fraction(2, 3) -->

The ``answer:`` comment is invisible on the site. Its left side is computed by
rankbook; its right side is the hand-derived answer (an exact fraction or a
number from a published source). A wrong answer key, or a change in the
package that alters the answer, fails this test.
"""

from __future__ import annotations

import math
import re
from fractions import Fraction
from pathlib import Path

import pytest

import rankbook as rb

DOCS = Path(__file__).resolve().parents[2] / "docs"
ANSWER = re.compile(r"<!--\s*answer:\s*(.+?)\s*-->", re.S)
PAGES = sorted(p for p in DOCS.rglob("*.md") if p.is_file())


def _answers():
    for page in PAGES:
        text = page.read_text(encoding="utf-8")
        for match in ANSWER.finditer(text):
            line = text.count("\n", 0, match.start()) + 1
            yield pytest.param(page, line, match.group(1), id=f"{page.relative_to(DOCS)}:{line}")


def _namespace():
    return {"rb": rb, "Fraction": Fraction, "math": math, "nan": math.nan}


def _close(a, b) -> bool:
    if isinstance(a, str) or isinstance(b, str):  # item ids (rank aggregation answers)
        return a == b
    if isinstance(a, (tuple, list)) or isinstance(b, (tuple, list)):
        return len(a) == len(b) and all(_close(x, y) for x, y in zip(a, b))
    return math.isclose(float(a), float(b), rel_tol=1e-9, abs_tol=1e-12)


@pytest.mark.parametrize("page, line, expression", list(_answers()))
def test_answer_key_matches_rankbook(page, line, expression):
    left, sep, right = expression.partition(" == ")
    assert sep, f"{page}:{line}: an answer must read 'COMPUTED == EXPECTED', got {expression!r}"
    computed = eval(left, _namespace())  # noqa: S307 (our own docs)
    expected = eval(right, _namespace())  # noqa: S307
    assert _close(computed, expected), (
        f"{page.relative_to(DOCS)}:{line}: rankbook computes {computed!r} but the answer key "
        f"says {expected!r} ({right})"
    )


def _metric_pages():
    return sorted((DOCS / "metrics").glob("*.md")) if (DOCS / "metrics").exists() else []


@pytest.mark.parametrize("page", [p for p in _metric_pages() if p.name != "index.md"],
                         ids=lambda p: p.name)
def test_every_metric_page_has_checked_exercises(page):
    text = page.read_text(encoding="utf-8")
    questions = len(re.findall(r'^!!! question', text, re.M))
    solutions = len(re.findall(r'^\s+\?\?\? success "Solution', text, re.M))
    answers = len(ANSWER.findall(text))
    assert questions >= 1, f"{page.name} has no exercise (a '!!! question' block)"
    assert solutions >= questions, f"{page.name}: an exercise has no collapsible solution"
    assert answers >= questions, f"{page.name}: an exercise has no '<!-- answer: ... -->' key"


def test_the_parametrised_lists_are_collected():
    # Both lists above are read from the docs; an empty or shrunken one would pass silently.
    assert len(list(_answers())) >= 75
    assert len([p for p in _metric_pages() if p.name != "index.md"]) >= 17
