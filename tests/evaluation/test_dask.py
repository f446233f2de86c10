"""The Dask engine (issue 21, part 3): many runs, and one run partitioned by topic.

Dask is an optional extra (``pip install rankbook[dask]``): these tests are skipped without
it (the oldest-versions environment), except the one that checks the message given when it
is missing. One local cluster of 2 processes serves the session (conftest.py). The oracle
is the serial path: the same bytes on 20 runs.
"""

from __future__ import annotations

import sys
import warnings

import pytest
from scale_runs import qrels_text, run_text, write

from rankbook import InputFileError, InvalidValueError
from rankbook.evaluation import evaluate, evaluate_many, format_trec
from rankbook.io import by_topic

MEASURES = ["map", "P@10", "ndcg_cut.10", "bpref", "relstring.5", "num_rel_ret"]


@pytest.fixture(scope="module")
def corpus(tmp_path_factory):
    folder = tmp_path_factory.mktemp("dask")
    qrels = write(folder / "qrels.txt", qrels_text(8, topics=25))
    runs = [write(folder / f"run{i:02d}{'.gz' if i % 4 == 0 else ''}",
                  run_text(200 + i, topics=25), gz=i % 4 == 0) for i in range(20)]
    return qrels, runs


def texts(results) -> list[str]:
    return [format_trec(result, header=True) for result in results]


def test_twenty_runs_as_the_serial_path(dask_client, corpus):
    qrels, runs = corpus
    with warnings.catch_warnings(record=True) as serial_notes:
        warnings.simplefilter("always")
        serial = evaluate_many(qrels, runs, MEASURES, engine="serial", complete=True)
    with warnings.catch_warnings(record=True) as dask_notes:
        warnings.simplefilter("always")
        on_dask = evaluate_many(qrels, runs, MEASURES, engine="dask", client=dask_client,
                                complete=True)
    assert texts(on_dask) == texts(serial)
    assert all(a.equals(b) for a, b in zip(on_dask, serial))
    assert [str(w.message) for w in dask_notes] == [str(w.message) for w in serial_notes]


def test_one_run_partitioned_by_topic(dask_client, corpus, monkeypatch):
    qrels, runs = corpus
    monkeypatch.setattr(by_topic, "BLOCK_ROWS", 300)  # about 5 blocks per run
    for options in ({}, {"complete": True, "max_docs": 20}, {"judged_only": True,
                                                              "trec_eval": "10"}):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            expected = evaluate(qrels, runs[1], MEASURES, **options)
            on_dask = evaluate(qrels, runs[1], MEASURES, stream=True, engine="dask",
                               client=dask_client, **options)
        assert format_trec(on_dask, header=True) == format_trec(expected, header=True)
        assert on_dask.equals(expected)


def test_a_failing_run_stops_everything(dask_client, corpus, tmp_path):
    qrels, runs = corpus
    bad = write(tmp_path / "bad.run", "t001 Q0 D0001 1 2.5 s\nt001 Q0 D0002 2\n")
    with pytest.raises(InputFileError) as caught:
        evaluate_many(qrels, [*runs[:6], bad, *runs[6:]], MEASURES, engine="dask",
                      client=dask_client)
    assert str(caught.value).startswith(f"{bad}, line 2: a run line has at least 6 fields")


def test_a_failing_block_stops_the_partitioned_run(dask_client, corpus, tmp_path, monkeypatch):
    qrels, _ = corpus
    monkeypatch.setattr(by_topic, "BLOCK_ROWS", 2)
    bad = write(tmp_path / "dup.run", "t001 Q0 D0001 1 2.5 s\nt001 Q0 D0002 2 1 s\n"
                                      "t002 Q0 D0001 1 2.5 s\nt002 Q0 D0001 2 1 s\n"
                                      "t003 Q0 D0001 1 2.5 s\n")
    with pytest.raises(InputFileError) as caught:
        evaluate(qrels, bad, MEASURES, stream=True, engine="dask", client=dask_client)
    assert str(caught.value).startswith(f"{bad}, lines 3, 4: ")


def test_a_clear_error_without_dask(monkeypatch, corpus):
    qrels, runs = corpus
    monkeypatch.setitem(sys.modules, "distributed", None)  # import distributed -> ImportError
    with pytest.raises(InvalidValueError, match=r"pip install rankbook\[dask\]"):
        evaluate_many(qrels, runs[:2], MEASURES, engine="dask")


def test_the_command_line_says_how_to_install_dask(monkeypatch, corpus, capsys):
    from rankbook.cli import main

    qrels, runs = corpus
    monkeypatch.setitem(sys.modules, "distributed", None)
    assert main(["eval", "--engine", "dask", "-j", "2", qrels, *runs[:2]]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.count("\n") == 1
    assert "pip install rankbook[dask]" in captured.err
