"""Run a command as on a processor with fewer SIMD instructions than this one.

    python scripts/narrowed.py COMMAND [ARG ...]

numpy chooses its kernels (AVX-512, AVX2, FMA3, ...) by the processor it runs on, and OpenBLAS
(numpy's and scipy's linear algebra) chooses its own; the kernels may round differently in the
last bits, so a printed digit that depends on them differs between a laptop and a server. The
second pass of `make doctest` and `make notebooks` runs the same checks with fewer kernels, so
such a digit fails here and not first on someone else's machine:

- ``NPY_DISABLE_CPU_FEATURES`` switches off every AVX-512 group (AVX512F, AVX512_SKX,
  AVX512_ICL, ...), AVX2 and FMA3 that numpy dispatches to on this processor, as on a processor
  without AVX-512 or AVX2 (numpy keeps its baseline, SSE to SSE3);
- ``OPENBLAS_CORETYPE`` selects OpenBLAS's Haswell kernels (AVX2, what AMD Zen and Intel
  processors without AVX-512 get) when this processor has AVX-512, its Sandybridge kernels
  (AVX, no FMA) when it has AVX2 only.

On a processor with none of them (no x86, or an old one) there is nothing to narrow: the
script says so and exits 0 without running the command, since its first run was the same.
"""

from __future__ import annotations

import os
import sys

FEATURES = ("AVX512 (every group)", "AVX2", "FMA3")


def narrowing() -> dict[str, str]:
    """The environment variables that narrow numpy's and OpenBLAS's dispatch on this processor."""
    try:
        from numpy._core import _multiarray_umath as umath
    except ImportError:                                   # numpy 1.x
        from numpy.core import _multiarray_umath as umath

    have, baseline = umath.__cpu_features__, set(umath.__cpu_baseline__)
    off = [name for name in umath.__cpu_dispatch__ if have.get(name) and name not in baseline
           and (name.startswith("AVX512") or name in ("AVX2", "FMA3"))]
    env = {"NPY_DISABLE_CPU_FEATURES": " ".join(off)} if off else {}
    if have.get("AVX512F"):
        env["OPENBLAS_CORETYPE"] = "Haswell"
    elif have.get("AVX2"):
        env["OPENBLAS_CORETYPE"] = "Sandybridge"
    return env


def main(argv: list[str]) -> int:
    if not argv:
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    env = narrowing()
    if not env:
        print(f"narrowed: this processor has none of {', '.join(FEATURES)}; nothing to narrow, "
              f"the second run is skipped")
        return 0
    print("narrowed:", " ".join(f'{name}="{value}"' for name, value in env.items()), *argv, flush=True)
    os.execvpe(argv[0], argv, {**os.environ, **env})


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
