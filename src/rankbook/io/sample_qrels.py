r"""The files of NIST's ``sample_eval.pl``: sample qrels ("prels") and its reading of a run.

| function | reads or writes |
| --- | --- |
| `read_sample_qrels` | ``topic iteration docno stratum grade``: every pooled document, grade -1 if not judged |
| `write_sample_qrels` | the same, from ``{topic: {docno: (stratum, grade)}}`` |
| `read_sample_eval_run` | a TREC run as ``sample_eval.pl`` orders it |

A sample qrels file lists one pooled document per line with the stratum it was sampled
from; a judged document has its grade (0 non-relevant, 1 and up relevant, the gain of
infNDCG), a pooled document that was not drawn for judging has -1 (any negative grade).
Example line: ``301 0 FR940202-2-00150 2 1``.

``sample_eval.pl`` reads its files as one stream of fields, 5 (qrels) or 6 (run) at a
time, so a line with a field too many or too few shifts every record after it without a
word; these readers refuse such a line, with the file and line. They also refuse what the
script counts wrong: a document listed twice for a topic (its stratum counts it twice, a
run's ``num_ret`` too), a grade that is not a whole number, a score that is not a number,
an empty file. As the script does, a run's topic loses its leading zeros (``007`` is topic
``7``; the qrels' topics are kept as written), a topic's documents are ordered by score
descending (as doubles), ties by docno descending, and the run's first 1000 documents per
topic are evaluated (the readers keep them all).
"""

from __future__ import annotations

import math
from collections.abc import Mapping

from rankbook._errors import InputFileError
from rankbook._trec_scores import ranked_by_score
from rankbook.io._source import open_binary

__all__ = ["read_sample_eval_run", "read_sample_qrels", "write_sample_qrels"]

SAMPLE_QRELS_LAYOUT = "topic iteration docno stratum grade, e.g. '301 0 FR940202-2-00150 2 1'"
RUN_LAYOUT = "topic Q0 docno rank score tag, e.g. '301 Q0 FR940202-2-00150 1 2.13 mysystem'"


def read_sample_qrels(path) -> dict[str, dict[str, tuple[str, int]]]:
    r"""Read a ``sample_eval.pl`` qrels file: ``{topic: {docno: (stratum, grade)}}``.

    Parameters
    ----------
    path : str or os.PathLike
        One pooled document per line, ``topic iteration docno stratum grade``.

    Returns
    -------
    dict
        Topics in file order; each maps a docno to its stratum (text, as written) and grade
        (-1 or another negative number: pooled, not judged).

    Raises
    ------
    rankbook.InputFileError
        If the file is missing or empty, a line does not have 5 fields, a grade is not a
        whole number, or a document is listed twice for a topic; the message names the file
        and line.

    Examples
    --------
    >>> import pathlib, tempfile
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "prels"
    >>> _ = path.write_text("1 0 a 1 1\n1 0 b 2 -1\n2 0 c 1 0\n")
    >>> read_sample_qrels(path)
    {'1': {'a': ('1', 1), 'b': ('2', -1)}, '2': {'c': ('1', 0)}}
    """
    judgments: dict[str, dict[str, tuple[str, int]]] = {}
    where: dict[tuple[str, str], int] = {}
    for number, fields in _lines(path, "sample qrels"):
        if len(fields) != 5:
            _refuse(path, number, f"{len(fields)} fields, expected 5: {SAMPLE_QRELS_LAYOUT}")
        topic, _, document, stratum, grade = fields
        if not _is_integer(grade):
            _refuse(path, number, f"the grade {grade!r} is not a whole number (-1: pooled, "
                                  "not judged; 0: non-relevant; 1 and up: relevant)")
        if (topic, document) in where:
            _refuse(path, number, f"document {document} of topic {topic} is listed twice "
                                  f"(first at line {where[topic, document]}); sample_eval.pl "
                                  "would count it twice in its stratum")
        where[topic, document] = number
        judgments.setdefault(topic, {})[document] = (stratum, int(grade))
    return judgments


def write_sample_qrels(judgments: Mapping, path) -> None:
    r"""Write ``{topic: {docno: (stratum, grade)}}`` as a ``sample_eval.pl`` qrels file.

    Each line is ``topic 0 docno stratum grade``, topics and documents in the mapping's
    order; `read_sample_qrels` reads it back (strata as text).

    Examples
    --------
    >>> import pathlib, tempfile
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "prels"
    >>> write_sample_qrels({"1": {"a": (1, 2), "b": (2, -1)}}, path)
    >>> path.read_text()
    '1 0 a 1 2\n1 0 b 2 -1\n'
    """
    lines = []
    for topic, documents in judgments.items():
        for document, (stratum, grade) in documents.items():
            for name, value in (("topic", topic), ("docno", document), ("stratum", stratum)):
                text = str(value)
                if not text or text.split() != [text]:
                    raise InputFileError(f"the {name} {value!r} (topic {topic}) is empty or "
                                         "holds white space; the file splits fields at it.",
                                         str(path))
            if not _is_integer(str(grade)):
                raise InputFileError(f"the grade {grade!r} of {document} (topic {topic}) is "
                                     "not a whole number.", str(path))
            lines.append(f"{topic} 0 {document} {stratum} {int(grade)}\n")
    with open(path, "w", encoding="utf-8") as handle:
        handle.writelines(lines)


def read_sample_eval_run(path) -> tuple[dict[str, list[str]], dict[str, int]]:
    r"""Read a TREC run as ``sample_eval.pl`` does: each topic's docnos in its order.

    Returns
    -------
    rankings : dict of str to list of str
        Topic (leading zeros removed) to its docnos, score descending, ties by docno
        descending; all of them (the measures read the first 1000).
    lines : dict of str to int
        Topic to its number of lines (``sample_eval.pl``'s ``num_ret``).

    Raises
    ------
    rankbook.InputFileError
        If the file is missing or empty, a line does not have 6 fields, a score is not a
        number, or a document is listed twice for a topic.

    Examples
    --------
    >>> import pathlib, tempfile
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "run"
    >>> _ = path.write_text("007 Q0 a 1 0.5 r\n7 Q0 b 2 0.5 r\n7 Q0 c 3 0.9 r\n")
    >>> read_sample_eval_run(path)
    ({'7': ['c', 'b', 'a']}, {'7': 3})
    """
    entries: dict[str, dict[str, tuple[float, int]]] = {}
    for number, fields in _lines(path, "run"):
        if len(fields) != 6:
            _refuse(path, number, f"{len(fields)} fields, expected 6: {RUN_LAYOUT}")
        topic, document = fields[0].lstrip("0"), fields[2]
        try:
            score = float(fields[4])
        except ValueError:
            score = float("nan")
        if math.isnan(score):
            _refuse(path, number, f"the score {fields[4]!r} is not a number")
        documents = entries.setdefault(topic, {})
        if document in documents:
            _refuse(path, number, f"document {document} is listed twice for topic {topic} "
                                  f"(also at line {documents[document][1]})")
        documents[document] = (score, number)
    rankings = {topic: ranked_by_score({d: score for d, (score, _) in documents.items()}, "10")
                for topic, documents in entries.items()}  # as doubles: trec_eval 10's order
    return rankings, {topic: len(documents) for topic, documents in entries.items()}


def _is_integer(text: str) -> bool:
    digits = text[1:] if text[:1] in "+-" else text
    return digits.isascii() and digits.isdigit()


def _lines(path, what: str):
    """(line number, fields) of each non-blank line of ``path`` (gzip too), split at white space."""
    with open_binary(path) as handle:  # a missing file, gzip, ...: the readers' messages
        data = handle.read()
    rows = [(number, [field.decode("utf-8", "surrogateescape") for field in line.split()])
            for number, line in enumerate(data.split(b"\n"), start=1)]
    rows = [(number, fields) for number, fields in rows if fields]
    if not rows:
        raise InputFileError(f"the {what} file is empty; it needs at least one line.", str(path))
    yield from rows


def _refuse(path, number: int, problem: str):
    raise InputFileError(f"{problem}.", str(path), [number])
