"""The hand calculations of the measures for incomplete judgments (explain.families.incomplete).

Expected values: the worked examples of the bpref, infAP, unjudged and relstring pages, worked
out here by hand with exact fractions following trec_eval's code (m_bpref.c, m_infap.c,
m_unjudged.c, m_relstring.c), and trec_eval 10's output on tests/data/trec_eval_10. Never the
explainer under test.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from test_catalog import check_worked_formulas

import rankbook as rb
from rankbook.cli import main

BPREF_RUN = [1, None, 0, 1, None, None, 1, 0]   # the bpref page: R = 4, N = 3


def test_bpref_by_hand_as_trec_evals_m_bpref_c():
    # m_bpref.c: for each judged relevant document, 1 - min(nonrel_so_far, R) / min(N, R);
    # unjudged documents are skipped. Judged non-relevant above the relevant at ranks 1, 4, 7:
    # 0, 1, 1, so bpref = (1 + 2/3 + 2/3 + 0) / 4 = 7/12.
    ex = rb.explain(BPREF_RUN, metric="bpref", n_relevant=4, n_nonrelevant=3)
    table = ex.table
    assert table["non-relevant above"].tolist() == [0, "", "", 1, "", "", 1, ""]
    assert table["judged"].tolist()[:3] == ["relevant", "unjudged", "non-relevant"]
    assert [x if x == "" else Fraction(x).limit_denominator(100) for x in table["term"]] == \
        [1, "", "", Fraction(2, 3), "", "", Fraction(2, 3), ""]
    assert ex.value() == pytest.approx(7 / 12, abs=1e-15)
    work = str(ex.show_work()).splitlines()
    assert work[0] == "min(N, R) = min(3, 4) = 3"
    assert work[-1] == ("bpref@8 = ((1 - min(0, 4)/3) + (1 - min(1, 4)/3) + "
                        "(1 - min(1, 4)/3) + 1·0) / 4 = 0.5833")


def test_bpref_is_not_ap_the_pages_pitfall():
    # [1, 0, 1], R = 2, N = 1: (1 + (1 - min(1, 2)/min(1, 2))) / 2 = 1/2; AP would be 5/6
    assert rb.explain([1, 0, 1], metric="bpref", n_relevant=2, n_nonrelevant=1).value() == 0.5


def test_bpref_without_judged_non_relevant_documents():
    # m_bpref.c special-cases nonrel_so_far == 0: each relevant document retrieved adds 1
    ex = rb.explain([1, None, 1], metric="bpref", n_relevant=3, n_nonrelevant=0)
    assert ex.value() == pytest.approx(2 / 3, abs=1e-15)
    work = str(ex.show_work()).splitlines()
    assert work == ["N is 0: each relevant document retrieved adds 1, as in trec_eval",
                    "bpref@3 = (1 + 1) / 3 = 0.6667"]


def test_bpref_says_what_it_assumed_for_r_and_n():
    ex = rb.explain(BPREF_RUN, metric="bpref")
    assert any("R = 3" in note for note in ex.notes)     # the relevant documents in the list
    assert any("N = 2" in note for note in ex.notes)     # the judged non-relevant in the list
    # with R = 3 and N = 2 from the list: min(N, R) = 2, terms 1, 1/2, 1/2: (2) / 3
    assert ex.value() == pytest.approx(2 / 3, abs=1e-15)


def test_gm_bpref_is_bpref_per_topic_and_says_so():
    ex = rb.explain(BPREF_RUN, metric="gm_bpref", n_relevant=4, n_nonrelevant=3)
    assert ex.value() == pytest.approx(7 / 12, abs=1e-15)
    assert "geometric mean" in str(ex.show_work())


def test_infap_by_hand_with_its_pieces():
    # The infAP page: relevant, pooled but unjudged (-1), not pooled (None), relevant; R = 2.
    # m_infap.c: E[P@1] = 1; above rank 4, |d| = 2 pooled, r = 1 relevant, n = 0 non-relevant:
    # E[P@4] = 1/4 + (3/4)(2/3)(1 + e)/(1 + 2e), e = 1e-5; infAP = (1 + E[P@4]) / 2.
    e = Fraction(1, 100_000)
    exact = (1 + Fraction(1, 4) + Fraction(3, 4) * Fraction(2, 3) * (1 + e) / (1 + 2 * e)) / 2
    ex = rb.explain([1, -1, None, 1], metric="infAP", n_relevant=2)
    assert ex.value() == pytest.approx(float(exact), abs=1e-15)
    assert round(ex.value(), 6) == 0.874998                      # the page
    table = ex.table
    assert (table["|d_k|"].tolist(), table["r_k"].tolist(), table["n_k"].tolist()) == \
        ([0, 1, 2, 2], [0, 1, 1, 1], [0, 0, 0, 0])
    assert table["judged"].tolist() == ["relevant", "pooled, unjudged", "not pooled", "relevant"]
    assert "E[P@4] = 1/4 + (3/4)·(2/3)·(1 + 0.00001)/(1 + 0 + 2·0.00001) = 0.7500" in \
        str(ex.show_work())
    judged = rb.explain([1, 0, None, 1], metric="infAP", n_relevant=2)   # the page: 0.75
    assert round(judged.value(), 4) == 0.75


def test_unjudged_at_k_divides_by_k_past_the_end():
    # The unjudged page: unjudged at ranks 2 and 4 (None, -1), and 7: 2/5 at 5, 3/10 at 10
    run = [1, None, 0, -1, 1, 0, None, 0]
    ex = rb.explain(run, metric="Unjudged@k")
    assert ex.table["unjudged so far"].tolist() == [0, 1, 1, 2, 2, 2, 3, 3]
    assert ex.value(5) == 2 / 5 and ex.value(10) == 3 / 10
    work = str(ex.show_work(10))
    assert "count as judged" in work and "Unjudged@10 = unjudged in top 10 / 10 = 3/10 = 0.3000" \
        in work


def test_relstring_is_the_string_so_far():
    # The relstring page and m_relstring.c: digits, - not judged, . pooled, > above 9
    ex = rb.explain([1, 0, None, 2, -1, 12, 0, 0, 1, 0, 1], metric="relstring")
    assert ex.value(10) == "10-2.>0010"
    assert ex.table["character"].tolist()[:6] == ["1", "0", "-", "2", ".", ">"]
    assert str(ex.show_work(4)).splitlines()[-1] == "relstring@4 = '1' + '0' + '-' + '2' = 10-2"
    short = rb.explain([3, 3, 0], metric="relstring.20")          # no padding
    assert short.value() == "330" and "does not pad" in str(short.show_work())


def test_relstring_of_trec_evals_regression_topic():
    # trec_eval 9's out.test.aql (-l 2, relstring.20) prints '0000.....00..0.0.02.' for topic
    # 303; grades written from that string (. is a pooled, unjudged document: grade -1)
    grades = [-1 if c == "." else int(c) for c in "0000.....00..0.0.02."]
    assert rb.explain(grades, metric="relstring.20").value() == "0000.....00..0.0.02."


def test_the_count_of_judged_non_relevant_documents():
    ex = rb.explain([1, None, 0, -1, 1, 0, None, 0], metric="num_nonrel_judged_ret")
    assert ex.value() == 3                                    # ranks 3, 6, 8: the page
    assert ex.table["NumNonrelJudgedRet@k"].tolist() == [0, 0, 1, 1, 1, 2, 2, 3]
    assert "judged non-relevant at ranks 3, 6, 8 = 1 + 1 + 1 = 3" in str(ex.show_work())


@pytest.mark.parametrize("metric, options", [
    ("bpref", {"n_relevant": 5, "n_nonrelevant": 2, "relevance_level": 2}),
    ("infAP", {"n_relevant": 4}),
    ("infAP", {"n_relevant": 3, "relevance_level": 2}),
])
def test_the_worked_formulas_add_up_under_each_option(metric, options):
    ex = rb.explain([2, None, 0, -1, 3, 1, None, 2], metric=metric, **options)
    assert sum(check_worked_formulas(ex.show_work(k)) for k in range(1, 10)) > 0


def test_the_cli_explains_bpref(capsys):
    assert main(["explain", "1", "-", "0", "1", "-", "-", "1", "0", "--metric", "bpref",
                 "--relevant", "4", "--nonrelevant", "3"]) == 0
    assert "= 0.5833" in capsys.readouterr().out
