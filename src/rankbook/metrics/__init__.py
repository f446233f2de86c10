"""The textbook: one plain function per metric, one module per family.

Every function takes the grades of one ranked list (rank 1 first) and what its
formula needs, and returns a number. Files, topics and tables are built on top
of these in `rankbook.evaluation` and `rankbook.explain`.

The public functions are those of the registry (:mod:`rankbook.metrics.registry`,
the one list of metrics): each is importable from here and from `rankbook`, so a
metric added to the registry is exported without another list to edit.
"""

from rankbook.metrics.incomplete import judged_only  # not a metric: the rule of trec_eval's -J
from rankbook.metrics.registry import by_function_name

globals().update({name: metric.function for name, metric in by_function_name().items()})

#: Public functions of the textbook that are not metrics (so have no registry entry).
HELPERS = ("judged_only",)

__all__ = list(by_function_name()) + list(HELPERS)
