"""xinfAP, infNDCG and the other estimates of `rankbook.collections.inferred` against NIST's
``sample_eval.pl`` itself, run with perl on seeded stratified samples.

The oracle is tests/data/sample_eval/sample_eval.pl (provenance and sha256 in the README
there). It prints 4 decimals; rankbook's values, printed with the same ``printf`` formats,
must give the same text, topic by topic and in the summary (all its lines but the 11
``iprec@rec`` ones, which rankbook does not compute).
"""

from __future__ import annotations

import hashlib
import random
import shutil
import subprocess
from pathlib import Path

import pytest

from rankbook.collections import (
    estimated_relevant,
    inferred_average_precision_extended,
    inferred_ndcg,
    judge_sample,
    stratified_sample,
)
from rankbook.evaluation.sampled import evaluate_sampled
from rankbook.io.sample_qrels import (
    read_sample_eval_run,
    read_sample_qrels,
    write_sample_qrels,
)
from rankbook.metrics.average_precision import average_precision
from rankbook.metrics.dcg import ndcg_at_k

SCRIPT = Path(__file__).parents[1] / "data" / "sample_eval" / "sample_eval.pl"
PERL = shutil.which("perl")
STRATA = [(3, 1.0), (10, 0.5), (11, 0.5), (25, 0.3), (40, 0.15)]
FORMATS = {"inum_rel_ret": "{:14.4f}", "inum_rel": "{:14.4f}", "num_ret": "{:9d}"}


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


def _perl(qrels: Path, run: Path) -> dict[tuple[str, str], str]:
    result = subprocess.run([PERL, str(SCRIPT), "-q", str(qrels), str(run)], check=True,
                            capture_output=True, text=True)
    parsed = {}
    for line in result.stdout.splitlines():  # 'infAP\t\t1\t\t0.8518', 'num_ret\t\t1\t        4'
        measure, *rest = line.split("\t")
        topic = next(field for field in rest if field)
        if not measure.startswith("iprec@"):
            parsed[measure, topic] = rest[-1]
    return parsed


def _ours(qrels: Path, run: Path) -> dict[tuple[str, str], str]:
    rankings, lines = read_sample_eval_run(run)
    scores = evaluate_sampled(read_sample_qrels(qrels), rankings, lines)
    return {(measure, topic): FORMATS.get(measure, "{:6.4f}").format(value)
            for topic, row in scores.items() for measure, value in row.items()}


@pytest.mark.skipif(PERL is None, reason="no perl on PATH (Debian's perl-base provides it)")
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_every_value_equals_sample_eval_pl(tmp_path, seed):
    judgments, run_lines = _random_collection(seed)
    qrels, run = tmp_path / "prels", tmp_path / "run"
    write_sample_qrels(judgments, qrels)
    run.write_text("".join(run_lines))
    theirs, ours = _perl(qrels, run), _ours(qrels, run)
    assert len(theirs) == 8 * 29 + 8  # topics 1-29 (30: qrels only, 31: run only), "all"
    assert ours == theirs


def test_perl_output_is_parsed_as_measure_topic_value(tmp_path):
    """The parser above reads the script's tab layout: 'infAP\\t\\t1\\t\\t0.8518'."""
    (tmp_path / "q").write_text("1 0 a 1 1\n1 0 b 1 0\n1 0 c 2 -1\n1 0 d 2 1\n")
    (tmp_path / "r").write_text("1 Q0 a 1 3 r\n1 Q0 c 2 2 r\n1 Q0 d 3 1 r\n1 Q0 z 4 0 r\n")
    if PERL is None:
        pytest.skip("no perl on PATH")
    parsed = _perl(tmp_path / "q", tmp_path / "r")
    assert parsed["infAP", "1"] == "0.8518" and parsed["num_ret", "all"].strip() == "4"
    assert parsed["inum_rel", "1"].strip() == "3.0000"


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
