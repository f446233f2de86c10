"""Dicts straight to the array form (``as_judgments``, ``as_ranking``) against the DataFrame path.

The DataFrame path (``as_qrels`` / ``as_run``, then ``judgments_from_frame``) is the older,
independent route; both must give the same ids byte for byte, the same values, and the same
errors (a topic given as ``301`` and as ``"301"`` is one topic).
"""

from __future__ import annotations

import numpy as np
import pytest

from rankbook import InputFileError, evaluate
from rankbook.evaluation import _evaluate_textbook
from rankbook.io import arrays
from rankbook.io.convert import as_judgments, as_qrels, as_ranking, as_run

QRELS = {"q1": {"d1": 1, "é": 2, "d\u00a0": 0}, "301": {"x": 1}, "e": {}}
RUN = {"q1": {"d1": 0.5, "é": 0.5, "zz": 1.0}, "301": {"x": 2.0, "y": 1.0}}


def test_same_arrays_as_the_frame_path():
    fast, slow = as_judgments(QRELS), arrays.judgments_from_frame(as_qrels(QRELS))
    assert fast.query.tolist() == slow.query.tolist()
    assert fast.doc.tolist() == slow.doc.tolist()
    assert fast.grade.tolist() == slow.grade.tolist()
    assert fast.source == slow.source
    fast, slow = as_ranking(RUN), arrays.ranking_from_frame(as_run(RUN))
    assert fast.query.tolist() == slow.query.tolist()
    assert fast.doc.tolist() == slow.doc.tolist()
    assert fast.score.tolist() == slow.score.tolist()
    assert fast.lines.tolist() == slow.lines.tolist()
    assert (fast.source, fast.name) == (slow.source, slow.name)


def test_non_ascii_ids_are_their_utf8_bytes():
    assert as_ranking(RUN).doc.tolist() == [b"d1", "é".encode(), b"zz", b"x", b"y"]


def test_int_and_str_topic_is_one_topic():
    run = {301: {"a": 1.0}, "301": {"a": 2.0}}
    with pytest.raises(InputFileError) as error:
        as_ranking(run)
    with pytest.raises(InputFileError) as expected:
        as_run(run)
    assert str(error.value) == str(expected.value)


def test_empty_dict_gives_empty_arrays():
    assert as_ranking({}).doc.size == as_judgments({"q": {}}).doc.size == 0


def test_both_paths_agree_on_dicts():
    batch = evaluate(QRELS, RUN, ["map", "P_5", "ndcg", "num_rel_ret"])
    textbook = _evaluate_textbook(QRELS, RUN, ["map", "P_5", "ndcg", "num_rel_ret"])
    assert batch.index.tolist() == textbook.index.tolist()
    assert np.allclose(batch.to_numpy(dtype=float), textbook.to_numpy(dtype=float), atol=1e-12)
