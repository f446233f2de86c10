"""Bad input is refused with a clear error (rankbook._validate and its callers).

Every refusal is a RankbookError and also the built-in a Python programmer
expects: InvalidValueError is a ValueError, InvalidTypeError a TypeError. The
message names the argument (and, where there is one, the bad value).
"""

from __future__ import annotations

import ast
import importlib
import inspect
import math
import re

import numpy as np
import pytest

import rankbook as rb
from rankbook import InvalidTypeError, InvalidValueError, RankbookError
from rankbook._examples import doctest_calls

SEED = [1, 0, 1, 1, 0, 1, 0, 0]

# Functions with a required cut-off k, called with a good list and a bad k.
WITH_K = {
    "precision_at_k": lambda k: rb.precision_at_k(SEED, k),
    "recall_at_k": lambda k: rb.recall_at_k(SEED, k, 4),
    "f1_at_k": lambda k: rb.f1_at_k(SEED, k, 4),
    "success_at_k": lambda k: rb.success_at_k(SEED, k),
    "dcg_at_k": lambda k: rb.dcg_at_k(SEED, k),
    "idcg_at_k": lambda k: rb.idcg_at_k(SEED, k),
    "ndcg_at_k": lambda k: rb.ndcg_at_k(SEED, k),
    "average_precision": lambda k: rb.average_precision(SEED, 4, k=k),
    "reciprocal_rank": lambda k: rb.reciprocal_rank(SEED, k=k),
    "show_work": lambda k: rb.explain(SEED, 4).show_work(k),
}

# Every core function, called on a given ranked list.
WITH_LIST = {
    "precision_at_k": lambda r: rb.precision_at_k(r, 3),
    "recall_at_k": lambda r: rb.recall_at_k(r, 3, 10),
    "f1_at_k": lambda r: rb.f1_at_k(r, 3, 10),
    "r_precision": lambda r: rb.r_precision(r, 10),
    "success_at_k": lambda r: rb.success_at_k(r, 3),
    "average_precision": lambda r: rb.average_precision(r, 10),
    "reciprocal_rank": lambda r: rb.reciprocal_rank(r),
    "dcg_at_k": lambda r: rb.dcg_at_k(r, 3),
    "ndcg_at_k": lambda r: rb.ndcg_at_k(r, 3),
    "explain": lambda r: rb.explain(r, 10),
}


def check(call, error, *words):
    """call() raises `error`, a RankbookError and ValueError/TypeError, naming `words`."""
    with pytest.raises(error) as caught:
        call()
    exc = caught.value
    assert isinstance(exc, RankbookError)
    builtin = ValueError if issubclass(error, InvalidValueError) else TypeError
    assert isinstance(exc, builtin)
    message = str(exc)
    assert "\n" not in message
    for word in words:
        assert word in message, f"{word!r} not in {message!r}"


def test_error_classes():
    assert issubclass(InvalidValueError, RankbookError) and issubclass(InvalidValueError, ValueError)
    assert issubclass(InvalidTypeError, RankbookError) and issubclass(InvalidTypeError, TypeError)


# --- the cut-off k -------------------------------------------------------------

@pytest.mark.parametrize("name", sorted(WITH_K))
@pytest.mark.parametrize("k", [0, -3])
def test_k_below_one(name, k):
    check(lambda: WITH_K[name](k), InvalidValueError, "k", str(k))


@pytest.mark.parametrize("name", sorted(WITH_K))
def test_k_fractional_float(name):
    check(lambda: WITH_K[name](2.5), InvalidTypeError, "k", "2.5")


@pytest.mark.parametrize("name", sorted(WITH_K))
def test_k_whole_float_suggests_the_int(name):
    check(lambda: WITH_K[name](3.0), InvalidTypeError, "k", "3.0", "k=3")


@pytest.mark.parametrize("name", sorted(WITH_K))
@pytest.mark.parametrize("k", [True, False])
def test_k_bool(name, k):
    check(lambda: WITH_K[name](k), InvalidTypeError, "k", str(k))


@pytest.mark.parametrize("name", sorted(WITH_K))
def test_k_string(name):
    check(lambda: WITH_K[name]("5"), InvalidTypeError, "k", "'5'")


def test_numpy_integer_k_is_fine():
    assert rb.precision_at_k(SEED, np.int64(5)) == 0.6


def test_show_work_past_the_end_counts_the_missing_ranks_as_non_relevant():
    # Issue 23: k past the end is accepted, as trec_eval reads it; P@9 = 4/9 (4 relevant in 8).
    assert "P@9 = relevant in top 9 / 9 = 4/9" in str(rb.explain(SEED, 4).show_work(9))


def test_show_work_below_one():
    check(lambda: rb.explain(SEED, 4).show_work(0), InvalidValueError, "k", "at least 1")


# --- the ranked list -------------------------------------------------------------

@pytest.mark.parametrize("name", sorted(WITH_LIST))
@pytest.mark.parametrize("bad", [math.nan, math.inf, -math.inf, np.nan])
def test_nan_and_inf_grades(name, bad):
    check(lambda: WITH_LIST[name]([1, 0, bad]), InvalidValueError, "relevance[2]", "None")
    check(lambda: WITH_LIST[name](np.array([1.0, bad])), InvalidValueError, "relevance[1]")


@pytest.mark.parametrize("name", sorted(WITH_LIST))
def test_two_dimensional_array(name):
    check(lambda: WITH_LIST[name](np.ones((2, 3))), InvalidValueError, "relevance", "(2, 3)")


@pytest.mark.parametrize("name", sorted(WITH_LIST))
def test_nested_lists(name):
    check(lambda: WITH_LIST[name]([[1, 0], [0, 1]]), InvalidValueError, "relevance")


@pytest.mark.parametrize("name", sorted(WITH_LIST))
def test_a_string_instead_of_a_list(name):
    check(lambda: WITH_LIST[name]("1011"), InvalidTypeError, "relevance", "str")


@pytest.mark.parametrize("name", sorted(WITH_LIST))
def test_string_grades(name):
    check(lambda: WITH_LIST[name]([1, "doc7", 0]), InvalidTypeError, "relevance[1]", "'doc7'")
    check(lambda: WITH_LIST[name](np.array(["a", "b"])), InvalidTypeError, "relevance")


@pytest.mark.parametrize("name", sorted(WITH_LIST))
def test_a_number_instead_of_a_list(name):
    check(lambda: WITH_LIST[name](3), InvalidTypeError, "relevance", "int")


def test_empty_list_is_refused_where_undefined():
    # explain's table has one row per rank: an empty list has none.
    check(lambda: rb.explain([]), InvalidValueError, "relevance", "empty")
    check(lambda: rb.explain(np.array([])), InvalidValueError, "relevance", "empty")


def test_empty_list_is_fine_where_defined():
    # Nothing retrieved: nothing relevant in the top k (trec_eval scores such a run 0).
    assert rb.precision_at_k([], 3) == 0.0
    assert rb.average_precision([], 2) == 0.0
    assert rb.reciprocal_rank([]) == 0.0
    assert rb.ndcg_at_k([], 3, ideal=[1]) == 0.0


@pytest.mark.parametrize("function", [rb.idcg_at_k, lambda g: rb.ndcg_at_k([1, 0], ideal=g),
                                      lambda g: rb.explain([1, 0], ideal=g)])
def test_bad_ideal_is_named(function):
    check(lambda: function([1, math.nan]), InvalidValueError, "ideal[1]")
    check(lambda: function(np.ones((2, 2))), InvalidValueError, "ideal")
    check(lambda: function(["x"]), InvalidTypeError, "ideal[0]")


# --- n_relevant ---------------------------------------------------------------------

N_RELEVANT = {
    "recall_at_k": lambda R: rb.recall_at_k([1, 1, 1, 0], 2, R),
    "f1_at_k": lambda R: rb.f1_at_k([1, 1, 1, 0], 2, R),
    "r_precision": lambda R: rb.r_precision([1, 1, 1, 0], R),
    "average_precision": lambda R: rb.average_precision([1, 1, 1, 0], R),
    "average_precision/min_k": lambda R: rb.average_precision(
        [1, 1, 1, 0], R, k=2, denominator="min_k_relevant"),
    "explain": lambda R: rb.explain([1, 1, 1, 0], R),
}


@pytest.mark.parametrize("name", sorted(N_RELEVANT))
def test_n_relevant_smaller_than_the_relevant_present(name):
    check(lambda: N_RELEVANT[name](2), InvalidValueError, "n_relevant=2", "3")


@pytest.mark.parametrize("name", sorted(set(N_RELEVANT) - {"explain"}))
def test_n_relevant_missing(name):
    # No silent guess: the formulas need R.
    check(lambda: N_RELEVANT[name](None), InvalidValueError, "n_relevant")


@pytest.mark.parametrize("name", sorted(N_RELEVANT))
@pytest.mark.parametrize("bad", [3.0, True, "3"])
def test_n_relevant_of_the_wrong_type(name, bad):
    check(lambda: N_RELEVANT[name](bad), InvalidTypeError, "n_relevant", repr(bad))


def test_n_relevant_with_a_threshold():
    # Grades 1 are not relevant at threshold 2, so R = 1 is enough here.
    assert rb.recall_at_k([2, 1, 1], 3, 1, relevance_level=2) == 1.0
    check(lambda: rb.recall_at_k([2, 2, 1], 3, 1, relevance_level=2), InvalidValueError,
          "n_relevant=1")


def test_explain_without_n_relevant_is_not_an_error():
    assert rb.explain([1, 0, 1]).notes  # leaves R@k, F1@k and AP@k out, with a note


# --- named conventions ----------------------------------------------------------------

@pytest.mark.parametrize("call, argument, value", [
    (lambda: rb.dcg_at_k(SEED, gain="exp"), "gain", "'exp'"),
    (lambda: rb.idcg_at_k(SEED, gain="Linear"), "gain", "'Linear'"),
    (lambda: rb.ndcg_at_k(SEED, gain=None), "gain", "None"),
    (lambda: rb.dcg_at_k(SEED, discount="log"), "discount", "'log'"),
    (lambda: rb.idcg_at_k(SEED, discount="jk"), "discount", "'jk'"),
    (lambda: rb.ndcg_at_k(SEED, discount="ln"), "discount", "'ln'"),
    (lambda: rb.dcg_at_k([], gain="exp"), "gain", "'exp'"),
    (lambda: rb.average_precision(SEED, 4, denominator="R"), "denominator", "'R'"),
    (lambda: rb.average_precision(SEED, denominator="all"), "denominator", "'all'"),
    (lambda: rb.explain(SEED, 4, gain="exp"), "gain", "'exp'"),
    (lambda: rb.explain(SEED, 4, discount="log"), "discount", "'log'"),
    (lambda: rb.explain(SEED, 4, ap_denominator="R"), "ap_denominator", "'R'"),
])
def test_unknown_convention_names(call, argument, value):
    # The message lists the accepted names, so the fix is in the message.
    check(call, InvalidValueError, argument, value)
    with pytest.raises(InvalidValueError) as caught:
        call()
    assert "'" in str(caught.value).split("not one of", 1)[1]


@pytest.mark.parametrize("bad", ["1", None, [1]])
def test_threshold_of_the_wrong_type(bad):
    check(lambda: rb.precision_at_k(SEED, 3, relevance_level=bad), InvalidTypeError,
          "relevance_level")
    if bad is not None:     # explain's own default is None: the metric's default, 1 for the table
        check(lambda: rb.explain(SEED, 4, relevance_level=bad), InvalidTypeError,
              "relevance_level")


@pytest.mark.parametrize("bad", [math.nan, math.inf])
def test_threshold_not_finite(bad):
    with pytest.raises(RankbookError) as caught:
        rb.average_precision(SEED, 4, relevance_level=bad)
    assert isinstance(caught.value, (ValueError, TypeError))
    assert "relevance_level" in str(caught.value)


# --- one rule for every kind of argument --------------------------------------------------
#
# The same mistake raises the same error everywhere (issue 36, item 3).
#
# The rule is written once, in the docstring of rankbook._validate: a value of the wrong
# type (5.0 or "5" for a cut-off, "0.5" for a probability, a bool for either) is an
# InvalidTypeError; a value of the right type out of range (k=0, p=1.5) an
# InvalidValueError; a choice that is not one of the names an InvalidValueError. Every
# message names the argument and shows the value given.
#
# The functions are found, not listed: every public function of the packages below
# (their __all__) that has a parameter named in KINDS is called with the first call of
# its docstring's Examples whose arguments are all literals (the doctests run it, so it
# is valid; else its entry in STARTING_CALLS), the argument replaced by each mistake. A
# new function with a cut-off, a probability, ... is checked without touching this file.

PACKAGES = ("rankbook.metrics", "rankbook.reproducibility", "rankbook.stats",
            "rankbook.aggregate", "rankbook.online", "rankbook.evaluation", "rankbook.compare",
            "rankbook.plots", "rankbook.collections")

WRONG_TYPE, OUT_OF_RANGE = InvalidTypeError, InvalidValueError

# kind: (the parameter names that mean it, the mistakes and the class each must raise)
KINDS = {
    "cut-off": (("k", "wanted"),
                [(5.0, WRONG_TYPE), ("5", WRONG_TYPE), (True, WRONG_TYPE), (0, OUT_OF_RANGE)]),
    "count": (("length", "n", "size", "n_topics", "n_systems", "n_documents", "num_buckets",
               "max_iterations", "n_jobs"),
              [(5.0, WRONG_TYPE), ("5", WRONG_TYPE), (True, WRONG_TYPE), (-1, OUT_OF_RANGE)]),
    "probability": (("p", "persistence", "alpha", "beta"),
                    [("0.5", WRONG_TYPE), (True, WRONG_TYPE), (1.5, OUT_OF_RANGE),
                     (-0.5, OUT_OF_RANGE), (float("nan"), OUT_OF_RANGE)]),
    "confidence level": (("confidence",),
                         [("0.95", WRONG_TYPE), (True, WRONG_TYPE), (95, OUT_OF_RANGE)]),
    "resamples": (("n_resamples",),
                  [(100.0, WRONG_TYPE), ("100", WRONG_TYPE), (0, OUT_OF_RANGE)]),
    "number": (("tau", "rho", "gamma"),
               [("3", WRONG_TYPE), (True, WRONG_TYPE), (-1.5, OUT_OF_RANGE),
                (float("nan"), OUT_OF_RANGE)]),
    "seed": (("seed",), [(1.5, WRONG_TYPE), ("1", WRONG_TYPE), (True, WRONG_TYPE),
                         (-1, OUT_OF_RANGE)]),
    "choice": (("method", "convention", "zero_method", "alternative",
                "unretrieved", "design", "tukey_method", "cutoff_rule", "engine"),
               [("no-such-choice", OUT_OF_RANGE)]),
}

# (function, parameter) whose parameter has a kind's name but another meaning.
NOT_OF_THE_KIND = {
    ("rrf", "k"): "RRF's smoothing constant (60 in Cormack et al. 2009), a number, not a cut-off",
    ("f_beta_at_k", "beta"): "the weight of recall against precision, any number > 0",
    ("f_beta_by_beta", "beta"): "F's weights of recall, numbers > 0",
    ("f_measure_at_ranks", "beta"): "F's weight of recall, any number > 0",
    **{(name, "beta"): "NTCIREVAL's weight of the cumulative gain in the blended ratio, any "
                       "number >= 0 (Sakai's beta = 1)"
       for name in ("q_measure", "o_measure", "p_measure", "p_plus_measure",
                    "normalised_cumulative_utility", "blended_ratio_at_ranks",
                    "d_q_measure", "d_sharp_q_measure")},
    **{(name, "alpha"): "risk's extra weight of a loss, any number >= 0 (1, 5 and 10 are "
                        "usual; Wang et al. 2012)"
       for name in ("risk_weighted_differences", "urisk", "trisk", "georisk",
                    "risk_differences")},
}


def _starting_calls() -> dict:
    """Valid calls of the functions whose Examples build their arguments (a click model, ...)."""
    from rankbook.online import cascade, pbm

    user, a, b = pbm({0: 0, 1: 1}, [1, 1, 1]), ["a", "b", "c"], ["b", "c", "a"]
    return {
        "rank_biased_precision": (([1, 0, 1],), {"persistence": 0.8}),
        "power": (("anova",), {"n_topics": 50, "min_difference": 0.05, "variance": 0.0225,
                               "n_systems": 10}),
        "wilcoxon_test": (([0.2, 0.4, 0.9, 0.3], [0.1, 0.5, 0.6, 0.1]), {}),
        "outcome_distribution": (("team_draft", a, b, user, {"c": 1}), {}),
        "expected_outcome": (("team_draft", a, b, user, {"c": 1}), {}),
        "win_probabilities": (("team_draft", a, b, user, {"c": 1}), {}),
        "preference_probabilities": (("team_draft", [a, b], cascade({0: 0, 1: 1}), {"c": 1}),
                                     {}),
        "simulate_outcomes": (("team_draft", a, b, user, {"c": 1}), {"n": 8, "seed": 2}),
        "sample_clicks": ((cascade({0: 0.5, 1: 1}), [0, 1]), {"size": 2, "seed": 0}),
        "power_curve": (("anova",), {"min_difference": 0.1, "variance": 0.02, "n_systems": 10}),
        "win_tie_loss": ((a, b, user), {"methods": ["balanced"]}),
        "expected_outcomes": ((a, b, {"clicker": user}), {"methods": ["balanced"]}),
        "evaluate_many": (({"q1": {"d1": 1}}, [{"q1": {"d1": 1.0}}], ["P_5"]), {}),
        "d_sharp_gamma": (([[0, 1], [1, 0]], [[1, 0], [0, 1]], 2), {}),
    }


STARTING_CALLS = _starting_calls()

# (function, parameter, mistake) that the function does not yet refuse as the rule says,
# with why; issue 36 item 3 leaves them for a later step (remove a line when it is fixed).
KNOWN_EXCEPTIONS: dict[tuple[str, str, str], str] = {}


def _public_functions():
    for package in PACKAGES:
        module = importlib.import_module(package)
        for name in module.__all__:
            function = getattr(module, name)
            if inspect.isfunction(function):
                yield f"{package}.{name}", function


def _literal_call(function):
    """The first call in the docstring's Examples with only literal arguments, as (args, kwargs)."""
    signature = inspect.signature(function)
    for call in doctest_calls(inspect.getdoc(function) or "", function.__name__):
        try:
            args = [ast.literal_eval(arg) for arg in call.args]
            kwargs = {kw.arg: ast.literal_eval(kw.value) for kw in call.keywords}
            signature.bind(*args, **kwargs)
        except (ValueError, TypeError, SyntaxError):
            continue
        return args, kwargs
    return STARTING_CALLS.get(function.__name__)


def _cases():
    for qualified, function in _public_functions():
        parameters = inspect.signature(function).parameters
        for kind, (names, mistakes) in KINDS.items():
            for parameter in names:
                if parameter in parameters and (function.__name__, parameter) not in NOT_OF_THE_KIND:
                    for bad, error in mistakes:
                        yield pytest.param(function, parameter, bad, error,
                                           id=f"{qualified}-{parameter}={bad!r}")


CASES = list(_cases())


def refusal(function, parameter: str, bad, error) -> str | None:
    """What is wrong with how ``function`` refuses ``parameter=bad``, or None if it is right."""
    call = _literal_call(function)
    if call is None:
        return "has no call with literal arguments in its Examples to start from"
    args, kwargs = call
    bound = inspect.signature(function).bind(*args, **kwargs)
    bound.arguments[parameter] = bad
    try:
        function(*bound.args, **bound.kwargs)
    except Exception as raised:  # noqa: BLE001 - the class is what is checked
        message = str(raised)
        if type(raised) is not error:
            return f"raised {type(raised).__name__} ({message}), not {error.__name__}"
        if not re.search(rf"\b{re.escape(parameter)}\b", message):
            return f"says {message!r}, which does not name {parameter}"
        if repr(bad) not in message and str(bad) not in message:
            return f"says {message!r}, which does not show the value given ({bad!r})"
        return None
    return "accepted it"


def test_every_kind_is_found_in_the_packages():
    # the discovery works: each kind is taken by at least one public function
    found = {parameter for case in CASES for parameter in [case.values[1]]}
    for kind, (names, _) in KINDS.items():
        assert found & set(names), f"no public function takes a {kind}"
    assert len(CASES) > 150


@pytest.mark.parametrize("function,parameter,bad,error", CASES)
def test_the_same_mistake_raises_the_same_error(function, parameter, bad, error):
    key = (function.__name__, parameter, repr(bad))
    problem = refusal(function, parameter, bad, error)
    if key in KNOWN_EXCEPTIONS:
        assert problem is not None, f"{key} is fixed: remove it from KNOWN_EXCEPTIONS"
        pytest.xfail(KNOWN_EXCEPTIONS[key])
    assert problem is None, f"{function.__module__}.{function.__name__}({parameter}={bad!r}) {problem}"


def test_a_function_that_checks_by_hand_differently_is_reported():
    # the can-fail case: a cut-off checked the old way, as kendall_tau_union once did
    from rankbook._errors import InvalidValueError as OldClass

    def kendall_like(ranking, k=1000):
        r"""A stand-in.

        >>> kendall_like(["a", "b"], k=2)
        """
        if not isinstance(k, int) or k < 1:
            raise OldClass(f"k must be a whole number >= 1, got {k!r}.")

    def silent(ranking, k=1000):
        r""">>> silent(["a"], k=2)"""

    def vague(ranking, k=1000):
        r""">>> vague(["a"], k=2)"""
        raise InvalidTypeError("bad input")

    assert "not InvalidTypeError" in refusal(kendall_like, "k", 5.0, WRONG_TYPE)
    assert refusal(kendall_like, "k", 0, OUT_OF_RANGE) is None
    assert refusal(silent, "k", 5.0, WRONG_TYPE) == "accepted it"
    assert "does not name k" in refusal(vague, "k", 5.0, WRONG_TYPE)
