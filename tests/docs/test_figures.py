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


# Every page of the measure chapters, of comparing systems (reproducibility included) and of
# rank aggregation holds a figure drawn from its example (issue 28): the measure chapters'
# opening pages are guides, not measure pages; comparing/ and aggregation/ open with a figure.
FIGURE_CHAPTERS = ("Set-based measures", "Rank-based measures", "Graded relevance",
                   "User models", "Diversity", "Incomplete judgments", "Comparing systems",
                   "Reproducibility", "Rank aggregation")


def test_every_page_of_the_measure_comparing_and_aggregation_chapters_has_a_figure():
    pages = chapter_pages(*FIGURE_CHAPTERS) + ["comparing/index.md", "aggregation/index.md"]
    pages += [f"comparing/{p.name}" for p in (DOCS / "comparing").glob("*.md")
              if f"comparing/{p.name}" not in pages]          # pages the stats hook puts in the nav
    assert len(pages) >= 50 and "metrics/err.md" in pages and "aggregation/pyflagr.md" in pages
    assert pages_without_a_figure(pages) == []


def test_a_figure_block_needs_alt_text_and_an_axes():
    page = "```pycon\n>>> x = [1, 0, 1]\n\n```\n\n```python figure alt=\"short\"\nx\n```\n"
    with pytest.raises(figures.FigureError, match="alt="):
        figures.draw_figures(page, "p.md")
    page = page.replace('alt="short"', 'alt="a list of three grades drawn as nothing at all"')
    with pytest.raises(figures.FigureError, match="p.md, the figure at line 6.*not a matplotlib"):
        figures.draw_figures(page, "p.md")


def test_an_example_shown_raising_does_not_stop_the_figures_after_it():
    page = ("```pycon\n>>> x = [1, 0, 1]\n>>> 1 / 0\nTraceback (most recent call last):\n"
            "ZeroDivisionError: division by zero\n\n```\n\n"
            '```python figure alt="the list drawn as the rectangles of its average precision"\n'
            "import rankbook as rb\nrb.plots.average_precision_area(x, 2)\n```\n")
    assert len(figures.draw_figures(page, "p.md")) == 1
    with pytest.raises(figures.FigureError, match="the example at line 3: ZeroDivisionError"):
        figures.draw_figures(page.replace("Traceback (most recent call last):\n"
                                          "ZeroDivisionError: division by zero\n", "0\n"), "p.md")


def test_the_svg_follows_the_theme_and_names_itself():
    import rankbook as rb

    svg = figures.themed_svg(rb.plots.average_precision_area([1, 0, 1], 2).figure,
                             'AP "as" area', "salt")
    assert svg.startswith('<svg class="rb-figure-svg" role="img" aria-label="AP &quot;as&quot; area"')
    assert "#000000" not in svg and "currentColor" in svg
    assert 'width="' not in svg.split(">", 1)[0] and "viewBox" in svg.split(">", 1)[0]


# ---------------------------------------------------------------------------------------------
# Graded relevance, user models, incomplete judgments (issue 28, fig-b): the nDCG and RBP
# figures show their page's printed numbers, and every page of the three chapters has a figure.
# ---------------------------------------------------------------------------------------------

GRADED_USER_MODEL_INCOMPLETE_PAGES = [
    "metrics/dcg.md", "metrics/ndcg.md", "metrics/ndcg_variants.md", "metrics/ndcg_gain_map.md",
    "metrics/normalized_gain.md",                                     # Graded relevance
    "metrics/rbp.md", "metrics/err.md",                               # User models
    "metrics/bpref.md", "metrics/infap.md", "metrics/judged_only.md", "metrics/unjudged.md",
    "metrics/relstring.md",                                           # Incomplete judgments
]


def _numbers(text: str) -> list[float]:
    return [float(x) for x in re.findall(r"-?\d+(?:\.\d+)?", text)]


def test_the_ndcg_figure_shows_the_pages_ndcg_at_each_rank_and_dcg_idcg_at_5():
    page = "metrics/ndcg.md"
    top, bottom = figures.draw_figures((DOCS / page).read_text(), page)[0].axes[:2]
    printed = _numbers(_printed(
        page, ">>> [round(rb.ndcg_at_k(flagr, k, ideal=ideal), 2) for k in range(1, 9)]"))
    assert [round(y, 2) for y in bottom.get_lines()[0].get_ydata()] == printed
    assert printed == [1.0, 0.61, 0.7, 0.75, 0.75, 0.89, 0.89, 0.89]    # FLAGR's table
    ideal, dcg = top.get_lines()
    at_5 = _numbers(_printed(page, ">>> round(rb.dcg_at_k(flagr, 5), 2), round(rb.idcg_at_k"))
    assert [round(dcg.get_ydata()[4], 2), round(ideal.get_ydata()[4], 2)] == at_5 == [1.93, 2.56]


def test_the_rbp_figures_show_the_pages_rbp_and_residual():
    page = "metrics/rbp.md"
    weights, contributions = figures.draw_figures((DOCS / page).read_text(), page)
    printed = _numbers(_printed(page, ">>> [round(rb.rank_biased_precision(ranking, persistence=p)"))
    labels = [line.get_label() for line in weights.axes[0].get_lines()[::2]]
    assert [_numbers(label)[-1] for label in labels] == printed == [0.7661, 0.4526, 0.1881]
    parts = contributions.axes[1]
    documents, residual = parts.containers
    rbp = float(_printed(page, ">>> rb.rank_biased_precision(short, persistence=0.5)"))
    resid = float(_printed(page, ">>> rb.rank_biased_precision_residual(short, persistence=0.5)"))
    assert sum(bar.get_height() for bar in documents) == pytest.approx(rbp) and rbp == 0.5625
    assert sum(bar.get_height() for bar in residual) == pytest.approx(resid) and resid == 0.3125
    assert f"RBP = {rbp:.4f}, residual = {resid:.4f}" in parts.get_title()

# Rank aggregation chapter (docs/aggregation/): its figures and the numbers its pages print.
# ---------------------------------------------------------------------------------------------

AGGREGATION_PAGES = ["aggregation/index.md", "aggregation/normalization.md",
                     "aggregation/combination.md", "aggregation/positional.md",
                     "aggregation/majoritarian.md", "aggregation/kemeny.md",
                     "aggregation/markov_chains.md", "aggregation/rra.md",
                     "aggregation/self_weighting.md"]


def test_the_borda_figure_shows_the_order_and_points_the_positional_page_prints():
    import ast

    page = "aggregation/positional.md"
    printed = ast.literal_eval(_printed(page, ">>> ag.borda(tennessee, weights=voters)"))
    assert printed == {"Nashville": 194.0, "Chattanooga": 173.0, "Memphis": 126.0,
                       "Knoxville": 107.0}                      # Wikipedia's "Borda count"
    ax = _axes(page, 0)
    order = [label.get_text() for label in ax.get_yticklabels()]
    points = [sum(bars[row].get_width() for bars in ax.containers) for row in range(len(order))]
    assert dict(zip(order, points)) == printed
    assert list(printed) == order
    assert [text.get_text() for text in ax.texts] == [f"{p:g}" for p in printed.values()]


def test_the_kemeny_figure_shows_the_distances_the_kemeny_page_prints():
    page = "aggregation/kemeny.md"
    lines = (DOCS / page).read_text().splitlines()
    start = next(i for i, line in enumerate(lines) if line.strip() == "distance")
    printed = [float(line.split()[-1]) for line in lines[start + 1:start + 6]]
    assert printed == [207, 255, 207, 279, 345]
    assert [bar.get_width() for bar in _axes(page, 0).patches] == printed

# Comparing systems and reproducibility (issue 28, item 2): a figure on every page of the
# chapter, and the paired t-test's figure marks the statistic and the p-value its page prints.
# ---------------------------------------------------------------------------------------------

COMPARING_PAGES = [
    "comparing/index.md", "comparing/comparator.md", "comparing/paired_t_test.md",
    "comparing/randomization_test.md", "comparing/wilcoxon_test.md",
    "comparing/bootstrap_test.md", "comparing/two_way_anova.md", "comparing/tukey_hsd.md",
    "comparing/multiple_comparisons.md", "comparing/topic_set_size.md",
    "comparing/discriminative_power.md", "comparing/risk.md",
    "comparing/unpaired_t_test.md",    # not in mkdocs.yml's nav: docs/hooks/catalogues.py adds it
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


# The C/W/L family pages (docs/user_models/): each figure's labels carry the EU and ED that the
# page prints for the same model and list (the pages' doctests check those against cwl-eval's
# and ir_measures' published values where they exist).
# ---------------------------------------------------------------------------------------------

CWL_FAMILY_FIGURES = [
    ("user_models/inst.md", ">>> show(rb.cwl_inst(gains, T=1))"),
    ("user_models/u_measure.md", ">>> show(rb.cwl_u_measure(gains, L=10, costs=costs))"),
    ("user_models/tbg.md", ">>> show(rb.cwl_time_biased_gain(gains, halflife=22))"),
    ("user_models/ift.md", ">>> show(rb.cwl_ift_rate(gains, A=0.2, b2=0.9, R2=10))"),
    ("user_models/nerr.md", ">>> show(rb.cwl_nerr9(t3, k=10))"),
]


@pytest.mark.parametrize("page, example", CWL_FAMILY_FIGURES,
                         ids=[page.split("/")[-1] for page, _ in CWL_FAMILY_FIGURES])
def test_the_cwl_family_figures_show_the_eu_and_ed_their_pages_print(page, example):
    printed = dict(pair.split("=") for pair in _printed(page, example).split())
    eu, ed = float(printed["EU"]), float(printed["ED"])
    (drawn,) = figures.draw_figures((DOCS / page).read_text(), page)
    labels = [line.get_label() for ax in drawn.axes for line in ax.get_lines()]
    assert any(f"EU {eu:.4f}" in label and f"ED {ed:.2f}" in label for label in labels), labels


def test_the_bpm_figure_stops_where_the_page_says():
    page = "user_models/bpm.md"
    printed = _printed(page, ">>> show(rb.cwl_bejewelled_player(gains, T=4, K=10, costs=costs))")
    assert printed.endswith("ED=5.0000")
    (drawn,) = figures.draw_figures((DOCS / page).read_text(), page)
    benefit, cost = drawn.axes[:2]
    assert [ax.get_lines()[2].get_xdata()[0] for ax in (benefit, cost)] == [5, 5]
    assert cost.get_title() == "Effort: K = 10 spent at rank 5"


# Building test collections, the agreement and correlation pages (issue 34): each has a figure,
# and the figures show the numbers their pages print.
# ---------------------------------------------------------------------------------------------

AGREE_PAGES = ["collections/agreement.md", "collections/correlation.md"]


@pytest.mark.parametrize("page", AGREE_PAGES)
def test_the_agreement_and_correlation_pages_have_a_figure(page):
    assert figures.figure_blocks((DOCS / page).read_text()), f"{page} has no ```python figure block"


def test_the_agreement_figure_shows_table_8_2_and_the_kappas_the_page_prints():
    page = "collections/agreement.md"
    lines = (DOCS / page).read_text().splitlines()
    assert lines[lines.index(">>> table") + 1] == \
        "ConfusionTable(labels=(0, 1), counts=((70, 10), (20, 300)))"   # IIR, Table 8.2
    ax = _axes(page)
    assert [t.get_text() for t in ax.texts] == ["70", "10", "20", "300"]
    cohen, pooled = _numbers(_printed(page, ">>> round(co.cohen_kappa(judge1, judge2), 4)"))
    assert (cohen, pooled) == (0.7761, 0.7759)
    assert f"κ = {cohen:.3f}" in ax.get_title() and f"κ = {pooled:.3f}" in ax.get_title()


def test_the_correlation_figure_shows_the_tau_and_tau_ap_the_page_prints():
    page = "collections/correlation.md"
    tau = float(_printed(page, ">>> round(co.kendall_tau(full, shallow), 4)"))
    tau_ap = _numbers(_printed(page, ">>> round(co.tau_ap(full, shallow), 4)"))[0]
    assert (tau, tau_ap) == (0.8571, 0.6735)      # 6/7 and 33/49, worked on the page
    title = _axes(page).get_title()
    assert title == f"τ = {tau:.3f}, τ_AP = {tau_ap:.3f}; 2 swapped pairs"
