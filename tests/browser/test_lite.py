"""A notebook in JupyterLite (`make lite`), run to its final check cell in Chromium, offline.

The JupyterLite build is served on 127.0.0.1 on its own (RANKBOOK_LITE_SITE, which
`make test-lite` sets; else the site's lite/ folder), opened as a notebook page links it
(``notebooks/index.html?path=NAME``); the stored outputs are cleared, every cell is run, and
the last cell's own check ("all checks pass": the notebook's asserts against FLAGR's published
table) must print, with no error output. Every request is recorded: none may leave 127.0.0.1.
Without a JupyterLite build the test is skipped, except on CI, where it fails.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from test_site import ROOT, Visit, _ci

NOTEBOOK = "eight_element_table.ipynb"
FINAL_CHECK = "all checks pass"
RUN_MS = 400_000   # kernel start (Pyodide, rankbook, pandas, matplotlib) and every cell


@pytest.fixture(scope="module")
def lite_url():
    folder = Path(os.environ.get("RANKBOOK_LITE_SITE") or ROOT / ".cache" / "lite" / "site")
    if not (folder / ".built").is_file():
        message = f"no JupyterLite build at {folder}: run `make lite` (or `make test-lite`)"
        if _ci():
            pytest.fail(message + " (CI is set)")
        pytest.skip(message)
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    server = subprocess.Popen(
        [sys.executable, "-m", "http.server", "--bind", "127.0.0.1", str(port), "-d", str(folder)],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}/"
    try:
        deadline = time.monotonic() + 15
        while True:
            try:
                urllib.request.urlopen(url, timeout=1).close()
                break
            except OSError:
                if server.poll() is not None or time.monotonic() > deadline:
                    pytest.fail(f"the JupyterLite server on {url} did not start", pytrace=False)
                time.sleep(0.1)
        yield url
    finally:
        server.terminate()
        server.wait(timeout=10)


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
