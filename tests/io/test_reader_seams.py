"""Issue 17, the readers' last defects: each reproduction of the issue, and what it gives now.

1. a corrupt gzip given to ``rankbook eval``: one line, exit 2 (the CLI's own look at
   the files' first lines no longer raises ``zlib.error``);
2. FLAGR lists with one very long id: memory grows with the file's bytes;
3. grades trec_eval reads with ``atol`` (``2.5``, ``1e1``, ``0x10``): read as it reads them,
   with a note naming the first line where that changed a value;
4. ``rankbook fuse ... -o /missing/dir/out.txt``: one line, exit 2;
5. bzip2, xz, zstd, zip and compress files are named as such, with the fix; a quoted
   comma in a FLAGR field is explained (FLAGR's CSV has no quoting);
6. ``rankbook compare`` refuses a run that shares no topic with the qrels, as ``eval`` does;
7. complex and date/time values are refused, and a bool is 1 or 0 in every in-memory form.

Expected numbers come from trec_eval's source (``get_qrels.c`` reads the grade with C's
``atol``: the longest ``[+-]?[0-9]+`` prefix) and from exact arithmetic on tiny examples.
"""

from __future__ import annotations

import bz2
import datetime
import gzip
import lzma
import warnings

import numpy as np
import pandas as pd
import pytest

from rankbook import InputFileError, RankbookError
from rankbook.cli import main
from rankbook.evaluation import evaluate
from rankbook.io import as_qrels, as_run, read_flagr_lists, read_qrels, read_run
from rankbook.io.convert import as_judgments, as_ranking

QRELS = b"301 0 d1 1\n301 0 d2 0\n302 0 d1 1\n"
RUN = b"301 Q0 d1 1 2 s\n301 Q0 d2 2 1 s\n302 Q0 d2 1 2 s\n302 Q0 d1 2 1 s\n"


def write(tmp_path, name: str, data: bytes) -> str:
    path = tmp_path / name
    path.write_bytes(data)
    return str(path)


def one_line_status_2(argv, capsys) -> str:
    assert main(argv) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.count("\n") == 1 and "Traceback" not in captured.err, captured.err
    return captured.err


def corrupt_gzip() -> bytes:
    """A gzip header followed by deflate data with two bytes flipped (not just cut short)."""
    data = bytearray(gzip.compress(RUN * 500))
    data[12] ^= 0xFF
    data[13] ^= 0x55
    return bytes(data)


# --- 1 and 4: corrupt gzip and a missing output folder through the CLI ------------------------

def test_eval_on_a_corrupt_gzip_is_one_line(tmp_path, capsys):
    qrels, run = write(tmp_path, "q.txt", QRELS), write(tmp_path, "bad.gz", corrupt_gzip())
    with pytest.raises(InputFileError, match="gzip data is corrupt"):
        read_run(run)
    err = one_line_status_2(["eval", qrels, run], capsys)
    assert "gzip data is corrupt" in err and "gzip -t" in err
    # the same file as the qrels (the CLI looks at both first lines)
    assert "gzip data is corrupt" in one_line_status_2(["eval", run, qrels], capsys)
    # compare looks at each run's first line for its tag
    good = write(tmp_path, "a.run", RUN)
    assert "gzip data is corrupt" in one_line_status_2(["compare", qrels, good, run], capsys)


def test_fuse_into_a_missing_folder_is_one_line(tmp_path, capsys):
    run, other = write(tmp_path, "a.run", RUN), write(tmp_path, "b.run", RUN)
    target = tmp_path / "missing" / "dir" / "out.txt"
    err = one_line_status_2(["fuse", "rrf", run, other, "-o", str(target)], capsys)
    assert "does not exist" in err and "mkdir -p" in err and str(target.parent) in err


def test_fuse_into_a_folder_is_one_line(tmp_path, capsys):
    run = write(tmp_path, "a.run", RUN)
    err = one_line_status_2(["fuse", "rrf", run, "-o", str(tmp_path)], capsys)
    assert "this is a folder" in err


# --- 5: other compressions, and quotes in FLAGR's CSV -----------------------------------------

COMPRESSED = {
    "bzip2": (bz2.compress, "bunzip2"),
    "xz": (lzma.compress, "unxz"),
    "zstd": (lambda d: b"\x28\xb5\x2f\xfd" + d, "unzstd"),
    "zip": (lambda d: b"PK\x03\x04" + d, "unzip"),
}


@pytest.mark.parametrize("kind", sorted(COMPRESSED))
@pytest.mark.parametrize("reader", [read_run, read_qrels, read_flagr_lists])
def test_other_compressions_are_named(tmp_path, kind, reader):
    compress, tool = COMPRESSED[kind]
    path = write(tmp_path, "file.txt", compress(RUN))
    with pytest.raises(InputFileError) as caught:
        reader(path)
    message = str(caught.value)
    assert message.startswith(path) and f"{kind}-compressed" in message, message
    assert tool in message and "gzip" in message and "UTF-8" not in message


def test_explain_fusion_on_a_binary_profile_is_one_line(tmp_path, capsys):
    path = write(tmp_path, "profile.txt.bz2", bz2.compress(b"a,b,c\nb,c,a\n"))
    err = one_line_status_2(["explain-fusion", "borda", "--file", path], capsys)
    assert "not UTF-8 text" in err and "decompressed" in err


def test_empty_bzip2_file_is_named_too(tmp_path):
    path = write(tmp_path, "run.txt.bz2", bz2.compress(b""))
    with pytest.raises(InputFileError, match="bzip2-compressed"):
        read_run(path)


def test_text_that_starts_like_bzip2_is_text(tmp_path):
    # "BZh" alone is not bzip2's signature (that is BZh, a digit, then 1AY&SY or 0x177245385090)
    path = write(tmp_path, "run.txt", b"BZh9 Q0 d1 1 2 s\n")
    assert read_run(path)["query"].tolist() == ["BZh9"]


@pytest.mark.parametrize("data, says, line", [
    (b'1,V-0,"a,b",1.0,L\n', "the rank 'b\"'", 1),              # the issue's: 6 fields
    (b'1,V-0,"a,b",1,1.0,L\n', "has 7", 1),                      # 7 fields
    (b'1,V-0,a,1.0,L\n1,V-0,"b,c",0.5,L\n', "has 6", 2),         # 5, then 6
    (b'1,V-0,a,1,1.0,L\n1,V-0,"b,c",2,0.5,L\n', "has 7", 2),     # 6, then 7
])
def test_quoted_comma_in_flagr_is_explained(tmp_path, data, says, line):
    path = write(tmp_path, "lists.csv", data)
    with pytest.raises(InputFileError) as caught:
        read_flagr_lists(path)
    message = str(caught.value)
    assert says in message and caught.value.lines == (line,), message
    assert "FLAGR's CSV has no quoting" in message, message


def test_no_quote_no_quoting_note(tmp_path):
    path = write(tmp_path, "lists.csv", b"1,V-0,a,b,1.0,L\n")
    with pytest.raises(InputFileError) as caught:
        read_flagr_lists(path)
    assert "quoting" not in caught.value.reason


def test_quotes_without_a_comma_are_part_of_the_id(tmp_path):
    # FLAGR keeps the quotes (it splits on commas and nothing else); so does rankbook
    path = write(tmp_path, "lists.csv", b'1,V-0,"a",1.0,L\n1,V-0,b,0.5,L\n')
    assert read_flagr_lists(path)["V-0"]["doc"].tolist() == ['"a"', "b"]


# --- 6: compare refuses what eval refuses -----------------------------------------------------

def test_compare_refuses_a_run_of_other_topics(tmp_path, capsys):
    qrels, good = write(tmp_path, "q.txt", QRELS), write(tmp_path, "a.run", RUN)
    other = write(tmp_path, "other.run", b"999 Q0 d1 1 2 t\n998 Q0 d2 1 1 t\n")
    eval_error = one_line_status_2(["eval", qrels, other], capsys)
    compare_error = one_line_status_2(["compare", qrels, good, other], capsys)
    core = "no topic is both in the run and in the qrels, so there is nothing to evaluate. " \
           "Run topics: '998', '999'; qrels topics: '301', '302'. Check that the files " \
           "belong together"
    assert core in eval_error and core in compare_error
    assert "'t'" in compare_error  # names the run (by its tag)
    assert "complete=True" not in compare_error  # compare already scores every topic


def test_compare_still_scores_a_run_missing_some_topics(tmp_path, capsys):
    qrels, good = write(tmp_path, "q.txt", QRELS), write(tmp_path, "a.run", RUN)
    half = write(tmp_path, "half.run", b"301 Q0 d1 1 2 h\n")
    assert main(["compare", qrels, good, half, "-m", "AP"]) == 0
    assert "have no results in the run" in capsys.readouterr().err


# --- 7: complex, date/time and bool values ----------------------------------------------------

REFUSED = {
    "complex": (1 + 2j, "imaginary part"),
    "numpy complex": (np.complex128(1 + 2j), "imaginary part"),
    "datetime": (datetime.datetime(2020, 1, 1), "date, time or duration"),
    "numpy datetime": (np.datetime64("2020-01-01"), "date, time or duration"),
    "timedelta": (datetime.timedelta(seconds=3), "date, time or duration"),
    "pandas Timestamp": (pd.Timestamp("2020-01-01", tz="UTC"), "date, time or duration"),
}


def _all_forms(value, column: str):
    """The same one-judgment (or one-score) input as a dict, a typed and an object DataFrame."""
    frame = pd.DataFrame({"query": ["301"], "doc": ["d1"], column: [value]})
    as_object = frame.astype({column: object})
    return {"dict": {"301": {"d1": value}}, "frame": frame, "object frame": as_object}


@pytest.mark.parametrize("case", sorted(REFUSED))
@pytest.mark.parametrize("kind", ["qrels", "run"])
def test_complex_and_times_are_refused_in_every_form(case, kind):
    value, says = REFUSED[case]
    column, readers = ("grade", (as_qrels, as_judgments)) if kind == "qrels" else \
        ("score", (as_run, as_ranking))
    for form, data in _all_forms(value, column).items():
        for reader in readers:
            with pytest.raises(RankbookError, match=says):
                reader(data)
        assert form  # (every form was tried)


@pytest.mark.parametrize("true, false", [(True, False), (np.True_, np.False_)])
def test_a_bool_is_one_or_zero_in_every_form(true, false):
    # qrels: d1 relevant (True), d2 not (False); the run ranks d2 first: AP = 1/2 (exact)
    for qrels in [{"301": {"d1": true, "d2": false}},
                  pd.DataFrame({"query": ["301", "301"], "doc": ["d1", "d2"],
                                "grade": [true, false]}),
                  pd.DataFrame({"query": ["301", "301"], "doc": ["d1", "d2"],
                                "grade": np.array([true, false], dtype=object)})]:
        assert as_qrels(qrels)["grade"].tolist() == [1.0, 0.0]
        assert as_judgments(qrels).grade.tolist() == [1.0, 0.0]
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            table = evaluate(qrels, {"301": {"d2": 2.0, "d1": 1.0}}, ["AP"])
        assert table.loc["301", "AP"] == 0.5
    for run in [{"301": {"d1": true, "d2": false}},
                pd.DataFrame({"query": ["301", "301"], "doc": ["d1", "d2"],
                              "score": [true, false]})]:
        assert as_run(run)["score"].tolist() == [1.0, 0.0]
        assert as_ranking(run).score.tolist() == [1.0, 0.0]


# --- 2: a long id in a FLAGR list costs its bytes ---------------------------------------------

@pytest.mark.parametrize("column", ["item", "query"])
@pytest.mark.parametrize("path_taken", ["numpy", "line by line"])
def test_a_long_flagr_id_costs_its_bytes(tmp_path, column, path_taken):
    # the case, 4x longer: 2,000 rows and one 4 MB id (rows x longest would be 8 GB)
    import tracemalloc

    long = "x" * 2**22
    lines = []
    for i in range(2000):
        query, item = "1", f"E{i}"
        if i == 1000:
            query, item = (query, long) if column == "item" else (long, item)
        lead = " " if path_taken == "line by line" and i == 0 else ""  # white space: line reader
        lines.append(f"{lead}{query},V-{i % 3},{item},{1 - i / 2000:.5f},L\n")
    data = "".join(lines).encode()
    path = write(tmp_path, "lists.csv", data)
    tracemalloc.start()
    try:
        runs = read_flagr_lists(path)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    # the reader's 16 MiB read block plus a few copies of the file, as the TREC reader
    assert peak < 16 * 2**20 + 4 * len(data), f"peak {peak / 2**20:.1f} MiB"
    run = runs["V-1"]  # row 1000 is voter 1000 % 3 = 1's 334th line (rows 1, 4, ..., 1000)
    assert len(run) == 667
    row = run.iloc[333]
    assert (row["query"], row["doc"]) == (("1", long) if column == "item" else (long, "E1000"))
    assert row["score"] == 1 - 1000 / 2000
    # 5 columns: the rank is the position in the (query, voter) list
    assert row["rank"] == (334 if column == "item" else 1)
    assert run["rank"].max() == (667 if column == "item" else 666)


# --- 3: grades as trec_eval reads them (atol) -------------------------------------------------

# trec_eval 9.0.8 get_qrels.c:175 and 10.0 get_qrels.c:192: rel = atol(grade). atol keeps the
# longest [+-]?[0-9]+ prefix: '2.5' -> 2, '1e1' -> 1, '0x10' -> 0, '10e-1' -> 10, '-0.5' -> 0.
ATOL_QRELS = b"301 0 d1 1\n301 0 d2 2.5\n301 0 d3 1e1\n301 0 d4 0x10\n302 0 d1 10e-1\n" \
             b"302 0 d2 -0.5\n"
ATOL_RUN = b"301 Q0 d4 1 4 s\n301 Q0 d3 2 3 s\n301 Q0 d2 3 2 s\n301 Q0 d1 4 1 s\n" \
           b"302 Q0 d2 1 2 s\n302 Q0 d1 2 1 s\n"


def test_grades_are_read_as_atol_reads_them(tmp_path):
    path = write(tmp_path, "qrels.txt", ATOL_QRELS)
    with pytest.warns(UserWarning) as caught:
        frame = read_qrels(path)
    assert frame["grade"].tolist() == [1, 2, 1, 0, 10, 0]
    [note] = [str(w.message) for w in caught]
    assert note.startswith(f"{path}: 5 grade(s) are read as trec_eval reads them")
    assert "first at line 2: '2.5' read as 2." in note


def test_atol_grades_give_trec_eval_numbers(tmp_path, capsys):
    # relevant (atol >= 1): 301: d1, d2 (2), d3 (1); d4 (0x10 -> 0) is not. Ranked d4 d3 d2 d1:
    # AP = (1/2 + 2/3 + 3/4) / 3 = 23/36; 302: d1 (10) at rank 2: AP 1/2; MAP = 41/72.
    # trec_eval 9.0.8 and 10.0 print num_rel 3 and 1, map 0.6389 and 0.5000, all 0.5694.
    qrels, run = write(tmp_path, "q.txt", ATOL_QRELS), write(tmp_path, "r.run", ATOL_RUN)
    with pytest.warns(UserWarning, match="atol"):
        table = evaluate(qrels, run, ["num_rel", "AP"])
    assert table["num_rel"].tolist() == [3, 1, 4]
    assert table["AP"].tolist() == pytest.approx([23 / 36, 1 / 2, 41 / 72], abs=1e-15)
    assert main(["eval", "-m", "num_rel", "-m", "map", qrels, run]) == 0
    captured = capsys.readouterr()
    assert captured.out.split() == ["num_rel", "all", "4", "map", "all", "0.5694"]
    assert captured.err.startswith("rankbook eval: note: ") and "line 2" in captured.err


@pytest.mark.parametrize("grade, value", [("0", 0), ("2", 2), ("+3", 3), ("-1", -1), ("007", 7),
                                          ("99999999999999999999", 2**63 - 1),
                                          ("1.0", 1), ("2.", 2)])
def test_whole_grades_keep_their_value_without_a_note(tmp_path, grade, value):
    path = write(tmp_path, "qrels.txt", f"301 0 d1 {grade}\n".encode())
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        frame = read_qrels(path)
    assert frame["grade"].tolist() == [float(value)]
    # a note only when atol's value is not strtod's (20 digits: atol saturates at LONG_MAX)
    # (the garbage collector may add an unrelated ResourceWarning from an earlier test)
    notes = [w for w in caught if not issubclass(w.category, ResourceWarning)]
    assert len(notes) == (1 if len(grade) == 20 else 0), [str(w.message) for w in caught]


def test_grades_that_are_not_numbers_are_still_refused(tmp_path):
    # atol would read 'abc' as 0 and '2.5abc' as 2; rankbook refuses text that strtod
    # does not read whole (docs/guide/bad_input.md), and a grade must be finite
    for grade in ["abc", "2.5abc", "nan", "1e400"]:
        path = write(tmp_path, "qrels.txt", f"301 0 d1 {grade}\n".encode())
        with pytest.raises(InputFileError, match="line 1"):
            read_qrels(path)


def test_run_scores_keep_strtod(tmp_path):
    # scores are read with atof (get_trec_results.c): 2.5 stays 2.5, 1e1 is 10
    path = write(tmp_path, "r.run", b"301 Q0 d1 1 2.5 s\n301 Q0 d2 2 1e1 s\n301 Q0 d3 3 0x10 s\n")
    assert read_run(path)["score"].tolist() == [2.5, 10.0, 16.0]
