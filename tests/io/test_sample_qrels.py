"""`rankbook.io.sample_qrels`: sample_eval.pl's files, read with the readers' guarantees."""

from __future__ import annotations

import pytest

from rankbook import InputFileError
from rankbook.io.sample_qrels import (
    read_sample_eval_run,
    read_sample_qrels,
    write_sample_qrels,
)


def test_a_written_file_reads_back(tmp_path):
    judgments = {"301": {"a": ("1", 2), "b": ("3", -1)}, "7": {"c": ("2", 0)}}
    write_sample_qrels(judgments, tmp_path / "prels")
    assert read_sample_qrels(tmp_path / "prels") == judgments


@pytest.mark.parametrize("text, line, words", [
    ("1 0 a 1 1\n1 0 b 1\n", 2, "4 fields, expected 5"),
    ("1 0 a 1 1\n1 0 b 1 1 x\n", 2, "6 fields, expected 5"),
    ("1 0 a 1 1\n\n1 0 a 2 0\n", 3, "listed twice .first at line 1"),
    ("1 0 a 1 1.5\n", 1, "not a whole number"),
])
def test_a_bad_qrels_line_is_named(tmp_path, text, line, words):
    (tmp_path / "prels").write_text(text)
    with pytest.raises(InputFileError, match=words) as caught:
        read_sample_qrels(tmp_path / "prels")
    assert caught.value.lines == (line,) and caught.value.path == str(tmp_path / "prels")


def test_an_empty_or_missing_file_is_refused(tmp_path):
    (tmp_path / "empty").write_text("\n \n")
    with pytest.raises(InputFileError, match="empty"):
        read_sample_qrels(tmp_path / "empty")
    with pytest.raises(InputFileError, match="no such file"):
        read_sample_eval_run(tmp_path / "missing")


def test_the_run_is_ordered_as_sample_eval_pl_orders_it(tmp_path):
    """Score descending as doubles (1e-9 apart is not a tie), ties by docno descending,
    leading zeros of the topic removed."""
    (tmp_path / "run").write_text("01 Q0 a 1 0.5 r\n1 Q0 b 2 0.5 r\n1 Q0 c 3 0.500000001 r\n"
                                  "2 Q0 x 1 1e3 r\n")
    rankings, lines = read_sample_eval_run(tmp_path / "run")
    assert rankings == {"1": ["c", "b", "a"], "2": ["x"]} and lines == {"1": 3, "2": 1}


@pytest.mark.parametrize("text, words", [
    ("1 Q0 a 1 0.5\n", "5 fields, expected 6"),
    ("1 Q0 a 1 high r\n", "not a number"),
    ("1 Q0 a 1 1 r\n001 Q0 a 2 0 r\n", "listed twice for topic 1 .also at line 1"),
])
def test_a_bad_run_line_is_named(tmp_path, text, words):
    (tmp_path / "run").write_text(text)
    with pytest.raises(InputFileError, match=words):
        read_sample_eval_run(tmp_path / "run")


def test_a_field_with_white_space_cannot_be_written(tmp_path):
    with pytest.raises(InputFileError, match="docno 'a b'"):
        write_sample_qrels({"1": {"a b": (1, 1)}}, tmp_path / "prels")
