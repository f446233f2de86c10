r"""TREC qrels and runs: the files trec_eval reads.

| file | one line per | fields |
| --- | --- | --- |
| qrels | judgment | `qid iter docid grade` (iter is ignored) |
| run | retrieved document | `qid Q0 docid rank score tag` (Q0 and rank are ignored) |

Fields are separated by any run of spaces or tabs; lines end in LF or CRLF; a
UTF-8 byte-order mark is skipped; a file whose name ends in `.gz` is
decompressed. Ids are strings, kept whole (`#`, accents, leading zeros and
long ids survive). Blank lines are skipped.

Like trec_eval 9.x, the rank column of a run is ignored (documents are ordered
by score) and fields after the sixth are ignored (trec_eval's own test run
`results.trunc` has such trailing text). A qrels line must have exactly four
fields.

In memory a qrels is a pandas DataFrame with columns ``query``, ``doc``,
``grade`` and a run one with ``query``, ``doc``, ``score``; the run's tag is in
``run.attrs["name"]`` and the file in ``.attrs["source"]``.
"""

from __future__ import annotations

import warnings
from pathlib import Path

import numpy as np

from rankbook._errors import InputFileError
from rankbook.io._source import path_text
from rankbook.io._table import read_trec_columns

QRELS_LAYOUT = "qid iter docid grade, e.g. '301 0 FR940202-2-00150 1'"
RUN_LAYOUT = "qid Q0 docid rank score tag, e.g. '301 Q0 FR940202-2-00150 1 2.13 mysystem'"


def read_qrels(path, *, progress: bool = False):
    r"""Read a TREC qrels file into a DataFrame with columns query, doc, grade.

    Parameters
    ----------
    path : str or os.PathLike
        The qrels file (`qid iter docid grade` per line); `.gz` is decompressed.
    progress : bool, default False
        Print progress on stderr if reading takes more than a couple of seconds.

    Returns
    -------
    pandas.DataFrame
        One row per judgment: ``query`` (str), ``doc`` (str), ``grade`` (float).
        ``.attrs["source"]`` is the path.

    Raises
    ------
    rankbook.InputFileError
        If the file is missing or empty, a line does not have four fields, a
        grade is not a finite number, or a document is judged twice for one
        topic with different grades. The message names the file and lines.
        A document judged twice with the *same* grade is kept once, with a
        warning.

    Examples
    --------
    >>> import tempfile, pathlib
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "qrels.txt"
    >>> _ = path.write_text("301 0 FR940202-2-00150 1\n301 0 CR93E-10279 0\n")
    >>> read_qrels(path)
      query                doc  grade
    0   301  FR940202-2-00150    1.0
    1   301        CR93E-10279    0.0
    """
    query, doc, grade, lines = read_qrels_arrays(path, progress=progress)
    return make_qrels(_text(query), _text(doc), grade, lines, path_text(path))


def read_run(path, *, progress: bool = False):
    r"""Read a TREC run file into a DataFrame with columns query, doc, score.

    Parameters
    ----------
    path : str or os.PathLike
        The run file (`qid Q0 docid rank score tag` per line); `.gz` is decompressed.
    progress : bool, default False
        Print progress on stderr if reading takes more than a couple of seconds.

    Returns
    -------
    pandas.DataFrame
        One row per retrieved document: ``query`` (str), ``doc`` (str),
        ``score`` (float), in file order. ``.attrs["name"]`` is the tag of
        the first line (trec_eval's ``runid``), ``.attrs["source"]`` the path.

    Raises
    ------
    rankbook.InputFileError
        If the file is missing or empty, a line has fewer than six fields, a
        score is not a finite number, or a document appears twice in one topic.

    Examples
    --------
    >>> import tempfile, pathlib
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "run.txt"
    >>> _ = path.write_text("301 Q0 FR940202-2-00150 1 2.13 bm25\n301 Q0 CR93E-10279 2 1.7 bm25\n")
    >>> run = read_run(path)
    >>> run
      query                doc  score
    0   301  FR940202-2-00150   2.13
    1   301        CR93E-10279   1.70
    >>> run.attrs["name"]
    'bm25'

    """
    query, doc, score, lines, name = read_run_arrays(path, progress=progress)
    return make_run(_text(query), _text(doc), score, lines, path_text(path), name=name)


def read_qrels_arrays(path, *, progress: bool = False):
    """A qrels file as numpy arrays: query and doc ids (``S`` bytes), grade, line numbers.

    The fast, lean form of :func:`read_qrels` (no Python object per line), used by
    the batch evaluator; it checks every line the same way but not duplicates
    (:func:`make_qrels` and the evaluator do).
    """
    (query, doc), grade, lines, _ = read_trec_columns(
        path, columns=4, extra_ok=False, what="qrels", layout=QRELS_LAYOUT, ids=(0, 2),
        number=3, number_name="grade",
        fix="write the relevance grade as a number such as 0, 1 or 2.", progress=progress)
    return query, doc, grade, lines


def read_run_arrays(path, *, progress: bool = False):
    """A run file as numpy arrays: query and doc ids (``S`` bytes), score, line numbers, name.

    The fast, lean form of :func:`read_run` (see :func:`read_qrels_arrays`). The name is
    the tag (sixth field) of the first line, trec_eval's ``runid``; the file is read
    once, so a FIFO or ``<(zcat run.gz)`` works.
    """
    (query, doc), score, lines, name = read_trec_columns(
        path, columns=6, extra_ok=True, what="run", layout=RUN_LAYOUT, ids=(0, 2), number=4,
        number_name="score", fix="write the score (the fifth field) as a number such as 2.13.",
        progress=progress, name_column=5)
    return query, doc, score, lines, name


def _text(ids: np.ndarray) -> list[str]:
    """An ``S`` array of UTF-8 ids as a list of str."""
    return [value.decode("utf-8") for value in ids.tolist()]


def make_qrels(query, doc, grade, lines, source: str):
    """Build the qrels DataFrame, refusing conflicting duplicate judgments."""
    import pandas as pd

    frame = pd.DataFrame({"query": _shared(query), "doc": doc, "grade": grade})
    twice = frame.duplicated(["query", "doc"], keep=False).to_numpy()
    if twice.any():
        groups = frame[twice].groupby(["query", "doc"], sort=False)["grade"]
        conflicting = groups.transform("nunique").to_numpy() > 1
        if conflicting.any():
            rows = np.flatnonzero(twice)[conflicting]
            first = frame.iloc[rows[0]]
            same = rows[(frame["query"].to_numpy()[rows] == first["query"])
                        & (frame["doc"].to_numpy()[rows] == first["doc"])]
            raise InputFileError(
                f"document {first['doc']!r} of topic {first['query']!r} is judged twice with "
                f"different grades ({', '.join(_number(g) for g in frame['grade'].to_numpy()[same])}); "
                "keep one judgment per document and topic.",
                source, lines[same].tolist())
        rows = np.flatnonzero(twice)
        warnings.warn(
            f"{source}: {int(frame.duplicated(['query', 'doc']).sum())} judgment(s) repeat an "
            f"earlier one with the same grade (first at line {int(lines[rows[1]])}); each is "
            "counted once.", stacklevel=3)
        frame = frame.drop_duplicates(["query", "doc"]).reset_index(drop=True)
    frame.attrs["source"] = source
    return frame


def make_run(query, doc, score, lines, source: str, *, name: str = "rankbook"):
    """Build the run DataFrame, refusing a document listed twice for one topic."""
    import pandas as pd

    frame = pd.DataFrame({"query": _shared(query), "doc": doc, "score": score})
    twice = frame.duplicated(["query", "doc"], keep=False).to_numpy()
    if twice.any():
        rows = np.flatnonzero(twice)
        first = frame.iloc[rows[0]]
        same = rows[(frame["query"].to_numpy()[rows] == first["query"])
                    & (frame["doc"].to_numpy()[rows] == first["doc"])]
        raise InputFileError(
            f"document {first['doc']!r} appears {same.size} times in topic {first['query']!r}; "
            "a run lists each document at most once per topic (trec_eval refuses such runs). "
            "Keep the line with the best score and delete the others.",
            source, lines[same].tolist())
    frame.attrs["name"] = name
    frame.attrs["source"] = source
    return frame


def _shared(values: list[str]) -> list[str]:
    """The same list with equal ids sharing one string object (saves memory)."""
    seen: dict[str, str] = {}
    return [seen.setdefault(value, value) for value in values]


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else repr(float(value))


def write_qrels(qrels, path) -> None:
    r"""Write judgments as a TREC qrels file (`qid 0 docid grade`).

    Parameters
    ----------
    qrels : DataFrame, dict or path
        Anything :func:`rankbook.io.as_qrels` accepts.
    path : str or os.PathLike
        Where to write; a name ending in `.gz` is gzip-compressed.

    Examples
    --------
    >>> import tempfile, pathlib
    >>> target = pathlib.Path(tempfile.mkdtemp()) / "qrels.txt"
    >>> write_qrels({"q1": {"d1": 2, "d2": 0}}, target)
    >>> print(target.read_text(), end="")
    q1 0 d1 2
    q1 0 d2 0
    """
    from rankbook.io.convert import as_qrels

    frame = as_qrels(qrels)
    grades = [_number(g) for g in frame["grade"].to_numpy()]
    text = "".join(f"{q} 0 {d} {g}\n" for q, d, g in zip(frame["query"], frame["doc"], grades))
    _write(path, text)


def write_run(run, path, *, name: str | None = None) -> None:
    r"""Write a run as a TREC run file (`qid Q0 docid rank score tag`).

    Documents are written per topic in trec_eval's order (score descending,
    then document id descending), ranked from 1.

    Parameters
    ----------
    run : DataFrame, dict or path
        Anything :func:`rankbook.io.as_run` accepts.
    path : str or os.PathLike
        Where to write; a name ending in `.gz` is gzip-compressed.
    name : str, optional
        The run tag (last field). Default: ``run.attrs["name"]`` or ``"rankbook"``.

    Examples
    --------
    >>> import tempfile, pathlib
    >>> target = pathlib.Path(tempfile.mkdtemp()) / "run.txt"
    >>> write_run({"q1": {"d1": 0.5, "d2": 1.5}}, target, name="bm25")
    >>> print(target.read_text(), end="")
    q1 Q0 d2 1 1.5 bm25
    q1 Q0 d1 2 0.5 bm25
    """
    from rankbook.io.convert import as_run, trec_order

    frame = as_run(run)
    tag = name or frame.attrs.get("name") or "rankbook"
    if any(c.isspace() for c in tag):
        raise InputFileError(f"the run name {tag!r} contains white space; choose one without.")
    frame = frame.iloc[trec_order(frame)]
    queries = frame["query"].to_numpy()
    start = np.r_[True, queries[1:] != queries[:-1]]
    block = np.cumsum(start) - 1
    first = np.flatnonzero(start)
    ranks = np.arange(len(frame)) - first[block] + 1
    text = "".join(f"{q} Q0 {d} {r} {s!r} {tag}\n" for q, d, r, s in
                   zip(queries, frame["doc"], ranks.tolist(), frame["score"].tolist()))
    _write(path, text)


def _write(path, text: str) -> None:
    path = Path(path)
    data = text.encode("utf-8")
    if path.suffix == ".gz":
        import gzip

        with gzip.open(path, "wb") as handle:
            handle.write(data)
    else:
        path.write_bytes(data)
