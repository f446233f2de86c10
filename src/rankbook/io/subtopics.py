r"""Subtopic (diversity) judgments and intent probabilities: what diversity measures read.

| file | one line per | fields |
| --- | --- | --- |
| subtopic qrels (TREC Web track 2009-2014, ndeval's input) | judgment | `topic subtopic docid grade` |
| intent probabilities (NTCIREVAL's `.Iprob`) | intent | `topic intent probability` |

A subtopic qrels file looks like an ordinary qrels file, but its second column is the
subtopic (intent) the document is judged for, where trec_eval's qrels have an ignored
iteration. So a document relevant to two subtopics has two lines, and here two rows:
nothing is merged. Reading such a file with `rankbook.io.read_qrels` refuses it (one
document, two grades) or, when the grades agree, keeps one line with a warning.

NTCIREVAL's scripts describe its intent probability file as ``<topicID> <intentnum>
<prob> [inf/nav]``; the D#/DIN scripts use the optional fourth field. This reader takes
the three-field form (``.Iprob``) and refuses a line with a fourth field rather than
drop it. A topic's probabilities are not required to sum to 1 (nothing is renormalised).

Lines, bytes and ids follow the TREC readers (:mod:`rankbook.io.trec`): fields apart by
spaces or tabs, ids kept as text, gzip decompressed, blank lines skipped; every other line
is taken or refused with the file and line named. A grade is read as trec_eval and
`read_qrels` read it (C's ``atol``: ``2.5`` is 2, with a warning).
"""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np

from rankbook._errors import InputFileError, InvalidTypeError
from rankbook.io._memory import id_text, id_texts, value_array
from rankbook.io._source import path_text
from rankbook.io.arrays import text_ids
from rankbook.io.convert import GRADE_NAMES, frame_columns
from rankbook.io.fast import read_trec_columns
from rankbook.io.frames import make_subtopic_qrels

__all__ = ["as_subtopic_qrels", "read_intent_probabilities", "read_subtopic_qrels",
           "subtopic_matrix"]

SUBTOPIC_NAMES = ("subtopic", "intent", "subtopic_id")
SUBTOPIC_QRELS_COLUMNS = dict(
    columns=4, extra_ok=False, what="subtopic qrels",
    layout="topic subtopic docid grade, e.g. '1 2 clueweb09-en0003-55-31884 1'", ids=(0, 1, 2),
    number=3, number_name="grade", fix="write the relevance grade as a number such as 0, 1 or 2.",
    integer_part=True)
INTENT_COLUMNS = dict(
    columns=3, extra_ok=False, what="intent probability file",
    layout="topic intent probability, e.g. '0001 1 0.25' (NTCIREVAL's .Iprob)", ids=(0, 1),
    number=2, number_name="probability", fix="write the probability as a number such as 0.25.")


def read_subtopic_qrels(path, *, progress: bool = False):
    r"""Read a subtopic (diversity) qrels file: one row per (topic, subtopic, document).

    Parameters
    ----------
    path : str or os.PathLike
        The file (`topic subtopic docid grade` per line); gzip is decompressed.
    progress : bool, default False
        Print progress on stderr if reading takes more than a couple of seconds.

    Returns
    -------
    pandas.DataFrame
        Columns ``query``, ``subtopic``, ``doc`` (str) and ``grade`` (float), in file order;
        a document judged under two subtopics is two rows. ``.attrs["source"]`` is the path.

    Raises
    ------
    rankbook.InputFileError
        The file is missing or empty, a line does not have four fields, a grade is not a
        finite number, or one (topic, subtopic, document) is judged twice with different
        grades (every line named). The same judgment twice with the *same* grade is kept
        once, with a warning naming the line, as `rankbook.io.read_qrels` does.

    See Also
    --------
    as_subtopic_qrels : the same from a dict or a DataFrame.
    subtopic_matrix : one topic's rows as a (documents x subtopics) grade matrix.

    Examples
    --------
    >>> import tempfile, pathlib
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "qrels.diversity"
    >>> _ = path.write_text("1 1 d1 1\n1 2 d1 1\n1 2 d2 0\n")
    >>> read_subtopic_qrels(path)
      query subtopic doc  grade
    0     1        1  d1    1.0
    1     1        2  d1    1.0
    2     1        2  d2    0.0
    """
    (query, subtopic, doc), grade, lines, _ = read_trec_columns(
        path, progress=progress, **SUBTOPIC_QRELS_COLUMNS)
    return make_subtopic_qrels(text_ids(query), text_ids(subtopic), text_ids(doc), grade, lines,
                               path_text(path))


def as_subtopic_qrels(qrels, *, progress: bool = False):
    r"""Subtopic judgments as the DataFrame of :func:`read_subtopic_qrels`, from any form.

    Parameters
    ----------
    qrels : str, os.PathLike, dict or pandas.DataFrame
        A subtopic qrels file; ``{qid: {subtopic: {docid: grade}}}``; or a DataFrame with
        columns query, subtopic, doc, grade (the topic may be named ``qid``, ``query_id``
        or ``topic``; the subtopic ``intent`` or ``subtopic_id``; the document and grade as
        `rankbook.io.as_qrels` accepts them). Ids become text (``1`` and ``"1"`` are one id).
    progress : bool, default False
        Passed to the file reader.

    Returns
    -------
    pandas.DataFrame
        Columns ``query``, ``subtopic``, ``doc``, ``grade``, one row per judgment.

    Raises
    ------
    rankbook.InputFileError
        As :func:`read_subtopic_qrels`; rows of a dict or DataFrame are counted from 1.
    rankbook.InvalidTypeError
        ``qrels`` is none of these, or a dict level is not a dict.

    Examples
    --------
    >>> as_subtopic_qrels({"q1": {"a": {"d1": 1}, "b": {"d1": 2, "d2": 1}}})
      query subtopic doc  grade
    0    q1        a  d1    1.0
    1    q1        b  d1    2.0
    2    q1        b  d2    1.0
    """
    if isinstance(qrels, (str, bytes)) or hasattr(qrels, "__fspath__"):
        return read_subtopic_qrels(qrels, progress=progress)
    if isinstance(qrels, Mapping):
        query, subtopic, doc, grade = _from_dict(qrels)
        return make_subtopic_qrels(query, subtopic, doc, grade, np.arange(1, len(doc) + 1),
                                   "subtopic qrels dict")
    if type(qrels).__name__ == "DataFrame" and hasattr(qrels, "columns"):
        return _from_frame(qrels)
    raise InvalidTypeError(
        "subtopic qrels must be a path, a dict {qid: {subtopic: {docid: grade}}} or a pandas "
        f"DataFrame with columns query, subtopic, doc, grade; got {type(qrels).__name__}.")


def _from_dict(data: Mapping):
    """``{qid: {subtopic: {docid: grade}}}`` as four flat columns, every id and grade checked."""
    query, subtopic, docs, grades, places = [], [], [], [], []
    for qid, intents in data.items():
        _need_mapping(intents, f"qrels[{qid!r}]", "{subtopic: {docid: grade}}")
        qid_text = id_text(qid, lambda qid=qid: f"the topic id {qid!r} of the subtopic qrels")
        for intent, documents in intents.items():
            place = f"qrels[{qid!r}][{intent!r}]"
            _need_mapping(documents, place, "{docid: grade}")
            intent_text = id_text(intent, lambda place=place: f"the subtopic id of {place}")
            query.extend([qid_text] * len(documents))
            subtopic.extend([intent_text] * len(documents))
            docs.extend(documents.keys())
            grades.extend(documents.values())
            places.extend([place] * len(documents))
    doc = id_texts(docs, lambda i: f"the document id {docs[i]!r} in {places[i]}")
    grade = value_array(grades, lambda i: f"{places[i]}[{docs[i]!r}]", "grade")
    return query, subtopic, doc, grade


def _need_mapping(value, place: str, shape: str) -> None:
    if not isinstance(value, Mapping):
        raise InvalidTypeError(
            f"{place} must be a dict {shape}, got {type(value).__name__}; write subtopic qrels "
            "as {qid: {subtopic: {docid: grade}}}.")


def _from_frame(frame):
    """A DataFrame's four columns, checked as `rankbook.io.as_qrels` checks its three."""
    source = "subtopic qrels DataFrame (rows counted from 1)"
    column = next((name for name in SUBTOPIC_NAMES if name in frame.columns), None)
    if column is None:
        raise InputFileError(
            "the subtopic qrels DataFrame has no subtopic column; name one of its columns "
            f"{' or '.join(map(repr, SUBTOPIC_NAMES))} (it has {list(frame.columns)}).", source)
    try:
        subtopic = id_texts(frame[column].tolist(),
                            lambda i: f"row {i + 1} of column {column!r}")
    except (InvalidTypeError, ValueError) as error:
        raise InputFileError(str(error), source, [error.index + 1]) from None
    query, doc, grade = frame_columns(frame, "subtopic qrels", GRADE_NAMES)
    return make_subtopic_qrels(query, subtopic, doc, grade, np.arange(1, len(doc) + 1), source)


def read_intent_probabilities(path):
    r"""Read an intent probability file (NTCIREVAL's ``.Iprob``): P(intent | topic) per line.

    Parameters
    ----------
    path : str or os.PathLike
        The file (`topic intent probability` per line); gzip is decompressed.

    Returns
    -------
    pandas.DataFrame
        Columns ``query``, ``subtopic`` (str) and ``probability`` (float), in file order
        (``subtopic`` as in :func:`read_subtopic_qrels`, so the two join on it).
        ``.attrs["source"]`` is the path.

    Raises
    ------
    rankbook.InputFileError
        The file is missing or empty, a line does not have three fields (a DIN file's
        fourth field, inf or nav, is not read), a probability is not a number from 0 to 1,
        or an intent is listed twice for one topic (both lines named).

    Examples
    --------
    >>> import tempfile, pathlib
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "test.Iprob"
    >>> _ = path.write_text("0001 1 0.75\n0001 2 0.25\n")
    >>> read_intent_probabilities(path)
      query subtopic  probability
    0  0001        1         0.75
    1  0001        2         0.25
    """
    import pandas as pd

    (query, intent), probability, lines, _ = read_trec_columns(path, **INTENT_COLUMNS)
    source = path_text(path)
    outside = np.flatnonzero((probability < 0) | (probability > 1))
    if outside.size:
        raise InputFileError(
            f"the probability {probability[outside[0]]!r} is not between 0 and 1; write each "
            "intent's probability P(intent | topic) as a number from 0 to 1.", source,
            lines[outside].tolist())
    frame = pd.DataFrame({"query": text_ids(query), "subtopic": text_ids(intent),
                          "probability": probability})
    twice = np.flatnonzero(frame.duplicated(["query", "subtopic"], keep=False).to_numpy())
    if twice.size:
        first = frame.iloc[twice[0]]
        same = twice[(frame["query"].to_numpy()[twice] == first["query"])
                     & (frame["subtopic"].to_numpy()[twice] == first["subtopic"])]
        raise InputFileError(
            f"intent {first['subtopic']!r} of topic {first['query']!r} is listed "
            f"{same.size} times; give each intent of a topic one probability.", source,
            lines[same].tolist())
    frame.attrs["source"] = source
    return frame


def subtopic_matrix(rows, docs) -> tuple[tuple[str, ...], np.ndarray]:
    r"""One topic's subtopic grades as a matrix: one row per ranked document, one column per subtopic.

    $$M_{i,j} = \text{grade of document } d_i \text{ for subtopic } s_j \quad (0 \text{ if unjudged})$$

    Parameters
    ----------
    rows : pandas.DataFrame
        The rows of one topic from :func:`read_subtopic_qrels` (columns ``subtopic``,
        ``doc``, ``grade``; at most one row per (subtopic, doc), as the readers give).
    docs : sequence of str
        The ranked document ids, in rank order.

    Returns
    -------
    subtopics : tuple of str
        The topic's subtopics, in order of first appearance in ``rows`` (every judged
        subtopic, also one with no relevant document).
    matrix : numpy.ndarray of float64, shape (len(docs), len(subtopics))
        ``matrix[i, j]`` is the grade of ``docs[i]`` for ``subtopics[j]``; 0 where the
        document is not judged for that subtopic.

    Examples
    --------
    >>> qrels = as_subtopic_qrels({"q1": {"a": {"d1": 1, "d3": 2}, "b": {"d1": 1}}})
    >>> subtopics, matrix = subtopic_matrix(qrels, ["d3", "d1", "d9"])
    >>> subtopics
    ('a', 'b')
    >>> matrix
    array([[2., 0.],
           [1., 1.],
           [0., 0.]])
    """
    if "query" in rows.columns and rows["query"].nunique() > 1:
        raise InputFileError(
            f"subtopic_matrix takes the rows of one topic; these hold "
            f"{rows['query'].nunique()} topics. Select one first, e.g. "
            "qrels[qrels['query'] == qid].", rows.attrs.get("source"))
    subtopic = rows["subtopic"].tolist()
    subtopics = tuple(dict.fromkeys(subtopic))
    column_of = {name: j for j, name in enumerate(subtopics)}
    row_of = {doc: i for i, doc in enumerate(docs)}
    matrix = np.zeros((len(docs), len(subtopics)), dtype=np.float64)
    for name, doc, grade in zip(subtopic, rows["doc"].tolist(), rows["grade"].tolist()):
        if doc in row_of:
            matrix[row_of[doc], column_of[name]] = grade
    return subtopics, matrix
