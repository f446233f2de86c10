"""MkDocs hook: links in notebook pages are written, and resolved, as in Markdown pages.

A Markdown page links to another page by its source path (``../aggregation/rra.md``) and
mkdocs turns that into the built page's URL (``../../aggregation/rra/``), checking that the
page exists. mkdocs-jupyter renders notebooks to HTML itself, so neither happens there: a
link in a notebook's Markdown cell stays ``../aggregation/rra.md``, which on the site points
below ``notebooks/<name>/`` and is a 404. This hook does for notebook pages what mkdocs does
for Markdown pages: every relative ``href`` to a ``.md`` or ``.ipynb`` source file, resolved
from the notebook's place in ``docs/`` (``docs/notebooks/``, a symlink to ``notebooks/``),
becomes that page's URL, its ``#anchor`` kept. A link to a source file that is not in the
site is a warning, which ``mkdocs build --strict`` turns into a failure.

``scripts/check_links.py`` then checks every link of the built site, anchors included.
Registered in mkdocs.yml under ``hooks:``.
"""

from __future__ import annotations

import logging
import posixpath
import re
from urllib.parse import unquote

log = logging.getLogger("mkdocs.hooks.notebook_links")

_HREF = re.compile(r'href="(?![a-zA-Z][a-zA-Z0-9+.-]*:|/|#)([^"#]+\.(?:md|ipynb))(#[^"]*)?"')


def on_page_content(html, page, config, files, **kwargs):
    if not page.file.src_uri.endswith(".ipynb"):
        return html
    folder = posixpath.dirname(page.file.src_uri)

    def rewrite(match: re.Match) -> str:
        path, anchor = unquote(match.group(1)), match.group(2) or ""
        target = files.get_file_from_path(posixpath.normpath(posixpath.join(folder, path)))
        if target is None:
            log.warning("Doc file '%s' contains a link '%s', but the target is not found "
                        "among documentation files.", page.file.src_uri, path)
            return match.group(0)
        return f'href="{target.url_relative_to(page.file)}{anchor}"'

    return _HREF.sub(rewrite, html)
