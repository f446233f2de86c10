"""scripts/narrowed.py, the second pass of `make doctest` and `make notebooks`: the command it runs
sees numpy without its AVX-512, AVX2 and FMA3 kernels and OpenBLAS with an older kernel, as on
a processor without AVX-512; on a processor with none of them it runs nothing and says so.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

# numpy's CPU feature table: numpy._core in numpy 2, numpy.core in 1.x.
_umath = getattr(getattr(np, "_core", None), "_multiarray_umath", None) or np.core._multiarray_umath
__cpu_features__ = _umath.__cpu_features__

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "scripts" / "narrowed.py"
REPORT = ("import json, os, numpy as np; f = (getattr(np, '_core', None) or np.core)._multiarray_umath"
          ".__cpu_features__; "
          "print(json.dumps({'on': [k for k, v in f.items() if v], "
          "'blas': os.environ.get('OPENBLAS_CORETYPE')}))")


def _narrowed(*command: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(SCRIPT), *command], capture_output=True, text=True)


@pytest.mark.skipif(not __cpu_features__.get("AVX2"), reason="this processor has no AVX2 to switch off")
def test_the_command_runs_without_avx512_avx2_and_fma3():
    done = _narrowed(sys.executable, "-c", REPORT)
    assert done.returncode == 0, done.stderr
    announce, report = done.stdout.splitlines()
    assert announce.startswith('narrowed: NPY_DISABLE_CPU_FEATURES="')
    seen = json.loads(report)
    assert {"AVX2", "FMA3", "AVX512F", "AVX512_SKX"}.isdisjoint(seen["on"])
    assert "SSE2" in seen["on"]                                   # the baseline stays
    assert seen["blas"] == ("Haswell" if __cpu_features__.get("AVX512F") else "Sandybridge")


@pytest.mark.skipif(not __cpu_features__.get("AVX2"), reason="this processor has no AVX2 to switch off")
def test_the_commands_exit_status_is_passed_on():
    done = _narrowed(sys.executable, "-c", "raise SystemExit(3)")
    assert done.returncode == 3


def test_without_a_command_it_says_how_to_call_it():
    done = _narrowed()
    assert done.returncode == 2
    assert "scripts/narrowed.py COMMAND" in done.stderr
