"""Every method of rankbook.aggregate.METHODS on the degenerate profiles, warnings as errors.

Issue 17, part 3. The profiles: a query with no items (every list empty, L = 1 and L = 3), one
item (in one list, in every list, in some lists), one list, and several identical lists. Each
method runs in its default convention and, where it has one, in FLAGR's (`convention="flagr"`).

The expected answers are properties of the definitions, not numbers from the code under test:

- no items: `{}` (what ranx's fuse and Weaviate's fusion tests expect of an empty query);
- one item: a result holding exactly that item; its score is a number (NaN only where the
  FLAGR convention divides 0 by 0, as FLAGR does: a one-item list's min-max or z-score);
- one list, and L identical lists: the list's own order (unanimity), with the exceptions below;
- a few exact values worked by hand from the formulas (RRF, Borda, the Markov chains, RRA).

Any numpy RuntimeWarning (0/0, an all-NaN slice) fails the test (`filterwarnings("error")`).
"""

from __future__ import annotations

import math
import warnings
from fractions import Fraction

import pytest

from rankbook import InvalidValueError, fuse
from rankbook.aggregate.registry import METHODS

pytestmark = pytest.mark.filterwarnings("error")

# The one list's items in an order that is not the id order, so that an order produced by the
# tie rule (item id ascending) cannot pass for the list's order.
LIST = {"c": 3.0, "a": 2.0, "b": 1.0}
ORDER = ["c", "a", "b"]

# Exceptions to "one list aggregates to its own order", each with its reason.
ONE_LIST_EXCEPTIONS = {
    "log_isr": "it multiplies by ln h(x) = ln 1 = 0, so every item of a single list scores 0",
}
# FLAGR's MC3 and MCT (convention="flagr") do not keep a unanimous order: FLAGR counts a list's
# votes with a counter that is not reset along a row (shared/flagr.md). The orders are pyflagr
# 1.0.18's own for LIST given once, twice or three times (its MarkovChains.MC3 and MCT, eval_pts
# 10, run through tests/aggregate/flagr_oracle.py): MC3 b, a, c; MCT c, b, a.
FLAGR_UNANIMITY_EXCEPTIONS = {"mc3": ["b", "a", "c"], "mct": ["c", "b", "a"]}


def expected_order(name, params):
    if params.get("convention") == "flagr" and name in FLAGR_UNANIMITY_EXCEPTIONS:
        return FLAGR_UNANIMITY_EXCEPTIONS[name]
    return ORDER


def variants():
    """(method name, its parameters): the default convention, and FLAGR's where it has one."""
    for name, method in METHODS.items():
        yield name, dict(method.example)
        if _has_flagr_convention(method):
            yield name, {**method.example, "convention": "flagr"}


def _has_flagr_convention(method) -> bool:
    """Every method takes convention=; those FLAGR lacks (rrf, isr, ...) refuse "flagr"."""
    try:
        method.function([{"a": 1.0}], **{**method.example, "convention": "flagr"})
    except InvalidValueError as error:
        assert "FLAGR has no" in str(error)
        return False
    return True


VARIANTS = list(variants())
IDS = [f"{name}-{params.get('convention', 'default')}" for name, params in VARIANTS]


def call(name, params, lists):
    return METHODS[name].function(lists, **params)


def test_every_method_is_covered():
    assert {name for name, _ in VARIANTS} == set(METHODS)
    assert len(VARIANTS) > len(METHODS)       # some have FLAGR's convention too


@pytest.mark.parametrize(("name", "params"), VARIANTS, ids=IDS)
@pytest.mark.parametrize("n_lists", [1, 3])
def test_a_query_with_no_items_gives_an_empty_result(name, params, n_lists):
    assert call(name, params, [[] for _ in range(n_lists)]) == {}
    assert call(name, params, [{} for _ in range(n_lists)]) == {}


@pytest.mark.parametrize(("name", "params"), VARIANTS, ids=IDS)
@pytest.mark.parametrize("lists", [
    [{"a": 1.0}],                                   # one list of one item
    [{"a": 1.0}, {"a": 2.0}, {"a": 0.5}],           # every list, the same item
    [{"a": 1.0}, {}, {}],                           # one list holds it, the others are empty
], ids=["one-list", "every-list", "some-lists"])
def test_one_item_gives_that_item(name, params, lists):
    result = call(name, params, lists)
    assert list(result) == ["a"]
    score = result["a"]
    assert math.isfinite(score) or (math.isnan(score) and params.get("convention") == "flagr")


@pytest.mark.parametrize(("name", "params"), VARIANTS, ids=IDS)
def test_one_list_gives_its_own_order(name, params):
    result = call(name, params, [LIST])
    assert set(result) == set(LIST)
    if name in ONE_LIST_EXCEPTIONS:
        assert len(set(result.values())) == 1     # the exception is real: every item ties
        return
    assert list(result) == expected_order(name, params)


@pytest.mark.parametrize(("name", "params"), VARIANTS, ids=IDS)
@pytest.mark.parametrize("n_lists", [2, 3])
def test_identical_lists_give_their_order(name, params, n_lists):
    assert list(call(name, params, [dict(LIST) for _ in range(n_lists)])) == \
        expected_order(name, params)


@pytest.mark.parametrize(("name", "params"), VARIANTS, ids=IDS)
def test_an_empty_list_beside_full_ones_changes_nothing_it_should_not(name, params):
    # One empty list among two identical ones: still a result over the same items, no warning.
    result = call(name, params, [dict(LIST), {}, dict(LIST)])
    assert set(result) == set(LIST)


def test_exact_values_of_the_degenerate_cases():
    # Worked by hand from the formulas (the methods' docs pages):
    # RRF, k = 60: one item at rank 1 in 3 lists scores 3/61.
    assert call("rrf", {}, [["a"]] * 3)["a"] == pytest.approx(float(Fraction(3, 61)), abs=0)
    # Borda (textbook): n - r points, n = 3: one list gives 2, 1, 0.
    assert call("borda", {}, [["c", "a", "b"]]) == {"c": 2.0, "a": 1.0, "b": 0.0}
    # A one-state Markov chain stays where it is: probability 1.
    for chain in ("mc1", "mc2", "mc3", "mc4", "mct"):
        assert call(chain, {}, [["a"], ["a"]]) == {"a": 1.0}
    # RRA: one item, normalised rank r/n = 1 in every list; rho = 1 and min(1, L rho) = 1.
    assert call("rra", {}, [["a"], ["a"]]) == {"a": 1.0}


def test_fuse_keeps_working_when_some_queries_are_empty():
    # q2 is empty in every run, q3 in one of them; every method fuses q1 and q3 and leaves
    # q2 out (a TREC run has no line for a query without documents).
    run_a = {"q1": {"d1": 2.0, "d2": 1.0}, "q2": {}}
    run_b = {"q1": {"d2": 3.0}, "q2": {}, "q3": {"x": 1.0}}
    for name, params in VARIANTS:
        fused = fuse([run_a, run_b], name, **params)
        assert sorted(fused) == ["q1", "q3"], name
        assert set(fused["q1"]) == {"d1", "d2"} and list(fused["q3"]) == ["x"], name


def test_dibra_with_a_one_document_run_and_a_missing_query_warns_nothing(tmp_path, capsys):
    # The reproduction: `rankbook fuse dibra` where one run has one document and misses
    # a query printed numpy's "invalid value encountered in divide" (0/0 at the cosine).
    from rankbook.cli import main

    one = tmp_path / "one.run"
    one.write_text("q1 Q0 d1 1 2.0 a\n")
    two = tmp_path / "two.run"
    two.write_text("q1 Q0 d1 1 2.0 b\nq1 Q0 d2 2 1.0 b\nq2 Q0 d3 1 1.0 b\n")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert main(["fuse", "dibra", str(one), str(two)]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    assert [line.split()[:3] for line in out.splitlines()] == [
        ["q1", "Q0", "d1"], ["q1", "Q0", "d2"], ["q2", "Q0", "d3"]]


@pytest.mark.parametrize(("name", "params"), VARIANTS, ids=IDS)
def test_boolean_scores_are_the_numbers_1_and_0(name, params):
    # as rankbook.io reads a bool grade or score (docs/guide/bad_input.md): True is 1, False 0
    import numpy as np

    numbers = [{"a": 1, "b": 0, "c": 0}, {"b": 1.0, "a": 0.5, "c": 0.25}]
    booleans = [{"a": True, "b": False, "c": np.False_}, numbers[1]]
    assert call(name, params, booleans) == call(name, params, numbers)
