r"""Inferred precision from a stratified sample: what ``sample_eval.pl`` prints beside xinfAP.

| function | measure | ``sample_eval.pl`` name |
| --- | --- | --- |
| `estimated_relevant_retrieved` | estimated relevant retrieved | ``inum_rel_ret`` |
| `inferred_precision_at_k` | inferred P@k | ``iP10``, ``iP50``, ``iP1000`` |
| `inferred_interpolated_precision` | interpolated precision at recall 0, 0.1, ..., 1 | ``iprec@rec0.00`` ... ``iprec@rec1.00`` |

All three read the estimated number of relevant documents in the run's top $k$,
$\widehat{\mathrm{rel}}(k)$ (`rankbook.collections.inferred.estimated_relevant_by_rank`),
and take the same arguments: one topic's ``ranking`` (document ids, best first) and
``judgments`` (``{document: (stratum, grade)}``, -1 where pooled but not judged).
"""

from __future__ import annotations

from collections.abc import Sequence

from rankbook import _validate
from rankbook.collections.inferred import (
    MAX_RESULTS,
    Judgments,
    estimated_relevant,
    estimated_relevant_by_rank,
)

__all__ = ["RECALL_LEVELS", "estimated_relevant_retrieved", "inferred_interpolated_precision",
           "inferred_precision_at_k"]

RECALL_LEVELS = tuple(i / 10 for i in range(11))
"""The 11 recall levels of interpolated precision: 0.0, 0.1, ..., 1.0."""


@_validate.explains_missing_arguments
def estimated_relevant_retrieved(
    ranking: Sequence[str], judgments: Judgments, *, max_results: int = MAX_RESULTS
) -> float:
    r"""How many relevant documents the run retrieved, estimated: $\widehat{\mathrm{rel}}(n)$.

    $$\widehat{\mathrm{rel}}(n) = \sum_{c} d_c\, \frac{\rho_c + \varepsilon}{s_c + 3\varepsilon}$$

    over the run's $n$ documents read: the pooled documents of each stratum the run
    retrieved ($d_c$) times the smoothed judged share of relevant ones among them
    ($\rho_c$ relevant of $s_c$ judged).

    Parameters
    ----------
    ranking : sequence of str
        The run's document ids, best first.
    judgments : mapping of str to (stratum, int)
        ``{document: (stratum, grade)}`` for every pooled document, -1 where not judged.
    max_results : int, default 1000
        Documents of the run read.

    Returns
    -------
    float
        ``sample_eval.pl``'s ``inum_rel_ret``; 0.0 for an empty ranking.

    Examples
    --------
    ``a`` relevant (stratum 1: 1 of 1); ``c`` not judged and ``d`` relevant (stratum 2:
    2 pooled, 1 of 1 judged relevant): about $1 + 2 = 3$, a little less for the $\varepsilon$:

    >>> judgments = {"a": (1, 1), "b": (1, 0), "c": (2, -1), "d": (2, 1)}
    >>> round(estimated_relevant_retrieved(["a", "c", "d", "z"], judgments), 4)
    2.9999
    """
    relevant = estimated_relevant_by_rank(ranking, judgments, max_results=max_results)
    return relevant[-1] if relevant else 0.0


@_validate.explains_missing_arguments
def inferred_precision_at_k(
    ranking: Sequence[str], judgments: Judgments, k: int, *, max_results: int = MAX_RESULTS
) -> float:
    r"""Inferred precision at k: the estimated relevant documents in the top k, over k.

    $$\widehat{\mathrm{P}}@k = \frac{\widehat{\mathrm{rel}}(\min(k, n))}{k}$$

    with $n$ the documents read: a run shorter than $k$ still divides by $k$, as P@k does.

    Parameters
    ----------
    ranking : sequence of str
        The run's document ids, best first.
    judgments : mapping of str to (stratum, int)
        ``{document: (stratum, grade)}`` for every pooled document, -1 where not judged.
    k : int
        The cut-off (``sample_eval.pl`` prints 10, 50 and 1000).
    max_results : int, default 1000
        Documents of the run read.

    Returns
    -------
    float
        ``sample_eval.pl``'s ``iP10``, ``iP50``, ``iP1000``.

    Examples
    --------
    ``a`` (relevant) and ``c`` (pooled in stratum 2, nothing judged there: a third):

    >>> round(inferred_precision_at_k(["a", "c", "d", "z"], {"a": (1, 1), "c": (2, -1)}, 2), 4)
    0.6667
    """
    k = _validate.cutoff(k)
    relevant = estimated_relevant_by_rank(ranking, judgments, max_results=max_results)[:k]
    return (relevant[-1] if relevant else 0.0) / k


@_validate.explains_missing_arguments
def inferred_interpolated_precision(
    ranking: Sequence[str], judgments: Judgments, *, max_results: int = MAX_RESULTS
) -> list[float]:
    r"""Interpolated precision at recall 0, 0.1, ..., 1, from the estimates, as ``sample_eval.pl``.

    $$\mathrm{best}(k) = \max_{j \ge k} \frac{\widehat{\mathrm{rel}}(j)}{j}$$

    Recall level $x$ stands for $x \hat R$ estimated relevant documents
    ($\hat R$: `rankbook.collections.inferred.estimated_relevant`). A level the run never
    reaches ($x \hat R > \widehat{\mathrm{rel}}(n)$) gets 0. The others are filled walking
    up from the last rank $n$, with the running maximum $\mathrm{best}(k)$: at rank $k$, the
    highest unfilled level with $x \hat R > \widehat{\mathrm{rel}}(k)$ gets
    $\mathrm{best}(k)$, at most one level per rank; the levels left when rank 1 is passed
    get $\mathrm{best}(1)$. This is ``sample_eval.pl``'s procedure, not trec_eval's
    ``iprec_at_recall``: the maximum includes the rank $k$ that falls short of the level,
    and two levels crossed at one rank are filled at two ranks.

    Parameters
    ----------
    ranking : sequence of str
        The run's document ids, best first.
    judgments : mapping of str to (stratum, int)
        ``{document: (stratum, grade)}`` for every pooled document, -1 where not judged.
    max_results : int, default 1000
        Documents of the run read.

    Returns
    -------
    list of float
        11 values, recall 0.0 first (``sample_eval.pl`` prints their mean over topics).

    Examples
    --------
    Everything judged, one stratum: relevant, non-relevant, relevant ($\hat R = 2$), so
    $\widehat{\mathrm{rel}} \approx (1, 1, 2)$, each a little below for the $\varepsilon$.
    Recall 1.0 needs 2 and is never quite reached: 0. Walking up, rank 3 fills nothing
    (1.8 is not above 1.99997), rank 2 fills 0.9 with $\max(\frac23, \frac12)$, rank 1
    fills 0.8 with 1, and the rest get 1 (trec_eval would give $\frac23$ from recall 0.6 on):

    >>> judgments = {"a": (1, 1), "b": (1, 0), "c": (1, 1)}
    >>> [round(p, 4) for p in inferred_interpolated_precision(["a", "b", "c"], judgments)]
    [1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 0.6667, 0.0]
    """
    relevant = estimated_relevant_by_rank(ranking, judgments, max_results=max_results)
    R = estimated_relevant(judgments)
    levels = [x * R for x in RECALL_LEVELS]
    reached = relevant[-1] if relevant else 0.0
    precision = [0.0] * len(levels)
    level = max((i for i, needed in enumerate(levels) if needed <= reached), default=-1)
    best = 0.0
    for k in range(len(relevant), 0, -1):
        best = max(best, relevant[k - 1] / k)
        if level >= 0 and levels[level] > relevant[k - 1]:
            precision[level] = best
            level -= 1
    for rest in range(level + 1):
        precision[rest] = best
    return precision
