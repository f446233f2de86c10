"""What a parameter means and a call that works, read from a function's numpydoc docstring.

`missing_argument_message` uses them to word the error of a missing argument: the
meaning is the first sentence of the parameter's entry under Parameters, the example
the first call in the Examples section whose arguments are all literals (which the
doctests run, so it works).

Missing arguments
-----------------
Every public metric function is decorated with `explains_missing_arguments`: a
call that leaves out a required argument (``recall_at_k(grades, 5)``), or
passes None where the formula needs a value (``average_precision(grades)``),
raises an error that names the argument, says what it means (the first
sentence of its entry under Parameters in the function's docstring) and shows
a call that works (taken from the docstring's Examples, which the doctests
run). The wording lives here once, so it is the same for every function.

`rankbook._validate` imports `explains_missing_arguments` and `MissingArgument`, so
the metrics reach them as ``_validate.explains_missing_arguments``.
"""

from __future__ import annotations

import ast
import functools
import inspect
import re

from rankbook._errors import InvalidTypeError, InvalidValueError


def parameter_meaning(doc: str, name: str) -> str:
    """The first sentence of ``name``'s description under Parameters, or ''."""
    section = re.search(r"^Parameters\n-+\n(.*?)(?:\n\n[A-Z][A-Za-z ]+\n-+\n|\Z)", doc,
                        re.DOTALL | re.MULTILINE)
    if not section:
        return ""
    entry = re.search(rf"^(?:[\w, ]+, )?{re.escape(name)}(?:, [\w, ]+)? :.*\n((?:[ \t]+.*\n?)+)",
                      section.group(1), re.MULTILINE)
    if not entry:
        return ""
    text = " ".join(entry.group(1).split()).replace("``", "").replace("$", "")
    sentence = re.match(r"(.+?\.)(?:\s|$)", text)
    text = sentence.group(1) if sentence else text
    if len(text) > 1 and text[0].isupper() and text[1].islower():
        text = text[0].lower() + text[1:]  # "Grades of ..." reads on after the colon
    return text


def example_call(doc: str, function_name: str, signature, name: str) -> str:
    """A call of the function that gives ``name``: from the doctests, else from samples.

    The first call in the docstring's examples whose arguments are all literals is
    used; a name bound to a literal by an earlier doctest line (``runs = [[1, 0], [0, 1]]``)
    is replaced by that literal, so the example stands on its own. Without one, the
    required arguments are filled with small sample values.
    """
    calls = list(doctest_calls(doc, function_name))
    for accept_none in (False, True):
        for call in calls:
            if _gives_literally(call, signature, name, accept_none):
                return ast.unparse(call)
    return _sample_call(function_name, signature)


def doctest_calls(doc: str, function_name: str):
    """The calls of ``function_name`` in the doctests, with known names substituted."""
    statements = []
    for line in doc.splitlines():
        stripped = line.strip()
        if stripped.startswith(">>> "):
            statements.append(stripped[4:])
        elif stripped.startswith("... ") and statements:
            statements[-1] += " " + stripped[4:].strip()
    known: dict[str, ast.expr] = {}
    for statement in statements:
        try:
            tree = _Substitute(known).visit(ast.parse(statement))
        except SyntaxError:
            continue
        for node in ast.walk(tree):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                    and node.func.id == function_name):
                yield node
        for node in tree.body:  # remember `x = <literal>` and `x, y = <literal>, <literal>`
            if isinstance(node, ast.Assign) and len(node.targets) == 1:
                _remember(node.targets[0], node.value, known)


def _remember(target, value, known: dict) -> None:
    if isinstance(target, ast.Name) and _is_literal(value):
        known[target.id] = value
    elif (isinstance(target, ast.Tuple) and isinstance(value, ast.Tuple)
          and len(target.elts) == len(value.elts)):
        for name, element in zip(target.elts, value.elts):
            _remember(name, element, known)


#: Small valid values for the usual required parameters, for functions whose doctests
#: have no call with literal arguments.
_SAMPLES = {"relevance": [1, 0, 1, 1, 0], "ideal": [1, 1, 1, 0, 0], "k": 5, "n_relevant": 3,
            "n_nonrelevant": 2, "rankings": [[1, 0, 1], [0, 1]]}


def _sample_call(function_name: str, signature) -> str:
    parameters = signature.parameters
    arguments = []
    for parameter in parameters.values():
        if parameter.default is not parameter.empty or parameter.kind in (
                parameter.VAR_POSITIONAL, parameter.VAR_KEYWORD):
            continue
        if parameter.name not in _SAMPLES:
            return ""
        value = _SAMPLES[parameter.name]
        if parameter.name == "n_relevant" and "rankings" in parameters:
            value = [2, 1]  # one R per query of the sample rankings
        arguments.append(value if parameter.kind != parameter.KEYWORD_ONLY
                         else f"{parameter.name}={value!r}")
    shown = [a if isinstance(a, str) and "=" in a else repr(a) for a in arguments]
    return f"{function_name}({', '.join(shown)})"


class _Substitute(ast.NodeTransformer):
    """Replace names bound to literals by the literals."""

    def __init__(self, known: dict):
        self.known = known

    def visit_Name(self, node: ast.Name):
        if isinstance(node.ctx, ast.Load) and node.id in self.known:
            return self.known[node.id]
        return node


def _is_literal(node: ast.expr) -> bool:
    try:
        ast.literal_eval(node)
    except (ValueError, TypeError, SyntaxError):
        return False
    return True


def _gives_literally(call: ast.Call, signature, name: str, accept_none: bool) -> bool:
    """Whether ``call`` passes ``name`` (not None, unless accepted), every argument a literal."""
    if not all(_is_literal(arg) for arg in [*call.args, *(kw.value for kw in call.keywords)]):
        return False
    args = [ast.literal_eval(arg) for arg in call.args]
    kwargs = {kw.arg: ast.literal_eval(kw.value) for kw in call.keywords}
    try:
        bound = signature.bind(*args, **kwargs)
    except TypeError:
        return False
    return name in bound.arguments and (accept_none or bound.arguments[name] is not None)


class MissingArgument(InvalidValueError):
    """A check found None where the formula needs a value.

    `explains_missing_arguments` rewords it with the function's own docstring;
    raised outside a decorated function, it still says what to pass.
    """

    def __init__(self, name: str):
        self.name = name
        super().__init__(f"{name} is required by this formula; pass {name}=... "
                         f"(see the function's Parameters).")


def explains_missing_arguments(function):
    """Decorate a public function so that a missing argument gets a helpful message.

    A call that leaves out a required argument raises `InvalidTypeError` (a
    ``TypeError``, as Python's own would be), and a check that finds None where
    the formula needs a value raises `InvalidValueError`; both messages come from
    `missing_argument_message`. Nothing is added to a call that succeeds but a
    ``try``.
    """
    signature = inspect.signature(function)

    @functools.wraps(function)
    def checked(*args, **kwargs):
        try:
            return function(*args, **kwargs)
        except MissingArgument as missing:
            raise InvalidValueError(missing_argument_message(function, missing.name)) from None
        except TypeError:
            name = _first_missing(signature, args, kwargs)
            if name is None:
                raise
            raise InvalidTypeError(missing_argument_message(function, name)) from None

    return checked


def missing_argument_message(function, name: str) -> str:
    """``f() needs NAME: what it means. For example: a call that works.``

    The meaning is the first sentence of ``name``'s entry under Parameters in
    the docstring of ``function``; the example is the first call of
    ``function`` in its Examples that passes ``name`` with literal values.
    """
    doc = inspect.getdoc(function) or ""
    meaning = parameter_meaning(doc, name)
    example = example_call(doc, function.__name__, inspect.signature(function), name)
    message = f"{function.__name__}() needs {name}"
    message += f": {meaning}" if meaning else "."
    if example:
        message += f" For example: {example}"
    else:
        message += f" See help(rankbook.{function.__name__})."
    return message


def _first_missing(signature: inspect.Signature, args, kwargs) -> str | None:
    """The first required parameter that ``args``/``kwargs`` leave out, or None."""
    try:
        bound = signature.bind_partial(*args, **kwargs)
    except TypeError:
        return None  # too many arguments or an unknown keyword: Python's message says it
    for parameter in signature.parameters.values():
        required = parameter.default is parameter.empty and parameter.kind not in (
            parameter.VAR_POSITIONAL, parameter.VAR_KEYWORD)
        if required and parameter.name not in bound.arguments:
            return parameter.name
    return None
