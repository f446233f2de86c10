"""Time rankbook's rank aggregation against PyFLAGR 1.0.18 on FLAGR's sample data.

    .venv/bin/python benchmarks/bench_fusion.py              # 7 rounds
    .venv/bin/python benchmarks/bench_fusion.py --rounds 15

Both run end to end on the same CSV file: FLAGR's sample (20 queries x 50 voters x 30 items,
tests/data/flagr/testdata.csv) with the rank column PyFLAGR >= 1.0.18 needs. PyFLAGR's C++
library reads the file, aggregates, writes its output CSV, and PyFLAGR reads that back into a
DataFrame; `rankbook.fuse(method, flagr=path)` reads the file and returns
{query: {item: score}}. Each method runs once in both tools before timing (imports, caches),
then the two tools alternate round by round in this one process. The script prints, per
method, the median wall time of each tool, the median of the per-round ratios rankbook /
PyFLAGR, their spread (min-max), the ratio of the median CPU times (steadier when other
processes load the machine), and the machine's load before and after. The goal of the aggregation
issue: every ratio at most 0.5.

FLAGR's Kemeny searches all n! orders (n = 100 here) and is not timed; rankbook's kemeny refuses
n > 20. The last table times rankbook's methods that PyFLAGR does not have.
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time
from pathlib import Path

import pandas as pd
from pyflagr import Linear, Majoritarian

import rankbook as rb

SAMPLE = Path(__file__).resolve().parents[1] / "tests" / "data" / "flagr" / "testdata.csv"

CASES = {  # name: (PyFLAGR aggregator factory, rankbook method, rankbook parameters)
    "CombSUM borda": (lambda: Linear.CombSUM(norm="borda"), "combsum", {"norm": "borda"}),
    "CombSUM rank": (lambda: Linear.CombSUM(norm="rank"), "combsum", {"norm": "rank"}),
    "CombSUM score": (lambda: Linear.CombSUM(norm="score"), "combsum", {"norm": "min_max"}),
    "CombSUM z-score": (lambda: Linear.CombSUM(norm="z-score"), "combsum", {"norm": "z_score"}),
    "CombSUM simple-borda": (lambda: Linear.CombSUM(norm="simple-borda"), "combsum",
                             {"norm": "simple_borda"}),
    "CombMNZ borda": (lambda: Linear.CombMNZ(norm="borda"), "combmnz", {"norm": "borda"}),
    "CombMNZ rank": (lambda: Linear.CombMNZ(norm="rank"), "combmnz", {"norm": "rank"}),
    "CombMNZ score": (lambda: Linear.CombMNZ(norm="score"), "combmnz", {"norm": "min_max"}),
    "CombMNZ z-score": (lambda: Linear.CombMNZ(norm="z-score"), "combmnz", {"norm": "z_score"}),
    "CombMNZ simple-borda": (lambda: Linear.CombMNZ(norm="simple-borda"), "combmnz",
                             {"norm": "simple_borda"}),
    "Borda": (Linear.BordaCount, "borda", {}),
    "SimpleBorda": (Linear.SimpleBordaCount, "borda", {"unranked": "zero"}),
    "Condorcet": (Majoritarian.CondorcetWinners, "condorcet", {}),
    "Copeland": (Majoritarian.CopelandWinners, "copeland", {}),
    "Outranking": (Majoritarian.OutrankingApproach, "outranking", {}),
}
RANKBOOK_ONLY = {"rrf": {}, "isr": {}, "rbc": {"phi": 0.9}, "combmed": {"norm": "rank"},
                 "schulze": {}, "copeland (textbook)": {}}


def six_columns(folder: Path) -> Path:
    """The sample with the rank column (position within its query-voter block)."""
    rows = pd.read_csv(SAMPLE, header=None, names=["q", "v", "i", "s", "l"], dtype=str)
    rows.insert(3, "r", rows.groupby(["q", "v"], sort=False).cumcount() + 1)
    path = folder / "testdata6.csv"
    rows.to_csv(path, header=False, index=False)
    return path


def run_pyflagr(factory, path: Path, out_dir: Path) -> tuple[float, float]:
    """(wall seconds, CPU seconds of this process) of one PyFLAGR aggregation."""
    wall, cpu = time.perf_counter(), time.process_time()
    factory().aggregate(input_file=str(path), out_dir=str(out_dir))
    return time.perf_counter() - wall, time.process_time() - cpu


def run_rankbook(method: str, params: dict, path: Path) -> tuple[float, float]:
    wall, cpu = time.perf_counter(), time.process_time()
    rb.fuse(method=method, flagr=path, **params)
    return time.perf_counter() - wall, time.process_time() - cpu


def flagr_params(method: str, params: dict) -> dict:
    return params if method == "condorcet" else dict(params, convention="flagr")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=7, help="timed rounds per method")
    args = parser.parse_args()
    load_before = os.getloadavg()
    with tempfile.TemporaryDirectory() as folder:
        folder = Path(folder)
        path = six_columns(folder)
        print(f"FLAGR's sample, {path.stat().st_size:,} bytes; {args.rounds} rounds; "
              f"{os.cpu_count()} CPUs; load average before {load_before[0]:.2f}")
        print("wall: elapsed seconds; cpu: this process's CPU seconds (PyFLAGR's C++ code runs in "
              "process), less disturbed by other load")
        print(f"{'method':22s} {'PyFLAGR s':>10s} {'rankbook s':>11s} {'ratio':>7s} "
              f"{'ratio min-max':>15s} {'cpu ratio':>10s}")
        worst, worst_cpu = 0.0, 0.0
        for name, (factory, method, params) in CASES.items():
            params = flagr_params(method, params)
            run_pyflagr(factory, path, folder), run_rankbook(method, params, path)   # warm up
            theirs, ours = [], []
            for _ in range(args.rounds):
                theirs.append(run_pyflagr(factory, path, folder))
                ours.append(run_rankbook(method, params, path))
            ratios = [o[0] / t[0] for o, t in zip(ours, theirs)]
            cpu = statistics.median(o[1] for o in ours) / statistics.median(t[1] for t in theirs)
            worst, worst_cpu = max(worst, statistics.median(ratios)), max(worst_cpu, cpu)
            print(f"{name:22s} {statistics.median(t[0] for t in theirs):10.4f} "
                  f"{statistics.median(o[0] for o in ours):11.4f} {statistics.median(ratios):7.3f} "
                  f"{min(ratios):7.3f}-{max(ratios):.3f} {cpu:10.3f}")
        print(f"largest median ratio: wall {worst:.3f}, cpu {worst_cpu:.3f} (goal: at most 0.5)")
        print("\nrankbook only (no PyFLAGR counterpart), median seconds:")
        for label, params in RANKBOOK_ONLY.items():
            method = label.split()[0]
            run_rankbook(method, params, path)
            times = [run_rankbook(method, params, path)[0] for _ in range(args.rounds)]
            print(f"  {label:22s} {statistics.median(times):.4f}")
    load_after = os.getloadavg()
    print(f"load average after {load_after[0]:.2f} (1 min), {load_after[1]:.2f} (5 min)")


if __name__ == "__main__":
    main()
