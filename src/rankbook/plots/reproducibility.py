r"""Figures of the reproducibility chapter: an original run against its repetition.

Breuer et al. (SIGIR 2020) compare an experiment with its replication at the level of
per-topic scores (RMSE), of the mean (ARP) and of the effect over a baseline (effect ratio,
delta RI). These figures show the numbers behind each measure; every number is computed by
`rankbook.reproducibility`.

| function | what it draws |
| --- | --- |
| `replication_scores` | each topic's original score against its replicated score, with the diagonal, the errors RMSE squares and the two ARPs |
| `replicated_effect` | each topic's improvement over the baseline, original and repeated, with the means whose ratio is ER |
"""

from __future__ import annotations

import numpy as np

from rankbook.plots._distributions import SIZE
from rankbook.plots._style import PALETTE, REFERENCE, finish, new_axes
from rankbook.reproducibility import arp, delta_relative_improvement, effect_ratio, rmse
from rankbook.stats.paired import paired_t_test

__all__ = ["replication_scores", "replicated_effect"]

ORIGINAL, REPEATED = PALETTE[1], PALETTE[0]


def replication_scores(original, replicated, *, ax=None):
    r"""Draw each topic's original score against its replicated score: RMSE and ARP as pictures.

    One point per topic $j$ at $(M_j, M'_j)$. A perfect replication puts every
    point on the diagonal; the vertical segment from a point to the diagonal
    is its error $M'_j - M_j$, and RMSE is the root of the mean of their
    squares (`rmse`). The cross is the pair of means (`arp`): it can sit on
    the diagonal while the points scatter on both sides of it, which is why
    ARP alone hides cancellations.

    Parameters
    ----------
    original, replicated : sequence of float, or scores by topic
        Per-topic scores of one measure, paired as `rmse` pairs them.
    ax : matplotlib Axes, optional
        Where to draw; a new figure when omitted.

    Returns
    -------
    matplotlib.axes.Axes

    See Also
    --------
    rankbook.reproducibility.rmse, rankbook.reproducibility.arp : the numbers drawn.

    Examples
    --------
    Exercise 1 of the reproducibility page:

    >>> ax = replication_scores([0.4, 0.2], [0.1, 0.6])
    >>> ax.get_title()
    'RMSE = 0.3536 over 2 topics'
    """
    from rankbook.compare import compare_scores

    error = rmse(original, replicated)
    # the scores paired by topic as rmse pairs them (rankbook.stats' rule), through the
    # public function that lays per-topic scores side by side
    paired = compare_scores({"score": {"original": original, "replicated": replicated}})
    m = np.asarray(paired.scores["score"]["original"], dtype=float)
    m_prime = np.asarray(paired.scores["score"]["replicated"], dtype=float)
    ax = new_axes(ax, size=(4.4, 4.0))
    top = float(np.ceil(10 * 1.1 * max(float(np.max([m, m_prime])), 0.1)) / 10)
    ax.plot([0, top], [0, top], color=REFERENCE, linestyle=":", label="perfect replication")
    ax.vlines(m, np.minimum(m, m_prime), np.maximum(m, m_prime), color=PALETTE[3],
              linewidth=1.5, label="error of a topic")
    ax.plot(m, m_prime, linestyle="none", marker="o", color=ORIGINAL, label="a topic")
    ax.plot([arp(original)], [arp(replicated)], linestyle="none", marker="X", markersize=11,
            color=REPEATED, label=f"ARP: {arp(original):.4f} → {arp(replicated):.4f}")
    ax.set_xlim(0, top)
    ax.set_ylim(0, top)
    ax.set_aspect("equal")
    return finish(ax, title=f"RMSE = {error:.4f} over {len(m)} topics",
                  xlabel="original score", ylabel="replicated score", legend="upper left")


def replicated_effect(original_advanced, original_baseline, replicated_advanced,
                      replicated_baseline, *, paired: bool = True, ax=None):
    r"""Draw each topic's improvement over the baseline, original and repeated: ER and delta RI.

    Bars: $\Delta M_j = M^a_j - M^b_j$ for the original experiment and
    $\Delta M'_j$ for the repetition, topic by topic when both ran on the same
    topics (``paired``), one group after the other otherwise. The dashed
    lines are the two mean improvements; their ratio is the effect ratio
    (`effect_ratio`), shown with the difference of relative improvements
    (`delta_relative_improvement`) in the title.

    Parameters
    ----------
    original_advanced, original_baseline, replicated_advanced, replicated_baseline
        Per-topic scores of one measure, as `effect_ratio` takes them.
    paired : bool, default True
        A replication (the same topics, drawn side by side); False for a
        reproduction on other topics (passed to `effect_ratio`).
    ax : matplotlib Axes, optional
        Where to draw; a new figure when omitted.

    Returns
    -------
    matplotlib.axes.Axes
        ``ax.containers``: the original improvements, then the repeated ones.

    See Also
    --------
    rankbook.reproducibility.effect_ratio : the ratio of the two means drawn.

    Examples
    --------
    Exercise 2 of the reproducibility page: improvements 0.2, 0.4 and 0.3, 0.0:

    >>> ax = replicated_effect([0.5, 0.7], [0.3, 0.3], [0.6, 0.3], [0.3, 0.3])
    >>> [round(float(b.get_height()), 2) for b in ax.containers[1]]
    [0.3, 0.0]
    >>> ax.get_title()
    'ER = 0.5000, ΔRI = 0.5000'
    """
    ratio = effect_ratio(original_advanced, original_baseline, replicated_advanced,
                         replicated_baseline, paired=paired)
    delta_ri = delta_relative_improvement(original_advanced, original_baseline,
                                          replicated_advanced, replicated_baseline)
    gains = paired_t_test(original_advanced, original_baseline).differences
    gains_prime = paired_t_test(replicated_advanced, replicated_baseline).differences
    ax = new_axes(ax, size=SIZE)
    at = np.arange(1, len(gains) + 1, dtype=float)
    at_prime = np.arange(1, len(gains_prime) + 1) + (0.0 if paired else len(gains) + 1)
    width = 0.4 if paired else 0.8
    shift = width / 2 if paired else 0.0
    ax.bar(at - shift, gains, width, color=ORIGINAL, label="original ΔM")
    ax.bar(at_prime + shift, gains_prime, width, color=REPEATED, hatch="//", edgecolor="white",
           label="repeated ΔM′")
    ax.axhline(float(np.mean(gains)), color=ORIGINAL, linestyle="--", linewidth=2,
               label=f"mean {np.mean(gains):.4f}")
    ax.axhline(float(np.mean(gains_prime)), color=REPEATED, linestyle="-.", linewidth=2,
               label=f"mean {np.mean(gains_prime):.4f}")
    ax.axhline(0, color="black", linewidth=0.8)
    ax.set_xticks(np.concatenate([at, at_prime]) if not paired else at)
    return finish(ax, title=f"ER = {ratio:.4f}, ΔRI = {delta_ri:.4f}",
                  xlabel="topic", ylabel="improvement over the baseline", legend="best",
                  grid="y")
