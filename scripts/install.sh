#!/usr/bin/env bash
# `make install`: rankbook (editable) with its extras into an existing venv, at the versions of
# the lock. The installer is uv (UV_VERSION, itself installed by pip into the venv): the same
# packages at the same versions as pip installs from the lock, faster (docs/performance.md,
# "The test suite"). It reads the platform's certificates (--system-certs) as pip does. Should
# uv not install, pip installs the same: uv's installs are a speed-up, not a requirement.
# Neither byte-compiles every module of the ~140 packages (pip: --no-compile; uv's default);
# Python compiles what is imported, once, on first import. The output goes through
# scripts/pip_noise.sed.
#
#   scripts/install.sh VENV_PYTHON UV_VERSION INSTALL_ARGS...
#   (INSTALL_ARGS: -c requirements/dev.lock -e ".[docs,test,dask]", the Makefile's)
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
python=$1 uv_version=$2
shift 2
noise=scripts/pip_noise.sed

{ "$python" -m pip install --quiet --disable-pip-version-check "uv==$uv_version" \
  && "$(dirname "$python")/uv" pip install --quiet --system-certs --python "$python" "$@"; } 2>&1 \
  | sed -f "$noise" \
  || { echo "uv could not install; installing with pip"; \
       "$python" -m pip install --quiet --disable-pip-version-check --no-compile "$@" 2>&1 \
       | sed -f "$noise"; }
