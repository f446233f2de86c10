r"""Risk-sensitive evaluation: how badly a system hurts the topics where it loses to a baseline.

A new system can be better on average and still do much worse than the
baseline on some topics; a user who meets one of those topics does not care
about the average. The risk-sensitive measures weigh the losses against a
baseline $1 + \alpha$ times as much as the wins ($\alpha \ge 0$, the risk
aversion; $\alpha = 0$ is the plain mean difference).

| function | what it gives | reference |
| --- | --- | --- |
| `risk_weighted_differences` | the per-topic wins and $(1+\alpha)$-weighted losses (what ndeval and gdeval print per topic with ``-baseline``) | TREC 2013 Web track |
| `urisk` | their mean, $U_{\mathrm{Risk}}$ (ndeval's ``amean`` row with ``-baseline``) | Wang, Bennett and Collins-Thompson (2012) |
| `trisk` | $U_{\mathrm{Risk}}$ over its standard error, $T_{\mathrm{Risk}}$ | Dincer, Macdonald and Ounis (2014) |
| `georisk` | each system of a set against all the others, $\mathrm{GeoRisk}$ | Dincer, Macdonald and Ounis (2016) |

The two-system functions take the run's and the baseline's per-topic scores
as the paired tests do (`rankbook.stats` says how: sequences by position, or
Series, mappings, one-column DataFrames paired by topic, with ``topics=``);
`georisk` takes a table of systems as `rankbook.stats.two_way_anova` does. They
are measures, not significance tests (no p-value), so they are not rows of
`rankbook.stats.registry.TESTS`; the page is docs/comparing/risk.md.

``alpha`` has no default: ndeval and gdeval default to 0 (no risk weighting),
published studies use several values (1, 5 and 10 are common). Say which you use.
"""

from __future__ import annotations

import math

import numpy as np

from rankbook import _validate
from rankbook._errors import InvalidValueError
from rankbook.stats import _input

__all__ = ["risk_weighted_differences", "urisk", "trisk", "georisk"]

_ALPHA_HINT = ("the risk aversion: losses weigh 1 + alpha times the wins; 0 is the plain "
               "difference, 1, 5 and 10 are common choices")


def _alpha(alpha) -> float:
    return _validate.number(alpha, "alpha", low=0, hint=_ALPHA_HINT)


def risk_weighted_differences(run, baseline, *, alpha: float,
                              topics: str = "same") -> np.ndarray:
    r"""The per-topic differences from a baseline, losses weighted by $1 + \alpha$.

    $$r_i = \begin{cases} d_i & d_i \ge 0 \\ (1 + \alpha)\, d_i & d_i < 0 \end{cases},
    \qquad d_i = x_i - b_i$$

    where $x_i$ is the run's score on topic $i$ and $b_i$ the baseline's. This
    is what ndeval (and gdeval) print for each topic when given ``-baseline``
    and ``-riskAlpha``: its macro ``RiskBased(r, b, a)`` is ``r - b`` when
    ``r >= b`` and ``(a + 1) * (r - b)`` otherwise.

    Parameters
    ----------
    run, baseline : sequence of float, or scores by topic
        Per-topic scores of the run and of the baseline (1 topic or more), paired
        as `rankbook.stats.paired_t_test` pairs ``x`` and ``y``.
    alpha : float
        The risk aversion $\alpha \ge 0$ (no default; ndeval's is 0).
    topics : {"same", "intersect", "complete"}, default "same"
        Topics one side lacks: refuse, test the common ones, or score them 0
        (ndeval counts a run's topic missing from the baseline as a baseline score of 0).

    Returns
    -------
    numpy.ndarray, shape (n,)
        $r_i$, in topic order (after pairing by topic).

    Raises
    ------
    rankbook.InvalidValueError
        A negative or non-finite alpha; scores as the paired tests refuse them.

    References
    ----------
    Collins-Thompson, K., Macdonald, C., Bennett, P., Diaz, F. and Voorhees, E. M. (2014).
    TREC 2013 Web Track Overview. In Proceedings of TREC 2013.

    Examples
    --------
    >>> risk_weighted_differences([0.5, 0.2, 0.4], [0.3, 0.4, 0.4], alpha=1)
    array([ 0.2, -0.4,  0. ])
    """
    weight = 1.0 + _alpha(alpha)
    x, b = _input.paired(run, baseline, topics, minimum=1)
    d = x - b
    return np.where(d < 0, weight * d, d)


def urisk(run, baseline, *, alpha: float, topics: str = "same") -> float:
    r"""$U_{\mathrm{Risk}}$: the mean difference from a baseline, losses weighted by $1 + \alpha$.

    $$U_{\mathrm{Risk}} = \frac{1}{c} \Big[ \sum_{i \in Q^+} d_i
    + (1 + \alpha) \sum_{i \in Q^-} d_i \Big] = \frac1c \sum_{i=1}^{c} r_i$$

    where $d_i = x_i - b_i$ is the run's score minus the baseline's on topic $i$,
    $Q^+$ the $c$ topics' wins ($d_i > 0$), $Q^-$ their losses ($d_i < 0$) and
    $r_i$ the `risk_weighted_differences`. Positive: the run gains more than
    it risks. $\alpha = 0$ gives the mean difference. It is ndeval's ``amean``
    row with ``-baseline BASE -riskAlpha alpha`` (over the topics paired here).

    Parameters
    ----------
    run, baseline : sequence of float, or scores by topic
        Per-topic scores of the run and the baseline, paired as the paired tests pair them.
    alpha : float
        The risk aversion $\alpha \ge 0$.
    topics : {"same", "intersect", "complete"}, default "same"
        Topics one side lacks: refuse, use the common ones, or score them 0.

    Returns
    -------
    float
        $U_{\mathrm{Risk}}$, in the measure's units.

    Raises
    ------
    rankbook.InvalidValueError
        A negative alpha, no topic, a non-finite score, different topics.

    See Also
    --------
    trisk : the same over its standard error (2 topics or more).
    rankbook.stats.paired_t_test : the mean difference ($\alpha = 0$) and its test.

    References
    ----------
    Wang, L., Bennett, P. N. and Collins-Thompson, K. (2012). Robust ranking models via
    risk-sensitive optimization. In Proceedings of SIGIR 2012, 761-770.

    Collins-Thompson, K., Macdonald, C., Bennett, P., Diaz, F. and Voorhees, E. M. (2014).
    TREC 2013 Web Track Overview. In Proceedings of TREC 2013.

    Examples
    --------
    Wins 0.2 and 0.1, one loss of 0.3, over 4 topics: $(0.3 - 2 \cdot 0.3)/4$ at $\alpha = 1$.

    >>> round(urisk([0.5, 0.2, 0.4, 0.6], [0.3, 0.5, 0.4, 0.5], alpha=1), 4)
    -0.075
    >>> round(urisk([0.5, 0.2, 0.4, 0.6], [0.3, 0.5, 0.4, 0.5], alpha=0), 4)
    0.0
    """
    return float(np.mean(risk_weighted_differences(run, baseline, alpha=alpha, topics=topics)))


def trisk(run, baseline, *, alpha: float, topics: str = "same") -> float:
    r"""$T_{\mathrm{Risk}}$: $U_{\mathrm{Risk}}$ divided by its standard error, a t statistic.

    $$T_{\mathrm{Risk}} = \frac{U_{\mathrm{Risk}}}{s_r / \sqrt{c}}, \qquad
    s_r = \sqrt{\frac{1}{c-1} \sum_{i=1}^{c} (r_i - U_{\mathrm{Risk}})^2}$$

    where $r_i$ are the `risk_weighted_differences` of the $c$ topics and
    $U_{\mathrm{Risk}}$ their mean: the paired t statistic of the $r_i$.
    Dincer, Macdonald and Ounis read it against $\pm 2$: $T_{\mathrm{Risk}} < -2$,
    the run's losses outweigh its wins (at risk aversion $\alpha$) by more than
    chance would explain; $> 2$, the run is safely better than the baseline.
    At $\alpha = 0$ it equals the paired t-test's statistic.

    Zero spread follows `rankbook.stats`: every $r_i = 0$ gives 0.0, a constant
    non-zero $r_i$ gives $\pm\infty$.

    Parameters
    ----------
    run, baseline : sequence of float, or scores by topic
        Per-topic scores of the run and the baseline (at least 2 topics).
    alpha : float
        The risk aversion $\alpha \ge 0$.
    topics : {"same", "intersect", "complete"}, default "same"
        Topics one side lacks: refuse, use the common ones, or score them 0.

    Returns
    -------
    float
        $T_{\mathrm{Risk}}$; compare with $t_{c-1}$ (about $\pm 2$ for 50 topics).

    Raises
    ------
    rankbook.InvalidValueError
        As `urisk`.

    See Also
    --------
    urisk, rankbook.stats.paired_t_test

    References
    ----------
    Dincer, B. T., Macdonald, C. and Ounis, I. (2014). Hypothesis testing for the
    risk-sensitive evaluation of retrieval systems. In Proceedings of SIGIR 2014.

    Examples
    --------
    >>> run, base = [0.5, 0.2, 0.4, 0.6], [0.3, 0.5, 0.4, 0.5]
    >>> round(trisk(run, base, alpha=1), 4)
    -0.4174
    >>> import rankbook as rb
    >>> trisk(run, base, alpha=0) == rb.stats.paired_t_test(run, base).statistic
    True
    """
    _input.paired(run, baseline, topics)  # 2 topics or more: a standard error needs them
    r = risk_weighted_differences(run, baseline, alpha=alpha, topics=topics)
    mean = float(np.mean(r))
    sd = float(np.std(r, ddof=1))
    if _input.is_zero_spread(sd, float(np.abs(r).max())):
        sd = 0.0
    return _input.ratio(mean, sd / math.sqrt(len(r)))


def georisk(scores, *, alpha: float, topics: str = "same") -> dict:
    r"""$\mathrm{GeoRisk}$ of each system of a set, every other system a baseline.

    For $r$ systems on $c$ topics with scores $x_{i,j} \ge 0$ (topic $i$, system $j$),
    the expected score of a cell if systems and topics did not interact is
    $e_{i,j} = S_j T_i / N$, with $S_j = \sum_i x_{i,j}$ (system total),
    $T_i = \sum_j x_{i,j}$ (topic total) and $N = \sum_{i,j} x_{i,j}$, as in a
    chi-square table. Then

    $$z_{i,j} = \frac{x_{i,j} - e_{i,j}}{\sqrt{e_{i,j}}}, \qquad
    Z_{\mathrm{Risk}}(j) = \sum_{i:\, z_{i,j} > 0} z_{i,j} + (1 + \alpha) \sum_{i:\, z_{i,j} < 0} z_{i,j},$$

    $$\mathrm{GeoRisk}(j) = \sqrt{\frac{S_j}{c} \cdot \Phi\Big(\frac{Z_{\mathrm{Risk}}(j)}{c}\Big)}$$

    where $\Phi$ is the standard normal distribution function: the geometric
    mean of the system's mean score $S_j/c$ and of how consistently it does
    better than expected on each topic, losses weighted by $1 + \alpha$.
    A topic on which every system scores 0 ($e_{i,j} = 0$) gives $z_{i,j} = 0$.

    Parameters
    ----------
    scores : mapping system -> per-topic scores, or pandas DataFrame
        At least 2 systems on the same topics (one column per system, one row per
        topic; the ``all`` row is ignored), read as `rankbook.stats.two_way_anova`
        reads them. Scores must be >= 0 (an effectiveness measure).
    alpha : float
        The risk aversion $\alpha \ge 0$.
    topics : {"same", "intersect", "complete"}, default "same"
        Topics some system lacks: refuse, use the common ones, or score them 0.

    Returns
    -------
    dict
        ``{system: GeoRisk}`` in the order given; between 0 and $\sqrt{\max_j S_j / c}$.

    Raises
    ------
    rankbook.InvalidValueError
        A negative score or alpha, fewer than 2 systems or topics, a non-finite score.

    See Also
    --------
    urisk : the risk against one baseline.

    References
    ----------
    Dincer, B. T., Macdonald, C. and Ounis, I. (2016). Risk-sensitive evaluation and
    learning to rank using multiple baselines. In Proceedings of SIGIR 2016.

    Examples
    --------
    Identical systems all score as their mean times $\Phi(0) = 1/2$:

    >>> {s: round(g, 4) for s, g in georisk({"A": [0.2, 0.4], "B": [0.2, 0.4]}, alpha=1).items()}
    {'A': 0.3873, 'B': 0.3873}
    >>> {s: round(g, 4) for s, g in georisk({"A": [0.2, 0.4], "B": [0.1, 0.6]}, alpha=1).items()}
    {'A': 0.3861, 'B': 0.3994}
    """
    weight = 1.0 + _alpha(alpha)
    systems, X = _input.score_matrix(scores, topics)
    _non_negative(X, systems)
    c = X.shape[0]
    S, T, N = X.sum(axis=0), X.sum(axis=1), X.sum()
    E = np.outer(T, S) / N if N > 0 else np.zeros_like(X)
    root = np.sqrt(E)
    Z = np.divide(X - E, root, out=np.zeros_like(X), where=root > 0)
    z_risk = np.where(Z < 0, weight * Z, Z).sum(axis=0)
    return {system: math.sqrt(S[j] / c * _normal_cdf(z_risk[j] / c))
            for j, system in enumerate(systems)}


def _normal_cdf(z: float) -> float:
    return 0.5 * (1.0 + math.erf(z / math.sqrt(2.0)))


def _non_negative(X: np.ndarray, systems: tuple) -> None:
    rows, columns = np.nonzero(X < 0)
    if rows.size:
        raise InvalidValueError(
            f"GeoRisk needs scores >= 0 (its expected values are those of a chi-square "
            f"table), but system {systems[columns[0]]!r} scores {X[rows[0], columns[0]]} on "
            f"topic number {rows[0] + 1}; pass an effectiveness measure (AP, nDCG, ...), "
            "not differences.")
