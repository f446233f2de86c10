"""The look shared by every figure of rankbook.plots: size, axes, colours, labels, markers.

One palette for all figures, chosen to read on white paper, on the site's light and dark
themes and for readers who do not tell red from green: the Okabe-Ito colours of mid
lightness (Okabe and Ito, "Color Universal Design", 2008), in the order the figures use them.
Lines also carry markers or dashes, so a figure printed in grey still tells its series apart.

One size rule: every figure is `WIDTH` inches wide, unless its shape needs another width (a
square ROC plot, a table of columns as wide as their names); the module that draws it says
why where it does. The site shows a figure at most as wide as it was drawn and shrinks it to
the text column on a narrow screen: 358 CSS px on a 390 px phone (measured in Chromium), where
text of the default 10 pt is ``10 * 358 / (72 * w)`` px high for an SVG ``w`` inches wide (the
figure plus the build's 0.1 inch margins): 10.1 px measured at 4.8 inches, 8.4 px for the
"small" labels (the former default, 6.4 inches, gave 7.8 px, and 5.2 inches 9.4 px).
"""

from __future__ import annotations

from rankbook._errors import InvalidValueError

#: Series colours, in order: orange, sky blue, bluish green, vermillion, reddish purple, grey.
PALETTE = ("#E69F00", "#56B4E9", "#009E73", "#D55E00", "#CC79A7", "#999999")
#: The colour of what a figure compares against (the ideal, chance, the null distribution).
REFERENCE = "#999999"
#: Relevant and non-relevant documents, wherever a figure marks them.
RELEVANT, NONRELEVANT = PALETTE[2], PALETTE[5]
#: Markers of a figure's series, one per colour of the palette.
MARKERS = "osD^v<"

#: Inches. WIDTH keeps the default text at least 10 px high on a phone (see above); HEIGHT is
#: the default, which a figure changes to fit what it stacks (rows, strips, a legend).
WIDTH, HEIGHT = 4.8, 3.0


def new_axes(ax=None, *, size: tuple[float, float] | None = None, height: float | None = None,
             nrows: int = 1, ncols: int = 1, **grid):
    """``ax`` itself, or the axes of a new figure (white background), `WIDTH` by ``height``.

    ``size`` (width, height) is for a figure whose shape needs another width. With ``nrows``
    or ``ncols`` > 1 the new figure's grid of axes is returned; ``grid`` holds further
    arguments of `matplotlib.pyplot.subplots` (``sharex``, ``height_ratios``, ...).
    """
    if ax is not None:
        return ax
    import matplotlib.pyplot as plt

    width, height = size if size is not None else (WIDTH, HEIGHT if height is None else height)
    _, axes = plt.subplots(nrows, ncols, figsize=(width, height), facecolor="white",
                           layout="constrained", **{"squeeze": True, **grid})
    return axes


def finish(ax, *, title: str, xlabel: str, ylabel: str, legend: str | None = "best",
           grid: str = "both"):
    """Title, axis labels, a light grid and (unless ``legend`` is None) the legend."""
    ax.set_title(title)
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    ax.grid(True, axis=grid, alpha=0.3)
    if legend is not None and any(not label.startswith("_") for label in
                                  ax.get_legend_handles_labels()[1]):
        ax.legend(loc=legend, fontsize="small")
    return ax


def rank_columns(ax, labels, depth: int) -> None:
    """Frame a grid of ranked lists: one labelled column each, rank 1 at the top, no spines."""
    ax.set_xlim(-0.6, len(labels) - 0.4)
    ax.set_ylim(depth + 0.6, 0.4)
    ax.set_xticks(range(len(labels)), [str(label) for label in labels])
    ax.set_yticks(range(1, depth + 1))
    ax.set_ylabel("rank")
    ax.tick_params(length=0)
    for side in ("top", "right", "bottom", "left"):
        ax.spines[side].set_visible(False)


def rank_ticks(ax, n: int, *, most: int = 20) -> None:
    """Integer ticks 1..n on the x axis, thinned to at most ``most`` labels."""
    step = max(1, -(-n // most))
    ax.set_xticks(range(1, n + 1, step))
    ax.set_xlim(0.4, n + 0.6)


def series(values, name: str) -> list:
    """``values`` (one value or a sequence) as a list of at most one series per marker."""
    values = [values] if isinstance(values, (int, float)) else list(values)
    if not values or len(values) > len(MARKERS):
        raise InvalidValueError(
            f"{name} takes 1 to {len(MARKERS)} values, one line each, got {len(values)}: "
            f"{values!r}; draw the others on a second figure.")
    return values


def added_at_each_rank(running) -> list[float]:
    """What each rank adds to a running total: value@k - value@(k-1), value@0 = 0."""
    running = [float(x) for x in running]
    return [after - before for before, after in zip([0.0, *running[:-1]], running)]
