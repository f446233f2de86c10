"""Every page of docs/comparing (one per test) has exercises with solutions and answer keys.

tests/exercises/test_exercises.py checks each answer key against rankbook; this checks that none is
missing, as tests/exercises/test_exercises.py does for the metric pages.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

COMPARING = Path(__file__).resolve().parents[2] / "docs" / "comparing"
# The guide pages (the section's index, the Comparator/compare guide, the reproducibility
# chapter, topic set size design, discriminative power and risk against a baseline) are not
# test pages.
GUIDES = ("index.md", "comparator.md", "reproducibility.md", "topic_set_size.md",
          "discriminative_power.md", "risk.md")
PAGES = sorted(p for p in COMPARING.glob("*.md") if p.name not in GUIDES)
ANSWER = re.compile(r"<!--\s*answer:\s*(.+?)\s*-->", re.S)


def test_the_test_pages_are_the_registry_pages():
    from rankbook.stats import registry

    entries = list(registry.TESTS.values()) + list(registry.CORRECTIONS.values())
    assert {p.name for p in PAGES} == {Path(e.page).name for e in entries}


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_every_test_page_has_checked_exercises(page):
    text = page.read_text(encoding="utf-8")
    questions = len(re.findall(r"^!!! question", text, re.M))
    solutions = len(re.findall(r'^\s+\?\?\? success "Solution', text, re.M))
    assert questions >= 3, f"{page.name} has {questions} exercises"
    assert solutions >= questions and len(ANSWER.findall(text)) >= questions


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_every_test_page_has_the_sections(page):
    text = page.read_text(encoding="utf-8")
    for heading in ("## Formula", "## Assumptions", "## Worked example", "## When to use it",
                    "## Pitfalls", "## References", "## Exercises"):
        assert heading in text, f"{page.name} lacks {heading!r}"
    assert "```pycon" in text, f"{page.name} has no executed example"
