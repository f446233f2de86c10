"""DCG, IDCG and nDCG (rankbook.metrics.dcg).

Published numbers: the lecture's 0-3 example (the slides "Common information
retrieval evaluation metrics"; docs/conventions.md, "The lecture's graded example")
and conventions.md's values for it; the seed's 8-element table (FLAGR's
documentation, page "Evaluation measures"; docs/conventions.md, "FLAGR's 8-element
table") and conventions.md's reference table. Other expected values are the formula written out term by term.
"""

from __future__ import annotations

from math import log2

import numpy as np
import pytest

from rankbook import InvalidValueError, dcg_at_k, idcg_at_k, ndcg_at_k

LECTURE = [3, 2, 3, 0, 0, 1, 2, 2, 3, 0]
# The lecture prints DCG (Järvelin-Kekäläinen discount) at k = 1..10:
LECTURE_PRINTED_DCG = [3, 5, 6.89, 6.89, 6.89, 7.28, 7.99, 8.66, 9.61, 9.61]
# ... and the discounted gain of each rank: 3, 2/1, 3/1.59, 0, 0, 1/2.59, 2/2.81, 2/3, 3/3.17, 0.
LECTURE_PRINTED_GAIN = [3, 2, 1.89, 0, 0, 0.39, 0.71, 0.67, 0.95, 0]
# conventions.md, the same example to 6 decimals:
CONVENTIONS_JK_DCG = [3, 5, 6.892789, 6.892789, 6.892789, 7.279642, 7.992056, 8.658723,
                      9.605118, 9.605118]

SEED = [1, 0, 1, 1, 0, 1, 0, 0]
# conventions.md's reference table for the seed list (DCG, IDCG, nDCG at k = 1..8):
CONVENTIONS_SEED = {
    "DCG": [1.000000, 1.000000, 1.500000, 1.930677, 1.930677, 2.286884, 2.286884, 2.286884],
    "IDCG": [1.000000, 1.630930, 2.130930, 2.561606, 2.561606, 2.561606, 2.561606, 2.561606],
    "nDCG": [1.000000, 0.613147, 0.703918, 0.753698, 0.753698, 0.892754, 0.892754, 0.892754],
}
# The seed's printed columns (2 decimals).
SEED_PRINTED = {
    "DCG": [1.00, 1.00, 1.50, 1.93, 1.93, 2.29, 2.29, 2.29],
    "IDCG": [1.00, 1.63, 2.13, 2.56, 2.56, 2.56, 2.56, 2.56],
    "nDCG": [1.00, 0.61, 0.70, 0.75, 0.75, 0.89, 0.89, 0.89],
}


def textbook_dcg(grades, k, gain, discount):
    """The formula written out, one term per rank, independently of rankbook."""
    total = 0.0
    for i, rel in enumerate(grades[:k], start=1):
        g = max(rel, 0)
        g = g if gain == "linear" else 2 ** g - 1
        d = log2(i + 1) if discount == "log2" else (1.0 if i == 1 else log2(i))
        total += g / d
    return total


# --- the lecture's 0-3 example ---------------------------------------------------

@pytest.mark.parametrize("k", range(1, 11))
def test_lecture_dcg_printed(k):
    assert round(dcg_at_k(LECTURE, k, discount="jarvelin"), 2) == LECTURE_PRINTED_DCG[k - 1]


@pytest.mark.parametrize("k", range(1, 11))
def test_lecture_dcg_conventions(k):
    assert dcg_at_k(LECTURE, k, discount="jarvelin") == pytest.approx(
        CONVENTIONS_JK_DCG[k - 1], abs=5e-7)


def test_lecture_discounted_gains():
    dcg = [0.0] + [dcg_at_k(LECTURE, k, discount="jarvelin") for k in range(1, 11)]
    gains = [round(dcg[k] - dcg[k - 1], 2) for k in range(1, 11)]
    assert gains == LECTURE_PRINTED_GAIN


def test_lecture_log2_variants():
    # conventions.md: linear gain with log2(i+1) ends at 8.318753, exponential at 16.802601.
    assert dcg_at_k(LECTURE, 10) == pytest.approx(8.318753, abs=5e-7)
    assert dcg_at_k(LECTURE, 10, gain="exponential") == pytest.approx(16.802601, abs=5e-7)


@pytest.mark.parametrize("gain, discount, expected", [
    ("linear", "jarvelin", 0.882494),   # conventions.md
    ("linear", "log2", 0.916809),
    ("exponential", "log2", 0.895134),
])
def test_lecture_ndcg_against_sorted_ideal(gain, discount, expected):
    ideal = sorted(LECTURE, reverse=True)
    assert ndcg_at_k(LECTURE, 10, gain=gain, discount=discount) == pytest.approx(expected, abs=5e-7)
    assert ndcg_at_k(LECTURE, 10, ideal=ideal, gain=gain, discount=discount) == pytest.approx(
        expected, abs=5e-7)


@pytest.mark.parametrize("gain", ["linear", "exponential"])
@pytest.mark.parametrize("discount", ["log2", "jarvelin"])
@pytest.mark.parametrize("k", [1, 2, 3, 5, 10, 15])
def test_lecture_matches_the_formula_term_by_term(gain, discount, k):
    assert dcg_at_k(LECTURE, k, gain=gain, discount=discount) == pytest.approx(
        textbook_dcg(LECTURE, k, gain, discount), rel=1e-12)
    ideal = sorted(LECTURE, reverse=True)
    assert idcg_at_k(LECTURE, k, gain=gain, discount=discount) == pytest.approx(
        textbook_dcg(ideal, k, gain, discount), rel=1e-12)


# --- the seed's 8-element table ------------------------------------------------------

@pytest.mark.parametrize("k", range(1, 9))
def test_seed_table(k):
    # FLAGR uses gain 2^rel - 1, which equals rel for 0/1 grades: both gains agree.
    for gain in ("linear", "exponential"):
        dcg = dcg_at_k(SEED, k, gain=gain)
        idcg = idcg_at_k(SEED, k, gain=gain)
        ndcg = ndcg_at_k(SEED, k, gain=gain)
        assert dcg == pytest.approx(CONVENTIONS_SEED["DCG"][k - 1], abs=5e-7)
        assert idcg == pytest.approx(CONVENTIONS_SEED["IDCG"][k - 1], abs=5e-7)
        assert ndcg == pytest.approx(CONVENTIONS_SEED["nDCG"][k - 1], abs=5e-7)
        assert round(dcg, 2) == SEED_PRINTED["DCG"][k - 1]
        assert round(idcg, 2) == SEED_PRINTED["IDCG"][k - 1]
        assert round(ndcg, 2) == SEED_PRINTED["nDCG"][k - 1]


def test_seed_dcg_at_5_by_hand():
    # The seed's calculation: 1/log2(2) + 0 + 1/log2(4) + 1/log2(5) + 0 = 1.93.
    assert dcg_at_k(SEED, 5) == pytest.approx(1 + 1 / 2 + 1 / log2(5), rel=1e-15)
    assert idcg_at_k(SEED, 5) == pytest.approx(1 + 1 / log2(3) + 1 / 2 + 1 / log2(5), rel=1e-15)


# --- conventions -------------------------------------------------------------------

def test_jarvelin_leaves_ranks_1_and_2_undiscounted():
    assert dcg_at_k([2, 2], discount="jarvelin") == 4.0
    assert dcg_at_k([0, 0, 4], discount="jarvelin") == pytest.approx(4 / log2(3), rel=1e-15)


def test_exponential_gain():
    assert dcg_at_k([3], gain="exponential") == 7.0
    assert dcg_at_k([0, 2], gain="exponential") == pytest.approx(3 / log2(3), rel=1e-15)


def test_k_none_and_k_past_the_end_use_the_whole_list():
    whole = textbook_dcg(LECTURE, 10, "linear", "log2")
    assert dcg_at_k(LECTURE) == pytest.approx(whole, rel=1e-12)
    assert dcg_at_k(LECTURE, 50) == dcg_at_k(LECTURE)
    assert dcg_at_k([]) == 0.0


def test_negative_grades_gain_nothing_and_drop_out_of_the_ideal():
    # conventions.md: trec_eval gives negative grades gain 0 and leaves them out of the ideal.
    assert dcg_at_k([-1, 1]) == pytest.approx(1 / log2(3), rel=1e-15)
    assert dcg_at_k([-2, 1], gain="exponential") == pytest.approx(1 / log2(3), rel=1e-15)
    assert idcg_at_k([-1, 1, -3]) == 1.0
    assert ndcg_at_k([-1, 1], ideal=[1, -1, -1]) == pytest.approx(1 / log2(3), rel=1e-15)


def test_idcg_sorts_its_input():
    assert idcg_at_k([0, 1, 3, 2]) == idcg_at_k([3, 2, 1, 0])
    assert idcg_at_k([0, 1, 3, 2], 2) == pytest.approx(3 + 2 / log2(3), rel=1e-15)


def test_ndcg_with_unretrieved_relevant_documents():
    # One relevant document retrieved at rank 2 of three that exist:
    # the list's own ideal says 0.63; the qrels' ideal (trec_eval) says less.
    own = ndcg_at_k([0, 1])
    assert own == pytest.approx((1 / log2(3)) / 1, rel=1e-15)
    full = ndcg_at_k([0, 1], ideal=[1, 1, 1])
    assert full == pytest.approx((1 / log2(3)) / (1 + 1 / log2(3) + 1 / 2), rel=1e-15)


def test_ndcg_cut_cuts_the_ideal_at_k_too():
    # ndcg_cut_k: DCG@k / IDCG@k with the ideal over every judged grade, cut at k.
    assert ndcg_at_k([0, 1], 1, ideal=[1, 1, 1]) == 0.0
    assert ndcg_at_k([1, 0], 1, ideal=[1, 1, 1]) == 1.0


def test_ndcg_is_zero_when_ideal_has_no_gain():
    assert ndcg_at_k([0, 0, 0]) == 0.0
    assert ndcg_at_k([0, -1], ideal=[0, -1]) == 0.0
    assert ndcg_at_k([]) == 0.0


def test_unjudged_is_grade_zero():
    assert dcg_at_k([None, 1]) == dcg_at_k([0, 1])


@pytest.mark.parametrize("container", [list, tuple, np.array])
def test_containers_and_float_results(container):
    values = (dcg_at_k(container(LECTURE), 5), idcg_at_k(container(LECTURE), 5),
              ndcg_at_k(container(LECTURE), 5))
    for value in values:
        assert type(value) is float
    assert values[0] == pytest.approx(textbook_dcg(LECTURE, 5, "linear", "log2"), rel=1e-12)


@pytest.mark.parametrize("function", [dcg_at_k, idcg_at_k, ndcg_at_k])
def test_unknown_gain_and_discount(function):
    with pytest.raises(InvalidValueError, match="gain"):
        function(LECTURE, 3, gain="exp")
    with pytest.raises(InvalidValueError, match="discount"):
        function(LECTURE, 3, discount="log")
