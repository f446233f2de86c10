"""No int64 array where numpy wants an index, read from src/ with Python's ast module.

numpy casts the indices of ``take``, the counts of ``repeat``, the values of ``bincount`` and
the indices of ``reduceat`` to ``np.intp`` under the 'safe' rule. Where ``np.intp`` is 32-bit
(Pyodide, JupyterLite: numpy on WebAssembly) an int64 array there raises ``Cannot cast array
data from dtype('int64') to dtype('int32')``, on every input, while on a 64-bit machine it
passes. This test cannot run 32-bit numpy; it finds, inside each function, the arrays made
int64 (``np.int64`` in the expression that assigns them, or a name so made) and fails where
one reaches such an argument without :func:`rankbook._index.as_index`. What it cannot see
(an int64 array returned by another function) is the job of ``make test-pyodide``, which runs
the doctests in Pyodide.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[2] / "src" / "rankbook"
FOLDERS = ("io", "evaluation", "aggregate", "stats", "explain", "metrics")
FILES = sorted([p for folder in FOLDERS for p in (SRC / folder).rglob("*.py")]
               + [SRC / "fusion.py"])


def _mentions_int64(node: ast.AST, int64_names: set[str]) -> bool:
    """True when ``node`` uses ``np.int64`` or an int64 name, outside an ``as_index`` call."""
    if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "as_index":
        return False
    if isinstance(node, ast.Attribute) and node.attr == "int64":
        return True
    if isinstance(node, ast.Name) and node.id in int64_names:
        return True
    return any(_mentions_int64(child, int64_names) for child in ast.iter_child_nodes(node))


def _int64_names(function: ast.AST) -> set[str]:
    """Names assigned (in ``function``) from an expression that makes int64, to a fixed point."""
    assignments = [(target.id, node.value) for node in ast.walk(function)
                   if isinstance(node, ast.Assign) for target in node.targets
                   if isinstance(target, ast.Name)]
    names: set[str] = set()
    while True:
        more = {name for name, value in assignments if _mentions_int64(value, names)} - names
        if not more:
            return names
        names |= more


def _index_arguments(call: ast.Call) -> list[ast.AST]:
    """The arguments of ``call`` that numpy casts to ``np.intp``."""
    func, args = call.func, call.args
    name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", None)
    module = getattr(getattr(func, "value", None), "id", None)
    if name == "repeat" and module == "np" and len(args) >= 2:
        return [args[1]]
    if name == "repeat" and module != "np" and len(args) == 1:      # ndarray.repeat(counts)
        return [args[0]]
    if name == "bincount" and args:
        return [args[0]]
    if name == "take" and module == "np" and len(args) >= 2:
        return [args[1]]
    if name == "take" and module != "np" and len(args) == 1:        # ndarray.take(indices)
        return [args[0]]
    if name == "reduceat" and len(args) >= 2:
        return [args[1]]
    return []


def unconverted_int64_indices(source: str) -> list[str]:
    """``line: call`` for each int64 array passed where numpy wants an ``np.intp`` index."""
    found = []
    tree = ast.parse(source)
    for function in ast.walk(tree):
        if not isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            continue
        names = _int64_names(function)
        for call in ast.walk(function):
            if isinstance(call, ast.Call) and any(_mentions_int64(a, names)
                                                  for a in _index_arguments(call)):
                found.append(f"{call.lineno}: {ast.unparse(call)[:80]}")
    return sorted(set(found))


def test_the_files_are_found():
    assert len(FILES) > 50 and SRC / "io" / "arrays.py" in FILES


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(SRC)))
def test_no_int64_array_is_passed_as_an_index(path):
    found = unconverted_int64_indices(path.read_text())
    assert not found, (f"{path.relative_to(SRC.parent)}: int64 arrays passed where numpy wants "
                       f"np.intp (they fail on 32-bit numpy, e.g. Pyodide); wrap them in "
                       f"rankbook._index.as_index: {found}")


# The cases this check exists for (the first two are io/_short_numbers.py and
# io/convert.py before they were fixed), and the conversions it accepts.
FLAGGED = {
    "scale": "def f(p, t):\n    at = p.astype(np.int64) - 7\n    scale = at + 1\n"
             "    return t.take(scale)\n",
    "counts": "def f(q, c):\n    counts = np.array(c, dtype=np.int64)\n"
              "    return np.repeat(q, counts)\n",
    "bincount": "def f(x):\n    return np.bincount(x.astype(np.int64))\n",
    "reduceat": "def f(v, n):\n    b = np.empty(n, dtype=np.int64)\n"
                "    return np.maximum.reduceat(v, b)\n",
}
ACCEPTED = {
    "converted": "def f(q, c):\n    counts = np.array(c, dtype=np.int64)\n"
                 "    return np.repeat(q, as_index(counts))\n",
    "intp": "def f(q, n):\n    counts = np.ones(n, dtype=np.intp)\n"
            "    return np.repeat(q, counts)\n",
    "repeated array": "def f(n):\n    x = np.zeros(n, dtype=np.int64)\n"
                      "    return np.repeat(x, 3)\n",
    "tokens take": "def f(t, rows):\n    rows = rows.astype(np.int64)\n"
                   "    return _tokens.take(t, rows)\n",
}


@pytest.mark.parametrize("case", sorted(FLAGGED))
def test_the_check_flags_int64_indices(case):
    assert len(unconverted_int64_indices(FLAGGED[case])) == 1


@pytest.mark.parametrize("case", sorted(ACCEPTED))
def test_the_check_accepts_intp_and_converted_indices(case):
    assert unconverted_int64_indices(ACCEPTED[case]) == []
