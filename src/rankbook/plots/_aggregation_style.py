"""What the rank-aggregation figures share: one look per item and per list, and how a method is called.

An item keeps its colour, marker and dashes in every figure of a page (its place in the profile,
the order in which the lists first name the items), and so does a list; the colours are the
palette's, so they read on both themes and in grey (markers and hatches differ too).
"""

from __future__ import annotations

from rankbook._errors import InvalidValueError
from rankbook.aggregate.registry import METHODS, method_named
from rankbook.plots._style import PALETTE

MARKERS = ("o", "s", "^", "D", "v", "P", "X", "*")
DASHES = ("-", "--", "-.", ":")
HATCHES = ("", "//", "..", "\\\\", "xx", "--")


def item_style(index: int) -> dict:
    """Colour, marker and line style of the profile's ``index``-th item."""
    return {"color": PALETTE[index % len(PALETTE)], "marker": MARKERS[index % len(MARKERS)],
            "linestyle": DASHES[(index // len(PALETTE)) % len(DASHES)]}


def list_style(index: int) -> dict:
    """Colour and hatch of the ``index``-th list's bars."""
    return {"color": PALETTE[index % len(PALETTE)], "hatch": HATCHES[index % len(HATCHES)]}


def names_of_lists(profile, names=None) -> list[str]:
    """``names`` checked against the lists, or "list 1", "list 2", ... with each weight not 1."""
    if names is not None:
        names = [str(name) for name in names]
        if len(names) != profile.n_lists:
            raise InvalidValueError(
                f"list_names gives {len(names)} names for {profile.n_lists} lists; give one "
                "name per list, in the order of the lists.")
        return names
    return [f"list {l + 1}" if w == 1 else f"list {l + 1}\nw={w:g}"
            for l, w in enumerate(profile.weight)]


def fuse(lists, method: str, weights=None, params=None) -> dict:
    """``method``'s result on ``lists`` (item -> score, best first), from `rankbook.aggregate`.

    ``weights`` is passed only when given, so that a method that learns its own weights
    (PrefRel, Agglomerative, DIBRA) or takes none (RRA) is called as it expects.
    """
    function = METHODS[method_named(method)].function
    extra = {} if weights is None else {"weights": weights}
    return function(lists, **extra, **(params or {}))


def short_labels(items, longest: int = 3) -> list[str]:
    """The items' names, or, when one is longer than ``longest``, each one's shortest unique prefix.

    Columns of long names ("Chattanooga") do not fit a phone's width; a figure that shortens
    them says which is which in a key (``Memphis`` -> ``M``, ``Nashville`` -> ``N``).
    """
    names = [str(item) for item in items]
    if all(len(name) <= longest for name in names):
        return names
    shortened = []
    for name in names:
        others = [other for other in names if other != name]
        k = next((k for k in range(1, len(name) + 1)
                  if not any(other.startswith(name[:k]) for other in others)), len(name))
        shortened.append(name[:k])
    return shortened


def text_width(text: str) -> float:
    """Inches that ``text`` takes in the figures' font (its longest line), measured, not drawn."""
    from matplotlib import rcParams
    from matplotlib.textpath import TextPath

    size = rcParams["font.size"]
    return max(TextPath((0, 0), line or " ", size=size).get_extents().width
               for line in text.split("\n")) / 72
