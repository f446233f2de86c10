r"""A run file read one block of whole topics at a time, for evaluation that streams.

:func:`run_by_topic` reads a TREC run chunk by chunk (:func:`rankbook.io.trec.run_chunks`:
every line checked as the in-memory reader checks it, with the same one-line errors)
and hands out :class:`rankbook.io.arrays.Ranking` blocks of whole topics of about
``rows`` lines each. Only one block (plus the chunk being read) is in memory, so the
memory needed is bounded by ``rows`` and the largest topic, not by the file.

This needs every topic's lines to be together in the file, as the runs trec_eval's
users write are (one query at a time). A topic whose lines come back after another
topic's is refused, naming the file, the line where it came back, the line where
its earlier lines ended, and the command that fixes it: a stable sort on the first
field,

    LC_ALL=C sort -s -k1,1 run.txt > run.sorted.txt

(``zcat run.gz | LC_ALL=C sort -s -k1,1 | gzip > run.sorted.gz`` for gzip). GNU sort
sorts files larger than memory itself, by an external merge on disk. The order of
the topics and of the lines within a topic does not change any score: trec_eval
orders each topic's documents by score.
"""

from __future__ import annotations

import numpy as np

from rankbook._errors import InputFileError
from rankbook.io import arrays, fast
from rankbook.io._source import path_text
from rankbook.io.trec import run_chunks

BLOCK_ROWS = 1 << 21  # lines per block (~2M): large enough that a block's fixed costs vanish


def run_by_topic(path, *, rows: int | None = None, progress: bool = False):
    """Yield the run in ``path`` as blocks of whole topics, in file order.

    Parameters
    ----------
    path : str or os.PathLike
        A TREC run file (gzip is decompressed), each topic's lines together.
    rows : int, optional
        A block is cut at the first topic boundary after ``rows`` lines; a topic
        longer than that is one block. Default: :data:`BLOCK_ROWS` (about 2 million).
    progress : bool, default False
        Report progress on stderr when reading takes more than a couple of seconds.

    Yields
    ------
    rankbook.io.arrays.Ranking
        The lines of some whole topics; ``.name`` is the tag of the file's first line
        (trec_eval's ``runid``) in every block.

    Raises
    ------
    rankbook.InputFileError
        For every malformed line, as :func:`rankbook.io.trec.read_run` does, and for a
        topic whose lines are not together (see the module docstring).

    Examples
    --------
    >>> import tempfile, pathlib
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "run.txt"
    >>> _ = path.write_text("1 Q0 a 1 0.9 s\\n1 Q0 b 2 0.8 s\\n2 Q0 c 1 0.7 s\\n")
    >>> [arrays.text_ids(block.query) for block in run_by_topic(path, rows=1)]
    [['1', '1'], ['2']]
    """
    name, rows = path_text(path), BLOCK_ROWS if rows is None else rows
    seen: dict = {}  # topic -> the line its block ended at
    held: list = []  # pieces (query, doc, score, lines) not handed out yet
    held_rows, runid = 0, None
    for *piece, tag in run_chunks(path, progress=progress):
        runid = tag if runid is None else runid
        if piece[3].size == 0:
            continue
        held.append(piece)
        held_rows += piece[3].size
        while held_rows >= rows:
            cut = _cut(held, rows, held_rows)
            if cut is None:
                break  # no topic ends in the newest piece after `rows` lines: read on
            last = held.pop()
            done = held + ([_part(last, 0, cut)] if cut else [])
            held = [_part(last, cut, last[3].size)]
            held_rows = held[0][3].size
            yield _checked(_joined(done), seen, name, runid)
    if held:
        yield _checked(_joined(held), seen, name, runid)


def run_source(path) -> str:
    """The run's path as the readers name it in messages and notes."""
    return path_text(path)


def _cut(held: list, rows: int, held_rows: int) -> int | None:
    """Where in the newest piece to end the block: the first topic start that leaves at least
    ``rows`` lines before it (0: the piece's start), or None if there is none."""
    query = held[-1][0]
    starts = fast.blocks(query)
    before = held_rows - len(query)
    if before and _starts_a_topic(held):
        starts = np.r_[0, starts[1:]]
    else:
        starts = starts[1:]  # the piece continues the topic before it
    starts = starts[starts >= rows - before]
    return int(starts[0]) if starts.size else None


def _starts_a_topic(held: list) -> bool:
    """Whether the newest piece starts a topic other than the last one of the piece before."""
    previous, query = held[-2][0], held[-1][0]
    last = np.array([len(previous) - 1])
    return fast.id_bytes(previous, last) != fast.id_bytes(query, np.array([0]))


def _part(piece: list, start: int, stop: int) -> list:
    rows = np.arange(start, stop)
    return [fast.pick(piece[0], rows), fast.pick(piece[1], rows), piece[2][start:stop],
            piece[3][start:stop]]


def _joined(pieces: list) -> list:
    if len(pieces) == 1:
        return pieces[0]
    return [fast.join_pieces([p[0] for p in pieces]), fast.join_pieces([p[1] for p in pieces]),
            np.concatenate([p[2] for p in pieces]), np.concatenate([p[3] for p in pieces])]


def _checked(block: list, seen: dict, name: str, runid) -> arrays.Ranking:
    """The block as a Ranking, after checking that none of its topics came before."""
    query, doc, score, lines = block
    starts = fast.blocks(query)
    ends = np.r_[starts[1:], lines.size] - 1
    heads = arrays.text_ids(fast.pick(query, starts))
    for topic, first, last in zip(heads, lines[starts].tolist(), lines[ends].tolist()):
        if topic in seen:
            raise InputFileError(
                f"topic {topic!r} comes back here after other topics (its earlier lines end at "
                f"line {seen[topic]}); reading a run topic by topic (stream=True, --stream) "
                "needs each topic's lines together. Sort the run by topic first: "
                f"LC_ALL=C sort -s -k1,1 {name} > sorted.run (zcat FILE | LC_ALL=C sort -s "
                "-k1,1 for gzip), or evaluate it in memory (without stream).", name, [first])
        seen[topic] = last
    return arrays.Ranking(query, doc, score, lines, name, runid)
