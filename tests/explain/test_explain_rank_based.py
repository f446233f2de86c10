"""The hand calculations of AP, search length and LAG, against published worked examples and
fractions worked by hand; and ``rankbook explain --metric`` on them.

Sources of the expected numbers:

- the lecture slides "Common information retrieval evaluation metrics": AP =
  1/3 (1/1 + 2/3 + 3/5) ~ 0.76 (exactly 34/45), relevant at ranks 1, 3 and 5, R = 3;
- FLAGR's documentation, "Evaluation measures": the 8-element list (relevant at ranks 1, 3, 4
  and 6, R = 4), whose AP@k column 1.00, 1.00, 0.83, 0.81, 0.81, 0.77, 0.77, 0.77 divides by the
  relevant documents retrieved, and the three denominators' columns of docs/conventions.md;
- notebooks/search_length.ipynb (the lecture's "search length = rank of the answer", Cooper's
  1968 search length and expected search length, worked by hand there);
- notebooks/lag_roc_auc.ipynb and docs/metrics/lag.md (the lags worked by hand, as the ArDoCo
  "Rank Metrics" page defines them).
"""

from __future__ import annotations

import math
from fractions import Fraction as F

import pytest

import rankbook as rb
from rankbook.cli import main
from rankbook.metrics.average_precision import AP_DENOMINATORS

SEED = [1, 0, 1, 1, 0, 1, 0, 0]
LECTURE = [1, 0, 1, 0, 1]
FLAGR_AP = [1.00, 1.00, 0.83, 0.81, 0.81, 0.77, 0.77, 0.77]        # as printed


def test_the_lectures_average_precision_rank_by_rank():
    ex = rb.explain(LECTURE, metric="AP", n_relevant=3)
    assert ex.value() == pytest.approx(float(F(34, 45)))
    assert round(ex.value(), 2) == 0.76                                # the slides' 0.76
    sums = [F(1), F(1), F(1) + F(2, 3), F(1) + F(2, 3), F(1) + F(2, 3) + F(3, 5)]
    assert ex.table["sum of P"].tolist() == pytest.approx([float(s) for s in sums])
    assert ex.table["P@k"].tolist() == pytest.approx([1, 1 / 2, 2 / 3, 1 / 2, 3 / 5])
    assert str(ex.show_work()).splitlines() == [
        "D = 3 = R, all relevant documents",
        "AP@5 = (sum of precisions at the relevant ranks) / D = "
        "(1/1 + 2/3 + 3/5) / 3 = 0.7556"]


@pytest.mark.parametrize("convention, at_5, column", [
    ("relevant", F(29, 48), None),
    ("retrieved_relevant", F(29, 36), FLAGR_AP),                      # FLAGR's table
    ("min_k_relevant", F(29, 48), None),
])
def test_the_three_denominators_on_flagrs_list(convention, at_5, column):
    ex = rb.explain(SEED, metric="AP", n_relevant=4, denominator=convention)
    assert ex.value(5) == pytest.approx(float(at_5))                  # (1 + 2/3 + 3/4) / D
    if column is not None:
        assert [round(x, 2) for x in ex.table["AP@k"]] == column
    D = ex.table.loc[5, "D"]
    # D is worded as the core table words it: AP_DENOMINATORS' why, one definition
    assert ex.show_work(5).steps[0].text == \
        "D = " + AP_DENOMINATORS[convention].why.format(D=D, k=5, R=4)
    assert ex.show_work(5).steps[-1].text.endswith(f"(1/1 + 2/3 + 3/4) / {D} = "
                                                   f"{float(at_5):.4f}")


def test_min_k_relevant_and_the_map_cut_name():
    ex = rb.explain(SEED, metric="AP", n_relevant=4, denominator="min_k_relevant")
    assert ex.value(3) == pytest.approx(5 / 9)                         # (1 + 2/3) / min(3, 4)
    assert str(ex.show_work(3)).splitlines()[0] == "D = 3 = min(k, R) = min(3, 4)"
    cut = rb.explain(SEED, metric="map_cut_5", n_relevant=4)
    assert (cut.metric, cut.at) == ("AP@k", 5) and cut.value() == pytest.approx(29 / 48)


def test_the_pitfall_dividing_by_the_relevant_retrieved():
    one_hit = [1, 0, 0, 0, 0]                  # average_precision.md: R = 5, one found at rank 1
    assert rb.explain(one_hit, metric="AP", denominator="retrieved_relevant").value() == 1.0
    assert rb.explain(one_hit, metric="AP", n_relevant=5).value() == pytest.approx(1 / 5)
    assert str(rb.explain([0, 0], metric="AP", denominator="retrieved_relevant").show_work(2)) \
        .endswith("(D is 0: no relevant document to average over, and AP is 0 as in trec_eval)\n"
                  "AP@2 = 0.0000")
    assert rb.explain(LECTURE, metric="AP", ap_denominator="retrieved_relevant").value() == \
        pytest.approx(34 / 45)          # rb.explain's own name of the option works too


@pytest.mark.parametrize("wanted, rank_reading, cooper", [
    (1, 2, 1), (2, 3, 1), (3, 7, 4), (4, math.inf, math.inf)])
def test_search_length_of_the_notebooks_table(wanted, rank_reading, cooper):
    several = [0, 1, 1, 0, 0, 0, 1, 0]        # search_length.ipynb: relevant at 2, 3 and 7
    ex = rb.explain(several, metric="SL", wanted=wanted)
    assert ex.value() == rank_reading
    assert rb.explain(several, metric="SL", wanted=wanted, count="non_relevant").value() == cooper
    if wanted <= 3:                            # the search ends at K_n; before it, infinite
        assert ex.table["SL"].tolist() == [math.inf] * (rank_reading - 1) + \
            [rank_reading] * (9 - rank_reading)
    else:
        assert str(ex.show_work()) == ("(the list holds 3 of the 4 relevant documents wanted: "
                                       "the user has not found them yet)\n"
                                       "SL of the top 8 = inf")


def test_search_length_written_out_and_with_ties():
    ex = rb.explain([0, 0, 0, 1, 0, 0], metric="SL", count="non_relevant")
    assert str(ex.show_work()).splitlines() == [
        "(the 1st relevant document is at rank K_1 = 4; the user reads 4 documents, 3 of them "
        "not relevant)",
        "SL = K_1 - 1 = 4 - 1 = 3.0000"]
    assert rb.explain([0, 0, 0, 1, 0, 0], metric="SL").value() == 4          # RR = 1/4
    # Cooper's tied levels: {1, 0} then {0, 1, 0}, two wanted: j = 1, i = 2, r = 1, s = 1
    ties = {"scores": (0.9, 0.9, 0.4, 0.4, 0.4), "wanted": 2}
    cooper = rb.explain([1, 0, 0, 1, 0], metric="SL", count="non_relevant", **ties)
    assert cooper.value() == 2 and cooper.show_work().steps[-1].text == \
        "ESL = j + i·s/(r + 1) = 1 + 2·1/(1 + 1) = 2.0000"
    rank = rb.explain([1, 0, 0, 1, 0], metric="SL", **ties)
    assert rank.value() == 4 and rank.show_work().steps[-1].text.endswith(
        "1 + 2·1/(1 + 1) + 2 = 4.0000")
    assert rank.table["score"].tolist() == [0.9, 0.9, 0.4, 0.4, 0.4]
    # search_length.md: one non-relevant on top, then four tied with two relevant: 1 + 2/3
    page = rb.explain([0, 1, 0, 0, 1], metric="SL", count="non_relevant",
                      scores=[0.9, 0.5, 0.5, 0.5, 0.5])
    assert page.value() == pytest.approx(5 / 3)


def test_lag_of_the_notebook_and_the_page():
    ranking = [1, 0, 1, 1, 0, 0, 1, 0, 0, 0]   # lag_roc_auc.ipynb: lags 0, 1, 1, 3; P = 5
    ex = rb.explain(ranking, metric="LAG")
    assert ex.value() == 5 / 4
    assert [x for x in ex.table["lag"] if x != ""] == [0, 1, 1, 3]
    assert math.isnan(rb.explain([0, 1], metric="LAG").value(1))      # nothing to average yet
    assert str(ex.show_work()).splitlines()[-1] == "LAG@10 = (0 + 1 + 1 + 3) / 4 = 1.2500"
    bottom = rb.explain(ranking, metric="LAG", n_relevant=5, unretrieved="bottom")
    assert bottom.value() == 11 / 5 and "(0 + 1 + 1 + 3 + 6) / 5" in str(bottom.show_work())
    assert rb.explain([0, 1, 0, 1, 0, 0, 1], metric="LAG").value() == pytest.approx(7 / 3)
    pitfall = rb.explain([1, 0, 0, 0], metric="LAG", n_relevant=10, unretrieved="bottom")
    assert pitfall.value() == pytest.approx(27 / 10)                   # (0 + 9·3) / 10


def _run(capsys, *argv) -> str:
    assert main(["explain", *argv]) == 0
    return capsys.readouterr().out


@pytest.mark.parametrize("convention, D, value", [
    ("relevant", 4, F(29, 48)), ("retrieved_relevant", 3, F(29, 36)),
    ("min_k_relevant", 4, F(29, 48))])
def test_the_command_line_explains_ap_with_each_denominator(capsys, convention, D, value):
    out = _run(capsys, *map(str, SEED), "--metric", "AP", "--relevant", "4",
               "--ap-denominator", convention, "--at", "5")
    assert f"(1/1 + 2/3 + 3/4) / {D} = {float(value):.4f}" in out
    row = next(line.split() for line in out.splitlines() if line.split()[:1] == ["5"])
    assert row[-2:] == [str(D), f"{float(value):.4f}"]                 # D and AP@5


def test_the_command_line_explains_search_length(capsys):
    out = _run(capsys, "1", "0", "0", "1", "0", "1", "0", "--metric", "SL", "--wanted", "2",
               "--count", "non_relevant")                              # search_length.md
    assert "SL = K_2 - 2 = 4 - 2 = 2.0000" in out
    out = _run(capsys, "0", "1", "0", "0", "1", "--metric", "SL", "--scores", "0.9", "0.5",
               "0.5", "0.5", "0.5", "--count", "non_relevant")
    assert "ESL = j + i·s/(r + 1) = 1 + 2·1/(2 + 1) = 1.6667" in out


def test_every_worked_formula_of_the_two_chapters_ends_with_its_value():
    # The boxes (and a reader) read the last line with " = " as the answer: no remark after it,
    # and the notes before it. Lists with and without relevant documents, ties and misses.
    from rankbook.explain.catalog import explainers
    from rankbook.metrics.registry import CHAPTERS

    ours = [e for e in explainers().values()
            if CHAPTERS[e.entry.family][0] in ("Set-based measures", "Rank-based measures")]
    assert len(ours) == 24
    for explainer in ours:
        options = {"recall_levels": 0.5} if explainer.metric == "IPrec@r" else {}
        for grades in ([0, 1, 0, 1], [0, 0], [1, 1, 0, None, 1]):
            ex = rb.explain(grades, metric=explainer.metric, **options)
            for k in (1, len(grades), len(grades) + 1):
                work, value = str(ex.show_work(k)), ex.value(k)
                if value != value:                   # LAG, ROC, AUC: undefined, and said so
                    assert "undefined" in work, (explainer.metric, grades, k, work)
                    continue
                last = [line for line in work.splitlines() if " = " in line][-1]
                assert last.endswith(f"= {value:.4f}"), (explainer.metric, grades, k, last)
