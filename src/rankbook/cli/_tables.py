r"""Small writers and argument types the sub-commands share (no pandas.to_latex: it needs jinja2).

The LaTeX table follows booktabs (``\toprule``, ``\midrule``, ``\bottomrule``; load the
``booktabs`` package): one row per topic, one column per measure, whole-number columns
printed without decimals, and the characters LaTeX treats specially escaped in ids and
column names.
"""

from __future__ import annotations

import argparse

__all__ = ["latex_table", "decimals"]


def latex_table(table, decimals: int) -> str:
    r"""A booktabs LaTeX tabular of a DataFrame (index = topics, columns = measures).

    Written by `rankbook.compare.tables.to_latex` (the one LaTeX writer), without bold.

    Examples
    --------
    >>> import pandas as pd
    >>> frame = pd.DataFrame({"map": [0.25, 0.5], "num_ret": [10, 20]}, index=["q_1", "all"])
    >>> print(latex_table(frame, 2), end="")
    \begin{tabular}{lrr}
    \toprule
    query & map & num\_ret \\
    \midrule
    q\_1 & 0.25 & 10 \\
    all & 0.50 & 20 \\
    \bottomrule
    \end{tabular}
    """
    from rankbook.compare.tables import to_latex  # only when LaTeX is asked for (start-up)

    return to_latex(table, decimals=decimals, index_header="query", bold_best=False) + "\n"


def decimals(text: str) -> int:
    """An argparse type: a number of decimals from 0 to 17."""
    try:
        value = int(text)
    except ValueError:
        value = -1
    if not 0 <= value <= 17:
        raise argparse.ArgumentTypeError(
            f"{text!r} is not a number of decimals: give a whole number from 0 to 17, e.g. 4")
    return value
