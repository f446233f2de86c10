"""Issue 8's reproductions: each hostile input ends in a clear error or is read exactly.

Every test below is one bullet of issue 8 ("Readers that never lie"), reproduced as the
issue describes it. The byte rules they check are written down in the docstrings of
``src/rankbook/io/_table.py`` (lines, fields, bytes) and ``src/rankbook/io/_numbers.py``
(numbers), and trec_eval 9.0.8's ``get_trec_results.c`` / ``get_qrels.c`` (fields split
on C's ``isspace``, lines on LF) are the reference they follow.
"""

from __future__ import annotations

import gzip
import math
import os
import threading

import numpy as np
import pandas as pd
import pytest

import rankbook.io._source as source
from rankbook import InputFileError, RankbookError
from rankbook.evaluation import evaluate
from rankbook.io import (
    as_qrels,
    as_run,
    read_flagr_lists,
    read_flagr_qrels,
    read_qrels,
    read_run,
)
from rankbook.io.trec import read_run_arrays


def write(tmp_path, name: str, data: bytes) -> str:
    path = tmp_path / name
    path.write_bytes(data)
    return str(path)


def refused(reader, path, *, lines=None, says=()) -> InputFileError:
    with pytest.raises(InputFileError) as caught:
        reader(path)
    message = str(caught.value)
    assert message.startswith(str(path)[:40]), message
    if lines is not None:
        assert caught.value.lines == tuple(lines), message
    for text in says:
        assert text in message, message
    return caught.value


# --- silent loss ---------------------------------------------------------------------------

def test_cr_only_line_ends_are_refused_not_half_read(tmp_path):
    # issue 8: printf 'q1 Q0 d1 1 2.0 s\rq1 Q0 d2 2 1.0 s\r' was read as one record.
    path = write(tmp_path, "run", b"q1 Q0 d1 1 2.0 s\rq1 Q0 d2 2 1.0 s\r")
    refused(read_run, path, lines=[1], says=["carriage return", "LF"])
    refused(read_qrels, write(tmp_path, "q", b"q1 0 d1 1\rq1 0 d2 0\r"), lines=[1])
    refused(read_flagr_lists, write(tmp_path, "f.csv", b"1,V,a,1.0,L\r1,V,b,0.5,L\r"),
            lines=[1])


def test_crlf_and_trailing_cr_are_line_ends(tmp_path):
    run = read_run(write(tmp_path, "run", b"q1 Q0 d1 1 2.0 s\r\nq1 Q0 d2 2 1.0 s \r \r\n"))
    assert run["doc"].tolist() == ["d1", "d2"]


def test_cr_only_file_through_the_cli_exits_2(tmp_path, capsys):
    from rankbook.cli import main

    qrels = write(tmp_path, "qrels", b"q1 0 d1 1\n")
    run = write(tmp_path, "run", b"q1 Q0 d1 1 2.0 s\rq1 Q0 d2 2 1.0 s\r")
    assert main(["eval", qrels, run]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "carriage return" in err


# --- crashes: paths ----------------------------------------------------------------------------

@pytest.mark.parametrize("kind", ["fake", "truncated", "corrupt"])
def test_bad_gzip_data(tmp_path, kind):
    good = gzip.compress(b"".join(b"q1 Q0 d%d 1 2.0 s\n" % i for i in range(2000)))
    data = {"fake": b"not gzip at all",
            "truncated": good[: len(good) // 2],
            "corrupt": good[:30] + bytes(b ^ 0xFF for b in good[30:60]) + good[60:]}[kind]
    path = write(tmp_path, "run.gz", data)
    refused(read_run, path, says=["gzip"])
    refused(read_qrels, path, says=["gzip"])
    refused(read_flagr_qrels, path, says=["gzip"])


def test_gzip_is_recognised_by_its_bytes_not_its_name(tmp_path):
    path = write(tmp_path, "run.txt", gzip.compress(b"q1 Q0 d1 1 2.0 s\n"))
    assert read_run(path)["doc"].tolist() == ["d1"]


def test_unreadable_folder(tmp_path, monkeypatch):
    folder = tmp_path / "locked"
    folder.mkdir()
    (folder / "run").write_bytes(b"q1 Q0 d1 1 2.0 s\n")
    if os.geteuid() == 0:  # root reads everything: raise what open() raises for others
        def denied(name, *args, **kwargs):
            raise PermissionError(13, "Permission denied", name)
        monkeypatch.setattr(source, "open", denied, raising=False)
    else:
        folder.chmod(0)
    try:
        refused(read_run, str(folder / "run"), says=["permission denied"])
    finally:
        folder.chmod(0o755)


def test_over_long_name_and_bytes_path(tmp_path):
    refused(read_run, "x" * 5000, says=["too long"])
    path = write(tmp_path, "run", b"q1 Q0 d1 1 2.0 s\n")
    assert read_run(os.fsencode(path))["doc"].tolist() == ["d1"]
    with pytest.raises(RankbookError, match="path"):
        read_run(12)
    with pytest.raises(InputFileError, match="NUL character"):  # open() raises ValueError
        read_run("run\0.txt")


def test_folder_instead_of_file(tmp_path):
    refused(read_run, str(tmp_path), says=["folder"])


def test_fifo_is_read_once_with_its_run_name(tmp_path):
    fifo = tmp_path / "run.fifo"
    os.mkfifo(fifo)
    writer = threading.Thread(
        target=lambda: fifo.write_bytes(b"q1 Q0 d1 1 2.0 mine\nq1 Q0 d2 2 1.0 mine\n"))
    writer.start()
    try:
        _, doc, _, lines, name = read_run_arrays(fifo)
    finally:
        writer.join(timeout=5)
    assert doc.tolist() == [b"d1", b"d2"] and name == "mine" and lines.tolist() == [1, 2]


def test_cli_reads_a_fifo_once(tmp_path, capsys):
    # `rankbook eval qrels <(cat run)`: the run is read once, its tag is the runid
    from rankbook.cli import main

    qrels = write(tmp_path, "qrels", b"q1 0 d1 1\n")
    fifo = tmp_path / "run.fifo"
    os.mkfifo(fifo)
    writer = threading.Thread(target=lambda: fifo.write_bytes(b"q1 Q0 d1 1 2.0 mine\n"))
    writer.start()
    try:
        assert main(["eval", qrels, str(fifo)]) == 0
    finally:
        writer.join(timeout=5)
    out = capsys.readouterr().out
    assert "runid                 \tall\tmine\n" in out and "num_ret               \tall\t1\n" in out


def test_gzip_from_a_pipe_that_delivers_one_byte_first(tmp_path):
    import time

    fifo = tmp_path / "run.fifo"
    os.mkfifo(fifo)
    data = gzip.compress(b"q1 Q0 d1 1 2.0 mine\n")

    def trickle():
        with open(fifo, "wb", buffering=0) as handle:
            handle.write(data[:1])
            time.sleep(0.2)
            handle.write(data[1:])
    writer = threading.Thread(target=trickle)
    writer.start()
    try:
        _, doc, _, _, name = read_run_arrays(fifo)
    finally:
        writer.join(timeout=5)
    assert doc.tolist() == [b"d1"] and name == "mine"


# --- crashes: in memory ------------------------------------------------------------------------

def test_grade_of_10_to_the_400():
    with pytest.raises(RankbookError, match=r"qrels\['q1'\]\['d1'\].*too large"):
        as_qrels({"q1": {"d1": 10**400}})
    with pytest.raises(RankbookError, match="not a number"):
        # an object column, as pandas 3 infers it (pandas 2.2 refuses to infer one: OverflowError)
        grade = pd.Series([10**400], dtype=object)
        as_qrels(pd.DataFrame({"query": ["q1"], "doc": ["d1"], "grade": grade}))


@pytest.mark.parametrize("missing", [None, math.nan])
def test_missing_id_in_a_dataframe(missing):
    frame = pd.DataFrame({"query": ["1", missing], "doc": ["a", "b"], "score": [1.0, 2.0]})
    with pytest.raises(InputFileError, match="missing") as caught:
        as_run(frame)
    assert caught.value.lines == (2,)


def test_float_ids_and_nul_ids_refused():
    with pytest.raises(RankbookError, match="float"):
        as_run(pd.DataFrame({"query": [301.0], "doc": ["a"], "score": [1.0]}))
    with pytest.raises(RankbookError, match="NUL"):
        as_run({"q": {"d1\0": 1.0}})
    with pytest.raises(RankbookError, match="missing"):
        as_qrels({None: {"d": 1}})


def test_duplicate_column_names():
    frame = pd.DataFrame([["1", "a", 1.0, 2.0]], columns=["query", "doc", "score", "score"])
    with pytest.raises(InputFileError, match="several columns named 'score'"):
        as_run(frame)


# --- ids changed -------------------------------------------------------------------------------

def test_nul_at_the_end_of_a_field_is_refused_not_dropped(tmp_path):
    # numpy's S arrays drop trailing NULs, so 'd1\0' and 'd1' would merge.
    path = write(tmp_path, "run", b"q1 Q0 d1\0 1 2.0 s\nq1 Q0 d1 2 1.0 s\n")
    refused(read_run, path, lines=[1], says=["NUL"])
    refused(read_flagr_qrels, write(tmp_path, "q.csv", b"1,0,a\0,1\n"), lines=[1])


def test_utf16_file_gets_the_nul_message(tmp_path):
    path = write(tmp_path, "run", "q1 Q0 d1 1 2.0 s\n".encode("utf-16-le"))
    refused(read_run, path, says=["UTF-16"])


@pytest.mark.parametrize("space", ["\u00a0", "\u3000", "\x1c", "\x1f", "\u2028"])
def test_flagr_keeps_non_ascii_white_space(tmp_path, space):
    text = f"1,V-0,a,1.0,L\n1,V-0{space},b,0.5,L\n"
    runs = read_flagr_lists(write(tmp_path, "f.csv", text.encode()))
    assert list(runs) == ["V-0", f"V-0{space}"]


def test_trec_keeps_non_ascii_white_space_and_splits_on_ascii(tmp_path):
    text = "q1\x0bQ0\x0cd\u00a01\t1 2.0 s\nq1 Q0 d\x1c2 2 1.0 s\n"
    assert read_run(write(tmp_path, "run", text.encode()))["doc"].tolist() == ["d\u00a01", "d\x1c2"]


# --- lenient numbers ---------------------------------------------------------------------------

@pytest.mark.parametrize("number", ["1_0", "\u0661\u0660", "\uff11\uff10", "1e", "--1", ".", "0x",
                                    "1.5abc", "infx"])
def test_numbers_that_strtod_would_not_read_whole(tmp_path, number):
    path = write(tmp_path, "run", f"q1 Q0 d1 1 {number} s\n".encode())
    error = refused(read_run, path, lines=[1], says=["not a number"])
    # the rule is spelled out when the text looks like a number ("1_0", Arabic-Indic digits)
    assert ("strtod" in error.reason) == any(c.isdigit() for c in number)
    refused(read_flagr_qrels, write(tmp_path, "q.csv", f"1,0,a,{number}\n".encode()), lines=[1])


@pytest.mark.parametrize("number, value", [("2", 2.0), ("-0.5", -0.5), (".5", 0.5), ("5.", 5.0),
                                           ("+1E+2", 100.0), ("0x1.8p1", 3.0), ("0X10", 16.0),
                                           ("1e-320", 1e-320)])
def test_numbers_strtod_reads(tmp_path, number, value):
    # C99 7.20.1.3 (strtod): decimal and hexadecimal forms.
    assert read_run(write(tmp_path, "run", f"q1 Q0 d1 1 {number} s\n".encode()))["score"][0] == value


@pytest.mark.parametrize("number", ["nan", "-inf", "Infinity", "nan(0x1)"])
def test_non_finite_refused(tmp_path, number):
    refused(read_run, write(tmp_path, "run", f"q1 Q0 d1 1 {number} s\n".encode()),
            lines=[1], says=["finite"])


# --- FLAGR -------------------------------------------------------------------------------------

@pytest.mark.parametrize("rank", ["1.5", "1e300", "-1", "2147483648", "1e3", "x"])
def test_flagr_rank_must_be_a_whole_number(tmp_path, rank):
    path = write(tmp_path, "f.csv", f"1,V-0,a,{rank},0.5,L\n".encode())
    refused(read_flagr_lists, path, lines=[1], says=["whole number"])


def test_flagr_whole_ranks_kept(tmp_path):
    path = write(tmp_path, "f.csv", b"1,V-0,a,7,0.5,L\n1,V-0,b,8.0,0.4,L\n1,V-0,c,0,0.3,L\n")
    assert read_flagr_lists(path)["V-0"]["rank"].tolist() == [7, 8, 0]


def test_flagr_five_columns_interleaved_lists(tmp_path):
    # rank = position within the (query, voter) list, wherever its lines are
    text = b"1,V-0,a,1.0,L\n1,V-1,a,1.0,L\n1,V-0,b,0.5,L\n2,V-0,x,1,L\n1,V-1,b,0.5,L\n1,V-0,c,0.2,L\n"
    runs = read_flagr_lists(write(tmp_path, "f.csv", text))
    assert runs["V-0"]["rank"].tolist() == [1, 2, 1, 3]
    assert runs["V-1"]["rank"].tolist() == [1, 2]


def test_flagr_first_line_only_a_bom(tmp_path):
    path = write(tmp_path, "f.csv", b"\xef\xbb\xbf\n1,V-0,a,4,0.5,L\n")
    run = read_flagr_lists(path)["V-0"]
    assert run["rank"].tolist() == [4] and run["score"].tolist() == [0.5]


def test_flagr_empty_field_refused(tmp_path):
    refused(read_flagr_lists, write(tmp_path, "f.csv", b"1,,a,1.0,L\n"), lines=[1],
            says=["field 2", "empty"])


# --- memory --------------------------------------------------------------------------------------

def test_one_huge_id_is_read_byte_for_byte(tmp_path):
    # issue 8: one 1 MB id in a 1.6 MB run asked for 18.6 GiB; now read as it is written
    # (memory and evaluation: tests/evaluation/test_batch_tokens.py).
    lines = [b"q1 Q0 d%d 1 1.0 s\n" % i for i in range(30_000)]
    huge = b"x" * 2**20
    lines[500] = b"q1 Q0 " + huge + b" 1 1.0 s\n"
    path = write(tmp_path, "run", b"".join(lines))
    assert 1.5e6 < os.path.getsize(path) < 1.7e6
    _, doc, *_ = read_run_arrays(path)
    ids = doc.tolist()
    assert ids[500] == huge and ids[:3] == [b"d0", b"d1", b"d2"] and len(ids) == 30_000
    assert read_run(path).doc.tolist() == [line.split()[2].decode() for line in lines]


# --- batch and textbook paths agree on in-memory ids ----------------------------------------------

def test_batch_and_textbook_agree_on_dict_ids():
    qrels = {"q": {"d": 1, "d\u00a0": 0, "D": 1}}
    run = {"q": {"d": 0.5, "d\u00a0": 0.9, "D": 0.1}}
    from rankbook.evaluation import _evaluate_textbook

    fast = evaluate(qrels, run, ["AP", "P@2"])
    slow = _evaluate_textbook(qrels, run, ["AP", "P@2"])
    assert np.allclose(fast.to_numpy(dtype=float), slow.to_numpy(dtype=float))
