"""Long ids (rankbook.io.fast._tokens through rankbook.io.fast._ids): the batch path still equals the textbook.

Ids longer than ``_ids.SHORT_WIDTH`` bytes are kept as one byte buffer plus offsets
(Tokens) instead of fixed-width ``S`` _ids. The oracle is the per-topic textbook path
(``_evaluate_textbook``: Python ``str`` ids, Python's string order for ties), which shares
no id code with the batch path:

- the tests of ``tests/evaluation/test_batch.py`` and ``tests/io/test_join.py`` run again with every id
  column forced into Tokens (``SHORT_WIDTH`` and ``FIXED_SLACK`` 0) and with the two forms
  mixed (``SHORT_WIDTH`` 2: ``q1`` stays fixed-width, ``d12`` does not, per chunk and column);
  the random collections under the options that reach the ids (``FORM_OPTIONS``), against the
  per-topic tables test_batch.py computed once (``textbook``);
- issue 8's memory defect: one 1 MB id among short ones, and a 2 KB id on 100k lines, are
  read and evaluated with a peak (``tracemalloc``, which sees numpy's buffers) under 20x the
  file's size, and give the textbook's values, ties broken by docno in byte order.
"""

from __future__ import annotations

import sys
import tracemalloc
import warnings
from pathlib import Path

import pandas as pd
import pytest
from test_batch import (  # noqa: F401  (collected again here, under the fixture below)
    OPTIONS,
    assert_same,
    batch,
    both,
    random_collection,
    textbook,
    test_batch_equals_textbook_on_files,
    test_duplicates_found_by_the_array_readers,
    test_hash_collisions_fall_back_to_exact_matching,
)

# The join's tests live in tests/io (the io layer owns the join); they run again here too.
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "io"))
from test_join import (  # noqa: F401
    test_a_document_listed_twice_is_refused_when_hashes_collide,
    test_every_hash_colliding_changes_nothing,
)

from rankbook.evaluation import TopicMismatchWarning, _evaluate_textbook, evaluate
from rankbook.io.fast import _ids

DEFAULTS = {"SHORT_WIDTH": _ids.SHORT_WIDTH, "FIXED_SLACK": _ids.FIXED_SLACK}
MEASURES = ["map", "P@5", "ndcg", "recip_rank", "bpref", "num_rel_ret", "iprec_at_recall"]


@pytest.fixture(autouse=True, params=[0, 2], ids=["all tokens", "mixed forms"])
def short_width(request, monkeypatch):
    monkeypatch.setattr(_ids, "SHORT_WIDTH", request.param)
    monkeypatch.setattr(_ids, "FIXED_SLACK", 0)
    return request.param


# The id form is read only by the join, the topic codes and trec_eval's tie order (the docno
# breaks ties of equal scores): the rows leave rankbook.io.join (JoinedRun.ranked_grades) as topic indices and grades,
# and -M and -l act on those alone. So the options that can meet a difference between forms
# are -c (which topic codes are evaluated) and trec_eval 10 (its score comparison decides which
# rows tie, and ties are ordered by docno); -M (max_docs) cuts the rows in the order the
# default run already checks in full (relstring.20 and every rank-based measure), and -l
# (relevance_level) reads grades only. Test_batch.py runs every option on the default forms.
FORM_OPTIONS = [OPTIONS[0], {"complete": True}, {"trec_eval": "10"},
                {"trec_eval": "10", "complete": True, "relevance_level": 2, "max_docs": 7}]


def test_form_options_are_among_the_options():
    assert all(options in OPTIONS for options in FORM_OPTIONS)


@pytest.mark.parametrize("seed", range(3))
@pytest.mark.parametrize("options", FORM_OPTIONS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()) or "default")
def test_batch_equals_textbook_with_tokens(seed, options):
    assert_same(batch(*random_collection(seed), **options), textbook(seed, **options))


@pytest.mark.parametrize("chunk_bytes", [64, 1000])
def test_files_read_in_many_chunks(tmp_path, monkeypatch, chunk_bytes):
    # each chunk picks its own form; the pieces of the id, number and line columns are joined
    import rankbook.io.fast._table as table
    from rankbook.io import write_qrels
    monkeypatch.setattr(table, "TREC_CHUNK_BYTES", chunk_bytes)
    qrels, run = random_collection(5, n_topics=15)
    run["q0"] = {**run.get("q0", {}), "d" * 300: 0.25, "dd": 0.25}  # a long id, tied
    qrels["q0"] = {**qrels.get("q0", {}), "d" * 300: 1}
    write_qrels(qrels, tmp_path / "qrels.txt")
    lines = [f"{q} Q0 {d} 0 {s!r} sys\n" for q, docs in run.items() for d, s in docs.items()]
    (tmp_path / "run.txt").write_text("".join(lines))
    assert_same(*both(str(tmp_path / "qrels.txt"), str(tmp_path / "run.txt"), max_docs=20))


def test_the_forms_are_the_ones_asked_for(tmp_path, short_width):
    path = tmp_path / "run.txt"
    path.write_text("q1 Q0 d12 1 1.0 s\nq1 Q0 d3 2 0.5 s\n")
    from rankbook.io.trec import read_run_arrays
    query, doc, *_ = read_run_arrays(str(path))
    assert isinstance(doc, _ids.Tokens) and doc.tolist() == [b"d12", b"d3"]
    assert isinstance(query, _ids.Tokens) == (short_width == 0) and query.tolist() == [b"q1"] * 2


def _collection(tmp_path, n: int, long_ids: list[bytes], long_topic: bytes | None = None):
    """A run of ``n`` lines (10 topics, scores with many ties) with ``long_ids`` among the
    documents of topic q3, and qrels judging every 7th document and every long id."""
    topics = [b"q%d" % t if t != 3 or long_topic is None else long_topic for t in range(10)]
    docs = [b"d%d" % i for i in range(n)]
    where = [3 * n // 10 + 1 + k for k in range(len(long_ids))]  # rows of topic q3
    for row, long in zip(where, long_ids):
        docs[row] = long
    run = b"".join(b"%s Q0 %s 1 %d s\n" % (topics[i * 10 // n], docs[i], (i * 7) % 5)
                   for i in range(n))
    qrels = b"".join(b"%s 0 %s %d\n" % (topics[i * 10 // n], docs[i], (i // 7) % 3)
                     for i in range(n) if i % 7 == 0 or i in where)
    (tmp_path / "run.txt").write_bytes(run)
    (tmp_path / "qrels.txt").write_bytes(qrels)
    return str(tmp_path / "qrels.txt"), str(tmp_path / "run.txt"), len(run) + len(qrels)


def _peak_and_result(qrels: str, run: str):
    tracemalloc.start()
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", TopicMismatchWarning)
            result = evaluate(qrels, run, MEASURES)
        return tracemalloc.get_traced_memory()[1], result
    finally:
        tracemalloc.stop()


@pytest.mark.parametrize("case", ["1 MB id in 30k lines", "2 KB id in 100k lines",
                                  "long ids sharing a prefix", "1 MB topic id"])
def test_long_ids_cost_their_bytes_and_change_no_value(tmp_path, case, short_width, monkeypatch):
    if short_width:
        pytest.skip("run once, with the forms chosen by the data (the defaults)")
    for name, value in DEFAULTS.items():
        monkeypatch.setattr(_ids, name, value)
    n, long_ids, long_topic = {
        "1 MB id in 30k lines": (30_000, [b"x" * 2**20], None),
        "2 KB id in 100k lines": (100_000, [b"u" * 2048], None),
        # longer than LONG_ID (hashed one by one), tied, different only in the last byte
        "long ids sharing a prefix": (20_000, [b"p" * 5000 + bytes([c]) for c in b"bca"]
                                      + [b"p" * 40 + b"z", b"p" * 40], None),
        # 1/10 of the lines carry the topic id: 20 lines, 20 MB of file
        "1 MB topic id": (200, [], b"t" * 2**20),
    }[case]
    qrels, run, size = _collection(tmp_path, n, long_ids, long_topic)
    peak, fast = _peak_and_result(qrels, run)
    assert peak < 20 * size, f"peak {peak / 2**20:.1f} MiB for {size / 2**20:.1f} MiB of files"
    slow = _evaluate_textbook(qrels, run, MEASURES)
    assert_same(fast, slow)
    assert fast.loc["all", "num_rel_ret"] > 0


def test_long_ids_in_a_dict_and_a_frame():
    # the in-memory inputs: one 1 MB id among short ones, judged, and tied with others
    huge = "h" * 2**20
    run = {"q1": {huge: 1.0, "a": 1.0, "b": 2.0, "h": 1.0}, "q2": {"a": 0.5}}
    qrels = {"q1": {huge: 1, "h": 0}, "q2": {"a": 1}}
    assert_same(*both(qrels, run))
    frame = pd.DataFrame({"query": ["q1", "q1", huge], "doc": [huge, "z", "a"],
                          "score": [1.0, 1.0, 3.0]})
    judged = pd.DataFrame({"query": ["q1", huge], "doc": [huge, "a"], "grade": [1, 1]})
    assert_same(*both(judged, frame))
    assert _ids.byte_ids([huge, "a"]).tolist() == [huge.encode(), b"a"]
    assert _ids.byte_ids(["a", "\u00e9"]).tolist() == [b"a", "\u00e9".encode()]
