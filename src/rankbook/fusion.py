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
        ``"rrf"``, ``"mc4"``, ``"rra"``, ``"dibra"``, ...) or a function with the methods' shape
        ``f(lists, *, weights=None, **params) -> dict``.
    flagr : str or os.PathLike, optional
        A FLAGR input-list CSV (5 or 6 columns): one run per voter.
    label : str, optional
        The dataset label to read from a FLAGR file that holds several.
    weights : sequence of float, optional
        One weight per run (per voter for ``flagr``), passed to the method (RRA and the
        self-weighting methods take none: they refuse them).
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
    {'d2': 0.03252247488101534, 'd1': 0.01639344262295082, 'd4': 0.016129032258064516, 'd3': 0.015873015873015872}
    """
    function = _method_function(method)
    if params.get("return_weights"):
        raise InvalidValueError(
            "fuse returns a run, one result per query, not the voter weights; call the method "
            "on one query's lists with return_weights=True to see them (e.g. "
            "rankbook.aggregate.dibra(lists, return_weights=True)).")
    if (runs is None) == (flagr is None):
        raise InvalidValueError(
            "give the runs to fuse either as runs=[run, run, ...] or as one FLAGR list file, "
            "flagr='lists.csv' (one run per voter), not both and not neither.")
    profiles = _flagr_profiles(flagr, label) if flagr is not None else \
        _profiles(_runs_table(runs))
    fused = {query: function(profile, weights=weights, **params) for query, profile in profiles}
    if keep_order:
        fused = {query: {item: float(len(scores) - p) for p, item in enumerate(scores)}
                 for query, scores in fused.items()}
    return fused


class _ListedTwice(Exception):
    """An item appears twice in one list (the fast FLAGR reader hands over to io)."""


def _method_function(method):
    if callable(method):
        return method
    from rankbook.aggregate.registry import METHODS

    if not isinstance(method, str) or method not in METHODS:
        raise InvalidValueError(
            f"unknown aggregation method {method!r}; choose one of {', '.join(METHODS)}.")
    return METHODS[method].function


def _runs_table(runs):
    """(query codes, query names, list, item, position, score, L) for a sequence of runs."""
    import pandas as pd

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
        parts.append((query, np.full(len(order), index),
                      frame["doc"].to_numpy(dtype=object)[order], _positions_within(query),
                      frame["score"].to_numpy(dtype=float)[order]))
    query, lists, item, position, score = (np.concatenate(column) for column in zip(*parts))
    codes, names = pd.factorize(query)
    items, item_names = pd.factorize(item)
    return (codes, [str(name) for name in names], lists, items, np.asarray(item_names, dtype=object),
            position, score, len(runs))


def _positions_within(query: np.ndarray) -> np.ndarray:
    """1-based position of each row within its block of equal, consecutive values."""
    if len(query) == 0:
        return np.zeros(0, dtype=np.int64)
    start = np.r_[True, query[1:] != query[:-1]]
    first = np.flatnonzero(start)
    block = np.cumsum(start) - 1
    return np.arange(len(query)) - first[block] + 1


def _flagr_profiles(path, label):
    """The profiles of a FLAGR list file: a fast reader for well-formed files, else io's.

    Anything unusual (a malformed line, spaces, several labels, an item listed twice) is
    handed to `rankbook.io.read_flagr_lists`, whose errors name the file and the line.
    """
    fast = _read_flagr_fast(path, label)
    if fast is not None:
        try:
            return _profiles(fast)
        except _ListedTwice:
            pass
    import pandas as pd

    from rankbook.io import read_flagr_lists

    voters = read_flagr_lists(path, label=label)
    parts = [(run["query"].to_numpy(dtype=object), np.full(len(run), index),
              run["doc"].to_numpy(dtype=object), run["rank"].to_numpy(dtype=np.int64),
              run["score"].to_numpy(dtype=float)) for index, run in enumerate(voters.values())]
    query, lists, item, position, score = (np.concatenate(column) for column in zip(*parts))
    codes, names = pd.factorize(query)
    items, item_names = pd.factorize(item)
    return _profiles((codes, [str(n) for n in names], lists, items,
                      np.asarray(item_names, dtype=object), position, score, len(voters)))


def _read_flagr_fast(path, label):
    import pandas as pd

    try:
        with open(path, "rb") as handle:
            data = handle.read()
    except OSError:
        return None                     # read_flagr_lists reports it
    end = data.find(b"\n")
    columns = data[:end if end >= 0 else len(data)].count(b",") + 1
    if columns not in (5, 6) or any(c in data for c in (b" ", b"\t", b"\r", b'"')):
        return None
    names = ["query", "voter", "item", "score", "label"]
    if columns == 6:
        names.insert(3, "rank")
    try:
        frame = pd.read_csv(io.BytesIO(data), header=None, names=names, engine="c",
                            dtype={"query": "category", "voter": "category", "item": "category",
                                   "label": "category", "score": np.float64, "rank": np.float64},
                            na_filter=False)
    except (ValueError, pd.errors.ParserError):
        return None
    labels = list(frame["label"].cat.categories)
    if len(frame) == 0 or not np.isfinite(frame["score"].to_numpy()).all() \
            or (label is None and len(labels) > 1) or (label is not None and label not in labels):
        return None
    if label is not None:
        frame = frame[frame["label"].to_numpy() == label]
    return _table_from_frame(frame, columns)


def _first_appearance(codes: np.ndarray, categories) -> tuple:
    """Renumber categorical codes in order of first appearance: (codes, names)."""
    _, first = np.unique(codes, return_index=True)
    present = np.unique(codes)
    order = present[np.argsort(first)]
    renumber = np.empty(len(categories), dtype=np.int64)
    renumber[order] = np.arange(len(order))
    return renumber[codes], [str(categories[c]) for c in order]


def _table_from_frame(frame, columns: int):
    query_codes, query_names = _first_appearance(frame["query"].cat.codes.to_numpy(),
                                                 frame["query"].cat.categories)
    voter_codes, voters = _first_appearance(frame["voter"].cat.codes.to_numpy(),
                                            frame["voter"].cat.categories)
    if columns == 6:
        rank = frame["rank"].to_numpy()
        if not (np.isfinite(rank).all() and (rank == np.floor(rank)).all()):
            return None
        position = rank.astype(np.int64)
    else:
        block = np.r_[True, (query_codes[1:] != query_codes[:-1])
                      | (voter_codes[1:] != voter_codes[:-1])]
        position = _positions_within(np.cumsum(block))
    items = frame["item"]
    return (query_codes, query_names, voter_codes, items.cat.codes.to_numpy().astype(np.int64),
            np.asarray(items.cat.categories, dtype=object), position,
            frame["score"].to_numpy(dtype=float), len(voters))


def _profiles(table) -> list:
    """[(query, Profile)] for every query, in order of first appearance.

    ``table`` holds one row per (list, item): query code, list index, item code (into
    ``item_names``), position and score. Within a query the items are numbered in order of
    first appearance, list by list, best first, as `make_profile` numbers them.
    """
    import pandas as pd

    from rankbook.aggregate import Profile

    query_codes, query_names, lists, items, item_names, position, score, n_lists = table
    key = (query_codes * (n_lists + 1) + lists) * (int(position.max(initial=0)) + 1) + position
    if len(key) > 1 and not np.all(key[1:] > key[:-1]):
        order = np.argsort(key, kind="stable")
        query_codes, lists, items = query_codes[order], lists[order], items[order]
        position, score = position[order], score[order]
    bounds = np.flatnonzero(np.r_[True, query_codes[1:] != query_codes[:-1], True])
    profiles = []
    for start, stop in zip(bounds[:-1], bounds[1:]):
        rows = lists[start:stop]
        codes, present = pd.factorize(items[start:stop])     # numbered by first appearance
        n = len(present)
        if len(codes) and np.bincount(rows * n + codes).max() > 1:
            raise _ListedTwice
        rank = np.full((n_lists, n), np.inf)
        values = np.full((n_lists, n), np.nan)
        # ranks 1..|l| in the list's order (FLAGR resets its rank column the same way)
        rank[rows, codes] = _positions_within(rows)
        values[rows, codes] = score[start:stop]
        names = item_names[present]
        profiles.append((query_names[query_codes[start]], Profile(
            tuple(names.tolist()), rank, values, np.ones(n_lists, dtype=bool), np.ones(n_lists))))
    return profiles
