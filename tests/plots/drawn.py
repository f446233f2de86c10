"""What a figure drew, as plain floats (matplotlib hands back numpy arrays)."""

from __future__ import annotations


def xs(line) -> list[float]:
    """The x values of a matplotlib line."""
    return [float(x) for x in line.get_xdata()]


def ys(line) -> list[float]:
    """The y values of a matplotlib line."""
    return [float(y) for y in line.get_ydata()]


def strips(ax) -> list:
    """The rows of tiles drawn below ``ax`` (the axes labelled "strip"), top first."""
    return [other for other in ax.figure.axes if other.get_label() == "strip"]


def heights(bars) -> list:
    """The heights of a bar container's bars."""
    return [bar.get_height() for bar in bars]
