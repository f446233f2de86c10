"""Every registry metric of one ranked list has a hand calculation, and each one is right.

Three checks apply to every explainer, each against something the explainer does not compute:

- its value on a list equals what `rb.evaluate` reports for that topic: the registry's
  per-topic adapter, called on the same topic as the evaluator builds it (`TopicData`);
- the arithmetic written in each worked formula, evaluated here from the text alone, gives
  the number printed after it (``1/log2(1+1) + 0/log2(2+1) = 1.0000``);
- its inputs are its function's keyword arguments, each one in the options vocabulary.
"""

from __future__ import annotations

import ast
import inspect
import math
import operator
import random
import re

import numpy as np
import pytest

import rankbook as rb
from rankbook.explain.catalog import explainers, resolve
from rankbook.explain.options import OPTIONS
from rankbook.metrics.registry import METRICS
from rankbook.metrics.spec import TopicData


def _of_one_list(metric) -> bool:
    if metric.function is None:
        return False
    first = next(iter(inspect.signature(metric.function).parameters))
    return first in ("relevance", "ideal", "gains")     # gains: the C/W/L measures


ONE_LIST = [m for m in METRICS if _of_one_list(m)]


def test_every_registry_metric_of_one_list_has_an_explainer():
    missing = [m.name for m in ONE_LIST if m.name not in explainers()]
    assert not missing, f"registry metrics of one list without an explainer: {missing}"
    assert "MAP" not in explainers() and "P@k" in explainers()   # the rule can fail both ways


def test_every_argument_of_a_registry_function_is_in_the_vocabulary():
    for explainer in explainers().values():
        unknown = [name for name in explainer.takes if name not in OPTIONS]
        assert not unknown, f"{explainer.metric}: {unknown} are not in explain.options.OPTIONS"


@pytest.mark.parametrize("name, metric, at", [
    ("P@5", "P@k", 5), ("P_5", "P@k", 5), ("p@5", "P@k", 5), ("ndcg_cut_10", "nDCG@k", 10),
    ("recip_rank", "RR", None), ("rr", "RR", None), ("nDCG@k", "nDCG@k", None),
])
def test_names_are_read_as_the_evaluator_reads_them(name, metric, at):
    explainer, _, cut = resolve(name)
    assert (explainer.metric, cut) == (metric, at)


def test_an_unknown_name_lists_what_can_be_explained():
    with pytest.raises(rb.InvalidValueError, match="not a metric rankbook can explain.*RR"):
        resolve("nDGC@5x")


# --- the value equals the evaluator's, for the same topic ------------------------------------

def _topic(rng: random.Random):
    """A ranked list (some documents unjudged), and every judged grade of its query."""
    n = rng.randint(1, 9)
    grades = [rng.choice([None, 0, 0, 1, 2, 3]) for _ in range(n)]
    unretrieved = [rng.choice([0, 1, 2]) for _ in range(rng.randint(0, 3))]
    ideal = [g for g in grades if g is not None] + unretrieved
    return grades, ideal


def _cwl(explainer) -> bool:
    """A C/W/L measure: five quantities, gains in [0, 1] for INST and NERR (cwl_eval's rule)."""
    return explainer.entry.quantities != ("value",)


def _topics(explainer, many: int) -> int:
    """How many random topics a check runs: a sixth (at least 3) for each of the 18 C/W/L
    measures, which share one explainer (tests/explain/test_explain_cwl.py checks each against
    cwl_eval), so that they add seconds, not tens of seconds, to the suite."""
    if _subtopics(explainer):   # the 9 diversity measures share two explainers' code: a third
        return max(3, many // 3)   # (tests/explain/test_explain_diversity.py checks each vs ndeval)
    return max(3, many // 6) if _cwl(explainer) else many


def _as_gains(explainer, grades, ideal):
    """A C/W/L measure reads the grades 0-3 as gains grade/3 in [0, 1] (as ir_measures'
    max_rel=3 would); every other measure reads them as they are."""
    if not _cwl(explainer):
        return grades, ideal
    return [None if g is None else g / 3 for g in grades], [g / 3 for g in ideal]


def _case_options(explainer, grades, ideal) -> dict:
    """The options of the explainer that describe the topic: R, N and the ideal, as judged."""
    R = sum(g >= 1 for g in ideal)
    N = sum(0 <= g < 1 for g in ideal)
    if explainer.entry.family == "ROC":   # ROC reads an unjudged document as one more negative
        N += sum(g is None for g in grades)
    given = {"n_relevant": R, "n_nonrelevant": N, "ideal": ideal}
    if explainer.metric == "RBP":   # trec_eval 10's scale: the topic's highest judged grade
        given["max_grade"] = max([1, *ideal])
    options = {name: value for name, value in given.items() if name in explainer.takes}
    param = explainer.entry.param
    if explainer.param and param is not None and param.cutoffs and param.type is float:
        options[explainer.param] = param.defaults[0]    # as _param asks the evaluator: r, m
    if explainer.param and param is not None and param.cutoffs and param.type is int:
        options[explainer.param] = len(grades)          # CWL-P@k's k, as _param asks: n
    return options


def _subtopics(explainer) -> bool:
    """A diversity measure: its input is each document's subtopics, not a grade."""
    return explainer.input == "subtopics"


def _subtopic_topic(rng: random.Random):
    """A ranking typed as subtopic tokens, the topic's judged documents likewise, and the two
    (document x subtopic) matrices the evaluator reads (columns a, b, c, d)."""
    names = "abcd"
    judged = [[rng.choice([0, 0, 1, 2]) for _ in names] for _ in range(rng.randint(1, 7))]
    ranked = [rng.choice(judged + [[0] * len(names)]) for _ in range(rng.randint(1, 9))]

    def token(row):
        cells = [s if g == 1 else f"{s}:{g}" for s, g in zip(names, row) if g]
        return ",".join(cells) or "-"

    tokens = [token(row) for row in ranked]
    relevant = [row for row in judged if any(row)]
    for row in ranked:       # a ranked document is a judged one: the judgments hold it as often
        if any(row) and ranked.count(row) > judged.count(row):
            judged.append(row)
    judged = [row for row in judged if row in relevant or row in ranked] or [[0] * len(names)]
    return tokens, " ".join(token(row) for row in judged), np.array(ranked, dtype=float), \
        np.array(judged, dtype=float)


def _inputs(explainer, rng: random.Random):
    """What a random topic types: the list, and the options that describe the topic."""
    if _subtopics(explainer):
        tokens, judged, _, _ = _subtopic_topic(rng)
        return tokens, {"judged": judged}
    grades, ideal = _as_gains(explainer, *_topic(rng))
    return grades, _case_options(explainer, grades, ideal)


def _param(entry, n: int):
    """The parameter the evaluator is asked for: a cut-off at the list's end, else the default."""
    if entry.param is None:
        return None
    if entry.param.cutoffs:
        return n if entry.param.type is int else entry.param.defaults[0]
    return entry.param.defaults


EVALUATED = [e for e in explainers().values() if e.entry.per_topic is not None]


@pytest.mark.parametrize("explainer", EVALUATED, ids=lambda e: e.metric)
def test_the_value_is_the_evaluators_for_the_same_topic(explainer):
    rng = random.Random(explainer.metric)
    entry = explainer.entry
    if _subtopics(explainer):
        return _the_value_is_the_evaluators_for_subtopics(explainer, rng)
    for _ in range(_topics(explainer, 40)):
        grades, ideal = _as_gains(explainer, *_topic(rng))
        judged = np.array([g is not None for g in grades])
        topic = TopicData.of(np.array([0.0 if g is None else g for g in grades]), judged,
                             np.array(ideal, dtype=float), 1.0)
        param = _param(entry, len(grades))
        given = {} if entry.param is None or param is None else {entry.param.symbol: param}
        expected = entry.value(topic, given)
        options = _case_options(explainer, grades, ideal)
        if entry.param is not None and not entry.param.cutoffs and explainer.param:
            name = entry.trec_name or entry.name       # Compat has no trec_eval name
            options[explainer.param] = resolve(name)[1].get(explainer.param)
        got = rb.explain(grades, metric=explainer.metric, **options).value(len(grades))
        if _cwl(explainer):               # C/W/L: five numbers; the explainer's value is EU
            expected = expected[0]
        if isinstance(expected, str):     # relstring
            assert got == expected, (grades, got, expected)
        else:
            assert got == pytest.approx(expected, abs=1e-12), (grades, ideal, got, expected)


def _the_value_is_the_evaluators_for_subtopics(explainer, rng):
    """A diversity measure: the topic's subtopic matrices in TopicData, the tokens typed."""
    import dataclasses

    entry = explainer.entry
    for _ in range(_topics(explainer, 40)):
        tokens, judged, ranked, topic_matrix = _subtopic_topic(rng)
        n = len(tokens)
        topic = dataclasses.replace(
            TopicData.of(np.zeros(n), np.ones(n, dtype=bool), np.zeros(1), 1.0),
            subtopic_grades=ranked, subtopic_judged=topic_matrix)
        param = _param(entry, n)
        expected = entry.value(topic, {} if param is None else {entry.param.symbol: param})
        got = rb.explain(tokens, metric=explainer.metric, judged=judged).value(n)
        assert got == pytest.approx(expected, abs=1e-12), (tokens, judged, got, expected)


# --- the worked formulas add up -------------------------------------------------------------

_OPERATORS = {ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul,
              ast.Div: operator.truediv, ast.Pow: operator.pow, ast.USub: operator.neg}
_FUNCTIONS = {"log2": math.log2, "exp": math.exp, "max": max, "min": min}


def _arithmetic(node):
    """The value of a parsed formula of numbers, + - * / ^, log2, exp, max and min; else None."""
    if isinstance(node, ast.Constant) and isinstance(node.value, (int, float)):
        return node.value
    if isinstance(node, ast.BinOp) and type(node.op) in _OPERATORS:
        left, right = _arithmetic(node.left), _arithmetic(node.right)
        if left is None or right is None:
            return None
        try:
            return _OPERATORS[type(node.op)](left, right)
        except ZeroDivisionError:
            return None
    if isinstance(node, ast.UnaryOp) and type(node.op) in _OPERATORS:
        value = _arithmetic(node.operand)
        return None if value is None else -value
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and \
            node.func.id in _FUNCTIONS and node.args:
        args = [_arithmetic(arg) for arg in node.args]
        return None if None in args else _FUNCTIONS[node.func.id](*args)
    return None


def formula_value(text: str):
    """A side of a worked formula as a number, when it is arithmetic (``2·0.6 / (0.6 + 1)``)."""
    text = text.replace("·", "*").replace("^", "**").replace("×", "*").strip()
    text = re.sub(r"\s*\[.*?\]\s*$", "", text)        # a trailing [remark]
    try:
        return _arithmetic(ast.parse(text, mode="eval").body)
    except SyntaxError:
        return None


def check_worked_formulas(worksheet, decimals: int = 4) -> int:
    """Every arithmetic side of every step equals the number the step ends with; returns how
    many sides were checked."""
    checked = 0
    for step in worksheet.steps:
        sides = step.text.split(" = ")
        if len(sides) < 2:
            continue
        last = formula_value(sides[-1])
        if last is None:
            continue
        for side in sides[1:-1]:
            value = formula_value(side)
            if value is not None:
                # the sides use values already rounded to `decimals`: allow for their error too
                assert abs(value - last) <= 1.5 * 10 ** -decimals * max(1, abs(last)), \
                    (step.text, value)
                checked += 1
    return checked


@pytest.mark.parametrize("explainer", list(explainers().values()), ids=lambda e: e.metric)
def test_the_arithmetic_of_each_worked_formula_gives_its_result(explainer):
    rng = random.Random(f"formulas {explainer.metric}")
    checked = 0
    for _ in range(_topics(explainer, 30)):
        grades, options = _inputs(explainer, rng)
        ex = rb.explain(grades, metric=explainer.metric, **options)
        for k in range(1, len(grades) + 2):
            work = ex.show_work(k)
            checked += check_worked_formulas(work)
            value = ex.value(k)
            final = work.steps[-1].text.rsplit(" = ", 1)[-1].split()[0]
            if isinstance(value, str):    # relstring: the string itself
                assert final == value, (work, value)
                checked += 1
            elif value == value and final != "undefined" and not final.startswith(("(", "[")):
                assert float(final) == pytest.approx(value, abs=0.51e-4), (work, value)
    assert checked > 0, f"{explainer.metric}: no worked formula could be checked"


def test_the_formula_checker_can_fail():
    from rankbook.explain.worksheet import Step, Worksheet

    right = Worksheet((Step("x", "", "DCG@2 = 1/log2(1+1) + 1/log2(2+1) = 1.6309"),))
    wrong = Worksheet((Step("x", "", "DCG@2 = 1/log2(1+1) + 1/log2(3+1) = 1.6309"),))
    assert check_worked_formulas(right) == 1
    with pytest.raises(AssertionError):
        check_worked_formulas(wrong)


@pytest.mark.parametrize("explainer", list(explainers().values()), ids=lambda e: e.metric)
def test_the_latex_of_each_worked_formula_is_well_formed(explainer):
    # A LaTeX command written with one backslash in a Python string ("\frac", "\text") turns
    # into a control character (form feed, tab); braces must pair up for MathJax.
    rng = random.Random(f"latex {explainer.metric}")
    for _ in range(_topics(explainer, 10)):
        grades, options = _inputs(explainer, rng)
        ex = rb.explain(grades, metric=explainer.metric, **options)
        for k in range(1, len(grades) + 2):
            for step in ex.show_work(k).steps:
                assert not re.search(r"[\x00-\x1f]", step.latex), (explainer.metric, step.latex)
                depth = 0
                for character in re.sub(r"\\[{}]", "", step.latex):
                    depth += {"{": 1, "}": -1}.get(character, 0)
                    assert depth >= 0, step.latex
                assert depth == 0, step.latex


def test_the_command_line_explains_one_metric_without_pandas():
    # In the docs' box the command runs in the reader's browser (Pyodide), where loading pandas
    # costs seconds: `rankbook explain --metric` prints its table from the explainer's values.
    import subprocess
    import sys

    probe = ("import sys\nfrom rankbook.cli import main\n"
             "main(['explain', '1', '0', '1', '--metric', 'nDCG@3', '--ideal', '1', '1', '1'])\n"
             "print('pandas' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                         check=True).stdout.splitlines()
    # nDCG@3 = (1 + 1/2) / (1 + 1/log2 3 + 1/2), by hand
    assert out[-1] == "False" and out[-2].endswith("= 0.7039")
