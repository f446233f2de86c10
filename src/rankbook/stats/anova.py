r"""Two-way analysis of variance without replication: systems x topics.

| function | factors | answers |
| --- | --- | --- |
| `two_way_anova` | system, topic (one score per cell) | do the system means differ, once the topic effect is taken out? |

The residual variance it estimates, $V_E$, is also what Sakai's Tukey HSD
test and effect sizes divide by (`rankbook.stats.tukey`).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from rankbook.stats import _input


@dataclass(frozen=True)
class TwoWayAnovaResult:
    r"""The result of `two_way_anova`: the ANOVA table as fields.

    Attributes
    ----------
    systems : tuple
        The system names, in input order.
    n_topics : int
        $n$, the number of topics.
    system_means : tuple of float
        $\bar x_{i\cdot}$, each system's mean over the topics (order of `systems`).
    grand_mean : float
        $\bar x$, the mean of every score.
    ss_systems, ss_topics, ss_residual, ss_total : float
        Sums of squares $S_A$, $S_B$, $S_E$ and $S_T = S_A + S_B + S_E$.
    df_systems, df_topics, df_residual : int
        Degrees of freedom $m - 1$, $n - 1$, $(m-1)(n-1)$.
    ms_systems, ms_topics, ms_residual : float
        Mean squares $V_A = S_A/(m-1)$, $V_B = S_B/(n-1)$, $V_E = S_E/((m-1)(n-1))$.
    f_systems, f_topics : float
        $F_A = V_A / V_E$ and $F_B = V_B / V_E$.
    pvalue_systems, pvalue_topics : float
        $P(F \ge F_A)$ with $(m-1, (m-1)(n-1))$ degrees of freedom, and
        $P(F \ge F_B)$ with $(n-1, (m-1)(n-1))$.
    """

    systems: tuple
    n_topics: int
    system_means: tuple[float, ...]
    grand_mean: float
    ss_systems: float
    ss_topics: float
    ss_residual: float
    ss_total: float
    df_systems: int
    df_topics: int
    df_residual: int
    ms_systems: float
    ms_topics: float
    ms_residual: float
    f_systems: float
    f_topics: float
    pvalue_systems: float
    pvalue_topics: float

    @property
    def residual_variance(self) -> float:
        r"""$V_E$, the residual mean square (the same number as `ms_residual`)."""
        return self.ms_residual

    def to_frame(self):
        """The ANOVA table as a pandas DataFrame (rows system, topic, residual, total)."""
        import pandas as pd

        return pd.DataFrame(
            {
                "sum_sq": [self.ss_systems, self.ss_topics, self.ss_residual, self.ss_total],
                "df": [self.df_systems, self.df_topics, self.df_residual,
                       self.df_systems + self.df_topics + self.df_residual],
                "mean_sq": [self.ms_systems, self.ms_topics, self.ms_residual, np.nan],
                "F": [self.f_systems, self.f_topics, np.nan, np.nan],
                "pvalue": [self.pvalue_systems, self.pvalue_topics, np.nan, np.nan],
            },
            index=["system", "topic", "residual", "total"],
        )


def two_way_anova(scores, *, topics: str = "same") -> TwoWayAnovaResult:
    r"""Two-way ANOVA without replication of $m$ systems on $n$ topics.

    $$x_{i j} = \mu + a_i + b_j + e_{i j}$$

    models the score of system $i$ on topic $j$ as a grand mean, a system
    effect, a topic effect and an error. The variation splits into

    $$S_A = n \sum_{i=1}^{m} (\bar x_{i\cdot} - \bar x)^2, \quad
    S_B = m \sum_{j=1}^{n} (\bar x_{\cdot j} - \bar x)^2, \quad
    S_E = \sum_{i,j} (x_{i j} - \bar x_{i\cdot} - \bar x_{\cdot j} + \bar x)^2$$

    where $\bar x_{i\cdot}$ is system $i$'s mean, $\bar x_{\cdot j}$ topic
    $j$'s mean and $\bar x$ the grand mean. With $V_A = S_A/(m-1)$,
    $V_B = S_B/(n-1)$ and $V_E = S_E/((m-1)(n-1))$, the statistic
    $F_A = V_A/V_E$ follows the F distribution with $(m-1, (m-1)(n-1))$
    degrees of freedom when the system means are equal (errors independent,
    normal, of equal variance). Taking out the topic effect is what makes this
    the right ANOVA for IR: topics differ far more than systems do, and a
    one-way ANOVA would count that as noise.

    Zero variance: a sum of squares below float rounding (at most
    $(10^{-12} \max|x_{i j}|)^2$ per cell) is 0.0. When $V_E = 0$, an F whose effect is also 0 is 0.0 with
    p-value 1.0 (nothing varies: identical systems), and an F whose effect is
    not 0 is $+\infty$ with p-value 0.0 (the effects explain every score).

    Parameters
    ----------
    scores : mapping or pandas.DataFrame
        ``{system: per-topic scores}`` (each the same topics, same order;
        or ``{system: {topic: score}}`` or ``{system: Series}``, paired by
        topic), or a DataFrame with one row per topic and one column per
        system (an ``all`` row is left out). At least 2 systems and 2 topics.
    topics : {"same", "intersect", "complete"}, default "same"
        Systems by topic whose topic sets differ: refuse, test the topics
        every system has, or score a missing topic 0 (as trec_eval's ``-c``).

    Returns
    -------
    TwoWayAnovaResult
        The ANOVA table: sums of squares, degrees of freedom, mean squares,
        F and p for systems and topics, the system means; `.to_frame()`
        shows it as a DataFrame.

    See Also
    --------
    tukey_hsd : which pairs of systems differ, with the same residual variance.

    References
    ----------
    Sakai, T. (2018). Laboratory Experiments in Information Retrieval: Sample
    Sizes, Effect Sizes, and Statistical Power, chapter 3. Springer.

    Examples
    --------
    Sakai's table 5.1, three systems on 20 topics. Sakai reports
    $S_A = 0.1083$, $S_B = 1.0293$, $S_E = 0.8317$, $V_E = 0.0219$,
    $F_A = 2.475$, $p = 0.098$ for systems and $p = 0.009$ for topics:

    >>> scores = {
    ...     "A": [0.7, 0.3, 0.2, 0.6, 0.4, 0.4, 0.0, 0.7, 0.1, 0.3,
    ...           0.5, 0.4, 0.0, 0.6, 0.5, 0.3, 0.1, 0.5, 0.2, 0.1],
    ...     "B": [0.5, 0.1, 0.0, 0.2, 0.4, 0.3, 0.0, 0.5, 0.3, 0.3,
    ...           0.4, 0.4, 0.1, 0.4, 0.2, 0.1, 0.1, 0.6, 0.3, 0.2],
    ...     "C": [0.0, 0.0, 0.2, 0.1, 0.3, 0.3, 0.1, 0.2, 0.4, 0.4,
    ...           0.4, 0.3, 0.3, 0.2, 0.2, 0.2, 0.1, 0.5, 0.4, 0.3]}
    >>> r = two_way_anova(scores)
    >>> [round(v, 4) for v in (r.ss_systems, r.ss_topics, r.ss_residual, r.ms_residual)]
    [0.1083, 1.0293, 0.8317, 0.0219]
    >>> round(r.f_systems, 3), round(r.pvalue_systems, 3), round(r.pvalue_topics, 3)
    (2.475, 0.098, 0.009)
    """
    systems, X = _input.score_matrix(scores, topics)
    n, m = X.shape
    grand = float(X.mean())
    system_means = X.mean(axis=0)
    topic_means = X.mean(axis=1)
    residuals = X - system_means[None, :] - topic_means[:, None] + grand
    ss_a = _input.sum_of_squares(n * float(np.sum((system_means - grand) ** 2)), X)
    ss_b = _input.sum_of_squares(m * float(np.sum((topic_means - grand) ** 2)), X)
    ss_e = _input.sum_of_squares(float(np.sum(residuals**2)), X)
    df_a, df_b, df_e = m - 1, n - 1, (m - 1) * (n - 1)
    v_a, v_b, v_e = ss_a / df_a, ss_b / df_b, ss_e / df_e
    f_a, f_b = _input.ratio(v_a, v_e), _input.ratio(v_b, v_e)
    from scipy import stats

    return TwoWayAnovaResult(
        systems=systems,
        n_topics=n,
        system_means=tuple(float(v) for v in system_means),
        grand_mean=grand,
        ss_systems=ss_a,
        ss_topics=ss_b,
        ss_residual=ss_e,
        ss_total=ss_a + ss_b + ss_e,
        df_systems=df_a,
        df_topics=df_b,
        df_residual=df_e,
        ms_systems=v_a,
        ms_topics=v_b,
        ms_residual=v_e,
        f_systems=f_a,
        f_topics=f_b,
        pvalue_systems=float(stats.f.sf(f_a, df_a, df_e)),
        pvalue_topics=float(stats.f.sf(f_b, df_b, df_e)),
    )
