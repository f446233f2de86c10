"""Time `rankbook eval` against pytrec_eval (and ranx, if installed) on synthetic TREC files.

    .venv/bin/python benchmarks/run_benchmark.py            # 1M and 5M run lines, 3 rounds
    .venv/bin/python benchmarks/run_benchmark.py --sizes 1000000 --rounds 1

The files are generated with a fixed seed (1,000 documents per topic, about 100 judged per
topic with grades 0-3, scores rounded to 3 decimals so that ties occur) in a temporary
folder. Each tool runs as a separate process, the tools interleaved round by round, and the
script prints wall time and peak memory (ru_maxrss of the child, from os.wait4) with the
ratios pytrec_eval / rankbook. Both evaluate trec_eval's default measure set end to end:
reading the files, evaluating every topic, and the summary.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

DOCS_PER_TOPIC = 1000
JUDGED_PER_TOPIC = 100
SEED = 20240601

PYTREC_EVAL = """
import sys, pytrec_eval
with open(sys.argv[1]) as f:
    qrels = pytrec_eval.parse_qrel(f)
with open(sys.argv[2]) as f:
    run = pytrec_eval.parse_run(f)
measures = {"num_ret", "num_rel", "num_rel_ret", "map", "gm_map", "Rprec", "bpref",
            "recip_rank", "iprec_at_recall", "P"}
per_topic = pytrec_eval.RelevanceEvaluator(qrels, measures).evaluate(run)
names = next(iter(per_topic.values())).keys()
for name in sorted(names):
    values = [v[name] for v in per_topic.values()]
    print(name, pytrec_eval.compute_aggregated_measure(name, values))
"""

RANX = """
import sys
from ranx import Qrels, Run, evaluate
qrels = Qrels.from_file(sys.argv[1], kind="trec")
run = Run.from_file(sys.argv[2], kind="trec")
print(evaluate(qrels, run, ["map", "precision@10", "mrr", "r-precision", "bpref"]))
"""


def generate(folder: Path, n_lines: int) -> tuple[Path, Path]:
    """Synthetic qrels and run with n_lines run lines (fixed seed)."""
    rng = np.random.default_rng(SEED + n_lines)
    n_topics = n_lines // DOCS_PER_TOPIC
    qrels_path = folder / f"qrels_{n_lines}.txt"
    run_path = folder / f"run_{n_lines}.txt"
    with open(qrels_path, "w") as qrels_file, open(run_path, "w") as run_file:
        for start in range(0, n_topics, 100):
            q_lines, r_lines = [], []
            for topic in range(start, min(start + 100, n_topics)):
                docs = rng.choice(5_000_000, size=DOCS_PER_TOPIC + 50, replace=False)
                retrieved = docs[:DOCS_PER_TOPIC]
                # about 100 judged: most among the retrieved, some never retrieved
                judged = np.concatenate([rng.choice(retrieved, 90, replace=False), docs[-10:]])
                grades = rng.choice([0, 0, 0, 1, 1, 2, 3], size=judged.size)
                scores = np.round(np.sort(rng.gamma(2.0, 2.0, DOCS_PER_TOPIC))[::-1], 3)
                q_lines.extend(f"{topic} 0 DOC-{d:07d} {g}\n" for d, g in zip(judged, grades))
                r_lines.extend(f"{topic} Q0 DOC-{d:07d} {rank} {s:.3f} synthetic\n"
                               for rank, (d, s) in enumerate(zip(retrieved, scores), 1))
            qrels_file.write("".join(q_lines))
            run_file.write("".join(r_lines))
    return qrels_path, run_path


def timed(command: list[str]) -> tuple[float, float]:
    """Wall seconds and peak resident memory (MiB) of one child process."""
    start = time.perf_counter()
    child = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(child.pid, 0)
    wall = time.perf_counter() - start
    child.returncode = os.waitstatus_to_exitcode(status)
    if child.returncode:
        raise SystemExit(f"{' '.join(command)} failed:\n{child.stderr.read().decode()}")
    return wall, usage.ru_maxrss / 1024


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[1_000_000, 5_000_000])
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    python = sys.executable
    tools = {
        "rankbook": lambda q, r: [python, "-m", "rankbook", "eval", str(q), str(r)],
        "pytrec_eval": lambda q, r: [python, "-c", PYTREC_EVAL, str(q), str(r)],
    }
    try:
        import ranx  # noqa: F401

        tools["ranx"] = lambda q, r: [python, "-c", RANX, str(q), str(r)]
    except ImportError:
        print("ranx is not installed: skipped.")
    with tempfile.TemporaryDirectory() as folder:
        results = {}
        for n_lines in args.sizes:
            started = time.perf_counter()
            qrels, run = generate(Path(folder), n_lines)
            print(f"\n{n_lines:,} run lines ({n_lines // DOCS_PER_TOPIC:,} topics, "
                  f"{run.stat().st_size / 2**20:.0f} MiB), generated in "
                  f"{time.perf_counter() - started:.0f} s")
            runs = {tool: [] for tool in tools}
            for round_number in range(args.rounds):
                for tool, command in tools.items():  # interleaved: A B A B ...
                    runs[tool].append(timed(command(qrels, run)))
            for tool, measured in runs.items():
                wall = statistics.median(w for w, _ in measured)
                memory = max(m for _, m in measured)
                results[tool, n_lines] = (wall, memory)
                print(f"  {tool:<12} {wall:7.2f} s (median of {len(measured)})  "
                      f"{memory:7.0f} MiB peak   {n_lines / wall / 1e6:.2f} M lines/s")
            ours = results["rankbook", n_lines]
            theirs = results["pytrec_eval", n_lines]
            print(f"  pytrec_eval / rankbook: time {theirs[0] / ours[0]:.2f}x, "
                  f"peak memory {theirs[1] / ours[1]:.2f}x")
        if len(args.sizes) > 1:
            small, large = min(args.sizes), max(args.sizes)
            growth = results["rankbook", large][0] / results["rankbook", small][0]
            print(f"\nrankbook time growth {small:,} -> {large:,} lines: {growth:.2f}x "
                  f"for {large / small:.0f}x the lines")


if __name__ == "__main__":
    main()
