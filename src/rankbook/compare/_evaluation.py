"""The Comparator's rows: one system's evaluation table under FLAGR's or trec_eval's rules.

Both return FLAGR's columns (`rankbook.evaluation.flagr.flagr_columns`) for the
given topics, then the ``all`` row, so the Comparator can stack the systems.
"""

from __future__ import annotations

import numpy as np

from rankbook.evaluation.flagr import COUNT_COLUMNS, SUMMARY_ROW, evaluate_flagr, flagr_columns
from rankbook.metrics.dcg import dcg_at_k

CONVENTIONS = ("trec_eval", "flagr")


def system_table(qrels, run, cutoff: int, topics: list, conventions: str):
    """The evaluation table of one run: ``topics`` then ``all``, FLAGR's columns."""
    if conventions == "flagr":
        return evaluate_flagr(qrels, run, cutoff=cutoff, queries=topics)
    return _trec_eval_table(qrels, run, cutoff, topics)


def _trec_eval_table(qrels, run, cutoff: int, topics: list):
    """trec_eval's num_*, map, P, recall and nDCG (``complete=True``) and DCG with its gain."""
    from rankbook.evaluation import evaluate

    points = ",".join(str(k) for k in range(1, cutoff + 1))
    measures = ["num_ret", "num_rel", "num_rel_ret", "map", f"P.{points}", f"recall.{points}",
                f"ndcg_cut.{points}"]
    table = evaluate(qrels, run, measures, complete=True)
    dcg = _dcg_table(qrels, run, cutoff, list(table.index.drop(SUMMARY_ROW)))
    table = table.join(dcg)
    table = table.loc[[*topics, SUMMARY_ROW], flagr_columns(cutoff)]
    counts = list(COUNT_COLUMNS)
    table[counts] = table[counts].astype(np.int64)
    return table


def _dcg_table(qrels, run, cutoff: int, topics: list):
    """DCG@1..cutoff of each topic, trec_eval's order and gain (the grade), mean in ``all``.

    trec_eval prints nDCG only; its numerator is `dcg_at_k` with the linear gain
    on the list in trec_eval's order (score descending, ties by id descending).
    """
    import pandas as pd

    from rankbook.io import as_qrels, as_run, trec_order

    judged = as_qrels(qrels)
    grade_of = dict(zip(zip(judged["query"], judged["doc"]), judged["grade"]))
    frame = as_run(run)
    frame = frame.iloc[trec_order(frame)]
    lists = {query: group["doc"].tolist() for query, group in frame.groupby("query", sort=False)}
    rows = []
    for topic in topics:
        grades = [grade_of.get((topic, doc), 0.0) for doc in lists.get(topic, [])]
        rows.append([dcg_at_k(grades, k) for k in range(1, cutoff + 1)])
    columns = [f"dcg_cut_{k}" for k in range(1, cutoff + 1)]
    table = pd.DataFrame(rows, index=pd.Index(topics, dtype=object), columns=columns)
    table.loc[SUMMARY_ROW] = table.mean() if len(topics) else 0.0
    return table


def keep_order(fused: dict) -> dict:
    """An aggregate with the scores $n, n-1, \\dots, 1$: trec_eval then keeps the method's order."""
    return {query: {item: float(len(scores) - position) for position, item in enumerate(scores)}
            for query, scores in fused.items()}
