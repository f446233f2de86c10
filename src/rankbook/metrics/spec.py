r"""The shape of an entry of the metric registry (:mod:`rankbook.metrics.registry`).

| name | what it describes |
| --- | --- |
| `Metric` | one registry entry: names, parameters, quantities, summary rule, docs page, per-topic adapter |
| `Param` | one parameter of a measure: a cut-off (`k` of `P@k`), a setting, the relevance level `rel` |
| `ParamValues` | the value of each parameter of one column, as an adapter receives them |
| `TopicData` | what a per-topic adapter receives for one topic |
| `SummaryRule`, `SUMMARY_RULES` | how the `all` row is formed from the per-topic values |

A *per-topic adapter* is a function ``adapter(topic, params)`` that returns
the measure's value for one topic by calling the textbook function of
:mod:`rankbook.metrics`: ``params`` is a :class:`ParamValues` holding a value
for each of the entry's `Param` (``params.k``, ``params.rel``; ``rel`` is the
column's own relevance level, or the evaluation's). A measure with several
quantities (C/W/L's EU, ETU, EC, ETC, ED) returns one value per quantity, in
the order of the entry's ``quantities``. The adapter lives in the registry
beside the entry, so the evaluator holds no arithmetic of its own.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

from rankbook._catalogue import Entry
from rankbook._validate import TREC_EVAL_VERSIONS
from rankbook.metrics.means import geometric_mean, mean_over_topics
from rankbook.metrics.params import RELEVANCE_SYMBOL, Param, ParamValues


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
    level : float
        The evaluation's relevance level, at which ``R`` and ``N`` are counted
        (`relevant` and `nonrelevant` count at another).
    costs : numpy.ndarray of float or None
        The cost of reading each retrieved document (cwl_eval's costs, by
        element type); None: 1 each. Filled only when a requested measure
        ``needs`` costs.
    subtopic_grades : numpy.ndarray of float or None
        Shape (retrieved documents, subtopics): each document's grade under
        each subtopic (diversity judgments), 0 when not judged. Filled only
        when a requested measure ``needs`` subtopics.
    subtopic_judged : numpy.ndarray of float or None
        Shape (judged documents, subtopics), the same columns: every document
        of the topic's subtopic judgments, by document id descending (ndeval's
        tie order for its ideal list). Filled with ``subtopic_grades``.
    intent_probabilities : numpy.ndarray of float or None
        P(intent | topic) of each subtopic column (NTCIREVAL's ``.Iprob`` file, 0 for an
        intent the file does not list), for NTCIREVAL's D- and IA-measures; None:
        uniform over the intents with a relevant document.
    """

    grades: np.ndarray
    judged: np.ndarray
    ideal: np.ndarray
    R: int
    N: int
    trec_eval: str = "9"
    level: float = 1.0
    costs: np.ndarray | None = None
    subtopic_grades: np.ndarray | None = None
    subtopic_judged: np.ndarray | None = None
    intent_probabilities: np.ndarray | None = None

    @classmethod
    def of(cls, grades: np.ndarray, judged: np.ndarray, ideal: np.ndarray,
           relevance_level: float, trec_eval: str = "9") -> TopicData:
        r"""The topic's data, with $R$ and $N$ counted from ``ideal`` at ``relevance_level``."""
        R = int(np.count_nonzero(ideal >= relevance_level))
        N = int(np.count_nonzero((ideal >= 0) & (ideal < relevance_level)))
        return cls(grades, judged, ideal, R, N, trec_eval, float(relevance_level))

    def relevant(self, level: float) -> int:
        r"""$R$ at relevance level ``level``: the judged documents with grade $\ge$ ``level``."""
        if level == self.level:
            return self.R
        return int(np.count_nonzero(self.ideal >= level))

    def nonrelevant(self, level: float) -> int:
        r"""$N$ at ``level``: the judged documents with a grade in $[0, \text{level})$."""
        if level == self.level:
            return self.N
        return int(np.count_nonzero((self.ideal >= 0) & (self.ideal < level)))

    @property
    def with_unjudged(self) -> np.ndarray:
        """The grades with None for each unjudged document (bpref's input)."""
        return np.where(self.judged, self.grades, None)

    @property
    def cutoff_rule(self) -> str:
        """The interpolated-precision cut-off rule of this trec_eval version."""
        return f"trec_eval_{self.trec_eval}"


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


@dataclass(frozen=True, kw_only=True)
class Metric(Entry):
    r"""One entry of the registry: everything rankbook knows about one measure.

    A catalogue row (:class:`rankbook._catalogue.Entry`: ``name``, ``function``,
    ``page``, ``title``, ``aliases``), built with keywords only.

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
    params : tuple of Param
        Its parameters, in notation order: the one written after ``@`` (or
        trec_eval's) first, then the others (``rel``: the relevance level, for
        a measure that reads one). Each names the argument of ``function`` it
        fills (``Param.keyword``).
    summary_rule : str or None
        A key of ``SUMMARY_RULES``; None for a function the evaluator does not
        offer (a curve, a mean over queries).
    per_topic : callable or None
        ``adapter(topic, params) -> value`` (see :class:`TopicData` and
        :class:`ParamValues`), or one value per quantity; None when not
        evaluated per topic.
    aliases : tuple of str
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
        of points, not asked to 4 decimals), ``"binary"`` (0 or 1 by definition:
        a sheet may repeat an answer, and 0 or 1 is no degenerate draw).
    quantities : tuple of str
        The numbers it gives per topic: one (``("value",)``) for most; C/W/L's
        measures give five (``("EU", "ETU", "EC", "ETC", "ED")``), each a
        column of its own (``name:ETU`` asks for one).
    needs : tuple of str
        What its adapter reads beyond grades: ``"costs"`` (``TopicData.costs``),
        ``"subtopics"`` (``TopicData.subtopic_grades`` and ``subtopic_judged``,
        from :func:`rankbook.evaluate`'s ``subtopic_qrels``); the evaluator fills
        those only when a requested measure needs them.
    """

    family: str
    summary: str
    trec_eval: tuple[str, ...] = ()
    params: tuple[Param, ...] = ()
    summary_rule: str | None = "mean"
    per_topic: Callable[[TopicData, ParamValues], Any] | None = None
    same_as: str | None = None
    all_trec: tuple[str, ...] = TREC_EVAL_VERSIONS
    graded: bool = False
    exercise_hints: tuple[str, ...] = ()
    quantities: tuple[str, ...] = ("value",)
    needs: tuple[str, ...] = ()

    @property
    def param(self) -> Param | None:
        """The parameter written after ``@`` or in trec_eval's name (``k`` of ``P@k``), if any."""
        if self.params and self.params[0].symbol != RELEVANCE_SYMBOL:
            return self.params[0]
        return None

    @property
    def takes_relevance_level(self) -> bool:
        """Whether it has a ``rel`` parameter (it reads grades at a relevance level)."""
        return any(p.symbol == RELEVANCE_SYMBOL for p in self.params)

    def parameter(self, symbol: str) -> Param | None:
        """Its parameter written ``symbol``, or None."""
        return next((p for p in self.params if p.symbol == symbol), None)

    def arguments(self, given: ParamValues | dict = (), level: float = 1.0) -> ParamValues:
        """A value for every one of its parameters, as its adapter receives them.

        ``given`` holds the values set (``{"k": 10}``); ``rel`` not given is
        ``level`` (the evaluation's relevance level); any other parameter not
        given takes its ``Param.defaults``.

        >>> from rankbook.metrics.registry import by_name
        >>> by_name()["P@k"].arguments({"k": 10}, level=2)
        ParamValues(k=10, rel=2)
        """
        given = dict(given)
        values = []
        for param in self.params:
            if param.symbol in given:
                values.append((param.symbol, given[param.symbol]))
            elif param.symbol == RELEVANCE_SYMBOL:
                values.append((param.symbol, level))
            else:
                values.append((param.symbol, param.defaults))
        return ParamValues(values)

    def value(self, topic: TopicData, given: ParamValues | dict = (), level: float = 1.0):
        """Its per-topic value on ``topic`` (its adapter called with :meth:`arguments`)."""
        return self.per_topic(topic, self.arguments(given, level))

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
