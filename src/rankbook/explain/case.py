r"""One ranked list and one metric's inputs, checked, with every assumption said in words.

A hand calculation often leaves something out: R (the relevant documents of the query, which
the list alone cannot tell), the ideal grades of nDCG, N of bpref. `make_case` then assumes
the only thing the list can tell (R: the relevant documents in the list; the ideal: the
list's own grades; N: the judged non-relevant documents in the list) and adds a note saying
so, and what to type for the tool's value. It never assumes silently.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

import numpy as np

from rankbook import _validate
from rankbook.explain.worksheet import plural


@dataclass(frozen=True)
class Case:
    """A ranked list and the keyword arguments of one metric's function, checked.

    Attributes
    ----------
    relevance : tuple
        The grades as given, rank 1 first; None marks an unjudged document.
    options : dict
        The keyword arguments the metric's function is called with (given or assumed).
    relevance_level : float
        The lowest grade that counts as relevant (for the running counts).
    notes : tuple of str
        What had to be assumed, in words.
    """

    relevance: tuple
    options: dict = field(default_factory=dict)
    relevance_level: float = 1.0
    notes: tuple[str, ...] = ()

    @property
    def grades(self) -> np.ndarray:
        """The grades as floats, an unjudged document as 0.0 (as trec_eval scores it)."""
        return np.array([0.0 if g is None else float(g) for g in self.relevance])

    @property
    def n(self) -> int:
        """The length of the list."""
        return len(self.relevance)

    def is_relevant(self, i: int) -> bool:
        """Whether the document at rank ``i`` (1-based) is relevant; False past the end."""
        return i <= self.n and self.relevance[i - 1] is not None and \
            self.relevance[i - 1] >= self.relevance_level

    def found(self, k: int) -> int:
        """The relevant documents in the top ``k``."""
        return sum(self.is_relevant(i) for i in range(1, min(k, self.n) + 1))

    def relevant_ranks(self, k: int | None = None) -> list[int]:
        """The ranks of the relevant documents in the top ``k`` (default: the whole list)."""
        last = self.n if k is None else min(k, self.n)
        return [i for i in range(1, last + 1) if self.is_relevant(i)]

    def kwargs(self, *names: str) -> dict:
        """The options among ``names`` that are set, as keyword arguments."""
        return {name: self.options[name] for name in names if name in self.options}

    def grade_text(self, i: int) -> str:
        """The grade at rank ``i`` as written by hand: 3, 0.5, - (unjudged), 0 past the end."""
        if i > self.n:
            return "0"
        grade = self.relevance[i - 1]
        if grade is None:
            return "-"
        return str(int(grade)) if float(grade).is_integer() else f"{grade:g}"


def make_case(relevance: Sequence, takes: Sequence[str], options: Mapping,
              required: Sequence[str] = (), metric: str = "this metric") -> Case:
    """Check ``relevance`` and ``options`` for a metric whose function takes ``takes``.

    ``required`` are the arguments the function cannot do without; when one of ``n_relevant``,
    ``ideal`` or ``n_nonrelevant`` is missing (required or not, the running counts need them),
    it is assumed from the list and a note says so.
    """
    grades, judged = _validate.judged_grades(relevance)
    if len(grades) == 0:
        raise _validate.InvalidValueError(
            "relevance is empty: a hand calculation needs at least one ranked document, "
            "e.g. [1, 0, 1].")
    given = [None if not j else float(g) for g, j in zip(grades, judged)]
    unknown = sorted(set(options) - set(takes))
    if unknown:
        raise _validate.InvalidValueError(
            f"{', '.join(unknown)} {'does' if len(unknown) == 1 else 'do'} not apply to "
            f"{metric}; it takes {', '.join(takes) or 'nothing besides the grades'}.")
    options = {name: value for name, value in options.items() if value is not None}
    level = options.get("relevance_level")
    threshold = 1.0 if level is None else _validate.threshold(level)
    notes = []
    _assume(given, options, takes, required, threshold, notes)
    return Case(tuple(given), options, threshold, tuple(notes))


def _assume(given, options, takes, required, threshold: float, notes: list) -> None:
    """Fill ``n_relevant``, ``ideal`` and ``n_nonrelevant`` from the list, saying so in ``notes``."""
    judged = [g for g in given if g is not None]
    in_list = sum(g >= threshold for g in judged)
    if "ideal" in options:
        options["ideal"] = list(options["ideal"])
    if "ideal" in takes and "ideal" not in options:
        options["ideal"] = judged
        notes.append("No ideal grades given: the ideal ranking is the list's own grades sorted, "
                     "so relevant documents the list missed are left out of it. Give every "
                     "judged grade of the query as the ideal grades for the tools' value.")
    if "n_relevant" in takes and "n_relevant" not in options:
        ideal = options.get("ideal")
        if ideal is not None and "ideal" in takes and ideal is not judged:
            options["n_relevant"] = sum(g is not None and g >= threshold for g in ideal)
            notes.append(f"R not given: counted from the ideal grades, R = {options['n_relevant']}.")
        else:
            options["n_relevant"] = in_list
            notes.append(f"R not given: taken as the relevant documents in the list, R = "
                         f"{in_list}. If the query has relevant documents the list missed, "
                         "give R.")
    if "n_nonrelevant" in takes and "n_nonrelevant" not in options and \
            "n_nonrelevant" in required:
        options["n_nonrelevant"] = len(judged) - in_list
        notes.append(f"N not given: taken as the judged non-relevant documents in the list, "
                     f"N = {options['n_nonrelevant']}.")
    if "n_relevant" in options and in_list > options["n_relevant"]:
        raise _validate.InvalidValueError(
            f"R = {options['n_relevant']}, but the list holds "
            f"{plural(in_list, 'relevant document')}: R counts every relevant document of the "
            "query, those in the list included.")
