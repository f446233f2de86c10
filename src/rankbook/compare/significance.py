r"""Compare systems with a significance test: `compare` (runs and qrels) and `compare_scores` (per-topic scores).

Every test is the function of `rankbook.stats` (one definition each); this
module pairs the systems, collects the p-values, effect sizes and intervals,
corrects for multiple comparisons and counts wins, ties and losses.

The tests offered, how each is called and the effect size and interval
reported with each come from `rankbook.stats.registry`; their table is on
the API page of this module (docs/api/compare/significance.md).
"""

from __future__ import annotations

from collections.abc import Mapping
from itertools import combinations

import numpy as np

from rankbook import _validate
from rankbook._errors import InvalidTypeError, InvalidValueError
from rankbook.compare.report import ComparisonReport, PairComparison
from rankbook.stats import registry

TESTS = tuple(registry.compared())
TUKEY_METHODS = registry.tukey_methods()
CORRECTIONS = tuple(registry.CORRECTIONS)
DEFAULT_MEASURES = ("AP", "nDCG@10", "P@10")
TIE_DECIMALS = 12   # differences equal to 12 decimals are ties (float noise is not a win)


def compare(qrels, runs, measures=DEFAULT_MEASURES, *, test: str = "t", correction=None,
            baseline=None, alpha: float = 0.05, confidence: float = 0.95,
            tukey_method: str = "two_way", n_resamples: int | None = None, seed: int | None = 0,
            relevance_level: float = 1) -> ComparisonReport:
    r"""Evaluate several runs with `rankbook.evaluate` and test every pair (or each against a baseline).

    Each run is scored per topic on every topic of the qrels (trec_eval's
    ``-c``: a topic a run misses scores 0), so that all systems are paired on
    the same topics. Then `compare_scores` runs the test.

    Parameters
    ----------
    qrels : str, os.PathLike, dict or pandas.DataFrame
        The judgments (`rankbook.io.as_qrels`).
    runs : mapping of str to run, or sequence of runs
        The systems: ``{name: run}``, or runs named by their tag (TREC files;
        ``.attrs["name"]`` of DataFrames), or ``run1``, ``run2``, ... when the
        tags are missing or repeated. A run is any form `rankbook.io.as_run` reads.
    measures : sequence of str, default ("AP", "nDCG@10", "P@10")
        Measure names as `rankbook.evaluate` reads them.
    test, correction, baseline, alpha, confidence, tukey_method, n_resamples, seed
        As in `compare_scores`.
    relevance_level : float, default 1
        Lowest grade that counts as relevant (trec_eval's ``-l``).

    Returns
    -------
    ComparisonReport

    Examples
    --------
    >>> qrels = {"q1": {"a": 1, "b": 1}, "q2": {"c": 1}, "q3": {"d": 1}}
    >>> good = {"q1": {"a": 2.0, "x": 1.0}, "q2": {"c": 2.0, "y": 1.0}, "q3": {"d": 2.0}}
    >>> poor = {"q1": {"x": 2.0, "a": 1.0}, "q2": {"y": 2.0, "c": 1.0}, "q3": {"z": 2.0}}
    >>> report = compare(qrels, {"good": good, "poor": poor}, ["AP"])
    >>> report.means().round(4)
              AP
    good  0.8333
    poor  0.2500

    ``good`` wins on all three topics, but three topics are few: the paired
    t-test gives p = 0.1181 (scipy.stats.ttest_rel agrees):

    >>> pair = report.pairs[0]
    >>> pair.wins, pair.ties, pair.losses, round(pair.pvalue, 4)
    (3, 0, 0, 0.1181)
    """
    _check_options(test, correction, tukey_method, alpha, confidence, n_resamples, seed)
    scores = per_topic_scores(qrels, runs, measures, relevance_level=relevance_level)
    return compare_scores(scores, test=test, correction=correction, baseline=baseline,
                          alpha=alpha, confidence=confidence, tukey_method=tukey_method,
                          n_resamples=n_resamples, seed=seed)


def per_topic_scores(qrels, runs, measures=DEFAULT_MEASURES, *, relevance_level: float = 1) -> dict:
    """``{measure: topics x systems DataFrame}``: each run scored on every topic of the qrels.

    The evaluation of `compare` (trec_eval's ``-c``: a topic a run misses scores 0), for
    whatever is computed on the scores next (`compare_scores`,
    `rankbook.compare.discriminative.discriminative_power_of_runs`). Arguments as `compare`'s.

    Examples
    --------
    >>> qrels = {"q1": {"a": 1}, "q2": {"b": 1}}
    >>> runs = {"A": {"q1": {"a": 1.0}, "q2": {"y": 1.0}},
    ...         "B": {"q1": {"x": 1.0, "a": 0.5}, "q2": {"b": 1.0}}}
    >>> per_topic_scores(qrels, runs, ["AP"])["AP"]
             A    B
    query
    q1     1.0  0.5
    q2     0.0  1.0
    """
    import pandas as pd

    from rankbook.evaluation import evaluate

    if isinstance(measures, str):
        measures = [measures]
    per_topic: dict = {}
    for name, run in _named_runs(runs).items():
        table = evaluate(qrels, run, list(measures), complete=True,
                         relevance_level=relevance_level)
        _refuse_unrelated(table, name)
        table = table.drop(index="all")
        for column in table.columns:
            per_topic.setdefault(column, {})[name] = table[column].astype(float)
    return {measure: pd.DataFrame(columns) for measure, columns in per_topic.items()}


def _refuse_unrelated(table, name) -> None:
    """Refuse a run that shares no topic with the qrels, as `rankbook.evaluate` does.

    With ``complete=True`` evaluate would score such a run 0 on every topic, and a test
    would then find it significantly worse than the others: a wrong file, not a result.
    """
    from rankbook.evaluation.topics import nothing_to_evaluate

    only_qrels = table.attrs.get("only_in_qrels", [])
    if len(only_qrels) and len(only_qrels) == len(table.index) - 1:
        error = nothing_to_evaluate(sorted(table.attrs.get("only_in_run", [])),
                                    sorted(only_qrels), offer_complete=False)
        raise type(error)(f"run {name!r}: {error}") from None


def compare_scores(scores, *, test: str = "t", correction=None, baseline=None,
                   alpha: float = 0.05, confidence: float = 0.95, tukey_method: str = "two_way",
                   n_resamples: int | None = None, seed: int | None = 0) -> ComparisonReport:
    r"""Test every pair of systems (or each against a baseline) on per-topic scores, measure by measure.

    For systems $a$ and $b$ and topics $t = 1..n$ the report gives
    $\bar x_a$, $\bar x_b$, the difference $\bar x_a - \bar x_b$, the test's
    p-value, the effect size and interval of the table in the module
    docstring, and the wins, ties and losses: the topics with
    $x_{a,t} > x_{b,t}$, $=$ (to 12 decimals), $<$. A pair is significant
    when its (corrected) p-value is at most ``alpha``.

    Multiple comparisons: with ``correction`` the p-values of one measure are
    adjusted together (`rankbook.stats.correct_pvalues`, the family being the
    pairs reported for that measure). Tukey's HSD is already adjusted for
    all $m(m-1)/2$ pairs of the $m$ systems (even when only the pairs with a
    baseline are reported), so a correction on top of it is refused.

    Parameters
    ----------
    scores : mapping of str to pandas.DataFrame (or to mapping)
        ``{measure: topics x systems}``; each value may also be a mapping
        ``{system: per-topic scores}``. Every measure must have the same systems.
        A row ``all`` (`rankbook.evaluate`'s summary row) is not a topic and is left out.
    test : str, default "t"
        The test: a name of the module docstring's table (`TESTS`, from
        `rankbook.stats.registry`).
    correction : str or None, default None
        Adjust the p-values of each measure's pairs: a name of
        `rankbook.stats.registry.CORRECTIONS` (`CORRECTIONS`), e.g. ``"holm"``.
    baseline : str, optional
        Compare every other system with this one only (differences signed
        system minus baseline). Default: every pair.
    alpha : float, default 0.05
        Significance level of the marks.
    confidence : float, default 0.95
        Level of the intervals.
    tukey_method : str, default "two_way"
        Which Tukey HSD for ``test="tukey"`` (`rankbook.stats.tukey_hsd`'s ``method``).
    n_resamples : int, optional
        Resamples of the randomisation, bootstrap and randomised Tukey tests;
        default: each test's own (exact randomisation up to 20 topics).
    seed : int or None, default 0
        Seed of the resampling tests.

    Returns
    -------
    ComparisonReport

    Raises
    ------
    rankbook.InvalidValueError
        Fewer than 2 systems, an unknown test, correction or baseline,
        systems that differ between measures, or a correction with Tukey.

    Examples
    --------
    Sakai's table 5.1 (20 topics): the paired t-test of A and B gives
    p = 0.048 and effect size 0.473 (Sakai 2018, chapter 5):

    >>> A = [0.7, 0.3, 0.2, 0.6, 0.4, 0.4, 0.0, 0.7, 0.1, 0.3, 0.5, 0.4, 0.0, 0.6, 0.5, 0.3, 0.1, 0.5, 0.2, 0.1]
    >>> B = [0.5, 0.1, 0.0, 0.2, 0.4, 0.3, 0.0, 0.5, 0.3, 0.3, 0.4, 0.4, 0.1, 0.4, 0.2, 0.1, 0.1, 0.6, 0.3, 0.2]
    >>> pair = compare_scores({"AP": {"A": A, "B": B}}).pairs[0]
    >>> round(pair.pvalue, 3), round(pair.effect_size, 3), (pair.wins, pair.ties, pair.losses)
    (0.048, 0.473, (10, 5, 5))
    """
    _check_options(test, correction, tukey_method, alpha, confidence, n_resamples, seed)
    frames = _score_frames(scores)
    systems = tuple(next(iter(frames.values())).columns)
    if baseline is not None and baseline not in systems:
        raise InvalidValueError(f"baseline={baseline!r} is not one of the systems: {', '.join(systems)}.")
    pairs = [(s, baseline) for s in systems if s != baseline] if baseline is not None \
        else list(combinations(systems, 2))
    options = {"confidence": confidence, "tukey_method": tukey_method,
               "n_resamples": n_resamples, "seed": seed}
    results = []
    for measure, frame in frames.items():
        results += _measure_pairs(measure, frame, pairs, test, correction, alpha, options)
    first = next(iter(frames.values()))
    return ComparisonReport(
        test=test, correction=correction, baseline=baseline, alpha=float(alpha),
        confidence=float(confidence), tukey_method=tukey_method if registry.TESTS[test].methods else None,
        systems=systems, measures=tuple(frames), topics=tuple(str(t) for t in first.index),
        scores={m: {s: tuple(float(v) for v in f[s]) for s in systems} for m, f in frames.items()},
        pairs=tuple(results))


def _check_options(test, correction, tukey_method, alpha, confidence, n_resamples,
                   seed) -> None:
    """Every option checked before any run is read (by rankbook._validate, as everywhere)."""
    _validate.significance_level(alpha)
    _validate.confidence_level(confidence)
    _validate.resamples(n_resamples, allow_none=True)
    _validate.seed(seed)
    _validate.choice(test, TESTS, "test")
    _validate.choice(tukey_method, TUKEY_METHODS, "tukey_method")
    if correction is not None:
        _validate.choice(correction, CORRECTIONS, "correction")
        if registry.TESTS[test].kind == "multi":
            raise InvalidValueError(
                f"test={test!r} gives p-values already adjusted for every pair of systems; "
                "drop the correction (or use another test with it).")


def _measure_pairs(measure, frame, pairs, test, correction, alpha, options) -> list:
    """The PairComparison of each pair for one measure (corrected together)."""
    from rankbook.stats import correct_pvalues

    tested = _tested_pairs(frame, pairs, test, options)
    pvalues = [p for p, _, _ in tested]
    adjusted = list(correct_pvalues(pvalues, method=correction)) if correction else pvalues
    rows = []
    for (a, b), (p, effect, interval), q in zip(pairs, tested, adjusted):
        x, y = frame[a].to_numpy(dtype=float), frame[b].to_numpy(dtype=float)
        d = np.round(x - y, TIE_DECIMALS)
        low, high = interval if interval is not None else (None, None)
        rows.append(PairComparison(
            measure, a, b, float(x.mean()), float(y.mean()), float(x.mean() - y.mean()),
            float(effect), low, high, float(p), float(q), bool(q <= alpha),
            int(np.sum(d > 0)), int(np.sum(d == 0)), int(np.sum(d < 0))))
    return rows


def _tested_pairs(frame, pairs, test, options) -> list:
    """(p-value, effect size, interval or None) of each pair, by ``test`` (its registry entry)."""
    return registry.TESTS[test].compare(frame, pairs, options)


def _score_frames(scores) -> dict:
    """``{measure: DataFrame topics x systems}``, every measure with the same systems."""
    import pandas as pd

    if not isinstance(scores, Mapping) or not scores:
        raise InvalidTypeError(
            "scores must be a non-empty mapping {measure: DataFrame topics x systems}, e.g. "
            "{'AP': {'A': [...], 'B': [...]}}.")
    frames = {}
    for measure, table in scores.items():
        frame = table if isinstance(table, pd.DataFrame) else pd.DataFrame(dict(table))
        frame = frame.drop(index="all", errors="ignore")  # rb.evaluate's summary row: no topic
        frame.columns = [str(c) for c in frame.columns]
        if frame.shape[1] < 2:
            raise InvalidValueError(
                f"measure {measure!r} has {frame.shape[1]} system(s); comparing needs at least 2.")
        frames[str(measure)] = frame
    systems = [tuple(f.columns) for f in frames.values()]
    if len(set(systems)) > 1:
        raise InvalidValueError(
            f"the measures have different systems ({systems[0]} vs {systems[-1]}); give every "
            "measure the same systems in the same order.")
    return frames


def _named_runs(runs) -> dict:
    """``{name: run}``: a mapping as given, a sequence named by tag (or run1, run2, ...)."""
    from rankbook.io import as_run

    if isinstance(runs, Mapping):
        return {str(name): run for name, run in runs.items()}
    if isinstance(runs, (str, bytes)) or not hasattr(runs, "__len__"):
        raise InvalidTypeError(
            "runs must be a mapping {name: run} or a list of runs (paths, dicts, DataFrames); "
            f"got {type(runs).__name__}.")
    frames = [as_run(run) for run in runs]
    tags = [f.attrs.get("name") for f in frames]
    if None in tags or "rankbook" in tags or len(set(tags)) < len(tags):
        tags = [f"run{i}" for i in range(1, len(frames) + 1)]
    return dict(zip(tags, frames))
