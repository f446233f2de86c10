"""pytest's settings for the doctests of src/ (``pytest --doctest-modules src``).

The plot functions' examples each open a matplotlib figure; they are closed after every
doctest, so a run of all of them neither warns about open figures nor holds their memory.
"""

import sys

import pytest


@pytest.fixture(autouse=True)
def _close_figures():
    yield
    if "matplotlib.pyplot" in sys.modules:
        sys.modules["matplotlib.pyplot"].close("all")
