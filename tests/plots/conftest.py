"""The figures of tests/plots: drawn off-screen (Agg), closed after each test.

A figure left open would hold its memory for the rest of the session; matplotlib also warns
once more than 20 are open.
"""

from __future__ import annotations

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt
import pytest


@pytest.fixture(autouse=True)
def _close_figures():
    yield
    plt.close("all")
