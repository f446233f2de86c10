"""Read the inputs, check the options, and evaluate by the batch path or the per-topic path."""

from __future__ import annotations

import dataclasses
import os
import sys
import time

import numpy as np

from rankbook._errors import InvalidValueError
from rankbook.evaluation import batch
from rankbook.evaluation.measures import parse_measures
from rankbook.evaluation.options import Options
from rankbook.evaluation.per_topic import per_topic_values, topic_data
from rankbook.evaluation.stream import evaluate_stream, is_path
from rankbook.evaluation.subtopics import best_grades, check_subtopics
from rankbook.evaluation.summary import Table, summarise
from rankbook.evaluation.topics import report
from rankbook.io.by_topic import run_source
from rankbook.io.arrays import Judgments, text_ids
from rankbook.io.convert import as_judgments, as_qrels, as_ranking, as_run
from rankbook.io.trec import read_run

PROGRESS_AFTER = 2.0  # seconds


def evaluate_table(qrels, run, measures, options: Options, *, progress=False, batch_path=True,
                   stream=False, engine="serial", client=None) -> Table:
    """Read the inputs and evaluate, by the batch path unless told otherwise (the reference).

    ``options`` is the evaluation's checked :class:`~rankbook.evaluation.options.Options`.
    ``stream=True``: the run file is read one block of whole topics at a time
    (:mod:`rankbook.evaluation.stream`), with the same result; with ``engine="dask"``
    the blocks are evaluated on a Dask cluster (``client``, or a local one).
    """
    if engine not in ("serial", "dask") or (engine == "dask" and not stream):
        raise InvalidValueError(
            f"engine must be 'serial' or, with stream=True, 'dask' (one run partitioned by "
            f"topic), got {engine!r}{'' if stream else ' without stream=True'}; for many runs "
            "use rankbook.evaluate_many.")
    columns = parse_measures(measures, trec_eval=options.trec_eval)
    with_costs = options.costs is not None and any("costs" in c.metric.needs for c in columns)
    if with_costs:  # the run's element types: read by the per-topic path's reader
        _check_costs_can_be_read(run, stream)
        batch_path = False
    if qrels is None and options.subtopic_qrels is not None:
        qrels = best_grades(options.subtopic_qrels)  # the topics and grades of the diversity qrels
    if check_subtopics(columns, options.subtopic_qrels, stream):
        batch_path = False
    elif options.subtopic_qrels is not None:  # filled only when a measure reads them
        options = dataclasses.replace(options, subtopic_qrels=None)
    if batch_path:
        judgments = as_judgments(qrels, progress=progress)
        started = time.monotonic()
        pool = _dask_pool(client, measures, options) if engine == "dask" else None
        outcome, runid = _batch(judgments, run, columns, options, stream, progress, pool)
        topics, only_run, only_qrels = outcome.topics, outcome.only_run, outcome.only_qrels
        grades = judgments.grade
        per_topic = outcome.values  # numpy arrays, summarised and printed as they are
        if progress and time.monotonic() - started > PROGRESS_AFTER:
            print(f"evaluated {len(topics):,} topics in {time.monotonic() - started:.1f} s",
                  file=sys.stderr)
    else:
        qrels = as_qrels(_as_frame(qrels), progress=progress)
        run = read_run(run, progress=progress, element_types=True) if with_costs else \
            as_run(run, progress=progress)
        runid = run.attrs.get("name", "rankbook")
        topics, data, only_run, only_qrels = topic_data(qrels, run, options)
        per_topic = per_topic_values(data, columns, options.relevance_level)
        grades = qrels["grade"].to_numpy()
    # trec_eval's -c sums num_rel over the qrels file itself: every judgment with a grade
    # above 0, whatever -l, -J and -M say (m_num_rel.c, te_calc_avg_num_rel).
    qrels_relevant = int(np.count_nonzero(grades > 0)) if options.complete else None
    return summarise(columns, topics, per_topic, runid, only_run, only_qrels, options.trec_eval,
                     qrels_relevant=qrels_relevant)


def _as_frame(qrels):
    """Qrels already read into arrays (evaluate_many reads them once) as the table form."""
    if not isinstance(qrels, Judgments):
        return qrels
    import pandas as pd

    frame = pd.DataFrame({"query": text_ids(qrels.query), "doc": text_ids(qrels.doc),
                          "grade": qrels.grade})
    frame.attrs["source"] = qrels.source
    return frame


def _check_costs_can_be_read(run, stream: bool) -> None:
    """An error saying why the per-topic path cannot read ``run``'s element types, if it cannot."""
    if stream:
        raise InvalidValueError(
            "costs are read from each document's element type by the per-topic path, which "
            "reads the run whole: pass stream=False with costs.")
    if not is_path(run):
        raise InvalidValueError(
            f"costs need each document's element type, the second column of a TREC run "
            f"file (cwl_eval's layout); a {type(run).__name__} has none: pass the run as a "
            "file.")


def _dask_pool(client, measures, options: Options):
    from rankbook.evaluation.dask_engine import stream_pool

    return stream_pool(client, os.cpu_count() or 1, measures, options)


def _batch(judgments, run, columns, options: Options, stream, progress, pool=None):
    """The batch path's outcome and the runid, the run read whole or by topic blocks."""
    def one_sided(source):
        return lambda only_run, only_qrels: report(only_run, only_qrels, options.complete,
                                                   source, judgments.source)

    if stream:
        return evaluate_stream(judgments, run, columns, options, progress=progress, pool=pool,
                               report=one_sided(run_source(run)) if is_path(run) else None)
    ranking = as_ranking(run, progress=progress)
    return batch.evaluate_arrays(judgments, ranking, columns, options,
                                 report=one_sided(ranking.source)), ranking.name
