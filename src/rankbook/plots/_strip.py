"""Building blocks of the set-based and rank-based figures: the ranked list drawn as squares.

A figure about a ranked list reads best with the list itself in view: one square per rank,
filled for a relevant document, pale for a non-relevant one, outlined with dashes for an
unjudged one and with dots past the end of the list, each with its grade written inside.
`list_strip` puts that row (or one row per query) above a figure's axes, sharing its rank
axis; `draw_lists` draws the squares on any axes; `per_query_bars` draws one bar per query
and the mean over them (MAP, MRR).

The fills are translucent, so that on the site's light theme they read as pale colours under
black text and on the dark theme as deep colours under light text.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from rankbook import _validate
from rankbook._errors import InvalidValueError
from rankbook.plots._style import NONRELEVANT, PALETTE, REFERENCE, RELEVANT

#: Inches: a figure with the list's strip above its axes (narrow enough to read on a phone).
SIZE = (4.8, 3.6)
#: The colour of an emphasised square's outline (the first relevant document, ...).
EMPHASIS = PALETTE[3]
#: Above this many ranks, the grades are not written in the squares (they would not fit).
MOST_LABELLED = 25
#: Line styles of a figure's series, one per colour of the palette: a series per value.
MARKERS = "osD^v<"


def series(values, name: str) -> list:
    """``values`` (one value or a sequence) as a list of at most one series per marker."""
    values = [values] if isinstance(values, (int, float)) else list(values)
    if not values or len(values) > len(MARKERS):
        raise InvalidValueError(
            f"{name} takes 1 to {len(MARKERS)} values, one line each, got {len(values)}: "
            f"{values!r}; draw the others on a second figure.")
    return values


def draw_lists(ax, lists: Sequence, *, relevance_level: float = 1, length: int | None = None,
               emphasis: Sequence[Sequence[int]] = ()):
    """Draw each ranked list as a row of squares at x = 1..n, the first list on top.

    Row ``j`` (counting from 0 at the top) spans y from ``-j - 0.9`` to ``-j - 0.1``.
    ``length`` extends every row with dotted "past the end" squares up to that rank;
    ``emphasis[j]`` holds the ranks of row ``j`` whose square gets a thick outline.
    """
    longest = max([len(grades) for grades in lists] + [length or 0])
    size = "small" if longest <= 12 else "x-small"
    for row, relevance in enumerate(lists):
        grades, judged = _validate.judged_grades(relevance)
        bottom = -row - 0.9
        marked = set(emphasis[row]) if row < len(emphasis) else set()
        for rank in range(1, max(len(grades), length or 0) + 1):
            style, text = _square_style(grades, judged, rank, relevance_level)
            if rank in marked:
                style.update(edgecolor=EMPHASIS, linewidth=2.5, linestyle="-")
            ax.add_patch(_rectangle((rank - 0.4, bottom), 0.8, 0.8, **style))
            if text and longest <= MOST_LABELLED:
                ax.text(rank, bottom + 0.4, text, ha="center", va="center", fontsize=size)
    return ax


def _square_style(grades: np.ndarray, judged: np.ndarray, rank: int,
                  relevance_level: float) -> tuple[dict, str]:
    """How the square of ``rank`` is drawn, and the text inside it."""
    if rank > len(grades):
        return {"facecolor": "none", "edgecolor": REFERENCE, "linestyle": ":"}, ""
    if not judged[rank - 1]:
        return {"facecolor": "none", "edgecolor": REFERENCE, "linestyle": "--"}, "?"
    grade = grades[rank - 1]
    colour, alpha = (RELEVANT, 0.55) if grade >= relevance_level else (NONRELEVANT, 0.3)
    return {"facecolor": _with_alpha(colour, alpha), "edgecolor": colour}, f"{grade:g}"


def _with_alpha(colour: str, alpha: float) -> tuple[float, float, float, float]:
    from matplotlib.colors import to_rgba

    return to_rgba(colour, alpha)


def _rectangle(xy, width, height, **style):
    from matplotlib.patches import Rectangle

    return Rectangle(xy, width, height, linewidth=style.pop("linewidth", 1), **style)


def list_strip(ax, lists: Sequence, *, labels: Sequence[str] | None = None,
               relevance_level: float = 1, length: int | None = None,
               emphasis: Sequence[Sequence[int]] = ()):
    """Put the ranked lists as rows of squares above ``ax``, on its rank axis; return the strip.

    The strip is an inset of ``ax`` (so it moves and scales with it, and the title of ``ax``
    goes above it). ``labels`` name the rows (default: "grade" for a single list).
    """
    rows = len(lists)
    strip = ax.inset_axes([0, 1.04, 1, 0.1 + 0.09 * rows], sharex=ax)
    draw_lists(strip, lists, relevance_level=relevance_level, length=length,
               emphasis=emphasis)
    strip.set_ylim(-rows, 0)
    strip.set_yticks([-row - 0.5 for row in range(rows)])
    strip.set_yticklabels(labels if labels is not None else
                          (["grade"] if rows == 1 else [f"q{j + 1}" for j in range(rows)]),
                          fontsize="small")
    strip.tick_params(axis="both", length=0, labelbottom=False)
    for spine in strip.spines.values():
        spine.set_visible(False)
    return strip


def per_query_bars(ax, values: Sequence[float], labels: Sequence[str], *, name: str,
                   means: Sequence[tuple[str, float]]):
    """One bar per query with its value above it, and a dashed line per mean (name, value)."""
    positions = np.arange(1, len(values) + 1)
    bars = ax.bar(positions, values, width=0.6, color=PALETTE[0], alpha=0.7,
                  edgecolor=PALETTE[0], label=f"{name} of each query")
    for bar, value in zip(bars, values):
        ax.annotate(f"{value:.4f}", (bar.get_x() + bar.get_width() / 2, value),
                    xytext=(0, 3), textcoords="offset points", ha="center", fontsize="small")
    for (label, mean), colour, dashes in zip(means, (PALETTE[1], PALETTE[4]), ("--", "-.")):
        ax.axhline(mean, color=colour, linestyle=dashes, linewidth=2,
                   label=f"{label} = {mean:.4f}")
    ax.set_xticks(positions)
    ax.set_xticklabels(labels)
    ax.set_xlim(0.4, len(values) + 0.6)
    ax.set_ylim(0, 1.15)
    return bars
