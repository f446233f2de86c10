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

import os
import re
import socket
import subprocess
import sys
import time
import urllib.request
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
# (query typed into the search box, site path a result must link to)
SEARCHES = [
    ("ndcg", "metrics/ndcg/"),
]

# Text a reader must never see: TeX that MathJax did not typeset (a command such as
# \frac or \log, a \( \[ delimiter, $$, or $...$ around something that is not a space).
RAW_TEX = re.compile(r"\\[A-Za-z]+|\\[()\[\]]|\$\$|\$[^\s$][^$]*\$")

TIMEOUT_MS = 20_000


def _ci() -> bool:
    return os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no")


# --- fixtures ------------------------------------------------------------------------


@pytest.fixture(scope="session")
def chromium_executable() -> str:
    if not CHROMIUM.exists():
        message = (
            f"Chromium not found at {CHROMIUM}: install it with `apt-get install chromium` "
            "to run the browser test"
        )
        if _ci():
            pytest.fail(message + " (CI is set, so the browser test may not be skipped)")
        pytest.skip(message)
    return str(CHROMIUM)


@pytest.fixture(scope="session")
def site_dir(chromium_executable, tmp_path_factory) -> Path:
    """The site, built with --strict into a temporary folder.

    Not --quiet: it hides the warnings that --strict counts, so the build would pass.
    """
    out = tmp_path_factory.mktemp("site")
    (ROOT / "notebooks").mkdir(exist_ok=True)  # docs/notebooks links there
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    cmd = [sys.executable, "-m", "mkdocs", "build", "--strict",
           "-f", str(ROOT / "mkdocs.yml"), "-d", str(out)]
    done = subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True)
    if done.returncode != 0:
        pytest.fail(f"`{' '.join(cmd)}` failed:\n{done.stdout}\n{done.stderr}", pytrace=False)
    return out


@pytest.fixture(scope="session")
def base_url(site_dir):
    """http://127.0.0.1:PORT/ serving the built site, for the whole session."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    server = subprocess.Popen(
        [sys.executable, "-m", "http.server", "--bind", "127.0.0.1", str(port), "-d", str(site_dir)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    url = f"http://127.0.0.1:{port}/"
    try:
        deadline = time.monotonic() + 15
        while True:
            try:
                urllib.request.urlopen(url, timeout=1).close()
                break
            except OSError:
                if server.poll() is not None or time.monotonic() > deadline:
                    pytest.fail(f"the site server on {url} did not start", pytrace=False)
                time.sleep(0.1)
        yield url
    finally:
        server.terminate()
        server.wait(timeout=10)


@pytest.fixture(scope="session")
def browser(chromium_executable):
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=chromium_executable, headless=True, args=CHROMIUM_ARGS
        )
        yield browser
        browser.close()


class Visit:
    """A browser tab that records every request, failed response and script error."""

    def __init__(self, browser, base_url: str):
        self.base_url = base_url
        self.context = browser.new_context(viewport={"width": 1280, "height": 1000},
                                           color_scheme="light")
        self.context.set_default_timeout(TIMEOUT_MS)
        self.requests: list[str] = []
        self.failures: list[str] = []
        self.errors: list[str] = []
        self.context.on("request", lambda request: self.requests.append(request.url))
        self.context.on("requestfailed",
                        lambda request: self.failures.append(f"{request.url} ({request.failure})"))
        self.context.on("response", self._on_response)
        self.page = self.context.new_page()
        self.page.on("pageerror", lambda error: self.errors.append(str(error)))

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
() => {
  const found = [];
  for (const item of MathJax.startup.document.math) {
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
() => {
  const skip = 'pre, code, script, style, textarea, noscript, mjx-container, .md-search';
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
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


def _assert_no_untypeset_tex(visit, path: str) -> None:
    errors = visit.page.locator("mjx-merror").all_text_contents()
    assert not errors, f"{path}: MathJax could not typeset: {errors}"
    undefined = visit.page.evaluate(UNDEFINED_MACROS_JS)
    assert not undefined, f"{path}: TeX commands MathJax does not know: {undefined}"
    raw = [" ".join(text.split())[:120] for text in visit.page.evaluate(VISIBLE_PROSE_JS)
           if RAW_TEX.search(text)]
    assert not raw, f"{path}: TeX left as raw text: {raw}"


@pytest.mark.parametrize("path", MATH_PAGES)
def test_math_is_typeset(visit, path):
    page = visit.open(path)
    visit.wait_for_mathjax()

    assert page.locator("mjx-container").count() > 0, f"{path}: no formula was typeset"
    _assert_no_untypeset_tex(visit, path)
    assert not visit.errors, f"{path}: script errors: {visit.errors}"


@pytest.mark.parametrize("path", sorted(NOTEBOOK_PAGES))
def test_notebook_images_load(visit, path):
    page = visit.open(path)
    page.wait_for_function("() => Array.from(document.images).every(img => img.complete)")
    images = page.evaluate(
        "() => Array.from(document.images).map(img => [img.src.slice(0, 80), img.naturalWidth])"
    )
    broken = [src for src, width in images if width == 0]
    assert not broken, f"{path}: images that did not load: {broken}"
    least = NOTEBOOK_PAGES[path]
    assert len(images) >= least, f"{path}: {len(images)} images, expected at least {least}"


@pytest.mark.parametrize(("query", "target"), SEARCHES)
def test_search_finds_page(visit, query, target):
    page = visit.open("")
    box = page.locator("input.md-search__input")  # in the header at this window width
    box.click()
    box.press_sequentially(query, delay=50)
    hit = page.locator(f".md-search-result__list a[href*='{target}']").first
    hit.wait_for(state="attached")
    assert hit.get_attribute("href"), f"search for {query!r} found no link to {target}"
    assert not visit.failures, f"search: failed requests: {visit.failures}"


def test_every_page_is_clean(visit, site_dir):
    """Every page of the site: only 127.0.0.1 is asked for, every request succeeds,
    no script fails, every image loads, and no TeX is left raw.

    The lists above pin what particular pages must show; this walks all pages, so a page
    added later is covered without editing this file.
    """
    paths = sorted(
        "" if html.parent == site_dir else html.parent.relative_to(site_dir).as_posix() + "/"
        for html in site_dir.rglob("index.html")
    )
    problems = []
    for path in paths:
        for record in (visit.requests, visit.failures, visit.errors):
            record.clear()
        visit.open(path)
        visit.wait_for_mathjax()
        visit.page.wait_for_function("() => Array.from(document.images).every(i => i.complete)")
        try:
            _assert_no_untypeset_tex(visit, path)
        except AssertionError as exc:
            problems.append(str(exc).splitlines()[0])
        elsewhere = [u for u in visit.requests
                     if not u.startswith(("data:", "blob:")) and urlsplit(u).hostname != "127.0.0.1"]
        broken = visit.page.evaluate(
            "() => Array.from(document.images).filter(i => i.naturalWidth === 0).map(i => i.src)")
        for label, found in (("requests left 127.0.0.1", elsewhere),
                             ("failed requests", visit.failures),
                             ("script errors", visit.errors),
                             ("images that did not load", broken)):
            if found:
                problems.append(f"{path}: {label}: {found}")
    assert len(paths) > 1, f"no pages found in {site_dir}"
    assert not problems, "\n".join(problems)
