"""Time rank aggregation part 2 (Markov chains, RRA, PrefRel, Agglomerative, DIBRA) against pyflagr 1.0.18.

    .venv/bin/python benchmarks/bench_fusion_part2.py              # 5 rounds
    .venv/bin/python benchmarks/bench_fusion_part2.py --rounds 3

Data: FLAGR's sample lists (tests/data/flagr/testdata.csv: 20 queries x 50 voters x 30
items), the configurations of the seed notebook's cell 4 (shared seed 002). pyflagr reads a
6-column copy (a rank column inserted, see tests/data/flagr/README.md). Both sides run end to
end from the CSV, in this process, interleaved method by method and round by round:

- pyflagr: ``Method(...).aggregate(input_file=...)`` (it writes and re-reads its output CSV);
- rankbook: ``rankbook.fuse(method, flagr=path, convention="flagr", ...)``, the method by its
  name in ``rankbook.aggregate.METHODS`` (as ``rankbook fuse`` runs it); "lists only" times the
  methods on the lists already in memory.

It prints each method's median wall time, the spread (min-max) over the rounds, the ratio
rankbook / pyflagr, and the load average before and after. It also prints the MAP of each
method on the sample qrels with FLAGR's evaluator rules (an item counts as retrieved only
when its aggregate score is above 0; AP over the whole list divided by the judged relevant
items of the query; FLAGR's src/Evaluator.cpp), for convention="flagr" and "textbook", next to
the seed's published MAP.
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

from bench_fusion import SAMPLE, six_columns
from pyflagr import RRA, MarkovChains, Weighted

import rankbook as rb
from rankbook.aggregate import METHODS
from rankbook.io import read_flagr_lists, read_flagr_qrels

EV = 10

# name: (published MAP (the seed: FLAGR's CodeExamples_Comparator.ipynb), pyflagr factory,
# rankbook method, rankbook parameters)
CONFIGURATIONS = {
    "MC1": (0.4876, lambda: MarkovChains.MC1(max_iterations=50, ergodic_number=0.15, eval_pts=EV),
            "mc1", {"max_iterations": 50, "ergodic_number": 0.15}),
    "MC2": (0.4876, lambda: MarkovChains.MC2(max_iterations=50, ergodic_number=0.15, eval_pts=EV),
            "mc2", {"max_iterations": 50, "ergodic_number": 0.15}),
    "MC3": (0.5057, lambda: MarkovChains.MC3(max_iterations=50, ergodic_number=0.15, eval_pts=EV),
            "mc3", {"max_iterations": 50, "ergodic_number": 0.15}),
    "MC4": (0.4810, lambda: MarkovChains.MC4(max_iterations=50, ergodic_number=0.15, eval_pts=EV),
            "mc4", {"max_iterations": 50, "ergodic_number": 0.15}),
    "MCT": (0.4813, lambda: MarkovChains.MCT(max_iterations=50, ergodic_number=0.15, eval_pts=EV),
            "mct", {"max_iterations": 50, "ergodic_number": 0.15}),
    "RRA-Exact": (0.4379, lambda: RRA.RRA(exact=True, eval_pts=EV), "rra_exact", {}),
    "RRA": (0.4906, lambda: RRA.RRA(exact=False, eval_pts=EV), "rra", {}),
    "PrefRel": (0.4850, lambda: Weighted.PreferenceRelationsGraph(alpha=0.1, beta=0.5, eval_pts=EV),
                "prefrel", {"alpha": 0.1, "beta": 0.5}),
    "Agglomerative": (0.2563, lambda: Weighted.Agglomerative(c1=0.1, c2=0.2, eval_pts=EV),
                      "agglomerative", {"c1": 0.1, "c2": 0.2}),
    "DIBRA": (0.4919, lambda: Weighted.DIBRA(aggregator="combsum:borda", gamma=1.2, prune=None,
                                             w_norm="minmax", eval_pts=EV),
              "dibra", {"gamma": 1.2}),
    "DIBRA-Prune": (0.5021, lambda: Weighted.DIBRA(aggregator="combsum:borda", gamma=1.2, prune="low",
                                                   w_norm="minmax", d1=0.3, d2=0.05, eval_pts=EV),
                    "dibra", {"gamma": 1.2, "prune": "low", "d1": 0.3, "d2": 0.05}),
    "DIBRA-Prune-WISE": (0.4920, lambda: Weighted.DIBRA(aggregator="combsum:borda", gamma=1.2, prune="wire",
                                                        w_norm="minmax", num_buckets=5, d1=0.5, d2=1.0,
                                                        eval_pts=EV),
                         "dibra", {"gamma": 1.2, "prune": "wire", "num_buckets": 5, "d1": 0.5, "d2": 1.0}),
}


def lists_by_query(path: Path) -> dict:
    """{query: [list of voter 1, list of voter 2, ...]}, each best first, for the "lists only" column."""
    lists: dict = {}
    for run in read_flagr_lists(path).values():
        for query, group in run.sort_values("rank", kind="stable").groupby("query", sort=False):
            lists.setdefault(query, []).append(group["doc"].tolist())
    return lists


def run_rankbook(path: Path, method: str, params: dict, convention: str = "flagr") -> dict:
    return rb.fuse(method=method, flagr=path, convention=convention, **params)


def run_pyflagr(path: Path, factory) -> None:
    with tempfile.TemporaryDirectory() as out, contextlib.redirect_stdout(io.StringIO()):
        factory().aggregate(input_file=str(path), out_dir=out)


def flagr_map(results: dict, relevant: dict) -> float:
    """MAP with FLAGR's evaluator rules: an item counts only when relevant and scored above 0."""
    aps = []
    for query, ranking in results.items():
        rel = relevant.get(query, set())
        grades = [1 if item in rel and score > 0 else 0 for item, score in ranking.items()]
        aps.append(rb.average_precision(grades, len(rel)) if rel else 0.0)
    return sum(aps) / len(aps)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    qrels = read_flagr_qrels(SAMPLE.parent / "testdata_qrels.csv")
    relevant = {q: set(g.loc[g.grade > 0, "doc"]) for q, g in qrels.groupby("query")}
    load_before = os.getloadavg()
    with tempfile.TemporaryDirectory() as folder:
        path = six_columns(Path(folder))
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
                    METHODS[method].function(lists, convention="flagr", **params)
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
