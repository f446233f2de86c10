"""Click models (Chuklin, Markov and de Rijke, 2015, chapter 3): exact click probabilities by
hand, click patterns that add up, and seeded samplers within a binomial tolerance of them."""

from __future__ import annotations

from fractions import Fraction as F

import numpy as np
import pytest

from rankbook import InvalidTypeError, InvalidValueError
from rankbook.online import (
    cascade,
    click_pattern_probabilities,
    click_probabilities,
    dbn,
    dcm,
    examination_probabilities,
    pbm,
    sample_clicks,
)

ALPHA = {0: F(1, 5), 1: F(3, 5), 2: F(9, 10)}
GRADES = [2, 0, 1, 1]


def test_pbm_by_hand():
    # P(C_r) = gamma_r * alpha_g: 1 * 9/10, 1/2 * 1/5, 1/3 * 3/5, 1/4 * 3/5.
    model = pbm(ALPHA, [1, F(1, 2), F(1, 3), F(1, 4)])
    assert click_probabilities(model, GRADES) == [F(9, 10), F(1, 10), F(1, 5), F(3, 20)]
    assert examination_probabilities(model, GRADES) == [1, F(1, 2), F(1, 3), F(1, 4)]


def test_cascade_by_hand():
    # Examined while nothing was clicked: 1, 1/10, 1/10 * 4/5, 1/10 * 4/5 * 2/5.
    model = cascade(ALPHA)
    assert examination_probabilities(model, GRADES) == [1, F(1, 10), F(2, 25), F(4, 125)]
    assert click_probabilities(model, GRADES) == [F(9, 10), F(1, 50), F(6, 125), F(12, 625)]


def test_dcm_by_hand():
    # lambda = 1/2, 1/3, 1/4: E_2 = 9/10 * 1/2 + 1/10 = 11/20;
    # E_3 = 11/20 * (1/5 * 1/3 + 4/5) = 11/20 * 13/15 = 143/300;
    # E_4 = 143/300 * (3/5 * 1/4 + 2/5) = 143/300 * 11/20.
    model = dcm(ALPHA, [F(1, 2), F(1, 3), F(1, 4), 1])
    e = [1, F(11, 20), F(143, 300), F(143, 300) * F(11, 20)]
    assert examination_probabilities(model, GRADES) == e
    assert click_probabilities(model, GRADES) == [e[0] * F(9, 10), e[1] * F(1, 5),
                                                  e[2] * F(3, 5), e[3] * F(3, 5)]


def test_dbn_by_hand():
    # sigma = 0, 1/2, 1 for grades 0, 1, 2; gamma = 4/5. After rank 1 (grade 2): a click
    # (9/10) always satisfies, so E_2 = 1/10 * 4/5 = 2/25. Rank 2 (grade 0): a click never
    # satisfies, E_3 = 2/25 * 4/5. Rank 3 (grade 1): E_4 = E_3 * (3/5 * 1/2 * 4/5 + 2/5 * 4/5).
    model = dbn(ALPHA, {0: 0, 1: F(1, 2), 2: 1}, F(4, 5))
    e3 = F(2, 25) * F(4, 5)
    e = [1, F(2, 25), e3, e3 * (F(3, 5) * F(1, 2) * F(4, 5) + F(2, 5) * F(4, 5))]
    assert examination_probabilities(model, GRADES) == e
    assert click_probabilities(model, GRADES)[3] == e[3] * F(3, 5)


def test_a_dbn_pattern_by_hand():
    # The pattern (1, 0) on grades (1, 0): a click at rank 1 (3/5), then either satisfied
    # (1/2), or not (1/2) and then stop (1 - 4/5) or examine rank 2 (4/5) and not click it
    # (1 - 1/5): 3/5 * [1/2 + 1/2 * (1/5 + 4/5 * 4/5)].
    model = dbn(ALPHA, {0: 0, 1: F(1, 2), 2: 1}, F(4, 5))
    patterns = click_pattern_probabilities(model, [1, 0])
    assert patterns[(1, 0)] == F(3, 5) * (F(1, 2) + F(1, 2) * (F(1, 5) + F(4, 5) * F(4, 5)))


@pytest.mark.parametrize("model", [
    pbm(ALPHA, [1, F(1, 2), F(1, 3), F(1, 4)]), cascade(ALPHA),
    dcm(ALPHA, [F(1, 2), F(1, 3), F(1, 4), 1]), dbn(ALPHA, {0: 0, 1: F(1, 2), 2: 1}, F(4, 5)),
], ids=["pbm", "cascade", "dcm", "dbn"])
def test_the_patterns_sum_to_one_and_give_the_click_probabilities(model):
    patterns = click_pattern_probabilities(model, GRADES)
    assert sum(patterns.values()) == 1
    marginals = [sum(p for c, p in patterns.items() if c[r]) for r in range(len(GRADES))]
    assert marginals == click_probabilities(model, GRADES)


def test_the_cascade_model_clicks_at_most_once():
    patterns = click_pattern_probabilities(cascade(ALPHA), GRADES)
    assert all(sum(c) <= 1 for c in patterns) and len(patterns) == len(GRADES) + 1


@pytest.mark.parametrize("model", [
    pbm(ALPHA, [1, F(1, 2), F(1, 3), F(1, 4)]), cascade(ALPHA),
    dcm(ALPHA, [F(1, 2), F(1, 3), F(1, 4), 1]), dbn(ALPHA, {0: 0, 1: F(1, 2), 2: 1}, F(4, 5)),
], ids=["pbm", "cascade", "dcm", "dbn"])
def test_the_sampler_clicks_as_often_as_the_exact_probabilities(model, within_binomial):
    n = 4000
    clicks = sample_clicks(model, GRADES, size=n, seed=2015)
    exact = click_probabilities(model, GRADES)
    assert clicks.shape == (n, len(GRADES))
    assert all(within_binomial(int(clicks[:, r].sum()), n, exact[r]) for r in range(len(GRADES)))
    # and the joint patterns too, not only the marginals
    patterns = click_pattern_probabilities(model, GRADES)
    seen = {tuple(row) for row in clicks}
    assert seen <= set(patterns)
    for pattern, p in patterns.items():
        count = int(np.all(clicks == pattern, axis=1).sum())
        assert within_binomial(count, n, p)


def test_the_sampler_is_reproducible_and_one_session_is_flat():
    model = cascade({0: 0.3, 1: 0.8})
    assert sample_clicks(model, [1, 0, 1], seed=3).shape == (3,)
    assert np.array_equal(sample_clicks(model, [1, 0, 1], size=5, seed=3),
                          sample_clicks(model, [1, 0, 1], size=5, seed=3))


def test_bad_parameters_are_refused():
    with pytest.raises(InvalidValueError, match="grade 3 at rank 2"):
        click_probabilities(cascade(ALPHA), [0, 3])
    with pytest.raises(InvalidValueError, match="one per rank"):
        click_probabilities(pbm(ALPHA, [1, 1]), [0, 1, 2])
    with pytest.raises(InvalidValueError, match=r"must be a number in \[0, 1\] \(a probability\), got 1.5"):
        cascade({0: 1.5})
    with pytest.raises(InvalidTypeError, match="ClickModel"):
        click_probabilities("cascade", [0])
    with pytest.raises(InvalidValueError, match="size"):
        sample_clicks(cascade(ALPHA), [0], size=0)
