r"""One topic as NTCIREVAL sees it: relevance levels, a gain per level, the ideal list.

:mod:`rankbook.metrics.ntcir` and :mod:`rankbook.metrics.ntcir_discounted` compute
their measures from it, and the figures and hand calculations of NTCIREVAL's page read
its running values (the blended ratio, the cumulative gains).
NTCIREVAL (Sakai) labels each document with a level ``L0``, ``L1``, ...; the
option ``-g 1:2:3`` gives the gain of ``L1``, ``L2``, ``L3``. An unjudged
document has gain 0; with a *condensed list* (``-j``) it is removed from the
ranking first.
"""

from __future__ import annotations

import math
import numbers
from dataclasses import dataclass
from itertools import pairwise

import numpy as np

from rankbook import _validate
from rankbook._errors import InvalidTypeError, InvalidValueError


@dataclass(frozen=True)
class NtcirTopic:
    """A ranking and its judgments, in NTCIREVAL's terms.

    Attributes
    ----------
    levels : numpy.ndarray of int
        The level of each ranked document (0: judged nonrelevant or unjudged).
    gains : numpy.ndarray of float
        The gain of each ranked document, $g(r)$.
    ideal_gains : numpy.ndarray of float
        The gains of every judged relevant document, largest first.
    level_counts : tuple of int
        Judged documents at ``L0``, ``L1``, ... (NTCIREVAL's ``xrelnum``).
    gain_of_level : tuple of float
        The gain of ``L1``, ``L2``, ... (NTCIREVAL's ``-g``).
    """

    levels: np.ndarray
    gains: np.ndarray
    ideal_gains: np.ndarray
    level_counts: tuple
    gain_of_level: tuple

    @property
    def R(self) -> int:
        """The judged relevant documents (level >= 1)."""
        return sum(self.level_counts[1:])

    def cut(self, k: int | None) -> NtcirTopic:
        """The same topic with the ranking cut at rank ``k`` (None: the whole ranking)."""
        if k is None:
            return self
        return NtcirTopic(self.levels[:k], self.gains[:k], self.ideal_gains,
                          self.level_counts, self.gain_of_level)

    def ideal_cumulative_gain(self, n: int) -> np.ndarray:
        r"""$\mathrm{cg}^*(r)$ for $r = 1..n$: the ideal list's gain up to rank $r$ (flat after $R$)."""
        if len(self.ideal_gains) == 0:
            return np.zeros(n)
        last_rank = np.minimum(np.arange(1, n + 1), len(self.ideal_gains))
        return np.cumsum(self.ideal_gains)[last_rank - 1]

    def blended_ratio(self, beta: float) -> np.ndarray:
        r"""$\mathrm{BR}(r) = (C(r) + \beta\, \mathrm{cg}(r)) / (r + \beta\, \mathrm{cg}^*(r))$ at every rank $r$."""
        ranks = np.arange(1, len(self.levels) + 1)
        relevant_so_far = np.cumsum(self.levels > 0)
        gain_so_far = np.cumsum(self.gains)
        return (relevant_so_far + beta * gain_so_far) / \
            (ranks + beta * self.ideal_cumulative_gain(len(ranks)))


def _whole_levels(grades: np.ndarray, name: str) -> np.ndarray:
    """Grades as NTCIREVAL's levels: whole numbers, a negative grade read as ``L0``."""
    levels = grades.astype(int)
    if (levels != grades).any():
        raise InvalidValueError(
            f"{name} holds the grade {grades[levels != grades][0]!r}; NTCIREVAL's levels are "
            "whole numbers L0, L1, L2, ... Round or map the grades to levels first.")
    return np.maximum(levels, 0)


def checked_gains(gains, highest_level: int) -> tuple:
    """``gains`` (the gain of L1, L2, ...) checked; None: the level itself (1, 2, ..., H)."""
    if gains is None:
        return tuple(float(level) for level in range(1, max(highest_level, 1) + 1))
    if isinstance(gains, (str, bytes)) or not hasattr(gains, "__len__"):
        raise InvalidTypeError(
            f"gains must be a sequence with the gain of each level L1, L2, ..., got "
            f"{type(gains).__name__}; for example gains=(1, 2, 3) (NTCIREVAL's -g 1:2:3).")
    values = list(gains)
    for value in values:
        if isinstance(value, bool) or not isinstance(value, numbers.Real) \
                or not math.isfinite(value) or value < 0:
            raise InvalidValueError(
                f"gains={tuple(gains)!r} holds {value!r}; each gain must be a finite number "
                ">= 0, for example gains=(1, 2, 3).")
    if not values or any(low > high for low, high in pairwise(values)):
        raise InvalidValueError(
            f"gains={tuple(gains)!r} must give one gain per level L1, L2, ... in ascending "
            "order, as NTCIREVAL's -g does: for example gains=(1, 2, 3).")
    if highest_level > len(values):
        raise InvalidValueError(
            f"the judgments have level L{highest_level} but gains={tuple(gains)!r} gives "
            f"gains for L1..L{len(values)} only; give one gain per level.")
    return tuple(float(value) for value in values)


def ntcir_topic(relevance, ideal, gains=None, *, condensed: bool = False) -> NtcirTopic:
    r"""The topic NTCIREVAL scores: each rank's level and gain, and the ideal list.

    ``relevance`` holds the grade of each ranked document (None: unjudged);
    ``ideal`` every judged grade of the topic, retrieved or not.
    """
    grades, judged = _validate.judged_grades(relevance, "relevance")
    if condensed:
        grades = grades[judged]
    levels = _whole_levels(grades, "relevance")
    judged_levels = _whole_levels(_validate.grades(ideal, "ideal"), "ideal")
    highest = max(int(judged_levels.max(initial=0)), int(levels.max(initial=0)))
    gain_of_level = checked_gains(gains, highest)
    by_level = np.array((0.0,) + gain_of_level)
    counts = np.bincount(judged_levels, minlength=len(gain_of_level) + 1).tolist()
    best_first = np.sort(judged_levels)[::-1]  # the gains ascend with the level
    ideal_gains = by_level[best_first[best_first > 0]]
    return NtcirTopic(levels, by_level[levels], ideal_gains, tuple(counts), gain_of_level)
