"""Check every internal link of a built site: each href resolves to a file and each #anchor to an id.

    python scripts/check_links.py [--all] [SITE]          (default: site)

`mkdocs build --strict` checks the links of Markdown pages, but not those inside notebook
pages (mkdocs-jupyter renders them to HTML that mkdocs never validates). This reads the HTML
that was built, every page, and follows each `href` and `src` that stays on the site:

- a relative or root-relative URL must name a file of the site (a folder means its
  `index.html`, as a web server serves it);
- a `#fragment` must be an `id` (or an `<a name>`) on the page it points to;
- links that leave the site (`http:`, `https:`, `mailto:`, `data:`, `javascript:`, `//host`)
  are not followed: the site is read offline and those are not ours to check.

It stops at the first broken link, prints one line naming the page, the link and what is
missing, and exits 1 (`--all` lists every broken link before exiting 1); exit 0 prints how many links were checked. `make docs` runs it right
after the strict build. No dependency beyond the standard library.
"""

from __future__ import annotations

import sys
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

EXTERNAL = ("http:", "https:", "mailto:", "data:", "javascript:", "tel:", "ftp:")
# Attributes whose value is a URL to follow, by tag.
URL_ATTRIBUTES = {"a": "href", "link": "href", "img": "src", "script": "src", "source": "src"}


class BrokenLink(Exception):
    """A link whose target file or anchor is not in the site."""


class _Page(HTMLParser):
    """The links and the anchors (ids and <a name>) of one HTML page."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.links: list[tuple[int, str]] = []
        self.anchors: set[str] = set()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        if values.get("id"):
            self.anchors.add(values["id"])
        if tag == "a" and values.get("name"):
            self.anchors.add(values["name"])
        url = values.get(URL_ATTRIBUTES.get(tag, ""))
        if url:
            self.links.append((self.getpos()[0], url))


def read_page(path: Path) -> _Page:
    page = _Page()
    page.feed(path.read_text(encoding="utf-8"))
    page.close()
    return page


def _cached(pages: dict[Path, _Page], path: Path) -> _Page:
    if path not in pages:
        pages[path] = read_page(path)
    return pages[path]


def target_of(site: Path, page: Path, url: str) -> tuple[Path, str] | None:
    """The file and fragment `url` on `page` points to; None for a link that leaves the site."""
    if url.lower().startswith(EXTERNAL) or url.startswith("//"):
        return None
    parts = urlsplit(url)
    if parts.scheme or parts.netloc:
        return None
    path = unquote(parts.path)
    if not path:
        target = page
    elif path.startswith("/"):
        target = site / path.lstrip("/")
    else:
        target = page.parent / path
    if target.is_dir() or path.endswith("/"):
        target = target / "index.html"
    return target, unquote(parts.fragment)


def problems(site: Path):
    """Yield (links checked so far, message) for each broken internal link under `site`.

    The message names the page, its line, the link and what is missing.
    """
    site = site.resolve()
    if not (site / "index.html").is_file():
        yield 0, f"{site}: no index.html here; build the site first (make docs)"
        return
    pages: dict[Path, _Page] = {}
    checked = 0
    for page_path in sorted(site.rglob("*.html")):
        if page_path.relative_to(site).parts[0] in ("lite", "pyodide"):
            continue                  # JupyterLite's own app (make lite), not rankbook's pages
        page = _cached(pages, page_path)
        for line, url in page.links:
            found = target_of(site, page_path, url)
            if found is None:
                continue
            checked += 1
            message = _check_one(site, pages, page_path, line, url, *found)
            if message:
                yield checked, message
    yield checked, None


def check_site(site: Path) -> int:
    """Check every internal link of every HTML page under `site`; the number of links checked.

    Raises BrokenLink at the first broken one.
    """
    for checked, message in problems(site):
        if message:
            raise BrokenLink(message)
    return checked


def _check_one(site: Path, pages: dict[Path, _Page], page: Path, line: int, url: str,
               target: Path, fragment: str) -> str | None:
    where = f"{page.relative_to(site)}, line {line}: link {url!r}"
    resolved = target.resolve()
    if not resolved.is_relative_to(site):
        return f"{where} leaves the site (points to {resolved})"
    if not resolved.is_file():
        return f"{where} points to {resolved.relative_to(site)}, which does not exist"
    if fragment and resolved.suffix == ".html":
        anchors = _cached(pages, resolved).anchors
        if fragment not in anchors:
            return f"{where}: {resolved.relative_to(site)} has no anchor #{fragment}"
    return None


def main(argv: list[str]) -> int:
    every = "--all" in argv
    args = [a for a in argv if a != "--all"]
    site = Path(args[0] if args else "site")
    broken = 0
    for checked, message in problems(site):
        if message is None:
            break
        print(f"check_links: {message}", file=sys.stderr)
        broken += 1
        if not every:
            return 1
    if broken:
        print(f"check_links: {broken} broken links", file=sys.stderr)
        return 1
    print(f"check_links: {checked} internal links under {site}/ resolve (files and anchors)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
