r"""The plain inputs of `rankbook.collections`: runs and qrels as nested mappings, checked.

A *run* is a mapping topic -> the topic's retrieved documents, in one of two forms:

- ``{topic: {doc: score}}``: ranked as trec_eval ranks a run (`rankbook._trec_scores`):
  score descending, equal scores by document id descending, scores compared as float32 for
  ``trec_eval="9"`` (the default, as everywhere in rankbook) and as doubles for ``"10"``.
- ``{topic: [doc, doc, ...]}``: already ranked, rank 1 first.

*Runs* are a mapping run name -> run. *Qrels* are ``{topic: {doc: grade}}``. The readers'
DataFrames (`rankbook.io.read_run`, `rankbook.io.read_qrels`) become these forms through
`rankbook.io.run_as_dict` and `rankbook.io.qrels_as_dict`.
"""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np

from rankbook import _validate
from rankbook._trec_scores import ranked_by_score
from rankbook._errors import InvalidTypeError, InvalidValueError

_FORMS = ("{run_name: {topic: {doc: score}}} or {run_name: {topic: [doc, ...]}} "
          "(ranked lists, rank 1 first); a DataFrame from rankbook.io.read_run becomes "
          "{topic: {doc: score}} with rankbook.io.run_as_dict(frame)")


def ranked_topics(run, name: str = "run", *, trec_eval: str = "9") -> dict[str, list]:
    """One run as ``{topic: [doc, ...]}``, each list in trec_eval's order (see the module)."""
    if not isinstance(run, Mapping):
        raise InvalidTypeError(f"{name} must be a mapping topic -> documents, got "
                               f"{type(run).__name__}; pass {_FORMS}.")
    version = _validate.trec_eval_version(trec_eval)
    return {topic: _ranked(documents, f"{name}[{topic!r}]", version)
            for topic, documents in run.items()}


def ranked_runs(runs, *, trec_eval: str = "9") -> dict[str, dict[str, list]]:
    """Several runs as ``{run_name: {topic: [doc, ...]}}``; at least one run."""
    if not isinstance(runs, Mapping) or not runs:
        kind = "an empty mapping" if isinstance(runs, Mapping) else type(runs).__name__
        raise InvalidValueError(f"runs must be a non-empty mapping run name -> run, got {kind}; "
                                f"pass {_FORMS}.")
    return {run_name: ranked_topics(run, f"runs[{run_name!r}]", trec_eval=trec_eval)
            for run_name, run in runs.items()}


def _ranked(documents, name: str, version: str) -> list:
    if isinstance(documents, Mapping):
        return _by_score(documents, name, version)
    if isinstance(documents, (str, bytes)) or not hasattr(documents, "__len__"):
        raise InvalidTypeError(f"{name} must be {{doc: score}} or a ranked list of documents, "
                               f"got {type(documents).__name__}; pass {_FORMS}.")
    ranked = list(documents)
    seen: set = set()
    for rank, doc in enumerate(ranked, start=1):
        if isinstance(doc, (list, tuple, set, frozenset, dict)):
            raise InvalidTypeError(f"{name} holds {doc!r} at rank {rank}; a ranked list holds "
                                   "one document id per rank (break ties as your run does).")
        if doc in seen:
            raise InvalidValueError(f"{name} lists document {doc!r} twice (again at rank {rank}); "
                                    "a run retrieves each document once per topic.")
        seen.add(doc)
    return ranked


def _by_score(scores: Mapping, name: str, version: str) -> list:
    for doc, score in scores.items():
        if isinstance(score, (bool, np.bool_)) or not isinstance(score, (int, float, np.number)):
            raise InvalidTypeError(f"{name}[{doc!r}] is {score!r}; a score must be a number.")
        if not np.isfinite(score):
            raise InvalidValueError(f"{name}[{doc!r}] is {score}; scores must be finite numbers.")
    return ranked_by_score(scores, version)


def checked_qrels(qrels, name: str = "qrels") -> dict[str, dict]:
    """Qrels as ``{topic: {doc: grade}}`` (grades as floats), refusing other shapes."""
    if not isinstance(qrels, Mapping):
        raise InvalidTypeError(
            f"{name} must be a mapping {{topic: {{doc: grade}}}}, got {type(qrels).__name__}; a "
            "DataFrame from rankbook.io.read_qrels becomes one with rankbook.io.qrels_as_dict.")
    checked = {}
    for topic, judgments in qrels.items():
        if not isinstance(judgments, Mapping):
            raise InvalidTypeError(f"{name}[{topic!r}] must be a mapping doc -> grade, got "
                                   f"{type(judgments).__name__}.")
        grades, judged = _validate.judged_grades(list(judgments.values()), f"{name}[{topic!r}]")
        if not judged.all():
            doc = list(judgments)[int(np.flatnonzero(~judged)[0])]
            raise InvalidValueError(f"{name}[{topic!r}][{doc!r}] is None; a qrels line holds a "
                                    "grade (leave an unjudged document out of the qrels).")
        checked[topic] = dict(zip(judgments, grades.tolist()))
    return checked


def cut(ranked: list, depth: int | None) -> list:
    """The first ``depth`` documents (all of them when ``depth`` is None)."""
    return ranked if depth is None else ranked[:depth]


def topic_order(topics) -> list:
    """Topics in string order (as trec_eval prints them), whatever their type."""
    return sorted(topics, key=str)
