r"""Subtopic judgments on the per-topic path: what the diversity measures read of each topic.

A measure that ``needs`` subtopics (ndeval's alpha-nDCG@k, ERR-IA@k, NRBP, ...; the
rows of :mod:`rankbook.metrics.registry_diversity`) reads two matrices per topic,
filled here into :class:`~rankbook.metrics.spec.TopicData`:

- ``subtopic_grades``: one row per document of the evaluated list (trec_eval's order, cut
  at ``max_docs``, without the unjudged under ``judged_only``), one column per subtopic;
- ``subtopic_judged``: one row per document of the topic's subtopic judgments, in document
  id order from the largest (ndeval's tie rule for its greedy ideal list).

A topic with no subtopic judgments has no subtopic columns, and every diversity measure
scores it 0. Without ordinary qrels (``qrels=None``), the evaluated topics and each
document's grade come from the subtopic judgments: a document's best grade over its
subtopics (relevant to any subtopic is relevant, ndeval's rule for MAP).
"""

from __future__ import annotations

import dataclasses

import numpy as np

from rankbook._errors import InvalidValueError
from rankbook.io.subtopics import subtopic_matrix
from rankbook.metrics.spec import TopicData

SUBTOPIC_FLAG = "subtopic_qrels=FILE (rankbook eval --subtopic-qrels FILE)"


def needing_subtopics(columns) -> list[str]:
    """The labels of the requested measures that read subtopic judgments."""
    return [column.label for column in columns if "subtopics" in column.metric.needs]


def check_subtopics(columns, subtopic_qrels, stream: bool) -> bool:
    """Whether the evaluation reads subtopics; a clear error when it cannot."""
    needing = needing_subtopics(columns)
    if not needing:
        return False
    if subtopic_qrels is None:
        raise InvalidValueError(
            f"{', '.join(needing)} read subtopic (diversity) judgments, one line per "
            f"'topic subtopic docid grade': pass {SUBTOPIC_FLAG}.")
    if stream:
        raise InvalidValueError(
            f"{', '.join(needing)} are computed by the per-topic path, which reads the run "
            "whole: pass stream=False with subtopic_qrels.")
    return True


def best_grades(subtopic_qrels):
    """Ordinary qrels from subtopic judgments: each (topic, document)'s best grade."""
    best = subtopic_qrels.groupby(["query", "doc"], sort=False, as_index=False)["grade"].max()
    best.attrs["source"] = subtopic_qrels.attrs.get("source", "the subtopic qrels")
    return best


class SubtopicJudgments:
    """The subtopic judgments grouped by topic, to fill each topic's two matrices."""

    def __init__(self, subtopic_qrels, intent_probabilities=None):
        self._by_topic = {query: rows for query, rows in subtopic_qrels.groupby("query",
                                                                                sort=False)}
        self._empty = subtopic_qrels.iloc[:0]
        self._probabilities = None if intent_probabilities is None else {
            query: dict(zip(rows["subtopic"].tolist(), rows["probability"].tolist()))
            for query, rows in intent_probabilities.groupby("query", sort=False)}
        self._probability_source = None if intent_probabilities is None else \
            intent_probabilities.attrs.get("source", "the intent probabilities")

    def fill(self, topic: TopicData, query: str, docs) -> TopicData:
        """``topic`` with its subtopic matrices for the evaluated list ``docs``."""
        rows = self._by_topic.get(query, self._empty)
        judged_docs = sorted(set(rows["doc"].tolist()), reverse=True)
        _, ranked = subtopic_matrix(rows, list(docs))
        subtopics, judged = subtopic_matrix(rows, judged_docs)
        return dataclasses.replace(topic, subtopic_grades=ranked, subtopic_judged=judged,
                                   intent_probabilities=self._weights(query, subtopics, judged))

    def _weights(self, query: str, subtopics, judged) -> np.ndarray | None:
        """P(intent | topic) of each subtopic column: 0 for an intent the file does not list
        (NTCIREVAL's rule); a topic with relevant documents must be listed."""
        if self._probabilities is None:
            return None
        table = self._probabilities.get(query)
        if table is None:
            if (judged >= 1).any():
                raise InvalidValueError(
                    f"topic {query!r} has relevant subtopic judgments but no line in "
                    f"{self._probability_source}; give each intent of the topic its "
                    "probability (topic intent probability), or leave intent_probabilities "
                    "out for uniform ones.")
            table = {}
        return np.array([table.get(name, 0.0) for name in subtopics], dtype=np.float64)
