"""The chapter "Online evaluation": every page has the house structure, checked exercises and a
figure drawn from its example; the opening page's figure shows the expected outcomes it prints.

(tests/exercises/test_exercises.py evaluates every answer key; `pytest --doctest-glob` runs the
pages' examples.)
"""

from __future__ import annotations

import importlib.util
import re
from fractions import Fraction
from pathlib import Path

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import pytest  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
CHAPTER = ROOT / "docs" / "online"
FAMILIES = ["interleaving.md", "multileaving.md", "click_models.md", "counterfactual.md"]
ANSWER = re.compile(r"<!--\s*answer:\s*(.+?)\s*-->", re.S)


def test_the_chapter_holds_its_pages_and_they_are_in_the_navigation():
    assert sorted(p.name for p in CHAPTER.glob("*.md")) == sorted(["index.md", *FAMILIES])
    nav = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    section = nav.split("  - Online evaluation:", 1)[1].split("\n  - ", 1)[0]
    for page in ["index.md", *FAMILIES]:
        assert f"online/{page}" in section
    assert "notebooks/online_interleaving.ipynb" in section


@pytest.mark.parametrize("page", FAMILIES)
def test_every_family_page_has_the_house_structure(page):
    text = (CHAPTER / page).read_text(encoding="utf-8")
    for heading in ("## Formula", "## Worked example", "## Variants and which tool uses which",
                    "## Pitfalls", "## Exercises", "## References"):
        assert heading in text, f"{page} lacks {heading!r}"
    questions = len(re.findall(r"^!!! question", text, re.M))
    assert questions >= 3
    assert len(re.findall(r'^\s+\?\?\? success "Solution', text, re.M)) >= questions
    assert len(ANSWER.findall(text)) >= questions
    assert "```pycon" in text and "```python figure" in text and "```bibtex" in text


def _figures_hook():
    spec = importlib.util.spec_from_file_location("figures", ROOT / "docs" / "hooks" / "figures.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_opening_figure_shows_the_printed_expected_outcomes():
    text = (CHAPTER / "index.md").read_text(encoding="utf-8")
    printed = re.search(r"^balanced (\S+) (\S+)\nteam_draft (\S+) (\S+)\nprobabilistic (\S+) "
                        r"(\S+)\noptimized (\S+) (\S+)$", text, re.M).groups()
    values = [float(Fraction(x)) for x in printed]
    figure = _figures_hook().draw_figures(text, "online/index.md")[0]
    widths = [bar.get_width() for bar in figure.axes[0].patches]
    # bars: the random clicker's four methods, then the c-only user's four
    assert widths == pytest.approx(values[0::2] + values[1::2])
    plt.close("all")
