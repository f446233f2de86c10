r"""Figures of the rank-aggregation chapter: the numbers a method computes on the way to its order.

| function | what it draws |
| --- | --- |
| `normalized_scores` | one list's raw scores, and its values under several normalisations |
| `pairwise_preferences` | the pairwise preference matrix $N(x, y)$ as a grid of wins, ties and losses, with the Condorcet winner |
| `kemeny_distances` | the Kemeny distance of the Kemeny order and of each list's own order |
| `markov_walk` | a Markov chain's walk from the uniform start to its stationary distribution |
| `rra_order_statistics` | RRA's beta p-values $p_i$ of each item's order statistics, and $\rho = \min_i p_i$ |

The input lists and the fused list, the points behind the fused order and the learned voter
weights are drawn by `rankbook.plots.aggregation`.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from rankbook._errors import InvalidValueError
from rankbook.aggregate import (
    make_profile,
    markov_chain_matrix,
    normalize,
    power_iterations,
    stationary_distribution,
)
from rankbook.aggregate.pairwise import preference_matrix, wins_ties_losses
from rankbook.aggregate.rra import beta_scores, normalised_ranks, rra
from rankbook.plots._aggregation_style import (
    DASHES,
    MARKERS,
    fuse,
    item_style,
    names_of_lists,
)
from rankbook.plots._style import HEIGHT, PALETTE, REFERENCE, WIDTH, finish, new_axes

__all__ = ["normalized_scores", "pairwise_preferences", "kemeny_distances", "markov_walk",
           "rra_order_statistics"]


def normalized_scores(ranked_list, norms: Sequence[str] = ("min_max", "max", "z_score", "rank"),
                      *, items=None, convention: str = "textbook", ax=None):
    r"""One list before and after normalisation: its raw scores, then each norm's values.

    The left panel is the list's scores as given (its ranks when it has no
    scores), the right one the value `rankbook.aggregate.normalize` gives each
    item under each norm of ``norms``, one line per norm over the items in the
    list's order (then the items of ``items`` it does not rank, which only
    `"borda"` gives a value).

    Parameters
    ----------
    ranked_list : sequence of item ids (best first), or mapping item -> score
        One list, as `normalize` takes it.
    norms : sequence of str, default ("min_max", "max", "z_score", "rank")
        Names from `rankbook.aggregate.NORMS`.
    items : iterable of item ids, optional
        Every item of the query (sets $n$ for `"borda"`).
    convention : {"textbook", "flagr"}, default "textbook"
    ax : pair of matplotlib Axes, optional
        Where to draw (raw, normalised); a new figure when omitted.

    Returns
    -------
    numpy.ndarray of matplotlib.axes.Axes, shape (2,)
        The raw panel (its bars, ``axes[0].patches``) and the normalised one (one line per
        norm, ``axes[1].get_lines()``, labelled with the norm).

    See Also
    --------
    rankbook.aggregate.normalize : the values drawn.

    Examples
    --------
    >>> axes = normalized_scores({"a": 8.0, "b": 5.0, "c": 4.0}, ["min_max"])
    >>> [float(bar.get_height()) for bar in axes[0].patches]
    [8.0, 5.0, 4.0]
    >>> axes[1].get_lines()[0].get_ydata().tolist()      # (8-4)/4, (5-4)/4, (4-4)/4
    [1.0, 0.25, 0.0]
    """
    names = [norms] if isinstance(norms, str) else list(norms)
    if not names:
        raise InvalidValueError("norms is empty; name at least one norm, e.g. 'min_max'.")
    values = {norm: normalize(ranked_list, norm, items=items, convention=convention)
              for norm in names}
    profile = make_profile([ranked_list], name="ranked_list")
    order = list(profile.items) + [item for norm in names for item in values[norm]
                                   if item not in profile.items]
    order = list(dict.fromkeys(order))
    raw = profile.score[0] if profile.has_scores[0] else profile.rank[0]

    ax = new_axes(ax, ncols=2, width_ratios=(2, 3))
    raw_ax, norm_ax = ax
    raw_ax.bar(range(profile.n_items), raw, color=REFERENCE, edgecolor="black", linewidth=0.5)
    raw_ax.set_xticks(range(profile.n_items), [str(item) for item in profile.items])
    finish(raw_ax, title="as given", xlabel="item", legend=None, grid="y",
           ylabel="score" if profile.has_scores[0] else "rank (the list has no scores)")
    x = np.arange(len(order))
    for j, norm in enumerate(names):
        y = [values[norm].get(item, np.nan) for item in order]
        norm_ax.plot(x, y, color=PALETTE[j % len(PALETTE)], marker=MARKERS[j % len(MARKERS)],
                     linestyle=DASHES[j % len(DASHES)], linewidth=2, label=norm)
    norm_ax.axhline(0, color="black", linewidth=0.8)
    norm_ax.set_xticks(x, [str(item) for item in order])
    finish(norm_ax, title="normalised", xlabel="item, in the list's order", ylabel="value",
           legend=None)
    norm_ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.22), ncols=min(len(names), 2),
                   fontsize="small", frameon=False)
    return np.asarray(ax)


def pairwise_preferences(lists, *, weights=None, order: str = "copeland", ax=None):
    r"""The pairwise preference matrix $N(x, y)$ as a grid: who beats whom; the Condorcet winner.

    Cell (row $x$, column $y$) holds $N(x, y)$, the weight of the lists that rank
    $x$ above $y$ (`rankbook.aggregate.pairwise.preference_matrix`; a ranked
    item is above an unranked one). It is coloured by the contest: $x$ beats
    $y$ ($N(x, y) > N(y, x)$), loses to it (hatched), or ties. Right of each row
    are $x$'s wins and losses; the title names the Condorcet winner, the item
    that beats every other one, or says there is none (a cycle). The rows and
    columns follow the result of the method ``order``.

    Parameters
    ----------
    lists : sequence of (sequence of item ids, or mapping item -> score)
        The ranked lists of one query, best first.
    weights : sequence of float, optional
        One weight per list (a ballot's number of voters).
    order : str, default "copeland"
        The method whose result orders the rows and columns.
    ax : matplotlib Axes, optional
        Where to draw; a new figure when omitted.

    Returns
    -------
    matplotlib.axes.Axes
        The Axes drawn on: one text per off-diagonal cell holding $N(x, y)$ at (column,
        row), in the order of the y tick labels.

    See Also
    --------
    rankbook.aggregate.condorcet, rankbook.aggregate.copeland : the tallies of these contests.

    Examples
    --------
    >>> ax = pairwise_preferences([["a", "b", "c"], ["b", "c", "a"], ["a", "c", "b"]])
    >>> ax.get_title()
    'Condorcet winner: a (beats all 2 others)'
    >>> [label.get_text() for label in ax.get_yticklabels()]
    ['a', 'b', 'c']
    """
    profile = make_profile(lists, weights)
    matrix = preference_matrix(profile)
    wins, _, losses = wins_ties_losses(matrix)
    rows = [profile.items.index(item) for item in fuse(lists, order, weights)]
    n = len(rows)

    from matplotlib.patches import Patch, Rectangle

    outcomes = {"row beats column": (PALETTE[2], ""), "row loses": (PALETTE[3], "//"),
                "tie": (REFERENCE, "")}
    # As wide as the matrix (one cell per pair of items), up to WIDTH.
    ax = new_axes(ax, size=(min(WIDTH, 1.8 + 0.75 * n), 1.2 + 0.5 * n))
    for i, x in enumerate(rows):
        for j, y in enumerate(rows):
            if x == y:
                continue
            outcome = ("row beats column" if matrix[x, y] > matrix[y, x] else
                       "row loses" if matrix[x, y] < matrix[y, x] else "tie")
            colour, hatch = outcomes[outcome]
            ax.add_patch(Rectangle((j - 0.5, i - 0.5), 1, 1, facecolor=colour, alpha=0.5,
                                   hatch=hatch, edgecolor="white", linewidth=1.5))
            ax.text(j, i, f"{matrix[x, y]:g}", ha="center", va="center")
        ax.annotate(f"{wins[x]:g}–{losses[x]:g}", (n - 0.5, i), xytext=(6, 0),
                    textcoords="offset points", va="center", fontsize="small")
    ax.annotate("won–lost", (n - 0.5, -0.5), xytext=(6, 4), textcoords="offset points",
                va="bottom", fontsize="small")
    labels = [str(profile.items[x]) for x in rows]
    ax.set_xticks(range(n), labels, rotation=30 if max(map(len, labels)) > 3 else 0,
                  ha="left" if max(map(len, labels)) > 3 else "center")
    ax.set_yticks(range(n), labels)
    ax.xaxis.tick_top()
    ax.tick_params(length=0)
    ax.set_xlim(-0.5, n - 0.5)
    ax.set_ylim(n - 0.5, -0.5)
    for side in ax.spines.values():
        side.set_visible(False)
    winner = [x for x in rows if wins[x] == n - 1]
    ax.set_title(f"Condorcet winner: {profile.items[winner[0]]} (beats all {n - 1} others)"
                 if winner else "No Condorcet winner: every item loses a contest", pad=12)
    ax.set_xlabel("N(row, column): the lists ranking row above column")
    ax.legend([Patch(facecolor=c, alpha=0.5, hatch=h, edgecolor="white") for c, h in
               outcomes.values()], list(outcomes), loc="upper center", ncols=3,
              bbox_to_anchor=(0.5, -0.1), fontsize="small", frameon=False)
    ax.xaxis.set_label_position("bottom")
    return ax


def kemeny_distances(lists, *, weights=None, convention: str = "textbook", max_items: int = 20,
                     list_names: Sequence[str] | None = None, ax=None):
    r"""How far Kemeny's order is from the lists, beside each list's own order: $K(\pi)$ as bars.

    $K(\pi) = \sum_{x \pi y} N(y, x)$ counts, over all lists (by weight), the
    pairs that the order $\pi$ puts the other way round. The first bar is the
    Kemeny order (`rankbook.aggregate.kemeny`), the least of all $n!$ orders; the
    others are each list's own order, its unranked items after its ranked ones.
    The values are those of `rankbook.explain_aggregation`'s "Kemeny distance" table.

    Parameters
    ----------
    lists : sequence of (sequence of item ids, or mapping item -> score)
        The ranked lists of one query, best first.
    weights : sequence of float, optional
        One weight per list.
    convention : {"textbook", "flagr"}, default "textbook"
        ``"flagr"``: FLAGR's objective, each list's pairs weighted by
        $1/\binom{\lvert\ell\rvert}{2}$.
    max_items : int, default 20
        As `kemeny`'s: the exact search refuses more items.
    list_names : sequence of str, optional
        The lists' names (default "list 1", ...).
    ax : matplotlib Axes, optional
        Where to draw; a new figure when omitted.

    Returns
    -------
    matplotlib.axes.Axes
        The Axes drawn on; ``ax.patches`` are the bars, the Kemeny order's first.

    Examples
    --------
    Against ``[a, b, c]``, ``[b, a, c]`` and ``[a, c, b]`` the order a, b, c reverses one
    pair of list 2 and one of list 3: $K = 2$. List 2's own order reverses (a, b) of
    list 1, and (a, b) and (b, c) of list 3: 3.

    >>> ax = kemeny_distances([["a", "b", "c"], ["b", "a", "c"], ["a", "c", "b"]])
    >>> [float(bar.get_width()) for bar in ax.patches]
    [2.0, 2.0, 3.0, 3.0]
    """
    from rankbook.explain.aggregation import explain_aggregation

    shown = explain_aggregation(lists, "kemeny", weights=weights, convention=convention,
                                max_items=max_items)
    distance = shown.tables["Kemeny distance"]["distance"].to_numpy(dtype=float)
    profile = make_profile(lists, weights)
    names = ["Kemeny order"] + [f"{name} (unranked last)" if profile.length[l] < profile.n_items
                                else name for l, name in
                                enumerate(names_of_lists(profile, list_names))]
    names = [name.replace("\n", " ") for name in names]

    ax = new_axes(ax, height=1.3 + 0.4 * len(names))
    y = np.arange(len(names))[::-1]
    bars = ax.barh(y, distance, color=[PALETTE[2]] + [PALETTE[1]] * (len(names) - 1),
                   edgecolor="black", linewidth=0.5)
    bars[0].set_hatch("//")
    ax.bar_label(bars, fmt="%g", padding=3)
    ax.set_yticks(y, names)
    ax.set_xlim(0, distance.max() * 1.15 or 1)
    order = " > ".join(str(item) for item in shown.result)
    finish(ax, title=f"Kemeny order: {order}", legend=None, grid="x", ylabel="",
           xlabel="disagreements: reversed pairs, summed over the lists")
    ax.title.set_wrap(True)            # a long order goes on to a second line
    return ax


def markov_walk(lists, chain: str = "mc4", *, weights=None, ergodic_number: float = 0.15,
                ax=None):
    r"""A Markov chain's walk: each item's probability $\pi^{(t)}_x$, step by step, to its limit $\pi$.

    The walk starts uniform, $\pi^{(0)}_x = 1/n$, and steps
    $\pi^{(t+1)} = \pi^{(t)} T'$ (`rankbook.aggregate.power_iterations` over
    `rankbook.aggregate.markov_chain_matrix`, teleportation included) until no
    probability changes by more than $10^{-12}$. Dotted lines are the
    stationary distribution solved exactly (`stationary_distribution`), the
    chain's scores; the walk's lines run into them.

    Parameters
    ----------
    lists : sequence of (sequence of item ids, or mapping item -> score)
        The ranked lists of one query, best first.
    chain : {"mc1", "mc2", "mc3", "mc4", "mct"}, default "mc4"
    weights : sequence of float, optional
        One weight per list.
    ergodic_number : float, default 0.15
        Teleportation probability $\epsilon$; must be above 0, so that $\pi$ is unique.
    ax : matplotlib Axes, optional
        Where to draw; a new figure when omitted.

    Returns
    -------
    matplotlib.axes.Axes
        The Axes drawn on: one line per item (in the profile's order) through
        $\pi^{(0)}_x, \pi^{(1)}_x, \dots$, then one dotted line per item at $\pi_x$.

    Examples
    --------
    One list ``[a, b]``: from `b` MC4 moves up to `a` with $1/2$; with $\epsilon = 0.2$,
    $T' = ((0.9, 0.1), (0.5, 0.5))$, and $\pi_b$ solves $0.1\,\pi_a = 0.5\,\pi_b$: $1/6$.

    >>> ax = markov_walk([["a", "b"]], "mc4", ergodic_number=0.2)
    >>> ax.get_lines()[1].get_ydata()[:2].round(4).tolist()      # 1/2, then 0.5*0.1 + 0.5*0.5
    [0.5, 0.3]
    >>> round(float(ax.get_lines()[3].get_ydata()[0]), 6)
    0.166667
    """
    if not 0 < ergodic_number <= 1:
        raise InvalidValueError(
            f"ergodic_number must be in (0, 1] for the walk to have one stationary distribution "
            f"to draw, got {ergodic_number!r}; the chapter's default is 0.15.")
    items, matrix = markov_chain_matrix(lists, chain, weights=weights,
                                        ergodic_number=ergodic_number)
    steps = power_iterations(matrix)
    limit = stationary_distribution(matrix)

    ax = new_axes(ax, height=HEIGHT + 0.2)
    t = np.arange(len(steps))
    every = max(len(items), len(t) // 12)      # markers of items whose lines coincide alternate
    for x, item in enumerate(items):
        style = item_style(x)
        ax.plot(t, steps[:, x], color=style["color"], marker=style["marker"],
                linestyle=DASHES[x % len(DASHES)], linewidth=2,
                markevery=(x % every, every), label=f"{item}: π = {limit[x]:.3f}")
    for x in range(len(items)):
        ax.axhline(limit[x], color=item_style(x)["color"], linestyle=":", linewidth=1,
                   label="_stationary")
    ax.set_xlim(0, t[-1])
    finish(ax, title=f"{chain.upper()}: the walk from the uniform start\nsettles on π (dotted)",
           xlabel=f"step t (ε = {ergodic_number:g})", ylabel="probability of being on the item",
           legend=None)
    ax.legend(loc="center right", fontsize="small")
    return ax


def rra_order_statistics(lists, *, n: int | None = None, ax=None):
    r"""RRA's order-statistic p-values: for each item, $p_i$ of its $i$-th best normalised rank.

    With $u_{(1)} \le \dots \le u_{(L)}$ the item's sorted normalised ranks
    $r_\ell(x)/n$ (1 where a list leaves it out), $p_i = I_{u_{(i)}}(i, L - i + 1)$
    is the probability that the $i$-th smallest of $L$ uniform numbers is that small
    (`rankbook.aggregate.beta_scores`). $\rho(x) = \min_i p_i$, ringed, is what RRA
    corrects into its p-value; smaller is better. The y axis is logarithmic.

    Parameters
    ----------
    lists : sequence of (sequence of item ids, or mapping item -> score)
        The ranked lists of one query, best first.
    n : int, optional
        Number of rankable items, as `rankbook.aggregate.rra` takes it.
    ax : matplotlib Axes, optional
        Where to draw; a new figure when omitted.

    Returns
    -------
    matplotlib.axes.Axes
        The Axes drawn on: one line per item (in `rra`'s order, best first) through
        $p_1, \dots, p_L$, labelled with its $\rho$.

    Examples
    --------
    An item first of 4 in all three lists: $p_1 = 1 - (3/4)^3$, $p_3 = (1/4)^3 = \rho$.

    >>> ax = rra_order_statistics([["a", "b", "c", "d"], ["a", "c", "b", "d"],
    ...                            ["a", "b", "d", "c"]])
    >>> ax.get_lines()[0].get_ydata().round(6).tolist()
    [0.578125, 0.15625, 0.015625]
    >>> ax.get_lines()[0].get_label()
    'a: ρ = 0.01562'
    """
    result = rra(lists, n=n)                    # checks the lists and n as RRA does
    profile = make_profile(lists)
    p = beta_scores(normalised_ranks(profile, n))
    L = p.shape[0]
    i = np.arange(1, L + 1)

    ax = new_axes(ax, height=HEIGHT + 0.2)
    for item in result:
        x = profile.items.index(item)
        style, rho = item_style(x), p[:, x].min()
        ax.plot(i, p[:, x], color=style["color"], marker=style["marker"],
                linestyle=style["linestyle"], linewidth=2, label=f"{item}: ρ = {rho:.4g}")
        best = int(np.argmin(p[:, x]))
        ax.plot(i[best], rho, marker="o", markersize=14, markerfacecolor="none",
                markeredgecolor=style["color"], linestyle="none", label="_rho")
    ax.set_yscale("log")
    ax.set_xticks(i)
    ax.set_xlim(0.7, L + 0.3)
    finish(ax, title="RRA: each item's p-values p_i;\nρ = the smallest, ringed",
           xlabel="i: the item's i-th best normalised rank u_(i)",
           ylabel="p_i (log scale)", legend="lower left")
    return ax
