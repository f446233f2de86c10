r"""Pool bias: how a run's score changes when the documents only it found leave the pool.

A run that did not contribute to the pool is scored against judgments made without it:
its relevant documents that no pooled run found are unjudged, and count as not relevant.
Zobel (SIGIR 1998) measured the effect by *leaving one run out*: remove from the qrels the
documents that only that run contributed to the pool, score the run again, and compare.
Buckley, Dimmick, Soboroff and Voorhees (2007) leave out a whole group's runs, since a
group's runs share documents.

| function | what it gives |
| --- | --- |
| `leave_one_run_out` | per run: its score with the full qrels and with its unique documents removed |
| `qrels_without` | the qrels with some documents removed (unjudged) or set to grade 0 |
| `topic_scores` | a run's score per topic, for any measure of a ranked list of grades |
| `average_precision_of` | the default measure: trec_eval's AP of one topic |

What happens to the removed documents is a choice (``removed``): ``"unjudged"`` deletes
them from the qrels (the run's own documents become unjudged, as for a run that did not
take part; Zobel and Buckley et al. do this), ``"nonrelevant"`` keeps them judged with
grade 0. AP, P@k and nDCG score both alike (an unjudged document counts as not relevant);
bpref and the condensed-list measures do not.
"""

from __future__ import annotations

from dataclasses import dataclass

from rankbook import _validate
from rankbook._errors import InvalidTypeError
from rankbook.collections._inputs import checked_qrels, ranked_topics, topic_order
from rankbook.collections.pooling import unique_documents
from rankbook.metrics.average_precision import average_precision

__all__ = ["RunBias", "leave_one_run_out", "qrels_without", "topic_scores",
           "average_precision_of", "REMOVED"]

REMOVED = ("unjudged", "nonrelevant")


@dataclass(frozen=True)
class RunBias:
    """One run's leave-one-out result.

    ``full`` and ``reduced`` are the run's mean scores with the full qrels and without its
    unique documents; ``removed`` and ``removed_relevant`` count the judged documents
    removed and how many of them were relevant (over all topics); ``change`` is
    ``reduced - full`` (negative: the pool without the run underrates it).
    """

    full: float
    reduced: float
    removed: int
    removed_relevant: int

    @property
    def change(self) -> float:
        return self.reduced - self.full


def average_precision_of(relevance, judgments) -> float:
    r"""trec_eval's AP of one topic: the default ``measure`` of this module.

    $$\mathrm{AP} = \frac{1}{R} \sum_{i} \mathrm{P}@i \cdot [\,\mathrm{rel}_i \ge 1\,]$$

    with $R$ the number of documents the topic's judgments grade 1 or more.

    Parameters
    ----------
    relevance : sequence of float or None
        Grades of the run's ranked list, rank 1 first (None: unjudged).
    judgments : mapping
        The topic's ``{doc: grade}``.

    Returns
    -------
    float

    Examples
    --------
    Relevant at ranks 1 and 3, three relevant in all: $(1/1 + 2/3) / 3 = 5/9$:

    >>> round(average_precision_of([1, None, 1], {"a": 1, "b": 1, "c": 0, "d": 2}), 6)
    0.555556
    """
    relevant = sum(1 for grade in judgments.values() if grade >= 1)
    return average_precision(relevance, relevant)


def topic_scores(run, qrels, measure=None, *, trec_eval: str = "9") -> dict:
    r"""A run's score per topic, for the topics of both the run and the qrels.

    $$\mathrm{score}(s, t) = m(\mathrm{rel}_{s,t}, J_t)$$

    where $\mathrm{rel}_{s,t}$ are the grades of the run's ranked list for topic $t$
    (None for an unjudged document) and $J_t$ the topic's judgments.

    Parameters
    ----------
    run : mapping
        ``{topic: {doc: score}}`` or ``{topic: [doc, ...]}``.
    qrels : mapping
        ``{topic: {doc: grade}}``.
    measure : callable, optional
        ``measure(relevance, judgments) -> float``; default `average_precision_of`.
        Any metric of `rankbook.metrics` fits through a small function, e.g.
        ``lambda relevance, judgments: rb.precision_at_k(relevance, 10)``.
    trec_eval : {"9", "10"}, default "9"
        How scores tie.

    Returns
    -------
    dict
        ``{topic: float}``, topics in string order (topics trec_eval averages over,
        without ``-c``).

    Examples
    --------
    >>> topic_scores({"1": ["a", "x", "b"]}, {"1": {"a": 1, "b": 1}, "2": {"c": 1}})
    {'1': 0.8333333333333333}
    """
    measure = average_precision_of if measure is None else measure
    if not callable(measure):
        raise InvalidTypeError(
            f"measure must be a function (relevance, judgments) -> float, got "
            f"{type(measure).__name__}; e.g. lambda relevance, judgments: "
            "rb.precision_at_k(relevance, 10).")
    ranked = ranked_topics(run, trec_eval=trec_eval)
    judgments = checked_qrels(qrels)
    return {topic: float(measure([judgments[topic].get(doc) for doc in ranked[topic]],
                                 judgments[topic]))
            for topic in topic_order(set(ranked) & set(judgments))}


def qrels_without(qrels, documents, removed: str = "unjudged") -> dict:
    r"""The qrels with some documents removed (``"unjudged"``) or graded 0 (``"nonrelevant"``).

    Parameters
    ----------
    qrels : mapping
        ``{topic: {doc: grade}}``.
    documents : mapping
        ``{topic: [doc, ...]}``: the documents to remove; those not judged are ignored.
    removed : {"unjudged", "nonrelevant"}, default "unjudged"
        Delete them from the qrels, or keep them with grade 0.

    Returns
    -------
    dict
        ``{topic: {doc: grade}}``, a new mapping.

    Examples
    --------
    >>> qrels = {"1": {"a": 1, "b": 2, "c": 0}}
    >>> qrels_without(qrels, {"1": ["b", "z"]})
    {'1': {'a': 1.0, 'c': 0.0}}
    >>> qrels_without(qrels, {"1": ["b"]}, removed="nonrelevant")
    {'1': {'a': 1.0, 'b': 0.0, 'c': 0.0}}
    """
    _validate.choice(removed, REMOVED, "removed")
    result = {}
    for topic, judgments in checked_qrels(qrels).items():
        gone = set(documents.get(topic, ()))
        if removed == "unjudged":
            result[topic] = {doc: g for doc, g in judgments.items() if doc not in gone}
        else:
            result[topic] = {doc: 0.0 if doc in gone else g for doc, g in judgments.items()}
    return result


def _mean(scores: dict) -> float:
    return sum(scores.values()) / len(scores) if scores else 0.0


def leave_one_run_out(runs, qrels, depth: int, *, measure=None, removed: str = "unjudged",
                      groups=None, relevance_level: float = 1, trec_eval: str = "9") -> dict:
    r"""Each run's mean score with the full qrels and without the documents only it pooled.

    $$\Delta(s) = \overline{m}(s; J \setminus U_k(s)) - \overline{m}(s; J)$$

    where $J$ are the qrels, $U_k(s)$ the judged documents that only run $s$ (or its group)
    put in the depth-k pool (`rankbook.collections.pooling.unique_documents`), and
    $\overline{m}$ the mean of the measure over the topics of both the run and the qrels.

    Parameters
    ----------
    runs : mapping
        ``{run_name: {topic: {doc: score}}}`` or ``{run_name: {topic: [doc, ...]}}``: the
        pooled runs.
    qrels : mapping
        ``{topic: {doc: grade}}``, the judgments of the pool.
    depth : int
        The pool depth k.
    measure : callable, optional
        ``measure(relevance, judgments) -> float`` (see `topic_scores`); default AP.
    removed : {"unjudged", "nonrelevant"}, default "unjudged"
        What the unique documents become (see the module).
    groups : mapping, optional
        ``{run_name: group}``: leave out the documents unique to the run's group
        (Buckley et al., 2007) instead of the run's.
    relevance_level : float, default 1
        The lowest grade ``removed_relevant`` counts.
    trec_eval : {"9", "10"}, default "9"
        How scores tie.

    Returns
    -------
    dict
        ``{run_name: RunBias}`` in the order of ``runs``.

    References
    ----------
    Zobel, J. (1998). How reliable are the results of large-scale information retrieval
    experiments? In Proceedings of SIGIR 1998, 307-314.

    Buckley, C., Dimmick, D., Soboroff, I. and Voorhees, E. (2007). Bias and the limits
    of pooling for large collections. Information Retrieval 10(6), 491-508.

    Examples
    --------
    Run B alone found the relevant d3; without it, B's AP falls from 1 to 0.5:

    >>> runs = {"A": {"1": ["d1", "d2"]}, "B": {"1": ["d3", "d1"]}}
    >>> qrels = {"1": {"d1": 1, "d2": 0, "d3": 1}}
    >>> result = leave_one_run_out(runs, qrels, 2)
    >>> result["B"]
    RunBias(full=1.0, reduced=0.5, removed=1, removed_relevant=1)
    >>> result["A"].change
    0.0
    """
    relevance_level = _validate.relevance_level(relevance_level)
    judgments = checked_qrels(qrels)
    unique = unique_documents(runs, depth, groups=groups, trec_eval=trec_eval)
    result = {}
    for run_name, run in runs.items():
        gone = {topic: [doc for doc in docs if doc in judgments.get(topic, {})]
                for topic, docs in unique[run_name].items()}
        reduced = qrels_without(judgments, gone, removed)
        result[run_name] = RunBias(
            full=_mean(topic_scores(run, judgments, measure, trec_eval=trec_eval)),
            reduced=_mean(topic_scores(run, reduced, measure, trec_eval=trec_eval)),
            removed=sum(len(docs) for docs in gone.values()),
            removed_relevant=sum(1 for topic, docs in gone.items() for doc in docs
                                 if judgments[topic][doc] >= relevance_level))
    return result
