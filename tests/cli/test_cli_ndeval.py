"""`rankbook ndeval` against ndeval 4.5 itself, byte for byte.

The oracle is ndeval.c from pyndeval 0.0.8's sdist (tests/data/ndeval/, its provenance in the
README there), compiled once per session with ``cc -O2``. ndeval prints its 0/0 (nNRBP of a
topic whose judgments are all 0) as the C library spells a NaN: ``-nan`` on x86-64, where
rankbook's spelling comes from, ``nan`` elsewhere; the oracle's ``nan`` is read as ``-nan``.
"""

from __future__ import annotations

import random
import shutil
import subprocess
from pathlib import Path

import pytest

from rankbook.cli import main

DATA = Path(__file__).parents[1] / "data" / "ndeval"
NDEVAL_C = DATA / "ndeval.c"
COMPILER = shutil.which("cc") or shutil.which("gcc")
# pyndeval's README example: one query, subtopics a, b, c (here 1, 2, 3), run A, D, E, B.
README_QRELS, README_RUN = DATA / "readme.qrels", DATA / "readme.run"


@pytest.fixture(scope="session")
def ndeval(tmp_path_factory) -> Path:
    """ndeval 4.5 compiled from its C source, once per session."""
    if COMPILER is None:
        pytest.skip("no C compiler (cc or gcc) on PATH: ndeval, the oracle, is compiled from "
                    "tests/data/ndeval/ndeval.c (apt-get install gcc)")
    binary = tmp_path_factory.mktemp("ndeval") / "ndeval"
    subprocess.run([COMPILER, "-O2", "-o", str(binary), str(NDEVAL_C), "-lm"], check=True,
                   capture_output=True)
    return binary


def _theirs(binary: Path, *args) -> str:
    out = subprocess.run([str(binary), *map(str, args)], check=True, capture_output=True,
                         text=True).stdout
    return out.replace(",nan", ",-nan")


def _ours(capsys, *args) -> str:
    assert main(["ndeval", *map(str, args)]) == 0, capsys.readouterr().err
    return capsys.readouterr().out


def _write(tmp_path, qrels: str, run: str) -> tuple[Path, Path]:
    (tmp_path / "qrels").write_text(qrels)
    (tmp_path / "run").write_text(run)
    return tmp_path / "qrels", tmp_path / "run"


def _random_files(tmp_path, seed: int) -> tuple[Path, Path]:
    """Topics with 2-6 subtopics, grades 0-2, unjudged documents, ties in score, ranks with
    gaps that disagree with the scores, task prefixes (wt09-7), topics on one side only, and
    topics whose judgments are all 0."""
    rng = random.Random(seed)
    qrels, run = [], []
    for topic in range(1, 13):
        docs = list(dict.fromkeys(f"d{rng.randrange(60)}" for _ in range(rng.randrange(1, 40))))
        subtopics, all_zero = rng.randrange(2, 7), topic % 5 == 0
        if topic % 7 != 0:  # topic 7 is only in the run
            for doc in docs:
                if rng.random() < 0.7:  # the others are unjudged
                    for subtopic in rng.sample(range(1, subtopics + 1),
                                               rng.randrange(1, subtopics + 1)):
                        grade = 0 if all_zero else rng.choice([0, 0, 1, 1, 2])
                        qrels.append(f"{topic} {subtopic} {doc} {grade}")
        if topic % 6 != 0:  # topics 6 and 12 are only in the qrels
            ranked = rng.sample(docs, rng.randrange(1, len(docs) + 1))
            ranks = rng.sample(range(3 * len(ranked) + 1), len(ranked))
            name = f"wt09-{topic}" if topic % 3 == 0 else str(topic)
            for rank, doc in zip(ranks, ranked):
                run.append(f"{name} Q0 {doc} {rank} {rng.randrange(1, 6) / 2} sys{seed}")
    rng.shuffle(qrels)
    rng.shuffle(run)
    return _write(tmp_path, "\n".join(qrels) + "\n", "\n".join(run) + "\n")


def test_readme_example_bytes_and_published_values(ndeval, capsys):
    ours = _ours(capsys, README_QRELS, README_RUN)
    assert ours == _theirs(ndeval, README_QRELS, README_RUN)
    header, topic, mean = (line.split(",") for line in ours.splitlines())
    values = dict(zip(header[2:], map(float, topic[2:])))
    # pyndeval's README, its values cut (not rounded) to 4 decimals: 0.405289 is 0.4052
    published = {"ERR-IA@5": 3933, "ERR-IA@10": 3907, "nERR-IA@20": 8297, "alpha-DCG@5": 4052,
                 "alpha-nDCG@10": 7868, "NRBP": 3906, "nNRBP": 8620, "MAP-IA": 5000,
                 "P-IA@5": 2000, "P-IA@10": 1000, "strec@5": 6666}
    assert {name: int(values[name] * 10_000) for name in published} == published
    assert topic[:2] == ["run", "0"] and mean[:2] == ["run", "amean"] and topic[2:] == mean[2:]


@pytest.mark.parametrize("options", [
    [], ["-alpha", "0.3"], ["-beta", "0.8"], ["-traditional"], ["-c"], ["-M", "10"],
    ["-traditional", "-c", "-M", "7", "-alpha", "0.7", "-beta", "0.9"],
])
@pytest.mark.parametrize("seed", [1, 2])
def test_same_bytes_as_ndeval_on_random_files(ndeval, tmp_path, capsys, options, seed):
    qrels, run = _random_files(tmp_path, seed)
    expected = _theirs(ndeval, *options, qrels, run)
    assert "-nan" in expected and ",7,0.000000" in expected  # an all-0 topic, a run-only one
    assert _ours(capsys, *options, qrels, run) == expected


def _sweep_files(tmp_path, seed: int) -> tuple[Path, Path]:
    """The files of the 150-seed sweep run while writing the command (2-12 topics, 10% of
    them judged all 0; each side drops a topic with probability 0.15)."""
    rng = random.Random(seed)
    qrels, run = [], []
    for topic in range(1, rng.randrange(3, 12)):
        docs = list(dict.fromkeys(f"d{rng.randrange(60)}" for _ in range(rng.randrange(1, 40))))
        subtopics, all_zero = rng.randrange(2, 7), rng.random() < 0.1
        if rng.random() < 0.85:
            for doc in docs:
                if rng.random() < 0.7:
                    for subtopic in rng.sample(range(1, subtopics + 1),
                                               rng.randrange(1, subtopics + 1)):
                        grade = 0 if all_zero else rng.choice([0, 0, 1, 1, 2])
                        qrels.append(f"{topic} {subtopic} {doc} {grade}")
        if rng.random() < 0.85 or not qrels:
            ranked = rng.sample(docs, rng.randrange(1, len(docs) + 1))
            ranks = rng.sample(range(3 * len(ranked) + 1), len(ranked))
            name = f"wt09-{topic}" if rng.random() < 0.3 else str(topic)
            for rank, doc in zip(ranks, ranked):
                run.append(f"{name} Q0 {doc} {rank} {rng.randrange(1, 6) / 2} sys{seed}")
    rng.shuffle(run)
    rng.shuffle(qrels)
    return _write(tmp_path, "\n".join(qrels) + "\n", "\n".join(run) + "\n")


@pytest.mark.parametrize("seed, options", [
    (9, ["-alpha", "0"]),  # NRBP 0.1515625: ndeval's factor (1 - (1-a)b)/m taken first
    (11, ["-alpha", "1"]),  # nNRBP: ndeval divides NRBP by NRBP, the factor in both
    (147, ["-traditional", "-c", "-M", "7", "-alpha", "0.9", "-beta", "0.1"]),  # subtopics
    # added in numeric order (the greedy ideal's near-ties)
    (30, ["-M", "10"]),  # the amean of P-IA@20, 0.0953125: topics added in numeric order
    (51, ["-traditional", "-c", "-M", "7", "-alpha", "0.9", "-beta", "0.1"]),  # NRBP 0.0049995:
    # (1 - alpha)^c and beta^(i-1) multiplied one factor at a time, as ndeval does
])
def test_same_bytes_where_the_order_of_roundings_shows(ndeval, tmp_path, capsys, seed, options):
    """Seeds of the sweep on which a first version printed another last digit."""
    qrels, run = _sweep_files(tmp_path, seed)
    assert _ours(capsys, *options, qrels, run) == _theirs(ndeval, *options, qrels, run)


def test_rank_order_and_score_order_differ_as_in_ndeval(ndeval, tmp_path, capsys):
    """The rank column puts the relevant document last; the scores put it first."""
    qrels, run = _write(tmp_path, "3 1 a 1\n3 2 b 1\n",
                        "3 Q0 a 3 0.9 r\n3 Q0 c 1 0.1 r\n3 Q0 b 2 0.1 r\n")
    by_rank, by_score = _ours(capsys, qrels, run), _ours(capsys, "-traditional", qrels, run)
    assert by_rank != by_score
    assert by_rank == _theirs(ndeval, qrels, run)
    assert by_score == _theirs(ndeval, "-traditional", qrels, run)


@pytest.mark.parametrize("qrels, run, where, says", [
    ("1 1 a 1\n1 x b 1\n", "1 Q0 a 1 1 r\n", "qrels, line 2", "whole numbers"),
    ("1 1 a 1\n1 1 a 0\n", "1 Q0 a 1 1 r\n", "qrels, line 2", "judged twice"),
    ("1 1 a 1\n1 1 b -1\n", "1 Q0 a 1 1 r\n", "qrels, line 2", "whole numbers"),
    ("", "1 Q0 a 1 1 r\n", "qrels", "empty"),
    ("1 1 a 1\n", "1 Q0 a 1 1 r\n1 Q0 b 1 2 r\n", "run, line 2", "rank 1"),
    ("1 1 a 1\n", "1 Q0 a 1 1 r\n1 Q0 a 2 2 r\n", "run, line 2", "listed twice"),
    ("1 1 a 1\n", "1 Q0 a 1 1 r\n1 Q0 b 2\n", "run, line 2", "4 fields"),
    ("1 1 a 1\n", "1 Q0 a 1 1 r\n1 Q0 b 2 1 s\n", "run, line 2", "run id"),
    ("1 1 a 1\n", "1 Q0 a 1 1 r\n12x Q0 b 2 1 r\n", "run, line 2", "topic '12x'"),
    ("1 1 a 1\n", "2 Q0 a 1 1 r\n", "", "no topic of"),
])
def test_bad_files_are_refused_with_file_and_line(tmp_path, capsys, qrels, run, where, says):
    paths = _write(tmp_path, qrels, run)
    assert main(["ndeval", *map(str, paths)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert f"{tmp_path / where}" in captured.err and says in captured.err


def test_bad_options_are_refused(tmp_path, capsys):
    paths = list(map(str, _write(tmp_path, README_QRELS.read_text(), "0 Q0 A 1 x r\n")))
    assert main(["ndeval", "-traditional", *paths]) == 2
    assert "run, line 1" in capsys.readouterr().err  # -traditional sorts by the score 'x'
    for options, says in ((["-alpha", "1.5"], "-alpha 1.5"), (["-beta", "nan"], "-beta nan"),
                          (["-M", "0"], "-M 0")):
        assert main(["ndeval", *options, *paths]) == 2
        assert says in capsys.readouterr().err


def _baseline_file(tmp_path, seed: int) -> Path:
    """Another system's run on the same topics, less topics 2 and 8, plus topic 6, which the
    run lacks (the qrels judge it): a topic on each side only."""
    other = tmp_path / "other"
    other.mkdir()
    _, run = _random_files(other, seed + 10)
    lines = [line for line in run.read_text().splitlines()
             if line.split()[0] not in ("2", "8")]
    lines += [f"6 Q0 d{n} {n + 1} {1 - n / 10} sys{seed + 10}" for n in range(8)]
    path = tmp_path / "baseline"
    path.write_text("\n".join(lines) + "\n")
    return path


@pytest.mark.parametrize("options", [
    [], ["-riskAlpha", "1"], ["-riskAlpha", "5", "-c"],
    ["-riskAlpha", "2.5", "-traditional", "-M", "10", "-alpha", "0.3"],
])
@pytest.mark.parametrize("seed", [1, 2])
def test_risk_against_a_baseline_is_ndevals_bytes(ndeval, tmp_path, capsys, options, seed):
    qrels, run = _random_files(tmp_path, seed)
    baseline = _baseline_file(tmp_path, seed)
    expected = _theirs(ndeval, "-baseline", baseline, *options, qrels, run)
    assert f"sys{seed} (rel to. sys{seed + 10}; rs=1+a; a=" in expected
    assert _ours(capsys, "-baseline", baseline, *options, qrels, run) == expected
    if "-c" in options:  # topic 6: the baseline's only, printed with -c (the run counting 0)
        assert ",6," in expected


def test_risk_alpha_must_be_a_number_at_least_zero(tmp_path, capsys):
    paths = list(map(str, _write(tmp_path, README_QRELS.read_text(), README_RUN.read_text())))
    for value in ("-1", "x"):
        assert main(["ndeval", "-baseline", paths[1], "-riskAlpha", value, *paths]) == 2
        assert f"-riskAlpha {value}" in capsys.readouterr().err
