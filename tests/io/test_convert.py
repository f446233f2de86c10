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
