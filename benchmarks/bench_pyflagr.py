"""Time rankbook.pyflagr against pyflagr 1.0.18, class by class, through the same API.

    .venv/bin/python benchmarks/bench_pyflagr.py               # 5 rounds, FLAGR's sample data
    .venv/bin/python benchmarks/bench_pyflagr.py --large       # also 50 q x 50 voters x 300 items

Each configuration of the seed notebook's cell 4 (shared seed 002) is built from both packages
with the same call (the API is the same) and run end to end, ``aggregate(input_file=...,
rels_file=...)``: reading the lists, aggregating, evaluating, building the two DataFrames.
Both read the same 6-column file (pyflagr >= 1.0.18 needs the rank column). The two tools
alternate within every round, and which goes first alternates between rounds. Printed: each
configuration's median wall time per tool, the spread (min-max) over the rounds, the ratio
rankbook / pyflagr of the medians; the load average before and after (the machine is shared).
``--large`` adds a generated input (50 queries x 50 voters x 300 items, 750,000 lines, seed 18)
for the linear and majoritarian methods.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import random
import statistics
import tempfile
import time
from pathlib import Path

import pandas as pd

DATA = Path(__file__).resolve().parents[1] / "tests" / "data" / "flagr"
CELLS = DATA / "seed_comparator_cells.txt"
LARGE_METHODS = ("CombSUM-Rank", "CombSUM-Borda", "CombSUM-Score", "CombMNZ-Rank",
                 "CombMNZ-Borda", "CombMNZ-Score", "Condorcet", "Copeland", "Outranking Approach")


def configurations(package: str) -> dict:
    """name -> aggregator object: the seed's cell 4 run against ``package``'s modules."""
    import importlib

    namespace = {module: importlib.import_module(f"{package}.{module}") for module in
                 ("Linear", "Majoritarian", "MarkovChains", "Kemeny", "RRA", "Weighted")}
    added: dict = {}

    class Collect:
        def add_aggregator(self, name, obj):
            added[name] = obj

    text = CELLS.read_text()
    cell4 = text.split("# In [4]:\n", 1)[1].split("# In [5]:\n", 1)[0]
    exec(cell4, {**namespace, "cmp": Collect(), "EV_PTS": 10})   # noqa: S102 (the seed's code)
    return added


def six_columns(source: Path, target: Path) -> Path:
    frame = pd.read_csv(source, header=None)
    frame.insert(3, "rank", frame.groupby([0, 1], sort=False).cumcount() + 1)
    frame.to_csv(target, header=False, index=False)
    return target


def generated(folder: Path, queries=50, voters=50, items=300, seed=18) -> tuple[Path, Path]:
    """A larger input in FLAGR's 6 columns and its qrels (every item judged, a third relevant)."""
    rng = random.Random(seed)
    lines, judged = [], []
    for q in range(1, queries + 1):
        pool = [f"Q{q}-E{i}" for i in range(items)]
        judged += [f"{q},0,{item},{int(rng.random() < 1 / 3)}\n" for item in pool]
        for v in range(voters):
            order = rng.sample(pool, items)
            lines += [f"{q},V-{v},{item},{r},{(items - r + 1) / items:.5f},Large\n"
                      for r, item in enumerate(order, start=1)]
    lists, qrels = folder / "large.csv", folder / "large_qrels.csv"
    lists.write_text("".join(lines))
    qrels.write_text("".join(judged))
    return lists, qrels


def timed(obj, lists: Path, qrels: Path, out_dir: Path) -> float:
    start = time.perf_counter()
    with contextlib.redirect_stdout(io.StringIO()):
        obj.aggregate(input_file=str(lists), rels_file=str(qrels), out_dir=str(out_dir))
    return time.perf_counter() - start


def compare(names, lists: Path, qrels: Path, rounds: int, folder: Path) -> list:
    theirs, ours = configurations("pyflagr"), configurations("rankbook.pyflagr")
    rows = []
    for name in names:
        times = {"pyflagr": [], "rankbook": []}
        timed(theirs[name], lists, qrels, folder)       # warm up both
        timed(ours[name], lists, qrels, folder)
        for round_ in range(rounds):
            order = ("pyflagr", "rankbook") if round_ % 2 == 0 else ("rankbook", "pyflagr")
            for tool in order:
                obj = theirs[name] if tool == "pyflagr" else ours[name]
                times[tool].append(timed(obj, lists, qrels, folder))
        p, r = statistics.median(times["pyflagr"]), statistics.median(times["rankbook"])
        rows.append((name, p, min(times["pyflagr"]), max(times["pyflagr"]), r,
                     min(times["rankbook"]), max(times["rankbook"]), r / p))
        print(f"{name:22s} pyflagr {p:8.3f} s [{rows[-1][2]:.3f}-{rows[-1][3]:.3f}]  "
              f"rankbook {r:8.3f} s [{rows[-1][5]:.3f}-{rows[-1][6]:.3f}]  ratio {r / p:6.2f}",
              flush=True)
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--large", action="store_true")
    parser.add_argument("--skip", default="Agglomerative,RRA-Exact",
                        help="configurations left out (comma-separated)")
    args = parser.parse_args()
    print(f"load average before: {os.getloadavg()}")
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        lists = six_columns(DATA / "testdata.csv", folder / "lists6.csv")
        qrels = DATA / "testdata_qrels.csv"
        skip = set(filter(None, args.skip.split(",")))
        names = [n for n in configurations("rankbook.pyflagr") if n not in skip]
        print(f"FLAGR's sample data (20 q x 50 voters x 30 items), {args.rounds} rounds")
        compare(names, lists, qrels, args.rounds, folder)
        if args.large:
            big, big_qrels = generated(folder)
            print(f"generated: 50 q x 50 voters x 300 items, {args.rounds} rounds")
            compare(LARGE_METHODS, big, big_qrels, args.rounds, folder)
    print(f"load average after: {os.getloadavg()}")


if __name__ == "__main__":
    main()
