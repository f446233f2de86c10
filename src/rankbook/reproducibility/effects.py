r"""Reproducibility at the level of scores: RMSE, ARP, effect ratio and delta RI.

Breuer et al. (SIGIR 2020), sections 3.2 and 3.3. Every function takes
per-topic scores of one measure (P@10, AP, nDCG, ...), read as the
significance tests read them (`rankbook.stats`): plain sequences paired by
position, or scores by topic (pandas Series, a column of `rankbook.evaluate`'s
table, mappings topic -> score) paired by topic id, the summary row ``all``
left out.

A *replication* repeats the experiment on the same collection (the same
topics: scores can be paired topic by topic); a *reproduction* runs it on
another collection (other topics: only means can be compared).
"""

from __future__ import annotations

import math
import warnings

import numpy as np

from rankbook._errors import InvalidValueError, caller_stacklevel
from rankbook.stats.scores import paired_scores, system_scores


class UndefinedEffectWarning(UserWarning):
    """An effect measure is undefined for these scores (the effect ratio of 0 over 0): NaN."""


def arp(scores) -> float:
    r"""Average retrieval performance: the mean of one run's per-topic scores.

    $$\mathrm{ARP}(M) = \frac{1}{n} \sum_{j=1}^{n} M_j$$

    where $M_j$ is the run's score on topic $j$ and $n$ the number of topics
    (MAP is the ARP of AP). The summary row ``all`` of `rankbook.evaluate` is
    left out, so the mean is over topics only.

    Parameters
    ----------
    scores : sequence of float, or scores by topic
        One run's per-topic scores of one measure.

    Returns
    -------
    float
        The mean score.

    See Also
    --------
    rmse : how far the per-topic scores are from the original's.

    References
    ----------
    Breuer, Ferro, Fuhr, Maistro, Sakai, Schaer and Soboroff, 2020. How to Measure the
    Reproducibility of System-oriented IR Experiments. SIGIR 2020, section 3.2.

    Examples
    --------
    >>> arp({"301": 0.5, "302": 0.25, "all": 0.375})
    0.375
    """
    return float(np.mean(system_scores(scores, "scores")))


def rmse(original, replicated) -> float:
    r"""Root mean square error between the original and the replicated per-topic scores.

    $$\mathrm{RMSE}(M, M') = \sqrt{\frac{1}{n} \sum_{j=1}^{n} \left(M_j - M'_j\right)^2}$$

    where $M_j$ and $M'_j$ are the original and the replicated run's scores
    on topic $j$ (one measure) and $n$ the number of topics. 0 means the same
    score on every topic; it grows with the per-topic differences whatever
    their sign, so a replication can match the mean (ARP) and still have a
    large RMSE. Defined for replications only: the scores are paired by topic.

    Parameters
    ----------
    original, replicated : sequence of float, shape (n,), or scores by topic
        The two runs' per-topic scores of one measure, on the same topics.

    Returns
    -------
    float
        RMSE >= 0, in the measure's units.

    Raises
    ------
    InvalidValueError
        The topic sets differ (named), or the sequences' lengths differ.

    See Also
    --------
    arp : the mean score.
    rankbook.stats.paired_t_test : whether the mean difference is significant.

    References
    ----------
    Breuer, Ferro, Fuhr, Maistro, Sakai, Schaer and Soboroff, 2020. How to Measure the
    Reproducibility of System-oriented IR Experiments. SIGIR 2020, section 3.2, eq. (3).

    Examples
    --------
    Two topics, off by 0.3 and 0.4: the root of (0.09 + 0.16) / 2.

    >>> round(rmse([0.5, 0.2], [0.2, 0.6]), 12)
    0.353553390593
    """
    m, m_prime = paired_scores({"original": original, "replicated": replicated})
    return float(np.sqrt(np.mean((m - m_prime) ** 2)))


def _pair(advanced, baseline, which: str) -> list[np.ndarray]:
    """One experiment's advanced and baseline scores, paired by topic."""
    return paired_scores({f"{which}_advanced": advanced, f"{which}_baseline": baseline})


def effect_ratio(original_advanced, original_baseline, replicated_advanced,
                 replicated_baseline, *, paired: bool = True) -> float:
    r"""Effect ratio: the repeated improvement over the original improvement.

    $$\mathrm{ER} = \frac{\frac{1}{m}\sum_{j=1}^{m} \Delta M'_j}
                         {\frac{1}{n}\sum_{j=1}^{n} \Delta M_j},
    \qquad \Delta M_j = M^{a}_j - M^{b}_j$$

    where $M^a_j$ and $M^b_j$ are the advanced and the baseline run's scores
    on topic $j$ of the original experiment ($n$ topics), and $\Delta M'_j$
    the same per-topic improvement in the repetition ($m$ topics). ER = 1: the
    improvement is repeated in full; 0 < ER < 1: smaller but in the same
    direction; ER > 1: larger; ER <= 0: the improvement vanished or flipped.

    ``paired=True`` (replicability, the default): the four runs are scored on
    the same topics, paired by topic, and $m = n$. ``paired=False``
    (reproducibility): the repetition is on another collection, so each
    experiment pairs its own advanced and baseline runs and only the mean
    improvements are compared ($m \ne n$ allowed). On the same topics both
    give the same number, since the mean of the differences is the difference
    of the means; ``paired`` says which pairing to check.

    Parameters
    ----------
    original_advanced, original_baseline : sequence of float, or scores by topic
        Per-topic scores (one measure) of the original advanced and baseline runs.
    replicated_advanced, replicated_baseline : sequence of float, or scores by topic
        The same for the replicated (or reproduced) runs.
    paired : bool, default True
        True: all four on the same topics (replication). False: the repetition
        may use other topics (reproduction).

    Returns
    -------
    float
        The ratio; +-inf when the original improvement is 0 and the repeated one
        is not; NaN, with an `UndefinedEffectWarning`, when both are 0: there was
        no effect to repeat, so "how much of it was repeated" has no answer (0.0
        would read as "the effect vanished").

    See Also
    --------
    delta_relative_improvement : the difference of the relative improvements.

    References
    ----------
    Breuer, Ferro, Fuhr, Maistro, Sakai, Schaer and Soboroff, 2020. How to Measure the
    Reproducibility of System-oriented IR Experiments. SIGIR 2020, section 3.3, eq. (4).

    Examples
    --------
    The original advanced run gains 0.2 and 0.0 on two topics (mean 0.1); the
    replication gains 0.1 and -0.05 (mean 0.025): a quarter of the effect.

    >>> effect_ratio([0.6, 0.3], [0.4, 0.3], [0.5, 0.25], [0.4, 0.3])
    0.25
    """
    if not isinstance(paired, bool):
        raise InvalidValueError(f"paired must be True or False, got {paired!r}.")
    if paired:
        oa, ob, ra, rb = paired_scores({"original_advanced": original_advanced,
                                  "original_baseline": original_baseline,
                                  "replicated_advanced": replicated_advanced,
                                  "replicated_baseline": replicated_baseline})
        original, repeated = oa - ob, ra - rb
    else:
        oa, ob = _pair(original_advanced, original_baseline, "original")
        ra, rb = _pair(replicated_advanced, replicated_baseline, "replicated")
        original, repeated = oa - ob, ra - rb
    repeated_mean, original_mean = float(np.mean(repeated)), float(np.mean(original))
    if repeated_mean == 0 and original_mean == 0:
        warnings.warn(
            "effect_ratio is undefined (0/0): the advanced runs score the same mean as their "
            "baselines in the original and in the repetition, so there is no improvement to "
            "repeat; it returns NaN. Compare the runs' scores (arp, rmse) instead.",
            UndefinedEffectWarning, stacklevel=caller_stacklevel())
        return math.nan
    if original_mean == 0:  # a repeated effect where the original had none: +-inf
        return math.copysign(math.inf, repeated_mean)
    return repeated_mean / original_mean


def delta_relative_improvement(original_advanced, original_baseline, replicated_advanced,
                               replicated_baseline) -> float:
    r"""Delta RI: the original relative improvement minus the repeated one.

    $$\Delta\mathrm{RI} = \mathrm{RI} - \mathrm{RI}', \qquad
    \mathrm{RI} = \frac{\mathrm{ARP}(M^a) - \mathrm{ARP}(M^b)}{\mathrm{ARP}(M^b)}$$

    where $\mathrm{ARP}$ is the mean over topics, $M^a$ and $M^b$ the
    advanced and baseline runs of the original experiment, and
    $\mathrm{RI}'$ the same from the replicated (or reproduced) runs. 0: the
    same relative improvement; > 0: the repetition improves less; < 0: more.
    Each experiment's runs are paired by topic; the two experiments may use
    other topics (a reproduction). Read it together with the effect ratio:
    ER tells the size of the absolute improvement, delta RI of the relative one.

    Parameters
    ----------
    original_advanced, original_baseline : sequence of float, or scores by topic
        Per-topic scores (one measure) of the original advanced and baseline runs.
    replicated_advanced, replicated_baseline : sequence of float, or scores by topic
        The same for the replicated (or reproduced) runs.

    Returns
    -------
    float
        RI - RI'.

    Raises
    ------
    InvalidValueError
        A baseline's mean score is 0 (no relative improvement is defined).

    See Also
    --------
    effect_ratio : the ratio of the mean improvements.

    References
    ----------
    Breuer, Ferro, Fuhr, Maistro, Sakai, Schaer and Soboroff, 2020. How to Measure the
    Reproducibility of System-oriented IR Experiments. SIGIR 2020, section 3.3, eq. (5).

    Examples
    --------
    The original improves 0.2 -> 0.3 (RI 0.5), the replication 0.2 -> 0.25 (RI 0.25):

    >>> round(delta_relative_improvement([0.3], [0.2], [0.25], [0.2]), 12)
    0.25
    """
    ri = _relative(original_advanced, original_baseline, "original")
    ri_prime = _relative(replicated_advanced, replicated_baseline, "replicated")
    return ri - ri_prime


def _relative(advanced, baseline, which: str) -> float:
    a, b = _pair(advanced, baseline, which)
    mean_b = float(np.mean(b))
    if mean_b == 0:
        raise InvalidValueError(
            f"{which}_baseline has mean score 0, so the relative improvement (a - b) / b is "
            "undefined; compare the absolute improvements with effect_ratio instead.")
    return (float(np.mean(a)) - mean_b) / mean_b
