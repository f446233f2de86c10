"""Worksheets (issue 23, part 2): `rankbook exercises ... --format html|latex|md`, the sheet and a
separate key, the same seed giving the same sheet; a printable HTML page; a LaTeX document that
compiles (with pdflatex when one is installed, else its structure is checked).
"""

from __future__ import annotations

import html.parser
from pathlib import Path
import re
import shutil
import subprocess

import pytest

from rankbook.cli import main
from rankbook.exercises import generate_exercises, worksheet
from rankbook._errors import InvalidValueError

KINDS = ["AP", "nDCG@k", "bpref", "PR curve", "borda", "kemeny", "combsum", "randomization",
         "t-test", "11pt"]


def sheet_of(kind, **options):
    return generate_exercises(kind, 2, seed=7, **options)


def run(capsys, *argv):
    assert main(["exercises", *argv]) == 0
    return capsys.readouterr().out


@pytest.mark.parametrize("fmt", ["md", "html", "latex"])
def test_same_seed_same_sheet_and_key(capsys, fmt):
    first = run(capsys, "AP", "--seed", "3", "--format", fmt)
    assert run(capsys, "AP", "--seed", "3", "--format", fmt) == first
    key = run(capsys, "AP", "--seed", "3", "--format", fmt, "--key")
    assert key != first and run(capsys, "AP", "--seed", "3", "--format", fmt, "--key") == key
    assert run(capsys, "AP", "--seed", "4", "--format", fmt) != first


@pytest.mark.parametrize("fmt", ["md", "html", "latex"])
def test_the_sheet_has_no_answers_and_the_key_every_answer(fmt):
    exercises = sheet_of("AP")
    sheet = worksheet(exercises, format=fmt)
    key = worksheet(exercises, format=fmt, part="key")
    for exercise in exercises:
        answer = str(exercise.answer)
        assert "Check:" not in sheet and "rankbook explain" not in sheet
        assert answer in key and "rankbook explain" in key
    assert "Answer key" in key and "Answer key" not in sheet


class _Tags(html.parser.HTMLParser):
    def __init__(self):
        super().__init__()
        self.stack, self.seen = [], []

    def handle_starttag(self, tag, attrs):
        self.seen.append(tag)
        if tag not in ("meta", "br", "hr", "img", "link"):
            self.stack.append(tag)

    def handle_endtag(self, tag):
        assert self.stack and self.stack[-1] == tag, (tag, self.stack)
        self.stack.pop()


@pytest.mark.parametrize("kind", KINDS)
def test_html_is_well_formed_and_printable(kind):
    page = worksheet(sheet_of(kind), format="html", part="both")
    parser = _Tags()
    parser.feed(page)
    assert parser.stack == [] and parser.seen.count("li") == 4
    assert "@media print" in page and "@page" in page and "break-inside: avoid" in page
    assert re.search(r"section\.key \{ break-before: page", page)
    assert "<script" not in page and "http" not in page  # self-contained


def test_html_escapes_the_data():
    page = worksheet(sheet_of("randomization"), format="html", part="key")
    assert "|mean| &gt;=" in page


def _latex_structure(text: str) -> None:
    assert text.startswith("\\documentclass") and text.rstrip().endswith("\\end{document}")
    for env in ("document", "enumerate", "verbatim"):
        assert text.count(f"\\begin{{{env}}}") == text.count(f"\\end{{{env}}}")
    outside = re.sub(r"\\begin\{verbatim\}.*?\\end\{verbatim\}", "", text, flags=re.S)
    # No unescaped special character outside verbatim (escaped ones are \_, \%, \#, \&, \$).
    assert not re.search(r"(?<!\\)[_%#&]", outside.replace("\\begin", "").replace("\\end", ""))
    assert outside.count("{") == outside.count("}")
    assert all(ord(c) < 128 for c in text), "pdflatex with T1/utf8 only: ASCII or commands"


@pytest.mark.parametrize("kind", KINDS)
def test_latex_structure(kind):
    _latex_structure(worksheet(sheet_of(kind), format="latex", part="both"))
    _latex_structure(worksheet(sheet_of(kind, level=3), format="latex", part="key"))


@pytest.mark.skipif(shutil.which("pdflatex") is None, reason="no TeX engine installed")
def test_latex_compiles(tmp_path):
    exercises = []
    for kind in KINDS:
        exercises += generate_exercises(kind, 1, seed=11, level=3)
    exercises = [type(e)(**{**e.__dict__, "number": n}) for n, e in enumerate(exercises, 1)]
    (tmp_path / "sheet.tex").write_text(worksheet(exercises, format="latex", part="both",
                                                  title="Every kind"), encoding="utf-8")
    done = subprocess.run(["pdflatex", "-interaction=nonstopmode", "-halt-on-error", "sheet.tex"],
                          cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout[-2000:]
    assert (tmp_path / "sheet.pdf").stat().st_size > 10_000
    assert "Overfull" not in (tmp_path / "sheet.log").read_text(errors="replace")


def test_bad_format_or_part_is_refused():
    with pytest.raises(InvalidValueError, match="format='pdf'"):
        worksheet(sheet_of("AP"), format="pdf")
    with pytest.raises(InvalidValueError, match="part='answers'"):
        worksheet(sheet_of("AP"), part="answers")


def test_cli_level_and_format_errors_are_one_line(capsys):
    assert main(["exercises", "AP", "--level", "4"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--level" in err
    assert main(["exercises", "AP", "--answers", "--key"]) == 2
    assert "not allowed with" in capsys.readouterr().err


SAMPLES = Path(__file__).resolve().parents[2] / "docs" / "guide" / "samples"


@pytest.mark.parametrize("name, fmt, part", [("ap-sheet.html", "html", "sheet"),
                                             ("ap-key.html", "html", "key"),
                                             ("ap-sheet.tex", "latex", "sheet"),
                                             ("ap-key.tex", "latex", "key")])
def test_the_teachers_page_samples_are_what_the_command_writes(name, fmt, part):
    # docs/guide/teachers.md: rankbook exercises AP --count 4 --seed 5 --format FMT [--key]
    expected = worksheet(generate_exercises("AP", 4, seed=5), format=fmt, part=part)
    assert (SAMPLES / name).read_text(encoding="utf-8") == expected, (
        f"docs/guide/samples/{name} is stale: rewrite it with that command")
