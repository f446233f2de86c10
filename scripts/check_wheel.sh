#!/usr/bin/env bash
# `make wheel-check` (CI runs it): the package as a user gets it. Builds the wheel and the sdist
# (`python -m build`), checks the wheel holds every module and data file of src/rankbook,
# installs it into a new venv (dependencies at the versions of requirements/dev.lock), and from
# an empty folder outside the repository runs `rankbook eval`, `fuse` and `exercises`,
# `rb.evaluate`, `rb.fuse` and `rankbook.datasets` with known answers (scripts/wheel_smoke.py).
#
#   scripts/check_wheel.sh [PYTHON]   PYTHON: one with the `build` package (.venv/bin/python)
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
repo=$PWD
python=${1:-.venv/bin/python}
work=$(mktemp -d "${TMPDIR:-/tmp}/rankbook-wheel.XXXXXX")
trap 'rm -rf "$work"' EXIT

echo "== python -m build (into $work/dist)"
"$python" -m build --outdir "$work/dist" . > "$work/build.log" 2>&1 || { cat "$work/build.log"; exit 1; }
wheel=$(ls "$work"/dist/rankbook-*.whl)
echo "built $(basename "$wheel") and $(cd "$work/dist" && ls ./*.tar.gz)"

# Every module under src/rankbook is in the wheel (a folder without __init__.py would not be).
missing=$(comm -23 <(cd src && find rankbook -name '*.py' -not -path '*/__pycache__/*' | sort) \
                   <("$python" -m zipfile -l "$wheel" | awk '{print $1}' | grep '\.py$' | sort))
if [ -n "$missing" ]; then
  echo "the wheel lacks these modules of src/: $missing" >&2
  exit 1
fi
# Every file of src/rankbook/data (the data sets of rankbook.datasets, which the notebooks read
# from a download and in JupyterLite) is in the wheel: pyproject.toml's package-data.
missing=$(comm -23 <(cd src && find rankbook/data -type f | sort) \
                   <("$python" -m zipfile -l "$wheel" | awk '{print $1}' | grep '^rankbook/data/' | sort))
if [ -n "$missing" ]; then
  echo "the wheel lacks these data files of src/ (pyproject.toml: package-data): $missing" >&2
  exit 1
fi

echo "== a clean venv with the wheel"
"${PYTHON:-python3}" -m venv "$work/venv"
"$work/venv/bin/python" -m pip install --quiet --disable-pip-version-check \
  -c requirements/dev.lock "$wheel" 2>&1 | sed -f "$repo/scripts/pip_noise.sed"

echo "== run from an empty folder outside the repository"
mkdir "$work/elsewhere"
cd "$work/elsewhere"
"$work/venv/bin/python" -I "$repo/scripts/wheel_smoke.py" "$work/venv/bin/rankbook" "$repo"
