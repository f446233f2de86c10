"""rmse, arp, effect_ratio and delta_relative_improvement (Breuer et al., SIGIR 2020, section 3).

Expected values are worked by hand in exact fractions from the paper's equations (3)-(5).
"""

from __future__ import annotations

import math
from fractions import Fraction as F

import pandas as pd
import pytest

from rankbook import InvalidTypeError, InvalidValueError
from rankbook.reproducibility import (UndefinedEffectWarning, arp, delta_relative_improvement,
                                      effect_ratio, rmse)


def test_rmse_by_hand():
    # differences 0.3, -0.4, 0: sqrt((9 + 16 + 0) / 100 / 3)
    assert rmse([0.5, 0.2, 0.1], [0.2, 0.6, 0.1]) == pytest.approx(math.sqrt(F(25, 300)), abs=1e-15)
    assert rmse([0.1, 0.7], [0.1, 0.7]) == 0.0


def test_rmse_pairs_by_topic_and_skips_the_summary_row():
    original = pd.Series({"301": 0.5, "302": 0.2, "all": 0.35})
    replicated = pd.Series({"302": 0.6, "301": 0.2, "all": 0.4})
    assert rmse(original, replicated) == pytest.approx(math.sqrt(F(25, 200)), abs=1e-15)
    table = pd.DataFrame({"AP": [0.5, 0.2, 0.35]}, index=["301", "302", "all"])
    assert rmse(table, {"301": 0.2, "302": 0.6}) == pytest.approx(math.sqrt(F(25, 200)))


def test_rmse_refuses_other_topics_and_mixed_forms():
    with pytest.raises(InvalidValueError, match="only in original: \\['303'\\]"):
        rmse({"301": 0.1, "303": 0.2}, {"301": 0.1, "302": 0.2})
    with pytest.raises(InvalidTypeError, match="plain sequence"):
        rmse({"301": 0.1, "302": 0.2}, [0.1, 0.2])
    with pytest.raises(InvalidValueError, match="lengths differ"):
        rmse([0.1, 0.2], [0.1])
    with pytest.raises(InvalidValueError, match="finite"):
        rmse([0.1, float("nan")], [0.1, 0.2])


def test_arp_is_the_mean_over_topics():
    assert arp(pd.Series({"1": 0.25, "2": 0.5, "3": 0.0, "all": 0.25})) == 0.25
    assert arp([0.1, 0.2, 0.6]) == pytest.approx(float(F(9, 30)))


def test_effect_ratio_by_hand():
    # original improvements 0.2, 0.1, 0.0 (mean 0.1); replicated 0.1, -0.1, 0.15 (mean 0.05)
    oa, ob = [0.6, 0.5, 0.3], [0.4, 0.4, 0.3]
    ra, rb = [0.5, 0.3, 0.45], [0.4, 0.4, 0.3]
    assert effect_ratio(oa, ob, ra, rb) == pytest.approx(0.5, abs=1e-12)
    assert effect_ratio(oa, ob, ra, rb, paired=False) == pytest.approx(0.5, abs=1e-12)
    assert effect_ratio(oa, ob, oa, ob) == pytest.approx(1.0)
    assert effect_ratio(oa, ob, ob, oa) == pytest.approx(-1.0)


def test_effect_ratio_unpaired_allows_other_topics():
    # reproduction on 2 other topics: improvements 0.3 and 0.1, mean 0.2; original mean 0.1
    original_a = {"301": 0.6, "302": 0.5, "303": 0.3}
    original_b = {"301": 0.4, "302": 0.4, "303": 0.3}
    reproduced_a = {"r1": 0.5, "r2": 0.2}
    reproduced_b = {"r1": 0.2, "r2": 0.1}
    assert effect_ratio(original_a, original_b, reproduced_a, reproduced_b,
                        paired=False) == pytest.approx(2.0, abs=1e-12)
    with pytest.raises(InvalidValueError, match="not scores of the same topics"):
        effect_ratio(original_a, original_b, reproduced_a, reproduced_b, paired=True)


def test_effect_ratio_zero_original_improvement():
    assert effect_ratio([0.3], [0.3], [0.4], [0.3]) == math.inf
    with pytest.raises(InvalidValueError, match="paired must be True or False"):
        effect_ratio([0.3], [0.3], [0.3], [0.3], paired="yes")


@pytest.mark.parametrize("paired", [True, False])
def test_effect_ratio_of_no_effect_at_all_is_undefined(paired):
    # issue 29: 0/0 returned 0.0, which reads as "the effect vanished"; with no original
    # effect there is nothing to repeat (Breuer et al. 2020, eq. 4, divides by it): NaN
    with pytest.warns(UndefinedEffectWarning, match=r"undefined \(0/0\).*returns NaN") as caught:
        value = effect_ratio([0.3, 0.5], [0.3, 0.5], [0.2, 0.4], [0.2, 0.4], paired=paired)
    assert math.isnan(value)
    assert caught[0].filename == __file__  # the warning points at the caller's line


def test_delta_relative_improvement_by_hand():
    # RI = (0.3 - 0.2)/0.2 = 1/2; RI' = (0.45 - 0.3)/0.3 = 1/2: delta 0
    assert delta_relative_improvement([0.4, 0.2], [0.3, 0.1], [0.5, 0.4], [0.4, 0.2]) \
        == pytest.approx(0.0, abs=1e-12)
    # RI = 1/2, RI' = (0.25 - 0.2)/0.2 = 1/4: delta 1/4
    assert delta_relative_improvement([0.3], [0.2], [0.25], [0.2]) == pytest.approx(0.25)
    with pytest.raises(InvalidValueError, match="mean score 0"):
        delta_relative_improvement([0.3], [0.2], [0.25], [0.0])
