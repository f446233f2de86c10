r"""One metric explained rank by rank: its running values and its formula with the numbers in."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from rankbook import _validate
from rankbook._markdown import pipe_table
from rankbook.explain.case import Case, make_case
from rankbook.explain.catalog import resolve
from rankbook.explain.explainer import Explainer
from rankbook.explain.subtopic_case import make_subtopic_case
from rankbook.explain.worksheet import Worksheet


def explain_metric(relevance: Sequence, metric: str, *, depth: int | None = None,
                   **options) -> MetricExplanation:
    r"""Every running value of one metric on one ranked list, and its formula at any rank.

    The table has a row per rank $k = 1, \dots, n$ (or ``depth``) with the metric's value at
    that rank and the quantities its formula is made of (the gain and discount of each rank
    for DCG, the stop probability for ERR, ...), each computed by the metric's function of
    `rankbook.metrics`. ``show_work(k)`` writes the formula at rank k with the numbers
    substituted.

    Parameters
    ----------
    relevance : sequence of float or None, shape (n,)
        Grades of the ranked list, rank 1 first; None for an unjudged document. For a
        diversity measure (alpha-nDCG, ERR-IA, NRBP, ...), the subtopics of each document
        instead: one token each, ``["a,b", "-", "c:2"]`` or ``"a,b - c:2"``
        (`rankbook.explain.subtopic_case`), and the topic's judged documents as ``judged``.
    metric : str
        The metric's name, canonical (``"nDCG@k"``, ``"nDCG@10"``, ``"RR"``, ``"RBP"``) or
        trec_eval's (``"ndcg_cut_10"``, ``"recip_rank"``, ``"rbp.p=0.8"``). A cut-off in the
        name (``P@5``) is the rank whose work `MetricExplanation.at` names.
    depth : int, optional
        Ranks the table shows; default the list's length (or the cut-off, when larger).
    **options
        The keyword arguments of the metric's function (``n_relevant``, ``ideal``,
        ``persistence``, ...): exactly those it takes. ``n_relevant``, ``ideal`` and
        ``n_nonrelevant`` may be left out: they are then taken from the list, and a note
        says so.

    Returns
    -------
    MetricExplanation

    Examples
    --------
    The nDCG page's pitfall: one relevant document retrieved at rank 1 of five, four
    relevant in the judgments. With every judged grade of the query as the ideal, nDCG is
    trec_eval's 0.39038:

    >>> ex = explain_metric([1, 0, 0, 0, 0], "nDCG@5", ideal=[1, 1, 1, 1])
    >>> round(ex.value(), 5)
    0.39038
    >>> print(ex.show_work(5))
    DCG@5 = 1/log2(1+1) + 0/log2(2+1) + 0/log2(3+1) + 0/log2(4+1) + 0/log2(5+1) = 1.0000
    IDCG@5 = 1/log2(1+1) + 1/log2(2+1) + 1/log2(3+1) + 1/log2(4+1) + 0/log2(5+1) = 2.5616
    nDCG@5 = DCG@5 / IDCG@5 = 1.0000 / 2.5616 = 0.3904
    """
    explainer, named, at = resolve(metric)
    if explainer.input == "subtopics":    # a diversity measure: the subtopics of each rank
        case = make_subtopic_case(relevance, explainer.takes, {**named, **options},
                                  explainer.metric)
    else:
        case = make_case(relevance, explainer.takes, {**named, **options}, explainer.required,
                         explainer.metric)
    at = None if at is None else _validate.cutoff(at, "the cut-off in the metric's name")
    n = case.n
    deepest = max(n, at or 0, 0 if depth is None else _validate.cutoff(depth, "depth"))
    return MetricExplanation(explainer, case, deepest, at)


# explain()'s defaults: with a metric, an argument left at its default is not passed on.
_CORE_DEFAULTS = {"gain": "linear", "discount": "log2", "denominator": "relevant"}


def from_core_arguments(relevance, metric: str | None, *, extra, depth, ap_denominator,
                        **arguments):
    """explain(..., metric=NAME): the core table's arguments that are set, passed on by name."""
    if metric is None:
        options = sorted(set(arguments) - set(_CORE_DEFAULTS) - {"n_relevant", "ideal",
                                                                  "n_nonrelevant",
                                                                  "relevance_level"})
        raise _validate.InvalidValueError(
            f"explain() got {', '.join(options)}: such arguments belong to one metric; pass "
            'metric=NAME too, e.g. explain([1, 0, 1], metric="RBP", persistence=0.8).')
    if tuple(extra):
        raise _validate.InvalidValueError(
            "extra= adds columns to the core table; with metric= the table holds that metric's "
            "own running values. Leave extra out.")
    denominator = arguments.get("denominator")      # AP's own name for ap_denominator
    if denominator is not None and ap_denominator != "relevant" and denominator != ap_denominator:
        raise _validate.InvalidValueError(
            f"ap_denominator={ap_denominator!r} and denominator={denominator!r} name the same "
            "option of AP; give one of them.")
    arguments["denominator"] = ap_denominator if denominator is None else denominator
    given = {name: value for name, value in arguments.items()
             if value is not None and _CORE_DEFAULTS.get(name, object()) != value}
    return explain_metric(relevance, metric, depth=depth, **given)


@dataclass(frozen=True)
class MetricExplanation:
    """The result of `explain_metric`: a metric's running table and its worked formula.

    Attributes
    ----------
    explainer : Explainer
        The metric's entry of the catalogue.
    case : Case
        The list and the options, as checked (and assumed: ``notes``).
    depth : int
        The ranks the table shows.
    at : int or None
        The cut-off written in the metric's name (``P@5``: 5), if any.
    """

    explainer: Explainer
    case: Case
    depth: int
    at: int | None = None
    _table: list = field(default_factory=list, repr=False, compare=False)

    @property
    def metric(self) -> str:
        """The registry name of the metric explained."""
        return self.explainer.metric

    @property
    def notes(self) -> tuple[str, ...]:
        """What had to be assumed, in words."""
        return self.case.notes

    def values_at(self, k: int) -> dict[str, float]:
        """The running values at rank k (which may pass the end of the list)."""
        return self.explainer.columns(self.case, _validate.cutoff(k))

    def value(self, k: int | None = None) -> float:
        """The metric's value at rank k; default the cut-off of its name, else the whole list."""
        k = k if k is not None else self.at if self.at is not None else self.case.n
        return self.values_at(k)[self.explainer.column]

    @property
    def table(self):
        """pandas DataFrame, one row per rank k: the grade, then the running values."""
        if not self._table:
            import pandas as pd

            rows = [{"k": k, self._input_column: self._grade(k), **self.values_at(k)}
                    for k in range(1, self.depth + 1)]
            self._table.append(pd.DataFrame(rows).set_index("k"))
        return self._table[0].copy()

    @property
    def _input_column(self) -> str:
        """What the table's first column holds: each rank's grade, or its subtopics."""
        return "subtopics" if self.explainer.input == "subtopics" else "grade"

    def _grade(self, k: int):
        if k > self.case.n:
            return float("nan")
        grade = self.case.relevance[k - 1]
        return float("nan") if grade is None else grade

    def show_work(self, k: int | None = None, *, decimals: int = 4) -> Worksheet:
        """The formula at rank k (default: `value`'s rank) with the numbers substituted."""
        k = _validate.cutoff(k if k is not None else self.at if self.at is not None else
                             self.case.n)
        places = _validate.cutoff(decimals + 1, "decimals + 1") - 1

        def fmt(x) -> str:
            return "undefined" if x != x else f"{x:.{places}f}"

        return Worksheet(tuple(self.explainer.steps(self.case, k, fmt)))

    def cells(self, decimals: int = 4) -> tuple[list[str], list[list[str]]]:
        """The table as text: the header, then a row per rank (``-`` unjudged, ``·`` past the end).

        Built from `values_at` without pandas, so that ``rankbook explain --metric`` (and the
        docs' hand-calculation box, in the browser) never loads it.
        """
        running = [self.values_at(k) for k in range(1, self.depth + 1)]
        columns = list(dict.fromkeys(name for values in running for name in values))
        rows = []
        for k, values in enumerate(running, start=1):
            grade = "·" if k > self.case.n else self.case.grade_text(k)
            rows.append([str(k), grade, *(_cell(values.get(name, float("nan")), decimals)
                                          for name in columns)])
        return ["k", self._input_column, *columns], rows

    def to_markdown(self, decimals: int = 4) -> str:
        """The table as a Markdown pipe table."""
        return pipe_table(*self.cells(decimals))

    def __str__(self) -> str:
        header, rows = self.cells()
        widths = [max(len(line[i]) for line in [header, *rows]) for i in range(len(header))]
        lines = ["  ".join(cell.rjust(w) for cell, w in zip(line, widths)).rstrip()
                 for line in [header, *rows]]
        return "\n".join([*lines, *(f"note: {note}" for note in self.notes)])

    def __repr__(self) -> str:
        return str(self)

    def _repr_html_(self) -> str:
        notes = "".join(f"<p><em>Note:</em> {note}</p>" for note in self.notes)
        return self.table.to_html(float_format=lambda x: f"{x:.4f}", na_rep="—") + notes


def _cell(value, decimals: int) -> str:
    """One value of the table as text: yes/no, a word, a count, a number, or n/a (undefined)."""
    import numpy as np

    if isinstance(value, (bool, np.bool_)):
        return "yes" if value else "no"
    if isinstance(value, str):
        return value
    if isinstance(value, (int, np.integer)):
        return str(value)
    if value != value:
        return "n/a"
    return f"{value:.{decimals}f}"
