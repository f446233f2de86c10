"""A seeded, bounded property test of every file reader against a small reference parser.

Random TREC qrels and runs and FLAGR lists and qrels are rendered with the quirks real
files have (byte-order marks, CRLF, lone CRs, tabs, vertical tabs, trailing fields,
gzip, long ids, NULs, non-ASCII white space, odd numbers, blank lines, duplicates),
valid ones and malformed ones of many kinds, and each is read twice: by rankbook's
reader and by ``reference`` below, an independent line-by-line parser that implements
the written rules (``src/rankbook/io/_table.py`` and ``_numbers.py`` docstrings; for
TREC, trec_eval 9.0.8's ``get_trec_results.c`` and ``get_qrels.c``: fields split on C's
``isspace``, lines on LF, the grade read with C's ``atol``; for numbers, C99's
``strtod`` in ASCII, whole field).

Issue 17's classes are among the files: gzip that is cut short or corrupt (and the
CLI's ``eval`` given such a file answers in one line, status 2), FLAGR lists with a long
id on many rows written without white space (the numpy reader's path), grades that
``atol`` reads differently from ``strtod`` (``2.5``, ``1e1``, ``0x10``: the note must name
the first such line), bzip2 and xz files (refused as such), and FLAGR fields in double
quotes around a comma (FLAGR's CSV has no quoting: an error on such a line says so).

Every reader is checked: ``read_qrels``, ``read_run``, ``read_flagr_lists``,
``read_flagr_qrels``, ``read_subtopic_qrels`` (a TREC Web-track diversity qrels file: the
second field is the subtopic, kept, where trec_eval's qrels have an ignored iteration; a
judgment is a (topic, subtopic, document)), and the array readers the batch evaluator uses
(``read_qrels_arrays``, ``read_run_arrays``: the same records, repeats not yet checked).

- accepted by the reference: the reader returns every record, ids and numbers exactly;
- rejected: the reader raises a RankbookError whose message starts with the file and
  whose lines are among the reference's bad lines (or, for the few errors that concern
  no line, an empty file, broken gzip, several FLAGR labels, the same kind of error).

The reader's chunk size is drawn small at random too, so records cross chunk borders.
``make test`` runs a fast slice; ``make fuzz`` runs ``RANKBOOK_FUZZ_CASES`` cases per
reader (10,000 by default there).
"""

from __future__ import annotations

import bz2
import contextlib
import gzip
import io
import lzma
import math
import os
import random
import re
import warnings
import zlib

import numpy as np
import pytest

import rankbook.io.fast._csv as csv_reader
import rankbook.io.fast._table as table
from rankbook import RankbookError
from rankbook.io import (read_flagr_lists, read_flagr_qrels, read_qrels, read_run,
                         read_subtopic_qrels)
from rankbook.io.trec import read_qrels_arrays, read_run_arrays

CASES = int(os.environ.get("RANKBOOK_FUZZ_CASES", "120"))
BLOCKS = 3
KINDS = ("trec_qrels", "trec_run", "flagr_lists", "flagr_qrels", "subtopic_qrels")

# --- the reference parser -------------------------------------------------------------------

TREC_SPACE = b" \t\x0b\x0c\r"      # C isspace minus LF
CSV_BLANKS = " \t\x0b\x0c\r"
STRTOD = re.compile(
    r"[+-]?(?:(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?"
    r"|0[xX](?:[0-9a-fA-F]+\.?[0-9a-fA-F]*|\.[0-9a-fA-F]+)(?:[pP][+-]?[0-9]+)?"
    r"|[iI][nN][fF](?:[iI][nN][iI][tT][yY])?|[nN][aA][nN](?:\([0-9A-Za-z_]*\))?)")


class Rejected(Exception):
    def __init__(self, lines=(), kind="line"):
        super().__init__(kind)
        self.lines, self.kind = set(lines), kind


def strtod(text: str):
    """C's strtod on the whole field: a float, or None."""
    if not STRTOD.fullmatch(text):
        return None
    body = text.lstrip("+-")
    sign = -1.0 if text.startswith("-") else 1.0
    if body[:2].lower() == "0x":
        mantissa, _, exponent = body[2:].lower().partition("p")
        whole, _, fraction = mantissa.partition(".")
        value = int(whole or "0", 16) + (int(fraction, 16) / 16 ** len(fraction) if fraction else 0)
        return sign * value * 2.0 ** int(exponent or "0")
    if body[:1].lower() in "in":
        return float("nan") if body[:1].lower() == "n" else sign * float("inf")
    return float(text)


def atol(text: str) -> int:
    """C's atol (glibc: strtol, base 10): the leading [+-]?[0-9]+, else 0; clamped to a long."""
    match = re.match(r"[+-]?[0-9]+", text)
    return max(-2**63, min(2**63 - 1, int(match.group()))) if match else 0


SIGNATURES = {b"BZh": "bzip2", b"\xfd7zXZ\x00": "xz"}  # (the files rendered below)


def lines_of(data: bytes):
    """(number, text) of every non-blank line, or Rejected with every bad line."""
    for signature, name in SIGNATURES.items():
        if data.startswith(signature) and not data.startswith(b"BZh "):
            raise Rejected(kind=name)
    if data[:2] == b"\x1f\x8b":
        try:
            data = gzip.decompress(data)
        except (OSError, EOFError, zlib.error):
            raise Rejected(kind="gzip") from None
    return text_lines(data)


def text_lines(data: bytes):
    data = data.removeprefix(b"\xef\xbb\xbf")
    out, bad = [], []
    for number, raw in enumerate(data.split(b"\n"), 1):
        line = raw.rstrip(TREC_SPACE)
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            bad.append(number)
            continue
        if b"\0" in raw or b"\r" in line:
            bad.append(number)
        elif line.strip(TREC_SPACE):
            out.append((number, text))
    if not out and not bad:
        raise Rejected(kind="empty")
    return out, bad


def number_or_bad(text, number, bad):
    value = strtod(text)
    if value is None or math.isnan(value) or math.isinf(value):
        bad.append(number)
    return value


def reference(kind: str, data: bytes, arrays: bool = False):
    """What a correct reader returns for ``data``, or Rejected.

    ``arrays``: what the array readers (``read_qrels_arrays``, ``read_run_arrays``) return:
    every record in file order, repeated documents not yet checked.
    """
    records = []
    csv = kind.startswith("flagr")
    lines, bad_bytes = lines_of(data)
    for number, text in lines:
        if csv:
            fields = [f.strip(CSV_BLANKS) for f in text.split(",")]
        else:
            fields = re.split("[ \t\x0b\x0c\r]+", text.strip(" \t\x0b\x0c\r"))
        records.append((number, fields))
    if kind == "trec_qrels":
        return _judgments(records, bad_bytes, 4, False, 0, 2, 3, arrays, as_atol=True)
    if kind == "subtopic_qrels":
        return _judgments(records, bad_bytes, 4, False, 0, 2, 3, as_atol=True, subtopic=1)
    if kind == "flagr_qrels":
        return _judgments(records, bad_bytes, 4, True, 0, 2, 3)
    if kind == "trec_run":
        bad = bad_bytes + [n for n, f in records if len(f) < 6]
        scores = {n: number_or_bad(f[4], n, bad) for n, f in records if len(f) >= 6}
        if bad:
            raise Rejected(bad)
        rows = [(f[0], f[2], scores[n], n) for n, f in records]
        if not arrays:
            _no_repeats(rows)
        return {"rows": [r[:3] for r in rows], "name": records[0][1][5]}
    return _flagr_lists(records, bad_bytes)


def _judgments(records, bad, count, csv, q, d, g, arrays=False, as_atol=False, subtopic=None):
    bad = bad + [n for n, f in records if len(f) != count or (csv and "" in f)]
    grades = {n: number_or_bad(f[g], n, bad) for n, f in records if len(f) == count}
    if bad:
        raise Rejected(bad)
    note = None
    if as_atol:  # trec_eval: rel = atol(grade) (get_qrels.c); a note names the first change
        read = {n: float(atol(f[g])) for n, f in records}
        note = next((n for n, _ in records if read[n] != grades[n]), None)
        grades = read
    if arrays:
        return {"rows": [(f[q], f[d], grades[n]) for n, f in records], "note": note}
    by_key: dict = {}
    key = (q, subtopic, d) if subtopic is not None else (q, d)
    for n, f in records:
        by_key.setdefault(tuple(f[i] for i in key), []).append((grades[n], n))
    conflicting = [n for judged in by_key.values() if len({g for g, _ in judged}) > 1
                   for _, n in judged]
    if conflicting:
        raise Rejected(conflicting)
    rows = [(*key, judged[0][0]) for key, judged in by_key.items()]
    return {"rows": rows, "note": note} if as_atol else {"rows": rows}


def _no_repeats(rows):
    lines_of_pair: dict = {}
    for query, doc, _, n in rows:
        lines_of_pair.setdefault((query, doc), []).append(n)
    repeated = [n for lines in lines_of_pair.values() if len(lines) > 1 for n in lines]
    if repeated:
        raise Rejected(repeated)


def _flagr_lists(records, bad):
    if not records:
        raise Rejected(bad)
    wanted = len(records[0][1]) if len(records[0][1]) in (5, 6) else 5
    bad = bad + [n for n, f in records if len(f) != wanted or "" in f]
    if bad:
        raise Rejected(bad)
    for n, f in records:
        if wanted == 6 and not (re.fullmatch(r"\+?[0-9]+(\.0*)?", f[3], re.ASCII)
                                and int(f[3].split(".")[0]) < 2**31):
            bad.append(n)
        number_or_bad(f[-2], n, bad)
    if bad:
        raise Rejected(bad)
    if len({f[-1] for _, f in records}) > 1:
        raise Rejected(kind="label")
    runs, position = {}, {}
    for n, f in records:
        position[f[0], f[1]] = position.get((f[0], f[1]), 0) + 1
        rank = int(f[3].split(".")[0]) if wanted == 6 else position[f[0], f[1]]
        runs.setdefault(f[1], []).append((f[0], f[2], strtod(f[-2]), n, rank))
    for rows in runs.values():
        _no_repeats([r[:4] for r in rows])
    return {voter: [(q, d, s, r) for q, d, s, _, r in rows] for voter, rows in runs.items()}


# --- the generator -------------------------------------------------------------------------------

ID_CHARS = list("abcXYZ019#-._:/") + ["é", "\u00a0", "\u3000", "\x1c", "\x1f", "\ufeff", "中",
                                      "\u2028"]
GOOD_NUMBERS = ["0", "1", "2", "-1", "+3", "0.5", ".25", "7.", "1e-3", "2E+2", "-0.0", "12.375",
                "0x1.8p1", "0X10", "1e-320",
                # atol reads these grades otherwise than strtod (issue 17, class 3)
                "2.5", "1e1", "0x10", "10e-1", "-0.5", "99999999999999999999", "1.0"]
BAD_NUMBERS = ["1_0", "\u0661", "\uff11", "1e", "--1", "abc", "nan", "inf", "1.2.3", "0x", "1e5x"]


def random_id(rng: random.Random, csv: bool) -> str:
    if rng.random() < 0.02:
        return "L" * rng.choice([300, 5000])
    if csv and rng.random() < 0.02:  # quoted, around a comma: FLAGR has no quoting (class 5)
        return rng.choice(['"a,b"', '"x"', 'say "hi"'])
    chars = ID_CHARS + ([" "] if csv else [])
    text = "".join(rng.choice(chars) for _ in range(rng.randint(1, 6)))
    return text.strip(" ") or "x"


def random_number(rng: random.Random) -> str:
    if rng.random() < 0.5:
        return rng.choice(GOOD_NUMBERS)
    value = rng.uniform(-100, 100)
    return rng.choice([repr(value), f"{value:.3f}", value.hex(), str(int(value))])


def render(rng: random.Random, kind: str) -> bytes:
    """One file: mostly valid records with quirks, sometimes a mutation that breaks it."""
    if kind == "flagr_lists" and rng.random() < 0.1:
        return long_id_lists(rng)
    csv = kind.startswith("flagr")
    topics = [random_id(rng, csv) for _ in range(rng.randint(1, 3))]
    voters = [random_id(rng, csv) for _ in range(rng.randint(1, 3))]
    six = rng.random() < 0.5
    lines = []
    for _ in range(rng.randint(0, 12)):
        q, d, x = rng.choice(topics), random_id(rng, csv), random_number(rng)
        if kind == "trec_qrels":
            fields = [q, rng.choice(["0", "Q0", "iter"]), d, x]
        elif kind == "subtopic_qrels":
            fields = [q, rng.choice(["1", "2", "3", "a"]), d, x]
        elif kind == "trec_run":
            fields = [q, "Q0", d, str(rng.randint(0, 9)), x, rng.choice(["run", "é\u00a0"])]
            fields += ["extra"] * rng.choice([0, 0, 1, 3])
        elif kind == "flagr_qrels":
            fields = [q, "0", d, x]
        else:
            rank = [rng.choice(["1", "7", "0", "12.0", "+3"])] if six else []
            fields = [q, rng.choice(voters), d, *rank, x, "L"]
        if csv:
            pad = lambda f: rng.choice(["", " ", "\t"]) + f + rng.choice(["", " "])
            line = ",".join(pad(f) for f in fields)
        else:
            line = fields[0] + "".join(rng.choice([" ", "\t", "  ", " \t", "\x0b", "\x0c"]) + f
                                       for f in fields[1:])
        lines.append(line)
        if rng.random() < 0.1:
            lines.append(rng.choice(["", "   ", "\t"]))
        if rng.random() < 0.05 and lines:
            lines.append(rng.choice(lines))  # a repeated line: a duplicate record
    lines = mutate(rng, kind, lines)
    ending = rng.choice(["\n", "\r\n", " \r\n", "\n"])
    text = ending.join(lines) + (ending if rng.random() < 0.8 else "")
    data = text.encode("utf-8")
    if rng.random() < 0.15:
        data = b"\xef\xbb\xbf" + (b"\n" if rng.random() < 0.3 else b"") + data
    data = mutate_bytes(rng, data)
    return compress(rng, data)


def compress(rng: random.Random, data: bytes) -> bytes:
    """Sometimes gzip (whole, cut short or corrupt: class 1), bzip2 or xz (class 5)."""
    draw = rng.random()
    if draw < 0.15:
        data = gzip.compress(data)
        if rng.random() < 0.2:
            data = data[: len(data) // 2]
        elif rng.random() < 0.2 and len(data) > 20:  # flipped bytes in the deflate stream
            i = rng.randrange(10, len(data) - 8)
            data = data[:i] + bytes([data[i] ^ 0xFF]) + data[i + 1:]
    elif draw < 0.18:
        data = bz2.compress(data)
    elif draw < 0.20:
        data = lzma.compress(data)
    return data


LONG_ID_BYTES = 200_000  # x 200-400 rows: 40-80 MB when a column is rows x its longest id


def long_id_lists(rng: random.Random) -> bytes:
    """FLAGR lists without white space (the numpy reader's file) and one long id on many rows
    (issue 17, class 2: an id column as long as its longest id times the rows was the defect)."""
    long = "W" * rng.choice([40, 300, LONG_ID_BYTES])
    column = rng.randrange(3)
    six = rng.random() < 0.5
    lines = []
    n = rng.randint(200, 400)
    chosen = rng.randrange(n)
    plain = rng.random() < 0.8  # plain decimal scores: the numpy reader's file
    for i in range(n):
        fields = [str(rng.randint(1, 3)), f"V{rng.randint(0, 2)}", f"E{i}"]
        if i == chosen or rng.random() < 0.01:
            fields[column] = long + rng.choice(["", "x"])
        rank = [str(rng.randint(1, 50))] if six else []
        score = f"{rng.uniform(0, 1):.5f}" if plain else random_number(rng)
        lines.append(",".join(fields + rank + [score, "L"]) + "\n")
    return "".join(lines).encode()


def mutate(rng: random.Random, kind: str, lines: list[str]) -> list[str]:
    if not lines or rng.random() < 0.6:
        return lines
    i = rng.randrange(len(lines))
    separator = "," if kind.startswith("flagr") else " "
    fields = lines[i].split(separator)
    choice = rng.randrange(5)
    if choice == 0:
        fields = fields[:-1]                     # a field missing
    elif choice == 1:
        fields.append("more")                    # a field too many (fine for a run)
    elif choice == 2:
        fields[rng.randrange(len(fields))] = rng.choice(BAD_NUMBERS)
    elif choice == 3:
        fields[-1 if kind in ("trec_qrels", "subtopic_qrels") else 0] = rng.choice(BAD_NUMBERS)
    else:
        fields[rng.randrange(len(fields))] = ""  # an empty field
    lines[i] = separator.join(fields)
    return lines


def mutate_bytes(rng: random.Random, data: bytes) -> bytes:
    if not data or rng.random() < 0.8:
        return data
    i = rng.randrange(len(data))
    choice = rng.randrange(4)
    if choice == 0:
        return data.replace(b"\n", b"\r")       # CR-only line ends
    if choice == 1:
        return data[:i] + b"\0" + data[i:]
    if choice == 2:
        return data[:i] + b"\xff" + data[i:]
    return data[:i] + b"\r" + data[i:]


# --- the property ----------------------------------------------------------------------------------

def note_line(caught) -> int | None:
    """The line the atol note names (the first grade atol read otherwise), or None."""
    for warning in caught:
        found = re.search(r"read as trec_eval reads them.*first at line (\d+):", str(warning.message))
        if found:
            return int(found.group(1))
    return None


def read(kind: str, path):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")  # a repeated identical judgment warns; the rows tell
        if kind == "trec_qrels":
            frame = read_qrels(path)
            return {"rows": list(zip(frame["query"], frame["doc"], frame["grade"])),
                    "note": note_line(caught)}
        if kind == "subtopic_qrels":
            frame = read_subtopic_qrels(path)
            return {"rows": list(zip(frame["query"], frame["subtopic"], frame["doc"],
                                     frame["grade"])), "note": note_line(caught)}
        if kind == "flagr_qrels":
            frame = read_flagr_qrels(path)
            return {"rows": list(zip(frame["query"], frame["doc"], frame["grade"]))}
        if kind == "trec_run":
            frame = read_run(path)
            return {"rows": list(zip(frame["query"], frame["doc"], frame["score"])),
                    "name": frame.attrs["name"]}
        runs = read_flagr_lists(path)
        return {voter: list(zip(run["query"], run["doc"], run["score"], run["rank"]))
                for voter, run in runs.items()}


def check(kind: str, seed: int, tmp_path, monkeypatch) -> str:
    rng = random.Random(f"{kind}-{seed}")
    data = render(rng, kind)
    monkeypatch.setattr(table, "TREC_CHUNK_BYTES", rng.choice([7, 64, 1024, 2**21]))
    monkeypatch.setattr(table, "CSV_CHUNK_BYTES", rng.choice([5, 100, 2**24]))
    path = tmp_path / f"{kind}-{seed}.txt"
    path.write_bytes(data)
    if kind == "flagr_lists" and b"W" * LONG_ID_BYTES in data:
        assert_costs_its_bytes(path, data)
    if kind.startswith("trec"):  # the array form the batch evaluator reads, too
        compare(lambda: read_arrays(kind, path), lambda: reference(kind, data, arrays=True),
                kind, seed, data, path)
    return compare(lambda: read(kind, path), lambda: reference(kind, data), kind, seed, data,
                   path)


def assert_costs_its_bytes(path, data: bytes) -> None:
    """A long id costs its bytes (class 2): the peak stays within a few copies of the file."""
    import tracemalloc

    try:  # once before measuring, so that first-call imports are not counted
        read_flagr_lists(path)
    except RankbookError:
        return
    tracemalloc.start()
    try:
        read_flagr_lists(path)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    # the block the list reader reads at a time (rankbook.io.fast._csv), plus a few copies of the
    # file (rows x the longest id would be 40-80 MB more)
    assert peak < csv_reader.CSV_CHUNK_BYTES + 8 * len(data), (peak, len(data))


def read_arrays(kind: str, path):
    """The array readers' output, ids decoded (they are UTF-8 by then)."""
    if kind == "trec_qrels":
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            query, doc, grade, _ = read_qrels_arrays(path)
        return {"rows": [(q.decode(), d.decode(), g) for q, d, g in
                         zip(query.tolist(), doc.tolist(), grade.tolist())],
                "note": note_line(caught)}
    query, doc, score, _, name = read_run_arrays(path)
    return {"rows": [(q.decode(), d.decode(), s) for q, d, s in
                     zip(query.tolist(), doc.tolist(), score.tolist())], "name": name}


def compare(reader, expect, kind, seed, data, path) -> str:
    """Run ``reader``; it must return what ``expect`` returns, or fail as it does."""
    try:
        expected = expect()
    except Rejected as rejected:
        with pytest.raises(RankbookError) as caught:
            reader()
        error = caught.value
        assert str(error).startswith(str(path)), (seed, data, str(error))
        lines = set(getattr(error, "lines", ()))
        if rejected.kind == "gzip" and lines:  # a bad line before the broken gzip part
            assert lines <= bad_lines_before_the_break(kind, data), (seed, data, str(error))
        elif rejected.kind == "line":
            assert lines and lines <= rejected.lines, (seed, data, str(error), rejected.lines)
        else:
            assert not lines, (seed, data, str(error))
            keyword = {"gzip": "gzip", "empty": "empty", "label": "label",
                       "bzip2": "bzip2-compressed", "xz": "xz-compressed"}[rejected.kind]
            assert keyword in str(error), (seed, data, str(error))
        if kind.startswith("flagr") and FIELD_ERROR.search(error.reason) \
                and any(b'"' in line for line in lines_at(data, lines)):
            assert "FLAGR's CSV has no quoting" in str(error), (seed, data, str(error))
        if kind.startswith("trec") and rejected.kind != "line":
            cli_says_one_line(kind, path)
        return "rejected"
    got = reader()
    assert _same(got, expected), (seed, data, got, expected)
    return "accepted"


# the errors about a line's fields (count, empty, numbers), which a quoted comma causes
FIELD_ERROR = re.compile(r"fields \(|is empty:|not a (?:whole )?number|must be a finite")


def decompressed_prefix(data: bytes) -> bytes:
    """All that gzip data gives before it breaks (fed a byte at a time: corrupt deflate data
    yields text before zlib notices, and a wrong CRC is found only at the end)."""
    stream, out = zlib.decompressobj(31), []
    for i in range(len(data)):
        try:
            out.append(stream.decompress(data[i:i + 1]))
        except zlib.error:
            break
    return b"".join(out)


def lines_at(data: bytes, numbers) -> list[bytes]:
    """The lines of the (decompressed, when it is gzip) file with these numbers."""
    if data[:2] == b"\x1f\x8b":
        data = decompressed_prefix(data)
    lines = data.split(b"\n")
    return [lines[n - 1] for n in numbers if 0 < n <= len(lines)]


def cli_says_one_line(kind: str, path) -> None:
    """``rankbook eval`` on a file refused as a whole (compressed, empty): one line, status 2."""
    from rankbook.cli import main

    other = path.parent / "cli-other.txt"  # a small valid file for the other argument
    other.write_bytes(b"301 Q0 d1 1 2 s\n" if kind == "trec_qrels" else b"301 0 d1 1\n")
    argv = ["eval", str(path), str(other)] if kind == "trec_qrels" else \
        ["eval", str(other), str(path)]
    err = io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
        status = main(argv)
    assert status == 2 and err.getvalue().count("\n") == 1, (path, err.getvalue())


def bad_lines_before_the_break(kind: str, data: bytes) -> set:
    """The bad lines among the complete lines that decompress before a gzip stream breaks."""
    prefix = decompressed_prefix(data)
    prefix = prefix[: prefix.rfind(b"\n") + 1]
    try:
        reference(kind, prefix)
    except Rejected as rejected:
        return rejected.lines
    return set()


def _same(got, expected) -> bool:
    """Equal, with numbers compared exactly (numpy scalars and ints as Python numbers)."""
    def plain(value):
        if isinstance(value, dict):
            return {k: plain(v) for k, v in value.items()}
        if isinstance(value, (list, tuple)):
            return [plain(v) for v in value]
        return value.item() if isinstance(value, np.generic) else value
    return plain(got) == plain(expected)


@pytest.mark.parametrize("block", range(BLOCKS))
@pytest.mark.parametrize("kind", KINDS)
def test_readers_agree_with_the_reference(kind, block, tmp_path, monkeypatch):
    seeds = range(block * CASES // BLOCKS, (block + 1) * CASES // BLOCKS)
    outcomes = [check(kind, seed, tmp_path, monkeypatch) for seed in seeds]
    # both branches must be exercised, or the property says nothing
    assert len(outcomes) == len(seeds) > 0
    assert outcomes.count("accepted") > len(seeds) // 10, outcomes.count("accepted")
    assert outcomes.count("rejected") > len(seeds) // 20, outcomes.count("rejected")
