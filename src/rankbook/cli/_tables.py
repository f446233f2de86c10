r"""Small writers and argument types the sub-commands share (no pandas.to_latex: it needs jinja2).

The LaTeX table follows booktabs (``\toprule``, ``\midrule``, ``\bottomrule``; load the
``booktabs`` package): one row per topic, one column per measure, whole-number columns
printed without decimals, and the characters LaTeX treats specially escaped in ids and
column names.
"""

from __future__ import annotations

import argparse

_LATEX_SPECIAL = {"\\": r"\textbackslash{}", "&": r"\&", "%": r"\%", "$": r"\$", "#": r"\#",
                  "_": r"\_", "{": r"\{", "}": r"\}", "~": r"\textasciitilde{}",
                  "^": r"\textasciicircum{}"}


def latex_escape(text: str) -> str:
    r"""``text`` with LaTeX's special characters escaped.

    Examples
    --------
    >>> print(latex_escape("P_10 & 50%"))
    P\_10 \& 50\%
    """
    return "".join(_LATEX_SPECIAL.get(c, c) for c in str(text))


def latex_table(table, decimals: int) -> str:
    r"""A booktabs LaTeX tabular of a DataFrame (index = topics, columns = measures).

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
    whole = [table[c].dtype.kind in "iu" for c in table.columns]
    rows = [" & ".join(["query", *map(latex_escape, table.columns)]) + r" \\", r"\midrule"]
    for topic, values in zip(table.index, table.itertuples(index=False)):
        cells = [str(int(v)) if is_whole else f"{v:.{decimals}f}"
                 for v, is_whole in zip(values, whole)]
        rows.append(" & ".join([latex_escape(topic), *cells]) + r" \\")
    return "\n".join([r"\begin{tabular}{l" + "r" * len(whole) + "}", r"\toprule", *rows,
                      r"\bottomrule", r"\end{tabular}"]) + "\n"


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
