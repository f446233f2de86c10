r"""Plots of a comparison of systems (matplotlib), one function per picture, each returning its Axes.

| function | picture | used by |
| --- | --- | --- |
| `bar_per_system` | one bar per system (MAP) | `Comparator.plot_average_precision` |
| `metric_at_cutoffs` | a measure at 1..k: bar groups or lines, one per system | `Comparator.plot_metric` |
| `per_topic_differences` | the per-topic differences of two systems, sorted | `ComparisonReport.plot_differences` |
| `per_topic_distribution` | a box or violin per system | `ComparisonReport.plot_distribution` |
| `asl_curves` | Sakai's ASL curves, one per measure (`rankbook.plots.asl_curves`) | `rankbook.stats.discriminative_power`'s results |

Many systems need many colours: the 20 of matplotlib's ``tab20`` then those
of ``tab20b``; lines also cycle markers and dash patterns, so that 21 systems
stay apart in print. matplotlib is imported only when a plot is drawn.
"""

from __future__ import annotations

import numpy as np

from rankbook import _validate

MARKERS = ("o", "s", "^", "D", "v", "P", "X")
DASHES = ("-", "--", "-.", ":")


def _axes(ax, dimensions):
    if ax is not None:
        return ax
    import matplotlib.pyplot as plt

    _, ax = plt.subplots(figsize=dimensions, facecolor="white")
    return ax


def colours(n: int) -> list:
    """``n`` distinct colours: tab20, then tab20b (and round again past 40)."""
    import matplotlib

    palette = list(matplotlib.colormaps["tab20"].colors) + list(matplotlib.colormaps["tab20b"].colors)
    return [palette[i % len(palette)] for i in range(n)]


def bar_per_system(values, ylabel: str, *, dimensions=(16, 7), show_grid: bool = True, ax=None):
    r"""One bar per system, its value printed above it.

    Parameters
    ----------
    values : pandas.Series
        Index: system names, in the order to draw; values: the measure.
    ylabel : str
        What the bars measure.
    dimensions : (float, float), default (16, 7)
        Figure size in inches (ignored when ``ax`` is given).
    show_grid : bool, default True
        Horizontal grid lines.
    ax : matplotlib Axes, optional
        Where to draw.

    Returns
    -------
    matplotlib.axes.Axes

    Examples
    --------
    >>> import pandas as pd
    >>> ax = bar_per_system(pd.Series({"A": 0.5, "B": 0.25}), "MAP")
    >>> [t.get_text() for t in ax.get_xticklabels()]
    ['A', 'B']
    """
    ax = _axes(ax, dimensions)
    positions = np.arange(len(values))
    bars = ax.bar(positions, values.to_numpy(dtype=float), color=colours(len(values)),
                  edgecolor="black", linewidth=0.5)
    ax.bar_label(bars, labels=[f"{v:.4f}" for v in values], fontsize=8, padding=2, rotation=90)
    ax.set_xticks(positions, [str(name) for name in values.index], rotation=45, ha="right")
    ax.set_ylabel(ylabel)
    top = float(np.nanmax(values.to_numpy(dtype=float))) if len(values) else 1.0
    ax.set_ylim(0, top * 1.15 if top > 0 else 1.0)
    ax.set_axisbelow(True)
    ax.grid(show_grid, axis="y", alpha=0.4)
    ax.figure.tight_layout()
    return ax


def metric_at_cutoffs(table, label: str, *, plot_type: str = "bar", dimensions=(10.24, 7.68),
                      show_grid: bool = True, ax=None):
    r"""A measure at the evaluation points 1..k: a group of bars (or a line) per system.

    Parameters
    ----------
    table : pandas.DataFrame
        One row per system, one column per evaluation point (``P_1`` ... ``P_k``).
    label : str
        The measure's name, on the y axis.
    plot_type : {"bar", "line"}, default "bar"
        Grouped bars or lines with markers.
    dimensions, show_grid, ax
        As in `bar_per_system`.

    Returns
    -------
    matplotlib.axes.Axes

    Examples
    --------
    >>> import pandas as pd
    >>> t = pd.DataFrame({"P_1": [1.0, 0.0], "P_2": [0.5, 0.5]}, index=["A", "B"])
    >>> ax = metric_at_cutoffs(t, "Precision", plot_type="line")
    >>> [line.get_label() for line in ax.get_lines()]
    ['A', 'B']
    """
    ax = _axes(ax, dimensions)
    points = np.arange(1, table.shape[1] + 1)
    palette = colours(len(table))
    if plot_type == "bar":
        width = 0.85 / max(len(table), 1)
        for i, (name, row) in enumerate(table.iterrows()):
            ax.bar(points - 0.425 + (i + 0.5) * width, row.to_numpy(dtype=float), width,
                   color=palette[i], label=str(name))
    else:
        for i, (name, row) in enumerate(table.iterrows()):
            ax.plot(points, row.to_numpy(dtype=float), color=palette[i], label=str(name),
                    marker=MARKERS[i % len(MARKERS)], linestyle=DASHES[(i // len(MARKERS)) % len(DASHES)])
    ax.set_xticks(points)
    ax.set_xlabel("cutoff k (list positions)")
    ax.set_ylabel(f"{label}@k")
    ax.set_axisbelow(True)
    ax.grid(show_grid, alpha=0.4)
    ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), fontsize=9,
              ncol=1 if len(table) <= 24 else 2, frameon=False)
    ax.figure.tight_layout()
    return ax


def per_topic_differences(differences, name_a: str, name_b: str, measure: str, *, ax=None,
                          dimensions=(9, 4)):
    r"""The per-topic differences $x_t - y_t$ of two systems, sorted, with their mean.

    Bars above 0 (blue) are topics system a wins, below 0 (red) topics it loses.

    Parameters
    ----------
    differences : pandas.Series
        Index: topics; values: a's score minus b's.
    name_a, name_b : str
        The two systems.
    measure : str
        The measure compared.
    ax, dimensions
        As in `bar_per_system`.

    Returns
    -------
    matplotlib.axes.Axes

    Examples
    --------
    >>> import pandas as pd
    >>> ax = per_topic_differences(pd.Series({"q1": 0.2, "q2": -0.1}), "A", "B", "AP")
    >>> [t.get_text() for t in ax.get_xticklabels()]
    ['q2', 'q1']
    """
    ax = _axes(ax, dimensions)
    ordered = differences.sort_values(kind="stable")
    values = ordered.to_numpy(dtype=float)
    positions = np.arange(len(values))
    ax.bar(positions, values, color=np.where(values > 0, "tab:blue", np.where(values < 0, "tab:red",
                                                                           "grey")))
    ax.axhline(0, color="black", linewidth=0.8)
    ax.axhline(values.mean() if len(values) else 0.0, color="black", linestyle="--", linewidth=1,
               label=f"mean difference {values.mean() if len(values) else 0.0:+.4f}")
    ax.set_xticks(positions, [str(t) for t in ordered.index],
                  rotation=90 if len(values) > 25 else 0, fontsize=8 if len(values) > 25 else 10)
    ax.set_xlabel("topic (sorted by the difference)")
    ax.set_ylabel(f"{measure}({name_a}) - {measure}({name_b})")
    wins, losses = int(np.sum(values > 0)), int(np.sum(values < 0))
    ax.set_title(f"{name_a} vs {name_b}: {wins} wins, {len(values) - wins - losses} ties, "
                 f"{losses} losses")
    ax.legend(loc="upper left")
    ax.figure.tight_layout()
    return ax


def per_topic_distribution(scores, measure: str, *, kind: str = "box", ax=None, dimensions=None):
    r"""A box (or violin) per system of its per-topic scores, the mean marked with a diamond.

    Parameters
    ----------
    scores : pandas.DataFrame
        Topics x systems.
    measure : str
        The measure, on the y axis.
    kind : {"box", "violin"}, default "box"
        The picture per system.
    ax : matplotlib Axes, optional
        Where to draw.
    dimensions : (float, float), optional
        Figure size; default widens with the number of systems.

    Returns
    -------
    matplotlib.axes.Axes

    Examples
    --------
    >>> import pandas as pd
    >>> ax = per_topic_distribution(pd.DataFrame({"A": [0.1, 0.5], "B": [0.2, 0.3]}), "AP")
    >>> [t.get_text() for t in ax.get_xticklabels()]
    ['A', 'B']
    """
    _validate.choice(kind, ("box", "violin"), "kind")
    ax = _axes(ax, dimensions or (max(6.0, 0.6 * scores.shape[1] + 2), 4.5))
    data = [scores[c].to_numpy(dtype=float) for c in scores.columns]
    positions = np.arange(1, len(data) + 1)
    if kind == "box":
        ax.boxplot(data, positions=positions, widths=0.6)
    else:
        ax.violinplot(data, positions=positions, showmedians=True)
    ax.plot(positions, [d.mean() for d in data], linestyle="none", marker="D", color="black",
            markersize=5, label="mean")
    ax.set_xticks(positions, [str(c) for c in scores.columns],
                  rotation=45 if len(data) > 6 else 0, ha="right" if len(data) > 6 else "center")
    ax.set_ylabel(f"{measure} per topic")
    ax.grid(True, axis="y", alpha=0.4)
    ax.legend(loc="best")
    ax.figure.tight_layout()
    return ax


def asl_curves(results: dict, *, ax=None, dimensions=(8, 5)):
    r"""Sakai's ASL curves: per measure, the ASLs of all system pairs sorted, against the pair's rank.

    `rankbook.plots.asl_curves` on a figure of ``dimensions`` (the docs draw
    the same figure): a more discriminative measure's curve stays low for
    more pairs, and crosses the dashed line $\alpha$ further right. The
    legend gives each measure's discriminative power.

    Parameters
    ----------
    results : mapping of str to DiscriminativePowerResult
        ``{measure: rankbook.stats.discriminative_power(...)}``, with the same alpha.
    ax : matplotlib Axes, optional
        Where to draw.
    dimensions : (float, float), default (8, 5)
        Figure size in inches (ignored when ``ax`` is given).

    Returns
    -------
    matplotlib.axes.Axes
    """
    from rankbook.plots.many_systems import asl_curves as draw

    return draw(results, ax=_axes(ax, dimensions))
