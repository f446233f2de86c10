r"""FLAGR's CSV files: rank-aggregation input lists and their judgments.

| file | fields per line |
| --- | --- |
| input lists, 5 columns | `query,voter,item,score,label` (rank = position in the (query, voter) block) |
| input lists, 6 columns | `query,voter,item,rank,score,label` (PyFLAGR 1.0.18 and later) |
| qrels | `query,0,item,relevance` |

No header row, no quoting. A list file holds one ranked list per (query,
voter) pair; `read_flagr_lists` returns one run per voter, so every voter
can be evaluated like a TREC run.

Fields are the text between commas, byte for byte, except that ASCII white space
(space, tab, VT, FF, CR) around a field is dropped; FLAGR itself keeps it, so
`V-0` and ` V-0` are one voter here and two in FLAGR (which would also fail to
match ` a` with the qrels' `a`). Non-ASCII white space (U+00A0, U+3000) and the
separators 0x1C-0x1F are part of the field. An empty field is refused. The first
non-blank line decides between 5 and 6 columns (a line holding only a byte-order
mark is blank). In a 5-column file the rank is the line's position in its (query,
voter) list, wherever that list's lines are in the file; in a 6-column file it is a
whole number from 0 to 2**31 - 1, written with digits (FLAGR reads it with C's
``atoi``, which would read ``1.5`` as 1). Scores follow :mod:`rankbook.io.fast._numbers`.
"""

from __future__ import annotations

import re

import numpy as np

from rankbook._errors import InputFileError
from rankbook.io._source import path_text
from rankbook.io.fast import (FlagrTable, check_bytes, fast_qrels, fast_table, number_list,
                              positions, read_bytes)
from rankbook.io.frames import make_qrels, make_run

MAX_RANK = 2**31 - 1  # C's INT_MAX: FLAGR reads ranks into an int
_RANK = re.compile(r"\+?[0-9]+(?:\.0*)?", re.ASCII)

LISTS_LAYOUT = ("query,voter,item,score,label or query,voter,item,rank,score,label, "
                "e.g. '1,V-0,Q1-E35,1.00000,SyntheticMOSO'")
QRELS_LAYOUT = "query,0,item,relevance, e.g. '1,0,Q1-E36,1'"


def read_flagr_lists(path, *, label: str | None = None) -> dict:
    r"""Read a FLAGR input-list CSV as one run per voter.

    Parameters
    ----------
    path : str or os.PathLike
        The CSV file, 5 or 6 columns (see the module docstring).
    label : str, optional
        Which dataset label to read when the file holds several (the last
        column). Required in that case; by default the file's only label.

    Returns
    -------
    dict of str to pandas.DataFrame
        ``{voter: run}`` in file order. Each run has columns ``query``,
        ``doc``, ``score`` and ``rank`` (the position within the (query, voter)
        block for 5 columns, the rank column for 6); ``.attrs["name"]`` is the
        voter. Evaluation orders by score, as trec_eval does.

    Raises
    ------
    rankbook.InputFileError
        If a line has the wrong number of fields, a score (or rank) is not a
        finite number, an item is listed twice in one (query, voter) list, or
        the file holds several labels and ``label`` is not given.

    Examples
    --------
    >>> import tempfile, pathlib
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "lists.csv"
    >>> _ = path.write_text("1,V-0,a,1.0,demo\n1,V-0,b,0.5,demo\n1,V-1,b,1.0,demo\n")
    >>> runs = read_flagr_lists(path)
    >>> list(runs), runs["V-0"].doc.tolist(), runs["V-0"]["rank"].tolist()
    (['V-0', 'V-1'], ['a', 'b'], [1, 2])
    """
    table = read_flagr_arrays(path, label=label)
    source = path_text(path)
    query = np.array(table.query_names, dtype=object)[table.query]
    item = table.item_names[table.item]
    runs = {}
    for code, name in enumerate(table.voter_names):
        rows = np.flatnonzero(table.voter == code)
        run = make_run(query[rows].tolist(), item[rows].tolist(), table.score[rows],
                       table.lines[rows], source, name=name)
        run["rank"] = table.rank[rows]
        runs[name] = run
    return runs


def read_flagr_arrays(path, *, label: str | None = None) -> FlagrTable:
    """A FLAGR input-list CSV as arrays: the one FLAGR list reader (`fuse` reads with it too).

    The rows of the chosen label (see :func:`read_flagr_lists`), in file order, with
    queries, voters and items numbered by first appearance (:class:`FlagrTable`). The
    usual file is read with numpy (:func:`rankbook.io.fast._csv.fast_table`); any other by the
    line reader below, which also gives every error. The file is read once. An item
    listed twice in a list is not refused here (:func:`read_flagr_lists` refuses it).
    """
    data, source = read_bytes(path)
    table = fast_table(data, source, label)
    if table is not None:
        return table
    try:
        return line_reader(path, data, source, label)
    except InputFileError as error:
        raise _quotes_explained(error, data) from None


def _quotes_explained(error: InputFileError, data: bytes) -> InputFileError:
    """``error``, told that FLAGR's CSV has no quoting when a line it names holds a quote."""
    lines = data.split(b"\n")
    if not any(0 < n <= len(lines) and b'"' in lines[n - 1] for n in error.lines[:5]):
        return error
    return InputFileError(
        f"{error.reason} (FLAGR's CSV has no quoting: a double quote is part of the field and "
        "a comma between quotes still separates two fields; an id cannot contain a comma, "
        "so replace it, e.g. with ';'.)", error.path, error.lines)


def line_reader(path, data: bytes, source: str, label: str | None) -> FlagrTable:
    """The line-by-line reader of FLAGR lists: any file, and every error message.

    What :func:`rankbook.io.fast.fast_table` gives for the usual file (see
    :func:`read_flagr_arrays`; the contract of ``tests/io/test_fast_contract.py``).
    """
    fields, lines = read_csv_columns(path, columns=(5, 6), what="FLAGR list",
                                     layout=LISTS_LAYOUT, data=data)
    if len(fields) == 5:
        query, voter, item, score_text, labels = fields
        rank = None
    else:
        query, voter, item, rank_text, score_text, labels = fields
        rank = _ranks(rank_text, lines, source)
    score = number_list(score_text, lines, source, "score",
                        "write the score as a number such as 0.96667.")
    keep = _rows_of_label(np.array(labels, dtype=object), label, source)
    query = np.array(query, dtype=object)[keep]
    voter = np.array(voter, dtype=object)[keep]
    item = np.array(item, dtype=object)[keep]
    query_code, query_names = _first_appearance(query)
    voter_code, voter_names = _first_appearance(voter)
    item_code, item_names = _first_appearance(item)
    rank = positions(query_code * max(len(voter_names), 1) + voter_code) if rank is None \
        else rank[keep]
    return FlagrTable(query_code, query_names.tolist(), voter_code, voter_names.tolist(),
                      item_code, item_names, rank, score[keep], lines[keep])


def _first_appearance(values: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Codes by first appearance of str values, and the values in that order."""
    names = dict.fromkeys(values.tolist())
    code = {name: i for i, name in enumerate(names)}
    return (np.fromiter(map(code.__getitem__, values.tolist()), np.int64, len(values)),
            np.array(list(names), dtype=object))


def _rows_of_label(labels: np.ndarray, label: str | None, source: str) -> np.ndarray:
    """Which rows carry the chosen dataset label (the only one, when ``label`` is None)."""
    present = list(dict.fromkeys(labels.tolist()))
    if label is None and len(present) > 1:
        raise InputFileError(
            f"the file holds {len(present)} dataset labels ({', '.join(present[:5])}); choose one with "
            f"label=..., e.g. read_flagr_lists(path, label={present[0]!r}).", source)
    chosen = present[0] if label is None else label
    if chosen not in present:
        raise InputFileError(
            f"the file has no rows with label {label!r}; its labels are {', '.join(present[:5])}.", source)
    return labels == chosen


def _ranks(values: list[str], lines: np.ndarray, source: str) -> np.ndarray:
    """The rank column: whole numbers from 0 to 2**31 - 1, written with digits.

    FLAGR reads a rank with C's ``atoi``, which stops at the first non-digit (``1.5``
    is 1, ``1e3`` is 1), into a 32-bit int; so a rank is accepted only when atoi
    reads it whole: digits, with at most a fraction of zeros (``7``, ``7.0``).
    """
    bad = [i for i, value in enumerate(values) if not _RANK.fullmatch(value)
           or int(value.split(".")[0]) > MAX_RANK]
    if bad:
        raise InputFileError(
            f"the rank {values[bad[0]]!r} is not a whole number from 0 to {MAX_RANK:,}; write "
            "the rank (the fourth of 6 fields) as a whole number such as 1 (FLAGR reads ranks "
            "with C's atoi, which would read '1.5' as 1 and '1e3' as 1).",
            source, lines[bad].tolist())
    return np.array([int(value.split(".")[0]) for value in values], dtype=np.int64)


def read_flagr_qrels(path):
    r"""Read FLAGR's qrels CSV (`query,0,item,relevance`) into a qrels DataFrame.

    Parameters
    ----------
    path : str or os.PathLike
        The CSV file.

    Returns
    -------
    pandas.DataFrame
        Columns ``query``, ``doc``, ``grade``, as `rankbook.io.read_qrels`.

    Examples
    --------
    >>> import tempfile, pathlib
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "qrels.csv"
    >>> _ = path.write_text("1,0,a,1\n1,0,b,0\n")
    >>> read_flagr_qrels(path).grade.tolist()
    [1.0, 0.0]
    """
    data, source = read_bytes(path)
    usual = fast_qrels(data, source)     # the usual file read with numpy, same fields
    if usual is not None:
        return make_qrels(*usual, source)
    try:
        return make_qrels(*qrels_lines(path, data, source), source)
    except InputFileError as error:
        raise _quotes_explained(error, data) from None


def qrels_lines(path, data: bytes, source: str):
    """The line reader of FLAGR's qrels: ``(query, item, grade, lines)``, any file, every error.

    What :func:`rankbook.io.fast.fast_qrels` gives for the usual file (the contract of
    ``tests/io/test_fast_contract.py``).
    """
    fields, lines = read_csv_columns(path, columns=(4,), what="FLAGR qrels",
                                     layout=QRELS_LAYOUT, data=data)
    query, _, item, grade_text = fields
    grade = number_list(grade_text, lines, source, "relevance",
                        "write the relevance (the fourth field) as a number such as 0 or 1.")
    return query, item, grade, lines


# --- the line reader's text: a CSV file as lists of str ---------------------------------------

ASCII_BLANKS = " \t\v\f\r"  # white space around a CSV field (LF ends the line)


def read_csv_columns(path, *, columns: tuple[int, ...], what: str, layout: str, data: bytes):
    """Read a comma-separated file line by line: the first non-blank line's field count decides.

    Parameters
    ----------
    path : str, bytes or os.PathLike
        The file, for messages (its content is ``data``).
    columns : tuple of int
        The allowed numbers of fields (FLAGR lists: 5 or 6); every line must have as
        many as the first non-blank one.
    what, layout : str
        What the file should be and its layout, for messages.
    data : bytes
        The file's content (:func:`rankbook.io.fast.read_bytes`: decompressed, BOM dropped).

    Returns
    -------
    fields : list of list of str
        One list per column.
    lines : numpy.ndarray of int64
        The 1-based line number of each record.
    """
    name = path_text(path)
    check_bytes(np.frombuffer(data, dtype=np.uint8), data, name, 1)
    rows: list[list[str]] = []
    numbers: list[int] = []
    for index, line in enumerate(data.decode("utf-8").split("\n")):
        if line.strip(ASCII_BLANKS):
            rows.append([field.strip(ASCII_BLANKS) for field in line.split(",")])
            numbers.append(1 + index)
    lines = np.array(numbers, dtype=np.int64)
    if not rows:
        raise InputFileError(
            f"the file is empty (no non-blank lines); a {what} has one line per record: {layout}. "
            "Check that the right file was given and that it was fully written.", name)
    _check_csv_rows(rows, lines, columns, what, layout, name)
    return [list(column) for column in zip(*rows)], lines


def _check_csv_rows(rows, lines, columns: tuple[int, ...], what, layout, path) -> None:
    count = len(rows[0])
    wanted = count if count in columns else columns[0]
    bad = [i for i, row in enumerate(rows) if len(row) != wanted]
    if bad:
        allowed = str(wanted) if count in columns else " or ".join(map(str, columns))
        raise InputFileError(
            f"a {what} line has {allowed} fields ({layout}), but this one has "
            f"{len(rows[bad[0]])}: {','.join(rows[bad[0]])[:120]!r}. Fix or delete the "
            f"line{'s' if len(bad) > 1 else ''}; fields are separated by commas.", path,
            lines[bad].tolist())
    empty = [i for i, row in enumerate(rows) if "" in row]
    if empty:
        row = rows[empty[0]]
        raise InputFileError(
            f"field {row.index('') + 1} of this {what} line is empty: {','.join(row)[:120]!r}; "
            f"every field needs a value ({layout}).", path, lines[empty].tolist())
