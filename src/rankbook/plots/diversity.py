r"""Figures of the diversity chapter: which subtopics each rank covers, and what the measures make of it.

| function | what it draws |
| --- | --- |
| `subtopic_coverage` | the rank x subtopic grid: each relevant cell with its novelty gain $(1-\alpha)^{c}$, which falls with every repeat $c$ of its subtopic; beside it, each rank's gain $g_i$ |
| `diversity_at_cutoffs` | ERR-IA@k or alpha-DCG@k over ndeval's "ideal ideal", over its greedy ideal list and over the exact best list, for k = 1 to 20 |
| `nrbp_contributions` | what each rank adds to NRBP, beside what the ideal ideal list's rank adds |
| `intent_aware_per_subtopic` | each subtopic's AP, P@k and coverage in the top k, whose means are MAP-IA, P-IA@k and subtopic recall |

Every function takes the diversity measures' two matrices (one column per subtopic, as
:func:`rankbook.io.subtopic_matrix` builds them): ``ranked``, the retrieved documents in rank
order, and ``judged``, every judged document of the topic. Every value is read off rankbook's
measures: a cell's novelty gain is what its rank adds to the NRBP (with $\beta = 1$) of its
subtopic's column, over $\alpha$; a rank's gain $g_i$ the same over all columns, times $m$.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from rankbook import _validate
from rankbook._errors import InvalidValueError
from rankbook.metrics.diversity import (
    alpha_dcg_at_k,
    alpha_ndcg_at_k,
    intent_aware_err_at_k,
    intent_aware_nerr_at_k,
)
from rankbook.metrics.intent_aware import (
    intent_aware_average_precision,
    intent_aware_precision_at_k,
    novelty_rank_biased_precision,
    subtopic_recall_at_k,
)
from rankbook.plots._style import (
    MARKERS,
    PALETTE,
    REFERENCE,
    RELEVANT,
    WIDTH,
    added_at_each_rank,
    finish,
    new_axes,
    rank_ticks,
)

__all__ = ["subtopic_coverage", "diversity_at_cutoffs", "nrbp_contributions",
           "intent_aware_per_subtopic"]

#: ndeval's deepest cut-off, the x axis of `diversity_at_cutoffs`.
DEPTH = 20
#: The measures `diversity_at_cutoffs` draws: (plain, normalised) functions and names.
AT_CUTOFFS = {"ERR-IA": (intent_aware_err_at_k, intent_aware_nerr_at_k, "nERR-IA"),
              "alpha-DCG": (alpha_dcg_at_k, alpha_ndcg_at_k, "alpha-nDCG")}


def _matrices(ranked, judged) -> tuple[np.ndarray, np.ndarray]:
    """``ranked`` and ``judged`` as float matrices with the same columns (checked by the measures)."""
    judged = np.asarray(judged, dtype=np.float64)
    ranked = np.asarray(ranked, dtype=np.float64)
    if ranked.size == 0:
        ranked = ranked.reshape(0, judged.shape[1] if judged.ndim == 2 else 0)
    novelty_rank_biased_precision(ranked, judged)  # the measures' own checks of both matrices
    return ranked, judged


def _labels(given: Sequence[str] | None, count: int, what: str, default) -> list[str]:
    if given is None:
        return [default(i) for i in range(count)]
    given = [str(label) for label in given]
    if len(given) != count:
        raise InvalidValueError(f"{what} has {len(given)} labels for {count} {what}; give one each.")
    return given


def _novelty_gains(ranked, judged, alpha: float) -> list[float]:
    r"""Each rank's $g_i$: $m/\alpha$ times what it adds to NRBP with $\beta = 1$ (m = columns)."""
    m = judged.shape[1]
    running = [novelty_rank_biased_precision(ranked[:i], judged, alpha=alpha, beta=1.0)
               for i in range(1, len(ranked) + 1)]
    return [added * m / alpha for added in added_at_each_rank(running)]


def subtopic_coverage(ranked, judged, *, alpha: float = 0.5,
                      subtopics: Sequence[str] | None = None,
                      documents: Sequence[str] | None = None, relevance_level: float = 1):
    r"""The rank x subtopic grid of a ranked list, each relevant cell with its novelty gain.

    Row $i$ is rank $i$, column $s$ a subtopic. A cell where the document is relevant to
    the subtopic is green, as opaque as its novelty gain $(1-\alpha)^{C_{s,i-1}}$ (1 for
    the first document of the subtopic, $1-\alpha$ for the second, ...), written in it.
    The bars beside the grid are each rank's gain $g_i$, the sum of its row: what
    alpha-nDCG, ERR-IA and NRBP discount and add up.

    Parameters
    ----------
    ranked, judged : array_like of float, shape (documents, subtopics)
        As in :func:`rankbook.metrics.diversity.alpha_ndcg_at_k`. A subtopic with no
        relevant judged document is not drawn (the measures ignore it).
    alpha : float, default 0.5
        The redundancy penalty, in $(0, 1]$ (with $\alpha = 0$ nothing decays).
    subtopics, documents : sequence of str, optional
        The columns' and the rows' names (default ``s1, s2, ...`` and ``d1, d2, ...``).
    relevance_level : float, default 1
        The lowest grade that makes a cell relevant.

    Returns
    -------
    list of matplotlib.axes.Axes
        The grid's Axes (``texts``: the gains of the relevant cells, subtopic by subtopic), then the
        gains' (``containers[0]``: one horizontal bar per rank).

    Examples
    --------
    pyndeval's README: A covers a, D and B cover b, E nothing; B repeats b, so its gain
    is $1 - \alpha = 0.5$:

    >>> grid, gains = subtopic_coverage([[1, 0, 0], [0, 1, 0], [0, 0, 0], [0, 1, 0]],
    ...                                 [[0, 1, 0], [0, 0, 1], [0, 1, 0], [1, 0, 0]],
    ...                                 subtopics="abc", documents="ADEB")
    >>> [text.get_text() for text in grid.texts]
    ['1', '1', '0.5']
    >>> [round(float(bar.get_width()), 4) for bar in gains.containers[0]]
    [1.0, 1.0, 0.0, 0.5]
    """
    alpha = _validate.probability(alpha, "alpha", meaning="the redundancy penalty")
    if alpha == 0:
        raise InvalidValueError("alpha must be in (0, 1] for this figure, got 0: with alpha = 0 "
                                "a repeat keeps its whole worth, and nothing decays to draw.")
    ranked, judged = _matrices(ranked, judged)
    names = _labels(subtopics, judged.shape[1], "subtopics", lambda s: f"s{s + 1}")
    docs = _labels(documents, len(ranked), "documents", lambda i: f"d{i + 1}")
    actual = [s for s in range(judged.shape[1]) if (judged[:, s] >= relevance_level).any()]
    n = len(ranked)
    grid_ax, gain_ax = new_axes(size=(WIDTH, 1.3 + 0.42 * max(n, 1)), ncols=2, sharey=True,
                                width_ratios=[max(len(actual), 1), 1.6])
    for column, s in enumerate(actual):
        cells = _novelty_gains(ranked[:, [s]], judged[:, [s]], alpha)
        for i, gain in enumerate(cells):
            if ranked[i, s] >= relevance_level:
                grid_ax.add_patch(_cell(column, i + 1, RELEVANT, max(gain, 0.08)))
                grid_ax.text(column, i + 1, f"{gain:.4g}", ha="center", va="center")
            else:
                grid_ax.add_patch(_cell(column, i + 1, "none", 1.0, edge=REFERENCE))
    grid_ax.set_xlim(-0.5, len(actual) - 0.5)
    grid_ax.set_ylim(n + 0.5, 0.5)
    grid_ax.set_xticks(range(len(actual)), [names[s] for s in actual])
    grid_ax.set_yticks(range(1, n + 1), [f"{i} {doc}" for i, doc in enumerate(docs, 1)])
    grid_ax.set_xlabel("subtopic")
    grid_ax.set_ylabel("rank, document")
    grid_ax.set_title(f"Novelty gain (1 - alpha)^c, alpha = {alpha:g}", fontsize="medium")
    m_gains = _novelty_gains(ranked[:, actual], judged[:, actual], alpha)
    gain_ax.barh(range(1, n + 1), m_gains, height=0.6, color=PALETTE[1])
    gain_ax.set_xlim(0, max([*m_gains, 1.0]) * 1.15)
    gain_ax.set_title("g_i", fontsize="medium")
    gain_ax.set_xlabel("gain")
    gain_ax.grid(True, axis="x", alpha=0.3)
    return [grid_ax, gain_ax]


def _cell(x: float, y: float, colour: str, opacity: float, *, edge: str | None = None):
    from matplotlib.patches import Rectangle

    return Rectangle((x - 0.45, y - 0.42), 0.9, 0.84, facecolor=colour, alpha=opacity,
                     edgecolor=edge or colour, linewidth=0.8, linestyle=":" if edge else "-")


def diversity_at_cutoffs(ranked, judged, *, measure: str = "ERR-IA", alpha: float = 0.5,
                         exact: bool = True, ax=None):
    r"""ERR-IA@k (or alpha-DCG@k) for k = 1 to 20 under each normaliser ndeval's names mean.

    Three lines: the plain measure as ndeval prints it, over the *ideal ideal* (every
    document relevant to every subtopic), which keeps growing with $k$ so the value can
    fall once the run stops adding; the "n" measure over ndeval's greedy ideal list; and
    (``exact=True``) over the exact best list. At $k = 1$ ndeval does not divide the
    plain measure (its value is the first document's gain $g_1$): the point is drawn
    hollow. The plain measure's values at ndeval's cut-offs 5 and 10 are written by them.

    Parameters
    ----------
    ranked, judged : array_like of float, shape (documents, subtopics)
        As in :func:`rankbook.metrics.diversity.intent_aware_err_at_k`.
    measure : {"ERR-IA", "alpha-DCG"}, default "ERR-IA"
        Which discount: $1/i$ or $1/\log_2(i+1)$.
    alpha : float, default 0.5
        The redundancy penalty.
    exact : bool, default True
        Draw the exact ideal too (at most 10 relevant judged documents).
    ax : matplotlib.axes.Axes, optional

    Returns
    -------
    matplotlib.axes.Axes
        ``lines``: the plain measure from k = 2, its k = 1 point, the greedy, then the exact;
        ``texts``: the values at k = 5 and 10, then the label of k = 1.

    Examples
    --------
    pyndeval's README: ERR-IA@5 0.3933 and @10 0.3907 (cut to four decimals by the
    README); nERR-IA@k 0.8297 from k = 4 on:

    >>> ax = diversity_at_cutoffs([[1, 0, 0], [0, 1, 0], [0, 0, 0], [0, 1, 0]],
    ...                           [[0, 1, 0], [0, 0, 1], [0, 1, 0], [1, 0, 0]])
    >>> plain = ax.get_lines()[0].get_ydata()
    >>> [round(float(plain[k - 2]), 6) for k in (5, 10)]
    [0.393343, 0.390776]
    >>> round(float(ax.get_lines()[2].get_ydata()[9]), 6)
    0.829787
    """
    if measure not in AT_CUTOFFS:
        raise InvalidValueError(f"measure must be one of {', '.join(AT_CUTOFFS)}, "
                                f"got {measure!r}.")
    plain, normalised, n_name = AT_CUTOFFS[measure]
    ranked, judged = _matrices(ranked, judged)
    ks = np.arange(1, DEPTH + 1)
    ax = new_axes(ax)
    values = [plain(ranked, judged, int(k), alpha=alpha) for k in ks]
    ax.plot(ks[1:], values[1:], marker=MARKERS[0], color=PALETTE[0], markersize=4,
            label=f"{measure}@k (ideal ideal)")
    ax.plot(ks[:1], values[:1], marker=MARKERS[0], color=PALETTE[0], markerfacecolor="none",
            linestyle="none", label="_k = 1: g_1, not divided")
    ax.plot(ks, [normalised(ranked, judged, int(k), alpha=alpha) for k in ks],
            marker=MARKERS[1], color=PALETTE[1], markersize=4, linestyle="--",
            label=f"{n_name}@k (greedy ideal)")
    if exact:
        ax.plot(ks, [normalised(ranked, judged, int(k), alpha=alpha, ideal="exact") for k in ks],
                marker=MARKERS[2], color=PALETTE[2], markersize=3, linestyle=":",
                label=f"{n_name}@k (exact ideal)")
    for k in (5, 10):  # ndeval's printed cut-offs: the plain measure can fall between them
        ax.annotate(f"@{k}: {values[k - 1]:.4f}", (k, values[k - 1]), textcoords="offset points",
                    xytext=(0, -14), ha="center", fontsize="small")
    ax.annotate("k = 1: g_1, not divided", (1, values[0]), textcoords="offset points",
                xytext=(0, 7), fontsize="small")
    rank_ticks(ax, DEPTH, most=10)
    ax.set_ylim(0, max([*values, 1.0]) * 1.2)
    return finish(ax, title=f"{measure}@k and {n_name}@k, alpha = {alpha:g}", xlabel="cut-off k",
                  ylabel="value", legend="center right")


def nrbp_contributions(ranked, judged, *, alpha: float = 0.5, beta: float = 0.5, ax=None):
    r"""What each rank adds to NRBP, beside what the same rank of the ideal ideal list adds.

    The bars add up to NRBP. The outlined bars are ranks of the *ideal ideal* list
    (every document relevant to all $m$ subtopics), whose parts
    $(1 - (1-\alpha)\beta)\,((1-\alpha)\beta)^{i-1}$ add up to 1: NRBP is the run's sum
    over theirs.

    Parameters
    ----------
    ranked, judged : array_like of float, shape (documents, subtopics)
        As in :func:`rankbook.metrics.intent_aware.novelty_rank_biased_precision`.
    alpha, beta : float, default 0.5
        The redundancy penalty and the user's patience.
    ax : matplotlib.axes.Axes, optional

    Returns
    -------
    matplotlib.axes.Axes
        ``containers``: the ideal ideal's parts, then the run's.

    Examples
    --------
    pyndeval's README: gains 1, 1, 0, 0.5, so parts $\frac14 \cdot (1, \frac12, 0,
    \frac1{16})$ and NRBP $= \frac{25}{64}$:

    >>> ax = nrbp_contributions([[1, 0, 0], [0, 1, 0], [0, 0, 0], [0, 1, 0]],
    ...                         [[0, 1, 0], [0, 0, 1], [0, 1, 0], [1, 0, 0]])
    >>> [float(bar.get_height()) for bar in ax.containers[1]]
    [0.25, 0.125, 0.0, 0.015625]
    >>> ax.get_title()
    'NRBP = 0.3906 (alpha = 0.5, beta = 0.5)'
    """
    ranked, judged = _matrices(ranked, judged)
    n = len(ranked)
    every = np.ones((max(n, 1), judged.shape[1]))  # the ideal ideal: relevant to every subtopic
    run = [novelty_rank_biased_precision(ranked[:i], judged, alpha=alpha, beta=beta)
           for i in range(1, n + 1)]
    ideal = [novelty_rank_biased_precision(every[:i], judged, alpha=alpha, beta=beta)
             for i in range(1, n + 1)]
    ranks = np.arange(1, n + 1)
    ax = new_axes(ax)
    ax.bar(ranks, added_at_each_rank(ideal), width=0.7, facecolor="none", edgecolor=REFERENCE,
           linestyle="--", label="ideal ideal list")
    ax.bar(ranks, added_at_each_rank(run), width=0.5, color=PALETTE[2], label="the run")
    rank_ticks(ax, max(n, 1))
    value = run[-1] if run else 0.0
    return finish(ax, title=f"NRBP = {value:.4f} (alpha = {alpha:g}, beta = {beta:g})",
                  xlabel="rank i", ylabel="added to NRBP", legend="upper right", grid="y")


def intent_aware_per_subtopic(ranked, judged, k: int = 5, *,
                              subtopics: Sequence[str] | None = None,
                              relevance_level: float = 1, ax=None):
    r"""Each subtopic's AP, P@k and coverage of the top k: the terms MAP-IA, P-IA@k and S-recall average.

    One group of three bars per subtopic (those with a relevant judged document): the
    subtopic's AP and P@k as if it were the only intent, and 1 when a document in the
    top $k$ is relevant to it. The dashed lines are their means over the subtopics:
    MAP-IA, P-IA@k and subtopic recall (strec@k), read off rankbook's functions.

    Parameters
    ----------
    ranked, judged : array_like of float, shape (documents, subtopics)
        As in :func:`rankbook.metrics.intent_aware.intent_aware_average_precision`.
    k : int, default 5
        The cut-off of P@k and of the coverage.
    subtopics : sequence of str, optional
        The columns' names (default ``s1, s2, ...``).
    relevance_level : float, default 1
    ax : matplotlib.axes.Axes, optional

    Returns
    -------
    matplotlib.axes.Axes
        ``containers``: the APs, the P@k, the coverages; ``lines``: the three means.

    Examples
    --------
    pyndeval's README: a's AP is 1, b's 1/2, c's 0 (MAP-IA 0.5); P@5 1/5, 2/5, 0 (P-IA@5
    0.2); a and b covered (strec@5 2/3):

    >>> ax = intent_aware_per_subtopic([[1, 0, 0], [0, 1, 0], [0, 0, 0], [0, 1, 0]],
    ...                                [[0, 1, 0], [0, 0, 1], [0, 1, 0], [1, 0, 0]])
    >>> [[round(float(bar.get_height()), 4) for bar in bars] for bars in ax.containers]
    [[1.0, 0.5, 0.0], [0.2, 0.4, 0.0], [1.0, 1.0, 0.0]]
    >>> [round(float(line.get_ydata()[0]), 4) for line in ax.get_lines()]
    [0.5, 0.2, 0.6667]
    """
    ranked, judged = _matrices(ranked, judged)
    names = _labels(subtopics, judged.shape[1], "subtopics", lambda s: f"s{s + 1}")
    actual = [s for s in range(judged.shape[1]) if (judged[:, s] >= relevance_level).any()]
    options = {"relevance_level": relevance_level}
    series = [
        ("AP", intent_aware_average_precision(ranked, judged, **options), "MAP-IA",
         lambda r, j: intent_aware_average_precision(r, j, **options)),
        (f"P@{k}", intent_aware_precision_at_k(ranked, judged, k, **options), f"P-IA@{k}",
         lambda r, j: intent_aware_precision_at_k(r, j, k, **options)),
        (f"covered in top {k}", subtopic_recall_at_k(ranked, judged, k, **options),
         f"strec@{k}", lambda r, j: subtopic_recall_at_k(r, j, k, **options)),
    ]
    ax = new_axes(ax, height=3.4)
    x = np.arange(len(actual))
    width = 0.26
    for n, (label, mean, mean_name, per_subtopic) in enumerate(series):
        heights = [per_subtopic(ranked[:, [s]], judged[:, [s]]) for s in actual]
        ax.bar(x + (n - 1) * width, heights, width=width, color=PALETTE[n],
               hatch=("", "//", "..")[n], edgecolor="white", label=label)
    for n, (label, mean, mean_name, _) in enumerate(series):
        ax.axhline(mean, color=PALETTE[n], linestyle=("--", "-.", ":")[n], linewidth=1.4,
                   label=f"{mean_name} = {mean:.4f}")
    ax.set_xticks(x, [names[s] for s in actual])
    ax.set_ylim(0, 1.45)
    finish(ax, title="Each subtopic's terms and their means", xlabel="subtopic",
           ylabel="value", legend=None, grid="y")
    ax.legend(loc="upper right", fontsize="small", ncols=2)
    return ax
