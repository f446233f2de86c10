r"""The Comparator: many systems, one table of per-query results, sliced, exported and plotted.

PyFLAGR's ``Comparator`` (the seed notebook) with the same methods and table
shape, built on `rankbook.fuse` and on two evaluators: trec_eval's rules
(`rankbook.evaluate`, the default) or FLAGR's (`rankbook.evaluation.flagr`).
"""

from __future__ import annotations

import sys
import time

from rankbook import _validate
from rankbook._errors import InvalidTypeError, InvalidValueError
from rankbook.compare import _evaluation, tables

RESULT_COLUMNS_LEFT = ("q", "num_ret", "num_rel", "num_rel_ret", "MAP")


class Comparator:
    r"""Run and evaluate many rank-aggregation methods and runs side by side (PyFLAGR's API).

    The results table has one row per system and query plus an ``all`` row
    per system, and the columns ``q``, ``num_ret``, ``num_rel``,
    ``num_rel_ret``, ``MAP`` (the query's AP; the mean in ``all``),
    ``P_1`` ... ``P_k``, ``recall_1`` ... ``recall_k``, ``dcg_cut_1`` ...,
    ``ndcg_cut_1`` ... ``ndcg_cut_k`` and ``Method``: $5 + 4k + 1$ columns and
    $s(|Q| + 1)$ rows for $s$ systems and $|Q|$ queries (PyFLAGR's seed: 21
    methods, 20 queries, $k = 10$, so 441 rows and 46 columns).

    ``conventions`` chooses the evaluator (each difference is listed in
    `rankbook.evaluation.flagr`):

    - ``"trec_eval"`` (default): `rankbook.evaluate` with ``complete=True``,
      so every system is scored on every topic of the qrels (a topic a
      system misses scores 0); DCG@k with trec_eval's gain, the grade.
    - ``"flagr"``: FLAGR's evaluator, which PyFLAGR's numbers come from
      (relevant only with a positive aggregate score, IDCG from the list,
      gain $2^{\mathrm{rel}}-1$, 0 past the end of a short list); the topics are
      the queries of the lists.

    An aggregator's list is evaluated in the order its method produced, ties
    included, under both conventions; an added run in trec_eval's order.

    Differences from PyFLAGR: an aggregator is a method name of
    `rankbook.aggregate.METHODS` with its parameters (or a function with
    the methods' shape), not a configured object; the MAP column is called
    ``MAP`` (PyFLAGR: ``Mean Average Precision (MAP)``); ``q`` holds the
    query ids as given (PyFLAGR writes ``Topic 1``); the index is
    0, 1, 2, ... (PyFLAGR repeats 0..20 per method); a FLAGR list file may
    have 5 or 6 columns (PyFLAGR 1.0.18 silently scores a 5-column file 0);
    plotting at a cutoff above the evaluation points raises a clear error
    (PyFLAGR raises TypeError while building its message).

    Parameters
    ----------
    cutoff : int, default 10
        The evaluation points: P, recall, DCG and nDCG at 1, ..., cutoff.
    conventions : {"trec_eval", "flagr"}, default "trec_eval"
        Which evaluator (see above).

    Attributes
    ----------
    results : pandas.DataFrame or None
        The table, after `aggregate` or `evaluate`.
    runs : dict
        ``{name: run}``: every system's ranking (the aggregators' after `aggregate`).
    timings : pandas.DataFrame or None
        Seconds spent per system aggregating and evaluating.

    Examples
    --------
    >>> lists = [{"q1": {"a": 3, "b": 2, "c": 1}}, {"q1": {"b": 3, "a": 2, "d": 1}}]
    >>> qrels = {"q1": {"a": 1, "b": 0, "c": 1, "d": 0}}
    >>> cmp = Comparator(3)
    >>> cmp.add_aggregator("Borda", "borda")
    >>> cmp.add_aggregator("RRF", "rrf", k=60)
    >>> cmp.aggregate(runs=lists, qrels=qrels).shape
    (4, 18)
    >>> cmp.get_results(cutoff=2, metric=["map", "precision"]).round(4)
              MAP  P_1  P_2
    Method
    Borda   0.8333  1.0  0.5
    RRF     0.8333  1.0  0.5
    """

    def __init__(self, cutoff: int = 10, *, conventions: str = "trec_eval"):
        self.cutoff = _validate.cutoff(cutoff, "cutoff")
        self.conventions = _validate.choice(conventions, _evaluation.CONVENTIONS, "conventions")
        self.results = None
        self.runs: dict = {}
        self.timings = None
        self._systems: dict = {}     # name -> ("aggregator", method, params) or ("run", run)
        self._aggregate_seconds: dict = {}

    def add_aggregator(self, name: str, method, **params) -> None:
        r"""Add a rank-aggregation method, applied to the input lists by `aggregate`.

        Parameters
        ----------
        name : str
            The system's name in the results (``Method`` column).
        method : str or callable
            A name of `rankbook.aggregate.METHODS` (``"combsum"``, ``"mc4"``,
            ..., in any case: ``"CombSUM"``) or a function ``f(lists, *, weights=None, **params) -> dict``
            over the ranked lists of one query, best first (the methods' shape).
        **params
            The method's parameters, e.g. ``norm="rank"``, ``convention="flagr"``;
            ``weights=`` gives one weight per input list. They are checked here (an
            unknown name, a bad value), not when `aggregate` runs.
        """
        from rankbook.aggregate.registry import METHODS, check_parameters, method_named

        self._check_name(name)
        if not callable(method):
            try:
                method = method_named(method)
            except InvalidValueError:
                raise InvalidValueError(
                    f"add_aggregator({name!r}, {method!r}): unknown method; give a name of "
                    f"rankbook.aggregate.METHODS ({', '.join(METHODS)}), in any case, or a "
                    "function over one query's lists.") from None
        function = method if callable(method) else METHODS[method].function
        check_parameters(function, params, what=f"add_aggregator({name!r}, {method!r})")
        self._systems[name] = ("aggregator", method, params)

    def add_run(self, name: str, run) -> None:
        r"""Add a run (a TREC file, ``{query: {doc: score}}`` or a DataFrame) to the comparison.

        The run is read now, so a bad file fails here with its line number.
        """
        from rankbook.io import as_run

        self._check_name(name)
        frame = as_run(run)
        self._systems[name] = ("run", frame)
        self.runs[name] = frame

    def aggregate(self, input_file=None, rels_file=None, *, runs=None, qrels=None,
                  label: str | None = None, progress: bool | None = None):
        r"""Fuse the input lists with every aggregator, then evaluate every system.

        The input lists are ``input_file`` or ``runs``; without either, the runs added
        with `add_run` (in the order added): the aggregators fuse them and the table
        compares the fused runs with their inputs. With no aggregator, this evaluates
        the added runs, as `evaluate` does.

        Parameters
        ----------
        input_file : str or os.PathLike, optional
            A FLAGR list CSV (5 or 6 columns): one input list per voter and query.
        rels_file : str or os.PathLike, optional
            The judgments: a FLAGR qrels CSV (``query,0,item,relevance``) or a
            TREC qrels file.
        runs : sequence of runs, optional
            The input lists as runs instead of ``input_file`` (one list per run
            and query). Default: the runs added with `add_run`.
        qrels : dict or pandas.DataFrame, optional
            The judgments instead of ``rels_file``.
        label : str, optional
            The dataset label of a FLAGR file that holds several.
        progress : bool or None, default None
            Print a line on stderr as each aggregator finishes (``[3/21] Condorcet: 0.8 s``):
            21 methods on FLAGR's sample data take 15-28 s. ``None`` prints only when stderr
            is a terminal (not in a notebook, a doctest or a pipe); ``True`` always; ``False``
            never.

        Returns
        -------
        pandas.DataFrame
            `results`.
        """
        from rankbook.fusion import fuse_profiles, read_profiles

        added = [system[1] for system in self._systems.values() if system[0] == "run"]
        if input_file is None and runs is None:
            runs = added or None  # the added runs are the input lists
        if (input_file is None) == (runs is None):
            raise InvalidValueError(
                "aggregate() needs the input lists: input_file='lists.csv' (FLAGR's CSV), "
                "runs=[run, run, ...], or runs added with add_run(); "
                + ("one of the two, not both." if input_file is not None else "none was given."))
        if (rels_file is None) == (qrels is None):
            raise InvalidValueError(
                "aggregate() needs the judgments: rels_file='qrels.csv' (FLAGR's CSV or a TREC "
                "qrels file) or qrels={query: {item: grade}}, one of the two.")
        judgments = _judgments(rels_file if qrels is None else qrels)
        self._aggregate_seconds = {}
        profiles = read_profiles(runs, flagr=input_file, label=label)   # once, for every aggregator
        show = _show_progress(progress)
        fused = [name for name, system in self._systems.items() if system[0] == "aggregator"]
        for done, name in enumerate(fused, start=1):
            _, method, params = self._systems[name]
            start = time.perf_counter()
            self.runs[name] = fuse_profiles(profiles, method, **params)
            self._aggregate_seconds[name] = time.perf_counter() - start
            if show:
                print(f"[{done}/{len(fused)}] {name}: {self._aggregate_seconds[name]:.1f} s",
                      file=sys.stderr, flush=True)
        return self.evaluate(judgments)

    def evaluate(self, qrels):
        r"""Evaluate every system (runs, and aggregates from `aggregate`) against ``qrels``.

        ``qrels`` is a FLAGR qrels CSV (``query,0,item,relevance``), a TREC qrels
        file, ``{query: {item: grade}}`` or a DataFrame (`rankbook.io.as_qrels`).

        Returns
        -------
        pandas.DataFrame
            `results`, also stored on the Comparator.
        """
        import pandas as pd

        from rankbook.fusion import ordered_scores

        judged = _judgments(qrels)
        missing = [name for name, s in self._systems.items() if name not in self.runs]
        if missing or not self._systems:
            raise InvalidValueError(
                "nothing to evaluate: add systems with add_run() or add_aggregator(), and "
                f"call aggregate(input_file=...) to run the aggregators ({', '.join(missing)}).")
        topics = self._topics(judged)
        tables, seconds = [], self._aggregate_seconds
        timings = []
        for name in self._systems:
            start = time.perf_counter()
            run = self.runs[name]
            ordered = ordered_scores(run) if isinstance(run, dict) and \
                self.conventions == "trec_eval" else run
            table = _evaluation.system_table(judged, ordered, self.cutoff, topics, self.conventions)
            tables.append(_as_result_rows(table, name))
            timings.append((name, seconds.get(name, 0.0), time.perf_counter() - start))
        self.results = pd.concat(tables, ignore_index=True)
        self.timings = pd.DataFrame(timings, columns=["Method", "aggregate_s", "evaluate_s"]) \
            .set_index("Method")
        return self.results

    def get_results(self, cutoff: int | None = None, metric="all", query="all"):
        r"""A slice of `results`: one row per system, the chosen measures up to ``cutoff``.

        Parameters
        ----------
        cutoff : int, optional
            The last evaluation point shown (at most the Comparator's cutoff). Default: all.
        metric : str or list of str, default "all"
            ``"map"``, ``"precision"``, ``"recall"``, ``"dcg"``, ``"ndcg"``, a list of
            them (in the order given), or ``"all"`` (every one).
        query : str, default "all"
            A query id, or ``"all"`` for the means.

        Returns
        -------
        pandas.DataFrame
            Index ``Method`` (the systems in the order added), one column per value.
        """
        return tables.select(self._results(), self.cutoff, cutoff, metric, query)

    def convert_to_latex(self, cutoff: int | None = None, metric="all", query="all",
                         dec_pts: int = 6) -> str:
        r"""`get_results` as a LaTeX ``tabular`` (booktabs rules, the best value of each column in bold).

        Needs no extra package to produce (PyFLAGR's needs jinja2); the document
        needs ``\usepackage{booktabs}``.
        """
        table = self.get_results(cutoff, metric, query)
        return tables.to_latex(table, decimals=dec_pts, headers=tables.pretty_headers(table))

    def plot_average_precision(self, dimensions=(16, 7), show_grid: bool = True, query="all",
                               *, ax=None):
        r"""Bar plot of MAP (or one query's AP) per system; returns the matplotlib Axes."""
        from rankbook.compare.plots import bar_per_system

        column = self.get_results(metric="map", query=query)["MAP"]
        label = "Mean average precision" if query == "all" else f"Average precision, query {query}"
        return bar_per_system(column, label, dimensions=dimensions, show_grid=show_grid, ax=ax)

    def plot_metric(self, cutoff: int, metric: str, plot_type: str = "bar",
                    dimensions=(10.24, 7.68), show_grid: bool = True, query="all", *, ax=None):
        r"""A measure at evaluation points 1..cutoff, one bar group or line per system; returns the Axes."""
        from rankbook.compare.plots import metric_at_cutoffs

        _validate.choice(plot_type, ("bar", "line"), "plot_type")
        _validate.choice(metric, tables.CUTOFF_METRICS, "metric")
        table = self.get_results(cutoff, metric, query)
        return metric_at_cutoffs(table, tables.METRIC_LABELS[metric], plot_type=plot_type,
                                 dimensions=dimensions, show_grid=show_grid, ax=ax)

    def per_topic(self, column: str = "MAP"):
        r"""One column of `results` as a table topics x systems (the ``all`` rows left out)."""
        results = self._results()
        if column not in results.columns or column in ("q", "Method"):
            raise InvalidValueError(
                f"per_topic({column!r}): no such measure column; choose one of "
                f"{', '.join(results.columns[1:-1])}.")
        rows = results[results["q"] != "all"]
        table = rows.pivot(index="q", columns="Method", values=column)
        return table.loc[rows["q"].unique(), list(self._systems)]

    def compare(self, columns=("MAP",), **options):
        r"""Significance tests between the systems on per-topic columns of `results`.

        ``options`` are those of `rankbook.compare.compare_scores` (``test``,
        ``correction``, ``baseline``, ...). The report names the measures as a paper
        prints them (``P_10`` becomes ``P@10``, ``ndcg_cut_10`` ``nDCG@10``). Returns a
        `ComparisonReport`.
        """
        from rankbook.compare.significance import compare_scores

        import pandas as pd

        if isinstance(columns, str):
            columns = [columns]
        names = tables.pretty_headers(pd.DataFrame(columns=list(columns)))   # P_10 -> P@10
        return compare_scores({name: self.per_topic(c) for name, c in zip(names, columns)},
                              **options)

    def _results(self):
        if self.results is None:
            raise InvalidValueError(
                "no results yet: call aggregate(input_file=..., rels_file=...) or "
                "evaluate(qrels) first.")
        return self.results

    def _check_name(self, name) -> None:
        if not isinstance(name, str) or not name:
            raise InvalidTypeError(f"a system's name must be a non-empty string, got {name!r}.")
        if name in self._systems:
            raise InvalidValueError(f"a system named {name!r} was already added; names must differ.")

    def _topics(self, judged) -> list:
        """The topics of the table: the lists' queries (FLAGR) or the qrels topics (trec_eval)."""
        seen: dict = {}
        for run in self.runs.values():
            queries = run if isinstance(run, dict) else dict.fromkeys(run["query"])
            seen.update(dict.fromkeys(str(q) for q in queries))
        judged_topics = dict.fromkeys(judged["query"])
        if not any(topic in judged_topics for topic in seen):
            raise InvalidValueError(
                f"no query of the systems ({', '.join(list(seen)[:5])}, ...) has a judgment; "
                f"the qrels' queries are {', '.join(list(judged_topics)[:5])}, ...: check that "
                "the lists and the judgments use the same query ids.")
        if self.conventions == "flagr":
            return list(seen)
        return [t for t in seen if t in judged_topics] + [t for t in judged_topics if t not in seen]


def _show_progress(progress: bool | None) -> bool:
    """``progress`` as given, or, for None, whether stderr is a terminal."""
    if progress is not None:
        return bool(progress)
    isatty = getattr(sys.stderr, "isatty", None)
    return bool(isatty and isatty())


def _as_result_rows(table, name: str):
    """An evaluation table as Comparator rows: ``q`` first, ``map`` named ``MAP``, ``Method`` last."""
    rows = table.rename(columns={"map": "MAP"})
    rows.insert(0, "q", [str(q) for q in table.index])
    rows["Method"] = name
    return rows.reset_index(drop=True)


def _judgments(qrels):
    """The judgments as a DataFrame (`as_qrels`, which tells FLAGR's qrels CSV from a TREC file)."""
    from rankbook.io import as_qrels

    return as_qrels(qrels)
