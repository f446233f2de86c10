"""The hand calculations of the graded measures (rankbook.explain.families.graded).

Expected values come from published worked examples (the lecture's graded list and its DCG
values, docs/conventions.md; FLAGR's table; trec_eval and pytrec_eval outputs quoted on the
metric pages) or from arithmetic written out here, never from the explainer under test.
"""

from __future__ import annotations

import math

import pytest
from test_catalog import check_worked_formulas

import rankbook as rb
from rankbook.cli import main

LECTURE = [3, 2, 3, 0, 0, 1, 2, 2, 3, 0]   # the lecture slides' 0-3 example


def _column(ex, name) -> list:
    return ex.table[name].tolist()


def test_dcg_of_the_lecture_list_gives_the_slides_running_values():
    # The slides print the discounted gains 3, 2, 1.89, 0, 0, 0.39, 0.71, 0.67, 0.95, 0 and the
    # running DCG 3, 5, 6.89, 6.89, 6.89, 7.28, 7.99, 8.66, 9.61, 9.61 (Järvelin-Kekäläinen).
    ex = rb.explain(LECTURE, metric="DCG@k", discount="jarvelin")
    assert [round(x, 2) for x in _column(ex, "DCG@k")] == \
        [3, 5, 6.89, 6.89, 6.89, 7.28, 7.99, 8.66, 9.61, 9.61]
    assert [round(x, 2) for x in _column(ex, "discounted gain")] == \
        [3, 2, 1.89, 0, 0, 0.39, 0.71, 0.67, 0.95, 0]
    assert _column(ex, "gain") == LECTURE
    assert str(ex.show_work(3)) == "DCG@3 = 3 + 2 + 3/log2(3) = 6.8928"


@pytest.mark.parametrize("options, expected", [
    ({}, 8.318753),                          # linear gain, log2(i+1): trec_eval's
    ({"gain": "exponential"}, 16.802601),    # FLAGR's
])
def test_dcg_at_10_of_the_lecture_list_under_each_convention(options, expected):
    # docs/conventions.md, "The lecture's graded example"
    assert round(rb.explain(LECTURE, metric="DCG@10", **options).value(), 6) == expected


def test_idcg_shows_the_ideal_grades_and_their_discounted_gains():
    ex = rb.explain(LECTURE, metric="IDCG@k", discount="jarvelin")
    assert _column(ex, "ideal") == [3, 3, 3, 2, 2, 2, 1, 0, 0, 0]
    by_hand = [3, 3, 3 / math.log2(3), 2 / 2, 2 / math.log2(5), 2 / math.log2(6),
               1 / math.log2(7), 0, 0, 0]
    assert _column(ex, "discounted gain") == pytest.approx(by_hand, abs=1e-12)
    assert round(ex.value(10), 6) == 10.884055           # the DCG page's IDCG@10
    assert "No ideal grades given" in ex.notes[0]
    assert str(ex.show_work(4)) == "IDCG@4 = 3 + 3 + 3/log2(3) + 2/log2(4) = 8.8928"


@pytest.mark.parametrize("options, expected", [
    ({"discount": "jarvelin"}, 0.882494), ({}, 0.916809), ({"gain": "exponential"}, 0.895134),
])
def test_ndcg_of_the_lecture_list_against_its_own_sorted_grades(options, expected):
    # docs/conventions.md: nDCG@10 with the ideal = the same grades sorted
    ex = rb.explain(LECTURE, metric="nDCG@10", **options)
    assert round(ex.value(), 6) == expected
    assert ex.notes and "ideal" in ex.notes[0]


def test_the_ndcg_pitfall_gives_trec_evals_value_with_the_ideal_given():
    # The nDCG page: one relevant document of four, retrieved at rank 1; trec_eval 0.39038.
    # By hand: 1 / (1 + 1/log2 3 + 1/log2 4 + 1/log2 5).
    ex = rb.explain([1, 0, 0, 0, 0], metric="nDCG@5", ideal=[1, 1, 1, 1])
    assert ex.value() == pytest.approx(1 / (1 + 1 / math.log2(3) + 0.5 + 1 / math.log2(5)))
    assert round(ex.value(), 5) == 0.39038
    assert str(ex.show_work()).splitlines()[-1] == \
        "nDCG@5 = DCG@5 / IDCG@5 = 1.0000 / 2.5616 = 0.3904"
    assert rb.explain([1, 0, 0, 0, 0], metric="nDCG@5").value() == 1.0   # the list's own ideal


def test_trec_evals_ndcg_of_a_short_run_over_every_judged_grade():
    # The nDCG page's graded pitfall: pytrec_eval gives 0.635014 (ndcg) and 0.717734 (ndcg_cut_5)
    assert round(rb.explain([3, 2, 3, 0, 0], metric="ndcg", ideal=LECTURE).value(), 6) == 0.635014
    assert round(rb.explain([3, 2, 3, 0, 0], metric="ndcg_cut_5", ideal=LECTURE).value(),
                 6) == 0.717734


def test_a_gain_map_is_written_as_the_gains_it_gives():
    # trec_eval's ndcg.1=3,2=9 on one grade 1 above one grade 2: pytrec_eval 0.7967075809905065
    ex = rb.explain([1, 2], metric="ndcg.1=3,2=9")
    assert ex.value() == pytest.approx(0.7967075809905065, abs=1e-15)
    work = str(ex.show_work())
    assert "DCG@2 = 3/log2(1+1) + 9/log2(2+1)" in work
    assert "IDCG = 9/log2(1+1) + 3/log2(2+1)" in work


# --- trec_eval's averages of nDCG (the nDCG variants page's worked example) ------------------

RUN, JUDGED = [1, 2, 0, 1], [2, 1, 1, 0]


def _ndcg(k):
    """nDCG@k of RUN against JUDGED, written out: the ideal is 2, 1, 1."""
    dcg = [1, 1 + 2 / math.log2(3), 1 + 2 / math.log2(3), 1 + 2 / math.log2(3) + 1 / math.log2(5)]
    idcg = [2, 2 + 1 / math.log2(3), 2 + 1 / math.log2(3) + 0.5, 2 + 1 / math.log2(3) + 0.5]
    return dcg[k - 1] / idcg[k - 1]


def test_ndcg_rel_averages_at_the_ranks_of_positive_gain():
    ex = rb.explain(RUN, metric="ndcg_rel", ideal=JUDGED)
    assert _column(ex, "averaged") == [True, True, False, True]
    assert ex.value() == pytest.approx((_ndcg(1) + _ndcg(2) + _ndcg(4)) / 3, abs=1e-12)
    assert round(ex.value(), 4) == 0.7399                   # the page; pytrec_eval agrees
    assert str(ex.show_work()).splitlines()[-1] == \
        "nDCG_rel@4 = (nDCG@1 + nDCG@2 + nDCG@4) / 3 = (0.5000 + 0.8597 + 0.8600) / 3 = 0.7399"


def test_ndcg_rel_counts_a_missed_document_at_the_whole_lists_ndcg():
    # ndcg_averaged_over_relevant's docstring: one of two relevant found, at rank 2
    ex = rb.explain([0, 1], metric="nDCG_rel", ideal=[0, 1, 1])
    whole = (1 / math.log2(3)) / (1 + 1 / math.log2(3))
    assert ex.value() == pytest.approx(whole, abs=1e-12)
    assert "(2 - 1)·nDCG" in str(ex.show_work())


def test_r_ndcg_averages_at_the_ideals_drops():
    ex = rb.explain(RUN, metric="Rndcg", ideal=JUDGED)
    assert _column(ex, "R level") == [True, False, True, False]
    assert ex.value() == pytest.approx((_ndcg(1) + _ndcg(3)) / 2, abs=1e-12)
    assert round(ex.value(), 4) == 0.6112                   # the page; pytrec_eval agrees
    longer = rb.explain(RUN + [0], metric="R-nDCG", ideal=JUDGED)   # n = R_g + 2: a level
    assert _column(longer, "R level")[-1] is True
    assert "R levels 1, 3, 5:" in str(longer.show_work())


def test_g_discounts_each_gain_by_the_shortfall_against_the_ideal():
    # normalized_gain's docstring: (1/log2 3 + 2/log2 2) / 3
    ex = rb.explain([1, 2], metric="G", ideal=[2, 1])
    assert (_column(ex, "S"), _column(ex, "C")) == ([1, 3], [2, 3])
    assert _column(ex, "term") == pytest.approx([1 / math.log2(3), 2.0], abs=1e-12)
    assert ex.value() == pytest.approx((1 / math.log2(3) + 2) / 3, abs=1e-12)
    assert str(ex.show_work()).splitlines()[-1].startswith(
        "G@2 = (1/log2(2 + 2 - 1) + 2/log2(2 + 3 - 3)) / 3 = 0.8770")


def test_bing_charges_the_misses_above_each_relevant_document():
    # The G and binG page: (1 + 1/log2 3) / 3 = 0.543643
    ex = rb.explain([1, 0, 1], metric="binG", n_relevant=3)
    assert _column(ex, "misses above") == [0, "", 1]
    assert _column(ex, "term")[1] == "" and _column(ex, "term")[2] == pytest.approx(
        1 / math.log2(3), abs=1e-12)
    assert ex.value() == pytest.approx((1 + 1 / math.log2(3)) / 3, abs=1e-12)
    assert round(ex.value(), 6) == 0.543643


@pytest.mark.parametrize("metric, options", [
    ("nDCG_rel", {"ideal": [3, 2, 0, 1, 1], "gain_map": {0: -1, 2: 5}}),
    ("R-nDCG", {"ideal": [3, 2, 0, 1, 1], "gain_map": {1: 3, 2: 9}}),
    ("G", {"ideal": [3, 2, 0, 1, 1], "gain_map": {1: 0.5, 3: 7.5}}),
    ("nDCG", {"ideal": [3, 2, 0, 1, 1], "gain_map": {1: 3, 2: 9}}),
    ("IDCG@k", {"ideal": [3, 2, 0, 1, 1], "gain": "exponential"}),
    ("binG", {"n_relevant": 4, "relevance_level": 2}),
])
def test_the_worked_formulas_add_up_under_each_option(metric, options):
    ex = rb.explain([2, None, 0, 1, 3, 0], metric=metric, **options)
    assert sum(check_worked_formulas(ex.show_work(k)) for k in range(1, 8)) > 0


def test_the_cli_prints_the_ndcg_pitfalls_value(capsys):
    assert main(["explain", "1", "0", "0", "0", "0", "--metric", "nDCG@5",
                 "--ideal", "1", "1", "1", "1"]) == 0
    out = capsys.readouterr().out
    assert "nDCG@5 = DCG@5 / IDCG@5 = 1.0000 / 2.5616 = 0.3904" in out


def test_the_cli_reads_a_gain_map(capsys):
    assert main(["explain", "1", "2", "--metric", "G", "--ideal", "2", "1", "--gain-map",
                 "1=3", "2=9"]) == 0
    # gains 3, 9; ideal 9, 3: at rank 1 the list is 9 - 3 behind, at rank 2 it has caught up
    assert "G@2 = (3/log2(2 + 9 - 3) + 9/log2(2 + 12 - 12)) / 12 = " in capsys.readouterr().out
