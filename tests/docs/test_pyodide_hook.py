"""docs/hooks/pyodide.py: when the site carries the in-browser runtime, and what it serves."""

from __future__ import annotations

import json
import sys
import zipfile
from pathlib import Path
from types import SimpleNamespace

import pytest
from mkdocs.exceptions import PluginError

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from docs_hooks import load_hook  # noqa: E402

hook = load_hook("pyodide")


def _cache(folder: Path, verified: bool = True) -> Path:
    folder.mkdir()
    (folder / "site_files.json").write_text(json.dumps(["pyodide.mjs", "numpy.whl"]))
    for name in ("pyodide.mjs", "numpy.whl", "micropip.whl"):
        (folder / name).write_text(f"the file {name}")
    if verified:
        (folder / ".verified").write_text("ok\n")
    return folder


@pytest.mark.parametrize(("flag", "verified", "expected"), [
    ("0", True, False), ("", True, True), ("", False, False), ("1", True, True),
])
def test_the_flag_and_the_cache_decide(tmp_path, flag, verified, expected):
    cache = _cache(tmp_path / "cache", verified)
    assert hook.wanted({"RANKBOOK_PYODIDE": flag}, cache) is expected


def test_insisting_without_a_verified_cache_says_what_to_run(tmp_path):
    cache = _cache(tmp_path / "cache", verified=False)
    with pytest.raises(PluginError, match="run `make pyodide` first, or build with RANKBOOK_PYODIDE=0"):
        hook.wanted({"RANKBOOK_PYODIDE": "1"}, cache)


def test_an_unknown_flag_is_refused(tmp_path):
    with pytest.raises(PluginError, match="RANKBOOK_PYODIDE='yes': use 1"):
        hook.wanted({"RANKBOOK_PYODIDE": "yes"}, _cache(tmp_path / "cache"))


def test_the_site_gets_the_listed_files_and_rankbook(tmp_path, monkeypatch):
    monkeypatch.setattr(hook, "CACHE", _cache(tmp_path / "cache"))
    monkeypatch.setattr(hook, "_enabled", True)
    hook.on_post_build(SimpleNamespace(site_dir=str(tmp_path / "site"), extra={}))
    served = tmp_path / "site" / "pyodide"
    assert sorted(p.name for p in served.iterdir()) == ["numpy.whl", "pyodide.mjs", "rankbook.zip"]
    assert (served / "numpy.whl").read_text() == "the file numpy.whl"
    names = zipfile.ZipFile(served / "rankbook.zip").namelist()
    assert "rankbook/__init__.py" in names and "rankbook/io/arrays.py" in names
    assert any(name.startswith("rankbook/data/flagr/") and name.endswith(".csv") for name in names)
    assert not any("__pycache__" in name or name.endswith(".pyc") for name in names)


def test_the_script_is_added_once_and_only_with_the_runtime(tmp_path, monkeypatch):
    monkeypatch.setattr(hook, "CACHE", _cache(tmp_path / "cache"))
    config = SimpleNamespace(extra_javascript=["javascripts/mathjax-config.js"], extra={})
    monkeypatch.setenv("RANKBOOK_PYODIDE", "1")
    hook.on_config(config)
    hook.on_config(config)
    assert config.extra_javascript.count(hook.SCRIPT) == 1
    monkeypatch.setenv("RANKBOOK_PYODIDE", "0")
    config = SimpleNamespace(extra_javascript=[], extra={})
    hook.on_config(config)
    assert config.extra_javascript == [] and config.extra["rankbook_lite"] is False


def test_a_jupyterlite_build_is_served_and_linked_when_there(tmp_path, monkeypatch):
    monkeypatch.setattr(hook, "CACHE", _cache(tmp_path / "cache"))
    lite = tmp_path / "lite"
    (lite / "notebooks").mkdir(parents=True)
    (lite / "notebooks" / "index.html").write_text("<html>lite</html>")
    monkeypatch.setattr(hook, "LITE", lite)
    monkeypatch.setenv("RANKBOOK_PYODIDE", "1")
    config = SimpleNamespace(extra_javascript=[], extra={}, site_dir=str(tmp_path / "site"))
    hook.on_config(config)
    assert config.extra["rankbook_lite"] is False          # no .built: an unfinished build
    (lite / ".built").write_text("ok\n")
    hook.on_config(config)
    assert config.extra["rankbook_lite"] is True
    hook.on_post_build(config)
    assert (tmp_path / "site" / "lite" / "notebooks" / "index.html").read_text() == "<html>lite</html>"
