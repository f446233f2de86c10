r"""Gains of graded documents, shared by the DCG family and trec_eval's gain measures.

Not part of the public API. A *gain map* is trec_eval's ``ndcg.1=3,2=9`` parameter
as a dict ``{grade: gain}``: a listed grade gets the mapped gain, every other
grade keeps its default gain (the grade itself, trec_eval's linear gain). Whatever
the map says, an unjudged document (``None``) and a negative grade (trec_eval's
"in the pool but unjudged") have gain 0: trec_eval gives them its internal codes
-1 and -2, which no gain map of judged grades reaches.
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Callable, Mapping
from dataclasses import dataclass

import numpy as np

from rankbook import _validate
from rankbook._errors import InvalidTypeError, InvalidValueError


@dataclass(frozen=True)
class Gain:
    r"""A gain function $g(rel)$: its arithmetic, and how a worked formula writes it.

    ``latex`` and ``text`` write $g$ of one grade, the grade written ``{g}``;
    ``latex_alone`` is the LaTeX when the term stands alone, not as a numerator
    (``rankbook.metrics.dcg.dcg_term`` writes the terms; `explain` prints them).
    """

    name: str
    of: Callable[[np.ndarray], np.ndarray]  # g of grades already floored at 0
    latex: str
    text: str
    latex_alone: str


GAINS = {
    "linear": Gain("linear", lambda grades: grades, "{g}", "{g}", "{g}"),
    "exponential": Gain("exponential", lambda grades: np.exp2(grades) - 1.0,
                        "2^{{{g}}} - 1", "(2^{g}-1)", "(2^{{{g}}} - 1)"),
}


def check_gain_map(gain_map) -> dict[float, float] | None:
    """Return ``gain_map`` as ``{grade: gain}`` floats, or None; refuse what trec_eval cannot mean."""
    if gain_map is None:
        return None
    if not isinstance(gain_map, Mapping):
        raise InvalidTypeError(
            f"gain_map must be a mapping from grade to gain, e.g. gain_map={{1: 3, 2: 9}} "
            f"(trec_eval's ndcg.1=3,2=9), got {type(gain_map).__name__}."
        )
    checked = {}
    for grade, value in gain_map.items():
        for what, number in (("grade", grade), ("gain", value)):
            if isinstance(number, bool) or not isinstance(number, numbers.Real) \
                    or not math.isfinite(number):
                raise InvalidValueError(
                    f"gain_map has the entry {grade!r}: {value!r}; each {what} must be a "
                    "finite number, e.g. gain_map={1: 3, 2: 9}."
                )
        if grade < 0:
            raise InvalidValueError(
                f"gain_map maps the negative grade {grade!r}; trec_eval reads every negative "
                "grade as 'in the pool but unjudged', with gain 0, so it cannot be given a "
                "gain. Map grades >= 0 only."
            )
        checked[float(grade)] = float(value)
    return checked


def gains_of(relevance, *, gain: str = "linear", gain_map=None, name: str = "relevance") -> np.ndarray:
    r"""The gain of each position: $g(rel)$, or the mapped gain; 0 when unjudged or negative."""
    _validate.choice(gain, GAINS, "gain")
    gain_map = check_gain_map(gain_map)
    grades, judged = _validate.judged_grades(relevance, name)
    values = GAINS[gain].of(np.maximum(grades, 0.0))
    for grade, mapped in (gain_map or {}).items():
        values[grades == grade] = mapped
    values[~judged | (grades < 0)] = 0.0
    return values


def ideal_gains(ideal, *, gain: str = "linear", gain_map=None) -> np.ndarray:
    """The positive gains of the judged grades, largest first: trec_eval's ideal ranking."""
    values = gains_of(ideal, gain=gain, gain_map=gain_map, name="ideal")
    return np.sort(values[values > 0])[::-1]
