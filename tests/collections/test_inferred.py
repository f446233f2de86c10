"""xinfAP, infNDCG and the other estimates of `rankbook.collections.inferred` against NIST's
``sample_eval.pl`` itself, run with perl on seeded stratified samples.

The oracle is tests/data/sample_eval/sample_eval.pl (provenance and sha256 in the README
there). It prints 4 decimals; ``rankbook sample-eval`` (rankbook's values in the script's
``printf`` formats) must print the same bytes, topic by topic and in the summary.
"""

from __future__ import annotations

import hashlib
import math
import random
import shutil
import subprocess
from pathlib import Path

import pytest

from rankbook.cli import main
from rankbook.collections import (
    estimated_relevant,
    inferred_average_precision_extended,
    inferred_ndcg,
    judge_sample,
    stratified_sample,
)
from rankbook.io.sample_qrels import (
    write_sample_qrels,
)
from rankbook.metrics.average_precision import average_precision
from rankbook.metrics.dcg import ndcg_at_k

SCRIPT = Path(__file__).parents[1] / "data" / "sample_eval" / "sample_eval.pl"
PERL = shutil.which("perl")
STRATA = [(3, 1.0), (10, 0.5), (11, 0.5), (25, 0.3), (40, 0.15)]


def test_the_oracle_is_the_vendored_file():
    """The README's sha256 is the file's: the oracle is the copy described there."""
    digest = hashlib.sha256(SCRIPT.read_bytes()).hexdigest()
    assert digest in (SCRIPT.parent / "README.md").read_text()


def _random_collection(seed: int) -> tuple[dict, list[str]]:
    """Sample qrels of 30 topics pooled from 6 runs by `stratified_sample`, and a run to score.

    Grades 0-3 (topic 5 has nothing relevant); ties in the run's scores; the run retrieves
    documents outside the pool and, for topic 4, has only 6 documents; topic 9 is written
    009 in the run; topic 31 is only in the run, topic 30 only in the qrels; the stratum of
    rank 11 holds one or two documents; topic 8 has a stratum with nothing judged.
    """
    rng = random.Random(seed)
    judgments, run_lines = {}, []
    for topic in range(1, 32):
        documents = [f"D{topic}-{i:03d}" for i in range(rng.randint(60, 120))]
        chance = 0.0 if topic == 5 else rng.uniform(0.05, 0.5)
        grades = {d: (rng.randint(1, 3) if rng.random() < chance else 0) for d in documents}
        runs = [rng.sample(documents, rng.randint(20, 50)) for _ in range(6)]
        sample = stratified_sample(runs, STRATA, seed=rng.randrange(2**32))
        if topic != 31:
            judgments[str(topic)] = judge_sample(sample, grades)
        if topic == 8:  # a stratum whose documents were none judged
            judgments["8"] = {d: (s, -1 if s == 5 else g) for d, (s, g) in judgments["8"].items()}
        if topic == 30:
            continue
        length = 6 if topic == 4 else rng.randint(30, 60)
        written = "009" if topic == 9 else str(topic)
        for document in rng.sample(documents, length):
            score = rng.choice([1, 2, 3, 4, 5]) / 7  # ties, broken by docno
            run_lines.append(f"{written} Q0 {document} 0 {score!r} run\n")
    rng.shuffle(run_lines)
    return judgments, run_lines


def _perl(*args) -> str:
    return subprocess.run([PERL, str(SCRIPT), *map(str, args)], check=True,
                          capture_output=True, text=True).stdout


def _ours(capsys, *args) -> str:
    assert main(["sample-eval", *map(str, args)]) == 0, capsys.readouterr().err
    return capsys.readouterr().out


@pytest.mark.skipif(PERL is None, reason="no perl on PATH (Debian's perl-base provides it)")
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_rankbook_sample_eval_prints_what_sample_eval_pl_prints(tmp_path, capsys, seed):
    """Every value of every topic and of the summary, byte for byte, with and without -q."""
    judgments, run_lines = _random_collection(seed)
    qrels, run = tmp_path / "prels", tmp_path / "run"
    write_sample_qrels(judgments, qrels)
    run.write_text("".join(run_lines))
    theirs = _perl("-q", qrels, run)
    assert theirs.count("\n") == 8 * 29 + 8 + 11  # topics 1-29 (30: qrels only, 31: run only)
    assert _ours(capsys, "-q", qrels, run) == theirs
    assert _ours(capsys, qrels, run) == _perl(qrels, run)


@pytest.mark.skipif(PERL is None, reason="no perl on PATH (Debian's perl-base provides it)")
def test_the_small_example_of_the_page(tmp_path, capsys):
    """The page's example: infAP 0.8518, infNDCG 0.9386; a second topic with nothing
    relevant scores 0 and halves the means."""
    (tmp_path / "q").write_text("1 0 a 1 1\n1 0 b 1 0\n1 0 c 2 -1\n1 0 d 2 1\n2 0 x 1 0\n")
    (tmp_path / "r").write_text("1 Q0 a 1 3 r\n1 Q0 c 2 2 r\n1 Q0 d 3 1 r\n1 Q0 z 4 0 r\n"
                                "2 Q0 x 1 1 r\n")
    theirs = _perl("-q", tmp_path / "q", tmp_path / "r")
    assert "infAP\t\t1\t\t0.8518\n" in theirs and "infAP\t\tall\t\t0.4259\n" in theirs
    assert "infNDCG\t\t1\t\t0.9386\n" in theirs
    assert _ours(capsys, "-q", tmp_path / "q", tmp_path / "r") == theirs


def _complete_topic(seed: int):
    rng = random.Random(seed)
    grades = {f"d{i}": rng.choice([0, 0, 0, 1, 2]) for i in range(40)}
    ranking = rng.sample(sorted(grades), 30) + ["outside-1", "outside-2"]
    rng.shuffle(ranking)
    return grades, ranking


@pytest.mark.parametrize("seed", range(5))
def test_with_everything_judged_xinfap_is_ap_up_to_epsilon(seed):
    """One stratum judged in full: xinfAP is average precision (the ε terms aside)."""
    grades, ranking = _complete_topic(seed)
    judgments = {d: (1, g) for d, g in grades.items()}
    relevance = [grades.get(d, 0) for d in ranking]
    R = sum(g > 0 for g in grades.values())
    expected = average_precision(relevance, R)
    assert inferred_average_precision_extended(ranking, judgments) == pytest.approx(expected,
                                                                                   abs=1e-4)


@pytest.mark.parametrize("seed", range(5))
def test_with_everything_judged_infndcg_is_ndcg(seed):
    """Judged in full, every stratum's weight is 1: infNDCG is trec_eval's nDCG exactly."""
    grades, ranking = _complete_topic(seed)
    judgments = {d: (1 + i % 3, g) for i, (d, g) in enumerate(grades.items())}
    relevance = [grades.get(d, 0) for d in ranking]
    expected = ndcg_at_k(relevance, ideal=list(grades.values()))
    assert inferred_ndcg(ranking, judgments) == pytest.approx(expected, rel=1e-12)


def test_estimated_relevant_is_horvitz_thompson():
    """R-hat by hand: stratum A 4 pooled, 2 judged, 1 relevant -> 2; B 3 pooled, 3 judged,
    2 relevant -> 2; C pooled, nothing judged -> 0."""
    judgments = {"a1": ("A", 1), "a2": ("A", 0), "a3": ("A", -1), "a4": ("A", -1),
                 "b1": ("B", 2), "b2": ("B", 1), "b3": ("B", 0), "c1": ("C", -1)}
    assert estimated_relevant(judgments) == 4.0


@pytest.mark.skipif(PERL is None, reason="no perl on PATH (Debian's perl-base provides it)")
def test_interpolated_precision_fills_one_recall_level_per_rank(tmp_path, capsys):
    """Two recall levels (0.2 and 0.3) are crossed at one rank: sample_eval.pl fills only one
    there and the other one rank higher, with a larger maximum (1 where a plain
    interpolation gives 0.5833). Found by a search over random topics."""
    grades = {"d0": (1, 1), "d1": (1, 1), "d2": (2, -1), "d3": (1, 0), "d4": (1, 1),
              "d5": (2, -1), "d6": (1, 1), "d7": (2, -1), "d8": (1, 1), "d9": (1, 0),
              "d10": (2, -1), "d11": (1, 0)}
    ranking = ["d4", "d11", "d5", "d1", "d9", "d7", "d3", "d10", "d8", "d0"]
    write_sample_qrels({"1": grades}, tmp_path / "q")
    (tmp_path / "r").write_text("".join(f"1 Q0 {d} {i} {10 - i} r\n"
                                        for i, d in enumerate(ranking)))
    theirs = _perl(tmp_path / "q", tmp_path / "r")
    assert "iprec@rec0.20\tall\t\t1.0000\n" in theirs
    assert "iprec@rec0.30\tall\t\t0.5833\n" in theirs
    assert _ours(capsys, tmp_path / "q", tmp_path / "r") == theirs


def test_a_misread_line_stops_the_command_with_file_and_line(tmp_path, capsys):
    """sample_eval.pl reads fields as one stream: a line with 4 fields would shift every
    record after it. rankbook sample-eval stops, naming the file and the line, status 2."""
    (tmp_path / "q").write_text("1 0 a 1 1\n1 0 b 1\n1 0 c 2 -1\n")
    (tmp_path / "r").write_text("1 Q0 a 1 3 r\n")
    assert main(["sample-eval", str(tmp_path / "q"), str(tmp_path / "r")]) == 2
    error = capsys.readouterr().err
    assert error.startswith("rankbook sample-eval: error: ") and "q, line 2: 4 fields" in error


@pytest.mark.skipif(PERL is None, reason="no perl on PATH (Debian's perl-base provides it)")
def test_the_ideal_list_is_cut_at_1000_ranks_as_sample_eval_pl_cuts_it(tmp_path, capsys):
    """More than 1000 estimated relevant documents: grade 3 fills ranks 1-10 (5 judged of
    10), grade 2 ranks 11-1010 but stops at 1000, and grade 1, starting past the cut, still
    adds its first document (rank 1011). The hand-computed ideal DCG gives the nDCG."""
    grades = {f"t{i}": (2, 3 if i < 5 else -1) for i in range(10)}
    grades |= {f"m{i}": (1, 2) for i in range(1000)} | {f"o{i}": (1, 1) for i in range(5)}
    ranking = ["m0", "t0", "o0", "x"]
    ideal = (sum(3 / math.log2(r + 1) for r in range(1, 11))
             + sum(2 / math.log2(r + 1) for r in range(11, 1001)) + 1 / math.log2(1012))
    # each stratum's weight is its retrieved pooled over retrieved judged documents: 1 and 1
    dcg = 2 / math.log2(2) + 3 / math.log2(3) + 1 / math.log2(4)
    assert inferred_ndcg(ranking, grades) == pytest.approx(dcg / ideal, rel=1e-12)
    write_sample_qrels({"1": grades}, tmp_path / "q")
    (tmp_path / "r").write_text("".join(f"1 Q0 {d} {i} {9 - i} r\n" for i, d in enumerate(ranking)))
    assert _ours(capsys, "-q", tmp_path / "q", tmp_path / "r") == _perl("-q", tmp_path / "q",
                                                                         tmp_path / "r")
