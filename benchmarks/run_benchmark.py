"""Time `rankbook eval` against pytrec_eval and trec_eval 9.0.8 (-O2), interleaved in one session.

    .venv/bin/python benchmarks/run_benchmark.py                  # every workload, 3 rounds
    .venv/bin/python benchmarks/run_benchmark.py --workloads 1M --rounds 1   # a quick look
    .venv/bin/python benchmarks/run_benchmark.py --workloads dicts --rounds 5

Workloads (files generated with a fixed seed in a temporary folder, by a separate process):

| name | run lines | topics | documents per topic |
| --- | --- | --- | --- |
| 1M | 1,000,000 | 1,000 | 1,000 |
| 5M | 5,000,000 | 5,000 | 1,000 |
| 300k-topics | 3,000,000 | 300,000 | 10 (without trec_eval: quadratic in topics, see below) |
| dicts | `evaluate()` on dicts vs pytrec_eval's RelevanceEvaluator on the same dicts (1M entries) |
| floor | a 1-line qrels and run: each tool's start-up, next to `python -c "import numpy"` |

About 10% of each topic's retrieved documents are judged (grades 0-3) plus a few judged
documents never retrieved; scores have 3 decimals so that ties occur. Every tool computes
trec_eval's default measure set end to end (parse both files, evaluate every topic, print the
summary); for `dicts` only the evaluation calls are timed (the dicts are built first, untimed):
the first call in the process, and a second one on the same dicts.

Each measurement is a fresh process started through ``/usr/bin/time -v`` (or, without it, a
small launcher that reports ``wait4``'s ``ru_maxrss`` of the tool alone): the peak memory is
the tool's own, never this driver's (a child forked from a large process inherits its
high-water mark). The tools run interleaved round by round (A B C A B C ...), so they see the
same machine load, and the load average is printed before and after each workload.

trec_eval: built with -O2 from ``shared/tools/trec_eval/9.0.8`` (looked for beside the
repository, or given with ``--trec-eval-src``) into a temporary folder; if the sources are not
there the script says so and leaves trec_eval out.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SEED = 20240601
WORKLOADS = {"1M": (1_000, 1_000), "5M": (5_000, 1_000), "300k-topics": (300_000, 10)}
DEFAULT_MEASURES = ["num_ret", "num_rel", "num_rel_ret", "map", "gm_map", "Rprec", "bpref",
                    "recip_rank", "iprec_at_recall", "P"]

GENERATE = r"""
import sys
import numpy as np
topics, per_topic, seed, qrels_path, run_path = (int(sys.argv[1]), int(sys.argv[2]),
                                                int(sys.argv[3]), sys.argv[4], sys.argv[5])
rng = np.random.default_rng(seed)
judged_ret = max(1, per_topic // 10)
with open(qrels_path, "w") as qrels_file, open(run_path, "w") as run_file:
    block = max(1, 100_000 // per_topic)
    for start in range(0, topics, block):
        q_lines, r_lines = [], []
        for topic in range(start, min(start + block, topics)):
            docs = rng.choice(5_000_000, size=per_topic + 5, replace=False)
            retrieved = docs[:per_topic]
            judged = np.concatenate([rng.choice(retrieved, judged_ret, replace=False), docs[-5:]])
            grades = rng.choice([0, 0, 0, 1, 1, 2, 3], size=judged.size)
            scores = np.round(np.sort(rng.gamma(2.0, 2.0, per_topic))[::-1], 3)
            q_lines.extend(f"{topic} 0 DOC-{d:07d} {g}\n" for d, g in zip(judged, grades))
            r_lines.extend(f"{topic} Q0 DOC-{d:07d} {rank} {s:.3f} synthetic\n"
                           for rank, (d, s) in enumerate(zip(retrieved, scores), 1))
        qrels_file.write("".join(q_lines))
        run_file.write("".join(r_lines))
"""

PYTREC_EVAL = """
import sys, pytrec_eval
with open(sys.argv[1]) as f:
    qrels = pytrec_eval.parse_qrel(f)
with open(sys.argv[2]) as f:
    run = pytrec_eval.parse_run(f)
measures = set(sys.argv[3].split(","))
per_topic = pytrec_eval.RelevanceEvaluator(qrels, measures).evaluate(run)
names = next(iter(per_topic.values())).keys()
for name in sorted(names):
    values = [v[name] for v in per_topic.values()]
    print(name, pytrec_eval.compute_aggregated_measure(name, values))
"""

# The dicts workload: build {qid: {docid: value}} from the files (untimed), then time the
# first call (for rankbook it includes loading rankbook.evaluation and pandas, which
# `import rankbook` defers) and a second call on the same dicts.
DICTS = """
import sys, time
def load(path, value_field, value_type):
    out = {}
    with open(path) as f:
        for line in f:
            fields = line.split()
            out.setdefault(fields[0], {})[fields[2]] = value_type(fields[value_field])
    return out
qrels, run = load(sys.argv[2], 3, int), load(sys.argv[3], 4, float)
measures = sys.argv[4].split(",")
if sys.argv[1] == "rankbook":
    import rankbook
    def call():
        rankbook.evaluate(qrels, run, measures)
else:
    import pytrec_eval
    def call():
        pytrec_eval.RelevanceEvaluator(qrels, set(measures)).evaluate(run)
seconds = []
for _ in range(2):
    started = time.perf_counter()
    call()
    seconds.append(time.perf_counter() - started)
print("seconds", *seconds)
"""

def run_measured(command: list[str]) -> tuple[float, float, str]:
    """Wall seconds, peak resident memory (MiB) of ``command`` alone, and its stdout."""
    if Path("/usr/bin/time").exists():
        wrapped = ["/usr/bin/time", "-f", "MAXRSS_KB %M", *command]
    else:
        wrapped = [sys.executable, "-c", _SPAWN, *command]
    started = time.perf_counter()
    done = subprocess.run(wrapped, capture_output=True, text=True, check=False)
    wall = time.perf_counter() - started
    if done.returncode:
        raise SystemExit(f"{' '.join(command)} failed:\n{done.stderr}")
    rss = [line for line in done.stderr.splitlines() if line.startswith("MAXRSS_KB ")]
    return wall, int(rss[-1].split()[1]) / 1024, done.stdout


# Without /usr/bin/time: a small fresh process spawns the tool and reports the tool's own
# ru_maxrss from os.wait4 (the launcher's ~10 MiB high-water mark is a floor, said below).
_SPAWN = """
import os, sys
pid = os.posix_spawnp(sys.argv[1], sys.argv[1:], os.environ)
_, status, usage = os.wait4(pid, 0)
print(f"MAXRSS_KB {usage.ru_maxrss}", file=sys.stderr)
sys.exit(os.waitstatus_to_exitcode(status))
"""


def find_trec_eval_sources(given: str | None) -> Path | None:
    candidates = [Path(given)] if given else [
        ROOT.parent / "shared" / "tools" / "trec_eval" / "9.0.8",
        ROOT.parent.parent / "shared" / "tools" / "trec_eval" / "9.0.8"]
    for folder in candidates:
        if (folder / "trec_eval.c").exists():
            return folder
    return None


def build_trec_eval(sources: Path, into: Path) -> Path:
    """Copy the sources and build them with -O2; the binary's path."""
    target = into / "trec_eval-9.0.8"
    shutil.copytree(sources, target)
    subprocess.run(["make", "-s", "-C", str(target), "trec_eval",
                    'CFLAGS=-O2 -I. -Wall -DVERSIONID=\\"9.0.8\\"'],
                   check=True, capture_output=True)
    return target / "trec_eval"


def load() -> str:
    return "/".join(f"{x:.2f}" for x in os.getloadavg())


def summary(label: str, walls: list[float], memory: list[float], lines: int | None) -> str:
    median = statistics.median(walls)
    speed = f"  {lines / median / 1e6:5.2f} M lines/s" if lines else ""
    mem = f"  {max(memory):7.0f} MiB peak" if memory else ""
    return (f"  {label:<13} {median:7.3f} s median (min {min(walls):.3f}, max {max(walls):.3f}, "
            f"n={len(walls)}){mem}{speed}")


def generate(name: str, folder: Path) -> tuple[Path, Path]:
    """The workload's qrels and run (generated by a separate process the first time)."""
    topics, per_topic = WORKLOADS[name]
    qrels, run = folder / f"qrels_{name}.txt", folder / f"run_{name}.txt"
    if not run.exists():
        started = time.perf_counter()
        subprocess.run([sys.executable, "-c", GENERATE, str(topics), str(per_topic),
                        str(SEED + topics), str(qrels), str(run)], check=True)
        print(f"({name} files generated in {time.perf_counter() - started:.0f} s)")
    return qrels, run


def file_workload(name, folder, tools, rounds) -> dict:
    topics, per_topic = WORKLOADS[name]
    qrels, run = generate(name, folder)
    lines = topics * per_topic
    print(f"\n{name}: {lines:,} run lines, {topics:,} topics x {per_topic:,} documents, "
          f"{run.stat().st_size / 2**20:.0f} MiB; load average before {load()}")
    if name == "300k-topics" and "trec_eval" in tools:
        # trec_eval.c finds each run topic's judgments by a linear search over the qrels
        # topics (the loop over all_rel_info.rel_info), quadratic in topics: at 300k topics
        # one run takes many minutes (killed after 5 CPU minutes on the shared machine).
        print("  trec_eval left out: its topic lookup is a linear search per topic "
              "(trec_eval.c), quadratic in topics")
        tools = {tool: command for tool, command in tools.items() if tool != "trec_eval"}
    return interleaved(tools, qrels, run, rounds, lines)


def interleaved(tools: dict, qrels: Path, run: Path, rounds: int, lines: int | None) -> dict:
    """Each tool once per round, in turn (A B C A B C ...); prints and returns the measures."""
    measured = {tool: ([], []) for tool in tools}
    for _ in range(rounds):
        for tool, command in tools.items():
            wall, memory, _ = run_measured(command(qrels, run))
            measured[tool][0].append(wall)
            measured[tool][1].append(memory)
    for tool, (walls, memory) in measured.items():
        print(summary(tool, walls, memory, lines))
    print(f"  load average after {load()}")
    return measured


def ratios(measured: dict, ours: str = "rankbook", memory: bool = True) -> None:
    mine = measured[ours]
    for peer, theirs in measured.items():
        if peer == ours:
            continue
        time_ratio = statistics.median(mine[0]) / statistics.median(theirs[0])
        spread = (min(mine[0]) / max(theirs[0]), max(mine[0]) / min(theirs[0]))
        text = (f"  rankbook / {peer}: time {time_ratio:.2f}x (spread {spread[0]:.2f}-"
                f"{spread[1]:.2f})")
        if memory and theirs[1]:
            text += f", peak memory {max(mine[1]) / max(theirs[1]):.2f}x"
        print(text)


def floor_workload(folder, tools, rounds) -> None:
    """Start-up: every tool on a 1-line qrels and a 1-line run, and Python importing numpy."""
    qrels, run = folder / "qrels_1line.txt", folder / "run_1line.txt"
    qrels.write_text("1 0 d1 1\n")
    run.write_text("1 Q0 d1 1 1.0 x\n")
    tools = {**tools, "import numpy": lambda q, r: [sys.executable, "-c", "import numpy"]}
    print(f"\nfloor: 1-line qrels and run (start-up cost); load average before {load()}")
    interleaved(tools, qrels, run, rounds, None)


def compile_rankbook(python: str) -> None:
    """Byte-compile rankbook's modules, as installing a package does.

    Without it, a checkout run with PYTHONDONTWRITEBYTECODE set (or from a read-only
    folder) compiles every module at every start, about 0.1 s that no installed copy pays.
    """
    find = "import importlib.util as u; print(u.find_spec('rankbook').origin)"
    found = subprocess.run([python, "-c", find],
                           capture_output=True, text=True, check=True).stdout.strip()
    subprocess.run([python, "-m", "compileall", "-q", str(Path(found).parent)], check=True)
    print(f"rankbook ({Path(found).parent}) byte-compiled first, as an installed package is")


def dicts_workload(folder, rounds) -> None:
    qrels, run = generate("1M", folder)
    print(f"\ndicts: evaluate() on dicts vs pytrec_eval.RelevanceEvaluator, 1,000,000 entries; "
          f"load average before {load()}")
    first = {"rankbook": ([], []), "pytrec_eval": ([], [])}
    second = {"rankbook": ([], []), "pytrec_eval": ([], [])}
    for _ in range(rounds):
        for tool in first:
            _, _, out = run_measured([sys.executable, "-c", DICTS, tool, str(qrels), str(run),
                                      ",".join(DEFAULT_MEASURES)])
            one, two = out.split()[-2:]
            first[tool][0].append(float(one))
            second[tool][0].append(float(two))
    for label, measured in (("first call", first), ("second call", second)):
        print(f"  {label}:")
        for tool, (walls, _) in measured.items():
            print(summary(tool, walls, [], 1_000_000))
        ratios(measured, memory=False)
    print(f"  load average after {load()}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--workloads", nargs="+", default=["floor", *WORKLOADS, "dicts"],
                        choices=["floor", *WORKLOADS, "dicts"])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--trec-eval-src", default=None,
                        help="trec_eval 9.0.8 sources (default: shared/tools/trec_eval/9.0.8 "
                             "beside the repository)")
    args = parser.parse_args()
    python = sys.executable
    measures = ",".join(DEFAULT_MEASURES)
    print(f"Python {sys.version.split()[0]}, {os.cpu_count()} CPUs, load average {load()}; "
          f"memory measured with {'/usr/bin/time' if Path('/usr/bin/time').exists() else 'a launcher (floor ~10 MiB)'}")
    compile_rankbook(python)
    with tempfile.TemporaryDirectory() as temporary:
        folder = Path(temporary)
        tools = {
            "rankbook": lambda q, r: [python, "-m", "rankbook", "eval", str(q), str(r)],
            "pytrec_eval": lambda q, r: [python, "-c", PYTREC_EVAL, str(q), str(r), measures],
        }
        sources = find_trec_eval_sources(args.trec_eval_src)
        if sources is None:
            print("trec_eval 9.0.8 sources not found (shared/tools/trec_eval/9.0.8 beside the "
                  "repository, or --trec-eval-src): trec_eval left out.")
        else:
            binary = build_trec_eval(sources, folder)
            print(f"trec_eval 9.0.8 built with -O2 from {sources} into a temporary folder")
            tools["trec_eval"] = lambda q, r: [str(binary), str(q), str(r)]
        for name in args.workloads:
            if name == "floor":
                floor_workload(folder, tools, args.rounds)
            elif name == "dicts":
                dicts_workload(folder, args.rounds)
            else:
                ratios(file_workload(name, folder, tools, args.rounds))


if __name__ == "__main__":
    main()
