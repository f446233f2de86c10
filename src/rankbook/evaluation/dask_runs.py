"""Many runs on a Dask cluster: ``rb.evaluate_many(..., engine="dask")``.

See :mod:`rankbook.evaluation.dask_engine` for the engine and the cluster it uses.
"""

from __future__ import annotations

from rankbook.evaluation.dask_engine import connected, gathered
from rankbook.evaluation.portable import Task, evaluate_portable


def evaluate_runs(judgments, runs: list, task: Task, client, n_jobs: int) -> list:
    """Each run on a worker (:func:`rankbook.evaluation.portable.evaluate_portable`), in order.

    The first failure cancels the other tasks and is raised.
    """
    with connected(client, n_jobs) as client:
        qrels = client.scatter(judgments, broadcast=True)
        futures = [client.submit(evaluate_portable, run, task, qrels,
                                 pure=False) for run in runs]
        return gathered(client, futures)
