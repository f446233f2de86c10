r"""A measure's parameters in parentheses and its quantities: ``P(rel=2)@5``, ``CWL-RBP:ETU``.

Canonical notation writes a measure's leading parameter after ``@`` (``P@5``,
:mod:`rankbook.evaluation.measures`). Its other parameters go in parentheses after
the name, as ir_measures writes them: ``P(rel=2)@5`` is P@5 with grade 2 the
lowest that counts as relevant, whatever the evaluation's ``relevance_level``;
``CWL-RBP(p=0.8, depth=100)`` sets both of that measure's parameters. A measure
that gives several numbers per topic (C/W/L's EU, ETU, EC, ETC and ED) gives a
column for each, labelled ``name:EU`` ...; ``name:ETU`` asks for one.

Examples
--------
>>> from rankbook.evaluation.measures import parse_measures
>>> [(m.label, m.param, m.relevance_level) for m in parse_measures(["P(rel=2)@5", "P@5"])]
[('P(rel=2)@5', 5, 2.0), ('P@5', 5, None)]
>>> [m.label for m in parse_measures("CWL-RBP(p=0.5)")]
['CWL-RBP(p=0.5):EU', 'CWL-RBP(p=0.5):ETU', 'CWL-RBP(p=0.5):EC', 'CWL-RBP(p=0.5):ETC', 'CWL-RBP(p=0.5):ED']
>>> parse_measures("P(k=5)")
Traceback (most recent call last):
...
rankbook._errors.InvalidValueError: measure 'P(k=5)': write P@k's cut-off after @ (P(...)@5), not in the parentheses.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable

from rankbook._errors import InvalidValueError

_SETTINGS = re.compile(r"(?P<name>[^()]+?)\((?P<settings>[^()]*)\)(?P<after>@[^()]*)?")


def parse_with_settings(text: str, parse: Callable[[str], list]) -> list:
    """The columns of ``text``, which has a ``:quantity`` suffix or ``(name=value, ...)``.

    ``parse`` reads a name without them (the plain grammar).
    """
    name, colon, quantity = text.rpartition(":") if ":" in text else (text, "", "")
    if colon:
        return [_with_quantity(column, quantity, text) for column in parse(name)]
    match = _SETTINGS.fullmatch(text)
    if match is None:
        raise InvalidValueError(
            f"measure {text!r}: parameters go in one pair of parentheses after the name, "
            "before any @, as in P(rel=2)@5 or CWL-RBP(p=0.8).")
    columns = parse(match["name"].strip() + (match["after"] or ""))
    settings = _pairs(match["settings"], text)
    return [_with_settings(column, settings, text) for column in columns]


def each_quantity(columns: list) -> list:
    """The columns with a measure of several quantities expanded: one column per quantity."""
    out = []
    for column in columns:
        quantities = column.metric.quantities
        if column.quantity is not None or len(quantities) == 1:
            out.append(column)
        else:
            out.extend(dataclasses.replace(column, label=f"{column.label}:{quantity}",
                                           quantity=quantity) for quantity in quantities)
    return out


def _pairs(text: str, measure: str) -> list[tuple[str, str]]:
    pairs = []
    for part in filter(None, (p.strip() for p in text.split(","))):
        symbol, equals, value = (item.strip() for item in part.partition("="))
        if not equals or not symbol or not value:
            raise InvalidValueError(
                f"measure {measure!r}: {part!r} is not name=value; write e.g. rel=2.")
        pairs.append((symbol, value))
    if not pairs:
        raise InvalidValueError(f"measure {measure!r}: the parentheses are empty; leave them "
                                "out, or set a parameter, as in P(rel=2)@5.")
    return pairs


def _with_settings(column, pairs: list, text: str):
    metric = column.metric
    settings = dict(column.settings)
    param_value, param_text = column.param, column.param_text
    for symbol, value in pairs:
        param = metric.parameter(symbol)
        if param is None:
            known = ", ".join(p.symbol for p in metric.params) or "none"
            raise InvalidValueError(
                f"measure {text!r}: {metric.name} has no parameter {symbol!r} (its parameters: "
                f"{known}).")
        if param is metric.param and param.cutoffs:
            raise InvalidValueError(
                f"measure {text!r}: write {metric.name}'s cut-off after @ "
                f"({text.split('(')[0]}(...)@{value}), not in the parentheses.")
        if param is metric.param:
            param_value = param.parse_setting(f"{symbol}={value}" if param.read else value, text)
            param_text = f"{symbol}={value}"
        else:
            settings[symbol] = param.parse(value, text)
    ordered = tuple((p.symbol, settings[p.symbol]) for p in metric.params if p.symbol in settings)
    return dataclasses.replace(column, label=text, param=param_value, param_text=param_text,
                               settings=ordered)


def _with_quantity(column, quantity: str, text: str):
    quantities = column.metric.quantities
    if quantity not in quantities or len(quantities) == 1:
        offered = (f"its quantities are {', '.join(quantities)}" if len(quantities) > 1
                   else "it gives one number per topic")
        raise InvalidValueError(
            f"measure {text!r}: {column.metric.name} has no quantity {quantity!r}; {offered}.")
    return dataclasses.replace(column, label=text, quantity=quantity)
