"""The page docs/collections/inferred.md: house structure, nav entry, and a figure that shows the
numbers the page prints (its doctests run with `pytest --doctest-glob`; the answer keys in
tests/exercises/test_exercises.py)."""

from __future__ import annotations

import ast
import importlib.util
import re
from pathlib import Path

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt

ROOT = Path(__file__).resolve().parents[2]
PAGE = ROOT / "docs" / "collections" / "inferred.md"
ANSWER = re.compile(r"<!--\s*answer:\s*(.+?)\s*-->", re.DOTALL)


def test_the_page_has_the_house_structure_and_is_in_the_chapter():
    text = PAGE.read_text(encoding="utf-8")
    for heading in ("## Formula", "## Worked example", "## Intuition",
                    "## Variants and which tool does what", "## Pitfalls", "## Exercises",
                    "## References"):
        assert heading in text, heading
    questions = len(re.findall(r"^!!! question", text, re.MULTILINE))
    assert questions >= 3 and len(ANSWER.findall(text)) >= questions
    assert "```pycon" in text and "```python figure" in text and "```bibtex" in text
    nav = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    section = nav.split("  - Building test collections:", 1)[1].split("\n  - ", 1)[0]
    assert "collections/inferred.md" in section
    assert nav.index("  - Building test collections:") < nav.index("  - Incomplete judgments:")


def _printed(text: str, example: str) -> list[float]:
    lines = text.splitlines()
    index = next(i for i, line in enumerate(lines) if line.strip() == example)
    return ast.literal_eval(lines[index + 1].strip())


def test_the_figure_shows_the_printed_truth_and_means():
    spec = importlib.util.spec_from_file_location("figures", ROOT / "docs" / "hooks" / "figures.py")
    hook = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(hook)
    text = PAGE.read_text(encoding="utf-8")
    ax = hook.draw_figures(text, "collections/inferred.md")[0].axes[0]
    means = ax.lines[1]
    truth = _printed(text, ">>> [round(ap, 3) for ap in truth]")
    printed_means = _printed(text, ">>> [round(float(np.mean(e)), 3) for e in estimates]")
    assert [round(float(x), 3) for x in means.get_xdata()] == truth
    assert [round(float(y), 3) for y in means.get_ydata()] == printed_means
    plt.close("all")
