r"""The parameters of the metric registry's rows: `Param`, `ParamValues` and the shared ones.

| name | what |
| --- | --- |
| `Param` | one parameter of a measure: a cut-off (`k` of `P@k`), a setting, the relevance level `rel` |
| `ParamValues` | the value of each parameter of one column, as a per-topic adapter receives them |
| `K`, `ANY_K`, `RECALL_LEVEL`, `RECALL_LEVELS`, `GAIN_MAP`, `PERSISTENCE`, `REL` | the parameters several rows share |

A row (:class:`rankbook.metrics.spec.Metric`) lists its parameters in notation
order: the one written after ``@`` (or in trec_eval's name) first, then the others.
Each names the argument of the row's function that it fills (``keyword``).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from rankbook._errors import InvalidValueError
from rankbook._validate import relevance_level
from rankbook.metrics._settings import gain_map_setting, persistence_setting
from rankbook.metrics.interpolation import ELEVEN_RECALL_LEVELS

#: The symbol of the relevance-level parameter (``P(rel=2)@5``, as ir_measures writes it).
RELEVANCE_SYMBOL = "rel"


@dataclass(frozen=True)
class Param:
    r"""The parameter of a measure.

    Attributes
    ----------
    symbol : str
        Its letter in canonical notation: ``"k"`` in ``P@k``.
    type : type
        ``int`` or ``float``: the type of one value.
    defaults : tuple
        trec_eval's values when the family is named alone (``P`` means
        ``P_5`` ... ``P_1000``).
    cutoffs : bool
        True: each value is a column of its own (``P.5,10`` gives ``P_5`` and
        ``P_10``), as trec_eval's cut-off measures. False: the values together
        are one setting of one column (trec_eval's "params", for example
        ``ndcg.1=3,2=9``), which trec_eval names ``name_<text>``.
    trec_format : str
        How trec_eval writes one cut-off in a column name: ``"{}"`` (``P_10``)
        or ``"{:.2f}"`` (``iprec_at_recall_0.30``).
    low, high : float or None
        The allowed range of a value (inclusive); None: unbounded.
    read : callable or None
        For a setting: turns the text after the dot into the setting's value
        (default: comma-separated numbers of ``type``).
    keyword : str or None
        The argument of the entry's function that the value fills
        (``"k"``, ``"relevance_level"``); ``tests/metrics/test_registry_shape.py``
        checks that the function's signature has it.
    check : callable or None
        Checks a value and returns it (or raises); used where ``low``/``high``
        cannot say it (the relevance level must be > 0).
    """

    symbol: str
    type: type
    defaults: tuple = ()
    cutoffs: bool = True
    trec_format: str = "{}"
    low: float | None = None
    high: float | None = None
    read: Callable[[str], Any] | None = None
    keyword: str | None = None
    check: Callable[[Any], Any] | None = None

    def parse(self, text: str, measure: str, *, trec: bool = False):
        """One value written as ``text`` (in trec_eval notation when ``trec``), checked."""
        value = _number(text, self.type, trec)
        if value is None or (self.low is not None and value < self.low) or \
                (self.high is not None and value > self.high):
            raise InvalidValueError(
                f"measure {measure!r}: {text!r} is not {self.describe()}.")
        if self.check is not None:
            try:
                return self.check(value)
            except InvalidValueError as error:
                raise InvalidValueError(f"measure {measure!r}: {error}") from None
        return value

    def parse_setting(self, text: str, measure: str):
        """The value of a setting written as ``text`` (the part after the dot)."""
        if self.read is not None:
            return self.read(text)
        return tuple(self.parse(part, measure, trec=True) for part in text.split(","))

    def describe(self) -> str:
        """What a value must be, in words, e.g. "a positive whole number"."""
        kind = "a whole number" if self.type is int else "a number"
        if self.type is int and self.low == 1 and self.high is None:
            return "a positive whole number"
        if self.low is not None and self.high is not None:
            return f"{kind} between {self.low:g} and {self.high:g}"
        if self.low is not None:
            return f"{kind} >= {self.low:g}"
        return kind

    def trec_suffix(self, value) -> str:
        """The cut-off as trec_eval appends it to a column name."""
        return self.trec_format.format(value)


class ParamValues:
    """The value of each parameter of one column: ``params.k``, ``params.rel``.

    Immutable and hashable (it is part of a column's key); iterating gives
    ``(symbol, value)`` pairs in the entry's order.

    >>> params = ParamValues((("k", 10), ("rel", 2.0)))
    >>> params.k, params.rel
    (10, 2.0)
    >>> params
    ParamValues(k=10, rel=2.0)
    """

    __slots__ = ("_items",)

    def __init__(self, items=()):
        object.__setattr__(self, "_items", tuple(items))

    def __getattr__(self, symbol: str):
        for name, value in object.__getattribute__(self, "_items"):
            if name == symbol:
                return value
        raise AttributeError(f"no parameter {symbol!r} in {self!r}")

    def __setattr__(self, name, value):
        raise AttributeError("ParamValues is immutable")

    def __iter__(self):
        return iter(self._items)

    def __len__(self) -> int:
        return len(self._items)

    def __eq__(self, other) -> bool:
        return isinstance(other, ParamValues) and self._items == other._items

    def __hash__(self) -> int:
        return hash(self._items)

    def __reduce__(self):
        return ParamValues, (self._items,)

    def __repr__(self) -> str:
        return "ParamValues(" + ", ".join(f"{name}={value!r}" for name, value in self._items) + ")"

    def replace(self, **values) -> ParamValues:
        """These values with some set (or added, after the others)."""
        items = [(name, values.pop(name, value)) for name, value in self._items]
        return ParamValues(items + list(values.items()))


def _number(text: str, kind: type, trec: bool):
    """``text`` as an int or float, or None. trec_eval reads a cut-off like C's atol: 23.4 is 23."""
    text = text.strip()
    try:
        if kind is float:
            return float(text)
        return int(text)
    except ValueError:
        pass
    if kind is int and trec:
        match = re.fullmatch(r"([+-]?\d+)\.\d*", text)
        if match:
            return int(match.group(1))
    return None


#: trec_eval's default cut-offs of P, recall, ndcg_cut and map_cut.
CUTOFFS = (5, 10, 15, 20, 30, 100, 200, 500, 1000)
K = Param("k", int, CUTOFFS, low=1, keyword="k")
ANY_K = Param("k", int, (), low=1, keyword="k")  # a cut-off trec_eval does not compute
RECALL_LEVEL = Param("r", float, ELEVEN_RECALL_LEVELS, trec_format="{:.2f}", low=0.0, high=1.0,
                     keyword="recall_levels")
# trec_eval's settings (one column, the setting printed in its name: ndcg_1=3,2=9)
RECALL_LEVELS = Param("levels", float, ELEVEN_RECALL_LEVELS, cutoffs=False, low=0.0, high=1.0,
                      keyword="recall_levels")
GAIN_MAP = Param("gains", float, (), cutoffs=False, read=gain_map_setting, keyword="gain_map")
PERSISTENCE = Param("p", float, 0.9, cutoffs=False, read=persistence_setting,
                    keyword="persistence")
#: The relevance level of one measure (``P(rel=2)@5``); default: the evaluation's (``-l``).
REL = Param(RELEVANCE_SYMBOL, float, (), cutoffs=False, keyword="relevance_level",
            check=relevance_level)
