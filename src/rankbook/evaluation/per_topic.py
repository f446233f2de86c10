r"""The per-topic path: each measure of each topic from its registry adapter, so from its textbook function.

This is the reference the batch path (:mod:`rankbook.evaluation.batch`) is
tested against, and the path taken when some requested measure has no batch
kernel. For each evaluated topic it builds a
:class:`~rankbook.metrics.spec.TopicData` (the grades in trec_eval's order,
which are judged, every judged grade of the topic, R and N) and calls the
registry entry's adapter, which calls the function of :mod:`rankbook.metrics`.
"""

from __future__ import annotations

import dataclasses
import math

import numpy as np

from rankbook.evaluation.options import Options
from rankbook.evaluation.subtopics import SubtopicJudgments
from rankbook.evaluation.topics import evaluated, report
from rankbook.io.costs import document_costs
from rankbook.io.order import query_codes, trec_order
from rankbook.metrics.incomplete import judged_only as judged_documents
from rankbook.metrics.spec import TopicData


def topic_data(qrels, run, options: Options):
    """The evaluated topics of the table forms ``qrels`` and ``run``, as TopicData.

    Returns ``(topics, data, only_run, only_qrels)``: the topic ids in string
    order, one :class:`TopicData` each, and the one-sided topics (reported with
    a :class:`~rankbook.evaluation.topics.TopicMismatchWarning`). With
    ``options.judged_only`` (trec_eval's ``-J``), each list loses its unjudged documents
    after the ``max_docs`` cut (:func:`rankbook.metrics.incomplete.judged_only`).
    """
    complete, max_docs, trec_eval = options.complete, options.max_docs, options.trec_eval
    run_bounds, run_docs, run_types = _run_blocks(run, trec_eval)
    qrels_bounds, q_docs, q_grades = _qrels_blocks(qrels)
    only_run = sorted(set(run_bounds) - set(qrels_bounds))
    only_qrels = sorted(set(qrels_bounds) - set(run_bounds))
    report(only_run, only_qrels, complete, run.attrs.get("source", "the run"),
           qrels.attrs.get("source", "the qrels"))
    topics = evaluated(list(run_bounds), list(qrels_bounds), complete)
    subtopics = None if options.subtopic_qrels is None else \
        SubtopicJudgments(options.subtopic_qrels, options.intent_probabilities)
    data = []
    for query in topics:
        lo, hi = qrels_bounds[query]
        judgments = dict(zip(q_docs[lo:hi].tolist(), q_grades[lo:hi].tolist()))
        a, b = run_bounds.get(query, (0, 0))
        docs = run_docs[a:b][:max_docs]
        grades = np.fromiter((judgments.get(d, math.nan) for d in docs), np.float64, len(docs))
        costs = None
        if run_types is not None and options.costs is not None:
            costs = document_costs(run_types[a:b][:max_docs], options.costs)
        if options.judged_only:
            kept = np.asarray(judged_documents(np.where(np.isnan(grades), None, grades)),
                              dtype=np.float64)
            costs = None if costs is None else costs[~np.isnan(grades) & (grades >= 0)]
            docs = docs[~np.isnan(grades) & (grades >= 0)]
            grades = kept
        judged = ~np.isnan(grades)
        grades[~judged] = 0.0
        topic = TopicData.of(grades, judged, q_grades[lo:hi], options.relevance_level, trec_eval)
        topic = topic if costs is None else dataclasses.replace(topic, costs=costs)
        data.append(topic if subtopics is None else subtopics.fill(topic, query, docs))
    return topics, data, only_run, only_qrels


def _run_blocks(run, trec_eval: str):
    """{topic: (first row, end row)} of the run in trec_eval's order, its doc ids, and their
    element types (None when the run has none)."""
    order = trec_order(run, trec_eval=trec_eval)
    queries = run["query"].to_numpy(dtype=object)[order]
    docs = run["doc"].to_numpy(dtype=object)[order]
    types = run["element_type"].to_numpy(dtype=object)[order] if "element_type" in run else None
    return _bounds(queries), docs, types


def _qrels_blocks(qrels):
    """{topic: (first row, end row)} of the qrels grouped by topic, its doc ids and grades."""
    qrels = qrels.iloc[np.argsort(query_codes(qrels["query"].to_numpy(dtype=object)),
                                  kind="stable")]
    queries = qrels["query"].to_numpy(dtype=object)
    return (_bounds(queries), qrels["doc"].to_numpy(dtype=object),
            qrels["grade"].to_numpy(dtype=np.float64))


def _bounds(queries: np.ndarray) -> dict:
    """{topic: (start, end)} of each block of equal consecutive topic ids."""
    if not len(queries):
        return {}
    start = np.flatnonzero(np.r_[True, queries[1:] != queries[:-1]])
    return dict(zip(queries[start].tolist(),
                    zip(start.tolist(), np.r_[start[1:], len(queries)].tolist())))


def per_topic_values(data: list[TopicData], columns: list, level: float) -> dict:
    """{column key: [value of each topic]} for every column with an adapter.

    Each adapter receives the column's parameter values, ``rel`` defaulting to
    ``level`` (the evaluation's). A measure of several quantities is computed
    once per topic and its values shared out among its columns.
    """
    values: dict = {}
    for measure in columns:
        metric = measure.metric
        if metric.per_topic is None or measure.key in values:
            continue
        arguments = measure.arguments(level)
        results = [metric.per_topic(topic, arguments) for topic in data]
        if len(metric.quantities) == 1:
            values[measure.key] = results
            continue
        for i, quantity in enumerate(metric.quantities):
            values[metric.name, measure.params, quantity] = [result[i] for result in results]
    return values
