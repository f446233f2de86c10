r"""The shape of an entry of the metric registry (:mod:`rankbook.metrics.registry`).

| name | what it describes |
| --- | --- |
| `Metric` | one registry entry: names, parameter, summary rule, docs page, per-topic adapter |
| `Param` | the parameter of a measure: a cut-off (`k` of `P@k`) or a setting |
| `TopicData` | what a per-topic adapter receives for one topic |
| `SummaryRule`, `SUMMARY_RULES` | how the `all` row is formed from the per-topic values |

A *per-topic adapter* is a function ``adapter(topic, param, relevance_level)``
that returns the measure's value for one topic by calling the textbook
function of :mod:`rankbook.metrics` (``param`` is one value of the entry's
`Param`, or None). It lives in the registry beside the entry, so the
evaluator holds no arithmetic of its own.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

from rankbook._errors import InvalidValueError
from rankbook._validate import TREC_EVAL_VERSIONS
from rankbook.metrics.means import geometric_mean, mean_over_topics


@dataclass(frozen=True)
class TopicData:
    """One topic, as the evaluator hands it to a per-topic adapter.

    Attributes
    ----------
    grades : numpy.ndarray of float
        Grade of each retrieved document in trec_eval's order (score
        descending, ties by document id descending), cut at ``max_docs``;
        0.0 for an unjudged document. Empty for a topic the run misses
        (scored because of ``complete=True``).
    judged : numpy.ndarray of bool
        Which of those documents are judged.
    ideal : numpy.ndarray of float
        Every judged grade of the topic, retrieved or not (for IDCG).
    R : int
        Judged documents with grade >= the relevance level.
    N : int
        Judged documents with grade in [0, relevance level).
    trec_eval : str
        The trec_eval version whose conventions apply: ``"9"`` or ``"10"``.
    """

    grades: np.ndarray
    judged: np.ndarray
    ideal: np.ndarray
    R: int
    N: int
    trec_eval: str = "9"

    @classmethod
    def of(cls, grades: np.ndarray, judged: np.ndarray, ideal: np.ndarray,
           relevance_level: float, trec_eval: str = "9") -> TopicData:
        r"""The topic's data, with $R$ and $N$ counted from ``ideal`` at ``relevance_level``."""
        R = int(np.count_nonzero(ideal >= relevance_level))
        N = int(np.count_nonzero((ideal >= 0) & (ideal < relevance_level)))
        return cls(grades, judged, ideal, R, N, trec_eval)

    @property
    def with_unjudged(self) -> np.ndarray:
        """The grades with None for each unjudged document (bpref's input)."""
        return np.where(self.judged, self.grades, None)

    @property
    def cutoff_rule(self) -> str:
        """The interpolated-precision cut-off rule of this trec_eval version."""
        return f"trec_eval_{self.trec_eval}"


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
    """

    symbol: str
    type: type
    defaults: tuple = ()
    cutoffs: bool = True
    trec_format: str = "{}"
    low: float | None = None
    high: float | None = None
    read: Callable[[str], Any] | None = None

    def parse(self, text: str, measure: str, *, trec: bool = False):
        """One value written as ``text`` (in trec_eval notation when ``trec``), checked."""
        value = _number(text, self.type, trec)
        if value is None or (self.low is not None and value < self.low) or \
                (self.high is not None and value > self.high):
            raise InvalidValueError(
                f"measure {measure!r}: {text!r} is not {self.describe()}.")
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


@dataclass(frozen=True)
class SummaryRule:
    """How the ``all`` row of a measure is formed, and where trec_eval prints it.

    Attributes
    ----------
    name : str
        ``"mean"``, ``"sum"``, ``"gmean"``, ``"count"``, ``"name"`` or ``"none"``.
    combine : callable or None
        Per-topic values (in topic order) -> the ``all`` value; None when the
        evaluator fills it in (the run's name) or there is none.
    per_topic_lines : bool
        trec_eval prints a line per topic (``-q``).
    summary_line : bool
        trec_eval prints an ``all`` line.
    integer : bool
        The values are counts, printed without decimals.
    """

    name: str
    combine: Callable[[list], Any] | None
    per_topic_lines: bool
    summary_line: bool
    integer: bool = False


def _total(values) -> int:
    return int(np.asarray(values).sum())  # whole numbers: exact in any order


SUMMARY_RULES: dict[str, SummaryRule] = {
    # trec_eval adds the per-topic values in topic order and divides by the topic count.
    "mean": SummaryRule("mean", mean_over_topics, True, True),
    "sum": SummaryRule("sum", _total, True, True, integer=True),
    # exp(mean(log(max(v, 1e-5)))): trec_eval's gm_* measures, printed in the all row only.
    "gmean": SummaryRule("gmean", geometric_mean, False, True),
    "count": SummaryRule("count", _total, False, True, integer=True),
    "name": SummaryRule("name", None, False, True),
    # A value per topic and nothing in the all row (trec_eval's relstring).
    "none": SummaryRule("none", None, True, False),
}


@dataclass(frozen=True)
class Metric:
    r"""One entry of the registry: everything rankbook knows about one measure.

    Attributes
    ----------
    name : str
        Canonical notation, as ir_measures writes it: ``"P@k"``, ``"AP"``,
        ``"nDCG@k"``. A parameter is written ``@`` and its symbol.
    function : callable or None
        The function of :mod:`rankbook.metrics` that computes it (its
        textbook); None for the counts (``num_ret``, ...), which need none.
    family : str
        The docs section it belongs to, e.g. ``"Set-based"``.
    page : str
        Its docs page, relative to ``docs/``.
    summary : str
        One line for the metric index.
    trec_eval : tuple of str
        trec_eval's family names for it (the first is the one printed); empty
        when trec_eval has none.
    param : Param or None
        Its parameter, if any.
    summary_rule : str or None
        A key of ``SUMMARY_RULES``; None for a function the evaluator does not
        offer (a curve, a mean over queries).
    per_topic : callable or None
        ``adapter(topic, param, relevance_level) -> value`` (see
        :class:`TopicData`); None when not evaluated per topic.
    spellings : tuple of str
        Other canonical spellings the measure-name parser accepts (``"iP@r"``).
    same_as : str or None
        The name of the entry that evaluates it: ``MAP`` is the ``all`` row of
        ``AP``, so ``evaluate(..., "MAP")`` computes AP per topic.
    all_trec : tuple of str
        The trec_eval versions whose ``-m all_trec`` includes it.
    graded : bool
        It reads grades above 1 as more than 1 (nDCG, ERR, RBP); False: it
        sees each document as relevant or not, at the relevance level.
    exercise_hints : tuple of str
        How ``rankbook exercises`` draws its data, where the row's other facts
        do not say: ``"unjudged"`` (the measure is about unjudged documents:
        its lists always hold some), ``"judged"`` (a textbook function of a
        fully judged list), ``"not decimal"`` (the answer is a count or a list
        of points, not asked to 4 decimals).
    """

    name: str
    function: Callable | None
    family: str
    page: str
    summary: str
    trec_eval: tuple[str, ...] = ()
    param: Param | None = None
    summary_rule: str | None = "mean"
    per_topic: Callable[[TopicData, Any, float], Any] | None = None
    spellings: tuple[str, ...] = ()
    same_as: str | None = None
    all_trec: tuple[str, ...] = TREC_EVAL_VERSIONS
    graded: bool = False
    exercise_hints: tuple[str, ...] = ()

    def __deepcopy__(self, memo) -> Metric:
        # Immutable, and one per registry name: a copy would be a second entry for the name.
        return self

    @property
    def evaluable(self) -> bool:
        """Whether :func:`rankbook.evaluate` computes it (itself, not through ``same_as``)."""
        return self.summary_rule is not None and (self.per_topic is not None
                                                  or self.summary_rule == "name")

    @property
    def takes_cutoff(self) -> bool:
        """Whether its parameter is a cut-off k: ``P@k``, ``RR@k``, ``F1@k`` (not SL's n)."""
        if self.param is None:
            return self.name.endswith("@k")
        return self.param.cutoffs and self.param.symbol == "k"

    @property
    def trec_name(self) -> str | None:
        """The trec_eval name it is printed under, or None."""
        return self.trec_eval[0] if self.trec_eval else None

    @property
    def rule(self) -> SummaryRule | None:
        """Its summary rule, or None."""
        return None if self.summary_rule is None else SUMMARY_RULES[self.summary_rule]

    @property
    def trec_notation(self) -> str | None:
        """trec_eval's name with the parameter's symbol, for the docs: ``P_k``."""
        if not self.trec_eval:
            return None
        if self.param is not None and self.param.cutoffs:
            return f"{self.trec_name}_{self.param.symbol}"
        return self.trec_name
