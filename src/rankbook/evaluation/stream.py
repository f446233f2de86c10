r"""Streaming by topic: a run evaluated one block of whole topics at a time.

:func:`evaluate_stream` reads the qrels whole (judgments are few next to a run's lines:
a qrels of a million judgments takes tens of megabytes) and the run one block of whole
topics at a time (:func:`rankbook.io.by_topic.run_by_topic`). Each block, with the
judgments of its topics, goes through the batch path
(:func:`rankbook.evaluation.batch.evaluate_arrays`), the one the in-memory evaluation
takes; only the per-topic values are kept. At the end the topics are put in string
order and summarised exactly as in memory, so the result is the same, value for value
and byte for byte. Peak memory is one block's arrays plus the per-topic values, plus the
qrels: bounded by the block size and the largest topic, not by the run.

The run's topics must each be in one piece (the reader refuses a topic that comes
back, with the ``sort`` command that fixes it).
"""

from __future__ import annotations

import dataclasses

import numpy as np

from rankbook._errors import InvalidValueError
from rankbook.evaluation import batch
from rankbook.evaluation.options import Options
from rankbook.evaluation.topics import nothing_to_evaluate
from rankbook.io import arrays
from rankbook.io.by_topic import run_by_topic


class QrelsByTopic:
    """The judgments of any set of topics, found without a pass over all of them.

    Parameters
    ----------
    qrels : rankbook.io.arrays.Judgments
        Every judgment.
    """

    def __init__(self, qrels: arrays.Judgments):
        self.qrels = qrels
        universe, code = arrays.topic_codes(qrels.query)
        self.topics = arrays.text_ids(universe)
        self.position = {topic: i for i, topic in enumerate(self.topics)}
        self.order = np.argsort(code, kind="stable")
        self.first = np.r_[0, np.cumsum(np.bincount(code, minlength=len(self.topics)))]

    def of(self, topics: list) -> arrays.Judgments | None:
        """The judgments of ``topics`` (ids as str), or None if none of them is judged."""
        found = [self.position[t] for t in topics if t in self.position]
        if not found:
            return None
        rows = np.concatenate([self.order[self.first[i]:self.first[i + 1]] for i in found])
        q = self.qrels
        return arrays.Judgments(arrays.pick(q.query, rows), arrays.pick(q.doc, rows),
                                q.grade[rows], q.source)


def evaluate_stream(judgments: arrays.Judgments, run, columns: list, options: Options, *,
                    report=None, rows: int | None = None, progress: bool = False,
                    pool=None) -> tuple[batch.Outcome, str]:
    """:func:`rankbook.evaluation.batch.evaluate_arrays`'s outcome, the run read by topic blocks.

    ``run`` is the path of a TREC run file, each topic's lines together. ``report(only_run,
    only_qrels)`` is called once the run is read. ``pool`` evaluates the blocks
    (``submit(qrels, block)``, then ``results()``: the outcomes in order, and ``close()``
    on failure); default: one after the other, here
    (:class:`rankbook.evaluation.dask_engine.BlockPool` sends them to a Dask cluster).
    Returns the outcome and the runid (the tag of the run's first line).
    """
    if not is_path(run):
        raise InvalidValueError("stream=True reads a run file one topic block at a time; "
                                f"got a {type(run).__name__}, which is already in memory: "
                                "pass stream=False.")
    pool = SerialPool(columns, options) if pool is None else pool
    index = QrelsByTopic(judgments)
    run_topics, runid = [], None
    try:
        for block in run_by_topic(run, rows=rows, progress=progress):
            runid = block.name if runid is None else runid
            topics = arrays.text_ids(arrays.pick(block.query, arrays.blocks(block.query)))
            run_topics.extend(topics)
            qrels = index.of(topics)
            if qrels is not None:
                pool.submit(qrels, block)
    except BaseException:
        pool.close()
        raise
    parts = pool.results()
    in_run = set(run_topics)
    only_run = sorted(in_run.difference(index.position))
    only_qrels = [t for t in index.topics if t not in in_run]
    if report is not None:
        report(only_run, only_qrels)
    if options.complete and only_qrels:
        parts.append(batch.evaluate_arrays(index.of(only_qrels), _empty_run(), columns,
                                           options))
    if not parts:
        raise nothing_to_evaluate(sorted(in_run), index.topics)
    return _merged(parts, only_run, only_qrels), runid


class SerialPool:
    """Topic blocks evaluated one after the other, in this process (the default pool)."""

    def __init__(self, columns: list, options: Options):
        self.columns, self.options = columns, block_options(options)
        self.outcomes: list = []

    def submit(self, qrels: arrays.Judgments, block: arrays.Ranking) -> None:
        self.outcomes.append(batch.evaluate_arrays(qrels, block, self.columns, self.options))

    def results(self) -> list:
        return self.outcomes

    def close(self) -> None:
        self.outcomes = []


def block_options(options: Options) -> Options:
    """The options one block of topics is evaluated with: a block has no missing topics."""
    return dataclasses.replace(options, complete=False)


def is_path(value) -> bool:
    """Whether ``value`` names a file (str, bytes or os.PathLike)."""
    import os

    return isinstance(value, (str, bytes, os.PathLike))


def _empty_run() -> arrays.Ranking:
    empty = np.zeros(0, dtype="S1")
    return arrays.Ranking(empty, empty, np.zeros(0), np.zeros(0, dtype=np.int32),
                          "run", "rankbook")


def _merged(parts: list, only_run: list, only_qrels: list) -> batch.Outcome:
    """The blocks' outcomes as one, topics in string order (the in-memory order)."""
    topics = [t for part in parts for t in part.topics]
    order = sorted(range(len(topics)), key=topics.__getitem__)
    values = {key: np.concatenate([part.values[key] for part in parts])[order]
              for key in parts[0].values}
    return batch.Outcome([topics[i] for i in order], values, only_run, only_qrels)
