"""MkDocs hook: generate the metric index (and the table of measure names) from the registry.

A page that contains the marker ``<!-- metric-index -->`` gets, in its place, a
Markdown table with one row per entry of ``rankbook.metrics.registry.METRICS``,
grouped by family: the metric (linked to its page), the Python function (linked
to its API entry, every one importable as ``rankbook.<name>``), trec_eval's
name, how the ``all`` row of ``rankbook eval`` forms it, and the one-line
summary. The registry is the one list of metrics, so a new metric appears here
without editing any page.

A page with the marker ``<!-- measure-names -->`` gets the evaluator's table of
measure names, canonical and trec_eval notation (the same table
``help(rankbook.evaluation)`` shows). A page with ``<!-- metric-modules -->`` gets a
``::: module`` block (an API reference) for every module of a registry function it
does not document yet. Every registry page missing from mkdocs.yml's nav is
added to its chapter's section (the one that opens with the chapter's page), and every module of a registry function without its own API
page (``docs/api/metrics/<module>.md``, one page per public module) gets one, generated,
in the API reference's nav, so a new metric needs no edit of mkdocs.yml or of the API pages.

Registered in mkdocs.yml under ``hooks:``. If the registry cannot be imported,
or a record lacks a field, the build fails: the index is never silently left out.
"""

from __future__ import annotations

import posixpath
import sys

from mkdocs.exceptions import PluginError

MARKER = "<!-- metric-index -->"
MEASURES_MARKER = "<!-- measure-names -->"
MODULES_MARKER = "<!-- metric-modules -->"
API_SECTION = "API reference"
API_DIR = "api/metrics"


def on_pre_build(config, **kwargs) -> None:
    """Forget imported rankbook modules so `mkdocs serve` rebuilds pick up edits."""
    for name in [n for n in sys.modules if n == "rankbook" or n.startswith("rankbook.")]:
        del sys.modules[name]


def on_config(config, **kwargs):
    """Put every registry page, and every metric module's API page, that the nav lacks into it."""
    from rankbook.metrics.registry import CHAPTERS

    for info in _load_registry():
        if info.page.startswith("metrics/"):
            add_metric_page(config["nav"], info.page, CHAPTERS[info.family][1])
    add_api_pages(config["nav"], [api_page(module) for module in metric_modules_of_registry()])
    return config


def on_files(files, config, **kwargs):
    """Generate the API page of each metric module that has none in docs/api/metrics/."""
    from mkdocs.structure.files import File

    for module in metric_modules_of_registry():
        uri = api_page(module)
        if files.get_file_from_path(uri) is None:
            files.append(File.generated(config, uri, content=api_page_text(module)))
    return files


def metric_modules_of_registry() -> list[str]:
    """The modules of ``rankbook.metrics`` that hold a registry function, in registry order."""
    return list(dict.fromkeys(info.function.__module__ for info in _load_registry()
                              if getattr(info, "function", None) is not None
                              and info.function.__module__.startswith("rankbook.metrics.")))


def api_page(module: str) -> str:
    """``rankbook.metrics.dcg`` -> ``api/metrics/dcg.md``."""
    return f"{API_DIR}/{module.rsplit('.', 1)[1]}.md"


def api_page_text(module: str) -> str:
    """A metric module's API page: its first docstring line as title, then its reference."""
    import importlib

    doc = (importlib.import_module(module).__doc__ or module).strip().splitlines()[0]
    return (f"# {doc.rstrip('.')}\n\n`{module}`; every function here is also importable from "
            f"`rankbook` itself.\n\n::: {module}\n    options:\n      show_root_heading: false\n"
            f"      show_root_toc_entry: false\n")


def add_api_pages(nav: list, pages: list[str]) -> list[str]:
    """Insert each API page the nav lacks after the last ``api/metrics/`` entry; return them."""
    listed = set(nav_pages(nav))
    section = next((item[API_SECTION] for item in nav
                    if isinstance(item, dict) and API_SECTION in item), None)
    if section is None:
        raise PluginError(f"metric_index hook: mkdocs.yml's nav has no {API_SECTION!r} section")
    added = [page for page in dict.fromkeys(pages) if page not in listed]
    last = max((i for i, item in enumerate(section)
                if any(page.startswith(API_DIR + "/") for page in nav_pages(item))),
               default=len(section) - 1)
    for offset, page in enumerate(added, start=1):
        name = page.rsplit("/", 1)[1].removesuffix(".md")
        section.insert(last + offset, {f".{name}": page})
    return added


def add_metric_page(nav: list, page: str, chapter: str) -> bool:
    """Append ``page`` to the nav section that opens with ``chapter``, unless the nav has it."""
    if page in nav_pages(nav):
        return False
    section = _section_opening_with(nav, chapter)
    if section is None:
        raise PluginError(f"metric_index hook: {page} is not in mkdocs.yml's nav and no section "
                          f"opens with its chapter's page {chapter}; add it to its chapter")
    section.append(page)
    return True


def _section_opening_with(nav, chapter: str):
    """The list of the nav section whose first entry is ``chapter``, or None."""
    for item in nav if isinstance(nav, list) else []:
        if isinstance(item, dict):
            for value in item.values():
                if isinstance(value, list):
                    if value and value[0] == chapter:
                        return value
                    inner = _section_opening_with(value, chapter)
                    if inner is not None:
                        return inner
    return None


def nav_pages(nav) -> list[str]:
    if isinstance(nav, str):
        return [nav]
    if isinstance(nav, dict):
        return [page for value in nav.values() for page in nav_pages(value)]
    return [page for item in nav for page in nav_pages(item)]


def on_page_markdown(markdown: str, page, config, files, **kwargs) -> str:
    """Replace every metric-index (and measure-names) marker in the page with its table."""
    if MARKER in markdown:
        markdown = markdown.replace(MARKER, metric_table(page.file.src_uri))
    if MEASURES_MARKER in markdown:
        markdown = markdown.replace(MEASURES_MARKER, measure_names())
    if MODULES_MARKER in markdown:
        markdown = markdown.replace(MODULES_MARKER, metric_modules(markdown))
    return markdown


def metric_modules(markdown: str) -> str:
    """``::: module`` blocks for each module of a registry function that the page lacks."""
    modules = dict.fromkeys(info.function.__module__ for info in _load_registry()
                            if info.function is not None)
    missing = [module for module in modules if f"::: {module}\n" not in markdown]
    return "\n".join(f"::: {module}\n" for module in missing)


def measure_names() -> str:
    """The evaluator's table of measure names (``rankbook.evaluation.measures.measure_table``)."""
    _load_registry()
    from rankbook.evaluation.measures import measure_table

    return measure_table() + "\n"


def metric_table(from_page: str) -> str:
    """The index as Markdown, a table per chapter, links relative to ``from_page`` (a docs path)."""
    from rankbook.metrics.registry import CHAPTERS

    metrics = _load_registry()
    here = posixpath.dirname(from_page) or "."
    chapters = [chapter for family, chapter in CHAPTERS.items() if family != "Counts"]
    chapters = [*dict.fromkeys(chapters), CHAPTERS["Counts"]]   # reading order, counts last
    out = []
    for title, opening in chapters:
        rows = [info for info in metrics if CHAPTERS[info.family] == (title, opening)]
        out.append(f"### {title}\n\n[The chapter]({posixpath.relpath(opening, here)}) opens "
                   "with which measure to choose, and why.\n")
        out.append(_table(rows, here))
    return "\n".join(out)


def _table(metrics, here: str) -> str:
    lines = [
        "| Metric | Function | trec_eval name | `rankbook eval` | Summary |",
        "| --- | --- | --- | --- | --- |",
    ]
    for info in metrics:
        try:
            name, function, page, summary = info.name, info.function, info.page, info.summary
            trec_eval, evaluated = info.trec_notation, _evaluated(info)
        except AttributeError as exc:
            raise PluginError(f"metric_index hook: registry entry {info!r} lacks a field: {exc}") from exc
        link = posixpath.relpath(page, here)
        trec_cell = f"`{_cell(trec_eval)}`" if trec_eval else "—"
        function_cell = "—" if function is None else \
            f"[`{function.__name__}`][{function.__module__}.{function.__name__}]"
        lines.append(
            f"| [{_cell(name)}]({link}) | {function_cell} "
            f"| {trec_cell} | {evaluated} | {_cell(summary)} |"
        )
    return "\n".join(lines) + "\n"


def _evaluated(info) -> str:
    """How ``rankbook eval`` offers the entry: its summary rule, or not at all."""
    if info.same_as:
        return f"the `all` row of {_cell(info.same_as)}"
    if not info.evaluable:
        return "—"
    return {"mean": "mean", "sum": "sum", "gmean": "geometric mean", "count": "count",
            "name": "the run's name", "none": "per topic only"}.get(info.summary_rule,
                                                                   info.summary_rule)


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
