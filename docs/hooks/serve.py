"""MkDocs hook: `mkdocs serve` rebuilds for a changed page or module, not for a cache file.

``mkdocs serve`` watches ``docs/`` (where ``docs/notebooks`` links to ``notebooks/``) and
``src/`` (mkdocs.yml's ``watch:``), and rebuilds the whole site on *any* file event there.
MkDocs has no setting to leave files out of the watch (``exclude_docs`` only leaves them out of
the site). So opening a notebook in ``make lab`` while ``make serve`` ran set off three full
rebuilds of 77-96 s: JupyterLab wrote ``notebooks/.ipynb_checkpoints/*``, the kernel's
``import rankbook`` wrote ``src/rankbook/__pycache__/*.pyc``, and the language server wrote
``.virtual_documents``; none of them changes a page.

This hook wraps each watch's event handler so that an event whose paths all lie in such a
folder, or end like an editor's temporary file, is dropped; every other event rebuilds as
before. Registered in mkdocs.yml under ``hooks:``; ``tests/docs/test_serve_hook.py`` checks it with a
real file-system observer.
"""

from __future__ import annotations

from pathlib import PurePath

#: Folders whose files never change a page: notebook checkpoints, Python and tool caches.
IGNORED_FOLDERS = frozenset({
    ".ipynb_checkpoints", "__pycache__", ".virtual_documents", ".pytest_cache",
    ".mypy_cache", ".ruff_cache", ".hypothesis",
})
#: Endings of cache and editor files (vim swap files, backups, bytecode).
IGNORED_SUFFIXES = (".pyc", ".pyo", ".swp", ".swx", "~", ".tmp", ".jupyter_ystore.db")


def is_ignored(path: str | bytes) -> bool:
    """True if a change to ``path`` cannot change the site (a cache or checkpoint file)."""
    if isinstance(path, bytes):
        path = path.decode("utf-8", "replace")
    parts = PurePath(path).parts
    return any(part in IGNORED_FOLDERS for part in parts) or str(path).endswith(IGNORED_SUFFIXES)


def event_is_ignored(event) -> bool:
    """True if every path of a watchdog event (source, and destination of a move) is ignored."""
    paths = [p for p in (event.src_path, getattr(event, "dest_path", "")) if p]
    return bool(paths) and all(is_ignored(p) for p in paths)


def filter_handler(handler) -> None:
    """Make a watchdog event handler drop the events that :func:`event_is_ignored` names."""
    if getattr(handler, "rankbook_filtered", False):
        return
    dispatch = handler.dispatch

    def filtered_dispatch(event):
        if not event_is_ignored(event):
            dispatch(event)

    handler.dispatch = filtered_dispatch
    handler.rankbook_filtered = True


def on_serve(server, config, builder, **kwargs):
    """Filter the handlers of the paths watched so far and of those watched later.

    MkDocs has watched ``docs/`` and mkdocs.yml when this runs, and watches ``watch:`` (``src/``)
    after it: :meth:`server.watch` is wrapped so those are filtered too.
    """
    observer = server.observer

    def filter_all() -> None:
        # watchdog keeps each watch's handlers in BaseObserver._handlers; there is no public
        # accessor, and MkDocs creates the handlers inside LiveReloadServer.watch.
        for handlers in list(observer._handlers.values()):
            for handler in list(handlers):
                filter_handler(handler)

    watch = server.watch

    def filtered_watch(path, func=None, *, recursive=True):
        watch(path, func, recursive=recursive)
        filter_all()

    server.watch = filtered_watch
    filter_all()
    return server
