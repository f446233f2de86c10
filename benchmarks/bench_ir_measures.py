"""Issue 32, item 5: rankbook.ir_measures against ir_measures 0.4.3, in memory, interleaved.

    .venv/bin/python benchmarks/bench_ir_measures.py                      # full: 1M lines, 3 rounds
    .venv/bin/python benchmarks/bench_ir_measures.py --lines 100000 --rounds 5   # quick

Data (seeded, built in memory before any clock starts): ``--lines / 1,000`` topics x 1,000
documents with distinct scores, judgments for about 10% of each topic's documents plus 5
never retrieved, grades 0-3 (the rest unjudged), as ir_measures' dicts of dicts
``{query_id: {doc_id: value}}``, and the run also as a pandas DataFrame with ir_measures'
columns (``query_id``, ``doc_id``, ``score``; qrels ``query_id``, ``doc_id``, ``relevance``).
Measures: ``nDCG@10 P@10 AP RR R@100 Judged@10`` (ir_measures' pytrec_eval and judged
providers), each library's measure objects parsed once.

Workloads, the two libraries in turn round by round (A B A B ...), in this one process:

- ``calc_aggregate(measures, qrels, run)`` with the run as dicts, and as a DataFrame;
- ``--runs`` (10) runs of ``--lines / 10`` lines each, over the same topics and documents
  (each scoring them in its own seeded order) against one qrels of those topics, through
  ``evaluator(measures, qrels)`` built once (untimed, as users build it), then
  ``.calc_aggregate(run)`` for each run (timed: the 10 calls together).

Before timing, each workload checks that the aggregates agree to 1e-9 (a disagreement stops
the benchmark). Times: CPU (``time.process_time``) and wall (``time.perf_counter``); the
script prints medians with their spread (min-max), the ratios rankbook / ir_measures (median
of the per-round ratios, min-max), the versions and ``/proc/loadavg`` before and after each
workload.
"""

from __future__ import annotations

import argparse
import importlib.metadata
import os
import sys
import time

import ir_measures
import numpy as np
import pandas

# The same load line, medians and ratios as issue 30's benchmark (run from benchmarks/).
from bench_user_models import load, median_spread, ratio

import rankbook.ir_measures as rankbook_ir_measures

SEED = 20261207
PER_TOPIC = 1_000
MEASURES = ["nDCG@10", "P@10", "AP", "RR", "R@100", "Judged@10"]
LIBRARIES = {"ir_measures": ir_measures, "rankbook.ir_measures": rankbook_ir_measures}


def generate(topics: int, seed: int) -> tuple[dict, dict]:
    """Seeded qrels and run, dicts of dicts: ``per_topic`` documents per topic."""
    rng = np.random.default_rng(seed)
    judged_count = PER_TOPIC // 10
    qrels, run = {}, {}
    for topic in range(topics):
        name = f"{topic:06d}"
        docs = [f"DOC-{d:07d}" for d in rng.choice(5_000_000, size=PER_TOPIC + 5, replace=False)]
        judged = np.concatenate([rng.choice(PER_TOPIC, judged_count, replace=False),
                                 np.arange(PER_TOPIC, PER_TOPIC + 5)])
        grades = rng.choice([0, 0, 0, 1, 1, 2, 3], size=judged.size)
        qrels[name] = {docs[j]: int(g) for j, g in zip(judged, grades)}
        scores = rng.permutation(PER_TOPIC) / PER_TOPIC
        run[name] = {doc: float(s) for doc, s in zip(docs[:PER_TOPIC], scores)}
    return qrels, run


def run_frame(run: dict) -> pandas.DataFrame:
    rows = [(q, d, s) for q, docs in run.items() for d, s in docs.items()]
    return pandas.DataFrame(rows, columns=["query_id", "doc_id", "score"])


def clocked(call) -> tuple[float, float, object]:
    wall, cpu = time.perf_counter(), time.process_time()
    result = call()
    return time.perf_counter() - wall, time.process_time() - cpu, result


def agree(results: dict, what: str) -> None:
    """The two libraries' aggregates, measure by measure (by name), to 1e-9."""
    ours, theirs = (
        {str(m): v for m, v in results[name].items()} for name in LIBRARIES)
    assert ours.keys() == theirs.keys(), f"{what}: the measures differ: {ours} {theirs}"
    worst = max(abs(ours[m] - theirs[m]) for m in ours)
    assert worst <= 1e-9, f"{what}: rankbook.ir_measures differs from ir_measures by {worst}"
    print(f"    {what}: the aggregates agree ({', '.join(f'{m}={v:.6f}' for m, v in theirs.items())};"
          f" largest difference {worst:.1e})", flush=True)


def interleaved(calls: dict, rounds: int) -> dict:
    times = {name: ([], []) for name in calls}
    for _ in range(rounds):
        for name, call in calls.items():
            wall, cpu, _ = clocked(call)
            times[name][0].append(wall)
            times[name][1].append(cpu)
    return times


def report(times: dict) -> None:
    print(f"    {'library':<24} {'CPU median (min-max)':<28} wall median (min-max)")
    for name, (walls, cpus) in times.items():
        print(f"    {name:<24} {median_spread(cpus):<28} {median_spread(walls)}")
    ours, theirs = times["rankbook.ir_measures"], times["ir_measures"]
    print(f"    rankbook.ir_measures / ir_measures: CPU {ratio(ours[1], theirs[1])}, "
          f"wall {ratio(ours[0], theirs[0])}", flush=True)


def workload(title: str, calls: dict, rounds: int) -> None:
    print(f"\n{title}; load average before {load()}", flush=True)
    agree({name: call() for name, call in calls.items()}, title)
    report(interleaved(calls, rounds))
    print(f"    load average after {load()}", flush=True)


def versions() -> str:
    names = ("rankbook", "ir_measures", "pytrec_eval-terrier", "numpy", "pandas")
    found = []
    for name in names:
        try:
            found.append(f"{name} {importlib.metadata.version(name)}")
        except importlib.metadata.PackageNotFoundError:
            pass
    return ", ".join(found)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--lines", type=int, default=1_000_000, help="run lines [1,000,000]")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--runs", type=int, default=10,
                        help="runs of --lines / --runs lines against one qrels [10]")
    parser.add_argument("--workloads", nargs="+", default=["dicts", "frame", "evaluator"],
                        choices=["dicts", "frame", "evaluator"])
    args = parser.parse_args()
    print(f"Python {sys.version.split()[0]}, {os.cpu_count()} CPUs (shared with other "
          f"sessions); {versions()}; load average {load()}", flush=True)
    measures = {name: [library.parse_measure(m) for m in MEASURES]
                for name, library in LIBRARIES.items()}
    topics = args.lines // PER_TOPIC
    started = time.perf_counter()
    qrels, run = generate(topics, SEED)
    print(f"  {args.lines:,} run lines ({topics:,} topics x {PER_TOPIC:,} documents), "
          f"{sum(map(len, qrels.values())):,} judgments: built in "
          f"{time.perf_counter() - started:.0f} s", flush=True)
    if "dicts" in args.workloads:
        workload(f"calc_aggregate, run as dicts, {args.lines:,} lines",
                 {name: (lambda lib=lib, ms=measures[name]: lib.calc_aggregate(ms, qrels, run))
                  for name, lib in LIBRARIES.items()}, args.rounds)
    if "frame" in args.workloads:
        frame = run_frame(run)
        workload(f"calc_aggregate, run as a DataFrame, {args.lines:,} lines",
                 {name: (lambda lib=lib, ms=measures[name]: lib.calc_aggregate(ms, qrels, frame))
                  for name, lib in LIBRARIES.items()}, args.rounds)
    if "evaluator" in args.workloads:
        evaluate_runs(args, measures, qrels, run)


def evaluate_runs(args, measures: dict, qrels: dict, run: dict) -> None:
    """``--runs`` runs of ``--lines / --runs`` lines over the same topics and documents (the
    first ``--lines / --runs / 1,000`` topics), each scoring them in its own seeded order: as
    many systems ranking one pool, against the qrels of those topics."""
    topics = list(run)[:args.lines // args.runs // PER_TOPIC]
    qrels = {q: qrels[q] for q in topics}
    runs = []
    for number in range(args.runs):
        rng = np.random.default_rng(SEED + 1 + number)
        runs.append({q: dict(zip(run[q], (rng.permutation(PER_TOPIC) / PER_TOPIC).tolist()))
                     for q in topics})
    share = len(topics)
    evaluators = {name: lib.evaluator(measures[name], qrels) for name, lib in LIBRARIES.items()}
    title = (f"evaluator(measures, qrels).calc_aggregate(run), {args.runs} runs of "
             f"{share * PER_TOPIC:,} lines (one qrels, {len(qrels):,} topics)")
    print(f"\n{title}; load average before {load()}", flush=True)
    for number, one in enumerate(runs):
        agree({name: e.calc_aggregate(one) for name, e in evaluators.items()}, f"run {number}")
    calls = {name: (lambda e=e: [e.calc_aggregate(one) for one in runs])
             for name, e in evaluators.items()}
    report(interleaved(calls, args.rounds))
    print(f"    load average after {load()}", flush=True)


if __name__ == "__main__":
    main()
