"""The chapter "Building test collections": its pages in the navigation, the house structure,
checked exercises, and figures that show the numbers their pages print.

(tests/exercises/test_exercises.py evaluates every answer key; `pytest --doctest-glob` runs the
pages' examples.)
"""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import pytest  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
CHAPTER = ROOT / "docs" / "collections"
POOL_PAGES = ["pooling.md", "pool_bias.md", "condensed.md"]
ANSWER = re.compile(r"<!--\s*answer:\s*(.+?)\s*-->", re.S)


def _figures():
    spec = importlib.util.spec_from_file_location("figures", ROOT / "docs" / "hooks" / "figures.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(autouse=True)
def _close():
    yield
    plt.close("all")


def test_the_pages_are_in_the_navigation_before_incomplete_judgments():
    nav = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    section = nav.split("  - Building test collections:", 1)[1].split("\n  - ", 1)[0]
    for page in ["index.md", *POOL_PAGES]:
        assert (CHAPTER / page).is_file()
        assert f"collections/{page}" in section
    assert nav.index("  - Building test collections:") < nav.index("  - Incomplete judgments:")


@pytest.mark.parametrize("page", POOL_PAGES)
def test_every_page_has_the_house_structure(page):
    text = (CHAPTER / page).read_text(encoding="utf-8")
    for heading in ("## Formula", "## Worked example", "## Intuition",
                    "## Variants and which tool uses which", "## Pitfalls", "## Exercises",
                    "## References"):
        assert heading in text, f"{page} lacks {heading!r}"
    questions = len(re.findall(r"^!!! question", text, re.M))
    assert questions >= 3
    assert len(re.findall(r'^\s+\?\?\? success "Solution', text, re.M)) >= questions
    assert len(ANSWER.findall(text)) >= questions
    assert "```pycon" in text and "```python figure" in text


def _printed_after(text: str, example: str) -> str:
    lines = text.splitlines()
    return lines[lines.index(example) + 1]


def test_the_pool_growth_figure_shows_the_printed_sizes():
    text = (CHAPTER / "index.md").read_text(encoding="utf-8")
    printed = dict(re.findall(r"^(\d+) ([\d.]+)$", text, re.M))
    ax = _figures().draw_figures(text, "collections/index.md")[0].axes[0]
    line = ax.get_lines()[0]
    drawn = dict(zip(line.get_xdata().tolist(), line.get_ydata().tolist()))
    assert {int(k): float(v) for k, v in printed.items()} == {k: drawn[k] for k in (1, 5, 10, 30)}


def test_the_pool_grid_shows_the_printed_contributors():
    text = (CHAPTER / "pooling.md").read_text(encoding="utf-8")
    contributors = eval(_printed_after(text, '>>> co.pool_contributors(runs, 3)["401"]'))  # noqa: S307
    ax = _figures().draw_figures(text, "collections/pooling.md")[0].axes[0]
    alone = sum(1 for names in contributors.values() if len(names) == 1)
    assert ax.get_title() == (f"Topic 401, depth 3: {len(contributors)} pooled, "
                              f"{alone} by one run alone")
    assert sorted({t.get_text() for t in ax.texts}) == sorted(contributors)


def test_the_pool_bias_figure_shows_the_printed_scores():
    text = (CHAPTER / "pool_bias.md").read_text(encoding="utf-8")
    printed = {name: (float(full), float(reduced)) for name, full, reduced in
               re.findall(r"^(V-\d) ([\d.]+) ([\d.]+) \d+ \d+$", text, re.M)}
    ax = _figures().draw_figures(text, "collections/pool_bias.md")[0].axes[0]
    names = [t.get_text() for t in ax.get_yticklabels()]
    full, reduced = (c.get_offsets().tolist() for c in ax.collections)
    for name, (want_full, want_reduced) in printed.items():
        row = names.index(name)
        assert round(full[row][0], 4) == want_full and round(reduced[row][0], 4) == want_reduced
    assert len(printed) == 3 and len(names) == 10


def test_the_condensed_figure_shows_the_printed_scores_of_v7():
    text = (CHAPTER / "condensed.md").read_text(encoding="utf-8")
    truth, ap, condensed = eval(_printed_after(  # noqa: S307
        text, '>>> round(truth["V-7"], 4), round(incomplete["AP"]["V-7"], 4), '
              'round(incomplete["AP\' (condensed)"]["V-7"], 4)'))
    ax = _figures().draw_figures(text, "collections/condensed.md")[0].axes[0]
    series = {c.get_label(): c.get_offsets().tolist() for c in ax.collections}
    v7 = 7  # the voters V-0 ... V-9 in order
    assert [round(x, 4) for x in series["AP"][v7]] == [truth, ap]
    assert [round(x, 4) for x in series["AP' (condensed)"][v7]] == [truth, condensed]
    assert "infAP" not in series and "bpref" in series
