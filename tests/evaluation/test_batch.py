"""The batch evaluator (rankbook.evaluation.batch and .kernels) equals the per-topic textbook path on random data.

The textbook path (``rankbook.evaluation._evaluate_textbook``) calls the metric
functions of rankbook.metrics once per topic: it is the reference. The batch path,
which ``evaluate`` uses, computes the same numbers with numpy segment operations;
every per-topic value and the summary row must agree within 1e-12, under every
option (-M, -l, -c) and on the awkward cases: graded and negative grades, tied
scores, unjudged documents, topics with no relevant document, empty topics, and
topics missing from the run or from the qrels.
"""

from __future__ import annotations

import functools
import warnings

import numpy as np
import pandas as pd
import pytest

from rankbook import InputFileError
from rankbook.evaluation import kernels
from rankbook.io.fast import _ids
from rankbook.metrics import registry
from rankbook.evaluation import TopicMismatchWarning, _evaluate_textbook, evaluate
from rankbook.io import write_qrels

def _others() -> list[str]:
    """Every evaluable entry of trec_eval's and the textbook's rows without a trec_eval name.

    The chapters' rows (registry_cwl.py, registry_ntcir.py, ...) have no kernel: both paths
    call their adapter on a TopicData, built here as for the rows without a kernel below
    (ERR@k, DCG@k, ...), and they are checked against their tools in their own tests.
    """
    names = []
    for metric in registry.TREC_EVAL_AND_TEXTBOOK:
        if metric.evaluable and not metric.trec_eval:
            param = metric.param
            names.append(metric.name if param is None or not param.cutoffs else
                         metric.name[:-len(param.symbol)]
                         + format((param.defaults or (10,))[-1], "g"))
    return names


# every trec_eval measure (9's all_trec, 10's additions, settings other than the defaults, which
# the batch path sends to the per-topic adapters), and every other measure the registry evaluates
ALL = ["all_trec", "rbp", "rbp_resid", "unj", "rbp.p=0.5", "ndcg.1=3,2=9", "G.0=1,2=5",
       "set_F.2", "11pt_avg..25,.5", "utility.2,-1,0,0", "relstring.20", *_others()]


def random_collection(seed: int, n_topics: int = 40):
    """Random qrels and run dicts covering the awkward cases (seeded)."""
    rng = np.random.default_rng(seed)
    qrels, run = {}, {}
    for t in range(n_topics):
        qid = f"q{t}" if rng.random() < 0.8 else str(int(rng.integers(0, 1000)))
        pool = list(dict.fromkeys(f"d{int(rng.integers(0, 80))}" for _ in range(int(rng.integers(1, 30)))))
        kind = rng.random()
        if kind > 0.08:  # 8% of topics only in the run
            grades = rng.choice([-2, -1, 0, 0, 1, 1, 2, 3, 4], size=len(pool))
            if rng.random() < 0.1:
                grades = np.minimum(grades, 0)  # no relevant document
            judged = rng.random(len(pool)) < 0.7
            qrels[qid] = {d: int(g) for d, g, j in zip(pool, grades, judged) if j} or \
                {pool[0]: int(grades[0])}
        if 0.08 < kind < 0.16:  # 8% only in the qrels
            continue
        extra = [f"u{int(rng.integers(0, 500))}" for _ in range(int(rng.integers(0, 40)))]
        docs = list(dict.fromkeys(pool + extra))
        rng.shuffle(docs)
        docs = docs[: int(rng.integers(1, len(docs) + 1))]
        decimals = int(rng.integers(0, 3))  # few decimals: many ties
        run[qid] = {d: float(np.round(rng.normal(), decimals)) for d in docs}
    return qrels, run


def batch(qrels, run, **options) -> pd.DataFrame:
    """The batch path (``evaluate``), one-sided topics' warnings silenced."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", TopicMismatchWarning)
        return evaluate(qrels, run, ALL, **options)


def per_topic(qrels, run, **options) -> pd.DataFrame:
    """The per-topic textbook path, the reference, one-sided topics' warnings silenced."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", TopicMismatchWarning)
        return _evaluate_textbook(qrels, run, ALL, **options)


def both(qrels, run, **options):
    return batch(qrels, run, **options), per_topic(qrels, run, **options)


@functools.lru_cache(maxsize=None)
def _textbook_table(seed: int, n_topics: int, options: tuple) -> pd.DataFrame:
    return per_topic(*random_collection(seed, n_topics), **dict(options))


def textbook(seed: int, n_topics: int = 40, **options) -> pd.DataFrame:
    """The oracle for ``random_collection(seed, n_topics)``: the per-topic path's table, a copy.

    Computed once per test session: it depends on nothing a test patches (the batch path's
    kernels, hashes and id forms), so the reruns under patches (the id forms of
    tests/evaluation/test_batch_tokens.py, no kernels, colliding hashes) reuse it instead of computing
    the same table again.
    """
    table = _textbook_table(seed, n_topics, tuple(sorted(options.items())))
    copy = table.copy()
    copy.attrs = dict(table.attrs)
    return copy


def assert_same(fast: pd.DataFrame, slow: pd.DataFrame):
    assert list(fast.index) == list(slow.index)
    assert list(fast.columns) == list(slow.columns)
    assert (fast.dtypes == slow.dtypes).all()
    for column in fast.columns:
        a, b = fast[column].to_numpy(), slow[column].to_numpy()
        if a.dtype == object:
            assert a.tolist() == b.tolist(), column
        else:
            np.testing.assert_allclose(a, b, rtol=0, atol=1e-12, err_msg=column)
    for key in ("runid", "num_q", "only_in_run", "only_in_qrels"):
        assert fast.attrs[key] == slow.attrs[key]


OPTIONS = [
    {},
    {"complete": True},
    {"max_docs": 5},
    {"max_docs": 1, "complete": True},
    {"relevance_level": 2},
    {"relevance_level": 0.5, "max_docs": 12},
    {"relevance_level": 3, "complete": True, "max_docs": 20},
    {"trec_eval": "10"},
    {"trec_eval": "10", "complete": True, "relevance_level": 2, "max_docs": 7},
]


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("options", OPTIONS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()) or "default")
def test_batch_equals_textbook(seed, options):
    assert_same(batch(*random_collection(seed), **options), textbook(seed, **options))


@pytest.mark.parametrize("options", OPTIONS[:3] + OPTIONS[-1:], ids=str)
def test_measures_without_a_kernel_are_computed_from_the_arrays(monkeypatch, options):
    # A registry entry without a kernel is computed by its adapter on each topic's slice of
    # the batch arrays (batch.topic_data): with no kernel at all, every value must still
    # equal the per-topic path's.
    monkeypatch.setattr(kernels, "KERNELS", {})
    assert_same(batch(*random_collection(11), **options), textbook(11, **options))


def test_batch_equals_textbook_on_files(tmp_path):
    # Through the file readers (S _ids), with the run's lines shuffled (the lexsort
    # path) and in trec_eval order per topic (the fast path), and a topic split in two blocks.
    qrels, run = random_collection(99, n_topics=60)
    write_qrels(qrels, tmp_path / "qrels.txt")
    lines = [f"{q} Q0 {d} 0 {s!r} sys\n" for q, docs in run.items() for d, s in docs.items()]
    rng = np.random.default_rng(1)
    shuffled = tmp_path / "shuffled.txt"
    shuffled.write_text("".join(rng.permutation(lines)))
    ordered = tmp_path / "ordered.txt"
    ordered.write_text("".join(sorted(lines, key=lambda l: (l.split()[0], -float(l.split()[4])))))
    # the per-topic path on the file (its own reader; the line order cannot matter to it)
    slow = per_topic(str(tmp_path / "qrels.txt"), str(shuffled), max_docs=15)
    from_dicts = textbook(99, 60, max_docs=15)
    from_dicts.attrs["runid"] = "sys"  # the only difference: the run's name
    for path in (shuffled, ordered):
        fast = batch(str(tmp_path / "qrels.txt"), str(path), max_docs=15)
        assert_same(fast, slow)
        assert_same(fast.drop(columns="runid"), from_dicts.drop(columns="runid"))


def test_hash_collisions_fall_back_to_exact_matching(monkeypatch):
    # Every document hashed to the same value: the join and the duplicate check must
    # still be exact (they compare the bytes behind every hash match).
    monkeypatch.setattr(_ids, "hash_ids", lambda ids, words: np.zeros(ids.size, np.uint64))
    assert_same(batch(*random_collection(7)), textbook(7))


def test_duplicates_found_by_the_array_readers(tmp_path, monkeypatch):
    monkeypatch.setattr(_ids, "hash_ids", lambda ids, words: np.zeros(ids.size, np.uint64))
    run = tmp_path / "run.txt"
    run.write_text("1 Q0 a 1 3 t\n2 Q0 a 1 3 t\n1 Q0 b 2 2 t\n1 Q0 a 3 1 t\n")
    qrels = tmp_path / "qrels.txt"
    qrels.write_text("1 0 a 1\n1 0 b 0\n2 0 a 1\n")
    with pytest.raises(InputFileError) as caught:
        evaluate(str(qrels), str(run), "map")
    assert caught.value.lines == (1, 4)
    qrels.write_text("1 0 a 1\n1 0 b 0\n1 0 a 2\n")
    with pytest.raises(InputFileError, match="different grades"):
        evaluate(str(qrels), str(tmp_path / "nope.txt"), "map")
    qrels.write_text("1 0 a 1\n1 0 b 0\n1 0 a 1\n")
    run.write_text("1 Q0 a 1 3 t\n1 Q0 b 2 2 t\n")
    with pytest.warns(UserWarning, match="counted once"):
        result = evaluate(str(qrels), str(run), ["num_rel", "P@2"])
    assert result.loc["all", "num_rel"] == 1 and result.loc["all", "P@2"] == 0.5
