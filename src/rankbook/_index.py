"""Index arrays for numpy's take, repeat and bincount, as ``np.intp`` on every platform.

numpy casts an index array to ``np.intp`` under the 'safe' rule in ``take``, ``repeat`` (the
counts) and ``bincount``: on a 64-bit machine ``np.intp`` is int64 and every integer array
passes, but where it is int32 (WebAssembly: Pyodide, JupyterLite) an int64 array is refused
(``Cannot cast array data from dtype('int64') to dtype('int32') according to the rule
'safe'``). rankbook keeps byte offsets and row counts in int64 (a file may pass 2**31 bytes),
so every such array goes through :func:`as_index` before it indexes: on a 64-bit machine a
no-op, elsewhere a cast that refuses a value past ``np.intp``'s range instead of wrapping it.
The house test ``tests/house/test_index_types.py`` looks for int64 arrays passed to these calls
unconverted; ``make test-pyodide`` runs the doctests on 32-bit numpy.
"""

from __future__ import annotations

import numpy as np

_INTP = np.dtype(np.intp)


def as_index(values) -> np.ndarray:
    """``values`` as an ``np.intp`` array (the same array when it already is one).

    Raises OverflowError when a value does not fit ``np.intp`` (only possible where it is
    32-bit: an offset past 2 GiB, which such a machine cannot hold in memory anyway).

    >>> import numpy as np
    >>> as_index(np.array([0, 2, 5], dtype=np.int64)).dtype == np.intp
    True
    """
    values = np.asarray(values)
    if values.dtype == _INTP or (values.dtype.kind in "iu" and values.dtype.itemsize
                                 < _INTP.itemsize):
        return values.astype(_INTP, copy=False)
    out = values.astype(_INTP)
    if values.size and not np.array_equal(out, values):
        raise OverflowError(f"an index or count of {values.dtype} does not fit numpy's "
                            f"{_INTP} on this platform (largest {values.max()}); the data is "
                            "larger than this machine can index")
    return out
