"""scripts/pyodide_doctests.py, the doctest driver `make test-pyodide` runs inside Pyodide,
checked under CPython on a small package: it finds every module's examples, counts a failing
one, and runs each test in an empty working folder, as pytest's doctest runner does."""

from __future__ import annotations

import importlib.util
import os
import sys
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "pyodide_doctests.py"
spec = importlib.util.spec_from_file_location("pyodide_doctests", SCRIPT)
driver = importlib.util.module_from_spec(spec)
spec.loader.exec_module(driver)

MODULE = '''
def double(x):
    """
    >>> double(2)
    4
    >>> double(3)
    7
    """
    return 2 * x
'''
SUBMODULE = '''
def here():
    """
    >>> import os
    >>> os.listdir(".")
    []
    >>> [1,   2]
    [1, 2]
    """
'''


def test_examples_are_found_in_every_module_and_failures_counted(tmp_path, monkeypatch):
    package = tmp_path / "fakepkg_doctests"
    (package / "inner").mkdir(parents=True)
    (package / "__init__.py").write_text(MODULE)
    (package / "inner" / "__init__.py").write_text("")
    (package / "inner" / "work.py").write_text(SUBMODULE)
    (tmp_path / "clutter.txt").write_text("not empty")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.chdir(tmp_path)
    try:
        assert driver.run(("fakepkg_doctests",)) == (4, 1)   # double(3) is 6, not 7
    finally:
        for name in [m for m in sys.modules if m.startswith("fakepkg_doctests")]:
            del sys.modules[name]
    assert os.getcwd() == str(tmp_path)


def test_it_covers_the_packages_the_issue_names():
    assert driver.PACKAGES == ("rankbook.io", "rankbook.evaluation", "rankbook.aggregate",
                               "rankbook.stats")
