"""A notebook in JupyterLite (`make lite`), run to its final check cell in Chromium, offline.

The JupyterLite build is served on 127.0.0.1 on its own (RANKBOOK_LITE_SITE, which
`make test-lite` sets; else the site's lite/ folder), opened as a notebook page links it
(``notebooks/index.html?path=NAME``); the stored outputs are cleared, every cell is run, and
the last cell's own check ("all checks pass": the notebook's asserts against FLAGR's published
table) must print, with no error output. Every request is recorded: none may leave 127.0.0.1.
Without a JupyterLite build the test is skipped (`make test` runs before `make lite`), except
when RANKBOOK_LITE_SITE names the build (`make test-lite`), where it fails.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from test_site import ROOT, Visit

NOTEBOOK = "eight_element_table.ipynb"
FINAL_CHECK = "all checks pass"
RUN_MS = 400_000   # kernel start (Pyodide, rankbook, pandas, matplotlib) and every cell


@pytest.fixture(scope="module")
def lite_url(serve_folder):
    asked = os.environ.get("RANKBOOK_LITE_SITE", "")
    folder = Path(asked or ROOT / ".cache" / "lite" / "site")
    if not (folder / ".built").is_file():
        message = f"no JupyterLite build at {folder}: run `make lite` (or `make test-lite`)"
        if asked:                       # make test-lite: the build must be there
            pytest.fail(message)
        pytest.skip(message)
    return serve_folder(folder, "JupyterLite")


def _menu(page, top: str, item: str) -> None:
    page.locator(".lm-MenuBar-itemLabel", has_text=top).first.click()
    page.locator(".lm-Menu-itemLabel", has_text=item).first.click()


def test_a_notebook_runs_to_its_final_check_in_jupyterlite(browser, lite_url):
    tab = Visit(browser, lite_url)
    try:
        page = tab.open(f"notebooks/index.html?path={NOTEBOOK}")
        page.wait_for_selector(".jp-Notebook .jp-CodeCell", timeout=120_000)
        _menu(page, "Edit", "Clear Outputs of All Cells")
        page.wait_for_function(
            "(done) => ![...document.querySelectorAll('.jp-OutputArea-output')]"
            ".some((out) => out.textContent.includes(done))", arg=FINAL_CHECK)
        _menu(page, "Run", "Run All Cells")
        page.wait_for_function(
            "(done) => [...document.querySelectorAll('.jp-OutputArea-output')].some((out) =>"
            " out.textContent.includes(done) || out.textContent.includes('Traceback')"
            " || out.dataset.mimeType === 'application/vnd.jupyter.stderr')",
            arg=FINAL_CHECK, timeout=RUN_MS)
        outputs = page.locator(".jp-OutputArea-output").all_text_contents()
        assert [text[:500] for text in outputs if "Traceback" in text] == []
        assert FINAL_CHECK in [text.strip() for text in outputs]
    finally:
        requests = list(tab.requests)
        tab.close()
    outside = [url for url in requests if urlsplit(url).hostname != "127.0.0.1"
               and not url.startswith(("data:", "blob:"))]
    assert outside == [], f"requests outside the site: {outside}"


def test_notebook_pages_link_to_their_notebook_in_jupyterlite():
    """Each notebook page of a site that carries lite/ links to it (no browser, no new build)."""
    built = os.environ.get("RANKBOOK_BUILT_SITE", "")
    site = Path(built).resolve() if built else None
    if site is None or not (site / "lite" / ".built").is_file():
        pytest.skip("no built site with JupyterLite (RANKBOOK_BUILT_SITE with lite/)")
    pages = sorted((site / "notebooks").glob("*/index.html"))
    assert pages
    for page in pages:
        links = re.findall(r'class="rb-open-lite" href="([^"]+)"', page.read_text())
        assert len(links) == 1, f"{page}: {links}"
        target, _, query = links[0].partition("?path=")
        assert (page.parent / target).resolve() == (site / "lite" / "notebooks" / "index.html")
        assert (site / "lite" / "files" / query).is_file(), f"{page}: {query} not in lite/files"
