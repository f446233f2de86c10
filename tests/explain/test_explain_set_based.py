"""The hand calculations of the set-based measures, against published worked examples and
fractions worked by hand.

Sources of the expected numbers:

- FLAGR's documentation, "Evaluation measures": the 8-element list, relevant at ranks 1, 3, 4
  and 6, R = 4, and its table of P@k, Recall@k and F1@k (docs/conventions.md reproduces it;
  three of its F1 cells are misprints, see docs/metrics/f1_at_k.md, so F1 is checked against
  2 r_k / (k + R) by hand);
- the lecture slides "Common information retrieval evaluation metrics": P@3 = 2/3, P@5 = 3/5
  (the ranking relevant at ranks 1, 3 and 5, R = 3, as on docs/metrics/precision_at_k.md);
- the pages' own worked examples, with their arithmetic redone here in fractions.

Each explainer's value at every rank is compared with the fraction; its worked formula with the
text the reader sees.
"""

from __future__ import annotations

from fractions import Fraction as F

import pytest

import rankbook as rb

SEED = [1, 0, 1, 1, 0, 1, 0, 0]          # FLAGR's list
FLAGR_P = [1.00, 0.50, 0.67, 0.75, 0.60, 0.67, 0.57, 0.50]      # as printed, 2 decimals
FLAGR_R = [0.25, 0.25, 0.50, 0.75, 0.75, 1.00, 1.00, 1.00]
LECTURE = [1, 0, 1, 0, 1]


def column(ex, name: str) -> list:
    return ex.table[name].tolist()


def assert_fractions(values, fractions):
    assert values == pytest.approx([float(x) for x in fractions], abs=1e-12)


def test_precision_recall_and_f1_reproduce_flagrs_table():
    ex = rb.explain(SEED, metric="F1@k", n_relevant=4)
    assert [round(x, 2) for x in column(ex, "P@k")] == FLAGR_P
    assert [round(x, 2) for x in column(ex, "R@k")] == FLAGR_R
    found = [1, 1, 2, 3, 3, 4, 4, 4]                               # relevant in the top k
    assert column(ex, "relevant in top k") == found
    assert_fractions(column(ex, "F1@k"), [F(2 * r, k + 4) for k, r in enumerate(found, 1)])
    # FLAGR's step-by-step at the 5th element: 2·0.60·0.75 / (0.60 + 0.75) = 0.67
    work = str(ex.show_work(5)).splitlines()
    assert work == ["P@5 = relevant in top 5 / 5 = 3/5 = 0.6000",
                    "R@5 = relevant in top 5 / R = 3/4 = 0.7500",
                    "F1@5 = 2·P@5·R@5 / (P@5 + R@5) = 2·0.6000·0.7500 / (0.6000 + 0.7500) = 0.6667",
                    "F1@5 = 2·relevant in top 5 / (5 + R) = 2·3 / (5 + 4) = 0.6667"]
    assert str(rb.explain(SEED, metric="F1@3", n_relevant=4).show_work()).endswith(
        "2·2 / (3 + 4) = 0.5714")                                   # 4/7, FLAGR prints 0.62


def test_precision_and_recall_each_alone():
    p = rb.explain(LECTURE, metric="P@k")
    assert_fractions([p.value(3), p.value(5)], [F(2, 3), F(3, 5)])   # the lecture's slides
    assert str(p.show_work(5)) == "P@5 = relevant in top 5 / 5 = 3/5 = 0.6000"
    assert rb.explain([1, 1, 1], metric="P@10").value() == 0.3      # P@k page's pitfall
    r = rb.explain(SEED, metric="recall_5", n_relevant=4)
    assert r.value() == 0.75 and str(r.show_work()) == "R@5 = relevant in top 5 / R = 3/4 = 0.7500"
    assert str(rb.explain([0, 0], metric="R@k", n_relevant=0).show_work(2)).endswith(
        "(R is 0: the query has no relevant document, and the value is 0 as in trec_eval)\n"
        "R@2 = 0.0000")


def test_r_precision_is_precision_at_R_and_meets_recall_there():
    ex = rb.explain(SEED, metric="Rprec", n_relevant=4)
    assert ex.value() == 0.75 == ex.table.loc[4, "P@k"] == ex.table.loc[4, "R@k"]
    # the list cut at rank k: P@4 of the top k, ranks past k not relevant
    assert_fractions(column(ex, "R-prec"), [F(1, 4), F(1, 4), F(2, 4)] + [F(3, 4)] * 5)
    assert str(ex.show_work(3)).splitlines() == [
        "(the list cut at rank 3: rank 4 of the top 4 count as not relevant)",
        "R-prec = P@R = relevant in top 4 / 4 = 2/4 = 0.5000"]
    lecture = rb.explain(LECTURE, metric="R-prec", n_relevant=3)
    assert lecture.value() == pytest.approx(2 / 3)                   # the slides' P@3
    assert rb.explain([1, 1], metric="R-prec", n_relevant=5).value() == 0.4   # page: 2/5


def test_precision_at_multiples_of_R():
    run = [1, 0, 1, 1, 0, 0, 1, 0, 0, 0]                              # rprec_mult.md, R = 5
    cut_and_value = {0.2: (1, F(1)), 0.4: (2, F(1, 2)), 0.6: (3, F(2, 3)), 0.8: (4, F(3, 4)),
                     1.0: (5, F(3, 5)), 2.0: (10, F(4, 10))}
    for m, (cut, value) in cut_and_value.items():
        ex = rb.explain(run, metric="R-prec@m", n_relevant=5, multiple=m)
        assert ex.value() == pytest.approx(float(value))
        assert f"floor({m:g}·5 + 0.9) = {cut}" in str(ex.show_work())
    named = rb.explain(run, metric="Rprec_mult_0.60", n_relevant=5)
    assert named.case.options["multiple"] == 0.6 and named.value() == pytest.approx(2 / 3)


def test_relative_precision_at_k_and_of_the_set():
    run = [1, 0, 0, 1, 0, 0, 1]                                       # relative_precision.md
    ex = rb.explain(run, metric="RelP@k", n_relevant=3)
    assert_fractions([ex.value(5), ex.value(2)], [F(2, 3), F(1, 2)])
    assert column(ex, "best possible") == [1, 2, 3, 3, 3, 3, 3]      # min(k, R)
    assert str(ex.show_work(5)) == "RelP@5 = relevant in top 5 / min(5, R) = 2 / min(5, 3) = 0.6667"
    whole = rb.explain(run, metric="set_relative_P", n_relevant=3)
    assert whole.value() == 1.0
    # past the end a set has nothing more: min(n, R) stays, unlike relative_P.10's min(10, R)
    assert whole.value(10) == 1.0
    # trec_eval's help: relative_P.10 divides a run of n < 10 by min(10, R), set_relative_P by
    # min(n, R): two relevant of two retrieved, R = 3, give 2/3 and 1
    assert rb.explain([1, 1], metric="RelP@10", n_relevant=3).value() == pytest.approx(2 / 3)
    assert rb.explain([1, 1], metric="SetRelP", n_relevant=3).value(10) == 1.0


def test_success_is_whether_a_relevant_document_is_in_the_top_k():
    ex = rb.explain([0, 0, 1], metric="success@k")
    assert column(ex, "success@k") == [0.0, 0.0, 1.0]
    assert str(ex.show_work(2)) == "success@2 = min(1, relevant in top 2) = min(1, 0) = 0.0000"
    assert rb.explain(SEED, metric="success_1").value() == 1.0


def test_utility_counts_the_contingency_table():
    shown = [1, 0, 1, None, 1]             # utility.md: a = 3, b = 2 (one unjudged), c = 1
    for weights, expected in [((1, -1, 0, 0), 3 - 2), ((2, -1, 0, 0), 6 - 2),
                              ((1, -1, -0.5, 0), 3 - 2 - 0.5)]:
        ex = rb.explain(shown, metric="utility", n_relevant=4, weights=weights)
        assert ex.value() == expected
    row = ex.table.loc[5]
    assert (row["a"], row["b"], row["c"]) == (3, 2, 1)
    assert str(ex.show_work()).splitlines()[-1] == \
        "U = w1·a + w2·b + w3·c = 1·3 + (-1)·2 + (-0.5)·1 = 0.5000"
    # with the collection's size, d = 20 - 5 - 1 = 14 documents neither retrieved nor relevant
    ex = rb.explain(shown, metric="utility", n_relevant=4, weights=(1, -1, 0, 1), n_documents=20)
    assert ex.table.loc[5, "d"] == 14 and ex.value() == 3 - 2 + 14
    assert "d = N - n - c = 20 - 5 - 1 = 14" in str(ex.show_work())
    # past the end nothing more was retrieved: no extra non-relevant document is charged
    assert rb.explain(shown, metric="utility", n_relevant=4).value(8) == 1.0


def test_trec_evals_set_measures_of_the_whole_list():
    retrieved = [0, 1, 0, 1]                  # precision_at_k.md: 2 of 4 relevant, R = 3
    setap = rb.explain(retrieved, metric="set_map", n_relevant=3)
    assert_fractions([setap.table.loc[4, "SetP"], setap.table.loc[4, "SetR"], setap.value()],
                     [F(1, 2), F(2, 3), F(2 ** 2, 4 * 3)])
    assert str(setap.show_work()) == \
        "SetAP of the top 4 = SetP·SetR = (2/4)·(2/3) = 2^2 / (4·3) = 0.3333"
    setp = rb.explain(retrieved, metric="SetP")
    assert setp.value(6) == 0.5                           # the set is the list: 2/4, not 2/6
    assert rb.explain(retrieved, metric="P@6").value() == pytest.approx(2 / 6)
    assert "nothing more was retrieved" in str(setp.show_work(6))
    assert rb.explain(retrieved, metric="set_recall", n_relevant=3).value() == pytest.approx(2 / 3)


def test_f_beta_of_the_set_in_both_conventions():
    run = [1, 0, 0, 1, 0]                     # f_beta.md: P = 2/5, recall = 1/2, R = 4
    f = {convention: rb.explain(run, metric="SetF", n_relevant=4, beta=2,
                                beta_convention=convention) for convention in
         ("van_rijsbergen", "trec_eval")}
    assert f["van_rijsbergen"].value() == pytest.approx(10 / 21)      # F_2
    assert f["trec_eval"].value() == pytest.approx(6 / 13)            # set_F.2
    assert str(f["van_rijsbergen"].show_work()).endswith(
        "(1 + 2^2)·2 / (2^2·4 + 5) = 0.4762")
    assert rb.explain(run, metric="SetF", n_relevant=4).value() == pytest.approx(4 / 9)
    assert rb.explain(run, metric="SetF", n_relevant=4, beta=0.5,
                      beta_convention="van_rijsbergen").value() == pytest.approx(5 / 12)
    # SetF is trec_eval's set_F: its name's parameter is trec_eval's x, and a note says so
    named = rb.explain(run, metric="set_F.2", n_relevant=4)
    assert named.value() == pytest.approx(6 / 13)
    assert "trec_eval's x" in str(named.show_work())
    with pytest.raises(rb.InvalidValueError, match="precision_denominator does not apply"):
        rb.explain(run, metric="SetF", n_relevant=4, precision_denominator="k")


def test_the_command_line_reads_a_number_after_its_flag(capsys):
    from rankbook.cli import main

    assert main(["explain", "1", "0", "0", "1", "0", "--metric", "SetF", "--relevant", "4",
                 "--beta", "2", "--beta-convention", "van_rijsbergen"]) == 0
    assert capsys.readouterr().out.rstrip().endswith("(1 + 2^2)·2 / (2^2·4 + 5) = 0.4762")
    assert main(["explain", "1", "0", "--metric", "SetF", "--beta", "x"]) == 2
    error = capsys.readouterr().err
    assert "--beta 'x'" in error and "----beta" not in error
