"""Hand-checked values, edge cases and errors of the measures added for issue 7 (item 2).

The trec_eval oracles are in test_trec_eval_measures_oracle.py (pytrec_eval),
test_trec_eval_regression_new_measures.py (trec_eval 9's outputs) and test_user_models.py
(trec_eval 10). Here every expected number is worked by hand from the formula in the
function's docstring (and on its docs page), with exact fractions where they clarify.
"""

from __future__ import annotations

import math
from fractions import Fraction as F

import pytest

import rankbook as rb
from rankbook import InvalidTypeError, InvalidValueError


def close(value, expected):
    return value == pytest.approx(float(expected), abs=1e-12)


# --- infAP -----------------------------------------------------------------------------

def test_infap_with_everything_judged_is_ap_up_to_epsilon():
    ranking = [1, 0, 1, 0, 0, 1]
    assert rb.inferred_average_precision(ranking, 4) == pytest.approx(
        rb.average_precision(ranking, 4), abs=1e-4)


def test_infap_hand_worked():
    # [1, -1, None, 1], R = 2: 1 + (1/4 + 3/4 * 2/3 * (1 + e)/(1 + 2e)), halved.
    e = F(1, 100000)
    expected = (1 + F(1, 4) + F(3, 4) * F(2, 3) * (1 + e) / (1 + 2 * e)) / 2
    assert close(rb.inferred_average_precision([1, -1, None, 1], 2), expected)


def test_infap_edge_cases():
    assert rb.inferred_average_precision([0, None, -1], 0) == 0.0
    assert rb.inferred_average_precision([], 3) == 0.0
    with pytest.raises(InvalidValueError, match="n_relevant=1 is smaller"):
        rb.inferred_average_precision([1, 1], 1)


# --- judged_only -----------------------------------------------------------------------

def test_judged_only_changes_p_at_k_and_ap_as_the_page_says():
    ranking = [1, None, None, 1, 0, None, 1]
    condensed = rb.judged_only(ranking)
    assert condensed == [1.0, 1.0, 0.0, 1.0]
    assert rb.precision_at_k(ranking, 4) == F(2, 4)
    assert rb.precision_at_k(condensed, 4) == F(3, 4)
    assert close(rb.average_precision(ranking, 3), (F(1, 1) + F(2, 4) + F(3, 7)) / 3)
    assert close(rb.average_precision(condensed, 3), (F(1, 1) + F(2, 2) + F(3, 4)) / 3)


def test_judged_only_keeps_numpy_input_and_empties():
    import numpy as np
    assert rb.judged_only(np.array([2, 0, -1])) == [2.0, 0.0]
    assert rb.judged_only([None, -1]) == []


# --- F-beta, relative precision, Rprec_mult, utility -------------------------------------

def test_f_beta_hand_worked():
    run = [1, 0, 0, 1, 0]  # P = 2/5, recall = 1/2
    assert close(rb.f_beta_at_k(run, None, 4, beta=2), F(10, 21))
    assert close(rb.f_beta_at_k(run, None, 4, beta=0.5), F(5, 4) * F(1, 5) / (F(1, 10) + F(1, 2)))
    assert close(rb.f_beta_at_k(run, None, 4, beta=2, beta_convention="trec_eval"), F(6, 13))
    assert rb.f_beta_at_k([0, 0], None, 3) == 0.0
    assert rb.f_beta_at_k([0, 0], None, 0) == 0.0


def test_f_beta_precision_denominator_differs_only_for_short_lists():
    # 2 relevant of 3 retrieved, R = 2, k = 10: P = 2/10 or 2/3.
    assert close(rb.f_beta_at_k([1, 1, 0], 10, 2), 2 * F(2, 10) * 1 / (F(2, 10) + 1))
    assert close(rb.f_beta_at_k([1, 1, 0], 10, 2, precision_denominator="retrieved"),
                 2 * F(2, 3) / (F(2, 3) + 1))
    assert rb.f_beta_at_k([1, 1, 0], 2, 2) == rb.f_beta_at_k(
        [1, 1, 0], 2, 2, precision_denominator="retrieved")


def test_relative_precision_is_precision_then_recall():
    ranking = [1, 0, 1, 1, 0, 0, 0, 1]
    R = 5
    for k in range(1, 9):
        expected = rb.precision_at_k(ranking, k) if k <= R else rb.recall_at_k(ranking, k, R)
        assert rb.relative_precision_at_k(ranking, k, R) == pytest.approx(expected)
    assert close(rb.relative_precision_at_k(ranking, None, R), F(4, 5))
    assert rb.relative_precision_at_k([], None, 2) == 0.0
    assert rb.relative_precision_at_k([0], 3, 0) == 0.0


def test_rprec_mult_cutoffs_follow_trec_eval():
    run = [1, 0, 1, 1, 0, 0, 1, 0, 0, 0]
    # R = 5: m = 0.2 -> (long)(1.9) = 1; 0.6 -> 3 (0.6 * 5 = 3.0000000000000004); 2.0 -> 10.
    assert rb.r_precision_at_multiple(run, 5, 0.2) == 1.0
    assert close(rb.r_precision_at_multiple(run, 5, 0.6), F(2, 3))
    assert rb.r_precision_at_multiple(run, 5, 2.0) == 0.4
    assert close(rb.r_precision_at_multiple(run, 5, 4.0), F(4, 20))  # past the end of the list
    assert rb.r_precision_at_multiple([0, 0], 0, 1.0) == 0.0
    with pytest.raises(InvalidValueError):
        rb.r_precision_at_multiple(run, 5, 0)


def test_utility_with_the_collection_size():
    # a = 2, b = 3 (an unjudged document included), c = 1, d = 100 + 2 - 5 - 3 = 94.
    ranking = [1, 0, None, 1, 0]
    assert rb.utility(ranking, 3) == -1.0
    assert rb.utility(ranking, 3, weights=(1, -1, -2, 0.5), n_documents=100) == 2 - 3 - 2 + 47
    with pytest.raises(InvalidValueError, match="four numbers"):
        rb.utility(ranking, 3, weights=(1, -1))
    with pytest.raises(InvalidTypeError):
        rb.utility(ranking, 3, weights=(1, -1, "0", 0))
    with pytest.raises(InvalidValueError):
        rb.utility(ranking, 3, n_documents=-1)


def test_judged_nonrelevant_retrieved_counts():
    assert rb.judged_nonrelevant_retrieved([1, 0, None, -1, 0, 2]) == 2
    assert rb.judged_nonrelevant_retrieved([1, 0, None, -1, 0, 2], relevance_level=2) == 3
    assert rb.judged_nonrelevant_retrieved([]) == 0


@pytest.mark.parametrize("kwargs", [{"beta": 0}, {"beta": -1.0}, {"beta": math.inf},
                                    {"beta_convention": "sklearn"},
                                    {"precision_denominator": "n"}])
def test_f_beta_refuses_bad_conventions(kwargs):
    with pytest.raises(InvalidValueError):
        rb.f_beta_at_k([1], None, 1, **kwargs)


# --- gain measures and relstring -----------------------------------------------------------

def test_gain_map_keeps_unjudged_and_negative_at_zero():
    # trec_eval gives unjudged (-1) and pooled-unjudged (-2) documents gain 0 even when
    # grade 0 is mapped to a negative gain.
    judged = [1, 0]
    with_unjudged = rb.dcg_at_k([None, -1, 1], gain_map={0: -1})
    assert close(with_unjudged, 1 / math.log2(4))
    assert close(rb.dcg_at_k([0, 1], gain_map={0: -1}), -1 + 1 / math.log2(3))
    assert rb.idcg_at_k(judged, gain_map={0: -1}) == 1.0  # negative gains never in the ideal


def test_gain_map_reorders_the_ideal():
    assert close(rb.idcg_at_k([1, 2], gain_map={1: 10, 2: 5}), 10 + 5 / math.log2(3))


@pytest.mark.parametrize("gain_map, message", [
    ({-1: 2}, "negative grade"), ({1: math.nan}, "finite"), ([1, 2], "mapping"),
])
def test_gain_map_errors(gain_map, message):
    with pytest.raises((InvalidValueError, InvalidTypeError), match=message):
        rb.ndcg_at_k([1, 0], gain_map=gain_map)


def test_g_and_bing_perfect_lists_score_one():
    assert rb.binary_normalized_gain([1, 1, 0], 2) == 1.0
    assert rb.normalized_gain([3, 2, 2, 1, 0], ideal=[3, 2, 2, 1, 0, 0]) == 1.0
    assert rb.normalized_gain([0], ideal=[0, 0]) == 0.0
    assert rb.binary_normalized_gain([0, 0], 0) == 0.0


def test_ndcg_variants_hand_worked():
    # ndcg_rel of [2, 0, 1] against ideal (2, 1): relevant at ranks 1 and 3.
    d = [2, 2, 2 + 1 / math.log2(4)]
    i = [2, 2 + 1 / math.log2(3), 2 + 1 / math.log2(3)]
    assert close(rb.ndcg_averaged_over_relevant([2, 0, 1], [2, 1, 0]), (d[0] / i[0] + d[2] / i[2]) / 2)
    # Rndcg: levels at rank 1 (gain 2 ends) and rank 2 (gain 1 ends); n = 3 < R + 2.
    assert close(rb.ndcg_averaged_at_r_levels([2, 0, 1], [2, 1, 0]), (d[0] / i[0] + d[1] / i[1]) / 2)
    # With n = 4 >= R + 2 the list's end is one more level.
    assert close(rb.ndcg_averaged_at_r_levels([2, 0, 1, 0], [2, 1, 0]),
                 (d[0] / i[0] + d[1] / i[1] + d[2] / i[2]) / 3)
    assert rb.ndcg_averaged_at_r_levels([1, 0], [1, 0], relevance_level=2) == 0.0
    assert rb.ndcg_averaged_over_relevant([0], [0, None]) == 0.0


def test_relevance_string():
    assert rb.relevance_string([1, 0, None, 2, -1, 12, 0], k=6) == "10-2.>"
    assert rb.relevance_string([1, 0]) == "10"
    assert rb.relevance_string([]) == ""
    with pytest.raises(InvalidValueError):
        rb.relevance_string([1], k=0)


def test_every_new_function_returns_a_plain_python_value():
    graded, ideal = [2, None, 0, -1, 1, 3], [3, 2, 1, 0, -1, 1]
    values = [
        rb.inferred_average_precision(graded, 3), rb.unjudged_at_k(graded, 3),
        rb.ndcg_averaged_over_relevant(graded, ideal), rb.ndcg_averaged_at_r_levels(graded, ideal),
        rb.normalized_gain(graded, ideal), rb.binary_normalized_gain(graded, 3),
        rb.f_beta_at_k(graded, 3, 3), rb.relative_precision_at_k(graded, 3, 3),
        rb.r_precision_at_multiple(graded, 3, 0.6), rb.utility(graded, 3),
        rb.rank_biased_precision(graded, max_grade=3), rb.rank_biased_precision_residual(graded),
        rb.expected_reciprocal_rank(graded), rb.ndcg_at_k(graded, ideal=ideal, gain_map={1: 5}),
    ]
    assert all(type(v) is float for v in values), [type(v) for v in values]
    assert type(rb.judged_nonrelevant_retrieved(graded)) is int
    assert type(rb.relevance_string(graded)) is str
    assert all(type(g) is float for g in rb.judged_only(graded))


# --- docs/conventions.md documents every default of the new functions ------------------------
# (tests/docs/test_docs_examples.py checks the registered functions; these are not registered yet.)

def _documented_defaults():
    import re
    from pathlib import Path
    text = (Path(__file__).resolve().parents[2] / "docs" / "conventions.md").read_text("utf-8")
    section = text.split("## rankbook's defaults", 1)[1].split("\n## ", 1)[0]
    row = re.compile(r"^\| (?P<functions>`\w+`(?:, `\w+`)*) \| `(?P<argument>\w+)=(?P<default>[^`]+)` \|",
                     re.M)
    return {(function, m["argument"]): m["default"] for m in row.finditer(section)
            for function in re.findall(r"`(\w+)`", m["functions"])}


# The functions written for trec_eval's remaining measures and the practitioners' conventions.
NEW_FUNCTIONS = (
    "inferred_average_precision", "unjudged_at_k", "judged_only", "ndcg_averaged_over_relevant",
    "ndcg_averaged_at_r_levels", "normalized_gain", "binary_normalized_gain", "relevance_string",
    "f_beta_at_k", "relative_precision_at_k", "r_precision_at_multiple", "utility",
    "judged_nonrelevant_retrieved", "rank_biased_precision", "rank_biased_precision_residual",
    "expected_reciprocal_rank",
)


def test_conventions_page_documents_every_default_of_the_new_functions():
    import inspect
    documented = _documented_defaults()
    checked = 0
    for name in sorted(NEW_FUNCTIONS):
        for argument, parameter in inspect.signature(getattr(rb, name)).parameters.items():
            if parameter.default is inspect.Parameter.empty:
                continue
            assert (name, argument) in documented, f"docs/conventions.md lacks {name}({argument}=...)"
            assert eval(documented[name, argument]) == parameter.default, (name, argument)  # noqa: S307
            checked += 1
    assert checked >= 20
