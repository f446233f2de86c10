"""``rankbook pool`` (depth-k and Take@N pools as qrels files) and ``rankbook eval --judged-only``.

The pools are checked against trectools 0.0.50 run on the same files (depth-k: ``topX``;
Take@N: ``rrf``) and against pools worked by hand; the written file is read back by trec_eval's
rules (pytrec_eval: grade -1 is "in the pool, not judged").
"""

from __future__ import annotations

import gzip
import warnings

import pytest

from rankbook.cli import main

RUN_A = "1 Q0 a 1 3 A\n1 Q0 b 2 2 A\n1 Q0 c 3 1 A\n2 Q0 x 1 2 A\n2 Q0 z 2 1 A\n"
RUN_B = "1 Q0 b 1 3 B\n1 Q0 d 2 2 B\n1 Q0 a 3 1 B\n2 Q0 y 1 1 B\n"


@pytest.fixture
def runs(tmp_path):
    paths = []
    for name, text in (("A", RUN_A), ("B", RUN_B)):
        path = tmp_path / f"{name}.txt"
        path.write_text(text)
        paths.append(str(path))
    return paths


def _lines(text: str) -> list:
    return [line.split() for line in text.splitlines() if line]


def test_depth_pool_file_matches_trectools(runs, tmp_path, capsys):
    trectools = pytest.importorskip("trectools")
    output = tmp_path / "pool.qrels"
    assert main(["pool", *runs, "--depth", "2", "-o", str(output)]) == 0
    assert capsys.readouterr().out == ""
    lines = _lines(output.read_text())
    assert all(fields[1] == "0" and fields[3] == "-1" for fields in lines)
    ours = {}
    for topic, _, doc, _ in lines:
        ours.setdefault(topic, set()).add(doc)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        pool = trectools.TrecPoolMaker().make_pool_from_files(runs, strategy="topX", topX=2)
    assert ours == {str(t): set(d) for t, d in pool.pool.items()}
    assert ours == {"1": {"a", "b", "d"}, "2": {"x", "y", "z"}}


def test_take_pool_in_judging_order_and_gzip(runs, tmp_path, capsys):
    trectools = pytest.importorskip("trectools")
    output = tmp_path / "pool.qrels.gz"
    assert main(["pool", *runs, "--take", "2", "--priority", "rrf", "-o", str(output)]) == 0
    lines = _lines(gzip.open(output, "rt").read())
    # topic 1: b = 1/62 + 1/61, a = 1/61 + 1/63, d = 1/62, c = 1/63; topic 2: x, y tie at 1/61
    assert [fields[2] for fields in lines] == ["b", "a", "y", "x"]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        pool = trectools.TrecPoolMaker().make_pool_from_files(runs, strategy="rrf", topX=2)
    assert pool.pool[1] == {"a", "b"} and pool.pool[2] == {"x", "y"}


def test_pool_file_is_qrels_of_unjudged_pool_documents(runs, capsys):
    """pytrec_eval (trec_eval 9) reads grade -1 as pooled but unjudged (its README's meaning).

    The depth-1 pool of topic 1 is a, b. An assessor grades a as relevant and leaves b at
    -1: with -J, b leaves the ranked list [b, a], so P@1 is 1 (it is 0 without -J).
    """
    pytrec_eval = pytest.importorskip("pytrec_eval")
    assert main(["pool", *runs, "--depth", "1"]) == 0
    qrels = {}
    for topic, _, doc, grade in _lines(capsys.readouterr().out):
        qrels.setdefault(topic, {})[doc] = int(grade)
    assert qrels == {"1": {"a": -1, "b": -1}, "2": {"x": -1, "y": -1}}
    qrels["1"]["a"] = 1
    run = {"1": {"b": 2.0, "a": 1.0}}
    judged_only = pytrec_eval.RelevanceEvaluator(qrels, {"P_1"}, judged_docs_only_flag=True)
    everything = pytrec_eval.RelevanceEvaluator(qrels, {"P_1", "num_rel"})
    assert judged_only.evaluate(run)["1"]["P_1"] == 1.0
    assert everything.evaluate(run)["1"] == {"P_1": 0.0, "num_rel": 1.0}


def test_stats_sizes_and_unique_documents(runs, tmp_path, capsys):
    assert main(["pool", *runs, "--depth", "2", "-o", str(tmp_path / "p"), "--stats"]) == 0
    out = capsys.readouterr().out
    rows = [line.split() for line in out.splitlines() if line.strip()]
    assert ["1", "3"] in rows and ["2", "3"] in rows and ["all", "6"] in rows
    # depth 2: A alone has a (topic 1), x and z (topic 2); B alone has d, y
    assert [runs[0], "3"] in rows and [runs[1], "2"] in rows


def test_stats_go_to_stderr_when_the_pool_is_printed(runs, capsys):
    assert main(["pool", *runs, "--take", "1", "--stats"]) == 0
    captured = capsys.readouterr()
    assert captured.out == "1 0 b -1\n2 0 y -1\n"  # x and y tie at rank 1: y > x
    assert "pooled" in captured.err and "unique" in captured.err


@pytest.mark.parametrize("arguments, words", [
    ([], "--depth K"),
    (["--depth", "0"], "positive"),
    (["--depth", "3", "--priority", "rbp"], "--take N"),
])
def test_mistakes_are_one_clear_line(runs, capsys, arguments, words):
    assert main(["pool", *runs, *arguments]) == 2
    err = capsys.readouterr().err
    assert words in err and "Traceback" not in err


def test_a_run_given_twice_and_a_bad_line_are_refused(runs, tmp_path, capsys):
    assert main(["pool", runs[0], runs[0], "--depth", "1"]) == 2
    assert "twice" in capsys.readouterr().err
    bad = tmp_path / "bad.txt"
    bad.write_text("1 Q0 a 1 3 A\n1 Q0 a 2 2 A\n")
    assert main(["pool", str(bad), "--depth", "1"]) == 2
    err = capsys.readouterr().err
    assert "bad.txt" in err and "line" in err


def test_eval_judged_only_long_option(tmp_path, capsys):
    """Unjudged u above relevant r: P@1 is 0, and 1 on the judged documents only (-J)."""
    qrels = tmp_path / "qrels.txt"
    qrels.write_text("1 0 r 1\n")
    run = tmp_path / "run.txt"
    run.write_text("1 Q0 u 1 2 s\n1 Q0 r 2 1 s\n")
    outputs = {}
    for option in ([], ["-J"], ["--judged-only"]):
        assert main(["eval", *option, "-m", "P@1", str(qrels), str(run)]) == 0
        outputs[tuple(option)] = capsys.readouterr().out
    assert "P_1                   \tall\t0.0000" in outputs[()]
    assert "P_1                   \tall\t1.0000" in outputs[("--judged-only",)]
    assert outputs[("--judged-only",)] == outputs[("-J",)]
