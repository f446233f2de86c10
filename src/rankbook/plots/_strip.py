r"""A ranked list drawn as a row of tiles, one per document, below a figure's axes.

Private to `rankbook.plots`: every figure about a ranked list (set-based, rank-based, graded,
user-model and incomplete-judgment chapters) shows the list this way. `list_axes` makes the
figure: its main axes, and below them one thin row of tiles (a strip) per list, sharing the x
axis at x = 1, 2, ..., so that a bar or point, its document and its rank stand in one column;
the rank numbers are written under the last strip, and `finish_list` moves the x label there.
`draw_strip` draws a list's tiles on any axes (a strip, or a figure made of lists). Each tile
shows the document's character of trec_eval's relevance string
(`rankbook.metrics.relevance_string.relevance_string`: the grade, ``-`` for a document not in
the judgments, ``.`` for one in the pool but not judged) and is filled by kind:

| kind | tile |
| --- | --- |
| relevant (grade $\ge$ the threshold) | green, more opaque for a higher grade |
| judged non-relevant | grey |
| not in the judgments (``None``) | empty, dashed outline |
| in the pool, not judged (negative grade) | empty, hatched |
| past the end of the list (when padded) | empty, dotted outline |

Any tile can be emphasised with a thick vermillion outline (the first relevant document, the
document where a search ends). `strip_legend` names the kinds present.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from rankbook import _validate
from rankbook.metrics.relevance_string import relevance_string
from rankbook.plots._style import (
    HEIGHT,
    NONRELEVANT,
    PALETTE,
    REFERENCE,
    RELEVANT,
    finish,
    new_axes,
)

STRIP_INCHES = 0.42          # the height of one strip of tiles
HALF = 0.4                   # a tile spans rank - HALF to rank + HALF, and y - HALF to y + HALF
#: The outline of an emphasised tile.
EMPHASIS = {"edgecolor": PALETTE[3], "linewidth": 2.5, "linestyle": "-"}
#: Above this many tiles in a row, their characters are not written (they would not fit).
MOST_LABELLED = 25
#: The most characters of legend labels that one row of a figure `WIDTH` wide holds.
LEGEND_ROW = 48

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


def list_axes(*, strips: int = 1, rows: int = 1, height: float = HEIGHT):
    """A new figure: ``rows`` main rows, and below them ``strips`` thin rows for tiles, sharing x.

    ``height`` is the main rows' (inches); each strip adds `STRIP_INCHES`. Returns
    ``(strip_axes, main_axes)``, each a list of Axes from the top down. Only the last strip
    writes the rank numbers.
    """
    grid = new_axes(height=height + strips * STRIP_INCHES, nrows=strips + rows, sharex="col",
                    squeeze=False, height_ratios=[height / rows] * rows + [STRIP_INCHES] * strips)
    axes = [row[0] for row in grid]
    for strip in axes[rows:]:
        strip.set_label("strip")
    return axes[rows:], axes[:rows]


def axes_over_lists(ax, lists: Sequence, *, labels: Sequence[str] | None = None, rows: int = 1,
                    height: float = HEIGHT, relevance_level: float = 1, length: int | None = None,
                    emphasis: Sequence[Collection[int]] = ()) -> list:
    """``[ax]``, or the main axes of a new figure with each of ``lists`` drawn as a strip below.

    ``labels`` name the strips (default: "grade" for one list, "q1", "q2", ... for several);
    ``length`` pads every strip to that rank; ``emphasis[j]`` holds the ranks of list ``j``
    to outline.
    """
    if ax is not None:
        return [ax]
    if labels is None:
        labels = ["grade"] if len(lists) == 1 else [f"q{j}" for j in range(1, len(lists) + 1)]
    strips, main = list_axes(strips=len(lists), rows=rows, height=height)
    for j, (strip, relevance, label) in enumerate(zip(strips, lists, labels)):
        draw_strip(strip, relevance, relevance_level=relevance_level, length=length, label=label,
                   emphasis=emphasis[j] if j < len(emphasis) else ())
    return main


def strips_below(ax) -> list:
    """The strips of ``ax``'s figure that share its x axis, from the top down."""
    return [other for other in ax.figure.axes if other.get_label() == "strip"
            and ax.get_shared_x_axes().joined(ax, other)]


def finish_list(ax, *, title: str, xlabel: str, ylabel: str, legend: str | None = "best",
                grid: str = "both"):
    """`finish` ``ax``, then write the x label under the strips below it, if it has any."""
    finish(ax, title=title, xlabel=xlabel, ylabel=ylabel, legend=legend, grid=grid)
    below = strips_below(ax)
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
               label: str = "", y: float = 0.0, emphasis: Collection[int] = ()):
    """Draw ``relevance`` as tiles on ``ax`` at x = 1..n, in the row at height ``y``.

    ``length`` pads the strip with empty dotted tiles past the end of the list; ``label``
    names the row at its left; the tiles of the ranks in ``emphasis`` get a thick outline.
    Relevant tiles are more opaque for a higher grade. Each tile's label is its kind, after an
    underscore (``"_relevant"``, ...). Returns the tiles.
    """
    from matplotlib.patches import Rectangle

    grades = _validate.grades(relevance)
    kinds = tile_kinds(relevance, relevance_level)
    characters = relevance_string(relevance, len(grades)) if len(grades) else ""
    top = max([g for g, kind in zip(grades, kinds) if kind == "relevant"], default=1.0)
    earlier = any(patch.get_label()[1:] in KINDS for patch in ax.patches)
    count = max(length or 0, len(grades))
    tiles = []
    for rank in range(1, count + 1):
        kind = kinds[rank - 1] if rank <= len(grades) else "past_end"
        style = {"linewidth": 1.2, **KINDS[kind][1]}
        if kind == "relevant":
            style["alpha"] = 0.45 + 0.55 * (grades[rank - 1] / top if top > 0 else 1.0)
        if rank in emphasis:
            style.update(EMPHASIS)
        tile = Rectangle((rank - HALF, y - HALF), 2 * HALF, 2 * HALF, label=f"_{kind}",
                         **style)   # "_": no legend entry of its own
        ax.add_patch(tile)
        tiles.append(tile)
        if rank <= len(grades) and count <= MOST_LABELLED:
            # on a hatched tile, the character gets a plain background
            backing = {"facecolor": "white", "edgecolor": "none", "pad": 0.8} \
                if kind == "pooled" else None
            ax.text(rank, y, characters[rank - 1], ha="center", va="center", fontsize="small",
                    bbox=backing)
    _name_row(ax, y, label, earlier)
    return tiles


def _name_row(ax, y: float, label: str, earlier: bool) -> None:
    """Write ``label`` left of the row at ``y`` (keeping the rows drawn before); no frame."""
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


def strip_legend(ax, tiles, *, below_figure: bool = False):
    """A legend of the kinds of tile present: above ``ax``, or below the whole figure."""
    from matplotlib.patches import Patch

    kinds = {tile.get_label()[1:] for tile in tiles}
    handles = [Patch(label=KINDS[kind][0], **KINDS[kind][1]) for kind in KINDS if kind in kinds]
    # one row when it fits the figure's width, else two columns
    one_row = len(handles) <= 3 and sum(len(h.get_label()) for h in handles) <= LEGEND_ROW
    style = {"handles": handles, "ncols": len(handles) if one_row else 2, "fontsize": "small",
             "frameon": False}
    if below_figure:
        return ax.figure.legend(loc="outside lower center", **style)
    return ax.legend(loc="lower center", bbox_to_anchor=(0.5, 1.0), **style)
