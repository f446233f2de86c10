r"""FLAGR's CSV files: rank-aggregation input lists and their judgments.

| file | fields per line |
| --- | --- |
| input lists, 5 columns | `query,voter,item,score,label` (rank = position in the (query, voter) block) |
| input lists, 6 columns | `query,voter,item,rank,score,label` (PyFLAGR 1.0.18 and later) |
| qrels | `query,0,item,relevance` |

No header row, no quoting. A list file holds one ranked list per (query,
voter) pair; `read_flagr_lists` returns one run per voter, so every voter
can be evaluated like a TREC run.
"""

from __future__ import annotations

import numpy as np

from rankbook._errors import InputFileError
from rankbook.io._table import open_binary, read_columns, to_numbers
from rankbook.io.frames import make_qrels, make_run

LISTS_LAYOUT = ("query,voter,item,score,label or query,voter,item,rank,score,label, "
                "e.g. '1,V-0,Q1-E35,1.00000,SyntheticMOSO'")
QRELS_LAYOUT = "query,0,item,relevance, e.g. '1,0,Q1-E36,1'"


def read_flagr_lists(path, *, label: str | None = None) -> dict:
    r"""Read a FLAGR input-list CSV as one run per voter.

    Parameters
    ----------
    path : str or os.PathLike
        The CSV file, 5 or 6 columns (see the module docstring).
    label : str, optional
        Which dataset label to read when the file holds several (the last
        column). Required in that case; by default the file's only label.

    Returns
    -------
    dict of str to pandas.DataFrame
        ``{voter: run}`` in file order. Each run has columns ``query``,
        ``doc``, ``score`` and ``rank`` (the position within the (query, voter)
        block for 5 columns, the rank column for 6); ``.attrs["name"]`` is the
        voter. Evaluation orders by score, as trec_eval does.

    Raises
    ------
    rankbook.InputFileError
        If a line has the wrong number of fields, a score (or rank) is not a
        finite number, an item is listed twice in one (query, voter) list, or
        the file holds several labels and ``label`` is not given.

    Examples
    --------
    >>> import tempfile, pathlib
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "lists.csv"
    >>> _ = path.write_text("1,V-0,a,1.0,demo\n1,V-0,b,0.5,demo\n1,V-1,b,1.0,demo\n")
    >>> runs = read_flagr_lists(path)
    >>> list(runs), runs["V-0"].doc.tolist(), runs["V-0"]["rank"].tolist()
    (['V-0', 'V-1'], ['a', 'b'], [1, 2])
    """
    columns = _columns_of_first_line(path)
    if columns not in (5, 6):
        columns = 5
    fields, lines = read_columns(path, columns=columns, extra_ok=False, sep=b",",
                                 what="FLAGR list", layout=LISTS_LAYOUT)
    source = str(path)
    if columns == 5:
        query, voter, item, score_text, labels = fields
        rank = None
    else:
        query, voter, item, rank_text, score_text, labels = fields
        rank = to_numbers(rank_text, lines, source, "rank",
                          "write the rank (the fourth of 6 fields) as a whole number such as 1.")
    score = to_numbers(score_text, lines, source, "score",
                       "write the score as a number such as 0.96667.")
    labels = np.array(labels, dtype=object)
    present = list(dict.fromkeys(labels.tolist()))
    if label is None and len(present) > 1:
        raise InputFileError(
            f"the file holds {len(present)} dataset labels ({', '.join(present[:5])}); choose one with "
            f"label=..., e.g. read_flagr_lists(path, label={present[0]!r}).", source)
    chosen = present[0] if label is None else label
    if chosen not in present:
        raise InputFileError(
            f"the file has no rows with label {label!r}; its labels are {', '.join(present[:5])}.", source)
    keep = labels == chosen
    query = np.array(query, dtype=object)[keep]
    voter = np.array(voter, dtype=object)[keep]
    item = np.array(item, dtype=object)[keep]
    score, lines = score[keep], lines[keep]
    if rank is None:
        block_start = np.r_[True, (query[1:] != query[:-1]) | (voter[1:] != voter[:-1])]
        first = np.flatnonzero(block_start)
        block = np.cumsum(block_start) - 1
        rank = np.arange(len(query)) - first[block] + 1
    else:
        rank = rank[keep]
    runs = {}
    for name in dict.fromkeys(voter.tolist()):
        rows = np.flatnonzero(voter == name)
        run = make_run(query[rows].tolist(), item[rows].tolist(), score[rows], lines[rows],
                       source, name=name)
        run["rank"] = rank[rows].astype(np.int64)
        runs[name] = run
    return runs


def read_flagr_qrels(path):
    r"""Read FLAGR's qrels CSV (`query,0,item,relevance`) into a qrels DataFrame.

    Parameters
    ----------
    path : str or os.PathLike
        The CSV file.

    Returns
    -------
    pandas.DataFrame
        Columns ``query``, ``doc``, ``grade``, as `rankbook.io.read_qrels`.

    Examples
    --------
    >>> import tempfile, pathlib
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "qrels.csv"
    >>> _ = path.write_text("1,0,a,1\n1,0,b,0\n")
    >>> read_flagr_qrels(path).grade.tolist()
    [1.0, 0.0]
    """
    fields, lines = read_columns(path, columns=4, extra_ok=False, sep=b",",
                                 what="FLAGR qrels", layout=QRELS_LAYOUT)
    query, _, item, grade_text = fields
    grade = to_numbers(grade_text, lines, str(path), "relevance",
                       "write the relevance (the fourth field) as a number such as 0 or 1.")
    return make_qrels(query, item, grade, lines, str(path))


def _columns_of_first_line(path) -> int:
    with open_binary(path) as handle:
        for raw in handle:
            line = raw.strip()
            if line:
                return line.count(b",") + 1
    return 0
