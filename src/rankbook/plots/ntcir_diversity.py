r"""Figures of NTCIREVAL's diversity measures (Sakai and Song 2011): how D# blends I-rec and a D-measure.

| function | what it draws |
| --- | --- |
| `d_sharp_gamma` | D#-nDCG@k and D#-Q@k as $\gamma$ moves from 0 (the D-measure alone) to 1 (I-rec alone) |

Every value is read off :mod:`rankbook.metrics.ntcir_diversity`: the D#-measure at each
$\gamma$ is computed, not interpolated, so the straight lines are the definition's.
"""

from __future__ import annotations

import numpy as np

from rankbook.metrics.ntcir_diversity import (NTCIREVAL_GAMMA, d_sharp_ndcg_at_k,
                                              d_sharp_q_measure)
from rankbook.plots._style import MARKERS, PALETTE, REFERENCE, finish, new_axes

__all__ = ["d_sharp_gamma"]


def d_sharp_gamma(ranked, judged, k: int, *, probabilities=None, steps: int = 11, ax=None):
    r"""Plot D#-nDCG@k and D#-Q@k against $\gamma$, the weight of I-rec.

    $$\mathrm{D\#\text{-}X}@k = \gamma\, \mathrm{I\text{-}rec}@k + (1 - \gamma)\, \mathrm{D\text{-}X}@k$$

    At $\gamma = 0$ each line starts at its D-measure, at $\gamma = 1$ both end at
    I-rec@k; NTCIREVAL's $\gamma = 0.5$ is marked.

    Parameters
    ----------
    ranked, judged, k, probabilities
        As in :func:`rankbook.metrics.ntcir_diversity.d_sharp_ndcg_at_k`.
    steps : int, default 11
        How many values of $\gamma$, evenly from 0 to 1.
    ax : matplotlib Axes, optional
        Where to draw; a new figure when omitted.

    Returns
    -------
    matplotlib.axes.Axes
        The Axes drawn on: one line per measure, then the $\gamma = 0.5$ marker.

    Examples
    --------
    NTCIREVAL's README.diversity, topic 0001 (I-rec@10 0.6667):

    >>> judged = [[1, 0, 1]] * 2 + [[0, 1, 1]] * 68 + [[0, 1, 0]] * 13 + [[0, 0, 1]] * 10
    >>> ranked = [[0, 0, 0]] * 2 + [[0, 1, 1], [0, 1, 0], [0, 1, 1]] + [[0, 0, 0]] * 5
    >>> ax = d_sharp_gamma(ranked, judged, 10, probabilities=[0.5714, 0.2857, 0.1429])
    >>> [line.get_label() for line in ax.get_lines()[:2]]
    ['D#-nDCG@10 (0.4376 at gamma = 0.5)', 'D#-Q@10 (0.3965 at gamma = 0.5)']
    """
    gammas = np.linspace(0.0, 1.0, steps)
    measures = (("nDCG", d_sharp_ndcg_at_k), ("Q", d_sharp_q_measure))
    ax = new_axes(ax)
    for (name, measure), colour, marker in zip(measures, PALETTE, MARKERS):
        values = [measure(ranked, judged, k, probabilities=probabilities, gamma=float(g))
                  for g in gammas]
        at_default = measure(ranked, judged, k, probabilities=probabilities)
        ax.plot(gammas, values, color=colour, marker=marker, markersize=4,
                label=f"D#-{name}@{k} ({at_default:.4f} at gamma = {NTCIREVAL_GAMMA:g})")
    ax.axvline(NTCIREVAL_GAMMA, color=REFERENCE, linestyle=":", label="NTCIREVAL's gamma")
    ax.set_xlim(0, 1)
    ax.set_ylim(0, 1)
    return finish(ax, title="D# = gamma I-rec + (1 - gamma) D", ylabel="value",
                  xlabel="gamma (0: the D-measure alone, 1: I-rec alone)", legend="upper left")
