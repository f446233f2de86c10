r"""TREC qrels and runs: the files trec_eval reads.

| file | one line per | fields |
| --- | --- | --- |
| qrels | judgment | `qid iter docid grade` (iter is ignored) |
| run | retrieved document | `qid Q0 docid rank score tag` (Q0 and rank are ignored) |

Fields are separated by any run of spaces or tabs; lines end in LF or CRLF; a
UTF-8 byte-order mark is skipped; a file whose name ends in `.gz` is
decompressed. Ids are strings, kept whole (`#`, accents, leading zeros and
long ids survive). Blank lines are skipped.

Like trec_eval 9.x, a grade is read with C's ``atol`` (``2.5`` is 2, ``1e1`` is 1; a note
names the first line where that changed a value), the rank column of a run is ignored
(documents are ordered by score) and fields after the sixth are ignored (trec_eval's own test run
`results.trunc` has such trailing text). A qrels line must have exactly four
fields.

The readers return the table form (:mod:`rankbook.io.frames`: a DataFrame
with columns ``query``, ``doc``, ``grade`` or ``score``; the run's tag in
``run.attrs["name"]``, the file in ``.attrs["source"]``), or, with the
``*_arrays`` readers, the arrays of the array form (:mod:`rankbook.io.arrays`).
The writers are in :mod:`rankbook.io.writers`.
"""

from __future__ import annotations

from rankbook.io._source import path_text
from rankbook.io.arrays import text_ids
from rankbook.io.fast import read_trec_columns, trec_chunks
from rankbook.io.frames import make_qrels, make_run

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
        ``.attrs["source"]`` is the path. A grade is the whole number C's ``atol``
        reads, as trec_eval's ``get_qrels.c`` does (``2.5`` is 2, ``1e1`` is 1), with
        a ``UserWarning`` naming the first line where that is not the number written.

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
    return make_qrels(text_ids(query), text_ids(doc), grade, lines, path_text(path))


def read_run(path, *, progress: bool = False, element_types: bool = False):
    r"""Read a TREC run file into a DataFrame with columns query, doc, score.

    Parameters
    ----------
    path : str or os.PathLike
        The run file (`qid Q0 docid rank score tag` per line); `.gz` is decompressed.
    progress : bool, default False
        Print progress on stderr if reading takes more than a couple of seconds.
    element_types : bool, default False
        Also keep the second field (``Q0``, which trec_eval ignores) as a column
        ``element_type`` (str): cwl_eval reads it as each item's element type, whose
        cost its cost file gives (:mod:`rankbook.io.costs`).

    Returns
    -------
    pandas.DataFrame
        One row per retrieved document: ``query`` (str), ``doc`` (str),
        ``score`` (float), in file order; with ``element_types``, also
        ``element_type`` (str). ``.attrs["name"]`` is the tag of
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
    >>> read_run(path, element_types=True)["element_type"].tolist()
    ['Q0', 'Q0']

    """
    if element_types:
        return _run_with_element_types(path, progress)
    query, doc, score, lines, name = read_run_arrays(path, progress=progress)
    return make_run(text_ids(query), text_ids(doc), score, lines, path_text(path),
                    name=name)


def _run_with_element_types(path, progress: bool):
    """:func:`read_run` keeping the second field as ``element_type`` (the same checks)."""
    (query, element_type, doc), score, lines, name = read_trec_columns(
        path, progress=progress, **{**RUN_COLUMNS, "ids": (0, 1, 2)})
    run = make_run(text_ids(query), text_ids(doc), score, lines, path_text(path), name=name)
    run["element_type"] = text_ids(element_type)
    return run


def read_qrels_arrays(path, *, progress: bool = False):
    """A qrels file as numpy arrays: query and doc ids (array form, see :mod:`rankbook.io.arrays`), grade, line numbers.

    The fast, lean form of :func:`read_qrels` (no Python object per line), used by
    the batch evaluator; it checks every line the same way but not duplicates
    (:func:`make_qrels` and the evaluator do).
    """
    (query, doc), grade, lines, _ = read_trec_columns(path, progress=progress, **QRELS_COLUMNS)
    return query, doc, grade, lines


def read_run_arrays(path, *, progress: bool = False):
    """A run file as numpy arrays: query and doc ids (array form), score, line numbers, name.

    The fast, lean form of :func:`read_run` (see :func:`read_qrels_arrays`). The name is
    the tag (sixth field) of the first line, trec_eval's ``runid``; the file is read
    once, so a FIFO or ``<(zcat run.gz)`` works.
    """
    (query, doc), score, lines, name = read_trec_columns(path, progress=progress, **RUN_COLUMNS)
    return query, doc, score, lines, name


def run_chunks(path, *, progress: bool = False):
    """Yield a run file as :func:`read_run_arrays` returns it, one chunk (about 2 MB) at a time.

    Each item is ``(query, doc, score, lines, name)`` for the chunk's lines, ``name`` the
    tag of the chunk's first line (None for a chunk of blank lines). Every line is checked
    as :func:`read_run_arrays` checks it, with the same errors; used by
    :func:`rankbook.io.by_topic.run_by_topic` to read a run one topic block at a time.
    """
    for (query, doc, score, lines), name in trec_chunks(path, progress=progress, **RUN_COLUMNS):
        yield query, doc, score, lines, name


# What the fast path (rankbook.io.fast.read_trec_columns) is told of each file.
QRELS_COLUMNS = dict(columns=4, extra_ok=False, what="qrels", layout=QRELS_LAYOUT, ids=(0, 2),
                     number=3, number_name="grade",
                     fix="write the relevance grade as a number such as 0, 1 or 2.",
                     integer_part=True)
RUN_COLUMNS = dict(columns=6, extra_ok=True, what="run", layout=RUN_LAYOUT, ids=(0, 2), number=4,
                   number_name="score",
                   fix="write the score (the fifth field) as a number such as 2.13.",
                   name_column=5)
