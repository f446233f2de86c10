"""Shared pytest configuration for rankbook's tests.

The browser test (tests/browser) builds the docs site and drives Chromium, so
`pytest tests` leaves it out; it runs when asked for by path:
`pytest tests/browser` (what `make browser` does).
"""

from __future__ import annotations

import re
from collections import defaultdict
from pathlib import Path

import pytest

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


ROOT = Path(__file__).resolve().parents[1]


def _stated(page: str | Path, pattern: str) -> str:
    path = Path(page) if Path(page).is_absolute() else ROOT / page
    found = re.search(pattern, " ".join(path.read_text(encoding="utf-8").split()))
    assert found, f"{page} no longer states /{pattern}/: update the page or the test"
    return found.group(1)


@pytest.fixture(scope="session")
def stated():
    r"""The figure a page states: ``stated("README.md", r"about ([\d,]+) tests in")`` gives the
    first group of the pattern, searched in the page's text with its line breaks made spaces;
    a test fails with a clear message when the page no longer says it that way."""
    return _stated


# Every test collected in this session, before `-k` or `-m` deselects any: the README states
# how many unit tests there are (tests/docs/test_documented_figures.py).
_COLLECTED = pytest.StashKey[list]()


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config, items):
    config.stash[_COLLECTED] = list(items)


@pytest.fixture(scope="session")
def collected_tests(request) -> list:
    """The session's collected tests (pytest items), deselected ones included."""
    return request.config.stash.get(_COLLECTED, [])


TREC_EVAL_DATA = Path(__file__).resolve().parent / "data" / "trec_eval"


@pytest.fixture(scope="session")
def trec_eval_test_topics():
    """trec_eval's regression data (tests/data/trec_eval) as (topics, grade vectors, R).

    A minimal reading, independent of rankbook.io: each topic of results.test ordered as
    trec_eval orders it (score descending, then document id descending), each document given
    its qrels.test grade (0 when unjudged), and R = the judged documents with grade >= 1.
    """
    qrels = defaultdict(dict)
    for line in (TREC_EVAL_DATA / "qrels.test").read_text().splitlines():
        topic, _, doc, grade = line.split()
        qrels[topic][doc] = int(grade)
    run = defaultdict(list)
    for line in (TREC_EVAL_DATA / "results.test").read_text().splitlines():
        topic, _, doc, _, score, _ = line.split()
        run[topic].append((float(score), doc))
    topics = sorted(run)
    rankings = [[qrels[t].get(doc, 0) for _, doc in sorted(run[t], reverse=True)] for t in topics]
    R = [sum(grade >= 1 for grade in qrels[t].values()) for t in topics]
    return topics, rankings, R
