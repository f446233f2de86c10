"""The batch join's keys and sort (rankbook.io.fast._join): equal to the obvious answers.

``sorted_keys`` sorts each topic block alone when the rows come in topic blocks; it must
give exactly ``np.sort`` of the packed keys (numpy's sort is the oracle) however the blocks
lie. The join must stay exact when hashes collide: with every document hash forced equal,
the batch path still equals the per-topic textbook path and still refuses a document listed
twice.
"""

from __future__ import annotations

import numpy as np
import pytest

from rankbook import InputFileError
from rankbook.evaluation import _evaluate_textbook, evaluate
from rankbook.io.fast import _join
from rankbook.io.fast import _ids


def _packed_sort(keys, shift):
    """The oracle: cut, pack the row numbers, one np.sort, unpack."""
    bits = np.uint64(shift)
    packed = (keys >> bits << bits) | np.arange(keys.size, dtype=np.uint64)
    packed.sort()
    return packed >> bits, (packed & np.uint64((1 << shift) - 1)).astype(np.int64)


@pytest.mark.parametrize("layout", ["equal blocks", "uneven blocks", "topic split", "one topic",
                                    "very uneven", "empty", "shuffled"])
def test_sorted_keys_equals_one_sort(layout):
    rng = np.random.default_rng(7)
    sizes = {"equal blocks": [50] * 9, "uneven blocks": [40, 55, 47, 60, 52, 49],
             "topic split": [30, 30, 30], "one topic": [200], "very uneven": [1, 1, 500],
             "empty": [], "shuffled": [20] * 10}[layout]
    codes = np.concatenate([np.full(n, c) for c, n in zip(rng.permutation(len(sizes)), sizes)]
                           ).astype(np.int64) if sizes else np.zeros(0, dtype=np.int64)
    if layout == "topic split":
        codes[60:] = codes[0]  # the first topic again, after another one
    if layout == "shuffled":
        codes = rng.permutation(codes)
    bits = _ids.topic_bits(max(len(sizes), 1))
    keys = _ids.topic_major_keys(codes, rng.integers(0, 2**63, codes.size).astype(np.uint64),
                                 bits)
    shift = max(codes.size, 1).bit_length()
    expected = _packed_sort(keys.copy(), shift)
    got = _join.sorted_keys(keys.copy(), shift, codes)
    assert got[0].tolist() == expected[0].tolist()
    assert got[1].tolist() == expected[1].tolist()


def test_topic_bits_leave_the_padding_unused():
    for topics in (1, 2, 3, 4, 7, 8, 1000):
        bits = _ids.topic_bits(topics)
        top = _ids.topic_major_keys(np.array([topics - 1]), np.array([2**64 - 1], np.uint64), bits)
        assert top[0] != _ids._NO_KEY


def _collection():
    rng = np.random.default_rng(3)
    qrels = {f"q{t}": {f"d{d}": int(rng.integers(0, 3)) for d in rng.choice(60, 20, replace=False)}
             for t in range(12)}
    run = {f"q{t}": {f"d{d}": float(rng.integers(0, 5)) for d in rng.choice(60, 30 + t,
                                                                           replace=False)}
           for t in range(12)}
    return qrels, run


def test_every_hash_colliding_changes_nothing(monkeypatch):
    qrels, run = _collection()
    measures = ["map", "P_5", "ndcg", "num_rel_ret", "bpref", "recip_rank"]
    expected = _evaluate_textbook(qrels, run, measures)
    monkeypatch.setattr(_ids, "hash_ids", lambda ids, words: np.zeros(ids.size, np.uint64))
    got = evaluate(qrels, run, measures)
    assert got.index.tolist() == expected.index.tolist()
    assert np.allclose(got.to_numpy(float), expected.to_numpy(float), atol=1e-12)


def test_a_document_listed_twice_is_refused_when_hashes_collide(monkeypatch, tmp_path):
    path = tmp_path / "run.txt"
    path.write_text("q1 Q0 a 1 2.0 r\nq1 Q0 b 2 1.0 r\nq1 Q0 a 3 0.5 r\n")
    qrels = {"q1": {"a": 1}}
    monkeypatch.setattr(_ids, "hash_ids", lambda ids, words: np.zeros(ids.size, np.uint64))
    with pytest.raises(InputFileError, match="twice|more than once"):
        evaluate(qrels, str(path), ["map"])
