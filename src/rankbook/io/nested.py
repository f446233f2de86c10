r"""Qrels and runs as nested dicts, the plain inputs of the ground-floor packages.

`rankbook.collections` (and anything else written over plain inputs) takes qrels as
``{topic: {doc: grade}}`` and runs as ``{topic: {doc: score}}``. These two functions turn
whatever :func:`rankbook.io.as_qrels` / :func:`rankbook.io.as_run` accept (a path, a
dict, the DataFrames of `rankbook.io.read_qrels` / `rankbook.io.read_run`) into that form,
with the readers' checks (a document judged twice with two grades, or retrieved twice in
one topic, is refused with its lines).
"""

from __future__ import annotations

from rankbook.io.convert import as_qrels, as_run


def _nested(frame, value: str) -> dict:
    result: dict = {}
    for topic, doc, number in zip(frame["query"], frame["doc"], frame[value].tolist()):
        result.setdefault(topic, {})[doc] = number
    return result


def qrels_as_dict(qrels) -> dict:
    r"""Qrels as ``{topic: {doc: grade}}``.

    Parameters
    ----------
    qrels : str, os.PathLike, dict or pandas.DataFrame
        Anything :func:`rankbook.io.as_qrels` accepts.

    Returns
    -------
    dict
        Topics and documents as strings, grades as floats, in the file's order.

    Examples
    --------
    >>> import pandas as pd
    >>> frame = pd.DataFrame({"query": ["1", "1"], "doc": ["d1", "d2"], "grade": [2, 0]})
    >>> qrels_as_dict(frame)
    {'1': {'d1': 2.0, 'd2': 0.0}}
    """
    return _nested(as_qrels(qrels), "grade")


def run_as_dict(run) -> dict:
    r"""A run as ``{topic: {doc: score}}`` (the rank column of a file is not kept).

    Parameters
    ----------
    run : str, os.PathLike, dict or pandas.DataFrame
        Anything :func:`rankbook.io.as_run` accepts.

    Returns
    -------
    dict
        Topics and documents as strings, scores as floats.

    Examples
    --------
    >>> import pandas as pd
    >>> frame = pd.DataFrame({"query": ["1", "1"], "doc": ["d1", "d2"], "score": [0.5, 1.5]})
    >>> run_as_dict(frame)
    {'1': {'d1': 0.5, 'd2': 1.5}}
    """
    return _nested(as_run(run), "score")
