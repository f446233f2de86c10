r"""Figures of the chapter on comparing systems: the data of two systems and each test's null distribution.

Every test asks the same question of its statistic: how often would a value at least this
extreme turn up if the systems did not differ? Each figure draws the statistic's null
distribution (the curve or the bars), marks the observed statistic, and shades the values
at least as extreme, whose probability is the p-value. The numbers come from the test's own
result: the resampling tests keep the resamples they counted (``null_distribution``), so a
figure shows the page's own sign patterns or bootstrap samples, with the same seed.

| function | what it draws |
| --- | --- |
| `paired_differences` | the per-topic differences of two systems, sorted, with their mean and its interval |
| `paired_t_null` | Student's t with $n - 1$ degrees of freedom, the observed t, the p-value's tails |
| `unpaired_t_null` | the same for the unpaired (Student's or Welch's) t-test |
| `randomization_null` | the mean difference of every sign pattern (exact) or of the sampled ones |
| `wilcoxon_null` | the exact distribution of $W^+$ (or the normal approximation of z) |
| `bootstrap_null` | the bootstrap statistics $t^*$, with Student's t for comparison |
"""

from __future__ import annotations

import numpy as np

from rankbook.plots import _distributions
from rankbook.plots._distributions import NULL, OBSERVED, SIZE, TAIL
from rankbook.plots._style import PALETTE, finish, new_axes
from rankbook.stats.paired import paired_t_test, wilcoxon_test
from rankbook.stats.resampling import bootstrap_test, randomization_test
from rankbook.stats.unpaired import unpaired_t_test

__all__ = ["paired_differences", "paired_t_null", "unpaired_t_null", "randomization_null",
           "wilcoxon_null", "bootstrap_null"]

WINS, LOSSES, MEAN = PALETTE[2], PALETTE[3], PALETTE[0]


def paired_differences(x, y, *, names=("x", "y"), confidence: float = 0.95,
                       topics: str = "same", ax=None):
    r"""Draw the per-topic differences $d_i = x_i - y_i$ of two systems, sorted, with their mean.

    One bar per topic, smallest difference first: above 0 the topics where
    $x$ scores higher, below 0 those where $y$ does, a dot on the axis for a
    tie. The dashed line is the mean difference $\bar d$ and the band its
    confidence interval $\bar d \pm t_{(1+c)/2,\,n-1}\, s_d/\sqrt n$, both from
    `paired_t_test`: the data every paired test starts from.

    Parameters
    ----------
    x, y : sequence of float, or scores by topic
        Per-topic scores of the two systems, paired as `paired_t_test` pairs them.
    names : (str, str), default ("x", "y")
        The systems' names, for the title.
    confidence : float, default 0.95
        Level of the interval.
    topics : {"same", "intersect", "complete"}, default "same"
        Topics missing from one system: as in `paired_t_test`.
    ax : matplotlib Axes, optional
        Where to draw; a new figure when omitted.

    Returns
    -------
    matplotlib.axes.Axes
        ``ax.containers[0]`` holds the bars, smallest difference first.

    See Also
    --------
    rankbook.stats.paired_t_test : the mean difference and its interval.

    Examples
    --------
    >>> ax = paired_differences([0.5, 0.7, 0.4, 0.6], [0.3, 0.4, 0.4, 0.3])
    >>> [round(float(bar.get_height()), 2) for bar in ax.containers[0]]
    [0.0, 0.2, 0.3, 0.3]
    >>> ax.get_title()
    'x − y per topic: 3 higher, 1 tie, 0 lower'
    """
    result = paired_t_test(x, y, confidence=confidence, topics=topics)
    d = np.sort(result.differences)
    ax = new_axes(ax, size=SIZE)
    positions = np.arange(1, len(d) + 1)
    colours = np.where(d > 0, WINS, LOSSES)
    ax.bar(positions, d, width=0.8, color=colours, edgecolor=colours)
    ties = d == 0
    if ties.any():
        ax.plot(positions[ties], d[ties], linestyle="none", marker="o", markersize=4,
                color=NULL, label="tie")
    low, high = result.confidence_interval
    ax.axhspan(low, high, color=MEAN, alpha=0.2,
               label=f"{confidence:.0%} interval [{low:.4f}, {high:.4f}]")
    ax.axhline(result.mean_difference, color=MEAN, linestyle="--", linewidth=2,
               label=f"mean difference {result.mean_difference:.4f}")
    ax.axhline(0, color="black", linewidth=0.8)
    ax.set_xticks([])
    wins, losses = int(np.sum(d > 0)), int(np.sum(d < 0))
    n_ties = len(d) - wins - losses
    title = (f"{names[0]} − {names[1]} per topic: {wins} higher, "
             f"{n_ties} tie{'' if n_ties == 1 else 's'}, {losses} lower")
    return finish(ax, title=title, xlabel="topics, sorted by the difference",
                  ylabel="difference", legend="upper left", grid="y")


def paired_t_null(x, y, *, ax=None, **options):
    r"""Draw the paired t-test's null distribution: Student's t with $n - 1$ degrees of freedom.

    The curve is the density of $T_{n-1}$, the distribution of
    $t = \bar d / (s_d/\sqrt n)$ if the mean difference were 0; the vertical
    line is the observed $t$ and the shaded tails the values at least as
    extreme, $|T_{n-1}| \ge |t|$ (one tail for a one-sided test): their area
    is the p-value. The dotted lines are the critical values at the test's
    confidence level: $t$ beyond them is the interval excluding 0.

    Parameters
    ----------
    x, y : sequence of float, or scores by topic
        Per-topic scores of the two systems, as `paired_t_test` takes them.
    ax : matplotlib Axes, optional
        Where to draw; a new figure when omitted.
    **options
        Keyword arguments of `paired_t_test` (``alternative``, ``confidence``, ``topics``).

    Returns
    -------
    matplotlib.axes.Axes
        ``ax.lines[0]`` is the density; ``ax.collections`` the shaded tails.

    See Also
    --------
    rankbook.stats.paired_t_test : the test pictured.

    Examples
    --------
    >>> ax = paired_t_null([0.5, 0.7, 0.4, 0.6], [0.3, 0.4, 0.4, 0.3])
    >>> ax.get_title()
    'paired t-test: t = 2.828 (3 df), p = 0.0663'
    """
    result = paired_t_test(x, y, **options)
    ax = _t_density(new_axes(ax, size=SIZE), result, result.df)
    title = (f"paired t-test: t = {result.statistic:.3f} ({result.df} df), "
             f"p = {result.pvalue:.4f}")
    ax = finish(ax, title=title, xlabel="t under the null hypothesis", ylabel="density",
                legend=None)
    return _distributions.legend_below(ax)


def unpaired_t_null(x, y, *, ax=None, **options):
    r"""Draw the unpaired t-test's null distribution: Student's t with its degrees of freedom.

    As `paired_t_null`, for `unpaired_t_test`: $\nu = n_x + n_y - 2$
    (Student's test) or Welch and Satterthwaite's $\nu$ (``equal_var=False``).

    Parameters
    ----------
    x, y : sequence of float, or scores by topic
        The two samples, as `unpaired_t_test` takes them.
    ax : matplotlib Axes, optional
        Where to draw; a new figure when omitted.
    **options
        Keyword arguments of `unpaired_t_test` (``equal_var``, ``alternative``, ``confidence``).

    Returns
    -------
    matplotlib.axes.Axes

    See Also
    --------
    rankbook.stats.unpaired_t_test : the test pictured.

    Examples
    --------
    >>> ax = unpaired_t_null([1, 2, 3, 4], [2, 4, 6])
    >>> ax.get_title()
    "Student's t-test: t = -1.218 (5 df), p = 0.2776"
    """
    result = unpaired_t_test(x, y, **options)
    name = "Student's" if result.equal_var else "Welch's"
    ax = _t_density(new_axes(ax, size=SIZE), result, result.df)
    title = (f"{name} t-test: t = {result.statistic:.3f} ({result.df:.4g} df), "
             f"p = {result.pvalue:.4f}")
    ax = finish(ax, title=title, xlabel="t under the null hypothesis", ylabel="density",
                legend=None)
    return _distributions.legend_below(ax)


def _t_density(ax, result, df: float):
    """Student's t density with ``df``, the observed t, its tails and the critical values."""
    from scipy import stats

    t, alternative = result.statistic, result.alternative
    level = result.confidence
    critical = stats.t.ppf((1 + level) / 2 if alternative == "two-sided" else level, df)
    limit = max(5.0, 1.15 * abs(t)) if np.isfinite(t) else 5.0
    _distributions.density(ax, stats.t(df), (-limit, limit), t, alternative, result.pvalue,
                           f"Student's t, {df:.4g} df")
    signs = {"two-sided": (-1, 1), "greater": (1,), "less": (-1,)}[alternative]
    for number, sign in enumerate(signs):
        ax.axvline(sign * critical, color=NULL, linestyle=":", linewidth=1.2,
                   label=f"critical value at {level:.0%}: {critical:.3f}" if number == 0 else None)
    return ax


def randomization_null(x, y, *, ax=None, **options):
    r"""Draw the randomisation test's null distribution: the mean difference of each sign pattern.

    Flipping the sign of any $d_i$ gives an equally likely data set if the
    systems are interchangeable. The bars are the share of sign patterns
    (all $2^n$ when the test is exact, the random ones when it samples) at
    each mean difference $\frac1n\sum_i s_i d_i$, read from the test's own
    ``null_distribution``; the shaded parts are the patterns it counted as at
    least as extreme as the observed $\bar d$ (dashed). Exact, the shaded bars
    add up to the p-value $C/2^n$; sampled, to $C/B$, whose p-value is
    $(C+1)/(B+1)$. When the mean differences take more than 120 values, the
    bars are a histogram of 60 bins.

    Parameters
    ----------
    x, y : sequence of float, or scores by topic
        Per-topic scores of the two systems, as `randomization_test` takes them.
    ax : matplotlib Axes, optional
        Where to draw; a new figure when omitted.
    **options
        Keyword arguments of `randomization_test` (``n_resamples``, ``seed``,
        ``alternative``, ``topics``): the same seed draws the same patterns.

    Returns
    -------
    matplotlib.axes.Axes
        ``ax.containers``: the bars of all patterns, then those counted.

    See Also
    --------
    rankbook.stats.randomization_test : the test pictured.

    Examples
    --------
    Four topics, 16 sign patterns; only the patterns that give every non-zero
    difference the same sign reach the observed mean 0.2, four of them:

    >>> ax = randomization_null([0.5, 0.7, 0.4, 0.6], [0.3, 0.4, 0.4, 0.3])
    >>> sum(float(bar.get_height()) for bar in ax.containers[1])
    0.25
    >>> ax.get_title()
    'randomisation test, 2^4 patterns: p = 0.2500'
    """
    result = randomization_test(x, y, **options)
    values = result.null_distribution
    extreme = _distributions.most_extreme(values, result.count, result.alternative)
    ax = new_axes(ax, size=SIZE)
    _distributions.shares(ax, values, extreme)
    _distributions.observed(ax, result.statistic, result.alternative)
    n = int(np.log2(result.n_resamples)) if result.exact else None
    drawn = f"2^{n} patterns" if result.exact else f"{result.n_resamples:,} sampled"
    title = f"randomisation test, {drawn}: p = {result.pvalue:.4f}"
    ax = finish(ax, title=title, xlabel="mean difference under the null hypothesis",
                ylabel="share of the patterns", legend=None, grid="y")
    return _distributions.legend_below(ax)


def wilcoxon_null(x, y, *, ax=None, **options):
    r"""Draw the signed-rank test's null distribution: exact $W^+$, or the normal approximation.

    Exact (``method`` ``"exact"``, or ``"auto"`` choosing it): the bars are
    the probability of each $W^+$ over the $2^{n'}$ sign patterns of the
    ranked differences (the result's ``null_distribution``), symmetric around
    $n'(n'+1)/4$; the observed $W^+$ is dashed, and the shaded bars, as far
    from the centre as it or farther on either side (one side for a one-sided
    test; the dotted line is the mirror image of $W^+$), add up to the
    p-value. Approximated: the standard normal density,
    the observed $z$ and the tails beyond it.

    Parameters
    ----------
    x, y : sequence of float, or scores by topic
        Per-topic scores of the two systems, as `wilcoxon_test` takes them.
    ax : matplotlib Axes, optional
        Where to draw; a new figure when omitted.
    **options
        Keyword arguments of `wilcoxon_test` (``zero_method``, ``method``,
        ``correction``, ``decimals``, ``alternative``, ``topics``).

    Returns
    -------
    matplotlib.axes.Axes

    See Also
    --------
    rankbook.stats.wilcoxon_test : the test pictured.

    Examples
    --------
    Exercise 1 of the page: W+ = 6 of ranks 1, 2.5, 2.5; p = 2/8:

    >>> ax = wilcoxon_null([0.5, 0.7, 0.4, 0.6], [0.3, 0.4, 0.4, 0.3])
    >>> sum(float(bar.get_height()) for bar in ax.containers[1])
    0.25
    """
    from scipy import stats

    result = wilcoxon_test(x, y, **options)
    ax = new_axes(ax, size=SIZE)
    if result.null_distribution is None:
        z = result.zstatistic
        limit = max(4.0, 1.15 * abs(z))
        _distributions.density(ax, stats.norm(), (-limit, limit), z, result.alternative,
                               result.pvalue, "standard normal (approximation)")
        title = f"signed-rank test: z = {z:.3f}, p = {result.pvalue:.4f}"
        ax = finish(ax, title=title, xlabel="z under the null hypothesis", ylabel="density",
                    legend=None)
        return _distributions.legend_below(ax)
    values, probabilities = result.null_distribution
    w, centre = result.r_plus, (result.r_plus + result.r_minus) / 2
    beyond = {"two-sided": np.abs(values - centre) >= abs(w - centre) - 1e-9,
              "greater": values >= w - 1e-9, "less": values <= w + 1e-9}[result.alternative]
    shown = probabilities > 0
    width = 0.8 * float(np.min(np.diff(values[shown]))) if shown.sum() > 1 else 0.8
    ax.bar(values[shown], probabilities[shown], width=width, color=NULL, alpha=0.6, label="all")
    ax.bar(values[shown], np.where(beyond, probabilities, 0)[shown], width=width, color=TAIL,
           label=f"at least as extreme: p = {result.pvalue:.4f}")
    ax.axvline(w, color=OBSERVED, linestyle="--", linewidth=2, label=f"observed W+ = {w:g}")
    if result.alternative == "two-sided" and w != centre:
        ax.axvline(2 * centre - w, color=OBSERVED, linestyle=":", linewidth=1.5)
    ax.set_ylim(0, 1.05 * float(probabilities.max()))
    title = (f"signed-rank test, exact ({result.n} ranked): "
             f"p = {result.pvalue:.4f}")
    ax = finish(ax, title=title, xlabel="W+ under the null hypothesis", ylabel="probability",
                legend=None, grid="y")
    return _distributions.legend_below(ax)


def bootstrap_null(x, y, *, ax=None, bins: int = 60, **options):
    r"""Draw the bootstrap test's null distribution: a histogram of its $B$ statistics $t^*_b$.

    The test resamples the differences shifted to mean 0 and computes the
    studentised mean $t^*_b$ of each sample (the result's
    ``null_distribution``, the same samples for the same seed). The histogram
    is their density; the shaded part holds the $C$ samples at least as
    extreme as the observed $t$ (dashed), area $C/B$ (Sakai's ASL; the
    p-value is $(C+1)/(B+1)$). Student's t with $n - 1$ degrees of freedom,
    the paired t-test's null distribution of the same statistic, is drawn for
    comparison. $t^*$ beyond the axis (an infinite one, from a sample of equal
    values) is counted in the outermost bin.

    Parameters
    ----------
    x, y : sequence of float, or scores by topic
        Per-topic scores of the two systems, as `bootstrap_test` takes them.
    ax : matplotlib Axes, optional
        Where to draw; a new figure when omitted.
    bins : int, default 60
        Bins of the histogram.
    **options
        Keyword arguments of `bootstrap_test` (``n_resamples``, ``seed``,
        ``alternative``, ``topics``).

    Returns
    -------
    matplotlib.axes.Axes
        ``ax.containers``: the bars of all samples, then those counted.

    See Also
    --------
    rankbook.stats.bootstrap_test : the test pictured.

    Examples
    --------
    >>> ax = bootstrap_null([0.5, 0.7, 0.4, 0.6, 0.9], [0.3, 0.4, 0.4, 0.3, 0.5], n_resamples=999)
    >>> area = sum(float(b.get_height() * b.get_width()) for b in ax.containers[1])
    >>> r = bootstrap_test([0.5, 0.7, 0.4, 0.6, 0.9], [0.3, 0.4, 0.4, 0.3, 0.5], n_resamples=999)
    >>> round(area, 9) == round(r.count / 999, 9)
    True
    """
    from scipy import stats

    result = bootstrap_test(x, y, **options)
    df = paired_t_test(x, y, topics=options.get("topics", "same")).df
    ax = new_axes(ax, size=SIZE)
    limit = max(5.0, 1.15 * abs(result.statistic)) if np.isfinite(result.statistic) else 5.0
    if result.null_distribution is not None:
        values = np.clip(result.null_distribution, -limit, limit)
        extreme = _distributions.most_extreme(result.null_distribution, result.count,
                                              result.alternative)
        edges = np.linspace(-limit, limit, bins + 1)
        scale = len(values) * (edges[1] - edges[0])
        ax.hist(values, edges, weights=np.full(len(values), 1 / scale), color=NULL, alpha=0.6,
                label="all t*")
        ax.hist(values[extreme], edges, weights=np.full(int(extreme.sum()), 1 / scale),
                color=TAIL, label=f"at least as extreme: {result.count:,} of {len(values):,}")
    grid = np.linspace(-limit, limit, 401)
    ax.plot(grid, stats.t.pdf(grid, df), color=PALETTE[2], linestyle="-.", linewidth=1.5,
            label=f"Student's t, {df} df")
    _distributions.observed(ax, float(np.clip(result.statistic, -limit, limit)), result.alternative)
    ax.set_xlim(-limit, limit)
    title = f"bootstrap test, B = {result.n_resamples:,}: p = {result.pvalue:.4f}"
    ax = finish(ax, title=title, xlabel="t* under the null hypothesis", ylabel="density",
                legend=None)
    return _distributions.legend_below(ax)
