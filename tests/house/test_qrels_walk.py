"""The walk of a qrels file to the numbers, measured: stays, files and climbs (issue 19, part 3).

A reader who follows ``rb.evaluate(qrels_path, run_path)`` (or ``rankbook.io.read_qrels``, or the
array form the batch evaluator reads) through the source should not be sent back and forth
between modules. The walk is recorded with ``sys.setprofile`` on a small qrels and run
(trec_eval's own test files, under tests/data), keeping only rankbook's functions:

- a **stay** is a rankbook function the walk passes through (counted once, however often it is
  called; comprehensions and lambdas belong to the function around them);
- the **files** are the modules those functions live in;
- a **climb** is a call from module B into a module A that the walk had already left on the way
  to B: A is further up the call stack, with a different module in between (``io -> evaluation
  -> io``, or a private helper module calling back into the module that called it). A call inside
  one module, or down into a module not on the stack, is no climb. Each distinct climbing call
  (caller function -> called function) counts once.

The issue measured 12 stays in 4 files and 2 climbs before the speed work, about 37 stays in 12
files and 6 climbs after it; part 3 asks for at most 3. Run this file with Python to print the
walks (``python tests/house/test_qrels_walk.py``).
"""

from __future__ import annotations

import sys
import warnings
from pathlib import Path

import pytest

import rankbook as rb
from rankbook.io import read_qrels
from rankbook.io.convert import as_judgments

DATA = Path(__file__).resolve().parents[1] / "data" / "trec_eval"
QRELS, RUN = DATA / "qrels.test", DATA / "results.test"
SRC = Path(rb.__file__).resolve().parent
MAX_CLIMBS = 3


def _module(code) -> str | None:
    """The rankbook module a code object belongs to (None outside rankbook)."""
    try:
        relative = Path(code.co_filename).resolve().relative_to(SRC)
    except ValueError:
        return None
    parts = ["rankbook", *relative.with_suffix("").parts]
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _rankbook_frames(frame):
    """The rankbook functions on the stack from ``frame`` up, innermost first: (module, name)."""
    chain = []
    while frame is not None:
        module = _module(frame.f_code)
        if module is not None and not frame.f_code.co_name.startswith("<"):
            chain.append((module, frame.f_code.co_qualname))
        frame = frame.f_back
    return chain


def walk(call) -> dict:
    """Run ``call()`` and return its walk: ``stays`` (in first-call order), ``files``, ``climbs``."""
    stays: dict = {}
    climbs: dict = {}

    def profile(frame, event, arg):
        if event != "call" or frame.f_code.co_name.startswith("<"):
            return
        chain = _rankbook_frames(frame)
        if not chain:
            return
        here = chain[0]
        stays.setdefault(here, None)
        if len(chain) > 1 and chain[1][0] != here[0] and here[0] in {m for m, _ in chain[2:]}:
            climbs.setdefault((chain[1], here), None)

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        call()  # once first: imports and caches are not the walk
        sys.setprofile(profile)
        try:
            call()
        finally:
            sys.setprofile(None)
    files = list(dict.fromkeys(module for module, _ in stays))
    return {"stays": list(stays), "files": files, "climbs": list(climbs)}


WALKS = {
    "rb.evaluate(qrels, run)": lambda: rb.evaluate(QRELS, RUN, ["map", "P_10", "ndcg"]),
    "rb.io.read_qrels(qrels)": lambda: read_qrels(QRELS),
    "as_judgments(qrels) (the array form)": lambda: as_judgments(QRELS),
}


@pytest.mark.parametrize("name", WALKS)
def test_the_qrels_walk_climbs_back_at_most_three_times(name):
    climbs = walk(WALKS[name])["climbs"]
    assert len(climbs) <= MAX_CLIMBS, "\n".join(
        [f"{name}: {len(climbs)} climbs (at most {MAX_CLIMBS}):"]
        + [f"  {a[0]}.{a[1]} -> {b[0]}.{b[1]}" for a, b in climbs])


def test_the_climb_count_can_fail():
    # a module calling a helper that calls back into the first module is one climb
    import rankbook.io.convert as convert

    seen = walk(lambda: convert.refuse_duplicates.__globals__["make_run"](
        ["1"], ["a"], [1.0], [1], "x"))
    assert seen["climbs"] == [] and seen["stays"]
    fake = type(sys)("fake")

    def outer():
        return inner()

    def inner():
        return rb.io.frames.make_qrels(["1"], ["a"], [1.0], [1], "x")

    del fake
    assert walk(outer)["climbs"] == []  # test functions are not rankbook's: no climb


def report() -> str:
    lines = []
    for name, call in WALKS.items():
        seen = walk(call)
        lines.append(f"{name}: {len(seen['stays'])} stays in {len(seen['files'])} files, "
                     f"{len(seen['climbs'])} climbs")
        lines += [f"    {module}.{function}" for module, function in seen["stays"]]
        lines += [f"  climb: {a[0]}.{a[1]} -> {b[0]}.{b[1]}" for a, b in seen["climbs"]]
    return "\n".join(lines)


if __name__ == "__main__":
    print(report())
