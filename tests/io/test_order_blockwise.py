"""The run's order (trec_eval's: topic, score descending, document id descending) by each path.

`rankbook.io.order.order_rows` sorts a run whose topics come in one block each, with many
rows a topic, block by block (issue 32's speed); with short topics or topics in several
blocks, in one two-key sort. Both must give the order of the reference below, written
from trec_eval's rule with Python's sort (ties by document id descending, in byte order).
"""

from __future__ import annotations

import numpy as np
import pytest

from rankbook.io.order import BLOCKWISE_ROWS, order_rows


def _reference(topic, score, docs) -> list[int]:
    rows = range(len(topic))
    by_doc = sorted(rows, key=lambda i: docs[i], reverse=True)
    return sorted(by_doc, key=lambda i: (topic[i], -score[i]))


@pytest.mark.parametrize("per_topic, blocks", [(BLOCKWISE_ROWS * 2, 1), (3, 1),
                                               (BLOCKWISE_ROWS * 2, 2)])
@pytest.mark.parametrize("seed", range(4))
def test_each_path_gives_trec_eval_order(per_topic, blocks, seed):
    rng = np.random.default_rng(seed)
    topics = 7
    topic = np.repeat(rng.permutation(topics), per_topic)  # topics out of order, one block each
    if blocks == 2:  # a topic's rows in two blocks
        topic = np.concatenate([topic[::2], topic[1::2]])
    score = rng.integers(0, per_topic // 2 + 2, topic.size) / 4  # many ties
    docs = np.array([f"d{i:05d}".encode() for i in rng.permutation(topic.size)], dtype="S")
    got = order_rows(topic, score.copy(), docs)
    assert got.tolist() == _reference(topic.tolist(), score.tolist(), docs.tolist())
