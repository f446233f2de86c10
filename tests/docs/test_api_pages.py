"""The API reference: one page per public module, nothing private (issue 9).

A public module is one whose dotted name has no part starting with an underscore. Each has
a page under docs/api/ holding its `::: module` block, and no page holds more than one
module. The `rankbook.cli.<command>` modules are documented by their `--help` on the command
line page. Private modules (`rankbook._errors`, `rankbook.metrics._common`, ...) appear
nowhere: the errors are documented where users import them, `rankbook.RankbookError`.
A package that defines nothing public yet (an empty `__init__`) needs no page.
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import re
from pathlib import Path

import rankbook
from rankbook.cli import SUBCOMMANDS

ROOT = Path(__file__).resolve().parents[2]
API = ROOT / "docs" / "api"
BLOCK = re.compile(r"^::: (rankbook[\w.]*)", re.M)


def _public_modules() -> list[str]:
    names = ["rankbook"]
    for info in pkgutil.walk_packages(rankbook.__path__, "rankbook."):
        if any(part.startswith("_") for part in info.name.split(".")):
            continue
        module = importlib.import_module(info.name)
        own = [name for name, value in vars(module).items() if not name.startswith("_")
               and (inspect.isfunction(value) or inspect.isclass(value) or inspect.ismodule(value))
               and getattr(value, "__module__", info.name).startswith(info.name)]
        if own or info.ispkg and any(not m.name.startswith("_") for m in
                                     pkgutil.iter_modules(module.__path__)):
            names.append(info.name)
    return names


def _is_module(name: str) -> bool:
    try:
        importlib.import_module(name)
    except ImportError:
        return False
    return True


def _blocks() -> dict[str, list[str]]:
    """docs/api page -> the modules its ::: blocks document."""
    return {str(page.relative_to(API)): [name for name in BLOCK.findall(page.read_text())
                                         if _is_module(name)]
            for page in sorted(API.rglob("*.md"))}


COMMANDS = [f"rankbook.cli.{command.__name__.rsplit('.', 1)[1]}" for command in SUBCOMMANDS]


def test_every_public_module_has_its_own_page():
    modules = _public_modules()
    assert len(modules) >= 20, modules  # rankbook, its metrics modules, io, evaluation, ...
    documented = [name for names in _blocks().values() for name in names]
    # docs/hooks/catalogues.py generates the page of a metric module that has none,
    from rankbook.metrics.registry import METRICS

    generated = {info.function.__module__ for info in METRICS if info.function is not None}
    # and of a module of the stats registry.
    from rankbook.stats.registry import TESTS

    generated |= {entry.function.__module__ for entry in TESTS.values()}
    missing = [m for m in modules
               if m not in documented and m not in COMMANDS and m not in generated]
    assert not missing, f"public modules without an API page under docs/api: {missing}"
    assert len(documented) == len(set(documented)), "a module is documented on two pages"


def test_one_module_per_page():
    crowded = {page: names for page, names in _blocks().items() if len(names) > 1}
    assert not crowded, f"pages documenting several modules: {crowded}"


def test_the_command_modules_are_on_the_command_line_page():
    from rankbook.cli import build_parser

    cli_page = (API / "cli.md").read_text()
    commands = build_parser()._subparsers._group_actions[0].choices
    assert len(commands) == len(SUBCOMMANDS)
    for name in commands:
        assert f"## `rankbook {name}`" in cli_page, f"docs/api/cli.md has no section on {name}"


def test_nothing_private_is_documented_or_linked():
    private = re.compile(r"(?:^::: |\]\[)(rankbook(?:\.\w+)*\._\w+)", re.M)
    found = {str(page.relative_to(ROOT)): private.findall(page.read_text())
             for page in (ROOT / "docs").rglob("*.md")}
    found = {page: names for page, names in found.items() if names}
    assert not found, f"private modules documented or linked: {found}"


def test_errors_are_documented_from_the_public_namespace():
    errors = (API / "errors.md").read_text()
    for name in ("RankbookError", "InvalidValueError", "InvalidTypeError", "InputFileError"):
        assert f"::: rankbook.{name}" in errors
        assert getattr(rankbook, name).__name__ == name


def test_a_new_metric_module_gets_its_api_page_by_itself():
    # docs/hooks/catalogues.py generates the page of a metric module that has none, so that
    # a new metric needs no API page written by hand (docs/contributing.md).
    import importlib.util

    from mkdocs.config import load_config
    from mkdocs.structure.files import Files

    spec = importlib.util.spec_from_file_location("catalogues",
                                                  ROOT / "docs" / "hooks" / "catalogues.py")
    hook = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(hook)
    config = load_config(str(ROOT / "mkdocs.yml"))
    config.plugins._current_plugin = None  # what mkdocs sets while it runs a hook
    modules = hook.metric_modules()
    assert "rankbook.metrics.dcg" in modules and len(modules) >= 10
    files = hook.on_files(Files([]), config)  # no page on disk: every one is generated
    generated = {file.src_uri: file.content_string for file in files}
    stats = hook.stats_modules()
    assert set(generated) == {hook.api_page(module) for module in modules + stats}
    assert "::: rankbook.metrics.dcg\n" in generated["api/metrics/dcg.md"]
    nav = [{"API reference": ["api/index.md", {".precision": "api/metrics/precision.md"},
                              {"rankbook.io": "api/io/index.md"}]}]
    added = hook.add_after_last(nav, "API reference", "api/metrics/",
                                {"api/metrics/precision.md": ".precision",
                                 "api/metrics/new_family.md": ".new_family"})
    assert added == ["api/metrics/new_family.md"]
    assert nav[0]["API reference"][2] == {".new_family": "api/metrics/new_family.md"}
