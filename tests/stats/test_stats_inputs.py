"""Bad input to the significance tests gets a clear RankbookError; good input in any form works."""

from __future__ import annotations

import pandas as pd
import pytest

from rankbook import InvalidTypeError, InvalidValueError, RankbookError
from rankbook.stats import (
    bootstrap_test,
    paired_t_test,
    randomization_test,
    registry,
    tukey_hsd,
    two_way_anova,
    wilcoxon_test,
)

# every registered test of its kind, so that a new test gets these checks by itself
PAIRED = [e.function for e in registry.TESTS.values() if e.kind == "paired"]
MULTI = [e.function for e in registry.TESTS.values() if e.kind in ("multi", "omnibus")]
assert {paired_t_test, wilcoxon_test, randomization_test, bootstrap_test} <= set(PAIRED)
assert {two_way_anova, tukey_hsd} <= set(MULTI)


@pytest.mark.parametrize("test", PAIRED)
@pytest.mark.parametrize("x,y,error,message", [
    ([0.1, 0.2, 0.3], [0.1, 0.2], InvalidValueError, "x has 3 scores and y has 2"),
    ([0.1], [0.2], InvalidValueError, "at least 2 topics"),
    ([0.1, float("nan")], [0.2, 0.3], InvalidValueError, r"x\[1\] is nan"),
    ([0.1, 0.2], [0.2, float("inf")], InvalidValueError, r"y\[1\] is inf"),
    ("0.1 0.2", [0.2, 0.3], InvalidTypeError, "sequence of per-topic scores"),
    ([0.1, "a"], [0.2, 0.3], InvalidTypeError, "must hold numbers"),
    ([[0.1, 0.2]], [[0.2, 0.3]], InvalidValueError, "1-D"),
    ({"t1": 0.1, "t2": 0.2}, [0.1, 0.2], InvalidTypeError, "x is labelled by topic but y is a plain sequence"),
    ({"t1": 0.1, "t2": 0.2}, {"t1": 0.1, "t3": 0.2}, InvalidValueError, "only in x: \\['t2'\\]"),
])
def test_paired_tests_refuse_bad_input(test, x, y, error, message):
    with pytest.raises(error, match=message):
        test(x, y)


@pytest.mark.parametrize("test", PAIRED)
def test_series_in_another_order_are_paired_by_topic(test):
    x = pd.Series([0.1, 0.5, 0.2], index=["t1", "t2", "t3"])
    y = pd.Series([0.3, 0.1, 0.2], index=["t3", "t1", "t2"])
    assert test(x, y) == test([0.1, 0.5, 0.2], [0.1, 0.2, 0.3])


@pytest.mark.parametrize("test", PAIRED)
def test_mappings_are_paired_by_topic(test):
    x = {"t1": 0.1, "t2": 0.5, "t3": 0.2, "t4": 0.9}
    y = {"t4": 0.3, "t3": 0.1, "t2": 0.4, "t1": 0.0}
    assert test(x, y) == test([0.1, 0.5, 0.2, 0.9], [0.0, 0.4, 0.1, 0.3])


@pytest.mark.parametrize("test", MULTI)
@pytest.mark.parametrize("scores,error,message", [
    ({"A": [0.1, 0.2]}, InvalidValueError, "at least 2 systems"),
    ({"A": [0.1, 0.2], "B": [0.1]}, InvalidValueError, "lengths differ"),
    ({"A": [0.1], "B": [0.1]}, InvalidValueError, "at least 2 topics"),
    ({"A": [0.1, None], "B": [0.1, 0.2]}, InvalidValueError, r"scores\['A'\]\[1\] is nan"),
    ([[0.1, 0.2], [0.3, 0.4]], InvalidTypeError, "mapping system -> per-topic scores"),
])
def test_multi_system_functions_refuse_bad_input(test, scores, error, message):
    with pytest.raises(error, match=message):
        test(scores)


@pytest.mark.parametrize("test", MULTI)
def test_multi_system_mappings_of_topics_are_paired_by_topic(test):
    nested = {"A": {"t1": 0.1, "t2": 0.5, "t3": 0.2}, "B": {"t3": 0.4, "t1": 0.3, "t2": 0.1}}
    assert test(nested) == test({"A": [0.1, 0.5, 0.2], "B": [0.3, 0.1, 0.4]})
    with pytest.raises(InvalidValueError, match=r"only in scores\['B'\]: \['t4'\]"):
        test({"A": {"t1": 0.1, "t2": 0.5}, "B": {"t1": 0.3, "t4": 0.1}})


def test_multi_system_series_must_share_the_index():
    a = pd.Series([0.1, 0.5, 0.2], index=["t1", "t2", "t3"])
    b = pd.Series([0.3, 0.1, 0.2], index=["t1", "t2", "t4"])
    with pytest.raises(InvalidValueError, match=r"only in scores\['A'\]: \['t3'\]"):
        two_way_anova({"A": a, "B": b})


@pytest.mark.parametrize("call,message", [
    (lambda: paired_t_test([1, 2], [2, 1], confidence=95), "confidence"),
    (lambda: paired_t_test([1, 2], [2, 1], confidence=1.0), "confidence"),
    (lambda: randomization_test([1, 2], [2, 1], n_resamples=0), "n_resamples"),
    (lambda: randomization_test([1, 2], [2, 1], n_resamples=1.5), "n_resamples"),
    (lambda: bootstrap_test([1, 2], [2, 1], seed=-1), "seed"),
    (lambda: bootstrap_test([1, 2], [2, 1], seed="x"), "seed"),
    (lambda: bootstrap_test([1, 2], [2, 1], n_resamples=None), "n_resamples"),
    (lambda: wilcoxon_test([1, 2], [2, 1], zero_method="zero"), "zero_method"),
    (lambda: wilcoxon_test([1, 2], [2, 1], method="asymptotic"), "method"),
    (lambda: wilcoxon_test([1, 2], [2, 1], decimals=-1), "decimals"),
    (lambda: wilcoxon_test([1, 2], [2, 1], correction="yes"), "correction"),
    (lambda: tukey_hsd({"A": [1, 2], "B": [2, 1]}, method="tukey"), "two_way"),
    (lambda: tukey_hsd({"A": [1, 2], "B": [2, 1]}).comparison("A", "Z"), "no comparison"),
])
def test_bad_options_are_refused(call, message):
    with pytest.raises(RankbookError, match=message):
        call()


def test_bad_input_is_also_a_builtin_error():
    with pytest.raises(ValueError):
        paired_t_test([1, 2, 3], [1, 2])
    with pytest.raises(TypeError):
        paired_t_test("abc", [1, 2, 3])


def test_import_rankbook_stats_loads_no_scipy_or_pandas():
    import subprocess
    import sys

    probe = ("import sys, rankbook as rb\nrb.stats.correct_pvalues([0.1])\n"
             "print(sorted({m.split('.')[0] for m in sys.modules} & {'scipy', 'pandas'}))")
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                         check=True)
    assert out.stdout.strip() == "[]"
