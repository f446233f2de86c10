r"""Per-topic scores as the tests read them, for the packages beside stats (reproducibility).

The public face of the tests' one pairing rule (`rankbook.stats` module docstring,
"Inputs"): scores by position (lists, arrays) or by topic (pandas Series, one-column
DataFrames, mappings topic -> score), paired by topic id, the summary row ``all`` left out,
every score a finite number.
"""

from __future__ import annotations

import numpy as np

from rankbook._errors import InvalidValueError
from rankbook.stats import _input, _pairing

__all__ = ["system_scores", "paired_scores"]


def system_scores(values, name: str = "scores") -> np.ndarray:
    r"""One system's per-topic scores as a float array (at least one topic).

    Parameters
    ----------
    values : sequence of float, or scores by topic
        One system's scores of one measure; a summary row ``all`` is left out.
    name : str, default "scores"
        The argument's name, for the error messages.

    Returns
    -------
    numpy.ndarray
        The scores, in the given (or the topics') order.

    Raises
    ------
    InvalidValueError
        No scores, or a score that is not a finite number (its topic named).

    Examples
    --------
    >>> system_scores({"301": 0.5, "302": 0.25, "all": 0.375})
    array([0.5 , 0.25])
    """
    if _pairing.by_topic(values):
        topics, scores = _pairing.labelled(values, name)
        array = _input.vector(scores, name, topics)
    else:
        array = _input.vector(values, name)
    if array.size == 0:
        raise InvalidValueError(f"{name} holds no scores; give one score per topic.")
    return array


def paired_scores(systems: dict) -> list[np.ndarray]:
    r"""Several systems' scores paired by topic (or by position), all of one length.

    Parameters
    ----------
    systems : dict
        Argument name -> one system's scores (all by topic, or all by position).

    Returns
    -------
    list of numpy.ndarray
        One array per system, in the first system's topic order.

    Raises
    ------
    InvalidValueError
        The topic sets differ (named), the lengths differ, or there are no scores.

    Examples
    --------
    >>> paired_scores({"a": {"q2": 0.5, "q1": 1.0}, "b": {"q1": 0.0, "q2": 0.25}})
    [array([0.5, 1. ]), array([0.25, 0.  ])]
    """
    topics, values = _pairing.align(systems)
    arrays = [_input.vector(v, name, topics) for name, v in zip(systems, values)]
    lengths = {name: len(a) for name, a in zip(systems, arrays)}
    if len(set(lengths.values())) > 1:
        raise InvalidValueError(
            f"the runs need one score per topic, on the same topics; the lengths differ: "
            f"{lengths}. Pass scores by topic (columns of rb.evaluate tables) to pair them "
            "by topic id.")
    if not arrays[0].size:
        raise InvalidValueError("the runs hold no scores; give one score per topic.")
    return arrays
