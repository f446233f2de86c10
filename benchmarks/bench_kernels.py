"""Issue 21 part 4: `rankbook eval` against trec_eval 9.0.8 and pytrec_eval, in wall *and* CPU time, with the floor.

    .venv/bin/python benchmarks/bench_kernels.py                    # every workload, 5 rounds
    .venv/bin/python benchmarks/bench_kernels.py --workloads all_trec-1M --rounds 3

Workloads (the files of ``run_benchmark.py``: same generator, same seed):

| name | what each tool computes |
| --- | --- |
| all_trec-1M | `-m all_trec` on the 1M-line run (1,000 topics x 1,000 documents) |
| default-1M, default-5M | trec_eval's default measures on the 1M and 5M-line runs |
| dicts | `evaluate()` on dicts vs pytrec_eval's RelevanceEvaluator (run_benchmark.py's) |

Beside the three tools, each file workload times a **floor**: a Python process that imports
numpy, reads the qrels and the run's bytes in 2 MB chunks and finds their fields (per chunk
the white-space test of rankbook's reader, one ``flatnonzero`` of the field boundaries and
one of the line breaks), and does nothing else: what a numpy reader cannot avoid.

Each measurement is a fresh process; the tools run interleaved round by round (A B C D A B
C D ...), so they share the machine's load. For each process the wall time and the CPU time
(user + system, from ``wait4``'s rusage: the process alone, less disturbed by the other
jobs of a shared machine than the wall time) are taken. The script prints medians with
their spread (min-max), the ratios rankbook / peer for both (with the spread: fastest of
ours over slowest of theirs, and the reverse), whether rankbook printed trec_eval's bytes,
and ``uptime`` before and after each workload.
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

import run_benchmark as common

PYTREC_EVAL = """
import sys, pytrec_eval
with open(sys.argv[1]) as f:
    qrels = pytrec_eval.parse_qrel(f)
with open(sys.argv[2]) as f:
    run = pytrec_eval.parse_run(f)
per_topic = pytrec_eval.RelevanceEvaluator(qrels, set(sys.argv[3].split(","))).evaluate(run)
names = next(iter(per_topic.values())).keys()
for name in sorted(names):
    values = [v[name] for v in per_topic.values()]
    if all(isinstance(v, float) for v in values):  # relstring and runid are no numbers
        print(name, pytrec_eval.compute_aggregated_measure(name, values))
"""

FLOOR = """
import sys
import numpy as np
fields = lines = 0
for path in sys.argv[1:]:
    with open(path, "rb") as f:
        rest = b""
        while block := f.read(2 << 20):              # 2 MB chunks, as rankbook reads
            block = rest + block
            cut = block.rfind(b"\\n") + 1
            rest, block = block[cut:], block[:cut]
            a = np.frombuffer(block, dtype=np.uint8)
            space = np.ones(a.size + 2, dtype=np.bool_)
            inner = space[1:-1]
            np.equal(a, 32, out=inner)
            inner |= (a - np.uint8(9)) < 5              # white space: 32, or 9 to 13
            fields += np.flatnonzero(space[1:] != space[:-1]).size // 2
            lines += np.flatnonzero(a == 10).size
print(fields, lines)
"""


# run_benchmark.py's dicts workload, timing each call's CPU time (time.process_time) as
# well as its wall time.
DICTS = common.DICTS.replace(
    "seconds = []", "seconds, cpu = [], []").replace(
    "    started = time.perf_counter()\n",
    "    started, cpu_started = time.perf_counter(), time.process_time()\n").replace(
    "    seconds.append(time.perf_counter() - started)\n",
    "    seconds.append(time.perf_counter() - started)\n"
    "    cpu.append(time.process_time() - cpu_started)\n").replace(
    'print("seconds", *seconds)', 'print("seconds", *seconds, *cpu)')
assert DICTS.count("process_time") == 2 and "*cpu" in DICTS, "run_benchmark.DICTS changed"


def measured(command: list[str], out: Path) -> tuple[float, float, float]:
    """Wall seconds, CPU seconds (user + system) and peak RSS (MiB) of ``command`` alone."""
    errors = out.with_suffix(".err")
    with open(out, "wb") as stdout, open(errors, "wb") as stderr:
        started = time.perf_counter()
        process = subprocess.Popen(command, stdout=stdout, stderr=stderr)
        _, status, usage = os.wait4(process.pid, 0)
        wall = time.perf_counter() - started
    process.returncode = os.waitstatus_to_exitcode(status)
    if process.returncode:
        raise SystemExit(f"{' '.join(command)} failed:\n{errors.read_text()}")
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024


def uptime() -> str:
    return subprocess.run(["uptime"], capture_output=True, text=True).stdout.strip()


def spread(values: list[float]) -> str:
    return f"{statistics.median(values):6.3f} s ({min(values):.3f}-{max(values):.3f})"


def interleaved(tools: dict, rounds: int, folder: Path) -> dict:
    """{tool: (walls, cpus, peak MiB)}, each tool once per round in turn; stdout kept per tool."""
    times = {tool: ([], [], []) for tool in tools}
    for _ in range(rounds):
        for tool, command in tools.items():
            for values, value in zip(times[tool], measured(command, folder / f"{tool}.out")):
                values.append(value)
    return times


def report(times: dict, lines: int) -> None:
    print(f"  {'tool':<12} {'wall median (min-max)':<28} {'CPU median (min-max)':<28} peak")
    for tool, (walls, cpus, peaks) in times.items():
        peak = f"{max(peaks):5.0f} MiB" if max(peaks) else "    -    "
        print(f"  {tool:<12} {spread(walls):<28} {spread(cpus):<28} {peak}"
              f"  {lines / statistics.median(walls) / 1e6:5.2f} M lines/s wall")
    ours = times["rankbook"]
    for peer, theirs in times.items():
        if peer == "rankbook":
            continue
        parts = []
        for label, mine, other in (("wall", ours[0], theirs[0]), ("CPU", ours[1], theirs[1])):
            parts.append(f"{label} {statistics.median(mine) / statistics.median(other):.2f}x "
                         f"(spread {min(mine) / max(other):.2f}-{max(mine) / min(other):.2f})")
        print(f"  rankbook / {peer}: " + ", ".join(parts))


def file_workload(name: str, folder: Path, binary: Path | None, rounds: int) -> None:
    measures, size = name.split("-")
    qrels, run = common.generate(size, folder)
    topics, per_topic = common.WORKLOADS[size]
    option = ["-m", "all_trec"] if measures == "all_trec" else []
    wanted = "all_trec" if measures == "all_trec" else ",".join(common.DEFAULT_MEASURES)
    tools = {"rankbook": [sys.executable, "-m", "rankbook", "eval", *option, str(qrels), str(run)],
             "pytrec_eval": [sys.executable, "-c", PYTREC_EVAL, str(qrels), str(run), wanted],
             "floor": [sys.executable, "-c", FLOOR, str(qrels), str(run)]}
    if binary is not None:
        tools["trec_eval"] = [str(binary), *option, str(qrels), str(run)]
    print(f"\n{name}: {topics * per_topic:,} run lines, {topics:,} topics x {per_topic:,} "
          f"documents; {uptime()}")
    times = interleaved(tools, rounds, folder)
    report(times, topics * per_topic)
    if binary is not None:
        same = (folder / "rankbook.out").read_bytes() == (folder / "trec_eval.out").read_bytes()
        print(f"  rankbook's output is trec_eval's, byte for byte: {same}")
    print(f"  after: {uptime()}")


def dicts_workload(folder: Path, rounds: int) -> None:
    """evaluate() on dicts vs pytrec_eval's RelevanceEvaluator: first and second call, in-process."""
    qrels, run = common.generate("1M", folder)
    print(f"\ndicts: evaluate() vs pytrec_eval.RelevanceEvaluator on the 1M workload's dicts; "
          f"{uptime()}")
    calls = {tool: {"first": ([], []), "second": ([], [])} for tool in ("rankbook", "pytrec_eval")}
    for _ in range(rounds):
        for tool, times in calls.items():
            measured([sys.executable, "-c", DICTS, tool, str(qrels), str(run),
                      ",".join(common.DEFAULT_MEASURES)], folder / "dicts.out")
            wall_1, wall_2, cpu_1, cpu_2 = map(float, (folder / "dicts.out").read_text().split()[-4:])
            for call, wall, cpu in (("first", wall_1, cpu_1), ("second", wall_2, cpu_2)):
                times[call][0].append(wall)
                times[call][1].append(cpu)
    for call in ("first", "second"):
        print(f"  {call} call:")
        report({tool: (*times[call], [0.0]) for tool, times in calls.items()}, 1_000_000)
    print(f"  after: {uptime()}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    names = ["all_trec-1M", "default-1M", "default-5M", "dicts"]
    parser.add_argument("--workloads", nargs="+", default=names, choices=names)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--trec-eval-src", default=None)
    args = parser.parse_args()
    print(f"Python {sys.version.split()[0]}, {os.cpu_count()} CPUs; {uptime()}")
    common.compile_rankbook(sys.executable)
    with tempfile.TemporaryDirectory() as temporary:
        folder = Path(temporary)
        sources = common.find_trec_eval_sources(args.trec_eval_src)
        binary = None if sources is None else common.build_trec_eval(sources, folder)
        print("trec_eval 9.0.8 -O2: " + (f"built from {sources}" if binary else "not found, left out"))
        for name in args.workloads:
            if name == "dicts":
                dicts_workload(folder, args.rounds)
            else:
                file_workload(name, folder, binary, args.rounds)


if __name__ == "__main__":
    main()
