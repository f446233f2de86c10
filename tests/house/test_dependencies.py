"""The dependency policy (issue 16; docs/contributing.md, "Dependencies"): ranges for users, a lock for us.

pyproject.toml's ``[project].dependencies`` states ranges (no ``==``); requirements/oldest.txt
pins exactly their lower bounds (what ``make test-oldest`` installs); requirements/dev.lock
pins every package of the development environment, inside those ranges and equal to the
extras' pins; the Makefile installs from the lock and redoes the install when it changes.
"""

from __future__ import annotations

import re
from pathlib import Path

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10: pip ships the same parser
    from pip._vendor import tomli as tomllib

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from packaging.version import Version

ROOT = Path(__file__).resolve().parents[2]
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
RUNTIME = [Requirement(line) for line in PROJECT["dependencies"]]


def _pins(path: Path) -> dict[str, Version]:
    pins = {}
    for line in path.read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            name, _, version = line.partition("==")
            assert version, f"{path.name}: {line!r} is not NAME==VERSION"
            pins[canonicalize_name(name)] = Version(version)
    return pins


LOCK = _pins(ROOT / "requirements" / "dev.lock")
OLDEST = _pins(ROOT / "requirements" / "oldest.txt")


def test_runtime_dependencies_are_ranges_with_a_lower_bound():
    assert {canonicalize_name(r.name) for r in RUNTIME} == {"numpy", "scipy", "pandas", "matplotlib"}
    for requirement in RUNTIME:
        operators = {spec.operator for spec in requirement.specifier}
        assert "==" not in operators and ">=" in operators, str(requirement)


def test_oldest_pins_exactly_the_lower_bounds():
    lower = {canonicalize_name(r.name): Version(next(s.version for s in r.specifier
                                                     if s.operator == ">="))
             for r in RUNTIME}
    assert OLDEST == lower


def test_the_lock_lies_inside_the_ranges_and_equals_the_extras_pins():
    for requirement in RUNTIME:
        assert LOCK[canonicalize_name(requirement.name)] in requirement.specifier, str(requirement)
    for extra in ("docs", "test", "dask"):
        for line in PROJECT["optional-dependencies"][extra]:
            requirement = Requirement(line)
            name = canonicalize_name(requirement.name)
            assert name in LOCK, f"the {extra} extra's {name} is not in requirements/dev.lock"
            assert LOCK[name] in requirement.specifier, f"{line} but the lock has {LOCK[name]}"


def test_make_install_uses_the_lock_and_is_redone_when_it_changes():
    makefile = (ROOT / "Makefile").read_text()
    assert re.search(r"^\$\(STAMP\): pyproject\.toml \$\(LOCK\)", makefile, re.M)
    assert re.search(r"^INSTALL_ARGS := -c \$\(LOCK\) -e \"\.\[docs,test,dask\]\"$", makefile, re.M)
    # uv installs from the lock, and pip, if uv cannot, from the same arguments (run with
    # stand-in tools in tests/house/test_makefile.py)
    assert re.search(r"^\t@scripts/install\.sh \$\(BIN\)/python \$\(UV_VERSION\) \$\(INSTALL_ARGS\)$",
                     makefile, re.M)
    assert "make test-oldest" in (ROOT / ".ci" / "run").read_text()
