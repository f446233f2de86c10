"""Depth-k and Take@N pools (rankbook.collections) against trectools 0.0.50, run in the test.

trectools (Palotti, Scells and Zuccon, SIGIR 2019) builds depth-k pools (``strategy="topX"``)
and Take@N pools with RRF and RBP priorities (``"rrf"``, ``"rbp"`` with ``rbp_strategy="sum"``)
from TREC run files. The seeded runs here have distinct scores and rank columns that follow
them, so both tools read the same ranked lists; where trectools differs from trec_eval (ties
at the cut, non-numeric topic ids) a test shows why. The depth and Borda priorities, which
trectools lacks, are checked against their definitions worked by hand.
"""

from __future__ import annotations

import warnings
from fractions import Fraction

import numpy as np
import pytest

from rankbook import collections as co
from rankbook._errors import InvalidTypeError, InvalidValueError

trectools = pytest.importorskip("trectools")


def _seeded_runs(seed: int, n_runs: int = 6, topics=("1", "2", "3", "4", "5"), length: int = 30,
                 vocabulary: int = 60) -> dict:
    """Runs {name: {topic: {doc: score}}}: each retrieves ``length`` of ``vocabulary`` docs."""
    rng = np.random.default_rng(seed)
    runs = {}
    for r in range(n_runs):
        runs[f"run{r}"] = {}
        for topic in topics:
            docs = rng.choice(vocabulary, size=length, replace=False)
            # distinct in float32 too: multiples of 1/64 below 1000
            scores = rng.choice(64000, size=length, replace=False) / 64
            runs[f"run{r}"][topic] = {f"D{d:03d}": float(s) for d, s in zip(docs, scores)}
    return runs


def _write_trec(runs: dict, folder) -> list:
    """The runs as TREC files, ranks 1, 2, ... by score descending; trectools' TrecRuns."""
    loaded = []
    for name, run in runs.items():
        lines = []
        for topic, scores in run.items():
            ordered = sorted(scores, key=lambda doc: scores[doc], reverse=True)
            lines += [f"{topic} Q0 {doc} {rank} {scores[doc]!r} {name}\n"
                      for rank, doc in enumerate(ordered, start=1)]
        path = folder / f"{name}.txt"
        path.write_text("".join(lines))
        with warnings.catch_warnings():  # trectools' sort_values(inplace=True): pandas 3 warns
            warnings.simplefilter("ignore")
            loaded.append(trectools.TrecRun(str(path)))
    return loaded


def _trectools_pool(trec_runs, strategy: str, **options) -> dict:
    with warnings.catch_warnings():  # trectools' pandas calls are deprecated in pandas 3
        warnings.simplefilter("ignore")
        pool = trectools.TrecPoolMaker().make_pool(trec_runs, strategy=strategy, **options)
    return {str(topic): set(docs) for topic, docs in pool.pool.items()}


@pytest.fixture(scope="module")
def seeded(tmp_path_factory):
    runs = _seeded_runs(2026)
    return runs, _write_trec(runs, tmp_path_factory.mktemp("runs"))


@pytest.mark.parametrize("depth", [1, 5, 10, 30])
def test_depth_pool_equals_trectools_topx(seeded, depth):
    runs, trec_runs = seeded
    ours = co.depth_pool(runs, depth)
    theirs = _trectools_pool(trec_runs, "topX", topX=depth)
    assert {topic: set(docs) for topic, docs in ours.items()} == theirs
    assert all(len(docs) >= depth for docs in ours.values())


def _agrees_with_trectools(priorities: list, n: int, theirs: set) -> bool:
    """trectools' Take@N equals ours up to the order of priorities tied at the cut.

    Every document whose priority is above the N-th's must be in trectools' pool, and the
    rest of it must have exactly the N-th's priority (trectools sorts with pandas' unstable
    quicksort, so which of the tied documents it keeps is arbitrary).
    """
    values = dict(priorities)
    cut_value = priorities[n - 1][1]
    above = {doc for doc, value in priorities if value > cut_value}
    return (len(theirs) == n and above <= theirs
            and all(values[doc] == cut_value for doc in theirs - above))


@pytest.mark.parametrize("n", [3, 10, 25])
@pytest.mark.parametrize("priority, options", [("rrf", {"rrf_den": 60}),
                                               ("rbp", {"rbp_p": 0.8, "rbp_strategy": "sum"})])
def test_take_pool_equals_trectools(seeded, n, priority, options):
    runs, trec_runs = seeded
    theirs = _trectools_pool(trec_runs, priority, topX=n, **options)
    priorities = co.pool_priorities(runs, priority)
    ours = co.take_pool(runs, n, priority)
    for topic, ordered in priorities.items():
        assert ours[topic] == [doc for doc, _ in ordered[:n]]
        assert _agrees_with_trectools(ordered, n, theirs[topic]), topic
    # the check is not vacuous: most topics have no tie at the cut, and there sets are equal
    untied = [t for t, o in priorities.items() if o[n - 1][1] != o[n][1]]
    assert len(untied) >= 3
    assert all(set(ours[t]) == theirs[t] for t in untied)


def test_trectools_breaks_score_ties_against_trec_eval(tmp_path):
    """trectools sorts equal scores by docid ascending; trec_eval (pytrec_eval) descending.

    Documents a and b tie at score 1.0 and only b is relevant: pytrec_eval's P@1 = 1 says
    trec_eval ranks b first, so b is the depth-1 pool; trectools pools a.
    """
    pytrec_eval = pytest.importorskip("pytrec_eval")
    run = {"1": {"a": 1.0, "b": 1.0}}
    evaluator = pytrec_eval.RelevanceEvaluator({"1": {"b": 1}}, {"P_1"})
    assert evaluator.evaluate(run)["1"]["P_1"] == 1.0
    assert co.depth_pool({"r": run}, 1) == {"1": ["b"]}
    trec_runs = _write_trec({"r": run}, tmp_path)
    assert _trectools_pool(trec_runs, "topX", topX=1) == {"1": {"a"}}


def test_trectools_take_pools_need_numeric_topics(tmp_path):
    """trectools' RRF and RBP pools convert each topic id with int(): 'T1' fails there."""
    runs = {"r": {"T1": {"a": 2.0, "b": 1.0}}}
    trec_runs = _write_trec(runs, tmp_path)
    with pytest.raises(ValueError):
        _trectools_pool(trec_runs, "rrf", topX=1)
    assert co.take_pool(runs, 1, "rrf") == {"T1": ["a"]}


def test_depth_and_borda_priorities_by_hand():
    """Depth: max 1/rank; Borda: sum of D + 1 - rank (D = 3, the longest list here)."""
    runs = {"A": {"1": ["x", "y", "z"]}, "B": {"1": ["y", "w"]}, "C": {"1": ["z"]}}
    assert co.pool_priorities(runs, "depth") == {
        "1": [("z", 1.0), ("y", 1.0), ("x", 1.0), ("w", 0.5)]}
    # x: 3; y: 2 + 3 = 5; z: 1 + 3 = 4; w: 2
    assert co.pool_priorities(runs, "borda") == {
        "1": [("y", 5.0), ("z", 4.0), ("x", 3.0), ("w", 2.0)]}
    # read to depth 1 only: D = 1, every rank-1 document gets 1 point
    assert co.pool_priorities(runs, "borda", depth=1) == {
        "1": [("z", 1.0), ("y", 1.0), ("x", 1.0)]}
    assert co.take_pool(runs, 2, "depth") == {"1": ["z", "y"]}


def test_rbp_and_rrf_priorities_are_the_sums_of_their_weights():
    """Exact fractions: RBP (1-p)p^(r-1) with p = 1/2, RRF 1/(c + r) with c = 60."""
    runs = {"A": {"1": ["x", "y"]}, "B": {"1": ["y", "x"]}, "C": {"1": ["y"]}}
    rbp = dict(co.pool_priorities(runs, "rbp", persistence=0.5)["1"])
    assert Fraction(rbp["y"]) == Fraction(1, 4) + 2 * Fraction(1, 2)
    assert Fraction(rbp["x"]) == Fraction(1, 2) + Fraction(1, 4)
    rrf = dict(co.pool_priorities(runs, "rrf")["1"])
    assert rrf["y"] == pytest.approx(float(Fraction(1, 62) + 2 * Fraction(1, 61)), abs=0, rel=1e-15)


def test_equal_rank_sets_tie_exactly_and_break_by_docid_descending():
    runs = {"A": {"1": ["m", "k", "j"]}, "B": {"1": ["j", "m", "k"]},
            "C": {"1": ["k", "j", "m"]}}
    for priority in ("rrf", "rbp", "borda"):
        ordered = co.pool_priorities(runs, priority)["1"]
        assert [doc for doc, _ in ordered] == ["m", "k", "j"]
        assert len({value for _, value in ordered}) == 1


def test_take_pool_with_depth_priority_and_large_n_is_the_depth_pool(seeded):
    runs, _ = seeded
    for depth in (1, 4):
        take = co.take_pool(runs, 10_000, "depth", depth=depth)
        assert {t: sorted(d) for t, d in take.items()} == co.depth_pool(runs, depth)


def test_contributors_unique_documents_and_sizes():
    runs = {"A": {"1": ["a", "b", "c"], "2": ["p"]}, "B": {"1": ["b", "d"]},
            "C": {"1": ["e", "a"], "2": ["p", "q"]}}
    assert co.pool_contributors(runs, 2) == {
        "1": {"a": ["A", "C"], "b": ["A", "B"], "d": ["B"], "e": ["C"]},
        "2": {"p": ["A", "C"], "q": ["C"]}}
    assert co.unique_documents(runs, 2) == {
        "A": {"1": [], "2": []}, "B": {"1": ["d"], "2": []}, "C": {"1": ["e"], "2": ["q"]}}
    grouped = co.unique_documents(runs, 2, groups={"A": "g", "B": "g", "C": "h"})
    assert grouped["A"] == {"1": ["b"], "2": []} and grouped["B"] == {"1": ["b", "d"], "2": []}
    assert co.pool_sizes(co.depth_pool(runs, 2)) == {"1": 4, "2": 2}


def test_pool_coverage_equals_trectools_check_coverage(seeded, tmp_path):
    """trectools' TrecPool.check_coverage: the mean number of a run's top k in the pool."""
    runs, trec_runs = seeded
    pooled = co.depth_pool({name: runs[name] for name in ("run0", "run1")}, 10)
    qrels = {topic: {doc: 0 for doc in docs} for topic, docs in pooled.items()}
    theirs = trectools.TrecPool({t: set(d) for t, d in pooled.items()})
    for index, name in enumerate(runs):
        coverage = co.pool_coverage(runs[name], qrels, 10)
        expected = theirs.check_coverage(trec_runs[index], topX=10)
        assert np.mean(list(coverage.values())) * 10 == pytest.approx(expected, rel=1e-12)
        if name in ("run0", "run1"):
            assert set(coverage.values()) == {1.0}


def test_scores_tie_as_trec_eval_9_or_10():
    run = {"1": {"a": 0.5 + 1e-9, "b": 0.5}}
    assert co.depth_pool({"r": run}, 1) == {"1": ["b"]}          # float32: a tie, b first
    assert co.depth_pool({"r": run}, 1, trec_eval="10") == {"1": ["a"]}


@pytest.mark.parametrize("call, error, words", [
    (lambda: co.depth_pool({}, 10), InvalidValueError, "non-empty mapping"),
    (lambda: co.depth_pool([["a"]], 10), InvalidValueError, "mapping run name"),
    (lambda: co.depth_pool({"r": ["a"]}, 10), InvalidTypeError, "mapping topic"),
    (lambda: co.depth_pool({"r": {"1": "abc"}}, 10), InvalidTypeError, "ranked list"),
    (lambda: co.depth_pool({"r": {"1": ["a", "a"]}}, 10), InvalidValueError, "twice"),
    (lambda: co.depth_pool({"r": {"1": {"a": float("nan")}}}, 10), InvalidValueError, "finite"),
    (lambda: co.depth_pool({"r": {"1": {"a": "high"}}}, 10), InvalidTypeError, "number"),
    (lambda: co.depth_pool({"r": {"1": ["a"]}}, 0), InvalidValueError, "depth"),
    (lambda: co.take_pool({"r": {"1": ["a"]}}, 5, "combsum"), InvalidValueError, "priority"),
    (lambda: co.take_pool({"r": {"1": ["a"]}}, 5, "rbp", persistence=1),
     InvalidValueError, "persistence"),
    (lambda: co.unique_documents({"r": {"1": ["a"]}}, 5, groups={}), InvalidValueError, "group"),
    (lambda: co.pool_coverage({"1": ["a"]}, {"1": {"a": None}}, 5), InvalidValueError, "None"),
    (lambda: co.pool_coverage({"1": ["a"]}, {"1": ["a"]}, 5), InvalidTypeError, "doc -> grade"),
])
def test_bad_input_is_refused_clearly(call, error, words):
    with pytest.raises(error, match=words):
        call()


def test_readers_output_through_the_io_adapter(tmp_path):
    import rankbook as rb

    path = tmp_path / "run.txt"
    path.write_text("1 Q0 a 1 0.5 r\n1 Q0 b 2 0.5 r\n2 Q0 c 1 3 r\n")
    run = rb.io.run_as_dict(rb.io.read_run(path))
    assert run == {"1": {"a": 0.5, "b": 0.5}, "2": {"c": 3.0}}
    assert co.depth_pool({"r": run}, 1) == {"1": ["b"], "2": ["c"]}
    qrels = tmp_path / "qrels.txt"
    qrels.write_text("1 0 a 1\n1 0 z 0\n")
    assert rb.io.qrels_as_dict(qrels) == {"1": {"a": 1.0, "z": 0.0}}
