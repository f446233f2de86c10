"""The hand calculations of RBP, its residual and ERR (rankbook.explain.families.user_models).

Expected values: ranx's unit test for RBP, trec_eval 10's own outputs on small files
(tests/data/trec_eval_10/out.small.q), Moffat and Zobel's and Chapelle et al.'s definitions
worked out here with exact fractions. Never the explainer under test.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from test_catalog import check_worked_formulas

import rankbook as rb
from rankbook.cli import main

# ranx's rank_biased_precision_test.py: relevant at ranks 1, 2, 6, 11 and 17 of 20
RANX = [1 if i in (1, 2, 6, 11, 17) else 0 for i in range(1, 21)]


@pytest.mark.parametrize("p, expected", [(0.5, 0.7661), (0.8, 0.4526), (0.95, 0.1881)])
def test_rbp_of_ranx_list(p, expected):
    assert round(rb.explain(RANX, metric="RBP", persistence=p).value(), 4) == expected


def test_rbp_by_hand_with_exact_fractions():
    # Moffat and Zobel: RBP = (1 - p) sum r_i p^(i-1); p = 1/2 on ranks 1, 2, 6, 11, 17
    half = Fraction(1, 2)
    exact = (1 - half) * sum(half ** (i - 1) for i in (1, 2, 6, 11, 17))
    ex = rb.explain(RANX, metric="RBP", persistence=0.5)
    assert Fraction(ex.value()) == exact              # dyadic: the float is exact
    assert Fraction(float(ex.table["contribution"].sum())) == exact
    assert str(ex.show_work()).splitlines()[-1] == (
        "RBP@20 = (1 - 0.5)·(1·0.5^0 + 1·0.5^1 + 1·0.5^5 + 1·0.5^10 + 1·0.5^16) = 0.7661")


def test_rbp_and_its_residual_with_an_unjudged_document():
    # The RBP page: RBP = 0.5(1 + 0.5^3) = 9/16; residual = 0.5^4 + 0.5·0.5 = 5/16
    ex = rb.explain([1, None, 0, 1], metric="RBP", persistence=0.5)
    table = ex.table
    assert table["p^(i-1)"].tolist() == [1, 0.5, 0.25, 0.125]
    assert table["contribution"].tolist() == [0.5, 0, 0, 0.0625]
    assert table["RBP@k"].tolist()[-1] == 9 / 16
    assert table["residual"].tolist() == [0.5, 0.5, 0.375, 5 / 16]   # 1/2^k + unjudged weight
    assert "residual@4 = 0.5^4 + (1 - 0.5)·(0.5^1) = 0.3125" in str(ex.show_work())


@pytest.mark.parametrize("options, expected, words", [
    ({}, Fraction(9, 16), "the list's own highest grade 2"),         # (1 + (1/2)(1/4)) / 2
    ({"max_grade": 4}, Fraction(9, 32), "grade / 4 (highest grade 4, as given)"),
    ({"relevance_level": 2}, Fraction(1, 2), "binary gains"),
])
def test_rbps_scale_is_an_option_and_the_work_says_which(options, expected, words):
    # grades 2, 0, 1 with p = 1/2: r_i = grade / max_grade, or [grade >= t]
    ex = rb.explain([2, 0, 1], metric="RBP", persistence=0.5, **options)
    assert Fraction(ex.value()) == expected
    assert words in str(ex.show_work())


def test_rbp_gives_trec_eval_10s_output_with_the_topics_highest_grade():
    # Topic t1 of tests/data/trec_eval_10 (qrels.small, results.small in score order):
    # x12 d105 d101 x10 x11 d106 d100 d107 d104; the topic's highest judged grade is 3.
    # trec_eval 10 prints rbp 0.1367, rbp_resid 0.7168, unj_5 0.6000 (out.small.q).
    t1 = [None, 3, 1, None, None, 1, 0, -1, -1]
    assert round(rb.explain(t1, metric="rbp", max_grade=3).value(), 4) == 0.1367
    assert round(rb.explain(t1, metric="rbp_resid").value(), 4) == 0.7168
    assert round(rb.explain(t1, metric="unj_5").value(), 4) == 0.6


def test_the_residual_conventions():
    # rank_biased_precision_residual's docstring: [1, None, 0] gives 0.5^3 + 0.5·0.5 = 0.375;
    # with every document judged trec_eval 10 reports 0, Moffat and Zobel 0.5^3
    assert rb.explain([1, None, 0], metric="RBP-resid", persistence=0.5).value() == 0.375
    judged = rb.explain([1, 0, 0], metric="RBP-resid", persistence=0.5)
    assert judged.value() == 0
    assert "trec_eval 10: no unjudged document, so 0" in str(judged.show_work())
    moffat = rb.explain([1, 0, 0], metric="RBP-resid", persistence=0.5, convention="moffat_zobel")
    assert moffat.value() == 0.125
    assert "RBP-resid@3 = 0.5^3 = 0.1250" in str(moffat.show_work())
    assert "Moffat and Zobel's convention" in str(moffat.show_work())


def test_err_by_hand_on_a_0_2_scale():
    # Chapelle et al. (2009): R_i = (2^g - 1)/2^g_max; ERR = sum_r (1/r) R_r prod_{i<r} (1 - R_i).
    # The ERR page: grades 2, 0, 1, g_max = 2: R = 3/4, 0, 1/4; ERR = 3/4 + (1/3)(1/4)(1/4) = 37/48
    ex = rb.explain([2, 0, 1], metric="ERR@k", max_grade=2)
    assert ex.table["R_i"].tolist() == [0.75, 0, 0.25]
    assert ex.table["reach"].tolist() == [1, 0.25, 0.25]
    assert Fraction(ex.value()).limit_denominator(1000) == Fraction(37, 48)
    assert ex.value(1) == 0.75
    work = str(ex.show_work(3))
    assert "R(grade 2) = (2^2 - 1)/2^2 = 0.7500" in work
    assert work.splitlines()[-1].startswith("ERR@3 = 1.0000·0.7500/1 + 0.2500·0.2500/3 = 0.7708")


def test_err_swapped_and_with_chapelles_default_scale():
    # The ERR page: 1, 0, 2 on 0-2 gives 1/4 + (3/4)(3/4)/3 = 7/16
    assert rb.explain([1, 0, 2], metric="ERR@k", max_grade=2).value() == 7 / 16
    # g_max = 4 (the default): R = 3/16, 0, 1/16; ERR = 3/16 + (13/16)(1/16)/3 = 157/768
    ex = rb.explain([2, 0, 1], metric="ERR@3")
    assert Fraction(ex.value()).limit_denominator(10_000) == Fraction(157, 768)
    assert "Chapelle et al.'s 0-4 scale, the default" in str(ex.show_work())


@pytest.mark.parametrize("metric, options", [
    ("RBP", {"persistence": 0.8, "max_grade": 3}),
    ("RBP", {"relevance_level": 2}),
    ("RBP-resid", {"persistence": 0.7, "convention": "moffat_zobel"}),
    ("ERR@k", {"max_grade": 3}),
])
def test_the_worked_formulas_add_up_under_each_option(metric, options):
    ex = rb.explain([2, None, 0, 1, 3, -1], metric=metric, **options)
    assert sum(check_worked_formulas(ex.show_work(k)) for k in range(1, 8)) > 0


def test_the_cli_takes_the_persistence_and_the_scale(capsys):
    assert main(["explain", "1", "1", "0", "1", "--metric", "RBP", "--persistence", "0.5"]) == 0
    # 0.5 (1 + 0.5 + 0.5^3) = 0.8125
    assert "RBP@4 = (1 - 0.5)·(1·0.5^0 + 1·0.5^1 + 1·0.5^3) = 0.8125" in capsys.readouterr().out
    assert main(["explain", "2", "0", "1", "--metric", "ERR@3", "--max-grade", "2"]) == 0
    assert "= 0.7708" in capsys.readouterr().out
    assert main(["explain", "1", "0", "0", "--metric", "rbp_resid", "--persistence", "0.5",
                 "--residual-convention", "moffat_zobel"]) == 0
    assert "RBP-resid@3 = 0.5^3 = 0.1250" in capsys.readouterr().out


def test_a_threshold_of_1_given_to_explain_reaches_rbp():
    # explain()'s relevance_level defaults to None, so that 1 typed by the user is told apart
    # from "not given": RBP then reads the grades as relevant or not (Moffat and Zobel's binary
    # form) instead of as gains. Grades 2, 0, 1 with p = 1/2: binary, (1 - 1/2)(1 + 1/4) = 5/8;
    # as gains over the highest grade 2, (1 - 1/2)(1 + 1/8) = 9/16.
    import rankbook as rb

    binary = rb.explain([2, 0, 1], metric="RBP", persistence=0.5, relevance_level=1)
    graded = rb.explain([2, 0, 1], metric="RBP", persistence=0.5, max_grade=2)
    assert binary.value() == pytest.approx(5 / 8)
    assert graded.value() == pytest.approx(9 / 16)
