r"""Data sets shipped with rankbook, so that a notebook downloaded from the site runs anywhere.

| name | what | files |
| --- | --- | --- |
| `flagr_sample` | FLAGR's sample rank-aggregation data: 20 queries, 50 voters (`V-0` to `V-49`), one list of 30 items per voter and query, and 2,000 judgments (926 relevant) | `testdata.csv`, `testdata_qrels.csv` |

The files are package data (``src/rankbook/data/``), installed with rankbook: the notebooks
that use them ask this module for their paths instead of reaching into a clone's
``tests/data/``. FLAGR's files are copied unchanged from ``examples/testdata/`` of
``lakritidis/FLAGR`` (Apache License 2.0, Copyright 2022 Leonidas Akritidis).
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path

from rankbook._errors import InputFileError

__all__ = ["flagr_sample"]

_FLAGR_FILES = ("testdata.csv", "testdata_qrels.csv")


def flagr_sample() -> tuple[Path, Path]:
    r"""The paths of FLAGR's sample lists and their judgments, as installed with rankbook.

    The lists file has FLAGR's five columns ``query, voter, item, score, label`` (30,000
    rows: 20 queries x 50 voters x 30 items); the judgments file FLAGR's
    ``query, 0, item, relevance`` (2,000 rows). Read them with `rankbook.io.read_flagr_lists`
    and `rankbook.io.read_flagr_qrels`, or pass the paths to `rankbook.fuse` and the
    `rankbook.compare.Comparator`.

    Returns
    -------
    lists, qrels : pathlib.Path
        ``testdata.csv`` and ``testdata_qrels.csv``.

    Raises
    ------
    InputFileError
        If the files are missing from the installation (a build that left out the package
        data), with the address to download them from.

    See Also
    --------
    rankbook.io.read_flagr_lists, rankbook.io.read_flagr_qrels

    References
    ----------
    Akritidis, L. FLAGR and PyFLAGR, examples/testdata/ (https://github.com/lakritidis/FLAGR).

    Examples
    --------
    >>> from rankbook.datasets import flagr_sample
    >>> from rankbook.io import read_flagr_lists, read_flagr_qrels
    >>> lists, qrels = flagr_sample()
    >>> lists.name, qrels.name
    ('testdata.csv', 'testdata_qrels.csv')
    >>> voters = read_flagr_lists(lists)
    >>> len(voters), sorted(voters)[:3]
    (50, ['V-0', 'V-1', 'V-10'])
    >>> judged = read_flagr_qrels(qrels)
    >>> len(judged), int((judged["grade"] > 0).sum())
    (2000, 926)
    """
    folder = Path(str(resources.files("rankbook") / "data" / "flagr"))
    paths = tuple(folder / name for name in _FLAGR_FILES)
    missing = [path.name for path in paths if not path.is_file()]
    if missing:
        raise InputFileError(
            f"FLAGR's sample data is not installed with rankbook ({', '.join(missing)} missing). "
            "Reinstall rankbook (the files are package data), or download them from "
            "https://github.com/lakritidis/FLAGR/tree/main/examples/testdata and read them "
            "with rankbook.io.read_flagr_lists / read_flagr_qrels.", str(folder))
    return paths
