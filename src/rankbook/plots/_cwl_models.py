r"""The figure of the C/W/L user models that stop for a reason (BPM, U, TBG, IFT, NERR).

Written here, shown and exported by `rankbook.plots.user_models` (its module table lists it).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

import numpy as np

from rankbook.metrics.cwl_gain_models import cwl_ift_goal, cwl_ift_rate, cwl_nerr8
from rankbook.metrics.cwl_models import (
    cwl_bejewelled_player,
    cwl_time_biased_gain,
    cwl_u_measure,
)
from rankbook.plots._style import PALETTE, new_axes

__all__ = ["cwl_model_depths"]

#: The models `cwl_model_depths` draws by default, with the parameters of the C/W/L models page.
PAGE_MODELS: dict[str, Callable] = {
    "BPM (T=2, K=10)": lambda g: cwl_bejewelled_player(g, T=2, K=10),
    "U (L=50)": lambda g: cwl_u_measure(g, L=50),
    "TBG (H=22)": lambda g: cwl_time_biased_gain(g, halflife=22),
    "IFT goal (T=2)": lambda g: cwl_ift_goal(g, T=2, b1=0.9, R1=10),
    "IFT rate (A=0.2)": lambda g: cwl_ift_rate(g, A=0.2, b2=0.9, R2=10),
    "NERR8@10": lambda g: cwl_nerr8(g, k=10),
}


def cwl_model_depths(gains: Sequence[float | None],
                     models: Mapping[str, Callable] | None = None):
    r"""Bar charts of how far each C/W/L user model reads (ED) and what it gains per document (EU).

    Left: the expected depth ED, the documents the model's user reads on
    average; right: the expected utility EU, the gain per document read (the
    measure's value). Both are cwl_eval's numbers, read off each measure's
    result (`rankbook.metrics.cwl.CWLQuantities`). A user who stops once
    satisfied (BPM, IFT's goal, NERR) reads little and gains much per
    document; one who stops at random or as time runs out (U, TBG) reads far
    into the padded list of gain 0 and gains little per document.

    Parameters
    ----------
    gains : sequence of float or None, shape (n,)
        The gains of the ranked list, rank 1 first; None for an unjudged document.
    models : mapping of str to callable, optional
        A label and a function of ``gains`` that returns the measure's
        `CWLQuantities`, per bar; default `PAGE_MODELS`, the page's parameters.

    Returns
    -------
    list of matplotlib.axes.Axes
        ED's Axes and EU's; ``containers[0]`` of each holds one bar per model.

    Examples
    --------
    cwl_eval's topic T1: BPM's player with T = 2 reads 3 documents and gains 2.

    >>> axes = cwl_model_depths([1, 0, 1, 1, None, None, 1, 0, 1, 0])
    >>> [round(float(bar.get_width()), 2) for bar in axes[0].containers[0]]
    [3.0, 25.5, 32.24, 3.47, 13.77, 1.0]
    >>> [round(float(bar.get_width()), 4) for bar in axes[1].containers[0]]
    [0.6667, 0.1812, 0.1381, 0.7121, 0.3362, 1.0]
    """
    models = PAGE_MODELS if models is None else models
    results = [measure(gains) for measure in models.values()]
    depths = [result.expected_depth for result in results]
    utilities = [result.expected_utility for result in results]
    depth_ax, utility_ax = new_axes(ncols=2, height=3.2, sharey=True)
    positions = np.arange(len(results))[::-1]          # the first model on top
    for ax, values, colour, form, title, xlabel in (
            (depth_ax, depths, PALETTE[1], "{:.2f}", "How far: ED", "documents read"),
            (utility_ax, utilities, PALETTE[0], "{:.4f}", "What: EU", "gain per document")):
        bars = ax.barh(positions, values, color=colour, height=0.6)
        ax.bar_label(bars, labels=[form.format(v) for v in values], padding=2, fontsize="small")
        ax.set_xlim(0, max([*values, 1e-9]) * 1.45)
        ax.set_title(title)
        ax.set_xlabel(xlabel)
        ax.grid(True, axis="x", alpha=0.3)
    depth_ax.set_yticks(positions, list(models))
    depth_ax.tick_params(axis="y", labelsize="small")
    return [depth_ax, utility_ax]
