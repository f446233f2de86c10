"""The tests take what rb.evaluate gives: paired by topic id, the 'all' row never a topic (issue 17).

The oracle is the same test on plain arrays of the per-topic scores, paired by hand (and
scipy.stats.ttest_rel for the degrees of freedom and p-value of the evaluator's example).
"""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from scipy import stats

import rankbook as rb
from rankbook import InvalidTypeError, InvalidValueError
from rankbook.stats import registry

PAIRED = [entry.function for entry in registry.TESTS.values() if entry.kind == "paired"]
MULTI = [entry.function for entry in registry.TESTS.values()
         if entry.kind in ("multi", "omnibus")]
assert len(PAIRED) == 4 and len(MULTI) == 2


def _runs(n_topics=20, seed=0):
    """Qrels and two runs of n_topics topics (10 documents each, 3 relevant)."""
    rng = np.random.default_rng(seed)
    qrels = {f"q{t}": {f"d{i}": 1 for i in range(3)} for t in range(n_topics)}
    runs = [{f"q{t}": {f"d{i}": float(s) for i, s in enumerate(rng.permutation(10))}
             for t in range(n_topics)} for _ in range(2)]
    return qrels, runs


def test_evaluate_columns_give_n_minus_1_degrees_of_freedom():
    qrels, (one, two) = _runs()
    ap_1 = rb.evaluate(qrels, one, ["AP"])["AP"]
    ap_2 = rb.evaluate(qrels, two, ["AP"])["AP"]
    assert "all" in ap_1.index and len(ap_1) == 21
    r = rb.stats.paired_t_test(ap_1, ap_2)
    ref = stats.ttest_rel(ap_1.drop("all").to_numpy(), ap_2.drop("all").to_numpy())
    assert r.df == 19 and r.pvalue == pytest.approx(ref.pvalue, rel=1e-12)
    exact = rb.stats.randomization_test(ap_1, ap_2)
    assert exact.exact and exact.n_resamples == 2**20


@pytest.mark.parametrize("test", PAIRED)
def test_series_with_the_all_row_equal_arrays_without_it(test):
    x = pd.Series([0.1, 0.5, 0.2, 0.9, 0.3], index=["t1", "t2", "t3", "t4", "all"])
    y = pd.Series([0.3, 0.2, 0.4, 0.2, 0.7], index=["t4", "t1", "t3", "t2", "all"])
    assert test(x, y) == test([0.1, 0.5, 0.2, 0.9], [0.2, 0.2, 0.4, 0.3])


@pytest.mark.parametrize("test", PAIRED)
def test_one_column_tables_and_mappings_are_read_by_topic(test):
    frame_x = pd.DataFrame({"AP": [0.1, 0.5, 0.2, 0.45]}, index=["a", "b", "c", "all"])
    y = {"c": 0.1, "a": 0.4, "b": 0.3, "all": 0.2667}
    assert test(frame_x, y) == test([0.1, 0.5, 0.2], [0.4, 0.3, 0.1])


def test_a_table_of_several_measures_is_refused_with_the_columns_named():
    table = pd.DataFrame({"AP": [0.1, 0.5], "P@10": [0.2, 0.3]}, index=["a", "b"])
    with pytest.raises(InvalidValueError, match=r"2 columns \(AP, P@10\).*x\['AP'\]"):
        rb.stats.paired_t_test(table, table)


@pytest.mark.parametrize("test", PAIRED)
def test_different_topics_are_refused_naming_them_and_the_ways_out(test):
    x = {"t1": 0.1, "t2": 0.5, "t3": 0.2, "t4": 0.6}
    y = {"t1": 0.3, "t2": 0.2, "t3": 0.4, "t9": 0.1}
    with pytest.raises(InvalidValueError) as caught:
        test(x, y)
    message = str(caught.value)
    for part in ("only in x: ['t4']", "only in y: ['t9']", "topics='intersect' tests the 3",
                 "topics='complete' tests all 5", "trec_eval -c"):
        assert part in message
    assert test(x, y, topics="intersect") == test([0.1, 0.5, 0.2], [0.3, 0.2, 0.4])
    assert test(x, y, topics="complete") == test([0.1, 0.5, 0.2, 0.6, 0.0],
                                                 [0.3, 0.2, 0.4, 0.0, 0.1])


def test_runs_missing_topics_evaluated_without_complete_are_refused():
    qrels, (one, two) = _runs(n_topics=6)
    del two["q5"]
    ap_1 = rb.evaluate(qrels, one, ["AP"])["AP"]
    with pytest.warns(rb.TopicMismatchWarning):
        ap_2 = rb.evaluate(qrels, two, ["AP"])["AP"]
    with pytest.raises(InvalidValueError, match=r"only in x: \['q5'\]"):
        rb.stats.paired_t_test(ap_1, ap_2)
    with pytest.warns(rb.TopicMismatchWarning):
        completed = rb.evaluate(qrels, two, ["AP"], complete=True)["AP"]
    assert rb.stats.paired_t_test(ap_1, ap_2, topics="complete") == \
        rb.stats.paired_t_test(ap_1, completed)


@pytest.mark.parametrize("test", PAIRED)
def test_topics_by_position_and_by_id_are_not_mixed(test):
    with pytest.raises(InvalidTypeError, match="y is a plain sequence"):
        test(pd.Series([0.1, 0.2], index=["a", "b"]), [0.3, 0.4])
    with pytest.raises(InvalidValueError, match="needs scores labelled by topic"):
        test([0.1, 0.2], [0.3, 0.4], topics="intersect")


def test_a_topic_twice_and_an_unknown_rule_are_refused():
    twice = pd.Series([0.1, 0.2, 0.3], index=["a", "b", "a"])
    with pytest.raises(InvalidValueError, match="topic 'a' appears twice in x"):
        rb.stats.paired_t_test(twice, twice)
    with pytest.raises(InvalidValueError, match="topics"):
        rb.stats.paired_t_test({"a": 1, "b": 2}, {"a": 1, "b": 3}, topics="union")


def test_intersecting_to_one_topic_is_refused():
    with pytest.raises(InvalidValueError, match="at least 2 topics"):
        rb.stats.paired_t_test({"a": 1, "b": 2}, {"a": 1, "c": 3}, topics="intersect")


@pytest.mark.parametrize("test", MULTI)
def test_multi_system_tables_drop_the_all_row_and_pair_series_by_topic(test):
    plain = {"A": [0.1, 0.5, 0.2, 0.7], "B": [0.3, 0.1, 0.4, 0.2], "C": [0.2, 0.2, 0.6, 0.1]}
    topics = ["t1", "t2", "t3", "t4"]
    frame = pd.DataFrame(plain, index=topics)
    with_all = pd.concat([frame, frame.mean().to_frame("all").T])
    # the first system's topic order is kept (the sums add in that order)
    shuffled = {"A": frame["A"], "B": frame["B"].iloc[::-1], "C": frame["C"].iloc[[2, 0, 3, 1]]}
    expected = test(plain)
    assert test(with_all) == expected and test(shuffled) == expected


@pytest.mark.parametrize("test", MULTI)
def test_multi_system_different_topics_refused_or_intersected(test):
    scores = {"A": {"t1": 0.1, "t2": 0.5, "t3": 0.2}, "B": {"t1": 0.3, "t2": 0.1, "t3": 0.4},
              "C": {"t1": 0.2, "t2": 0.4, "t4": 0.6}}
    with pytest.raises(InvalidValueError, match=r"only in scores\['C'\]: \['t4'\]"):
        test(scores)
    assert test(scores, topics="intersect") == test(
        {"A": [0.1, 0.5], "B": [0.3, 0.1], "C": [0.2, 0.4]})
