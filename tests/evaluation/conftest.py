"""Fixtures of the evaluation tests: one local Dask cluster for the whole test session."""

from __future__ import annotations

import pytest


@pytest.fixture(scope="session")
def dask_client():
    """A ``distributed.Client`` on a local cluster of 2 worker processes (skipped without Dask).

    Started once per session (a few seconds) and shared by every test that asks for it.
    """
    distributed = pytest.importorskip("distributed")
    import logging

    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None, silence_logs=logging.CRITICAL) \
            as cluster, distributed.Client(cluster) as client:
        yield client
