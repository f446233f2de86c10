"""Seeded random qrels and runs as ``{topic: {doc: value}}``, for the tool-oracle tests.

Topic ids are whole numbers (gdeval.pl reads only those). Grades run from -1 to 4
(gdeval.pl's scale, with a few negative judgments); some topics have no positive judgment,
some documents are unjudged, and every run ends with an unjudged document (ir-measures
0.4.3's Accuracy divides by zero on a list without a non-relevant document). Scores are
distinct and positive unless ``ties``: then they are quarters from 0.25 to 1.0, so that many
documents tie (exact in C floats too, where trec_eval 9 compares).
"""

from __future__ import annotations

import numpy as np

GRADES = (-1, 0, 1, 2, 3, 4)
GRADE_ODDS = (0.05, 0.45, 0.2, 0.15, 0.1, 0.05)


def random_topics(n_topics: int, seed: int, *, ties: bool = False):
    """(qrels, run) as dicts of dicts, every topic on both sides."""
    rng = np.random.default_rng(seed)
    qrels, run = {}, {}
    for topic in map(str, range(1, n_topics + 1)):
        pool = [f"d{j}" for j in range(int(rng.integers(1, 40)))]
        grades = rng.choice(GRADES, size=len(pool), p=GRADE_ODDS)
        judged = rng.random(len(pool)) < 0.7
        qrels[topic] = {d: int(g) for d, g, j in zip(pool, grades, judged) if j} or {"d0": 0}
        retrieved = list(rng.permutation(pool)[: int(rng.integers(0, len(pool) + 1))])
        retrieved.append("unjudged")
        if ties:
            scores = rng.integers(1, 5, size=len(retrieved)) / 4
        else:
            scores = rng.permutation(len(retrieved)) + 1.0
        run[topic] = {str(d): float(s) for d, s in zip(retrieved, scores)}
        if not ties:
            run[topic]["unjudged"] = 0.5  # last, below every other score
    return qrels, run
