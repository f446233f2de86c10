r"""Pooling: which documents of the runs the assessors judge.

TREC judges, for each topic, the union of the runs' top $k$ documents (the *depth-k pool*;
Harman, 1993; Voorhees and Harman, 2005); whatever lies outside the pool is unjudged, and
trec_eval counts it as not relevant. A *Take@N* pool (Lipani et al., 2017) fixes the cost
instead: it ranks the documents of all runs by a priority and judges the first $N$ of each
topic.

| function | what it gives, per topic |
| --- | --- |
| `depth_pool` | the depth-k pool: the union of every run's top k |
| `pool_contributors` | each pooled document with the runs that put it in their top k |
| `unique_documents` | per run, the pooled documents no other run contributed |
| `pool_sizes` | how many documents a pool holds |
| `pool_coverage` | the fraction of a run's top k that is judged (Judged@k) |

Take@N pools and their priorities are in `rankbook.collections.take`.

Runs are ``{run_name: {topic: {doc: score}}}`` (ranked as trec_eval ranks them: score
descending, then document id descending) or ``{run_name: {topic: [doc, ...]}}`` (ranked
lists); qrels ``{topic: {doc: grade}}``. See `rankbook.collections._inputs`.
"""

from __future__ import annotations

from rankbook import _validate
from rankbook._errors import InvalidValueError
from rankbook.collections._inputs import checked_qrels, cut, ranked_runs, ranked_topics, topic_order
from rankbook.metrics.ir_measures_own import judged_at_k

__all__ = ["depth_pool", "pool_contributors", "unique_documents", "pool_sizes", "pool_coverage"]


def pool_contributors(runs, depth: int, *, trec_eval: str = "9") -> dict:
    r"""Each document of the depth-k pool, with the runs that contributed it.

    $$\mathrm{contributors}(d) = \{\, s : d \text{ is in the top } k \text{ of run } s \,\}$$

    Parameters
    ----------
    runs : mapping
        ``{run_name: {topic: {doc: score}}}`` or ``{run_name: {topic: [doc, ...]}}``.
    depth : int
        The pool depth k (TREC's is usually 100).
    trec_eval : {"9", "10"}, default "9"
        How scores tie: as trec_eval 9 (float32) or 10 (doubles) compares them.

    Returns
    -------
    dict
        ``{topic: {doc: [run_name, ...]}}``; topics in string order, documents in string
        order, run names in the order of ``runs``.

    See Also
    --------
    depth_pool : the documents only.
    unique_documents : the documents with one contributor, per run.

    References
    ----------
    Voorhees, E. M. and Harman, D. K. (2005). TREC: Experiment and Evaluation in
    Information Retrieval, chapter 2. MIT Press.

    Examples
    --------
    >>> runs = {"A": {"1": ["d1", "d2", "d3"]}, "B": {"1": ["d2", "d4", "d1"]}}
    >>> pool_contributors(runs, 2)
    {'1': {'d1': ['A'], 'd2': ['A', 'B'], 'd4': ['B']}}
    """
    depth = _validate.count(depth, "depth", what="the pool depth k")
    ranked = ranked_runs(runs, trec_eval=trec_eval)
    found: dict = {}
    for run_name, run in ranked.items():
        for topic, documents in run.items():
            for doc in cut(documents, depth):
                found.setdefault(topic, {}).setdefault(doc, []).append(run_name)
    return {topic: {doc: found[topic][doc] for doc in sorted(found[topic], key=str)}
            for topic in topic_order(found)}


def depth_pool(runs, depth: int, *, trec_eval: str = "9") -> dict:
    r"""The depth-k pool: for each topic, the union of every run's top k documents.

    $$\mathrm{Pool}_k(t) = \bigcup_{s} \mathrm{top}_k(s, t)$$

    Parameters
    ----------
    runs : mapping
        ``{run_name: {topic: {doc: score}}}`` or ``{run_name: {topic: [doc, ...]}}``.
    depth : int
        The pool depth k.
    trec_eval : {"9", "10"}, default "9"
        How scores tie: as trec_eval 9 (float32) or 10 (doubles) compares them.

    Returns
    -------
    dict
        ``{topic: [doc, ...]}``, topics and documents in string order.

    See Also
    --------
    take_pool : a pool of fixed size instead of fixed depth.

    References
    ----------
    Spärck Jones, K. and van Rijsbergen, C. J. (1975). Report on the need for and
    provision of an 'ideal' information retrieval test collection. British Library
    Research and Development Report 5266, University of Cambridge.

    Manning, Raghavan and Schütze (2008). Introduction to Information Retrieval,
    section 8.5. Cambridge University Press.

    Examples
    --------
    Scores tie at 0.5; trec_eval ranks the larger document id first, so run A's top 2
    is d1, d3:

    >>> runs = {"A": {"1": {"d1": 0.9, "d2": 0.5, "d3": 0.5}},
    ...         "B": {"1": {"d2": 2.0, "d4": 1.0}}}
    >>> depth_pool(runs, 2)
    {'1': ['d1', 'd2', 'd3', 'd4']}
    >>> depth_pool(runs, 1)
    {'1': ['d1', 'd2']}
    """
    return {topic: list(documents)
            for topic, documents in pool_contributors(runs, depth, trec_eval=trec_eval).items()}


def unique_documents(runs, depth: int, *, groups=None, trec_eval: str = "9") -> dict:
    r"""Per run, the pooled documents that no other run (or group) contributed.

    $$U_k(s, t) = \mathrm{top}_k(s, t) \setminus \bigcup_{s' \notin G(s)} \mathrm{top}_k(s', t)$$

    where $G(s)$ is the group of run $s$ (the run alone when ``groups`` is None).
    These are the documents that would leave the pool if the run (or its group) had
    not taken part: the basis of leave-one-run-out pool bias.

    Parameters
    ----------
    runs : mapping
        ``{run_name: {topic: {doc: score}}}`` or ``{run_name: {topic: [doc, ...]}}``.
    depth : int
        The pool depth k.
    groups : mapping, optional
        ``{run_name: group}``, for leave-one-group-out (Buckley et al., 2007): a document
        counts as unique to a run when only runs of its group contributed it. Every run
        needs a group.
    trec_eval : {"9", "10"}, default "9"
        How scores tie.

    Returns
    -------
    dict
        ``{run_name: {topic: [doc, ...]}}``, every run and every pooled topic (an empty list
        when it has no unique document there), documents in string order.

    References
    ----------
    Zobel, J. (1998). How reliable are the results of large-scale information retrieval
    experiments? In Proceedings of SIGIR 1998, 307-314.

    Examples
    --------
    >>> runs = {"A": {"1": ["d1", "d2"]}, "B": {"1": ["d2", "d3"]}, "C": {"1": ["d3", "d4"]}}
    >>> unique_documents(runs, 2)
    {'A': {'1': ['d1']}, 'B': {'1': []}, 'C': {'1': ['d4']}}
    >>> unique_documents(runs, 2, groups={"A": "x", "B": "x", "C": "y"})
    {'A': {'1': ['d1', 'd2']}, 'B': {'1': ['d2']}, 'C': {'1': ['d4']}}
    """
    contributors = pool_contributors(runs, depth, trec_eval=trec_eval)
    group_of = _groups(groups, list(runs))
    unique: dict = {run_name: {} for run_name in runs}
    for run_name in runs:
        for topic, documents in contributors.items():
            unique[run_name][topic] = [
                doc for doc, names in documents.items()
                if run_name in names and {group_of[n] for n in names} == {group_of[run_name]}]
    return unique


def _groups(groups, run_names: list) -> dict:
    if groups is None:
        return {name: name for name in run_names}
    missing = [name for name in run_names if name not in groups]
    if missing:
        raise InvalidValueError(
            f"groups has no group for the runs {missing[:5]}; give every run a group, "
            "e.g. groups={'runA': 'teamX', ...}.")
    return {name: groups[name] for name in run_names}


def pool_sizes(pool) -> dict:
    r"""How many documents a pool holds, per topic.

    Parameters
    ----------
    pool : mapping
        ``{topic: documents}``, as `depth_pool`, `take_pool` or `pool_contributors` give.

    Returns
    -------
    dict
        ``{topic: int}``.

    Examples
    --------
    >>> pool_sizes({"1": ["d1", "d2", "d3"], "2": ["d9"]})
    {'1': 3, '2': 1}
    """
    return {topic: len(documents) for topic, documents in pool.items()}


def pool_coverage(run, qrels, depth: int, *, trec_eval: str = "9") -> dict:
    r"""The fraction of a run's top k that is judged, per topic (Judged@k).

    $$\mathrm{coverage}_k(s, t) = \frac{|\mathrm{top}_k(s, t) \cap J(t)|}{\min(k, n_t)}$$

    where $J(t)$ are the judged documents of topic $t$ and $n_t$ the length of the run's
    list (ir_measures' Judged@k; `rankbook.metrics.ir_measures_own.judged_at_k`). A run
    that contributed to a depth-k pool has coverage 1 at k; a new run's coverage says how
    far its scores can be trusted. Topics of the qrels only are scored.

    Parameters
    ----------
    run : mapping
        One run: ``{topic: {doc: score}}`` or ``{topic: [doc, ...]}``.
    qrels : mapping
        ``{topic: {doc: grade}}``.
    depth : int
        The cut-off k.
    trec_eval : {"9", "10"}, default "9"
        How scores tie.

    Returns
    -------
    dict
        ``{topic: float}`` for the topics in both the run and the qrels, in string order.

    See Also
    --------
    rankbook.metrics.incomplete.unjudged_at_k : trec_eval 10's unjudged fraction.

    Examples
    --------
    >>> pool_coverage({"1": ["d1", "d7", "d2", "d8"]}, {"1": {"d1": 1, "d2": 0}}, 4)
    {'1': 0.5}
    """
    depth = _validate.count(depth, "depth", what="the cut-off k")
    ranked = ranked_topics(run, trec_eval=trec_eval)
    judgments = checked_qrels(qrels)
    return {topic: judged_at_k([doc in judgments[topic] for doc in ranked[topic]], depth)
            for topic in topic_order(set(ranked) & set(judgments))}
