r"""Verify a hand calculation: every running value of a ranking, and the arithmetic behind it.

`explain` computes, for each rank k of one ranked list, the values of
P@k, R@k, F1@k, DCG@k, IDCG@k, nDCG@k and AP@k (FLAGR's worked table), by
calling the metric functions of `rankbook.metrics` once per rank. Its
``show_work(k)`` writes each formula with the numbers of rank k substituted, as
Markdown with LaTeX (in a notebook) or plain text (in a terminal).

| module | what |
| --- | --- |
| `table` | `explain` and `Explanation`: the running table, one metric function per column |
| `worksheet` | `Worksheet` and `Step`: the formulas at one rank with the numbers substituted |
| `one_metric` | `explain_metric` and `MetricExplanation`: one metric's running values and formula |
| `catalog`, `options`, `case` | the explainer of every registry metric, the inputs each takes, the checked inputs |
| `families` | the explainers, one module per chapter |
| `aggregation`, `aggregation_views` | `explain_aggregation`: the worked tables of a rank aggregation (imported on use) |

Examples
--------
>>> table = explain([1, 0, 1, 1, 0, 1, 0, 0], n_relevant=4).table
>>> float(table.loc[5, "P@k"]), float(table.loc[5, "R@k"])
(0.6, 0.75)
"""

from rankbook.explain.one_metric import MetricExplanation, explain_metric
from rankbook.explain.table import COLUMNS, EXTRA_COLUMNS, Explanation, explain
from rankbook.explain.worksheet import Step, Worksheet

__all__ = ["explain", "explain_metric", "Explanation", "MetricExplanation", "Worksheet", "Step",
           "COLUMNS", "EXTRA_COLUMNS"]
