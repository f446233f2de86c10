r"""Fuse runs: apply a rank-aggregation method to every query of several runs.

`fuse` is the multi-query floor above `rankbook.aggregate`: it reads the runs
(dicts, DataFrames, TREC files, or one FLAGR list CSV with one run per voter),
builds each query's profile (one list per run, best first) and calls the method
on it. The result is a run, ``{query: {item: score}}``, that `rankbook.evaluate`
and `rankbook.io.write_run` accept.

Conventions, shared with FLAGR:

- every run gives a list in every query: a run without the query gives an
  empty list there (it still counts among the $L$ lists, which matters for
  Borda's share and the outranking thresholds);
- a run's list is its documents in trec_eval's order (score descending, equal
  scores by document id descending); a FLAGR file's lists follow its rank
  column (FLAGR's own rule), or the row order for 5-column files.
"""

from __future__ import annotations

import io
import os

import numpy as np

from rankbook._errors import InvalidTypeError, InvalidValueError


def fuse(runs=None, method=None, *, flagr=None, label: str | None = None, weights=None,
         keep_order: bool = False, **params) -> dict:
    r"""Aggregate several runs query by query with one method.

    Parameters
    ----------
    runs : sequence of (str, os.PathLike, dict or pandas.DataFrame), optional
        The runs to fuse, in any form `rankbook.io.as_run` reads. Give either
        ``runs`` or ``flagr``.
    method : str or callable
        A name from `rankbook.aggregate.METHODS` (``"combsum"``, ``"borda"``,
        ``"rrf"``, ...) or a function with the methods' shape
        ``f(lists, *, weights=None, **params) -> dict``.
    flagr : str or os.PathLike, optional
        A FLAGR input-list CSV (5 or 6 columns): one run per voter.
    label : str, optional
        The dataset label to read from a FLAGR file that holds several.
    weights : sequence of float, optional
        One weight per run (per voter for ``flagr``), passed to the method.
    keep_order : bool, default False
        Replace each query's scores by $n, n - 1, \dots, 1$ in the aggregate
        order. An evaluator re-sorts a run by score and breaks ties its own way
        (trec_eval: document id descending); with ``keep_order`` it sees the
        method's order, ties broken by rankbook's rule (more lists, then item
        id), as FLAGR evaluates its aggregate lists.
    **params
        The method's parameters, e.g. ``norm="borda"``, ``k=60``,
        ``convention="flagr"``.

    Returns
    -------
    dict
        ``{query: {item: score}}``, each query's items best first.

    Raises
    ------
    rankbook.InvalidValueError
        If the method is unknown, both or neither of ``runs`` and ``flagr`` are
        given, or the method refuses its parameters.
    rankbook.InputFileError
        If a file cannot be read.

    Examples
    --------
    >>> run_a = {"q1": {"d1": 3.0, "d2": 2.0, "d3": 1.0}}
    >>> run_b = {"q1": {"d2": 0.9, "d4": 0.5}}
    >>> fuse([run_a, run_b], "rrf")["q1"]
    {'d2': 0.032266458495966696, 'd1': 0.01639344262295082, 'd4': 0.016129032258064516, 'd3': 0.015873015873015872}
    """
    function = _method_function(method)
    if (runs is None) == (flagr is None):
        raise InvalidValueError(
            "give the runs to fuse either as runs=[run, run, ...] or as one FLAGR list file, "
            "flagr='lists.csv' (one run per voter), not both and not neither.")
    table = _flagr_table(flagr, label) if flagr is not None else _runs_table(runs)
    fused = {query: function(profile, weights=weights, **params)
             for query, profile in _profiles(table)}
    if keep_order:
        fused = {query: {item: float(len(scores) - p) for p, item in enumerate(scores)}
                 for query, scores in fused.items()}
    return fused


def _method_function(method):
    if callable(method):
        return method
    from rankbook.aggregate.registry import METHODS

    if not isinstance(method, str) or method not in METHODS:
        raise InvalidValueError(
            f"unknown aggregation method {method!r}; choose one of {', '.join(METHODS)}.")
    return METHODS[method].function


def _runs_table(runs):
    """(query, list, item, position, score) arrays for a sequence of runs."""
    from rankbook.io import as_run, trec_order

    if isinstance(runs, (str, bytes, os.PathLike, dict)) or not hasattr(runs, "__len__"):
        raise InvalidTypeError(
            "runs must be a list of runs (paths, dicts or DataFrames), e.g. "
            f"fuse([run_a, run_b], 'borda'); got {type(runs).__name__}.")
    if len(runs) == 0:
        raise InvalidValueError("runs is empty; give at least one run to fuse.")
    parts = []
    for index, run in enumerate(runs):
        frame = as_run(run)
        order = trec_order(frame)
        query = frame["query"].to_numpy(dtype=object)[order]
        position = _positions_within(query)
        parts.append((query, np.full(len(order), index), frame["doc"].to_numpy(dtype=object)[order],
                      position, frame["score"].to_numpy(dtype=float)[order]))
    return tuple(np.concatenate(column) for column in zip(*parts)) + (len(runs),)


def _positions_within(query: np.ndarray) -> np.ndarray:
    """1-based position of each row within its block of equal, consecutive queries."""
    if len(query) == 0:
        return np.zeros(0, dtype=np.int64)
    start = np.r_[True, query[1:] != query[:-1]]
    first = np.flatnonzero(start)
    block = np.cumsum(start) - 1
    return np.arange(len(query)) - first[block] + 1


def _flagr_table(path, label):
    """The FLAGR list file as (query, list, item, position, score, L).

    A fast path reads well-formed files with pandas; anything unusual (a
    malformed line, spaces, several labels, an item listed twice) is handed to
    `rankbook.io.read_flagr_lists`, whose errors name the file and line.
    """
    fast = _read_flagr_fast(path, label)
    if fast is not None:
        return fast
    from rankbook.io import read_flagr_lists

    voters = read_flagr_lists(path, label=label)
    parts = []
    for index, run in enumerate(voters.values()):
        parts.append((run["query"].to_numpy(dtype=object), np.full(len(run), index),
                      run["doc"].to_numpy(dtype=object), run["rank"].to_numpy(dtype=np.int64),
                      run["score"].to_numpy(dtype=float)))
    return tuple(np.concatenate(column) for column in zip(*parts)) + (len(voters),)


def _read_flagr_fast(path, label):
    import pandas as pd

    try:
        with open(path, "rb") as handle:
            data = handle.read()
    except OSError:
        return None                     # read_flagr_lists reports it
    first = data.split(b"\n", 1)[0]
    columns = first.count(b",") + 1
    if columns not in (5, 6) or any(c in data for c in (b" ", b"\t", b"\r", b'"')):
        return None
    names = ["query", "voter", "item", "score", "label"]
    if columns == 6:
        names.insert(3, "rank")
    try:
        frame = pd.read_csv(io.BytesIO(data), header=None, names=names, engine="c",
                            dtype={"query": str, "voter": str, "item": str, "label": str,
                                   "score": np.float64, "rank": np.float64},
                            na_filter=False, skip_blank_lines=True)
    except (ValueError, pd.errors.ParserError):
        return None
    if len(frame) == 0 or not np.isfinite(frame["score"].to_numpy()).all():
        return None
    labels = frame["label"].unique()
    if label is None and len(labels) > 1 or label is not None and label not in set(labels):
        return None
    if label is not None:
        frame = frame[frame["label"].to_numpy() == label]
    return _table_from_frame(frame, columns)


def _table_from_frame(frame, columns: int):
    import pandas as pd

    query = frame["query"].to_numpy(dtype=object)
    voter_codes, voters = pd.factorize(frame["voter"].to_numpy(dtype=object))
    if columns == 6:
        rank = frame["rank"].to_numpy()
        if not (np.isfinite(rank).all() and (rank == np.floor(rank)).all()):
            return None
        position = rank.astype(np.int64)
    else:
        block = np.r_[True, (query[1:] != query[:-1]) | (voter_codes[1:] != voter_codes[:-1])]
        position = _positions_within(np.cumsum(block))
    item = frame["item"].to_numpy(dtype=object)
    pairs = pd.DataFrame({"q": query, "v": voter_codes, "i": item})
    if pairs.duplicated().any():
        return None
    return query, voter_codes, item, position, frame["score"].to_numpy(dtype=float), len(voters)


def _profiles(table):
    """Yield (query, Profile) for every query, in order of first appearance."""
    import pandas as pd

    from rankbook.aggregate import Profile

    query, lists, item, position, score, n_lists = table
    query_codes, queries = pd.factorize(query)
    order = np.lexsort((position, lists, query_codes))
    query_codes, lists, item = query_codes[order], lists[order], item[order]
    position, score = position[order], score[order]
    bounds = np.flatnonzero(np.r_[True, query_codes[1:] != query_codes[:-1], True])
    for start, stop in zip(bounds[:-1], bounds[1:]):
        codes, items = pd.factorize(item[start:stop])
        rank = np.full((n_lists, len(items)), np.inf)
        values = np.full((n_lists, len(items)), np.nan)
        rows = lists[start:stop]
        # ranks 1..|l| in the list's order (FLAGR resets its rank column the same way)
        rank[rows, codes] = _positions_within(rows)
        values[rows, codes] = score[start:stop]
        yield str(queries[query_codes[start]]), Profile(
            tuple(items), rank, values, np.ones(n_lists, dtype=bool), np.ones(n_lists))
