"""RBP, its residual, unjudged@k and ERR against published numbers, trec_eval 10.0 and fractions.

- rbp, rbp_resid, unj: trec_eval 10.0's own output (the binary prints "10.0-rc3"), on the
  small files in tests/data/trec_eval_10/ (see its README.md) and on trec_eval's regression
  data: https://github.com/usnistgov/trec_eval/blob/master/test/out.test.aq (10.0) prints
  rbp 0.1861 / 0.7628 / 0.0212, rbp_resid 0.0610 / 0.0001 / 0.0000 and unj_20 0.1000 / 0 / 0
  for topics 301-303 of qrels.test and results.test (the files in tests/data/trec_eval/).
- RBP: ranx's unit test tests/unit/ranx/metrics/rank_biased_precision_test.py
  (https://github.com/AmenRa/ranx) expects 0.7661, 0.4526, 0.1881 for relevant ranks
  1, 2, 6, 11, 17 of 20 at p = 0.5, 0.8, 0.95.
- ERR: Chapelle et al. (2009)'s definition computed with exact fractions in this file.
"""

from __future__ import annotations

import random
from fractions import Fraction
from pathlib import Path

import pytest

import rankbook as rb
from rankbook import InvalidTypeError, InvalidValueError

DATA = Path(__file__).resolve().parents[1] / "data"


def read_qrels(path):
    qrels: dict = {}
    for line in path.read_text().splitlines():
        if line.strip():
            topic, _, doc, grade = line.split()
            qrels.setdefault(topic, {})[doc] = int(grade)
    return qrels


def read_run(path):
    """trec_eval 10 reads scores as double: order by score descending, then docno descending."""
    rows: dict = {}
    for line in path.read_text().splitlines():
        if line.strip():
            topic, _, doc, _, score = line.split()[:5]
            rows.setdefault(topic, []).append((float(score), doc))
    return {t: [doc for _, doc in sorted(r, reverse=True)] for t, r in rows.items()}


def read_output(path):
    return [(m.strip(), t, v) for m, t, v in (line.split("\t") for line in
                                              path.read_text().splitlines())]


def trec_eval_10_values(judged, ranking, p, cutoffs):
    """What trec_eval 10 prints for one topic, from rankbook's functions."""
    relevance = [judged.get(doc) for doc in ranking]
    # trec_eval 10 divides the gains by the topic's highest judged grade when it is above 1.
    top = max(1, max(judged.values()))
    suffix = "" if p == 0.9 else f"_p={p}"
    values = {
        f"rbp{suffix}": rb.rank_biased_precision(relevance, persistence=p, max_grade=top),
        f"rbp_resid{suffix}": rb.rank_biased_precision_residual(relevance, persistence=p),
    }
    values.update({f"unj_{k}": rb.unjudged_at_k(relevance, k) for k in cutoffs})
    return {name: f"{value:.4f}" for name, value in values.items()}


@pytest.mark.parametrize("output, p, cutoffs, n_lines", [
    ("out.small.q", 0.9, (5, 10, 20), 40),
    ("out.small.q.p05", 0.5, (1, 3, 7), 40),
    ("out.small.ql2", 0.9, (5, 10, 20), 32),  # -l 2 changes none of them
])
def test_trec_eval_10_small_files(output, p, cutoffs, n_lines):
    folder = DATA / "trec_eval_10"
    qrels, run = read_qrels(folder / "qrels.small"), read_run(folder / "results.small")
    lines = [line for line in read_output(folder / output) if line[1] != "all"]
    assert len(lines) == n_lines
    for measure, topic, value in lines:
        assert trec_eval_10_values(qrels[topic], run[topic], p, cutoffs)[measure] == value, \
            (output, measure, topic)


def test_trec_eval_10_regression_output_on_trec_evals_test_collection():
    folder = DATA / "trec_eval"
    qrels, run = read_qrels(folder / "qrels.test"), read_run(folder / "results.test")
    published = {  # trec_eval 10.0's test/out.test.aq
        "301": {"rbp": "0.1861", "rbp_resid": "0.0610", "unj_5": "0.0000", "unj_20": "0.1000"},
        "302": {"rbp": "0.7628", "rbp_resid": "0.0001", "unj_5": "0.0000", "unj_20": "0.0000"},
        "303": {"rbp": "0.0212", "rbp_resid": "0.0000", "unj_5": "0.0000", "unj_20": "0.0000"},
    }
    for topic, expected in published.items():
        computed = trec_eval_10_values(qrels[topic], run[topic], 0.9, (5, 10, 20))
        assert {m: computed[m] for m in expected} == expected, topic


def test_rbp_reproduces_ranx_published_values():
    ranking = [1 if i in (1, 2, 6, 11, 17) else 0 for i in range(1, 21)]
    values = [round(rb.rank_biased_precision(ranking, persistence=p), 4) for p in (0.5, 0.8, 0.95)]
    assert values == [0.7661, 0.4526, 0.1881]


def exact_rbp(gains, p):
    p = Fraction(p)
    return (1 - p) * sum(Fraction(g) * p ** i for i, g in enumerate(gains))


def test_rbp_and_residual_bracket_every_completion_of_the_unknown_documents():
    # Moffat and Zobel: the true RBP lies in [base, base + residual] whatever the unjudged
    # documents and the documents past the end turn out to be. Checked in exact arithmetic.
    rng = random.Random(5)
    for _ in range(200):
        ranking = [rng.choice([None, 0, 1]) for _ in range(rng.randint(1, 8))]
        p = Fraction(rng.choice([1, 2, 3]), 4)
        base = rb.rank_biased_precision(ranking, persistence=float(p))
        residual = rb.rank_biased_precision_residual(ranking, persistence=float(p),
                                                     convention="moffat_zobel")
        worst = [g or 0 for g in ranking]
        best = [1 if g is None else g for g in ranking]
        tail = p ** len(ranking)  # (1 - p) * sum of p^i for i >= n, every later document relevant
        assert base == pytest.approx(float(exact_rbp(worst, p)), abs=1e-12)
        assert base + residual == pytest.approx(float(exact_rbp(best, p) + tail), abs=1e-12)


def test_residual_conventions_differ_only_without_unjudged_documents():
    assert rb.rank_biased_precision_residual([1, 0, 1], persistence=0.5) == 0.0
    assert rb.rank_biased_precision_residual(
        [1, 0, 1], persistence=0.5, convention="moffat_zobel") == 0.125
    for ranking in ([None], [1, -1, 0], [0, None, None, 1]):
        assert rb.rank_biased_precision_residual(ranking) == rb.rank_biased_precision_residual(
            ranking, convention="moffat_zobel")


def test_rbp_binary_threshold_as_ranx_up_to_0_3_14():
    ranking = [2, 1, 0, 3, None]
    assert rb.rank_biased_precision(ranking, persistence=0.5, relevance_level=2) == float(
        exact_rbp([1, 0, 0, 1, 0], Fraction(1, 2)))


def exact_err(grades, max_grade, k=None):
    """Chapelle et al. (2009), equation (4), in exact arithmetic."""
    total, not_stopped = Fraction(0), Fraction(1)
    for rank, grade in enumerate(grades[:k], start=1):
        stop = Fraction(2 ** max(grade or 0, 0) - 1, 2 ** max_grade)
        total += not_stopped * stop / rank
        not_stopped *= 1 - stop
    return total


def test_err_equals_the_exact_formula_on_random_lists():
    rng = random.Random(11)
    for _ in range(500):
        max_grade = rng.choice([1, 2, 3, 4])
        ranking = [rng.choice([None, -1, *range(max_grade + 1)]) for _ in range(rng.randint(0, 12))]
        k = rng.choice([None, 1, 3, 5, 20])
        expected = exact_err(ranking, max_grade, k)
        assert rb.expected_reciprocal_rank(ranking, k, max_grade=max_grade) == pytest.approx(
            float(expected), abs=1e-15)


def test_err_hand_checked_values():
    # Grades 2, 0, 1 on 0-2: 3/4 + (1/3)(1/4)(1/4) = 37/48; binary ERR is RR/2 at max_grade 1.
    assert rb.expected_reciprocal_rank([2, 0, 1], max_grade=2) == pytest.approx(37 / 48)
    assert rb.expected_reciprocal_rank([0, 0, 1], max_grade=1) == pytest.approx(1 / 6)
    assert rb.expected_reciprocal_rank([4], max_grade=4) == 15 / 16
    assert rb.expected_reciprocal_rank([]) == 0.0


def test_unjudged_at_k_counts_none_and_negative_grades_and_divides_by_k():
    # trec_eval 10's help: 15 documents of which 4 are unjudged give unj_20 = 4/20.
    ranking = [None, -1, None, None] + [0] * 11
    assert rb.unjudged_at_k(ranking, 20) == 0.2
    assert rb.unjudged_at_k(ranking, 2) == 1.0


@pytest.mark.parametrize("call, error", [
    (lambda: rb.rank_biased_precision([1], persistence=1.0), InvalidValueError),
    (lambda: rb.rank_biased_precision([1], persistence="0.9"), InvalidTypeError),
    (lambda: rb.rank_biased_precision([2, 1]), InvalidValueError),  # grade above max_grade=1
    (lambda: rb.rank_biased_precision_residual([1], convention="ranx"), InvalidValueError),
    (lambda: rb.expected_reciprocal_rank([5]), InvalidValueError),
    (lambda: rb.expected_reciprocal_rank([1], max_grade=0), InvalidValueError),
    (lambda: rb.unjudged_at_k([1], 0), InvalidValueError),
])
def test_bad_input_raises_a_clear_error(call, error):
    with pytest.raises(error):
        call()


def test_grade_above_max_grade_names_the_position_and_the_fix():
    with pytest.raises(InvalidValueError, match=r"relevance\[1\] = 3 is above max_grade=2"):
        rb.rank_biased_precision([0, 3], max_grade=2)
