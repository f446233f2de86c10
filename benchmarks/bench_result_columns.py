"""Reading the columns of an evaluation table, in two source trees, interleaved.

    .venv/bin/python benchmarks/bench_result_columns.py --before OLD/src --after src

``rankbook.evaluate`` returns a pandas DataFrame whose ``attrs`` list the columns'
measures. pandas deep-copies ``attrs`` into every column it hands out, so the cost of
``table["map"]`` is the cost of copying that list. Each tree, in a fresh process with
``PYTHONPATH`` set to it, evaluates ``all_trec`` (trec_eval 9's 95 columns) on 50 generated topics and
then reads every column 20 times; the trees take turns, ``--rounds`` rounds. Prints the
median and spread of the time per column read, the CPU of each process and the load
average. A copy of the old tree is made with ``git archive COMMIT src | tar -x -C OLD``.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
from pathlib import Path

# Run in each tree's process: the table, then every column read REPEAT times.
PROGRAM = r"""
import time
import numpy as np
import rankbook as rb

rng = np.random.default_rng(7)
qrels = {f"q{t}": {f"d{d}": int(rng.integers(0, 3)) for d in range(60)} for t in range(50)}
run = {f"q{t}": {f"d{d}": float(rng.random()) for d in range(0, 120, 2)} for t in range(50)}
table = rb.evaluate(qrels, run, "all_trec")
columns = list(table.columns)
start = time.perf_counter()
for _ in range(REPEAT):
    for column in columns:
        table[column]
print((time.perf_counter() - start) / (REPEAT * len(columns)), len(columns))
"""
REPEAT = 20


def load() -> str:
    return "/".join(f"{x:.2f}" for x in os.getloadavg())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--before", required=True, help="the old tree's src folder")
    parser.add_argument("--after", required=True, help="the new tree's src folder")
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    trees = {"before": Path(args.before).resolve(), "after": Path(args.after).resolve()}
    program = PROGRAM.replace("REPEAT", str(REPEAT))
    per_read = {name: [] for name in trees}
    cpu = {name: [] for name in trees}
    print(f"load average before {load()}", flush=True)
    for _ in range(args.rounds):
        for name, tree in trees.items():
            times = os.times()
            done = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True,
                                  env={**os.environ, "PYTHONPATH": str(tree)}, check=True)
            after = os.times()
            cpu[name].append(after.children_user + after.children_system
                             - times.children_user - times.children_system)
            seconds, columns = done.stdout.split()
            per_read[name].append(float(seconds) * 1e3)
    print(f"{columns} columns, each read {REPEAT} times a round, {args.rounds} rounds", flush=True)
    for name in trees:
        values = per_read[name]
        print(f"  {name:<7} {statistics.median(values):8.3f} ms a column read (median; min "
              f"{min(values):.3f}, max {max(values):.3f}); CPU of each process "
              f"{', '.join(f'{c:.1f}' for c in cpu[name])} s", flush=True)
    ratios = sorted(b / a for b, a in zip(per_read["before"], per_read["after"]))
    print(f"  before / after, round by round: {', '.join(f'{r:.1f}' for r in ratios)}", flush=True)
    print(f"load average after {load()}", flush=True)


if __name__ == "__main__":
    main()
