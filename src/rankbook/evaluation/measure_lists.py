r"""The lists of measure names: ``rankbook eval --help``'s and the guide's table.

Both are read from the registry (:data:`rankbook.metrics.registry.METRICS`), as the
parser (:mod:`rankbook.evaluation.measures`) is: a name the lists show is a name the
parser reads (``tests/metrics/test_registry_generated.py``).
"""

from __future__ import annotations

import textwrap

from rankbook.metrics.registry import METRICS
from rankbook.metrics.spec import TREC_EVAL_VERSIONS, Metric


def canonical_names(metrics: tuple[Metric, ...] = METRICS) -> list[str]:
    """Every canonical name the parser accepts, as written in the registry (``P@k``)."""
    by_name = {metric.name: metric for metric in metrics}
    return [spelling for metric in metrics
            if (by_name[metric.same_as] if metric.same_as else metric).evaluable
            for spelling in (metric.name, *metric.aliases)]


def trec_names(metrics: tuple[Metric, ...] = METRICS) -> list[str]:
    """Every trec_eval family name the parser accepts, in trec_eval's order."""
    return [name for metric in metrics if metric.evaluable for name in metric.trec_eval]


def measure_help(width: int = 88) -> str:
    """The measure list of ``rankbook eval --help``."""
    indent = "  "
    def wrap(title: str, names: list[str]) -> str:
        return textwrap.fill(" ".join(names), width, initial_indent=indent + title,
                             subsequent_indent=indent * 3, break_on_hyphens=False)
    versions = " or ".join(TREC_EVAL_VERSIONS)
    return "\n".join([
        "measures (-m, repeatable), canonical or trec_eval notation:",
        wrap("canonical: ", canonical_names()),
        wrap("trec_eval: ", trec_names()),
        f"{indent}with parameters: P@10, iP@0.3, P_10, P.5,10 (P alone: trec_eval's cut-offs);",
        f"{indent}all_trec: every measure of trec_eval's -m all_trec (of --trec-eval {versions})",
    ])


def measure_table(metrics: tuple[Metric, ...] = METRICS) -> str:
    """The Markdown table of measure names (the evaluation package's docstring shows it)."""
    lines = ["| canonical | trec_eval | summary row | what |", "| --- | --- | --- | --- |"]
    for metric in metrics:
        if not metric.evaluable:
            continue
        spellings = [metric.name, *metric.aliases]
        spellings += [m.name for m in metrics if m.same_as == metric.name]
        lines.append(f"| {', '.join(f'`{s}`' for s in spellings)} "
                     f"| {', '.join(_trec_forms(metric))} | {metric.summary_rule} "
                     f"| {metric.summary} |")
    lines.append("| | `all_trec` | | every measure above with a trec_eval name |")
    return "\n".join(lines)


def _trec_forms(metric: Metric) -> list[str]:
    forms = []
    for name in metric.trec_eval:
        if metric.param is not None and metric.param.cutoffs:
            forms += [f"`{name}_{metric.param.symbol}`", f"`{name}.{metric.param.symbol},...`",
                      f"`{name}`"]
        else:
            forms.append(f"`{name}`")
    return forms
