"""The browser tests' session fixtures: Debian's Chromium, the built site, a server on
127.0.0.1 and one Playwright browser, shared by every module of tests/browser (a second
Playwright in the same session is refused). Constants and helpers live in test_site.py.
"""

from __future__ import annotations

import contextlib
import os
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
from test_site import CHROMIUM, CHROMIUM_ARGS, ROOT, _ci


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
    built = os.environ.get("RANKBOOK_BUILT_SITE", "")
    if built:
        # `make test` builds the site with --strict (and checks its links) one step before
        # this one, and says so; a plain `make browser` or `pytest tests/browser` builds anew.
        out = Path(built).resolve()
        if not (out / "index.html").is_file():
            pytest.fail(f"RANKBOOK_BUILT_SITE={built}: no index.html there", pytrace=False)
        return out
    out = tmp_path_factory.mktemp("site")
    (ROOT / "notebooks").mkdir(exist_ok=True)  # docs/notebooks links there
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    cmd = [sys.executable, "-m", "mkdocs", "build", "--strict",
           "-f", str(ROOT / "mkdocs.yml"), "-d", str(out)]
    done = subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True)
    if done.returncode != 0:
        pytest.fail(f"`{' '.join(cmd)}` failed:\n{done.stdout}\n{done.stderr}", pytrace=False)
    return out


@contextlib.contextmanager
def serving(folder: Path, what: str = "site"):
    """http://127.0.0.1:PORT/ serving ``folder`` (python -m http.server) while the block runs."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    server = subprocess.Popen(
        [sys.executable, "-m", "http.server", "--bind", "127.0.0.1", str(port), "-d", str(folder)],
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
                    pytest.fail(f"the {what} server on {url} did not start", pytrace=False)
                time.sleep(0.1)
        yield url
    finally:
        server.terminate()
        server.wait(timeout=10)


@pytest.fixture(scope="session")
def base_url(site_dir):
    """http://127.0.0.1:PORT/ serving the built site, for the whole session."""
    with serving(site_dir) as url:
        yield url


@pytest.fixture(scope="session")
def serve_folder():
    """``serve_folder(folder, what)``: the URL of a server for ``folder``, for the session."""
    with contextlib.ExitStack() as servers:
        yield lambda folder, what: servers.enter_context(serving(folder, what))


@pytest.fixture(scope="session")
def browser(chromium_executable):
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        # Playwright hides scrollbars by default (--hide-scrollbars); a reader sees them, and
        # the layout test checks that wide boxes show one.
        browser = playwright.chromium.launch(
            executable_path=chromium_executable, headless=True, args=CHROMIUM_ARGS,
            ignore_default_args=["--hide-scrollbars"],
        )
        yield browser
        browser.close()
