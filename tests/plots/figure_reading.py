"""Reading back what a figure drew: the shaded areas, the vertical lines, the error bars.

Shared by the tests of rankbook.plots' figures (imported as a sibling module, as pytest puts
this folder on sys.path).
"""

from __future__ import annotations

import numpy as np
from matplotlib.collections import PolyCollection


def shaded_area(ax) -> float:
    """The area of the filled regions (shoelace formula over each polygon's outline)."""
    total = 0.0
    for collection in ax.collections:
        if isinstance(collection, PolyCollection):
            for path in collection.get_paths():
                x, y = path.vertices[:, 0], path.vertices[:, 1]
                total += abs(np.dot(x, np.roll(y, -1)) - np.dot(y, np.roll(x, -1))) / 2
    return total


def vertical_lines(ax) -> list[float]:
    """The x of every vertical line (axvline)."""
    return [line.get_xdata()[0] for line in ax.get_lines()
            if len(line.get_xdata()) == 2 and line.get_xdata()[0] == line.get_xdata()[1]]


def intervals(ax) -> list[tuple[float, float, float]]:
    """(low, point, high) of each horizontal error bar, in drawing order (top row first)."""
    found = []
    for container in ax.containers:
        point, _, (bars,) = container
        (low, _), (high, _) = bars.get_segments()[0]
        found.append((low, point.get_xdata()[0], high))
    return found
