"""Every hand calculation checkable (issue 23, part 3): k past the end of the list, R from the
ideal grades, the CLI's notes in its own flags, plural agreement.

Expected values are exact fractions worked by hand or the docs' published numbers (the nDCG
page's exercise 2: trec_eval's ``ndcg`` of [2, 0] with ideal [2, 2, 1] is 2 / (2.5 + 2/log2 3)).
"""

from __future__ import annotations

import math
import re
from fractions import Fraction

import pytest

import rankbook as rb
from rankbook.cli import main


def test_precision_past_the_end_divides_by_k():
    # The classroom page's exercise: [0, 1, 1], P@5 = 2/5 (Manning et al. 2008, section 8.4).
    work = str(rb.explain([0, 1, 1]).show_work(5))
    assert "P@5 = relevant in top 5 / 5 = 2/5 = 0.4000" in work
    assert "ranks 4 to 5 are past the end of the list of 3" in work


def test_table_runs_past_the_end_with_missing_ranks_not_relevant():
    table = rb.explain([0, 1, 1], depth=5).table
    assert list(table.index) == [1, 2, 3, 4, 5]
    assert math.isnan(table.loc[4, "grade"]) and not table.loc[5, "relevant"]
    assert float(table.loc[5, "P@k"]) == pytest.approx(float(Fraction(2, 5)))
    assert float(table.loc[4, "P@k"]) == pytest.approx(float(Fraction(2, 4)))


def test_ndcg_page_exercise_two_directly():
    expected = 2 / (Fraction(5, 2) + 2 / math.log2(3))
    explanation = rb.explain([2, 0], ideal=[2, 2, 1], depth=3)
    assert explanation.n_relevant == 3  # counted from the ideal grades
    assert float(explanation.table.loc[3, "nDCG@k"]) == pytest.approx(float(expected), abs=1e-12)
    assert round(float(expected), 4) == 0.5317


def test_ideal_and_dcg_lines_have_k_terms_each():
    work = rb.explain([1, 0, 1], n_relevant=3).show_work(6)
    lines = {step.name: step.text for step in work.steps}
    assert lines["DCG@k"].count("/log2(") == 6
    assert lines["IDCG@k"].count("/log2(") == 6


def test_ideal_with_fewer_relevant_grades_than_the_list_is_refused():
    with pytest.raises(rb.RankbookError, match=r"ideal holds 1 relevant grade but the ranked "
                                               r"list has 2 relevant documents"):
        rb.explain([1, 1, 0], ideal=[1])


def test_note_agrees_in_number():
    note = rb.explain([0, 1], n_relevant=3).notes[0]
    assert "only 1 relevant document is in the list" in note


def run(capsys, *args):
    status = main(["explain", *args])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def test_cli_at_past_the_end(capsys):
    status, out, _ = run(capsys, "0", "1", "1", "--at", "5")
    assert status == 0
    assert "P@5 = relevant in top 5 / 5 = 2/5 = 0.4000" in out
    assert re.search(r"^5\s+·\s+no \(past the end\)", out, re.M)


def test_cli_ideal_gives_r_and_trec_eval_ndcg(capsys):
    status, out, err = run(capsys, "2", "0", "--ideal", "2", "2", "1", "--at", "3")
    assert status == 0 and err == ""
    assert "nDCG@3 = DCG@3 / IDCG@3 = 2.0000 / 3.7619 = 0.5317" in out
    assert "R@3 = relevant in top 3 / R = 1/3" in out


@pytest.mark.parametrize("args", [["1", "0", "1"], ["0", "1", "--relevant", "3"]])
def test_cli_notes_use_flags_not_python(capsys, args):
    status, _, err = run(capsys, *args)
    assert status == 0 and err.startswith("note: ")
    assert "--relevant" in err or "--ideal" in err
    for python in ("n_relevant=", "ideal=", "complete=True", "pass ideal"):
        assert python not in err
    assert "1 relevant documents" not in err


def test_cli_ideal_error_names_the_flag(capsys):
    status, _, err = run(capsys, "1", "1", "--ideal", "1")
    assert status == 2
    assert err.count("\n") == 1 and "--ideal holds 1 relevant grade" in err
    assert "ideal=" not in err


# --- every exercise on the site says which command checks it ---------------------------------

from pathlib import Path  # noqa: E402
import shlex  # noqa: E402

DOCS = Path(__file__).resolve().parents[2] / "docs"
EXERCISE_PAGES = sorted((DOCS / "metrics").glob("*.md")) + [DOCS / "guide" / "classroom.md"]
CHECK = re.compile(r"^\s*Check(?::| \(Python)", re.M)


def _question_blocks():
    for page in EXERCISE_PAGES:
        text = page.read_text(encoding="utf-8")
        starts = [m.start() for m in re.finditer(r"^!!! question", text, re.M)] + [len(text)]
        for a, b in zip(starts, starts[1:]):
            yield page, text.count("\n", 0, a) + 1, text[a:b]


def test_every_exercise_block_names_its_check():
    blocks = list(_question_blocks())
    assert len(blocks) >= 70
    missing = [f"{page.name}:{line}" for page, line, block in blocks if not CHECK.search(block)]
    assert not missing, f"exercises without a 'Check:' line: {missing}"


def _explain_checks():
    seen = set()
    for page, line, block in _question_blocks():
        for command in re.findall(r"`(rankbook explain [^`]+)`", block):
            if command not in seen:
                seen.add(command)
                yield pytest.param(command, id=f"{page.name}:{line}")


@pytest.mark.parametrize("command", list(_explain_checks()))
def test_every_explain_check_runs(command, capsys):
    assert main(shlex.split(command)[1:]) == 0, capsys.readouterr().err
    out = capsys.readouterr().out
    at = int(command.split("--at ")[1].split()[0])
    assert f"At rank {at}:" in out


@pytest.mark.parametrize("args, words, python", [
    (["combsum", "a,b,c", "b,a"], ["list 1", "--param norm=rank", "a=5,b=3"],
     ["lists[0]", "norm='", "dict item"]),
    (["kemeny", "a,b", "a,a"], ["list 2 lists item 'a' twice"], ["lists[1]"]),
])
def test_explain_fusion_errors_use_the_command_lines_words(capsys, args, words, python):
    assert main(["explain-fusion", *args]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    for word in words:
        assert word in err
    for word in python:
        assert word not in err
