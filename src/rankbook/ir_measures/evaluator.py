r"""``calc_aggregate``, ``iter_calc``, ``calc`` and ``evaluator``: ir_measures' evaluation calls over `rankbook.evaluate`.

Every value is a registry measure computed by :func:`rankbook.evaluate` (see
:mod:`rankbook.ir_measures.plans` for which one). The measures that share grades, tie
order and options are computed in one call. What this module adds is ir-measures 0.4.3's
bookkeeping, nothing of a measure's arithmetic:

- a topic of the qrels the run does not answer gets the measure's default, 0 (ir_measures'
  ``Measure.DEFAULT``), so the aggregate is over every qrels topic; a topic only in the run
  is ignored (a :class:`rankbook.TopicMismatchWarning` names it);
- ``Accuracy`` reports only the topics with a relevant document retrieved, and when it is
  the only measure asked for, the others are left out of its mean (ir_measures' accuracy
  provider); with other measures they get 0, as ir_measures' fallback gives them;
- the aggregate is the mean of the per-topic values, or their sum for ``NumQ``,
  ``NumRel``, ``NumRet`` (ir_measures' ``MeanAgg`` and ``SumAgg``); no topic: NaN (0 for a sum).

Examples
--------
>>> from rankbook.ir_measures.measures import P, nDCG
>>> qrels = {"q1": {"d1": 2, "d2": 0}, "q2": {"d3": 1}}
>>> run = {"q1": {"d1": 1.2, "d2": 3.0}}
>>> calc_aggregate([P@1, nDCG@10], qrels, run)
{P@1: 0.0, nDCG@10: 0.31546487678572877}
"""

from __future__ import annotations

import functools
import warnings
from itertools import product
from typing import NamedTuple

import numpy as np
import pandas

from rankbook._errors import caller_stacklevel
from rankbook.evaluation import TopicMismatchWarning, evaluate
from rankbook.evaluation.subtopics import best_grades
from rankbook.ir_measures.inputs import (CalcResults, Metric, qrels_frame, readable_twice,
                                         run_frame, subtopic_qrels_frame)
from rankbook.ir_measures.parsing import parse_measure
from rankbook.ir_measures.plans import FILE, ID_ASCENDING, ID_DESCENDING, TREC, plan


class CwlMetric(NamedTuple):
    """A C/W/L measure's topic value with its four other quantities, as ir_measures' ``CwlMetric``."""

    query_id: str
    measure: object
    value: float  # expected utility (EU)
    expected_total_utility: float
    expected_cost: float
    expected_total_cost: float
    expected_items: float


class Evaluator:
    r"""Evaluate runs against one qrels for a fixed list of measures (ir_measures' ``Evaluator``).

    Parameters
    ----------
    measures : iterable of Measure or str
    qrels : dict, DataFrame, iterable of named tuples or path
        See :mod:`rankbook.ir_measures.inputs`.
    """

    def __init__(self, measures, qrels):
        self.measures = list(dict.fromkeys(parse_measure(m) for m in measures))
        self.plans = {m: plan(m) for m in self.measures}
        self.subtopics = None
        if any(p.subtopics for p in self.plans.values()):
            qrels = readable_twice(qrels)
            self.subtopics = subtopic_qrels_frame(qrels)
        if self.subtopics is not None and all(p.subtopics for p in self.plans.values()):
            self.qrels = best_grades(self.subtopics)  # topics and judged documents
        elif _plain(qrels):  # rankbook.evaluate reads it as it is (and checks every item)
            self.qrels, self.qrel_qids = qrels, {topic for topic, docs in qrels.items() if docs}
            return
        else:
            self.qrels = qrels_frame(qrels)
        self.qrel_qids = set(self.qrels["query"].unique())

    def iter_calc(self, run):
        """Yield a ``Metric`` per measure and qrels topic (``CwlMetric`` for cwl_eval's)."""
        run = _Run(run)
        _warn_run_only(run.topics - self.qrel_qids)
        reported = set()
        for metric in _computed(self.plans, (self.qrels, self.subtopics), run, self.qrel_qids):
            reported.add((metric.measure, metric.query_id))
            yield metric
        alone = {p.provider for p in self.plans.values()} == {"accuracy"}
        missing = set(product(self.measures, self.qrel_qids)) - reported
        for measure, query_id in sorted(missing, key=lambda x: (str(x[0]), x[1])):
            if not alone:
                yield Metric(query_id, measure, measure.DEFAULT)

    def calc_aggregate(self, run) -> dict:
        """The aggregate of each measure over the topics, ``{measure: value}``."""
        return self.calc(run).aggregated

    def calc(self, run) -> CalcResults:
        """The aggregates and the list of per-topic metrics."""
        per_query = list(self.iter_calc(run))
        values = {m: [] for m in self.measures}
        for metric in per_query:
            values[metric.measure].append(metric.value)
        return CalcResults({m: aggregate(m, v) for m, v in values.items()}, per_query)


def aggregate(measure, values: list) -> float:
    """ir_measures' aggregator: the sum for NumQ, NumRel, NumRet, else the mean (none: NaN)."""
    if measure.summed():
        return sum(values)
    return sum(values) / len(values) if values else float("nan")


def _plain(value) -> bool:
    """Whether ``value`` is a dict of dicts with ``str`` topic ids (read as it is)."""
    return isinstance(value, dict) and all(type(topic) is str and isinstance(docs, dict)
                                           for topic, docs in value.items())


class _Run:
    """A run in the form rankbook.evaluate reads fastest, with what the drop-in asks of it.

    A dict of dicts with ``str`` topic ids goes to rankbook.evaluate as it is (its fast
    path reads it straight into arrays, checking every id and score); any other form is
    rankbook's table (:func:`run_frame`), built at once. The table of a dict is built only
    if a provider's order of tied scores needs the run re-scored.
    """

    def __init__(self, given):
        plain = _plain(given)
        self.given = given if plain else run_frame(given)
        if plain:
            self.topics = set(given)
            self.lines = sum(len(documents) for documents in given.values())
        else:
            self.topics = set(self.given["query"].unique())
            self.lines = len(self.given)

    @functools.cached_property
    def tied(self) -> bool:
        """Whether two documents of a topic have the same score (asked only when it matters)."""
        if isinstance(self.given, pandas.DataFrame):
            return _has_tied_scores(self.given)
        return any(len(set(scores.values())) < len(scores) for scores in self.given.values())

    def ordered(self, order: str):
        """The run for rankbook.evaluate, re-scored so that trec_eval's order is ``order``'s."""
        if order == TREC:
            return self.given
        table = self.given if isinstance(self.given, pandas.DataFrame) else run_frame(self.given)
        return _ordered(table, order)


def _computed(plans: dict, judgments: tuple, run: _Run, qrel_qids: set):
    """The values of the topics both sides have, one rankbook.evaluate call per group."""
    qrels, subtopics = judgments
    if not qrel_qids & run.topics:
        return
    groups: dict[tuple, list] = {}
    # Without tied scores every provider's order is trec_eval's (the run needs no re-scoring).
    untied = any(p.order != TREC for p in plans.values()) and not run.tied
    for measure, planned in plans.items():
        key = (planned.grades, TREC if untied else planned.order, planned.judged_only,
               planned.max_docs, planned.subtopics)
        groups.setdefault(key, []).append((measure, planned))
    whole = f"{max(1, run.lines)}"
    for (grades, order, judged_only, max_docs, by_subtopic), members in groups.items():
        names = [p.name.format(whole) for _, p in members]
        names += [p.reported_if for _, p in members if p.reported_if]
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", TopicMismatchWarning)
            if by_subtopic:  # pyndeval: the subtopic judgments, binary at rel
                given = {"qrels": None, "subtopic_qrels": _graded(subtopics, grades)}
            else:
                given = {"qrels": _graded(qrels, grades)}
            table = evaluate(run=run.ordered(order), measures=list(dict.fromkeys(names)),
                             judged_only=judged_only, max_docs=max_docs, **given)
        table = table.drop(index="all")
        relevant = _with_relevant(given.get("subtopic_qrels"))
        for query_id, row in zip(table.index, table.to_dict("records")):
            for measure, planned in members:
                if planned.reported_if and not row[planned.reported_if] > 0:
                    continue
                if measure.NAME == "nNRBP" and query_id not in relevant:
                    yield Metric(query_id, measure, float("nan"))  # pyndeval: 0 / 0
                    continue
                yield _metric(query_id, measure, planned.name.format(whole), row)


def _with_relevant(subtopics) -> set:
    """The topics with a relevant (document, subtopic) judgment (grades binary by now)."""
    return set() if subtopics is None else set(subtopics["query"][subtopics["grade"] > 0])


def _metric(query_id: str, measure, name: str, row: dict):
    if name in row:
        return Metric(query_id, measure, float(row[name]))
    eu, etu, ec, etc, ed = (float(row[f"{name}:{q}"]) for q in ("EU", "ETU", "EC", "ETC", "ED"))
    return CwlMetric(query_id, measure, eu, etu, ec, etc, ed)


def _graded(qrels, grades: tuple):
    """The grades a provider reads: as given, binary at ``rel``, scaled, or mapped by ``gains``."""
    if grades[0] == "as given":
        return qrels
    if isinstance(qrels, dict):
        qrels = qrels_frame(qrels)
    grade = qrels["grade"]
    if grades[0] == "binary":  # cwl_eval: negative grades are 0, then grade >= rel is 1
        new = (grade.clip(lower=0) >= grades[1]).astype(float)
    elif grades[0] == "scaled":  # cwl_eval: clipped to [min_rel, max_rel], scaled to [0, 1]
        low, high = grades[1], grades[2]
        new = (grade.clip(lower=0).clip(low, high) - low) / (high - low)
    else:  # pytrec_eval's gains: a grade in the map is replaced by its gain
        new = grade.map(lambda g, gains=dict(grades[1]): gains.get(g, g))
    return qrels.assign(grade=new)


def _has_tied_scores(run) -> bool:
    """Whether two documents of a topic have the same score (where the providers' orders part)."""
    topics = pandas.factorize(run["query"])[0]
    scores = run["score"].to_numpy()
    order = np.lexsort((scores, topics))
    topics, scores = topics[order], scores[order]
    return bool(np.any((topics[1:] == topics[:-1]) & (scores[1:] == scores[:-1])))


def _ordered(run, order: str):
    """The run re-scored so that trec_eval's order is the provider's order (ties included)."""
    ranked = run.assign(position=range(len(run)))
    tie = {ID_ASCENDING: ("doc", True), ID_DESCENDING: ("doc", False), FILE: ("position", True)}
    column, ascending = tie[order]
    ranked = ranked.sort_values(["query", "score", column], ascending=[True, False, ascending],
                                kind="mergesort")
    score = -ranked.groupby("query", sort=False).cumcount().astype(float)
    return ranked[["query", "doc"]].assign(score=score.to_numpy())


def _warn_run_only(topics: set) -> None:
    if topics:
        shown = ", ".join(repr(t) for t in sorted(topics)[:5])
        warnings.warn(
            f"{len(topics)} topic(s) of the run are not in the qrels and are ignored, as "
            f"ir_measures ignores them: {shown}{' ...' if len(topics) > 5 else ''}.",
            TopicMismatchWarning, stacklevel=caller_stacklevel())


def evaluator(measures, qrels) -> Evaluator:
    """An :class:`Evaluator` for ``measures`` and ``qrels`` (ir_measures' ``evaluator``)."""
    return Evaluator(measures, qrels)


def iter_calc(measures, qrels, run):
    """Yield a ``Metric(query_id, measure, value)`` per measure and qrels topic."""
    return Evaluator(measures, qrels).iter_calc(run)


def calc_aggregate(measures, qrels, run) -> dict:
    """``{measure: aggregate}`` over the qrels topics, as ir_measures computes it."""
    return Evaluator(measures, qrels).calc_aggregate(run)


def calc(measures, qrels, run) -> CalcResults:
    """``CalcResults(aggregated, per_query)``, as ir_measures' ``calc``."""
    return Evaluator(measures, qrels).calc(run)
