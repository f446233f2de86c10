"""The contract of the fenced fast path (rankbook.io.fast): equal to the line reader, every input.

``rankbook.io.fast`` is one replaceable unit (issue 19, part 3): whatever implements it must give,
on every input, what the line reader gives: the same records, ids byte for byte and numbers bit
for bit, or the same refusal (a RankbookError naming the file and the same lines). Checked here
on the seeded fuzz corpus of ``test_fuzz_readers.py`` (its files with every quirk: BOMs, CRLF,
lone CRs, vertical tabs, gzip, long ids, NULs, non-ASCII white space, odd numbers, mutations),
file by file, at the interface:

- TREC qrels and runs: ``fast.read_trec_columns`` with what ``rankbook.io.trec`` tells it
  (``QRELS_COLUMNS``, ``RUN_COLUMNS``) against the line-by-line parser ``reference`` of
  ``test_fuzz_readers.py`` (trec_eval 9.0.8's rules: fields split on C's ``isspace``, lines on
  LF, grades read with ``atol``, scores with ``strtod``); the chunk size is drawn small, so
  records cross chunk borders;
- FLAGR lists and qrels: ``fast.fast_table`` and ``fast.fast_qrels`` (the numpy pass over the
  usual file; None hands the file over) against rankbook's own line readers,
  ``rankbook.io.flagr.line_reader`` and ``rankbook.io.flagr.qrels_lines``, which read any file
  and give every error; the fast path may only hand a file over or refuse it as they do.

Each kind must be answered by the fast path (not only handed over) and refused on some of the
corpus, or the contract says nothing: the FLAGR corpus adds usual files (test_flagr_arrays'
generator), which the numpy pass must answer.
"""

from __future__ import annotations

import random
import warnings

import numpy as np
import pytest
from test_flagr_arrays import _random_file
from test_fuzz_readers import Rejected, compare, reference, render

from rankbook import RankbookError
from rankbook.io import fast, flagr, trec
from rankbook.io.fast import _table

CASES = 90  # fuzz files per kind; the fuzz test runs more through the whole readers
USUAL = 20  # and, for FLAGR, usual files (the numpy pass's own input) of test_flagr_arrays


def _usual(rng, kind: str) -> bytes:
    """A usual FLAGR file: the lists of test_flagr_arrays, or qrels of the same ids."""
    if kind == "flagr_lists":
        return _random_file(rng, int(rng.choice([5, 6])), ["A"]).encode("utf-8")
    lines = [f"{rng.choice(['1', '2', 'qé'])},0,Q{rng.integers(0, 30)}-E\u3000{rng.integers(0, 3)},"
             f"{rng.choice(['0', '1', '2', '0.5', '-1'])}" for _ in range(int(rng.integers(1, 40)))]
    return ("\n".join(lines) + "\n").encode("utf-8")


def _trec_columns(kind: str, path):
    """The fast path's records of a TREC file, ids decoded, as the reference gives them."""
    columns = trec.QRELS_COLUMNS if kind == "trec_qrels" else trec.RUN_COLUMNS
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # atol's note: its line is test_fuzz_readers' business
        (query, doc), number, _, name = fast.read_trec_columns(path, **columns)
    rows = [(q.decode(), d.decode(), x) for q, d, x in
            zip(query.tolist(), doc.tolist(), number.tolist())]
    return {"rows": rows} if kind == "trec_qrels" else {"rows": rows, "name": name}


@pytest.mark.parametrize("kind", ["trec_qrels", "trec_run"])
def test_trec_columns_equal_the_line_reader(kind, tmp_path, monkeypatch):
    outcomes = []
    for seed in range(CASES):
        rng = random.Random(f"contract-{kind}-{seed}")
        data = render(rng, kind)
        monkeypatch.setattr(_table, "TREC_CHUNK_BYTES", rng.choice([7, 64, 1024, 2**21]))
        path = tmp_path / f"{kind}-{seed}.txt"
        path.write_bytes(data)

        def expected(data=data):
            answer = reference(kind, data, arrays=True)
            answer.pop("note", None)
            return answer
        outcomes.append(compare(lambda: _trec_columns(kind, path), expected, kind, seed, data,
                                path))
    assert outcomes.count("accepted") > CASES // 10 and outcomes.count("rejected") > CASES // 20


def _outcome(read):
    """What ``read()`` gives: ("value", it) or ("refused", the error's type, file, lines)."""
    try:
        return ("value", read())
    except RankbookError as error:
        return ("refused", type(error), error.path, tuple(getattr(error, "lines", ())))


def _table_values(table):
    if table is None:
        return None
    return (table.query.tolist(), table.query_names, table.voter.tolist(), table.voter_names,
            table.item.tolist(), table.item_names.tolist(), table.rank.tolist(),
            table.score.tobytes(), table.lines.tolist())


def _qrels_values(fields):
    if fields is None:
        return None
    query, item, grade, lines = fields
    return list(query), list(item), np.asarray(grade, np.float64).tobytes(), list(lines)


READERS = {
    "flagr_lists": (lambda data, name: _table_values(fast.fast_table(data, name, None)),
                    lambda path, data, name: _table_values(flagr.line_reader(path, data, name,
                                                                             None))),
    "flagr_qrels": (lambda data, name: _qrels_values(fast.fast_qrels(data, name)),
                    lambda path, data, name: _qrels_values(flagr.qrels_lines(path, data, name))),
}


@pytest.mark.parametrize("kind", sorted(READERS))
def test_flagr_fast_path_equals_the_line_reader(kind, tmp_path):
    fast_read, line_read = READERS[kind]
    answered = refused = 0
    for seed in range(CASES + USUAL):
        data = render(random.Random(f"contract-{kind}-{seed}"), kind) if seed < CASES \
            else _usual(np.random.default_rng(seed), kind)
        path = tmp_path / f"{kind}-{seed}.csv"
        path.write_bytes(data)
        try:
            content, name = fast.read_bytes(path)  # gzip and BOM: shared by both readers
        except RankbookError:
            continue
        got = _outcome(lambda: fast_read(content, name))
        if got == ("value", None):
            continue  # handed over: the line reader alone answers
        expected = _outcome(lambda: line_read(path, content, name))
        assert got == expected, (seed, data)
        answered += got[0] == "value"
        refused += got[0] == "refused"
    # the fuzz files are mostly unusual (handed over); the usual ones must all be answered
    assert answered >= USUAL and refused > 0, (answered, refused)


def test_the_contract_can_fail(tmp_path, monkeypatch):
    # a fast path one ulp off on one score, or one that loses a record, is caught
    real_table, real_columns = fast.fast_table, fast.read_trec_columns

    def off_by_an_ulp(data, name, label):
        table = real_table(data, name, label)
        if table is not None:
            table.score = np.nextafter(table.score, np.inf)
        return table

    def one_record_lost(path, **columns):
        (query, doc), number, lines, name = real_columns(path, **columns)
        return (query[1:], doc[1:]), number[1:], lines[1:], name

    monkeypatch.setattr(fast, "fast_table", off_by_an_ulp)
    with pytest.raises(AssertionError):
        test_flagr_fast_path_equals_the_line_reader("flagr_lists", tmp_path)
    monkeypatch.setattr(fast, "read_trec_columns", one_record_lost)
    with pytest.raises(AssertionError):
        test_trec_columns_equal_the_line_reader("trec_run", tmp_path, monkeypatch)
    with pytest.raises(Rejected):
        reference("trec_qrels", b"1 0 d\n")  # the line reader refuses a short line
