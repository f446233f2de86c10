r"""Which scores trec_eval sees as equal, and its order of one topic's documents: the one definition.

trec_eval orders a topic's documents by score descending, and equal scores by document id
descending (byte order, as C's ``strcmp``; for text that is Python's string order). Which
scores are equal depends on the version (``trec_eval``):

- ``"9"`` (default): trec_eval 9.x (and pytrec_eval, which embeds it) stores each score in a
  C ``float``, so scores are first rounded to single precision (float32, round to nearest):
  0.5 and 0.5 + 1e-9 tie, and the tie goes to the document id.
- ``"10"``: trec_eval 10.0 keeps each score as a C ``double``.

`rankbook.io.order` orders whole runs (arrays) with :func:`compared_scores`;
`rankbook.collections` orders a topic given as ``{doc: score}`` with :func:`ranked_by_score`.
A ground-floor module, so that both floors share it.

>>> ranked_by_score({"a": 0.5 + 1e-9, "b": 0.5}), ranked_by_score({"a": 0.5 + 1e-9, "b": 0.5}, "10")
(['b', 'a'], ['a', 'b'])
"""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np

from rankbook import _validate


def compared_scores(score, trec_eval: str = "9") -> np.ndarray:
    """The scores as the given trec_eval version compares them (float32 for 9, float64 for 10)."""
    if _validate.trec_eval_version(trec_eval) == "9":
        with np.errstate(over="ignore"):  # a score beyond float32's range becomes +-inf, as in C
            return np.asarray(score, dtype=np.float64).astype(np.float32)
    return np.asarray(score, dtype=np.float64)


def ranked_by_score(scores: Mapping, trec_eval: str = "9") -> list:
    """The documents of ``{doc: score}`` (finite numbers) in trec_eval's order."""
    docs = list(scores)
    compared = compared_scores([scores[doc] for doc in docs], trec_eval).tolist()
    order = sorted(range(len(docs)), key=lambda i: (compared[i], str(docs[i])), reverse=True)
    return [docs[i] for i in order]
