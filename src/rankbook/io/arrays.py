r"""The array form of qrels and runs: the lean form the batch evaluator works on.

| form | arrays |
| --- | --- |
| `Judgments` (qrels) | ``query``, ``doc`` (ids), ``grade`` (float64) |
| `Ranking` (run) | ``query``, ``doc`` (ids), ``score`` (float64), ``lines`` (for messages) |

Ids are kept as bytes, never one Python ``str`` per line: a numpy ``S`` array of their
UTF-8 bytes, or, when one id is much longer than the others, one byte buffer plus offsets
(``Tokens``), so that a long id costs its own bytes and not rows x its length. Both
compare and sort byte by byte, as C's ``strcmp`` does (for UTF-8 text, Python's string
order).

The machinery of that form (the two id forms, topic codes, hash keys, the number parser
that fills ``grade`` and ``score``) is the fenced sub-package :mod:`rankbook.io.fast`; io
reads files into this form (:func:`rankbook.io.convert.as_judgments`,
:func:`rankbook.io.convert.as_ranking`) and joins a run to its judgments in it
(:func:`rankbook.io.join.join_run`). The three functions of the form the evaluator's
streaming path needs are here too: ``topic_codes``, ``pick`` and ``blocks``.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from rankbook.io.fast import Tokens, blocks, byte_ids, pick, topic_codes

__all__ = ["Judgments", "Ranking", "blocks", "judgments_from_frame", "pick",
           "ranking_from_frame", "text_ids", "topic_codes"]


@dataclass
class Judgments:
    """Qrels as arrays: one row per judgment, no (query, doc) twice."""

    query: np.ndarray | Tokens
    doc: np.ndarray | Tokens
    grade: np.ndarray   # float64
    source: str


@dataclass
class Ranking:
    """A run as arrays: one row per retrieved document, in file order."""

    query: np.ndarray | Tokens
    doc: np.ndarray | Tokens
    score: np.ndarray   # float64
    lines: np.ndarray   # line (or row) number of each, for messages
    source: str
    name: str


def text_ids(ids) -> list[str]:
    """Ids of the array form as a list of str."""
    return [value.decode("utf-8") for value in ids.tolist()]



def judgments_from_frame(frame) -> Judgments:
    """The array form of a qrels DataFrame (see :mod:`rankbook.io.frames`)."""
    return Judgments(byte_ids(frame["query"]), byte_ids(frame["doc"]),
                     frame["grade"].to_numpy(dtype=np.float64), frame.attrs.get("source", "qrels"))


def ranking_from_frame(frame) -> Ranking:
    """The array form of a run DataFrame (rows numbered from 1)."""
    return Ranking(byte_ids(frame["query"]), byte_ids(frame["doc"]),
                   frame["score"].to_numpy(dtype=np.float64), np.arange(1, len(frame) + 1),
                   frame.attrs.get("source", "run"), frame.attrs.get("name", "rankbook"))
