"""Assessor agreement (rankbook.collections.agreement and second_assessor).

Oracles: Introduction to IR's worked kappa example (Manning, Raghavan and Schuetze 2008,
section 8.5, Table 8.2: P(A) = 370/400 = 0.925, P(E) = 0.665, kappa = 0.776), scikit-learn's
``cohen_kappa_score`` and ``confusion_matrix``, statsmodels' ``cohens_kappa`` and
``fleiss_kappa``, and exact fractions worked by hand.
"""

from __future__ import annotations

import math
import random
from fractions import Fraction as F

import numpy as np
import pytest
from sklearn.metrics import cohen_kappa_score, confusion_matrix
from statsmodels.stats import inter_rater

from rankbook import InvalidTypeError, InvalidValueError
from rankbook.collections import (
    ConfusionTable,
    UndefinedAgreementWarning,
    chance_agreement,
    cohen_kappa,
    confusion_table,
    fleiss_kappa,
    jaccard_overlap,
    observed_agreement,
    second_assessor,
)

# Introduction to IR, Table 8.2: judge 1 (rows) against judge 2 (columns), 400 documents.
JUDGE1 = [1] * 300 + [1] * 20 + [0] * 10 + [0] * 70
JUDGE2 = [1] * 300 + [0] * 20 + [1] * 10 + [0] * 70


def test_iir_table_8_2_confusion_table():
    assert confusion_table(JUDGE1, JUDGE2) == ConfusionTable((0, 1), ((70, 10), (20, 300)))


def test_iir_kappa_example_pooled_marginals():
    # IIR 8.5: P(A) = 370/400 = 0.925; P(nonrelevant) = (10+20+70+70)/800 = 0.2125;
    # P(relevant) = (10+20+300+300)/800, printed "0.7878", which is 630/800 = 0.7875 (a typo:
    # the two must sum to 1); P(E) = 0.2125^2 + 0.7875^2 = 0.665; kappa = 0.776.
    table = confusion_table(JUDGE1, JUDGE2)
    assert observed_agreement(table) == F(370, 400)
    p_relevant = F(10 + 20 + 300 + 300, 800)
    assert p_relevant == F(7875, 10000) and round(float(p_relevant), 4) != 0.7878
    expected = F(170, 800) ** 2 + p_relevant ** 2
    assert chance_agreement(table, chance="pooled") == expected
    assert round(float(expected), 3) == 0.665
    kappa = cohen_kappa(JUDGE1, JUDGE2, chance="pooled")
    assert kappa == pytest.approx(float((F(370, 400) - expected) / (1 - expected)), abs=1e-15)
    assert round(kappa, 3) == 0.776


def test_iir_example_under_cohens_per_assessor_marginals():
    # Cohen: judge 1 says relevant 320/400, judge 2 310/400: P(E) = 0.8*0.775 + 0.2*0.225 = 0.665
    table = confusion_table(JUDGE1, JUDGE2)
    assert chance_agreement(table) == F(320, 400) * F(310, 400) + F(80, 400) * F(90, 400)
    assert chance_agreement(table) == F(665, 1000)
    kappa = cohen_kappa(JUDGE1, JUDGE2)
    assert kappa == pytest.approx(cohen_kappa_score(JUDGE1, JUDGE2), abs=1e-14)
    assert kappa == pytest.approx(float(F(26, 100) / F(335, 1000)), abs=1e-15)  # 0.7761
    assert round(kappa, 3) == 0.776 and kappa != pytest.approx(
        cohen_kappa(JUDGE1, JUDGE2, chance="pooled"), abs=1e-4)


@pytest.mark.parametrize("seed", range(8))
def test_cohen_kappa_equals_scikit_learn_and_statsmodels(seed):
    rng = random.Random(seed)
    n, grades = rng.randint(5, 60), rng.choice([(0, 1), (0, 1, 2), (0, 1, 2, 3)])
    a = [rng.choice(grades) for _ in range(n)]
    b = [x if rng.random() < 0.6 else rng.choice(grades) for x in a]
    if len(set(a) | set(b)) < 2:
        pytest.skip("one label only: kappa undefined")
    assert cohen_kappa(a, b) == pytest.approx(cohen_kappa_score(a, b), abs=1e-12)
    table = confusion_table(a, b)
    assert np.array_equal(np.array(table.counts), confusion_matrix(a, b, labels=table.labels))
    assert cohen_kappa(a, b) == pytest.approx(
        inter_rater.cohens_kappa(np.array(table.counts), return_results=False), abs=1e-12)


@pytest.mark.parametrize("seed", range(6))
def test_pooled_kappa_is_fleiss_kappa_of_two_assessors(seed):
    rng = random.Random(100 + seed)
    a = [rng.choice((0, 1, 2)) for _ in range(40)]
    b = [x if rng.random() < 0.5 else rng.choice((0, 1, 2)) for x in a]
    counts, _ = inter_rater.aggregate_raters(np.array([a, b]).T)
    oracle = inter_rater.fleiss_kappa(counts, method="fleiss")
    assert cohen_kappa(a, b, chance="pooled") == pytest.approx(oracle, abs=1e-12)
    assert fleiss_kappa(list(zip(a, b))) == pytest.approx(oracle, abs=1e-12)


@pytest.mark.parametrize("seed", range(6))
def test_fleiss_kappa_equals_statsmodels(seed):
    rng = random.Random(200 + seed)
    m, n = rng.randint(2, 6), rng.randint(3, 30)
    truth = [rng.choice((0, 1, 2)) for _ in range(n)]
    ratings = {f"d{i}": [t if rng.random() < 0.7 else rng.choice((0, 1, 2)) for _ in range(m)]
               for i, t in enumerate(truth)}
    counts, _ = inter_rater.aggregate_raters(np.array(list(ratings.values())))
    assert fleiss_kappa(ratings) == pytest.approx(
        inter_rater.fleiss_kappa(counts, method="fleiss"), abs=1e-12)


def test_fleiss_kappa_by_hand():
    # P_i: 1, 1, 1/3, 1/3 -> P-bar 2/3; p = (6/12, 6/12) -> P_e 1/2; kappa = (1/6)/(1/2) = 1/3
    ratings = [[1, 1, 1], [0, 0, 0], [1, 1, 0], [0, 0, 1]]
    assert fleiss_kappa(ratings) == pytest.approx(1 / 3, abs=1e-15)


def test_qrels_are_paired_by_topic_and_document_and_binarised():
    first = {"401": {"d1": 2, "d2": 0, "d3": 1}, "402": {"d1": 0, "d4": 1}}
    second = {"402": {"d4": 0, "d1": 0}, "401": {"d3": 1, "d1": 1, "d2": 0}}
    # items in the same order: (401,d1) (401,d2) (401,d3) (402,d1) (402,d4)
    a, b = [2, 0, 1, 0, 1], [1, 0, 1, 0, 0]
    assert cohen_kappa(first, second) == pytest.approx(cohen_kappa_score(a, b), abs=1e-12)
    binary = cohen_kappa(first, second, relevance_level=1)
    assert binary == pytest.approx(cohen_kappa_score([min(x, 1) for x in a], b), abs=1e-12)


def test_items_judged_by_one_assessor_are_refused_or_kept_on_request():
    first, second = {"d1": 1, "d2": 0, "d3": 1}, {"d1": 1, "d2": 1, "d9": 0}
    with pytest.raises(InvalidValueError, match="only in first: \\['d3'\\].*common_only=True"):
        cohen_kappa(first, second)
    assert confusion_table(first, second, common_only=True).counts == ((0, 1), (0, 1))


def test_bad_judgments_are_refused_with_the_place():
    with pytest.raises(InvalidTypeError, match=r"first\['d2'\] is 'yes'"):
        cohen_kappa({"d1": 1, "d2": "yes"}, {"d1": 1, "d2": 0})
    with pytest.raises(InvalidValueError, match="holds 3 grades and second 2"):
        cohen_kappa([1, 0, 1], [1, 0])
    with pytest.raises(InvalidValueError, match="chance='scott' is not one of"):
        cohen_kappa([1, 0], [1, 0], chance="scott")
    with pytest.raises(InvalidValueError, match=r"ratings\['d2'\] holds 2 labels"):
        fleiss_kappa({"d1": [1, 0, 1], "d2": [1, 0]})


def test_one_label_only_gives_nan_with_a_warning():
    with pytest.warns(UndefinedAgreementWarning):
        assert math.isnan(cohen_kappa([1, 1, 1], [1, 1, 1]))
    with pytest.warns(UndefinedAgreementWarning):
        assert math.isnan(fleiss_kappa([[0, 0], [0, 0]]))
    with pytest.warns(UndefinedAgreementWarning):
        assert math.isnan(jaccard_overlap({"d1": 0}, {"d1": 0}))


def test_jaccard_overlap_by_hand():
    # A = {d1, d2, d4}, B = {d1, d3, d4}: 2 common of 4
    first = {"d1": 1, "d2": 2, "d3": 0, "d4": 1}
    second = {"d1": 1, "d2": 0, "d3": 1, "d4": 3}
    assert jaccard_overlap(first, second) == 0.5
    assert jaccard_overlap(first, second, relevance_level=2) == 0.0  # {d2} against {d4}
    assert jaccard_overlap({"d1", "d2"}, {"d2"}) == 0.5
    qrels = jaccard_overlap({"1": first, "2": {"x": 1}}, {"1": second, "2": {"x": 1, "y": 1}})
    assert qrels == {"1": 0.5, "2": 0.5}
    with pytest.raises(InvalidValueError, match="different topics"):
        jaccard_overlap({"1": first}, {"2": second})


def test_second_assessor_by_hand():
    first = {"a": [0.6, 0.4], "b": [0.5, 0.3], "c": [0.2, 0.2], "d": [0.1, 0.1]}
    second = {"a": [0.5, 0.3], "b": [0.6, 0.4], "c": [0.1, 0.0], "d": [0.2, 0.1]}
    result = second_assessor(first, second)
    assert result.first == pytest.approx({"a": 0.5, "b": 0.4, "c": 0.2, "d": 0.1})
    assert result.swaps == [("a", "b"), ("c", "d")]
    # 6 pairs, 2 swapped: tau = (4 - 2)/6; tau_AP over the second's order b, a, d, c:
    # C(2) = 0 (a above b is wrong), C(3) = 2, C(4) = 2: 2/3 (0/1 + 2/2 + 2/3) - 1 = 1/9
    assert result.tau == pytest.approx(1 / 3, abs=1e-15)
    assert result.tau_ap == pytest.approx(float(F(2, 3) * (0 + 1 + F(2, 3)) - 1), abs=1e-15)


def test_second_assessor_refuses_different_systems_or_topics():
    with pytest.raises(InvalidValueError, match="only in first: \\['c'\\]"):
        second_assessor({"a": [1.0], "b": [0.5], "c": [0.1]}, {"a": [1.0], "b": [0.2]})
    with pytest.raises(InvalidValueError, match="score different topics"):
        second_assessor({"a": {"1": 0.5}, "b": 0.2}, {"a": {"2": 0.5}, "b": 0.3})
