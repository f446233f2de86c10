"""MkDocs hook: the in-browser runtime behind the "Try it" cells (Pyodide, served by the site).

With the runtime, every page loads ``javascripts/tryit.js``; on the metric and aggregation
pages it adds a "Try it" button to each ``pycon`` example (the code becomes editable and runs in
a Web Worker, ``javascripts/tryit-worker.js``) and, on metric pages, a "Verify your hand
calculation" box. Pyodide starts on the first click only. The site then holds ``pyodide/``:
the files of ``make pyodide``'s verified cache that numpy, scipy, pandas and matplotlib need
(its ``site_files.json``), and ``rankbook.zip``, the package's sources at build time.
Nothing is fetched from outside the site.

``RANKBOOK_PYODIDE`` decides:

- ``1``: with the runtime; a missing cache fails the build (run ``make pyodide``);
- ``0``: without it (pages unchanged, no ``pyodide/`` folder);
- unset: with it when the verified cache exists, else without (one line in the log).

The Makefile's ``docs``, ``serve`` and ``test`` set ``1`` and fetch the cache first. With the
runtime, a JupyterLite build of the notebooks (``make lite``, which ``make serve`` runs) is
served under ``lite/`` when it exists, and each notebook page links to it.
"""

from __future__ import annotations

import json
import logging
import os
import shutil
import zipfile
from pathlib import Path

from mkdocs.exceptions import PluginError

ROOT = Path(__file__).resolve().parents[2]
CACHE = ROOT / ".cache" / "pyodide" / "0.27.7"
SOURCES = ROOT / "src" / "rankbook"
LITE = ROOT / ".cache" / "lite" / "site"          # make lite: the notebooks in JupyterLite
SCRIPT = "javascripts/tryit.js"
log = logging.getLogger("mkdocs.hooks.pyodide")
_enabled = False


def wanted(environ=None, cache: Path | None = None) -> bool:
    """Whether this build carries the runtime (see the module docstring)."""
    environ = os.environ if environ is None else environ
    cache = CACHE if cache is None else cache          # read at call time (tests move it)
    flag = environ.get("RANKBOOK_PYODIDE", "").strip()
    ready = (cache / ".verified").is_file()
    if flag == "0":
        return False
    if flag == "1" and not ready:
        raise PluginError(f"RANKBOOK_PYODIDE=1 but {cache} holds no verified Pyodide: run "
                          "`make pyodide` first, or build with RANKBOOK_PYODIDE=0")
    if flag not in ("", "0", "1"):
        raise PluginError(f"RANKBOOK_PYODIDE={flag!r}: use 1 (with the in-browser runtime) or "
                          "0 (without)")
    if not ready:
        log.info("the site is built without the in-browser runtime: %s is empty (make pyodide)",
                 cache)
    return ready


def on_config(config):
    global _enabled
    _enabled = wanted()
    if _enabled and SCRIPT not in [str(script) for script in config.extra_javascript]:
        config.extra_javascript.append(SCRIPT)
    # overrides/main.html links each notebook page to its notebook in JupyterLite
    config.extra["rankbook_lite"] = _enabled and (LITE / ".built").is_file()
    return config


def _link_tree(source: Path, target: Path) -> None:
    """Every file of ``source`` at the same place under ``target`` (hard links where possible)."""
    for path in source.rglob("*"):
        if path.is_file():
            out = target / path.relative_to(source)
            out.parent.mkdir(parents=True, exist_ok=True)
            if not out.exists():
                try:
                    os.link(path, out)
                except OSError:
                    shutil.copyfile(path, out)


def source_zip(target: Path, sources: Path = SOURCES) -> None:
    """rankbook's package (its .py files and package data) as a zip whose root is rankbook/."""
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as archive:
        for path in sorted(sources.rglob("*")):
            if path.is_file() and "__pycache__" not in path.parts and path.suffix != ".pyc":
                archive.write(path, Path("rankbook") / path.relative_to(sources))


def on_post_build(config):
    if not _enabled:
        return
    out = Path(config.site_dir) / "pyodide"
    out.mkdir(parents=True, exist_ok=True)
    for name in json.loads((CACHE / "site_files.json").read_text()):
        target = out / name
        if not target.exists():
            try:                                   # the same disk: no copy of ~50 MB
                os.link(CACHE / name, target)
            except OSError:
                shutil.copyfile(CACHE / name, target)
    source_zip(out / "rankbook.zip")
    if config.extra.get("rankbook_lite"):
        _link_tree(LITE, Path(config.site_dir) / "lite")
