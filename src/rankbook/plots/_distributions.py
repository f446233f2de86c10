"""What the figures of comparing systems share: size, colours, a density with its tails, bars of shares.

Used by `significance`, `many_systems` and `reproducibility`; private to `rankbook.plots`.
"""

from __future__ import annotations

import numpy as np

from rankbook.plots._style import PALETTE, REFERENCE, WIDTH

#: The null distribution, the values at least as extreme as the observed one, the observed one.
NULL, TAIL, OBSERVED = REFERENCE, PALETTE[3], PALETTE[1]
#: Inches: the house's width (`rankbook.plots._style.WIDTH`), a little taller than its default.
SIZE = (WIDTH, 3.2)


def density(ax, distribution, span, statistic: float, alternative: str, pvalue: float,
             label: str) -> None:
    """A scipy distribution's density over ``span``, the statistic and the tails beyond it."""
    low, high = span
    grid = np.linspace(low, high, 401)
    ax.plot(grid, distribution.pdf(grid), color=NULL, linewidth=2, label=label)
    bound = min(abs(statistic), high)
    tails = {"two-sided": [(low, -bound), (bound, high)], "greater": [(min(statistic, high), high)],
             "less": [(low, max(statistic, low))]}[alternative]
    for number, (start, end) in enumerate(tails):
        part = np.linspace(start, end, 201)
        ax.fill_between(part, distribution.pdf(part), color=TAIL, alpha=0.55, linewidth=0,
                        label=f"at least as extreme: p = {pvalue:.4f}" if number == 0 else None)
    shown = float(np.clip(statistic, low, high))
    ax.axvline(shown, color=OBSERVED, linestyle="--", linewidth=2,
               label=f"observed {statistic:.3f}")
    ax.set_xlim(low, high)
    ax.set_ylim(bottom=0)


def most_extreme(values: np.ndarray, count: int, alternative: str) -> np.ndarray:
    """Which of ``values`` are the ``count`` most extreme: what the test counted."""
    if count == 0:
        return np.zeros(len(values), dtype=bool)
    if alternative == "two-sided":
        size = np.abs(values)
    else:
        size = values if alternative == "greater" else -values
    kth = np.partition(size, len(size) - count)[len(size) - count]
    return size >= kth


def shares(ax, values: np.ndarray, extreme: np.ndarray, *, bins: int = 60,
            most_atoms: int = 120) -> None:
    """Bars of the share of ``values`` at each value (or bin), the ``extreme`` ones shaded."""
    atoms, where = np.unique(np.round(values, 10), return_inverse=True)
    if len(atoms) <= most_atoms:
        width = 0.8 * (float(np.min(np.diff(atoms))) if len(atoms) > 1 else 1.0)
        total = np.bincount(where, minlength=len(atoms)) / len(values)
        counted = np.bincount(where, weights=extreme, minlength=len(atoms)) / len(values)
        centres = atoms
    else:
        edges = np.linspace(values.min(), values.max(), bins + 1)
        total = np.histogram(values, edges)[0] / len(values)
        counted = np.histogram(values[extreme], edges)[0] / len(values)
        centres, width = (edges[:-1] + edges[1:]) / 2, edges[1] - edges[0]
    ax.bar(centres, total, width=width, color=NULL, alpha=0.6, label="all")
    ax.bar(centres, counted, width=width, color=TAIL,
           label=f"at least as extreme: {int(extreme.sum()):,} of {len(values):,}")
    ax.set_ylim(0, 1.05 * float(total.max()))


def observed(ax, statistic: float, alternative: str) -> None:
    """The observed statistic, dashed (and its mirror image, dotted, for a two-sided test)."""
    ax.axvline(statistic, color=OBSERVED, linestyle="--", linewidth=2,
               label=f"observed {statistic:.4g}")
    if alternative == "two-sided" and statistic != 0:
        ax.axvline(-statistic, color=OBSERVED, linestyle=":", linewidth=1.5)


def legend_below(ax):
    """The legend under the axes in two columns, where it hides nothing; inside if ``ax`` has neighbours."""
    figure = ax.figure
    from matplotlib.layout_engine import ConstrainedLayoutEngine

    if len(figure.axes) == 1 and isinstance(figure.get_layout_engine(), ConstrainedLayoutEngine):
        figure.legend(*ax.get_legend_handles_labels(), loc="outside lower center", ncol=2,
                      fontsize="small", frameon=False)
    else:
        ax.legend(loc="best", fontsize="small")
    return ax
