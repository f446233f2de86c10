r"""Discriminative power of measures on runs: `rankbook compare --discriminative-power`.

Each run is scored per topic on every topic of the qrels (as `compare` does),
then `rankbook.stats.discriminative_power` (Sakai's share of significantly
different pairs, with the randomised Tukey HSD) is computed per measure.
`rankbook.stats.discriminative.summary_table` makes the table of the results and
`rankbook.compare.plots.asl_curves` their ASL curves.
"""

from __future__ import annotations

from rankbook.compare.significance import DEFAULT_MEASURES, per_topic_scores
from rankbook.stats.discriminative import discriminative_power
from rankbook.stats.tukey import DEFAULT_RESAMPLES


def discriminative_power_of_runs(qrels, runs, measures=DEFAULT_MEASURES, *, alpha: float = 0.05,
                                 n_resamples: int = DEFAULT_RESAMPLES, seed: int | None = 0,
                                 relevance_level: float = 1) -> dict:
    r"""``{measure: DiscriminativePowerResult}`` of runs evaluated against qrels.

    Parameters
    ----------
    qrels, runs, measures, relevance_level
        As in `rankbook.compare.compare`: every run is scored on every topic of
        the qrels, a missing topic scoring 0 (trec_eval's ``-c``).
    alpha : float, default 0.05
        Significance level.
    n_resamples : int, default 10000
        Randomised Tukey HSD resamples, per measure.
    seed : int or None, default 0
        Seed of the resamples (each measure starts from it).

    Returns
    -------
    dict
        One `rankbook.stats.DiscriminativePowerResult` per measure, in the order
        of ``measures``.

    Examples
    --------
    Three runs on two topics: two topics cannot separate anything at 0.05
    (the smallest possible ASL is $1/3! = 0.17$ with three systems).

    >>> qrels = {"q1": {"a": 1}, "q2": {"b": 1}}
    >>> runs = {"A": {"q1": {"a": 2.0, "x": 1.0}, "q2": {"b": 2.0, "y": 1.0}},
    ...         "B": {"q1": {"x": 2.0, "a": 1.0}, "q2": {"y": 2.0, "b": 1.0}},
    ...         "C": {"q1": {"x": 2.0, "y": 1.0}, "q2": {"x": 2.0, "y": 1.0}}}
    >>> result = discriminative_power_of_runs(qrels, runs, ["AP"], n_resamples=500)
    >>> result["AP"].n_significant, len(result["AP"].pairs)
    (0, 3)
    """
    scores = per_topic_scores(qrels, runs, measures, relevance_level=relevance_level)
    return {measure: discriminative_power(frame, alpha=alpha, n_resamples=n_resamples, seed=seed)
            for measure, frame in scores.items()}
