r"""Figures of the tools' conventions: one measure's name, a different number in each tool.

| function | what it draws |
| --- | --- |
| `same_name_bars` | grouped bars: for each measure, the value each tool gives the same ranking |
"""

from __future__ import annotations

import math

import numpy as np

from rankbook._errors import InvalidValueError
from rankbook.plots._style import PALETTE, finish, new_axes

__all__ = ["same_name_bars"]

#: What a missing value (the tool has no measure of that name) is marked with.
MISSING = "—"


def same_name_bars(table, *, ax=None):
    r"""Plot grouped bars: one group per measure, one bar per tool, its value on top.

    The figure of "same name, different measure": each row of ``table`` is a
    measure (AP, RBP, ERR@k, nDCG@k), each column a tool (trec_eval, cwl_eval,
    ...), each cell the value that tool's convention gives the same ranking, as
    rankbook computes it. Where bars of one group differ in height, the tools
    disagree on what the name means. A missing value (NaN or None: the tool
    has no measure of that name) is marked with a dash at the foot of the group.

    Parameters
    ----------
    table : pandas.DataFrame
        Measures as rows (the index names them), tools as columns; numbers,
        NaN or None where a tool lacks the measure. At most six tools (one
        colour each).
    ax : matplotlib Axes, optional
        Where to draw; a new figure when omitted.

    Returns
    -------
    matplotlib.axes.Axes
        One bar container per tool, in the order of the columns; the tool's
        name is its label.

    See Also
    --------
    rankbook.evaluate : computes each cell by the measure's name in rankbook.

    Examples
    --------
    >>> import pandas as pd
    >>> table = pd.DataFrame({"trec_eval": [0.5, 0.25], "gdeval": [None, 0.75]},
    ...                      index=["AP", "ERR@5"])
    >>> ax = same_name_bars(table)
    >>> [c.get_label() for c in ax.containers]
    ['trec_eval', 'gdeval']
    >>> [float(bar.get_height()) for bar in ax.containers[1]]
    [0.0, 0.75]
    >>> [t.get_text().strip() for t in ax.texts]
    ['0.5000', '0.2500', '—', '0.7500']
    """
    measures, tools = [str(m) for m in table.index], [str(t) for t in table.columns]
    if not measures or not tools or len(tools) > len(PALETTE):
        raise InvalidValueError(
            f"same_name_bars takes a table of 1 or more measures (rows) and 1 to "
            f"{len(PALETTE)} tools (columns), got {len(measures)} rows and {len(tools)} "
            "columns; draw the other tools on a second figure.")
    values = np.array([[_number(table.iloc[i, j], measures[i], tools[j])
                        for j in range(len(tools))] for i in range(len(measures))])
    ax = new_axes(ax, height=3.8)
    width = 0.8 / len(tools)
    groups = np.arange(len(measures))
    for j, tool in enumerate(tools):
        column = values[:, j]
        places = groups - 0.4 + width * (j + 0.5)
        ax.bar(places, np.nan_to_num(column), width, label=tool, color=PALETTE[j],
               edgecolor="black", linewidth=0.4)
        for place, value in zip(places, column):
            if math.isnan(value):
                ax.text(place, 0, MISSING, ha="center", va="bottom", fontsize="small")
            else:
                ax.text(place, value, f" {value:.4f}", ha="center", va="bottom", rotation=90,
                        fontsize="x-small")
    ax.set_xticks(groups, measures)
    ax.set_ylim(0, max(1.0, float(np.nanmax(values, initial=0.0))) * 1.25)
    finish(ax, title="One ranking, one name, each tool's number", xlabel="measure",
           ylabel="value", legend=None, grid="y")
    ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.2), ncol=3, fontsize="small",
              frameon=False)
    return ax


def _number(value, measure: str, tool: str) -> float:
    if value is None:
        return math.nan
    try:
        number = float(value)
    except (TypeError, ValueError):
        raise InvalidValueError(
            f"table[{measure!r}, {tool!r}] = {value!r} is not a number; give a number, "
            "or NaN or None where the tool has no such measure.") from None
    return number
