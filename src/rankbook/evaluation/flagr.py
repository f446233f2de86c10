r"""FLAGR's evaluator: the rules PyFLAGR applies to its aggregate lists, with rankbook's metrics.

FLAGR (the C++ library behind PyFLAGR) evaluates each aggregate list itself and
writes one row per query and a mean row, ``all``. Its rules differ from
trec_eval's in seven places; `evaluate_flagr` follows FLAGR, and every number
comes from the textbook functions of `rankbook.metrics` applied to the grades
those rules produce:

| | FLAGR (`evaluate_flagr`) | trec_eval (`rankbook.evaluate`) |
| --- | --- | --- |
| list order | as the aggregate list is (the method's order) | re-sorted: score descending, ties by document id descending |
| relevant | grade > 0 **and** aggregate score > 0 (an item scored 0 or less never counts) | grade $\ge$ ``relevance_level`` |
| P@k, R@k, DCG@k, nDCG@k when the list is shorter than k | 0 (FLAGR writes no value past the end of its list) | computed (P@k divides by k, the others keep their value) |
| AP | the whole list, divided by the relevant judgments $R$ | the same |
| DCG gain | $2^{\mathrm{rel}} - 1$ | $\mathrm{rel}$ (trec_eval prints no DCG; its nDCG uses the grade) |
| IDCG | the grades of the items **in the list**, sorted | every judged grade of the topic |
| topics | every query of the list file; a query without judgments scores 0 | topics in both run and qrels (``complete=True``: every qrels topic) |

The ``all`` row sums ``num_ret``, ``num_rel`` and ``num_rel_ret`` and averages
everything else over the queries, as FLAGR does. FLAGR prints 6 decimals;
rankbook keeps full precision.

Read from FLAGR's source (``src/Evaluator.cpp`` and ``src/input/InputData.cpp``
of lakritidis/FLAGR, the version PyFLAGR 1.0.18 ships) and checked against
PyFLAGR 1.0.18's own evaluation tables in rankbook's tests.
"""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np

from rankbook import _validate
from rankbook.evaluation._flagr_arrays import flagr_rows
from rankbook.metrics.average_precision import average_precision
from rankbook.metrics.dcg import dcg_at_k, ndcg_at_k
from rankbook.metrics.precision import precision_at_k, recall_at_k

SUMMARY_ROW = "all"
COUNT_COLUMNS = ("num_ret", "num_rel", "num_rel_ret")


def flagr_columns(cutoff: int) -> list[str]:
    """The columns of FLAGR's evaluation table for evaluation points 1..cutoff.

    >>> flagr_columns(2)
    ['num_ret', 'num_rel', 'num_rel_ret', 'map', 'P_1', 'P_2', 'recall_1', 'recall_2', 'dcg_cut_1', 'dcg_cut_2', 'ndcg_cut_1', 'ndcg_cut_2']
    """
    points = range(1, cutoff + 1)
    return [*COUNT_COLUMNS, "map",
            *(f"{family}_{k}" for family in ("P", "recall", "dcg_cut", "ndcg_cut") for k in points)]


def evaluate_flagr(qrels, run, *, cutoff: int = 10, queries=None):
    r"""Evaluate ranked lists with FLAGR's rules: one row per query and the mean row ``all``.

    For the list of one query, with grades $\mathrm{rel}_i$ (0 when not judged or
    judged $\le 0$) and aggregate scores $s_i$, FLAGR counts position $i$ as a
    *true positive* when $\mathrm{rel}_i > 0$ and $s_i > 0$:

    $$t_i = [\,\mathrm{rel}_i > 0 \text{ and } s_i > 0\,], \qquad
    \operatorname{AP} = \frac{1}{R} \sum_{i=1}^{n} \mathrm{P}@i \cdot t_i, \qquad
    \mathrm{P}@k = \frac{1}{k} \sum_{i=1}^{k} t_i, \qquad \mathrm{R}@k = \frac{1}{R} \sum_{i=1}^{k} t_i$$

    $$\mathrm{DCG}@k = \sum_{i=1}^{k} \frac{2^{\mathrm{rel}_i} - 1}{\log_2(i + 1)}, \qquad
    \mathrm{nDCG}@k = \frac{\mathrm{DCG}@k}{\mathrm{DCG}@k(\mathrm{rel}^{*})}$$

    where $n$ is the length of the list, $R$ the query's judgments with a
    grade above 0 (retrieved or not) and $\mathrm{rel}^{*}$ the grades of the list's
    own items sorted from the highest. P@k, R@k, DCG@k and nDCG@k are 0 when
    $n < k$. Each value is what `average_precision`, `precision_at_k`,
    `recall_at_k` (on the $t_i$), `dcg_at_k` and `ndcg_at_k` (on the grades,
    ``gain="exponential"``, no ``ideal``) give: `textbook_rows` calls them once
    per query and cut-off; the table is computed for all queries at once with
    the same arithmetic (``rankbook.evaluation._flagr_arrays``), tested equal
    to `textbook_rows`. The module docstring lists every difference from
    trec_eval.

    Parameters
    ----------
    qrels : str, os.PathLike, dict or pandas.DataFrame
        The judgments, in any form `rankbook.io.as_qrels` reads (a TREC
        qrels file or FLAGR's qrels CSV, told apart by content).
    run : dict or any run `rankbook.io.as_run` reads
        The lists. A dict ``{query: {item: score}}`` is taken in its own order
        (best first), as `rankbook.fuse` returns an aggregate; any other run
        (a TREC file, a DataFrame) in trec_eval's order (score descending,
        ties by item id descending).
    cutoff : int, default 10
        The evaluation points: P, recall, DCG and nDCG at 1, 2, ..., cutoff
        (PyFLAGR's ``eval_pts``).
    queries : sequence of str, optional
        The queries to report, in this order: a query without a list scores
        as an empty list (0 everywhere but ``num_rel``). Default: the run's
        queries in their order.

    Returns
    -------
    pandas.DataFrame
        Index: the queries, then ``"all"``. Columns ``num_ret``, ``num_rel``,
        ``num_rel_ret``, ``map``, ``P_1`` ... ``P_k``, ``recall_1`` ...,
        ``dcg_cut_1`` ..., ``ndcg_cut_1`` ... (`flagr_columns`).

    Raises
    ------
    rankbook.InvalidValueError
        If ``cutoff`` is not a positive whole number.
    rankbook.InputFileError
        If the qrels or the run cannot be read.

    See Also
    --------
    rankbook.evaluate : the same measures with trec_eval's rules.

    References
    ----------
    Akritidis, L., Fevgas, A., Bozanis, P. and Manolopoulos, Y. (2023). FLAGR:
    A flexible high-performance library for rank aggregation. SoftwareX 21.

    Examples
    --------
    The seed's 8-element list (relevant at ranks 1, 3, 4 and 6), all scores
    positive: FLAGR's worked table prints P@5 = 0.60, DCG@5 = 1.93 and
    nDCG@5 = 0.75 (its IDCG uses the list's own grades):

    >>> items = [f"d{i}" for i in range(1, 9)]
    >>> run = {"q": {d: 9.0 - i for i, d in enumerate(items)}}
    >>> qrels = {"q": {"d1": 1, "d3": 1, "d4": 1, "d6": 1, "d2": 0}}
    >>> row = evaluate_flagr(qrels, run, cutoff=5).loc["q"]
    >>> row[["P_5", "dcg_cut_5", "ndcg_cut_5"]].round(2).tolist()
    [0.6, 1.93, 0.75]

    Its AP runs over the whole list and divides by the four relevant items:

    >>> round(float(row["map"]), 6)
    0.770833

    An item with aggregate score 0 is not a true positive, though relevant:

    >>> run = {"q": {"d1": 1.0, "d3": 0.0}}
    >>> table = evaluate_flagr({"q": {"d1": 1, "d3": 1}}, run, cutoff=2)
    >>> int(table.loc["q", "num_rel_ret"]), float(table.loc["q", "P_2"]), float(table.loc["q", "map"])
    (1, 0.5, 0.5)
    """
    import pandas as pd

    points = _validate.cutoff(cutoff, "cutoff")
    relevant = _relevant_judgments(qrels)
    lists = _ordered_lists(run)
    names = list(lists) if queries is None else [str(q) for q in queries]
    empty = (np.array([], dtype=object), np.array([], dtype=float))
    rows = flagr_rows([lists.get(q, empty) for q in names], [relevant.get(q, {}) for q in names],
                      points)
    columns = flagr_columns(points)
    table = pd.DataFrame(rows, index=pd.Index(names, dtype=object), columns=columns)
    counts = list(COUNT_COLUMNS)
    table[counts] = table[counts].astype(np.int64)
    summary = table.drop(columns=counts).mean() if len(table) else table.drop(columns=counts).sum()
    last = pd.concat([table[counts].sum(), summary])[columns].to_numpy(dtype=float)
    table = pd.DataFrame(np.vstack([rows, last]), columns=columns,
                         index=pd.Index([*names, SUMMARY_ROW], dtype=object))
    table[counts] = table[counts].astype(np.int64)
    return table


def _relevant_judgments(qrels) -> dict:
    """``{query: {item: grade}}`` for the judgments with grade > 0, the only ones FLAGR stores."""
    from rankbook.io import as_qrels

    frame = as_qrels(qrels)
    kept = frame[frame["grade"] > 0]
    relevant: dict = {}
    for query, item, grade in zip(kept["query"].tolist(), kept["doc"].tolist(),
                                  kept["grade"].tolist()):
        relevant.setdefault(query, {})[item] = float(grade)
    return relevant


def _ordered_lists(run) -> dict:
    """``{query: (items, scores)}``: a dict's own order, any other run in trec_eval's order."""
    from rankbook.io import as_run, trec_order

    lists = _dict_lists(run) if isinstance(run, Mapping) else None
    if lists is not None:
        return lists
    frame = as_run(run)
    if not isinstance(run, Mapping):
        frame = frame.iloc[trec_order(frame)]
    lists = {}
    for query, group in frame.groupby("query", sort=False):
        lists[query] = (group["doc"].to_numpy(dtype=object), group["score"].to_numpy(dtype=float))
    return lists


_NUMBER_TYPES = {float, int, np.float64, np.float32, np.int64, np.int32}


def _dict_lists(run: Mapping) -> dict | None:
    """``{query: (items, scores)}`` of a dict whose ids are str and scores finite numbers, else None.

    What `rankbook.io.as_run` would give for such a dict, without its DataFrame; None
    hands any other dict to `as_run`, which reads it or says what is wrong with it.
    """
    lists = {}
    for query, scores in run.items():
        if type(query) is not str or not isinstance(scores, Mapping):
            return None
        items, values = list(scores), list(scores.values())
        if not set(map(type, items)) <= {str} or "\0" in "".join([query, *items]) \
                or not set(map(type, values)) <= _NUMBER_TYPES:
            return None
        values = np.array(values, dtype=float)
        if not np.isfinite(values).all():
            return None
        if items:
            lists[query] = (np.array(items, dtype=object), values)
    return lists


def textbook_rows(lists: list, relevant: list, points: int) -> list:
    """FLAGR's rows, query by query, from the textbook functions: the definition `evaluate_flagr` computes.

    ``lists[q]`` is ``(items, scores)`` of query q in list order and ``relevant[q]``
    its judgments with a grade above 0; one row per query (`flagr_columns`).
    `evaluate_flagr` computes the same rows for all queries at once, and its
    tests hold it to these, double for double.

    >>> items = np.array(["d1", "d2", "d3"], dtype=object)
    >>> row, = textbook_rows([(items, np.array([3.0, 2.0, 1.0]))], [{"d1": 1.0, "d3": 1.0}], 2)
    >>> row[:6]     # num_ret, num_rel, num_rel_ret, AP = (1/1 + 2/3) / 2, P@1, P@2
    [3, 2, 2, 0.8333333333333333, 1.0, 0.5]
    """
    return [_query_row(items, scores, judged, points)
            for (items, scores), judged in zip(lists, relevant)]


def _query_row(items, scores, relevant: dict, points: int) -> list:
    """FLAGR's row of one query: counts, AP, then P, recall, DCG and nDCG at 1..points."""
    grades = np.array([relevant.get(item, 0.0) for item in items], dtype=float)
    true_positive = ((grades > 0) & (scores > 0)).astype(float)
    R = len(relevant)
    n = len(items)
    reached = range(1, min(points, n) + 1)
    unreached = [0.0] * (points - len(reached))
    precision = [precision_at_k(true_positive, k) for k in reached] + unreached
    recall = [recall_at_k(true_positive, k, R) for k in reached] + unreached
    dcg = [dcg_at_k(grades, k, gain="exponential") for k in reached] + unreached
    ndcg = [ndcg_at_k(grades, k, gain="exponential") for k in reached] + unreached
    ap = average_precision(true_positive, R)
    return [n, R, int(true_positive.sum()), ap, *precision, *recall, *dcg, *ndcg]
