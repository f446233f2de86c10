r"""Figures of risk-sensitive evaluation: a run's per-topic wins and weighted losses against a baseline.

| function | what it draws |
| --- | --- |
| `risk_differences` | the per-topic differences from the baseline, sorted, losses stretched by $1 + \alpha$, with the mean difference and $U_{\mathrm{Risk}}$ |
"""

from __future__ import annotations

import numpy as np

from rankbook.plots._distributions import SIZE
from rankbook.plots._style import PALETTE, REFERENCE, finish, new_axes
from rankbook.stats.risk import risk_weighted_differences, trisk

__all__ = ["risk_differences"]

WINS, LOSSES, MEAN, RISK = PALETTE[2], PALETTE[3], PALETTE[1], PALETTE[0]


def risk_differences(run, baseline, *, alpha: float, names=("run", "baseline"),
                     topics: str = "same", ax=None):
    r"""Draw a run's per-topic differences from a baseline, losses weighted by $1 + \alpha$.

    One bar per topic, sorted by the plain difference $d_i = x_i - b_i$: above 0
    the topics the run wins, below 0 those it loses. A loss is drawn twice: its
    plain difference as an outline and its weight in $U_{\mathrm{Risk}}$,
    $(1 + \alpha)\, d_i$, as the filled bar (the `risk_weighted_differences`
    $r_i$, what ndeval prints per topic with ``-baseline``). The dashed line is
    the mean difference ($\alpha = 0$), the solid one $U_{\mathrm{Risk}}$, the
    mean of the filled bars; the title gives both and $T_{\mathrm{Risk}}$.

    Parameters
    ----------
    run, baseline : sequence of float, or scores by topic
        Per-topic scores, paired as `rankbook.stats.urisk` pairs them.
    alpha : float
        The risk aversion $\alpha \ge 0$.
    names : (str, str), default ("run", "baseline")
        The two systems' names, for the title.
    topics : {"same", "intersect", "complete"}, default "same"
        Topics one side lacks: as in `rankbook.stats.urisk`.
    ax : matplotlib Axes, optional
        Where to draw; a new figure when omitted.

    Returns
    -------
    matplotlib.axes.Axes
        ``ax.containers[0]`` holds the filled bars $r_i$, ``ax.containers[1]`` the
        outlines $d_i$, both sorted by $d_i$.

    See Also
    --------
    rankbook.stats.urisk, rankbook.stats.trisk
    rankbook.plots.paired_differences : the same bars without the weighting.

    Examples
    --------
    >>> ax = risk_differences([0.5, 0.2, 0.4, 0.6], [0.3, 0.5, 0.4, 0.5], alpha=1)
    >>> [round(float(bar.get_height()), 2) for bar in ax.containers[0]]
    [-0.6, 0.0, 0.1, 0.2]
    >>> [round(float(bar.get_height()), 2) for bar in ax.containers[1]]
    [-0.3, 0.0, 0.1, 0.2]
    """
    r = risk_weighted_differences(run, baseline, alpha=alpha, topics=topics)
    d = risk_weighted_differences(run, baseline, alpha=0, topics=topics)
    weight = 1.0 + float(alpha)
    order = np.argsort(d, kind="stable")
    d, r = d[order], r[order]
    ax = new_axes(ax, size=SIZE)
    positions = np.arange(1, len(d) + 1)
    colours = np.where(d < 0, LOSSES, WINS)
    ax.bar(positions, r, width=0.8, color=colours, edgecolor=colours,
           label=f"losses × (1 + α) = × {weight:g}")
    ax.bar(positions, d, width=0.8, fill=False, edgecolor=REFERENCE, linewidth=1,
           label="plain difference")
    mean, u = float(np.mean(d)), float(np.mean(r))
    ax.axhline(mean, color=MEAN, linestyle="--", linewidth=2, label=f"mean difference {mean:.4f}")
    ax.axhline(u, color=RISK, linewidth=2, label=f"URisk {u:.4f}")
    ax.axhline(0, color="black", linewidth=0.8)
    ax.set_xticks([])
    t = trisk(run, baseline, alpha=alpha, topics=topics)
    wins, losses = int(np.sum(d > 0)), int(np.sum(d < 0))
    title = (f"{names[0]} − {names[1]}, α = {float(alpha):g}\n"
             f"{wins} wins, {losses} losses, TRisk {t:.2f}")
    return finish(ax, title=title, xlabel="topics, sorted by the difference",
                  ylabel="difference", legend="lower right", grid="y")
