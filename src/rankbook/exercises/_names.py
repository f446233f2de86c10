"""Which metrics have exercises, and how their names may be written.

A metric is named in canonical notation (as in the registry), in any case,
with its cut-off as written or given: ``P@k``, ``p@k``, ``P@5``, ``P``,
``nDCG@10``, ``ndcg``, ``MAP``.
"""

from __future__ import annotations

import re

from rankbook._errors import InvalidTypeError, InvalidValueError
from rankbook.metrics.registry import METRICS

#: The metrics exercises can be generated for, in canonical notation (as in the registry).
EXERCISE_METRICS = ("P@k", "R@k", "F1@k", "R-prec", "success@k", "AP", "RR", "nDCG@k", "DCG@k",
                    "11pt", "MAP", "MRR", "RelP@k", "RBP")
_ROWS = {metric.name: metric for metric in METRICS}
assert set(EXERCISE_METRICS) <= set(_ROWS), "every exercise metric is in the registry"

#: What the registry says of them: the graded measures of the Graded chapter (the hand-made
#: RBP exercise is on 0/1 grades, with persistence 1/2: exact fractions), the measures with a
#: cut-off k, and the means over queries (the ``all`` rows of AP and RR).
GRADED = tuple(name for name in EXERCISE_METRICS
               if _ROWS[name].graded and _ROWS[name].family == "Graded")
WITH_K = tuple(name for name in EXERCISE_METRICS if _ROWS[name].takes_cutoff)
MEANS = tuple(name for name in EXERCISE_METRICS if _ROWS[name].same_as is not None)

_WITH_CUTOFF = re.compile(r"(?P<stem>.+?)(?:@(?P<k>k|\d+))?", re.IGNORECASE)


def find_metric(metric) -> tuple[str, int | None] | None:
    """The canonical name and the cut-off the name fixes (``P@5`` -> 5), or None when no
    hand-made generator has it; a cut-off below 1 is refused."""
    if not isinstance(metric, str):
        raise InvalidTypeError(f"metric must be a string such as 'AP' or 'P@5', got {metric!r}.")
    match = _WITH_CUTOFF.fullmatch(metric.strip())
    by_stem = {name.lower().removesuffix("@k"): name for name in EXERCISE_METRICS}
    name = by_stem.get(match.group("stem").lower()) if match else None
    if name is None or (match.group("k") and name not in WITH_K):
        return None
    k = match.group("k")
    if k is None or k.lower() == "k":
        return name, None
    if int(k) < 1:
        raise InvalidValueError(
            f"metric={metric!r}: the cut-off must be at least 1 (ranks start at 1), "
            f"e.g. '{name.replace('@k', '@5')}'."
        )
    return name, int(k)

