r"""`Explainer`: how one metric of the registry is explained rank by rank (its catalogue: `catalog`)."""

from __future__ import annotations

import inspect
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from rankbook.explain.options import OPTIONS, SUBTOPIC_OPTIONS

#: Arguments of a metric function that are not options of its hand calculation.
NOT_OPTIONS = ("relevance", "ranked", "k")


@dataclass(frozen=True)
class Explainer:
    r"""How to explain one metric of the registry rank by rank.

    Attributes
    ----------
    metric : str
        The registry entry's canonical name, e.g. ``"RR"``.
    column : str
        The name of the metric's own running column, e.g. ``"RR@k"``.
    columns : callable
        ``columns(case, k) -> dict``: the running values at rank k, the metric's own column
        among them, each computed by a function of `rankbook.metrics`.
    steps : callable
        ``steps(case, k, fmt) -> iterator of Step``: the formula at rank k with the numbers
        substituted; ``fmt(x)`` writes a value with the requested decimals.
    exclude : tuple of str
        Arguments of the function that the hand calculation does not offer.
    param : str or None
        The option set by a parameter written in the metric's name (``rbp.0.8`` sets
        ``persistence``, ``CWL-P@5`` the C/W/L user's ``k``); None: the parameter is a
        cut-off, the rank the work is shown at.
    input : str
        What is typed per rank: ``"grades"`` (one grade each), or ``"subtopics"`` (the
        subtopics each document is relevant to: the diversity measures,
        `rankbook.explain.subtopic_case`).
    """

    metric: str
    column: str
    columns: Callable
    steps: Callable[..., Iterator]
    exclude: tuple[str, ...] = ()
    param: str | None = None
    input: str = "grades"

    @property
    def entry(self):
        """The registry entry it explains."""
        from rankbook.metrics.registry import by_name

        return by_name()[self.metric]

    @property
    def takes(self) -> tuple[str, ...]:
        """The keyword arguments of the metric's function that its hand calculation takes."""
        parameters = inspect.signature(self.entry.function).parameters
        return tuple(name for name in parameters  # a cut-off k written in the name is one
                     if (name not in NOT_OPTIONS or name == self.param)
                     and name not in self.exclude)

    @property
    def required(self) -> tuple[str, ...]:
        """The arguments the function cannot do without (no default)."""
        parameters = inspect.signature(self.entry.function).parameters
        return tuple(name for name in self.takes
                     if parameters[name].default is inspect.Parameter.empty)

    def options(self):
        """The `Option` of each argument it takes, in the function's order."""
        return [self.option(name) for name in self.takes]

    def option(self, name: str):
        """The `Option` of one argument (a diversity measure's ``ideal`` is its list's rule)."""
        own = SUBTOPIC_OPTIONS if self.input == "subtopics" else {}
        return own.get(name) or OPTIONS[name]
