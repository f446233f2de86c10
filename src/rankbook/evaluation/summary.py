"""The result: per-topic columns and the ``all`` row, each formed by its entry's summary rule."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

SUMMARY_ROW = "all"
#: The entry whose summary trec_eval's -c takes from the qrels file (num_rel).
QRELS_COUNTED = "NumRel"


@dataclass
class Table:
    """The result before it becomes a DataFrame (the CLI prints it without pandas)."""

    topics: list            # evaluated topic ids, in string order
    columns: list           # the Measure of each column
    values: dict            # label -> list of per-topic values
    summary: dict           # label -> value of the "all" row
    attrs: dict


def summarise(columns: list, topics: list, per_topic: dict, runid: str, only_run: list,
              only_qrels: list, trec_eval: str, *, qrels_relevant: int | None = None) -> Table:
    """The ``all`` row of every column, by its registry entry's summary rule.

    ``per_topic`` maps a measure's key to its per-topic values, topics in
    string order. Means add the values in that order, as trec_eval does.
    ``qrels_relevant`` (with ``-c`` only): the judgments with a grade above 0 in the
    whole qrels, which trec_eval prints as num_rel's summary under ``-c`` instead of
    the sum of the topics' values (they differ with ``-l 2``, ``-J`` or ``-M``).
    """
    values, summary = {}, {}
    for measure in columns:
        rule = measure.metric.rule
        if rule.name == "name":
            values[measure.label] = [runid] * len(topics)
            summary[measure.label] = runid
            continue
        column = per_topic[measure.key]
        values[measure.label] = column
        summary[measure.label] = None if rule.combine is None else rule.combine(column)
        if qrels_relevant is not None and measure.metric.name == QRELS_COUNTED:
            summary[measure.label] = qrels_relevant
    attrs = {"runid": runid, "num_q": len(topics), "only_in_run": only_run,
             "only_in_qrels": only_qrels, "measures": columns, "trec_eval": trec_eval}
    return Table(topics, columns, values, summary, attrs)


def to_frame(table: Table, per_query: bool):
    """The result DataFrame: one row per topic (if per_query), then ``all``."""
    import pandas as pd

    columns = table.columns
    frame = pd.DataFrame(table.values, index=pd.Index(table.topics, name="query", dtype=object),
                         columns=[m.label for m in columns])
    frame = frame if per_query else frame.iloc[:0]
    frame = pd.concat([frame, pd.DataFrame([table.summary],
                                           index=pd.Index([SUMMARY_ROW], name="query",
                                                          dtype=object))])
    for measure in columns:
        if measure.metric.rule.integer:
            frame[measure.label] = frame[measure.label].astype(np.int64)
    frame.attrs.update(table.attrs)
    return frame
