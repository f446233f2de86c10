r"""Measure names, canonical (``P@10``) or trec_eval (``P_10``, ``P.5,10``, ``P``), read from the registry.

Nothing here lists a metric: the grammar is built from
:data:`rankbook.metrics.registry.METRICS`. Canonical notation is an entry's
name, with its parameter written after ``@`` (``P@k`` accepts ``P@10``).
trec_eval notation is an entry's trec_eval name: alone it means trec_eval's
default parameters (``P`` is ``P_5`` ... ``P_1000``), with ``_`` one cut-off
(``P_10``), with ``.`` a list (``P.5,10``, which gives the columns ``P_5`` and
``P_10``), and ``all_trec`` is every measure of trec_eval's ``-m all_trec``.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from rankbook._errors import InvalidTypeError, InvalidValueError
from rankbook.evaluation import ir_measures_names, measure_settings
from rankbook.evaluation._spelling import closest, respellings
from rankbook.evaluation.measure_lists import canonical_names, trec_names
from rankbook.metrics.registry import METRICS
from rankbook.metrics.spec import RELEVANCE_SYMBOL, Metric, ParamValues

class UnknownMeasureError(InvalidValueError):
    """No measure has this name (a known name with a bad parameter raises InvalidValueError)."""


#: trec_eval's default measures (what ``trec_eval qrels run`` prints).
DEFAULT_MEASURES = ("runid", "num_q", "num_ret", "num_rel", "num_rel_ret", "map", "gm_map",
                    "Rprec", "bpref", "recip_rank", "iprec_at_recall", "P")


@dataclass(frozen=True)
class Measure:
    """One column of the result: a registry entry, its parameters' values, one quantity.

    ``label`` is the column's name as the user wrote it (a trec_eval family
    expands to trec_eval's names: ``P.5,10`` gives ``P_5`` and ``P_10``).
    ``param`` is the value of the entry's leading parameter (``k`` of ``P@k``);
    ``param_text`` a setting's parameter as written (trec_eval prints it in
    the measure's name). ``settings`` holds the other parameters given in
    parentheses, ``(("rel", 2.0),)`` for ``P(rel=2)@5``; a parameter not given
    takes its default (``rel``: the evaluation's relevance level). ``quantity``
    is which of the entry's quantities the column holds (None: its only one).
    """

    label: str
    metric: Metric
    param: Any = None
    param_text: str | None = None
    settings: tuple = ()
    quantity: str | None = None

    def __deepcopy__(self, memo) -> Measure:
        # An immutable value, as a str is: pandas deep-copies a frame's attrs (which list the
        # columns' Measures) on every column it hands out, and copying the registry entry
        # behind each Measure made ``table["map"]`` cost milliseconds.
        return self

    @property
    def family(self) -> str:
        """trec_eval's family name (the entry's name when trec_eval has none)."""
        return self.metric.trec_name or self.metric.name

    @property
    def params(self) -> ParamValues:
        """The parameter values the column was given (its leading one, then ``settings``)."""
        leading = self.metric.param
        given = () if leading is None or self.param is None else ((leading.symbol, self.param),)
        return ParamValues(given + self.settings)

    @property
    def key(self) -> tuple:
        """What identifies the values: (entry name, parameter values, quantity)."""
        return (self.metric.name, self.params, self.quantity)

    @property
    def relevance_level(self) -> float | None:
        """The column's own relevance level (``P(rel=2)@5``), or None: the evaluation's."""
        return dict(self.settings).get(RELEVANCE_SYMBOL)

    def arguments(self, level: float) -> ParamValues:
        """A value for every parameter of the entry, as its adapter receives them
        (``rel`` defaulting to ``level``, the evaluation's): :meth:`Metric.arguments`."""
        return self.metric.arguments(self.params, level)

    @property
    def info(self) -> Metric:
        """The registry entry that computes it."""
        return self.metric

    @property
    def trec(self) -> str:
        """trec_eval's name, e.g. ``P_10`` or ``iprec_at_recall_0.30``."""
        name = self.metric.trec_name
        if name is None or self.settings or self.quantity is not None:
            return self.label
        if self.param is None or self.param_text is None and not self.metric.param.cutoffs:
            return name
        if self.metric.param.cutoffs:
            return f"{name}_{self.metric.param.trec_suffix(self.param)}"
        return f"{name}_{self.param_text}"


def parse_measures(measures: str | Sequence[str] | None, *, trec_eval: str = "9",
                   metrics: tuple[Metric, ...] = METRICS) -> list[Measure]:
    r"""Turn measure names (canonical or trec_eval notation) into result columns.

    Parameters
    ----------
    measures : str, sequence of str or None
        Names such as ``"P@10"``, ``"P.5,10"``, ``"ndcg_cut"`` or ``"all_trec"``;
        None means trec_eval's default set (``runid`` and ``num_q`` are then
        left out of the columns: they are in ``result.attrs``).
    trec_eval : {"9", "10"}, default "9"
        Whose ``all_trec`` to expand (10 adds measures).
    metrics : tuple of Metric, default the registry
        The entries to read names from.

    Returns
    -------
    list of Measure
        One per column, in the order given (a family expands in place), each
        label once.

    Examples
    --------
    >>> [m.trec for m in parse_measures(["P@10", "map_cut.5,10", "iP@0.3"])]
    ['P_10', 'map_cut_5', 'map_cut_10', 'iprec_at_recall_0.30']
    >>> [m.label for m in parse_measures("P.5,10")]
    ['P_5', 'P_10']
    """
    grammar = _grammar(metrics)
    if measures is None:
        return [m for name in DEFAULT_MEASURES if name not in ("runid", "num_q")
                for m in _parse_one(name, grammar, trec_eval)]
    if isinstance(measures, str):
        measures = [measures]
    if not isinstance(measures, Sequence):
        raise InvalidTypeError(
            f"measures must be a list of measure names such as ['P@10', 'map'], got "
            f"{type(measures).__name__}.")
    groups = [(name, measure_settings.each_quantity(_parse_one(name, grammar, trec_eval)))
              for name in measures]
    return _with_overrides(groups, grammar)


def _with_overrides(groups: list, grammar: _Grammar) -> list[Measure]:
    """The columns in order, each label once; trec_eval's ``name.params`` replace defaults.

    In trec_eval, ``-m all_trec -m P.5,7`` gives P_5 and P_7 only: parameters given for a
    measure replace its default ones. So the columns a trec_eval family gets from its
    defaults (``all_trec`` or the bare name) give way to the columns of ``family.params``,
    which take the place of the first of them. Canonical names (``P@10``) are columns of
    their own and stay.
    """
    explicit: dict[str, list[Measure]] = {}
    for name, columns in groups:
        for column in columns:
            if _explicit(name, column.metric):
                explicit.setdefault(column.metric.name, []).append(column)
    result: list[Measure] = []
    placed: set[str] = set()
    for name, columns in groups:
        for column in columns:
            entry = column.metric.name
            replaced = entry in explicit and (_explicit(name, column.metric)
                                              or _from_defaults(name, column.metric))
            if not replaced:
                result.append(column)
            elif entry not in placed:
                placed.add(entry)
                result.extend(explicit[entry])
    unique: dict[str, Measure] = {}
    for column in result:
        unique.setdefault(column.label, column)
    return list(unique.values())


def _from_defaults(name, metric: Metric) -> bool:
    """Whether ``name`` gives ``metric`` its default parameters (``all_trec`` or the bare name)."""
    text = str(name).strip()
    return text == "all_trec" or text in metric.trec_eval


def _explicit(name, metric: Metric) -> bool:
    """Whether ``name`` is ``family.params`` in trec_eval notation for ``metric``."""
    text = str(name).strip()
    return any(text.startswith(f"{family}.") for family in metric.trec_eval)


@dataclass(frozen=True)
class _Grammar:
    """The registry's names, indexed for parsing."""

    metrics: tuple[Metric, ...]
    exact: dict            # canonical name -> (entry evaluated, entry named)
    prefixes: list         # (prefix such as "P@", entry evaluated, entry named), longest first
    trec: dict             # trec_eval family name -> entry
    unevaluated: dict      # name or prefix of a textbook-only entry -> entry


@lru_cache(maxsize=4)
def _grammar(metrics: tuple[Metric, ...]) -> _Grammar:
    by_name = {metric.name: metric for metric in metrics}
    exact, prefixes, trec, unevaluated = {}, [], {}, {}
    for metric in metrics:
        target = by_name[metric.same_as] if metric.same_as else metric
        for spelling in (metric.name, *metric.aliases):
            symbol = f"@{target.param.symbol}" if target.param is not None else None
            if not target.evaluable:
                unevaluated[spelling.split("@")[0] + ("@" if "@" in spelling else "")] = metric
            elif symbol and spelling.endswith(symbol):
                prefixes.append((spelling[:-len(symbol) + 1], target, metric))
            else:
                exact[spelling] = (target, metric)
        if metric.evaluable:
            trec.update({name: metric for name in metric.trec_eval})
    prefixes.sort(key=lambda item: len(item[0]), reverse=True)
    return _Grammar(metrics, exact, prefixes, trec, unevaluated)


def _parse_one(name, grammar: _Grammar, trec_eval: str, fold: bool = True) -> list[Measure]:
    if not isinstance(name, str):
        raise InvalidTypeError(f"a measure name must be a string such as 'P@10', got {name!r}.")
    text = name.strip()
    if ":" in text or "(" in text:
        try:
            return measure_settings.parse_with_settings(
                text, lambda part: _parse_one(part, grammar, trec_eval, fold))
        except InvalidValueError as error:
            if not fold:
                raise
            return _as_ir_measures_writes_it(text, grammar, trec_eval, error)
    if text == "all_trec":
        return [m for metric in grammar.metrics
                if metric.evaluable and metric.trec_eval and trec_eval in metric.all_trec
                for m in _defaults(metric)]
    if text in grammar.exact:
        metric = grammar.exact[text][0]
        setting = metric.param is not None and not metric.param.cutoffs
        return [Measure(text, metric, metric.param.defaults if setting else None)]
    for prefix, metric, _ in grammar.prefixes:
        if text.startswith(prefix) and metric.param.cutoffs:
            return [Measure(text, metric, _value(metric, text[len(prefix):], text, trec=False))]
    if text in grammar.trec:
        return _defaults(grammar.trec[text])
    for family in sorted(grammar.trec, key=len, reverse=True):
        for joiner in ("_", "."):
            rest = text[len(family) + 1:]
            if text.startswith(family + joiner) and not _another_name(grammar.trec[family],
                                                                      joiner, rest):
                return _with_parameters(grammar.trec[family], joiner, rest, text)
    base, at, value = text.partition("@")
    if at and base in grammar.exact and grammar.exact[base][0].param is not None \
            and grammar.exact[base][0].param.symbol in _SETTINGS_AFTER_AT:
        metric = grammar.exact[base][0]  # RBP@0.8: the persistence, as cwl_eval writes it
        setting = f"{metric.param.symbol}={value}"
        return [Measure(text, metric, metric.param.parse_setting(setting, text), setting)]
    if fold:
        return _case_folded(text, grammar, trec_eval)
    raise UnknownMeasureError(f"unknown measure {text!r}.")  # a respelling, or a suggestion


#: The settings canonical notation writes after ``@``: RBP's persistence (``RBP@0.8``, as
#: cwl_eval writes it; ir_measures writes ``RBP(p=0.8)``, trec_eval 10 ``rbp.p=0.8``).
_SETTINGS_AFTER_AT = ("p",)


def _case_folded(text: str, grammar: _Grammar, trec_eval: str) -> list[Measure]:
    """``text`` read without regard to case, when that names one measure (``NDCG@10``).

    Each respelling in the registry's case (`_spelling.respellings`) is parsed; if they
    all give the same columns, the first is kept (``Map``: ``MAP``, the canonical name,
    not trec_eval's ``map``). A respelling with a bad parameter (``NDCG@10x``) raises
    its error, naming what the user wrote; none, or two meanings, the unknown name's.
    """
    parsed, errors = [], []
    for spelling in respellings(text, grammar):
        try:
            parsed.append(_parse_one(spelling, grammar, trec_eval, fold=False))
        except UnknownMeasureError:
            continue
        except InvalidValueError as error:  # a measure's name, with a bad parameter
            errors.append(str(error).replace(repr(spelling), repr(text)))
    meanings = {tuple(column.key for column in columns) for columns in parsed}
    if len(meanings) == 1:
        return parsed[0]
    if not parsed and errors:
        raise InvalidValueError(errors[0])
    unknown = UnknownMeasureError(_unknown(text, grammar))
    if parsed:  # two measures of the registry: ambiguous, whatever ir_measures calls it
        raise unknown
    return _as_ir_measures_writes_it(text, grammar, trec_eval, unknown)


def _as_ir_measures_writes_it(text: str, grammar: _Grammar, trec_eval: str,
                              error: InvalidValueError) -> list[Measure]:
    """``text`` read as an ir_measures string (`ir_measures_names`), labelled as written;
    ``error`` (rankbook's reading's) if it is not one."""
    spelling = ir_measures_names.translated(text)
    if spelling is None:
        raise error
    columns = _parse_one(spelling, grammar, trec_eval, fold=False)
    if len(columns) == 1:
        return [dataclasses.replace(columns[0], label=text)]
    return [dataclasses.replace(column, label=f"{text}:{column.quantity}") for column in columns]


def _another_name(metric: Metric, joiner: str, rest: str) -> bool:
    """Whether ``family_rest`` is a misspelt name rather than parameters (``ndcg_cutt.10``)."""
    return joiner == "_" and any(c.isalpha() for c in rest.replace("e", "").replace("p", ""))


def _defaults(metric: Metric) -> list[Measure]:
    """The columns of a trec_eval family named alone: its default parameters."""
    param = metric.param
    if param is None:
        return [Measure(metric.trec_name, metric)]
    if not param.cutoffs:
        return [Measure(metric.trec_name, metric, param.defaults)]
    return [_column(metric, value) for value in param.defaults]


def _column(metric: Metric, value) -> Measure:
    measure = Measure("", metric, value)
    return Measure(measure.trec, metric, value)


def _with_parameters(metric: Metric, joiner: str, rest: str, text: str) -> list[Measure]:
    """``P_10`` (one cut-off), ``P.5,10`` (a list) or ``ndcg.1=3,2=9`` (a setting)."""
    param = metric.param
    if param is None:
        raise InvalidValueError(
            f"measure {text!r}: {metric.trec_name} takes no parameter; write "
            f"{metric.trec_name}.")
    if not rest:
        example = f"{metric.trec_name}.{','.join(map(str, param.defaults[:2]))}"
        raise InvalidValueError(
            f"measure {text!r} has no parameter after the '{joiner}'; write e.g. {example}, "
            f"or {metric.trec_name} for trec_eval's default parameters.")
    if not param.cutoffs:
        if joiner != ".":
            raise InvalidValueError(
                f"measure {text!r}: write {metric.trec_name}'s parameters after a dot, as "
                f"trec_eval does: {metric.trec_name}.{rest}.")
        label = f"{metric.trec_name}_{rest}"
        return [Measure(label, metric, param.parse_setting(rest, text), rest)]
    if joiner == "_":
        return [Measure(text, metric, _value(metric, rest, text, trec=True))]
    values = [_value(metric, part, text, trec=True) for part in rest.split(",")]
    return [_column(metric, value) for value in sorted(set(values))]


def _value(metric: Metric, text: str, measure: str, *, trec: bool):
    try:
        return metric.param.parse(text, measure, trec=trec)
    except InvalidValueError as error:
        raise InvalidValueError(f"{error} For example: {_example(metric)}.") from None


def _example(metric: Metric) -> str:
    """The entry's name with a parameter value: ``P@10``."""
    if metric.param is None or not metric.param.cutoffs:
        return metric.name
    defaults = metric.param.defaults
    value = defaults[min(1, len(defaults) - 1)] if defaults else 1
    return metric.name[:-len(metric.param.symbol)] + f"{value:g}"


def _unknown(text: str, grammar: _Grammar) -> str:
    for name, metric in grammar.unevaluated.items():
        if text == name or name.endswith("@") and text.startswith(name):
            return (f"{text!r} is computed by rankbook.{metric.function.__name__}, but not "
                    "by evaluate, which offers: " + ", ".join(canonical_names(grammar.metrics))
                    + ".")
    guess = closest(text, grammar, lambda name: _accepted(name, grammar))
    if guess is not None:
        return f"unknown measure {text!r}; did you mean {guess}?"
    return (f"unknown measure {text!r}. Use canonical names ("
            + ", ".join(canonical_names(grammar.metrics)) + ") or trec_eval names ("
            + ", ".join(trec_names(grammar.metrics))
            + ", with parameters as in P_10 or P.5,10), or all_trec.")


def _accepted(name: str, grammar: _Grammar) -> bool:
    """Whether the parser reads ``name`` as it is written (the suggestions must be)."""
    try:
        _parse_one(name, grammar, "10", fold=False)
    except InvalidValueError:
        return False
    return True
