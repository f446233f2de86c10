r"""Take@N pools: judge the N documents of highest priority per topic (a fixed cost).

A depth-k pool's size depends on how much the runs disagree; a Take@N pool has exactly N
documents per topic (fewer when the runs retrieved fewer). The documents of all runs are
ranked by a priority computed from the ranks at which the runs retrieved them, and the
first N are judged (Lipani, Palotti, Lupu, Piroi, Zuccon and Hanbury, ECIR 2017).

| priority | of document $d$ retrieved at rank $r_s$ by run $s$ | after |
| --- | --- | --- |
| ``"depth"`` | $\max_s 1 / r_s$: every run's rank-1 documents, then rank 2, ... | depth-first, round robin |
| ``"rrf"`` | $\sum_s 1 / (c + r_s)$, $c = 60$ | Cormack, Clarke and Büttcher (2009) |
| ``"rbp"`` | $\sum_s (1 - p)\, p^{r_s - 1}$, $p = 0.8$ | Moffat, Webber and Zobel (2007), method A |
| ``"borda"`` | $\sum_s (D + 1 - r_s)$, $D$ the deepest rank considered | Borda count (Aslam and Montague, 2001) |

Equal priorities are broken as trec_eval breaks equal scores: the larger document id
first. Sums are computed exactly rounded (`math.fsum`), so two documents retrieved at
the same ranks by different runs have exactly equal priorities.

| function | what it gives, per topic |
| --- | --- |
| `pool_priorities` | every document with its priority, in judging order |
| `take_pool` | the Take@N pool: the first N of that order |
"""

from __future__ import annotations

import math

from rankbook import _validate
from rankbook.collections._inputs import cut, ranked_runs, topic_order

__all__ = ["PRIORITIES", "pool_priorities", "take_pool"]

PRIORITIES = ("depth", "rrf", "rbp", "borda")


def _contribution(priority: str, rank: int, rrf_k: float, persistence: float, deepest: int):
    """What one run adds to a document's priority when it retrieved it at ``rank``."""
    if priority == "depth":
        return 1.0 / rank
    if priority == "rrf":
        return 1.0 / (rrf_k + rank)
    if priority == "rbp":
        return (1.0 - persistence) * persistence ** (rank - 1)
    return float(deepest + 1 - rank)  # borda


def pool_priorities(runs, priority: str = "depth", *, depth: int | None = None,
                    rrf_k: float = 60, persistence: float = 0.8,
                    trec_eval: str = "9") -> dict:
    r"""Every retrieved document with its pooling priority, in the order to judge them.

    $$\mathrm{priority}(d) = \bigoplus_{s \,:\, d \in \mathrm{top}_D(s)} w(r_s(d))$$

    where $r_s(d)$ is the rank of $d$ in run $s$, $w$ the weight of a rank and $\oplus$
    the maximum (``"depth"``) or the sum (the others); see the module's table. Documents
    are ordered by priority descending, then document id descending.

    Parameters
    ----------
    runs : mapping
        ``{run_name: {topic: {doc: score}}}`` or ``{run_name: {topic: [doc, ...]}}``.
    priority : {"depth", "rrf", "rbp", "borda"}, default "depth"
        The priority (see the module's table).
    depth : int, optional
        Read each run down to this rank only (D); None (default) reads whole runs.
        For ``"borda"``, $D$ is this depth, or the longest run of the topic.
    rrf_k : float, default 60
        RRF's constant $c$ (Cormack et al.'s 60).
    persistence : float, default 0.8
        RBP's persistence $p$, in [0, 1) (trectools' default 0.8).
    trec_eval : {"9", "10"}, default "9"
        How scores tie when runs are given as ``{doc: score}``.

    Returns
    -------
    dict
        ``{topic: [(doc, priority), ...]}``, topics in string order.

    See Also
    --------
    take_pool : the first N documents of each topic.

    References
    ----------
    Lipani, A., Palotti, J., Lupu, M., Piroi, F., Zuccon, G. and Hanbury, A. (2017).
    Fixed-cost pooling strategies based on IR evaluation measures. In Proceedings of
    ECIR 2017, 357-368.

    Moffat, A., Webber, W. and Zobel, J. (2007). Strategic system comparisons via
    targeted relevance judgments. In Proceedings of SIGIR 2007, 375-382.

    Cormack, G. V., Clarke, C. L. A. and Büttcher, S. (2009). Reciprocal rank fusion
    outperforms Condorcet and individual rank learning methods. In Proceedings of
    SIGIR 2009, 758-759.

    Examples
    --------
    Run A ranks d1, d2, d3 and run B ranks d2, d4: d2 is at ranks 2 and 1.

    >>> runs = {"A": {"1": ["d1", "d2", "d3"]}, "B": {"1": ["d2", "d4"]}}
    >>> pool_priorities(runs, "depth")
    {'1': [('d2', 1.0), ('d1', 1.0), ('d4', 0.5), ('d3', 0.3333333333333333)]}
    >>> [(doc, round(value, 3)) for doc, value in pool_priorities(runs, "rbp")["1"]]
    [('d2', 0.36), ('d1', 0.2), ('d4', 0.16), ('d3', 0.128)]
    >>> pool_priorities(runs, "borda")
    {'1': [('d2', 5.0), ('d1', 3.0), ('d4', 2.0), ('d3', 1.0)]}
    """
    _validate.choice(priority, PRIORITIES, "priority")
    depth = _validate.count(depth, "depth", what="how deep to read each run",
                            none_means="to read whole runs")
    rrf_k = _validate.number(rrf_k, "rrf_k", low=0)
    persistence = _validate.rbp_persistence(persistence)
    ranked = ranked_runs(runs, trec_eval=trec_eval)
    topics = topic_order({topic for run in ranked.values() for topic in run})
    return {topic: _ordered([cut(run.get(topic, []), depth) for run in ranked.values()],
                            priority, rrf_k, persistence)
            for topic in topics}


def _ordered(lists: list, priority: str, rrf_k: float, persistence: float) -> list:
    """One topic's documents with their priorities, highest first, ties by id descending."""
    deepest = max((len(ranked) for ranked in lists), default=0)
    weights: dict = {}
    for ranked in lists:
        for rank, doc in enumerate(ranked, start=1):
            weight = _contribution(priority, rank, rrf_k, persistence, deepest)
            weights.setdefault(doc, []).append(weight)
    combine = max if priority == "depth" else math.fsum
    values = {doc: float(combine(found)) for doc, found in weights.items()}
    order = sorted(values, key=lambda doc: (values[doc], str(doc)), reverse=True)
    return [(doc, values[doc]) for doc in order]


def take_pool(runs, n: int, priority: str = "depth", *, depth: int | None = None,
              rrf_k: float = 60, persistence: float = 0.8, trec_eval: str = "9") -> dict:
    r"""The Take@N pool: for each topic, the N documents of highest priority.

    $$\mathrm{Take}@N(t) = \text{the first } N \text{ documents of topic } t
    \text{ by priority (`pool_priorities`)}$$

    With the ``"depth"`` priority and $N$ no smaller than the depth-k pool, Take@N is the
    depth-k pool; with a smaller $N$ it judges every run's rank-1 documents, then the
    rank-2 documents, and so on, until $N$ are taken. A topic whose runs retrieved fewer
    than N documents has them all.

    Parameters
    ----------
    runs : mapping
        ``{run_name: {topic: {doc: score}}}`` or ``{run_name: {topic: [doc, ...]}}``.
    n : int
        N, the number of documents to judge per topic.
    priority : {"depth", "rrf", "rbp", "borda"}, default "depth"
        See `pool_priorities`.
    depth, rrf_k, persistence, trec_eval
        As in `pool_priorities`.

    Returns
    -------
    dict
        ``{topic: [doc, ...]}``, in judging order (priority descending, then document id
        descending), topics in string order.

    See Also
    --------
    rankbook.collections.pooling.depth_pool : the pool of fixed depth.

    References
    ----------
    Lipani, A., Palotti, J., Lupu, M., Piroi, F., Zuccon, G. and Hanbury, A. (2017).
    Fixed-cost pooling strategies based on IR evaluation measures. In Proceedings of
    ECIR 2017, 357-368.

    Examples
    --------
    >>> runs = {"A": {"1": ["d1", "d2", "d3"]}, "B": {"1": ["d2", "d4", "d3"]}}
    >>> take_pool(runs, 2, "depth")
    {'1': ['d2', 'd1']}
    >>> take_pool(runs, 3, "rrf")
    {'1': ['d2', 'd3', 'd1']}
    """
    n = _validate.count(n, "n", what="how many documents to judge per topic")
    priorities = pool_priorities(runs, priority, depth=depth, rrf_k=rrf_k,
                                 persistence=persistence, trec_eval=trec_eval)
    return {topic: [doc for doc, _ in ordered[:n]] for topic, ordered in priorities.items()}
