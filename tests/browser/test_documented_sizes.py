"""The sizes the README and the pages state, against the built site and this checkout (issue 29).

No browser: these tests sit here because the browser step runs on the site `make test` has just
built (RANKBOOK_BUILT_SITE), with Pyodide's runtime in it. Each figure is read from its page (an
update is an edit of the page) and compared with what is on disk, as `du` counts it (allocated
blocks, 1 MB = 2^20 bytes, each hard-linked file once), or for what a browser fetches, with the
files' own sizes. A size that is not there (no JupyterLite build, a `.venv` elsewhere) is
skipped; on CI the built site and its runtime must be there.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest
from test_site import ROOT, _ci

MB = 2**20
SITE_TOLERANCE = 0.10     # the site is rebuilt from the same files: its sizes move little
DISK_TOLERANCE = 0.15     # .venv grows by the bytecode caches the suite writes
# What a page's first Run fetches (docs/javascripts/tryit-worker.js, boot()): Pyodide's
# module, its WebAssembly and standard library, the package lock, numpy and rankbook.
FIRST_RUN = ["pyodide.mjs", "pyodide.asm.js", "pyodide.asm.wasm", "python_stdlib.zip",
             "pyodide-lock.json", "numpy-*.whl", "rankbook.zip"]


def figure(stated, page: str, pattern: str) -> float:
    """The number (in MB, or GB where the pattern says so) that ``page`` states by ``pattern``."""
    return float(stated(page, pattern).replace(",", ""))


def du(folder: Path, leave_out: Path | None = None) -> float:
    """MB that ``folder`` takes on disk, as `du -s` counts (files and folders, links once)."""
    seen, total, skip = set(), 0, str(leave_out)
    for root, folders, files in os.walk(folder):
        folders[:] = [name for name in folders if os.path.join(root, name) != skip]
        for name in [*folders, *files]:
            info = os.lstat(os.path.join(root, name))
            if info.st_nlink > 1:
                if (info.st_dev, info.st_ino) in seen:
                    continue
                seen.add((info.st_dev, info.st_ino))
            total += info.st_blocks * 512
    return total / MB


def near(measured: float, figure: float, tolerance: float, what: str) -> None:
    assert abs(measured - figure) <= tolerance * figure, (
        f"{what}: the docs say {figure:g}, measured {measured:.1f}; update the figure")


@pytest.fixture(scope="module")
def site() -> Path:
    built = os.environ.get("RANKBOOK_BUILT_SITE", "")
    if not built:
        message = "no built site (RANKBOOK_BUILT_SITE): `make test` and `make browser` set it"
        if _ci():
            pytest.fail(message)
        pytest.skip(message)
    folder = Path(built).resolve()
    if not (folder / "pyodide" / "pyodide.asm.wasm").is_file():
        if _ci():
            pytest.fail(f"{folder} has no Pyodide runtime (site/pyodide/)")
        pytest.skip(f"{folder} was built without the runtime (RANKBOOK_PYODIDE=0)")
    return folder


def test_the_site_and_its_runtime_are_the_size_the_readme_says(site, stated):
    lite = site / "lite"
    near(du(site, leave_out=lite), figure(stated, "README.md", r"The site is about ([\d.]+) MB"),
         SITE_TOLERANCE, "README: the site without JupyterLite (MB)")
    runtime = du(site / "pyodide")
    near(runtime, figure(stated, "README.md", r"`site/pyodide/` is ([\d.]+) MB"), SITE_TOLERANCE,
         "README: site/pyodide/ (MB)")
    near(runtime, figure(stated, "docs/about.md", r"the whole runtime folder is ([\d.]+) MB"),
         SITE_TOLERANCE, "about.md: the runtime folder (MB)")
    index = (site / "search" / "search_index.json").stat().st_size / MB
    near(index, figure(stated, "docs/contributing.md", r"the search index \(about ([\d.]+) MB"),
         SITE_TOLERANCE, "contributing.md: the search index (MB)")
    if (lite / ".built").is_file():
        near(du(site), figure(stated, "README.md", r"about ([\d.]+) MB with the JupyterLite build"),
             SITE_TOLERANCE, "README: the site with JupyterLite (MB)")


def test_a_page_s_first_run_fetches_what_the_readme_says(site, stated):
    files = [path for pattern in FIRST_RUN for path in (site / "pyodide").glob(pattern)]
    assert len(files) == len(FIRST_RUN), [path.name for path in files]
    fetched = sum(path.stat().st_size for path in files) / MB
    near(fetched, figure(stated, "README.md", r"first \*\*Run\*\* fetches about ([\d.]+) MB"),
         SITE_TOLERANCE, "README: a page's first Run (MB)")
    near(fetched, figure(stated, "docs/about.md", r"numpy, about ([\d.]+) MB from this site"),
         SITE_TOLERANCE, "about.md: a page's first Run (MB)")


def test_the_disk_footprint_is_what_the_readme_says(stated):
    venv = ROOT / ".venv"
    if Path(sys.prefix).resolve() != venv.resolve():
        pytest.skip(f"this Python is not the checkout's .venv ({sys.prefix})")
    near(du(venv) / 1024, figure(stated, "README.md", r"`\.venv` about ([\d.]+) GB"),
         DISK_TOLERANCE, "README: .venv (GB)")
    pyodide = ROOT / ".cache" / "pyodide"
    if not (pyodide / "downloads").is_dir():
        if _ci():
            pytest.fail("no .cache/pyodide/downloads: `make test` fetches Pyodide first")
        pytest.skip("Pyodide not fetched (make pyodide)")
    downloads = sum(path.stat().st_size for path in (pyodide / "downloads").iterdir()) / 1e6
    near(downloads, figure(stated, "README.md", r"about ([\d.]+) MB downloaded"),
         DISK_TOLERANCE, "README: Pyodide's downloads (MB, 10^6 bytes)")
    cache, lite = ROOT / ".cache", ROOT / ".cache" / "lite"
    near(du(cache, leave_out=lite),
         figure(stated, "README.md", r"`\.cache` about ([\d.]+) MB once"),
         DISK_TOLERANCE, "README: .cache with Pyodide (MB)")
    if (lite / "site" / ".built").is_file():
        near(du(cache), figure(stated, "README.md", r"about ([\d.]+) MB with `make lite`'s"),
             DISK_TOLERANCE, "README: .cache with JupyterLite (MB)")
        for page, pattern in [("README.md", r"\(`\.cache/lite/site`, ([\d.]+) MB"),
                              ("docs/about.md", r"JupyterLite folder is ([\d.]+) MB")]:
            near(du(lite / "site"), figure(stated, page, pattern), DISK_TOLERANCE,
                 f"{page}: make lite's build (MB)")
    tools = ROOT / ".venv-jupyterlite"
    if tools.is_dir():
        near(du(tools), figure(stated, "README.md", r"`\.venv-jupyterlite`, about ([\d.]+) MB"),
             DISK_TOLERANCE, "README: .venv-jupyterlite (MB)")


def test_the_size_checks_can_fail(tmp_path):
    (tmp_path / "a").write_bytes(b"x" * 3 * MB)
    assert 2.9 < du(tmp_path) < 3.2
    os.link(tmp_path / "a", tmp_path / "b")                 # a hard link is counted once
    assert 2.9 < du(tmp_path) < 3.2
    near(3.0, 3.2, 0.1, "within 10%")
    with pytest.raises(AssertionError, match="update the figure"):
        near(3.0, 4.0, 0.1, "off by 25%")
