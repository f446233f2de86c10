r"""Figures of the tools' graded measures: gdeval's nDCG, ir_measures' Compat, NTCIREVAL's Q.

Written here, shown and exported by `rankbook.plots.graded` (its module table lists them).

| function | what it draws |
| --- | --- |
| `gdeval_ndcg_curves` | gdeval's nDCG@k (gain $2^g - 1$) and trec_eval's (gain $g$) against k |
| `compat_persistence` | Compat(p) = RBO(run, ideal) / RBO(ideal, ideal) as the persistence p grows |
| `blended_ratio_at_ranks` | NTCIREVAL's blended ratio BR(r), precision and cg(r)/cg*(r) at each rank |
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from rankbook import _validate
from rankbook.metrics.ntcir_topics import ntcir_topic
from rankbook.metrics.dcg import ndcg_at_k
from rankbook.metrics.gdeval import gdeval_ndcg_at_k
from rankbook.metrics.ir_measures_own import compatibility
from rankbook.metrics.ntcir import q_measure
from rankbook.plots._strip import axes_over_lists, finish_list
from rankbook.plots._style import (
    MARKERS,
    PALETTE,
    REFERENCE,
    finish,
    new_axes,
    rank_ticks,
)

__all__ = ["gdeval_ndcg_curves", "compat_persistence", "blended_ratio_at_ranks"]


def gdeval_ndcg_curves(relevance: Sequence[float | None], ideal: Sequence[float],
                       k: int | None = None, *, ax=None):
    r"""Plot gdeval's nDCG@k (gain $2^g - 1$) and trec_eval's (gain $g$) at every cut-off k.

    Both divide by the ideal ordering of the topic's judgments and discount by
    $\log_2(i + 1)$; only the gain differs, and with it the number printed
    under the same name. Each point is `gdeval_ndcg_at_k` or `ndcg_at_k`.

    Parameters
    ----------
    relevance : sequence of float or None, shape (n,)
        Grades of the ranked list, rank 1 first.
    ideal : sequence of float
        Every judged grade of the topic, retrieved or not.
    k : int, optional
        The last cut-off drawn; default the length of the list.
    ax : matplotlib Axes, optional
        Where to draw; a new figure (with the grades as tiles below) when omitted.

    Returns
    -------
    matplotlib.axes.Axes
        Two lines: gdeval's, then trec_eval's.

    Examples
    --------
    ir_measures' gdeval test, topic 0 (gdeval.pl prints 0.62010):

    >>> ax = gdeval_ndcg_curves([0, 1, 2, 1, 0], [0, 1, 1, 2, 0])
    >>> [round(float(y), 5) for y in ax.get_lines()[0].get_ydata()]
    [0.0, 0.17377, 0.51585, 0.6201, 0.6201]
    >>> [line.get_label() for line in ax.get_lines()]
    ['gdeval, gain 2^g - 1 (@5: 0.6201)', 'trec_eval, gain g (@5: 0.6585)']
    """
    grades, _ = _validate.judged_grades(relevance)
    last = _validate.cutoff(len(grades) if k is None else k)
    cutoffs = np.arange(1, last + 1)
    curves = {"gdeval, gain 2^g - 1": [gdeval_ndcg_at_k(relevance, int(c), ideal=ideal)
                                       for c in cutoffs],
              "trec_eval, gain g": [ndcg_at_k(relevance, int(c), ideal=ideal) for c in cutoffs]}
    (ax,) = axes_over_lists(ax, [list(relevance)[:last]])
    for (label, values), colour, marker in zip(curves.items(), PALETTE, MARKERS):
        ax.plot(cutoffs, values, marker=marker, color=colour,
                label=f"{label} (@{last}: {values[-1]:.4f})")
    rank_ticks(ax, last, most=10)
    ax.set_ylim(0, 1.05)
    return finish_list(ax, title="nDCG@k: one name, two gains", xlabel="cut-off k",
                       ylabel="nDCG@k", legend="upper left")


def compat_persistence(relevance: Sequence[float | None], ideal: Sequence[float],
                       persistences: Sequence[float] | None = None, *, ax=None):
    r"""Plot Compat against the persistence $p$, with the two RBOs whose ratio it is.

    Compat $= \mathrm{RBO}(\text{run}, I) / \mathrm{RBO}(I, I)$, each read off
    `compatibility`: RBO(run, I) with ``normalize=False``, and RBO(I, I), over
    the same depth $D$, as the one divided by the other. A larger $p$ compares the
    two lists deeper, so a run that misses the top of the ideal ranking but
    finds its documents later scores higher.

    Parameters
    ----------
    relevance : sequence of float or None, shape (n,)
        Grades of the ranked list, rank 1 first.
    ideal : sequence of float
        Every judged grade of the topic, retrieved or not.
    persistences : sequence of float, optional
        The values of $p$ in $[0, 1)$; default 0.5 to 0.99 in steps of 0.01.
    ax : matplotlib Axes, optional
        Where to draw; a new figure when omitted.

    Returns
    -------
    matplotlib.axes.Axes
        Three lines: Compat, RBO(run, I), RBO(I, I).

    Examples
    --------
    The Compat page's example: grades 0, 2, 1 against the ideal (2, 1), so
    Compat $= \frac{5/21}{20/21} = 0.25$ at $p = \frac12$:

    >>> ax = compat_persistence([0, 2, 1], [2, 1, 0], [0.5, 0.9])
    >>> [round(float(y), 4) for y in ax.get_lines()[0].get_ydata()]
    [0.25, 0.4057]
    >>> [round(float(y), 4) for y in ax.get_lines()[2].get_ydata()]
    [0.9524, 0.9004]
    """
    ps = np.round(np.arange(0.5, 0.995, 0.01), 2) if persistences is None else \
        np.asarray(persistences, dtype=float)
    compat = np.array([compatibility(relevance, ideal, p) for p in ps])
    overlap = np.array([compatibility(relevance, ideal, p, normalize=False) for p in ps])
    # RBO(I, I) over the run's depth D: the denominator Compat divided by (undefined at 0)
    ideal_overlap = np.divide(overlap, compat, out=np.full(len(ps), np.nan), where=compat > 0)
    curves = {"Compat = RBO(run, I) / RBO(I, I)": compat, "RBO(run, I)": overlap,
              "RBO(I, I)": ideal_overlap}
    ax = new_axes(ax)
    styles = [{"color": PALETTE[0], "linewidth": 2}, {"color": PALETTE[1], "linestyle": "--"},
              {"color": REFERENCE, "linestyle": ":"}]
    for (label, values), style in zip(curves.items(), styles):
        ax.plot(ps, values, label=label, **style)
    ax.set_ylim(0, 1.05)
    ax.set_xlim(ps.min(), ps.max())
    return finish(ax, title=f"Compat {compat[0]:.4f} at p = {ps[0]:g}, {compat[-1]:.4f} at p = "
                  f"{ps[-1]:g}", xlabel="persistence p", ylabel="value",
                  legend="lower right")


def blended_ratio_at_ranks(relevance: Sequence[float | None], ideal: Sequence[float], *,
                           gains: Sequence[float] | None = None, beta: float = 1.0, ax=None):
    r"""Plot NTCIREVAL's blended ratio BR(r) with precision and cg(r)/cg*(r) at each rank r.

    $\mathrm{BR}(r) = (C(r) + \beta\,\mathrm{cg}(r)) / (r + \beta\,\mathrm{cg}^*(r))$
    lies between precision $C(r)/r$ (its value at $\beta = 0$) and the
    cumulative-gain ratio $\mathrm{cg}(r)/\mathrm{cg}^*(r)$ (its limit as $\beta$
    grows). Q-measure is the sum of BR at the relevant ranks (the big markers)
    divided by R, the relevant documents judged: `q_measure`, in the title.

    Parameters
    ----------
    relevance : sequence of float or None, shape (n,)
        The level of each ranked document; None for unjudged.
    ideal : sequence of float
        Every judged level of the topic.
    gains, beta
        As in `rankbook.metrics.ntcir.q_measure`.
    ax : matplotlib Axes, optional
        Where to draw; a new figure (with the levels as tiles below) when omitted.

    Returns
    -------
    matplotlib.axes.Axes
        Lines: BR, P, cg/cg*, then BR at the relevant ranks.

    Examples
    --------
    NTCIREVAL's sample (gains 1:2:3): BR(2) = 4/8, BR(4) = 7/15, Q = 0.0967.

    >>> ax = blended_ratio_at_ranks([0, 3, None, 2], [3, 3, 3, 2, 2, 2, 1, 1, 1, 1, 0],
    ...                             gains=(1, 2, 3))
    >>> [round(float(y), 4) for y in ax.get_lines()[0].get_ydata()]
    [0.0, 0.5, 0.3333, 0.4667]
    >>> ax.get_title()
    'Q-measure = (0.5000 + 0.4667) / 10 = 0.0967'
    """
    topic = ntcir_topic(relevance, ideal, gains)
    beta = _validate.number(beta, "beta", low=0.0)
    ranks = np.arange(1, len(topic.levels) + 1)
    ideal_gain = topic.ideal_cumulative_gain(len(ranks))
    gain_ratio = np.divide(np.cumsum(topic.gains), ideal_gain, out=np.zeros(len(ranks)),
                           where=ideal_gain > 0)
    curves = {f"BR(r), beta = {beta:g}": topic.blended_ratio(beta),
              "precision C(r) / r (beta = 0)": topic.blended_ratio(0.0),
              "cg(r) / cg*(r)": gain_ratio}
    relevant = ranks[topic.levels > 0]
    ratio_at_relevant = curves[f"BR(r), beta = {beta:g}"][topic.levels > 0]
    q = q_measure(relevance, ideal, gains=gains, beta=beta)

    (ax,) = axes_over_lists(ax, [relevance])
    styles = [{"linewidth": 2}, {"linestyle": "--"}, {"linestyle": ":"}]
    for (label, values), colour, marker, style in zip(curves.items(), PALETTE, MARKERS, styles):
        ax.plot(ranks, values, marker=marker, markersize=4, color=colour, label=label, **style)
    ax.plot(relevant, ratio_at_relevant, linestyle="none", marker="o", markersize=10,
            markerfacecolor="none", markeredgewidth=1.5, color=PALETTE[3],
            label="relevant ranks: Q averages BR here")
    rank_ticks(ax, max(len(ranks), 1), most=10)
    ax.set_ylim(0, 1.05)
    terms = " + ".join(f"{x:.4f}" for x in ratio_at_relevant) or "0"
    return finish_list(ax, title=f"Q-measure = ({terms}) / {topic.R} = {q:.4f}", xlabel="rank r",
                       ylabel="value at rank r", legend="upper left")
