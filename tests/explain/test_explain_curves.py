"""The hand calculations of the precision-recall curve, interpolated precision, 11pt, ROC and
AUC, against published numbers and fractions worked by hand; and ``rankbook explain --metric
AUC``.

Sources of the expected numbers:

- FLAGR's documentation, "Evaluation measures": the 8-element list, relevant at ranks 1, 3, 4
  and 6, R = 4; its P@k and Recall@k columns are the points of the precision-recall curve, and
  its Recall@k column the true positive rate of the ROC curve;
- the lecture's ranking, relevant at ranks 1, 3 and 5, R = 3; pytrec_eval (trec_eval 9.x)
  prints iprec_at_recall_0.70 = 0.6667 and 11pt_avg = 0.769697 = 127/165 for it
  (docs/metrics/interpolated_precision.md, tests/metrics/test_interpolation.py);
- notebooks/lag_roc_auc.ipynb: AUC = 28/40 with P = 5, N = 8, 19/24 on the list alone, each
  pair of a relevant and a non-relevant item counted by hand; docs/metrics/roc_auc.md: 12/16
  and 39/50.
"""

from __future__ import annotations

import math
from fractions import Fraction as F

import pytest

import rankbook as rb
from rankbook.cli import main

SEED = [1, 0, 1, 1, 0, 1, 0, 0]
LECTURE = [1, 0, 1, 0, 1]
FLAGR_P = [1.00, 0.50, 0.67, 0.75, 0.60, 0.67, 0.57, 0.50]      # as printed, 2 decimals
FLAGR_R = [0.25, 0.25, 0.50, 0.75, 0.75, 1.00, 1.00, 1.00]
NOTEBOOK = [1, 0, 1, 1, 0, 0, 1, 0, 0, 0]                         # lag_roc_auc.ipynb


def test_the_precision_recall_curve_is_flagrs_p_and_r_columns():
    ex = rb.explain(SEED, metric="PR curve", n_relevant=4)
    assert [round(x, 2) for x in ex.table["precision"]] == FLAGR_P
    assert [round(x, 2) for x in ex.table["recall"]] == FLAGR_R
    assert ex.value(5) == 0.6                     # the value column: precision, the point's y
    lecture = rb.explain(LECTURE, metric="PR curve", n_relevant=3)
    assert lecture.table["recall"].tolist() == pytest.approx([1 / 3, 1 / 3, 2 / 3, 2 / 3, 1])
    assert lecture.table["precision"].tolist() == pytest.approx([1, 1 / 2, 2 / 3, 1 / 2, 3 / 5])
    assert str(lecture.show_work()).splitlines() == [
        "(the point of the curve at rank 5: recall 1.0000, precision 0.6000)",
        "R@5 = relevant in top 5 / R = 3/3 = 1.0000",
        "P@5 = relevant in top 5 / 5 = 3/5 = 0.6000"]


def test_interpolated_precision_at_each_level():
    # interpolated_precision.md: R = 10, relevant at 1, 2, 4, 7, 8, 11, 13, 16, 20, 22
    ranking = [1, 1, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0, 1, 0, 0, 0, 1, 0, 1]
    expected = [F(1), F(1), F(1), F(3, 4), F(5, 8), F(5, 8), F(6, 11), F(7, 13), F(1, 2),
                F(5, 11), F(5, 11)]
    for j, value in enumerate(expected):
        ex = rb.explain(ranking, metric="IPrec@r", n_relevant=10, recall_levels=j / 10)
        assert ex.value() == pytest.approx(float(value)), j / 10
    # level 0.4 is lifted from 4/7 (its own rank, 7) to 5/8 (rank 8), the max over later ranks
    at_04 = rb.explain(ranking, metric="iprec_at_recall_0.40", n_relevant=10)
    assert at_04.table["reaches r"].tolist() == [False] * 6 + [True] * 16
    assert at_04.table.loc[7, "IPrec@r"] == pytest.approx(4 / 7)
    assert "= max(P@7, P@8, P@11, P@13, P@16, P@20, P@22) = " \
           "max(0.5714, 0.6250, 0.5455, 0.5385, 0.5000, 0.4500, 0.4545) = 0.6250" \
        in str(at_04.show_work())


def test_trec_eval_9s_slip_at_level_0_7_is_written_out():
    ex = rb.explain(LECTURE, metric="IPrec@r", n_relevant=3, recall_levels=[0.7])
    assert ex.value() == pytest.approx(2 / 3)                        # pytrec_eval: 0.6667
    assert str(ex.show_work()).splitlines()[0] == (
        "c(0.7) = floor(0.7·3 + 0.9) = 2   [relevant documents needed to reach recall 0.7: "
        "trec_eval 9's rule; the textbook's ceil(0.7·3) would need 3]")
    exact = rb.explain(LECTURE, metric="IPrec@r", n_relevant=3, recall_levels=0.7,
                       cutoff_rule="exact")
    assert exact.value() == pytest.approx(3 / 5)
    with pytest.raises(rb.InvalidValueError, match="one recall level"):
        rb.explain(LECTURE, metric="IPrec@r", n_relevant=3).value()


def test_the_11_point_average():
    assert rb.explain(LECTURE, metric="11pt", n_relevant=3).value() == \
        pytest.approx(127 / 165)                                          # pytrec_eval
    exact = rb.explain(LECTURE, metric="11pt", n_relevant=3, cutoff_rule="exact")
    assert exact.value() == pytest.approx(float(F(42, 55)))            # the textbook
    assert exact.table["11pt"].tolist() == pytest.approx(
        [4 / 11, 4 / 11, float((4 + 3 * F(2, 3)) / 11), float((4 + 3 * F(2, 3)) / 11),
         float(F(42, 55))])              # the list cut at rank k: levels not reached count 0
    lines = str(exact.show_work()).splitlines()
    assert lines[-1] == ("11pt = (iP from level 1.0 down to 0.0) / 11 = (0.6000 + 0.6000 + "
                         "0.6000 + 0.6000 + 0.6667 + 0.6667 + 0.6667 + 1.0000 + 1.0000 + "
                         "1.0000 + 1.0000) / 11 = 0.7636")
    assert lines[2] == ("iP at levels 0.4 to 0.6 (2 relevant needed), the best precision from "
                        "rank 3 on (at its relevant ranks) = max(P@3, P@5) = max(0.6667, 0.6000) "
                        "= 0.6667")
    three = rb.explain(LECTURE, metric="11pt_avg.0.2,0.5,0.8", n_relevant=3)
    assert three.value() == pytest.approx(34 / 45)                   # trec_eval 8's 3-point


def test_roc_points_are_flagrs_recall_and_the_false_positive_rate():
    ex = rb.explain(SEED, metric="ROC")
    assert ex.table["TPR@k"].tolist() == FLAGR_R                      # TPR is recall
    assert ex.table["FPR@k"].tolist() == [0, 0.25, 0.25, 0.25, 0.5, 0.5, 0.75, 1]
    with_totals = rb.explain(SEED, metric="ROC", n_relevant=5, n_nonrelevant=10)
    assert (with_totals.table.loc[8, "FPR@k"], with_totals.value()) == (0.4, 0.8)
    assert "straight to (1, 1)" in str(with_totals.show_work())


def test_auc_by_pairs_as_the_notebook_counts_them():
    ex = rb.explain(NOTEBOOK, metric="AUC", n_relevant=5, n_nonrelevant=8)
    assert ex.value() == 28 / 40
    assert str(ex.show_work()).splitlines() == [
        "pairs won = 8 + 7 + 7 + 5 = 27   [each relevant item of the top 10 is above the "
        "non-relevant items not ranked above it]",
        "tied pairs = (5 - 4)·(8 - 6) = 2   [relevant and non-relevant items below rank 10, "
        "tied: half a pair each]",
        "AUC@10 = (pairs won + tied pairs/2) / (P·N) = (27 + 2/2) / (5·8) = 0.7000"]
    alone = rb.explain(NOTEBOOK, metric="AUC")
    assert alone.value() == pytest.approx(19 / 24)
    assert "N not given" in str(alone.show_work())
    # the top k as all that was retrieved: at rank 1, 8 pairs won, the other 4 x 8 tied
    assert ex.table.loc[1, "AUC@k"] == (8 + 4 * 8 / 2) / 40
    assert rb.explain(SEED, metric="AUC").value() == 12 / 16            # roc_auc.md
    assert rb.explain(SEED, metric="AUC", n_relevant=5, n_nonrelevant=10).value() == 39 / 50
    assert rb.explain([1, 1, 0], metric="AUC", n_relevant=4, n_nonrelevant=1).value() == 0.5


def test_auc_without_a_relevant_item_is_undefined():
    ex = rb.explain([0, 0], metric="AUC")
    assert math.isnan(ex.value())
    assert "the TPR divides by 0" in str(ex.show_work())


def test_the_command_line_explains_auc(capsys):
    argv = ["explain", *map(str, NOTEBOOK), "--metric", "AUC", "--relevant", "5",
            "--nonrelevant", "8"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "AUC@10 = (pairs won + tied pairs/2) / (P·N) = (27 + 2/2) / (5·8) = 0.7000" in out
    header = out.splitlines()[0].split()
    assert header == ["k", "grade", "relevant", "TPR@k", "FPR@k", "pairs", "won", "AUC@k"]
