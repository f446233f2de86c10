"""The `rankbook eval` command: options, formats, errors without tracebacks."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from rankbook.cli import main


@pytest.fixture
def files(tmp_path):
    qrels = tmp_path / "qrels.txt"
    qrels.write_text("1 0 a 1\n1 0 b 0\n1 0 c 2\n2 0 x 1\n3 0 y 1\n")
    run = tmp_path / "run.txt"
    run.write_text("1 Q0 a 1 3.0 sys\n1 Q0 b 2 2.0 sys\n1 Q0 c 3 1.0 sys\n2 Q0 x 1 1.0 sys\n")
    return str(qrels), str(run)


def test_trec_format_per_query(files, capsys):
    assert main(["eval", "-q", "-m", "P@1", "-m", "num_rel", *files]) == 0
    captured = capsys.readouterr()
    assert captured.out == (
        "num_rel               \t1\t2\nP_1                   \t1\t1.0000\n"
        "num_rel               \t2\t1\nP_1                   \t2\t1.0000\n"
        "num_rel               \tall\t3\nP_1                   \tall\t1.0000\n")
    assert "note:" in captured.err and "'3'" in captured.err


def test_complete_and_max_docs(files, capsys):
    assert main(["eval", "-c", "-M", "1", "-m", "num_ret", "-m", "map", *files]) == 0
    out = capsys.readouterr().out
    # -M 1 keeps one document per topic; -c averages over 3 topics: AP = (1/2 + 1 + 0) / 3.
    assert "num_ret               \tall\t2\n" in out
    assert f"map                   \tall\t{(0.5 + 1 + 0) / 3:.4f}\n" in out


@pytest.mark.parametrize("fmt, check", [
    ("csv", lambda out: out.splitlines()[0] == "query,map"),
    ("json", lambda out: json.loads(out)["all"]["map"] > 0),
    ("table", lambda out: "map" in out and "all" in out),
    ("markdown", lambda out: out.startswith("| query | map |")),
    ("latex", lambda out: "\\begin{tabular}" in out),
])
def test_formats(files, capsys, fmt, check):
    assert main(["eval", "-q", "-m", "map", "--format", fmt, *files]) == 0
    assert check(capsys.readouterr().out)


def test_errors_go_to_stderr_without_traceback(tmp_path, files):
    bad = tmp_path / "bad.txt"
    bad.write_text("1 Q0 a 1 3.0 sys\n1 Q0 b 2\n")
    done = subprocess.run([sys.executable, "-m", "rankbook", "eval", files[0], str(bad)],
                          capture_output=True, text=True)
    assert done.returncode == 2 and done.stdout == ""
    assert "Traceback" not in done.stderr
    assert f"{bad}, line 2:" in done.stderr


def test_unknown_measure(files, capsys):
    assert main(["eval", "-m", "mapp", *files]) == 2
    assert "unknown measure 'mapp'" in capsys.readouterr().err


def test_help_documents_every_option(capsys):
    with pytest.raises(SystemExit):
        main(["eval", "--help"])
    text = capsys.readouterr().out
    for option in ("-q", "-c", "-M", "-l", "-m", "--format", "--decimals"):
        assert option in text
    assert "example" in text and "e.g. -M 100" in text


# --- several runs: each block labelled by trec_eval's runid line (issue 29, item 4) ----------

TREC_EVAL_DATA = __import__("pathlib").Path(__file__).resolve().parents[1] / "data" / "trec_eval"


def _tagged_runs(tmp_path, tags):
    """trec_eval 9.0.8's results.test, once per tag (its lines' last field replaced)."""
    lines = (TREC_EVAL_DATA / "results.test").read_text().splitlines()
    paths = []
    for tag in tags:
        path = tmp_path / f"{tag}.run"
        path.write_text("".join(line.rsplit(None, 1)[0] + f" {tag}\n" for line in lines))
        paths.append(str(path))
    return paths


def test_several_runs_each_start_with_their_runid(tmp_path, capsys):
    runs = _tagged_runs(tmp_path, ["A", "B", "C"])
    qrels = str(TREC_EVAL_DATA / "qrels.test")
    assert main(["eval", "-m", "map", qrels, *runs]) == 0
    # map all 0.1785: trec_eval 9.0.8's out.test for results.test
    block = "runid                 \tall\t{}\nmap                   \tall\t0.1785\n"
    assert capsys.readouterr().out == "".join(block.format(tag) for tag in "ABC")


def test_a_block_that_starts_with_its_runid_gets_no_second_one(tmp_path, capsys):
    runs = _tagged_runs(tmp_path, ["A", "B"])
    assert main(["eval", str(TREC_EVAL_DATA / "qrels.test"), *runs]) == 0  # default set
    out = capsys.readouterr().out
    assert out.count("runid ") == 2 and out.startswith("runid                 \tall\tA\n")
    assert "runid                 \tall\tB\nnum_q " in out


def test_runs_with_the_same_runid_are_noted(tmp_path, capsys):
    first, second = _tagged_runs(tmp_path, ["same"]) * 2
    assert main(["eval", "-m", "map", str(TREC_EVAL_DATA / "qrels.test"), first, second]) == 0
    err = capsys.readouterr().err
    assert "have the same runid 'same'" in err and "printed in this order" in err


def test_one_run_prints_as_trec_eval_without_a_runid_line(tmp_path, capsys):
    (run,) = _tagged_runs(tmp_path, ["A"])
    assert main(["eval", "-m", "map", str(TREC_EVAL_DATA / "qrels.test"), run]) == 0
    assert capsys.readouterr().out == "map                   \tall\t0.1785\n"


def test_the_guide_shows_what_several_runs_print(monkeypatch, capsys):
    # docs/guide/evaluating_runs.md's example of several runs is the command's real output
    # (stderr's notes first, as a terminal shows them: they are written before the blocks).
    root = TREC_EVAL_DATA.parents[2]
    page = (root / "docs" / "guide" / "evaluating_runs.md").read_text(encoding="utf-8")
    block = page.split("$ rankbook eval -c -m map ", 1)[1].split("```", 1)[0]
    arguments, shown = block.split("\n", 1)
    monkeypatch.chdir(root)
    assert main(["eval", "-c", "-m", "map", *arguments.split()]) == 0
    printed = capsys.readouterr()
    assert printed.err + printed.out == shown
