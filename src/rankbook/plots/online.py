r"""Figures of the online-evaluation chapter: interleaved lists, outcomes, clicks, estimates.

| function | what it draws |
| --- | --- |
| `interleaved_list` | the rankers' lists and the shown list, each document coloured by its team |
| `win_tie_loss` | per interleaving method, the exact probability that A wins, ties, B wins |
| `expected_outcomes` | per method and simulated user, the exact expected outcome $E[o]$ |
| `click_probabilities_by_rank` | per click model, the probability of a click at each rank |
| `ips_running_estimates` | IPS, self-normalised IPS and the naive click count as the log grows |
"""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np

from rankbook import _validate
from rankbook._errors import InvalidTypeError
from rankbook.online import (
    Interleaving,
    click_probabilities,
    expected_outcome,
    ips_estimate,
    win_probabilities,
)
from rankbook.plots._style import PALETTE, REFERENCE, finish, new_axes, rank_columns, rank_ticks

__all__ = ["interleaved_list", "win_tie_loss", "expected_outcomes",
           "click_probabilities_by_rank", "ips_running_estimates"]

HATCHES = ("//", "..", "xx", "\\\\", "oo", "++")
METHOD_LABELS = {"balanced": "balanced", "team_draft": "team draft",
                 "probabilistic": "probabilistic", "optimized": "optimized"}


def _team_colour(team):
    return PALETTE[team % len(PALETTE)] if team is not None else "white"


def _cell(ax, x, rank, document, team, *, strong: bool):
    from matplotlib.patches import Rectangle

    colour = _team_colour(team)
    ax.add_patch(Rectangle(
        (x - 0.42, rank - 0.4), 0.84, 0.8, facecolor=colour, edgecolor="black", linewidth=0.6,
        alpha=1.0 if strong or team is None else 0.45,
        hatch=HATCHES[team % len(HATCHES)] if strong and team is not None else None))
    ax.text(x, rank, str(document), ha="center", va="center", fontsize="medium",
            bbox={"facecolor": "white", "edgecolor": "none", "pad": 1.5})


def interleaved_list(rankings, shown: Interleaving, *, labels=None, ax=None):
    r"""The rankers' lists beside the shown list, every document coloured by its team.

    One column per ranker (its list, rank 1 at the top) and a last column for the shown
    list. A shown document is filled with its team's colour and hatch; in a ranker's column,
    the documents that ranker put on the shown list are tinted with its colour. Without
    teams (balanced and optimized interleaving) the shown list is left white.

    Parameters
    ----------
    rankings : sequence of sequences of hashable
        The rankers' lists of document ids, rank 1 first.
    shown : Interleaving
        The shown list and its teams, from a `rankbook.online` interleaving function.
    labels : sequence of str, optional
        The rankers' names (default "A", "B", "C", ...).
    ax : matplotlib Axes, optional
        Where to draw; a new figure when omitted.

    Returns
    -------
    matplotlib.axes.Axes

    See Also
    --------
    rankbook.online.team_draft.team_draft_interleave : a shown list with its teams.

    Examples
    --------
    >>> import rankbook as rb
    >>> a, b = ["d1", "d2", "d3", "d4"], ["d2", "d3", "d4", "d1"]
    >>> shown = rb.online.team_draft_interleave(a, b, seed=3)
    >>> ax = interleaved_list([a, b], shown)
    >>> [t.get_text() for t in ax.texts][-4:]          # the shown column, rank 1 first
    ['d2', 'd1', 'd3', 'd4']
    >>> ax.get_title()
    'Documents per team: A 2, B 2'
    """
    if not isinstance(shown, Interleaving):
        raise InvalidTypeError(f"shown must be an Interleaving from rankbook.online, got "
                               f"{shown!r}.")
    lists = [list(r) for r in rankings]
    names = list(labels) if labels is not None else [chr(ord("A") + j) for j in range(len(lists))]
    team_of = dict(zip(shown.documents, shown.teams or [None] * len(shown.documents)))
    depth = max(len(shown.documents), *(len(r) for r in lists))
    ax = new_axes(ax, height=0.5 * depth + 1.3)
    for x, ranking in enumerate(lists):
        for rank, document in enumerate(ranking, start=1):
            _cell(ax, x, rank, document, x if team_of.get(document, -1) == x else None,
                  strong=False)
    for rank, document in enumerate(shown.documents, start=1):
        _cell(ax, len(lists), rank, document, team_of[document], strong=True)
    rank_columns(ax, [*names, "shown"], depth)
    if shown.teams is None:
        ax.set_title("Shown list (no teams)")
    else:
        counts = [f"{name} {sum(t == j for t in shown.teams)}" for j, name in enumerate(names)]
        ax.set_title("Documents per team: " + ", ".join(counts))
    return ax


def win_tie_loss(a, b, model, grades=None, *, methods=("balanced", "team_draft",
                                                       "probabilistic", "optimized"),
                 length=None, ax=None):
    r"""For each interleaving method, the exact probability that A wins, that they tie, that B wins.

    One horizontal bar per method, split into $P(\text{A wins})$, $P(\text{tie})$ and
    $P(\text{B wins})$ (`rankbook.online.win_probabilities`), with the expected outcome
    $E[o]$ (`rankbook.online.expected_outcome`) written at its end.

    Parameters
    ----------
    a, b : sequence of hashable
        The two rankers' lists, rank 1 first.
    model : ClickModel
        The simulated user.
    grades : mapping, optional
        Document id -> grade (missing: 0).
    methods : sequence of str
        The methods to compare, top to bottom.
    length : int, optional
        How many documents to show.
    ax : matplotlib Axes, optional
        Where to draw; a new figure when omitted.

    Returns
    -------
    matplotlib.axes.Axes

    Examples
    --------
    >>> from fractions import Fraction
    >>> import rankbook as rb
    >>> user = rb.online.pbm({0: Fraction(1, 2)}, [1, 1, 1])
    >>> ax = win_tie_loss(["a", "b", "c"], ["b", "c", "a"], user, methods=["balanced"])
    >>> [round(float(bar.get_width()), 3) for bar in ax.patches]     # A wins, tie, B wins
    [0.125, 0.5, 0.375]
    """
    _validate.shown_length(length)  # before drawing
    ax = new_axes(ax, height=0.55 * len(methods) + 1.4)
    for row, method in enumerate(methods):
        parts = [float(p) for p in win_probabilities(method, a, b, model, grades, length=length)]
        left = 0.0
        for part, colour, hatch, label in zip(parts, (PALETTE[0], REFERENCE, PALETTE[1]),
                                              ("//", None, ".."), ("A wins", "tie", "B wins")):
            ax.barh(row, part, left=left, color=colour, edgecolor="black", linewidth=0.5,
                    hatch=hatch, label=label if row == 0 else "_")
            left += part
        mean = float(expected_outcome(method, a, b, model, grades, length=length))
        ax.text(1.02, row, f"E[o] = {mean:+.3f}", va="center", fontsize="small")
    ax.set_yticks(range(len(methods)), [METHOD_LABELS.get(m, m) for m in methods])
    ax.set_ylim(len(methods) + 0.2, -0.5)          # a free row at the bottom for the legend
    ax.set_xlim(0, 1.35)
    ax.set_xticks([0, 0.25, 0.5, 0.75, 1])
    finish(ax, title="Who wins, exactly", xlabel="probability", ylabel="", legend=None,
           grid="x")
    ax.legend(loc="lower left", fontsize="small", ncols=3)
    return ax


def expected_outcomes(a, b, users: Mapping, grades=None, *, methods=("balanced", "team_draft",
                                                                   "probabilistic",
                                                                   "optimized"),
                      length=None, ax=None):
    r"""For each method and simulated user, the exact expected outcome $E[o]$ (positive: A).

    Horizontal bars grouped by method, one bar per user (`rankbook.online.expected_outcome`).
    A method is unbiased when a user whose clicks ignore the documents gets $E[o] = 0$, and
    has fidelity when a user who clicks the relevant documents favours the ranker that
    ranks them higher.

    Parameters
    ----------
    a, b : sequence of hashable
        The two rankers' lists, rank 1 first.
    users : mapping
        Name -> ClickModel.
    grades : mapping, optional
        Document id -> grade (missing: 0).
    methods : sequence of str
        The methods, top to bottom.
    length : int, optional
        How many documents to show.
    ax : matplotlib Axes, optional
        Where to draw; a new figure when omitted.

    Returns
    -------
    matplotlib.axes.Axes

    Examples
    --------
    >>> from fractions import Fraction
    >>> import rankbook as rb
    >>> users = {"random": rb.online.pbm({0: Fraction(1, 2)}, [1, 1, 1])}
    >>> ax = expected_outcomes(["a", "b", "c"], ["b", "c", "a"], users,
    ...                        methods=["balanced", "team_draft"])
    >>> [round(float(bar.get_width()), 3) for bar in ax.patches]
    [-0.25, 0.0]
    """
    _validate.shown_length(length)  # before drawing
    ax = new_axes(ax, height=0.5 * len(methods) * max(1, len(users)) * 0.6 + 1.4)
    height = 0.8 / max(1, len(users))
    for u, (name, model) in enumerate(users.items()):
        values = [float(expected_outcome(m, a, b, model, grades, length=length))
                  for m in methods]
        offsets = np.arange(len(methods)) - 0.4 + height * (u + 0.5)
        ax.barh(offsets, values, height=height, color=PALETTE[u % len(PALETTE)],
                edgecolor="black", linewidth=0.5, hatch=HATCHES[u % len(HATCHES)], label=name)
        for y, value in zip(offsets, values):        # the value, also where the bar is 0
            ax.text(value + (0.03 if value >= 0 else -0.03), y, f"{value:+.2f}",
                    ha="left" if value >= 0 else "right", va="center", fontsize="small")
    ax.axvline(0, color="black", linewidth=0.8)
    ax.set_yticks(range(len(methods)), [METHOD_LABELS.get(m, m) for m in methods])
    ax.set_ylim(len(methods) - 0.5, -0.5)
    ax.set_xlim(-1.4, 1.4)
    finish(ax, title="Expected outcome (< 0: B wins)", xlabel="E[o]", ylabel="", legend=None,
           grid="x")
    ax.legend(loc="lower right", fontsize="small")
    return ax


def click_probabilities_by_rank(grades, models: Mapping, *, ax=None):
    r"""For each click model, the probability of a click at every rank of one list.

    Lines with markers, one per model (`rankbook.online.click_probabilities`); the grades
    are written under the rank numbers.

    Parameters
    ----------
    grades : sequence of int
        The grades of the ranked list, rank 1 first.
    models : mapping
        Name -> ClickModel.
    ax : matplotlib Axes, optional
        Where to draw; a new figure when omitted.

    Returns
    -------
    matplotlib.axes.Axes

    Examples
    --------
    >>> import rankbook as rb
    >>> ax = click_probabilities_by_rank([1, 0, 1], {"cascade": rb.online.cascade([0.5, 1])})
    >>> [float(y) for y in ax.lines[0].get_ydata()]
    [1.0, 0.0, 0.0]
    """
    ax = new_axes(ax)
    values = list(grades)
    ranks = np.arange(1, len(values) + 1)
    markers = ("o", "s", "^", "D", "v", "P")
    styles = ("-", "--", "-.", ":", "-", "--")
    for m, (name, model) in enumerate(models.items()):
        p = [float(x) for x in click_probabilities(model, values)]
        ax.plot(ranks, p, marker=markers[m % 6], linestyle=styles[m % 6],
                color=PALETTE[m % len(PALETTE)], label=name)
    rank_ticks(ax, len(values))
    ax.set_xticklabels([f"{r}\n({g})" for r, g in zip(ranks, values)])
    ax.set_ylim(-0.03, 1.03)
    return finish(ax, title="Click probability at each rank", xlabel="rank (grade)",
                  ylabel="P(click)", legend="upper right")


def ips_running_estimates(logged, clicks, propensities, new, *, truth=None, utility="dcg",
                          ax=None):
    r"""IPS, self-normalised IPS and the naive estimate, as more and more logged queries come in.

    The running mean of `rankbook.online.ips_estimate`'s per-query terms, the running
    ratio of `rankbook.online.snips_estimate` (numerator and denominator summed so far) and
    the running mean of the naive estimate (every propensity 1: clicks taken at face value);
    a dotted line marks ``truth`` when given. The number of queries is on a log scale.

    Parameters
    ----------
    logged, clicks, propensities, new, utility
        As for `rankbook.online.ips_estimate`.
    truth : float, optional
        The true utility, drawn as a reference line.
    ax : matplotlib Axes, optional
        Where to draw; a new figure when omitted.

    Returns
    -------
    matplotlib.axes.Axes

    Examples
    --------
    >>> ax = ips_running_estimates([["d1", "d2"]] * 2, [[0, 1], [1, 0]], [1, 0.5],
    ...                            [["d2", "d1"]] * 2, utility="rank")
    >>> [float(y) for y in ax.lines[0].get_ydata()]   # IPS: 2 * 1, then (2 + 2) / 2
    [2.0, 2.0]
    """
    def running(terms):
        return np.cumsum(np.array(terms, dtype=float))

    ips = running(ips_estimate(logged, clicks, propensities, new, utility=utility,
                               per_query=True))
    weights = running(ips_estimate(logged, clicks, propensities, new, utility=lambda r: 1,
                                   per_query=True))
    naive = running(ips_estimate(logged, clicks, [1] * len(propensities), new, utility=utility,
                                 per_query=True))
    n = np.arange(1, len(ips) + 1)
    ax = new_axes(ax)
    ax.plot(n, ips / n, color=PALETTE[0], label="IPS")
    with np.errstate(invalid="ignore", divide="ignore"):
        ax.plot(n, np.where(weights > 0, ips / weights, np.nan), color=PALETTE[1],
                linestyle="--", label="SNIPS")
    ax.plot(n, naive / n, color=PALETTE[3], linestyle="-.", label="naive")
    if truth is not None:
        ax.axhline(float(truth), color=REFERENCE, linestyle=":", label=f"truth {truth:.3f}")
    ax.set_xscale("log")                # the first queries swing widely; the rest settle
    return finish(ax, title="Estimates as the log grows", xlabel="logged queries",
                  ylabel="estimated utility", legend="upper right")
