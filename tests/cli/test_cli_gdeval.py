"""`rankbook gdeval` against gdeval.pl 1.2a itself, byte for byte.

The oracle is the copy of gdeval.pl inside ir-measures 0.4.3 (``ir_measures/bin/gdeval.pl``),
run with perl. That copy takes ``QRELS RUN K`` and leaves out the ``amean`` line (its two
``$ndcgTotal += ...`` lines are commented out); the per-topic lines and the header are compared
as they are, and the amean line against the copy with those two lines restored and the mean
printed as gdeval.pl 1.2 prints it (``printf "$runid,amean,%.5f,%.5f\\n"``), and against
ir_measures' published mean (tests/test_gdeval.py: nDCG@20 0.485545, ERR@20 0.09775).
"""

from __future__ import annotations

import random
import shutil
import subprocess
from pathlib import Path

import pytest

from rankbook.cli import main

irm = pytest.importorskip("ir_measures")
GDEVAL_PL = Path(irm.__file__).parent / "bin" / "gdeval.pl"
needs_perl = pytest.mark.skipif(shutil.which("perl") is None,
                                reason="perl is not installed: gdeval.pl, the oracle, is Perl")

QRELS = "0 0 D0 0\n0 0 D1 1\n0 0 D2 1\n0 0 D3 2\n0 0 D4 0\n1 0 D0 1\n1 0 D3 2\n1 0 D5 2\n"
RUN = ("0 Q0 D0 1 0.8 run\n0 Q0 D2 2 0.7 run\n0 Q0 D1 3 0.3 run\n0 Q0 D3 4 0.4 run\n"
       "0 Q0 D4 5 0.1 run\n1 Q0 D1 1 0.8 run\n1 Q0 D3 2 0.7 run\n1 Q0 D4 3 0.3 run\n"
       "1 Q0 D2 4 0.4 run\n")


def _gdeval_pl(qrels, run, k, tmp_path, *, with_mean=False) -> str:
    script = GDEVAL_PL.read_text()
    if with_mean:  # gdeval.pl as the Web track ran it: totals kept, the mean printed last
        script = script.replace("# $ndcgTotal += $ndcg;", "$ndcgTotal += $ndcg;")
        script = script.replace("# $errTotal += $err;", "$errTotal += $err;")
        script = script.replace(
            "\nexit 0;",
            '\nprintf "$runid,amean,%.5f,%.5f\\n",$ndcgTotal/$topics,$errTotal/$topics;\nexit 0;',
            1)
        assert script.count("Total +=") == 2 and "amean" in script
    path = tmp_path / "gdeval.pl"
    path.write_text(script)
    return subprocess.run(["perl", str(path), str(qrels), str(run), str(k)], check=True,
                          capture_output=True, text=True).stdout


def _ours(capsys, *args) -> str:
    assert main(["gdeval", *map(str, args)]) == 0
    return capsys.readouterr().out


def _random_files(tmp_path, seed: int):
    """Numeric topics, some written trec-N; ties; topics on one side only; grades -1..4."""
    rng = random.Random(seed)
    qrels, run = [], []
    for topic in range(1, 301):
        name = f"wt-{topic}" if topic % 3 == 0 else str(topic)
        docs = [f"doc{rng.randrange(10_000)}" for _ in range(rng.randrange(1, 30))]
        docs = list(dict.fromkeys(docs))
        if topic % 17 != 0:  # every 17th topic is only in the run
            for doc in docs:
                if rng.random() < 0.7:
                    qrels.append(f"{name} 0 {doc} {rng.choice([-1, 0, 0, 1, 1, 2, 3, 4])}")
        if topic % 19 != 0:  # every 19th only in the qrels
            for rank, doc in enumerate(rng.sample(docs, rng.randrange(1, len(docs) + 1)), 1):
                run.append(f"{name} Q0 {doc} {rank} {rng.randrange(1, 9) / 4} sysA")
    rng.shuffle(run)
    (tmp_path / "qrels").write_text("\n".join(qrels) + "\n")
    (tmp_path / "run").write_text("\n".join(run) + "\n")
    return tmp_path / "qrels", tmp_path / "run"


@needs_perl
@pytest.mark.parametrize("k", [20, 5, 1])
def test_same_bytes_as_gdeval_pl_on_random_files(tmp_path, capsys, k):
    qrels, run = _random_files(tmp_path, seed=k)
    ours = _ours(capsys, "-k", k, qrels, run).splitlines(keepends=True)
    assert "".join(ours[:-1]) == _gdeval_pl(qrels, run, k, tmp_path)
    assert ours[-1] == _gdeval_pl(qrels, run, k, tmp_path, with_mean=True).splitlines(True)[-1]
    assert len(ours) > 200


@needs_perl
def test_published_test_of_ir_measures(tmp_path, capsys):
    (tmp_path / "qrels").write_text(QRELS)
    (tmp_path / "run").write_text(RUN)
    for k, expected in ((20, "run,0,0.62010,0.10175\nrun,1,0.35099,0.09375\n"),
                        (2, "run,0,0.17377,0.03125\nrun,1,0.38685,0.09375\n")):
        printed = _ours(capsys, "-k", k, tmp_path / "qrels", tmp_path / "run")
        assert printed.startswith(f"runid,topic,ndcg@{k},err@{k}\n" + expected)
        assert printed == _gdeval_pl(tmp_path / "qrels", tmp_path / "run", k, tmp_path,
                                     with_mean=True)
    ndcg, err = _ours(capsys, tmp_path / "qrels", tmp_path / "run").splitlines()[-1].split(",")[2:]
    assert float(ndcg) == pytest.approx(0.485545, abs=1e-5)
    assert float(err) == pytest.approx(0.09775, abs=1e-5)


def test_a_run_without_scored_topics_prints_gdevals_zero_mean(tmp_path, capsys):
    """gdeval.pl 1.2's spelling when no topic is scored: err with four decimals."""
    (tmp_path / "qrels").write_text("1 0 a 0\n")
    (tmp_path / "run").write_text("1 Q0 a 1 1.0 mine\n")
    assert _ours(capsys, tmp_path / "qrels", tmp_path / "run") == (
        "runid,topic,ndcg@20,err@20\nmine,amean,0.00000,0.0000\n")


@pytest.mark.parametrize("qrels, run, message", [
    ("1 0 a 5\n", "1 Q0 a 1 1 r\n", "line 1: the judgment '5' is not a whole number up to 4"),
    ("1 0 a 1\n1 0 a 2\n", "1 Q0 a 1 1 r\n", "line 2: document a of topic 1 is judged twice"),
    ("x 0 a 1\n", "1 Q0 a 1 1 r\n", "line 1: the topic 'x' does not end in a number"),
    ("1 0 a 1\n", "1 Q0 a 1 high r\n", "line 1: the score 'high' is not a number"),
    ("1 0 a 1\n", "1 Q0 a 1 1 r\n1 Q0 a 2 0 r\n", "line 2: document a is listed twice"),
    ("1 0 a 1\n", "1 Q0 a 1 1 r\n01 Q0 b 2 0 r\n", "line 2: topic 01 is also written 1"),
    ("1 0 a 1\n", "1 0 a 1 1 r\n", "line 1: '0 ... 1': gdeval.pl wants Q0"),
    ("1 0 a 1\n", "1 Q0 a 1 1\n", "line 1: a run line is 'topic Q0 docno rank score runid'"),
    ("1 0 a 1\n\n", "1 Q0 a 1 1 r\n", "line 2: 0 fields"),
])
def test_bad_files_name_file_and_line(tmp_path, capsys, qrels, run, message):
    (tmp_path / "qrels").write_text(qrels)
    (tmp_path / "run").write_text(run)
    assert main(["gdeval", str(tmp_path / "qrels"), str(tmp_path / "run")]) == 2
    error = capsys.readouterr().err
    assert error.startswith("rankbook gdeval: error: ") and message in error


def test_depth_below_one_is_refused(tmp_path, capsys):
    (tmp_path / "qrels").write_text("1 0 a 1\n")
    (tmp_path / "run").write_text("1 Q0 a 1 1 r\n")
    assert main(["gdeval", "-k", "0", str(tmp_path / "qrels"), str(tmp_path / "run")]) == 2
    assert "-k 0: the depth must be at least 1" in capsys.readouterr().err
