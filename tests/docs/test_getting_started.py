"""A newcomer's first minutes (issue 9): the README's set-up, a busy port, `make lab`.

The README must open with its title and the two set-up commands, then say how to reach the
installed package (`.venv`); its shell lines are run here. `make serve` on a port that is
taken must say so in one line (scripts/check_port.py) instead of mkdocs' traceback, and
`make lab` must use its own environment so that `make test` never installs JupyterLab.
"""

from __future__ import annotations

import os
import re
import shutil
import socket
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text(encoding="utf-8")
VENV = Path(sys.executable).parent.parent  # the environment running the tests: .venv


def _blocks(text: str, language: str) -> list[str]:
    return re.findall(rf"^```{language}\n(.*?)^```", text, re.M | re.S)


def test_readme_opens_with_its_title_and_the_two_commands():
    lines = README.splitlines()
    assert lines[0] == "# rankbook"
    first = _blocks(README, "sh")[0].splitlines()
    assert [line.split("#")[0].strip() for line in first] == ["make serve", "make test"]
    assert README.index("make serve") < README.index("## ")  # before any section


def test_readme_says_how_to_reach_the_venv_right_after_the_commands():
    after = README.split("```", 2)[2].split("\n## ", 1)[0]  # up to the first section
    for needed in ("source .venv/bin/activate", ".venv/bin/rankbook", "PORT=", "make lab"):
        assert needed in after, f"the README's opening does not mention {needed!r}"


@pytest.mark.skipif(not shutil.which("bash"), reason="bash runs the README's shell lines")
def test_the_readme_venv_lines_work():
    # The second ```sh block, with .venv standing for the environment running this test.
    block = _blocks(README, "sh")[1]
    script = block.replace(".venv/", f"{VENV}/")
    done = subprocess.run(["bash", "-e", "-c", script], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    value = done.stdout.split()[-1]
    assert done.stdout.startswith("rankbook ")
    assert float(value) == 0.5  # P@2 of [1, 0, 1]: one relevant in the first two


# --- a busy port ------------------------------------------------------------------------------

def _check_port(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(ROOT / "scripts" / "check_port.py"), *args],
                          capture_output=True, text=True)


def test_a_busy_port_is_one_line_with_the_fix():
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        done = _check_port("127.0.0.1", str(port), "make serve", "PORT")
    assert done.returncode == 1 and done.stdout == ""
    lines = done.stderr.splitlines()
    assert len(lines) == 1, done.stderr
    assert lines[0].startswith(f"make serve: port {port} on 127.0.0.1 is already in use")
    assert re.search(r"make serve PORT=\d+$", lines[0]), lines[0]


def test_a_free_port_passes_silently():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    done = _check_port("127.0.0.1", str(port))
    assert (done.returncode, done.stdout, done.stderr) == (0, "", "")


def test_lab_names_its_own_variable():
    done = _check_port("127.0.0.1", "70000", "make lab", "LAB_PORT")
    assert done.returncode == 1 and "LAB_PORT=" in done.stderr and "make lab" in done.stderr


# What `make serve` and `make lab` run, and in which order (the port checked before the install
# and again before the server): tests/house/test_makefile.py, with stand-in tools.


def _outside_make() -> dict:
    """The environment as a user's shell has it: under `make test` this test runs inside make,
    whose MAKEFLAGS (its jobserver) would reach the make below and add a warning line."""
    return {key: value for key, value in os.environ.items()
            if key not in ("MAKEFLAGS", "MFLAGS", "MAKELEVEL", "MAKEOVERRIDES")}


@pytest.mark.skipif(not shutil.which("make"), reason="make reads the Makefile")
def test_make_serve_on_a_busy_port_stops_at_once_with_the_one_line_message(tmp_path):
    # For real, with a venv that cannot be created (its folder's parent is a file): the port
    # check stops make before anything is installed; were the install first, make would
    # stop at once too, on the venv, with another message.
    (tmp_path / "file").write_text("")
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        done = subprocess.run(["make", "--no-print-directory", "serve", f"PORT={port}",
                               f"VENV={tmp_path}/file/venv"], cwd=ROOT, capture_output=True,
                              text=True, timeout=60, env=_outside_make())
    assert done.returncode != 0 and done.stdout == ""
    assert done.stderr.startswith(f"make serve: port {port} on 127.0.0.1 is already in use")


# --- make lab ---------------------------------------------------------------------------------

def test_jupyterlab_is_pinned_in_its_own_extra_only():
    try:
        import tomllib
    except ModuleNotFoundError:  # Python 3.10
        from pip._vendor import tomli as tomllib

    extras = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"][
        "optional-dependencies"]
    assert [re.match(r"[A-Za-z_-]+==\d", req) is not None for req in extras["lab"]] == [True]
    assert extras["lab"][0].startswith("jupyterlab==")
    for other in ("docs", "test"):
        assert not any(req.lower().startswith(("jupyterlab", "notebook")) for req in extras[other])
    done = subprocess.run([sys.executable, str(ROOT / "scripts" / "extra.py"), "lab"],
                          capture_output=True, text=True)
    assert done.stdout.split() == extras["lab"]


def test_make_lab_uses_the_venv_kernel():
    # That make test never installs JupyterLab: tests/house/test_makefile.py.
    makefile = (ROOT / "Makefile").read_text()
    assert '-e ".[docs,test]"' in makefile
    # The lab environment registers .venv's Python as the notebooks' kernel ("python3").
    assert re.search(r"\$\(BIN\)/python -m ipykernel install --prefix \$\(LAB_VENV\) "
                     r"--name python3", makefile)
    assert "jupyter lab --notebook-dir=notebooks" in makefile


@pytest.mark.skipif(not shutil.which("make"), reason="make reads the Makefile")
def test_make_targets_write_bytecode_caches_whatever_the_environment_says(tmp_path):
    # With PYTHONDONTWRITEBYTECODE=1 (this machine's environment) and a venv installed without
    # compiled bytecode, every Python process of `make test` compiled numpy, pandas, scipy and
    # matplotlib from source (2.8 s of CPU each); the Makefile unexports the variable.
    probe = tmp_path / "probe.mk"
    probe.write_text(f"probe-bytecode:\n\t@{sys.executable} -c "
                     "'import sys; print(sys.dont_write_bytecode)'\n")
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}
    done = subprocess.run(["make", "--no-print-directory", "-f", "Makefile", "-f", str(probe),
                           "probe-bytecode"], cwd=ROOT, env=env, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "False"
    # the probe can fail: without the Makefile, the variable reaches Python
    bare = subprocess.run(["make", "--no-print-directory", "-f", str(probe), "probe-bytecode"],
                          cwd=tmp_path, env=env, capture_output=True, text=True)
    assert bare.stdout.strip() == "True", bare.stderr
