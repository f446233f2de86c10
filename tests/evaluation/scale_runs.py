"""Generated qrels and runs for the scale tests (streaming, many runs, Dask).

Each run has the quirks that separate evaluators: tied scores (broken by document id),
scores equal as C floats but not as doubles (trec_eval 9 vs 10), graded and negative
judgments, unjudged documents, topics only in the run or only in the qrels, topics with
fewer or more documents than the cut-offs, and now and then ids long and uneven enough
to be held as Tokens rather than a fixed-width array (rankbook.io.arrays).
"""

from __future__ import annotations

import gzip
import random


def qrels_text(seed: int, topics: int = 40) -> str:
    """A qrels over topics t000..t{topics-1} (the last few judged, never retrieved: see runs)."""
    rng = random.Random(f"qrels-{seed}")
    lines = []
    for t in range(topics):
        for d in rng.sample(range(120), rng.randint(1, 40)):
            lines.append(f"t{t:03d} 0 {doc_id(d)} {rng.choice([-1, 0, 0, 1, 1, 2, 3])}")
    rng.shuffle(lines)  # the qrels need no order
    return "\n".join(lines) + "\n"


def doc_id(d: int) -> str:
    return f"D{d:04d}" if d % 17 else f"doc-{d}-" + "x" * (d % 90)


def run_text(seed: int, topics: int = 40, *, tag: str | None = None) -> str:
    """A run, each topic's lines together, topics in a random order.

    Topics t000..t{topics-4} plus two topics not in the qrels (u01, u02); the last
    qrels topics are never retrieved.
    """
    rng = random.Random(f"run-{seed}")
    names = [f"t{t:03d}" for t in range(topics - 3)] + ["u01", "u02"]
    rng.shuffle(names)
    tag = tag or f"sys{seed}"
    lines = []
    for name in names:
        docs = rng.sample(range(150), rng.randint(1, 120))
        for rank, d in enumerate(docs, 1):
            score = rng.choice([round(rng.uniform(-5, 20), 1), 7.5, 1 + 2**-30, 1.0,
                                rng.uniform(0, 1)])
            lines.append(f"{name} Q0 {doc_id(d)} {rank} {score!r} {tag}")
    return "\n".join(lines) + "\n"


def write(path, text: str, *, gz: bool = False) -> str:
    data = text.encode()
    path.write_bytes(gzip.compress(data, mtime=0) if gz else data)
    return str(path)


def shuffled_lines(text: str, seed: int) -> str:
    """The same lines in another order (topics no longer together)."""
    lines = text.splitlines()
    random.Random(seed).shuffle(lines)
    return "\n".join(lines) + "\n"
