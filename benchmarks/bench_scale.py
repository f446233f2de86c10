"""Evaluation at scale (issue 21): streaming by topic, many runs in parallel, the Dask engine.

    .venv/bin/python benchmarks/bench_scale.py                       # 20M in memory vs stream, 100M stream, 20 runs
    .venv/bin/python benchmarks/bench_scale.py --lines 2000000 --big 0 --runs 4   # a quick look

Three workloads, files generated with a fixed seed by run_benchmark.py's generator (1,000
documents per topic, ~10% judged, 3-decimal scores) in ``--workdir`` (deleted at the end):

| name | what is timed |
| --- | --- |
| stream | `rankbook eval` on a ``--lines`` run, in memory and with ``--stream``, interleaved round by round; the two outputs must be byte-identical |
| big | `rankbook eval --stream` on a ``--big`` run (100M lines, ~3.5 GB), once: its peak memory |
| many | `rankbook eval QRELS RUN...` on ``--runs`` runs of ``--run-lines`` lines: ``-j 1``, ``-j 2`` and ``--engine dask -j 2`` (which starts a local cluster), interleaved; outputs byte-identical |

Each measurement is a fresh process through ``/usr/bin/time`` (run_benchmark.run_measured),
so the peak resident memory is the command's own; for ``-j 2`` it is the parent's (each
worker is a process of its own, about as large as one run's evaluation). Every command
computes trec_eval's default measure set. The load average is printed before and after each
workload: on the project's shared 2-core machine other people's jobs run at the same time.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from run_benchmark import GENERATE, SEED, compile_rankbook, load, run_measured, summary  # noqa: E402

PER_TOPIC = 1_000


def generate(folder: Path, name: str, lines: int, seed: int) -> tuple[Path, Path]:
    qrels, run = folder / f"qrels_{name}.txt", folder / f"run_{name}.txt"
    started = time.perf_counter()
    subprocess.run([sys.executable, "-c", GENERATE, str(lines // PER_TOPIC), str(PER_TOPIC),
                    str(seed), str(qrels), str(run)], check=True)
    print(f"({name}: {lines:,} lines, {run.stat().st_size / 2**30:.2f} GiB, generated in "
          f"{time.perf_counter() - started:.0f} s)", flush=True)
    return qrels, run


def rankbook(*args) -> list[str]:
    return [sys.executable, "-m", "rankbook", "eval", *map(str, args)]


def interleaved(commands: dict, rounds: int, lines: int) -> dict:
    """Each command once per round, in turn; checks that their outputs are the same bytes."""
    walls = {name: [] for name in commands}
    memory = {name: [] for name in commands}
    cpu = {name: [] for name in commands}
    digests = set()
    for _ in range(rounds):
        for name, command in commands.items():
            before = children_cpu()
            wall, peak, out = run_measured(command)
            cpu[name].append(children_cpu() - before)
            walls[name].append(wall)
            memory[name].append(peak)
            digests.add(hashlib.sha256(out.encode()).hexdigest())
    assert len(digests) == 1, "the outputs differ"
    for name in commands:
        print(summary(name, walls[name], memory[name], lines), flush=True)
        print(f"  {'':<13} CPU (user + system, the command and its workers) "
              f"{', '.join(f'{c:.1f}' for c in cpu[name])} s", flush=True)
    print(f"  outputs byte-identical (sha256 {digests.pop()[:12]}...); load average after "
          f"{load()}", flush=True)
    return {name: (walls[name], memory[name]) for name in commands}


def stream_workload(folder: Path, lines: int, rounds: int) -> None:
    qrels, run = generate(folder, "stream", lines, SEED + 21)
    print(f"\nstream: {lines:,} lines; load average before {load()}", flush=True)
    measured = interleaved({"in memory": rankbook(qrels, run),
                            "--stream": rankbook("--stream", qrels, run)}, rounds, lines)
    ratios = sorted(m / s for m, s in zip(measured["in memory"][0], measured["--stream"][0]))
    print(f"  stream speed / in-memory speed, round by round: "
          f"{', '.join(f'{r:.2f}' for r in ratios)}", flush=True)
    run.unlink()


def children_cpu() -> float:
    """CPU seconds of the finished child processes (user + system)."""
    times = os.times()
    return times.children_user + times.children_system


def big_workload(folder: Path, lines: int) -> None:
    qrels, run = generate(folder, "big", lines, SEED + 100)
    print(f"\nbig: {lines:,} lines; load average before {load()}", flush=True)
    before = children_cpu()
    wall, peak, out = run_measured(rankbook("--stream", qrels, run))
    cpu = children_cpu() - before
    print(f"  --stream  {wall:.1f} s wall, {cpu:.1f} s CPU, {peak:.0f} MiB peak, "
          f"{lines / wall / 1e6:.2f} M lines/s; load average after {load()}", flush=True)
    print(f"  output: {len(out.splitlines())} lines, {next(l for l in out.splitlines() if l.startswith('map '))!r}",
          flush=True)
    run.unlink()


def many_workload(folder: Path, runs: int, run_lines: int, rounds: int) -> None:
    qrels, _ = generate(folder, "many-qrels", run_lines, SEED + 7)
    paths = []
    for i in range(runs):
        paths.append(generate(folder, f"many{i:02d}", run_lines, SEED + 1000 + i)[1])
    print(f"\nmany: {runs} runs x {run_lines:,} lines; {os.cpu_count()} CPUs; load average "
          f"before {load()}", flush=True)
    interleaved({"-j 1": rankbook("-j", 1, qrels, *paths),
                 "-j 2": rankbook("-j", 2, qrels, *paths),
                 "dask -j 2": rankbook("--engine", "dask", "-j", 2, qrels, *paths)},
                rounds, runs * run_lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--lines", type=int, default=20_000_000)
    parser.add_argument("--big", type=int, default=100_000_000, help="0 leaves it out")
    parser.add_argument("--runs", type=int, default=20, help="0 leaves the many workload out")
    parser.add_argument("--run-lines", type=int, default=500_000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--workdir", default=None, help="default: a temporary folder")
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="rankbook-scale-", dir=args.workdir))
    compile_rankbook(sys.executable)
    print(f"Python {sys.version.split()[0]}, {os.cpu_count()} CPUs, load average {load()}")
    try:
        if args.lines:
            stream_workload(folder, args.lines, args.rounds)
        if args.big:
            big_workload(folder, args.big)
        if args.runs:
            many_workload(folder, args.runs, args.run_lines, args.rounds)
    finally:
        shutil.rmtree(folder)


if __name__ == "__main__":
    main()
