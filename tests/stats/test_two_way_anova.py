"""two_way_anova against Sakai's published table and statsmodels' anova_lm."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from statsmodels.formula.api import ols
from statsmodels.stats.anova import anova_lm

from rankbook.stats import two_way_anova


def test_sakai_table_5_1(sakai):
    # Published (Sakai 2015, as printed in elinor's two_way_anova_without_replication.rs):
    # S_A 0.1083, S_B 1.0293, S_E 0.8317, total 1.9693, V_A 0.0542, V_B 0.0542, V_E 0.0219,
    # F_A 2.475, F_B 2.475, p_A 0.098, p_B 0.009.
    r = two_way_anova(sakai)
    published = {
        "ss_systems": 0.1083, "ss_topics": 1.0293, "ss_residual": 0.8317, "ss_total": 1.9693,
        "ms_systems": 0.0542, "ms_topics": 0.0542, "ms_residual": 0.0219,
    }
    for field, value in published.items():
        assert getattr(r, field) == pytest.approx(value, abs=5e-5), field
    assert r.f_systems == pytest.approx(2.475, abs=5e-4)
    assert r.f_topics == pytest.approx(2.475, abs=5e-4)
    assert r.pvalue_systems == pytest.approx(0.098, abs=5e-4)
    assert r.pvalue_topics == pytest.approx(0.009, abs=5e-4)
    assert (r.df_systems, r.df_topics, r.df_residual) == (2, 19, 38)
    assert r.residual_variance == r.ms_residual


def _statsmodels_table(matrix: np.ndarray) -> pd.DataFrame:
    n, m = matrix.shape
    long = pd.DataFrame({
        "score": matrix.ravel(),
        "topic": np.repeat(np.arange(n), m),
        "system": np.tile(np.arange(m), n),
    })
    return anova_lm(ols("score ~ C(system) + C(topic)", data=long).fit())


@pytest.mark.parametrize("seed", range(6))
def test_matches_statsmodels_anova_lm(seed):
    rng = np.random.default_rng(seed)
    n, m = int(rng.integers(2, 30)), int(rng.integers(2, 8))
    matrix = rng.random((n, m)) + rng.random((n, 1))  # a topic effect, as in IR
    ours = two_way_anova({f"s{j}": matrix[:, j] for j in range(m)})
    ref = _statsmodels_table(matrix)
    for row, name in (("C(system)", "systems"), ("C(topic)", "topics")):
        assert getattr(ours, f"ss_{name}") == pytest.approx(ref.loc[row, "sum_sq"], rel=1e-9)
        assert getattr(ours, f"df_{name}") == ref.loc[row, "df"]
        assert getattr(ours, f"f_{name}") == pytest.approx(ref.loc[row, "F"], rel=1e-9)
        assert getattr(ours, f"pvalue_{name}") == pytest.approx(ref.loc[row, "PR(>F)"], rel=1e-7)
    assert ours.ss_residual == pytest.approx(ref.loc["Residual", "sum_sq"], rel=1e-9)
    assert ours.ms_residual == pytest.approx(ref.loc["Residual", "mean_sq"], rel=1e-9)


def test_dataframe_topics_by_systems_equals_mapping(sakai):
    frame = pd.DataFrame(sakai, index=[f"t{i}" for i in range(20)])
    assert two_way_anova(frame) == two_way_anova(sakai)


def test_to_frame_is_the_anova_table(sakai):
    table = two_way_anova(sakai).to_frame()
    assert list(table.index) == ["system", "topic", "residual", "total"]
    assert table.loc["total", "df"] == 59
    assert table.loc["system", "sum_sq"] == pytest.approx(0.1083, abs=5e-5)


def test_identical_systems_give_f_zero_p_one():
    scores = {"A": [0.3] * 5, "B": [0.3] * 5, "C": [0.3] * 5}
    r = two_way_anova(scores)
    assert (r.ss_systems, r.ss_topics, r.ss_residual) == (0.0, 0.0, 0.0)
    assert (r.f_systems, r.pvalue_systems, r.f_topics, r.pvalue_topics) == (0.0, 1.0, 0.0, 1.0)


def test_purely_additive_scores_give_f_infinite_p_zero():
    topics = np.array([0.1, 0.4, 0.2, 0.7])
    r = two_way_anova({"A": topics, "B": topics + 0.1, "C": topics + 0.3})
    assert r.ss_residual == 0.0
    assert (r.f_systems, r.pvalue_systems) == (np.inf, 0.0)
