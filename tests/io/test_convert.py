"""Dicts and DataFrames as qrels and runs, and trec_eval's document order."""

from __future__ import annotations

import math

import pandas as pd
import pytest

from rankbook import InputFileError, InvalidTypeError, InvalidValueError
from rankbook.io import as_qrels, as_run, trec_order


def test_dicts():
    qrels = as_qrels({301: {"a": 1, "b": 0}})
    assert qrels.to_dict("records") == [{"query": "301", "doc": "a", "grade": 1.0},
                                        {"query": "301", "doc": "b", "grade": 0.0}]
    run = as_run({"1": {"a": 0.5}})
    assert run["score"].tolist() == [0.5]


def test_dataframes_with_other_tools_column_names():
    frame = pd.DataFrame({"qid": ["1", "1"], "docno": ["a", "b"], "relevance": [2, 0]})
    assert as_qrels(frame)["grade"].tolist() == [2.0, 0.0]
    frame = pd.DataFrame({"query_id": [1], "doc_id": ["a"], "score": [3]})
    assert as_run(frame)["query"].tolist() == ["1"]


def test_bad_dicts():
    with pytest.raises(InvalidValueError, match=r"qrels\['1'\]\['a'\] is nan"):
        as_qrels({"1": {"a": math.nan}})
    with pytest.raises(InvalidTypeError, match="must be a number"):
        as_run({"1": {"a": "high"}})
    with pytest.raises(InvalidTypeError, match="must be a dict"):
        as_run({"1": [0.5, 0.4]})
    with pytest.raises(InvalidTypeError, match="qrels must be a path"):
        as_qrels([("1", "a", 1)])


def test_bad_dataframes():
    with pytest.raises(InputFileError, match="no document column"):
        as_run(pd.DataFrame({"query": ["1"], "url": ["a"], "score": [1.0]}))
    with pytest.raises(InputFileError, match="finite") as caught:
        as_run(pd.DataFrame({"query": ["1", "1"], "doc": ["a", "b"], "score": [1.0, math.inf]}))
    assert caught.value.lines == (2,)
    with pytest.raises(InputFileError, match="appears 2 times") as caught:
        as_run(pd.DataFrame({"query": ["1", "1"], "doc": ["a", "a"], "score": [1.0, 2.0]}))
    assert caught.value.lines == (1, 2)
    with pytest.raises(InputFileError, match="not a number"):
        as_qrels(pd.DataFrame({"query": ["1"], "doc": ["a"], "grade": ["x"]}))


def test_trec_order_ties_by_docid_descending_in_byte_order():
    # trec_eval 9.x (README of shared/data/trec_eval): score descending, then docid descending
    # by strcmp. "B" < "a" in byte order, and "é" (UTF-8 0xC3 0xA9) sorts after "z".
    run = pd.DataFrame({"query": ["2", "1", "1", "1", "1", "1"],
                        "doc": ["x", "a", "B", "z", "é", "top"],
                        "score": [1.0, 0.5, 0.5, 0.5, 0.5, 9.0]})
    assert run.iloc[trec_order(run)]["doc"].tolist() == ["top", "é", "z", "a", "B", "x"]


# file_format: what a file holds, by its first non-blank line (issue 19: FLAGR detection in io)
@pytest.mark.parametrize("content, expected", [
    (b"\n\n1,V1,Q1-E36,0.9,fuse\n", "flagr_lists"),           # FLAGR's 5-column lists CSV
    (b"1,V1,Q1-E36,0.9,fuse,2\n", "flagr_lists"),             # ... with a weight column
    (b" 1 , 0 , Q1-E36 , 1 \n", "flagr_qrels"),               # blanks around fields are stripped
    (b"301 0 doc,with,commas 1\n", "trec"),                   # a TREC id may hold commas
    (b"1,V 1,Q1-E36,0.9,fuse\n", "trec"),                     # white space inside a field: not FLAGR's
    (b"1,2,3\n", "trec"),
    (b"\n  \n", "unknown"),                                   # no line at all
    (b"\x1f\x8b\x08\x00garbage", "unknown"),                  # a corrupt gzip: the reader says why
])
def test_file_format(tmp_path, content, expected):
    from rankbook.io.convert import file_format

    (tmp_path / "file").write_bytes(content)
    assert file_format(tmp_path / "file") == expected


def test_file_format_of_what_cannot_be_read_twice(tmp_path):
    import os

    from rankbook.io.convert import file_format

    os.mkfifo(tmp_path / "pipe")
    assert file_format(tmp_path / "pipe") == "unknown"  # not opened: a pipe is read once
    assert file_format(tmp_path / "missing") == "unknown"


@pytest.mark.parametrize("grades", [["1.5", "0"], [b"1", b"0"], [1, "0"]])
def test_a_frame_of_text_grades_is_refused_as_a_dict_of_them_is(grades):
    # '1.5' in a dict is refused ("a grade must be a number"); the DataFrame form parsed it as
    # 1.5 where trec_eval reads the same text from a file as 1 (atol): refused there too.
    frame = pd.DataFrame({"query": ["q1", "q1"], "doc": ["a", "b"], "grade": grades})
    with pytest.raises(InputFileError, match=r"holds text .*pandas\.to_numeric"):
        as_qrels(frame)
    with pytest.raises(InvalidTypeError, match="must be a number"):
        as_qrels({"q1": dict(zip(["a", "b"], grades))})
    converted = frame.assign(grade=pd.to_numeric(frame["grade"].map(
        lambda g: g.decode() if isinstance(g, bytes) else g)))
    assert as_qrels(converted)["grade"].tolist() == [float(g) for g in converted["grade"]]


def test_a_dataframe_run_evaluated_whole_refuses_a_document_twice_naming_its_rows():
    # as_ranking reads a DataFrame without as_run's table (issue 32's speed): the batch
    # evaluator's join finds the document twice and says so as as_run does, rows from 1.
    import rankbook as rb

    run = pd.DataFrame({"query": ["1", "1", "2", "1"], "doc": ["a", "b", "a", "a"],
                        "score": [3.0, 2.0, 1.0, 0.5]})
    with pytest.raises(InputFileError, match="'a' appears 2 times in topic '1'") as caught:
        rb.evaluate({"1": {"a": 1}, "2": {"a": 0}}, run, measures=["P@5"])
    assert caught.value.lines == (1, 4)
    assert "run DataFrame (rows counted from 1)" in str(caught.value)
