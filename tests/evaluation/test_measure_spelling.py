"""Measure names in another case, and the suggestions for misspelt ones (issue 29, item 4).

- A name is read without regard to case when only one measure has it (``-m NDCG@10`` is
  ``nDCG@10``; ``Map`` is MAP, whose canonical and trec_eval names differ in case only).
- A suggestion ("did you mean X?") is always a name the parser accepts: ``-m ndcg@10x``
  suggested the invalid ``nDCG@10x``. Checked over every accepted name, misspelt five ways.
- ``RBP@0.8`` is RBP with persistence 0.8, as cwl_eval writes it (its default set prints
  ``RBP@0.2,0.4,0.8``; shared/oracles.md). Expected values by hand: RBP = (1 - p) sum of
  p^(i-1) over the relevant ranks i (Moffat and Zobel 2008, ACM TOIS 27(1), equation 1).
"""

from __future__ import annotations

import dataclasses
import re
from fractions import Fraction

import pytest

from rankbook._errors import InvalidValueError
from rankbook.evaluation import evaluate
from rankbook.evaluation.measure_lists import canonical_names, trec_names
from rankbook.evaluation.measures import parse_measures
from rankbook.metrics.registry import METRICS


def _keys(name):
    return [(m.metric.name, m.param) for m in parse_measures([name])]


@pytest.mark.parametrize("written, meant", [
    ("NDCG@10", "nDCG@10"), ("ndcg@10", "nDCG@10"), ("p@5", "P@5"), ("Map", "MAP"),
    ("NDCG", "nDCG"), ("NDCG_CUT_10", "ndcg_cut_10"), ("p.5,10", "P.5,10"),
    ("RECIP_RANK", "recip_rank"), ("ip@0.3", "iP@0.3"), ("SET_F", "set_F"),
])
def test_a_name_in_another_case_is_the_measure(written, meant):
    assert _keys(written) == _keys(meant)


def test_the_column_takes_the_registry_spelling():
    assert [m.label for m in parse_measures(["NDCG@10", "Map"])] == ["nDCG@10", "MAP"]


def test_a_name_two_measures_share_without_case_is_refused():
    # A registry with a second entry spelt 'Ap' (reciprocal rank): 'ap' could be either.
    rr = next(metric for metric in METRICS if metric.name == "RR")
    twin = dataclasses.replace(rr, name="Ap", aliases=(), trec_eval=())
    metrics = (*METRICS, twin)
    assert _keys_in("AP", metrics) != _keys_in("Ap", metrics)
    with pytest.raises(InvalidValueError, match="unknown measure 'ap'"):
        parse_measures(["ap"], metrics=metrics)


def _keys_in(name, metrics):
    return [(m.metric.name, m.param) for m in parse_measures([name], metrics=metrics)]


def test_a_bad_parameter_in_another_case_names_what_was_written():
    with pytest.raises(InvalidValueError, match=r"measure 'ndcg@10x': '10x' is not a positive"):
        parse_measures(["ndcg@10x"])


# --- every suggestion parses ---------------------------------------------------------------

def _accepted_names():
    """Every name form: canonical with a parameter value, trec_eval bare, _k and .k,k."""
    names = []
    for name in canonical_names():
        names.append(re.sub(r"@[a-z]$", "@10" if not name.startswith(("IPrec", "iP", "R-prec"))
                            else "@0.5", name))
    for name in trec_names():
        names += [name, f"{name}_10", f"{name}.5,10"]
    return [name for name in names if _parses(name)]


def _parses(name) -> bool:
    try:
        parse_measures([name])
    except InvalidValueError:
        return False
    return True


def _misspellings(name):
    yield name[:-1]                                    # a character dropped
    yield name + "x"                                   # one added (ndcg@10x)
    yield name[:1] + name[2:]                          # the second dropped
    if len(name) > 1:
        yield name[:2] + name[1] + name[2:]            # one doubled
    if len(name) > 3:
        yield name[:2] + name[3] + name[2] + name[4:]  # two swapped (ndgc)


def test_every_suggestion_is_a_name_the_parser_accepts():
    names = _accepted_names()
    assert len(names) > 80
    suggested = 0
    for name in names:
        for typo in _misspellings(name):
            try:
                parse_measures([typo])
            except InvalidValueError as error:
                found = re.search(r"did you mean (.+)\?$", str(error))
                if found:
                    suggested += 1
                    assert _parses(found.group(1)), (typo, str(error))
    assert suggested > 100  # the misspellings do draw suggestions


@pytest.mark.parametrize("typo, suggestion", [
    ("ndgc@10", "nDCG@10"), ("ndcg_cut_10x", "ndcg_cut_10"), ("P_10x", "P_10"),
    ("recip_rnk", "recip_rank"), ("ndcg_cutt.10", "ndcg_cut.10"),
])
def test_suggestions_keep_what_was_right(typo, suggestion):
    with pytest.raises(InvalidValueError, match=re.escape(f"did you mean {suggestion}?")):
        parse_measures([typo])


# --- RBP@0.8 ----------------------------------------------------------------------------------

def test_rbp_at_p_is_rbp_with_that_persistence():
    qrels = {"q1": {"a": 1, "c": 1, "z": 1}}
    run = {"q1": {"a": 3.0, "b": 2.0, "c": 1.0}}
    result = evaluate(qrels, run, ["RBP@0.8", "rbp@0.5"])
    p = Fraction(4, 5)
    by_hand = (1 - p) * (1 + p ** 2)  # relevant at ranks 1 and 3: 0.2 * 1.64 = 0.328
    assert list(result.columns) == ["RBP@0.8", "RBP@0.5"]
    assert result.loc["q1", "RBP@0.8"] == pytest.approx(float(by_hand), abs=1e-12)
    assert result.loc["q1", "RBP@0.5"] == pytest.approx(0.5 * (1 + 0.25), abs=1e-12)


def test_rbp_at_a_persistence_out_of_range_is_refused():
    with pytest.raises(InvalidValueError, match=r"0 < p < 1"):
        parse_measures(["RBP@1.5"])
