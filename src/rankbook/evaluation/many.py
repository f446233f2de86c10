r"""Many runs against one qrels: read the qrels once, evaluate the runs in parallel.

:func:`evaluate_many` reads the qrels once (in the array form) and evaluates each run
by the same path as :func:`rankbook.evaluate` (:func:`rankbook.evaluation.pipeline.evaluate_table`),
on one of three engines:

| engine | where the runs are evaluated |
| --- | --- |
| ``"serial"`` | one after the other, in this process |
| ``"processes"`` | a pool of ``n_jobs`` processes on this machine (the qrels sent once to each) |
| ``"dask"`` | the workers of a Dask cluster: the ``client`` given, or a local cluster of ``n_jobs`` processes (:mod:`rankbook.evaluation.dask_runs`) |

Each run's result is the one :func:`rankbook.evaluate` gives for it alone, value for value;
the warnings a run raises (topics on one side only) are raised again here, run by run, in
the order of the runs. The first run that fails stops the whole evaluation: its error
(file and line, as the reader words it) is raised and the other runs are cancelled, so
there is never a partial result.
"""

from __future__ import annotations

import glob
import os
from rankbook import _validate
from rankbook._errors import InvalidValueError
from rankbook.evaluation.measures import parse_measures
from rankbook.evaluation.options import Options
from rankbook.evaluation.portable import Task, evaluate_portable, restored
from rankbook.evaluation.subtopics import best_grades
from rankbook.evaluation.summary import Table, to_frame
from rankbook.io.convert import as_judgments

ENGINES = ("serial", "processes", "dask")
_QRELS = {}  # the qrels of a worker process (set once per process by _take_qrels)


def evaluate_many(qrels, runs, measures=None, *, n_jobs: int | None = None,
                  engine: str = "processes", client=None, per_query: bool = True,
                  complete: bool = False, max_docs: int | None = None,
                  relevance_level: float = 1, trec_eval: str = "9", judged_only: bool = False,
                  stream: bool = False, costs=None, subtopic_qrels=None,
                  intent_probabilities=None) -> list:
    r"""Evaluate several runs against one qrels, in parallel; each as :func:`rankbook.evaluate` would.

    The qrels are read once. Each run $r$ then gives the table
    $m_q(r)$ for every evaluated topic $q$ and the summary row, exactly as
    ``rankbook.evaluate(qrels, r, measures, ...)`` gives it.

    Parameters
    ----------
    qrels : str, os.PathLike, dict or pandas.DataFrame
        The judgments, as :func:`rankbook.evaluate` accepts them.
    runs : str, os.PathLike or sequence
        The runs: a folder (every file in it, in name order; hidden files skipped), a glob
        pattern such as ``"runs/*.gz"`` (matches in name order), or a sequence of paths
        (a folder or pattern in it is expanded the same way), dicts or DataFrames.
    measures : str or sequence of str, optional
        As :func:`rankbook.evaluate`. Default: trec_eval's default set.
    n_jobs : int, optional
        Processes (``"processes"``) or local Dask workers (``"dask"`` without a client).
        Default: the number of CPUs (``os.cpu_count()``), at most the number of runs.
    engine : {"processes", "serial", "dask"}, default "processes"
        Where the runs are evaluated (see the module docstring). ``"dask"`` needs
        the extra ``pip install rankbook[dask]``.
    client : distributed.Client, optional
        With ``engine="dask"``: the cluster to use (its workers must see the run files
        at the same paths). Default: a local cluster of ``n_jobs`` processes, closed at the end.
    per_query, complete, max_docs, relevance_level, trec_eval, judged_only, stream, costs
        As :func:`rankbook.evaluate`, for every run.
    subtopic_qrels : str, os.PathLike, dict or pandas.DataFrame, optional
        As :func:`rankbook.evaluate` (with ``qrels=None``: the subtopic judgments' best
        grades), for every run.
    intent_probabilities : str, os.PathLike, dict or pandas.DataFrame, optional
        As :func:`rankbook.evaluate`, for every run.

    Returns
    -------
    list of pandas.DataFrame
        One result per run, in the order of ``runs`` (folders and patterns expanded):
        ``dict(zip(expand_runs(runs), results))`` names them.

    Raises
    ------
    rankbook.InputFileError
        The first error of any run (file and line); no result is returned.
    rankbook.InvalidValueError
        For a bad option, an unknown engine, no run, or Dask missing.

    See Also
    --------
    rankbook.evaluate : one run.
    expand_runs : how folders and patterns are expanded.

    Examples
    --------
    Two runs of one topic with two relevant documents: the first finds one of them in
    its top 2 (P@2 = 1/2), the second both (P@2 = 2/2):

    >>> qrels = {"q1": {"a": 1, "b": 1}}
    >>> runs = [{"q1": {"a": 0.9, "c": 0.5}}, {"q1": {"b": 0.9, "a": 0.8}}]
    >>> results = evaluate_many(qrels, runs, ["P@2"], engine="serial")
    >>> [float(frame.loc["all", "P@2"]) for frame in results]
    [0.5, 1.0]
    """
    options = Options.checked(complete=complete, max_docs=max_docs,
                              relevance_level=relevance_level, trec_eval=trec_eval,
                              judged_only=judged_only, costs=costs,
                              subtopic_qrels=subtopic_qrels,
                              intent_probabilities=intent_probabilities)
    tables = evaluate_tables(qrels, runs, measures, options, n_jobs=n_jobs, engine=engine,
                             client=client, stream=stream)
    return [to_frame(table, per_query) for table in tables]


def evaluate_tables(qrels, runs, measures, options: Options, *, n_jobs=None, engine="processes",
                    client=None, stream: bool = False) -> list[Table]:
    """:func:`evaluate_many`'s results as :class:`~rankbook.evaluation.summary.Table` (no pandas)."""
    runs = expand_runs(runs)
    columns = parse_measures(measures, trec_eval=options.trec_eval)
    task = Task(measures, options, stream)
    if engine not in ENGINES:
        raise InvalidValueError(f"engine must be one of {', '.join(map(repr, ENGINES))}, "
                                f"got {engine!r}.")
    n_jobs = _jobs(n_jobs, len(runs))
    if qrels is None and options.subtopic_qrels is not None:
        qrels = best_grades(options.subtopic_qrels)
    judgments = as_judgments(qrels)
    if engine == "dask":
        from rankbook.evaluation import dask_runs

        portable = dask_runs.evaluate_runs(judgments, runs, task, client, n_jobs)
    elif engine == "serial" or n_jobs == 1 or len(runs) == 1:
        portable = [evaluate_portable(run, task, judgments) for run in runs]
    else:
        portable = _in_processes(judgments, runs, task, n_jobs)
    return [restored(item, columns) for item in portable]


def expand_runs(runs) -> list:
    """The runs one by one: folders (their files in name order) and glob patterns expanded.

    A str or path that is an existing file stays as it is; an existing folder gives its
    files (not hidden ones, not sub-folders); any other str is a glob pattern, which must
    match something. Dicts and DataFrames pass through.
    """
    items = [runs] if isinstance(runs, (str, bytes, os.PathLike)) else list(runs)
    out = []
    for item in items:
        if not isinstance(item, (str, os.PathLike)) or os.path.isfile(item):
            out.append(item)
        elif os.path.isdir(item):
            out.extend(os.path.join(item, name) for name in sorted(os.listdir(item))
                       if not name.startswith(".") and os.path.isfile(os.path.join(item, name)))
        elif glob.has_magic(os.fspath(item)):
            found = sorted(glob.glob(os.fspath(item)))
            if not found:
                raise InvalidValueError(f"no file matches the pattern {os.fspath(item)!r}; "
                                        "check the folder and the pattern.")
            out.extend(found)
        else:
            out.append(item)  # the reader says what is wrong with it
    if not out:
        raise InvalidValueError("no run to evaluate: the folder or list given is empty.")
    return out


def _jobs(n_jobs, n_runs: int) -> int:
    if n_jobs is None:
        return max(1, min(os.cpu_count() or 1, n_runs))
    return _validate.count(n_jobs, "n_jobs", what="the processes to use")


def _take_qrels(judgments) -> None:
    _QRELS["qrels"] = judgments


def _one(run, task: Task):
    return evaluate_portable(run, task, _QRELS["qrels"])


def _in_processes(judgments, runs: list, task: Task, n_jobs: int) -> list:
    """Each run in a pool of processes; the first failure cancels the rest and is raised."""
    from concurrent.futures import FIRST_EXCEPTION, ProcessPoolExecutor, wait

    with ProcessPoolExecutor(max_workers=min(n_jobs, len(runs)), initializer=_take_qrels,
                             initargs=(judgments,)) as pool:
        futures = [pool.submit(_one, run, task) for run in runs]
        done, _ = wait(futures, return_when=FIRST_EXCEPTION)
        failed = [f for f in futures if f in done and f.exception() is not None]
        if failed:
            for future in futures:
                future.cancel()
            raise failed[0].exception()
        return [future.result() for future in futures]
