"""Load a build hook of docs/hooks/ (they are files beside the site, not a package)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

HOOKS = Path(__file__).resolve().parents[2] / "docs" / "hooks"


def load_hook(name: str):
    """docs/hooks/<name>.py as a module."""
    spec = importlib.util.spec_from_file_location(f"{name}_hook", HOOKS / f"{name}.py")
    hook = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(hook)
    return hook
