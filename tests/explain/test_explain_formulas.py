"""explain's worked formulas say what the arithmetic does, for every convention.

The gain, the discount and AP's denominator of a worked formula come from the same entries
of ``rankbook.metrics.dcg.GAINS`` / ``DISCOUNTS`` and
``rankbook.metrics.average_precision.AP_DENOMINATORS`` as the arithmetic. Here each printed
formula is evaluated back (a small arithmetic evaluator: numbers, + - * / ^, log2) and must
give the printed value, computed by the metric functions, for every convention: a convention
added to those tables with a wrong formula text fails here.
"""

from __future__ import annotations

import ast
import math
import operator

import pytest

from rankbook.explain import explain
from rankbook.metrics.average_precision import AP_DENOMINATORS
from rankbook.metrics.dcg import DISCOUNTS, GAINS

GRADES = [3, 0, 2, 1, 0, 3, 0, 1]
IDEAL = [3, 3, 2, 2, 1, 1, 0, 0, 0]
OPERATORS = {ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul,
             ast.Div: operator.truediv, ast.Pow: operator.pow}


def _evaluate(text: str) -> float:
    """The value of a plain-text formula such as ``(2^3-1)/log2(3) + 1/log2(2+1)``."""
    def value(node):
        if isinstance(node, ast.Constant) and isinstance(node.value, (int, float)):
            return node.value
        if isinstance(node, ast.BinOp) and type(node.op) in OPERATORS:
            return OPERATORS[type(node.op)](value(node.left), value(node.right))
        if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "log2":
            return math.log2(value(node.args[0]))
        raise ValueError(f"not arithmetic: {ast.dump(node)}")
    return value(ast.parse(text.replace("^", "**").replace("·", "*"), mode="eval").body)


def _parts(line: str) -> tuple[str, float]:
    """The substituted expression of a worked line and the value it prints."""
    left, expression, printed = line.split("   [")[0].rsplit(" = ", 2)
    return expression, float(printed)


@pytest.mark.parametrize("gain", list(GAINS))
@pytest.mark.parametrize("discount", list(DISCOUNTS))
@pytest.mark.parametrize("k", [1, 2, 3, 8])
def test_dcg_formulas_evaluate_to_the_printed_value(gain, discount, k):
    ex = explain(GRADES, n_relevant=6, ideal=IDEAL, gain=gain, discount=discount)
    lines = str(ex.show_work(k, decimals=12)).splitlines()
    for name in ("DCG", "IDCG"):
        [line] = [line for line in lines if line.startswith(f"{name}@{k} = ")]
        expression, printed = _parts(line)
        assert _evaluate(expression) == pytest.approx(printed, abs=1e-11), line
        assert printed == pytest.approx(ex.table.loc[k, f"{name}@k"], abs=1e-11)


@pytest.mark.parametrize("denominator", list(AP_DENOMINATORS))
@pytest.mark.parametrize("k", [1, 4, 8])
def test_ap_formulas_evaluate_to_the_printed_value(denominator, k):
    ex = explain(GRADES, n_relevant=6, ap_denominator=denominator)
    [line] = [line for line in str(ex.show_work(k, decimals=12)).splitlines()
              if line.startswith(f"AP@{k} = ")]
    expression, printed = _parts(line)
    assert _evaluate(expression) == pytest.approx(printed, abs=1e-11), line
    assert printed == pytest.approx(ex.table.loc[k, "AP@k"], abs=1e-11)


def test_the_conventions_are_all_exercised():
    assert len(GAINS) * len(DISCOUNTS) == 4 and len(AP_DENOMINATORS) == 3
    assert _evaluate("(2^3-1)/log2(3) + 1") == pytest.approx(7 / math.log2(3) + 1)
