r"""PyFLAGR's ``Comparator`` module: many methods on the same lists, one results table.

``Comparator(evaluation_points)``, ``add_aggregator(name, obj)`` with an object
of this package's classes, ``aggregate(input_file | input_df, rels_file |
rels_df)``, then ``results`` (PyFLAGR's table: each method's evaluation with a
``Method`` column, ``map`` named ``Mean Average Precision (MAP)``, the index
0..|Q| repeated per method), ``get_results``, ``convert_to_latex`` and the two
plots. Slicing, the LaTeX writer and the plots are `rankbook.compare`'s.

Differences from PyFLAGR 1.0.18: a name used twice, an object that is not a
method of this package, a cutoff above the evaluation points or an unknown
metric is refused with a message (PyFLAGR accepts them and fails later, or
prints); ``metric`` may also be one name (PyFLAGR iterates over its letters);
``convert_to_latex`` needs no jinja2 (booktabs, the best value of each column
in bold); the plots return their matplotlib Axes instead of calling
``plt.show()``.
"""

from __future__ import annotations

from rankbook._errors import InvalidTypeError, InvalidValueError
from rankbook.pyflagr._files import evaluation_frame, judgments
from rankbook.pyflagr.RAM import RAM, check_eval_pts, read_input

MAP = "Mean Average Precision (MAP)"


class Comparator:
    r"""Run and evaluate several PyFLAGR methods on the same lists (PyFLAGR's ``Comparator``).

    Parameters
    ----------
    evaluation_points : int
        The cutoff of the results table: P, recall, DCG and nDCG at 1, ..., evaluation_points.

    Attributes
    ----------
    aggregators : list of (str, RAM)
        The methods, in the order added.
    results : pandas.DataFrame or None
        The table, after `aggregate`.
    ev_pts : int
        ``evaluation_points``.
    """

    def __init__(self, evaluation_points):
        self.ev_pts = check_eval_pts(evaluation_points)
        self.aggregators: list = []
        self.results = None

    def add_aggregator(self, name, obj) -> None:
        """Add a method (an object of `rankbook.pyflagr`'s classes) under ``name``."""
        if not isinstance(name, str) or not name:
            raise InvalidTypeError(f"a method's name must be a non-empty string, got {name!r}.")
        if any(name == added for added, _ in self.aggregators):
            raise InvalidValueError(f"a method named {name!r} was already added; names must differ.")
        if not isinstance(obj, RAM):
            raise InvalidTypeError(
                f"add_aggregator({name!r}, ...) needs a method of rankbook.pyflagr (e.g. "
                f"rankbook.pyflagr.Linear.CombSUM(norm='rank')), got {type(obj).__module__}."
                f"{type(obj).__name__}; import the classes from rankbook.pyflagr.")
        if obj.eval_pts != self.ev_pts:
            raise InvalidValueError(
                f"add_aggregator({name!r}, {type(obj).__name__}(eval_pts={obj.eval_pts})): the "
                f"method's eval_pts must equal the Comparator's evaluation points, "
                f"{self.ev_pts} (PyFLAGR's table would mix widths); pass eval_pts={self.ev_pts}.")
        self.aggregators.append((name, obj))

    def aggregate(self, input_file="", input_df=None, rels_file="", rels_df=None):
        r"""Run every method on the lists and evaluate it; the table is stored in `results`.

        The parameters are those of `rankbook.pyflagr.RAM.RAM.aggregate`; the
        judgments are required. Prints ``Running <name> ...`` per method, as PyFLAGR does.
        """
        import pandas as pd

        if (rels_file is None or rels_file == "") and rels_df is None:
            raise InvalidValueError(
                "the Comparator evaluates: give the judgments, rels_file='qrels.csv' (FLAGR's "
                "query,0,item,relevance) or rels_df=DataFrame.")
        if not self.aggregators:
            raise InvalidValueError("no method to run: add some with add_aggregator(name, obj).")
        qrels = judgments(rels_file, rels_df)
        profiles = read_input(input_file, input_df)      # read once, run by every method
        tables = []
        for name, method in self.aggregators:
            print("Running", name, "...")
            evaluation = evaluation_frame(qrels, method.run(profiles), method.eval_pts)
            evaluation["Method"] = name
            tables.append(evaluation)
        self.results = pd.concat(tables).rename(columns={"map": MAP})

    def get_df_slice(self, cutoff, metric, df):
        """``metric`` at 1..cutoff for the rows of ``df``: one row per value, one column per method."""
        table = _select(df, self.ev_pts, cutoff, metric, df["q"].iloc[0] if len(df) else "all")
        return table.T

    def get_results(self, cutoff, metric='all', query='all'):
        r"""The rows of ``query`` (``"all"`` or ``"Topic 7"``): every column for
        ``metric="all"``, else one row per method and the columns of ``metric``
        (``"map"``, ``"precision"``, ``"recall"``, ``"dcg"``, ``"ndcg"`` or a list)
        up to ``cutoff``.
        """
        results = self._results()
        if isinstance(metric, str) and metric == "all":
            rows = results[results["q"] == query]
            if rows.empty:
                _select(results, self.ev_pts, cutoff, "map", query)   # says which queries exist
            return rows
        return _select(results, self.ev_pts, cutoff, metric, query)

    def convert_to_latex(self, cutoff, metric='all', query='all', dec_pts=6) -> str:
        r"""`get_results` as a booktabs LaTeX ``tabular``, ``dec_pts`` decimals, the best of each column in bold."""
        from rankbook.compare.tables import pretty_headers, to_latex

        table = self.get_results(cutoff, metric, query)
        if isinstance(metric, str) and metric == "all":
            table = table.set_index("Method").drop(columns="q")
        return to_latex(table, decimals=dec_pts, headers=pretty_headers(table))

    def plot_average_precision(self, dimensions, show_grid, query='all'):
        r"""Bars of each method's MAP (or one query's AP); returns the matplotlib Axes."""
        from rankbook.compare.plots import bar_per_system

        column = self.get_results(self.ev_pts, ["map"], query)[MAP]
        return bar_per_system(column, "Mean Average Precision", dimensions=dimensions,
                              show_grid=show_grid)

    def plot_metric(self, cutoff, metric, plot_type='bar', dimensions=(10.24, 7.68),
                    show_grid=True, query='all'):
        r"""``metric`` at 1..cutoff, grouped bars or lines per method; returns the matplotlib Axes."""
        from rankbook import _validate
        from rankbook.compare.plots import metric_at_cutoffs
        from rankbook.compare.tables import CUTOFF_METRICS, METRIC_LABELS

        _validate.choice(plot_type, ("bar", "line"), "plot_type")
        _validate.choice(metric, CUTOFF_METRICS, "metric")
        table = self.get_results(cutoff, [metric], query)
        return metric_at_cutoffs(table, METRIC_LABELS[metric], plot_type=plot_type,
                                 dimensions=dimensions, show_grid=show_grid)

    def _results(self):
        if self.results is None:
            raise InvalidValueError("no results yet: call aggregate(input_file=..., rels_file=...) first.")
        return self.results


def _select(results, evaluated: int, cutoff, metric, query):
    """`rankbook.compare.tables.select` on PyFLAGR's column name for MAP."""
    from rankbook.compare.tables import select

    if isinstance(metric, str) and metric == "all":
        metric = ["map", "precision", "recall", "dcg", "ndcg"]
    table = select(results.rename(columns={MAP: "MAP"}), evaluated, cutoff, metric, query)
    return table.rename(columns={"MAP": MAP})
