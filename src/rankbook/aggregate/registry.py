r"""The one table of rank-aggregation methods: `METHODS`, name -> `Method`, and `FAMILIES`.

Everything that lists the methods reads them from here: the exports of
`rankbook.aggregate`, `rankbook.fuse`, the ``rankbook fuse`` and ``rankbook
explain-fusion`` commands (their choices, their ``--param`` parsing and checks,
their help), the Comparator's checks, `rankbook.explain_aggregation` (which
views a family shows), the method table of the Rank aggregation page
(docs/aggregation/index.md, by docs/hooks/catalogues.py) and the property
tests. A method is added with its function, one `Method` row, its page and its
tests (docs/contributing.md, "Adding an aggregation method"). Each row says

- ``family``: a key of `FAMILIES`, which gives the docs page and the module of
  the views that `explain_aggregation` shows;
- ``linear_in_weights``: whether a list of weight 2 counts exactly as the same
  list given twice, in the default convention (true of sums of per-list points,
  of pairwise counts and of the Markov chains built from them; false where the
  number of lists that rank an item, $h(x)$, enters the formula, or a maximum,
  minimum or median, and for the methods that take no weights: RRA and the
  self-weighting methods, which learn their own);
- ``example``: parameters that must be given to call it (those without a default);
- ``needs_scores``: its default normalisation reads scores, not just positions;
- ``page``: its docs page, when not its family's first.

The parameters (name, type, default, PyFLAGR's spelling) are read from the
function's signature, the one place they are written: `parameters`.

>>> sorted(name for name, m in METHODS.items() if m.family == "majoritarian")
['condorcet', 'copeland', 'kemeny', 'outranking', 'schulze']
>>> tuple(name for name, m in METHODS.items() if m.family == "self_weighting")
('prefrel', 'agglomerative', 'dibra')
>>> {p.name: (p.type.__name__, p.default) for p in parameters("rrf")}
{'k': ('float', 60), 'convention': ('str', 'textbook')}
"""

from __future__ import annotations

import inspect
from dataclasses import dataclass, field
from collections.abc import Callable

from rankbook import _catalogue
from rankbook._catalogue import Entry
from rankbook._errors import InvalidValueError

from rankbook.aggregate import (
    combination,
    combination_weighted,
    kemeny_young,
    majoritarian,
    markov,
    positional,
)

# rankbook.aggregate binds these names to the functions, which shadow their modules
from rankbook.aggregate.agglomerative import agglomerative
from rankbook.aggregate.dibra import dibra
from rankbook.aggregate.prefrel import prefrel
from rankbook.aggregate.rra import rra, rra_exact

#: The module whose import registers the families' worked views (`rankbook.explain.aggregation`).
VIEWS_MODULE = "rankbook.explain.aggregation_views"


@dataclass(frozen=True)
class Family:
    """A family of methods: its name in help and tables, what it reads, its pages ``(path, title)``."""

    title: str
    reads: str
    pages: tuple
    views: str = VIEWS_MODULE


FAMILIES: dict[str, Family] = {
    "combination": Family("score combination", "normalised scores", (
        ("aggregation/combination.md", "Score combination"),
        ("aggregation/normalization.md", "Normalisation"))),
    "positional": Family("position based", "positions", (
        ("aggregation/positional.md", "Position-based fusion"),)),
    "majoritarian": Family("majoritarian", "pairwise order", (
        ("aggregation/majoritarian.md", "Majoritarian methods"),
        ("aggregation/kemeny.md", "Kemeny"))),
    "markov": Family("Markov chains", "pairwise order, as a random walk", (
        ("aggregation/markov_chains.md", "Markov chains"),)),
    "rra": Family("robust rank aggregation", "normalised ranks, as order statistics", (
        ("aggregation/rra.md", "Robust rank aggregation"),)),
    "self_weighting": Family(
        "self-weighting",
        "positions and pairwise order, with voter weights learned from agreement", (
            ("aggregation/self_weighting.md", "Self-weighting methods"),)),
}


@dataclass(frozen=True, kw_only=True)
class Method(Entry):
    """One rank-aggregation method: a catalogue row (`rankbook._catalogue.Entry`) and what the
    shared machinery needs to know. Built with keywords only; ``page`` defaults to its
    family's first page."""

    page: str = ""               # its docs page; "" for its family's first page
    family: str
    linear_in_weights: bool
    example: dict = field(default_factory=dict)
    needs_scores: bool = False   # its default normalisation reads scores, not just positions

    def __post_init__(self):
        super().__post_init__()
        if not self.page:
            object.__setattr__(self, "page", FAMILIES[self.family].pages[0][0])


METHODS: dict[str, Method] = {method.name: method for method in (
    # score combination (norm="min_max" by default, which needs scores)
    Method(name="combsum", function=combination.combsum, family="combination",
           linear_in_weights=True, needs_scores=True),
    Method(name="combmnz", function=combination.combmnz, family="combination",
           linear_in_weights=False, needs_scores=True),
    Method(name="combanz", function=combination.combanz, family="combination",
           linear_in_weights=False, needs_scores=True),
    Method(name="combgmnz", function=combination.combgmnz, family="combination",
           linear_in_weights=False, example={"gamma": 0.5}, needs_scores=True),
    Method(name="combmax", function=combination.combmax, family="combination",
           linear_in_weights=False, needs_scores=True),
    Method(name="combmin", function=combination.combmin, family="combination",
           linear_in_weights=False, needs_scores=True),
    Method(name="combmed", function=combination.combmed, family="combination",
           linear_in_weights=False, needs_scores=True),
    Method(name="wsum", function=combination_weighted.wsum, family="combination",
           linear_in_weights=True, needs_scores=True),
    Method(name="wmnz", function=combination_weighted.wmnz, family="combination",
           linear_in_weights=False, needs_scores=True),
    Method(name="mixed", function=combination_weighted.mixed, family="combination",
           linear_in_weights=False, needs_scores=True),
    # position based
    Method(name="borda", function=positional.borda, family="positional", linear_in_weights=True),
    Method(name="dowdall", function=positional.dowdall, family="positional",
           linear_in_weights=True),
    Method(name="rrf", function=positional.rrf, family="positional", linear_in_weights=True),
    Method(name="isr", function=positional.isr, family="positional", linear_in_weights=False),
    Method(name="log_isr", function=positional.log_isr, family="positional",
           linear_in_weights=False),
    Method(name="logn_isr", function=positional.logn_isr, family="positional",
           linear_in_weights=False),
    Method(name="rbc", function=positional.rbc, family="positional",
           linear_in_weights=True, example={"phi": 0.8}),
    # majoritarian
    Method(name="condorcet", function=majoritarian.condorcet, family="majoritarian",
           linear_in_weights=True),
    Method(name="copeland", function=majoritarian.copeland, family="majoritarian",
           linear_in_weights=True),
    Method(name="outranking", function=majoritarian.outranking, family="majoritarian",
           linear_in_weights=True),
    Method(name="schulze", function=majoritarian.schulze, family="majoritarian",
           linear_in_weights=True),
    Method(name="kemeny", function=kemeny_young.kemeny, family="majoritarian",
           linear_in_weights=True, page="aggregation/kemeny.md"),
    # Markov chains (the weights multiply each list's votes in the textbook convention)
    Method(name="mc1", function=markov.mc1, family="markov", linear_in_weights=True),
    Method(name="mc2", function=markov.mc2, family="markov", linear_in_weights=True),
    Method(name="mc3", function=markov.mc3, family="markov", linear_in_weights=True),
    Method(name="mc4", function=markov.mc4, family="markov", linear_in_weights=True),
    Method(name="mct", function=markov.mct, family="markov", linear_in_weights=True),
    # robust rank aggregation (p-values, smallest first; no weights)
    Method(name="rra", function=rra, family="rra", linear_in_weights=False),
    Method(name="rra_exact", function=rra_exact, family="rra", linear_in_weights=False),
    # self-weighting (they learn the list weights and refuse given ones)
    Method(name="prefrel", function=prefrel, family="self_weighting", linear_in_weights=False),
    Method(name="agglomerative", function=agglomerative, family="self_weighting",
           linear_in_weights=False),
    Method(name="dibra", function=dibra, family="self_weighting", linear_in_weights=False),
)}


# PyFLAGR's parameter names -> rankbook's (a keyword a PyFLAGR user is likely to type).
PYFLAGR_NAMES = {"w_norm": "weight_normalization", "dist": "distance", "max_iter": "max_iterations",
                 "pref": "preference", "conc": "concordance", "disc": "discordance"}


def method_named(name) -> str:
    """The name in `METHODS` of ``name``, in any case (``"RRF"``, ``"CombSUM"``), or a clear error.

    >>> method_named("CombSUM"), method_named("MC4")
    ('combsum', 'mc4')
    """
    return _catalogue.find(METHODS, name, what="aggregation method", fold_case=True,
                           how="in any case, e.g. 'RRF' or 'CombSUM'").name

@dataclass(frozen=True)
class Parameter:
    """One keyword parameter of a method, as its signature declares it."""

    name: str
    type: type            # bool, int, float or str
    default: object       # `REQUIRED` when the method needs it
    optional: bool        # None is accepted (``int | None``)
    flagr: str | None     # PyFLAGR's spelling, when it differs (``w_norm``)


REQUIRED = inspect.Parameter.empty
_TYPES = {"bool": bool, "int": int, "float": float, "str": str}


def parameters(method) -> tuple[Parameter, ...]:
    """The keyword parameters of a method (a `METHODS` name or a function), ``weights`` aside.

    >>> {p.name: p.flagr for p in parameters("dibra") if p.flagr}
    {'weight_normalization': 'w_norm', 'distance': 'dist', 'max_iterations': 'max_iter'}
    """
    function = METHODS[method].function if isinstance(method, str) else method
    flagr = {ours: theirs for theirs, ours in PYFLAGR_NAMES.items()}
    found = []
    for name, spec in inspect.signature(function).parameters.items():
        if spec.kind is not spec.KEYWORD_ONLY or name == "weights":
            continue
        annotation = spec.annotation if isinstance(spec.annotation, str) else ""
        kind = annotation.replace(" | None", "")
        found.append(Parameter(name, _TYPES.get(kind, str), spec.default,
                               annotation.endswith("| None"), flagr.get(name)))
    return tuple(found)


def read_value(parameter: Parameter, text: str):
    """A value typed as text (``--param k=60``) as the parameter's type, or a clear error.

    >>> read_value(parameters("rrf")[0], "60"), read_value(parameters("rra")[0], "true")
    (60.0, True)
    """
    lowered = text.lower()
    if parameter.type is str:
        return text
    if parameter.optional and lowered == "none":
        return None
    if parameter.type is bool and lowered in ("true", "false"):
        return lowered == "true"
    if parameter.type is not bool:
        try:
            return parameter.type(text)
        except ValueError:
            pass
    example = parameter.default if parameter.default is not REQUIRED else 1
    kind = "true or false" if parameter.type is bool else f"a number ({parameter.type.__name__})"
    raise InvalidValueError(f"--param {parameter.name}={text}: {parameter.name} is {kind}, "
                            f"e.g. --param {parameter.name}={example}.")


def check_parameters(function: Callable, params: dict, *, what: str, cli: bool = False) -> None:
    """Refuse now what ``function`` would refuse on every query: an unknown keyword or a bad value.

    Unknown keywords are named with the method's parameters (and rankbook's name for a
    PyFLAGR one, ``w_norm`` -> ``weight_normalization``); the values are checked by the
    method itself, called once on two tiny lists, so no check is written twice.
    ``what`` names the call in the messages (``"add_aggregator('DIBRA', 'dibra')"``);
    ``cli`` words them for ``--param NAME=VALUE`` (where ``weights`` is ``--weights``).

    >>> check_parameters(METHODS["dibra"].function, {"w_norm": "minmax"}, what="dibra")
    Traceback (most recent call last):
    ...
    rankbook._errors.InvalidValueError: dibra: no parameter 'w_norm' (PyFLAGR's name; here it is weight_normalization); the parameters are weights, aggregator, gamma, weight_normalization, distance, tol, max_iterations, prune, d1, d2, num_buckets, return_weights, convention.
    """
    accepted = [p for p, spec in inspect.signature(function).parameters.items()
                if spec.kind is spec.KEYWORD_ONLY and not (cli and p == "weights")]
    unknown = [p for p in params if p not in accepted]
    if unknown and (accepted or cli):
        hint = f" (PyFLAGR's name; here it is {PYFLAGR_NAMES[unknown[0]]})" \
            if PYFLAGR_NAMES.get(unknown[0]) in accepted else ""
        flag = f" (--param {unknown[0]}=...)" if cli else ""
        raise InvalidValueError(
            f"{what}: no parameter {unknown[0]!r}{flag}{hint}; the parameters are "
            f"{', '.join(accepted) or 'none'}.")
    known = {m.function: m for m in METHODS.values()}
    if function not in known:
        return                  # a user's function: its values are its own business
    missing = [p.name for p in parameters(function) if p.default is REQUIRED and p.name not in params]
    if missing:
        example = known[function].example.get(missing[0], 1)
        how = f"--param {missing[0]}=VALUE (e.g. --param {missing[0]}={example})" if cli else \
            f"{missing[0]}= (e.g. {missing[0]}={example})"
        raise InvalidValueError(f"{what}: the method needs {how}.")
    function([{"a": 2.0, "b": 1.0}, {"b": 2.0, "a": 1.0}],
             **{k: v for k, v in params.items() if k != "weights"})


def by_family() -> dict[str, list[str]]:
    """``{family: [method, ...]}`` in `FAMILIES` order."""
    return {family: [name for name, m in METHODS.items() if m.family == family]
            for family in FAMILIES}


def markdown_table(link_prefix: str = "") -> str:
    """The table of the methods by family: methods, what they read, pages (links from ``link_prefix``)."""
    rows = ["| family | methods | reads | page |", "| --- | --- | --- | --- |"]
    for family, names in by_family().items():
        entry = FAMILIES[family]
        pages = ", ".join(f"[{title}]({link_prefix}{page})" for page, title in entry.pages)
        rows.append(f"| {entry.title} | {', '.join(f'`{n}`' for n in names)} | {entry.reads} | "
                    f"{pages} |")
    return "\n".join(rows)


def exports() -> dict:
    """``{name: function}`` that `rankbook.aggregate` exports for the methods: every one of `METHODS`."""
    return _catalogue.exports(METHODS)
