"""``rankbook reproduce`` on per-topic score tables: runs or tables, and the columns compared.

The inputs are runs (with QRELS, scored by ``rankbook.evaluate``) or per-topic score tables
(`rankbook.io.scores`: CSV, a topic column and score columns), never a mix. A table is given
as ``FILE`` (its score columns are measures: those the tables share are compared) or as
``FILE:COLUMN`` (one column, as in Breuer et al.'s files, one run per column).
"""

from __future__ import annotations

import os

from rankbook._errors import InvalidValueError
from rankbook.io.scores import is_score_table, read_scores


def split_column(argument: str) -> tuple[str, str | None]:
    """``FILE:COLUMN`` -> ``(FILE, COLUMN)``; a path that exists as written is a file alone."""
    if os.path.exists(argument) or ":" not in argument:
        return argument, None
    path, column = argument.rsplit(":", 1)
    return (path, column) if os.path.exists(path) else (argument, None)


def runs_or_tables(qrels, names: dict, reproduced_qrels, reproduction: bool) -> str:
    """``"runs"`` or ``"tables"``: what the arguments are; a mix or a misplaced option is refused.

    Files that do not exist decide nothing: the reader then says so, naming them.
    """
    paths = {key: split_column(argument)[0] for key, argument in names.items()}
    kinds = {key: is_score_table(path) for key, path in paths.items() if os.path.isfile(path)}
    if qrels is None:
        runs = [names[key] for key, table in kinds.items() if not table]
        if runs:
            raise InvalidValueError(
                f"{runs[0]} is not a per-topic score table (a CSV whose first column, headed "
                "query, qid, topic or Row, holds the topics); to compare runs, give the "
                "qrels first: rankbook reproduce QRELS ORIGINAL REPRODUCED.")
        if reproduced_qrels:
            raise InvalidValueError(
                "--reproduced-qrels scores runs on another collection; score tables hold "
                "their scores already: say --reproduction instead.")
        return "tables"
    tables = [names[key] for key, table in kinds.items() if table]
    if tables:
        raise InvalidValueError(
            f"{tables[0]} is a per-topic score table, which needs no qrels: leave QRELS "
            "out (rankbook reproduce ORIGINAL.csv REPRODUCED.csv), or give runs.")
    if reproduction:
        raise InvalidValueError(
            "--reproduction is for score tables; runs scored on another collection are "
            "a reproduction with --reproduced-qrels QRELS2.")
    return "runs"


def read_tables(names: dict, measures) -> tuple[dict, list[str]]:
    """The tables (``{key: DataFrame}``, one column per row of the report) and those rows."""
    picked = {key: split_column(argument) for key, argument in names.items()}
    frames = {key: read_scores(path, column) for key, (path, column) in picked.items()}
    if all(column is None for _, column in picked.values()):
        shared = [c for c in frames["original"].columns
                  if all(c in frame.columns for frame in frames.values())]
        if shared:
            return frames, _chosen(shared, measures)
        if any(frame.shape[1] != 1 for frame in frames.values()):
            columns = {names[key]: list(frame.columns) for key, frame in frames.items()}
            raise InvalidValueError(
                f"the tables share no score column ({columns}); pick the column of each "
                "with FILE:COLUMN.")
    for key, frame in frames.items():
        if frame.shape[1] != 1:
            raise InvalidValueError(
                f"{names[key]} has {frame.shape[1]} score columns ({', '.join(frame.columns)}); "
                f"pick the one to compare: {picked[key][0]}:COLUMN.")
    if measures and len(measures) > 1:
        raise InvalidValueError("one score column of each table is compared: name its row "
                                f"with one -m, not {len(measures)}.")
    label = measures[0] if measures else os.path.splitext(
        os.path.basename(picked["original"][0]))[0]
    return {key: frame.set_axis([label], axis=1) for key, frame in frames.items()}, [label]


def _chosen(shared: list[str], measures) -> list[str]:
    if not measures:
        return shared
    missing = [m for m in measures if m not in shared]
    if missing:
        raise InvalidValueError(f"-m {missing[0]!r} is not a column of every table; they share "
                                f"{', '.join(shared)}.")
    return list(measures)
