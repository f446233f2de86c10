"""Time the seed's whole 21-method comparison: rankbook's Comparator against pyflagr 1.0.18's.

    .venv/bin/python benchmarks/bench_comparator.py              # 3 rounds
    .venv/bin/python benchmarks/bench_comparator.py --rounds 5

Data: FLAGR's sample lists and qrels (tests/data/flagr: 20 queries x 50 voters x 30 items),
the 21 configurations of the seed notebook's cell 4 (shared seed 002). Both sides run the
whole comparison end to end, from the CSV files to the results table (aggregation and
evaluation), in this process, one after the other, alternating which goes first:

- pyflagr: ``Comparator(10)``, ``add_aggregator`` x 21, ``aggregate(input_file, rels_file)``
  on a 6-column copy of the list file (pyflagr >= 1.0.18 needs the rank column); each
  aggregator's ``aggregate`` is wrapped to time it inside the Comparator's own loop;
- rankbook: ``Comparator(10, conventions="flagr")`` with the same configurations
  (``convention="flagr"``), ``aggregate(input_file=..., rels_file=...)``; its ``timings``
  give each method's aggregation and evaluation time.

Printed: each method's median time per tool with the spread (min-max) over the rounds and the
ratio rankbook / pyflagr; the totals (wall time of the whole comparison) likewise, also in CPU
time (pyflagr's C++ runs in this process through ctypes, so process time counts it); the load
average before and after (the machine is shared).
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

from pyflagr import RRA, Linear, Majoritarian, MarkovChains, Weighted
from pyflagr.Comparator import Comparator as PyComparator

from rankbook.compare import Comparator

DATA = Path(__file__).resolve().parents[1] / "tests" / "data" / "flagr"
LISTS, QRELS = DATA / "testdata.csv", DATA / "testdata_qrels.csv"
EV = 10
CHAIN = {"max_iterations": 50, "ergodic_number": 0.15}
DIBRA = {"aggregator": "combsum:borda", "gamma": 1.2, "weight_normalization": "minmax"}

# name: (pyflagr factory, rankbook method, rankbook parameters); convention="flagr" is added
CONFIGURATIONS = {
    "CombSUM-Rank": (lambda: Linear.CombSUM(norm="rank", eval_pts=EV), "combsum", {"norm": "rank"}),
    "CombSUM-Borda": (lambda: Linear.CombSUM(norm="borda", eval_pts=EV), "combsum", {"norm": "borda"}),
    "CombSUM-Score": (lambda: Linear.CombSUM(norm="score", eval_pts=EV), "combsum", {"norm": "min_max"}),
    "CombMNZ-Rank": (lambda: Linear.CombMNZ(norm="rank", eval_pts=EV), "combmnz", {"norm": "rank"}),
    "CombMNZ-Borda": (lambda: Linear.CombMNZ(norm="borda", eval_pts=EV), "combmnz", {"norm": "borda"}),
    "CombMNZ-Score": (lambda: Linear.CombMNZ(norm="score", eval_pts=EV), "combmnz", {"norm": "min_max"}),
    "Condorcet": (lambda: Majoritarian.CondorcetWinners(eval_pts=EV), "condorcet", {}),
    "Copeland": (lambda: Majoritarian.CopelandWinners(eval_pts=EV), "copeland", {}),
    "Outranking Approach": (lambda: Majoritarian.OutrankingApproach(
        preference=0, veto=0.75, concordance=0, discordance=0.25, eval_pts=EV), "outranking",
        {"preference": 0, "veto": 0.75, "concordance": 0, "discordance": 0.25}),
    "MC1": (lambda: MarkovChains.MC1(eval_pts=EV, **CHAIN), "mc1", CHAIN),
    "MC2": (lambda: MarkovChains.MC2(eval_pts=EV, **CHAIN), "mc2", CHAIN),
    "MC3": (lambda: MarkovChains.MC3(eval_pts=EV, **CHAIN), "mc3", CHAIN),
    "MC4": (lambda: MarkovChains.MC4(eval_pts=EV, **CHAIN), "mc4", CHAIN),
    "MCT": (lambda: MarkovChains.MCT(eval_pts=EV, **CHAIN), "mct", CHAIN),
    "RRA-Exact": (lambda: RRA.RRA(exact=True, eval_pts=EV), "rra_exact", {}),
    "RRA": (lambda: RRA.RRA(exact=False, eval_pts=EV), "rra", {}),
    "PrefRel": (lambda: Weighted.PreferenceRelationsGraph(alpha=0.1, beta=0.5, eval_pts=EV),
                "prefrel", {"alpha": 0.1, "beta": 0.5}),
    "Agglomerative": (lambda: Weighted.Agglomerative(c1=0.1, c2=0.2, eval_pts=EV), "agglomerative",
                      {"c1": 0.1, "c2": 0.2}),
    "DIBRA": (lambda: Weighted.DIBRA(aggregator="combsum:borda", gamma=1.2, prune=None,
                                     w_norm="minmax", eval_pts=EV), "dibra", DIBRA),
    "DIBRA-Prune": (lambda: Weighted.DIBRA(aggregator="combsum:borda", gamma=1.2, prune="low",
                                           w_norm="minmax", d1=0.3, d2=0.05, eval_pts=EV), "dibra",
                    {**DIBRA, "prune": "low", "d1": 0.3, "d2": 0.05}),
    "DIBRA-Prune-WISE": (lambda: Weighted.DIBRA(aggregator="combsum:borda", gamma=1.2, prune="wire",
                                                w_norm="minmax", num_buckets=5, d1=0.5, d2=1.0,
                                                eval_pts=EV), "dibra",
                         {**DIBRA, "prune": "wire", "num_buckets": 5, "d1": 0.5, "d2": 1.0}),
}


def six_column_copy(folder: Path) -> Path:
    """testdata.csv with the rank column pyflagr >= 1.0.18 needs (position in its block)."""
    path = folder / "testdata6.csv"
    position, block = 0, None
    with open(LISTS) as source, open(path, "w") as target:
        for line in source:
            query, voter, item, score, label = line.rstrip("\n").split(",")
            position = position + 1 if (query, voter) == block else 1
            block = (query, voter)
            target.write(f"{query},{voter},{item},{position},{score},{label}\n")
    return path


def timed(aggregator, seconds: dict, name: str):
    """Wrap a pyflagr aggregator's ``aggregate`` so that its wall time lands in ``seconds``."""
    inner = aggregator.aggregate

    def aggregate(*args, **kwargs):
        start = time.perf_counter()
        try:
            return inner(*args, **kwargs)
        finally:
            seconds[name] = time.perf_counter() - start
    aggregator.aggregate = aggregate
    return aggregator


def run_pyflagr(lists: Path) -> tuple[float, float, dict]:
    """(wall s, CPU s, {method: s}) of pyflagr's whole Comparator run."""
    seconds: dict = {}
    wall, cpu = time.perf_counter(), time.process_time()
    with contextlib.redirect_stdout(io.StringIO()):          # it prints "Running X ..."
        theirs = PyComparator(EV)
        for name, (factory, _, _) in CONFIGURATIONS.items():
            theirs.add_aggregator(name, timed(factory(), seconds, name))
        theirs.aggregate(input_file=str(lists), rels_file=str(QRELS))
    assert theirs.results.shape == (441, 46)
    return time.perf_counter() - wall, time.process_time() - cpu, seconds


def run_rankbook() -> tuple[float, float, dict]:
    """(wall s, CPU s, {method: s}) of rankbook's whole Comparator run."""
    wall, cpu = time.perf_counter(), time.process_time()
    ours = Comparator(EV, conventions="flagr")
    for name, (_, method, params) in CONFIGURATIONS.items():
        extra = {} if method == "condorcet" else {"convention": "flagr"}
        ours.add_aggregator(name, method, **params, **extra)
    ours.aggregate(input_file=LISTS, rels_file=QRELS)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    assert ours.results.shape == (441, 46)
    return wall, cpu, ours.timings.sum(axis=1).to_dict()


def spread(values: list) -> str:
    return f"{statistics.median(values):7.3f} ({min(values):.3f}-{max(values):.3f})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    load_before = os.getloadavg()
    runs = {"pyflagr": [], "rankbook": []}
    with tempfile.TemporaryDirectory() as folder:
        lists = six_column_copy(Path(folder))
        run_rankbook()                                         # warm-up: imports, scipy
        for round_ in range(args.rounds):
            order = ("pyflagr", "rankbook") if round_ % 2 == 0 else ("rankbook", "pyflagr")
            for tool in order:
                runs[tool].append(run_pyflagr(lists) if tool == "pyflagr" else run_rankbook())
    load_after = os.getloadavg()
    print(f"python {sys.version.split()[0]}, {os.cpu_count()} cores, {args.rounds} rounds "
          f"(alternating which tool goes first); load average (1 min) before "
          f"{load_before[0]:.2f}, after {load_after[0]:.2f}")
    print("seconds: median (min-max) over the rounds; per method: aggregation and evaluation "
          "inside the Comparator's loop")
    print(f"{'method':20} {'pyflagr 1.0.18':>24} {'rankbook':>24} {'ratio':>6}")
    for name in CONFIGURATIONS:
        theirs = [r[2][name] for r in runs["pyflagr"]]
        ours = [r[2][name] for r in runs["rankbook"]]
        ratio = statistics.median(ours) / statistics.median(theirs)
        print(f"{name:20} {spread(theirs):>24} {spread(ours):>24} {ratio:6.2f}")
    for label, index in (("whole comparison, wall", 0), ("whole comparison, CPU", 1)):
        theirs = [r[index] for r in runs["pyflagr"]]
        ours = [r[index] for r in runs["rankbook"]]
        ratio = statistics.median(ours) / statistics.median(theirs)
        print(f"{label:20} {spread(theirs):>24} {spread(ours):>24} {ratio:6.2f}")


if __name__ == "__main__":
    main()
