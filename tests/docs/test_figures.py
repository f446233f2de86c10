"""Figures drawn by the docs build (docs/hooks/figures.py) show the numbers of their page.

Each figure is drawn here as the build draws it: the page's pycon examples, then the figure's
code. What it drew is compared with the numbers the page prints, which its doctests check
against published sources; so a figure that drifted from its page fails here.
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
DOCS = ROOT / "docs"


def _hook():
    spec = importlib.util.spec_from_file_location("figures", DOCS / "hooks" / "figures.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


figures = _hook()


def _axes(page: str, number: int = 0):
    drawn = figures.draw_figures((DOCS / page).read_text(), page)
    return drawn[number].axes[0]


def _printed(page: str, after: str) -> str:
    """The output line printed right after the example line ``after`` on the page."""
    lines = (DOCS / page).read_text().splitlines()
    index = next(i for i, line in enumerate(lines) if line.strip().startswith(after))
    return lines[index + 1].strip()


@pytest.fixture(autouse=True)
def _close():
    yield
    plt.close("all")


def test_the_ap_figure_shows_the_pages_precisions_and_its_ap():
    page = "metrics/average_precision.md"
    ax = _axes(page)
    printed = [float(x) for x in re.findall(r"[\d.]+", _printed(
        page, ">>> [round(rb.precision_at_k(lecture, k), 6) for k in (1, 3, 5)]"))]
    heights = [round(bar.get_height(), 6) for bar in ax.patches if bar.get_height() > 0]
    assert heights == printed == [1.0, 0.666667, 0.6]
    ap = float(_printed(page, ">>> round(rb.average_precision(lecture, n_relevant=3), 6)"))
    area = sum(bar.get_height() * bar.get_width() for bar in ax.patches)
    assert round(area, 6) == ap
    assert f"{ap:.4f}" in ax.get_title()


def test_a_figure_block_needs_alt_text_and_an_axes():
    page = "```pycon\n>>> x = [1, 0, 1]\n\n```\n\n```python figure alt=\"short\"\nx\n```\n"
    with pytest.raises(figures.FigureError, match="alt="):
        figures.draw_figures(page, "p.md")
    page = page.replace('alt="short"', 'alt="a list of three grades drawn as nothing at all"')
    with pytest.raises(figures.FigureError, match="p.md, the figure at line 6.*not a matplotlib"):
        figures.draw_figures(page, "p.md")


def test_the_svg_follows_the_theme_and_names_itself():
    import rankbook as rb

    svg = figures.themed_svg(rb.plots.average_precision_area([1, 0, 1], 2).figure,
                             'AP "as" area', "salt")
    assert svg.startswith('<svg class="rb-figure-svg" role="img" aria-label="AP &quot;as&quot; area"')
    assert "#000000" not in svg and "currentColor" in svg
    assert 'width="' not in svg.split(">", 1)[0] and "viewBox" in svg.split(">", 1)[0]


# ---------------------------------------------------------------------------------------------
# Comparing systems and reproducibility (issue 28, item 2): a figure on every page of the
# chapter, and the paired t-test's figure marks the statistic and the p-value its page prints.
# ---------------------------------------------------------------------------------------------

COMPARING_PAGES = [
    "comparing/index.md", "comparing/comparator.md", "comparing/paired_t_test.md",
    "comparing/randomization_test.md", "comparing/wilcoxon_test.md",
    "comparing/bootstrap_test.md", "comparing/two_way_anova.md", "comparing/tukey_hsd.md",
    "comparing/multiple_comparisons.md", "comparing/topic_set_size.md",
    "comparing/discriminative_power.md",
    "comparing/unpaired_t_test.md",    # not in mkdocs.yml's nav: docs/hooks/stats_index.py adds it
    "comparing/reproducibility.md",
]


@pytest.mark.parametrize("page", COMPARING_PAGES)
def test_every_page_of_the_comparing_chapter_has_a_figure(page):
    assert figures.figure_blocks((DOCS / page).read_text()), f"{page} has no ```python figure block"


def test_the_list_of_comparing_pages_is_the_chapter():
    # every Markdown page of docs/comparing/ is in the list, so a new page needs a figure too
    assert sorted(COMPARING_PAGES) == sorted(
        f"comparing/{path.name}" for path in (DOCS / "comparing").glob("*.md"))


def test_the_paired_t_figure_marks_the_pages_statistic_and_p_value():
    import numpy as np
    from scipy import stats

    page = "comparing/paired_t_test.md"
    printed = _printed(page, ">>> round(r.mean_difference, 4), round(r.statistic, 3), r.df")
    mean, t, df, p = (float(v) for v in printed.strip("()").split(", "))
    assert (t, df, p) == (2.116, 19, 0.048)
    ax = next(axes for figure in figures.draw_figures((DOCS / page).read_text(), page)
              for axes in figure.axes if axes.get_title().startswith("paired t-test"))
    marked = [line.get_xdata()[0] for line in ax.get_lines() if line.get_linestyle() == "--"]
    assert [round(x, 3) for x in marked] == [t]
    density = ax.get_lines()[0]
    assert density.get_ydata() == pytest.approx(stats.t.pdf(density.get_xdata(), df))
    shaded = 0.0
    for collection in ax.collections:
        for path in collection.get_paths():
            x, y = path.vertices[:, 0], path.vertices[:, 1]
            shaded += abs(sum(x * np.roll(y, -1) - y * np.roll(x, -1))) / 2
    beyond = 2 * stats.t.sf(density.get_xdata()[-1], df)
    assert round(shaded + beyond, 3) == p
    assert "t = 2.116 (19 df)" in ax.get_title() and "p = 0.0478" in ax.get_title()
