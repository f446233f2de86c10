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
_IN_REGISTRY = {info.name for info in METRICS}
assert set(EXERCISE_METRICS) <= _IN_REGISTRY, "every exercise metric is in the registry"

GRADED = ("DCG@k", "nDCG@k")
WITH_K = ("P@k", "R@k", "F1@k", "success@k", "DCG@k", "nDCG@k", "RelP@k")
MEANS = ("MAP", "MRR")

_WITH_CUTOFF = re.compile(r"(?P<stem>.+?)(?:@(?P<k>k|\d+))?", re.IGNORECASE)


def metric_and_cutoff(metric) -> tuple[str, int | None]:
    """The canonical name, and the cut-off when the name fixes one (``P@5`` -> 5)."""
    if not isinstance(metric, str):
        raise InvalidTypeError(f"metric must be a string such as 'AP' or 'P@5', got {metric!r}.")
    match = _WITH_CUTOFF.fullmatch(metric.strip())
    by_stem = {name.lower().removesuffix("@k"): name for name in EXERCISE_METRICS}
    name = by_stem.get(match.group("stem").lower()) if match else None
    if name is None or (match.group("k") and name not in WITH_K):
        accepted = ", ".join(repr(name) for name in EXERCISE_METRICS)
        raise InvalidValueError(
            f"metric={metric!r} has no exercise generator; choose from {accepted} (case is "
            "ignored, and a cut-off may be fixed, e.g. 'P@5' or 'nDCG@10')."
        )
    k = match.group("k")
    if k is None or k.lower() == "k":
        return name, None
    if int(k) < 1:
        raise InvalidValueError(
            f"metric={metric!r}: the cut-off must be at least 1 (ranks start at 1), "
            f"e.g. '{name.replace('@k', '@5')}'."
        )
    return name, int(k)
