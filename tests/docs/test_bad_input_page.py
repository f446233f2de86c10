"""The error messages shown on docs/guide/bad_input.md are the ones the code produces."""

from __future__ import annotations

import re
import warnings
from pathlib import Path

import pytest

from rankbook import RankbookError
from rankbook.evaluation import evaluate
from rankbook.io import read_flagr_lists, read_qrels, read_run

PAGE = Path(__file__).resolve().parents[2] / "docs" / "guide" / "bad_input.md"
FUNCTIONS = {"read_run": read_run, "read_qrels": read_qrels,
             "read_flagr_lists": read_flagr_lists, "evaluate": evaluate}
EXAMPLE = re.compile(r"<!-- example: (?P<call>[^>]*) -->\n(?P<body>.*?)(?=\n<!-- example:|\n## |\Z)",
                     re.S)
BLOCK = re.compile(r"```text(?: title=\"(?P<name>[^\"]+)\")?\n(?P<text>.*?)```", re.S)


def examples():
    for match in EXAMPLE.finditer(PAGE.read_text()):
        function, *names = match["call"].split()
        blocks = list(BLOCK.finditer(match["body"]))
        files = {b["name"]: b["text"] for b in blocks if b["name"]}
        [message] = [b["text"].rstrip("\n") for b in blocks if not b["name"]]
        assert sorted(files) == sorted(names), match["call"]
        yield pytest.param(function, names, files, message, id=f"{function}-{len(message)}")


@pytest.mark.parametrize("function, names, files, message", list(examples()))
def test_the_page_shows_the_real_message(tmp_path, monkeypatch, function, names, files, message):
    monkeypatch.chdir(tmp_path)
    for name, text in files.items():
        Path(name).write_text(text)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            if function == "evaluate":
                FUNCTIONS[function](*names, "AP")
            else:
                FUNCTIONS[function](names[0])
        except RankbookError as error:
            assert str(error) == message
            return
    assert [str(w.message) for w in caught] == [message]


def test_the_page_has_every_example():
    assert len(list(examples())) == 14
