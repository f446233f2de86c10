"""Issue 30: the user models' measures against cwl-eval 1.0.12 and pyNTCIREVAL 0.0.3, interleaved.

    .venv/bin/python benchmarks/bench_user_models.py --rounds 3         # full: 1M lines (~25 min)
    .venv/bin/python benchmarks/bench_user_models.py --lines 100000     # quick: 100k lines, 5 rounds
    .venv/bin/python benchmarks/bench_user_models.py --workloads ntcir --ntcir-lines 30000

Files (generated with a fixed seed in a temporary folder, by a separate process): a run of
``--lines`` lines, 1,000 documents per topic in the file's order with distinct descending
scores (so cwl_eval's order, the file's, is trec_eval's), and two qrels of the same
judgments: about 10% of each topic's documents plus 5 never retrieved, grades 0-3 (every
topic has a relevant one: pyNTCIREVAL refuses a topic without); the rest are unjudged.
cwl_eval reads the fourth column as a gain in [0, 1] and several of its models refuse more,
and a TREC qrels reader reads whole grades, so the C/W/L workloads read the *gains* file, the
same judgments with gain 1 for grades 1-3 (binary: the only whole gains both read alike);
NTCIREVAL's read the graded one, gains 1:2:3 (its sample's).

Workloads, each tool once per round in turn (A B C ... A B C ...), each a fresh process:

| name | peers | rankbook |
| --- | --- | --- |
| cwl-default | ``cwl-eval QRELS RUN`` (its default set, 16 measures); its ``main()`` in process | ``rankbook cwl-eval QRELS RUN``; ``rankbook eval -q -m`` the same 16 rows; ``rb.evaluate`` in process |
| cwl-models | the same with ``-m`` a metrics file of BPM, U, TBG, IFT (3 forms) and NERR (4) | the same |
| ntcir | the loop a pyNTCIREVAL user writes (read both files, per topic a ``Labeler``, ``xrelnum``, then each metric's ``compute``) | ``rb.evaluate`` with the NTCIR rows, in process; ``rankbook eval -m`` the same rows |

"In process" times only the work after the imports (reading the files, every topic, the
output: cwl_eval's text into a buffer, rankbook's DataFrame), inside the child process
(``time.perf_counter`` and ``time.process_time``); a command is timed whole, start-up
included, by its parent (wall, and CPU from ``wait4``). On the first round's outputs, before
any other round, each workload checks that the tools agree: ``rankbook cwl-eval`` prints
cwl-eval's bytes; every per-topic value of ``rb.evaluate`` (each measure's EU, ETU, EC, ETC
and ED) is cwl-eval's printed value to its 4 decimals, and pyNTCIREVAL's to 1e-12. pyNTCIREVAL's loop takes about a minute per 100,000 lines, so it is run on
``--ntcir-lines`` (100,000) and its ratio is given at that size; rankbook alone is then timed
at ``--lines`` too, beside it, never an extrapolation. The script prints medians with their spread
(min-max), the ratios rankbook / peer (median of the per-round ratios, min-max), the
versions and ``/proc/loadavg`` before and after each workload.
"""

from __future__ import annotations

import argparse
import importlib.metadata
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

SEED = 20261207
PER_TOPIC = 1_000

GENERATE = r"""
import sys
import numpy as np
topics, per_topic, seed, folder = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
rng = np.random.default_rng(seed)
judged_ret = max(1, per_topic // 10)
with (open(f"{folder}/qrels_graded.txt", "w") as graded, open(f"{folder}/qrels_gains.txt", "w") as gains,
      open(f"{folder}/run.txt", "w") as run):
    for topic in range(topics):
        name = f"{topic:06d}"
        docs = rng.choice(5_000_000, size=per_topic + 5, replace=False)
        judged = np.concatenate([rng.choice(per_topic, judged_ret, replace=False), np.arange(per_topic, per_topic + 5)])
        grades = rng.choice([0, 0, 0, 1, 1, 2, 3], size=judged.size)
        grades[0] = max(grades[0], 1)  # pyNTCIREVAL refuses a topic without a relevant document
        graded.write("".join(f"{name} 0 DOC-{docs[j]:07d} {g}\n" for j, g in zip(judged, grades)))
        gains.write("".join(f"{name} 0 DOC-{docs[j]:07d} {int(g > 0)}\n" for j, g in zip(judged, grades)))
        run.write("".join(f"{name} Q0 DOC-{d:07d} {rank} {per_topic - rank + 1} synthetic\n"
                          for rank, d in enumerate(docs[:per_topic], 1)))
"""

# cwl_eval as its console script runs it (cwl/cwl_eval.py's main), output into a buffer.
CWL_IN_PROCESS = r"""
import contextlib, io, os, sys, time
import cwl
sys.path.insert(0, os.path.dirname(cwl.__file__))  # as its console script: -m imports ruler.*
from cwl import cwl_eval
qrels, run, metrics, out = sys.argv[1:5]
buffer = io.StringIO()
wall, cpu = time.perf_counter(), time.process_time()
with contextlib.redirect_stdout(buffer):
    cwl_eval.main(run, qrels, metrics_file=metrics or None)
wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
open(out, "w").write(buffer.getvalue())
print(wall, cpu)
"""

# rb.evaluate, the modules it loads on a first call imported before the clock starts.
RANKBOOK_IN_PROCESS = r"""
import sys, time
import pandas, rankbook as rb, rankbook.evaluation
qrels, run, names, out = sys.argv[1:5]
wall, cpu = time.perf_counter(), time.process_time()
table = rb.evaluate(qrels, run, names.split(" "))
wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
table.attrs = {}  # registry rows (not picklable), not values
table.to_pickle(out)
print(wall, cpu)
"""

# The loop a pyNTCIREVAL user writes: pyNTCIREVAL has no driver for a run file of many
# topics (its command line labels and computes one topic's list at a time).
NTCIR_LOOP = r"""
import json, sys, time
from pyNTCIREVAL import Labeler
from pyNTCIREVAL.metrics import (ERR, MSnDCG, NCUguBR, NCUguP, NCUrbBR, NCUrbP, OMeasure,
                                 PMeasure, PPlusMeasure, QMeasure, Hit, nDCG, nERR)
qrels_path, run_path, out = sys.argv[1:4]
wall, cpu = time.perf_counter(), time.process_time()
qrels, run = {}, {}
with open(qrels_path) as lines:
    for line in lines:
        topic, _, doc, grade = line.split()
        qrels.setdefault(topic, {})[doc] = int(grade)
with open(run_path) as lines:
    for line in lines:
        topic, _, doc, rank, score, _ = line.split()
        run.setdefault(topic, []).append((-float(score), doc))
grades = [1, 2, 3]
results = {}
for topic, scored in run.items():
    labeler = Labeler(qrels[topic])
    labelled = labeler.label([doc for _, doc in sorted(scored)])
    xrelnum = labeler.compute_per_level_doc_num(len(grades) + 1)
    metrics = {"O": OMeasure(xrelnum, grades, 1.0), "P-measure": PMeasure(xrelnum, grades, 1.0),
               "P-plus": PPlusMeasure(xrelnum, grades, 1.0), "Q": QMeasure(xrelnum, grades, 1.0),
               "NCUgu-P": NCUguP(xrelnum, grades, grades),
               "NCUgu-BR": NCUguBR(xrelnum, grades, grades, 1.0),
               "NCUrb-P": NCUrbP(xrelnum, grades, 0.95),
               "NCUrb-BR": NCUrbBR(xrelnum, grades, 0.95, 1.0), "NTCIR-ERR": ERR(xrelnum, grades)}
    for k in (10, 1000):
        metrics.update({f"Q@{k}": QMeasure(xrelnum, grades, 1.0, k),
                        f"NTCIR-nDCG@{k}": nDCG(xrelnum, grades, 2.0, k),
                        f"MSnDCG@{k}": MSnDCG(xrelnum, grades, k),
                        f"nERR@{k}": nERR(xrelnum, grades, k), f"Hit@{k}": Hit(k)})
    results[topic] = {name: float(metric.compute(labelled)) for name, metric in metrics.items()}
wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
json.dump(results, open(out, "w"))
print(wall, cpu)
"""

# rankbook's names of the NTCIR loop's measures (its keys).
NTCIR_NAMES = (["O", "P-measure", "P-plus", "Q", "NCUgu-P", "NCUgu-BR", "NCUrb-P", "NCUrb-BR",
                "NTCIR-ERR"]
               + [f"{name}@{k}" for k in (10, 1000)
                  for name in ("Q", "NTCIR-nDCG", "MSnDCG", "nERR", "Hit")])

# cwl_eval's default set (CWLRuler without -m) and rankbook's rows for it, in its order.
CWL_DEFAULT = {"P@1": "CWL-P@1", "P@2": "CWL-P@2", "P@3": "CWL-P@3", "P@4": "CWL-P@4",
               "P@5": "CWL-P@5", "P@10": "CWL-P@10", "RBP@0.2": "CWL-RBP@0.2",
               "RBP@0.4": "CWL-RBP@0.4", "RBP@0.8": "CWL-RBP@0.8", "NDCG-k@5": "SDCG@5",
               "NDCG-k@10": "SDCG@10", "RR": "CWL-RR", "AP": "CWL-AP",
               "INST-T=1.0": "INST(T=1)", "INST-T=2.0": "INST(T=2)", "INST-T=3.0": "INST(T=3)"}

# The models' metrics file (cwl_eval's class lines) and rankbook's rows, by cwl_eval's names.
CWL_MODELS = {
    "BPMCWLMetric(2.0,10)": ("BPM-Static-T=2.0-K=10", "BPM(T=2)@10"),
    "UMeasureCWLMetric(50)": ("U-L@50 ", "U(L=50)"),
    "TBGCWLMetric(22)": ("TBG-H@22 ", "TBG(H=22)"),
    "IFTGoalCWLMetric(2.0, 0.9, 10)": ("IFT-C1-T=2.0-b1=0.9-R1=10", "IFT-C1(T=2)"),
    "IFTRateCWLMetric(0.2, 0.9, 10)": ("IFT-C2-A=0.2-b2=0.9-R2=10", "IFT-C2(A=0.2)"),
    "IFTGoalRateCWLMetric(2.0, 0.9, 10, 0.2, 0.9, 10)": (
        "IFT-C1-C2-T=2.0-b1=0.9-R1=10-A=0.2-b2=0.9-R2=10", "IFT-C1-C2(T=2)"),
    "NERReq8CWLMetric(10)": ("NERR-EQ8@k=10", "NERR8@10"),
    "NERReq9CWLMetric(10)": ("NERR-EQ9@k=10", "NERR9@10"),
    "NERReq10CWLMetric(0.8)": ("NERR-EQ10@phi=0.8", "NERR10(p=0.8)"),
    "NERReq11CWLMetric(2.0)": ("NERR-EQ11@T=2.0", "NERR11(T=2)"),
}
QUANTITIES = ("EU", "ETU", "EC", "ETC", "ED")
#: The tools' environment: this checkout's PYTHONUNBUFFERED (a write per printed line, for
#: each tool's 10,000-16,000 lines) and PYTHONDONTWRITEBYTECODE left out, as a user's shell.
CHILD_ENV = {k: v for k, v in os.environ.items()
             if k not in ("PYTHONUNBUFFERED", "PYTHONDONTWRITEBYTECODE")}


#: The packages the tools import, byte-compiled first (see compile_packages).
PACKAGES = ("rankbook", "numpy", "pandas", "cwl", "pyNTCIREVAL")


def compile_packages() -> None:
    """Byte-compile the tools' packages, as installing them with pip does.

    This checkout's environment sets PYTHONDONTWRITEBYTECODE and uv installs without
    compiling: without the compiled files every process recompiles what it imports (pandas
    alone, about 1.5 s), a cost no installed copy pays and that would drown the comparison.
    """
    find = ("import importlib.util as u, sys; "
            "print(*(u.find_spec(n).origin for n in sys.argv[1:]), sep=chr(10))")
    origins = subprocess.run([sys.executable, "-c", find, *PACKAGES], capture_output=True,
                             text=True, check=True).stdout.split()
    subprocess.run([sys.executable, "-m", "compileall", "-q", "-j", "1",
                    *(str(Path(o).parent) for o in origins)], check=False,
                   stdout=subprocess.DEVNULL)
    print(f"byte-compiled first, as pip installs them: {', '.join(PACKAGES)}", flush=True)


def load() -> str:
    """The load averages over 1, 5 and 15 minutes."""
    return " ".join(Path("/proc/loadavg").read_text().split()[:3])


def generate(folder: Path, lines: int) -> dict:
    started = time.perf_counter()
    folder.mkdir(parents=True, exist_ok=True)
    subprocess.run([sys.executable, "-c", GENERATE, str(lines // PER_TOPIC), str(PER_TOPIC),
                    str(SEED), str(folder)], check=True)
    print(f"  ({lines:,} run lines, {lines // PER_TOPIC:,} topics x {PER_TOPIC:,} documents: "
          f"generated in {time.perf_counter() - started:.0f} s)", flush=True)
    return {name: folder / f"{name}.txt" for name in ("qrels_graded", "qrels_gains", "run")}


def measured(command: list[str], out: Path, cwd: Path) -> tuple[float, float, str]:
    """Wall and CPU seconds (user + system, wait4) of ``command`` alone, and its stdout."""
    with open(out, "wb") as stdout, open(out.with_suffix(".err"), "wb") as stderr:
        started = time.perf_counter()
        process = subprocess.Popen(command, stdout=stdout, stderr=stderr, cwd=cwd, env=CHILD_ENV)
        _, status, usage = os.wait4(process.pid, 0)
        wall = time.perf_counter() - started
    if os.waitstatus_to_exitcode(status):
        raise SystemExit(f"{' '.join(command)} failed:\n{out.with_suffix('.err').read_text()}")
    return wall, usage.ru_utime + usage.ru_stime, out.read_text()


def timed(tool: dict, folder: Path) -> tuple[float, float]:
    """(wall, CPU) of one run of ``tool``: the whole command, or the child's timed section."""
    wall, cpu, out = measured(tool["command"], folder / f"{tool['name']}.out", folder)
    if tool["in_process"]:
        wall, cpu = map(float, out.split())
    return wall, cpu


def interleaved(tools: list[dict], rounds: int, folder: Path, check=None) -> dict:
    """Each tool once per round, in turn; ``check()`` runs on the first round's outputs
    before any other round (a disagreement stops the benchmark)."""
    times = {tool["name"]: ([], []) for tool in tools}
    for number in range(rounds):
        for tool in tools:
            for values, value in zip(times[tool["name"]], timed(tool, folder)):
                values.append(value)
        if number == 0 and check is not None:
            check()
    return times


def median_spread(values: list[float]) -> str:
    return f"{statistics.median(values):7.3f} s ({min(values):.3f}-{max(values):.3f})"


def ratio(ours: list[float], theirs: list[float]) -> str:
    """Median of the per-round ratios, with their min and max."""
    per_round = [a / b for a, b in zip(ours, theirs)]
    return f"{statistics.median(per_round):.3f}x ({min(per_round):.3f}-{max(per_round):.3f})"


def report(times: dict, pairs: list[tuple[str, str]]) -> None:
    print(f"    {'tool':<26} {'wall median (min-max)':<28} CPU median (min-max)")
    for name, (walls, cpus) in times.items():
        print(f"    {name:<26} {median_spread(walls):<28} {median_spread(cpus)}")
    for ours, peer in pairs:
        print(f"    {ours} / {peer}: wall {ratio(times[ours][0], times[peer][0])}, "
              f"CPU {ratio(times[ours][1], times[peer][1])}", flush=True)


def python(*args) -> list[str]:
    return [sys.executable, *map(str, args)]


def cwl_tool() -> str:
    tool = shutil.which("cwl-eval", path=str(Path(sys.executable).parent))
    if tool is None:
        raise SystemExit("cwl-eval is not installed beside this Python (the test extra "
                         "cwl-eval==1.0.12): make install")
    return tool


def cwl_values(text: str) -> dict:
    """{(topic, cwl_eval's name): its 5 printed numbers} of cwl_eval's output."""
    values = {}
    for line in text.splitlines():
        topic, name, *numbers = line.split("\t")
        values[topic, name] = [float(n) for n in numbers]
    return values


def check_cwl(cwl_out: str, table_path: Path, names: dict) -> None:
    """rb.evaluate's per-topic values are cwl-eval's printed ones, to its 4 decimals."""
    import pandas

    table = pandas.read_pickle(table_path)
    printed = cwl_values(cwl_out)
    topics = {topic for topic, _ in printed}
    assert set(table.index) - {"all"} == topics, "the topics differ"
    worst = 0.0
    for (topic, cwl_name), numbers in printed.items():
        for quantity, number in zip(QUANTITIES, numbers):
            value = float(table.loc[topic, f"{names[cwl_name]}:{quantity}"])
            worst = max(worst, abs(value - number))
    assert worst <= 0.00005 + 1e-9, f"rb.evaluate differs from cwl-eval by {worst}"
    print(f"    rb.evaluate = cwl-eval's printed values, {len(printed) * 5:,} numbers "
          f"(largest difference {worst:.1e}, within its 4 decimals)", flush=True)


def cwl_workload(name: str, files: dict, folder: Path, rounds: int, metrics: Path | None) -> None:
    qrels, run = files["qrels_gains"], files["run"]
    if metrics is None:
        names = dict(CWL_DEFAULT)
    else:
        names = {printed: row for printed, row in CWL_MODELS.values()}
        metrics.write_text("".join(f"{line}\n" for line in CWL_MODELS))
    m_option = [] if metrics is None else ["-m", str(metrics)]
    rows = " ".join(names.values())
    tools = [
        {"name": "cwl-eval", "in_process": False,
         "command": [cwl_tool(), str(qrels), str(run), *m_option]},
        {"name": "rankbook cwl-eval", "in_process": False,
         "command": python("-m", "rankbook", "cwl-eval", qrels, run, *m_option)},
        {"name": "rankbook eval -q -m", "in_process": False,
         "command": python("-m", "rankbook", "eval", "-q",
                           *[a for row in names.values() for a in ("-m", row)], qrels, run)},
        {"name": "cwl main(), in process", "in_process": True,
         "command": python("-c", CWL_IN_PROCESS, qrels, run, metrics or "",
                           folder / "cwl_in_process.txt")},
        {"name": "rb.evaluate, in process", "in_process": True,
         "command": python("-c", RANKBOOK_IN_PROCESS, qrels, run, rows,
                           folder / "rb_table.pkl")},
    ]
    print(f"\n{name}: {len(names)} measures x 5 quantities; load average before {load()}",
          flush=True)

    def check() -> None:
        cwl_out = (folder / "cwl-eval.out").read_text()
        assert (folder / "rankbook cwl-eval.out").read_text() == cwl_out, (
            "rankbook cwl-eval does not print cwl-eval's bytes")
        assert (folder / "cwl_in_process.txt").read_text() == cwl_out, "cwl main() differs"
        print(f"    rankbook cwl-eval prints cwl-eval's bytes ({len(cwl_out.splitlines()):,} "
              "lines; so does cwl's main() in process)")
        check_cwl(cwl_out, folder / "rb_table.pkl", names)

    times = interleaved(tools, rounds, folder, check)
    report(times, [("rankbook cwl-eval", "cwl-eval"), ("rankbook eval -q -m", "cwl-eval"),
                   ("rb.evaluate, in process", "cwl main(), in process")])
    print(f"    load average after {load()}", flush=True)


def check_ntcir(loop_out: Path, table_path: Path) -> None:
    import pandas

    expected = json.loads(loop_out.read_text())
    table = pandas.read_pickle(table_path)
    worst = 0.0
    for topic, values in expected.items():
        for name, value in values.items():
            ours = float(table.loc[topic, name])
            worst = max(worst, abs(ours - value) / max(abs(value), 1e-300) if value else abs(ours))
    assert worst <= 1e-12, f"rb.evaluate differs from pyNTCIREVAL by {worst} (relative)"
    print(f"    rb.evaluate = pyNTCIREVAL, {len(expected) * len(NTCIR_NAMES):,} values "
          f"(largest relative difference {worst:.1e})", flush=True)


def ntcir_tools(files: dict, folder: Path, with_peer: bool) -> list[dict]:
    qrels, run = files["qrels_graded"], files["run"]
    tools = [
        {"name": "rb.evaluate, in process", "in_process": True,
         "command": python("-c", RANKBOOK_IN_PROCESS, qrels, run, " ".join(NTCIR_NAMES),
                           folder / "rb_ntcir.pkl")},
        {"name": "rankbook eval -q -m", "in_process": False,
         "command": python("-m", "rankbook", "eval", "-q",
                           *[a for row in NTCIR_NAMES for a in ("-m", row)], qrels, run)},
    ]
    if with_peer:
        tools.insert(0, {"name": "pyNTCIREVAL loop", "in_process": True,
                         "command": python("-c", NTCIR_LOOP, qrels, run, folder / "ntcir.json")})
    return tools


def ntcir_workload(files: dict, lines: int, folder: Path, rounds: int) -> None:
    print(f"\nntcir, {lines:,} lines: {len(NTCIR_NAMES)} measures, gains 1:2:3; load average "
          f"before {load()}", flush=True)
    times = interleaved(ntcir_tools(files, folder, True), rounds, folder,
                        lambda: check_ntcir(folder / "ntcir.json", folder / "rb_ntcir.pkl"))
    report(times, [("rb.evaluate, in process", "pyNTCIREVAL loop"),
                   ("rankbook eval -q -m", "pyNTCIREVAL loop")])
    print(f"    load average after {load()}", flush=True)


def rankbook_alone(files: dict, lines: int, folder: Path, rounds: int) -> None:
    """rankbook's NTCIR rows at a size the peer is not run on: times only, no ratio."""
    print(f"\nntcir, {lines:,} lines, rankbook alone (pyNTCIREVAL not run at this size); "
          f"load average before {load()}", flush=True)
    report(interleaved(ntcir_tools(files, folder, False), rounds, folder), [])
    print(f"    load average after {load()}", flush=True)


def versions() -> str:
    names = ("rankbook", "cwl-eval", "pyNTCIREVAL", "numpy", "pandas")
    return ", ".join(f"{n} {importlib.metadata.version(n)}" for n in names)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    workloads = ["cwl-default", "cwl-models", "ntcir"]
    parser.add_argument("--workloads", nargs="+", default=workloads, choices=workloads)
    parser.add_argument("--lines", type=int, default=1_000_000, help="run lines [1,000,000]")
    parser.add_argument("--ntcir-lines", type=int, default=100_000,
                        help="run lines of the pyNTCIREVAL comparison, at most --lines "
                             "(its Python loop takes about a minute per 100,000 lines); "
                             "rankbook alone is then also timed at --lines [100,000]")
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    print(f"Python {sys.version.split()[0]}, {os.cpu_count()} CPUs (shared with other "
          f"sessions); {versions()}; load average {load()}", flush=True)
    compile_packages()
    with tempfile.TemporaryDirectory(prefix="bench_user_models") as temporary:
        folder = Path(temporary)
        generated: dict = {}

        def files(lines: int) -> dict:
            if lines not in generated:
                generated[lines] = generate(folder / str(lines), lines)
            return generated[lines]

        for name in args.workloads:
            if name.startswith("cwl"):
                metrics = None if name == "cwl-default" else folder / "metrics.txt"
                cwl_workload(f"{name}, {args.lines:,} lines", files(args.lines), folder,
                             args.rounds, metrics)
                continue
            lines = min(args.ntcir_lines, args.lines)
            ntcir_workload(files(lines), lines, folder, args.rounds)
            if lines < args.lines:
                rankbook_alone(files(args.lines), args.lines, folder, args.rounds)

if __name__ == "__main__":
    main()
