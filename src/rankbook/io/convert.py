r"""Turn paths, Python dicts and DataFrames into rankbook's in-memory qrels and runs.

| input | qrels | run |
| --- | --- | --- |
| path (`str`, `pathlib.Path`) | TREC qrels file | TREC run file |
| dict | `{qid: {docid: grade}}` | `{qid: {docid: score}}` (pytrec_eval's and ranx's form) |
| DataFrame | columns query, doc, grade | columns query, doc, score |

DataFrame columns may also be named as other tools name them: the topic as
`qid`, `query_id` or `topic`; the document as `docid`, `doc_id`, `docno` or
`item`; the grade as `relevance`, `rel` or `label`. Ids are converted to
strings (`301` and `"301"` are the same topic, as in a file).

Every input is checked the way a file is: a grade or score that is not a finite
number, or a document listed twice for one topic, raises an error naming where.
"""

from __future__ import annotations

import os
from collections.abc import Mapping

import numpy as np

from rankbook._errors import InputFileError, InvalidTypeError, InvalidValueError
from rankbook.io._memory import id_text, id_texts, value_array

QUERY_NAMES = ("query", "qid", "query_id", "topic")
DOC_NAMES = ("doc", "docid", "doc_id", "docno", "item")
GRADE_NAMES = ("grade", "relevance", "rel", "label")
SCORE_NAMES = ("score",)


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
        Columns ``query`` (str), ``doc`` (str), ``grade`` (float).

    Examples
    --------
    >>> as_qrels({"q1": {"d1": 2, "d2": 0}})
      query doc  grade
    0    q1  d1    2.0
    1    q1  d2    0.0
    """
    from rankbook.io.trec import make_qrels, read_qrels

    if isinstance(qrels, (str, os.PathLike)):
        return read_qrels(qrels, progress=progress)
    if isinstance(qrels, Mapping):
        query, doc, grade = _from_dict(qrels, "qrels", "grade")
        return make_qrels(query, doc, grade, np.arange(1, len(doc) + 1), "qrels dict")
    if _is_frame(qrels):
        query, doc, grade = _from_frame(qrels, "qrels", GRADE_NAMES)
        return make_qrels(query, doc, grade, np.arange(1, len(doc) + 1),
                          "qrels DataFrame (rows counted from 1)")
    raise InvalidTypeError(
        f"qrels must be a path, a dict {{qid: {{docid: grade}}}} or a pandas DataFrame with "
        f"columns query, doc, grade; got {type(qrels).__name__}.")


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
        ``.attrs["name"]`` is the run's name.

    Examples
    --------
    >>> as_run({"q1": {"d1": 0.5, "d2": 1.5}})
      query doc  score
    0    q1  d1    0.5
    1    q1  d2    1.5
    """
    from rankbook.io.trec import make_run, read_run

    if isinstance(run, (str, os.PathLike)):
        return read_run(run, progress=progress)
    if isinstance(run, Mapping):
        query, doc, score = _from_dict(run, "run", "score")
        return make_run(query, doc, score, np.arange(1, len(doc) + 1), "run dict")
    if _is_frame(run):
        query, doc, score = _from_frame(run, "run", SCORE_NAMES)
        frame = make_run(query, doc, score, np.arange(1, len(doc) + 1),
                         "run DataFrame (rows counted from 1)")
        frame.attrs["name"] = run.attrs.get("name", "rankbook")
        return frame
    raise InvalidTypeError(
        f"run must be a path, a dict {{qid: {{docid: score}}}} or a pandas DataFrame with "
        f"columns query, doc, score; got {type(run).__name__}.")


def _is_frame(value) -> bool:
    return type(value).__name__ == "DataFrame" and hasattr(value, "columns")


def _from_dict(data: Mapping, name: str, value_name: str):
    """``{qid: {docid: value}}`` as three flat columns, every id and value checked."""
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
    query = np.repeat(np.array(qids, dtype=object), np.diff(np.r_[starts, len(docs)])).tolist()
    return query, doc, value


def _pick(frame, names: tuple[str, ...], what: str, kind: str) -> str:
    for column in names:
        if column in frame.columns:
            return column
    raise InputFileError(
        f"the {kind} DataFrame has no {what} column; name one of its columns "
        f"{' or '.join(repr(n) for n in names)} (it has {list(frame.columns)}).",
        f"{kind} DataFrame")


def _from_frame(frame, kind: str, value_names: tuple[str, ...]):
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


def trec_order(run) -> np.ndarray:
    r"""Row positions of ``run`` in trec_eval's order.

    Topics in string order; within a topic, score descending, and equal scores
    by document id descending (byte order, as C's ``strcmp``; for UTF-8 text
    that is Python's string order). The rank column, if any, is not used.

    Parameters
    ----------
    run : pandas.DataFrame
        Columns ``query``, ``doc``, ``score``.

    Returns
    -------
    numpy.ndarray of int
        Positions into ``run``.

    Examples
    --------
    >>> import pandas as pd
    >>> run = pd.DataFrame({"query": ["1", "1", "1"], "doc": ["a", "c", "b"],
    ...                     "score": [1.0, 0.5, 1.0]})
    >>> run.iloc[trec_order(run)].doc.tolist()
    ['b', 'a', 'c']
    """
    import pandas as pd

    queries = run["query"].to_numpy(dtype=object)
    score = run["score"].to_numpy(dtype=np.float64)
    codes = query_codes(queries)
    order = np.lexsort((-score, codes))
    sorted_codes = codes[order]
    sorted_score = score[order]
    tied = np.r_[False, (sorted_codes[1:] == sorted_codes[:-1])
                 & (sorted_score[1:] == sorted_score[:-1])]
    if tied.any():
        tied[:-1] |= tied[1:]
        rows = order[tied]
        doc_rank, _ = pd.factorize(run["doc"].to_numpy(dtype=object)[rows], sort=True)
        key = np.zeros(len(run), dtype=np.int64)
        key[rows] = -doc_rank
        order = np.lexsort((key, -score, codes))
    return order


def query_codes(queries: np.ndarray) -> np.ndarray:
    """Integer code of each topic id, numbered in string order (fast when topics come in blocks)."""
    import pandas as pd

    if len(queries) == 0:
        return np.zeros(0, dtype=np.int64)
    start = np.r_[True, queries[1:] != queries[:-1]]
    heads = queries[start]
    head_codes, _ = pd.factorize(heads, sort=True)
    return np.repeat(head_codes, np.diff(np.r_[np.flatnonzero(start), len(queries)]))
