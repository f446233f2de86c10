"""docs/hooks/serve.py: `mkdocs serve` rebuilds for a page or a module, not for a cache file.

Issue 23: opening a notebook in `make lab` while `make serve` ran set off three full rebuilds
(checkpoints, __pycache__). These tests drive MkDocs's own LiveReloadServer and a real
watchdog observer on a temporary folder, and read whether the server asked for a rebuild.
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from docs_hooks import load_hook

ROOT = Path(__file__).resolve().parents[2]


def _hook():
    return load_hook("serve")


def test_the_hook_is_registered_in_mkdocs_yml():
    assert "docs/hooks/serve.py" in (ROOT / "mkdocs.yml").read_text(encoding="utf-8")


@pytest.mark.parametrize("path, ignored", [
    ("notebooks/.ipynb_checkpoints/map_mrr-checkpoint.ipynb", True),
    ("src/rankbook/__pycache__/dcg.cpython-311.pyc", True),
    ("notebooks/.virtual_documents/map_mrr.ipynb", True),
    ("docs/metrics/.ndcg.md.swp", True),
    ("notebooks/map_mrr.ipynb", False),
    ("docs/metrics/ndcg.md", False),
    ("src/rankbook/metrics/dcg.py", False),
    ("docs/checkpoints.md", False),  # the word alone is not a checkpoint folder
])
def test_which_paths_are_ignored(path, ignored):
    assert _hook().is_ignored(path) is ignored


def _wants_rebuild(server, write, settle: float = 1.5) -> bool:
    """Write a file while the server's observer runs; did the server ask for a rebuild?"""
    with server._rebuild_cond:  # MkDocs's own flag, set by its event callback
        server._want_rebuild = False
    write()
    deadline = time.monotonic() + settle
    while time.monotonic() < deadline:
        with server._rebuild_cond:
            if server._want_rebuild:
                return True
        time.sleep(0.05)
    return False


def test_mkdocs_serve_ignores_checkpoints_and_caches(tmp_path):
    from mkdocs.livereload import LiveReloadServer

    docs, src = tmp_path / "docs", tmp_path / "src"
    (docs / ".ipynb_checkpoints").mkdir(parents=True)
    (src / "__pycache__").mkdir(parents=True)
    server = LiveReloadServer(builder=lambda: None, host="127.0.0.1", port=0, root=str(tmp_path))
    server.watch(str(docs))             # as mkdocs serve does before on_serve
    server = _hook().on_serve(server, config=None, builder=server.builder)
    server.watch(str(src))              # mkdocs.yml's watch:, after on_serve
    server.observer.start()
    try:
        time.sleep(0.3)
        checkpoint = docs / ".ipynb_checkpoints" / "page-checkpoint.ipynb"
        bytecode = src / "__pycache__" / "mod.cpython-311.pyc"
        assert not _wants_rebuild(server, lambda: checkpoint.write_text("{}")), "checkpoint"
        assert not _wants_rebuild(server, lambda: bytecode.write_bytes(b"\0")), "bytecode"
        # A page and a module still rebuild: the check above can fail.
        assert _wants_rebuild(server, lambda: (docs / "page.md").write_text("# Page")), "page"
        assert _wants_rebuild(server, lambda: (src / "mod.py").write_text("x = 1")), "module"
    finally:
        server.observer.stop()
        server.observer.join(timeout=5)
