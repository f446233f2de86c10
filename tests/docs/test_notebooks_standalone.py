"""A notebook downloaded from the site runs outside a clone (issue 23).

Its data come from the installed package (`rankbook.datasets`), never from a path into the
repository (``../tests/data``), and an oracle that rankbook does not depend on (PyFLAGR,
statsmodels, pytrec_eval, ranx, ir_measures) is imported inside ``try`` so that the notebook
runs without it.
"""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))
OPTIONAL = ("pyflagr", "statsmodels", "pytrec_eval", "ranx", "ir_measures")
# Notebooks whose data rankbook may not redistribute, so they run in a clone only (and say so
# in their first cell): Breuer et al.'s per-topic scores come from a repository that states no
# licence, and are kept as test data (tests/data/breuer2020/README.md), not package data.
NEEDS_A_CLONE = {"reproducibility_breuer2020": "no licence to redistribute the data"}
INTO_THE_CLONE = re.compile(r"""Path\(\s*["']\.\.["']\s*\)|["']\.\./|["']tests["']\s*[/,)]|tests/data""")


def _code(notebook: Path) -> list[str]:
    cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
    return ["".join(cell["source"]) for cell in cells if cell["cell_type"] == "code"]


def _unguarded_optional_imports(source: str) -> list[str]:
    tree = ast.parse(source)
    guarded = {id(node) for block in ast.walk(tree) if isinstance(block, ast.Try)
               for stmt in block.body for node in ast.walk(stmt)}
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            names = [node.module or ""]
        else:
            continue
        if id(node) not in guarded:
            found += [name for name in names if name.split(".")[0] in OPTIONAL]
    return found


def test_there_are_notebooks():
    assert len(NOTEBOOKS) >= 7


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=lambda p: p.stem)
def test_a_notebook_reads_no_file_of_the_clone(notebook):
    if notebook.stem in NEEDS_A_CLONE:
        first = "".join(json.loads(notebook.read_text(encoding="utf-8"))["cells"][0]["source"])
        assert "runs in a clone" in first, f"{notebook.name} must say that it needs a clone"
        return
    bad = [line.strip() for source in _code(notebook) for line in source.splitlines()
           if INTO_THE_CLONE.search(line.split("#")[0])]
    assert not bad, f"{notebook.name} reads files of the clone (use rankbook.datasets): {bad}"


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=lambda p: p.stem)
def test_optional_oracles_are_imported_inside_try(notebook):
    bad = [name for source in _code(notebook) for name in _unguarded_optional_imports(source)]
    assert not bad, f"{notebook.name} needs {bad} to run: import inside try/except ImportError"


def test_the_checks_can_fail():
    assert INTO_THE_CLONE.search('DATA = Path("..") / "tests" / "data" / "flagr"')
    assert _unguarded_optional_imports("from pyflagr import RRA\nimport numpy") == ["pyflagr"]
    assert _unguarded_optional_imports(
        "try:\n    from pyflagr import RRA\nexcept ImportError:\n    RRA = None") == []
