r"""The one table of rank-aggregation methods: `METHODS`, name -> `Method`.

`rankbook.fuse`, the ``rankbook fuse`` command, `rankbook.explain_aggregation`
and the property tests read the methods from here, so a method is added in one
place: write its function, then add a row. Each row says

- ``family``: the module's family, which also picks the views that
  `explain_aggregation` shows (`rankbook.aggregate.explain.VIEWS`);
- ``linear_in_weights``: whether a list of weight 2 counts exactly as the same
  list given twice, in the default convention (true of sums of per-list points,
  of pairwise counts and of the Markov chains built from them; false where the
  number of lists that rank an item, $h(x)$, enters the formula, or a maximum,
  minimum or median, and for the methods that take no weights: RRA and the
  self-weighting methods, which learn their own);
- ``example``: parameters that must be given to call it (those without a default).

>>> sorted(name for name, m in METHODS.items() if m.family == "majoritarian")
['condorcet', 'copeland', 'kemeny', 'outranking', 'schulze']
>>> tuple(name for name, m in METHODS.items() if m.family == "self_weighting")
('prefrel', 'agglomerative', 'dibra')
"""

from __future__ import annotations

import inspect
from dataclasses import dataclass, field
from typing import Callable

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


@dataclass(frozen=True)
class Method:
    """One rank-aggregation method: its function and what the shared machinery needs to know."""

    function: Callable
    family: str
    linear_in_weights: bool
    example: dict = field(default_factory=dict)
    needs_scores: bool = False   # its default normalisation reads scores, not just positions


METHODS: dict[str, Method] = {
    # score combination (norm="min_max" by default, which needs scores)
    "combsum": Method(combination.combsum, "combination", True, needs_scores=True),
    "combmnz": Method(combination.combmnz, "combination", False, needs_scores=True),
    "combanz": Method(combination.combanz, "combination", False, needs_scores=True),
    "combgmnz": Method(combination.combgmnz, "combination", False, {"gamma": 0.5},
                       needs_scores=True),
    "combmax": Method(combination.combmax, "combination", False, needs_scores=True),
    "combmin": Method(combination.combmin, "combination", False, needs_scores=True),
    "combmed": Method(combination.combmed, "combination", False, needs_scores=True),
    "wsum": Method(combination_weighted.wsum, "combination", True, needs_scores=True),
    "wmnz": Method(combination_weighted.wmnz, "combination", False, needs_scores=True),
    "mixed": Method(combination_weighted.mixed, "combination", False, needs_scores=True),
    # position based
    "borda": Method(positional.borda, "positional", True),
    "rrf": Method(positional.rrf, "positional", True),
    "isr": Method(positional.isr, "positional", False),
    "log_isr": Method(positional.log_isr, "positional", False),
    "logn_isr": Method(positional.logn_isr, "positional", False),
    "rbc": Method(positional.rbc, "positional", True, {"phi": 0.8}),
    # majoritarian
    "condorcet": Method(majoritarian.condorcet, "majoritarian", True),
    "copeland": Method(majoritarian.copeland, "majoritarian", True),
    "outranking": Method(majoritarian.outranking, "majoritarian", True),
    "schulze": Method(majoritarian.schulze, "majoritarian", True),
    "kemeny": Method(kemeny_young.kemeny, "majoritarian", True),
    # Markov chains (the weights multiply each list's votes in the textbook convention)
    "mc1": Method(markov.mc1, "markov", True),
    "mc2": Method(markov.mc2, "markov", True),
    "mc3": Method(markov.mc3, "markov", True),
    "mc4": Method(markov.mc4, "markov", True),
    "mct": Method(markov.mct, "markov", True),
    # robust rank aggregation (p-values, smallest first; no weights)
    "rra": Method(rra, "rra", False),
    "rra_exact": Method(rra_exact, "rra", False),
    # self-weighting (they learn the list weights and refuse given ones)
    "prefrel": Method(prefrel, "self_weighting", False),
    "agglomerative": Method(agglomerative, "self_weighting", False),
    "dibra": Method(dibra, "self_weighting", False),
}


# PyFLAGR's parameter names -> rankbook's (a keyword a PyFLAGR user is likely to type).
PYFLAGR_NAMES = {"w_norm": "weight_normalization", "dist": "distance", "max_iter": "max_iterations",
                 "pref": "preference", "conc": "concordance", "disc": "discordance"}


def method_named(name) -> str:
    """The name in `METHODS` of ``name``, in any case (``"RRF"``, ``"CombSUM"``), or a clear error.

    >>> method_named("CombSUM"), method_named("MC4")
    ('combsum', 'mc4')
    """
    key = name.lower() if isinstance(name, str) else name
    if not isinstance(key, str) or key not in METHODS:
        raise InvalidValueError(
            f"unknown aggregation method {name!r}; choose one of {', '.join(METHODS)} "
            "(in any case, e.g. 'RRF' or 'CombSUM').")
    return key


def check_parameters(function: Callable, params: dict, *, what: str) -> None:
    """Refuse now what ``function`` would refuse on every query: an unknown keyword or a bad value.

    Unknown keywords are named with the method's parameters (and rankbook's name for a
    PyFLAGR one, ``w_norm`` -> ``weight_normalization``); the values are checked by the
    method itself, called once on two tiny lists, so no check is written twice.
    ``what`` names the call in the messages (``"add_aggregator('DIBRA', 'dibra')"``).

    >>> check_parameters(METHODS["dibra"].function, {"w_norm": "minmax"}, what="dibra")
    Traceback (most recent call last):
    ...
    rankbook._errors.InvalidValueError: dibra: no parameter 'w_norm' (PyFLAGR's name; here it is weight_normalization); the parameters are weights, aggregator, gamma, weight_normalization, distance, tol, max_iterations, prune, d1, d2, num_buckets, return_weights, convention.
    """
    accepted = [p for p, spec in inspect.signature(function).parameters.items()
                if spec.kind is spec.KEYWORD_ONLY]
    unknown = [p for p in params if p not in accepted]
    if unknown and accepted:
        hint = f" (PyFLAGR's name; here it is {PYFLAGR_NAMES[unknown[0]]})" \
            if PYFLAGR_NAMES.get(unknown[0]) in accepted else ""
        raise InvalidValueError(
            f"{what}: no parameter {unknown[0]!r}{hint}; the parameters are "
            f"{', '.join(accepted)}.")
    known = {m.function: m for m in METHODS.values()}
    if function not in known:
        return                  # a user's function: its values are its own business
    missing = [p for p, spec in inspect.signature(function).parameters.items()
               if spec.kind is spec.KEYWORD_ONLY and spec.default is spec.empty and p not in params]
    if missing:
        example = known[function].example.get(missing[0], 1)
        raise InvalidValueError(f"{what}: the method needs {missing[0]}= (e.g. {missing[0]}={example}).")
    function([{"a": 2.0, "b": 1.0}, {"b": 2.0, "a": 1.0}],
             **{k: v for k, v in params.items() if k != "weights"})
