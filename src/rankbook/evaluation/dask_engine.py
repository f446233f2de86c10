r"""The Dask engine: runs, or the topic blocks of one huge run, evaluated on a Dask cluster.

Dask is optional (``pip install rankbook[dask]``) and imported only here, when
``engine="dask"`` is asked for. Nothing is computed twice: each worker calls the same
evaluation as the other engines.

- :func:`rankbook.evaluation.dask_runs.evaluate_runs` (``rb.evaluate_many(..., engine="dask")``): the qrels are
  scattered once to every worker, then one task per run; the workers read the run files
  themselves, so they must see them at the same paths (one machine, or a shared file
  system).
- :func:`evaluate_blocks` (``rb.evaluate(..., stream=True, engine="dask")``): one run,
  partitioned by topic. This process reads the run one block of whole topics at a time
  (:func:`rankbook.io.by_topic.run_by_topic`) and sends each block with the judgments of
  its topics to a worker: a topic is never split, so nothing is shuffled, and the
  per-topic values come back to be put in string order and summarised as in memory. At
  most two blocks per worker are in flight, so this process's memory stays bounded.

Without a ``client``, a local cluster of ``n_jobs`` worker processes (one thread each)
is started and closed at the end; with one, its workers are used as they are.
"""

from __future__ import annotations

import contextlib
import logging

from rankbook._errors import InvalidValueError
from rankbook.evaluation import batch
from rankbook.evaluation.measures import parse_measures


def distributed_module():
    """``distributed``, or an error saying how to install it."""
    try:
        import distributed
    except ImportError:
        raise InvalidValueError(
            "engine='dask' needs Dask's distributed scheduler, which is not installed; "
            "install it with pip install rankbook[dask] (or pip install \"dask[distributed]\"), "
            "or use engine='processes'.") from None
    return distributed


@contextlib.contextmanager
def connected(client, n_jobs: int):
    """``client``, or a local cluster of ``n_jobs`` processes for the time of the block."""
    distributed = distributed_module()
    if client is not None:
        yield client
        return
    with distributed.LocalCluster(n_workers=n_jobs, threads_per_worker=1, processes=True,
                                  dashboard_address=None, silence_logs=logging.CRITICAL) \
            as cluster, \
            distributed.Client(cluster) as local:
        yield local


def gathered(client, futures: list) -> list:
    """The futures' results in order; the first failure cancels the others and is raised."""
    distributed = distributed_module()
    for future in distributed.as_completed(futures):
        if future.status == "error":
            error = future.exception()
            client.cancel([f for f in futures if f is not future])
            raise error.with_traceback(None)
    return client.gather(futures)


def stream_pool(client, n_jobs: int, measures, trec_eval: str, options: dict):
    """A :class:`BlockPool` on ``client`` (or a local cluster), for the time of the block."""
    stack = contextlib.ExitStack()
    client = stack.enter_context(connected(client, n_jobs))
    pool = BlockPool(client, measures, trec_eval, options)
    pool.closing = stack
    return pool


def _block_outcome(qrels, block, measures, trec_eval: str, options: dict) -> batch.Outcome:
    columns = parse_measures(measures, trec_eval=trec_eval)
    return batch.evaluate_arrays(qrels, block, columns, complete=False, trec_eval=trec_eval,
                                 **options)


class BlockPool:
    """Topic blocks evaluated on a Dask cluster, at most ``2 * workers`` in flight.

    Parameters
    ----------
    client : distributed.Client
        The cluster.
    measures, trec_eval, options
        What every block is evaluated with (``options``: ``max_docs``, ``level``,
        ``judged_only``).
    """

    def __init__(self, client, measures, trec_eval: str, options: dict):
        self.client, self.measures, self.trec_eval, self.options = client, measures, trec_eval, options
        self.limit = 2 * max(1, len(client.scheduler_info().get("workers", {})))
        self.futures: list = []
        self.closing = contextlib.ExitStack()

    def submit(self, qrels, block) -> None:
        """Send one block (and its topics' judgments) to a worker."""
        distributed = distributed_module()
        pending = [f for f in self.futures if not f.done()]
        if len(pending) >= self.limit:
            distributed.wait(pending, return_when="FIRST_COMPLETED")
        self._raise_failure()
        self.futures.append(self.client.submit(_block_outcome, qrels, block, self.measures,
                                               self.trec_eval, self.options, pure=False))

    def results(self) -> list:
        """Every block's outcome, in the order submitted (the first failure raised)."""
        with self.closing:
            return gathered(self.client, self.futures)

    def close(self) -> None:
        """Cancel what is left and close the local cluster, if one was started."""
        with self.closing:
            self.client.cancel(self.futures)

    def _raise_failure(self) -> None:
        for future in self.futures:
            if future.status == "error":
                error = future.exception()
                self.close()
                raise error.with_traceback(None)
