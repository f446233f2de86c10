"""Read the inputs, check the options, and evaluate by the batch path or the per-topic path."""

from __future__ import annotations

import math
import os
import sys
import time

import numpy as np

from rankbook import _validate
from rankbook._errors import InvalidValueError
from rankbook.evaluation import batch
from rankbook.evaluation.measures import parse_measures
from rankbook.evaluation.per_topic import per_topic_values, topic_data
from rankbook.evaluation.stream import evaluate_stream, is_path
from rankbook.evaluation.summary import Table, summarise
from rankbook.evaluation.topics import report
from rankbook.io.by_topic import run_source
from rankbook.io.convert import as_judgments, as_qrels, as_ranking, as_run

PROGRESS_AFTER = 2.0  # seconds


def check_options(measures, complete, max_docs, relevance_level, trec_eval):
    """Parsed measures and checked options (shared by both paths)."""
    trec_eval = _validate.trec_eval_version(trec_eval)
    columns = parse_measures(measures, trec_eval=trec_eval)
    if max_docs is not None:
        if isinstance(max_docs, bool) or not isinstance(max_docs, (int, np.integer)) or max_docs < 1:
            raise InvalidValueError(
                f"max_docs must be a positive whole number (trec_eval's -M), got {max_docs!r}.")
    if isinstance(relevance_level, bool) or not isinstance(relevance_level, (int, float)) \
            or not math.isfinite(relevance_level) or relevance_level <= 0:
        raise InvalidValueError(
            f"relevance_level must be a number > 0 (the lowest grade that counts as relevant, "
            f"trec_eval's -l), got {relevance_level!r}.")
    return columns, bool(complete), max_docs, float(relevance_level), trec_eval


def evaluate_table(qrels, run, measures, *, complete=False, max_docs=None, relevance_level=1,
                   trec_eval="9", judged_only=False, progress=False, batch_path=True,
                   stream=False, engine="serial", client=None) -> Table:
    """Read the inputs and evaluate, by the batch path unless told otherwise (the reference).

    ``stream=True``: the run file is read one block of whole topics at a time
    (:mod:`rankbook.evaluation.stream`), with the same result; with ``engine="dask"``
    the blocks are evaluated on a Dask cluster (``client``, or a local one).
    """
    if engine not in ("serial", "dask") or (engine == "dask" and not stream):
        raise InvalidValueError(
            f"engine must be 'serial' or, with stream=True, 'dask' (one run partitioned by "
            f"topic), got {engine!r}{'' if stream else ' without stream=True'}; for many runs "
            "use rankbook.evaluate_many.")
    columns, complete, max_docs, level, trec_eval = check_options(
        measures, complete, max_docs, relevance_level, trec_eval)
    options = dict(complete=complete, max_docs=max_docs, level=level, trec_eval=trec_eval,
                   judged_only=bool(judged_only))
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
        qrels = as_qrels(qrels, progress=progress)
        run = as_run(run, progress=progress)
        runid = run.attrs.get("name", "rankbook")
        topics, data, only_run, only_qrels = topic_data(qrels, run, **options)
        per_topic = per_topic_values(data, columns, level)
        grades = qrels["grade"].to_numpy()
    # trec_eval's -c sums num_rel over the qrels file itself: every judgment with a grade
    # above 0, whatever -l, -J and -M say (m_num_rel.c, te_calc_avg_num_rel).
    qrels_relevant = int(np.count_nonzero(grades > 0)) if complete else None
    return summarise(columns, topics, per_topic, runid, only_run, only_qrels, trec_eval,
                     qrels_relevant=qrels_relevant)


def _dask_pool(client, measures, options: dict):
    from rankbook.evaluation.dask_engine import stream_pool

    block_options = {k: options[k] for k in ("max_docs", "level", "judged_only")}
    return stream_pool(client, os.cpu_count() or 1, measures, options["trec_eval"],
                       block_options)


def _batch(judgments, run, columns, options, stream, progress, pool=None):
    """The batch path's outcome and the runid, the run read whole or by topic blocks."""
    def one_sided(source):
        return lambda only_run, only_qrels: report(only_run, only_qrels, options["complete"],
                                                   source, judgments.source)

    if stream:
        return evaluate_stream(judgments, run, columns, progress=progress, pool=pool,
                               report=one_sided(run_source(run)) if is_path(run) else None,
                               **options)
    ranking = as_ranking(run, progress=progress)
    return batch.evaluate_arrays(judgments, ranking, columns, report=one_sided(ranking.source),
                                 **options), ranking.name
