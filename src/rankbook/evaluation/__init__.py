r"""Evaluate a run against relevance judgments, exactly as trec_eval 9.x does.

:func:`evaluate` reads the qrels and the run (paths, dicts or DataFrames, see
:mod:`rankbook.io`), orders each topic's documents the way trec_eval does
(score descending, ties by document id descending; the rank column is
ignored), looks up each document's grade (unjudged documents have grade 0),
and calls the textbook functions of :mod:`rankbook.metrics` once per topic and
measure. The summary row ``"all"`` is the mean over topics, the sum for the
``num_*`` counts and the geometric mean for ``gm_map``.

Measure names
-------------
Both notations are accepted, and a trec_eval family name without a
parameter means trec_eval's default parameters (``P`` is P_5 ... P_1000):

| canonical | trec_eval | what |
| --- | --- | --- |
| `P@10` | `P_10`, `P.5,10`, `P` | precision at 10 |
| `R@100` | `recall_100`, `recall.100`, `recall` | recall at 100 |
| `AP`, `MAP` | `map` | average precision |
| `AP@10` | `map_cut_10`, `map_cut.10`, `map_cut` | AP cut at rank 10 (still divided by R) |
| `GMAP` | `gm_map` | AP per topic; geometric mean (floor 1e-5) in the summary |
| `RR`, `MRR` | `recip_rank` | reciprocal rank |
| `R-prec` | `Rprec` | R-precision |
| `nDCG` | `ndcg` | nDCG over the whole list, ideal from every judged document |
| `nDCG@10` | `ndcg_cut_10`, `ndcg_cut.10`, `ndcg_cut` | nDCG at 10 |
| `bpref` | `bpref` | binary preference |
| `success@5` | `success_5`, `success.5`, `success` | a relevant document in the top 5 |
| `iP@0.3`, `IPrec@0.3` | `iprec_at_recall_0.30`, `iprec_at_recall` | interpolated precision at recall 0.3 |
| `11pt` | `11pt_avg` | 11-point interpolated average precision |
| | `num_ret`, `num_rel`, `num_rel_ret` | documents retrieved, relevant, relevant retrieved (summed) |
| | `set_P`, `set_recall`, `set_F`, `set_map` | the same over the whole retrieved set |
| | `num_q`, `runid` | topics evaluated, the run's name |
| | `all_trec` | every measure above |
"""

from __future__ import annotations

import math
import re
import sys
import time
import warnings
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from rankbook._errors import InvalidTypeError, InvalidValueError
from rankbook.metrics import registry
from rankbook.metrics.average_precision import average_precision
from rankbook.metrics.bpref import bpref
from rankbook.metrics.dcg import ndcg_at_k
from rankbook.metrics.interpolation import (
    ELEVEN_RECALL_LEVELS,
    eleven_point_average_precision,
    interpolated_precision,
)
from rankbook.metrics.means import GM_FLOOR, geometric_mean_average_precision
from rankbook.metrics.precision import f1_at_k, precision_at_k, r_precision, recall_at_k, success_at_k
from rankbook.metrics.reciprocal_rank import reciprocal_rank

SUMMARY_ROW = "all"
PROGRESS_AFTER = 2.0  # seconds
CUTOFFS = (5, 10, 15, 20, 30, 100, 200, 500, 1000)


class TopicMismatchWarning(UserWarning):
    """Some topics are only in the run or only in the qrels (see ``result.attrs``)."""


@dataclass(frozen=True)
class Family:
    """A trec_eval measure family and how rankbook computes it.

    ``metric`` is the canonical name of the registry entry whose function
    computes it (None for the counts, which are not metrics). ``summary`` is
    how the ``all`` row is formed: ``"mean"``, ``"sum"``, ``"gmean"`` or
    ``"count"`` (num_q), ``"name"`` (runid).
    """

    trec: str
    metric: str | None
    defaults: tuple = ()
    summary: str = "mean"


# In trec_eval's print order (its measure table, ``-m all_trec``).
FAMILIES: tuple[Family, ...] = (
    Family("runid", None, summary="name"),
    Family("num_q", None, summary="count"),
    Family("num_ret", None, summary="sum"),
    Family("num_rel", None, summary="sum"),
    Family("num_rel_ret", None, summary="sum"),
    Family("map", "AP"),
    Family("gm_map", "GMAP", summary="gmean"),
    Family("Rprec", "R-prec"),
    Family("bpref", "bpref"),
    Family("recip_rank", "RR"),
    Family("iprec_at_recall", "IPrec@r", ELEVEN_RECALL_LEVELS),
    Family("P", "P@k", CUTOFFS),
    Family("recall", "R@k", CUTOFFS),
    Family("11pt_avg", "11pt"),
    Family("ndcg", "nDCG@k"),
    Family("ndcg_cut", "nDCG@k", CUTOFFS),
    Family("map_cut", "AP", CUTOFFS),
    Family("success", "success@k", (1, 5, 10)),
    Family("set_P", "P@k"),
    Family("set_recall", "R@k"),
    Family("set_map", "P@k"),
    Family("set_F", "F1@k"),
)
_BY_TREC = {family.trec: family for family in FAMILIES}
_ORDER = {family.trec: position for position, family in enumerate(FAMILIES)}
# trec_eval 9.x's default measure set (what ``trec_eval qrels run`` prints).
DEFAULT_MEASURES = ("runid", "num_q", "num_ret", "num_rel", "num_rel_ret", "map", "gm_map",
                    "Rprec", "bpref", "recip_rank", "iprec_at_recall", "P")
# Canonical notation: pattern -> (family, parameter kind).
_CANONICAL = (
    (r"P@(\d+)", "P"), (r"R@(\d+)", "recall"), (r"AP@(\d+)", "map_cut"),
    (r"nDCG@(\d+)", "ndcg_cut"), (r"success@(\d+)", "success"),
    (r"(?:iP|IPrec)@([0-9.]+)", "iprec_at_recall"),
    (r"AP|MAP", "map"), (r"GMAP", "gm_map"), (r"RR|MRR", "recip_rank"), (r"R-prec", "Rprec"),
    (r"nDCG", "ndcg"), (r"11pt", "11pt_avg"),
)


@dataclass(frozen=True)
class Measure:
    """One column of the result: a family with at most one parameter."""

    label: str
    family: str
    param: float | int | None = None

    @property
    def trec(self) -> str:
        """trec_eval's name, e.g. ``P_10`` or ``iprec_at_recall_0.30``."""
        if self.param is None:
            return self.family
        if self.family == "iprec_at_recall":
            return f"{self.family}_{self.param:.2f}"
        return f"{self.family}_{self.param}"

    @property
    def info(self):
        """The registry entry of the metric function that computes it (None for counts)."""
        name = _BY_TREC[self.family].metric
        return None if name is None else _REGISTRY[name]


_REGISTRY = {info.name: info for info in registry.METRICS}


def parse_measures(measures: str | Sequence[str] | None) -> list[Measure]:
    r"""Turn measure names (canonical or trec_eval notation) into result columns.

    Parameters
    ----------
    measures : str, sequence of str or None
        Names such as ``"P@10"``, ``"P.5,10"``, ``"ndcg_cut"`` or ``"all_trec"``;
        None means trec_eval's default set (``runid`` and ``num_q`` are then
        left out of the columns: they are in ``result.attrs``).

    Returns
    -------
    list of Measure
        One per column, in the order given (a family expands in place).

    Examples
    --------
    >>> [m.trec for m in parse_measures(["P@10", "map_cut.5,10", "iP@0.3"])]
    ['P_10', 'map_cut_5', 'map_cut_10', 'iprec_at_recall_0.30']
    >>> [m.label for m in parse_measures("P.5,10")]
    ['P_5', 'P_10']
    """
    if measures is None:
        return [m for name in DEFAULT_MEASURES if name not in ("runid", "num_q")
                for m in _parse_one(name)]
    if isinstance(measures, str):
        measures = [measures]
    if not isinstance(measures, Sequence):
        raise InvalidTypeError(
            f"measures must be a list of measure names such as ['P@10', 'map'], got "
            f"{type(measures).__name__}.")
    parsed: list[Measure] = []
    for name in measures:
        for measure in _parse_one(name):
            if measure.label not in [m.label for m in parsed]:
                parsed.append(measure)
    return parsed


def _parse_one(name) -> list[Measure]:
    if not isinstance(name, str):
        raise InvalidTypeError(f"a measure name must be a string such as 'P@10', got {name!r}.")
    text = name.strip()
    if text == "all_trec":
        return [m for family in FAMILIES for m in _expand(family.trec, family.defaults)]
    for pattern, family in _CANONICAL:
        match = re.fullmatch(pattern, text)
        if match:
            param = match.group(1) if match.groups() else None
            value = None if param is None else _param(family, param, text)
            return [Measure(text, family, value)]
    if text in _BY_TREC:
        return _expand(text, _BY_TREC[text].defaults)
    for family in sorted(_BY_TREC, key=len, reverse=True):
        for joiner in ("_", "."):
            if text.startswith(family + joiner) and _BY_TREC[family].defaults:
                rest = text[len(family) + 1:]
                if joiner == "_":
                    return [Measure(text, family, _param(family, rest, text))]
                params = [_param(family, p, text) for p in rest.split(",") if p]
                if not params:  # "P." would otherwise expand to a column nobody computes
                    raise InvalidValueError(
                        f"measure {name!r} has no parameter after the '.'; write e.g. "
                        f"{family}.{'0.2,0.5' if family == 'iprec_at_recall' else '5,10'}, or "
                        f"{family} for trec_eval's default parameters.")
                return _expand(family, tuple(params))
    known = ", ".join(["P@10", "R@100", "AP", "AP@10", "RR", "R-prec", "nDCG", "nDCG@10",
                       "bpref", "success@5", "iP@0.3", "11pt", "GMAP"])
    raise InvalidValueError(
        f"unknown measure {name!r}. Use canonical names ({known}) or trec_eval names "
        f"({', '.join(_BY_TREC)}, with parameters as in P_10 or P.5,10).")


def _param(family: str, text: str, name: str):
    try:
        if family == "iprec_at_recall":
            value = float(text)
            if not 0.0 <= value <= 1.0:
                raise ValueError
            return value
        value = int(text)
        if value < 1:
            raise ValueError
        return value
    except ValueError:
        need = "a recall level between 0 and 1" if family == "iprec_at_recall" else \
            "a positive whole number"
        raise InvalidValueError(
            f"measure {name!r}: {text!r} is not {need}; e.g. "
            f"{'iP@0.3' if family == 'iprec_at_recall' else 'P@10'}.") from None


def _expand(family: str, params: tuple) -> list[Measure]:
    if not params:
        return [Measure(family, family)]
    if family != "iprec_at_recall":
        params = tuple(sorted(set(params)))
    measures = [Measure("", family, p) for p in params]
    return [Measure(m.trec, family, m.param) for m in measures]


def evaluate(
    qrels,
    run,
    measures: str | Sequence[str] | None = None,
    *,
    per_query: bool = True,
    complete: bool = False,
    max_docs: int | None = None,
    relevance_level: float = 1,
    progress: bool = False,
):
    r"""Score a run against relevance judgments, per topic and overall, as trec_eval 9.x.

    For each topic, the run's documents are ordered by score descending,
    ties broken by document id descending (trec_eval's rule; the rank column
    is ignored), cut at ``max_docs``, and turned into the list of their grades
    (unjudged documents: grade 0). Each measure is then the textbook function
    of :mod:`rankbook.metrics` applied to that list, with $R$ = the topic's
    judged documents with grade $\ge$ ``relevance_level`` and, for nDCG, the
    ideal ranking built from every judged grade of the topic (negative grades
    have gain 0). The summary row ``"all"`` is

    $$\bar m = \frac{1}{|Q|} \sum_{q \in Q} m_q$$

    where $Q$ is the set of evaluated topics: those in both the run and the
    qrels, or with ``complete=True`` every qrels topic (a topic missing from
    the run scores 0, as trec_eval's ``-c``). Counts (``num_ret``,
    ``num_rel``, ``num_rel_ret``) are summed and ``gm_map`` is the geometric
    mean of AP (floor $10^{-5}$). Topics only in the run are ignored, as in
    trec_eval; topics only on one side are listed in
    ``result.attrs["only_in_run"]`` / ``["only_in_qrels"]`` and reported with a
    :class:`TopicMismatchWarning`.

    Parameters
    ----------
    qrels : str, os.PathLike, dict or pandas.DataFrame
        The judgments: a TREC qrels file, ``{qid: {docid: grade}}`` or a
        DataFrame with columns query, doc, grade (see :func:`rankbook.io.as_qrels`).
    run : str, os.PathLike, dict or pandas.DataFrame
        The ranked results: a TREC run file, ``{qid: {docid: score}}`` or a
        DataFrame with columns query, doc, score.
    measures : str or sequence of str, optional
        Measure names in canonical (``"P@10"``, ``"nDCG@10"``, ``"AP"``) or
        trec_eval notation (``"P_10"``, ``"P.5,10"``, ``"ndcg_cut.10"``,
        ``"map"``); see the module docstring for the full table. Default:
        trec_eval's default set.
    per_query : bool, default True
        Include one row per topic (trec_eval's ``-q``); False gives the
        summary row only.
    complete : bool, default False
        Average over every topic of the qrels, scoring 0 for a topic the run
        misses (trec_eval's ``-c``).
    max_docs : int, optional
        Evaluate only the first ``max_docs`` documents of each topic, after
        ordering (trec_eval's ``-M``). Default: all.
    relevance_level : float, default 1
        Lowest grade that counts as relevant (trec_eval's ``-l``); must be
        > 0. nDCG uses the grades themselves and ignores it, as trec_eval does.
    progress : bool, default False
        Print progress on stderr when reading or evaluating takes more than a
        couple of seconds (the command line turns it on).

    Returns
    -------
    pandas.DataFrame
        Index: topic ids in string order, then ``"all"``. One column per
        measure, named as given (a family such as ``"P"`` or ``"P.5,10"``
        expands to trec_eval names ``P_5``, ``P_10``). ``.attrs`` holds
        ``runid``, ``num_q``, ``only_in_run`` and ``only_in_qrels``.

    Raises
    ------
    rankbook.InputFileError
        If a file or structure is malformed (see :mod:`rankbook.io`).
    rankbook.InvalidValueError
        For an unknown measure name, a bad option, or when no topic is both
        in the run and in the qrels (and ``complete`` is False).

    See Also
    --------
    rankbook.io.as_qrels, rankbook.io.as_run : the accepted inputs.

    References
    ----------
    NIST (2008-2015). trec_eval 9.0, https://github.com/usnistgov/trec_eval.

    Examples
    --------
    Two topics; topic ``q1`` has its two relevant documents at ranks 1 and 3:

    >>> qrels = {"q1": {"a": 1, "b": 0, "c": 1}, "q2": {"x": 2}}
    >>> run = {"q1": {"a": 0.9, "b": 0.8, "c": 0.7}, "q2": {"x": 0.5, "y": 0.9}}
    >>> evaluate(qrels, run, ["P@2", "AP", "num_rel_ret"])
           P@2        AP  num_rel_ret
    query
    q1     0.5  0.833333            2
    q2     0.5  0.500000            1
    all    0.5  0.666667            3
    """
    table = _evaluate_table(qrels, run, measures, complete=complete, max_docs=max_docs,
                            relevance_level=relevance_level, progress=progress)
    return _frame(table, per_query)


def _evaluate_textbook(qrels, run, measures: str | Sequence[str] | None = None, *,
                       per_query: bool = True, complete: bool = False,
                       max_docs: int | None = None, relevance_level: float = 1):
    """:func:`evaluate` by the per-topic path: each textbook function called once per topic.

    The reference the batch path (:mod:`rankbook.evaluation.batch`) is tested against; same
    arguments and result as :func:`evaluate`.
    """
    table = _evaluate_table(qrels, run, measures, complete=complete, max_docs=max_docs,
                            relevance_level=relevance_level, batch=False)
    return _frame(table, per_query)


def _options(measures, complete, max_docs, relevance_level):
    """Parsed measures and checked options (shared by both paths)."""
    columns = parse_measures(measures)
    if max_docs is not None:
        if isinstance(max_docs, bool) or not isinstance(max_docs, (int, np.integer)) or max_docs < 1:
            raise InvalidValueError(
                f"max_docs must be a positive whole number (trec_eval's -M), got {max_docs!r}.")
    if isinstance(relevance_level, bool) or not isinstance(relevance_level, (int, float)) \
            or not math.isfinite(relevance_level) or relevance_level <= 0:
        raise InvalidValueError(
            f"relevance_level must be a number > 0 (the lowest grade that counts as relevant, "
            f"trec_eval's -l), got {relevance_level!r}.")
    return columns, bool(complete), max_docs, float(relevance_level)


@dataclass
class _Table:
    """The result before it becomes a DataFrame (the CLI prints it without pandas)."""

    topics: list            # evaluated topic ids, in string order
    columns: list           # the Measure of each column
    values: dict            # label -> list of per-topic values
    summary: dict           # label -> value of the "all" row
    attrs: dict


def _evaluate_table(qrels, run, measures, *, complete=False, max_docs=None, relevance_level=1,
                    progress=False, batch=True) -> _Table:
    """Read the inputs and evaluate, by the batch path when it supports every measure."""
    from rankbook.evaluation import batch as _batch

    columns, complete, max_docs, level = _options(measures, complete, max_docs, relevance_level)
    families = _families(columns)
    started = time.monotonic()
    if batch and set(families) <= _batch.SUPPORTED:
        judgments = _batch.load_qrels(qrels, progress=progress)
        ranking = _batch.load_run(run, progress=progress)
        runid = ranking.name
        counted = time.monotonic()

        def report(only_run, only_qrels):
            _report(only_run, only_qrels, complete, ranking.source, judgments.source)

        outcome = _batch.evaluate_arrays(judgments, ranking, families, complete=complete,
                                         max_docs=max_docs, level=level, report=report)
        topics, only_run, only_qrels = outcome.topics, outcome.only_run, outcome.only_qrels
        per_topic = {key: value.tolist() for key, value in outcome.values.items()}
        ap = per_topic.get(("gm_map", None))
        gmean = None if ap is None else math.exp(
            sum(math.log(max(value, GM_FLOOR)) for value in ap) / len(ap))
        if progress and time.monotonic() - counted > PROGRESS_AFTER:
            print(f"evaluated {len(topics):,} topics in {time.monotonic() - counted:.1f} s",
                  file=sys.stderr)
    else:
        from rankbook.io.convert import as_qrels, as_run

        qrels = as_qrels(qrels, progress=progress)
        run = as_run(run, progress=progress)
        runid = run.attrs.get("name", "rankbook")
        found, only_run, only_qrels = _topics(qrels, run, complete)
        rows = [_values(topic, families, level, max_docs) for topic in found]
        topics = [topic.query for topic in found]
        per_topic = {(m.family, m.param): [row[m.family, m.param] for row in rows]
                     for m in columns if _BY_TREC[m.family].summary != "name"}
        gmean = None
        if "gm_map" in families:
            gmean = geometric_mean_average_precision(
                [topic.grades[:max_docs] for topic in found],
                [int(np.count_nonzero(topic.ideal >= level)) for topic in found],
                relevance_level=level)
    del started
    return _summarise(columns, topics, per_topic, gmean, runid, only_run, only_qrels)


def _families(columns: list[Measure]) -> dict:
    families: dict[str, list] = {}
    for measure in columns:
        families.setdefault(measure.family, [])
        if measure.param is not None:
            families[measure.family].append(measure.param)
    return families


@dataclass
class _Topic:
    """What the metric functions need for one topic."""

    query: str
    grades: np.ndarray      # grade of each retrieved document, rank 1 first (0 when unjudged)
    judged: np.ndarray      # which of them are judged
    ideal: np.ndarray       # every judged grade of the topic


def _topics(qrels, run, complete: bool):
    """The evaluated topics, in string order, with a warning for one-sided topics."""
    from rankbook.io.convert import query_codes, trec_order

    order = trec_order(run)
    run_queries = run["query"].to_numpy(dtype=object)[order]
    run_docs = run["doc"].to_numpy(dtype=object)[order]
    start = np.flatnonzero(np.r_[True, run_queries[1:] != run_queries[:-1]]) if len(run) else \
        np.zeros(0, dtype=np.int64)
    bounds = dict(zip(run_queries[start].tolist(),
                      zip(start.tolist(), np.r_[start[1:], len(run)].tolist())))

    qrels = qrels.iloc[np.argsort(query_codes(qrels["query"].to_numpy(dtype=object)),
                                  kind="stable")]
    q_queries = qrels["query"].to_numpy(dtype=object)
    q_docs = qrels["doc"].to_numpy(dtype=object)
    q_grades = qrels["grade"].to_numpy(dtype=np.float64)
    q_start = np.flatnonzero(np.r_[True, q_queries[1:] != q_queries[:-1]]) if len(qrels) else \
        np.zeros(0, dtype=np.int64)
    q_bounds = dict(zip(q_queries[q_start].tolist(),
                        zip(q_start.tolist(), np.r_[q_start[1:], len(qrels)].tolist())))

    only_run = sorted(set(bounds) - set(q_bounds))
    only_qrels = sorted(set(q_bounds) - set(bounds))
    _report(only_run, only_qrels, complete, run.attrs.get("source", "the run"),
            qrels.attrs.get("source", "the qrels"))
    wanted = sorted(q_bounds) if complete else sorted(set(q_bounds) & set(bounds))
    if not wanted:
        raise InvalidValueError(
            "no topic is both in the run and in the qrels, so there is nothing to evaluate. "
            f"Run topics: {_examples(sorted(bounds))}; qrels topics: "
            f"{_examples(sorted(q_bounds))}. Check that the files belong together "
            "(or pass complete=True / -c to score the missing topics as 0).")
    topics = []
    for query in wanted:
        lo, hi = q_bounds[query]
        judgments = dict(zip(q_docs[lo:hi].tolist(), q_grades[lo:hi].tolist()))
        a, b = bounds.get(query, (0, 0))
        docs = run_docs[a:b]
        grades = np.fromiter((judgments.get(d, math.nan) for d in docs), np.float64, len(docs))
        judged = ~np.isnan(grades)
        grades[~judged] = 0.0
        topics.append(_Topic(query, grades, judged, q_grades[lo:hi]))
    return topics, only_run, only_qrels


def _examples(ids: list, n: int = 5) -> str:
    shown = ", ".join(repr(i) for i in ids[:n])
    return shown + (f" and {len(ids) - n} more" if len(ids) > n else "") if ids else "none"


def _report(only_run, only_qrels, complete: bool, run_source, qrels_source) -> None:
    notes = []
    if only_run:
        notes.append(f"{len(only_run)} topic(s) of the run are not in the qrels and are ignored "
                     f"(as trec_eval does): {_examples(only_run)}")
    if only_qrels:
        what = ("are scored 0 (complete=True, trec_eval's -c)" if complete else
                "are left out of the means; pass complete=True (-c) to score them 0")
        notes.append(f"{len(only_qrels)} topic(s) of the qrels have no results in the run and "
                     f"{what}: {_examples(only_qrels)}")
    if notes:
        warnings.warn(f"{run_source} vs {qrels_source}: " + "; ".join(notes) + ".",
                      TopicMismatchWarning, stacklevel=4)


def _values(topic: _Topic, families: dict, level: float, max_docs: int | None) -> dict:
    """Every requested measure of one topic, each from its textbook function."""
    grades = topic.grades[:max_docs]
    judged = topic.judged[:max_docs]
    R = int(np.count_nonzero(topic.ideal >= level))
    ret = len(grades)
    out = {}
    for family, params in families.items():
        if family == "num_ret":
            out[family, None] = ret
        elif family == "num_rel":
            out[family, None] = R
        elif family == "num_rel_ret":
            out[family, None] = int(np.count_nonzero(grades >= level))
        elif family == "num_q":
            out[family, None] = 1
        elif family in ("map", "gm_map"):
            out[family, None] = average_precision(grades, R, relevance_level=level)
        elif family == "map_cut":
            for k in params:
                out[family, k] = average_precision(grades, R, k=k, relevance_level=level)
        elif family == "Rprec":
            out[family, None] = r_precision(grades, R, relevance_level=level)
        elif family == "bpref":
            N = int(np.count_nonzero((topic.ideal >= 0) & (topic.ideal < level)))
            with_unjudged = np.where(judged, grades, None)
            out[family, None] = bpref(with_unjudged, R, N, relevance_level=level)
        elif family == "recip_rank":
            out[family, None] = reciprocal_rank(grades, relevance_level=level)
        elif family == "iprec_at_recall":
            values = interpolated_precision(grades, R, list(params), relevance_level=level)
            out.update({(family, p): float(v) for p, v in zip(params, values)})
        elif family == "P":
            for k in params:
                out[family, k] = precision_at_k(grades, k, relevance_level=level)
        elif family == "recall":
            for k in params:
                out[family, k] = recall_at_k(grades, k, R, relevance_level=level)
        elif family == "11pt_avg":
            out[family, None] = eleven_point_average_precision(grades, R, relevance_level=level)
        elif family == "ndcg":
            out[family, None] = ndcg_at_k(grades, None, ideal=topic.ideal)
        elif family == "ndcg_cut":
            for k in params:
                out[family, k] = ndcg_at_k(grades, k, ideal=topic.ideal)
        elif family == "success":
            for k in params:
                out[family, k] = success_at_k(grades, k, relevance_level=level)
        elif family in ("set_P", "set_recall", "set_map", "set_F"):
            # The retrieved set is the list cut at its own length.
            p = precision_at_k(grades, ret, relevance_level=level) if ret else 0.0
            r = recall_at_k(grades, ret, R, relevance_level=level) if ret else 0.0
            if family == "set_P":
                out[family, None] = p
            elif family == "set_recall":
                out[family, None] = r
            elif family == "set_map":
                out[family, None] = p * r
            else:
                out[family, None] = f1_at_k(grades, ret, R, relevance_level=level) if ret \
                    else 0.0
    return out


def _summarise(columns, topics, per_topic, gmean, runid, only_run, only_qrels) -> _Table:
    """The ``all`` row: mean over topics (summed in order, as trec_eval), sum or geometric mean."""
    values = {}
    summary = {}
    for measure in columns:
        kind = _BY_TREC[measure.family].summary
        if kind == "name":
            values[measure.label] = [runid] * len(topics)
            summary[measure.label] = runid
            continue
        column = per_topic[measure.family, measure.param]
        values[measure.label] = column
        if kind in ("sum", "count"):
            summary[measure.label] = int(sum(column))
        elif kind == "gmean":
            summary[measure.label] = gmean
        else:
            total = 0.0
            for value in column:  # in order, as trec_eval sums
                total += value
            summary[measure.label] = total / len(column)
    attrs = {"runid": runid, "num_q": len(topics), "only_in_run": only_run,
             "only_in_qrels": only_qrels, "measures": columns}
    return _Table(topics, columns, values, summary, attrs)


def _frame(table: _Table, per_query: bool):
    """The result DataFrame: one row per topic (if per_query), then ``all``."""
    import pandas as pd

    columns = table.columns
    frame = pd.DataFrame(table.values, index=pd.Index(table.topics, name="query", dtype=object),
                         columns=[m.label for m in columns])
    frame = frame if per_query else frame.iloc[:0]
    frame = pd.concat([frame, pd.DataFrame([table.summary],
                                           index=pd.Index([SUMMARY_ROW], name="query",
                                                          dtype=object))])
    for measure in columns:
        if _BY_TREC[measure.family].summary in ("sum", "count"):
            frame[measure.label] = frame[measure.label].astype(np.int64)
    frame.attrs.update(table.attrs)
    return frame


def format_trec(result, *, header: bool = False) -> str:
    r"""The result of :func:`evaluate` in trec_eval's layout: ``measure<TAB>topic<TAB>value``.

    The measure name is padded to 22 characters, values have 4 decimals (the
    counts none), measures come in trec_eval's order, per-topic blocks first
    (topics scored only because of ``complete=True`` are not printed, as in
    trec_eval), then the ``all`` block. ``gm_map`` is printed in the ``all``
    block only.

    Parameters
    ----------
    result : pandas.DataFrame
        What :func:`evaluate` returned.
    header : bool, default False
        Also print the ``runid`` and ``num_q`` lines (trec_eval's default set
        does).

    Returns
    -------
    str
        The lines, each ending in a newline.

    Examples
    --------
    >>> result = evaluate({"q1": {"a": 1}}, {"q1": {"a": 1.0, "b": 0.5}}, ["P@2", "num_ret"])
    >>> print(format_trec(result), end="")
    num_ret               	q1	2
    P_2                   	q1	0.5000
    num_ret               	all	2
    P_2                   	all	0.5000
    """
    topics = list(result.index[:-1])
    values = {label: result[label].tolist()[:-1] for label in result.columns}
    summary = {label: result[label].iloc[-1] for label in result.columns}
    return _trec_text(_Table(topics, result.attrs["measures"], values, summary, result.attrs),
                      header=header)


def _trec_text(table: _Table, *, header: bool = False, per_query: bool = True) -> str:
    """:func:`format_trec` of a :class:`_Table` (no pandas needed)."""
    measures = sorted(table.attrs["measures"],
                      key=lambda m: (_ORDER[m.family], -1 if m.param is None else m.param))
    skipped = set(table.attrs.get("only_in_qrels", ()))
    lines = []
    rows = [(topic, position) for position, topic in enumerate(table.topics)] if per_query else []
    for topic, position in rows + [(SUMMARY_ROW, None)]:
        is_summary = position is None
        if not is_summary and topic in skipped:
            continue
        if is_summary and header:
            lines.append(_line("runid", topic, table.attrs["runid"]))
            lines.append(_line("num_q", topic, table.attrs["num_q"]))
        for measure in measures:
            kind = _BY_TREC[measure.family].summary
            if not is_summary and kind in ("gmean", "name", "count"):
                continue
            value = table.summary[measure.label] if is_summary else \
                table.values[measure.label][position]
            if kind == "name":
                lines.append(_line(measure.trec, topic, value))
            elif kind in ("sum", "count"):
                lines.append(_line(measure.trec, topic, int(value)))
            else:
                lines.append(_line(measure.trec, topic, f"{value:.4f}"))
    return "".join(lines)


def _line(name: str, topic, value) -> str:
    return f"{name:<22}\t{topic}\t{value}\n"
