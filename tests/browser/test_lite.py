"""Notebooks in JupyterLite (`make lite`), run to their final check cell in Chromium, offline.

The JupyterLite build is served on 127.0.0.1 on its own (RANKBOOK_LITE_SITE, which
`make test-lite` sets; else the site's lite/ folder), each notebook opened as its page links it
(``notebooks/index.html?path=NAME``); the stored outputs are cleared, every cell is run, and
the last line its last cell printed when stored (its final check, "all checks pass") must print
again, with no error output. Two notebooks (RANKBOOK_LITE_NOTEBOOKS=all: every one): one without
data (its asserts against the seed's published table), and the one that reads the most shipped
data, Breuer et al.'s per-topic scores (package data of the wheel that JupyterLite preinstalls;
its asserts against the paper's printed cells). Every request is
recorded: none may leave 127.0.0.1. Without a JupyterLite build the test is skipped (`make test`
runs before `make lite`), except when RANKBOOK_LITE_SITE names the build (`make test-lite`),
where it fails.
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from test_site import ROOT, Visit

# RANKBOOK_LITE_NOTEBOOKS=all runs every notebook of the site so (about 30-60 s each, here).
EVERY_NOTEBOOK = sorted(path.name for path in (ROOT / "notebooks").glob("*.ipynb"))
NOTEBOOKS = (EVERY_NOTEBOOK if os.environ.get("RANKBOOK_LITE_NOTEBOOKS") == "all"
             else ["eight_element_table.ipynb", "reproducibility_breuer2020.ipynb"])
FINAL_CHECK = "all checks pass"
RUN_MS = 400_000   # kernel start (Pyodide, rankbook, pandas, matplotlib) and every cell
# What matplotlib writes to stderr on its first import in a fresh browser: not an error.
BENIGN_STDERR = "Matplotlib is building the font cache"


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


def _final_check(notebook: str) -> str:
    """The last line that the notebook's last cell prints (stored output): what to wait for."""
    cells = json.loads((ROOT / "notebooks" / notebook).read_text(encoding="utf-8"))["cells"]
    text = "".join("".join(output.get("text", "")) for output in cells[-1].get("outputs", []))
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    assert lines, f"{notebook}: its last cell prints nothing to wait for"
    return lines[-1]


def _prints(text: str, line: str) -> bool:
    return line in (printed.strip() for printed in text.splitlines())


def test_the_final_checks_are_there():
    for notebook in ["eight_element_table.ipynb", "reproducibility_breuer2020.ipynb"]:
        assert _final_check(notebook) == FINAL_CHECK, f"{notebook} must end with {FINAL_CHECK!r}"


@pytest.mark.parametrize("notebook", NOTEBOOKS)
def test_a_notebook_runs_to_its_final_check_in_jupyterlite(browser, lite_url, notebook):
    final = _final_check(notebook)
    tab = Visit(browser, lite_url)
    try:
        page = tab.open(f"notebooks/index.html?path={notebook}")
        page.wait_for_selector(".jp-Notebook .jp-CodeCell", timeout=120_000)
        _menu(page, "Edit", "Clear Outputs of All Cells")
        page.wait_for_function(
            "(done) => ![...document.querySelectorAll('.jp-OutputArea-output')]"
            ".some((out) => out.textContent.includes(done))", arg=final)
        _menu(page, "Run", "Run All Cells")
        page.wait_for_function(
            "([done, benign]) => [...document.querySelectorAll('.jp-OutputArea-output')]"
            ".some((out) => out.textContent.includes(done) || out.textContent.includes('Traceback')"
            " || out.dataset.mimeType === 'application/vnd.jupyter.stderr'"
            " && !out.textContent.startsWith(benign))",
            arg=[final, BENIGN_STDERR], timeout=RUN_MS)
        outputs = page.locator(".jp-OutputArea-output").all_text_contents()
        assert [text[:500] for text in outputs if "Traceback" in text] == []
        assert any(_prints(text, final) for text in outputs), f"{notebook}: {outputs[-1:]}"
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
