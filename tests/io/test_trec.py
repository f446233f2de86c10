"""TREC qrels and run readers and writers: formats, ids, and every bad-input error."""

from __future__ import annotations

import gzip
from pathlib import Path

import pytest

from rankbook import InputFileError
from rankbook.io import read_qrels, read_run, write_qrels, write_run

DATA = Path(__file__).resolve().parents[1] / "data" / "trec_eval"


def write(tmp_path, name, data: bytes | str) -> Path:
    path = tmp_path / name
    path.write_bytes(data.encode("utf-8") if isinstance(data, str) else data)
    return path


def test_trec_eval_files_counts():
    # Counts from shared/data/trec_eval/README.md: 3,681 judgments, 561 relevant. (The README
    # puts the 304 lines with grade -1 in qrels.test; they are in qrels.rel_level.)
    qrels = read_qrels(DATA / "qrels.test")
    assert len(qrels) == 3681
    assert (qrels.grade >= 1).sum() == 561
    assert (read_qrels(DATA / "qrels.rel_level").grade == -1).sum() == 304
    run = read_run(DATA / "results.test")
    assert len(run) == 1500 and run.attrs["name"] == "STANDARD"
    # results.trunc has trailing words after the tag ("more junk at ..."): ignored, as trec_eval.
    assert len(read_run(DATA / "results.trunc")) == 584


def test_any_whitespace_crlf_bom_and_blank_lines(tmp_path):
    text = "\ufeff301\t0  d1 1\r\n\r\n301 0\td2\t0\r\n"
    qrels = read_qrels(write(tmp_path, "q.txt", text))
    assert qrels["query"].tolist() == ["301", "301"]
    assert qrels["doc"].tolist() == ["d1", "d2"]
    assert qrels["grade"].tolist() == [1.0, 0.0]


def test_ids_are_kept_whole(tmp_path):
    long_id = "x" * 300
    text = f"007 Q0 doc#1 1 2.5 t\n007 Q0 café 2 1.5 t\n007 Q0 {long_id} 3 0.5 t"  # no final LF
    run = read_run(write(tmp_path, "r.txt", text))
    assert run["query"].tolist() == ["007"] * 3
    assert run["doc"].tolist() == ["doc#1", "café", long_id]


def test_non_ascii_whitespace_inside_an_id_is_part_of_the_id(tmp_path):
    # trec_eval splits on ASCII white space only; U+00A0 stays inside the id.
    run = read_run(write(tmp_path, "r.txt", "1 Q0 a\u00a0b 1 1.0 t\n"))
    assert run["doc"].tolist() == ["a\u00a0b"]


def test_gzip_by_suffix(tmp_path):
    path = tmp_path / "run.txt.gz"
    with gzip.open(path, "wt") as handle:
        handle.write("1 Q0 a 1 3 t\n1 Q0 b 2 2 t\n")
    assert read_run(path)["doc"].tolist() == ["a", "b"]


def test_writers_round_trip(tmp_path):
    qrels = {"1": {"a": 2, "b": 0}, "2": {"c": 1}}
    run = {"1": {"a": 0.25, "b": 0.5}, "2": {"c": 1.0, "d": 1.0}}
    write_qrels(qrels, tmp_path / "q.txt")
    write_run(run, tmp_path / "r.txt.gz", name="mine")
    back = read_qrels(tmp_path / "q.txt")
    assert back.to_dict("records") == [
        {"query": "1", "doc": "a", "grade": 2.0}, {"query": "1", "doc": "b", "grade": 0.0},
        {"query": "2", "doc": "c", "grade": 1.0}]
    text = gzip.open(tmp_path / "r.txt.gz", "rt").read()
    # trec_eval's order: score descending, ties by docid descending.
    assert text == ("1 Q0 b 1 0.5 mine\n1 Q0 a 2 0.25 mine\n"
                    "2 Q0 d 1 1.0 mine\n2 Q0 c 2 1.0 mine\n")


# --- bad input: each error names the file, the line(s), what is wrong and the fix -------------

def error_of(reader, tmp_path, text, name="f.txt") -> InputFileError:
    path = write(tmp_path, name, text)
    with pytest.raises(InputFileError) as caught:
        reader(path)
    message = str(caught.value)
    assert message.startswith(str(path)), message
    return caught.value


def test_wrong_column_count(tmp_path):
    error = error_of(read_qrels, tmp_path, "1 0 a 1\n1 0 b\n1 0 c 1\n1 0 d 1 extra\n")
    assert error.lines == (2, 4)
    assert "lines 2, 4" in str(error) and "has 3" in str(error) and "'1 0 b'" in str(error)
    assert "qid iter docid grade" in str(error)
    error = error_of(read_run, tmp_path, "1 Q0 a 1 2.0\n")
    assert error.lines == (1,) and "at least 6" in str(error)


def test_grade_or_score_not_a_number(tmp_path):
    error = error_of(read_qrels, tmp_path, "1 0 a 1\n1 0 b high\n")
    assert error.lines == (2,) and "'high' is not a number" in str(error)
    error = error_of(read_run, tmp_path, "1 Q0 a 1 2.0 t\n1 Q0 b 2 n/a t\n")
    assert error.lines == (2,) and "score" in str(error)


@pytest.mark.parametrize("value", ["nan", "inf", "-Infinity"])
def test_nan_and_inf_refused(tmp_path, value):
    error = error_of(read_run, tmp_path, f"1 Q0 a 1 {value} t\n")
    assert error.lines == (1,) and "finite" in str(error)


def test_empty_file(tmp_path):
    error = error_of(read_run, tmp_path, "\n  \n")
    assert "is empty" in str(error)
    assert "is empty" in str(error_of(read_qrels, tmp_path, ""))


def test_document_twice_in_a_topic_of_a_run(tmp_path):
    error = error_of(read_run, tmp_path, "1 Q0 a 1 3 t\n2 Q0 a 1 3 t\n1 Q0 b 2 2 t\n1 Q0 a 3 1 t\n")
    assert error.lines == (1, 4)
    assert "'a' appears 2 times in topic '1'" in str(error) and "Keep" in str(error)


def test_document_judged_twice(tmp_path):
    error = error_of(read_qrels, tmp_path, "1 0 a 1\n1 0 b 0\n1 0 a 2\n")
    assert error.lines == (1, 3) and "different grades (1, 2)" in str(error)
    path = write(tmp_path, "same.txt", "1 0 a 1\n1 0 a 1\n")
    with pytest.warns(UserWarning, match="counted once"):
        qrels = read_qrels(path)
    assert len(qrels) == 1


def test_missing_file_and_bad_gzip(tmp_path):
    with pytest.raises(InputFileError, match="no such file"):
        read_run(tmp_path / "nope.txt")
    error = error_of(read_run, tmp_path, b"not gzip at all", name="r.gz")
    assert "gzip" in str(error)


def test_not_utf8(tmp_path):
    error = error_of(read_run, tmp_path, b"1 Q0 a 1 1 t\n1 Q0 \xff 2 0 t\n")
    assert error.lines == (2,) and "UTF-8" in str(error)
