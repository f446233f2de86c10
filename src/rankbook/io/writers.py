r"""Write qrels and runs as the TREC files trec_eval reads (see :mod:`rankbook.io.trec`).

Both writers accept anything :func:`rankbook.io.as_qrels` / :func:`rankbook.io.as_run`
accept: a path, a dict or a DataFrame.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from rankbook._errors import InputFileError
from rankbook.io.convert import as_qrels, as_run
from rankbook.io.frames import grade_text
from rankbook.io.order import trec_order


def write_qrels(qrels, path) -> None:
    r"""Write judgments as a TREC qrels file (`qid 0 docid grade`).

    Parameters
    ----------
    qrels : DataFrame, dict or path
        Anything :func:`rankbook.io.as_qrels` accepts.
    path : str or os.PathLike
        Where to write; a name ending in `.gz` is gzip-compressed.

    Examples
    --------
    >>> import tempfile, pathlib
    >>> target = pathlib.Path(tempfile.mkdtemp()) / "qrels.txt"
    >>> write_qrels({"q1": {"d1": 2, "d2": 0}}, target)
    >>> print(target.read_text(), end="")
    q1 0 d1 2
    q1 0 d2 0
    """
    frame = as_qrels(qrels)
    grades = [grade_text(g) for g in frame["grade"].to_numpy()]
    text = "".join(f"{q} 0 {d} {g}\n" for q, d, g in zip(frame["query"], frame["doc"], grades))
    _write(path, text)


def write_run(run, path, *, name: str | None = None, trec_eval: str = "9") -> None:
    r"""Write a run as a TREC run file (`qid Q0 docid rank score tag`).

    Documents are written per topic in trec_eval's order (score descending,
    then document id descending; :func:`rankbook.io.trec_order`), ranked
    from 1. Scores are written as given (every digit of the double).

    Parameters
    ----------
    run : DataFrame, dict or path
        Anything :func:`rankbook.io.as_run` accepts.
    path : str or os.PathLike
        Where to write; a name ending in `.gz` is gzip-compressed.
    name : str, optional
        The run tag (last field). Default: ``run.attrs["name"]`` or ``"rankbook"``.
    trec_eval : {"9", "10"}, default "9"
        Whose order to write: trec_eval 9 compares scores as C floats, 10 as
        doubles (see :mod:`rankbook.io.order`).

    Examples
    --------
    >>> import tempfile, pathlib
    >>> target = pathlib.Path(tempfile.mkdtemp()) / "run.txt"
    >>> write_run({"q1": {"d1": 0.5, "d2": 1.5}}, target, name="bm25")
    >>> print(target.read_text(), end="")
    q1 Q0 d2 1 1.5 bm25
    q1 Q0 d1 2 0.5 bm25
    """
    frame = as_run(run)
    tag = name or frame.attrs.get("name") or "rankbook"
    if any(c.isspace() for c in tag):
        raise InputFileError(f"the run name {tag!r} contains white space; choose one without.")
    frame = frame.iloc[trec_order(frame, trec_eval=trec_eval)]
    queries = frame["query"].to_numpy()
    start = np.r_[True, queries[1:] != queries[:-1]]
    block = np.cumsum(start) - 1
    first = np.flatnonzero(start)
    ranks = np.arange(len(frame)) - first[block] + 1
    text = "".join(f"{q} Q0 {d} {r} {s!r} {tag}\n" for q, d, r, s in
                   zip(queries, frame["doc"], ranks.tolist(), frame["score"].tolist()))
    _write(path, text)


def _write(path, text: str) -> None:
    """Write ``text`` as UTF-8 (gzip-compressed for a ``.gz`` name), or raise InputFileError."""
    path = Path(path)
    data = text.encode("utf-8")
    try:
        if path.suffix == ".gz":
            import gzip

            with gzip.open(path, "wb") as handle:
                handle.write(data)
        else:
            path.write_bytes(data)
    except OSError as error:
        raise InputFileError(_write_failure(error, path), str(path)) from None


def _write_failure(error: OSError, path: Path) -> str:
    """Why ``path`` could not be written, and the fix."""
    folder = path.parent
    if isinstance(error, FileNotFoundError):
        return (f"cannot write the file: the folder {str(folder)!r} does not exist; create it "
                f"first (mkdir -p {folder}) or write elsewhere.")
    if isinstance(error, IsADirectoryError):
        return "cannot write the file: this is a folder; give a file name inside it."
    if isinstance(error, NotADirectoryError):
        return ("cannot write the file: a part of the path that should be a folder is a file; "
                "check the path.")
    if isinstance(error, PermissionError):
        return (f"cannot write the file: permission denied (check the permissions of "
                f"{str(folder)!r} with ls -ld, or write elsewhere).")
    return f"cannot write the file ({error.strerror or error}); check the path and free space."
