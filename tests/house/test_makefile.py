"""What the Makefile's targets run, checked by running them with stand-in tools (issue 36, item 8).

No test reads the text that ``make -n`` prints (that text changes with every reworded recipe).
Each test runs a target for real, in a folder given as the environment (``VENV=...``), whose
``python``, ``pytest``, ``mkdocs``, ``uv`` and ``jupyter`` are one stand-in script: it writes
the path it was called by, two of rankbook's environment variables and its arguments to a log,
and does nothing else (``python -m venv DIR`` also puts the stand-ins in ``DIR/bin``; a tool
named in ``STAND_IN_FAILS`` fails). The
test then reads what the tools were asked to do, in the order they were asked:

- ``make test``: the unit tests (slow ones included), the doctests of src/, docs/ and
  README.md, the notebooks, the strict docs build, its link check, then the browser test on
  the site it built; each once, none narrowed; JupyterLab never installed;
- ``make test-narrowed``: the doctests and the notebooks again, through scripts/narrowed.py;
- ``make exercises-sweep``: the quality rules over 2,000 seeds;
- ``make install`` (scripts/install.sh): uv installs the lock, pip the same if uv cannot;
- ``make serve`` and ``make lab`` on a fresh clone: the port checked by the system's python3
  before the install, and again just before the server starts;
- CI (``.ci/run``) runs make test, then make test-narrowed, and make exercises-sweep.

The ``slow`` marker (the oracle runs over a second) is registered in pyproject.toml, and
``make unit`` does not leave those tests out.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10
    from pip._vendor import tomli as tomllib

ROOT = Path(__file__).resolve().parents[2]
TOOLS = ("python", "pytest", "mkdocs", "uv", "jupyter")
STAND_IN = """#!/bin/sh
printf '%s\\t%s\\t%s\\t%s\\n' "$0" "${RANKBOOK_BUILT_SITE-}" "${RANKBOOK_QUALITY_SEEDS-}" "$*" \\
  >> "$STAND_IN_LOG"
case " ${STAND_IN_FAILS-} " in *" $(basename "$0") "*) exit 1 ;; esac
if [ "${1-}" = -m ] && [ "${2-}" = venv ]; then
  mkdir -p "$3/bin"
  for tool in """ + " ".join(TOOLS) + """; do cp "$0" "$3/bin/$tool"; done
fi
"""

# The unit tests' external oracle runs of over a second (measured with --durations).
SLOW_ORACLES = ("tests/compare/test_compare_comparator.py", "tests/pyflagr/test_pyflagr_seed.py",
                "tests/metrics/test_oracle_pytrec_eval.py", "tests/metrics/test_interpolation.py",
                "tests/aggregate/test_aggregate_oracle_pref_voting.py",
                "tests/metrics/test_cwl_models.py", "tests/metrics/test_ntcir.py")

pytestmark = pytest.mark.skipif(not shutil.which("make"), reason="make reads the Makefile")


def _stand_in(path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(STAND_IN)
    path.chmod(0o755)


def _installed_venv(tmp_path: Path) -> Path:
    """A venv of stand-ins whose install stamp is newer than pyproject.toml and the lock."""
    venv = tmp_path / "venv"
    for tool in TOOLS:
        _stand_in(venv / "bin" / tool)
    (venv / ".install-stamp").touch()
    return venv


def _make(tmp_path: Path, *arguments: str, venv: Path | None = None,
          fails: str = "") -> list[tuple[str, ...]]:
    """Run make (outside any calling make's jobserver) and return the stand-ins' calls:
    (tool's path, RANKBOOK_BUILT_SITE, RANKBOOK_QUALITY_SEEDS, arguments)."""
    log = tmp_path / "calls.log"
    log.touch()
    _stand_in(tmp_path / "system" / "python3")  # the system's python3, found on PATH
    env = {key: value for key, value in os.environ.items()
           if key not in ("MAKEFLAGS", "MFLAGS", "MAKELEVEL", "MAKEOVERRIDES")}
    env.update(STAND_IN_LOG=str(log), STAND_IN_FAILS=fails, PATH=f"{tmp_path / 'system'}:{env['PATH']}")
    done = subprocess.run(["make", "--no-print-directory", *arguments, "RANKBOOK_PYODIDE=0",
                           f"VENV={venv or _installed_venv(tmp_path)}",
                           f"LAB_VENV={tmp_path / 'lab'}"],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=60,
                          check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    return [tuple(line.split("\t")) for line in log.read_text().splitlines()]


def _calls(calls, tool: str, *words: str) -> list[tuple[str, ...]]:
    """The calls of `tool` (a path's last part) whose arguments hold every one of `words`."""
    return [call for call in calls if Path(call[0]).name == tool
            and all(word in call[3].split() for word in words)]


def test_make_test_runs_every_check_once_and_the_docs_before_the_browser(tmp_path):
    calls = _make(tmp_path, "test")
    narrowed = [call for call in calls if "scripts/narrowed.py" in call[3]]
    assert narrowed == [], narrowed  # the narrowed passes are make test-narrowed's (CI's)
    unit = _calls(calls, "pytest", "tests", "--ignore=tests/browser")
    doctests = _calls(calls, "pytest", "--doctest-modules", "--doctest-glob=*.md",
                      "src", "docs", "README.md")
    notebooks = _calls(calls, "pytest", "--nbval", "notebooks")
    build = _calls(calls, "mkdocs", "build", "--strict")
    links = _calls(calls, "python", "scripts/check_links.py", "site")
    browser = _calls(calls, "pytest", "tests/browser")
    for step in (unit, doctests, notebooks, build, links, browser):
        assert len(step) == 1, calls
    assert len(calls) == 6, calls  # nothing else (no JupyterLab, no second pass)
    assert "-m" not in unit[0][3].split(), unit  # the slow tests run too
    assert calls.index(build[0]) < calls.index(links[0]) < calls.index(browser[0]), calls
    assert browser[0][1] == "site"  # the browser test reads the site just built
    assert not (tmp_path / "lab").exists()  # make test never installs JupyterLab


def test_make_test_narrowed_runs_the_doctests_and_notebooks_through_narrowed(tmp_path):
    calls = _make(tmp_path, "test-narrowed")
    assert len(calls) == 2, calls
    for call, words in zip(sorted(calls, key=lambda call: "--nbval" in call[3]),
                           (["--doctest-modules", "--doctest-glob=*.md", "src", "docs",
                             "README.md"], ["--nbval", "notebooks"])):
        arguments = call[3].split()
        assert Path(call[0]).name == "python" and arguments[0] == "scripts/narrowed.py", call
        assert Path(arguments[1]).name == "pytest" and set(words) <= set(arguments), call


def test_make_exercises_sweep_runs_the_rules_over_2000_seeds(tmp_path):
    calls = _make(tmp_path, "exercises-sweep")
    assert [(Path(call[0]).name, call[2], call[3].split()[0]) for call in calls] == [
        ("pytest", "2000", "tests/exercises/test_exercises_rules.py")], calls


@pytest.mark.parametrize("fails", ["", "uv"])
def test_make_install_installs_the_lock_with_uv_or_else_pip(tmp_path, fails):
    calls = _make(tmp_path, "install", venv=tmp_path / "fresh", fails=fails)
    python = str(tmp_path / "fresh" / "bin" / "python")
    lock = ["-c", "requirements/dev.lock", "-e", ".[docs,test,dask]"]
    asked = [(Path(call[0]).name, call[3].split()) for call in calls]
    venv = asked.index(("python3", ["-m", "venv", str(tmp_path / "fresh")]))
    asked = asked[venv:]  # after the system's python3 made the venv: the install
    assert asked[1][1][:3] == ["-m", "pip", "install"] and "uv==0.13.9" in asked[1][1], asked
    assert asked[2][0] == "uv" and asked[2][1][-4:] == lock, asked
    assert ["--python", python] == asked[2][1][asked[2][1].index("--python"):][:2], asked
    if fails:  # pip installs the same, byte-compiling nothing ahead, as uv does
        assert asked[3][0] == "python" and asked[3][1][-5:] == ["--no-compile", *lock], asked
    assert len(asked) == 3 + bool(fails), asked  # nothing else
    assert (tmp_path / "fresh" / ".install-stamp").exists()


def test_ci_runs_make_test_then_the_narrowed_passes_and_the_sweep():
    ci = [line.strip() for line in (ROOT / ".ci" / "run").read_text().splitlines()
          if line.strip().startswith("make ")]
    assert ci[:2] == ["make test", "make test-narrowed"], ci
    assert "make exercises-sweep" in ci, ci


@pytest.mark.parametrize("target, variable, server", [("serve", "PORT", "mkdocs"),
                                                      ("lab", "LAB_PORT", "jupyter")])
def test_the_port_is_checked_before_the_install_and_before_the_server(tmp_path, target,
                                                                      variable, server):
    # A fresh clone (no venv yet): the port check first, by the system's python3 (issue 29: 57 s
    # of installing were spent before "port 8000 is in use"), the install, and the check again
    # just before the server starts.
    calls = _make(tmp_path, target, f"{variable}=8123", venv=tmp_path / "fresh")
    checks = [i for i, call in enumerate(calls) if "scripts/check_port.py" in call[3]]
    assert all(Path(calls[i][0]).parent == tmp_path / "system" for i in checks), calls
    assert all(calls[i][3].startswith("scripts/check_port.py 127.0.0.1 8123 ") for i in checks)
    install = next(i for i, call in enumerate(calls) if call[3].startswith("-m pip install"))
    start = next(i for i, call in enumerate(calls) if Path(call[0]).name == server)
    assert checks[0] == 0 and checks[0] < install < checks[-1] < start, calls
    assert "127.0.0.1:8123" in calls[start][3] or "--ServerApp.port=8123" in calls[start][3]


def test_the_slow_marker_is_registered_and_make_unit_keeps_slow_tests(tmp_path):
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["pytest"]["ini_options"]
    assert any(marker.startswith("slow:") for marker in config["markers"]), config["markers"]
    assert "not slow" not in " ".join(config.get("addopts", [])), config
    calls = _make(tmp_path, "unit")
    assert len(calls) == 1 and "-m" not in calls[0][3].split(), calls
    for oracle in SLOW_ORACLES:  # the marker is on the oracle runs it was made for
        assert "pytest.mark.slow" in (ROOT / oracle).read_text(), oracle
