"""The aggregation pages: every method page has checked exercises, and the PyFLAGR output the
pages quote is what pyflagr 1.0.18 prints."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from flagr_oracle import run

from rankbook.aggregate.registry import FAMILIES, METHODS, markdown_table

DOCS = Path(__file__).resolve().parents[2] / "docs" / "aggregation"
# The method families' pages; "Coming from PyFLAGR" (pyflagr.md) is a guide to rankbook.pyflagr.
PAGES = sorted(p for p in DOCS.glob("*.md") if p.name not in ("index.md", "pyflagr.md"))
ANSWER = re.compile(r"<!--\s*answer:\s*(.+?)\s*-->", re.S)

# The running example of the score-combination and position-based pages.
RUNNING = [{"a": 5.0, "b": 3.0, "c": 1.0}, {"b": 9.0, "d": 4.0},
           {"c": 2.0, "a": 1.5, "e": 1.0, "b": 0.5}]


# The pages of each family of rankbook.aggregate.METHODS (normalisation and Kemeny have their own).
FAMILY_PAGES = {family: {Path(page).stem for page, _ in entry.pages}
                for family, entry in FAMILIES.items()}
LINK = re.compile(r"\]\((?:\.\./aggregation/)?([a-z_]+)\.md")


def test_the_family_pages_exist():
    assert {m.family for m in METHODS.values()} == set(FAMILY_PAGES)
    assert {p.stem for p in PAGES} == set().union(*FAMILY_PAGES.values())


def test_the_guide_lists_every_family_method_and_page():
    guide = (DOCS / "index.md").read_text(encoding="utf-8")
    assert "<!-- aggregate-index -->" in guide.split("## The methods", 1)[1].split("\n## ", 1)[0]
    table = markdown_table("../")    # what docs/hooks/catalogues.py puts there
    for name in METHODS:
        assert f"`{name}`" in table, f"the guide's table of methods lacks {name}"
    assert {p.stem for p in PAGES} <= set(LINK.findall(table))


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_every_page_links_to_and_from_another_familys_page(page):
    text = page.read_text(encoding="utf-8")
    assert set(LINK.findall(text)) & ({p.stem for p in PAGES} - {page.stem}), page.name
    linked_from = {p.stem for p in PAGES if page.stem in LINK.findall(p.read_text(encoding="utf-8"))}
    assert linked_from - {page.stem}, f"no other family page links to {page.name}"


def test_every_page_is_in_the_site_navigation():
    nav = (DOCS.parents[1] / "mkdocs.yml").read_text(encoding="utf-8")
    for page in [*PAGES, DOCS / "index.md", DOCS / "pyflagr.md"]:
        assert f"aggregation/{page.name}" in nav


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_every_page_has_checked_exercises(page):
    text = page.read_text(encoding="utf-8")
    questions = len(re.findall(r"^!!! question", text, re.M))
    assert questions >= 3
    assert len(re.findall(r'^\s+\?\?\? success "Solution', text, re.M)) >= questions
    assert len(ANSWER.findall(text)) >= questions
    for heading in ("## Formula", "## Worked example", "## Variants and which tool uses which",
                    "## Pitfalls", "## References", "## Exercises"):
        assert heading in text, f"{page.name} lacks {heading!r}"


@pytest.mark.parametrize("name, printed", [
    ("combsum:borda", "b 2.2, a 2.2, c 2.0, d 1.3, e 1.3"),
    ("combmnz:borda", "b 6.6, a 4.4, c 4.0, d 1.3, e 1.3"),
    ("borda", "b 2.2, a 2.2, c 2.0, d 1.3, e 1.3"),
])
def test_quoted_pyflagr_output(name, printed):
    shown = ", ".join(f"{item} {score:.1f}" for item, score in run(name, RUNNING))
    assert shown == printed
    pages = (DOCS / "combination.md").read_text() + (DOCS / "positional.md").read_text()
    assert printed in pages
