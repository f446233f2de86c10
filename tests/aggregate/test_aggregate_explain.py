"""explain_aggregation: the tables of a small case, their renderings, and the views registry."""

from __future__ import annotations

import pandas as pd
import pytest

import rankbook as rb
from rankbook import InvalidValueError
from rankbook.aggregate import explain as explain_module
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


def test_a_new_family_registers_its_own_view(monkeypatch):
    monkeypatch.setattr(explain_module, "VIEWS", {})
    monkeypatch.setattr(explain_module, "VIEW_MODULES", ())
    monkeypatch.setitem(METHODS, "first", METHODS["borda"].__class__(
        lambda lists, **kw: rb.aggregate.borda(lists), "demo", True))

    @explain_module.view("demo", "Demo view")
    def demo(case):
        return pd.DataFrame({"n": [case.profile.n_items]}), "a note"

    shown = rb.explain_aggregation([["a", "b"]], "first")
    assert list(shown.tables) == ["Profile", "Demo view", "Result"]
    assert "a note" in str(shown)


def test_unknown_method():
    with pytest.raises(InvalidValueError, match="unknown aggregation method"):
        rb.explain_aggregation([["a"]], "bordo")
