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
                f"different grades ({', '.join(grade_text(g) for g in frame['grade'].to_numpy()[same])}); "
                "keep one judgment per document and topic.",
                source, lines[same].tolist())
        rows = np.flatnonzero(twice)
        warnings.warn(
            f"{source}: {int(frame.duplicated(['query', 'doc']).sum())} judgment(s) repeat an "
            f"earlier one with the same grade (first at line {int(lines[rows[1]])}); each is "
            "counted once.", stacklevel=caller_stacklevel())
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


def grade_text(value: float) -> str:
    """A grade as written in a qrels file: 2 rather than 2.0."""
    return str(int(value)) if float(value).is_integer() else repr(float(value))
