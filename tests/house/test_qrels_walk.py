"""The walk of a qrels file to the numbers, measured: stays, files and climbs (issue 19, part 3).

A reader who follows ``rb.evaluate(qrels_path, run_path)`` (or ``rankbook.io.read_qrels``, or
``as_judgments``, the array form the batch evaluator reads) through the source should not be
sent back and forth between the parts of the house. The walk is recorded with
``sys.setprofile`` on a small qrels and run (trec_eval's own test files, under tests/data),
keeping rankbook's functions only:

- a **stay** is a rankbook function the walk passes through (counted once, however often it is
  called; comprehensions and lambdas belong to the function around them);
- the **files** are the modules those stays live in;
- a **unit** is a package of rankbook (``rankbook.evaluation``, ``rankbook.metrics``, a
  top-level module such as ``rankbook._validate``), except that io is two units: the readable
  modules (``rankbook.io``: the readers, the array form, the join) and the fenced speed
  machinery (``rankbook.io.fast``), which is one replaceable unit;
- a **climb** is a call from unit B into unit A when the walk had entered A before from another
  unit (or A is where the walk started, entered from the caller): the reader went down into A, came back up, and is now sent into A again from
  elsewhere (``io -> evaluation -> io``: evaluation asking io for one thing, then the speed
  machinery for another; or a helper calling back into the unit that called it). Each pair
  (B, A) counts once. A call inside a unit, or a unit's second call into a unit it entered
  first, is no climb.

The **qrels walk**'s climbs are those into io's two units (the file -> numbers path is io's end
to end); part 3 asks for at most 3. Run this file with Python to print the walks and every
climb (``python tests/house/test_qrels_walk.py``).
"""

from __future__ import annotations

import functools
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
FENCE = "rankbook.io.fast"


def _module(code) -> str | None:
    """The rankbook module a code object belongs to (None outside rankbook)."""
    return _module_of_file(code.co_filename)


@functools.cache   # one path resolution per file, not per profiled call
def _module_of_file(filename: str) -> str | None:
    try:
        relative = Path(filename).resolve().relative_to(SRC)
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
            code = frame.f_code  # (co_qualname: Python 3.11 and later)
            chain.append((module, getattr(code, "co_qualname", code.co_name)))
        frame = frame.f_back
    return chain


def unit(module: str) -> str:
    """The unit a rankbook module belongs to (see the module docstring)."""
    if module == FENCE or module.startswith(FENCE + "."):
        return FENCE
    return ".".join(module.split(".")[:2])


def walk(call) -> dict:
    """Run ``call()`` and return its walk: ``stays`` (in first-call order), ``files``, ``climbs``.

    ``climbs`` maps each climbing (caller unit, called unit) to the first call that made it.
    """
    stays: dict = {}
    entered_from: dict = {}
    climbs: dict = {}

    def profile(frame, event, arg):
        if event != "call" or frame.f_code.co_name.startswith("<"):
            return
        chain = _rankbook_frames(frame)
        if not chain:
            return
        stays.setdefault(chain[0], None)
        here = unit(chain[0][0])
        caller = unit(chain[1][0]) if len(chain) > 1 else "the caller"  # the walk's entry
        if here == caller:
            return
        if entered_from.setdefault(here, caller) != caller:
            climbs.setdefault((caller, here), (chain[1], chain[0]))

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        call()  # once first: imports and caches are not the walk
        sys.setprofile(profile)
        try:
            call()
        finally:
            sys.setprofile(None)
    files = list(dict.fromkeys(module for module, _ in stays))
    return {"stays": list(stays), "files": files, "climbs": climbs}


def qrels_climbs(seen: dict) -> dict:
    """The climbs into io's two units: the qrels walk's."""
    return {pair: call for pair, call in seen["climbs"].items()
            if pair[1] in ("rankbook.io", FENCE)}


WALKS = {
    "rb.evaluate(qrels, run)": lambda: rb.evaluate(QRELS, RUN, ["map", "P_10", "ndcg"]),
    "rb.io.read_qrels(qrels)": lambda: read_qrels(QRELS),
    "as_judgments(qrels) (the array form)": lambda: as_judgments(QRELS),
}


@pytest.mark.parametrize("name", WALKS)
def test_the_qrels_walk_climbs_back_at_most_three_times(name):
    climbs = qrels_climbs(walk(WALKS[name]))
    assert len(climbs) <= MAX_CLIMBS, "\n".join(
        [f"{name}: {len(climbs)} climbs into io (at most {MAX_CLIMBS}):"]
        + [f"  {a} -> {b}: {ca[0]}.{ca[1]} -> {cb[0]}.{cb[1]}"
           for (a, b), (ca, cb) in climbs.items()])


def test_the_climb_count_can_fail(monkeypatch):
    # evaluation calling the fast path itself, after io did (the shape issue 19 measured:
    # evaluation/batch.py calling io/arrays.py's functions), is a climb into io.fast
    from rankbook.io import fast
    from rankbook.io.convert import as_judgments as read

    def evaluation_reaching_past_io():
        judgments = read(QRELS)
        return fast.topic_codes(judgments.query)

    evaluation_reaching_past_io.__code__ = evaluation_reaching_past_io.__code__.replace(
        co_filename=str(SRC / "evaluation" / "batch.py"))
    climbs = qrels_climbs(walk(evaluation_reaching_past_io))
    assert ("rankbook.evaluation", FENCE) in climbs
    assert unit("rankbook.io.fast._ids") == FENCE and unit("rankbook.io.trec") == "rankbook.io"


def report() -> str:
    lines = []
    for name, call in WALKS.items():
        seen = walk(call)
        into_io = qrels_climbs(seen)
        lines.append(f"{name}: {len(seen['stays'])} stays in {len(seen['files'])} files, "
                     f"{len(seen['climbs'])} climbs, {len(into_io)} of them into io")
        lines += [f"    {module}.{function}" for module, function in seen["stays"]]
        lines += [f"  climb {a} -> {b}: {ca[0]}.{ca[1]} -> {cb[0]}.{cb[1]}"
                  for (a, b), (ca, cb) in seen["climbs"].items()]
    return "\n".join(lines)


if __name__ == "__main__":
    print(report())
