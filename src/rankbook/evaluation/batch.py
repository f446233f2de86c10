r"""The batch path: every measure of every topic at once, on the array form of the inputs.

The whole run is one array, joined to its grades and sorted by (topic, score
descending, docid descending) as trec_eval orders it, both by io
(:func:`rankbook.io.join.join_run`), and each measure computed for all
topics by its kernel (:mod:`rankbook.evaluation.kernels`). A measure without a
kernel is computed from the same arrays, topic by topic, by its registry adapter
(:func:`topic_data`). It is an optimisation of the per-topic path, tested equal
to it in ``tests/evaluation/test_batch.py``.

Ids stay in the array form (:mod:`rankbook.io.arrays`: fixed-width ``S`` arrays, or
Tokens when an id is long) from the file reader to here, never one Python ``str``
per line. Topics get integer codes in string order
(for UTF-8 ids, byte order is Python's string order and C's ``strcmp`` order).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from rankbook.evaluation import kernels
from rankbook.evaluation.options import Options
from rankbook.evaluation.per_topic import per_topic_values
from rankbook.evaluation.topics import nothing_to_evaluate
from rankbook.io import arrays
from rankbook.io.join import join_run
from rankbook.metrics.spec import TopicData


@dataclass
class Outcome:
    """Per-topic values of every requested measure, topics in string order."""

    topics: list            # str ids of the evaluated topics
    values: dict            # column key (name, params, quantity) -> numpy array, one per topic
    only_run: list
    only_qrels: list


def evaluate_arrays(qrels: arrays.Judgments, run: arrays.Ranking, columns: list,
                    options: Options, *, report=None) -> Outcome:
    """Every requested measure of every evaluated topic, evaluated with ``options``.

    ``report(only_run, only_qrels)`` is called with the one-sided topics (the
    caller warns). The run's arrays are released as soon as they are no longer
    needed (the caller should not use ``run`` after).
    """
    level, trec_eval, max_docs = options.relevance_level, options.trec_eval, options.max_docs
    joined = join_run(qrels, run, complete=options.complete)
    del run
    if report is not None:
        report(joined.only_run, joined.only_qrels)
    if not joined.topics:
        raise nothing_to_evaluate(joined.run_topics(), joined.qrels_topics())
    T = len(joined.topics)
    topic, grade = joined.ranked_grades(trec_eval)
    if options.judged_only:
        topic, grade = _judged_rows(topic, grade, T, max_docs)
        max_docs = None
    segments = kernels.segments(topic, grade, joined.judged_topic, joined.judged_grade, T,
                                max_docs, level, trec_eval)
    with_kernel = [m for m in columns if kernels.has_kernel(m, level)]
    requested: dict = {}
    for measure in with_kernel:
        params = requested.setdefault(measure.metric.name, [])
        if measure.param is not None and measure.param not in params:
            params.append(measure.param)
    computed = kernels.compute(segments, requested)
    values = {m.key: computed[m.metric.name, m.param] for m in with_kernel}
    values.update(_without_kernel(segments, columns, level))
    return Outcome(joined.topics, values, joined.only_run, joined.only_qrels)


def _without_kernel(s: kernels.Segments, columns: list, level: float) -> dict:
    """The measures that have no kernel: each topic's value from the registry's adapter."""
    todo = [m for m in columns
            if not kernels.has_kernel(m, level) and m.metric.per_topic is not None]
    if not todo:
        return {}
    topics = topic_data(s)
    return {key: np.array(column, dtype=object if _is_text(column) else None)
            for key, column in per_topic_values(topics, todo, level).items()}


def _is_text(column: list) -> bool:
    return any(isinstance(value, str) for value in column)


def topic_data(s: kernels.Segments) -> list[TopicData]:
    """Each topic of the segments as the per-topic adapters receive it."""
    by_topic = np.argsort(s.judged_topic, kind="stable")
    judged_count = np.bincount(s.judged_topic, minlength=s.T)
    judged_first = np.cumsum(judged_count) - judged_count
    ideal = s.judged_grades[by_topic]
    data = []
    for t in range(s.T):
        rows = slice(s.first[t], s.first[t] + s.count[t])
        data.append(TopicData(s.grade[rows], s.judged[rows],
                              ideal[judged_first[t]:judged_first[t] + judged_count[t]],
                              int(s.R[t]), int(s.N[t]), s.trec_eval, s.level))
    return data


def _judged_rows(topic, grade, T: int, max_docs: int | None):
    """trec_eval's ``-J`` on rows in trec_eval's order: cut at ``max_docs``, then drop the unjudged.

    Unjudged (NaN) and negative grades go, the rule of
    :func:`rankbook.metrics.incomplete.judged_only`; the rows left keep their order.
    """
    if max_docs is not None:
        count = np.bincount(topic, minlength=T)
        rank = np.arange(topic.size) - (np.cumsum(count) - count)[topic] + 1
        keep = rank <= max_docs
        topic, grade = topic[keep], grade[keep]
    keep = grade >= 0  # False for NaN too
    return topic[keep], grade[keep]
