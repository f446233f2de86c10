"""Subtopic (diversity) qrels, intent probabilities and the subtopic-grade matrix.

Every expected value is read by hand off the fixture's text (tests/data/subtopics/), not
from the code under test: qrels.diversity holds, line by line,
``1 1 d1 1 / 1 2 d1 1 / 1 3 d2 2 / 1 3 d3 0 / (blank) / 2 1 d1 1 / 2 2 d4 -2``.
"""

from __future__ import annotations

import warnings

import numpy as np
import pandas as pd
import pytest

from rankbook import InputFileError, InvalidTypeError
from rankbook.io import (as_subtopic_qrels, read_intent_probabilities, read_qrels,
                         read_subtopic_qrels, subtopic_matrix)

DATA = "tests/data/subtopics/"


def test_every_line_is_a_row_with_its_subtopic():
    qrels = read_subtopic_qrels(DATA + "qrels.diversity")
    assert qrels.to_dict("list") == {
        "query": ["1", "1", "1", "1", "2", "2"],
        "subtopic": ["1", "2", "3", "3", "1", "2"],
        "doc": ["d1", "d1", "d2", "d3", "d1", "d4"],
        "grade": [1.0, 1.0, 2.0, 0.0, 1.0, -2.0],
    }
    assert qrels.attrs["source"] == DATA + "qrels.diversity"


def test_nothing_dropped_row_count_equals_non_blank_lines(tmp_path):
    # can fail: a reader that merged a document's subtopics (as read_qrels must) has fewer rows
    text = "".join(f"{q} {s} d{d} {(q + s + d) % 3}\n" for q in range(3) for s in range(4)
                   for d in range(5))
    path = tmp_path / "qrels"
    path.write_text(text)
    assert len(read_subtopic_qrels(path)) == text.count("\n") == 60


def test_one_document_under_two_subtopics_is_two_rows_where_read_qrels_keeps_one(tmp_path):
    path = tmp_path / "qrels"
    path.write_text("7 a doc 1\n7 b doc 1\n")
    assert read_subtopic_qrels(path)[["subtopic", "doc"]].values.tolist() == [["a", "doc"],
                                                                              ["b", "doc"]]
    with pytest.warns(UserWarning, match="repeat an earlier one"):
        assert len(read_qrels(path)) == 1


def test_same_judgment_twice_with_different_grades_names_both_lines(tmp_path):
    path = tmp_path / "qrels"
    path.write_text("1 1 d1 1\n1 2 d1 0\n1 1 d1 2\n")
    with pytest.raises(InputFileError) as caught:
        read_subtopic_qrels(path)
    message = str(caught.value)
    assert str(path) in message and "lines 1, 3" in message
    assert "subtopic '1'" in message and "different grades (1, 2)" in message


def test_same_judgment_twice_with_the_same_grade_is_kept_once_with_a_warning(tmp_path):
    path = tmp_path / "qrels"
    path.write_text("1 1 d1 1\n1 2 d1 1\n1 1 d1 1\n")
    with pytest.warns(UserWarning, match="line 3"):
        qrels = read_subtopic_qrels(path)
    assert qrels["subtopic"].tolist() == ["1", "2"]


@pytest.mark.parametrize("line, reason", [
    ("1 1 d1\n", "has 4 fields"),
    ("1 1 d1 1 extra\n", "has 4 fields"),
    ("1 1 d1 high\n", "grade"),
])
def test_a_bad_line_names_the_file_and_line(tmp_path, line, reason):
    path = tmp_path / "qrels"
    path.write_text("1 1 d0 1\n\n" + line)
    with pytest.raises(InputFileError, match=reason) as caught:
        read_subtopic_qrels(path)
    assert str(caught.value).startswith(f"{path}, line 3:")


def test_dict_and_frame_give_the_file_rows():
    expected = read_subtopic_qrels(DATA + "qrels.diversity")
    nested = {"1": {"1": {"d1": 1}, "2": {"d1": 1}, "3": {"d2": 2, "d3": 0}},
              2: {1: {"d1": 1}, 2: {"d4": -2}}}
    frame = pd.DataFrame({"topic": [1, 1, 1, 1, 2, 2], "intent": [1, 2, 3, 3, 1, 2],
                          "docno": ["d1", "d1", "d2", "d3", "d1", "d4"],
                          "relevance": [1, 1, 2, 0, 1, -2]})
    for given in (nested, frame, DATA + "qrels.diversity"):
        assert as_subtopic_qrels(given).to_dict("list") == expected.to_dict("list")


def test_dict_and_frame_mistakes_are_named():
    with pytest.raises(InvalidTypeError, match=r"qrels\['q'\] must be a dict"):
        as_subtopic_qrels({"q": {"d1": 1}.items()})
    with pytest.raises(InvalidTypeError, match=r"qrels\['q'\]\['a'\] must be a dict"):
        as_subtopic_qrels({"q": {"a": 1}})
    with pytest.raises(InputFileError, match="no subtopic column"):
        as_subtopic_qrels(pd.DataFrame({"query": ["q"], "doc": ["d"], "grade": [1]}))
    frame = pd.DataFrame({"query": ["q", "q"], "subtopic": ["a", "a"], "doc": ["d", "d"],
                          "grade": [1, 0]})
    with pytest.raises(InputFileError, match="rows 1, 2|lines 1, 2"):
        as_subtopic_qrels(frame)
    with pytest.raises(InvalidTypeError, match="got list"):
        as_subtopic_qrels([("q", "a", "d", 1)])


def test_intent_probabilities_every_line():
    probabilities = read_intent_probabilities(DATA + "test.Iprob")
    assert probabilities.to_dict("list") == {
        "query": ["0001", "0001", "0001", "0002"], "subtopic": ["1", "2", "3", "1"],
        "probability": [0.5, 0.3, 0.2, 1.0]}


@pytest.mark.parametrize("text, reason, lines", [
    ("0001 1 0.5\n0001 2 1.5\n", "not between 0 and 1", "line 2"),
    ("0001 1 0.5\n0001 2 -0.1\n", "not between 0 and 1", "line 2"),
    ("0001 1 0.5\n0001 1 0.5\n", "listed 2 times", "lines 1, 2"),
    ("0001 1 0.5 inf\n", "has 3 fields", "line 1"),
    ("0001 1 half\n", "probability", "line 1"),
])
def test_intent_probability_errors_name_file_and_lines(tmp_path, text, reason, lines):
    path = tmp_path / "test.Iprob"
    path.write_text(text)
    with pytest.raises(InputFileError, match=reason) as caught:
        read_intent_probabilities(path)
    assert str(caught.value).startswith(f"{path}, {lines}:")


def test_subtopic_matrix_by_hand():
    qrels = read_subtopic_qrels(DATA + "qrels.diversity")
    topic = qrels[qrels["query"] == "1"]
    subtopics, matrix = subtopic_matrix(topic, ["d3", "d9", "d1", "d2"])
    assert subtopics == ("1", "2", "3")
    # d3: judged 0 under 3; d9: unjudged; d1: 1 under 1 and 2; d2: 2 under 3
    np.testing.assert_array_equal(matrix, [[0, 0, 0], [0, 0, 0], [1, 1, 0], [0, 0, 2]])
    assert matrix.shape == (4, 3) and matrix.dtype == np.float64


def test_subtopic_matrix_refuses_several_topics():
    qrels = read_subtopic_qrels(DATA + "qrels.diversity")
    with pytest.raises(InputFileError, match="one topic; these hold 2 topics"):
        subtopic_matrix(qrels, ["d1"])
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert subtopic_matrix(qrels[qrels["query"] == "2"], [])[1].shape == (0, 2)
