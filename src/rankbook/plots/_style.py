"""The look shared by every figure of rankbook.plots: axes, colours, labels.

One palette for all figures, chosen to read on white paper, on the site's light and dark
themes and for readers who do not tell red from green: the Okabe-Ito colours of mid
lightness (Okabe and Ito, "Color Universal Design", 2008), in the order the figures use them.
Lines also carry markers or dashes, so a figure printed in grey still tells its series apart.
"""

from __future__ import annotations

#: Series colours, in order: orange, sky blue, bluish green, vermillion, reddish purple, grey.
PALETTE = ("#E69F00", "#56B4E9", "#009E73", "#D55E00", "#CC79A7", "#999999")
#: The colour of what a figure compares against (the ideal, chance, the null distribution).
REFERENCE = "#999999"
#: Relevant and non-relevant documents, wherever a figure marks them.
RELEVANT, NONRELEVANT = PALETTE[2], PALETTE[5]

WIDTH, HEIGHT = 6.4, 3.6          # inches: a 16:9 figure that fits a phone and a page column


def new_axes(ax=None, *, size: tuple[float, float] | None = None, ncols: int = 1):
    """``ax`` itself, or the axes of a new figure (white background) of ``size`` inches.

    With ``ncols`` > 1 and no ``ax``, the new figure's row of axes is returned.
    """
    if ax is not None:
        return ax
    import matplotlib.pyplot as plt

    width, height = size if size is not None else (WIDTH, HEIGHT)
    _, axes = plt.subplots(1, ncols, figsize=(width, height), facecolor="white",
                           layout="constrained", squeeze=True)
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


def rank_ticks(ax, n: int, *, most: int = 20) -> None:
    """Integer ticks 1..n on the x axis, thinned to at most ``most`` labels."""
    step = max(1, -(-n // most))
    ax.set_xticks(range(1, n + 1, step))
    ax.set_xlim(0.4, n + 0.6)
