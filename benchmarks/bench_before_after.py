"""Two source trees of rankbook timed on the same files, interleaved: did a change cost speed?

    .venv/bin/python benchmarks/bench_before_after.py --before OLD/src --after src --lines 5000000

``rankbook eval`` (trec_eval's default measures, the batch path: reading, the join, the
kernels) and ``rankbook eval --stream`` run on a generated run of ``--lines`` lines (the
generator of run_benchmark.py, 1,000 documents per topic, ~10% judged), each tree once per
round in turn, ``--rounds`` rounds, each a fresh process with ``PYTHONPATH`` set to its tree.
Prints wall time and peak memory (medians and spread), the CPU time of each run, the load
average before and after, and checks that both trees print the same bytes. A copy of the
old tree is made with ``git archive COMMIT src | tar -x -C OLD``.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_scale import generate, interleaved  # noqa: E402
from run_benchmark import SEED, load  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--before", required=True, help="the old tree's src folder")
    parser.add_argument("--after", required=True, help="the new tree's src folder")
    parser.add_argument("--lines", type=int, default=5_000_000)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    trees = {"before": Path(args.before).resolve(), "after": Path(args.after).resolve()}
    with tempfile.TemporaryDirectory() as folder:
        qrels, run = generate(Path(folder), "fence", args.lines, SEED + 19)
        for extra in ([], ["--stream"]):
            print(f"\nrankbook eval {' '.join(extra)} ({args.lines:,} lines); load average "
                  f"before {load()}", flush=True)
            commands = {name: ["env", f"PYTHONPATH={tree}", sys.executable, "-m", "rankbook",
                               "eval", *extra, str(qrels), str(run)]
                        for name, tree in trees.items()}
            interleaved(commands, args.rounds, args.lines)


if __name__ == "__main__":
    main()
