"""Time rankbook.pyflagr against pyflagr 1.0.18, class by class, through the same API.

    .venv/bin/python benchmarks/bench_pyflagr.py                # 5 rounds, FLAGR's sample data
    .venv/bin/python benchmarks/bench_pyflagr.py --large        # also 50 q x 50 voters x 300 items
    .venv/bin/python benchmarks/bench_pyflagr.py --comparator   # also the whole 21-method Comparator
    .venv/bin/python benchmarks/bench_pyflagr.py --only Condorcet,Copeland --large

Each configuration of the seed notebook's cell 4 (shared seed 002) is built from both packages
with the same call (the API is the same) and run end to end, ``aggregate(input_file=...,
rels_file=..., out_dir=...)``: reading the lists, aggregating, evaluating, building the two
DataFrames, writing the two CSV files. Both read the same 6-column file (pyflagr >= 1.0.18
needs the rank column). The two tools alternate within every round, and which goes first
alternates between rounds. Printed per configuration: the median wall time per tool with its
spread (min-max over the rounds), the median CPU time of the process (pyflagr's C++ runs in
the same process, through ctypes, so both count the same way), the ratios rankbook / pyflagr
of the medians, and the goal of issue 18 met or missed; the load average before and after
each input (the machine is shared). ``--large`` adds a generated input (50 queries x 50
voters x 300 items, 750,000 lines, seed 18) for the linear and majoritarian methods;
``--comparator`` times the seed's whole Comparator run (cells 3-5: 21 methods, one table).
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


GOALS = {**dict.fromkeys(LARGE_METHODS, 0.5),
         **dict.fromkeys(("MC1", "MC2", "MC3", "MC4", "MCT", "DIBRA", "DIBRA-Prune",
                          "DIBRA-Prune-WISE", "RRA-Exact"), 1.0), "Comparator": 0.25}


def timed(obj, lists: Path, qrels: Path, out_dir: Path) -> tuple[float, float]:
    """(wall, CPU) seconds of one ``aggregate`` call (CPU: this process, every thread)."""
    wall, cpu = time.perf_counter(), time.process_time()
    with contextlib.redirect_stdout(io.StringIO()):
        obj.aggregate(input_file=str(lists), rels_file=str(qrels), out_dir=str(out_dir))
    return time.perf_counter() - wall, time.process_time() - cpu


class WholeComparator:
    """The seed's cells 3-5: a Comparator, its 21 aggregators, one ``aggregate`` (no out_dir)."""

    def __init__(self, package: str):
        import importlib

        self.module = importlib.import_module(f"{package}.Comparator")
        self.added = configurations(package)

    def aggregate(self, input_file, rels_file, out_dir):
        cmp = self.module.Comparator(10)
        for name, obj in self.added.items():
            cmp.add_aggregator(name, obj)
        cmp.aggregate(input_file=input_file, rels_file=rels_file)


def compare(names, lists: Path, qrels: Path, rounds: int, folder: Path, objects=None) -> list:
    theirs, ours = objects or (configurations("pyflagr"), configurations("rankbook.pyflagr"))
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
        rows.append(summary(name, times))
        print(rows[-1], flush=True)
    return rows


def summary(name: str, times: dict) -> str:
    """One Markdown row: wall median [min-max] and CPU median per tool, the ratios, the goal."""
    cells, medians = [name], {}
    for tool in ("pyflagr", "rankbook"):
        wall, cpu = [t[0] for t in times[tool]], [t[1] for t in times[tool]]
        medians[tool] = statistics.median(wall), statistics.median(cpu)
        cells.append(f"{medians[tool][0]:.3f} s ({min(wall):.3f}-{max(wall):.3f})")
        cells.append(f"{medians[tool][1]:.3f} s ({min(cpu):.3f}-{max(cpu):.3f})")
    ratio_wall = medians["rankbook"][0] / medians["pyflagr"][0]
    ratio_cpu = medians["rankbook"][1] / medians["pyflagr"][1]
    goal = GOALS.get(name)
    verdict = "" if goal is None else (
        f"<= {goal}: met" if max(ratio_wall, ratio_cpu) <= goal else
        f"<= {goal}: missed by {max(ratio_wall, ratio_cpu) - goal:.2f}" if min(ratio_wall, ratio_cpu) > goal
        else f"<= {goal}: met in {'wall' if ratio_wall <= goal else 'CPU'} time only")
    return "| " + " | ".join([*cells, f"{ratio_wall:.2f}", f"{ratio_cpu:.2f}", verdict]) + " |"


HEADER = ("| configuration | pyflagr wall | pyflagr CPU | rankbook wall | rankbook CPU | ratio wall "
          "| ratio CPU | goal |\n| --- | --- | --- | --- | --- | --- | --- | --- |")


def load() -> str:
    return "load average " + ", ".join(f"{x:.2f}" for x in os.getloadavg())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--large", action="store_true")
    parser.add_argument("--comparator", action="store_true")
    parser.add_argument("--skip", default="", help="configurations left out (comma-separated)")
    parser.add_argument("--only", default="", help="only these configurations (comma-separated)")
    args = parser.parse_args()
    skip, only = set(filter(None, args.skip.split(","))), set(filter(None, args.only.split(",")))
    wanted = [n for n in configurations("rankbook.pyflagr") if n not in skip and (not only or n in only)]
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        lists = six_columns(DATA / "testdata.csv", folder / "lists6.csv")
        qrels = DATA / "testdata_qrels.csv"
        print(f"FLAGR's sample data (20 q x 50 voters x 30 items), {args.rounds} rounds; {load()}")
        print(HEADER)
        compare(wanted, lists, qrels, args.rounds, folder)
        print(load())
        if args.comparator:
            print(f"the seed's whole Comparator run (21 methods), {args.rounds} rounds; {load()}")
            objects = ({"Comparator": WholeComparator("pyflagr")},
                       {"Comparator": WholeComparator("rankbook.pyflagr")})
            compare(["Comparator"], lists, qrels, args.rounds, folder, objects)
            print(load())
        if args.large:
            big, big_qrels = generated(folder)
            print(f"generated: 50 q x 50 voters x 300 items, {args.rounds} rounds; {load()}")
            print(HEADER)
            compare([n for n in LARGE_METHODS if n in wanted], big, big_qrels, args.rounds, folder)
            print(load())


if __name__ == "__main__":
    main()
