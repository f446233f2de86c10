"""explain_aggregation: the tables of a small case, their renderings, and the views registry."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

import rankbook as rb
from rankbook import InvalidValueError
from rankbook.explain import aggregation as explain_module
from rankbook.aggregate.registry import METHODS

TENNESSEE = [["Memphis", "Nashville", "Chattanooga", "Knoxville"],
             ["Nashville", "Chattanooga", "Knoxville", "Memphis"],
             ["Chattanooga", "Knoxville", "Nashville", "Memphis"],
             ["Knoxville", "Chattanooga", "Nashville", "Memphis"]]
VOTERS = [42, 26, 15, 17]


def test_pairwise_views_on_tennessee():
    # Wikipedia "Condorcet method": Nashville beats everyone, Memphis loses to everyone.
    shown = rb.explain_aggregation(TENNESSEE, "copeland", weights=VOTERS)
    matrix = shown.tables["Pairwise preferences N(x, y)"]
    assert matrix.loc["Chattanooga", "Knoxville"] == 83
    assert matrix.loc["Knoxville", "Chattanooga"] == 17
    contests = shown.tables["Pairwise contests"]
    assert contests.loc["Nashville", ["wins", "ties", "losses"]].tolist() == [3, 0, 0]
    assert contests.loc["Memphis", "Copeland"] == -3
    assert list(shown.tables) == ["Profile", "Pairwise preferences N(x, y)",
                                  "Pairwise contests", "Result"]


def test_kemeny_distance_view():
    # Wikipedia "Kemeny-Young method": the Nashville order agrees on 393 of 600 voter-pairs.
    table = rb.explain_aggregation(TENNESSEE, "kemeny", weights=VOTERS).tables["Kemeny distance"]
    assert table.loc["the Kemeny order", "distance"] == 207
    assert table["distance"].min() == 207


def test_borda_points_and_normalised_scores():
    points = rb.explain_aggregation(TENNESSEE, "borda").tables["Points"]
    assert points.loc["Memphis"].tolist()[:4] == [3, 0, 0, 0]
    scores = rb.explain_aggregation([{"a": 5.0, "b": 3.0, "c": 1.0}, {"b": 9.0, "d": 4.0}],
                                    "combsum").tables["Normalised scores"]
    assert scores.loc["b", "list 1"] == 0.5 and pd.isna(scores.loc["a", "list 2"])


def test_schulze_and_outranking_views():
    assert "Strongest paths P(x, y)" in rb.explain_aggregation(TENNESSEE, "schulze").tables
    shown = rb.explain_aggregation(TENNESSEE, "outranking", weights=VOTERS)
    title = "Concordance c(x, y), outranking pairs marked *"
    assert shown.tables[title].loc["Nashville", "Memphis"] == "58*"
    assert "d_max = 25" in shown.notes[title]


@pytest.mark.parametrize("method", sorted(METHODS))
def test_every_method_can_be_explained(method):
    lists = [{"a": 3.0, "b": 2.0, "c": 1.0}, {"b": 2.0, "a": 1.0}]
    shown = rb.explain_aggregation(lists, method, **METHODS[method].example)
    assert list(shown.tables["Result"]["item"]) == list(shown.result)
    assert str(shown).startswith(method)
    assert "<table" in shown._repr_html_()
    assert "| position | item | score |" in shown._repr_markdown_()


def test_markov_views():
    # The MC4 example of docs/aggregation/markov_chains.md, worked by hand there: from b the
    # walker moves to a with 1/n = 1/4 (a beats b in two of three lists), else stays; with
    # teleportation e = 0.15, T'(b, a) = 0.85 / 4 + 0.15 / 4 and T'(b, b) = 0.85 * 3/4 + 0.15 / 4.
    lists = [["a", "b", "c", "d"], ["b", "a", "d"], ["a", "c", "b"]]
    shown = rb.explain_aggregation(lists, "mc4")
    matrix = shown.tables["Transition matrix T'"]
    assert matrix.loc["b"].tolist() == pytest.approx([0.25, 0.675, 0.0375, 0.0375])
    steps = shown.tables["Power iterations pi(t)"]
    assert steps.iloc[0].tolist() == [0.25] * 4                         # the uniform start
    assert steps.iloc[1].tolist() == pytest.approx((np.full(4, 0.25) @ matrix.to_numpy()).tolist())
    # the power iteration ends where the linear solve does (two routes to the same pi)
    assert steps.iloc[-1].tolist() == pytest.approx(list(shown.result.values()), abs=1e-10)
    assert list(shown.tables) == ["Profile", "Transition matrix T'", "Power iterations pi(t)",
                                  "Result"]


def test_markov_flagr_power_steps():
    # FLAGR runs max_iterations - 1 steps: with max_iterations=4 the table ends at t = 3.
    lists = [["a", "b", "c"], ["b", "a", "c"]]
    shown = rb.explain_aggregation(lists, "mc3", convention="flagr", max_iterations=4)
    assert shown.tables["Power iterations pi(t)"].index.tolist() == [0, 1, 2, 3]


def test_rra_views():
    # R's RobustRankAggreg 1.2.1 on G1 (tests/aggregate/test_aggregate_rra.py): item a is first in
    # three lists of four items, u = 1/4 each; rho = p_3 = (1/4)^3; Bonferroni 0.046875; exact
    # 0.0409335189514298.
    lists = [["a", "b", "c", "d"], ["a", "c", "b", "d"], ["a", "b", "d", "c"]]
    shown = rb.explain_aggregation(lists, "rra")
    assert shown.tables["Normalised ranks u = r / n"].loc["a"].tolist() == [0.25] * 3
    assert shown.tables["Order statistics u_(i)"].loc["d"].tolist() == [0.75, 1.0, 1.0]
    pvalues = shown.tables["Beta p-values p_i, rho and the p-value"].loc["a"]
    assert pvalues["p_1"] == pytest.approx(1 - 0.75 ** 3) and pvalues["rho"] == 0.25 ** 3
    assert pvalues["Bonferroni"] == 0.046875
    assert pvalues["exact"] == pytest.approx(0.0409335189514298, rel=1e-12)


def test_learned_weights_view():
    # docs/aggregation/self_weighting.md, exercise 1 (PrefRel) and the agglomerative example.
    contrarian = [["a", "b", "c"], ["a", "b", "c"], ["c", "b", "a"]]
    weights = rb.explain_aggregation(contrarian, "prefrel", alpha=0.4).tables["Learned voter weights"]
    assert weights["weight"].tolist() == [1.0, 1.0, 0.0]
    shown = rb.explain_aggregation([["a", "b", "c"], ["a", "c", "b"], ["a", "b", "c"]], "agglomerative")
    assert shown.tables["Learned voter weights"]["weight"].tolist() == [4.0, 3.0, 4.0]
    dibra = rb.explain_aggregation(contrarian, "dibra").tables["Learned voter weights"]
    assert dibra["min-max normalised"].min() == 0 and dibra["min-max normalised"].max() == 1


def test_a_method_without_weights_refuses_them_when_explained():
    with pytest.raises(InvalidValueError, match="takes no weights"):
        rb.explain_aggregation([["a", "b"], ["b", "a"]], "rra", weights=[2, 1])


def test_views_read_the_methods_own_defaults():
    # no view repeats a default: k = 60 comes from rrf's signature
    shown = rb.explain_aggregation([["a", "b"], ["b"]], "rrf")
    assert shown.notes["Points"] == "1 / (k + r) with k = 60."


def test_a_new_family_registers_its_own_view(monkeypatch):
    monkeypatch.setattr(explain_module, "VIEWS", {})
    monkeypatch.setattr(explain_module, "view_modules", lambda: ())
    monkeypatch.setitem(METHODS, "first", METHODS["borda"].__class__(
        name="first", function=lambda lists, **kw: rb.aggregate.borda(lists), family="demo",
        linear_in_weights=True, page="aggregation/index.md"))

    @explain_module.view("demo", "Demo view")
    def demo(case):
        return pd.DataFrame({"n": [case.profile.n_items]}), "a note"

    shown = rb.explain_aggregation([["a", "b"]], "first")
    assert list(shown.tables) == ["Profile", "Demo view", "Result"]
    assert "a note" in str(shown)


def test_unknown_method():
    with pytest.raises(InvalidValueError, match="unknown aggregation method"):
        rb.explain_aggregation([["a"]], "bordo")
