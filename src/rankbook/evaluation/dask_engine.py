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
from rankbook.evaluation.options import Options
from rankbook.evaluation.stream import block_options


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


#: Why a local cluster's workers fail to start from a script, and what to do.
NO_MAIN_GUARD = (
    "engine='dask' started a local Dask cluster and its worker processes failed to start. "
    "Dask starts each worker by importing your script again (Python's spawn start method), "
    "so a script that calls rankbook with engine='dask' at its top level starts a cluster "
    "again in every worker. Put the calls under  if __name__ == \"__main__\":  (see "
    "'The Dask engine' in docs/guide/scale.md), or pass a cluster you started: "
    "client=distributed.Client(...).")


@contextlib.contextmanager
def connected(client, n_jobs: int):
    """``client``, or a local cluster of ``n_jobs`` processes for the time of the block.

    A local cluster's workers import the ``__main__`` script again: started from a script
    without the ``if __name__ == "__main__":`` guard, a worker would start a cluster of its
    own, and Dask says only "Nanny failed to start". Both ends say what to do instead
    (`NO_MAIN_GUARD`): the worker, which finds itself importing the script under the name
    ``__mp_main__``, and this process, when the cluster fails to start.
    """
    distributed = distributed_module()
    if client is not None:
        yield client
        return
    import __main__

    if getattr(__main__, "__name__", None) == "__mp_main__":  # a worker importing the script
        raise InvalidValueError(NO_MAIN_GUARD)
    try:
        cluster = distributed.LocalCluster(n_workers=n_jobs, threads_per_worker=1,
                                           processes=True, dashboard_address=None,
                                           silence_logs=logging.CRITICAL)
    except RuntimeError as error:
        if "failed to start" not in str(error):
            raise
        raise InvalidValueError(NO_MAIN_GUARD) from None
    with cluster, distributed.Client(cluster) as local:
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


def stream_pool(client, n_jobs: int, measures, options: Options):
    """A :class:`BlockPool` on ``client`` (or a local cluster), for the time of the block."""
    stack = contextlib.ExitStack()
    client = stack.enter_context(connected(client, n_jobs))
    pool = BlockPool(client, measures, options)
    pool.closing = stack
    return pool


def _block_outcome(qrels, block, measures, options: Options) -> batch.Outcome:
    columns = parse_measures(measures, trec_eval=options.trec_eval)
    return batch.evaluate_arrays(qrels, block, columns, options)


class BlockPool:
    """Topic blocks evaluated on a Dask cluster, at most ``2 * workers`` in flight.

    Parameters
    ----------
    client : distributed.Client
        The cluster.
    measures, options
        What every block is evaluated with (the evaluation's
        :class:`~rankbook.evaluation.options.Options`).
    """

    def __init__(self, client, measures, options: Options):
        self.client, self.measures, self.options = client, measures, block_options(options)
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
                                               self.options, pure=False))

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
