r"""cwl_eval's files, read as cwl_eval reads them: its gain file and its walk through a run.

| function | reads |
| --- | --- |
| `read_gains` | a TREC qrels file whose fourth column is a gain between ``min_gain`` and ``max_gain`` |
| `run_blocks` | a TREC run as cwl_eval walks it: blocks of consecutive lines of one topic, in file order, with each document's element type (the second column) |

The costs of the element types are read by :func:`rankbook.io.read_costs`. The command that
uses them is ``rankbook cwl-eval`` (:mod:`rankbook.evaluation.cwl_eval`).
"""

from __future__ import annotations

from collections.abc import Iterator

from rankbook._errors import InputFileError
from rankbook.io.arrays import text_ids
from rankbook.io.fast import read_trec_columns
from rankbook.io.trec import RUN_COLUMNS

__all__ = ["read_gains", "run_blocks"]


def read_gains(path, *, min_gain: float = 0.0, max_gain: float = 1.0) -> dict:
    """cwl_eval's gain file: ``{topic: {doc: gain}}``, each gain in ``[min_gain, max_gain]``.

    The fourth column is a number (0.25 stays 0.25, where trec_eval's qrels take a whole
    grade); a later line for the same topic and document replaces an earlier one, as in
    cwl_eval; a gain outside the bounds is refused with its file and line (cwl_eval refuses
    it too, without saying where).

    Examples
    --------
    >>> import rankbook as rb
    >>> gains = read_gains(rb.datasets.cwl_sample()[0])
    >>> sorted(gains), gains["T1"]["D1"], len(gains["T3"])
    (['T1', 'T2', 'T3'], 1.0, 7)
    """
    (topics, docs), gains, lines, _ = read_trec_columns(
        path, columns=4, extra_ok=True, what="gain file (TREC qrels)",
        layout="topic unused doc gain", ids=(0, 2), number=3, number_name="gain",
        fix=f"write the gain as a number in [{min_gain:g}, {max_gain:g}].")
    out: dict = {}
    for topic, doc, gain, line in zip(text_ids(topics), text_ids(docs), gains.tolist(),
                                      lines.tolist()):
        if not min_gain <= gain <= max_gain:
            raise InputFileError(
                f"gain {gain:g} is outside [{min_gain:g}, {max_gain:g}] "
                "(cwl_eval refuses it too); scale the gains, or set --max_gain / --min_gain.",
                str(path), [line])
        out.setdefault(topic, {})[doc] = gain  # a later line wins, as in cwl_eval
    return out


def run_blocks(run_path) -> Iterator[tuple[str, list, list]]:
    """Each block of consecutive lines of one topic: (topic, docs, element types), file order.

    Every line must have cwl_eval's six fields; a topic whose lines come back later is a
    block of its own, as cwl_eval reports it (trec_eval's readers refuse such a run).

    Examples
    --------
    >>> import rankbook as rb
    >>> topic, docs, types = next(run_blocks(rb.datasets.cwl_sample()[1]))
    >>> topic, docs[:3], types[:3]
    ('T1', ['D1', 'D2', 'D3'], ['E2', 'E2', 'E1'])
    """
    (topics, types, docs), _, _, _ = read_trec_columns(
        run_path, **{**RUN_COLUMNS, "ids": (0, 1, 2), "extra_ok": False})
    topics, types, docs = text_ids(topics), text_ids(types), text_ids(docs)
    start = 0
    for end in range(1, len(topics) + 1):
        if end == len(topics) or topics[end] != topics[start]:
            yield topics[start], docs[start:end], types[start:end]
            start = end
