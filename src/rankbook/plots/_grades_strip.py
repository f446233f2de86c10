r"""A ranked list drawn as a row of tiles, one per document, above or below a figure's axes.

Private to `rankbook.plots` (the graded, user-model and incomplete-judgment figures). Each
tile shows the document's character of trec_eval's relevance string
(`rankbook.metrics.relevance_string.relevance_string`: the grade, ``-`` for a document not in
the judgments, ``.`` for one in the pool but not judged) and is filled by kind:

| kind | tile |
| --- | --- |
| relevant (grade $\ge$ the threshold) | green, more opaque for a higher grade |
| judged non-relevant | grey |
| not in the judgments (``None``) | empty, dashed outline |
| in the pool, not judged (negative grade) | empty, hatched |
| past the end of the list (when padded) | empty, dotted outline |

The tiles sit at x = 1, 2, ... so that they line up with the ranks of the axes above them
(`list_axes` makes the figure: the main axes, and the strips below them, sharing x).
"""

from __future__ import annotations

from rankbook import _validate
from rankbook.metrics.relevance_string import relevance_string
from rankbook.plots._style import NONRELEVANT, REFERENCE, RELEVANT, finish

#: A figure of this chapter: narrower than the house default, so its text stays legible when
#: a phone shrinks it to the width of the screen.
SIZE = (5.2, 3.3)
STRIP_INCHES = 0.42          # the height of one strip of tiles

KINDS = {  # kind -> (legend label, Rectangle keyword arguments)
    "relevant": ("relevant", {"facecolor": RELEVANT, "edgecolor": RELEVANT}),
    "nonrelevant": ("judged non-relevant", {"facecolor": NONRELEVANT, "edgecolor": NONRELEVANT,
                                            "alpha": 0.45}),
    "unjudged": ("not judged (-)", {"facecolor": "none", "edgecolor": REFERENCE,
                                    "linestyle": "--"}),
    "pooled": ("pooled, not judged (.)", {"facecolor": "none", "edgecolor": REFERENCE,
                                          "hatch": "//"}),
    "past_end": ("past the end of the list", {"facecolor": "none", "edgecolor": REFERENCE,
                                              "linestyle": ":"}),
}


def list_axes(*, strips: int = 1, rows: int = 1, size: tuple[float, float] = SIZE):
    """A new figure: ``rows`` main rows, and below them ``strips`` thin rows for tiles, sharing x.

    Returns ``(strip_axes, main_axes)``, each a list of Axes from the top down. The rank
    numbers are written under the last strip, so a bar or point, its document and its rank
    line up in one column; `finish_list` moves the x label there too.
    """
    import matplotlib.pyplot as plt

    width, height = size
    main = (height - strips * STRIP_INCHES) / rows
    _, grid = plt.subplots(strips + rows, 1, figsize=(width, height), facecolor="white",
                           layout="constrained", squeeze=False, sharex="col",
                           height_ratios=[main] * rows + [STRIP_INCHES] * strips)
    axes = [row[0] for row in grid]
    for strip in axes[rows:]:
        strip.set_label("strip")
    return axes[rows:], axes[:rows]


def finish_list(ax, *, title: str, xlabel: str, ylabel: str, legend: str | None = "best",
                grid: str = "both"):
    """`finish` ``ax``, then write the x label under the strips below it, if it has any."""
    finish(ax, title=title, xlabel=xlabel, ylabel=ylabel, legend=legend, grid=grid)
    below = [other for other in ax.figure.axes if other.get_label() == "strip"
             and ax.get_shared_x_axes().joined(ax, other)]
    if below:
        ax.set_xlabel("")
        below[-1].set_xlabel(xlabel)
    return ax


def tile_kinds(relevance, relevance_level: float = 1) -> list[str]:
    """The kind of each document of the list (see the module's table)."""
    grades, judged = _validate.judged_grades(relevance)
    threshold = _validate.threshold(relevance_level)
    return ["unjudged" if not is_judged else "pooled" if grade < 0
            else "relevant" if grade >= threshold else "nonrelevant"
            for grade, is_judged in zip(grades, judged)]


def draw_strip(ax, relevance, *, relevance_level: float = 1, length: int | None = None,
               label: str = "", y: float = 0.0):
    """Draw ``relevance`` as tiles on ``ax`` at x = 1..n, in the row at height ``y``.

    ``length`` pads the strip with empty dotted tiles past the end of the list; ``label``
    names the row at its left. Relevant tiles are more opaque for a higher grade. Each tile's
    label is its kind, after an underscore (``"_relevant"``, ...). Returns the tiles.
    """
    from matplotlib.patches import Rectangle

    grades = _validate.grades(relevance)
    kinds = tile_kinds(relevance, relevance_level)
    characters = relevance_string(relevance, len(grades)) if len(grades) else ""
    top = max([g for g, kind in zip(grades, kinds) if kind == "relevant"], default=1.0)
    earlier = any(patch.get_label()[1:] in KINDS for patch in ax.patches)
    tiles = []
    for index in range(max(length or 0, len(grades))):
        kind = kinds[index] if index < len(grades) else "past_end"
        style = dict(KINDS[kind][1])
        if kind == "relevant":
            style["alpha"] = 0.45 + 0.55 * (grades[index] / top if top > 0 else 1.0)
        tile = Rectangle((index + 1 - 0.42, y - 0.42), 0.84, 0.84, linewidth=1.2,
                         label=f"_{kind}", **style)   # "_": no legend entry of its own
        ax.add_patch(tile)
        tiles.append(tile)
        if index < len(grades):   # on a hatched tile, the character gets a plain background
            backing = {"facecolor": "white", "edgecolor": "none", "pad": 0.8} \
                if kind == "pooled" else None
            ax.text(index + 1, y, characters[index], ha="center", va="center", fontsize="small",
                    bbox=backing)
    if earlier:   # another row of tiles is already drawn on ax: keep its name
        rows = [*ax.get_yticks(), y]
        names = [*(text.get_text() for text in ax.get_yticklabels()), label]
    else:
        rows, names = [y], [label]
    ax.set_yticks(rows, names, fontsize="small")
    ax.set_ylim(min(rows) - 0.5, max(rows) + 0.5)
    ax.tick_params(axis="both", length=0)
    for side in ("top", "right", "bottom", "left"):
        ax.spines[side].set_visible(False)
    return tiles


def strip_legend(ax, tiles, *, below_figure: bool = False):
    """A legend of the kinds of tile present: above ``ax``, or below the whole figure."""
    from matplotlib.patches import Patch

    kinds = {tile.get_label()[1:] for tile in tiles}
    handles = [Patch(label=KINDS[kind][0], **KINDS[kind][1]) for kind in KINDS if kind in kinds]
    style = {"handles": handles, "ncols": min(len(handles), 3), "fontsize": "small",
             "frameon": False}
    if below_figure:
        return ax.figure.legend(loc="outside lower center", **style)
    return ax.legend(loc="lower center", bbox_to_anchor=(0.5, 1.0), **style)


def axes_below_strip(ax, relevance, *, rows: int = 1, size=SIZE, label: str = "grade",
                     relevance_level: float = 1) -> list:
    """``[ax]``, or the main axes of a new figure with ``relevance`` drawn as tiles below."""
    if ax is not None:
        return [ax]
    strips, main = list_axes(rows=rows, size=size)
    draw_strip(strips[0], relevance, label=label, relevance_level=relevance_level)
    return main


def added_at_each_rank(running) -> list[float]:
    """What each rank adds to a running total: value@k - value@(k-1), value@0 = 0."""
    running = [float(x) for x in running]
    return [after - before for before, after in zip([0.0, *running[:-1]], running)]
