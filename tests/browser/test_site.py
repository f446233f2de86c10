"""The built docs site, in a real browser: math typeset, plots shown, search working, offline.

The session builds the site with ``mkdocs build --strict`` into a temporary folder,
serves it on 127.0.0.1 with ``python -m http.server`` and drives Debian's Chromium
(/usr/bin/chromium) with Playwright. Playwright's own browsers are never downloaded
(no ``playwright install``).

Without /usr/bin/chromium the tests are skipped on a developer's machine and fail
on CI (environment variable CI set).

To cover a new page, add it to the lists below.
"""

from __future__ import annotations

import functools
import io
import json
import os
import re
import threading
import urllib.request
from html.parser import HTMLParser
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import urlsplit

import pytest

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = Path("/usr/bin/chromium")
# The networking flags keep Chromium from reaching for the internet (see shared toolchain notes).
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]

# Pages (site paths) whose formulas must be typeset by MathJax.
MATH_PAGES = [
    "metrics/ndcg/",
    "api/",
    "notebooks/eight_element_table/",
]
# Notebook pages and the least number of images (plots) each must show.
NOTEBOOK_PAGES = {
    "notebooks/eight_element_table/": 0,
    "notebooks/dcg_graded_example/": 1,
}

# Text a reader must never see: TeX that MathJax did not typeset (a command such as
# \frac or \log, a \( \[ delimiter, $$, or $...$ around something that is not a space).
RAW_TEX = re.compile(r"\\[A-Za-z]+|\\[()\[\]]|\$\$|\$[^\s$][^$]*\$")
# Markdown a reader must never see either: `code` or **bold** that was not rendered (the
# hand-calculation box's first intro showed its backticks).
RAW_MARKDOWN = re.compile(r"`[^`\s][^`]*`|\*\*[^*\s][^*]*\*\*")

TIMEOUT_MS = 20_000


def _ci() -> bool:
    return os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no")


# --- fixtures ------------------------------------------------------------------------


# The session's Chromium, site, server and browser are fixtures of tests/browser/conftest.py,
# shared with the other browser tests (one Playwright per session).


# --- what the walk leaves out: the search index, and MathJax where a page has no math --------

# The classes whose text MathJax typesets (mathjax-config.js' processHtmlClass).
MATHJAX_CONFIG = ROOT / "docs" / "javascripts" / "mathjax-config.js"
MATH_DELIMITERS = ("$", "\\(", "\\[")


def _mathjax_classes() -> list[str]:
    found = re.search(r'processHtmlClass:\s*"([^"]+)"', MATHJAX_CONFIG.read_text())
    assert found, f"{MATHJAX_CONFIG}: no processHtmlClass"
    return found.group(1).split("|")


class _MathText(HTMLParser):
    """The text of the elements MathJax looks into (and of all elements inside them)."""

    def __init__(self, classes: list[str]):
        super().__init__()
        self.classes, self.depth, self.stack, self.text = set(classes), 0, [], []

    def handle_starttag(self, tag, attrs):
        if tag in ("br", "img", "hr", "input", "meta", "link", "wbr", "source"):
            return
        inside = bool(self.classes & set((dict(attrs).get("class") or "").split()))
        self.stack.append(inside)
        self.depth += inside

    def handle_endtag(self, tag):
        if self.stack and tag not in ("br", "img", "hr", "input", "meta", "link", "wbr", "source"):
            self.depth -= self.stack.pop()

    def handle_data(self, data):
        if self.depth:
            self.text.append(data)


def _has_math(html: str, classes: list[str]) -> bool:
    """True when MathJax would find a delimiter in the page (its file, before any script ran)."""
    parser = _MathText(classes)
    parser.feed(html)
    text = "".join(parser.text)
    return any(mark in text for mark in MATH_DELIMITERS)


@pytest.fixture(scope="session")
def math_pages(site_dir) -> set[str]:
    """The site paths whose page has something for MathJax to typeset."""
    classes = _mathjax_classes()
    return {path for path in _site_pages(site_dir)
            if _has_math((site_dir / path / "index.html").read_text(encoding="utf-8"), classes)}


class _WalkHandler(SimpleHTTPRequestHandler):
    """The site as http.server serves it, less two things the walk's checks do not read (nor
    do the layout tests, which use it too; the search tests use the plain server, `base_url`).

    - search/search_index.json (1.4 MB, which every page hands to the search worker to index:
      half of a page's CPU time) is answered with its own config and no documents; the search
      tests below use the real one. A missing index is still a 404.
    - MathJax, asked for by a page without math (``no_math``, told by the Referer), is an empty
      script: such a page has nothing to typeset, and the walk does not wait for it. A missing
      MathJax file is still a 404.

    And it serves one page more for each group of API pages (``api_groups``, by path): their
    articles on one page (`_api_group_html`).
    """

    no_math: frozenset = frozenset()
    api_groups: dict = {}

    def log_message(self, *args):
        pass

    def send_head(self):
        path = self.path.split("?", 1)[0]
        file = Path(self.translate_path(path))
        body = None
        if path.lstrip("/") in self.api_groups:
            data = self.api_groups[path.lstrip("/")]
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            return io.BytesIO(data)
        if path.endswith("/search/search_index.json") and file.is_file():
            body = json.dumps({"config": json.loads(file.read_text())["config"], "docs": []})
        elif path.endswith("/tex-mml-chtml.js") and file.is_file():
            referer = urlsplit(self.headers.get("Referer") or "").path.lstrip("/")
            body = "" if referer in self.no_math else None
        if body is None:
            return super().send_head()
        data = body.encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json" if path.endswith(".json") else "text/javascript")
        self.send_header("Content-Length", str(len(data)))
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        return io.BytesIO(data)


# The API reference's pages (one a module, 134 of the site's 229) are generated from the
# docstrings by one template: what differs between them is their article. The walk reads them
# API_GROUP articles to a page, in the API index's own page (its template, scripts and
# MathJax), each article in a <section data-rb-page="api/.../">, and checks each article as it
# checks a page: formulas typeset, no MathJax error, no TeX or Markdown left raw. A page of its
# own costs a reader's browser the template's scripts and MathJax's start (0.75 s of CPU an
# API page, 100 s for all); 30 articles to a page cost 21 s in all. More to a page cost more:
# Material measures each code block, and each measure lays out the whole page.
API_GROUP = 30
API_INDEX = "api/"


def _article_bounds(html: str, path: str) -> tuple[int, int]:
    start = html.find("<article")
    assert start >= 0, f"{path}: no <article> in the page"
    start = html.index(">", start) + 1
    return start, html.index("</article>", start)


def _api_group_html(site_dir: Path, paths: list[str]) -> bytes:
    """The API index's page with the articles of ``paths`` in place of its own. Their links
    point elsewhere from here, and nothing in an API article is loaded by its address (no
    image; `test_api_articles_load_nothing_by_address`)."""
    shell = (site_dir / API_INDEX / "index.html").read_text(encoding="utf-8")
    start, end = _article_bounds(shell, API_INDEX)
    sections = []
    for path in paths:
        html = (site_dir / path / "index.html").read_text(encoding="utf-8")
        a, b = _article_bounds(html, path)
        sections.append(f'<section data-rb-page="{path}">{html[a:b]}</section>')
    return (shell[:start] + "".join(sections) + shell[end:]).encode()


def _api_groups(site_dir: Path) -> dict[str, list[str]]:
    """{address of a group's page: the API pages whose articles it shows}, API_GROUP a page."""
    pages = [p for p in _site_pages(site_dir) if p.startswith(API_INDEX) and p != API_INDEX]
    return {f"{API_INDEX}rb-walk-{i // API_GROUP}.html": pages[i:i + API_GROUP]
            for i in range(0, len(pages), API_GROUP)}


@pytest.fixture(scope="session")
def walk_url(site_dir, math_pages):
    """http://127.0.0.1:PORT/ serving the built site for the walk (_WalkHandler)."""
    groups = {address: _api_group_html(site_dir, paths)
              for address, paths in _api_groups(site_dir).items()}
    handler = type("Handler", (_WalkHandler,),
                   {"no_math": frozenset(set(_site_pages(site_dir)) - math_pages),
                    "api_groups": groups})
    server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(handler, directory=str(site_dir)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()




class Visit:
    """A browser tab that records every request, failed response and script error."""

    def __init__(self, browser, base_url: str, width: int = 1280, height: int = 1000):
        self.base_url = base_url
        self.context = browser.new_context(viewport={"width": width, "height": height},
                                           color_scheme="light")
        self.context.set_default_timeout(TIMEOUT_MS)
        self.requests: list[str] = []
        self.failures: list[str] = []
        self.errors: list[str] = []
        self.context.on("request", lambda request: self.requests.append(request.url))
        self.context.on("requestfailed", self._on_failed)
        self.context.on("response", self._on_response)
        self.page = self.context.new_page()
        self.page.on("pageerror", lambda error: self.errors.append(str(error)))

    def _on_failed(self, request) -> None:
        # A request the browser abandons because the test moved on to the next page
        # (net::ERR_ABORTED) is not a failure of the site; a missing file is a 404 below.
        if "ERR_ABORTED" not in str(request.failure):
            self.failures.append(f"{request.url} ({request.failure})")

    def _on_response(self, response) -> None:
        if response.status >= 400:
            self.failures.append(f"{response.url} (HTTP {response.status})")

    def open(self, path: str):
        response = self.page.goto(self.base_url + path)
        assert response is not None and response.status == 200, (
            f"{path}: HTTP {response.status if response else 'no response'} "
            "(is the page in mkdocs.yml's nav and its source in docs/?)"
        )
        return self.page

    def wait_for_mathjax(self) -> None:
        """Wait until MathJax has loaded and finished its first typesetting pass."""
        self.page.wait_for_function(
            "() => window.MathJax && MathJax.startup && MathJax.startup.promise",
            timeout=TIMEOUT_MS,
        )
        self.page.evaluate("() => MathJax.startup.promise")

    def close(self) -> None:
        self.context.close()


@pytest.fixture
def visit(browser, base_url):
    tab = Visit(browser, base_url)
    yield tab
    tab.close()


# TeX commands MathJax did not know: its noundefined package shows them as red text.
UNDEFINED_MACROS_JS = """
(root) => {
  const found = [];
  for (const item of MathJax.startup.document.math) {
    if (root && !(item.typesetRoot && root.contains(item.typesetRoot))) continue;
    item.root.walkTree((node) => {
      if (node.isKind('mtext') && node.attributes.get('mathcolor') === 'red') {
        const text = node.childNodes.map((child) => child.text || '').join('');
        if (text.startsWith('\\\\')) found.push(`${text} in ${item.math}`);
      }
    });
  }
  return found;
}
"""

# --- what a reader sees ---------------------------------------------------------------

# Visible text outside code, scripts and typeset math, one entry per text node.
VISIBLE_PROSE_JS = """
(root) => {
  const skip = 'pre, code, script, style, textarea, noscript, mjx-container, .md-search';
  const walker = document.createTreeWalker(root || document.body, NodeFilter.SHOW_TEXT);
  const out = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (!el || el.closest(skip) || !node.textContent.trim()) continue;
    if (!el.checkVisibility({visibilityProperty: true})) continue;
    out.push(node.textContent);
  }
  return out;
}
"""


def _untypeset_tex(page, path: str, math: bool = True, root=None) -> list[str]:
    """MathJax errors, unknown TeX commands, and TeX or Markdown left raw in the visible prose
    of the page (or of the element ``root``, a handle), one line for each kind found.
    ``math=False``: a page that had no MathJax to run (the walk's pages without math)."""
    found = []
    if math:
        if root is None:
            errors = page.locator("mjx-merror").all_text_contents()
        else:
            errors = root.evaluate("r => [...r.querySelectorAll('mjx-merror')].map(e => e.textContent)")
        if errors:
            found.append(f"{path}: MathJax could not typeset: {errors}")
        undefined = page.evaluate(UNDEFINED_MACROS_JS, root)
        if undefined:
            found.append(f"{path}: TeX commands MathJax does not know: {undefined}")
    prose = page.evaluate(VISIBLE_PROSE_JS, root)
    raw = [" ".join(text.split())[:120] for text in prose if RAW_TEX.search(text)]
    if raw:
        found.append(f"{path}: TeX left as raw text: {raw}")
    markdown = [" ".join(text.split())[:120] for text in prose if RAW_MARKDOWN.search(text)]
    if markdown:
        found.append(f"{path}: Markdown left as raw text: {markdown}")
    return found


@pytest.mark.parametrize("path", MATH_PAGES)
def test_math_is_typeset(walk, math_pages, path):
    """These pages' formulas are typeset (the walk's record of each: formulas typeset, and no
    MathJax error, unknown TeX command, raw TeX or script error among its problems)."""
    assert path in math_pages, f"{path}: the walk found nothing for MathJax on it"
    assert walk[path]["typeset"] > 0, f"{path}: no formula was typeset"
    assert not walk[path]["problems"], "\n".join(walk[path]["problems"])


@pytest.mark.parametrize("path", sorted(NOTEBOOK_PAGES))
def test_notebook_images_load(walk, path):
    """The walk waited for every image of each page, and counts those that did not load among
    its problems; here the notebook pages show the plots they should."""
    assert not walk[path]["problems"], "\n".join(walk[path]["problems"])
    least = NOTEBOOK_PAGES[path]
    assert walk[path]["images"] >= least, f"{path}: {walk[path]['images']} images, expected at least {least}"


def test_pages_without_math_are_told_apart(walk, math_pages):
    """The walk waits for MathJax only on the pages whose file has math for it: pages of both
    kinds exist, each page without math shows no formula, and each with math shows one."""
    without = set(walk) - math_pages
    assert math_pages and without, (len(math_pages), len(without))
    assert "metrics/ndcg/" in math_pages and "guide/bad_input/" not in math_pages
    shown = {path: walk[path]["typeset"] for path in without if walk[path]["typeset"]}
    assert not shown, f"formulas on pages the walk took for pages without math: {shown}"
    blank = [path for path in math_pages if not walk[path]["typeset"]]
    assert not blank, f"pages with math for MathJax and no formula typeset: {blank}"


def test_the_math_sorting_reads_the_file_as_mathjax_would():
    classes = _mathjax_classes()
    assert "arithmatex" in classes and "jp-MarkdownOutput" in classes
    assert _has_math('<p><span class="arithmatex">\\(x\\)</span></p>', classes)
    assert _has_math('<div class="jp-MarkdownOutput"><p>a <b>$x$</b></p></div>', classes)
    assert _has_math('<span class="md-ellipsis">nDCG <code>$k$</code></span>', classes)
    assert not _has_math('<p>costs $5</p><div class="jp-MarkdownOutput"><p>none</p></div>', classes)
    assert not _has_math('<span class="md-ellipsis">P@k</span><br><p>\\(x\\)</p>', classes)


WALK_WIDTHS = (1400, 390)


def _site_pages(site_dir, folder: str = "") -> list[str]:
    root = site_dir / folder if folder else site_dir
    return sorted("" if html.parent == site_dir else html.parent.relative_to(site_dir).as_posix() + "/"
                  for html in root.rglob("index.html")
                  if html.relative_to(site_dir).parts[0] != "lite")  # JupyterLite's app


WALK_TABS = 3


@pytest.fixture(scope="session")
def walk(browser, walk_url, site_dir, math_pages) -> dict:
    """Every page of the site, loaded once at 1400 px (in tabs that record every request):
    what the tests below assert, gathered in one pass, so that a page is typeset once.

    For each path: ``problems`` (requests that left 127.0.0.1, failed requests, script
    errors, images that did not load, TeX left raw, and on a page without math anything
    MathJax would have typeset), ``h1``, ``height`` (scrollHeight), ``download`` (the
    notebook download link), ``typeset`` (formulas MathJax typeset), ``images`` (how many),
    and for the layout pages (`_layout_pages`) ``overflow`` by width: OVERFLOW_JS at 1400 px,
    then at 390 px after the window is narrowed (Material's layout is CSS media queries,
    which apply on resize as on load). WALK_TABS pages load at once, each in its own tab
    (a renderer process each), while the test reads the one that started first.

    The pages come from `walk_url` (_WalkHandler): without the search index, which no check
    here reads, and with MathJax only on the pages that have math (`math_pages`). The API
    pages but the index are read API_GROUP articles to a page (`_read_api_group`).
    """
    base_url = walk_url
    tabs = [Visit(browser, base_url, width=WALK_WIDTHS[0], height=900) for _ in range(WALK_TABS)]
    layout = set(_layout_pages(site_dir))
    groups = _api_groups(site_dir)
    grouped = {path for paths in groups.values() for path in paths}
    waiting = [p for p in _site_pages(site_dir) if p not in grouped] + list(groups)
    loading: list[tuple[Visit, str]] = []
    pages = {}
    try:
        while waiting or loading:
            while waiting and len(loading) < len(tabs):
                tab = next(t for t in tabs if all(t is not other for other, _ in loading))
                path = waiting.pop(0)
                for record in (tab.requests, tab.failures, tab.errors):
                    record.clear()
                response = tab.page.goto(base_url + path, wait_until="commit")
                assert response is not None and response.status == 200, f"{path}: not served"
                loading.append((tab, path))
            tab, path = loading.pop(0)
            if path in groups:
                pages.update(_read_api_group(tab, path, groups[path], math_pages))
            else:
                pages[path] = _read_page(tab, path, path in layout, path in math_pages)
    finally:
        for tab in tabs:
            tab.close()
    return pages


# On a page without math: the text MathJax would have looked into that holds a delimiter.
UNTYPESET_MATH_JS = """
(classes) => [...document.querySelectorAll(classes.map(c => '.' + c).join(', '))]
  .map(el => el.textContent).filter(t => t.includes('$') || t.includes('\\\\(') || t.includes('\\\\['))
  .map(t => t.trim().slice(0, 80))
"""


def _loaded(tab: Visit, path: str, math: bool) -> list[str]:
    """Wait for the page in ``tab`` to load (and MathJax to typeset, if ``math``); the
    problems of the whole page: requests that left 127.0.0.1, failed requests, script errors,
    images that did not load."""
    page = tab.page
    page.wait_for_load_state("load")
    if math:
        tab.wait_for_mathjax()
    page.wait_for_function("() => Array.from(document.images).every(i => i.complete)")
    elsewhere = [u for u in tab.requests
                 if not u.startswith(("data:", "blob:")) and urlsplit(u).hostname != "127.0.0.1"]
    broken = page.evaluate(
        "() => Array.from(document.images).filter(i => i.naturalWidth === 0).map(i => i.src)")
    return [f"{path}: {label}: {found}"
            for label, found in (("requests left 127.0.0.1", elsewhere),
                                 ("failed requests", list(tab.failures)),
                                 ("script errors", list(tab.errors)),
                                 ("images that did not load", broken))
            if found]


# What the walk records of an article (the page's, or an API page's on a group page). The
# figures are those drawn by the docs build (docs/hooks/figures.py): inline SVG with an
# accessible name, and shapes in them (a blank SVG would not count). (the page's, or an API page's on a group page).
ARTICLE_JS = """
(article) => ({
  h1: (article.querySelector('h1') || {innerText: ''}).innerText.trim(),
  typeset: article.querySelectorAll('mjx-container').length,
  images: article.querySelectorAll('img').length,
  examples: article.querySelectorAll('div.highlight:has(> pre > code > .gp)').length,
  try_it: article.querySelectorAll('.rb-tryit-open').length,
  figures: [...article.querySelectorAll('figure.rb-figure svg.rb-figure-svg')]
    .filter(svg => (svg.getAttribute('aria-label') || '').split(' ').length >= 8
                   && svg.querySelectorAll('path, use, rect').length > 5
                   && svg.getBoundingClientRect().width > 100).length,
  height: article.getBoundingClientRect().height,
})
"""


def _read_page(tab: Visit, path: str, layout: bool, math: bool) -> dict:
    page = tab.page
    problems = _loaded(tab, path, math)
    if not math:
        missed = page.evaluate(UNTYPESET_MATH_JS, _mathjax_classes())
        if missed:
            problems.append(f"{path}: math on a page the walk took for one without: {missed}")
    problems += _untypeset_tex(page, path, math)
    link = page.locator("a[download]", has_text="Download this notebook")
    record = {
        **page.locator("article").first.evaluate(ARTICLE_JS),
        "problems": problems,
        "height": page.evaluate("() => document.documentElement.scrollHeight"),
        "download": link.first.get_attribute("href") if link.count() else None,
        # every image of the page, the header's and footer's too
        "images": page.evaluate("() => document.images.length"),
    }
    if layout:
        record["overflow"] = {}
        for width in WALK_WIDTHS:
            page.set_viewport_size({"width": width, "height": 900})
            record["overflow"][width] = page.evaluate(OVERFLOW_JS)
        page.set_viewport_size({"width": WALK_WIDTHS[0], "height": 900})
    return record


def _read_api_group(tab: Visit, address: str, paths: list[str], math_pages: set[str]) -> dict:
    """The records of the API pages ``paths`` from their group's page (`_api_group_html`): each
    article as `_read_page` reads a page, with the group page's own problems (its requests and
    scripts) counted against each, and ``height`` the article's."""
    shared = _loaded(tab, address, math=True)
    records = {}
    for path in paths:
        article = tab.page.locator(f'section[data-rb-page="{path}"]')
        handle = article.element_handle()
        record = article.evaluate(ARTICLE_JS)
        record.update(problems=[*shared, *_untypeset_tex(tab.page, path, path in math_pages, handle)],
                      download=None)
        records[path] = record
    return records


# The chapters whose every page holds a figure drawn from its example (issue 28): the measures,
# comparing systems (with reproducibility), rank aggregation and online evaluation. Opening
# pages of the measure chapters are not measure pages; comparing/, aggregation/ and online/ open
# with a figure of their own.
FIGURE_CHAPTERS = ("metrics/", "comparing/", "aggregation/", "online/")


def test_every_page_of_the_measure_comparing_and_aggregation_chapters_has_a_figure(walk):
    pages = [path for path in walk if path.startswith(FIGURE_CHAPTERS)
             and path != "metrics/"]                             # the metric index
    assert len(pages) >= 45, pages
    without = [path for path in pages if not walk[path]["figures"]]
    assert not without, f"pages without a figure drawn from their example: {without}"


def test_every_example_of_the_measure_aggregation_and_online_pages_can_be_tried(walk, site_dir):
    """Each worked example (a pycon block) of these pages has its Try-it button, so a reader can
    edit it and run it with their own numbers (javascripts/tryit.js; tests/browser/test_tryit.py
    runs some). On a site built without the runtime there are none."""
    if not (site_dir / "pyodide").is_dir():
        pytest.skip("the site was built without the in-browser runtime")
    pages = [p for p in walk if p.startswith(("metrics/", "aggregation/", "online/"))
             and p.count("/") == 2 and walk[p]["examples"]]
    assert len(pages) > 40 and any(p.startswith("online/") for p in pages)
    missing = {p: (walk[p]["examples"], walk[p]["try_it"]) for p in pages
               if walk[p]["try_it"] != walk[p]["examples"]}
    assert not missing, f"pages whose examples lack a Try-it button (examples, buttons): {missing}"


def test_every_page_is_clean(walk):
    """Every page of the site: only 127.0.0.1 is asked for, every request succeeds,
    no script fails, every image loads, and no TeX is left raw.

    The lists above pin what particular pages must show; this walks all pages, so a page
    added later is covered without editing this file.
    """
    assert len(walk) > 1, "no pages found in the built site"
    problems = [problem for record in walk.values() for problem in record["problems"]]
    assert not problems, "\n".join(problems)


# --- search: a metric's own page first (issue 9) ----------------------------------------------

def _page_path(doc: str) -> str:
    """'metrics/ndcg.md' -> 'metrics/ndcg/' (the site path of a docs page)."""
    path = doc.removesuffix(".md")
    return "" if path == "index" else path.removesuffix("/index") + "/"


def _search_cases() -> list[tuple[str, str]]:
    """(query, site path of the page that must come first), from the registry.

    Each metric's notation (nDCG@k) and, where it differs, its abbreviation (nDCG), plus the
    queries of the issue that found the metric's page 4th to 10th.
    """
    from rankbook.metrics.registry import METRICS

    def searchable(name: str) -> bool:  # the index keeps no one-character word (U, CWL-P)
        return all(len(part) > 1 for part in re.split(r"[\s\-]+", name))

    cases = {}
    for info in METRICS:
        target = _page_path(info.page)
        if searchable(info.name):
            cases.setdefault(info.name, target)
        short = re.sub(r"@[a-z]$", "", info.name)
        # the search matches prefixes: a short form that begins another page's metric name
        # (nERR, NERR8@k) finds that page too, and is no alias (docs/hooks/search.py)
        elsewhere = [m.name.lower() for m in METRICS if m.page != info.page]
        if short != info.name and searchable(short) and \
                not any(name.startswith(short.lower()) for name in elsewhere):
            cases.setdefault(short, target)
    by_function = {info.function.__name__: _page_path(info.page) for info in METRICS
                   if info.function is not None}
    for query, function in [("ndcg", "ndcg_at_k"), ("MAP", "mean_average_precision"),
                            ("dcg", "dcg_at_k"), ("P@10", "precision_at_k"),
                            ("precision", "precision_at_k"), ("recall", "recall_at_k"),
                            ("average precision", "average_precision")]:
        cases[query] = by_function[function]
    return sorted(cases.items())


def _search(page, query: str) -> list[str]:
    """The site paths of the search results for ``query``, best first."""
    box = page.locator("input.md-search__input")
    box.click()
    # Material searches on each key released (keyup), not on each change of the box: the
    # query is written in, less its last character, which is then typed (one search, not
    # one per character, each over the whole index).
    box.fill(query[:-1])
    box.press(query[-1])
    # Wait for the results of the whole query, whose links carry it (mkdocs-material's
    # highlight parameter, ?h=r+prec for "R-prec"): a page matching every word does; one
    # matching some words only (AP's page for "CWL-AP") carries those.
    terms = " ".join(re.split(r"[\s\-]+", query.lower()))
    page.wait_for_function(
        """terms => [...document.querySelectorAll('.md-search-result__item > a')]
                      .some(a => new URL(a.href).searchParams.get('h') === terms)""",
        arg=terms)
    hrefs = page.eval_on_selector_all(".md-search-result__item > a",
                                      "links => links.map(a => a.href)")
    return [urlsplit(href).path.lstrip("/") for href in hrefs]


@pytest.fixture(scope="module")
def search_tab(browser, base_url):
    """The home page with the real search index, shared by the search tests: Material's search
    worker indexes the 1.4 MB index once (about a second of CPU), not once a test."""
    tab = Visit(browser, base_url)
    tab.open("")
    yield tab
    tab.close()


def test_search_puts_the_metric_page_first(search_tab):
    cases = _search_cases()
    from rankbook.metrics import registry
    from rankbook.metrics.registry import METRICS

    assert len(cases) >= len(METRICS), "every registry entry gives at least one query"
    page = search_tab.page
    wrong = []
    # A measure of another tool named after one with a page of its own (gdeval-ERR@k, CWL-AP:
    # "same name, different measure") shares words with it: among the first three is enough.
    chapter = {_page_path(m.page) for m in METRICS
               if m not in registry.TREC_EVAL_AND_TEXTBOOK}
    for query, target in cases:
        results = _search(page, query)
        if target in chapter and target in results[:3]:
            continue
        if not results or results[0] != target:
            where = results.index(target) + 1 if target in results else "not found"
            wrong.append(f"{query!r}: first result {results[:1]}, {target} is {where}")
    assert not wrong, "search puts another page first:\n" + "\n".join(wrong)
    assert not search_tab.failures, f"search: failed requests: {search_tab.failures}"


def test_search_previews_show_no_raw_tex(search_tab):
    page = search_tab.page
    shown = []
    for query in ("ndcg", "dcg", "MAP", "precision", "bpref", "interpolated"):
        _search(page, query)
        shown += page.evaluate("""() => [...document.querySelectorAll('.md-search-result__article')]
            .map(article => { const copy = article.cloneNode(true);
                              copy.querySelectorAll('code, pre').forEach(c => c.remove());
                              return copy.textContent; })""")
    assert len(shown) > 20, f"only {len(shown)} previews shown"
    raw = [" ".join(text.split())[:100] for text in shown if RAW_TEX.search(text)]
    assert not raw, f"search previews show raw TeX: {raw}"


# --- search: a topic's guide page first, notebook previews without chrome (issue 23) -----------

# Query -> the page that teaches it (before its API page, a notebook or another section).
GUIDE_SEARCHES = {
    "tukey": "comparing/tukey_hsd/",
    "markov": "aggregation/markov_chains/",
    "wilcoxon": "comparing/wilcoxon_test/",
    "comparator": "comparing/comparator/",
    "trec_eval": "guide/evaluating_runs/",
}


def test_search_puts_the_guide_page_first(search_tab):
    page = search_tab.page
    wrong = []
    for query, target in GUIDE_SEARCHES.items():
        results = _search(page, query)
        if not results or results[0] != target:
            where = results.index(target) + 1 if target in results else "not found"
            wrong.append(f"{query!r}: first result {results[:1]}, {target} is {where}")
    assert not wrong, "search puts another page first:\n" + "\n".join(wrong)


# An article of the results, with the text of its code blocks and the text around them.
PREVIEWS_JS = """() => [...document.querySelectorAll('.md-search-result__item')]
    .filter(item => new URL(item.querySelector('a').href).pathname.includes('/notebooks/'))
    .flatMap(item => [...item.querySelectorAll('.md-search-result__article')])
    .map(article => { const copy = article.cloneNode(true);
                      const code = [...copy.querySelectorAll('pre')].map(p => p.textContent);
                      copy.querySelectorAll('pre').forEach(p => p.remove());
                      return {text: copy.textContent, code}; })"""


def test_notebook_search_previews_have_no_notebook_chrome(search_tab):
    page = search_tab.page
    shown = []
    for query in ("lecture", "fraction", "voters"):
        _search(page, query)
        shown += page.evaluate(PREVIEWS_JS)
    assert len(shown) >= 5, f"only {len(shown)} notebook previews shown"
    problems = []
    for preview in shown:
        text = " ".join(preview["text"].split())
        if re.search(r"\b(In|Out)\s?\[\s*\d*\]:", text) or "Copied!" in text:
            problems.append(f"prompt or copy button: {text[:100]}")
        for code in preview["code"]:
            first = " ".join(code.split())[:40]
            if len(first) > 10 and first in text:
                problems.append(f"code shown twice: {first}")
    assert not problems, "\n".join(problems[:10])


def test_api_pages_titles_differ_from_guide_titles(walk):
    """Every API page's heading begins "API: ", so none shares its title with a guide page."""
    titles = {path: record["h1"] for path, record in walk.items() if path.startswith("api/")}
    assert len(titles) >= 20, titles
    bad = {path: title for path, title in titles.items() if not title.startswith("API: ")}
    assert not bad, f"API pages without an 'API: ' title: {bad}"
    assert walk["aggregation/majoritarian/"]["h1"] not in titles.values()


# --- layout: nothing cut, at a desktop and a phone width (issue 9) ----------------------------

# A wide box (code, notebook output, display formula, table) must scroll, itself or in the
# nearest scrolling ancestor, and show a scrollbar; no ancestor may cut the scroller; text
# output keeps one rendered line per printed line (no wrapping inside numbers); the page does
# not scroll sideways.
OVERFLOW_JS = """
() => {
  const root = document.querySelector('article.md-content__inner');
  const scrolls = (el) => ['auto', 'scroll'].includes(getComputedStyle(el).overflowX);
  const scrollbar = (el) => {
    const s = getComputedStyle(el);
    return el.offsetHeight - el.clientHeight
      - parseFloat(s.borderTopWidth) - parseFloat(s.borderBottomWidth);
  };
  const describe = (el) => `<${el.tagName.toLowerCase()} class="${el.className}"> "` +
    (el.textContent || '').trim().replace(/\\s+/g, ' ').slice(0, 50) + '"';
  const overflowing = (el) => el.scrollWidth - el.clientWidth > 1;
  const problems = [];
  const boxes = 'pre, .highlight, .highlight-ipynb, .jp-OutputArea-output, ' +
                'mjx-container[display="true"], .arithmatex, table, .md-typeset__table';
  for (const el of root.querySelectorAll(boxes)) {
    if (!el.checkVisibility() || !overflowing(el)) continue;
    let scroller = el;
    while (scroller && scroller !== root && !scrolls(scroller)) scroller = scroller.parentElement;
    if (!scroller || scroller === root) {
      problems.push(`wider than its box, and nothing scrolls: ${describe(el)}`);
      continue;
    }
    if (overflowing(scroller) && scrollbar(scroller) <= 0)
      problems.push(`scrolls without a visible scrollbar: ${describe(scroller)}`);
    for (let a = scroller.parentElement; a && a !== root; a = a.parentElement) {
      // an ancestor that scrolls too (Material's scrollwrap around a table that scrolls
      // itself) lets the reader reach the rest; one that hides or clips cuts it
      if (['hidden', 'clip'].includes(getComputedStyle(a).overflowX) &&
          a.getBoundingClientRect().right + 1 < scroller.getBoundingClientRect().right) {
        problems.push(`cut by <${a.tagName.toLowerCase()} class="${a.className}">: ${describe(scroller)}`);
        break;
      }
    }
  }
  if (window.rbMarkTables) window.rbMarkTables();
  for (const wrap of root.querySelectorAll('.md-typeset__scrollwrap')) {
    const note = wrap.nextElementSibling;
    if (wrap.checkVisibility() && overflowing(wrap) &&
        !(note && note.classList.contains('rb-scroll-note')))
      problems.push(`a table scrolls sideways and does not say so: ${describe(wrap)}`);
  }
  for (const pre of root.querySelectorAll('.jp-OutputArea-output pre')) {
    if (!pre.checkVisibility()) continue;
    const printed = pre.textContent.replace(/\\n+$/, '').split('\\n').length;
    const range = document.createRange();
    range.selectNodeContents(pre);
    const lines = new Set([...range.getClientRects()].filter(r => r.width > 0)
                          .map(r => Math.round(r.top))).size;
    if (lines > printed)
      problems.push(`text output wrapped (${printed} lines shown as ${lines}): ${describe(pre)}`);
  }
  if (document.documentElement.scrollWidth > window.innerWidth + 1)
    problems.push(`the page scrolls sideways (${document.documentElement.scrollWidth} px)`);
  return [...new Set(problems)];
}
"""


# The book's chapters: their opening pages and every page of the measure, comparing and
# aggregation chapters are checked for cut boxes at both widths, as are the notebooks.
CHAPTER_FOLDERS = ("foundations", "set_based", "rank_based", "graded", "user_models",
                   "diversity", "collections", "incomplete", "guide", "comparing",
                   "reproducibility", "aggregation", "online")


def _layout_pages(site_dir) -> list[str]:
    pages = sorted(p.parent.relative_to(site_dir).as_posix() + "/"
                   for p in site_dir.glob("notebooks/*/index.html"))
    pages += sorted(p.parent.relative_to(site_dir).as_posix() + "/"
                    for p in site_dir.glob("metrics/*/index.html"))
    for folder in CHAPTER_FOLDERS:
        pages += sorted(p.parent.relative_to(site_dir).as_posix() + "/"
                        for p in site_dir.glob(f"{folder}/**/index.html"))
    return ["", *dict.fromkeys(pages)]


@pytest.mark.parametrize("width", WALK_WIDTHS)
def test_nothing_is_cut(walk, site_dir, width):
    pages = _layout_pages(site_dir)
    assert sum(p.startswith("notebooks/") for p in pages) >= 7, pages
    problems = [f"{path} at {width} px: {p}" for path in pages
                for p in walk[path]["overflow"][width]]
    assert not problems, "\n".join(problems)


@pytest.fixture(scope="module")
def tab_at(browser, walk_url):
    """``tab_at(width)``: a tab of the walk's server at that width (900 px high), one per width
    for the layout tests below, which each open their pages anew: a new tab for each test
    started a renderer with cold caches (MathJax compiled, fonts decoded) every time."""
    tabs = {}

    def tab(width: int) -> Visit:
        if width not in tabs:
            tabs[width] = Visit(browser, walk_url, width=width, height=900)
        return tabs[width]

    yield tab
    for visit in tabs.values():
        visit.close()


def test_the_layout_check_can_fail(tab_at):
    """The check above, on boxes made to break: a cut box, a hidden scrollbar, wrapped output."""
    tab = tab_at(390)
    tab.open("notebooks/map_mrr/")
    tab.wait_for_mathjax()
    tab.page.evaluate("""() => {
        const article = document.querySelector('article.md-content__inner');
        const long = 'x = [' + '0.6667, '.repeat(40) + ']';
        article.insertAdjacentHTML('beforeend',
          `<div style="overflow: hidden"><pre id="cut" style="overflow: visible">${long}</pre></div>
           <pre id="hidden-bar" style="overflow-x: auto; scrollbar-width: none">${long}</pre>
           <div class="jp-OutputArea-output"><pre id="wrapped"
             style="white-space: pre-wrap; word-break: break-all">${long}</pre></div>`);
    }""")
    problems = " ".join(tab.page.evaluate(OVERFLOW_JS))
    assert "wider than its box, and nothing scrolls" in problems or "cut by" in problems
    assert "scrolls without a visible scrollbar" in problems
    assert "text output wrapped" in problems
    # a table that scrolls must say so: remove the note javascripts/tables.js wrote, and stop
    # it from writing it again
    tab.open("metrics/interpolated_precision/")
    tab.wait_for_mathjax()
    assert "does not say so" not in " ".join(tab.page.evaluate(OVERFLOW_JS))
    tab.page.evaluate("""() => { window.rbMarkTables = null;
        document.querySelectorAll('.rb-scroll-note').forEach(n => n.remove()); }""")
    assert "a table scrolls sideways and does not say so" in " ".join(
        tab.page.evaluate(OVERFLOW_JS))


def test_notebook_column_fits_show_work_at_1400(tab_at):
    # The issue: a 572 px column cut show_work(5)'s DCG@5 and IDCG@5 lines before "= 1.9307".
    tab = tab_at(1400)
    page = tab.open("notebooks/eight_element_table/")
    tab.wait_for_mathjax()
    column = page.evaluate(
        "() => document.querySelector('article.md-content__inner').clientWidth")
    assert column >= 800, f"the text column is {column} px wide in a 1400 px window"
    work = page.locator(".jp-OutputArea-output pre", has_text="IDCG@5 = 1/log2(1+1)")
    fits = work.evaluate("pre => [pre.scrollWidth, pre.clientWidth]")
    assert fits[0] <= fits[1] + 1, f"show_work(5) needs {fits[0]} px, has {fits[1]}"
    assert "= 1.9307" in work.inner_text() and "= 2.5616" in work.inner_text()


# --- wider notebooks, punctuation after math, names in tables (issue 23) -----------------------

def test_notebook_pages_are_wide_at_1400(tab_at):
    """At 1400 px a notebook's code and output get ~1000 px: the 21-methods notebook's code cells
    fit but one (ten scrolled at ~750 px), its table's text column is readable, and the
    eight-element notebook's show_work(5) formula shows "= 2.5616" whole (it was cut to "2.561")."""
    tab = tab_at(1400)
    page = tab.open("notebooks/flagr_21_methods/")
    tab.wait_for_mathjax()
    widths = page.evaluate("""() => [...document.querySelectorAll('.jp-InputArea pre')]
        .map(pre => [pre.scrollWidth, pre.clientWidth])""")
    assert len(widths) >= 10, widths
    scrolling = [w for w in widths if w[0] > w[1] + 1]
    assert len(scrolling) <= 1, f"{len(scrolling)} code cells scroll sideways: {scrolling}"
    columns = page.evaluate("""() => [...document.querySelector('article table').rows[1].cells]
        .map(cell => cell.getBoundingClientRect().width)""")
    assert len(columns) == 6 and columns[-1] >= 200, f"column widths {columns}"

    page = tab.open("notebooks/eight_element_table/")
    tab.wait_for_mathjax()
    cut = page.evaluate("""() => [...document.querySelectorAll('mjx-container[display="true"]')]
        .filter(m => m.closest('.jp-OutputArea-output') && m.scrollWidth > m.clientWidth + 1)
        .map(m => m.getAttribute('aria-label') || m.textContent.slice(0, 40))""")
    assert not cut, f"display formulas that scroll at 1400 px: {cut}"


def test_notebook_table_prose_is_readable_at_390(tab_at):
    """On a phone the 21-methods table scrolls sideways; its prose column is not ~100 px wide."""
    tab = tab_at(390)
    page = tab.open("notebooks/flagr_21_methods/")
    columns = page.evaluate("""() => [...document.querySelector('article table').rows[1].cells]
        .map(cell => cell.getBoundingClientRect().width)""")
    assert len(columns) == 6 and columns[-1] >= 180, f"column widths {columns}"


# Inline formulas followed by punctuation whose first mark starts a new line.
PUNCTUATION_JS = """
() => {
  const root = document.querySelector('article.md-content__inner');
  const problems = [];
  let checked = 0;
  for (const math of root.querySelectorAll('mjx-container:not([display="true"])')) {
    if (!math.checkVisibility()) continue;
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    walker.currentNode = math;
    let next = walker.nextNode();
    while (next && math.contains(next)) next = walker.nextNode();
    if (!next || !/^[.,;:]/.test(next.textContent)) continue;
    checked += 1;
    const range = document.createRange();
    range.setStart(next, 0);
    range.setEnd(next, 1);
    const mark = range.getClientRects()[0];
    const box = math.getBoundingClientRect();
    if (mark && mark.top >= box.bottom - 2)
      problems.push(`"${next.textContent.slice(0, 20)}" after ${math.getAttribute('aria-label') || ''}`);
  }
  return {checked, problems};
}
"""


@pytest.mark.parametrize("width", [1400, 390])
def test_punctuation_after_inline_math_stays_on_its_line(tab_at, width):
    tab = tab_at(width)
    checked, problems = 0, []
    for path in ("metrics/ndcg/", "aggregation/self_weighting/", "notebooks/map_mrr/"):
        tab.open(path)
        tab.wait_for_mathjax()
        found = tab.page.evaluate(PUNCTUATION_JS)
        checked += found["checked"]
        problems += [f"{path}: {p}" for p in found["problems"]]
    assert checked >= 10, f"only {checked} formulas followed by punctuation"
    assert not problems, "punctuation starts a line after inline math:\n" + "\n".join(problems)


@pytest.mark.parametrize("width", [1400, 390])
def test_names_in_tables_do_not_break_mid_word(tab_at, width):
    tab = tab_at(width)
    broken, names = [], 0
    for path in ("comparing/", "comparing/comparator/", "aggregation/", "api/stats/"):
        tab.open(path)
        found = tab.page.evaluate("""() => [...document.querySelectorAll('article td code')]
            .filter(c => /^[\\w.]+$/.test(c.textContent) && c.checkVisibility())
            .map(c => [c.textContent, c.getClientRects().length])""")
        names += len(found)
        broken += [f"{path}: {name}" for name, lines in found if lines > 1]
    assert names >= 10, f"only {names} names in table cells"
    assert not broken, f"names broken across lines at {width} px: {broken}"


# --- notebook downloads, the footer, API page sizes (issue 9) ----------------------------------

def test_every_notebook_page_links_its_notebook(walk, base_url):
    pages = [path for path in walk if path.startswith("notebooks/") and path != "notebooks/"]
    assert len(pages) >= 7
    for path in pages:
        href = walk[path]["download"]
        assert href and href.endswith(".ipynb"), f"{path}: no download link"
        url = base_url + path + href
        with urllib.request.urlopen(url, timeout=10) as response:
            notebook = json.loads(response.read())
        assert notebook["nbformat"] == 4 and notebook["cells"], f"{url} is not the notebook"


def test_previous_and_next_links_at_the_foot(visit):
    page = visit.open("metrics/ndcg/")
    previous = page.locator("a.md-footer__link--prev").get_attribute("href")
    following = page.locator("a.md-footer__link--next").get_attribute("href")
    # mkdocs.yml's nav, the Graded relevance chapter: ... dcg.md, ndcg.md, ndcg_variants.md ...
    assert previous.rstrip("/").endswith("metrics/dcg") or previous == "../dcg/"
    assert following.rstrip("/").endswith("metrics/ndcg_variants") or \
        following == "../ndcg_variants/"
    # a chapter's opening page leads into its first measure, and the last measure of the
    # previous chapter into it
    page = visit.open("graded/")
    following = page.locator("a.md-footer__link--next").get_attribute("href")
    assert following.rstrip("/").endswith("metrics/dcg")


def test_api_pages_are_one_module_long(walk):
    heights = {path: record["height"] for path, record in walk.items() if path.startswith("api/")}
    assert len(heights) >= 20, heights
    # The single API page was about 47,000 px tall; one module is at most a few screens.
    tall = {path: height for path, height in heights.items() if height > 15_000}
    assert not tall, f"API pages taller than 15,000 px at 1400 px: {tall}"
    private = [path for path in heights if "/_" in "/" + path]
    assert not private, private


# What a page loads by its address: scripts, style sheets, images, icons, media.
LOADED_ATTRIBUTES = re.compile(
    r'<(?:script|img|source|video|audio|iframe|embed)\b[^>]*?\bsrcs?(?:et)?="([^"]*)"'
    r'|<link\b[^>]*?\brel="(?:stylesheet|icon|preload|modulepreload)"[^>]*?\bhref="([^"]*)"'
    r'|<link\b[^>]*?\bhref="([^"]*)"[^>]*?\brel="(?:stylesheet|icon|preload|modulepreload)"')


def _loads(html: str, page_url: str) -> set[str]:
    """The addresses (resolved from ``page_url``) of what ``html`` loads by its address."""
    from urllib.parse import urljoin
    return {urljoin(page_url, next(g for g in m.groups() if g is not None))
            for m in LOADED_ATTRIBUTES.finditer(html)}


def test_api_articles_load_nothing_by_address(site_dir):
    """The walk reads the API pages' articles on group pages (`_api_group_html`), where a
    relative address would point elsewhere and the page around each article is the index's:
    so no API article loads anything by its address, and every API page loads what the API
    index loads (its template: the same scripts, style sheets and icons)."""
    index = (site_dir / API_INDEX / "index.html").read_text(encoding="utf-8")
    expected = _loads(index, "http://site/" + API_INDEX)
    assert any(u.endswith("tex-mml-chtml.js") for u in expected), expected
    assert _loads('<img alt="x" src="../a.png"><link href="s.css" rel="stylesheet">',
                  "http://site/api/x/") == {"http://site/api/a.png", "http://site/api/x/s.css"}
    groups = _api_groups(site_dir)
    assert sum(map(len, groups.values())) >= 100, groups
    problems = []
    for path in [p for paths in groups.values() for p in paths]:
        html = (site_dir / path / "index.html").read_text(encoding="utf-8")
        start, end = _article_bounds(html, path)
        inside = _loads(html[start:end], "http://site/" + path)
        if inside:
            problems.append(f"{path}: its article loads {sorted(inside)}")
        around = _loads(html[:start] + html[end:], "http://site/" + path)
        if around != expected:
            problems.append(f"{path}: loads {sorted(around ^ expected)} unlike the API index")
    assert not problems, "\n".join(problems)


def test_the_api_group_check_can_fail(browser, base_url, site_dir):
    """An API group page (`_api_group_html`) with one real article and two made to fail: each
    problem is counted against the article it is in, and the real article stays clean."""
    html = _api_group_html(site_dir, ["api/stats/"]).decode()
    bad = ('<section data-rb-page="api/raw/"><h1>API: raw</h1><p>left raw: $x_i$</p></section>'
           '<section data-rb-page="api/unknown/"><h1>API: unknown</h1>'
           '<p><span class="arithmatex">\\(\\rbNoSuchMacro{x}\\)</span></p></section>')
    html = html.replace("</article>", bad + "</article>", 1)
    tab = Visit(browser, base_url, width=WALK_WIDTHS[0], height=900)
    try:
        address = API_INDEX + "rb-walk-test.html"
        tab.page.route(base_url + address, lambda route: route.fulfill(
            body=html, content_type="text/html; charset=utf-8"))
        tab.page.goto(base_url + address, wait_until="commit")
        records = _read_api_group(tab, address, ["api/stats/", "api/raw/", "api/unknown/"],
                                  {"api/stats/", "api/raw/", "api/unknown/"})
    finally:
        tab.close()
    assert not records["api/stats/"]["problems"], records["api/stats/"]["problems"]
    assert records["api/stats/"]["h1"].startswith("API: ") and records["api/stats/"]["typeset"]
    assert any("TeX left as raw text" in p for p in records["api/raw/"]["problems"])
    assert any("TeX commands MathJax does not know" in p and "rbNoSuchMacro" in p
               for p in records["api/unknown/"]["problems"]), records["api/unknown/"]
    assert records["api/raw/"]["h1"] == "API: raw"


# Every page the site had before its chapters (commit 773d115: the flat "Metrics" list) is still
# served at the same address: the chapters regrouped the nav, they moved no page. The list is
# the built site's pages at that commit (tests/data/site_pages_773d115.txt).
OLD_PAGES = ROOT / "tests" / "data" / "site_pages_773d115.txt"


def test_no_address_of_the_site_before_the_chapters_changed(site_dir):
    old = OLD_PAGES.read_text().splitlines()
    assert len(old) > 150 and "metrics/average_precision/" in old
    missing = [page for page in old if not (site_dir / page / "index.html").is_file()]
    assert not missing, f"pages no longer served at their address: {missing}"
