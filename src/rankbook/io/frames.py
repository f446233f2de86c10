r"""The table form of qrels and runs: pandas DataFrames.

| form | columns | ``.attrs`` |
| --- | --- | --- |
| qrels | ``query`` (str), ``doc`` (str), ``grade`` (float) | ``source`` |
| run | ``query`` (str), ``doc`` (str), ``score`` (float) | ``name`` (the run tag), ``source`` |

Every reader builds its frames here, so every input is checked the same way:
a document judged twice with different grades, or listed twice in one topic of
a run, is refused with the lines concerned.
"""

from __future__ import annotations

import warnings

import numpy as np

from rankbook._errors import InputFileError, caller_stacklevel


def make_qrels(query, doc, grade, lines, source: str):
    """Build the qrels DataFrame, refusing conflicting duplicate judgments."""
    import pandas as pd

    frame = pd.DataFrame({"query": _shared(query), "doc": doc, "grade": grade})
    return judged_once(frame, ["query", "doc"], lines, source)


def make_subtopic_qrels(query, subtopic, doc, grade, lines, source: str):
    """Build the subtopic qrels DataFrame (query, subtopic, doc, grade), checked as qrels are.

    One judgment per (query, subtopic, doc): a document judged under two subtopics is two
    rows; the same triple judged twice is refused (different grades) or kept once with a
    warning (same grade), as :func:`make_qrels` does for (query, doc).
    """
    import pandas as pd

    frame = pd.DataFrame({"query": _shared(query), "subtopic": _shared(subtopic), "doc": doc,
                          "grade": grade})
    return judged_once(frame, ["query", "subtopic", "doc"], lines, source)


def judged_once(frame, keys: list[str], lines, source: str):
    """``frame`` with one row per ``keys``: a conflicting repeat raises, a same-grade one warns.

    The error names every line of the first conflicting key; the warning the line of the
    first repeat. ``.attrs["source"]`` is set to ``source``.
    """
    lines = np.asarray(lines)
    twice = frame.duplicated(keys, keep=False).to_numpy()
    if twice.any():
        groups = frame[twice].groupby(keys, sort=False)["grade"]
        conflicting = groups.transform("nunique").to_numpy() > 1
        if conflicting.any():
            rows = np.flatnonzero(twice)[conflicting]
            first = frame.iloc[rows[0]]
            same = rows[np.logical_and.reduce([frame[key].to_numpy()[rows] == first[key]
                                               for key in keys])]
            raise InputFileError(
                f"document {first['doc']!r} of topic {first['query']!r}"
                f"{_subtopic_text(first, keys)} is judged twice with different grades "
                f"({', '.join(grade_text(g) for g in frame['grade'].to_numpy()[same])}); "
                f"keep one judgment per document and topic{_subtopic_text(None, keys)}.",
                source, lines[same].tolist())
        rows = np.flatnonzero(twice)
        warnings.warn(
            f"{source}: {int(frame.duplicated(keys).sum())} judgment(s) repeat an "
            f"earlier one with the same grade (first at line {int(lines[rows[1]])}); each is "
            "counted once.", stacklevel=caller_stacklevel())
        frame = frame.drop_duplicates(keys).reset_index(drop=True)
    frame.attrs["source"] = source
    return frame


def _subtopic_text(row, keys: list[str]) -> str:
    """", subtopic 's'," (or " and subtopic" when ``row`` is None) for subtopic qrels, else ""."""
    if "subtopic" not in keys:
        return ""
    return " and subtopic" if row is None else f", subtopic {row['subtopic']!r},"


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


def grade_text(value: float) -> str:
    """A grade as written in a qrels file: 2 rather than 2.0."""
    return str(int(value)) if float(value).is_integer() else repr(float(value))
