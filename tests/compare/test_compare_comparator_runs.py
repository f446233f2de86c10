"""The Comparator's added runs as the aggregators' input lists (issue 29, item 4).

``add_run(...)`` then ``aggregate(rels_file=...)`` failed with "aggregate() needs the input
lists". The added runs are now the input lists when none are given. Expected values by hand:
Borda gives the item at rank r of n items n - r points (de Borda 1781, as in Brandt et al. 2016,
Handbook of Computational Social Choice, section 2.2); AP is the mean over the R relevant
documents of the precision at each one's rank, 0 for those not retrieved (Manning, Raghavan and
Schuetze 2008, section 8.4).
"""

from __future__ import annotations

import pytest

from rankbook import InvalidValueError
from rankbook.compare import Comparator

A = {"q1": {"a": 3.0, "b": 2.0, "c": 1.0}}   # a > b > c
B = {"q1": {"c": 3.0, "a": 2.0, "b": 1.0}}   # c > a > b


@pytest.fixture
def rels_file(tmp_path):
    path = tmp_path / "qrels.txt"
    path.write_text("q1 0 a 1\nq1 0 b 0\nq1 0 c 1\n")
    return str(path)


def _map(results):
    rows = results[results["q"] == "all"]
    return dict(zip(rows["Method"], rows["MAP"]))


def test_the_added_runs_are_the_input_lists(rels_file):
    comparator = Comparator(3)
    comparator.add_run("A", A)
    comparator.add_run("B", B)
    comparator.add_aggregator("Borda", "borda")
    results = comparator.aggregate(rels_file=rels_file)
    # Borda: a 2 + 1 = 3, c 0 + 2 = 2, b 1 + 0 = 1, so a > c > b
    assert list(comparator.runs["Borda"]["q1"]) == ["a", "c", "b"]
    # AP: A (1/1 + 2/3) / 2 = 5/6; B (1/1 + 2/2) / 2 = 1; Borda a > c > b: 1
    assert _map(results) == pytest.approx({"A": 5 / 6, "B": 1.0, "Borda": 1.0})


def test_without_an_aggregator_aggregate_evaluates_the_added_runs(rels_file):
    comparator = Comparator(3)
    comparator.add_run("A", A)
    assert _map(comparator.aggregate(rels_file=rels_file)) == pytest.approx({"A": 5 / 6})


def test_no_input_lists_at_all_says_where_they_come_from(rels_file):
    comparator = Comparator(3)
    comparator.add_aggregator("Borda", "borda")
    with pytest.raises(InvalidValueError, match=r"runs added with add_run\(\); none was given"):
        comparator.aggregate(rels_file=rels_file)
