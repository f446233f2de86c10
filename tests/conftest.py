"""Shared pytest configuration for rankbook's tests.

The browser test (tests/browser) builds the docs site and drives Chromium, so
`pytest tests` leaves it out; it runs when asked for by path:
`pytest tests/browser` (what `make browser` does).
"""

from __future__ import annotations

from pathlib import Path

BROWSER_DIR = Path(__file__).resolve().parent / "browser"


def _browser_requested(config) -> bool:
    """True when a command-line path points at tests/browser or inside it."""
    start = Path(config.invocation_params.dir)
    for arg in config.args:
        path = Path(str(arg).split("::", 1)[0])
        path = (path if path.is_absolute() else start / path).resolve()
        if path == BROWSER_DIR or BROWSER_DIR in path.parents:
            return True
    return False


def pytest_ignore_collect(collection_path, config):
    if Path(collection_path).resolve() == BROWSER_DIR and not _browser_requested(config):
        return True
    return None
