r"""Per-topic score tables: a CSV with a topic column and one column of scores per run or measure.

The scores of a run on each topic, saved rather than recomputed: what ``rankbook eval -q
--format csv`` writes (``query,map,P_10``: one column per measure), or the files of
Breuer et al. (SIGIR 2020) in tests/data/breuer2020 (``Row,WCrobust0405,rpl_...``: one
file per measure, one column per run). `read_scores` reads either as a DataFrame with
one row per topic, for `rankbook reproduce` and the functions of
`rankbook.reproducibility`, which pair scores by topic.

The first column holds the topic ids; its header is one of ``query``, ``qid``,
``query_id``, ``topic``, ``row`` (any case; MATLAB's ``writetable`` writes ``Row``) or
empty (pandas' ``to_csv`` of an unnamed index). Every other column holds a finite number
on every line. A topic named ``all`` (the summary row ``rankbook eval`` writes) is left
out. Ids are kept as text, as the run readers keep them.
"""

from __future__ import annotations

from rankbook._errors import InputFileError
from rankbook.io._source import path_text
from rankbook.io.fast import number_list, read_bytes
from rankbook.io.flagr import read_csv_columns

#: Headers of the topic column (compared in lower case); "" is pandas' unnamed index.
TOPIC_HEADERS = ("query", "qid", "query_id", "topic", "row", "")
LAYOUT = "topic,score,... with a header line, e.g. query,map,P_10 or Row,run_a,run_b"


def read_scores(path, column: str | None = None):
    r"""A per-topic score table, as a DataFrame: one row per topic, one float column per score.

    Parameters
    ----------
    path : str or os.PathLike
        The CSV file (gzip is decompressed).
    column : str, optional
        Keep this score column only (a table of several runs, as Breuer et al.'s).

    Returns
    -------
    pandas.DataFrame
        Indexed by topic id (text, the index named ``topic``), one float column per
        score column, in the file's order; the ``all`` row left out.

    Raises
    ------
    rankbook.InputFileError
        No topic column, a header given twice, a score that is not a finite number (the
        line named), a topic listed twice, or ``column`` not in the header (the header
        listed).

    Examples
    --------
    >>> import tempfile, pathlib
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "scores.csv"
    >>> _ = path.write_text("query,map,P_10\n301,0.25,0.4\n302,0.5,0.6\nall,0.375,0.5\n")
    >>> read_scores(path)
            map  P_10
    topic
    301    0.25   0.4
    302    0.50   0.6
    >>> read_scores(path, "P_10")["P_10"].tolist()
    [0.4, 0.6]
    """
    import pandas as pd

    data, name = read_bytes(path)
    header_line = next((line for line in data.decode("utf-8", "replace").splitlines()
                        if line.strip()), "")
    count = max(2, header_line.count(",") + 1)
    fields, lines = read_csv_columns(path, columns=(count,), what="per-topic score table",
                                     layout=LAYOUT, data=data)
    header = [column_[0] for column_ in fields]
    _check_header(header, name)
    if column is not None and column not in header[1:]:
        raise InputFileError(
            f"there is no column {column!r}; the score columns are {', '.join(header[1:])}. "
            "Write FILE:COLUMN with one of them.", name, [int(lines[0])])
    keep = [i for i in range(len(fields)) if i and (column is None or header[i] == column)]
    rows = [i for i, topic in enumerate(fields[0]) if i and topic.lower() != "all"]
    topics = [fields[0][i] for i in rows]
    _check_topics(topics, [int(lines[i]) for i in rows], name)
    scores = {header[i]: number_list([fields[i][r] for r in rows], lines[rows], name,
                                     header[i], "give one number per topic in every column")
              for i in keep}
    return pd.DataFrame(scores, index=pd.Index(topics, name="topic"))


def _check_header(header: list[str], name: str) -> None:
    if header[0].lower() not in TOPIC_HEADERS:
        raise InputFileError(
            f"the first column, {header[0]!r}, is not a topic column: a per-topic score table "
            f"starts with the topic ids, headed query, qid, query_id, topic or Row ({LAYOUT}).",
            name, [1])
    twice = sorted({h for h in header if header.count(h) > 1})
    if twice:
        raise InputFileError(f"the header names {', '.join(map(repr, twice))} twice; give "
                             "each column its own name.", name, [1])


def _check_topics(topics: list[str], lines: list[int], name: str) -> None:
    if not topics:
        raise InputFileError(f"the table has a header but no topic; {LAYOUT}.", name)
    seen: dict[str, int] = {}
    for topic, line in zip(topics, lines):
        if topic in seen:
            raise InputFileError(f"topic {topic!r} is listed twice (lines {seen[topic]} and "
                                 f"{line}); keep one line per topic.", name, [line])
        seen[topic] = line


def is_score_table(path) -> bool:
    """Whether ``path`` looks like a score table: its first line is a CSV header whose first
    field names a topic column (a TREC run's first line is six fields apart by blanks)."""
    from rankbook.io.convert import first_line

    line = first_line(path_text(path))
    if line is None or b"," not in line:
        return False
    return line.split(b",")[0].strip().decode("utf-8", "replace").lower() in TOPIC_HEADERS
