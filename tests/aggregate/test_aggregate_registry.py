"""Everything generated from the aggregation registry agrees with it (as test_stats_registry does).

``rankbook.aggregate.registry`` (METHODS, FAMILIES) is the one list of methods. From it come
rankbook.aggregate's exports, the commands' choices, help and ``--param`` typing, the checks of
``add_aggregator`` and of ``--param`` (one function), explain_aggregation's view modules and the
docs' method tables (docs/hooks/catalogues.py). These tests fail when any of them leaves a
method out or disagrees with the method's signature.
"""

from __future__ import annotations

import importlib.util
import inspect
import re
import sys
from pathlib import Path

import pytest

import rankbook.aggregate
from rankbook import InvalidValueError
from rankbook.aggregate import registry
from rankbook.cli import build_parser, main
from rankbook.compare import Comparator
from rankbook.explain import aggregation

ROOT = Path(__file__).resolve().parents[2]
NAMES = list(registry.METHODS)


def _hook():
    spec = importlib.util.spec_from_file_location("catalogues", ROOT / "docs/hooks/catalogues.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _command(name: str):
    return build_parser()._subparsers._group_actions[0].choices[name]


def test_rankbook_aggregate_exports_every_method():
    assert len(NAMES) >= 32
    for name, method in registry.METHODS.items():
        assert method.function.__name__ == name
        assert getattr(rankbook.aggregate, name) is method.function
        assert name in rankbook.aggregate.__all__
    assert all(hasattr(rankbook.aggregate, name) for name in rankbook.aggregate.__all__)


@pytest.mark.parametrize("command", ["fuse", "explain-fusion"])
def test_the_commands_choices_and_help_come_from_the_registry(command):
    parser = _command(command)
    method = next(a for a in parser._actions if a.dest == "method")
    assert list(method.choices) == NAMES
    for family, names in registry.by_family().items():
        line = f"  {registry.FAMILIES[family].title}: {', '.join(names)}"
        assert re.search(f"^{re.escape(line)}$", parser.epilog, re.M), line


@pytest.mark.parametrize("name", NAMES)
def test_parameters_agree_with_the_signature(name):
    function = registry.METHODS[name].function
    declared = [p for p, spec in inspect.signature(function).parameters.items()
                if spec.kind is spec.KEYWORD_ONLY and p != "weights"]
    found = registry.parameters(name)
    assert [p.name for p in found] == declared
    for p in found:
        spec = inspect.signature(function).parameters[p.name]
        assert spec.annotation.replace(" | None", "") in ("bool", "int", "float", "str"), p
        assert p.default == spec.default
        if p.default is registry.REQUIRED:
            assert p.name in registry.METHODS[name].example   # the help's e.g. value
        elif p.default is not None:
            assert isinstance(p.default, (int, float) if p.type is float else p.type), p
            assert registry.read_value(p, str(p.default)) == p.default   # --param round trip
    for flagr, ours in registry.PYFLAGR_NAMES.items():
        assert all(p.flagr == flagr for p in found if p.name == ours)


@pytest.mark.parametrize("name", NAMES)
def test_every_method_has_a_family_a_page_and_views(name):
    method = registry.METHODS[name]
    family = registry.FAMILIES[method.family]
    page = (ROOT / "docs" / method.page).read_text(encoding="utf-8")
    assert re.search(rf"\b{name}\b", page, re.I), f"{method.page} never names {name}"
    assert method.page in [p for p, _ in family.pages]
    assert family.views in aggregation.view_modules()
    shown = aggregation.explain_aggregation([["a", "b", "c"], ["b", "a", "c"]] if not
                                            method.needs_scores else
                                            [{"a": 3.0, "b": 2.0, "c": 1.0}, {"b": 2.0, "a": 1.0}],
                                            name, **method.example)
    assert len(shown.tables) >= 3        # the profile, at least one view of its family, the result


def test_typed_values_and_clear_errors_on_the_command_line(capsys):
    k = registry.parameters("rrf")[0]
    assert registry.read_value(k, "60") == 60.0 and isinstance(registry.read_value(k, "60"), float)
    with pytest.raises(InvalidValueError, match=r"--param k=sixty: k is a number \(float\)"):
        registry.read_value(k, "sixty")
    assert main(["fuse", "rrf", "r.txt", "--param", "k=sixty"]) == 2
    assert "k is a number (float), e.g. --param k=60" in capsys.readouterr().err


def test_the_comparator_and_the_command_line_share_one_check(capsys):
    with pytest.raises(InvalidValueError, match="no parameter 'w_norm' .PyFLAGR's name; here "
                                                "it is weight_normalization"):
        Comparator().add_aggregator("D", "dibra", w_norm="minmax")
    assert main(["explain-fusion", "dibra", "a,b", "b,a", "--param", "w_norm=minmax"]) == 2
    err = capsys.readouterr().err
    assert "no parameter 'w_norm' (--param w_norm=...) (PyFLAGR's name; here it is " \
           "weight_normalization)" in err
    assert main(["explain-fusion", "rbc", "a,b", "b,a"]) == 2
    assert "the method needs --param phi=VALUE (e.g. --param phi=0.8)" in capsys.readouterr().err


def test_the_docs_tables_are_generated_from_the_registry():
    index = (ROOT / "docs/aggregation/index.md").read_text(encoding="utf-8")
    api = (ROOT / "docs/api/aggregate/index.md").read_text(encoding="utf-8")
    assert "<!-- aggregate-index -->" in index and "| family | methods |" not in index
    assert "<!-- aggregate-methods -->" in api
    sys.path.insert(0, str(ROOT / "docs/hooks"))
    try:
        hook = _hook()
    finally:
        sys.path.remove(str(ROOT / "docs/hooks"))
    table, methods = registry.markdown_table("../"), hook.method_table("api/aggregate")
    for name, method in registry.METHODS.items():
        assert f"`{name}`" in table and f"| `{name}` | `{method.function.__module__}." in methods
    for family in registry.FAMILIES.values():
        for page, title in family.pages:
            assert f"[{title}](../{page})" in table and (ROOT / "docs" / page).exists()
    with open(ROOT / "mkdocs.yml", encoding="utf-8") as handle:
        assert "docs/hooks/catalogues.py" in handle.read()
