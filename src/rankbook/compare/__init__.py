r"""Comparing systems: the Comparator (PyFLAGR's), significance reports, tables and plots.

| name | what |
| --- | --- |
| `Comparator` | run and evaluate many aggregation methods and runs; one table of per-query results (PyFLAGR's API) |
| `compare` | evaluate runs and test every pair (or each against a baseline): a `ComparisonReport` |
| `compare_scores` | the same on per-topic scores already computed |
| `ComparisonReport` | means, p-values, effect sizes, intervals, wins/ties/losses; DataFrame, text, Markdown, LaTeX, JSON, plots |
| `discriminative` | `discriminative_power_of_runs`: Sakai's discriminative power of measures on runs (`rankbook compare --discriminative-power`) |
| `risk` | `risk_of_runs`: wins, losses, URisk and TRisk of runs against a baseline run (`rankbook compare --risk-alpha`) |
| `tables` | LaTeX (booktabs) and Markdown writers with the best value in bold |
| `plots` | the pictures: bars per system, a measure at 1..k, per-topic differences, box/violin per system, ASL curves |

Every test is a function of `rankbook.stats`; every number of the tables comes
from `rankbook.evaluate` (trec_eval's rules) or
`rankbook.evaluation.flagr.evaluate_flagr` (FLAGR's).

Examples
--------
>>> from rankbook.compare import compare
>>> qrels = {"q1": {"a": 1}, "q2": {"b": 1}}
>>> runs = {"A": {"q1": {"a": 1.0}, "q2": {"b": 1.0}}, "B": {"q1": {"x": 1.0, "a": 0.5}, "q2": {"b": 1.0}}}
>>> print(compare(qrels, runs, ["AP"]).table())
               AP
system
(a) A      1.0000
(b) B      0.7500
"""

from rankbook.compare.comparator import Comparator
from rankbook.compare.report import ComparisonReport, PairComparison
from rankbook.compare.significance import compare, compare_scores

__all__ = ["Comparator", "compare", "compare_scores", "ComparisonReport", "PairComparison"]
