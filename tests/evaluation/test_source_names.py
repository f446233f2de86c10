"""The topic-mismatch note names the files a DataFrame was read from (issue 36, item 6).

``rankbook reproduce`` reads each run once (`rankbook.io.read_run`) and evaluates the
DataFrame; the note about one-sided topics must still name the run file, as it does when
`rankbook.evaluate` is given the path. A DataFrame built by hand is still named as one.
"""

from __future__ import annotations

import warnings

import pandas as pd
import pytest

import rankbook as rb
from rankbook.evaluation import TopicMismatchWarning


@pytest.fixture
def files(tmp_path):
    qrels = tmp_path / "judged.qrels"
    qrels.write_text("q1 0 a 1\nq1 0 b 0\nq3 0 k 1\n")
    run = tmp_path / "system.run"
    run.write_text("q1 Q0 a 1 0.9 sys\nq1 Q0 b 2 0.8 sys\nq9 Q0 a 1 1.0 sys\n")
    return str(qrels), str(run)


def _note(evaluate, qrels, run) -> str:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        evaluate(qrels, run, ["P@2"], complete=True)
    notes = [str(w.message) for w in caught if issubclass(w.category, TopicMismatchWarning)]
    assert len(notes) == 1, notes
    return notes[0]


@pytest.mark.parametrize("path", ["batch", "textbook"])
def test_a_run_read_from_a_file_is_named_by_the_file(files, path):
    from rankbook.evaluation import _evaluate_textbook

    evaluate = rb.evaluate if path == "batch" else _evaluate_textbook
    qrels, run = files
    by_path = _note(evaluate, qrels, run)
    assert by_path.startswith(f"{run} vs {qrels}: ")  # the file's name, as written
    assert _note(evaluate, rb.io.read_qrels(qrels), rb.io.read_run(run)) == by_path


def test_a_dataframe_built_by_hand_is_named_as_one(files):
    qrels, _ = files
    run = pd.DataFrame({"query": ["q1", "q9"], "doc": ["a", "a"], "score": [1.0, 0.5]})
    assert _note(rb.evaluate, qrels, run).startswith(
        f"run DataFrame (rows counted from 1) vs {qrels}: ")
