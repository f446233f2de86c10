r"""ir_measures' records and inputs: ``Qrel``, ``ScoredDoc``, ``Metric``, the TREC readers, and every qrels and run form.

The named tuples are ir-measures 0.4.3's, field for field. Qrels and runs may be given in
any form ir_measures or PyTerrier gives them, and each is read by :mod:`rankbook.io.convert`
(the checks of rankbook's readers: a grade or score that is not a finite number, a document
listed twice, a missing column is refused with the row, item or column named; nothing is
dropped or converted silently, except ids, which are text):

| form | qrels | run |
| --- | --- | --- |
| dict of dicts | ``{query_id: {doc_id: relevance}}`` | ``{query_id: {doc_id: score}}`` |
| pandas DataFrame (ir_measures) | ``query_id``, ``doc_id``, ``relevance`` | ``query_id``, ``doc_id``, ``score`` |
| pandas DataFrame (PyTerrier) | ``qid``, ``docno``, ``label`` | ``qid``, ``docno``, ``score`` (``rank``, ``query``, ``docid`` ignored) |
| iterable of named tuples (a generator is read once) | ``Qrel``, ir_datasets' ``TrecQrel`` ... | ``ScoredDoc``, ir_datasets' ``GenericScoredDoc`` ... |
| path | a TREC qrels file | a TREC run file |

Examples
--------
>>> qrels = [Qrel("q1", "d1", 2), Qrel("q1", "d2", 0)]
>>> qrels_frame(iter(qrels))
  query doc  grade
0    q1  d1    2.0
1    q1  d2    0.0
"""

from __future__ import annotations

import os
import tempfile
from operator import attrgetter
from typing import NamedTuple

import pandas as pd

from rankbook._errors import InputFileError, InvalidTypeError
from rankbook.io import read_run
from rankbook.io.convert import as_qrels, as_run
from rankbook.io.subtopics import as_subtopic_qrels


class Qrel(NamedTuple):
    """One judgment, as ir_measures' ``Qrel``."""

    query_id: str
    doc_id: str
    relevance: int
    iteration: str = "0"


class ScoredDoc(NamedTuple):
    """One retrieved document, as ir_measures' ``ScoredDoc``."""

    query_id: str
    doc_id: str
    score: float


class Metric(NamedTuple):
    """One topic's value of one measure, as ir_measures' ``Metric``."""

    query_id: str
    measure: object
    value: float


class CalcResults(NamedTuple):
    """The aggregates and the per-topic values, as ir_measures' ``CalcResults``."""

    aggregated: object
    per_query: list


class _Records:
    """The records of a file read once, iterable as ir_measures' generators; keeps the table."""

    def __init__(self, frame: pd.DataFrame, make, columns=None):
        self.frame, self._make = frame, make
        self._columns = list(columns or frame.columns[:3])
        self._rows = None

    def __iter__(self):
        return self

    def __next__(self):
        if self._rows is None:
            self._rows = iter(zip(*(self.frame[c].tolist() for c in self._columns)))
        return self._make(*next(self._rows))


def read_trec_qrels(file) -> _Records:
    r"""Read TREC qrels (``qid iter docid grade``) as ``Qrel`` records.

    Parameters
    ----------
    file : str, os.PathLike or file object
        A path (``.gz`` decompressed), the text itself (a string with a newline) or an
        open text file. Read by :func:`rankbook.io.as_subtopic_qrels`, whose errors name
        the line: a document may be judged once per topic and iteration (the iteration is
        the subtopic of ir_measures' diversity measures).

    Returns
    -------
    iterator of Qrel
        Grades as numbers (``relevance`` an int when whole), ``iteration`` as in the file;
        the evaluator reads the table directly, without making the tuples.
    """
    frame = _read(file, as_subtopic_qrels)
    return _Records(frame, lambda q, d, g, i: Qrel(q, d, int(g) if float(g).is_integer() else g,
                                                   i), ("query", "doc", "grade", "subtopic"))


def read_trec_run(file) -> _Records:
    r"""Read a TREC run (``qid Q0 docid rank score tag``) as ``ScoredDoc`` records.

    Parameters
    ----------
    file : str, os.PathLike or file object
        As for :func:`read_trec_qrels`; read by :func:`rankbook.io.read_run`.

    Returns
    -------
    iterator of ScoredDoc
    """
    return _Records(_read(file, read_run), ScoredDoc)


def _read(file, reader) -> pd.DataFrame:
    if isinstance(file, (str, os.PathLike)) and "\n" not in str(file):
        return reader(file)
    text = file if isinstance(file, str) else file.read()
    if isinstance(text, bytes):
        text = text.decode()
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "text")
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(text)
        return reader(path)


def qrels_frame(qrels) -> pd.DataFrame:
    """Any qrels form as rankbook's table: columns query, doc, grade (input order)."""
    return _frame(qrels, "qrels", ("query_id", "doc_id", "relevance"), as_qrels)


def run_frame(run) -> pd.DataFrame:
    """Any run form as rankbook's table: columns query, doc, score (input order)."""
    return _frame(run, "run", ("query_id", "doc_id", "score"), as_run)


#: The columns read first, ir_measures' then PyTerrier's: a PyTerrier result frame also has
#: ``query`` (the query's text) and ``docid`` (Terrier's internal number), which
#: rankbook.io would otherwise take for the topic and the document.
PREFERRED = {"query": ("query_id", "qid"), "doc": ("doc_id", "docno"),
             "grade": ("relevance", "label"), "score": ("score",)}


def _frame(value, kind: str, fields: tuple[str, ...], convert) -> pd.DataFrame:
    if isinstance(value, _Records) and "subtopic" in value.frame.columns:  # qrels
        return _from_records(value, kind, fields, convert)
    if isinstance(value, _Records):
        return value.frame
    if _is_records(value):
        return _from_records(value, kind, fields, convert)
    if isinstance(value, pd.DataFrame):
        value = _preferred_columns(value, "grade" if kind == "qrels" else "score")
    return convert(value)


def subtopic_qrels_frame(qrels) -> pd.DataFrame:
    r"""Any qrels form as subtopic qrels: columns query, subtopic, doc, grade (pyndeval's input).

    The subtopic is ir_measures' ``iteration``: the field of ``Qrel`` records, the
    ``iteration`` column of a DataFrame, the second column of a TREC qrels file (read by
    :func:`rankbook.io.as_subtopic_qrels`). A dict of dicts, a record or a DataFrame without
    it are one subtopic ``'0'`` per topic, as
    ir_measures' pyndeval provider reads them. A document may be judged once per subtopic.

    Examples
    --------
    >>> subtopic_qrels_frame([Qrel("q1", "d1", 1, "a"), Qrel("q1", "d1", 0, "b")])
      query subtopic doc  grade
    0    q1        a  d1    1.0
    1    q1        b  d1    0.0
    """
    if isinstance(qrels, (str, os.PathLike)) and "\n" not in str(qrels):
        return as_subtopic_qrels(qrels)
    if isinstance(qrels, _Records):
        return qrels.frame
    if isinstance(qrels, pd.DataFrame):
        named = _preferred_columns(qrels, "grade")
        subtopic = qrels["iteration"] if "iteration" in qrels.columns else "0"
        columns = dict(zip(("query", "doc", "grade"), (named[c] for c in named.columns[:3])))
        return as_subtopic_qrels(pd.DataFrame({**columns, "subtopic": subtopic})
                                 [["query", "subtopic", "doc", "grade"]])
    if isinstance(qrels, dict):
        return as_subtopic_qrels({q: {"0": docs} for q, docs in qrels.items()})
    if _is_records(qrels):
        rows = list(qrels)
        _from_records(rows, "qrels", ("query_id", "doc_id", "relevance"), lambda x: x)
        return as_subtopic_qrels(pd.DataFrame(
            {"query": [r.query_id for r in rows],
             "subtopic": [getattr(r, "iteration", "0") for r in rows],
             "doc": [r.doc_id for r in rows], "grade": [r.relevance for r in rows]}))
    return as_subtopic_qrels(qrels)  # its error names what is accepted


def readable_twice(qrels):
    """The qrels as given, or, if they are an iterator of records, as a list of them."""
    return list(qrels) if _is_records(qrels) and not isinstance(qrels, _Records) else qrels


def _preferred_columns(frame: pd.DataFrame, value: str) -> pd.DataFrame:
    """Only the topic, document and value columns, as ir_measures or PyTerrier name them."""
    chosen = []
    for role in ("query", "doc", value):
        found = [c for c in PREFERRED[role] if c in frame.columns]
        if not found:
            return frame  # rankbook.io's names, or its error naming the missing column
        chosen.append(found[0])
    return frame[chosen]


def _is_records(value) -> bool:
    return not isinstance(value, (str, bytes, os.PathLike, dict, pd.DataFrame)) \
        and hasattr(value, "__iter__")


def _from_records(items, kind: str, fields: tuple[str, ...], convert) -> pd.DataFrame:
    """Named tuples (or any objects with the three fields) to a checked table."""
    columns, checked, get = ([], [], []), set(), attrgetter(*fields)
    for index, item in enumerate(items):
        if type(item) not in checked:
            _check_record(item, index, kind, fields)
            checked.add(type(item))
        for column, value in zip(columns, get(item)):
            column.append(value)
    source = f"{kind} items (counted from 1)"
    try:
        return convert(pd.DataFrame(dict(zip(fields, columns))))
    except InputFileError as error:
        raise InputFileError(error.reason, source, error.lines) from None


def _check_record(item, index: int, kind: str, fields: tuple[str, ...]) -> None:
    names = getattr(item, "_fields", None)
    if not isinstance(item, tuple) or names is None:
        raise InvalidTypeError(
            f"{kind} item {index + 1} (counted from 1) is a {type(item).__name__} ({item!r}), not "
            f"a named tuple; give named tuples with the fields {', '.join(fields)} "
            f"(rankbook.ir_measures.{'Qrel' if kind == 'qrels' else 'ScoredDoc'}), a "
            "DataFrame or a dict of dicts.")
    missing = [f for f in fields if f not in names]
    if missing:
        raise InvalidTypeError(
            f"{kind} item {index + 1} (counted from 1), a {type(item).__name__}, has no field "
            f"{', '.join(missing)} (its fields: {', '.join(names)}); a {kind} record needs "
            f"{', '.join(fields)}.")
