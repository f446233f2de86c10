"""`import rankbook` stays light: pandas, matplotlib and scipy load only when used.

The foundation issue asks for it: the metric functions need numpy alone, so a script that
computes P@k should not pay for pandas (the explain table, the evaluator's DataFrame) or
matplotlib (rankbook.plots). Checked in a fresh interpreter, where nothing is imported yet.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

HEAVY = ("pandas", "matplotlib", "scipy")
TREC_EVAL_QRELS = Path(__file__).resolve().parent / "data" / "trec_eval" / "qrels.test"


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


# --- the top-level API after `import rankbook as rb` (issue 9) ---------------------------

def _run_fresh(code: str) -> str:
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_rb_evaluate_is_the_function_and_loads_on_first_use():
    # One query: d1 (relevant), d2 (not), d3 (relevant) by score. By hand: P@2 = 1/2 and
    # AP = (1/1 + 2/3) / 2 = 5/6.
    out = _run_fresh(
        "import sys\n"
        "import rankbook as rb\n"
        "print('before', 'rankbook.evaluation' in sys.modules)\n"
        "qrels = {'q1': {'d1': 1, 'd2': 0, 'd3': 1}}\n"
        "run = {'q1': {'d1': 2.0, 'd2': 1.5, 'd3': 1.0}}\n"
        "result = rb.evaluate(qrels, run, ['P@2', 'AP'])\n"
        "print('after', 'rankbook.evaluation' in sys.modules)\n"
        "print(repr(float(result.loc['all', 'P@2'])), repr(float(result.loc['all', 'AP'])))\n"
        "import rankbook.evaluation\n"
        "print(rb.evaluate is rankbook.evaluation.evaluate)\n"
    )
    before, after, values, same = out.splitlines()
    assert before == "before False", "import rankbook loaded the evaluator eagerly"
    assert after == "after True"
    p2, ap = map(float, values.split())
    assert p2 == 0.5 and abs(ap - 5 / 6) < 1e-12
    assert same == "True"


def test_rb_io_is_the_module_and_reads_a_file():
    # trec_eval's qrels.test (tests/data/trec_eval) has one judgment per line.
    qrels = TREC_EVAL_QRELS
    out = _run_fresh(
        "import sys\n"
        "import rankbook as rb\n"
        "print('rankbook.io' in sys.modules)\n"
        f"print(len(rb.io.read_qrels({str(qrels)!r})))\n"
        "import rankbook.io\n"
        "print(rb.io is rankbook.io)\n"
    )
    loaded_early, rows, same = out.splitlines()
    assert loaded_early == "False", "import rankbook loaded rankbook.io eagerly"
    assert int(rows) == len(qrels.read_text().splitlines())
    assert same == "True"


def test_every_lazy_name_resolves_and_is_listed():
    import rankbook

    for name in rankbook._LAZY:
        assert name in rankbook.__all__ and name in dir(rankbook)
        assert getattr(rankbook, name) is not None
    assert callable(rankbook.evaluate)


def test_rankbook_version_from_the_shell():
    # The version the package was installed with (pyproject.toml), read from its metadata.
    from importlib.metadata import version

    import rankbook

    installed = version("rankbook")
    assert rankbook.__version__ == installed
    rankbook_command = Path(sys.executable).parent / "rankbook"
    done = subprocess.run([str(rankbook_command), "--version"], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == f"rankbook {installed}"
