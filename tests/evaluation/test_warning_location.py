"""TopicMismatchWarning (and the repeated-judgment warning) point at the caller's line.

A warning is only useful if it names the line of the user's code that caused it, whichever
public entry point was called and whichever internal path (batch or per-topic, dicts or files)
did the work. Checked with ``warnings.catch_warnings(record=True)``: the recorded filename must
be this file and the line number the line of the call.
"""

from __future__ import annotations

import inspect
import warnings

import pytest

import rankbook as rb
from rankbook.cli import main
from rankbook.evaluation import TopicMismatchWarning, _evaluate_textbook, evaluate, kernels

QRELS = {"q1": {"a": 1}, "q2": {"b": 1}}
RUN = {"q1": {"a": 1.0}, "q9": {"c": 1.0}}


def _here() -> int:
    """The line of the caller (written on the line of the call under test)."""
    return inspect.currentframe().f_back.f_lineno


def _assert_points_here(caught, line, category=TopicMismatchWarning):
    mine = [w for w in caught if issubclass(w.category, category)]
    assert len(mine) == 1, [str(w.message) for w in caught]
    assert mine[0].filename == __file__
    assert mine[0].lineno == line


def test_evaluate_on_dicts_batch_path():
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        evaluate(QRELS, RUN, "map"); line = _here()
    _assert_points_here(caught, line)


def test_evaluate_through_the_lazy_top_level_name():
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        rb.evaluate(QRELS, RUN, "map"); line = _here()
    _assert_points_here(caught, line)


def test_evaluate_on_files(tmp_path):
    (tmp_path / "qrels").write_text("q1 0 a 1\nq2 0 b 1\n")
    (tmp_path / "run").write_text("q1 Q0 a 1 1.0 s\nq9 Q0 c 1 1.0 s\n")
    qrels, run = str(tmp_path / "qrels"), str(tmp_path / "run")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        evaluate(qrels, run, "map"); line = _here()
    _assert_points_here(caught, line)


def test_the_per_topic_path(monkeypatch):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        _evaluate_textbook(QRELS, RUN, "map"); line = _here()
    _assert_points_here(caught, line)
    monkeypatch.setattr(kernels, "KERNELS", {})  # every measure through its adapter
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        evaluate(QRELS, RUN, "map"); line = _here()
    _assert_points_here(caught, line)


def test_the_repeated_judgment_warning(tmp_path):
    (tmp_path / "qrels").write_text("q1 0 a 1\nq1 0 a 1\n")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        rb.io.read_qrels(tmp_path / "qrels"); line = _here()
    _assert_points_here(caught, line, UserWarning)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        evaluate(str(tmp_path / "qrels"), {"q1": {"a": 1.0}}, "map"); line = _here()
    _assert_points_here(caught, line, UserWarning)


def test_the_command_line_prints_the_warning_as_one_note(tmp_path, capsys):
    (tmp_path / "qrels").write_text("q1 0 a 1\nq2 0 b 1\n")
    (tmp_path / "run").write_text("q1 Q0 a 1 1.0 s\nq9 Q0 c 1 1.0 s\n")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        assert main(["eval", "-m", "map", str(tmp_path / "qrels"), str(tmp_path / "run")]) == 0
    # The command line turns the topic warning into a note on stderr. Only that warning is
    # looked for: a worker that ran other tests first may also catch an unrelated
    # ResourceWarning from the garbage collector (CI, 2026-11-27).
    leaked = [w for w in caught if "topic(s)" in str(w.message)]
    assert not leaked, [f"{w.category.__name__}: {w.message}" for w in caught]
    notes = capsys.readouterr().err.splitlines()
    assert len(notes) == 1 and notes[0].startswith("rankbook eval: note: ")
    assert "'q9'" in notes[0] and "'q2'" in notes[0]


@pytest.mark.parametrize("trec_eval", ["9", "10"])
def test_both_versions_warn(trec_eval):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        evaluate(QRELS, RUN, "map", trec_eval=trec_eval); line = _here()
    _assert_points_here(caught, line)
