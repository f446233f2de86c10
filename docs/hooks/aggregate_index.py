"""MkDocs hook: generate the rank-aggregation method tables from their registry.

``rankbook.aggregate.registry`` (``METHODS`` and ``FAMILIES``) is the one list of methods. From it:

- a page with ``<!-- aggregate-index -->`` (docs/aggregation/index.md) gets the table of the
  methods by family: the methods, what they read, the family's pages;
- a page with ``<!-- aggregate-methods -->`` (docs/api/aggregate/index.md) gets the table of
  every method: its function, family, parameters (type, default, PyFLAGR's spelling) and page.

So a new method needs no edit of either page. If the registry cannot be imported the build
fails: the tables are never silently left out.
"""

from __future__ import annotations

import posixpath

from mkdocs.exceptions import PluginError

INDEX_MARKER = "<!-- aggregate-index -->"
METHODS_MARKER = "<!-- aggregate-methods -->"


def _registry():
    try:
        from rankbook.aggregate import registry
    except Exception as exc:  # ImportError, or an error inside the package
        raise PluginError(f"aggregate_index hook: cannot import rankbook.aggregate.registry "
                          f"({exc})") from exc
    return registry


def method_table(link_prefix: str) -> str:
    """``| method | function | family | parameters | page |``, one row per method."""
    registry = _registry()
    rows = ["| method | function | family | parameters (type = default; PyFLAGR's name) | page |",
            "| --- | --- | --- | --- | --- |"]
    for name, method in registry.METHODS.items():
        shown = []
        for p in registry.parameters(name):
            default = "required" if p.default is registry.REQUIRED else repr(p.default)
            flagr = f"; `{p.flagr}`" if p.flagr else ""
            shown.append(f"`{p.name}`: {p.type.__name__} = {default}{flagr}")
        page = method.docs_page
        rows.append(f"| `{name}` | `{method.function.__module__}.{method.function.__name__}` | "
                    f"{registry.FAMILIES[method.family].title} | {'<br>'.join(shown)} | "
                    f"[{page.rsplit('/', 1)[1]}]({link_prefix}{page}) |")
    return "\n".join(rows)


def on_page_markdown(markdown: str, page, config, files, **kwargs) -> str:
    """Replace the markers with the tables generated from the registry."""
    prefix = posixpath.relpath(".", posixpath.dirname(page.file.src_uri) or ".") + "/"
    if INDEX_MARKER in markdown:
        markdown = markdown.replace(INDEX_MARKER, _registry().markdown_table(prefix))
    if METHODS_MARKER in markdown:
        markdown = markdown.replace(METHODS_MARKER, method_table(prefix))
    return markdown
