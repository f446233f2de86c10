r"""Slicing the Comparator's table, and writing tables as LaTeX and Markdown without extra installs.

`to_latex` writes a booktabs ``tabular`` (``\toprule``, ``\midrule``,
``\bottomrule``; the document needs ``\usepackage{booktabs}``) and `to_markdown`
a pipe table; both put the best value of each numeric column in bold. Neither
needs jinja2 or tabulate (pandas' ``to_latex`` and ``to_markdown`` do).
"""

from __future__ import annotations

import math
import numbers
import re

import numpy as np

from rankbook._errors import InvalidValueError
from rankbook._markdown import pipe_table

# PyFLAGR's metric names -> the column prefix in the Comparator's table.
METRIC_COLUMNS = {"map": "MAP", "precision": "P_", "recall": "recall_", "dcg": "dcg_cut_",
                  "ndcg": "ndcg_cut_"}
CUTOFF_METRICS = ("precision", "recall", "dcg", "ndcg")
METRIC_LABELS = {"map": "MAP", "precision": "Precision", "recall": "Recall", "dcg": "DCG",
                 "ndcg": "nDCG"}
_PRETTY = ((r"P_(\d+)", "P@{}"), (r"recall_(\d+)", "R@{}"), (r"dcg_cut_(\d+)", "DCG@{}"),
           (r"ndcg_cut_(\d+)", "nDCG@{}"))
_LATEX_SPECIAL = {"&": r"\&", "%": r"\%", "$": r"\$", "#": r"\#", "_": r"\_", "{": r"\{",
                  "}": r"\}", "~": r"\textasciitilde{}", "^": r"\textasciicircum{}",
                  "\\": r"\textbackslash{}"}


def select(results, evaluated: int, cutoff, metric, query):
    """The rows of ``query`` (one per system) and the columns of ``metric`` up to ``cutoff``."""
    cutoff = evaluated if cutoff is None else cutoff
    if isinstance(cutoff, bool) or not isinstance(cutoff, numbers.Integral) \
            or not 1 <= cutoff <= evaluated:
        raise InvalidValueError(
            f"cutoff={cutoff!r}: the Comparator evaluated the points 1..{evaluated}; choose a "
            f"cutoff between 1 and {evaluated}, or create Comparator({cutoff}) to evaluate "
            "further down the lists.")
    metrics = list(METRIC_COLUMNS) if metric == "all" else \
        [metric] if isinstance(metric, str) else list(metric)
    unknown = [m for m in metrics if m not in METRIC_COLUMNS]
    if unknown or not metrics:
        raise InvalidValueError(
            f"metric={metric!r}: choose 'all' or some of {', '.join(METRIC_COLUMNS)}, "
            "e.g. metric=['map', 'precision'].")
    columns = []
    for m in metrics:
        prefix = METRIC_COLUMNS[m]
        columns += [prefix] if m == "map" else [f"{prefix}{k}" for k in range(1, int(cutoff) + 1)]
    topic = str(query)
    rows = results[results["q"] == topic]
    if rows.empty:
        known = list(dict.fromkeys(results["q"]))
        raise InvalidValueError(
            f"query={query!r} is not in the results; choose 'all' or one of "
            f"{', '.join(known[:10])}{', ...' if len(known) > 10 else ''}.")
    return rows.set_index("Method")[columns]


def pretty_headers(table) -> list[str]:
    """Column names as a paper prints them: P_5 -> P@5, recall_5 -> R@5, ndcg_cut_5 -> nDCG@5.

    >>> import pandas as pd
    >>> pretty_headers(pd.DataFrame(columns=["MAP", "P_5", "recall_5", "dcg_cut_5", "ndcg_cut_5"]))
    ['MAP', 'P@5', 'R@5', 'DCG@5', 'nDCG@5']
    """
    names = []
    for column in table.columns:
        name = str(column)
        for pattern, form in _PRETTY:
            match = re.fullmatch(pattern, name)
            if match:
                name = form.format(match.group(1))
                break
        names.append(name)
    return names


def latex_escape(text: str) -> str:
    r"""Text with LaTeX's special characters escaped.

    >>> latex_escape("CombSUM_rank & 50%")
    'CombSUM\\_rank \\& 50\\%'
    """
    return "".join(_LATEX_SPECIAL.get(c, c) for c in str(text))


def best_rows(table, decimals: int | None = None) -> dict:
    """``{column: row positions holding the column's largest value}`` for numeric columns.

    With ``decimals``, values are compared as printed (rounded), so that every value shown
    equal to the best is bold too.
    """
    best = {}
    for j, column in enumerate(table.columns):
        shown = [round(float(v), decimals) if decimals is not None and _is_number(v) else v
                 for v in table.iloc[:, j]]
        values = [v for v in shown if _is_number(v)]
        if values:
            top = max(values)
            best[column] = {i for i, v in enumerate(shown) if _is_number(v) and v == top}
    return best


def _is_number(value) -> bool:
    """A finite real number (numpy's too), not a bool and not text."""
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, numbers.Real):
        return False
    return math.isfinite(float(value))


def _cell(value, decimals: int) -> str:
    if isinstance(value, numbers.Integral) and not isinstance(value, (bool, np.bool_)):
        return str(int(value))
    if _is_number(value):
        return f"{float(value):.{decimals}f}"
    return str(value)


def to_latex(table, *, decimals: int = 4, headers=None, index_header: str | None = None,
             bold_best: bool = True) -> str:
    r"""A DataFrame as a booktabs ``tabular``; the largest value of each column in ``\textbf``.

    Parameters
    ----------
    table : pandas.DataFrame
        Rows are written in order, the index first.
    decimals : int, default 4
        Digits after the point of numeric cells.
    headers : list of str, optional
        Column headers (default: the column names), escaped.
    index_header : str, optional
        Header of the index column (default: the index name).
    bold_best : bool, default True
        Bold the best (largest) value of every numeric column.

    Examples
    --------
    >>> import pandas as pd
    >>> t = pd.DataFrame({"MAP": [0.25, 0.5]}, index=pd.Index(["A_1", "B"], name="Method"))
    >>> print(to_latex(t, decimals=2))
    \begin{tabular}{lr}
    \toprule
    Method & MAP \\
    \midrule
    A\_1 & 0.25 \\
    B & \textbf{0.50} \\
    \bottomrule
    \end{tabular}
    """
    headers = [str(c) for c in table.columns] if headers is None else list(headers)
    first = table.index.name if index_header is None else index_header
    best = best_rows(table, decimals) if bold_best else {}
    lines = [r"\begin{tabular}{l" + "r" * len(table.columns) + "}", r"\toprule",
             " & ".join(latex_escape(h) for h in [first or "", *headers]) + r" \\", r"\midrule"]
    for i, (label, row) in enumerate(zip(table.index, table.itertuples(index=False))):
        cells = [latex_escape(label)]
        for column, value in zip(table.columns, row):
            text = _cell(value, decimals) if _is_number(value) else latex_escape(value)
            cells.append(rf"\textbf{{{text}}}" if i in best.get(column, ()) else text)
        lines.append(" & ".join(cells) + r" \\")
    lines += [r"\bottomrule", r"\end{tabular}"]
    return "\n".join(lines)


def to_markdown(table, *, decimals: int = 4, headers=None, index_header: str | None = None,
                bold_best: bool = True) -> str:
    r"""A DataFrame as a Markdown pipe table; the largest value of each numeric column in bold.

    >>> import pandas as pd
    >>> t = pd.DataFrame({"MAP": [0.25, 0.5]}, index=pd.Index(["A", "B"], name="Method"))
    >>> print(to_markdown(t, decimals=2))
    | Method | MAP |
    | --- | ---: |
    | A | 0.25 |
    | B | **0.50** |
    """
    headers = [str(c) for c in table.columns] if headers is None else list(headers)
    first = table.index.name if index_header is None else index_header
    best = best_rows(table, decimals) if bold_best else {}
    rows = []
    for i, (label, row) in enumerate(zip(table.index, table.itertuples(index=False))):
        cells = [str(label).replace("|", r"\|")]
        for column, value in zip(table.columns, row):
            text = _cell(value, decimals).replace("|", r"\|")
            cells.append(f"**{text}**" if i in best.get(column, ()) else text)
        rows.append(cells)
    return pipe_table([first or "", *headers], rows, align="l" + "r" * len(headers))
