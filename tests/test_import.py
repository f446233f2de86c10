"""`import rankbook` stays light: pandas, matplotlib and scipy load only when used.

The foundation issue asks for it: the metric functions need numpy alone, so a script that
computes P@k should not pay for pandas (the explain table, the evaluator's DataFrame) or
matplotlib (rankbook.plots). Checked in a fresh interpreter, where nothing is imported yet.
"""

from __future__ import annotations

import subprocess
import sys

HEAVY = ("pandas", "matplotlib", "scipy")


def _imported_after(code: str) -> set[str]:
    probe = f"{code}\nimport sys\nprint(' '.join(sorted(sys.modules)))"
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    return {name.split(".")[0] for name in out.stdout.split()}


def test_import_rankbook_loads_no_pandas_matplotlib_or_scipy():
    loaded = _imported_after("import rankbook as rb\nrb.ndcg_at_k([3, 2, 0], 2)")
    assert not loaded & set(HEAVY), f"import rankbook loaded {sorted(loaded & set(HEAVY))}"


def test_the_cli_eval_path_loads_no_pandas_or_matplotlib():
    # `rankbook eval --format trec` prints straight from arrays (see docs/performance.md).
    loaded = _imported_after("import rankbook.cli, rankbook.evaluation, rankbook.io")
    assert not loaded & {"pandas", "matplotlib"}, sorted(loaded & {"pandas", "matplotlib"})


def test_explain_table_loads_pandas_when_asked():
    # The check above can fail: it does see pandas once something uses it.
    assert "pandas" in _imported_after("import rankbook as rb\nrb.explain([1, 0], 1).table")
