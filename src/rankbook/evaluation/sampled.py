r"""A run evaluated on a stratified sample of its pool, topic by topic, as ``sample_eval.pl``.

`evaluate_sampled` computes, for every topic of the run that the sample judges, the
measures ``sample_eval.pl`` prints (the textbook functions of
:mod:`rankbook.collections.inferred`), and its summary row ``"all"``, with the script's
rules:

- the topics evaluated are the run's topics that the sample qrels hold; a topic of the
  qrels that the run lacks is not evaluated (it is *not* scored 0, unlike trec_eval's
  ``-c``);
- ``infAP``, ``infNDCG`` and ``iP10`` ... are the mean over the evaluated topics;
- ``inum_rel_ret`` is the sum over the evaluated topics, but ``inum_rel`` the sum over
  *every* topic of the qrels, evaluated or not;
- ``num_ret`` of a topic counts the run's lines; its summary counts the documents read
  (at most 1000 per evaluated topic).

- ``iprec@rec0.00`` ... ``iprec@rec1.00`` (which the script prints in its summary only) are
  the mean over the evaluated topics.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from rankbook._errors import InvalidValueError
from rankbook.collections.inferred import (
    MAX_RESULTS,
    estimated_relevant,
    inferred_average_precision_extended,
    inferred_ndcg,
)
from rankbook.collections.inferred_precision import (
    RECALL_LEVELS,
    estimated_relevant_retrieved,
    inferred_interpolated_precision,
    inferred_precision_at_k,
)

__all__ = ["PRECISION_CUTOFFS", "evaluate_sampled"]

PRECISION_CUTOFFS = (10, 50, MAX_RESULTS)
"""The cut-offs of ``sample_eval.pl``'s inferred precision (``iP10``, ``iP50``, ``iP1000``)."""

INTERPOLATED = tuple(f"iprec@rec{x:4.2f}" for x in RECALL_LEVELS)
MEANS = ("infAP", "infNDCG", *(f"iP{k}" for k in PRECISION_CUTOFFS), *INTERPOLATED)


def evaluate_sampled(
    judgments: Mapping[str, Mapping[str, tuple]],
    rankings: Mapping[str, Sequence[str]],
    lines: Mapping[str, int] | None = None,
) -> dict[str, dict[str, float]]:
    r"""``sample_eval.pl``'s measures of one run: ``{topic: {measure: value}}`` and ``"all"``.

    Parameters
    ----------
    judgments : mapping
        ``{topic: {docno: (stratum, grade)}}``, as `rankbook.io.sample_qrels.read_sample_qrels`
        returns.
    rankings : mapping
        ``{topic: [docno, ...]}``, best first, as
        `rankbook.io.sample_qrels.read_sample_eval_run` returns.
    lines : mapping, optional
        The run's lines per topic (the per-topic ``num_ret``); the ranking's length if
        omitted.

    Returns
    -------
    dict
        Topics in numeric order, then ``"all"``; measures ``infAP``, ``infNDCG``, ``iP10``,
        ``iP50``, ``iP1000``, ``inum_rel_ret``, ``inum_rel``, ``num_ret`` and
        ``iprec@rec0.00`` ... ``iprec@rec1.00``.

    Examples
    --------
    >>> judgments = {"1": {"a": ("1", 1), "b": ("1", 0), "c": ("2", -1), "d": ("2", 1)},
    ...              "2": {"x": ("1", 0)}}
    >>> scores = evaluate_sampled(judgments, {"1": ["a", "c", "d", "z"], "2": ["x"]})
    >>> round(scores["1"]["infAP"], 4), round(scores["all"]["infAP"], 4)
    (0.8518, 0.4259)
    """
    topics = sorted((t for t in rankings if t in judgments), key=_numeric)
    if not topics:
        raise InvalidValueError("no topic of the run is in the sample qrels; check that the "
                                "files belong together (topics are matched as text, the "
                                "run's without leading zeros).")
    scores = {topic: _topic(judgments[topic], rankings[topic],
                            (lines or {}).get(topic, len(rankings[topic])))
              for topic in topics}
    summary = {name: sum(scores[t][name] for t in topics) / len(topics) for name in MEANS}
    summary["inum_rel_ret"] = sum(scores[t]["inum_rel_ret"] for t in topics)
    summary["inum_rel"] = sum(estimated_relevant(sample) for sample in judgments.values())
    summary["num_ret"] = sum(min(len(rankings[t]), MAX_RESULTS) for t in topics)
    return {**scores, "all": summary}


def _topic(sample, ranking, lines: int) -> dict[str, float]:
    scores = {"infAP": inferred_average_precision_extended(ranking, sample),
              "infNDCG": inferred_ndcg(ranking, sample)}
    for k in PRECISION_CUTOFFS:
        scores[f"iP{k}"] = inferred_precision_at_k(ranking, sample, k)
    scores["inum_rel_ret"] = estimated_relevant_retrieved(ranking, sample)
    scores["inum_rel"] = estimated_relevant(sample)
    scores["num_ret"] = lines
    scores.update(zip(INTERPOLATED, inferred_interpolated_precision(ranking, sample)))
    return scores


def _numeric(topic: str) -> float:
    """Perl's ``<=>`` on a topic: its number (text that is not one sorts as 0)."""
    try:
        return float(topic)
    except ValueError:
        return 0.0
