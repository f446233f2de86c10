r"""Figures of the test-collection chapter's agreement pages: assessors and system rankings.

Every number drawn is computed by `rankbook.collections`.

| function | what it draws |
| --- | --- |
| `agreement_table` | the confusion table of two assessors as coloured cells, with P(A), P(E) and kappa under both conventions |
| `system_rankings` | each system's score under two evaluations (two qrels, two pools), the swapped pairs joined, tau and tau_AP in the title |
"""

from __future__ import annotations

from rankbook.collections import (
    chance_agreement,
    cohen_kappa,
    confusion_table,
    kendall_tau,
    observed_agreement,
    swapped_pairs,
    tau_ap,
)
from rankbook.collections.correlation import paired_scores
from rankbook.plots._style import PALETTE, WIDTH, finish, new_axes

__all__ = ["agreement_table", "system_rankings"]

AGREE, DISAGREE = PALETTE[2], PALETTE[3]


def agreement_table(first, second, *, relevance_level=None,
                    names=("the first assessor", "the second assessor"), ax=None):
    r"""Draw two assessors' confusion table: agreement on the diagonal, the rest off it.

    Cell $(k, l)$ holds the number of items the first assessor labelled $k$ and the second
    $l$ (`confusion_table`); its colour deepens with the count, green on the diagonal
    (agreement, whose sum over $N$ is P(A)) and hatched vermillion off it. The title gives
    P(A), P(E) and kappa with each assessor's own marginals (Cohen) and pooled ones
    (Introduction to IR).

    Parameters
    ----------
    first, second : judgments
        As `rankbook.collections.cohen_kappa` takes them.
    relevance_level : float, optional
        Binarise the grades first.
    names : tuple of str, default ("the first assessor", "the second assessor")
        The assessors' names on the axes.
    ax : matplotlib Axes, optional
        Where to draw; a new figure when omitted.

    Returns
    -------
    matplotlib.axes.Axes
        One text per cell holding its count, row by row.

    Examples
    --------
    >>> ax = agreement_table([1, 1, 0, 0], [1, 0, 0, 0])
    >>> [t.get_text() for t in ax.texts]
    ['2', '0', '1', '1']
    """
    from matplotlib.patches import Rectangle

    table = confusion_table(first, second, relevance_level=relevance_level)
    n = len(table.labels)
    largest = max(max(row) for row in table.counts) or 1
    ax = new_axes(ax, size=(min(WIDTH, 2.4 + 0.9 * n), 1.6 + 0.7 * n))
    for i, row in enumerate(table.counts):
        for j, count in enumerate(row):
            colour, hatch = (AGREE, "") if i == j else (DISAGREE, "//")
            ax.add_patch(Rectangle((j - 0.5, i - 0.5), 1, 1, facecolor=colour, hatch=hatch,
                                   alpha=0.15 + 0.6 * count / largest, edgecolor="white",
                                   linewidth=1.5))
            ax.text(j, i, f"{count}", ha="center", va="center")
    labels = [f"{label:g}" for label in table.labels]
    ax.set_xticks(range(n), labels)
    ax.set_yticks(range(n), labels)
    ax.set_xlim(-0.5, n - 0.5)
    ax.set_ylim(n - 0.5, -0.5)
    ax.tick_params(length=0)
    for side in ax.spines.values():
        side.set_visible(False)
    observed = float(observed_agreement(table))
    cohen = cohen_kappa(first, second, relevance_level=relevance_level)
    pooled = cohen_kappa(first, second, relevance_level=relevance_level, chance="pooled")
    title = (f"P(A) = {observed:.3f}; P(E) = {float(chance_agreement(table)):.3f}, "
             f"κ = {cohen:.3f}\npooled P(E) = "
             f"{float(chance_agreement(table, chance='pooled')):.3f}, κ = {pooled:.3f}")
    ax.set_title(title)
    ax.set_xlabel(f"label given by {names[1]}")
    ax.set_ylabel(f"label given by {names[0]}")
    return ax


def system_rankings(first, second, *, names=("first", "second"), ax=None):
    r"""Draw each system's score under two evaluations, joining the pairs they order differently.

    One point per system at (score under ``first``, score under ``second``), named. Two
    evaluations that rank the systems alike put the points in increasing order along both
    axes; a pair the second evaluation swaps (`swapped_pairs`) is joined by a dashed line
    that falls from left to right. The title gives Kendall's tau and tau_AP (``first`` as
    the truth; "undefined" when scores tie).

    Parameters
    ----------
    first, second : mapping system -> score, or ordering of system names
        The two rankings (orderings are drawn as scores n, n-1, ..., 1).
    names : tuple of str, default ("first", "second")
        The evaluations' names on the axes.
    ax : matplotlib Axes, optional
        Where to draw; a new figure when omitted.

    Returns
    -------
    matplotlib.axes.Axes

    Examples
    --------
    >>> ax = system_rankings({"a": 0.4, "b": 0.3, "c": 0.2}, {"a": 0.3, "b": 0.35, "c": 0.1})
    >>> ax.get_title()
    'τ = 0.333, τ_AP = 0.000; 1 swapped pair'
    """
    x, y, systems = paired_scores(first, second, names)
    ax = new_axes(ax, size=(WIDTH, 3.8))
    if systems is None:
        systems = tuple(str(i + 1) for i in range(len(x)))
    where = {system: (x[i], y[i]) for i, system in enumerate(systems)}
    swaps = swapped_pairs(dict(zip(systems, x)), dict(zip(systems, y)))
    for number, (a, b) in enumerate(swaps):
        (xa, ya), (xb, yb) = where[a], where[b]
        ax.plot([xa, xb], [ya, yb], color=PALETTE[3], linestyle="--", linewidth=1,
                label="a swapped pair" if number == 0 else "_swap")
    ax.plot(x, y, linestyle="none", marker="o", color=PALETTE[1], label="a system")
    ax.margins(0.1)  # room for the names of the systems at the edges
    for system, (xi, yi) in where.items():
        ax.annotate(str(system), (xi, yi), xytext=(4, 3), textcoords="offset points",
                    fontsize="small")
    tau = kendall_tau(x, y)
    tied = len(set(x)) < len(x) or len(set(y)) < len(y)
    ap = "undefined (ties)" if tied else f"{tau_ap(x, y):.3f}"
    count = f"{len(swaps)} swapped pair{'' if len(swaps) == 1 else 's'}"
    return finish(ax, title=f"τ = {tau:.3f}, τ_AP = {ap}; {count}",
                  xlabel=f"score under {names[0]}", ylabel=f"score under {names[1]}",
                  legend="lower right")
