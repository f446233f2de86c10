"""MkDocs hook: generate the metric index from ``rankbook.metrics.registry``.

A page that contains the marker ``<!-- metric-index -->`` gets, in its place, a
Markdown table with one row per entry of ``rankbook.metrics.registry.METRICS``:
the metric (linked to its page), the Python function (linked to its API
entry, every one importable as ``rankbook.<name>``), trec_eval's name and the
one-line summary. The registry is the one list of metrics, so a new metric
appears here without editing any page.

Registered in mkdocs.yml under ``hooks:``. If the registry cannot be imported,
or a record lacks a field, the build fails: the index is never silently left out.
"""

from __future__ import annotations

import posixpath
import sys

from mkdocs.exceptions import PluginError

MARKER = "<!-- metric-index -->"


def on_pre_build(config, **kwargs) -> None:
    """Forget imported rankbook modules so `mkdocs serve` rebuilds pick up edits."""
    for name in [n for n in sys.modules if n == "rankbook" or n.startswith("rankbook.")]:
        del sys.modules[name]


def on_page_markdown(markdown: str, page, config, files, **kwargs) -> str:
    """Replace every metric-index marker in the page with the generated table."""
    if MARKER not in markdown:
        return markdown
    table = metric_table(page.file.src_uri)
    return markdown.replace(MARKER, table)


def metric_table(from_page: str) -> str:
    """The index table as Markdown, with links relative to ``from_page`` (a docs path)."""
    metrics = _load_registry()
    here = posixpath.dirname(from_page)
    lines = [
        "| Metric | Function | trec_eval name | Summary |",
        "| --- | --- | --- | --- |",
    ]
    for info in metrics:
        try:
            name, function, page = info.name, info.function, info.page
            trec_eval, summary = info.trec_eval, info.summary
        except AttributeError as exc:
            raise PluginError(f"metric_index hook: registry entry {info!r} lacks a field: {exc}") from exc
        link = posixpath.relpath(page, here or ".")
        trec_cell = f"`{_cell(trec_eval)}`" if trec_eval else "—"
        lines.append(
            f"| [{_cell(name)}]({link}) "
            f"| [`{function.__name__}`][{function.__module__}.{function.__name__}] "
            f"| {trec_cell} | {_cell(summary)} |"
        )
    return "\n".join(lines) + "\n"


def _load_registry():
    try:
        from rankbook.metrics.registry import METRICS
    except Exception as exc:  # ImportError, or an error inside the package
        raise PluginError(
            "metric_index hook: cannot import rankbook.metrics.registry.METRICS "
            f"({type(exc).__name__}: {exc}). Install the package into the docs "
            "environment (`make install`, i.e. pip install -e \".[docs,test]\")."
        ) from exc
    if not METRICS:
        raise PluginError("metric_index hook: rankbook.metrics.registry.METRICS is empty")
    return METRICS


def _cell(text: str) -> str:
    """Make text safe inside a Markdown table cell."""
    return str(text).replace("|", r"\|").replace("\n", " ")
