"""The Comparator's rows: one system's evaluation table under FLAGR's or trec_eval's rules.

Both return FLAGR's columns (`rankbook.evaluation.flagr.flagr_columns`) for the
given topics, then the ``all`` row, so the Comparator can stack the systems.
"""

from __future__ import annotations

import numpy as np

from rankbook.evaluation.flagr import COUNT_COLUMNS, SUMMARY_ROW, evaluate_flagr, flagr_columns

CONVENTIONS = ("trec_eval", "flagr")


def system_table(qrels, run, cutoff: int, topics: list, conventions: str):
    """The evaluation table of one run: ``topics`` then ``all``, FLAGR's columns."""
    if conventions == "flagr":
        return evaluate_flagr(qrels, run, cutoff=cutoff, queries=topics)
    return _trec_eval_table(qrels, run, cutoff, topics)


def _trec_eval_table(qrels, run, cutoff: int, topics: list):
    """trec_eval's num_*, map, P, recall and nDCG (``complete=True``) and DCG@k, all from the registry.

    trec_eval prints nDCG only; DCG@k is its numerator (the registry's ``DCG@k``:
    the linear gain, the grade, on the list in trec_eval's order).
    """
    from rankbook.evaluation import evaluate

    points = ",".join(str(k) for k in range(1, cutoff + 1))
    dcg = [f"DCG@{k}" for k in range(1, cutoff + 1)]
    measures = ["num_ret", "num_rel", "num_rel_ret", "map", f"P.{points}", f"recall.{points}",
                *dcg, f"ndcg_cut.{points}"]
    table = evaluate(qrels, run, measures, complete=True)
    table = table.rename(columns={name: f"dcg_cut_{k}" for k, name in enumerate(dcg, 1)})
    # the DCG means as the Comparator has always printed them (pandas' pairwise sum; the
    # registry's rule, trec_eval's sum in topic order, differs in the last bits)
    columns = [f"dcg_cut_{k}" for k in range(1, cutoff + 1)]
    per_topic = table.loc[table.index != SUMMARY_ROW, columns]
    table.loc[SUMMARY_ROW, columns] = per_topic.mean() if len(per_topic) else 0.0
    table = table.loc[[*topics, SUMMARY_ROW], flagr_columns(cutoff)]
    counts = list(COUNT_COLUMNS)
    table[counts] = table[counts].astype(np.int64)
    return table
