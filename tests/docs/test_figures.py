"""Figures drawn by the docs build (docs/hooks/figures.py) show the numbers of their page.

Each figure is drawn here as the build draws it: the page's pycon examples, then the figure's
code. What it drew is compared with the numbers the page prints, which its doctests check
against published sources; so a figure that drifted from its page fails here.
"""

from __future__ import annotations

import ast
import importlib.util
import re
from pathlib import Path

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import pytest  # noqa: E402
import yaml  # noqa: E402

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


def test_the_roc_figures_show_the_pages_points_and_aucs():
    page = "metrics/roc_auc.md"
    drawn = figures.draw_figures((DOCS / page).read_text(), page)
    # The list on its own: every point of the curve is printed, TPR from k = 1.
    ax = drawn[0].axes[0]
    curve = next(line for line in ax.get_lines() if line.get_label().startswith("this ranking"))
    fpr = ast.literal_eval(_printed(page, ">>> fpr.tolist()"))
    tpr = ast.literal_eval(_printed(page, ">>> tpr[1:].tolist()"))
    assert curve.get_xdata().tolist() == fpr
    assert curve.get_ydata().tolist()[1:] == tpr
    auc = float(_printed(page, ">>> rb.roc_auc(ranking)"))
    assert auc == 0.75 and f"AUC = {auc:.4f}" in curve.get_label() and f"{auc:.4f}" in ax.get_title()
    # With the unretrieved items: the page prints the last two points and the AUC.
    ax = drawn[1].axes[0]
    last_two = ast.literal_eval(_printed(page, ">>> [(float(x), float(y)) for x, y in zip("))
    tied = next(line for line in ax.get_lines() if line.get_label().startswith("unretrieved"))
    assert [tuple(point) for point in tied.get_xydata().tolist()] == last_two
    auc = float(_printed(page, ">>> rb.roc_auc(ranking, n_relevant=5, n_nonrelevant=10)"))
    assert auc == 0.78 and f"AUC = {auc:.4f}" in ax.get_title()
    area = sum((x1 - x0) * (y0 + y1) / 2 for (x0, y0), (x1, y1) in
               zip(ax.get_lines()[1].get_xydata()[:-1], ax.get_lines()[1].get_xydata()[1:]))
    area += (last_two[1][0] - last_two[0][0]) * (last_two[0][1] + last_two[1][1]) / 2
    assert round(area, 6) == auc                     # the trapezoids under the drawn path


def chapter_pages(*chapters: str) -> list[str]:
    """The pages of the nav's chapters (by title), less each chapter's opening page."""
    nav = yaml.safe_load((ROOT / "mkdocs.yml").read_text())["nav"]
    pages = []
    for section in nav:
        for title, entries in (section.items() if isinstance(section, dict) else ()):
            if title in chapters:
                pages += [entry if isinstance(entry, str) else next(iter(entry.values()))
                          for entry in entries]
    return [page for page in pages if page.endswith(".md") and not page.endswith("index.md")]


def pages_without_a_figure(pages: list[str]) -> list[str]:
    return [page for page in pages if not figures.figure_blocks((DOCS / page).read_text())]


def test_every_page_of_the_set_and_rank_based_chapters_has_a_figure():
    pages = chapter_pages("Set-based measures", "Rank-based measures")
    assert len(pages) == 18, pages
    assert pages_without_a_figure(pages) == []


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
