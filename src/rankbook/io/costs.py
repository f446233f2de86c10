r"""Costs per element type: cwl_eval's cost file (``-c COST_FILE``) and each document's cost.

In cwl_eval (1.0.12, ``cwl/cwl_eval.py`` and ``cwl/ruler/ranking.py``) a run's second
column, the ``Q0`` that trec_eval ignores, is the **element type** of the retrieved item
(a snippet, a full page, an image ...), and the cost file gives the cost of inspecting one
item of each type:

| file | one line per | fields |
| --- | --- | --- |
| costs | element type | `element_type cost`, e.g. `E1 1.0` |

`read_costs` reads that file; ``rankbook.io.read_run(path, element_types=True)`` keeps the
run's second column; `document_costs` turns a ranking's element types into costs.

Where cwl_eval is lenient, this reader refuses and says where: cwl_eval lets a later line
for the same type replace an earlier one, takes any ``float()`` (``inf``, ``nan``, a
negative cost) and stops with a traceback at a blank line or a line of three fields. Here
blank lines are skipped, and a repeated type, a cost that is not a finite number, or a
negative cost is an error naming the file and line. Lines, bytes and ids follow the TREC
readers (:mod:`rankbook.io.trec`).
"""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np

from rankbook._errors import InputFileError, InvalidValueError
from rankbook.io._source import path_text
from rankbook.io.arrays import text_ids
from rankbook.io.fast import read_trec_columns

__all__ = ["document_costs", "read_costs"]

COST_COLUMNS = dict(
    columns=2, extra_ok=False, what="cost file", layout="element_type cost, e.g. 'E1 1.0'",
    ids=(0,), number=1, number_name="cost",
    fix="write the cost of one item of this type as a number such as 1.0 or 2.5.")


def read_costs(path) -> dict[str, float]:
    r"""Read a cwl_eval cost file: the cost of one item of each element type.

    Parameters
    ----------
    path : str or os.PathLike
        The file (`element_type cost` per line); gzip is decompressed.

    Returns
    -------
    dict of str to float
        ``{element_type: cost}``, in file order; one entry per non-blank line.

    Raises
    ------
    rankbook.InputFileError
        The file is missing or empty, a line does not have two fields, a cost is not a
        finite number or is negative, or a type is listed twice (both lines named; cwl_eval
        would silently keep the later one).

    See Also
    --------
    document_costs : each ranked item's cost from its element type.

    References
    ----------
    Azzopardi, L., Thomas, P. and Moffat, A. (2019). cwl_eval: An evaluation tool for
    information retrieval. SIGIR 2019, 1321-1324.

    Examples
    --------
    >>> import tempfile, pathlib
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "cost_file"
    >>> _ = path.write_text("E1  1.0\nE2  2.0\nE3  5.0\n")
    >>> read_costs(path)
    {'E1': 1.0, 'E2': 2.0, 'E3': 5.0}
    """
    (types,), cost, lines, _ = read_trec_columns(path, **COST_COLUMNS)
    source = path_text(path)
    negative = np.flatnonzero(cost < 0)
    if negative.size:
        raise InputFileError(
            f"the cost {cost[negative[0]]!r} is negative; a cost is the effort of inspecting "
            "one item (0 or more), e.g. 1.0.", source, lines[negative].tolist())
    costs: dict[str, float] = {}
    line_of: dict[str, int] = {}
    for element_type, value, line in zip(text_ids(types), cost.tolist(), lines.tolist()):
        if element_type in costs:
            raise InputFileError(
                f"element type {element_type!r} is given a cost twice (lines {line_of[element_type]} "
                f"and {line}); keep one line per type (cwl_eval would keep the later one).",
                source, [line_of[element_type], line])
        costs[element_type], line_of[element_type] = value, line
    return costs


def document_costs(element_types, costs: Mapping[str, float] | None, *,
                   default: float | None = None) -> np.ndarray:
    r"""The cost of each ranked item, from its element type and a cost table.

    $$c_i = \mathrm{costs}[\,\mathrm{type}_i\,]$$

    Parameters
    ----------
    element_types : sequence of str
        Each ranked item's element type, in rank order (the ``element_type`` column of
        ``read_run(path, element_types=True)``).
    costs : dict of str to float, or None
        ``{element_type: cost}`` (:func:`read_costs`). None means no cost file: every item
        costs ``default``, or 1.0 when ``default`` is None (cwl_eval then gives every item
        its ``--max_cost``, 1.0 unless set).
    default : float, optional
        The cost of an item whose type is not in ``costs``. By default such a type is an
        error. cwl_eval 1.0.12 does not stop there: it gives the item its ``--max_cost``
        (1.0 unless set) for the reported values and its ``--min_cost`` (1.0 unless set) for
        the best case of the residuals; pass ``default=1.0`` to compute what it computes
        with its defaults.

    Returns
    -------
    numpy.ndarray of float64
        ``len(element_types)`` costs, in the same order.

    Raises
    ------
    rankbook.InvalidValueError
        A type is not in ``costs`` and ``default`` is None (the message names the type and
        the types the table has), or ``default`` is negative or not finite.

    Examples
    --------
    >>> document_costs(["E1", "E3", "E1"], {"E1": 1.0, "E3": 5.0})
    array([1., 5., 1.])
    >>> document_costs(["E1", "E9"], {"E1": 1.0}, default=1.0)
    array([1., 1.])
    """
    if default is not None and not (np.isfinite(default) and default >= 0):
        raise InvalidValueError(f"default must be a finite cost of 0 or more, got {default!r}.")
    if costs is None:
        return np.full(len(element_types), 1.0 if default is None else float(default))
    missing = [t for t in dict.fromkeys(element_types) if t not in costs]
    if missing and default is None:
        raise InvalidValueError(
            f"element type {missing[0]!r} has no cost in the cost table (it has "
            f"{', '.join(map(repr, list(costs)[:10]))}); add a line '{missing[0]} COST' to the "
            "cost file, or pass default=... for types without a cost (cwl_eval gives them its "
            "--max_cost, 1.0 unless set).")
    return np.array([costs.get(t, default) for t in element_types], dtype=np.float64)
