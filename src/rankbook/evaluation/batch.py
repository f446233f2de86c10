r"""The batch path: every measure of every topic at once, on the array form of the inputs.

The whole run is one array, sorted by (topic, score descending, docid descending)
as trec_eval orders it (:func:`rankbook.io.order.order_rows`), its rows joined to
their grades (:mod:`rankbook.evaluation.join`), and each measure computed for all
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
from rankbook.evaluation.join import join, run_keys
from rankbook.evaluation.per_topic import per_topic_values
from rankbook.evaluation.topics import nothing_to_evaluate
from rankbook.io import arrays
from rankbook.io.order import compared_scores, order_rows
from rankbook.metrics.spec import TopicData


@dataclass
class Outcome:
    """Per-topic values of every requested measure, topics in string order."""

    topics: list            # str ids of the evaluated topics
    values: dict            # (entry name, param) -> numpy array, one value per topic
    only_run: list
    only_qrels: list


def evaluate_arrays(qrels: arrays.Judgments, run: arrays.Ranking, columns: list, *,
                    complete: bool, max_docs: int | None, level: float, trec_eval: str,
                    judged_only: bool = False, report=None) -> Outcome:
    """Every requested measure of every evaluated topic.

    ``report(only_run, only_qrels)`` is called with the one-sided topics (the
    caller warns). The run's arrays are released as soon as they are no longer
    needed (the caller should not use ``run`` after).
    """
    universe, q_code, r_code = arrays.topic_codes(qrels.query, run.query)
    in_qrels, in_run = (np.bincount(c, minlength=len(universe)) > 0 for c in (q_code, r_code))
    run.query = r_code  # the run's topic ids are not needed again: keep only their codes
    del r_code
    only_run = arrays.text_ids(arrays.pick(universe, in_run & ~in_qrels))
    only_qrels = arrays.text_ids(arrays.pick(universe, in_qrels & ~in_run))
    if report is not None:
        report(only_run, only_qrels)
    wanted = in_qrels if complete else in_qrels & in_run
    if not wanted.any():
        raise nothing_to_evaluate(arrays.text_ids(arrays.pick(universe, in_run)),
                                  arrays.text_ids(arrays.pick(universe, in_qrels)))
    T = int(np.count_nonzero(wanted))
    # topic index 0..T-1 of each code (-1: not evaluated)
    index_of = np.where(wanted, np.cumsum(wanted) - 1, -1).astype(np.int32)
    topic, grade = _ranked_grades(qrels, run, q_code, universe, index_of, trec_eval)
    if judged_only:
        topic, grade = _judged_rows(topic, grade, T, max_docs)
        max_docs = None
    q_topic = index_of[q_code]
    segments = kernels.segments(topic, grade, q_topic[q_topic >= 0],
                                qrels.grade[q_topic >= 0], T, max_docs, level, trec_eval)
    requested: dict = {}
    for measure in columns:
        if kernels.has_kernel(measure):
            params = requested.setdefault(measure.metric.name, [])
            if measure.param is not None and measure.param not in params:
                params.append(measure.param)
    values = kernels.compute(segments, requested)
    values.update(_without_kernel(segments, columns, level))
    return Outcome(arrays.text_ids(arrays.pick(universe, wanted)), values, only_run, only_qrels)


def _without_kernel(s: kernels.Segments, columns: list, level: float) -> dict:
    """The measures that have no kernel: each topic's value from the registry's adapter."""
    todo = [m for m in columns
            if not kernels.has_kernel(m) and m.metric.per_topic is not None]
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
                              int(s.R[t]), int(s.N[t]), s.trec_eval))
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


def _ranked_grades(qrels, run, q_code, universe, index_of, trec_eval: str):
    """Topic index and grade (NaN: unjudged) of each kept run row, in trec_eval's order.

    ``run.query`` holds the topic codes (see :func:`evaluate_arrays`).
    """
    q_topic = index_of[q_code]
    r_code = run.query
    q_doc, run.doc = arrays.same_form(qrels.doc, run.doc)
    # One key per (topic, doc) of the run, sorted: equal neighbours are documents listed
    # twice (refused), and the sorted keys are looked up in the qrels' keys.
    words = arrays.id_words(q_doc, run.doc)
    shift = max(len(run.doc), len(q_doc), 1).bit_length()  # bits for a row number
    bits = arrays.topic_bits(index_of.size)
    r_keys, by_key = run_keys(run, r_code, universe, words, shift, bits)
    grade = join(q_code, q_topic, q_doc, qrels.grade, r_code, run.doc, r_keys, by_key,
                 words, shift, bits)
    del r_keys, by_key
    keep = index_of[r_code] >= 0
    r_docs, r_score = run.doc, run.score
    run.query = run.doc = run.score = run.lines = None  # free them as soon as possible
    if not keep.all():  # topics only in the run are ignored, as trec_eval does
        r_code, r_score, grade = r_code[keep], r_score[keep], grade[keep]
        r_docs = arrays.pick(r_docs, keep)
    del keep
    r_topic = index_of[r_code]
    del r_code
    order = order_rows(r_topic, compared_scores(r_score, trec_eval), r_docs)
    del r_score, r_docs
    return r_topic[order], grade[order]
