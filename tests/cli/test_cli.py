"""The `rankbook explain` command (rankbook.cli).

Expected numbers: conventions.md's reference table for the seed's 8-element
list (FLAGR's documentation, page "Evaluation measures"; docs/conventions.md,
"FLAGR's 8-element table") at rank 5, to 4
decimals: P 0.6000, R 0.7500, F1 0.6667, DCG 1.9307, IDCG 2.5616, nDCG 0.7537,
AP over R 0.6042 (0.604167), AP over relevant retrieved 0.8056 (0.805556).
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from rankbook.cli import main

ARGS = ["explain", "1", "0", "1", "1", "0", "1", "0", "0", "--relevant", "4", "--at", "5"]
ROW_5 = ["0.6000", "0.7500", "0.6667", "1.9307", "2.5616", "0.7537", "0.6042"]
RANKBOOK = Path(sys.executable).parent / "rankbook"  # .venv/bin/rankbook under .venv/bin/pytest


def check_explain_output(out: str) -> None:
    lines = out.splitlines()
    row = next(line for line in lines if line.split()[:1] == ["5"])
    assert [float(x) for x in row.split()[-7:]] == [float(x) for x in ROW_5]
    assert len([line for line in lines if line.split()[:1] in (["1"], ["8"])]) == 2
    work = out.split("At rank 5:", 1)[1]
    assert "P@5 = relevant in top 5 / 5 = 3/5 = 0.6000" in work
    assert "R@5 = relevant in top 5 / R = 3/4 = 0.7500" in work
    assert "DCG@5 = " in work and "= 1.9307" in work
    assert "AP@5 = (1/1 + 2/3 + 3/4) / 4 = 0.6042" in work


def test_explain_in_process(capsys):
    assert main(ARGS) == 0
    captured = capsys.readouterr()
    check_explain_output(captured.out)
    assert captured.err == ""


def run(*args: str) -> subprocess.CompletedProcess:
    assert RANKBOOK.exists(), f"{RANKBOOK} is missing: install the package (pip install -e .)"
    return subprocess.run([str(RANKBOOK), *args], capture_output=True, text=True, timeout=120)


def test_explain_from_the_shell():
    result = run(*ARGS)
    assert result.returncode == 0, result.stderr
    check_explain_output(result.stdout)
    assert result.stderr == ""


def test_the_seed_ap_column_from_the_shell():
    result = run(*ARGS[:-4], "--ap-denominator", "retrieved_relevant")
    assert result.returncode == 0, result.stderr
    row = next(line for line in result.stdout.splitlines() if line.split()[:1] == ["5"])
    assert float(row.split()[-1]) == 0.8056


def test_markdown_output(capsys):
    assert main([*ARGS, "--markdown"]) == 0
    out = capsys.readouterr().out
    assert "| 5 | 0 | no | 0.6000 | 0.7500 | 0.6667 | 1.9307 | 2.5616 | 0.7537 | 0.6042 |" in out
    assert r"\frac{3}{5}" in out


def test_missing_relevant_is_a_note_not_an_error(capsys):
    assert main(["explain", "1", "0", "1"]) == 0
    captured = capsys.readouterr()
    assert "R@k" not in captured.out
    assert captured.err.startswith("note: ") and "--relevant" in captured.err


@pytest.mark.parametrize("args", [["--help"], ["explain", "--help"]])
def test_help(args, capsys):
    with pytest.raises(SystemExit) as caught:
        main(args)
    assert caught.value.code == 0
    out = capsys.readouterr().out
    assert out.startswith("usage: rankbook")
    assert "explain" in out


def test_help_from_the_shell():
    result = run("explain", "--help")
    assert result.returncode == 0
    assert "--relevant" in result.stdout and "--at" in result.stdout


def assert_one_line_error(stderr: str, *words: str) -> None:
    assert "Traceback" not in stderr
    errors = [line for line in stderr.splitlines() if "error:" in line]
    assert len(errors) == 1, stderr
    assert stderr.rstrip("\n").splitlines()[-1] == errors[0]
    for word in words:
        assert word in errors[0]


def test_bad_grade():
    # argparse prints the usage, then one error line naming the bad value.
    result = run("explain", "1", "0", "x", "--relevant", "2")
    assert result.returncode == 2
    assert result.stdout == ""
    assert_one_line_error(result.stderr, "'x'", "grade")


def test_bad_grade_in_process(capsys):
    assert main(["explain", "1", "yes"]) == 2
    assert_one_line_error(capsys.readouterr().err, "'yes'")


def test_relevant_too_small():
    result = run("explain", "1", "1", "1", "--relevant", "2")
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr.count("\n") == 1
    assert_one_line_error(result.stderr, "--relevant=2", "3")


def test_relevant_too_small_in_process(capsys):
    assert main(["explain", "1", "1", "1", "--relevant", "2"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.count("\n") == 1
    assert_one_line_error(captured.err, "--relevant=2")


@pytest.mark.parametrize("args, words", [
    (["explain", "1", "0", "nan"], ["relevance[2]"]),
    (["explain", "1", "0", "1", "--relevant", "2", "--at", "0"], ["k"]),
])
def test_other_refusals_are_one_line(args, words, capsys):
    assert main(args) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.count("\n") == 1
    assert_one_line_error(captured.err, *words)


def test_extra_columns(capsys):
    # FLAGR's table (seeds/000) prints Recall@k = 0.25, 0.25, 0.50, 0.75, 0.75, 1.00, 1.00, 1.00;
    # TPR@k is the same quantity. FPR@k: non-relevant in the top k over the 4 non-relevant
    # documents of the list (ranks 2, 5, 7, 8), i.e. 0, 1/4, 1/4, 1/4, 2/4, 2/4, 3/4, 1.
    assert main(["explain", "1", "0", "1", "1", "0", "1", "0", "0", "--relevant", "4",
                 "--extra", "TPR", "FPR", "--decimals", "2"]) == 0
    rows = [line.split() for line in capsys.readouterr().out.splitlines()[1:]]
    header_free = [(float(row[-2]), float(row[-1])) for row in rows]
    assert [tpr for tpr, _ in header_free] == [0.25, 0.25, 0.5, 0.75, 0.75, 1.0, 1.0, 1.0]
    assert [fpr for _, fpr in header_free] == [0.0, 0.25, 0.25, 0.25, 0.5, 0.5, 0.75, 1.0]


def test_extra_column_needing_r_names_the_option(capsys):
    assert main(["explain", "1", "0", "1", "--extra", "iP"]) == 2
    err = capsys.readouterr().err
    assert "--relevant" in err and "n_relevant" not in err


# --- the table as typed: unjudged '-', grades as written, --decimals everywhere (issue 9) ---

def _table(capsys, *args) -> list[list[str]]:
    assert main(["explain", *args]) == 0
    out = capsys.readouterr().out.split("\n\n", 1)[0]
    return [line.split() for line in out.splitlines()]


def test_unjudged_prints_as_a_dash_and_grades_as_written(capsys):
    header, *rows = _table(capsys, "1", "-", "2", "0.5", "--relevant", "3")
    assert header[:3] == ["k", "grade", "relevant"]
    assert [row[1] for row in rows] == ["1", "-", "2", "0.5"]
    assert [row[2] for row in rows] == ["yes", "no", "yes", "no"]


def test_markdown_table_also_prints_grades_as_typed(capsys):
    assert main(["explain", "1", "-", "2", "--markdown", "--decimals", "1"]) == 0
    out = capsys.readouterr().out
    assert "| 2 | - | no | 0.5 |" in out
    assert "| 3 | 2 | yes | 0.7 |" in out  # P@3 = 2/3 to one decimal


@pytest.mark.parametrize("decimals", [0, 1, 2, 6])
def test_every_column_honours_decimals(capsys, decimals):
    # FLAGR's 8-element list with R = 4 and every optional column.
    header, *rows = _table(capsys, "1", "0", "1", "1", "0", "1", "0", "0", "--relevant", "4",
                           "--extra", "iP", "TPR", "FPR", "LAG", "--decimals", str(decimals))
    assert header[3:] == ["P@k", "R@k", "F1@k", "DCG@k", "IDCG@k", "nDCG@k", "AP@k", "iP@k",
                          "TPR@k", "FPR@k", "LAG@k"]
    for row in rows:
        for cell in row[3:]:
            whole, _, fraction = cell.partition(".")
            assert whole.isdigit() and len(fraction) == decimals, (decimals, cell)
    # Row 5, to 2 decimals (conventions.md): P@5 = 0.60, R@5 = 0.75, DCG@5 = 1.93.
    if decimals == 2:
        assert rows[4][3:5] == ["0.60", "0.75"] and rows[4][6] == "1.93"


def test_lag_before_the_first_relevant_document_is_not_a_number(capsys):
    header, *rows = _table(capsys, "0", "1", "--extra", "LAG")
    assert header[-1] == "LAG@k" and rows[0][-1] == "n/a" and rows[1][-1] == "1.0000"
