"""One run's result in a form another process can receive, and back.

A :class:`~rankbook.evaluation.summary.Table` holds the parsed measures, whose registry
entries cannot be pickled; the engines of :mod:`rankbook.evaluation.many` send the
table without them (and the warnings the run raised, which a worker cannot show), and
the caller puts its own parsed measures back.
"""

from __future__ import annotations

import warnings
from typing import NamedTuple

from rankbook._errors import caller_stacklevel
from rankbook.evaluation.options import Options
from rankbook.evaluation.pipeline import evaluate_table
from rankbook.evaluation.summary import Table


class Task(NamedTuple):
    """What every run of :func:`rankbook.evaluate_many` is evaluated with (picklable)."""

    measures: object        # the measure names as given
    options: Options
    stream: bool = False


def evaluate_portable(run, task: Task, judgments) -> tuple:
    """One run's table, in a form any process can receive, and the warnings it raised."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        table = evaluate_table(judgments, run, task.measures, task.options, stream=task.stream)
    notes = [(str(w.message), w.category) for w in caught]
    attrs = {key: value for key, value in table.attrs.items() if key != "measures"}
    return table.topics, table.values, table.summary, attrs, notes


def restored(portable: tuple, columns: list) -> Table:
    """The Table of :func:`evaluate_portable`'s form, its warnings raised again here."""
    topics, values, summary, attrs, notes = portable
    for message, category in notes:
        warnings.warn(message, category, stacklevel=caller_stacklevel())
    return Table(topics, columns, values, summary, {**attrs, "measures": columns})
