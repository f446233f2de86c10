"""ndeval's diversity measures (rankbook.metrics.diversity, .intent_aware) against pyndeval 0.0.8.

pyndeval (https://github.com/terrierteam/pyndeval) wraps ndeval 4.5's C source (TREC Web
track 2009-2014) and returns its doubles, so per topic the values are compared to 1e-12
(ndeval's CSV prints 6 decimals, pyndeval's README 4, cut not rounded). pyndeval sorts a
run by score descending, ties by document id ascending, and numbers the ranks; the runs here
give it distinct scores in the order the rankbook functions receive (rank 1 first).
"""

from __future__ import annotations

import itertools
import math

import numpy as np
import pytest

from rankbook._errors import InvalidValueError
from rankbook.metrics.diversity import (alpha_dcg_at_k, alpha_ndcg_at_k, intent_aware_err_at_k,
                                        intent_aware_nerr_at_k)
from rankbook.metrics.intent_aware import (intent_aware_average_precision,
                                           intent_aware_precision_at_k,
                                           normalized_novelty_rank_biased_precision,
                                           novelty_rank_biased_precision, subtopic_recall_at_k)

pyndeval = pytest.importorskip("pyndeval")

CUTOFF_MEASURES = {  # ndeval's name -> rankbook's function (ranked, judged, k, **conventions)
    "ERR-IA": intent_aware_err_at_k, "nERR-IA": intent_aware_nerr_at_k,
    "alpha-DCG": alpha_dcg_at_k, "alpha-nDCG": alpha_ndcg_at_k,
}
COUNT_MEASURES = {"P-IA": intent_aware_precision_at_k, "strec": subtopic_recall_at_k}
WHOLE_LIST = {"NRBP": novelty_rank_biased_precision,
              "nNRBP": normalized_novelty_rank_biased_precision}
KS = (1, 2, 5, 10, 20)  # 1: ndeval's unnormalised rank 1; 20: its deepest

# pyndeval's README (and tests/test_pyndeval.py): subtopics a, b, c; run A, D, E, B.
README_QRELS = [("0", "a", "A", 1), ("0", "b", "B", 1), ("0", "b", "D", 1), ("0", "c", "C", 1)]
README_RUN = [("0", "A", 9.3), ("0", "D", 8.4), ("0", "E", 8.1), ("0", "B", 7.6)]
README_VALUES = {"ERR-IA@5": 0.3933, "ERR-IA@10": 0.3907, "ERR-IA@20": 0.3907,
                 "nERR-IA@5": 0.8297, "nERR-IA@10": 0.8297, "nERR-IA@20": 0.8297,
                 "alpha-DCG@5": 0.4052, "alpha-DCG@10": 0.3998, "alpha-DCG@20": 0.3997,
                 "alpha-nDCG@5": 0.7868, "alpha-nDCG@10": 0.7868, "alpha-nDCG@20": 0.7868,
                 "NRBP": 0.3906, "nNRBP": 0.8620, "MAP-IA": 0.5000, "P-IA@5": 0.2000,
                 "P-IA@10": 0.1000, "P-IA@20": 0.0500, "strec@5": 0.6666, "strec@10": 0.6666,
                 "strec@20": 0.6666}


def _matrices(qrels, ranking):
    """(ranked, judged) of one topic: judged rows by document id descending (ndeval's ties)."""
    subtopics = list(dict.fromkeys(s for _, s, _, _ in qrels))
    grade = {(s, d): g for _, s, d, g in qrels}
    judged_docs = sorted({d for _, _, d, _ in qrels}, reverse=True)

    def rows(docs):
        return np.array([[grade.get((s, d), 0) for s in subtopics] for d in docs],
                        dtype=float).reshape(len(docs), len(subtopics))
    return rows(ranking), rows(judged_docs)


def _novelty_values(ranked, judged, ks=KS, **conventions):
    """{ndeval name: value} of alpha-(n)DCG, (n)ERR-IA and (n)NRBP, by the rankbook functions."""
    alpha_only = {key: v for key, v in conventions.items() if key != "beta"}
    values = {f"{name}@{k}": function(ranked, judged, k, **alpha_only)
              for name, function in CUTOFF_MEASURES.items() for k in ks}
    return values | {name: function(ranked, judged, **conventions)
                     for name, function in WHOLE_LIST.items()}


def _count_values(ranked, judged, ks=KS, **conventions):
    """{ndeval name: value} of P-IA, strec and MAP-IA, by the rankbook functions."""
    level = {key: v for key, v in conventions.items() if key == "relevance_level"}
    values = {f"{name}@{k}": function(ranked, judged, k, **level)
              for name, function in COUNT_MEASURES.items() for k in ks}
    return values | {"MAP-IA": intent_aware_average_precision(ranked, judged, **level)}


def _rankbook_values(ranked, judged, ks=KS, **conventions):
    return _novelty_values(ranked, judged, ks, **conventions) | \
        _count_values(ranked, judged, ks, **conventions)


def _measures(ks=KS):
    return [f"{name}@{k}" for name in (*CUTOFF_MEASURES, *COUNT_MEASURES) for k in ks] + \
        [*WHOLE_LIST, "MAP-IA"]


def test_pyndevals_readme_example_published_and_run():
    ranked, judged = _matrices(README_QRELS, ["A", "D", "E", "B"])
    ours = _rankbook_values(ranked, judged)
    oracle = pyndeval.ndeval(README_QRELS, README_RUN, measures=_measures())["0"]
    for name, published in README_VALUES.items():
        assert 0 <= ours[name] - published < 1e-4, name  # the README cuts to 4 decimals
    for name, value in oracle.items():
        assert ours[name] == pytest.approx(value, abs=1e-12), name


def test_ir_measures_err_ia_at_20_published_values():
    """ir_measures' test/test_pyndeval.py: ERR_IA@20 0.4659 (q0), 0.1803 (q1), mean 0.3231."""
    qrels = [("0", "0", "D0", 0), ("0", "0", "D1", 1), ("0", "0", "D2", 1), ("0", "1", "D2", 1),
             ("0", "1", "D3", 2), ("0", "0", "D4", 0), ("1", "0", "D0", 1), ("1", "0", "D3", 2),
             ("1", "1", "D5", 2)]
    by_score = {"0": ["D0", "D2", "D3", "D1", "D4"], "1": ["D1", "D3", "D2", "D4"]}
    values = []
    for query, ranking in by_score.items():
        ranked, judged = _matrices([q for q in qrels if q[0] == query], ranking)
        values.append(intent_aware_err_at_k(ranked, judged, 20))
    assert values[0] == pytest.approx(0.4659, abs=5e-5)
    assert values[1] == pytest.approx(0.1803, abs=5e-5)
    assert sum(values) / 2 == pytest.approx(0.3231, abs=5e-5)


def _random_topics(count: int, seed: int):
    """Seeded topics: 2-6 subtopics, graded and unjudged documents, some with nothing relevant."""
    rng = np.random.default_rng(seed)
    topics = []
    for t in range(count):
        query, m = f"t{t}", int(rng.integers(2, 7))
        pool = [f"d{i:02d}" for i in rng.permutation(30)[:int(rng.integers(1, 13))]]
        nothing_relevant = rng.random() < 0.05
        qrels = []
        for doc in pool:
            judged_for = [s for s in range(m) if rng.random() < 0.5] or [int(rng.integers(m))]
            for s in judged_for:
                grade = 0 if nothing_relevant else int(rng.choice([-1, 0, 1, 1, 2]))
                qrels.append((query, f"s{s}", doc, grade))
        unjudged = [f"u{i}" for i in range(int(rng.integers(0, 8)))]
        candidates = pool + unjudged
        ranking = [candidates[i] for i in rng.permutation(len(candidates))]
        ranking = ranking[:int(rng.integers(1, len(ranking) + 1))]
        if rng.random() < 0.2:  # deeper than ndeval's 20: repeats of no one, more unjudged
            ranking += [f"x{i}" for i in range(int(rng.integers(5, 20)))]
        topics.append((query, qrels, ranking))
    return topics


@pytest.fixture(scope="module")
def random_case():
    """2,000 topics, a cut-off k = 1 ... 20 drawn for each, and pyndeval's values (one call)."""
    topics = _random_topics(2000, seed=31)
    drawn = np.random.default_rng(32).integers(1, 21, size=len(topics)).tolist()
    qrels = [line for _, lines, _ in topics for line in lines]
    run = [(query, doc, float(-rank)) for query, _, ranking in topics
           for rank, doc in enumerate(ranking)]  # distinct scores: pyndeval keeps this order
    oracle = pyndeval.ndeval(qrels, run, measures=_measures(tuple(range(1, 21))))
    return [(topic, (k,)) for topic, k in zip(topics, drawn)], oracle


def _compare(cases, oracle, values) -> int:
    checked = 0
    for (query, qrels, ranking), ks in cases:
        ours = values(*_matrices(qrels, ranking), ks)
        for name, value in ours.items():
            expected = oracle[query][name]
            if math.isnan(expected):  # nNRBP of a topic with no relevant subtopic: 0/0
                assert name == "nNRBP" and value == 0.0
                continue
            assert value == pytest.approx(expected, abs=1e-12), (query, name)
            checked += 1
    return checked


@pytest.mark.slow
def test_novelty_measures_equal_pyndeval_on_2000_random_topics(random_case):
    cases, oracle = random_case
    per_topic = len(CUTOFF_MEASURES) + len(WHOLE_LIST)
    assert _compare(cases, oracle, _novelty_values) > 2000 * per_topic * 0.95


@pytest.mark.slow
def test_count_measures_equal_pyndeval_on_2000_random_topics(random_case):
    cases, oracle = random_case
    per_topic = len(COUNT_MEASURES) + 1
    assert _compare(cases, oracle, _count_values) == 2000 * per_topic


def test_nnrbp_of_a_topic_with_no_relevant_subtopic_is_0_where_ndeval_divides_0_by_0():
    qrels = [("0", "a", "A", 0), ("0", "b", "B", 0)]
    oracle = pyndeval.ndeval(qrels, [("0", "A", 1.0)], measures=["nNRBP", "NRBP"])["0"]
    ranked, judged = _matrices(qrels, ["A"])
    assert math.isnan(oracle["nNRBP"]) and oracle["NRBP"] == 0.0
    assert normalized_novelty_rank_biased_precision(ranked, judged) == 0.0


def test_alpha_and_beta_both_ways_and_the_relevance_level():
    topics = _random_topics(60, seed=7)
    qrels = [line for _, lines, _ in topics for line in lines]
    run = [(q, doc, float(-rank)) for q, _, ranking in topics for rank, doc in enumerate(ranking)]
    default = pyndeval.ndeval(qrels, run, measures=_measures((5, 20)))
    other = pyndeval.ndeval(qrels, run, measures=_measures((5, 20)), alpha=0.3, beta=0.8)
    strict = pyndeval.RelevanceEvaluator(qrels, _measures((5, 20)), relevance_level=2).evaluate(run)
    differs = 0
    for query, lines, ranking in topics:
        ranked, judged = _matrices(lines, ranking)
        for conventions, oracle in (({}, default), ({"alpha": 0.3, "beta": 0.8}, other),
                                    ({"relevance_level": 2}, strict)):
            ours = _rankbook_values(ranked, judged, (5, 20), **conventions)
            for name, value in oracle[query].items():
                if not math.isnan(value):
                    assert ours[name] == pytest.approx(value, abs=1e-12), (query, name)
        differs += default[query]["alpha-nDCG@20"] != other[query]["alpha-nDCG@20"]
    assert differs > 20  # the settings change the values


def test_normalise_rank_one_both_ways():
    ranked, judged = _matrices(README_QRELS, ["A", "D", "E", "B"])
    both = [[1, 1, 0]] + ranked[1:].tolist()  # rank 1 covers a and b
    oracle = pyndeval.ndeval(README_QRELS + [("0", "a", "D", 1)],
                             [("0", "D", 2.0), ("0", "A", 1.0)], measures=["ERR-IA@1",
                                                                          "alpha-DCG@1"])["0"]
    assert oracle == {"ERR-IA@1": 2.0, "alpha-DCG@1": 2.0}  # ndeval: g_1, not divided by m
    for function in (intent_aware_err_at_k, alpha_dcg_at_k):
        assert function(both, judged, 1) == 2.0
        assert function(both, judged, 1, normalise_rank_one=True) == 2 / 3


def _best_by_permutations(judged, k, discount, alpha=0.5):
    """The largest discounted novelty gain over every order of the relevant documents."""
    rows = [row for row in np.asarray(judged) >= 1 if row.any()]
    best = 0.0
    for order in itertools.permutations(rows, min(k, len(rows))):
        seen, total = np.zeros(len(rows[0])), 0.0
        for i, row in enumerate(order, start=1):
            total += discount(i) * float(((1 - alpha) ** seen)[row].sum())
            seen += row
        best = max(best, total)
    return best


def test_the_ideal_keyword_greedy_exact_and_ideal_ideal():
    # greedy takes d3 (ties go to the larger id) and misses the two-document cover d2, d1
    judged = [[0, 1, 1, 0], [1, 1, 0, 0], [0, 0, 1, 1]]  # d3, d2, d1
    ranked = [[1, 1, 0, 0], [0, 0, 1, 1]]                # d2, d1
    qrels = [("0", s, d, 1) for d, subtopics in (("d3", "bc"), ("d2", "ab"), ("d1", "cd"))
             for s in subtopics]
    oracle = pyndeval.ndeval(qrels, [("0", "d2", 2.0), ("0", "d1", 1.0)],
                             measures=["alpha-nDCG@2", "nERR-IA@2", "alpha-DCG@2"])["0"]
    assert alpha_ndcg_at_k(ranked, judged, 2) == pytest.approx(oracle["alpha-nDCG@2"], abs=1e-12)
    assert alpha_ndcg_at_k(ranked, judged, 2) > 1
    log_best = _best_by_permutations(judged, 2, lambda i: 1 / math.log2(i + 1))
    run_dcg = 2 + 2 / math.log2(3)
    assert alpha_ndcg_at_k(ranked, judged, 2, ideal="exact") == pytest.approx(run_dcg / log_best)
    err_best = _best_by_permutations(judged, 2, lambda i: 1 / i)
    assert intent_aware_nerr_at_k(ranked, judged, 2, ideal="exact") == pytest.approx(3 / err_best)
    assert alpha_ndcg_at_k(ranked, judged, 2, ideal="ideal ideal") == \
        pytest.approx(oracle["alpha-DCG@2"], abs=1e-12)
    assert alpha_dcg_at_k(ranked, judged, 2, ideal="greedy") == \
        pytest.approx(oracle["alpha-nDCG@2"], abs=1e-12)
    nrbp_best = _best_by_permutations(judged, 3, lambda i: 0.5 ** (i - 1))
    assert normalized_novelty_rank_biased_precision(ranked, judged, ideal="exact") == \
        pytest.approx((2 + 0.5 * 2) / nrbp_best)


def test_exact_refuses_a_topic_too_large_and_bad_conventions_are_refused():
    many = np.eye(11)
    with pytest.raises(InvalidValueError, match="ideal='greedy'"):
        alpha_ndcg_at_k(many[:2], many, 5, ideal="exact")
    with pytest.raises(InvalidValueError, match="ideal="):
        alpha_ndcg_at_k(many[:2], many, 5, ideal="best")
    with pytest.raises(InvalidValueError, match="alpha"):
        intent_aware_err_at_k(many[:2], many, 5, alpha=1.5)
    with pytest.raises(InvalidValueError, match="same subtopics"):
        subtopic_recall_at_k(many[:2, :3], many, 5)
    with pytest.raises(InvalidValueError, match="finite"):
        intent_aware_average_precision([[math.nan] * 11], many)


def test_an_empty_run_and_a_topic_without_subtopics_score_0():
    judged = [[1, 0], [0, 1]]
    for values in (_rankbook_values([], judged), _rankbook_values(np.zeros((0, 0)), [])):
        assert set(values.values()) == {0.0}
