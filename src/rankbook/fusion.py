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

**Ties inside an input run** (``ties=``). A method reads each document's rank in
each run, so documents of equal score need a stated rank:

| ``ties`` | tied documents of a run | who does this |
| --- | --- | --- |
| ``"trec_eval"`` (default) | ranked by document id descending, after rounding the scores to float32 | trec_eval 9.x, pytrec_eval, `rankbook eval` |
| ``"input"`` | ranked in the order they were given (file lines, dict or DataFrame order) | ranx, on lists of at most 15 documents |
| ``"shared"`` | all get the rank of the first of them: 1 + the number of documents scored higher | SQL's ``RANK()``, ``scipy.stats.rankdata(method="min")`` |

ranx sorts each query's documents with numba's quicksort on the negated scores:
lists of at most 15 documents are insertion-sorted, which keeps tied documents in
input order (``"input"``); longer lists are partitioned first, which is not stable,
so ranx's order of tied documents then depends on the list's length and content and
follows no rule that can be stated (16 tied documents ``d00 ... d15`` come out
``d14, d13, ..., d00, d15``). To agree with ranx on such runs, give it runs without
ties.
"""

from __future__ import annotations

import os

import numpy as np

from rankbook._errors import InvalidTypeError, InvalidValueError
from rankbook._index import as_index


def fuse(runs=None, method=None, *, flagr=None, label: str | None = None, weights=None,
         keep_order: bool = False, ties: str | None = None, **params) -> dict:
    r"""Aggregate several runs query by query with one method.

    Parameters
    ----------
    runs : sequence of (str, os.PathLike, dict or pandas.DataFrame), optional
        The runs to fuse, in any form `rankbook.io.as_run` reads. Give either
        ``runs`` or ``flagr``.
    method : str or callable
        A name from `rankbook.aggregate.METHODS` (``"combsum"``, ``"borda"``,
        ``"rrf"``, ``"mc4"``, ``"rra"``, ``"dibra"``, ..., in any case: ``"RRF"``) or a function with the methods' shape
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
    ties : {"trec_eval", "input", "shared"}, optional
        The rank of tied documents inside an input run (see the module
        docstring); default ``"trec_eval"``. Not for ``flagr``, whose lists
        follow the file's rank column.
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
    rankbook.InvalidTypeError
        If ``runs`` holds plain lists of items: one query's ranked lists, which the
        method's own function takes (``rankbook.aggregate.borda(lists)``).

    Examples
    --------
    >>> run_a = {"q1": {"d1": 3.0, "d2": 2.0, "d3": 1.0}}
    >>> run_b = {"q1": {"d2": 0.9, "d4": 0.5}}
    >>> fuse([run_a, run_b], "rrf")["q1"]
    {'d2': 0.03252247488101534, 'd1': 0.01639344262295082, 'd4': 0.016129032258064516, 'd3': 0.015873015873015872}

    Tied documents (``b`` and ``c``, both 0.5) get ranks 3 and 2 (trec_eval: id
    descending), 2 and 3 (given order), or 2 and 2 (shared):

    >>> tied = {"q1": {"a": 0.9, "b": 0.5, "c": 0.5}}
    >>> [fuse([tied], "rrf", ties=t)["q1"]["b"] == 1 / (60 + r)
    ...  for t, r in (("trec_eval", 3), ("input", 2), ("shared", 2))]
    [True, True, True]
    """
    function = _method_function(method)
    _refuse_one_query(runs, function)
    return fuse_profiles(read_profiles(runs, flagr=flagr, label=label, ties=ties), function,
                         weights=weights, keep_order=keep_order, **params)


def _refuse_one_query(runs, function) -> None:
    """Plain lists of items are one query's ranked lists: the method itself takes them.

    `fuse` fuses whole runs, query by query, and returns a run; one query's lists have no
    query id to return them under, so they go to the method's function, which takes them
    and returns ``{item: score}`` (`rankbook.aggregate.borda([["a", "b"], ["b", "a"]])`).
    """
    if runs is None or isinstance(runs, (str, bytes, os.PathLike, dict)) \
            or not isinstance(runs, (list, tuple)):
        return
    import rankbook.aggregate

    own = getattr(function, "__name__", "method")
    name = f"rankbook.aggregate.{own}" if getattr(rankbook.aggregate, own, None) is function \
        else own
    for index, run in enumerate(runs):
        if isinstance(run, (list, tuple)):
            raise InvalidTypeError(
                f"runs[{index}] is a plain list of items, {str(run)[:60]}: fuse takes whole "
                "runs ({query: {doc: score}}, a TREC file or a DataFrame) and fuses them query "
                f"by query. One query's ranked lists go to the method itself: {name}(lists), "
                f"e.g. {name}([['a', 'b'], ['b', 'a']]) returns {{item: score}}.")


def read_profiles(runs=None, *, flagr=None, label: str | None = None,
                  ties: str | None = None) -> list:
    r"""The input of `fuse`, read once: ``[(query, Profile)]``, in order of first appearance.

    `fuse` is `read_profiles` then `fuse_profiles`; the Comparator reads the
    lists once and hands them to every aggregator. The parameters are `fuse`'s.
    The profiles' arrays are read-only, so one method cannot change another's input.

    >>> {query: profile.items for query, profile in read_profiles([{"q1": {"a": 2, "b": 1}}])}
    {'q1': ('a', 'b')}
    """
    if (runs is None) == (flagr is None):
        raise InvalidValueError(
            "give the runs to fuse either as runs=[run, run, ...] or as one FLAGR list file, "
            "flagr='lists.csv' (one run per voter), not both and not neither.")
    if flagr is not None and ties is not None:
        raise InvalidValueError(
            f"ties={ties!r} sets the rank of tied documents inside runs; a FLAGR file's lists "
            "follow its rank column (or its row order): leave out ties (--ties) for a FLAGR file.")
    profiles = _flagr_profiles(flagr, label) if flagr is not None else \
        _profiles(_runs_table(runs, _ties(ties)), reset_ranks=False)
    for _, profile in profiles:
        for array in (profile.rank, profile.score, profile.has_scores, profile.weight):
            array.flags.writeable = False
    return profiles


def fuse_profiles(profiles: list, method, *, weights=None, keep_order: bool = False,
                  **params) -> dict:
    r"""`fuse` on lists already read by `read_profiles`: ``{query: {item: score}}``.

    ``method``, ``weights``, ``keep_order`` and ``params`` are `fuse`'s.

    >>> fuse_profiles(read_profiles([{"q1": {"a": 2, "b": 1}}]), "borda", keep_order=True)
    {'q1': {'a': 2.0, 'b': 1.0}}
    """
    function = _method_function(method)
    if params.get("return_weights"):
        raise InvalidValueError(
            "fuse returns a run, one result per query, not the voter weights; call the method "
            "on one query's lists with return_weights=True to see them (e.g. "
            "rankbook.aggregate.dibra(lists, return_weights=True)).")
    fused = {query: function(profile, weights=weights, **params) for query, profile in profiles}
    return ordered_scores(fused) if keep_order else fused


def ordered_scores(fused: dict) -> dict:
    r"""An aggregate with the scores $n, n - 1, \dots, 1$ in its order (``keep_order``).

    An evaluator that sorts by score (trec_eval) then keeps the method's order.

    >>> ordered_scores({"q1": {"b": 0.5, "a": 0.5}})
    {'q1': {'b': 2.0, 'a': 1.0}}
    """
    return {query: {item: float(len(scores) - position) for position, item in enumerate(scores)}
            for query, scores in fused.items()}


class _ListedTwice(Exception):
    """An item appears twice in one list (io's read_flagr_lists then says where)."""


def _method_function(method):
    if callable(method):
        return method
    from rankbook.aggregate.registry import METHODS, method_named

    return METHODS[method_named(method)].function


TIES = ("trec_eval", "input", "shared")


def _ties(ties) -> str:
    if ties is None:
        return "trec_eval"
    if not isinstance(ties, str) or ties not in TIES:
        raise InvalidValueError(
            f"ties={ties!r} is not a rule for tied documents; choose 'trec_eval' (document id "
            "descending, the default), 'input' (the order given, ranx's on short lists) or "
            "'shared' (every tied document gets the rank of the first).")
    return ties


def _runs_table(runs, ties: str = "trec_eval"):
    """(query codes, query names, list, item, rank, score, L) for a sequence of runs.

    Each run's rows are in its list order (by query, then score descending, ties by
    ``ties``), and ``rank`` is each document's rank in its list under that rule.
    """
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
        order = trec_order(frame) if ties == "trec_eval" else _input_order(frame)
        query = frame["query"].to_numpy(dtype=object)[order]
        score = frame["score"].to_numpy(dtype=float)[order]
        rank = _positions_within(query)
        if ties == "shared":
            rank = _shared_ranks(query, score, rank)
        parts.append((query, np.full(len(order), index),
                      frame["doc"].to_numpy(dtype=object)[order], rank, score))
    query, lists, item, position, score = (np.concatenate(column) for column in zip(*parts))
    codes, names = pd.factorize(query)
    items, item_names = pd.factorize(item)
    return (codes, [str(name) for name in names], lists, items, np.asarray(item_names, dtype=object),
            position, score, len(runs))


def _input_order(frame) -> np.ndarray:
    """Rows by query (first appearance), score descending, ties in the given order (stable)."""
    import pandas as pd

    codes, _ = pd.factorize(frame["query"].to_numpy(dtype=object))
    return np.lexsort((-frame["score"].to_numpy(dtype=float), codes))


def _shared_ranks(query: np.ndarray, score: np.ndarray, position: np.ndarray) -> np.ndarray:
    """Each row's rank when tied rows (same query, equal score) share the first one's position.

    The rows are in list order (score descending within each query's block).
    """
    if len(query) == 0:
        return position
    first = np.r_[True, (query[1:] != query[:-1]) | (score[1:] != score[:-1])]
    return position[np.flatnonzero(first)[np.cumsum(first) - 1]]


def _positions_within(query: np.ndarray) -> np.ndarray:
    """1-based position of each row within its block of equal, consecutive values."""
    if len(query) == 0:
        return np.zeros(0, dtype=np.int64)
    start = np.r_[True, query[1:] != query[:-1]]
    first = np.flatnonzero(start)
    block = np.cumsum(start) - 1
    return np.arange(len(query)) - first[block] + 1


def _flagr_profiles(path, label):
    """The profiles of a FLAGR list file, read by io's FLAGR reader (`read_flagr_arrays`).

    An item listed twice in one list is handed to `rankbook.io.read_flagr_lists`, whose
    error names the file and the lines.
    """
    from rankbook.io.flagr import read_flagr_arrays, read_flagr_lists

    table = read_flagr_arrays(path, label=label)
    try:
        return _profiles((table.query, table.query_names, table.voter, table.item,
                          table.item_names, table.rank, table.score, len(table.voter_names)))
    except _ListedTwice:
        read_flagr_lists(path, label=label)  # refuses the repeated item, naming the lines
        raise


def _profiles(table, *, reset_ranks: bool = True) -> list:
    """[(query, Profile)] for every query, in order of first appearance.

    ``table`` holds one row per (list, item): query code, list index, item code (into
    ``item_names``), position and score. Within a query the items are numbered in order of
    first appearance, list by list, best first, as `make_profile` numbers them. With
    ``reset_ranks`` each list is ranked 1..|l| in its order (FLAGR resets its rank column
    so); otherwise the positions are the ranks (runs: they may share a rank, ``ties``).
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
        if len(codes) and np.bincount(as_index(rows * n + codes)).max() > 1:
            raise _ListedTwice
        rank = np.full((n_lists, n), np.inf)
        values = np.full((n_lists, n), np.nan)
        # ranks 1..|l| in the list's order (FLAGR resets its rank column the same way)
        rank[rows, codes] = _positions_within(rows) if reset_ranks else position[start:stop]
        values[rows, codes] = score[start:stop]
        names = item_names[present]
        profiles.append((query_names[query_codes[start]], Profile(
            tuple(names.tolist()), rank, values, np.ones(n_lists, dtype=bool), np.ones(n_lists))))
    return profiles
