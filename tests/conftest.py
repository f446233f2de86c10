"""Shared pytest configuration for rankbook's tests.

The browser test (tests/browser) builds the docs site and drives Chromium, so
`pytest tests` leaves it out; it runs when asked for by path:
`pytest tests/browser` (what `make browser` does).
"""

from __future__ import annotations

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
