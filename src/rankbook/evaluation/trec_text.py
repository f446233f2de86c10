"""trec_eval's text layout: ``measure<TAB>topic<TAB>value``, measures in trec_eval's order."""

from __future__ import annotations

from rankbook.evaluation.summary import SUMMARY_ROW, Table
from rankbook.metrics.registry import METRICS

# trec_eval's print order: the position of each entry in the registry.
_ORDER = {metric.name: position for position, metric in enumerate(METRICS)}


def format_trec(result, *, header: bool = False) -> str:
    r"""The result of :func:`evaluate` in trec_eval's layout: ``measure<TAB>topic<TAB>value``.

    The measure name is padded to 22 characters, values have 4 decimals (the
    counts none), measures come in trec_eval's order, per-topic blocks first,
    then the ``all`` block. Topics scored only because of ``complete=True``
    get no block with trec_eval 9 (``result.attrs["trec_eval"] == "9"``), as
    trec_eval 9.x prints none, and a block with 10, as trec_eval 10.0 does.
    ``gm_map`` is printed in the ``all`` block only.

    Parameters
    ----------
    result : pandas.DataFrame
        What :func:`evaluate` returned.
    header : bool, default False
        Also print the ``runid`` and ``num_q`` lines (trec_eval's default set
        does).

    Returns
    -------
    str
        The lines, each ending in a newline.

    Examples
    --------
    >>> from rankbook.evaluation import evaluate
    >>> result = evaluate({"q1": {"a": 1}}, {"q1": {"a": 1.0, "b": 0.5}}, ["P@2", "num_ret"])
    >>> print(format_trec(result), end="")
    num_ret               	q1	2
    P_2                   	q1	0.5000
    num_ret               	all	2
    P_2                   	all	0.5000
    """
    topics = list(result.index[:-1])
    values = {label: result[label].tolist()[:-1] for label in result.columns}
    summary = {label: result[label].iloc[-1] for label in result.columns}
    return trec_text(Table(topics, result.attrs["measures"], values, summary, result.attrs),
                     header=header)


def trec_text(table: Table, *, header: bool = False, per_query: bool = True,
              runid_first: bool = False) -> str:
    """:func:`format_trec` of a :class:`~rankbook.evaluation.summary.Table` (no pandas needed).

    ``runid_first``: start with trec_eval's ``runid`` line, ``runid<TAB>all<TAB>TAG``,
    unless the text starts with it already (the default measures without ``-q``): the
    label of each run when several are printed one after the other.
    """
    text = _trec_lines(table, header, per_query)
    if runid_first and not text.startswith("runid "):
        text = _line("runid", SUMMARY_ROW, table.attrs["runid"]) + text
    return text


def _trec_lines(table: Table, header: bool, per_query: bool) -> str:
    measures = sorted(table.attrs["measures"], key=_print_order)
    skipped = set() if table.attrs.get("trec_eval") == "10" else \
        set(table.attrs.get("only_in_qrels", ()))
    lines = []
    rows = [(topic, position) for position, topic in enumerate(table.topics)] if per_query else []
    columns = {label: column.tolist() if hasattr(column, "tolist") else column  # floats, not
               for label, column in table.values.items()} if per_query else {}  # numpy scalars
    for topic, position in rows + [(SUMMARY_ROW, None)]:
        is_summary = position is None
        if not is_summary and topic in skipped:
            continue
        if is_summary and header:
            lines.append(_line("runid", topic, table.attrs["runid"]))
            lines.append(_line("num_q", topic, table.attrs["num_q"]))
        for measure in measures:
            rule = measure.metric.rule
            if not (rule.summary_line if is_summary else rule.per_topic_lines):
                continue
            value = table.summary[measure.label] if is_summary else \
                columns[measure.label][position]
            lines.append(_line(measure.trec, topic, _value_text(value, rule)))
    return "".join(lines)


def _print_order(measure) -> tuple:
    """trec_eval's order: by registry position, then by parameter."""
    param = measure.param
    return (_ORDER.get(measure.metric.name, len(_ORDER)), -1 if param is None else 0,
            param if measure.metric.param is not None and measure.metric.param.cutoffs else 0)


def _value_text(value, rule) -> str:
    """A value as trec_eval prints it: the run's name as is, another text quoted (relstring's
    ``'0110'``), a count without decimals, anything else with 4 (``%6.4f``)."""
    if isinstance(value, str):
        return value if rule.name == "name" else f"'{value}'"
    if rule.integer:
        return str(int(value))
    return f"{value:.4f}"


def _line(name: str, topic, value) -> str:
    return f"{name:<22}\t{topic}\t{value}\n"
