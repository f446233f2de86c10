r"""Risk of runs against a baseline run: `rankbook compare --baseline NAME --risk-alpha A`.

Each run is scored per topic on every topic of the qrels (as `compare` does:
a topic a run misses scores 0, trec_eval's ``-c``), then each run other than
the baseline gets, per measure, its wins and losses against the baseline, the
mean difference, `rankbook.stats.urisk` and `rankbook.stats.trisk` at risk
aversion ``alpha`` (docs/comparing/risk.md).
"""

from __future__ import annotations

from rankbook._errors import InvalidValueError
from rankbook.compare.significance import DEFAULT_MEASURES, per_topic_scores
from rankbook.stats.risk import risk_weighted_differences, trisk, urisk

COLUMNS = ("run", "baseline", "wins", "losses", "mean_difference", "URisk", "TRisk", "risk_alpha")


def risk_of_runs(qrels, runs, measures=DEFAULT_MEASURES, *, baseline: str, alpha: float,
                 relevance_level: float = 1):
    r"""One row per measure and run: wins, losses, mean difference, URisk and TRisk.

    Parameters
    ----------
    qrels, runs, measures, relevance_level
        As in `rankbook.compare.compare`: every run is scored on every topic of
        the qrels, a missing topic scoring 0 (trec_eval's ``-c``).
    baseline : str
        The name of the baseline run in ``runs``.
    alpha : float
        The risk aversion $\alpha \ge 0$: a loss weighs $1 + \alpha$ times a win.

    Returns
    -------
    pandas.DataFrame
        Index ``measure``; columns ``run``, ``baseline``, ``wins``, ``losses``,
        ``mean_difference``, ``URisk``, ``TRisk``, ``risk_alpha``; the runs in the
        order given, the baseline left out.

    Raises
    ------
    rankbook.InvalidValueError
        An unknown baseline, a negative alpha, or what `compare` refuses.

    Examples
    --------
    >>> qrels = {"q1": {"a": 1}, "q2": {"b": 1}}
    >>> runs = {"base": {"q1": {"x": 2.0, "a": 1.0}, "q2": {"y": 2.0, "b": 1.0}},
    ...         "new": {"q1": {"a": 2.0, "x": 1.0}, "q2": {"y": 1.0}}}
    >>> table = risk_of_runs(qrels, runs, ["AP"], baseline="base", alpha=1)
    >>> table[["run", "wins", "losses", "mean_difference", "URisk"]]
              run  wins  losses  mean_difference  URisk
    measure
    AP        new     1       1              0.0  -0.25
    """
    import pandas as pd

    scores = per_topic_scores(qrels, runs, measures, relevance_level=relevance_level)
    rows = []
    for measure, frame in scores.items():
        if baseline not in frame.columns:
            raise InvalidValueError(
                f"the baseline {baseline!r} is not one of the runs ({', '.join(map(str, frame.columns))}); "
                "name one of them.")
        base = frame[baseline]
        for name in frame.columns:
            if name == baseline:
                continue
            d = risk_weighted_differences(frame[name], base, alpha=0)
            rows.append({"measure": measure, "run": name, "baseline": baseline,
                         "wins": int((d > 0).sum()), "losses": int((d < 0).sum()),
                         "mean_difference": float(d.mean()),
                         "URisk": urisk(frame[name], base, alpha=alpha),
                         "TRisk": trisk(frame[name], base, alpha=alpha),
                         "risk_alpha": float(alpha)})
    return pd.DataFrame(rows, columns=["measure", *COLUMNS]).set_index("measure")
