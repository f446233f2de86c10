"""A required argument left out gets the same helpful message from every metric function.

Issue 9: `recall_at_k(grades, 5)` without `n_relevant` was a bare TypeError while
`average_precision` explained itself. Every public function of `rankbook.metrics` now
names the missing argument, says what it means and shows a call that works. The call
shown is run here, so a message can never suggest something that fails.

A function added to `rankbook.metrics.__all__` is covered without editing this file; a
new required parameter name must be added to SAMPLE (the test says so).
"""

from __future__ import annotations

import inspect
import re

import pytest

import rankbook
import rankbook.metrics as metrics
from rankbook import InvalidTypeError, InvalidValueError

# A valid value for each required parameter name, for the arguments that are *not* left out.
# Single-query functions take one list; the means (first parameter `rankings`) one per query.
SAMPLE = {
    "relevance": [1, 0, 1, 1, 0, 1, 0, 0],
    "ideal": [1, 1, 1, 1, 0, 0, 0, 0],
    "k": 5,
    "n_relevant": 4,
    "n_nonrelevant": 4,
    "rankings": [[1, 0, 1, 1, 0, 1, 0, 0], [0, 1]],
    # the diversity measures': (documents x subtopics) grades of the run and of the topic
    "ranked": [[1, 0], [0, 1], [1, 1]],
    "judged": [[1, 0], [0, 1], [1, 1], [0, 0]],
}
PER_QUERY = {"n_relevant": [4, 1]}

FUNCTIONS = [getattr(metrics, name) for name in metrics.__all__]
CASES = [
    (function, parameter.name)
    for function in FUNCTIONS
    for parameter in inspect.signature(function).parameters.values()
    if parameter.default is parameter.empty
]


def test_the_cases_cover_every_public_metric_function():
    # 22 public functions when this test was written (rankbook/metrics/__init__.py), each
    # with at least one required argument.
    assert len(FUNCTIONS) >= 22
    assert {function for function, _ in CASES} == set(FUNCTIONS)


def _arguments_without(function, missing: str) -> dict:
    parameters = inspect.signature(function).parameters
    per_query = "rankings" in parameters
    kwargs = {}
    for parameter in parameters.values():
        if parameter.default is not parameter.empty or parameter.name == missing:
            continue
        assert parameter.name in SAMPLE, (
            f"{function.__name__} has a new required parameter {parameter.name!r}: add a valid "
            "value for it to SAMPLE in this test"
        )
        value = PER_QUERY.get(parameter.name) if per_query else None
        kwargs[parameter.name] = value if value is not None else SAMPLE[parameter.name]
    return kwargs


def _check_message(message: str, function, missing: str) -> None:
    name = function.__name__
    head = f"{name}() needs {missing}: "
    assert message.startswith(head), message
    meaning, separator, example = message[len(head):].partition(" For example: ")
    assert separator, f"no example in: {message}"
    assert len(meaning.split()) >= 3 and not re.search(r"\$|``", meaning), meaning
    # The example is a call of this very function, with literal values, that works.
    assert example.startswith(f"{name}(") and example.endswith(")"), example
    value = eval(example, {name: function})  # noqa: S307 (a literal call, built by us)
    assert value is not None


@pytest.mark.parametrize(("function", "missing"), CASES,
                         ids=[f"{f.__name__}-{m}" for f, m in CASES])
def test_a_missing_argument_is_named_explained_and_exemplified(function, missing):
    kwargs = _arguments_without(function, missing)
    with pytest.raises(InvalidTypeError) as caught:
        function(**kwargs)
    assert isinstance(caught.value, TypeError)  # as Python's own error would be
    _check_message(str(caught.value), function, missing)


def test_recall_without_n_relevant_the_issues_example():
    with pytest.raises(TypeError, match=r"recall_at_k\(\) needs n_relevant: R, the number of "
                                        r"relevant documents"):
        rankbook.recall_at_k([1, 0, 1, 1, 0], 5)


@pytest.mark.parametrize("call", [
    lambda: rankbook.average_precision([1, 0, 1, 0, 1]),
    lambda: rankbook.average_precision([1, 0, 1, 0, 1], None, denominator="min_k_relevant"),
])
def test_none_where_the_formula_needs_a_value_reads_the_same(call):
    # n_relevant is optional for AP (the "retrieved_relevant" denominator does without R),
    # so None is not a Python TypeError: the message has the same form nonetheless.
    with pytest.raises(InvalidValueError) as caught:
        call()
    _check_message(str(caught.value), rankbook.average_precision, "n_relevant")


def test_the_means_name_the_query_and_the_function_that_needs_r():
    with pytest.raises(InvalidValueError,
                       match=r"^query 0 \(rankings\[0\]\): average_precision\(\) needs "
                             r"n_relevant: "):
        rankbook.mean_average_precision([[1, 0, 1]], None)


@pytest.mark.parametrize(("call", "expected"), [
    (lambda: rankbook.precision_at_k([1, 0], 3, 4), "takes 2 positional arguments"),
    (lambda: rankbook.precision_at_k([1, 0], 3, cutoff=4), "unexpected keyword argument"),
    (lambda: rankbook.precision_at_k([1, 0], "3"), "k must be a positive integer"),
])
def test_other_type_errors_are_left_as_they_were(call, expected):
    with pytest.raises(TypeError, match=expected) as caught:
        call()
    assert "needs" not in str(caught.value)


def test_the_decorated_functions_keep_their_names_signatures_and_docstrings():
    for function in FUNCTIONS:
        unwrapped = inspect.unwrap(function)
        assert unwrapped is not function, f"{function.__name__} is not decorated"
        assert function.__doc__ == unwrapped.__doc__ and function.__doc__
        assert inspect.signature(function) == inspect.signature(unwrapped)
        assert function.__module__.startswith("rankbook.metrics.")
