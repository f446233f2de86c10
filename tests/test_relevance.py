"""relevance_from: ranked item ids + a ground truth -> grades (rankbook.relevance).

The set form is the input of the ArDoCo rank metrics calculator (its wiki page
https://github.com/ArDoCo/Metrics/wiki/Rank-Metrics: ranked results, a ground-truth set
and a "string provider function"); the mapping form is a qrels row.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rankbook as rb
from rankbook import InvalidTypeError, InvalidValueError, relevance_from


def test_set_is_binary_and_everything_else_is_0():
    assert relevance_from(["d3", "d1", "d7"], {"d1", "d2"}) == [0, 1, 0]
    assert relevance_from(("a", "b"), frozenset({"b"})) == [0, 1]
    assert relevance_from(["a", "b"], {"a": 1}.keys()) == [1, 0]
    assert relevance_from([], {"a"}) == []


def test_mapping_gives_grades_and_none_for_unjudged():
    assert relevance_from(["d1", "d9", "d2"], {"d1": 2, "d2": 0}) == [2, None, 0]
    assert relevance_from(["a", "b"], {"a": 0.5, "b": None}) == [0.5, None]
    assert relevance_from(["a", "b"], {"a": True, "b": False}) == [1, 0]


def test_key_converts_both_sides_like_the_seeds_string_provider():
    assert relevance_from(["A", "b", "C"], {"a", "c"}, key=str.lower) == [1, 0, 1]
    links = [("req1", "Class1"), ("req1", "Class2")]
    truth = {"req1->Class2"}
    assert relevance_from(links, truth, key=lambda x: x if isinstance(x, str) else "->".join(x)) \
        == [0, 1]
    assert relevance_from([1, 2, 3], {"2": 3}, key=str) == [None, 3, None]


def test_any_iterable_of_items():
    assert relevance_from(iter(["a", "b"]), {"b"}) == [0, 1]


def test_result_feeds_the_metrics():
    # bpref skips the unjudged d9; AP treats it as non-relevant.
    grades = relevance_from(["d1", "d9", "d3", "d2"], {"d1": 1, "d2": 1, "d3": 0})
    assert rb.bpref(grades, 2, 1) == 0.5  # (1 + (1 - 1/1)) / 2
    assert rb.average_precision(grades, 2) == pytest.approx((1 + 2 / 4) / 2)


@settings(max_examples=100, deadline=None)
@given(st.lists(st.integers(0, 30), unique=True, max_size=15), st.sets(st.integers(0, 30)))
def test_set_form_is_membership(items, truth):
    assert relevance_from(items, truth) == [int(item in truth) for item in items]


def test_duplicates_name_the_item_and_ranks():
    with pytest.raises(InvalidValueError, match=r"'a' more than once \(at ranks 1, 3\)"):
        relevance_from(["a", "b", "a"], {"a"})
    with pytest.raises(InvalidValueError, match=r"at ranks 1, 3; after key, 'a', 'A' are all 'a'"):
        relevance_from(["a", "b", "A"], {"a"}, key=str.lower)


def test_ambiguous_mapping_under_key():
    with pytest.raises(InvalidValueError, match="'a' and 'A', that both become 'a'"):
        relevance_from(["a"], {"a": 1, "A": 0}, key=str.lower)


def test_bad_types():
    with pytest.raises(InvalidTypeError, match="got str 'abc'"):
        relevance_from("abc", {"a"})
    with pytest.raises(InvalidTypeError, match=r"write set\(\.\.\.\)"):
        relevance_from(["a"], ["a"])
    with pytest.raises(InvalidTypeError, match="mapping item -> grade"):
        relevance_from(["a"], "a")
    with pytest.raises(InvalidTypeError, match="rank 1, \\['a'\\], is unhashable"):
        relevance_from([["a"]], {"a"})
    with pytest.raises(InvalidTypeError, match="after key \\['a'\\]"):
        relevance_from(["a"], {"a"}, key=list)
    with pytest.raises(InvalidTypeError, match="a grade must be a number"):
        relevance_from(["a"], {"a": "relevant"})
    with pytest.raises(InvalidValueError, match="finite"):
        relevance_from(["a"], {"a": float("nan")})
    with pytest.raises(InvalidTypeError):
        relevance_from(42, {"a"})
