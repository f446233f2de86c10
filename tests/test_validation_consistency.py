"""The same mistake raises the same error everywhere (issue 36, item 3).

The rule is written once, in the docstring of rankbook._validate: a value of the wrong
type (5.0 or "5" for a cut-off, "0.5" for a probability, a bool for either) is an
InvalidTypeError; a value of the right type out of range (k=0, p=1.5) an
InvalidValueError; a choice that is not one of the names an InvalidValueError. Every
message names the argument and shows the value given.

The functions are found, not listed: every public function of the packages below
(their __all__) that has a parameter named in KINDS is called with the first call of
its docstring's Examples whose arguments are all literals (the doctests run it, so it
is valid), the argument replaced by each mistake. A new function with a cut-off, a
probability, ... is checked without touching this file.
"""

from __future__ import annotations

import ast
import importlib
import inspect
import re

import pytest

from rankbook import InvalidTypeError, InvalidValueError
from rankbook._examples import doctest_calls

PACKAGES = ("rankbook.metrics", "rankbook.reproducibility", "rankbook.stats",
            "rankbook.aggregate", "rankbook.online", "rankbook.evaluation", "rankbook.compare",
            "rankbook.plots")

WRONG_TYPE, OUT_OF_RANGE = InvalidTypeError, InvalidValueError

# kind: (the parameter names that mean it, the mistakes and the class each must raise)
KINDS = {
    "cut-off": (("k", "wanted"),
                [(5.0, WRONG_TYPE), ("5", WRONG_TYPE), (True, WRONG_TYPE), (0, OUT_OF_RANGE)]),
    "count": (("length", "n", "size", "n_topics", "n_systems", "n_documents", "num_buckets",
               "max_iterations"),
              [(5.0, WRONG_TYPE), ("5", WRONG_TYPE), (True, WRONG_TYPE), (-1, OUT_OF_RANGE)]),
    "probability": (("p", "persistence", "alpha", "beta"),
                    [("0.5", WRONG_TYPE), (True, WRONG_TYPE), (1.5, OUT_OF_RANGE),
                     (-0.5, OUT_OF_RANGE), (float("nan"), OUT_OF_RANGE)]),
    "confidence level": (("confidence",),
                         [("0.95", WRONG_TYPE), (True, WRONG_TYPE), (95, OUT_OF_RANGE)]),
    "resamples": (("n_resamples",),
                  [(100.0, WRONG_TYPE), ("100", WRONG_TYPE), (0, OUT_OF_RANGE)]),
    "choice": (("method", "convention", "zero_method", "alternative",
                "unretrieved", "design", "tukey_method", "cutoff_rule"),
               [("no-such-choice", OUT_OF_RANGE)]),
}

# (function, parameter) whose parameter has a kind's name but another meaning.
NOT_OF_THE_KIND = {
    ("rrf", "k"): "RRF's smoothing constant (60 in Cormack et al. 2009), a number, not a cut-off",
    ("f_beta_at_k", "beta"): "the weight of recall against precision, any number > 0",
    ("f_beta_by_beta", "beta"): "F's weights of recall, numbers > 0",
    ("f_measure_at_ranks", "beta"): "F's weight of recall, any number > 0",
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
