"""Build the notebooks into JupyterLite, offline, with rankbook preinstalled (`make lite`).

    python scripts/build_lite.py JUPYTER PYODIDE_DIR RANKBOOK_WHEEL COMM_WHEEL NOTEBOOKS OUT

JUPYTER is the ``jupyter`` of an environment with jupyterlite-core 0.5.1 and
jupyterlite-pyodide-kernel 0.5.2 (the generation of Pyodide 0.27.7). The kernel's Pyodide is
``make pyodide``'s verified folder (every file of it, copied as the well-known
``static/pyodide``), not the CDN; rankbook's wheel sits beside it, named in
``rankbook-lock.json`` (npm's lock plus one entry for rankbook, the lock itself left as it
is), so that the kernel loads rankbook with numpy, scipy, pandas and matplotlib at start
(``loadPyodideOptions``). ``comm``, which the kernel would otherwise ask PyPI for, is served
as a piplite wheel, and PyPI is never asked (``disablePyPIFallback``). OUT/.built is written
last.
"""
from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

KERNEL = "@jupyterlite/pyodide-kernel-extension:kernel"
RANKBOOK_NEEDS = ["numpy", "scipy", "pandas", "matplotlib"]


def rankbook_lock(npm_lock: dict, wheel: Path) -> dict:
    """npm's lock with rankbook added, so that Pyodide loads its wheel (and what it needs)."""
    lock = json.loads(json.dumps(npm_lock))
    lock["packages"]["rankbook"] = {
        "name": "rankbook", "version": wheel.name.split("-")[1], "file_name": wheel.name,
        "install_dir": "site", "sha256": hashlib.sha256(wheel.read_bytes()).hexdigest(),
        "package_type": "package", "imports": ["rankbook"], "depends": RANKBOOK_NEEDS,
        "unvendored_tests": False, "shared_library": False,
    }
    return lock


def settings() -> dict:
    return {"jupyter-config-data": {"litePluginSettings": {KERNEL: {
        "disablePyPIFallback": True,
        "loadPyodideOptions": {"lockFileURL": "./static/pyodide/rankbook-lock.json",
                               "packages": ["rankbook"]},
    }}}}


def lay_out(lite: Path, pyodide: Path, wheel: Path, comm: Path) -> None:
    """The lite folder: static/pyodide (verified files, rankbook, its lock), settings, wheels."""
    static = lite / "static" / "pyodide"
    static.mkdir(parents=True)
    for path in pyodide.iterdir():
        if path.is_file() and not path.name.startswith(".") and path.suffix != ".json" \
                or path.name == "pyodide-lock.json":
            shutil.copyfile(path, static / path.name)
    shutil.copyfile(wheel, static / wheel.name)
    lock = json.loads((pyodide / "pyodide-lock.json").read_text())
    (static / "rankbook-lock.json").write_text(json.dumps(rankbook_lock(lock, wheel)))
    (lite / "jupyter-lite.json").write_text(json.dumps(settings(), indent=1))
    (lite / "wheels").mkdir()
    shutil.copyfile(comm, lite / "wheels" / comm.name)


def main(argv: list[str]) -> int:
    if len(argv) != 6:
        print(__doc__.strip().splitlines()[2].strip(), file=sys.stderr)
        return 2
    jupyter, pyodide, wheel, comm, notebooks, out = (Path(a).resolve() for a in argv)
    with tempfile.TemporaryDirectory() as folder:
        lite = Path(folder)
        lay_out(lite, pyodide, wheel, comm)
        shutil.rmtree(out, ignore_errors=True)
        command = [str(jupyter), "lite", "build", "--lite-dir", str(lite), "--contents",
                   str(notebooks), "--piplite-wheels", f"wheels/{comm.name}",
                   "--output-dir", str(out)]
        done = subprocess.run(command, cwd=lite, capture_output=True, text=True)
        if done.returncode != 0:
            print(done.stdout[-3000:], done.stderr[-3000:], sep="\n", file=sys.stderr)
            print(f"make lite: `jupyter lite build` failed (exit {done.returncode})",
                  file=sys.stderr)
            return 1
    if not (out / "api" / "contents" / "all.json").is_file():
        print("make lite: the build has no notebook index (api/contents): is jupyter_server "
              "installed beside jupyterlite-core?", file=sys.stderr)
        return 1
    (out / ".built").write_text("JupyterLite 0.5.1, Pyodide kernel 0.5.2, rankbook preinstalled\n")
    print(f"{out}: JupyterLite with {len(list(notebooks.glob('*.ipynb')))} notebooks")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
