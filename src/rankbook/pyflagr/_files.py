r"""PyFLAGR's input and output, on rankbook's readers and FLAGR's evaluator.

| PyFLAGR's | here |
| --- | --- |
| ``input_file`` | read by `rankbook.fuse` (FLAGR's reader): 6 columns ``query,voter,item,rank,score,label`` or the seed's 5 ``query,voter,item,score,label`` (rank = order in the list), decided by the first line's fields |
| ``input_df`` | the same fields as a DataFrame without header row (5 or 6 columns) |
| ``rels_file``, ``rels_df`` | FLAGR's qrels ``query,0,item,relevance`` |
| the aggregate lists | ``Query, Voter, ItemID, Rank, Score, Aggregator``: one row per item, ``Voter`` = ``PyFLAGR``, the score to FLAGR's 6 decimals, ``Aggregator`` FLAGR's method code |
| the evaluation | ``q`` (``Topic 1``, ..., ``all``), then `rankbook.evaluation.flagr.flagr_columns`, to 6 decimals |

Ids that look like numbers become numbers (int64 or float64), as pandas'
``read_csv`` reads the CSV files PyFLAGR returns.
"""

from __future__ import annotations

import contextlib
import os
import random
import string
import tempfile

from rankbook._errors import InputFileError, InvalidTypeError, InvalidValueError

OUT_COLUMNS = ["Query", "Voter", "ItemID", "Rank", "Score", "Aggregator"]
DECIMALS = 6   # FLAGR writes its output files with 6 decimals


@contextlib.contextmanager
def input_path(input_file, input_df, *, what: str = "aggregate()"):
    """A path to FLAGR's list CSV: ``input_file``, or ``input_df`` written to a temporary CSV.

    A reading error in the DataFrame's CSV names ``input_df`` and its row (line n is
    row n - 1 of the DataFrame, counted from 0).
    """
    if _given(input_file) == (input_df is not None):
        raise InvalidValueError(
            f"{what} needs the input lists: input_file='lists.csv' (FLAGR's CSV, 5 or 6 "
            "columns) or input_df=DataFrame (the same columns), one of the two.")
    if _given(input_file):
        yield _path(input_file, "input_file")
        return
    with tempfile.TemporaryDirectory(prefix="rankbook-pyflagr-") as folder:
        path = os.path.join(folder, "input_df.csv")
        _frame(input_df, "input_df").to_csv(path, index=False, header=False)
        try:
            yield path
        except InputFileError as error:
            raise in_frame(error, "input_df") from None


def judgments(rels_file, rels_df):
    """The qrels as a DataFrame (``query``, ``doc``, ``grade``), or None when neither is given."""
    from rankbook.io import read_flagr_qrels

    if _given(rels_file) and rels_df is not None:
        raise InvalidValueError(
            "give the judgments once: rels_file='qrels.csv' or rels_df=DataFrame, not both.")
    if _given(rels_file):
        return read_flagr_qrels(_path(rels_file, "rels_file"))
    if rels_df is None:
        return None
    with tempfile.TemporaryDirectory(prefix="rankbook-pyflagr-") as folder:
        path = os.path.join(folder, "rels_df.csv")
        _frame(rels_df, "rels_df").to_csv(path, index=False, header=False)
        try:
            return read_flagr_qrels(path)
        except InputFileError as error:
            raise in_frame(error, "rels_df") from None


def in_frame(error: InputFileError, name: str) -> InputFileError:
    """A reading error of a DataFrame's temporary CSV, told in the DataFrame's rows (from 0)."""
    if not error.lines:
        return InputFileError(error.reason, name)
    rows = ", ".join(str(n - 1) for n in error.lines[:5])
    more = f" (and {len(error.lines) - 5} more)" if len(error.lines) > 5 else ""
    label = "row" if len(error.lines) == 1 else "rows"
    return InputFileError(error.reason, f"{name} ({label} {rows}{more}; the first row is 0)")


def out_frame(run: dict, code: int):
    """The aggregate lists as PyFLAGR returns them: one row per (query, item), best first."""
    import numpy as np
    import pandas as pd

    queries, items, ranks, scores = [], [], [], []
    for query, listed in run.items():
        queries += [query] * len(listed)
        items += listed
        ranks += range(1, len(listed) + 1)
        scores += [round(float(score), DECIMALS) for score in listed.values()]
    columns = {"Query": as_read(pd.Series(queries, dtype=object)), "Voter": "PyFLAGR",
               "ItemID": as_read(pd.Series(items, dtype=object)),
               "Rank": np.array(ranks, dtype=np.int64), "Score": np.array(scores, dtype=float),
               "Aggregator": np.full(len(ranks), code, dtype=np.int64)}
    return pd.DataFrame(columns, columns=OUT_COLUMNS)


def evaluation_frame(qrels, run: dict, eval_pts: int):
    """FLAGR's evaluation table: ``q`` (``Topic <id>`` and ``all``) and its columns, 6 decimals."""
    from rankbook.evaluation.flagr import COUNT_COLUMNS, SUMMARY_ROW, evaluate_flagr

    table = evaluate_flagr(qrels, run, cutoff=eval_pts, queries=list(run)).round(DECIMALS)
    table.insert(0, "q", [q if q == SUMMARY_ROW else f"Topic {q}" for q in table.index])
    counts = list(COUNT_COLUMNS)
    table[counts] = table[counts].astype("int64")
    return table.reset_index(drop=True)


def write_outputs(out_dir, out, evaluation) -> None:
    """``out_<16 letters>.csv`` (no header) and, with judgments, ``eval_<same>.csv`` in ``out_dir``."""
    name = "".join(random.choice(string.ascii_lowercase) for _ in range(16))
    out.to_csv(os.path.join(out_dir, f"out_{name}.csv"), index=False, header=False,
               float_format=f"%.{DECIMALS}f")
    if len(evaluation.columns):
        evaluation.to_csv(os.path.join(out_dir, f"eval_{name}.csv"), index=False,
                          float_format=f"%.{DECIMALS}f")


def check_out_dir(out_dir):
    """``None`` or an existing folder (PyFLAGR silently writes to the temp folder instead)."""
    if out_dir is None:
        return None
    path = _path(out_dir, "out_dir")
    if not os.path.isdir(path):
        raise InvalidValueError(
            f"out_dir={path!r} is not an existing folder; create it first, or leave out_dir "
            "out to keep the results in memory only.")
    return path


def as_read(column):
    """``column`` as pandas' ``read_csv`` types it: numbers when every id is a number."""
    import pandas as pd

    try:
        return pd.to_numeric(column)
    except (ValueError, TypeError):
        return column.astype(str)


def _given(path) -> bool:
    """PyFLAGR's "no file" is ``""``; None works too."""
    return path is not None and not (isinstance(path, str) and path == "")


def _path(path, name: str) -> str:
    if not isinstance(path, (str, os.PathLike)):
        raise InvalidTypeError(f"{name} must be a path (str or pathlib.Path), got {path!r}.")
    return os.fspath(path)


def _frame(frame, name: str):
    import pandas as pd

    if not isinstance(frame, pd.DataFrame):
        raise InvalidTypeError(
            f"{name} must be a pandas DataFrame (one row per line of FLAGR's CSV), got "
            f"{type(frame).__name__}.")
    return frame
