"""MkDocs hook: every index table, nav entry and API page written from the three catalogues.

rankbook keeps one list per catalogue (`rankbook._catalogue`): the metrics
(``rankbook.metrics.registry.METRICS``), the significance tests and corrections
(``rankbook.stats.registry.TESTS``, ``CORRECTIONS``) and the rank-aggregation methods
(``rankbook.aggregate.registry.METHODS``, ``FAMILIES``). A page with a marker gets, in its
place, a Markdown table written from the rows (``on_page_markdown``; never patched into the
rendered HTML, and no docstring carries one); links are relative to the page showing it:

| marker | table | page |
| --- | --- | --- |
| ``<!-- metric-index -->`` | the metrics by chapter: page, function, trec_eval name, `all` row, summary | docs/metrics/index.md |
| ``<!-- measure-names -->`` | the evaluator's measure names, canonical and trec_eval notation | docs/guide/evaluating_runs.md |
| ``<!-- stats-index -->`` | every test and correction: function, systems, null hypothesis, reports, page | docs/comparing/index.md, docs/api/stats/index.md |
| ``<!-- stats-modules -->`` | the modules of ``rankbook.stats`` and their tests, linked to their API pages | docs/api/stats/index.md |
| ``<!-- compare-tests -->`` | the tests ``rankbook.compare`` offers, with effect size and interval | docs/api/compare/significance.md |
| ``<!-- aggregate-index -->`` | the methods by family: what they read, the family's pages | docs/aggregation/index.md |
| ``<!-- aggregate-methods -->`` | every method: function, family, parameters, page | docs/api/aggregate/index.md |

Every metric page or test page missing from mkdocs.yml's nav joins its section (a metric's
chapter; "Comparing systems"), and every module of a metric or test function without its own
API page (``docs/api/metrics/<module>.md``, ``docs/api/stats/<module>.md``) gets one,
generated, in the API reference's nav. So a new row needs no edit of mkdocs.yml, of an index
page or of the API pages. If a registry cannot be imported, the build fails: no table is
silently left out.
"""

from __future__ import annotations

import importlib
import posixpath
import sys

from mkdocs.exceptions import PluginError

API_SECTION = "API reference"
TESTS_SECTION = "Comparing systems"
METRICS_API, STATS_API = "api/metrics", "api/stats"
ALSO_IN_RANKBOOK = "every function here is also importable from `rankbook` itself."


def registry(package: str):
    """``rankbook.<package>.registry``, or a build error saying how to fix it."""
    try:
        return importlib.import_module(f"rankbook.{package}.registry")
    except Exception as exc:  # ImportError, or an error inside the package
        raise PluginError(
            f"catalogues hook: cannot import rankbook.{package}.registry ({type(exc).__name__}: "
            f"{exc}). Install the package into the docs environment (`make install`).") from exc


def metrics():
    rows = registry("metrics").METRICS
    if not rows:
        raise PluginError("catalogues hook: rankbook.metrics.registry.METRICS is empty")
    return rows


def stats_rows() -> list:
    stats = registry("stats")
    return list(stats.TESTS.values()) + list(stats.CORRECTIONS.values())


# -- the build's events ----------------------------------------------------------------------

def on_pre_build(config, **kwargs) -> None:
    """Forget imported rankbook modules so `mkdocs serve` rebuilds pick up edits."""
    for name in [n for n in sys.modules if n == "rankbook" or n.startswith("rankbook.")]:
        del sys.modules[name]


def on_config(config, **kwargs):
    """Put every registry page, and every API page of a registry module, that the nav lacks in it."""
    nav, chapters = config["nav"], registry("metrics").CHAPTERS
    for info in metrics():
        if info.page.startswith("metrics/"):
            add_metric_page(nav, info.page, chapters[info.family][1])
    rows = stats_rows()
    add_after_last(nav, TESTS_SECTION, "comparing/",
                   {row.page: row.title[0].upper() + row.title[1:] for row in rows})
    for folder, modules in ((METRICS_API, metric_modules()), (STATS_API, stats_modules())):
        add_after_last(nav, API_SECTION, folder + "/",
                       {api_page(m): "." + m.rsplit(".", 1)[1] for m in modules})
    return config


def on_files(files, config, **kwargs):
    """Generate the API page of each registry module that has none in docs/api/."""
    from mkdocs.structure.files import File

    pages = {api_page(m): api_page_text(m, ALSO_IN_RANKBOOK) for m in metric_modules()}
    pages |= {api_page(m): api_page_text(m) for m in stats_modules()}
    for uri, text in pages.items():
        if files.get_file_from_path(uri) is None:
            files.append(File.generated(config, uri, content=text))
    return files


def on_page_markdown(markdown: str, page, config, files, **kwargs) -> str:
    """Replace each marker with its table, written from the rows in Markdown."""
    here = posixpath.dirname(page.file.src_uri) or "."
    for marker, table in TABLES.items():
        if marker in markdown:
            markdown = markdown.replace(marker, table(here))
    return markdown


# -- nav and API pages -----------------------------------------------------------------------

def metric_modules() -> list[str]:
    """The modules of ``rankbook.metrics`` that hold a registry function, in registry order."""
    return list(dict.fromkeys(info.function.__module__ for info in metrics()
                              if getattr(info, "function", None) is not None
                              and info.function.__module__.startswith("rankbook.metrics.")))


def stats_modules() -> list[str]:
    """The modules of the stats registry's functions, in registry order."""
    return list(dict.fromkeys(row.function.__module__ for row in stats_rows()))


def api_page(module: str) -> str:
    """``rankbook.metrics.dcg`` -> ``api/metrics/dcg.md``."""
    _, package, name = module.split(".")
    return f"api/{package}/{name}.md"


def api_page_text(module: str, note: str = "") -> str:
    """A module's API page: its first docstring line as title, then its reference."""
    title = (importlib.import_module(module).__doc__ or module).strip().splitlines()[0]
    intro = f"`{module}`; {note}\n\n" if note else ""
    return (f"# {title.rstrip('.')}\n\n{intro}::: {module}\n    options:\n"
            "      show_root_heading: false\n      show_root_toc_entry: false\n")


def add_after_last(nav: list, section_name: str, prefix: str, pages: dict) -> list[str]:
    """Insert each of ``pages`` ({path: title}) the nav lacks after the section's last ``prefix`` page."""
    listed = set(nav_pages(nav))
    section = next((item[section_name] for item in nav
                    if isinstance(item, dict) and section_name in item), None)
    if section is None:
        raise PluginError(f"catalogues hook: mkdocs.yml's nav has no {section_name!r} section")
    added = [page for page in pages if page not in listed]
    last = max((i for i, item in enumerate(section)
                if any(p.startswith(prefix) for p in nav_pages(item))), default=len(section) - 1)
    for offset, page in enumerate(added, start=1):
        section.insert(last + offset, {pages[page]: page})
    return added


def add_metric_page(nav: list, page: str, chapter: str) -> bool:
    """Append ``page`` to the nav section that opens with ``chapter``, unless the nav has it."""
    if page in nav_pages(nav):
        return False
    section = _section_opening_with(nav, chapter)
    if section is None:
        raise PluginError(f"catalogues hook: {page} is not in mkdocs.yml's nav and no section "
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
    """Every page path of a nav (or a part of one)."""
    if isinstance(nav, str):
        return [nav]
    if isinstance(nav, dict):
        return [page for value in nav.values() for page in nav_pages(value)]
    return [page for item in nav for page in nav_pages(item)]


# -- the metrics -----------------------------------------------------------------------------

def metric_table(here: str) -> str:
    """The metric index: a table per chapter, links relative to the folder ``here``."""
    chapters_of = registry("metrics").CHAPTERS
    rows = metrics()
    chapters = [chapter for family, chapter in chapters_of.items() if family != "Counts"]
    chapters = [*dict.fromkeys(chapters), chapters_of["Counts"]]   # reading order, counts last
    out = []
    for title, opening in chapters:
        shown = [info for info in rows if chapters_of[info.family] == (title, opening)]
        out.append(f"### {title}\n\n[The chapter]({posixpath.relpath(opening, here)}) opens "
                   "with which measure to choose, and why.\n")
        out.append(_metric_rows(shown, here))
    return "\n".join(out)


def _metric_rows(rows, here: str) -> str:
    lines = ["| Metric | Function | trec_eval name | `rankbook eval` | Summary |",
             "| --- | --- | --- | --- | --- |"]
    for info in rows:
        try:
            name, function, page, summary = info.name, info.function, info.page, info.summary
            trec_eval, evaluated = info.trec_notation, _evaluated(info)
        except AttributeError as exc:
            raise PluginError(f"catalogues hook: registry entry {info!r} lacks a field: {exc}") from exc
        trec_cell = f"`{_cell(trec_eval)}`" if trec_eval else "—"
        function_cell = "—" if function is None else \
            f"[`{function.__name__}`][{function.__module__}.{function.__name__}]"
        lines.append(f"| [{_cell(name)}]({posixpath.relpath(page, here)}) | {function_cell} "
                     f"| {trec_cell} | {evaluated} | {_cell(summary)} |")
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


def measure_names(here: str = ".") -> str:
    """The evaluator's table of measure names (``rankbook.evaluation.measure_lists.measure_table``)."""
    metrics()
    from rankbook.evaluation.measure_lists import measure_table

    return measure_table() + "\n"


def _cell(text: str) -> str:
    """Make text safe inside a Markdown table cell."""
    return str(text).replace("|", r"\|").replace("\n", " ")


# -- the significance tests ------------------------------------------------------------------

def stats_module_table(here: str) -> str:
    """``| module | functions |``, one row per module of the stats registry."""
    stats = registry("stats")
    rows = list(stats.TESTS.values()) + [next(iter(stats.CORRECTIONS.values()))]
    lines = ["| module | functions |", "| --- | --- |"]
    for module in stats_modules():
        names = [f"`{e.function.__name__}`" for e in rows if e.function.__module__ == module]
        lines.append(f"| [`{module}`]({posixpath.relpath(api_page(module), here)}) | "
                     f"{', '.join(names)} |")
    return "\n".join(lines) + "\n"


# -- the aggregation methods -----------------------------------------------------------------

def method_table(here: str) -> str:
    """``| method | function | family | parameters | page |``, one row per method."""
    aggregate = registry("aggregate")
    rows = ["| method | function | family | parameters (type = default; PyFLAGR's name) | page |",
            "| --- | --- | --- | --- | --- |"]
    for name, method in aggregate.METHODS.items():
        shown = []
        for p in aggregate.parameters(name):
            default = "required" if p.default is aggregate.REQUIRED else repr(p.default)
            flagr = f"; `{p.flagr}`" if p.flagr else ""
            shown.append(f"`{p.name}`: {p.type.__name__} = {default}{flagr}")
        rows.append(f"| `{name}` | `{method.function.__module__}.{method.function.__name__}` | "
                    f"{aggregate.FAMILIES[method.family].title} | {'<br>'.join(shown)} | "
                    f"[{method.page.rsplit('/', 1)[1]}]({_root(here)}{method.page}) |")
    return "\n".join(rows)


def _root(here: str) -> str:
    """The way from the folder ``here`` to the docs root, ending in ``/`` (``../``)."""
    return posixpath.relpath(".", here) + "/"


#: marker -> its table, a function of the folder of the page showing it
TABLES = {
    "<!-- metric-index -->": metric_table,
    "<!-- measure-names -->": measure_names,
    "<!-- stats-index -->": lambda here: registry("stats").markdown_table(_root(here)),
    "<!-- stats-modules -->": stats_module_table,
    "<!-- compare-tests -->": lambda here: registry("stats").compare_table(),
    "<!-- aggregate-index -->": lambda here: registry("aggregate").markdown_table(_root(here)),
    "<!-- aggregate-methods -->": method_table,
}
