"""Streaming by topic (issue 21, part 1): ``rb.evaluate(..., stream=True)`` and ``eval --stream``.

The output must be byte for byte the in-memory path's, which is itself held to
trec_eval's published outputs (test_conformance_trec_eval.py). Here:

- ``--stream`` against trec_eval 9.0.8's and 10.0's own regression outputs
  (tests/data/trec_eval*, copied from usnistgov/trec_eval's test folder), byte for byte;
- generated runs (scale_runs.py), streamed in small blocks read in small chunks, against
  the in-memory path, for -q, -c, -M, -J, -l, both trec_eval versions and gzip input;
- a run whose topics are not together: one line naming the file, the line where the
  topic came back, the topic and the sort command; once sorted by that command (done
  here in Python, stably on the first field), the stream gives the in-memory output of the
  unsorted run;
- the memory bound: the blocks handed out stay near the block size.
"""

from __future__ import annotations

import subprocess
import sys
import warnings

import pytest
from scale_runs import qrels_text, run_text, shuffled_lines, write
# trec_eval's published outputs and the options that made them (the conformance test's table)
from test_conformance_trec_eval import ALL_TREC as PUBLISHED, INPUTS, VERSIONS

from rankbook import InputFileError, InvalidValueError
from rankbook.cli import main
from rankbook.evaluation import evaluate, format_trec
from rankbook.io import by_topic
from rankbook.io.fast import _table


def cli(capsys, *args) -> str:
    assert main(["eval", *args]) == 0
    return capsys.readouterr().out


@pytest.mark.parametrize("version", VERSIONS)
@pytest.mark.parametrize("output, flags, qrels, run", PUBLISHED, ids=[p[0] for p in PUBLISHED])
def test_stream_prints_trec_eval_s_published_output(capsys, monkeypatch, tmp_path, version,
                                                    output, flags, qrels, run):
    monkeypatch.setattr(by_topic, "BLOCK_ROWS", 200)  # several blocks per file
    monkeypatch.setattr(_table, "TREC_CHUNK_BYTES", 4096)
    path = INPUTS / run
    if run == "results.trunc":  # trec_eval's truncated run interleaves its topics: sort it
        assert main(["eval", "--stream", str(INPUTS / qrels), str(path)]) == 2
        assert "topic '301' comes back here" in capsys.readouterr().err
        path = tmp_path / run
        path.write_bytes(sort_by_first_field((INPUTS / run).read_bytes()))
    out = cli(capsys, "--stream", "--trec-eval", version, "-m", "all_trec", *flags,
              str(INPUTS / qrels), str(path))
    assert out.encode() == (VERSIONS[version] / output).read_bytes()


def sort_by_first_field(data: bytes) -> bytes:
    """What ``LC_ALL=C sort -s -k1,1`` does: a stable sort on the first field's bytes."""
    lines = data.splitlines(keepends=True)
    return b"".join(sorted(lines, key=lambda line: line.split()[0] if line.split() else b""))


OPTIONS = [
    {},
    {"complete": True},
    {"complete": True, "max_docs": 7},
    {"judged_only": True},
    {"relevance_level": 2},
    {"judged_only": True, "max_docs": 20, "complete": True},
    {"trec_eval": "10", "complete": True},
    {"trec_eval": "10", "relevance_level": 3, "max_docs": 50},
]


@pytest.mark.parametrize("options", OPTIONS, ids=str)
@pytest.mark.parametrize("seed", [1, 2])
def test_stream_equals_memory_on_generated_runs(tmp_path, monkeypatch, seed, options):
    qrels = write(tmp_path / "qrels", qrels_text(seed, topics=25))
    run = write(tmp_path / ("run.gz" if seed == 2 else "run"), run_text(seed, topics=25),
                gz=seed == 2)
    monkeypatch.setattr(by_topic, "BLOCK_ROWS", [1, 150][seed - 1])  # 1: a block per topic
    monkeypatch.setattr(_table, "TREC_CHUNK_BYTES", [997, 2000][seed - 1])
    with warnings.catch_warnings(record=True) as in_memory_notes:
        warnings.simplefilter("always")
        expected = evaluate(qrels, run, "all_trec", **options)
    with warnings.catch_warnings(record=True) as stream_notes:
        warnings.simplefilter("always")
        streamed = evaluate(qrels, run, "all_trec", stream=True, **options)
    assert format_trec(streamed, header=True) == format_trec(expected, header=True)
    assert streamed.equals(expected)  # every value, not only its 4 decimals
    assert streamed.attrs["only_in_run"] == ["u01", "u02"] == expected.attrs["only_in_run"]
    assert [str(w.message) for w in stream_notes] == [str(w.message) for w in in_memory_notes]


def test_cli_stream_equals_memory_with_per_query_output(tmp_path, capsys, monkeypatch):
    qrels = write(tmp_path / "qrels", qrels_text(3))
    run = write(tmp_path / "run", run_text(3))
    monkeypatch.setattr(by_topic, "BLOCK_ROWS", 300)
    for flags in (["-q"], ["-q", "-c", "-J"], ["-q", "-M", "5", "-l", "2", "--trec-eval", "10"]):
        assert cli(capsys, "--stream", *flags, qrels, run) == cli(capsys, *flags, qrels, run)


def test_a_topic_that_comes_back_is_refused_in_one_line(tmp_path, capsys):
    run = write(tmp_path / "run.txt", "a Q0 d1 1 2.0 s\na Q0 d2 2 1.0 s\n"
                                      "b Q0 d1 1 3.0 s\n\na Q0 d3 3 0.5 s\n")
    qrels = write(tmp_path / "qrels", "a 0 d1 1\nb 0 d1 1\n")
    assert main(["eval", "--stream", qrels, run]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.count("\n") == 1
    # line 5: the blank line 4 counts; the earlier lines of 'a' end at line 2
    assert f"{run}, line 5: topic 'a' comes back here after other topics (its earlier lines " \
           "end at line 2)" in captured.err
    assert f"LC_ALL=C sort -s -k1,1 {run} > sorted.run" in captured.err


def test_the_sort_command_fixes_it(tmp_path):
    text = run_text(4)
    unsorted = write(tmp_path / "unsorted", shuffled_lines(text, 4))
    qrels = write(tmp_path / "qrels", qrels_text(4))
    with pytest.raises(InputFileError, match="comes back here after other topics"):
        evaluate(qrels, unsorted, "all_trec", stream=True)
    fixed = write(tmp_path / "sorted", sort_by_first_field(shuffled_lines(text, 4).encode()).decode())
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        assert format_trec(evaluate(qrels, fixed, "all_trec", stream=True)) == \
            format_trec(evaluate(qrels, unsorted, "all_trec"))


@pytest.mark.skipif(sys.platform == "win32", reason="GNU sort")
def test_the_printed_sort_command_runs(tmp_path):
    unsorted = write(tmp_path / "unsorted", shuffled_lines(run_text(5), 5))
    qrels = write(tmp_path / "qrels", qrels_text(5))
    with pytest.raises(InputFileError) as caught:
        evaluate(qrels, unsorted, "P@10", stream=True)
    command = str(caught.value).split("Sort the run by topic first: ")[1].split(" (zcat")[0]
    subprocess.run(command, shell=True, check=True, cwd=tmp_path)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        assert format_trec(evaluate(qrels, str(tmp_path / "sorted.run"), "P@10", stream=True)) \
            == format_trec(evaluate(qrels, unsorted, "P@10"))


def test_blocks_hold_whole_topics_and_stay_near_the_block_size(tmp_path):
    text = run_text(6)
    run = write(tmp_path / "run", text)
    blocks = list(by_topic.run_by_topic(run, rows=100))
    sizes = {}
    for line in text.splitlines():
        sizes[line.split()[0]] = sizes.get(line.split()[0], 0) + 1
    largest = max(sizes.values())
    seen = []
    for block in blocks:
        topics = [q.decode() for q in block.query.tolist()]
        seen.extend(dict.fromkeys(topics))
        # cut at the first topic boundary after 100 lines (chunks of ~2 MB hold the file)
        assert len(topics) < 100 + largest
    assert len(seen) == len(set(seen)) == len(sizes)  # no topic in two blocks
    assert sum(len(b.lines) for b in blocks) == len(text.splitlines())
    assert [line for b in blocks for line in b.lines.tolist()] == \
        list(range(1, len(text.splitlines()) + 1))


def test_stream_needs_a_file(tmp_path):
    with pytest.raises(InvalidValueError, match="stream=True reads a run file"):
        evaluate({"q": {"a": 1}}, {"q": {"a": 1.0}}, stream=True)


def test_engine_dask_needs_stream():
    with pytest.raises(InvalidValueError, match="with stream=True, 'dask'"):
        evaluate({"q": {"a": 1}}, {"q": {"a": 1.0}}, engine="dask")


def test_nothing_to_evaluate_is_the_same_error(tmp_path):
    qrels = write(tmp_path / "qrels", "x 0 d1 1\n")
    run = write(tmp_path / "run", "a Q0 d1 1 2.0 s\n")
    with pytest.raises(InvalidValueError) as in_memory:
        evaluate(qrels, run)
    with pytest.raises(InvalidValueError) as streamed:
        evaluate(qrels, run, stream=True)
    assert str(streamed.value) == str(in_memory.value)
