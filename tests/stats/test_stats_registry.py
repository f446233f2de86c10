"""Everything generated from the stats registry agrees with it (as test_registry_generated does for metrics).

``rankbook.stats.registry`` (TESTS, CORRECTIONS) is the one list of significance tests and
corrections. From it come rankbook.stats' exports, compare's choices and dispatch, the report's
headings, ``rankbook compare``'s choices and help, the docs' index and API pages
(docs/hooks/catalogues.py). These tests fail when any of them leaves an entry out, when a
second list of test names appears in src/, or when an entry disagrees with its function.
"""

from __future__ import annotations

import ast
import importlib.util
import inspect
import posixpath
import re
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
import yaml

import rankbook.stats
from rankbook.cli import build_parser
from rankbook.compare import significance
from rankbook.compare.report import TEST_NAMES
from rankbook.stats import corrections, registry, tukey

ROOT = Path(__file__).resolve().parents[2]
ENTRIES = list(registry.TESTS.values())
ALL = ENTRIES + list(registry.CORRECTIONS.values())


def _hook():
    import sys

    sys.path.insert(0, str(ROOT / "docs/hooks"))  # as mkdocs does while loading a hook
    try:
        spec = importlib.util.spec_from_file_location("catalogues",
                                                      ROOT / "docs/hooks/catalogues.py")
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
    finally:
        sys.path.remove(str(ROOT / "docs/hooks"))
    return module


def _option(flag: str):
    compare = build_parser()._subparsers._group_actions[0].choices["compare"]
    return next(a for a in compare._actions if flag in a.option_strings), compare


def test_the_lists_are_not_empty():
    assert len(ENTRIES) >= 7 and len(registry.CORRECTIONS) == 3


def test_rows_are_built_with_keywords_only():
    # 14 fields by position are easily swapped: the registry's classes refuse positions
    entry = registry.TESTS["t"]
    with pytest.raises(TypeError, match="positional"):
        registry.StatTest(entry.name, entry.function, entry.result, entry.kind, entry.title,
                          entry.page, entry.question, entry.reports, entry.alternative)
    with pytest.raises(TypeError, match="positional"):
        registry.Correction("holm", "family-wise error rate", "Holm")
    assert registry.Correction(name="holm", controls="family-wise error rate",
                               title="Holm") == registry.CORRECTIONS["holm"]


def test_rankbook_stats_exports_every_function_and_result():
    for entry in ENTRIES:
        assert getattr(rankbook.stats, entry.function.__name__) is entry.function
        assert getattr(rankbook.stats, entry.result.__name__) is entry.result
        assert entry.function.__name__ in rankbook.stats.__all__


# that __all__ is the registry's rows and helpers, written out: tests/house/test_catalogues.py


@pytest.mark.parametrize("path", ["src/rankbook/stats/__init__.py",
                                  "src/rankbook/compare/significance.py"])
def test_no_docstring_is_rewritten_at_import(path):
    # the tables of tests are written into the docs pages by docs/hooks/catalogues.py
    tree = ast.parse((ROOT / path).read_text(encoding="utf-8"))
    targets = [t for node in ast.walk(tree) if isinstance(node, (ast.Assign, ast.AugAssign))
               for t in (node.targets if isinstance(node, ast.Assign) else [node.target])]
    assert not [t for t in targets if getattr(t, "id", None) == "__doc__"]
    assert "<!--" not in ast.get_docstring(tree)


def test_compare_offers_the_registry_tests_and_corrections():
    assert significance.TESTS == tuple(registry.compared())
    assert significance.CORRECTIONS == tuple(registry.CORRECTIONS) == corrections.CORRECTION_METHODS
    assert significance.TUKEY_METHODS == tukey.TUKEY_METHODS
    assert set(TEST_NAMES) == set(registry.TESTS)
    for name in registry.compared():
        assert f'``"{name}"``' in registry.compare_table()


def test_the_cli_choices_and_help_come_from_the_registry():
    test, parser = _option("--test")
    assert tuple(test.choices) == tuple(registry.compared())
    assert tuple(_option("--correction")[0].choices) == tuple(registry.CORRECTIONS)
    assert tuple(_option("--tukey-method")[0].choices) == tukey.TUKEY_METHODS
    for name, entry in registry.compared().items():
        assert re.search(rf"^  {name} +{re.escape(entry.help)}$", parser.epilog, re.M)


@pytest.mark.parametrize("name", list(registry.compared()))
def test_compare_runs_every_offered_test(name):
    rng = np.random.default_rng(0)
    scores = {"AP": pd.DataFrame(rng.random((8, 3)), columns=["a", "b", "c"])}
    report = significance.compare_scores(scores, test=name, n_resamples=200)
    assert len(report.pairs) == 3
    assert all(0 <= pair.pvalue <= 1 for pair in report.pairs)
    assert TEST_NAMES[name] in report.to_text(4)


def test_no_other_list_of_test_names_in_src():
    # a second list of names would drift: outside the modules that own them, a file may
    # spell at most one name of each family (a default such as tukey_method="two_way")
    families = {"tests": [n for n in registry.TESTS if len(n) > 1],
                "corrections": list(registry.CORRECTIONS), "tukey": list(tukey.TUKEY_METHODS)}
    owners = {"rankbook/stats/registry.py", "rankbook/stats/corrections.py",
              "rankbook/stats/tukey.py"}
    checked = 0
    for path in (ROOT / "src").rglob("*.py"):
        relative = path.relative_to(ROOT / "src").as_posix()
        if relative in owners:
            continue
        code = re.sub(r'r?"""(.|\n)*?"""', "", path.read_text())  # docstrings may name them
        for family, names in families.items():
            spelled = [n for n in names if f'"{n}"' in code or f"'{n}'" in code]
            assert len(spelled) <= 1, (relative, family, spelled)
        checked += 1
    assert checked > 100


@pytest.mark.parametrize("entry", ENTRIES, ids=lambda e: e.name)
def test_every_entry_agrees_with_its_function(entry):
    parameters = inspect.signature(entry.function).parameters
    assert ("alternative" in parameters) == entry.alternative
    assert entry.kind in registry.KINDS and set(entry.reports) <= set(registry.REPORTS)
    if entry.kind in ("paired", "multi", "omnibus"):
        assert "topics" in parameters  # paired by topic, with the ways out
    assert (entry.compare is None) == (entry.help == "")


@pytest.mark.parametrize("entry", ALL, ids=lambda e: e.name)
def test_every_page_exists_and_names_its_function(entry):
    page = ROOT / "docs" / entry.page
    text = page.read_text(encoding="utf-8")
    module, name = entry.function.__module__, entry.function.__name__
    assert f"[{module}.{name}]" in text or f"{name}" in text


class _Page:
    """What on_page_markdown reads of mkdocs' page: its source path."""

    def __init__(self, src_uri: str):
        self.file = type("File", (), {"src_uri": src_uri})()


@pytest.mark.parametrize(("src_uri", "markers"), [
    ("comparing/index.md", ["<!-- stats-index -->"]),
    ("api/stats/index.md", ["<!-- stats-modules -->", "<!-- stats-index -->"]),
    ("api/compare/significance.md", ["<!-- compare-tests -->"])])
def test_the_hook_writes_each_pages_tables_in_markdown(src_uri, markers):
    hook = _hook()
    text = (ROOT / "docs" / src_uri).read_text(encoding="utf-8")
    assert {m for m in hook.TABLES if m in text} == set(markers)
    written = hook.on_page_markdown(text, _Page(src_uri), None, None)
    assert "<!--" not in written
    root = posixpath.relpath(".", posixpath.dirname(src_uri))
    for entry in ALL if "<!-- stats-index -->" in markers else []:
        assert f"[{entry.title}]({root}/{entry.page})" in written
    for name, entry in registry.compared().items() if "<!-- compare-tests -->" in markers else []:
        assert f'| ``"{name}"`` | `{entry.function.__name__}` |' in written
    # every table is Markdown in the page's source: nothing is patched into the HTML
    assert not hasattr(hook, "on_page_content")


def test_the_docs_are_generated_from_the_registry():
    hook = _hook()
    table = registry.markdown_table("../")
    for entry in ALL:
        assert f"(../{entry.page})" in table
    for module in hook.stats_modules():
        assert module.startswith("rankbook.stats.")
        assert hook.api_page(module) in hook.stats_module_table("api/stats").replace(
            "](", "](api/stats/")


def test_the_hook_adds_missing_pages_to_the_nav():
    hook = _hook()
    with open(ROOT / "mkdocs.yml", encoding="utf-8") as handle:
        config = yaml.load(handle, Loader=_IgnoreTags)
    nav = config["nav"]
    section = next(item["Comparing systems"] for item in nav
                   if isinstance(item, dict) and "Comparing systems" in item)
    section[:] = [item for item in section if "comparing/unpaired_t_test.md" not in str(item)]
    hook.on_config({"nav": nav})
    pages = hook.nav_pages(nav)
    for entry in ALL:
        assert entry.page in pages
    for module in hook.stats_modules():
        assert hook.api_page(module) in pages


class _IgnoreTags(yaml.SafeLoader):
    """mkdocs.yml has !!python/name tags; the nav needs none of them."""


_IgnoreTags.add_multi_constructor("", lambda loader, suffix, node: None)
