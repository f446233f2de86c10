"""rankbook.datasets: FLAGR's sample data ships with the package (issue 23: a notebook
downloaded from the site ran only inside a clone)."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

from rankbook import InputFileError, datasets

# tests/data/flagr/README.md: the files as published in lakritidis/FLAGR, examples/testdata/.
SHA256 = {
    "testdata.csv": "f68fb045d5f0a6beb547a4392c22816d23d96def18bc17c68462cabf883977ff",
    "testdata_qrels.csv": "a6d2306f193849093b58099680f4a77303cb676eb4c9cb8c11c130f7abe01650",
}
ROOT = Path(__file__).resolve().parents[1]


def test_flagr_sample_is_the_published_files_inside_the_package():
    lists, qrels = datasets.flagr_sample()
    package = Path(datasets.__file__).resolve().parent
    for path in (lists, qrels):
        assert package in path.resolve().parents, f"{path} is not inside the package"
        assert hashlib.sha256(path.read_bytes()).hexdigest() == SHA256[path.name]


def test_the_tests_read_the_same_files():
    lists, qrels = datasets.flagr_sample()
    for path in (lists, qrels):
        copy = ROOT / "tests" / "data" / "flagr" / path.name
        assert copy.resolve() == path.resolve(), f"{copy} should link to {path}"


def test_the_wheel_ships_them():
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert 'rankbook = ["data/flagr/*.csv"' in text


def test_missing_files_give_a_clear_error(monkeypatch, tmp_path):
    monkeypatch.setattr(datasets.resources, "files", lambda package: tmp_path)
    with pytest.raises(InputFileError) as info:
        datasets.flagr_sample()
    message = str(info.value)
    assert "testdata.csv" in message and "github.com/lakritidis/FLAGR" in message
    assert str(tmp_path) in message
