"""rankbook: ranking-evaluation metrics as plain, documented reference implementations.

The metric functions live in `rankbook.metrics` and are all importable from
`rankbook` itself; `explain` shows the running values of a ranking and the
arithmetic behind them; `evaluate` scores TREC-style runs as trec_eval 9.x
does (it lives in `rankbook.evaluation`); `rankbook.io` reads and writes runs
and qrels. pandas, matplotlib and scipy are imported only when a function that
needs them is called, and `evaluate`, `io` and the other larger parts are
loaded on first use.

Examples
--------
>>> import rankbook as rb
>>> rb.precision_at_k([1, 0, 1, 1, 0, 1, 0, 0], 5)
0.6
"""

from __future__ import annotations

import importlib

from rankbook._errors import InputFileError, InvalidTypeError, InvalidValueError, RankbookError
from rankbook.explain import explain
from rankbook.metrics import *  # noqa: F403  (the public metric functions)
from rankbook.metrics import __all__ as _metric_names
from rankbook.relevance import relevance_from

__version__ = "0.1.0"

# Loaded on first use (PEP 562): name -> (module, attribute or None for the module itself).
_LAZY = {
    "evaluate": ("rankbook.evaluation", "evaluate"),
    "evaluate_many": ("rankbook.evaluation", "evaluate_many"),
    "format_trec": ("rankbook.evaluation", "format_trec"),
    "TopicMismatchWarning": ("rankbook.evaluation", "TopicMismatchWarning"),
    "io": ("rankbook.io", None),
    "evaluation": ("rankbook.evaluation", None),
    "aggregate": ("rankbook.aggregate", None),
    "stats": ("rankbook.stats", None),
    "reproducibility": ("rankbook.reproducibility", None),
    "online": ("rankbook.online", None),
    "collections": ("rankbook.collections", None),
    "fuse": ("rankbook.fusion", "fuse"),
    "explain_aggregation": ("rankbook.explain.aggregation", "explain_aggregation"),
    "evaluate_flagr": ("rankbook.evaluation.flagr", "evaluate_flagr"),
    "compare": ("rankbook.compare", None),
    "Comparator": ("rankbook.compare", "Comparator"),
    "datasets": ("rankbook.datasets", None),
    "plots": ("rankbook.plots", None),
}

__all__ = [
    *_metric_names,
    "explain",
    "relevance_from",
    *_LAZY,
    "RankbookError",
    "InvalidValueError",
    "InvalidTypeError",
    "InputFileError",
]


def __getattr__(name: str):
    try:
        module, attribute = _LAZY[name]
    except KeyError:
        raise AttributeError(f"module 'rankbook' has no attribute {name!r}") from None
    value = importlib.import_module(module)
    if attribute is not None:
        value = getattr(value, attribute)
    globals()[name] = value  # later look-ups skip this function
    return value


def __dir__():
    return sorted(set(globals()) | set(_LAZY))
