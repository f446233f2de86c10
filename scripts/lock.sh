#!/usr/bin/env bash
# Refresh requirements/dev.lock (`make lock`): resolve rankbook with its docs and test extras
# anew in a throw-away venv (the newest versions pyproject.toml allows) and write pip's freeze
# of it, every transitive package included, under the lock's header. Then run `make test` on
# the new lock (`make distclean test`) and commit pyproject.toml and the lock together.
#
#   scripts/lock.sh [PYTHON]      PYTHON defaults to python3 (the machines' Python 3.11)
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
python=${1:-python3}
lock=requirements/dev.lock
venv=$(mktemp -d "${TMPDIR:-/tmp}/rankbook-lock.XXXXXX")
trap 'rm -rf "$venv"' EXIT

echo "Resolving rankbook[docs,test,dask] in a new venv ($("$python" --version))"
"$python" -m venv "$venv"
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check ".[docs,test,dask]" 2>&1 \
  | sed -f scripts/pip_noise.sed

header=$(sed -n '/^#/!q; p' "$lock")
{
  printf '%s\n' "$header"
  "$venv/bin/python" -m pip freeze --disable-pip-version-check --exclude rankbook | sort -f
} > "$lock.new"
mv "$lock.new" "$lock"
echo "Wrote $lock ($(grep -vc '^#' "$lock") packages); git diff $lock shows what moved."
