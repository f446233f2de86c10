"""ComparisonReport's exports: LaTeX (structurally sound booktabs, best in bold), Markdown, JSON
round trip, text, and the marks of significant differences.

Data: Sakai's table 5.1 (Sakai 2018, Laboratory Experiments in Information Retrieval, ch. 5),
three systems on 20 topics, means 0.345, 0.270 and 0.245. With the paired t-test only A vs B is
significant at 0.05 (p = 0.0478; A vs C 0.1232, B vs C 0.5218: scipy.stats.ttest_rel, checked
below). The second measure swaps A's and B's scores, so there B beats A.
"""

from __future__ import annotations

import json
import re

import pytest
from scipy import stats as scipy_stats

from rankbook import InvalidValueError
from rankbook.compare import ComparisonReport, compare_scores

A = [0.7, 0.3, 0.2, 0.6, 0.4, 0.4, 0.0, 0.7, 0.1, 0.3, 0.5, 0.4, 0.0, 0.6, 0.5, 0.3, 0.1, 0.5, 0.2, 0.1]
B = [0.5, 0.1, 0.0, 0.2, 0.4, 0.3, 0.0, 0.5, 0.3, 0.3, 0.4, 0.4, 0.1, 0.4, 0.2, 0.1, 0.1, 0.6, 0.3, 0.2]
C = [0.0, 0.0, 0.2, 0.1, 0.3, 0.3, 0.1, 0.2, 0.4, 0.4, 0.4, 0.3, 0.3, 0.2, 0.2, 0.2, 0.1, 0.5, 0.4, 0.3]
SCORES = {"AP": {"A": A, "B": B, "C": C}, "P_10": {"A": B, "B": A, "C": C}}


@pytest.fixture(scope="module")
def report():
    return compare_scores(SCORES, test="t")


def test_which_pairs_are_significant(report):
    significant = {(p.measure, p.system_a, p.system_b) for p in report.pairs if p.significant}
    for p in report.pairs:
        x, y = SCORES[p.measure][p.system_a], SCORES[p.measure][p.system_b]
        assert p.pvalue == pytest.approx(scipy_stats.ttest_rel(x, y).pvalue, rel=1e-10)
    assert significant == {("AP", "A", "B"), ("P_10", "A", "B")}
    assert round(next(p for p in report.pairs if p.significant).pvalue, 4) == 0.0478
    assert report.marks()[("AP", "A")] == "b" and report.marks()[("AP", "B")] == ""
    assert report.marks()[("P_10", "B")] == "a" and report.marks()[("P_10", "C")] == ""


def test_table_marks_and_legend(report):
    table = report.table()
    assert list(table.index) == ["(a) A", "(b) B", "(c) C"] and list(table.columns) == ["AP", "P_10"]
    assert table.loc["(a) A", "AP"] == "0.3450 ^b"       # mean of A: 6.9 / 20
    assert table.loc["(c) C", "AP"] == "0.2450   "      # padded: the decimal points align
    assert "letters: significantly better" in table.attrs["note"]


def test_latex_is_structurally_sound(report):
    latex = report.to_latex(pairs=True)
    assert latex.count("{") == latex.count("}")
    assert latex.count(r"\begin{tabular}") == latex.count(r"\end{tabular}") == 2
    for rule in (r"\toprule", r"\midrule", r"\bottomrule"):
        assert latex.count(rule) == 2
    tabulars = re.findall(r"\\begin\{tabular\}\{(l?r*)\}(.*?)\\end\{tabular\}", latex, re.S)
    for spec, body in tabulars:
        rows = [line for line in body.strip().splitlines() if line.endswith(r"\\")]
        assert rows and all(line.count("&") == len(spec) - 1 for line in rows)
        assert all("$" not in line or line.count("$") % 2 == 0 for line in rows)
    means = tabulars[0][1]
    assert r"(a) A & \textbf{0.3450}$^{b}$ & 0.2700 \\" in means     # best AP in bold, marks
    assert r"(b) B & 0.2700 & \textbf{0.3450}$^{a}$ \\" in means


def test_markdown(report):
    markdown = report.to_markdown()
    lines = markdown.splitlines()
    assert lines[0] == "| system | AP | P_10 |" and lines[1] == "| --- | ---: | ---: |"
    assert lines[2] == "| (a) A | **0.3450**<sup>b</sup> | 0.2700 |"
    pairs = [line for line in lines if line.startswith("| AP |") or line.startswith("| P_10 |")]
    assert len(pairs) == 6


def test_json_round_trip(report):
    text = report.to_json()
    assert json.loads(text)["systems"] == ["A", "B", "C"]
    assert ComparisonReport.from_json(text) == report


def test_json_round_trip_with_infinite_effect_size():
    # A constant non-zero difference has effect size +inf (rankbook.stats' documented limit).
    constant = compare_scores({"AP": {"x": [0.5, 0.6, 0.7], "y": [0.4, 0.5, 0.6]}})
    assert constant.pairs[0].effect_size == float("inf")
    text = constant.to_json()
    assert "Infinity" not in text and '"inf"' in text
    assert ComparisonReport.from_json(text) == constant


def test_baseline_marks():
    report = compare_scores(SCORES, test="t", baseline="B")
    assert [(p.system_a, p.system_b) for p in report.pairs] == [("A", "B"), ("C", "B")] * 2
    table = report.table()
    assert list(table.index) == ["A", "B (baseline)", "C"]
    assert table.loc["A", "AP"] == "0.3450 ▲" and table.loc["A", "P_10"] == "0.2700 ▼"
    assert table.loc["C", "AP"] == "0.2450  "
    latex = report.to_latex()
    assert r"$^{\uparrow}$" in latex and r"$^{\downarrow}$" in latex


def test_text_lists_every_pair(report):
    text = report.to_text()
    assert text.count(" - ") >= 6 and "W/T/L" in text and "paired t-test" in text
    corrected = compare_scores(SCORES, correction="holm").to_text()
    assert "p (holm)" in corrected


def test_plots(report):
    import matplotlib

    matplotlib.use("Agg")
    ax = report.plot_differences("A", "C")
    # A - C: 11 wins, 3 ties, 6 losses; lowest (-0.3) on the 9th topic, labelled 8 (from 0)
    assert [t.get_text() for t in ax.get_xticklabels()][0] == "8"
    assert ax.get_title() == "A vs C: 11 wins, 3 ties, 6 losses"
    ax = report.plot_distribution("P_10", kind="violin")
    assert [t.get_text() for t in ax.get_xticklabels()] == ["A", "B", "C"]
    with pytest.raises(InvalidValueError, match="'D'"):
        report.plot_differences("A", "D")
    with pytest.raises(InvalidValueError, match="kind="):
        report.plot_distribution(kind="pie")
    matplotlib.pyplot.close("all")


def test_values_equal_as_printed_are_all_bold():
    # 0.515 and 0.5150000000001 both print 0.5150: both are the best of the column.
    import pandas as pd

    from rankbook.compare.tables import to_latex, to_markdown

    table = pd.DataFrame({"P@10": [0.515, 0.5150000000001, 0.43]}, index=["x", "y", "z"])
    assert to_latex(table).count(r"\textbf{0.5150}") == 2
    assert to_markdown(table).count("**0.5150**") == 2
    assert to_latex(table, decimals=13).count(r"\textbf") == 1
