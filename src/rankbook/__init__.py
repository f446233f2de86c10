"""rankbook: ranking-evaluation metrics as plain, documented reference implementations.

The metric functions live in `rankbook.metrics` and are all importable from
`rankbook` itself; `explain` shows the running values of a ranking and the
arithmetic behind them; `rankbook.evaluate` scores TREC-style runs as
trec_eval 9.x does. pandas and matplotlib are imported only when a function
that needs them is called.

Examples
--------
>>> import rankbook as rb
>>> rb.precision_at_k([1, 0, 1, 1, 0, 1, 0, 0], 5)
0.6
"""

from rankbook._errors import InputFileError, InvalidTypeError, InvalidValueError, RankbookError
from rankbook.explain import explain
from rankbook.metrics import *  # noqa: F403  (the public metric functions)
from rankbook.metrics import __all__ as _metric_names
from rankbook.relevance import relevance_from

__version__ = "0.1.0"

__all__ = [
    *_metric_names,
    "explain",
    "relevance_from",
    "RankbookError",
    "InvalidValueError",
    "InvalidTypeError",
    "InputFileError",
]
