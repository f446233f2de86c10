r"""Figures of the rank-aggregation chapter: the input lists, the fused list and what decided it.

| function | what it draws |
| --- | --- |
| `rank_aggregation` | the input lists and the fused list(s) side by side, each item a line across them |
| `score_contributions` | each list's points behind the fused order, stacked: Borda, CombSUM, RRF, ... |
| `voter_weights` | the list (voter) weights a self-weighting method learned |
| `learned_weights` | the weights several self-weighting methods learn on the same lists, side by side |

The figures of the pairwise, Kemeny, Markov-chain, RRA and normalisation pages are in
`rankbook.plots.aggregation_scores`.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence

import numpy as np

from rankbook._errors import InvalidValueError
from rankbook.aggregate import make_profile
from rankbook.aggregate.registry import METHODS, method_named
from rankbook.plots._aggregation_style import (
    fuse,
    item_style,
    list_style,
    names_of_lists,
    short_labels,
    text_width,
)
from rankbook.plots._style import HEIGHT, PALETTE, REFERENCE, finish, new_axes

__all__ = ["rank_aggregation", "score_contributions", "voter_weights", "learned_weights"]

#: The methods whose score is a weighted sum of one value per list (`score_contributions` splits it).
SUMS = ("combsum", "wsum", "borda", "dowdall", "rrf", "rbc")


def rank_aggregation(lists, methods: str | Sequence[str] = "borda", *, weights=None,
                     list_names: Sequence[str] | None = None, ax=None, **params):
    r"""The input lists and the fused list side by side: each item a line across the columns.

    Each column is a ranked list written out, best at the top: first the input
    lists, then, on a shaded band, the result of each method in ``methods``
    (computed by that method of `rankbook.aggregate`, with ``weights`` and
    ``**params``). A line joins an item's places, so a reader sees where each
    item came from and where the fusion put it; a dotted line bridges a list
    that does not rank the item (a partial list). With a single method, its
    column also shows each item's score.

    Parameters
    ----------
    lists : sequence of (sequence of item ids, or mapping item -> score)
        The ranked lists of one query, best first (as every method takes them).
    methods : str or sequence of str, default "borda"
        Names from `rankbook.aggregate.METHODS` (any case).
    weights : sequence of float, optional
        One weight per list, passed to each method (and shown under the list's name).
    list_names : sequence of str, optional
        The lists' column headings (default "list 1", "list 2", ...).
    ax : matplotlib Axes, optional
        Where to draw; a new figure when omitted.
    **params
        The methods' parameters (``norm=``, ``k=``, ...), passed to each of them.

    Returns
    -------
    matplotlib.axes.Axes
        The Axes drawn on. Each place is a text (``ax.texts``) at x = its column (the lists
        at 0, 1, ..., the methods after them), y = the rank; the columns' names are the x
        tick labels.

    See Also
    --------
    score_contributions : the points behind the fused order.

    Examples
    --------
    >>> lists = [["a", "b", "c"], ["b", "a", "c"], ["a", "c", "b"]]
    >>> ax = rank_aggregation(lists, "borda")
    >>> [label.get_text() for label in ax.get_xticklabels()]
    ['list 1', 'list 2', 'list 3', 'borda']
    >>> [(t.get_text(), float(t.get_position()[1])) for t in ax.texts if t.get_position()[0] > 2]
    [('a  5', 1.0), ('b  3', 2.0), ('c  1', 3.0)]
    """
    profile = make_profile(lists, weights)
    names = [methods] if isinstance(methods, str) else list(methods)
    if not names:
        raise InvalidValueError("methods is empty; name at least one method, e.g. 'borda'.")
    results = [fuse(lists, name, weights, params) for name in names]
    L, place = profile.n_lists, _places(profile, results)
    columns = np.r_[np.arange(L), L + 0.3 + np.arange(len(names))]
    deepest = int(np.nanmax(place)) if np.isfinite(place).any() else 1
    labels = short_labels(profile.items)
    scored = [f"{label}  {results[0][item]:.4g}" if len(names) == 1 else label
              for label, item in zip(labels, profile.items)]
    headings = names_of_lists(profile, list_names) + names
    # inches per column: its widest box fits; a heading too wide for that is turned
    pitch = 0.3 + max([0.25, *(text_width(text) for text in scored)])

    # As wide as its columns, not WIDTH: each column is as wide as the names it holds.
    ax = new_axes(ax, size=(0.7 + pitch * len(columns), 1.0 + 0.4 * deepest))
    ax.axvspan(L - 0.35, columns[-1] + 0.5, color=REFERENCE, alpha=0.18, linewidth=0)
    key = [str(item) if label == str(item) else f"{label}: {item}"
           for label, item in zip(labels, profile.items)]
    for x, item in enumerate(profile.items):
        style, shown = item_style(x), np.flatnonzero(np.isfinite(place[:, x]))
        for dotted in (False, True):       # next columns joined by a line, gaps bridged by dots
            xs, ys = [], []
            for a, b in itertools.pairwise(shown):
                if (b > a + 1) == dotted:
                    xs += [columns[a], columns[b], np.nan]
                    ys += [place[a, x], place[b, x], np.nan]
            ax.plot(xs, ys, color=style["color"], linewidth=2, linestyle=":" if dotted else "-",
                    label="_gap" if dotted else key[x])
        for c in shown:
            ax.text(columns[c], place[c, x], scored[x] if c >= L else labels[x], ha="center",
                    va="center", zorder=3, bbox={"boxstyle": "round,pad=0.25", "facecolor": "white",
                                                 "edgecolor": style["color"], "linewidth": 1.8})
    if key != [str(item) for item in profile.items]:     # a key to the shortened names
        ax.legend(loc="upper center", bbox_to_anchor=(0.5, 0), ncols=2, frameon=False)
    ax.set_xticks(columns, headings)
    ax.xaxis.tick_top()
    ticks = ax.xaxis.get_major_ticks()
    for group in (ticks[:L], ticks[L:]):          # lists, methods: turned if one is too wide
        if max(text_width(tick.label2.get_text()) for tick in group) > pitch - 0.1:
            for tick in group:
                tick.label2.set(rotation=30, ha="left", rotation_mode="anchor")
    ax.tick_params(axis="x", length=0)
    ax.set_xlim(-0.6, columns[-1] + 0.6)
    ax.set_ylim(deepest + 0.6, 0.4)
    ax.set_yticks(range(1, deepest + 1))
    ax.set_ylabel("rank")
    for side in ("top", "right", "bottom"):
        ax.spines[side].set_visible(False)
    ax.set_title(f"{L} lists fused by {', '.join(names)}", pad=10, wrap=True)
    return ax


def _places(profile, results) -> np.ndarray:
    """(columns, items): each item's rank in each list, then its place in each result (NaN: absent)."""
    where = {item: x for x, item in enumerate(profile.items)}
    place = np.full((profile.n_lists + len(results), profile.n_items), np.nan)
    place[:profile.n_lists] = np.where(profile.ranked, profile.rank, np.nan)
    for j, result in enumerate(results):
        for position, item in enumerate(result, start=1):
            place[profile.n_lists + j, where[item]] = position
    return place
def voter_weights(weights: Sequence[float], labels: Sequence[str] | None = None, *, ax=None):
    r"""Bar chart of the list (voter) weights a self-weighting method learned: whom it trusted.

    The weights come from `rankbook.aggregate.prefrel.prefrel`,
    `rankbook.aggregate.agglomerative.agglomerative` or
    `rankbook.aggregate.dibra.dibra` with ``return_weights=True``. Bars keep the
    order of the lists; the most trusted list's bar is hatched, and a dotted
    line marks the mean weight.

    Parameters
    ----------
    weights : sequence of float, shape (L,)
        One weight per list.
    labels : sequence of str, optional
        One name per list (default "1", "2", ...).
    ax : matplotlib Axes, optional
        Where to draw; a new figure when omitted.

    Returns
    -------
    matplotlib.axes.Axes
        The Axes drawn on.

    Examples
    --------
    >>> ax = voter_weights([1.2, 2.5, 0.7], ["V-0", "V-1", "V-2"])
    >>> [round(float(bar.get_height()), 1) for bar in ax.patches]
    [1.2, 2.5, 0.7]
    >>> ax.get_title()
    'Learned voter weights (most trusted: V-1)'
    """
    values = np.asarray(weights, dtype=float)
    if values.ndim != 1 or values.size == 0 or not np.all(np.isfinite(values)):
        raise InvalidValueError(
            f"weights must be one finite number per list, got {weights!r}.")
    names = [str(i + 1) for i in range(values.size)] if labels is None else [str(x) for x in labels]
    if len(names) != values.size:
        raise InvalidValueError(
            f"labels gives {len(names)} names for {values.size} weights; give one name per list.")
    ax = new_axes(ax)
    bars = ax.bar(range(values.size), values, color=PALETTE[1], edgecolor="black", linewidth=0.5)
    best = int(np.argmax(values))
    bars[best].set_hatch("//")
    ax.axhline(values.mean(), linestyle=":", color=REFERENCE, label=f"mean {values.mean():.3g}")
    ax.set_xticks(range(values.size), names, rotation=90 if values.size > 12 else 0)
    finish(ax, title=f"Learned voter weights (most trusted: {names[best]})",
           xlabel="list (voter)", ylabel="learned weight", legend="best", grid="y")
    return ax


def score_contributions(lists, method: str = "borda", *, weights=None,
                        list_names: Sequence[str] | None = None, ax=None, **params):
    r"""The points behind the fused order: each item's score as a bar, stacked list by list.

    For a method whose score is a weighted sum of one value per list,
    $s(x) = \sum_\ell w_\ell\, v_\ell(x)$ (Borda's points, CombSUM's normalised
    scores, RRF's $1/(k + r)$, ...), list $\ell$'s part $w_\ell v_\ell(x)$ is
    the method itself run with list $\ell$'s weight alone (the others 0), so
    every segment comes from `rankbook.aggregate`; the parts must add up to the
    method's score, which is written at the end of each bar. Items are in the
    fused order, best at the top. A dotted segment is the share of a list that
    does not rank the item (Borda's share of the points it left unused).

    Parameters
    ----------
    lists : sequence of (sequence of item ids, or mapping item -> score)
        The ranked lists of one query, best first.
    method : str, default "borda"
        One of the sums: ``combsum``, ``wsum``, ``borda``, ``dowdall``, ``rrf``, ``rbc``.
    weights : sequence of float, optional
        One weight per list.
    list_names : sequence of str, optional
        The lists' names in the legend (default "list 1", ...).
    ax : matplotlib Axes, optional
        Where to draw; a new figure when omitted.
    **params
        The method's parameters (``norm=``, ``k=``, ``unranked=``, ...).

    Returns
    -------
    matplotlib.axes.Axes
        The Axes drawn on. ``ax.containers`` holds one bar container per list, its bars in
        the fused order (the first is the top one, the best item); the y tick labels name
        the items.

    Raises
    ------
    rankbook.InvalidValueError
        If ``method`` is not a sum of one value per list (CombMNZ multiplies by $h(x)$,
        Condorcet counts wins, ...), or its parts do not add up to its score.

    See Also
    --------
    rank_aggregation : the lists and the fused list side by side.

    Examples
    --------
    Borda's points on three lists: `a` gets $2 + 1 + 2 = 5$.

    >>> ax = score_contributions([["a", "b", "c"], ["b", "a", "c"], ["a", "c", "b"]], "borda")
    >>> [float(bars[0].get_width()) for bars in ax.containers]      # a's points, list by list
    [2.0, 1.0, 2.0]
    >>> ax.get_title()
    'borda: what each list adds to the score'
    """
    name = method_named(method)
    if name not in SUMS:
        raise InvalidValueError(
            f"score_contributions splits a score that is a sum of one value per list; "
            f"{method!r} is not one. Choose one of {', '.join(SUMS)}, or draw "
            f"rank_aggregation(lists, {method!r}) to see its order.")
    profile = make_profile(lists, weights)
    total = fuse(lists, name, weights, params)
    parts = np.zeros((profile.n_lists, profile.n_items))
    for l in range(profile.n_lists):
        alone = np.where(np.arange(profile.n_lists) == l, profile.weight, 0.0)
        alone_scores = fuse(lists, name, alone, params)
        parts[l] = [alone_scores[item] for item in profile.items]
    order = [profile.items.index(item) for item in total]
    totals = np.array([total[item] for item in total])
    if not np.allclose(parts[:, order].sum(axis=0), totals, rtol=1e-9, atol=1e-12):
        raise InvalidValueError(
            f"{name}'s parts list by list do not add up to its score with these parameters "
            f"({params}); draw rank_aggregation(lists, {name!r}) instead.")

    names = names_of_lists(profile, list_names)
    ax = new_axes(ax, height=1.4 + 0.4 * len(order))
    y = np.arange(len(order))[::-1]
    right, left = np.zeros(len(order)), np.zeros(len(order))
    for l in range(profile.n_lists):
        values, style = parts[l, order], list_style(l)
        start = np.where(values >= 0, right, left)
        bars = ax.barh(y, values, left=start, color=style["color"], hatch=style["hatch"],
                       edgecolor="black", linewidth=0.5, label=names[l].replace("\n", " "))
        for bar, ranked in zip(bars, profile.ranked[l, order]):
            if not ranked and bar.get_width() != 0:
                bar.set_alpha(0.45)
                bar.set_linestyle(":")
        right, left = right + np.maximum(values, 0), left + np.minimum(values, 0)
    for row, value, end in zip(y, totals, right):
        ax.annotate(f"{value:.4g}", (end, row), xytext=(4, 0), textcoords="offset points",
                    va="center")
    handles, labels = ax.get_legend_handles_labels()
    if any(bar.get_alpha() for bars in ax.containers for bar in bars):
        from matplotlib.patches import Patch

        handles.append(Patch(facecolor=REFERENCE, alpha=0.45, linestyle=":", edgecolor="black"))
        labels.append("pale: the share of a list\nthat does not rank the item")
    ax.set_yticks(y, [str(item) for item in total])
    ax.set_xlim(min(0, left.min()) * 1.1, max(right.max(), 0) * 1.2 or 1)
    ax.axvline(0, color="black", linewidth=0.8)
    ax.set_title(f"{name}: what each list adds to the score")
    ax.set_xlabel(f"{name} score, the sum of the lists' parts")
    ax.grid(True, axis="x", alpha=0.3)
    ax.legend(handles, labels, loc="upper center", bbox_to_anchor=(0.5, -0.2),
              ncols=2 if len(handles) > 3 else len(handles), fontsize="small", frameon=False)
    return ax


def learned_weights(lists, methods: Sequence[str] = ("prefrel", "agglomerative", "dibra"), *,
                    params: Mapping[str, Mapping] | None = None,
                    list_names: Sequence[str] | None = None, ax=None):
    r"""The list weights that several self-weighting methods learn on the same lists, side by side.

    Each method of ``methods`` runs on ``lists`` with ``return_weights=True``
    and its parameters from ``params`` (e.g. ``{"prefrel": {"alpha": 0.3}}``);
    its weights are drawn relative to its most trusted list, $w_\ell / \max_m w_m$,
    since the methods' scales differ (PrefRel's weights are at most 1,
    Agglomerative's count pairs, DIBRA's add about 1 a round).

    Parameters
    ----------
    lists : sequence of (sequence of item ids, or mapping item -> score)
        The ranked lists of one query, best first.
    methods : sequence of str, default ("prefrel", "agglomerative", "dibra")
        Self-weighting methods of `rankbook.aggregate.METHODS`.
    params : mapping of str to mapping, optional
        Each method's parameters.
    list_names : sequence of str, optional
        The lists' names on the x axis.
    ax : matplotlib Axes, optional
        Where to draw; a new figure when omitted.

    Returns
    -------
    matplotlib.axes.Axes
        The Axes drawn on; ``ax.containers`` holds one bar container per method.

    See Also
    --------
    voter_weights : one method's weights, on their own scale.

    Examples
    --------
    Two lists agree and the third reverses them: with $\alpha = 0.4$, PrefRel finds the
    third list on the minority side of all 3 pairs and gives it $1 - 3/3 = 0$.

    >>> lists = [["a", "b", "c"], ["a", "b", "c"], ["c", "b", "a"]]
    >>> ax = learned_weights(lists, ["prefrel"], params={"prefrel": {"alpha": 0.4}})
    >>> [float(bar.get_height()) for bar in ax.containers[0]]
    [1.0, 1.0, 0.0]
    """
    params = dict(params or {})
    names = [method_named(method) for method in methods]
    wrong = [name for name in names if METHODS[name].family != "self_weighting"]
    if not names or wrong:
        raise InvalidValueError(
            f"learned_weights draws the weights a self-weighting method learns; {wrong or 'no'} "
            "method given. Choose from prefrel, agglomerative, dibra.")
    unknown = set(params) - set(names)
    if unknown:
        raise InvalidValueError(
            f"params names {sorted(unknown)}, which are not in methods {names}; give each "
            "method's parameters under its name.")
    profile = make_profile(lists)
    labels = [label.replace("\n", " ") for label in names_of_lists(profile, list_names)]
    learned = {name: fuse(lists, name, None, {**params.get(name, {}), "return_weights": True})[1]
               for name in names}

    ax = new_axes(ax, height=HEIGHT + 0.4)
    width = 0.8 / len(names)
    x = np.arange(profile.n_lists)
    for j, (name, weight) in enumerate(learned.items()):
        relative = weight / weight.max() if weight.max() > 0 else weight
        style = list_style(j)
        bars = ax.bar(x - 0.4 + width * (j + 0.5), relative, width, color=style["color"],
                      hatch=style["hatch"], edgecolor="black", linewidth=0.5, label=name)
        ax.bar_label(bars, [f"{v:.2f}".rstrip("0").rstrip(".") for v in relative],
                     fontsize="small", padding=2)
    ax.set_xticks(x, labels)
    ax.set_ylim(min(0, ax.get_ylim()[0]), 1.12)
    ax.set_ylabel("weight / largest weight")
    ax.set_title("Learned voter weights,\nrelative to the most trusted list")
    ax.grid(True, axis="y", alpha=0.3)
    ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.1), fontsize="small",
              ncols=len(names), frameon=False)
    return ax
