r"""A ranking with subtopic judgments, typed by hand: the input of a diversity measure's explanation.

A diversity measure reads a grade per rank *per subtopic*. By hand it is typed as one token
per ranked document naming the subtopics it is relevant to:

| token | the document is |
| --- | --- |
| ``a`` | relevant to subtopic a (grade 1) |
| ``a,b`` | relevant to a and b |
| ``a:2,c`` | relevant to a with grade 2, and to c with grade 1 |
| ``-`` | relevant to no subtopic (judged non-relevant, or unjudged: both score 0) |

so pyndeval's README run A, D, E, B (A relevant to a, D and B to b, E unjudged) is
``a b - b``. The topic's judged documents (``judged``, ``--judged``) are typed the same way,
one token per document, the ranked ones included (the ranking's D and B as well as C): they
give $m$, the subtopics with a relevant document, and the candidates of the ideal list, in
the order typed (ndeval breaks ties in favour of the larger document id: type the
documents in that order to reproduce its ideal list). Left out, the judged documents are
the ranked ones, and a note says so.

Subtopic names are letters, digits, ``_``, ``.`` and ``-`` (``1``, ``2`` as in the TREC Web
track's qrels are names too, not grades). A cell counts as relevant when its grade is at
least the relevance level (1 by default, as ndeval).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

import numpy as np

from rankbook import _validate
from rankbook._errors import InvalidValueError
from rankbook.explain.case import Case

_NAME = re.compile(r"[A-Za-z0-9_.][A-Za-z0-9_.-]*\Z")
_EXAMPLE = "type one token per document, e.g. a,b  -  c:2  a  (- for none)"


@dataclass(frozen=True)
class SubtopicCase(Case):
    """A ranking with subtopic judgments, checked (`Case` with a grade per subtopic).

    Attributes
    ----------
    relevance : tuple of str
        Each rank's token as written back (``"a,b"``, ``"-"``), rank 1 first.
    subtopics : tuple of str
        The subtopics named, in order: the columns of the matrices.
    ranked, judged : numpy.ndarray
        The grade of each ranked (judged) document for each subtopic, the functions' input.
    judged_text : tuple of str
        The judged documents' tokens, in the order typed.
    """

    subtopics: tuple = ()
    ranked: np.ndarray = field(default_factory=lambda: np.zeros((0, 0)))
    judged: np.ndarray = field(default_factory=lambda: np.zeros((0, 0)))
    judged_text: tuple = ()

    def grade_text(self, i: int) -> str:
        """The token of rank ``i``; ``·`` past the end of the list."""
        return "·" if i > self.n else self.relevance[i - 1]

    def cells(self, i: int) -> dict:
        """The subtopics of rank ``i`` and their grades ({} past the end)."""
        if i > self.n:
            return {}
        return {s: g for s, g in zip(self.subtopics, self.ranked[i - 1]) if g != 0}


def parse_token(token, where: str) -> dict:
    """One document's subtopics: ``"a,b:2"`` -> {"a": 1.0, "b": 2.0}; ``"-"`` -> {}.

    Also a mapping {name: grade}, an iterable of names, or None (no subtopic).

    >>> parse_token("a,b:2", "rank 1")
    {'a': 1.0, 'b': 2.0}
    >>> parse_token("-", "rank 2"), parse_token({"c": 3}, "rank 3"), parse_token(["b"], "rank 4")
    ({}, {'c': 3.0}, {'b': 1.0})
    """
    if token is None:
        return {}
    if isinstance(token, Mapping):
        items = [(str(name), grade) for name, grade in token.items()]
    elif isinstance(token, str):
        text = token.strip()
        if text == "-":
            return {}
        if not text or re.search(r"\s", text):
            raise InvalidValueError(
                f"{where}: {token!r} is not one document's token (no spaces inside a token, "
                f"a,b not a, b); {_EXAMPLE}.")
        items = [_item(part, token, where) for part in text.split(",")]
    elif isinstance(token, (int, float, np.number)):
        raise InvalidValueError(
            f"{where}: {token!r} is a grade, but a diversity measure needs the subtopics each "
            f"document is relevant to; {_EXAMPLE}.")
    else:
        items = [(str(name), 1.0) for name in token]
    grades = {}
    for name, grade in items:
        if not _NAME.match(name):
            raise InvalidValueError(
                f"{where}: {token!r} names the subtopic {name!r}; a subtopic's name is letters, "
                f"digits, _ . or - (not starting with -), e.g. a or 3; {_EXAMPLE}.")
        if name in grades:
            raise InvalidValueError(f"{where}: {token!r} names subtopic {name} twice; name each "
                                    "once (a:2 for grade 2).")
        grades[name] = _grade(grade, name, token, where)
    return grades


def _item(part: str, token: str, where: str) -> tuple[str, object]:
    name, colon, grade = part.partition(":")
    if not name:
        raise InvalidValueError(f"{where}: {token!r} has an empty subtopic name (two commas, one "
                                "at an end, or a colon without a name); write the names with "
                                "one comma between, e.g. a,b (a:2 for a grade).")
    return name, grade if colon else 1.0


def _grade(grade, name: str, token, where: str) -> float:
    try:
        value = float(grade)
    except (TypeError, ValueError):
        value = float("nan")
    if not np.isfinite(value):
        raise InvalidValueError(
            f"{where}: {token!r} gives subtopic {name} the grade {grade!r}; a grade is a number "
            f"after the colon, e.g. {name}:2 (or {name} alone for grade 1).")
    return value


def parse_ranking(tokens, what: str = "rank") -> list[dict]:
    """Every document's subtopics: a string of tokens, or a sequence of tokens (see the module)."""
    if isinstance(tokens, str):
        tokens = tokens.split()
    if isinstance(tokens, Mapping) or not isinstance(tokens, Sequence) and \
            not isinstance(tokens, np.ndarray):
        raise InvalidValueError(f"the {what}s must be a sequence of tokens, one per document; "
                                f"{_EXAMPLE}.")
    return [parse_token(token, f"{what} {i}") for i, token in enumerate(tokens, start=1)]


def _written(grades: dict) -> str:
    """A document's token as written back: ``a,b:2``, ``-``."""
    if not grades:
        return "-"
    return ",".join(name if grade == 1 else f"{name}:{grade:g}" for name, grade in grades.items())


def make_subtopic_case(ranking, takes: Sequence[str], options: Mapping,
                       metric: str = "this metric") -> SubtopicCase:
    """Check a ranking typed as subtopic tokens, and ``options`` for a metric taking ``takes``.

    ``judged`` (the topic's judged documents, tokens too) left out: the ranked documents,
    with a note. Every subtopic relevant at some rank must be relevant in at least as many
    judged documents (the ranked ones are among them).
    """
    ranked = parse_ranking(ranking)
    if not ranked:
        raise InvalidValueError(f"the ranking is empty: a hand calculation needs at least one "
                                f"ranked document; {_EXAMPLE}.")
    unknown = sorted(set(options) - set(takes))
    if unknown:
        raise InvalidValueError(
            f"{', '.join(unknown)} {'does' if len(unknown) == 1 else 'do'} not apply to "
            f"{metric}; it takes {', '.join(takes)}.")
    options = {name: value for name, value in options.items() if value is not None}
    if "ideal" in options and not isinstance(options["ideal"], str):
        raise InvalidValueError(
            f"ideal is the rule of {metric}'s normaliser (one of 'ideal ideal', 'greedy', "
            f"'exact'), not a list of grades: list the topic's assessed documents in judged, "
            f"one token each (e.g. b c b a).")
    level = _validate.threshold(options.get("relevance_level", 1.0))
    notes = []
    if "judged" in options:
        judged = parse_ranking(options["judged"], "judged document")
    else:
        judged = ranked
        notes.append("No judged documents given: the topic's judged documents are taken as the "
                     "ranked ones, so subtopics and relevant documents the ranking missed are "
                     "left out of m and of the ideal list. List every judged document of the "
                     "topic (one token each, the ranked ones included) as judged, --judged on "
                     "the command line, for ndeval's value.")
    if all(re.fullmatch(r"[0-9.]+", t) for t in map(_written, ranked) if t != "-"):
        notes.append("Each token names the subtopics of one document: 1 is subtopic 1, not a "
                     "grade (a:2 gives subtopic a grade 2).")
    subtopics = tuple(sorted({s for grades in [*ranked, *judged] for s in grades},
                             key=lambda s: (not s.isdigit(), int(s) if s.isdigit() else 0, s)))
    as_matrix = lambda docs: np.array([[d.get(s, 0.0) for s in subtopics] for d in docs],
                                      dtype=float).reshape(len(docs), len(subtopics))
    run, topic = as_matrix(ranked), as_matrix(judged)
    _check_judged(run, topic, subtopics, level)
    options["judged"] = topic
    return SubtopicCase(tuple(_written(d) for d in ranked), options, level, tuple(notes),
                        subtopics, run, topic, tuple(_written(d) for d in judged))


def _check_judged(run: np.ndarray, topic: np.ndarray, subtopics: tuple, level: float) -> None:
    """Each subtopic is relevant in no more ranked documents than judged ones."""
    for s, name in enumerate(subtopics):
        in_run, in_topic = int(np.sum(run[:, s] >= level)), int(np.sum(topic[:, s] >= level))
        if in_run > in_topic:
            rank = int(np.flatnonzero(run[:, s] >= level)[0]) + 1
            raise InvalidValueError(
                f"subtopic {name} (first at rank {rank}) is relevant in {in_run} ranked "
                f"documents but in only {in_topic} of judged; list every assessed document of "
                f"the topic in judged, the ranked ones included: a token naming {name} for each.")
