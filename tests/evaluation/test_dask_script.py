"""engine="dask" from a script without ``if __name__ == "__main__":`` (issue 29, item 6).

Dask's local cluster starts its workers with Python's spawn method, which imports the
``__main__`` script again in each worker; a script that calls ``evaluate_many(...,
engine="dask")`` at its top level then starts a cluster in every worker, and Dask's own
error was only "Nanny failed to start". rankbook now says what to do, at both ends: in the
worker (which imports the script as ``__mp_main__``) and in the script's process.

The subprocess test is the one way to see it for real: two interpreters (the script and its
one worker) each import rankbook and distributed, about 4 s of CPU on the 2-core machine
(16 s wall at a load average of 13). The two other tests check each end alone, in this
process, with no cluster.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from rankbook import InvalidValueError

distributed = pytest.importorskip("distributed")

from rankbook.evaluation import dask_engine

DATA = Path(__file__).resolve().parents[1] / "data" / "trec_eval"
SCRIPT = textwrap.dedent(f"""\
    import rankbook as rb

    results = rb.evaluate_many({str(DATA / "qrels.test")!r}, [{str(DATA / "results.test")!r}] * 2,
                               ["map"], engine="dask", n_jobs=1)
    """)


def test_a_script_without_the_guard_is_told_to_add_it(tmp_path):
    script = tmp_path / "no_guard.py"
    script.write_text(SCRIPT)
    done = subprocess.run([sys.executable, str(script)], cwd=tmp_path, capture_output=True,
                          text=True, timeout=300, check=False)
    assert done.returncode == 1 and done.stdout == ""
    last = done.stderr.strip().splitlines()[-1]
    assert last.startswith("rankbook._errors.InvalidValueError: engine='dask' started a local "
                           "Dask cluster and its worker processes failed to start.")
    assert 'if __name__ == "__main__":' in last and "client=distributed.Client(...)" in last
    assert "Nanny failed to start" not in last


def test_the_script_process_turns_dasks_error_into_the_advice(monkeypatch):
    def failing(*args, **kwargs):
        raise RuntimeError("Nanny failed to start.")

    monkeypatch.setattr(distributed, "LocalCluster", failing)
    with pytest.raises(InvalidValueError, match=r'if __name__ == "__main__":'), \
            dask_engine.connected(None, 1):
        pass


def test_a_worker_importing_the_script_stops_at_once(monkeypatch):
    import __main__

    monkeypatch.setattr(__main__, "__name__", "__mp_main__")  # as spawn imports the script
    monkeypatch.setattr(distributed, "LocalCluster", None)    # never reached
    with pytest.raises(InvalidValueError, match=r"started a local Dask cluster"), \
            dask_engine.connected(None, 1):
        pass
