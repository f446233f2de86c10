"""Time rank aggregation part 2 (Markov chains, RRA, PrefRel, Agglomerative, DIBRA) against pyflagr 1.0.18.

    .venv/bin/python benchmarks/bench_fusion_part2.py              # 5 rounds
    .venv/bin/python benchmarks/bench_fusion_part2.py --rounds 3

Data: FLAGR's sample lists (tests/data/flagr/testdata.csv: 20 queries x 50 voters x 30
items), the configurations of the seed notebook's cell 4 (shared seed 002). pyflagr reads a
6-column copy (a rank column inserted, see tests/data/flagr/README.md). Both sides run end to
end from the CSV, in this process, interleaved method by method and round by round:

- pyflagr: ``Method(...).aggregate(input_file=...)`` (it writes and re-reads its output CSV);
- rankbook: read the CSV (``rankbook.io.read_flagr_lists``), group the lists by query and
  aggregate each query with ``convention="flagr"``.

It prints each method's median wall time, the spread (min-max) over the rounds, the ratio
rankbook / pyflagr, and the load average before and after. It also prints the MAP of each
method on the sample qrels with FLAGR's evaluator rules (an item counts as retrieved only
when its aggregate score is above 0; AP over the whole list divided by the judged relevant
items of the query; shared flagr.md), for convention="flagr" and "textbook", next to the
seed's published MAP.
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

import numpy as np
import pandas as pd
from pyflagr import RRA, MarkovChains, Weighted

from rankbook.aggregate import (
    agglomerative,
    dibra,
    mc1,
    mc2,
    mc3,
    mc4,
    mct,
    prefrel,
    rra,
)
from rankbook.io import read_flagr_lists, read_flagr_qrels

DATA = Path(__file__).resolve().parents[1] / "tests" / "data" / "flagr"
EV = 10

# name: (published MAP (seed 002), pyflagr factory, rankbook method, rankbook parameters)
CONFIGURATIONS = {
    "MC1": (0.4876, lambda: MarkovChains.MC1(max_iterations=50, ergodic_number=0.15, eval_pts=EV),
            mc1, {"max_iterations": 50, "ergodic_number": 0.15}),
    "MC2": (0.4876, lambda: MarkovChains.MC2(max_iterations=50, ergodic_number=0.15, eval_pts=EV),
            mc2, {"max_iterations": 50, "ergodic_number": 0.15}),
    "MC3": (0.5057, lambda: MarkovChains.MC3(max_iterations=50, ergodic_number=0.15, eval_pts=EV),
            mc3, {"max_iterations": 50, "ergodic_number": 0.15}),
    "MC4": (0.4810, lambda: MarkovChains.MC4(max_iterations=50, ergodic_number=0.15, eval_pts=EV),
            mc4, {"max_iterations": 50, "ergodic_number": 0.15}),
    "MCT": (0.4813, lambda: MarkovChains.MCT(max_iterations=50, ergodic_number=0.15, eval_pts=EV),
            mct, {"max_iterations": 50, "ergodic_number": 0.15}),
    "RRA-Exact": (0.4379, lambda: RRA.RRA(exact=True, eval_pts=EV), rra, {"exact": True}),
    "RRA": (0.4906, lambda: RRA.RRA(exact=False, eval_pts=EV), rra, {"exact": False}),
    "PrefRel": (0.4850, lambda: Weighted.PreferenceRelationsGraph(alpha=0.1, beta=0.5, eval_pts=EV),
                prefrel, {"alpha": 0.1, "beta": 0.5}),
    "Agglomerative": (0.2563, lambda: Weighted.Agglomerative(c1=0.1, c2=0.2, eval_pts=EV),
                      agglomerative, {"c1": 0.1, "c2": 0.2}),
    "DIBRA": (0.4919, lambda: Weighted.DIBRA(aggregator="combsum:borda", gamma=1.2, prune=None,
                                             w_norm="minmax", eval_pts=EV),
              dibra, {"gamma": 1.2}),
    "DIBRA-Prune": (0.5021, lambda: Weighted.DIBRA(aggregator="combsum:borda", gamma=1.2, prune="low",
                                                   w_norm="minmax", d1=0.3, d2=0.05, eval_pts=EV),
                    dibra, {"gamma": 1.2, "prune": "low", "d1": 0.3, "d2": 0.05}),
    "DIBRA-Prune-WISE": (0.4920, lambda: Weighted.DIBRA(aggregator="combsum:borda", gamma=1.2, prune="wire",
                                                        w_norm="minmax", num_buckets=5, d1=0.5, d2=1.0,
                                                        eval_pts=EV),
                         dibra, {"gamma": 1.2, "prune": "wire", "num_buckets": 5, "d1": 0.5, "d2": 1.0}),
}


def six_column_copy(folder: Path) -> Path:
    """testdata.csv with the rank column pyflagr >= 1.0.18 needs (position in its block)."""
    path = folder / "testdata6.csv"
    position, block = 0, None
    with open(DATA / "testdata.csv") as source, open(path, "w") as target:
        for line in source:
            query, voter, item, score, label = line.rstrip("\n").split(",")
            position = position + 1 if (query, voter) == block else 1
            block = (query, voter)
            target.write(f"{query},{voter},{item},{position},{score},{label}\n")
    return path


def lists_by_query(path: Path) -> dict:
    """{query: [list of voter V-0, list of V-1, ...]} from the FLAGR CSV, each best first."""
    runs = read_flagr_lists(path)
    frame = pd.concat([run[["query", "doc", "rank"]].assign(voter=order)
                       for order, run in enumerate(runs.values())])
    frame = frame.sort_values(["query", "voter", "rank"], kind="stable")
    query, voter, doc = (frame[c].to_numpy() for c in ("query", "voter", "doc"))
    starts = np.flatnonzero(np.r_[True, (query[1:] != query[:-1]) | (voter[1:] != voter[:-1])])
    queries: dict = {}
    for start, stop in zip(starts, np.r_[starts[1:], len(query)]):
        queries.setdefault(query[start], []).append(doc[start:stop].tolist())
    return queries


def run_rankbook(path: Path, method, params: dict, convention: str = "flagr") -> dict:
    return {query: method(lists, convention=convention, **params)
            for query, lists in lists_by_query(path).items()}


def run_pyflagr(path: Path, factory) -> None:
    with tempfile.TemporaryDirectory() as out, contextlib.redirect_stdout(io.StringIO()):
        factory().aggregate(input_file=str(path), out_dir=out)


def flagr_map(results: dict, relevant: dict) -> float:
    """MAP with FLAGR's evaluator rules (score > 0 to count; AP divided by all relevant)."""
    values = []
    for query, ranking in results.items():
        rel = relevant.get(query, set())
        hits, total = 0, 0.0
        for position, (item, score) in enumerate(ranking.items(), start=1):
            if item in rel and score > 0:
                hits += 1
                total += hits / position
        values.append(total / len(rel) if rel else 0.0)
    return sum(values) / len(values)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    qrels = read_flagr_qrels(DATA / "testdata_qrels.csv")
    relevant = {q: set(g.loc[g.grade > 0, "doc"]) for q, g in qrels.groupby("query")}
    load_before = os.getloadavg()
    with tempfile.TemporaryDirectory() as folder:
        path = six_column_copy(Path(folder))
        times = {name: {"rankbook": [], "pyflagr": [], "methods": []} for name in CONFIGURATIONS}
        in_memory = lists_by_query(path)
        for _ in range(args.rounds):
            for name, (_, factory, method, params) in CONFIGURATIONS.items():
                start = time.perf_counter()
                run_pyflagr(path, factory)
                times[name]["pyflagr"].append(time.perf_counter() - start)
                start = time.perf_counter()
                run_rankbook(path, method, params)
                times[name]["rankbook"].append(time.perf_counter() - start)
                start = time.perf_counter()
                for lists in in_memory.values():
                    method(lists, convention="flagr", **params)
                times[name]["methods"].append(time.perf_counter() - start)
        maps = {name: (flagr_map(run_rankbook(path, m, p), relevant),
                       flagr_map(run_rankbook(path, m, p, "textbook"), relevant))
                for name, (_, _, m, p) in CONFIGURATIONS.items()}
    load_after = os.getloadavg()
    print(f"python {sys.version.split()[0]}, {os.cpu_count()} cores, {args.rounds} rounds; "
          f"load average before {load_before[0]:.2f}, after {load_after[0]:.2f}")
    print("seconds: median (min-max); 'rankbook' reads the CSV each time, 'lists only' aggregates "
          "lists already in memory")
    print(f"{'method':18} {'pyflagr s':>16} {'rankbook s':>16} {'lists only s':>16} {'ratio':>6}   "
          f"{'MAP published':>13} {'flagr':>7} {'textbook':>8}")
    totals = {"pyflagr": 0.0, "rankbook": 0.0, "methods": 0.0}
    for name, (published, *_rest) in CONFIGURATIONS.items():
        cells = []
        for tool in ("pyflagr", "rankbook", "methods"):
            values = times[name][tool]
            totals[tool] += statistics.median(values)
            cells.append(f"{statistics.median(values):6.3f} ({min(values):.2f}-{max(values):.2f})")
        ratio = statistics.median(times[name]["rankbook"]) / statistics.median(times[name]["pyflagr"])
        print(f"{name:18} {cells[0]:>16} {cells[1]:>16} {cells[2]:>16} {ratio:6.2f}   "
              f"{published:13.4f} {maps[name][0]:7.4f} {maps[name][1]:8.4f}")
    print(f"{'total (medians)':18} {totals['pyflagr']:16.3f} {totals['rankbook']:16.3f} "
          f"{totals['methods']:16.3f} {totals['rankbook'] / totals['pyflagr']:6.2f}")


if __name__ == "__main__":
    main()
