"""The three catalogues (metrics, aggregation methods, significance tests) share one base.

Each package's ``__all__`` is written out (a literal list, plain imports, no ``globals()``)
and must equal what its registry's rows call for plus the package's helpers, as
`rankbook._catalogue.unmatched` says; the rows are `rankbook._catalogue.Entry` subclasses
built with keywords only; names are looked up by `rankbook._catalogue.find`. These tests fail
when a row has no export, an export has no row, a package builds its exports at run time, or
a row can be built by position.
"""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest

from rankbook import InvalidValueError, _catalogue
from rankbook.aggregate import registry as methods
from rankbook.metrics import registry as metrics
from rankbook.metrics import registry as metric_registry
from rankbook.metrics import spec as metric_spec
from rankbook.stats import registry as tests

ROOT = Path(__file__).resolve().parents[2]

# package -> (the names its registry's rows call for, its exports that are no row)
PACKAGES = {
    "rankbook.metrics": (lambda: _catalogue.exports(metrics.METRICS), {"judged_only"}),
    "rankbook.aggregate": (methods.exports, {
        "METHODS", "FAMILIES", "Method", "NORMS", "Profile", "make_profile", "ranked_result",
        "normalize", "markov_chain_matrix", "stationary_distribution", "power_iterations",
        "beta_scores", "rra_pvalue"}),
    "rankbook.stats": (tests.exports, {
        "TukeyComparison", "topic_set_size", "power", "residual_variance",
        "discriminative_power", "DiscriminativePowerResult",
        "risk_weighted_differences", "urisk", "trisk", "georisk"}),
}


@pytest.mark.parametrize("package", PACKAGES)
def test_all_is_the_registry_rows_and_the_helpers(package):
    module = importlib.import_module(package)
    expected, helpers = PACKAGES[package]
    assert _catalogue.unmatched(module.__all__, expected(), helpers) == ([], [])
    assert len(module.__all__) == len(set(module.__all__))
    for name, value in expected().items():
        assert getattr(module, name) is value, f"{package}.{name} is not the row's function"
    for name in helpers:
        assert hasattr(module, name)


@pytest.mark.parametrize("package", PACKAGES)
def test_all_is_written_out_not_generated(package):
    # a literal __all__ and plain imports: readers and tools see the names without running code
    path = ROOT / "src" / Path(*package.split(".")) / "__init__.py"
    tree = ast.parse(path.read_text(encoding="utf-8"))
    assigned = [node for node in tree.body if isinstance(node, ast.Assign)
                and any(getattr(t, "id", None) == "__all__" for t in node.targets)]
    assert len(assigned) == 1 and isinstance(assigned[0].value, ast.List)
    assert all(isinstance(item, ast.Constant) for item in assigned[0].value.elts)
    calls = {node.func.id for node in ast.walk(tree)
             if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)}
    assert "globals" not in calls


def test_the_check_finds_a_missing_export_and_an_unknown_one():
    # the can-fail case: the same check on deliberately wrong lists
    module = importlib.import_module("rankbook.aggregate")
    expected, helpers = PACKAGES["rankbook.aggregate"]
    without_borda = [name for name in module.__all__ if name != "borda"]
    assert _catalogue.unmatched(without_borda, expected(), helpers) == (["borda"], [])
    assert _catalogue.unmatched([*module.__all__, "bordo"], expected(), helpers) == ([], ["bordo"])
    assert _catalogue.unmatched(module.__all__, [*expected(), "new_method"], helpers) == \
        (["new_method"], [])


@pytest.mark.parametrize("row_class", [methods.Method, tests.StatTest, tests.Correction,
                                       metric_spec.Metric])
def test_rows_share_the_base_and_are_built_with_keywords_only(row_class):
    assert issubclass(row_class, _catalogue.Entry)
    with pytest.raises(TypeError, match="positional"):
        row_class("name", print, "page.md")


@pytest.mark.parametrize("rows", [methods.METHODS, tests.TESTS, tests.CORRECTIONS,
                                  {m.name: m for m in metric_registry.METRICS}],
                         ids=["methods", "tests", "corrections", "metrics"])
def test_every_row_has_a_name_title_and_existing_page(rows):
    for name, row in rows.items():
        assert row.name == name and row.title
        assert (ROOT / "docs" / row.page).is_file(), row.page


def test_find_by_name_alias_or_case_and_a_clear_error():
    assert methods.method_named("CombSUM") == "combsum"
    row = tests.TESTS["t"]
    rows = {"t": _catalogue.Entry(name="t", function=row.function, page=row.page,
                                  aliases=("paired_t",))}
    assert _catalogue.find(rows, "paired_t", what="test").name == "t"
    with pytest.raises(InvalidValueError, match="unknown test 'T'"):
        _catalogue.find(rows, "T", what="test")       # case matters unless folded
    with pytest.raises(InvalidValueError,
                       match=r"unknown aggregation method 'bordo' \(did you mean 'borda'\?\); "
                             r"choose one of combsum, .*, dibra \(in any case"):
        methods.method_named("bordo")
    with pytest.raises(InvalidValueError) as caught:
        methods.method_named(7)
    assert "did you mean" not in str(caught.value) and "choose one of combsum" in str(caught.value)
