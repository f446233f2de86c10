r"""Figures of comparing many systems: ANOVA's F, Tukey's intervals, corrected p-values, ASL curves, power.

With more than two systems a figure shows every pair at once, against the yardstick of the
whole family: the simultaneous intervals of Tukey's HSD against 0, the corrected p-values
against $\alpha$, the ASL curve of each measure. Power curves plan the topics such a
comparison needs. Every number is computed by `rankbook.stats`.

| function | what it draws |
| --- | --- |
| `two_way_anova_null` | the F distribution of the systems' effect, the observed F and its tail |
| `tukey_intervals` | one simultaneous interval per pair of systems, against 0 |
| `comparison_intervals` | the pairs of a `compare` report: mean differences, intervals, significance |
| `corrected_pvalues` | each p-value raw and after each correction, against $\alpha$ |
| `asl_curves` | Sakai's ASL curves, one per measure, against $\alpha$ |
| `power_curve` | the power of a design against the number of topics, and the topic set size |
"""

from __future__ import annotations

import numpy as np

from rankbook import _validate
from rankbook._errors import InvalidValueError
from rankbook.plots import _distributions
from rankbook.plots._distributions import NULL, SIZE, TAIL
from rankbook.plots._style import PALETTE, finish, new_axes
from rankbook.stats.anova import two_way_anova
from rankbook.stats.corrections import CORRECTION_METHODS, correct_pvalues
from rankbook.stats.design import power, topic_set_size
from rankbook.stats.tukey import tukey_hsd

__all__ = ["two_way_anova_null", "tukey_intervals", "comparison_intervals", "corrected_pvalues",
           "asl_curves", "power_curve"]

MARKERS = ("o", "s", "^", "D", "v")
DASHES = ("-", "--", "-.", ":")


def two_way_anova_null(scores, *, ax=None, **options):
    r"""Draw the two-way ANOVA's test of the systems: the F distribution, the observed F and its tail.

    The curve is the density of $F$ with $(m-1, (m-1)(n-1))$ degrees of
    freedom, the distribution of $F_A = V_A/V_E$ if the system means were
    equal; the dashed line is the observed $F_A$ and the shaded tail
    $F \ge F_A$, whose area is the p-value.

    Parameters
    ----------
    scores : mapping or pandas.DataFrame
        Systems' per-topic scores, as `two_way_anova` takes them.
    ax : matplotlib Axes, optional
        Where to draw; a new figure when omitted.
    **options
        Keyword arguments of `two_way_anova` (``topics``).

    Returns
    -------
    matplotlib.axes.Axes

    See Also
    --------
    rankbook.stats.two_way_anova : the test pictured.

    Examples
    --------
    Exercise 1 of the ANOVA page: $F_A = 7$ with (2, 4) degrees of freedom, $p = 4/81$:

    >>> ax = two_way_anova_null({"a": [1, 2, 3], "b": [2, 3, 4], "c": [3, 4, 8]})
    >>> ax.get_title()
    'ANOVA, systems: F = 7.000 (2, 4 df), p = 0.0494'
    """
    from scipy import stats

    result = two_way_anova(scores, **options)
    f, df1, df2 = result.f_systems, result.df_systems, result.df_residual
    high = max(float(stats.f.isf(0.001, df1, df2)), 1.15 * f) if np.isfinite(f) else \
        float(stats.f.isf(0.001, df1, df2))
    ax = new_axes(ax, size=SIZE)
    _distributions.density(ax, stats.f(df1, df2), (0.0, high), f, "greater",
                           result.pvalue_systems, f"F, ({df1}, {df2}) df")
    title = (f"ANOVA, systems: F = {f:.3f} ({df1}, {df2} df), "
             f"p = {result.pvalue_systems:.4f}")
    ax = finish(ax, title=title, xlabel="F under the null hypothesis", ylabel="density",
                legend=None)
    return _distributions.legend_below(ax)


def tukey_intervals(scores, *, ax=None, **options):
    r"""Draw Tukey's HSD: one simultaneous confidence interval per pair of systems, against 0.

    For each pair $(a, b)$ the point is the difference of means
    $\bar x_a - \bar x_b$ and the bar its interval
    $\bar x_a - \bar x_b \pm q_{1-\alpha;\,m,\nu}\sqrt{V/n}$, all from
    `tukey_hsd`. The intervals hold together: with probability $1 - \alpha$
    every one of them covers its true difference. A pair whose interval
    misses 0 (p-value below 1 - ``confidence``) is drawn in colour.

    Parameters
    ----------
    scores : mapping or pandas.DataFrame
        Systems' per-topic scores, as `tukey_hsd` takes them.
    ax : matplotlib Axes, optional
        Where to draw; a new figure when omitted.
    **options
        Keyword arguments of `tukey_hsd` (``method`` "two_way" or "one_way",
        ``confidence``, ``topics``). The randomised method gives no interval.

    Returns
    -------
    matplotlib.axes.Axes
        One errorbar per pair, first pair at the top.

    See Also
    --------
    rankbook.stats.tukey_hsd : the test pictured.

    Examples
    --------
    The ANOVA page's exercise: means 2, 3 and 5, $V_E = 1$:

    >>> ax = tukey_intervals({"a": [1, 2, 3], "b": [2, 3, 4], "c": [3, 4, 8]})
    >>> [t.get_text() for t in ax.get_yticklabels()]
    ['a − b', 'a − c', 'b − c']
    """
    result = tukey_hsd(scores, **options)
    if any(c.confidence_interval is None for c in result.comparisons):
        raise InvalidValueError(
            f"method={result.method!r}, the randomised Tukey HSD, gives p-values, not "
            "intervals; leave method out (the two-way Tukey HSD) to draw the intervals.")
    alpha = 1 - result.confidence
    comparisons = result.comparisons
    ax = _pair_intervals(new_axes(ax, size=_pair_size(len(comparisons))),
                         [f"{c.system_a} − {c.system_b}" for c in comparisons],
                         [c.difference for c in comparisons],
                         [c.confidence_interval for c in comparisons],
                         [c.pvalue < alpha for c in comparisons],
                         f"interval misses 0 (p < {alpha:g})")
    name = result.method.replace("_", "-")
    title = f"Tukey's HSD, {name}: {result.confidence:.0%} " "simultaneous intervals"
    ax = finish(ax, title=title, xlabel="difference of the mean scores", ylabel="", legend=None,
                grid="x")
    return _distributions.legend_below(ax)


def comparison_intervals(report, measure: str | None = None, *, ax=None):
    r"""Draw the pairs of a `rankbook.compare` report: each mean difference, its interval, its verdict.

    One row per pair of systems on ``measure``: the difference of means
    (``mean_a - mean_b``), the interval the report gives (the paired t
    interval, or Tukey's simultaneous one), and, in colour, the pairs the
    report finds significant after its correction (what its table marks).

    Parameters
    ----------
    report : rankbook.compare.ComparisonReport
        What `rankbook.compare.compare` returned.
    measure : str, optional
        One of ``report.measures``; default the first.
    ax : matplotlib Axes, optional
        Where to draw; a new figure when omitted.

    Returns
    -------
    matplotlib.axes.Axes

    See Also
    --------
    rankbook.compare.compare : the report pictured.

    Examples
    --------
    >>> from rankbook.compare import compare_scores
    >>> report = compare_scores({"AP": {"A": [0.9, 0.8, 0.7, 0.6, 0.5, 0.9],
    ...                                 "B": [0.1, 0.2, 0.1, 0.3, 0.2, 0.1]}})
    >>> ax = comparison_intervals(report)
    >>> [t.get_text() for t in ax.get_yticklabels()]
    ['A − B']
    """
    measure = report.measures[0] if measure is None else measure
    if measure not in report.measures:
        raise InvalidValueError(f"measure {measure!r} is not in the report; it has "
                                f"{list(report.measures)}.")
    pairs = [p for p in report.pairs if p.measure == measure]
    ax = _pair_intervals(new_axes(ax, size=_pair_size(len(pairs))),
                         [f"{p.system_a} − {p.system_b}" for p in pairs],
                         [p.difference for p in pairs],
                         [None if p.ci_low is None else (p.ci_low, p.ci_high) for p in pairs],
                         [p.significant for p in pairs], f"significant at {report.alpha:g}")
    how = report.test if report.correction is None else f"{report.test}, {report.correction}"
    title = f"{measure}: the pairs ({how})"
    ax = finish(ax, title=title, xlabel=f"difference of mean {measure}", ylabel="", legend=None,
                grid="x")
    return _distributions.legend_below(ax)


def _pair_size(pairs: int) -> tuple[float, float]:
    return SIZE[0], min(8.0, 1.6 + 0.38 * pairs)


def _pair_intervals(ax, labels, differences, intervals, significant, label: str):
    """One row per pair: the difference as a point, its interval as a bar, 0 as a line."""
    rows = np.arange(len(labels))[::-1]
    for row, difference, interval, marked in zip(rows, differences, intervals, significant):
        error = None if interval is None else [[difference - interval[0]],
                                                [interval[1] - difference]]
        colour = TAIL if marked else NULL
        ax.errorbar(difference, row, xerr=error, fmt="o" if marked else "s", color=colour,
                    capsize=4, linewidth=2, markersize=6)
    ax.axvline(0, color="black", linewidth=0.8)
    if any(significant):
        ax.plot([], [], "o", color=TAIL, label=label)
    if not all(significant):
        ax.plot([], [], "s", color=NULL, label="not significant")
    ax.set_yticks(rows, labels)
    ax.set_ylim(-0.7, len(labels) - 0.3)
    return ax



def corrected_pvalues(pvalues, *, methods=CORRECTION_METHODS, alpha: float = 0.05, ax=None):
    r"""Draw a family of p-values before and after each correction, against $\alpha$.

    One group of bars per hypothesis (a pair of systems, a measure): its raw
    p-value, then its value adjusted by each of ``methods``
    (`correct_pvalues`). A bar below the dashed line $\alpha$ is a rejection.

    Parameters
    ----------
    pvalues : sequence of float or mapping
        The raw p-values, as `correct_pvalues` takes them; a mapping's keys
        (tuples are joined with " − ") label the groups.
    methods : sequence of str, default all three
        Corrections to draw, among "bonferroni", "holm", "benjamini_hochberg".
    alpha : float, default 0.05
        The level drawn.
    ax : matplotlib Axes, optional
        Where to draw; a new figure when omitted.

    Returns
    -------
    matplotlib.axes.Axes
        ``ax.containers``: the raw bars, then one container per method.

    See Also
    --------
    rankbook.stats.correct_pvalues : the corrections drawn.

    Examples
    --------
    >>> ax = corrected_pvalues([0.01, 0.02, 0.03, 0.04], methods=["holm"])
    >>> [round(float(b.get_height()), 2) for b in ax.containers[1]]
    [0.04, 0.06, 0.06, 0.06]
    """
    alpha = _validate.significance_level(alpha)
    series = {"raw": pvalues}
    for method in methods:
        series[method] = correct_pvalues(pvalues, method)
    keys = list(pvalues) if hasattr(pvalues, "keys") else list(range(1, len(pvalues) + 1))
    labels = [" − ".join(map(str, k)) if isinstance(k, tuple) else str(k) for k in keys]
    ax = new_axes(ax, size=SIZE)
    width = 0.8 / len(series)
    colours = (NULL, *PALETTE[:len(methods)])
    hatches = ("", "//", "..", "xx", "\\\\")
    for i, (name, values) in enumerate(series.items()):
        heights = [values[k] for k in keys] if hasattr(values, "keys") else list(values)
        ax.bar(np.arange(len(keys)) + (i - (len(series) - 1) / 2) * width, heights, width,
               color=colours[i], hatch=hatches[i % len(hatches)], edgecolor="white",
               label=name.replace("_", "-"))
    ax.axhline(alpha, color="black", linestyle="--", linewidth=1.5, label=f"α = {alpha:g}")
    ax.set_xticks(np.arange(len(keys)), labels)
    ax.set_ylim(0, 1.05)
    return finish(ax, title="p-values, raw and corrected", xlabel="", ylabel="p-value",
                  legend="upper left", grid="y")


def asl_curves(results: dict, *, top: float | None = None, ax=None):
    r"""Draw Sakai's ASL curves: per measure, the ASLs of all system pairs sorted, against the pair's rank.

    The ASL (achieved significance level) of a pair is its randomised Tukey
    HSD p-value (`rankbook.stats.discriminative_power`). A more
    discriminative measure's curve stays low for more pairs: it crosses the
    dashed line $\alpha$ further right. The legend gives each measure's
    discriminative power, the share of pairs below $\alpha$.

    Parameters
    ----------
    results : mapping of str to DiscriminativePowerResult
        ``{measure: rankbook.stats.discriminative_power(...)}``, with the same alpha.
    top : float, optional
        The top of the ASL axis. Default $4\alpha$: the figure zooms on where
        the curves cross $\alpha$, the pairs with an ASL up to ``top``; 1
        shows every pair and every ASL.
    ax : matplotlib Axes, optional
        Where to draw; a new figure when omitted.

    Returns
    -------
    matplotlib.axes.Axes
        One line per measure (``ax.lines``), then the line of alpha.

    See Also
    --------
    rankbook.stats.discriminative_power : the ASLs drawn.

    Examples
    --------
    >>> from rankbook.stats import discriminative_power
    >>> r = discriminative_power({"x": [0.6] * 6, "y": [0.5] * 6, "z": [0.55] * 6})
    >>> ax = asl_curves({"AP": r})
    >>> ax.lines[0].get_label()
    'AP (DP 0.333)'
    """
    if not results:
        raise InvalidValueError(
            "asl_curves needs at least one measure's result, e.g. "
            "{'AP': discriminative_power(...)}.")
    ax = new_axes(ax, size=SIZE)
    for i, (measure, result) in enumerate(results.items()):
        curve = result.asl_curve()
        ax.plot(np.arange(1, len(curve) + 1), curve, color=PALETTE[i % len(PALETTE)],
                marker=MARKERS[i % len(MARKERS)], markevery=max(1, len(curve) // 10),
                linestyle=DASHES[i % len(DASHES)], linewidth=2,
                label=f"{measure} (DP {result.discriminative_power:.3f})")
    alpha = next(iter(results.values())).alpha
    ax.axhline(alpha, color="black", linestyle="--", linewidth=1.2, label=f"α = {alpha:g}")
    top = 4 * alpha if top is None else top
    shown = max(int(np.sum(result.asl_curve() <= top)) for result in results.values())
    pairs = max(len(result.asl) for result in results.values())
    ax.set_ylim(0, top)
    ax.set_xlim(0, min(pairs, max(10, 1.15 * shown)) + 0.5)
    return finish(ax, title=f"ASL curves (randomised Tukey HSD, {pairs} pairs)",
                  xlabel="system pairs, sorted by ASL", ylabel="ASL", legend="upper left")


def power_curve(design: str, *, min_difference: float, variance: float, alpha: float = 0.05,
                beta: float = 0.20, n_systems: int | None = None, ax=None):
    r"""Draw the power of a test against the number of topics, and the topic set size.

    The line is `power` at $n = 2, 3, \dots$ topics (up to twice the answer);
    the dashed line is the power asked for, $1 - \beta$, and the marked point
    the topic set size (`topic_set_size`): the first $n$ whose power reaches it.

    Parameters
    ----------
    design : {"paired_t", "anova"}
        The test, as `power` takes it.
    min_difference, variance, alpha, n_systems
        As `power` and `topic_set_size` take them.
    beta : float, default 0.20
        The Type II error rate asked for (power 0.8).
    ax : matplotlib Axes, optional
        Where to draw; a new figure when omitted.

    Returns
    -------
    matplotlib.axes.Axes
        ``ax.lines[0]``: the power at each number of topics.

    See Also
    --------
    rankbook.stats.topic_set_size, rankbook.stats.power : the numbers drawn.

    Examples
    --------
    The page's exercise 2: $\sigma_d = 0.15$, a difference of 0.05 needs 73 topics:

    >>> ax = power_curve("paired_t", min_difference=0.05, variance=0.15 ** 2)
    >>> ax.get_title()
    'paired t-test: 73 topics for power 0.8'
    """
    options = {"alpha": alpha, "min_difference": min_difference, "variance": variance,
               "n_systems": n_systems}
    beta = _validate.probability(beta, "beta", interval="(0, 1)", hint="e.g. beta=0.20")
    power(design, n_topics=2, **options)           # refuses a design without power first
    needed = topic_set_size(design, beta=beta, **options)
    topics = np.arange(2, max(2 * needed, needed + 10) + 1)
    powers = [power(design, n_topics=int(n), **options) for n in topics]
    reached = power(design, n_topics=needed, **options)
    ax = new_axes(ax, size=SIZE)
    ax.plot(topics, powers, color=PALETTE[1], linewidth=2, marker=".", label="power")
    ax.axhline(1 - beta, color=NULL, linestyle="--", label=f"power asked: {1 - beta:g}")
    ax.plot([needed], [reached], linestyle="none", marker="o", markersize=9, color=TAIL,
            label=f"{needed} topics: power {reached:.4f}")
    ax.set_ylim(0, 1.02)
    name = "paired t-test" if design == "paired_t" else f"ANOVA of {n_systems} systems"
    return finish(ax, title=f"{name}: {needed} topics for power {1 - beta:g}",
                  xlabel="topics", ylabel="power", legend="lower right")
