"""``rankbook ir_measures`` prints what ir_measures 0.4.3's command line prints (run in the test)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from rankbook.cli import main

ir_measures_cli = pytest.importorskip("ir_measures.__main__")

DATA = Path(__file__).parents[1] / "data" / "ir_measures"
FILES = [str(DATA / "compat.qrels"), str(DATA / "compat.run")]
MEASURES = ["P@5 nDCG@10 Judged@3", "AP", "NumQ", "NumRet", "RR@10"]


def _theirs(arguments, capsys, monkeypatch) -> list[str]:
    monkeypatch.setattr(sys, "argv", ["ir_measures", *FILES, *arguments])
    ir_measures_cli.main_cli()
    return capsys.readouterr().out.splitlines()


@pytest.mark.parametrize("flags", [[], ["-q"], ["-q", "-n"], ["-p", "6"], ["-o", "jsonl"],
                                   ["-q", "-o", "jsonl"]])
def test_the_same_lines_as_ir_measures(flags, capsys, monkeypatch):
    expected = _theirs([*MEASURES, *flags], capsys, monkeypatch)
    assert main(["ir_measures", *FILES, *MEASURES, *flags]) == 0
    got = capsys.readouterr().out.splitlines()
    if "-q" in flags:  # per-topic lines in another order (the page says so)
        expected, got = sorted(expected), sorted(got)
    assert got == expected


def test_bad_measures_are_listed_on_one_line_with_status_2(capsys):
    assert main(["ir_measures", *FILES, "P@5 Foo@3 P(5)"]) == 2
    assert capsys.readouterr().err == (
        "rankbook ir_measures: error: error parsing measures: unknown measure: Foo@3; "
        "syntax error: P(5)\n")
