"""The doctests of rankbook's io, evaluation, aggregate and stats packages, run by the standard
library's doctest (pytest is not in Pyodide), with pytest's option flags (pyproject.toml).

Run inside Pyodide by scripts/pyodide_doctests.mjs (`make test-pyodide`), where numpy is 32-bit
(np.intp is int32): a regression in the index types of rankbook fails here. It also runs under
CPython (``python scripts/pyodide_doctests.py``), which is how its own test checks it. Prints one
line per failing example and a closing ``N passed, N failed`` line; exits 1 on any failure.
"""
from __future__ import annotations

import doctest
import importlib
import os
import pkgutil
import sys
import tempfile

PACKAGES = ("rankbook.io", "rankbook.evaluation", "rankbook.aggregate", "rankbook.stats")


def modules(packages=PACKAGES):
    """Every module of PACKAGES (the packages themselves included), by name."""
    for name in packages:
        package = importlib.import_module(name)
        yield package
        for info in pkgutil.walk_packages(package.__path__, name + "."):
            yield importlib.import_module(info.name)


def run(packages=PACKAGES) -> tuple[int, int]:
    """(examples passed, examples failed) over the docstrings of PACKAGES."""
    finder = doctest.DocTestFinder()
    flags = doctest.NORMALIZE_WHITESPACE
    passed = failed = 0
    for module in modules(packages):
        for test in finder.find(module, module.__name__):
            if not test.examples:
                continue
            runner = doctest.DocTestRunner(optionflags=flags)
            with tempfile.TemporaryDirectory() as folder:   # as pytest: each test in a clean cwd
                here = os.getcwd()
                os.chdir(folder)
                try:
                    result = runner.run(test, out=sys.stdout.write)
                finally:
                    os.chdir(here)
            failed += result.failed
            passed += result.attempted - result.failed
    return passed, failed


def main() -> int:
    import numpy as np
    print(f"numpy {np.__version__}, np.intp is {np.dtype(np.intp).name}, "
          f"{sys.platform}, Python {sys.version.split()[0]}")
    passed, failed = run()
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
