"""``rankbook gdeval``: the TREC Web track's gdeval.pl 1.2a, the same output byte for byte.

``rankbook gdeval [-k K] QRELS RUN`` prints what ``gdeval.pl [-k K] QRELS RUN`` prints:
the header ``runid,topic,ndcg@K,err@K``, a line ``runid,topic,ndcg,err`` per topic of the
run that has a positive judgment (topics in numeric order, ``%.5f``) and the ``amean``
line, their mean. The measures are :func:`rankbook.metrics.gdeval.gdeval_ndcg_at_k` and
:func:`rankbook.metrics.gdeval.gdeval_err_at_k`; this module reads the files by
gdeval.pl's rules:

- a topic is the digits after the last ``-`` of the first field (``trec-101`` is 101);
- a qrels line is ``topic 0 docno judgment``, the judgment a whole number up to 4; only
  positive judgments are kept;
- a run line is ``topic Q0 docno rank score runid``, the rank a whole number; the run id
  printed is the one of the run's last line; the run is ordered by score, then document
  id, both descending.

Where gdeval.pl would go on silently, rankbook stops with the file and line: a score that
is not a number (gdeval.pl reads it as 0), a document listed twice for one topic (gdeval.pl
counts it twice), two spellings of one topic number (``7`` and ``007``, which gdeval.pl
merges).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from rankbook._errors import InputFileError, InvalidValueError
from rankbook.metrics.gdeval import (GDEVAL_DEPTH, GDEVAL_MAX_GRADE, gdeval_err_at_k,
                                     gdeval_ndcg_at_k)

_WHOLE = re.compile(r"-?[0-9]+")
_DIGITS = re.compile(r"[0-9]+")
#: gdeval.pl's run id when the run has no line.
NO_RUN_ID = "?????"


def add_parser(subparsers) -> None:
    """Add the ``gdeval`` sub-command to ``subparsers``."""
    parser = subparsers.add_parser(
        "gdeval",
        help="nDCG@k and ERR@k as the TREC Web track's gdeval.pl 1.2a prints them",
        description=(
            "Print what gdeval.pl 1.2a (TREC Web track) prints for QRELS and RUN: "
            "'runid,topic,ndcg@K,err@K', then one line per topic of the run with a positive "
            "judgment, then the 'amean' line. Gain 2^g - 1, ERR's stop probability "
            "(2^g - 1)/16, judgments 0-4."
        ),
        epilog="example:\n  rankbook gdeval -k 10 web.qrels run.txt",
    )
    parser.add_argument("-k", dest="k", type=int, default=GDEVAL_DEPTH,
                        help=f"the reporting depth [default: {GDEVAL_DEPTH}]")
    parser.add_argument("qrels", metavar="QRELS", help="TREC qrels: topic 0 docno judgment")
    parser.add_argument("run_file", metavar="RUN", help="TREC run: topic Q0 docno rank score runid")
    parser.set_defaults(run=run)


def run(args) -> None:
    """Read the files, print gdeval.pl's lines."""
    if args.k < 1:
        raise InvalidValueError(f"-k {args.k}: the depth must be at least 1 (gdeval.pl "
                                "divides by zero below).")
    judgments = read_gdeval_qrels(args.qrels)
    scored = read_gdeval_run(args.run_file)
    for line in gdeval_lines(judgments, scored, args.k):
        print(line)


@dataclass
class GdevalRun:
    """A run as gdeval.pl reads it: its id and, per topic, (score, docno) pairs."""

    run_id: str
    topics: dict[str, list[tuple[float, str]]]


def gdeval_lines(judgments: dict[str, dict[str, int]], scored: GdevalRun, k: int) -> list[str]:
    """gdeval.pl's output lines: header, one per scored topic, and the amean line."""
    lines = [f"runid,topic,ndcg@{k},err@{k}"]
    ndcg_total = err_total = 0.0
    scored_topics = 0
    for topic in sorted(scored.topics, key=int):
        if topic not in judgments:
            continue  # no positive judgment: gdeval.pl prints nothing for it
        ranked = sorted(scored.topics[topic], reverse=True)  # score, then docno, descending
        grades = [judgments[topic].get(doc, 0) for _, doc in ranked]
        ndcg = gdeval_ndcg_at_k(grades, k, ideal=list(judgments[topic].values()))
        err = gdeval_err_at_k(grades, k)
        ndcg_total += ndcg
        err_total += err
        scored_topics += 1
        lines.append(f"{scored.run_id},{topic},{ndcg:.5f},{err:.5f}")
    if scored_topics:
        lines.append(f"{scored.run_id},amean,{ndcg_total / scored_topics:.5f},"
                     f"{err_total / scored_topics:.5f}")
    else:
        lines.append(f"{scored.run_id},amean,0.00000,0.0000")  # gdeval.pl's own spelling
    return lines


def read_gdeval_qrels(path: str) -> dict[str, dict[str, int]]:
    """{topic: {docno: judgment}} of the positive judgments, read by gdeval.pl's rules."""
    judgments: dict[str, dict[str, int]] = {}
    spellings: dict[int, str] = {}
    seen: set[tuple[str, str]] = set()
    for number, fields in _lines(path):
        if len(fields) < 4:
            _refuse(path, number, f"{len(fields)} fields; a qrels line is 'topic 0 docno "
                                  "judgment'")
        topic = _topic(fields[0], path, number, spellings)
        if not _is_zero(fields[1]):
            _refuse(path, number, f"the second field is {fields[1]!r}; gdeval.pl wants 0")
        docno, judgment = fields[2], fields[3]
        if not _WHOLE.fullmatch(judgment) or int(judgment) > GDEVAL_MAX_GRADE:
            _refuse(path, number, f"the judgment {judgment!r} is not a whole number up to "
                                  f"{GDEVAL_MAX_GRADE}; map the grades to 0-4 first")
        if (topic, docno) in seen:
            _refuse(path, number, f"document {docno} of topic {topic} is judged twice")
        seen.add((topic, docno))
        if int(judgment) > 0:
            judgments.setdefault(topic, {})[docno] = int(judgment)
    return judgments


def read_gdeval_run(path: str) -> GdevalRun:
    """The run's id (its last line's) and each topic's (score, docno), by gdeval.pl's rules."""
    run_id, topics = NO_RUN_ID, {}
    spellings: dict[int, str] = {}
    seen: set[tuple[str, str]] = set()
    for number, fields in _lines(path):
        if len(fields) < 6 or fields[5] in ("", "0"):
            _refuse(path, number, "a run line is 'topic Q0 docno rank score runid', with a "
                                  "run id other than 0")
        topic = _topic(fields[0], path, number, spellings)
        if fields[1] != "Q0" or not _DIGITS.fullmatch(fields[3]):
            _refuse(path, number, f"'{fields[1]} ... {fields[3]}': gdeval.pl wants Q0 in the "
                                  "second field and a whole-number rank in the fourth")
        try:
            score = float(fields[4])
        except ValueError:
            _refuse(path, number, f"the score {fields[4]!r} is not a number")
        if (topic, fields[2]) in seen:
            _refuse(path, number, f"document {fields[2]} is listed twice for topic {topic}")
        seen.add((topic, fields[2]))
        topics.setdefault(topic, []).append((score, fields[2]))
        run_id = fields[5]
    return GdevalRun(run_id, topics)


def _lines(path: str):
    """(line number, whitespace-separated fields) of each line of ``path``."""
    try:
        with open(path, encoding="utf-8", errors="surrogateescape") as handle:
            for number, line in enumerate(handle, start=1):
                yield number, line.replace("\r", "").split()
    except OSError as error:
        raise InputFileError(f"cannot open {path!r}: {error.strerror}.", path) from None


def _topic(field: str, path: str, number: int, spellings: dict[int, str]) -> str:
    """The topic number of a first field (the digits after its last '-'), as written."""
    topic = field.rsplit("-", 1)[-1]
    if not _DIGITS.fullmatch(topic):
        _refuse(path, number, f"the topic {field!r} does not end in a number; gdeval.pl "
                              "reads topics such as 101 or trec-101")
    other = spellings.setdefault(int(topic), topic)
    if other != topic:
        _refuse(path, number, f"topic {topic} is also written {other}; gdeval.pl would merge "
                              "the two, write one number one way")
    return topic


def _is_zero(field: str) -> bool:
    """Whether gdeval.pl's ``$zero == 0`` holds: 0, or text that is no number (Perl reads 0)."""
    try:
        return float(field) == 0
    except ValueError:
        return True


def _refuse(path: str, number: int, problem: str):
    raise InputFileError(f"{problem}.", path, lines=[number])
