"""One API for every method: convention= everywhere, FLAGR's spellings, names in any case.

Oracles: pyflagr 1.0.18 (through flagr_oracle.run, on one query's lists) for the methods whose
FLAGR convention is their textbook definition and for FLAGR's norm spellings; the methods'
own names for the case-insensitive look-ups.
"""

from __future__ import annotations

import inspect
from pathlib import Path

import pytest
from flagr_oracle import run

import rankbook as rb
from rankbook import InvalidValueError
from rankbook.aggregate import METHODS, combsum
from rankbook.aggregate.registry import check_parameters
from rankbook.cli import main

SAMPLE = Path(__file__).resolve().parents[1] / "data" / "flagr" / "testdata.csv"
LISTS = [{"a": 5.0, "b": 3.0, "c": 1.0}, {"b": 9.0, "d": 4.0, "a": 1.0},
         {"c": 2.0, "a": 1.5, "e": 1.0, "b": 0.5}, {"d": 3.0, "c": 2.0, "b": 1.0}]
NOT_IN_FLAGR = ("rrf", "isr", "log_isr", "logn_isr", "rbc", "schulze")


@pytest.mark.parametrize("name", list(METHODS))
def test_every_method_takes_convention_with_the_textbook_default(name):
    parameter = inspect.signature(METHODS[name].function).parameters["convention"]
    assert parameter.kind is parameter.KEYWORD_ONLY and parameter.default == "textbook"


@pytest.mark.parametrize("name", NOT_IN_FLAGR)
def test_a_method_flagr_lacks_refuses_the_flagr_convention(name):
    function = METHODS[name].function
    example = METHODS[name].example
    assert function(LISTS, **example) == function(LISTS, convention="textbook", **example)
    with pytest.raises(InvalidValueError, match=f"FLAGR has no {name}"):
        function(LISTS, convention="flagr", **example)


def test_condorcet_accepts_both_names_and_both_are_flagrs():
    expected = run("condorcet", LISTS)             # pyflagr's CondorcetWinners
    for convention in ("textbook", "flagr"):
        got = METHODS["condorcet"].function(LISTS, convention=convention)
        assert [(item, score) for item, score in got.items()] == \
            [(item, pytest.approx(score, abs=5e-7)) for item, score in expected]


@pytest.mark.parametrize(("flagr", "ours"), [("score", "min_max"), ("z-score", "z_score"),
                                             ("simple-borda", "simple_borda")])
def test_flagrs_norm_spellings(flagr, ours):
    expected = run(f"combsum:{flagr}", LISTS)       # pyflagr's CombSUM(norm=flagr)
    got = combsum(LISTS, norm=flagr, convention="flagr")
    assert got == combsum(LISTS, norm=ours, convention="flagr")
    assert [item for item in got] == [item for item, _ in expected]
    assert list(got.values()) == pytest.approx([score for _, score in expected], abs=5e-7)


def test_an_unknown_norm_lists_both_spellings():
    with pytest.raises(InvalidValueError, match=r"min_max, .*'z-score'.*got 'minmax'"):
        combsum(LISTS, norm="minmax")


@pytest.mark.parametrize(("params", "says"), [
    ({"w_norm": "minmax"}, "PyFLAGR's name; here it is weight_normalization"),
    ({"max_iter": 10}, "here it is max_iterations"),
    ({"gamma": -1}, "gamma"),
    ({"aggregator": "combsum:minmax"}, "aggregator='combsum:minmax'"),
])
def test_parameters_are_checked_before_any_query(params, says):
    with pytest.raises(InvalidValueError, match=says.replace("(", r"\(")):
        check_parameters(METHODS["dibra"].function, params, what="dibra")


def test_method_names_in_any_case():
    lower = rb.fuse(method="rrf", flagr=SAMPLE)
    assert rb.fuse(method="RRF", flagr=SAMPLE) == lower
    assert rb.fuse(method="CombSUM", flagr=SAMPLE, norm="rank") == \
        rb.fuse(method="combsum", flagr=SAMPLE, norm="rank")
    with pytest.raises(InvalidValueError, match="unknown aggregation method 'CombSum2'"):
        rb.fuse(method="CombSum2", flagr=SAMPLE)


def test_the_command_line_takes_names_in_any_case(tmp_path):
    upper, lower = tmp_path / "upper.txt", tmp_path / "lower.txt"
    assert main(["fuse", "RRF", "--flagr", str(SAMPLE), "-o", str(upper)]) == 0
    assert main(["fuse", "rrf", "--flagr", str(SAMPLE), "-o", str(lower)]) == 0
    assert upper.read_text() == lower.read_text() and upper.read_text()
    assert main(["fuse", "CombSUM", "--flagr", str(SAMPLE), "--param", "norm=z-score",
                 "--param", "convention=flagr", "-o", str(upper)]) == 0
