"""MkDocs hook: generate the significance tests' index, nav entries and API pages from their registry.

``rankbook.stats.registry`` (``TESTS`` and ``CORRECTIONS``) is the one list of tests. From it:

- a page with ``<!-- stats-index -->`` (docs/comparing/index.md, docs/api/stats/index.md) gets
  the table of every test and correction: function, ``compare`` name, systems, null
  hypothesis, what it reports, page (linked from the page showing it);
- a page with ``<!-- stats-modules -->`` (docs/api/stats/index.md) gets the table of the
  modules of ``rankbook.stats`` and their functions, each module linked to its API page;
- a page with ``<!-- compare-tests -->`` (docs/api/compare/significance.md) gets the table of
  the tests ``rankbook.compare`` offers, with the effect size and interval it reports;
- every registry page missing from the "Comparing systems" section of mkdocs.yml's nav is
  added to it, and every module of a registry function without its own API page
  (``docs/api/stats/<module>.md``) gets one, generated, in the API reference's nav.

So a new test needs no edit of mkdocs.yml, the index page or the API pages. Every table is
written in Markdown, into the page's source (``on_page_markdown``), never patched into the
rendered HTML, and no docstring carries one. If the registry cannot be imported the build
fails: the index is never silently left out.
"""

from __future__ import annotations

import posixpath

from metric_index import nav_pages  # mkdocs puts the hooks' folder on sys.path
from mkdocs.exceptions import PluginError

INDEX_MARKER = "<!-- stats-index -->"
MODULES_MARKER = "<!-- stats-modules -->"
COMPARE_MARKER = "<!-- compare-tests -->"
NAV_SECTION = "Comparing systems"
API_SECTION = "API reference"
API_DIR = "api/stats"


def _registry():
    try:
        from rankbook.stats import registry
    except Exception as exc:  # ImportError, or an error inside the package
        raise PluginError(f"stats_index hook: cannot import rankbook.stats.registry ({exc})") from exc
    return registry


def modules() -> list[str]:
    """The modules of the registry's functions, in registry order."""
    registry = _registry()
    entries = list(registry.TESTS.values()) + list(registry.CORRECTIONS.values())
    return list(dict.fromkeys(entry.function.__module__ for entry in entries))


def api_page(module: str) -> str:
    """``rankbook.stats.unpaired`` -> ``api/stats/unpaired.md``."""
    return f"{API_DIR}/{module.rsplit('.', 1)[1]}.md"


def on_config(config, **kwargs):
    """Add each registry page and API page that the nav lacks."""
    registry = _registry()
    entries = list(registry.TESTS.values()) + list(registry.CORRECTIONS.values())
    pages = {entry.page: entry.title[0].upper() + entry.title[1:] for entry in entries}
    _add_after_last(config["nav"], NAV_SECTION, "comparing/", pages)
    _add_after_last(config["nav"], API_SECTION, API_DIR + "/",
                    {api_page(m): "." + m.rsplit(".", 1)[1] for m in modules()})
    return config


def on_files(files, config, **kwargs):
    """Generate the API page of each registry module that has none in docs/api/stats/."""
    import importlib

    from mkdocs.structure.files import File

    for module in modules():
        uri = api_page(module)
        if files.get_file_from_path(uri) is None:
            title = (importlib.import_module(module).__doc__ or module).strip().splitlines()[0]
            text = (f"# {title.rstrip('.')}\n\n::: {module}\n    options:\n"
                    "      show_root_heading: false\n      show_root_toc_entry: false\n")
            files.append(File.generated(config, uri, content=text))
    return files


def on_page_markdown(markdown: str, page, config, files, **kwargs) -> str:
    """Replace each marker with its table, written from the registry in Markdown."""
    here = posixpath.dirname(page.file.src_uri) or "."
    for marker, table in tables().items():
        if marker in markdown:
            markdown = markdown.replace(marker, table(here))
    return markdown


def tables() -> dict:
    """``{marker: table}``: each table a function of the folder of the page showing it."""
    registry = _registry()
    return {INDEX_MARKER: lambda here: registry.markdown_table(posixpath.relpath(".", here) + "/"),
            MODULES_MARKER: module_table,
            COMPARE_MARKER: lambda here: registry.compare_table()}


def module_table(here: str) -> str:
    """``| module | functions |``, one row per module of the registry."""
    registry = _registry()
    entries = list(registry.TESTS.values()) + [next(iter(registry.CORRECTIONS.values()))]
    rows = ["| module | functions |", "| --- | --- |"]
    for module in modules():
        names = [f"`{e.function.__name__}`" for e in entries if e.function.__module__ == module]
        link = posixpath.relpath(api_page(module), here)
        rows.append(f"| [`{module}`]({link}) | {', '.join(names)} |")
    return "\n".join(rows) + "\n"


def _add_after_last(nav: list, section_name: str, prefix: str, pages: dict) -> list[str]:
    """Insert each of ``pages`` ({path: title}) the nav lacks after the section's last ``prefix`` page."""
    listed = set(nav_pages(nav))
    section = next((item[section_name] for item in nav
                    if isinstance(item, dict) and section_name in item), None)
    if section is None:
        raise PluginError(f"stats_index hook: mkdocs.yml's nav has no {section_name!r} section")
    added = [page for page in pages if page not in listed]
    last = max((i for i, item in enumerate(section)
                if any(p.startswith(prefix) for p in nav_pages(item))), default=len(section) - 1)
    for offset, page in enumerate(added, start=1):
        section.insert(last + offset, {pages[page]: page})
    return added
