r"""ndeval's files, read as ndeval 4.5 (TREC Web track) reads them: ``rankbook ndeval``.

| function | reads |
| --- | --- |
| `read_ndeval_qrels` | diversity qrels, ``topic subtopic docno judgment``, every field but the docno a whole number |
| `read_ndeval_run` | a TREC run, ``topic Q0 docno rank score runid``, each topic's documents in ndeval's order |

ndeval's rules, which differ from trec_eval's (:mod:`rankbook.io.trec`):

- a topic is a number: ``007`` is topic 7 (written ``7`` here, as ndeval prints it); a run's
  topic may carry a task prefix ending in ``-`` (``wt09-12`` is 12); a subtopic is a number
  too (``01`` is subtopic 1);
- a judgment is a whole number >= 0 (a document is relevant to a subtopic at 1 or more);
- the order of a topic's documents is the rank column's (ascending; two documents with one
  rank are refused), or with ``traditional=True`` the score's, descending, ties by docno
  descending (trec_eval's order); ``depth`` keeps the first ``depth`` of that order (``-M``);
- the run id is the first line's;
- the fields are split at C's white space; fields after the fourth (qrels) or the sixth
  (run) are ignored, as ndeval ignores them.

ndeval stops at a line with too few fields or a field that is not a number where one is due,
at an empty file, at a rank given twice or at a document listed twice for a topic (after the
``-M`` cut); so do these readers, with the file and line. Where ndeval goes on silently they
stop too: a judgment given twice for one (topic, subtopic, docno) (ndeval counts it twice),
a second run id (ndeval keeps the first), a score that is no number under ``traditional``
(ndeval sorts by an unset value).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from itertools import pairwise

from rankbook._errors import InputFileError

__all__ = ["NdevalRun", "read_ndeval_qrels", "read_ndeval_run"]

#: ndeval's ``LARGE_ENOUGH``: a number is refused once its digits before the last pass it.
_LARGE_ENOUGH = 100_000


@dataclass
class NdevalRun:
    """A run as ndeval evaluates it: its id and each topic's docnos, best first."""

    run_id: str
    topics: dict[str, list[str]]


def read_ndeval_qrels(path) -> dict[str, dict[str, dict[str, int]]]:
    r"""ndeval's diversity qrels: ``{topic: {subtopic: {docno: judgment}}}``, numbers as ``str(int)``.

    Examples
    --------
    >>> import pathlib, tempfile
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "qrels"
    >>> _ = path.write_text("007 1 A 1\n7 02 B 3\n8 1 C 0\n")
    >>> read_ndeval_qrels(path)
    {'7': {'1': {'A': 1}, '2': {'B': 3}}, '8': {'1': {'C': 0}}}
    """
    judgments: dict[str, dict[str, dict[str, int]]] = {}
    where: dict[tuple[str, str, str], int] = {}
    for number, fields in _lines(path, "qrels"):
        if len(fields) < 4:
            _refuse(path, number, f"{len(fields)} fields; ndeval's qrels line is 'topic "
                                  "subtopic docno judgment'")
        topic, subtopic, judgment = (_natural(fields[i]) for i in (0, 1, 3))
        if None in (topic, subtopic, judgment):
            _refuse(path, number, "the topic, the subtopic and the judgment must be whole "
                                  f"numbers >= 0 (at most {_LARGE_ENOUGH}9), got "
                                  f"{fields[0]!r}, {fields[1]!r}, {fields[3]!r}")
        key = (str(topic), str(subtopic), fields[2])
        if key in where:
            _refuse(path, number, f"document {fields[2]} of topic {topic}, subtopic "
                                  f"{subtopic} is judged twice (first at line {where[key]}); "
                                  "ndeval would count it twice")
        where[key] = number
        judgments.setdefault(key[0], {}).setdefault(key[1], {})[key[2]] = judgment
    # subtopics in numeric order: ndeval adds a document's gains subtopic by subtopic in it
    return {topic: dict(sorted(subtopics.items(), key=lambda item: int(item[0])))
            for topic, subtopics in judgments.items()}


def read_ndeval_run(path, *, traditional: bool = False, depth: int | None = None) -> NdevalRun:
    r"""ndeval's run: the first line's run id and each topic's docnos in ndeval's order.

    Examples
    --------
    >>> import pathlib, tempfile
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "run"
    >>> _ = path.write_text("wt-7 Q0 A 2 0.9 sys\n7 Q0 B 1 0.1 sys\n7 Q0 C 3 0.9 sys\n")
    >>> read_ndeval_run(path).topics
    {'7': ['B', 'A', 'C']}
    >>> read_ndeval_run(path, traditional=True, depth=2).topics
    {'7': ['C', 'A']}
    """
    run_id, entries = None, {}
    for number, fields in _lines(path, "run"):
        if len(fields) < 6:
            _refuse(path, number, f"{len(fields)} fields; ndeval's run line is 'topic Q0 docno "
                                  "rank score runid'")
        topic, rank = _run_topic(fields[0]), _natural(fields[3])
        if topic is None or rank is None:
            _refuse(path, number, f"the topic {fields[0]!r} or the rank {fields[3]!r} is not "
                                  "a whole number >= 0 (a topic may start with a task name "
                                  "ending in '-', as wt09-12)")
        if run_id is None:
            run_id = (fields[5], number)
        elif fields[5] != run_id[0]:
            _refuse(path, number, f"the run id {fields[5]!r} differs from {run_id[0]!r} of "
                                  f"line {run_id[1]}; ndeval evaluates one run per file")
        score = _score(fields[4], path, number) if traditional else None
        entries.setdefault(str(topic), []).append((rank, score, fields[2], number))
    topics = {topic: _ordered(rows, path, traditional, depth)
              for topic, rows in sorted(entries.items(), key=lambda item: int(item[0]))}
    return NdevalRun(run_id[0], topics)


def _ordered(rows: list, path, traditional: bool, depth: int | None) -> list[str]:
    """One topic's docnos in ndeval's order, cut at ``depth``; duplicates refused."""
    if traditional:  # score descending, then docno descending (ndeval's resultCompareByScore)
        rows = sorted(rows, key=lambda row: (row[1], row[2]), reverse=True)
    else:
        rows = sorted(rows, key=lambda row: row[0])
        for before, after in pairwise(rows):
            if before[0] == after[0]:
                _refuse(path, after[3], f"rank {after[0]} is also the rank of line "
                                        f"{before[3]} (same topic); ndeval sorts by rank, give "
                                        "each document its own, or pass -traditional")
    kept, seen = rows[:depth], {}
    for _, _, docno, number in kept:
        if docno in seen:
            _refuse(path, number, f"document {docno} is listed twice for its topic (also at "
                                  f"line {seen[docno]})")
        seen[docno] = number
    return [docno for _, _, docno, _ in kept]


def _natural(text: str) -> int | None:
    """ndeval's ``naturalNumber``: digits only, refused once the value before the last passes 100000."""
    if not (text.isascii() and text.isdigit()):
        return None
    if len(text) > 1 and int(text[:-1]) > _LARGE_ENOUGH:
        return None
    return int(text)


def _run_topic(text: str) -> int | None:
    """ndeval's ``parseTopic``: a number, or the number after the first '-' (``wt09-12``)."""
    if text[:1].isascii() and text[:1].isdigit():
        return _natural(text)
    _, dash, rest = text.partition("-")
    return _natural(rest) if dash else None


def _score(text: str, path, number: int) -> float:
    try:
        score = float(text)
    except ValueError:
        score = math.nan
    if math.isnan(score):
        _refuse(path, number, f"the score {text!r} is not a number; -traditional sorts by it")
    return score


def _lines(path, what: str):
    """(line number, fields) of each line of ``path``, split at C's white space."""
    try:
        with open(path, "rb") as handle:
            data = handle.read()
    except OSError as error:
        raise InputFileError(f"cannot open the {what} file: {error.strerror}.", str(path)) from None
    if not data:
        raise InputFileError(f"the {what} file is empty (ndeval refuses it too).", str(path))
    lines = data.split(b"\n")
    if lines[-1] == b"":
        lines.pop()  # the newline that ends the last line
    for number, line in enumerate(lines, start=1):
        yield number, [field.decode("utf-8", "surrogateescape") for field in line.split()]


def _refuse(path, number: int, problem: str):
    raise InputFileError(f"{problem}.", str(path), [number])
