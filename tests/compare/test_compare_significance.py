"""compare() and compare_scores(): every p-value is rankbook.stats' (one definition), and scipy's
or statsmodels' where they compute the same test.

Data: FLAGR's sample voters (tests/data/flagr) as runs, AP per topic from rb.evaluate, and Sakai's
table 5.1 (Sakai 2018, Laboratory Experiments in Information Retrieval, ch. 5; reproduced in the
tests of the elinor library) with its published figures.
"""

from __future__ import annotations

import numpy as np
import pytest
from scipy import stats as scipy_stats
from statsmodels.stats.multitest import multipletests

from rankbook import InvalidTypeError, InvalidValueError, stats
from rankbook.compare import compare, compare_scores
from rankbook.io import read_flagr_lists, read_flagr_qrels

from pyflagr_comparator import LISTS, QRELS

A = [0.7, 0.3, 0.2, 0.6, 0.4, 0.4, 0.0, 0.7, 0.1, 0.3, 0.5, 0.4, 0.0, 0.6, 0.5, 0.3, 0.1, 0.5, 0.2, 0.1]
B = [0.5, 0.1, 0.0, 0.2, 0.4, 0.3, 0.0, 0.5, 0.3, 0.3, 0.4, 0.4, 0.1, 0.4, 0.2, 0.1, 0.1, 0.6, 0.3, 0.2]
C = [0.0, 0.0, 0.2, 0.1, 0.3, 0.3, 0.1, 0.2, 0.4, 0.4, 0.4, 0.3, 0.3, 0.2, 0.2, 0.2, 0.1, 0.5, 0.4, 0.3]
SAKAI = {"A": A, "B": B, "C": C}
VOTERS = ["V-39", "V-2", "V-8", "V-29"]


@pytest.fixture(scope="module")
def voters():
    runs = read_flagr_lists(LISTS)
    return {name: runs[name] for name in VOTERS}


@pytest.fixture(scope="module")
def report_t(voters):
    return compare(read_flagr_qrels(QRELS), voters, ["AP", "P@10"], test="t")


def test_sakai_table_5_1_published_figures():
    # Sakai reports t = 2.116, p = 0.048, ES 0.473 for A vs B, and the Tukey effect sizes
    # 0.5070 (A-B), 0.6760 (A-C), 0.1690 (B-C); the exact randomisation p-value is 0.0659.
    pair = compare_scores({"AP": SAKAI}, test="t").pairs[0]
    assert (pair.system_a, pair.system_b) == ("A", "B")
    assert (round(pair.pvalue, 3), round(pair.effect_size, 3)) == (0.048, 0.473)
    tukey = compare_scores({"AP": SAKAI}, test="tukey").pairs
    assert [round(p.effect_size, 4) for p in tukey] == [0.507, 0.676, 0.169]
    assert round(compare_scores({"AP": SAKAI}, test="randomization").pairs[0].pvalue, 4) == 0.0659


def test_means_and_wins_by_counting(report_t, voters):
    per_topic = report_t.per_topic("AP")
    assert per_topic.shape == (20, 4) and list(per_topic.columns) == VOTERS
    assert len(report_t.pairs) == 2 * 6          # 2 measures x C(4, 2) pairs
    for pair in report_t.pairs:
        x = np.array(report_t.scores[pair.measure][pair.system_a])
        y = np.array(report_t.scores[pair.measure][pair.system_b])
        assert pair.difference == pytest.approx(x.mean() - y.mean(), abs=1e-15)
        d = np.round(x - y, 12)
        assert (pair.wins, pair.ties, pair.losses) == ((d > 0).sum(), (d == 0).sum(), (d < 0).sum())
        assert pair.wins + pair.ties + pair.losses == 20


def test_t_test_p_values_are_stats_and_scipy(report_t):
    for pair in report_t.pairs:
        x, y = report_t.scores[pair.measure][pair.system_a], report_t.scores[pair.measure][pair.system_b]
        ours = stats.paired_t_test(x, y)
        assert pair.pvalue == ours.pvalue and pair.effect_size == ours.effect_size
        assert (pair.ci_low, pair.ci_high) == ours.confidence_interval
        assert pair.pvalue == pytest.approx(scipy_stats.ttest_rel(x, y).pvalue, rel=1e-10)
        assert pair.adjusted_pvalue == pair.pvalue and pair.significant == (pair.pvalue <= 0.05)


@pytest.mark.parametrize("test", ["randomization", "wilcoxon", "bootstrap"])
def test_two_system_tests_are_rankbook_stats(voters, test):
    report = compare(read_flagr_qrels(QRELS), voters, ["AP"], test=test)
    function = {"randomization": stats.randomization_test, "wilcoxon": stats.wilcoxon_test,
                "bootstrap": stats.bootstrap_test}[test]
    assert len(report.pairs) == 6
    for pair in report.pairs:
        x, y = report.scores["AP"][pair.system_a], report.scores["AP"][pair.system_b]
        result = function(x, y)
        assert pair.pvalue == result.pvalue
        expected_effect = result.effect_size if test == "wilcoxon" else stats.paired_t_test(x, y).effect_size
        assert pair.effect_size == expected_effect
        # randomization_test itself is checked against scipy's exact permutation test in
        # tests/stats/test_randomization_test.py (2^20 sign patterns, 6 s): not repeated here.
        if test == "wilcoxon":
            assert pair.pvalue == pytest.approx(
                scipy_stats.wilcoxon(np.round(np.subtract(x, y), 12)).pvalue, rel=1e-10)


@pytest.mark.parametrize("method", ["two_way", "randomized", "one_way"])
def test_tukey_is_stats_tukey_hsd(voters, method):
    report = compare(read_flagr_qrels(QRELS), voters, ["AP"], test="tukey", tukey_method=method)
    result = stats.tukey_hsd(report.per_topic("AP"), method=method)
    for pair in report.pairs:
        expected = result.comparison(pair.system_a, pair.system_b)
        assert (pair.pvalue, pair.effect_size) == (expected.pvalue, expected.effect_size)
        assert (None if pair.ci_low is None else (pair.ci_low, pair.ci_high)) == \
            expected.confidence_interval
    if method == "one_way":     # scipy's tukey_hsd is the one-way test
        oracle = scipy_stats.tukey_hsd(*report.per_topic("AP").to_numpy().T).pvalue
        for pair in report.pairs:
            i, j = VOTERS.index(pair.system_a), VOTERS.index(pair.system_b)
            assert pair.pvalue == pytest.approx(oracle[i, j], rel=1e-6)


@pytest.mark.parametrize("correction, statsmodels_name",
                         [("bonferroni", "bonferroni"), ("holm", "holm"),
                          ("benjamini_hochberg", "fdr_bh")])
def test_corrections_are_statsmodels(voters, correction, statsmodels_name):
    report = compare(read_flagr_qrels(QRELS), voters, ["AP", "P@10"], correction=correction)
    for measure in ("AP", "P@10"):
        pairs = [p for p in report.pairs if p.measure == measure]
        expected = multipletests([p.pvalue for p in pairs], method=statsmodels_name)[1]
        assert np.allclose([p.adjusted_pvalue for p in pairs], expected, rtol=1e-12)
        assert [p.significant for p in pairs] == [q <= 0.05 for q in expected]


def test_baseline_pairs_are_signed_against_it(voters):
    report = compare(read_flagr_qrels(QRELS), voters, ["AP"], baseline="V-29", test="tukey",
                     tukey_method="randomized")
    assert [(p.system_a, p.system_b) for p in report.pairs] == [(v, "V-29") for v in VOTERS[:3]]
    everything = stats.tukey_hsd(report.per_topic("AP"), method="randomized")
    for pair in report.pairs:      # the Tukey family is all four systems, not three pairs
        assert pair.pvalue == everything.comparison(pair.system_a, "V-29").pvalue


def test_mistakes(voters):
    qrels = read_flagr_qrels(QRELS)
    with pytest.raises(InvalidValueError, match="already adjusted"):
        compare(qrels, voters, ["AP"], test="tukey", correction="holm")
    with pytest.raises(InvalidValueError, match="baseline='BM25'"):
        compare(qrels, voters, ["AP"], baseline="BM25")
    with pytest.raises(InvalidValueError, match="test='z'"):
        compare_scores({"AP": SAKAI}, test="z")
    with pytest.raises(InvalidValueError, match="correction='fdr'"):
        compare_scores({"AP": SAKAI}, correction="fdr")
    with pytest.raises(InvalidValueError, match="at least 2"):
        compare_scores({"AP": {"A": A}})
    with pytest.raises(InvalidValueError, match="different systems"):
        compare_scores({"AP": SAKAI, "P@10": {"A": A, "B": B}})
    with pytest.raises(InvalidTypeError, match="mapping"):
        compare_scores([A, B])
    with pytest.raises(InvalidTypeError, match="runs must be"):
        compare(qrels, "run.txt", ["AP"])


def test_runs_named_by_tag_or_position():
    qrels = {"q1": {"a": 1}, "q2": {"b": 1}}
    import pandas as pd

    first = pd.DataFrame({"query": ["q1", "q2"], "doc": ["a", "b"], "score": [1.0, 1.0]})
    second = pd.DataFrame({"query": ["q1", "q2"], "doc": ["x", "b"], "score": [1.0, 1.0]})
    assert compare(qrels, [first, second], ["AP"]).systems == ("run1", "run2")
    first.attrs["name"], second.attrs["name"] = "bm25", "dfr"
    assert compare(qrels, [first, second], ["AP"]).systems == ("bm25", "dfr")


def test_an_all_row_is_not_a_topic_of_compare_scores():
    # issue 17: rb.evaluate's summary row must not reach a test as one more topic
    import pandas as pd

    from rankbook.compare import compare_scores

    table = pd.DataFrame({"A": [0.7, 0.3, 0.2, 0.6], "B": [0.5, 0.1, 0.0, 0.2]},
                         index=["q1", "q2", "q3", "q4"])
    with_all = pd.concat([table, table.mean().to_frame("all").T])
    plain, summed = compare_scores({"AP": table}), compare_scores({"AP": with_all})
    assert summed.pairs == plain.pairs and summed.topics == ("q1", "q2", "q3", "q4")
    assert list(with_all.columns) == ["A", "B"] and len(with_all) == 5  # the input is untouched
