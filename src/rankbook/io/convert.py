r"""The one place that decides how an input is read: a path, a Python dict or a DataFrame.

`as_qrels` and `as_run` give the table form (:mod:`rankbook.io.frames`), which the per-topic
evaluator, `explain` and the writers use; `as_judgments` and `as_ranking` give the array form
(:mod:`rankbook.io.arrays`), which the batch evaluator uses. All four send each kind of input
to the same reader, so a reader added here serves both forms.

| input | qrels | run |
| --- | --- | --- |
| path (`str`, `pathlib.Path`) | TREC qrels file, or FLAGR's qrels CSV (recognised by content) | TREC run file |
| dict | `{qid: {docid: grade}}` | `{qid: {docid: score}}` (pytrec_eval's and ranx's form) |
| DataFrame | columns query, doc, grade | columns query, doc, score |

DataFrame columns may also be named as other tools name them: the topic as
`qid`, `query_id` or `topic`; the document as `docid`, `doc_id`, `docno` or
`item`; the grade as `relevance`, `rel` or `label`. Ids are converted to
strings (`301` and `"301"` are the same topic, as in a file).

Every input is checked the way a file is: a grade or score that is not a finite
number, or a document listed twice for one topic, raises an error naming where.

**Which qrels file is which** is decided here, by content, wherever qrels are read
(`rankbook.evaluate`, `rankbook eval`, `rankbook compare`, the Comparator): a file
whose first non-blank line has exactly four comma-separated fields, none of them with
white space inside (FLAGR's ``1,0,Q1-E36,1``, or ``1, 0, Q1-E36, 1``), is FLAGR's qrels
CSV (`query,0,item,relevance`, read by `rankbook.io.read_flagr_qrels`); any other file
is a TREC qrels file (`qid iter docid grade`), whose reader says what is wrong with it.
A TREC line has white space between its fields, so a TREC qrels file is never taken for
FLAGR's, even when its document ids hold commas. The first line is read from a regular file
(gzip data decompressed); a pipe or FIFO cannot be read twice, so it is read as TREC qrels.
"""

from __future__ import annotations

import os
import stat
import zlib
from collections.abc import Mapping

import numpy as np

from rankbook._errors import InputFileError, InvalidTypeError, InvalidValueError, RankbookError
from rankbook._index import as_index
from rankbook.io import arrays, fast
from rankbook.io._memory import column_refusal, id_text, id_texts, value_array
from rankbook.io._source import chunks, open_binary, path_text
from rankbook.io.flagr import read_flagr_qrels
from rankbook.io.frames import make_qrels, make_run
from rankbook.io.trec import read_qrels, read_qrels_arrays, read_run, read_run_arrays

QUERY_NAMES = ("query", "qid", "query_id", "topic")
DOC_NAMES = ("doc", "docid", "doc_id", "docno", "item")
GRADE_NAMES = ("grade", "relevance", "rel", "label")
SCORE_NAMES = ("score",)
FRAME_ROWS = "run DataFrame (rows counted from 1)"  # where a run DataFrame's errors point


def as_qrels(qrels, *, progress: bool = False):
    r"""Relevance judgments as a DataFrame with columns query, doc, grade.

    Parameters
    ----------
    qrels : str, os.PathLike, dict or pandas.DataFrame
        A TREC qrels file, ``{qid: {docid: grade}}``, or a DataFrame with
        named columns (see the module docstring).
    progress : bool, default False
        Passed to the file reader.

    Returns
    -------
    pandas.DataFrame
        Columns ``query`` (str), ``doc`` (str), ``grade`` (float);
        ``.attrs["source"]`` is where they came from (a DataFrame read from a
        file keeps the file's name).

    Examples
    --------
    >>> as_qrels({"q1": {"d1": 2, "d2": 0}})
      query doc  grade
    0    q1  d1    2.0
    1    q1  d2    0.0
    """
    kind = _kind(qrels, "qrels")
    if kind == "path":
        if qrels_format(qrels) == "flagr":
            return read_flagr_qrels(qrels)
        return read_qrels(qrels, progress=progress)
    if kind == "dict":
        query, doc, grade = _from_dict(qrels, "qrels", "grade")
        return make_qrels(query, doc, grade, np.arange(1, len(doc) + 1), "qrels dict")
    query, doc, grade = frame_columns(qrels, "qrels", GRADE_NAMES)
    frame = make_qrels(query, doc, grade, np.arange(1, len(doc) + 1),
                       "qrels DataFrame (rows counted from 1)")
    return _named_as(frame, qrels)


def as_run(run, *, progress: bool = False):
    r"""A run as a DataFrame with columns query, doc, score.

    Parameters
    ----------
    run : str, os.PathLike, dict or pandas.DataFrame
        A TREC run file, ``{qid: {docid: score}}``, or a DataFrame with
        named columns (see the module docstring).
    progress : bool, default False
        Passed to the file reader.

    Returns
    -------
    pandas.DataFrame
        Columns ``query`` (str), ``doc`` (str), ``score`` (float);
        ``.attrs["name"]`` is the run's name, ``.attrs["source"]`` where it came
        from (a DataFrame read from a file keeps the file's name).

    Examples
    --------
    >>> as_run({"q1": {"d1": 0.5, "d2": 1.5}})
      query doc  score
    0    q1  d1    0.5
    1    q1  d2    1.5
    """
    kind = _kind(run, "run")
    if kind == "path":
        return read_run(run, progress=progress)
    if kind == "dict":
        query, doc, score = _from_dict(run, "run", "score")
        return make_run(query, doc, score, np.arange(1, len(doc) + 1), "run dict")
    query, doc, score = frame_columns(run, "run", SCORE_NAMES)
    frame = make_run(query, doc, score, np.arange(1, len(doc) + 1), FRAME_ROWS)
    frame.attrs["name"] = run.attrs.get("name", "rankbook")
    return _named_as(frame, run)


def _named_as(frame, given):
    """``frame``, named as ``given`` is when it was read from a file (``attrs["source"]``).

    The rows were checked (and any error counted them from 1) as the DataFrame's; what the
    name is used for afterwards, the topic-mismatch note, then names the file, as it does
    when the evaluator is given the path.
    """
    if "source" in given.attrs:
        frame.attrs["source"] = given.attrs["source"]
    return frame


def as_judgments(qrels, *, progress: bool = False) -> arrays.Judgments:
    """Any input :func:`as_qrels` accepts, in the array form (:class:`rankbook.io.arrays.Judgments`).

    A file is read straight into arrays; a repeated judgment is then handed to
    :func:`rankbook.io.frames.make_qrels`, which raises (different grades) or
    warns and keeps one (same grade), exactly as :func:`as_qrels` does.
    """
    if isinstance(qrels, arrays.Judgments):  # already read (rankbook.evaluate_many reads once)
        return qrels
    kind = _kind(qrels, "qrels")
    if kind == "dict":
        columns = _dict_arrays(qrels, "qrels", "grade")
        if columns is not None:
            return arrays.Judgments(*columns, "qrels dict")
    if kind == "path" and qrels_format(qrels) == "flagr":
        return arrays.judgments_from_frame(read_flagr_qrels(qrels))
    if kind == "path":
        query, doc, grade, lines = read_qrels_arrays(qrels, progress=progress)
        if not fast.has_duplicate_pairs(query, doc):
            return arrays.Judgments(query, doc, grade, path_text(qrels))
        frame = make_qrels(arrays.text_ids(query), arrays.text_ids(doc), grade, lines,
                           path_text(qrels))
        return arrays.judgments_from_frame(frame)
    return arrays.judgments_from_frame(as_qrels(qrels))


def as_ranking(run, *, progress: bool = False) -> arrays.Ranking:
    """Any input :func:`as_run` accepts, in the array form (:class:`rankbook.io.arrays.Ranking`).

    A document listed twice in one topic of a file or a DataFrame is not checked here: the
    batch evaluator finds it while joining, and refuses it with :func:`refuse_duplicates`.
    """
    kind = _kind(run, "run")
    if kind == "dict":
        columns = _dict_arrays(run, "run", "score")
        if columns is not None:
            return arrays.Ranking(*columns, np.arange(1, len(columns[1]) + 1), "run dict",
                                  "rankbook")
    if kind == "path":
        query, doc, score, lines, name = read_run_arrays(run, progress=progress)
        return arrays.Ranking(query, doc, score, lines, path_text(run), name)
    if kind == "frame":  # as as_run checks it, but for a document twice (found while joining)
        query, doc, score = frame_columns(run, "run", SCORE_NAMES)
        return arrays.Ranking(fast.byte_ids(query), fast.byte_ids(doc), score,
                              np.arange(1, len(doc) + 1), run.attrs.get("source", FRAME_ROWS),
                              run.attrs.get("name", "rankbook"))
    return arrays.ranking_from_frame(as_run(run))


def qrels_format(path) -> str:
    r"""Which qrels file ``path`` is, by its first non-blank line: ``"flagr"`` or ``"trec"``.

    ``"flagr"`` when :func:`file_format` finds FLAGR's qrels CSV (``query,0,item,relevance``),
    ``"trec"`` otherwise, and for what cannot be read twice (a pipe, a FIFO) or not read at
    all (the reader then says why). See the module docstring.

    Examples
    --------
    >>> import tempfile, pathlib
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> _ = (folder / "flagr.csv").write_text("1,0,Q1-E36,1\n")
    >>> _ = (folder / "trec.txt").write_text("301 0 doc,with,commas 1\n")
    >>> qrels_format(folder / "flagr.csv"), qrels_format(folder / "trec.txt")
    ('flagr', 'trec')
    """
    return "flagr" if file_format(path) == "flagr_qrels" else "trec"


def file_format(path) -> str:
    r"""What ``path`` holds, judged by its first non-blank line.

    A line of comma-separated fields with no white space inside a field (blanks around a
    field are not part of it, as FLAGR's reader strips them) is FLAGR's: four fields are its
    qrels CSV (``query,0,item,relevance``, ``"flagr_qrels"``), five or six its lists CSV
    (``query,voter,item,score,algorithm[,weight]``, ``"flagr_lists"``). Any other line is
    ``"trec"`` (a TREC run or qrels file, whose ids may hold commas). ``"unknown"`` when the
    file cannot be read twice (a pipe, a FIFO), cannot be read at all (the reader then says
    why) or has no line.

    Examples
    --------
    >>> import tempfile, pathlib
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> _ = (folder / "lists.csv").write_text("1,V1,Q1-E36,0.9,fuse\n")
    >>> _ = (folder / "qrels.csv").write_text("1, 0, Q1-E36, 1\n")
    >>> _ = (folder / "run.txt").write_text("301 Q0 doc,with,commas 1 0.9 sys\n")
    >>> [file_format(folder / name) for name in ("lists.csv", "qrels.csv", "run.txt")]
    ['flagr_lists', 'flagr_qrels', 'trec']
    """
    line = first_line(path)
    if line is None:
        return "unknown"
    fields = line.split(b",")
    if all(len(field.split()) <= 1 for field in fields):
        if len(fields) == 4:
            return "flagr_qrels"
        if len(fields) in (5, 6):
            return "flagr_lists"
    return "trec"


def first_line(path) -> bytes | None:
    """The first non-blank line of a regular file (decompressed, BOM dropped, stripped).

    None when it is not known without consuming the input or reading it wrongly: not a
    regular file (a pipe cannot be read twice), unreadable, a corrupt gzip, or no line; the
    reader then reports what is wrong, with file and line.
    """
    name = path_text(path)
    try:
        if not stat.S_ISREG(os.stat(name).st_mode):
            return None
        with open_binary(name) as handle:
            for chunk in chunks(handle, name, 64 * 1024):
                for line in chunk.split(b"\n"):
                    if line.strip():
                        return line.strip()
    except (OSError, EOFError, ValueError, zlib.error, RankbookError):
        return None
    return None


def refuse_duplicates(run: arrays.Ranking) -> None:
    """Raise :func:`as_run`'s error for a document listed twice in one topic of ``run``."""
    make_run(arrays.text_ids(run.query), arrays.text_ids(run.doc), run.score, run.lines,
             run.source)


def _kind(value, what: str) -> str:
    """``"path"``, ``"dict"`` or ``"frame"``: how ``value`` is read."""
    if isinstance(value, (str, os.PathLike)):
        return "path"
    if isinstance(value, Mapping):
        return "dict"
    if type(value).__name__ == "DataFrame" and hasattr(value, "columns"):
        return "frame"
    column = "grade" if what == "qrels" else "score"
    raise InvalidTypeError(
        f"{what} must be a path, a dict {{qid: {{docid: {column}}}}} or a pandas DataFrame "
        f"with columns query, doc, {column}; got {type(value).__name__}.")


def _dict_arrays(data: Mapping, name: str, value_name: str):
    """A dict's query, doc (array form) and value columns, straight from the dict.

    None when an id is not a ``str`` (``301`` and ``"301"`` would be one topic): then two
    keys may have the same text, and the DataFrame path (:func:`as_qrels`) reports it.
    An empty dict goes that way too, for its message.
    """
    qids, counts, doc, value, all_text = _dict_columns(data, name, value_name)
    if not all_text or not doc:
        return None
    return fast.repeat_ids(fast.byte_ids(qids), counts), fast.byte_ids(doc), value


def _from_dict(data: Mapping, name: str, value_name: str):
    """``{qid: {docid: value}}`` as three flat columns, every id and value checked."""
    qids, counts, doc, value, _ = _dict_columns(data, name, value_name)
    return np.repeat(np.array(qids, dtype=object), as_index(counts)).tolist(), doc, value


def _dict_columns(data: Mapping, name: str, value_name: str):
    """The topic ids, each topic's count, the doc ids and the values of a dict, all checked.

    The last item tells whether every key was a ``str`` (so no two have the same text).
    """
    qids, docs, values, first = [], [], [], []
    for qid, documents in data.items():
        if not isinstance(documents, Mapping):
            raise InvalidTypeError(
                f"{name}[{qid!r}] must be a dict {{docid: {value_name}}}, got "
                f"{type(documents).__name__}; write {name} as {{qid: {{docid: {value_name}}}}}.")
        qids.append(id_text(qid, lambda qid=qid: f"the topic id {qid!r} of {name}"))
        first.append(len(docs))
        docs.extend(documents.keys())
        values.extend(documents.values())
    starts = np.array(first, dtype=np.int64)
    keys = list(data.keys())

    def where(i: int) -> str:
        q = int(np.searchsorted(starts, i, side="right")) - 1
        return f"{name}[{keys[q]!r}][{docs[i]!r}]"

    doc = id_texts(docs, lambda i: f"the document id {docs[i]!r} in " + where(i))
    value = value_array(values, where, value_name)
    all_text = doc is docs and all(type(key) is str for key in keys)  # id_texts: same list
    return qids, np.diff(np.r_[starts, len(docs)]), doc, value, all_text


def _pick(frame, names: tuple[str, ...], what: str, kind: str) -> str:
    for column in names:
        if column in frame.columns:
            return column
    raise InputFileError(
        f"the {kind} DataFrame has no {what} column; name one of its columns "
        f"{' or '.join(repr(n) for n in names)} (it has {list(frame.columns)}).",
        f"{kind} DataFrame")


def frame_columns(frame, kind: str, value_names: tuple[str, ...]):
    """A DataFrame's topic, document and value columns, every id and value checked."""
    query_column = _pick(frame, QUERY_NAMES, "topic", kind)
    doc_column = _pick(frame, DOC_NAMES, "document", kind)
    value_column = _pick(frame, value_names, value_names[0], kind)
    source = f"{kind} DataFrame (rows counted from 1)"
    twice = sorted({str(c) for c in frame.columns[frame.columns.duplicated()]}
                   & {str(query_column), str(doc_column), str(value_column)})
    if twice:
        raise InputFileError(
            f"the {kind} DataFrame has several columns named {twice[0]!r}; keep one (e.g. "
            "frame.loc[:, ~frame.columns.duplicated()]) or rename the others.", source)
    raw = frame[value_column].to_numpy()
    refused = column_refusal(raw)
    if refused is not None:
        reason, rows = refused
        shown = f"holds {raw[rows[0]]!r}" if rows else f"has dtype {raw.dtype}"
        raise InputFileError(f"column {value_column!r} {shown}; a {value_column} must be a "
                             f"{reason}.", source, [r + 1 for r in rows])
    text = [i for i, v in enumerate(raw.tolist()) if isinstance(v, (str, bytes))] \
        if raw.dtype.kind in "OSU" else []
    if text:  # as the dict form refuses '1.5': text is not silently parsed as a number
        raise InputFileError(
            f"column {value_column!r} holds text ({raw[text[0]]!r}), not a number; convert the "
            "column with pandas.to_numeric first.", source, [i + 1 for i in text])
    try:
        values = raw.astype(np.float64)
    except (TypeError, ValueError, OverflowError):
        bad = [i for i, v in enumerate(raw) if not _is_number(v)]
        raise InputFileError(
            f"column {value_column!r} holds {raw[bad[0]]!r}, which is not a number (or not one "
            f"a float can hold); convert the column with pandas.to_numeric first.", source,
            (np.array(bad) + 1).tolist()) from None
    finite = np.isfinite(values)
    if not finite.all():
        bad = np.flatnonzero(~finite)
        raise InputFileError(
            f"column {value_column!r} holds {values[bad[0]]}; a {value_column} must be a finite "
            "number. Drop the rows of unjudged or unretrieved documents instead.",
            source, (bad + 1).tolist())
    ids = []
    for column in (query_column, doc_column):
        values_of = frame[column].tolist()
        try:
            ids.append(id_texts(values_of, lambda i, c=column: f"row {i + 1} of column {c!r}"))
        except (InvalidTypeError, InvalidValueError) as error:
            raise InputFileError(str(error), source, [error.index + 1]) from None
    return ids[0], ids[1], values


def _is_number(value) -> bool:
    try:
        float(value)
        return True
    except (TypeError, ValueError, OverflowError):
        return False
