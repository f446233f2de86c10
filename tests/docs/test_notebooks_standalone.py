"""A notebook downloaded from the site runs outside a clone (issues 23 and 29).

Its data come from the installed package (`rankbook.datasets`), never from a path into the
repository (``../tests/data``), and an oracle that rankbook does not depend on (PyFLAGR,
statsmodels, pytrec_eval, ranx, ir_measures) is imported inside ``try`` so that the notebook
runs without it. Every notebook gets its data in its first code cell; that cell is run the
way a reader runs a download: the notebook copied alone into an empty folder outside the
repository, executed there by a Jupyter kernel of the installed package. The whole notebooks
run under nbval in `make notebooks` (a full standalone run of all of them here would add about
a minute); the JupyterLite copies run in `make test-lite` (tests/browser/test_lite.py).
"""

from __future__ import annotations

import ast
import json
import re
import shutil
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))
OPTIONAL = ("pyflagr", "statsmodels", "pytrec_eval", "ranx", "ir_measures")
INTO_THE_CLONE = re.compile(r"""Path\(\s*["']\.\.["']\s*\)|["']\.\./|["']tests["']\s*[/,)]|tests/data""")
# A use of rankbook's shipped data: the notebooks get theirs in their first code cell.
DATASETS = re.compile(r"\bdatasets\b|\bflagr_sample\(|\bbreuer2020_scores\(")
FIRST_CELL_SECONDS = 120   # per notebook; the 21-methods notebook's first cell aggregates


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
    bad = [line.strip() for source in _code(notebook) for line in source.splitlines()
           if INTO_THE_CLONE.search(line.split("#")[0])]
    assert not bad, f"{notebook.name} reads files of the clone (use rankbook.datasets): {bad}"


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=lambda p: p.stem)
def test_a_notebook_gets_its_data_in_its_first_code_cell(notebook):
    later = [line.strip() for source in _code(notebook)[1:] for line in source.splitlines()
             if DATASETS.search(line.split("#")[0])]
    assert not later, (f"{notebook.name} uses rankbook.datasets after its first code cell "
                       f"(move it there, where it is run standalone): {later}")


@pytest.fixture(scope="module")
def kernel(tmp_path_factory):
    """One Jupyter kernel of this Python (the installed rankbook), started outside the repo."""
    from jupyter_client.manager import start_new_kernel

    home = tmp_path_factory.mktemp("reader")
    assert ROOT not in home.resolve().parents
    manager, client = start_new_kernel(kernel_name="python3", cwd=str(home))
    try:
        yield client
    finally:
        client.stop_channels()
        manager.shutdown_kernel(now=True)


def _run(client, code: str) -> list[str]:
    """Execute ``code``; the errors it raised, as "Name: value" lines."""
    errors = []

    def output(message):
        if message["msg_type"] == "error":
            errors.append(f"{message['content']['ename']}: {message['content']['evalue']}")

    client.execute_interactive(code, timeout=FIRST_CELL_SECONDS, output_hook=output)
    return errors


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=lambda p: p.stem)
def test_a_downloaded_notebook_loads_its_data_alone_in_an_empty_folder(notebook, kernel,
                                                                       tmp_path):
    # The reader's folder: outside the repository, nothing in it but the downloaded notebook.
    assert ROOT not in tmp_path.resolve().parents
    shutil.copy(notebook, tmp_path / notebook.name)
    fresh = f"%reset -f\nimport os\nos.chdir({str(tmp_path)!r})\n"
    assert _run(kernel, fresh) == []
    assert _run(kernel, "import os; assert os.listdir('.') == [%r]" % notebook.name) == []
    assert _run(kernel, _code(notebook)[0]) == [], f"{notebook.name}'s first code cell fails"


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=lambda p: p.stem)
def test_optional_oracles_are_imported_inside_try(notebook):
    bad = [name for source in _code(notebook) for name in _unguarded_optional_imports(source)]
    assert not bad, f"{notebook.name} needs {bad} to run: import inside try/except ImportError"


def test_the_checks_can_fail(kernel, tmp_path):
    assert INTO_THE_CLONE.search('DATA = Path("..") / "tests" / "data" / "flagr"')
    assert DATASETS.search("LISTS, QRELS = rb.datasets.flagr_sample()")
    assert DATASETS.search('t = breuer2020_scores("rpl", "wcrobust04", "ap")')
    # The Breuer notebook's first cell before issue 29, run where a reader runs it:
    assert _run(kernel, f"import os; os.chdir({str(tmp_path)!r})") == []
    errors = _run(kernel, 'import pandas as pd\npd.read_csv("../tests/data/breuer2020/rpl/'
                          'rpl_wcrobust04_p10.csv", index_col="Row")')
    assert len(errors) == 1 and errors[0].startswith("FileNotFoundError")
    assert _unguarded_optional_imports("from pyflagr import RRA\nimport numpy") == ["pyflagr"]
    assert _unguarded_optional_imports(
        "try:\n    from pyflagr import RRA\nexcept ImportError:\n    RRA = None") == []
