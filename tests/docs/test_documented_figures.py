"""Figures the docs state about rankbook itself, checked against what is measured (issue 29).

A page that says "not computed yet" after the code computes it, or "about 5,100 tests" when the
suite has grown, misleads a reader. Each test reads the figure from the page (so that editing
the page is all an update takes) and compares it with the code or with this run. The sizes of
the built site, `.venv` and `.cache` are checked where they exist, by the browser step
(tests/browser/test_documented_sizes.py), which runs on the site `make test` builds.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from rankbook.evaluation.measures import parse_measures

ROOT = Path(__file__).resolve().parents[2]
TESTS = ROOT / "tests"


def test_the_conventions_page_lists_what_trec_eval_10_adds_to_all_trec(stated):
    # docs/conventions.md, "trec_eval 9.x and 10.0": the all_trec row of its table.
    row = stated("docs/conventions.md", r"\| `-m all_trec` \| \| adds ([^|]+) \|")
    documented = re.findall(r"`([^`]+)`", row)
    version_9 = [m.label for m in parse_measures("all_trec", trec_eval="9")]
    added = [m.label for m in parse_measures("all_trec", trec_eval="10")
             if m.label not in version_9]
    assert documented == added == ["rbp", "rbp_resid", "unj_5", "unj_10", "unj_20"]
    page = (ROOT / "docs" / "conventions.md").read_text(encoding="utf-8")
    assert "not computed yet" not in page


def _unit_test_files() -> set[Path]:
    return {path.resolve() for path in TESTS.rglob("test_*.py")
            if TESTS / "browser" not in path.parents and TESTS / "data" not in path.parents}


def test_the_readme_states_the_number_of_unit_tests(collected_tests, stated):
    """README: "about 5,100 tests" in `make unit`; within 10% of what this session collected."""
    collected = collected_tests
    files = {Path(str(item.path)).resolve() for item in collected}
    if not _unit_test_files() <= files:
        pytest.skip("not the whole unit suite in this session (make unit runs it)")
    figure = int(stated("README.md", r"about ([\d,]+) tests in").replace(",", ""))
    assert abs(len(collected) - figure) <= 0.1 * figure, (
        f"README says about {figure:,} unit tests; this session collected {len(collected):,}")


def test_the_figure_check_can_fail(tmp_path, stated):
    page = tmp_path / "page.md"
    page.write_text("about 5,100 tests in 2 min")
    assert stated(page, r"about ([\d,]+) tests in") == "5,100"
    page.write_text("about five thousand tests")
    with pytest.raises(AssertionError, match="no longer states"):
        stated(page, r"about ([\d,]+) tests in")
