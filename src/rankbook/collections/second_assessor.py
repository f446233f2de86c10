r"""Does the system ranking survive a second assessor? (Voorhees, 2000)

Each system is scored twice, once with each assessor's qrels (by the middle floor,
`rankbook.evaluate`, or by a metric function on plain ranked lists); this module takes those
scores and says how the ranking of the systems moves.
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Mapping
from typing import NamedTuple

from rankbook._errors import InvalidTypeError, InvalidValueError
from rankbook.collections.correlation import kendall_tau, swapped_pairs, tau_ap


class SecondAssessor(NamedTuple):
    """The systems' mean scores under each assessor and how far the two rankings agree."""

    first: dict
    second: dict
    tau: float
    tau_ap: float
    swaps: list


def second_assessor(first, second) -> SecondAssessor:
    r"""How the ranking of systems changes when a second assessor's qrels replace the first's.

    Each system's score under each assessor is its mean over topics (MAP from AP); the
    two rankings of the systems are compared by Kendall's tau (tau-b), tau_AP with the
    first assessor's ranking as the truth, and the list of swapped pairs. Voorhees (2000)
    found that the qrels of different assessors move the absolute scores a lot and the
    ranking little (tau around 0.9 on TREC-4 and TREC-6).

    Parameters
    ----------
    first, second : mapping system -> per-topic scores
        Each system's scores under the first and under the second assessor's qrels: a
        sequence of per-topic scores, a mapping topic -> score (both assessors' topics must
        then be the same), or one number (a mean already taken). Both hold the same systems.

    Returns
    -------
    SecondAssessor
        ``first`` and ``second`` (dicts system -> mean score), ``tau``, ``tau_ap`` (NaN
        when a ranking ties systems: tau_AP has no ties) and ``swaps`` (pairs (a, b)
        with a above b under the first assessor and below it under the second).

    References
    ----------
    Voorhees, 2000. Variations in relevance judgments and the measurement of retrieval
    effectiveness. Information Processing and Management 36(5), 697-716.

    Examples
    --------
    >>> result = second_assessor({"s1": [0.5, 0.3], "s2": [0.4, 0.2], "s3": [0.1, 0.2]},
    ...                          {"s1": [0.4, 0.2], "s2": [0.5, 0.3], "s3": [0.1, 0.1]})
    >>> result.swaps, round(result.tau, 4), round(result.tau_ap, 4)
    ([('s1', 's2')], 0.3333, 0.0)
    """
    if not isinstance(first, Mapping) or not isinstance(second, Mapping):
        raise InvalidTypeError(
            "first and second must be mappings system -> per-topic scores (one for each "
            "assessor's qrels), e.g. {'bm25': [0.31, 0.12], 'dfr': [0.29, 0.20]}.")
    for system, scores in first.items():
        if isinstance(scores, Mapping) and isinstance(second.get(system), Mapping) \
                and set(scores) != set(second[system]):
            raise InvalidValueError(
                f"first[{system!r}] and second[{system!r}] score different topics; score "
                "every system on the same topics under both assessors.")
    means_first = {system: _mean(scores, f"first[{system!r}]") for system, scores in first.items()}
    means_second = {system: _mean(scores, f"second[{system!r}]")
                    for system, scores in second.items()}
    tau = kendall_tau(means_first, means_second)  # refuses different systems
    ties = len(set(means_first.values())) < len(means_first) or \
        len(set(means_second.values())) < len(means_second)
    return SecondAssessor(means_first, means_second, tau,
                          math.nan if ties else tau_ap(means_first, means_second),
                          swapped_pairs(means_first, means_second))


def _mean(scores, where: str) -> float:
    if isinstance(scores, numbers.Real) and not isinstance(scores, bool):
        return float(scores)
    values = list(scores.values()) if isinstance(scores, Mapping) else scores
    if isinstance(values, (str, bytes)) or not hasattr(values, "__len__") or len(values) == 0:
        raise InvalidTypeError(
            f"{where} must be a number or the per-topic scores of the system (a non-empty "
            f"sequence or a mapping topic -> score); got {scores!r:.60}.")
    for value in values:
        if isinstance(value, bool) or not isinstance(value, numbers.Real) \
                or not math.isfinite(value):
            raise InvalidValueError(f"{where} holds {value!r}; scores are finite numbers.")
    return sum(float(v) for v in values) / len(values)
