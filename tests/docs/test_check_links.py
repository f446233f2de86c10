"""The link check of the built site (scripts/check_links.py, run by `make docs`), on small sites.

Each site is written here by hand, so what is broken is known: a link to a missing page, a
link to a missing anchor, and links that must pass (a folder's index.html, an anchor given by
`id` or `<a name>`, a same-page anchor, a link off the site, an asset). The checker must name
the page, its line and the link, and stop at the first broken one (exit 1, one line).
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "scripts" / "check_links.py"

GOOD = {
    "index.html": '<h1 id="top">Home</h1>\n<a href="guide/">guide</a>\n'
                  '<a href="guide/#usage">usage</a> <a href="#top">top</a>\n'
                  '<a href="https://example.org/missing">off the site</a>\n'
                  '<link href="assets/site.css" rel="stylesheet"><img src="assets/logo%20x.png">\n',
    "guide/index.html": '<h2 id="usage">Usage</h2><a name="old-name"></a>\n'
                        '<a href="../index.html#top">home</a> <a href="/guide/#old-name">old</a>\n'
                        '<a href="mailto:a@b.c">mail</a> <a href="?q=1">query only</a>\n',
    "assets/site.css": "body {}\n",
    "assets/logo x.png": "",
}


def _site(folder: Path, pages: dict[str, str]) -> Path:
    for name, text in pages.items():
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return folder


def _run(site: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(SCRIPT), *args, str(site)],
                          capture_output=True, text=True)


def test_a_site_whose_links_all_resolve_passes(tmp_path):
    done = _run(_site(tmp_path, GOOD))
    assert done.returncode == 0, done.stderr
    # 8 internal links: index.html's guide/, guide/#usage, #top and its 2 assets; guide's
    # ../index.html#top, /guide/#old-name and ?q=1 (the page itself); https: and mailto: are not followed.
    assert done.stdout.strip() == f"check_links: 8 internal links under {tmp_path}/ resolve (files and anchors)"


@pytest.mark.parametrize(("page", "html", "line", "message"), [
    ("notebooks/demo/index.html", '<p>text</p>\n<a href="../aggregation/rra.md">RRA</a>\n', 2,
     "link '../aggregation/rra.md' points to notebooks/aggregation/rra.md, which does not exist"),
    ("notebooks/demo/index.html", '<p>x</p>\n\n<a href="../../guide/#two-evaluators">two</a>\n', 3,
     "link '../../guide/#two-evaluators': guide/index.html has no anchor #two-evaluators"),
    ("guide/other.html", '<a href="#nowhere">here</a>\n', 1,
     "link '#nowhere': guide/other.html has no anchor #nowhere"),
    ("guide/other.html", '<img src="../assets/missing.png">\n', 1,
     "link '../assets/missing.png' points to assets/missing.png, which does not exist"),
])
def test_a_broken_link_or_anchor_fails_naming_the_page_line_and_link(tmp_path, page, html, line, message):
    done = _run(_site(tmp_path, {**GOOD, page: html}))
    assert done.returncode == 1
    assert done.stdout == ""
    assert done.stderr == f"check_links: {page}, line {line}: {message}\n"


def test_it_stops_at_the_first_broken_link_and_all_lists_every_one(tmp_path):
    site = _site(tmp_path, {**GOOD, "a.html": '<a href="x.html">x</a>', "b.html": '<a href="#y">y</a>'})
    first = _run(site)
    assert first.returncode == 1 and first.stderr.count("\n") == 1
    assert first.stderr.startswith("check_links: a.html, line 1: link 'x.html'")
    every = _run(site, "--all")
    assert every.returncode == 1
    assert every.stderr.splitlines()[1].startswith("check_links: b.html, line 1: link '#y'")
    assert every.stderr.splitlines()[-1] == "check_links: 2 broken links"


def test_a_folder_without_a_built_site_is_an_error_not_a_pass(tmp_path):
    done = _run(tmp_path)
    assert done.returncode == 1
    assert "no index.html here; build the site first (make docs)" in done.stderr


# --- the hook that resolves notebook links (docs/hooks/notebook_links.py) -----------------------

def _hook():
    import importlib.util

    spec = importlib.util.spec_from_file_location("notebook_links", ROOT / "docs" / "hooks" / "notebook_links.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_notebook_links_become_the_pages_urls_as_in_markdown_pages(tmp_path, caplog):
    from mkdocs.structure.files import File, Files
    from mkdocs.structure.pages import Page
    from mkdocs_jupyter.plugin import NotebookFile     # how mkdocs-jupyter makes a notebook a page

    def file(path):
        plain = File(path, str(tmp_path), str(tmp_path / "site"), use_directory_urls=True)
        return NotebookFile(plain, True, str(tmp_path / "site")) if path.endswith(".ipynb") else plain

    files = Files([file("comparing/comparator.md"), file("notebooks/a.ipynb"), file("notebooks/b.ipynb")])
    page = Page(None, files.get_file_from_path("notebooks/a.ipynb"), {})
    html = ('<a href="../comparing/comparator.md#two-evaluators">two</a> <a href="b.ipynb">b</a> '
            '<a href="https://x.org/y.md">off</a> <a href="#here">here</a> <a href="../nowhere.md">gone</a>')
    out = _hook().on_page_content(html, page=page, config={}, files=files)
    assert out == ('<a href="../../comparing/comparator/#two-evaluators">two</a> <a href="../b/">b</a> '
                   '<a href="https://x.org/y.md">off</a> <a href="#here">here</a> <a href="../nowhere.md">gone</a>')
    # The missing target is a warning, which `mkdocs build --strict` turns into a failure.
    assert [r.getMessage() for r in caplog.records] == [
        "Doc file 'notebooks/a.ipynb' contains a link '../nowhere.md', but the target is not found "
        "among documentation files."]
