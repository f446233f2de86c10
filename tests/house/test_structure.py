"""The house rules of docs/contributing.md and design.md, checked on src/ with Python's ast module.

- no file in src/ over 400 lines, no function over 60 lines (its docstring not counted: the
  numpydoc docstrings of the metric functions are the textbook, not code);
- no import circle between rankbook's modules (imports inside functions count too);
- no module reaches into another module's private names (``from rankbook.x import _y``, or
  ``x._y`` on an imported rankbook module) nor into another package's private modules, in any
  spelling (``import rankbook.x._y``, ``from rankbook.x._y import z``, ``from rankbook.x import
  _y``, relative imports);
- the floors of design.md: the ground (metrics/, aggregate/, stats/, reproducibility/, online/, collections/, _errors, _trec_scores, _catalogue, _validate and
  _examples, which words _validate's missing-argument messages)
  imports nothing above it, the middle (io/, evaluation/, explain, relevance, fuse) nothing
  from the top (cli/, compare/, plots, exercises, classroom/).
"""

from __future__ import annotations

import ast
import importlib.util
import re
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[2] / "src"
FILES = sorted((SRC / "rankbook").rglob("*.py"))
MAX_FILE_LINES = 400
MAX_FUNCTION_LINES = 60
# Files another piece of work is splitting (remove a line when its file is under the limit).
OWNED_ELSEWHERE: dict[str, str] = {}
GROUND = ("rankbook.metrics", "rankbook.aggregate", "rankbook.stats", "rankbook.reproducibility",
          "rankbook.online", "rankbook.collections",
          "rankbook._errors", "rankbook._index", "rankbook._trec_scores",
          "rankbook._validate", "rankbook._examples", "rankbook._catalogue")
TOP = ("rankbook.cli", "rankbook.compare", "rankbook.plots", "rankbook.exercises",
       "rankbook.classroom", "rankbook.pyflagr", "rankbook.__main__")


def _name(path: Path) -> str:
    parts = list(path.relative_to(SRC).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {_name(path): path for path in FILES}


def test_the_source_tree_is_found():
    assert len(FILES) > 40 and "rankbook.metrics.registry" in MODULES


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(SRC)))
def test_files_and_functions_are_small(path):
    relative = path.relative_to(SRC).as_posix()
    lines = len(path.read_text().splitlines())
    if relative not in OWNED_ELSEWHERE:
        assert lines <= MAX_FILE_LINES, f"{relative} has {lines} lines; split it"
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            length = _code_lines(node)
            assert length <= MAX_FUNCTION_LINES, \
                f"{relative}:{node.lineno} {node.name} has {length} lines of code"


def _code_lines(node) -> int:
    """A function's lines from ``def`` to its end, less its docstring."""
    length = node.end_lineno - node.lineno + 1
    first = node.body[0]
    if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) \
            and isinstance(first.value.value, str):
        length -= first.end_lineno - first.lineno + 1
    return length


def _is_module(name: str) -> bool:
    return name in MODULES


def _imports(module: str) -> list[tuple[str, str | None, int]]:
    """(imported rankbook module, imported name or None, line) for every import in ``module``."""
    path = MODULES[module]
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found += [(alias.name, None, node.lineno) for alias in node.names
                      if alias.name.startswith("rankbook")]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join(package.split(".")[:len(package.split(".")) - node.level + 1]
                                + ([base] if base else []))
            if not base.startswith("rankbook"):
                continue
            for alias in node.names:
                target = f"{base}.{alias.name}"
                found.append((target, None, node.lineno) if _is_module(target)
                             else (base, alias.name, node.lineno))
    return found


def _graph() -> dict[str, set[str]]:
    return {module: {target for target, _, _ in _imports(module) if target != module}
            for module in MODULES}


def test_no_import_circle():
    graph = _graph()
    # The package root re-exports lazily and the package __init__ files re-export their
    # modules; a circle through them is a circle all the same, except rankbook/__init__.py.
    graph.pop("rankbook", None)
    for edges in graph.values():
        edges.discard("rankbook")
    state: dict[str, int] = {}
    path: list[str] = []

    def visit(node):
        state[node] = 1
        path.append(node)
        for target in sorted(graph.get(node, ())):
            if state.get(target) == 1:
                cycle = path[path.index(target):] + [target]
                pytest.fail("import circle: " + " -> ".join(cycle))
            if target in graph and not state.get(target):
                visit(target)
        path.pop()
        state[node] = 2

    for module in sorted(graph):
        if not state.get(module):
            visit(module)


def _private(segment: str) -> bool:
    return segment.startswith("_") and not segment.startswith("__")


def _imported_paths(module: str) -> list[tuple[str, int]]:
    """(full dotted path, line) of everything ``module`` imports from rankbook, every spelling:
    ``import rankbook.x._y``, ``from rankbook.x._y import z``, ``from rankbook.x import _y``,
    and the relative forms (``from . import _y``, ``from .._y import z``)."""
    path = MODULES[module]
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found += [(alias.name, node.lineno) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                base = ".".join(parts[:len(parts) - node.level + 1] + ([base] if base else []))
            found += [(f"{base}.{alias.name}", node.lineno) for alias in node.names]
    return [(full, line) for full, line in found if full.split(".")[0] == "rankbook"]


def _private_reaches(module: str) -> list[str]:
    """Imports of a private module from outside its package, or of a private name of a module.

    A private module (``rankbook.stats._input``) is its package's business: modules inside
    ``rankbook.stats`` may import it, others may not (``rankbook._errors``' package is
    ``rankbook``, so everyone may). A private name of a module (``_y`` in ``rankbook.x``) is
    that module's alone.
    """
    found = []
    for full, line in _imported_paths(module):
        parts = full.split(".")
        for i, segment in enumerate(parts):
            if not _private(segment):
                continue
            prefix, owner = ".".join(parts[:i + 1]), ".".join(parts[:i])
            if not _is_module(prefix):
                found.append(f"{module}:{line} imports the private name {segment} from {owner}")
            elif module != owner and not module.startswith(owner + "."):
                found.append(f"{module}:{line} imports {prefix}, a private module of {owner}")
    return found


@pytest.mark.parametrize("module", sorted(MODULES))
def test_no_reach_into_private_names(module):
    for reach in _private_reaches(module):
        pytest.fail(reach)
    tree = ast.parse(MODULES[module].read_text())
    imported_modules = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("rankbook"):
            for alias in node.names:
                if _is_module(f"{node.module}.{alias.name}"):
                    imported_modules[alias.asname or alias.name] = f"{node.module}.{alias.name}"
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.asname and alias.name.startswith("rankbook"):
                    imported_modules[alias.asname] = alias.name
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) \
                and node.value.id in imported_modules and _private(node.attr) \
                and not _is_module(f"{imported_modules[node.value.id]}.{node.attr}"):
            pytest.fail(f"{module}:{node.lineno} uses {node.value.id}.{node.attr}, a private "
                        f"name of {imported_modules[node.value.id]}")


@pytest.mark.parametrize("spelling", [
    "import rankbook.stats._input",
    "import rankbook.stats._input as check",
    "from rankbook.stats._input import vector",
    "from rankbook.stats import _input",
    "from rankbook.stats import _input as check",
    "from ..stats import _input",
    "from ..stats._input import vector",
    "def f():\n    from rankbook.stats import _input\n",
])
def test_every_spelling_of_a_private_import_is_caught(spelling, tmp_path, monkeypatch):
    # rankbook.reproducibility.effects imported rankbook.stats._input and _pairing with the
    # spelling ``from rankbook.stats import _input``, which the check missed (issue 36, item 7)
    fake = {name: tmp_path / f"{name}.py" for name in
            ("rankbook.reproducibility.effects", "rankbook.stats", "rankbook.stats._input",
             "rankbook.stats.paired")}
    fake["rankbook.reproducibility.effects"].write_text(spelling + "\n")
    own = spelling.replace("..stats.", ".").replace("..stats ", ". ")  # the same, from inside
    fake["rankbook.stats.paired"].write_text(own + "\n")
    monkeypatch.setattr(__import__(__name__), "MODULES", fake)
    assert _private_reaches("rankbook.reproducibility.effects") == [
        f"rankbook.reproducibility.effects:{spelling.split('import')[0].count(chr(10)) + 1}"
        " imports rankbook.stats._input, a private module of rankbook.stats"]
    assert _private_reaches("rankbook.stats.paired") == []  # its own package's module


def _floor(module: str) -> int:
    if module.startswith(GROUND):
        return 0
    if module.startswith(TOP):
        return 2
    return 1


@pytest.mark.parametrize("module", sorted(m for m in MODULES if m != "rankbook"))
def test_nothing_imports_upward(module):
    for target, _, line in _imports(module):
        if target == "rankbook":
            continue
        assert _floor(target) <= _floor(module), \
            f"{module}:{line} imports {target}, a floor above it (design.md)"


def test_the_checks_can_fail(tmp_path, monkeypatch):
    source = "def f():\n    \"\"\"Doc.\n\n    More.\n    \"\"\"\n" + "    x = 1\n" * 61
    assert _code_lines(ast.parse(source).body[0]) == 62
    assert importlib.util.find_spec("rankbook.metrics.registry") is not None
    # a circle and a private import, in a copy of two modules
    fake = {"rankbook.a": tmp_path / "a.py", "rankbook.b": tmp_path / "b.py"}
    fake["rankbook.a"].write_text("from rankbook.b import _hidden\n")
    fake["rankbook.b"].write_text("import rankbook.a\n_hidden = 1\n")
    monkeypatch.setattr(__import__(__name__), "MODULES", fake)
    assert _graph() == {"rankbook.a": {"rankbook.b"}, "rankbook.b": {"rankbook.a"}}
    with pytest.raises(pytest.fail.Exception, match="import circle"):
        test_no_import_circle()
    with pytest.raises(pytest.fail.Exception, match="private name _hidden"):
        test_no_reach_into_private_names("rankbook.a")


def test_tests_cite_no_machine_paths():
    # Tests cite a file of the repository, a paper or a public URL, never a path on a machine.
    machine = re.compile("/(" + "|".join(["work", "tmp", "root", "home"]) + ")/")
    root = SRC.parent
    offenders = [f"{path.relative_to(root)}:{number}"
                 for path in sorted((root / "tests").rglob("*.py"))
                 for number, line in enumerate(path.read_text().splitlines(), start=1)
                 if machine.search(line)]
    assert not offenders, f"machine paths cited in {offenders}"


# The tests mirror the code (issue 19, part 6): each package of src/rankbook has its folder in
# tests/ (tests/io/ for rankbook.io, ...); the package's own top-level modules (rankbook/relevance.py,
# ...) are tested at the top of tests/; the other folders test what is not a package: the docs site
# and its notebooks (docs/), the house rules and the packaging (house/), the browser (browser/),
# the in-browser runtime's build scripts (pyodide/).
NOT_PACKAGES = {"browser", "data", "docs", "house", "pyodide"}  # pyodide: the in-browser build


def _test_layout(root):
    packages = {path.parent.name for path in (root / "src" / "rankbook").glob("*/__init__.py")}
    folders = {path.name for path in (root / "tests").iterdir()
               if path.is_dir() and not path.name.startswith((".", "__"))}
    top_level_tests = {path.stem.removeprefix("test_") for path in (root / "tests").glob("test_*.py")}
    modules = {path.stem.lstrip("_") for path in (root / "src" / "rankbook").glob("*.py")}
    modules.add("import")  # test_import.py tests rankbook/__init__.py (what `import rankbook` loads)
    return packages - folders, folders - packages - NOT_PACKAGES, top_level_tests - modules


def test_every_package_has_its_test_folder():
    missing, strays, loose = _test_layout(SRC.parent)
    assert not missing, f"packages without a tests/<package>/ folder: {sorted(missing)}"
    assert not strays, f"test folders that mirror no package: {sorted(strays)} (or add to NOT_PACKAGES)"
    assert not loose, (f"top-level tests that test no top-level module: {sorted(loose)}; "
                       "move them to the folder of the package they test")


def test_the_layout_check_can_fail(tmp_path):
    (tmp_path / "src" / "rankbook" / "io").mkdir(parents=True)
    (tmp_path / "src" / "rankbook" / "io" / "__init__.py").write_text("")
    (tmp_path / "src" / "rankbook" / "relevance.py").write_text("")
    (tmp_path / "tests" / "stats").mkdir(parents=True)
    (tmp_path / "tests" / "test_relevance.py").write_text("")
    (tmp_path / "tests" / "test_batch.py").write_text("")
    assert _test_layout(tmp_path) == ({"io"}, {"stats"}, {"batch"})


def test_no_package_imports_another_packages_private_module():
    # rankbook.explain imported rankbook.aggregate._markov_matrices (issue 19 review): a private
    # module is its package's business; what another package needs is public (here
    # rankbook.aggregate.stationary.flagr_power_iterations).
    offenders = []
    for path in FILES:
        package = path.relative_to(SRC / "rankbook").parts[0]
        for number, line in enumerate(path.read_text().splitlines(), start=1):
            match = re.match(r"\s*from rankbook\.(\w+)\.(_\w+)", line)
            if match and match.group(1) != package:
                offenders.append(f"{path.relative_to(SRC)}:{number}")
    assert not offenders, f"private modules of another package imported at {offenders}"


FENCE = "rankbook.io.fast"  # io's speed machinery (issue 19, part 3): one replaceable unit


def _in_fence(module: str) -> bool:
    return module == FENCE or module.startswith(FENCE + ".")


def _fence_breaches() -> list[str]:
    """Imports that cross the fence: from outside io at all, from inside io past its interface."""
    breaches = []
    for module in MODULES:
        if _in_fence(module):
            continue
        for target, _, line in _imports(module):
            if not _in_fence(target):
                continue
            if not module.startswith("rankbook.io."):
                breaches.append(f"{module}:{line} imports {target}, which only io may use")
            elif target != FENCE:
                breaches.append(f"{module}:{line} imports {target}: use the names of "
                                f"{FENCE}'s interface (its __init__)")
    return breaches


def test_the_speed_machinery_is_fenced():
    # Nothing outside rankbook.io imports rankbook.io.fast; inside io, only its __init__'s
    # names are used (`from rankbook.io.fast import pick`, `from rankbook.io import fast`),
    # so the fast path is one unit, tested against the line reader by tests/io/test_fast_contract.py.
    assert FENCE in MODULES and any(m.startswith(FENCE + "._") for m in MODULES)
    assert not _fence_breaches(), "\n".join(_fence_breaches())


def test_the_fence_check_can_fail(tmp_path, monkeypatch):
    fake = {name: tmp_path / f"{name}.py" for name in
            ("rankbook.io.fast", "rankbook.io.fast._ids", "rankbook.io.trec",
             "rankbook.evaluation.batch")}
    fake["rankbook.io.fast"].write_text("from rankbook.io.fast._ids import pick\n")
    fake["rankbook.io.fast._ids"].write_text("def pick():\n    pass\n")
    fake["rankbook.io.trec"].write_text("from rankbook.io.fast import _ids\nfrom rankbook.io import fast\n")
    fake["rankbook.evaluation.batch"].write_text("from rankbook.io.fast import pick\n")
    monkeypatch.setattr(__import__(__name__), "MODULES", fake)
    assert _fence_breaches() == [
        "rankbook.io.trec:1 imports rankbook.io.fast._ids: use the names of rankbook.io.fast's "
        "interface (its __init__)",
        "rankbook.evaluation.batch:1 imports rankbook.io.fast, which only io may use"]


def test_test_modules_have_unique_basenames():
    # The test folders are not packages: pytest imports each test file by its basename, so two
    # files of one name in two folders break collection of the whole suite ("import file
    # mismatch"), but not of either folder alone (tests/ir_measures/test_diversity.py and
    # tests/metrics/test_diversity.py did, in CI).
    tests = Path(__file__).resolve().parents[1]
    seen: dict[str, list[str]] = {}
    for path in tests.rglob("test_*.py"):
        seen.setdefault(path.name, []).append(str(path.relative_to(tests)))
    assert not {name: paths for name, paths in seen.items() if len(paths) > 1}
