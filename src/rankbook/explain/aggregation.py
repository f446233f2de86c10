r"""Show the work of an aggregation: the tables a student computes by hand on a small profile.

`explain_aggregation` runs a method and collects *views*: small tables such as
the normalised scores, the Borda points, the pairwise preference matrix with
each item's wins, ties and losses, or the Kemeny distance of the winning order.
Which views appear depends on the method's family (`rankbook.aggregate.METHODS`); a
family's views are registered with the `view` decorator, so a new family (the
Markov chains, RRA, the self-weighting methods) adds its own without touching
this module (the family's entry in `rankbook.aggregate.registry.FAMILIES` names the
module that defines them, ``views``):

    @view("markov", "Transition matrix")
    def transition_matrix(case):
        ...return a DataFrame, or None when the view does not apply...

A view receives an `AggregationCase` (the profile, the method, its parameters
and its result) and returns a pandas DataFrame, or a ``(DataFrame, note)``
pair whose note is printed under the table.
"""

from __future__ import annotations

import importlib
import inspect
from dataclasses import dataclass, field
from typing import Callable

import numpy as np

from rankbook._errors import InvalidValueError
from rankbook._markdown import pipe_table
from rankbook.aggregate import Profile, make_profile


@dataclass(frozen=True)
class AggregationCase:
    """What a view reads: the profile, the method's name, its parameters and its result.

    ``params`` are the parameters as given; ``settings`` all of the method's
    keyword parameters, the defaults of its signature filled in, so that a view
    never repeats a method's defaults.
    """

    profile: Profile
    method: str
    params: dict
    result: dict
    settings: dict = field(default_factory=dict)


@dataclass(frozen=True)
class View:
    """One registered view: its title, the function that builds it, and its methods."""

    title: str
    build: Callable
    methods: tuple | None = None   # None: every method of the family


VIEWS: dict[str, list[View]] = {}



def view_modules() -> tuple:
    """The modules whose import registers views (`view`): each family's ``views`` in the registry.

    They are imported the first time `explain_aggregation` runs.
    """
    from rankbook.aggregate.registry import FAMILIES

    return tuple(dict.fromkeys(family.views for family in FAMILIES.values()))


def view(family: str, title: str, *, methods: tuple | None = None):
    """Register a view for a family of methods (optionally only for some of its methods)."""
    def register(build):
        VIEWS.setdefault(family, []).append(View(title, build, methods))
        return build
    return register


@dataclass
class AggregationExplanation:
    """The result of `explain_aggregation`: its tables, shown as DataFrames in Jupyter, text elsewhere.

    Attributes
    ----------
    method : str
    params : dict
    result : dict
        The method's result, item -> score, best first.
    tables : dict of str to pandas.DataFrame
        Title -> table, in the order shown.
    notes : dict of str to str
        Title -> a sentence printed under the table.
    """

    method: str
    params: dict
    result: dict
    tables: dict = field(default_factory=dict)
    notes: dict = field(default_factory=dict)

    def _heading(self) -> str:
        settings = ", ".join(f"{k}={v!r}" for k, v in self.params.items())
        return f"{self.method}({settings})" if settings else self.method

    def __str__(self) -> str:
        parts = [self._heading(), "=" * len(self._heading())]
        for title, table in self.tables.items():
            parts += ["", title, "-" * len(title), table.to_string(float_format=_number, na_rep="")]
            if title in self.notes:
                parts.append(self.notes[title])
        return "\n".join(parts)

    __repr__ = __str__

    def _repr_markdown_(self) -> str:
        parts = [f"**{self._heading()}**"]
        for title, table in self.tables.items():
            parts += ["", f"*{title}*", "", markdown_table(table)]
            if title in self.notes:
                parts += ["", self.notes[title]]
        return "\n".join(parts)

    def _repr_html_(self) -> str:
        parts = [f"<p><b>{self._heading()}</b></p>"]
        for title, table in self.tables.items():
            parts.append(f"<p><i>{title}</i></p>")
            parts.append(table.to_html(float_format=_number, na_rep=""))
            if title in self.notes:
                parts.append(f"<p>{self.notes[title]}</p>")
        return "\n".join(parts)


def explain_aggregation(lists, method: str, *, weights=None, **params) -> AggregationExplanation:
    r"""Run an aggregation method on a small profile and show the intermediate tables.

    Every explanation starts with the profile (each item's rank in each list)
    and ends with the result; in between come the views of the method's family:

    | family | views |
    | --- | --- |
    | combination | the normalised scores, list by list |
    | positional | the points each list gives each item (Borda points, $1/(k+r)$, ...) |
    | majoritarian | the pairwise preference matrix; wins, ties, losses, the Condorcet and Copeland tallies; Schulze's strongest paths; the outranking concordance; the Kemeny distance of the winning order |
    | markov | the transition matrix $T'$; the power iterations $\pi^{(t+1)} = \pi^{(t)} T'$ from the uniform start |
    | rra | the normalised ranks $r/n$; the order statistics $u_{(i)}$; the beta p-values $p_i$, $\rho$ and the corrected p-values |
    | self_weighting | the voter weights the method learned |

    Parameters
    ----------
    lists : sequence of (sequence of item ids, or mapping item -> score)
        The ranked lists of one query, best first.
    method : str
        A name from `rankbook.aggregate.METHODS`.
    weights : sequence of float, optional
        One weight per list.
    **params
        The method's parameters.

    Returns
    -------
    AggregationExplanation
        Its ``tables`` are pandas DataFrames; printing it gives plain text, and
        Jupyter shows HTML tables.

    Examples
    --------
    >>> lists = [["a", "b", "c"], ["b", "c", "a"], ["a", "c", "b"]]
    >>> print(explain_aggregation(lists, "copeland").tables["Pairwise contests"])
       wins  ties  losses  Condorcet  Copeland
    a     2     0       0          2         2
    b     1     0       1          1         0
    c     0     0       2          0        -2
    """
    from rankbook.aggregate.registry import METHODS

    for module in view_modules():
        importlib.import_module(module)
    if method not in METHODS:
        raise InvalidValueError(
            f"unknown aggregation method {method!r}; choose one of {', '.join(METHODS)}.")
    entry = METHODS[method]
    # the method sees the weights as given, so that one without weights refuses them
    result = entry.function(make_profile(lists), weights=weights, **params)
    profile = make_profile(lists, weights)
    case = AggregationCase(profile, method, dict(params), result,
                           {**keyword_defaults(entry.function), **params})
    explanation = AggregationExplanation(method, dict(params), result)
    _add(explanation, "Profile", profile_table(profile))
    for item in VIEWS.get(entry.family, []):
        if item.methods is None or method in item.methods:
            _add(explanation, item.title, item.build(case))
    _add(explanation, "Result", result_table(case))
    return explanation


def keyword_defaults(function) -> dict:
    """The keyword-only parameters of ``function`` that have a default, with it."""
    return {name: p.default for name, p in inspect.signature(function).parameters.items()
            if p.kind is p.KEYWORD_ONLY and p.default is not p.empty and name != "weights"}


def _add(explanation: AggregationExplanation, title: str, built) -> None:
    if built is None:
        return
    table, note = built if isinstance(built, tuple) else (built, None)
    explanation.tables[title] = table
    if note:
        explanation.notes[title] = note


def profile_table(profile: Profile):
    """Items (rows) by lists (columns): each item's rank, blank where unranked."""
    import pandas as pd

    ranks = np.where(profile.ranked, profile.rank, np.nan).T       # NaN prints blank
    columns = [_list_name(profile, l) for l in range(profile.n_lists)]
    table = pd.DataFrame(ranks, index=list(profile.items), columns=columns)
    return table, "Ranks, 1 = best; blank = the list does not rank the item."


def _list_name(profile: Profile, l: int) -> str:
    weight = profile.weight[l]
    return f"list {l + 1}" if weight == 1 else f"list {l + 1} (w={weight:g})"


def result_table(case: AggregationCase):
    """The aggregate order: position, item, score."""
    import pandas as pd

    return pd.DataFrame({"item": list(case.result), "score": list(case.result.values())},
                        index=pd.RangeIndex(1, len(case.result) + 1, name="position"))


def item_table(profile: Profile, columns: dict):
    """A DataFrame indexed by the profile's items from (n,) or (L, n) arrays."""
    import pandas as pd

    data = {}
    for name, values in columns.items():
        values = np.asarray(values)
        if values.ndim == 2:
            for l in range(values.shape[0]):
                data[_list_name(profile, l)] = values[l]
        else:
            data[name] = values
    return pd.DataFrame(data, index=list(profile.items))


def markdown_table(table) -> str:
    """A DataFrame as a Markdown pipe table (numbers with up to 4 decimals, NaN blank)."""
    header = [table.index.name or "", *table.columns]
    return pipe_table(header, ([label, *(_cell(value) for value in row.tolist())]
                               for label, row in table.iterrows()))


def _cell(value) -> str:
    if value is None or value is np.nan or (isinstance(value, float) and np.isnan(value)):
        return ""
    if isinstance(value, float):
        return _number(value)
    return "" if str(value) == "<NA>" else str(value)


def _number(value: float) -> str:
    return f"{value:.4f}".rstrip("0").rstrip(".") if np.isfinite(value) else str(value)

