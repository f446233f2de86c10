r"""trec_eval's experimental averages of nDCG: over the relevant documents, and at the R levels.

| function | measure | trec_eval name |
| --- | --- | --- |
| `ndcg_averaged_over_relevant` | nDCG averaged at relevant documents | `ndcg_rel` |
| `ndcg_averaged_at_r_levels` | nDCG averaged at the R levels | `Rndcg` |
| `r_levels` | (the ranks `Rndcg` averages at) | |

nDCG@k read as a curve over $k$ falls while the ideal ranking still has
relevant documents to show and rises once it runs out, with a jump at each
change of the ideal's grade. A single cut-off therefore depends on where those
changes fall for each topic. Both measures average nDCG@k over cut-offs chosen
per topic instead. Gains are trec_eval's: the grade itself, or a ``gain_map``;
unjudged documents and negative grades have gain 0, and the ideal ranking holds
the positive gains of every judged document of the topic.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np

from rankbook import _validate
from rankbook.metrics._gains import gains_of, ideal_gains


@_validate.explains_missing_arguments
def ndcg_averaged_over_relevant(
    relevance: Sequence[float | None],
    ideal: Sequence[float | None],
    *,
    gain_map: Mapping[float, float] | None = None,
) -> float:
    r"""nDCG@k averaged over the ranks k of the relevant documents: trec_eval's ``ndcg_rel``.

    $$\text{nDCG}_{\text{rel}} = \frac{1}{R_g}\left(\sum_{k:\ g_k > 0}
    \frac{\mathrm{DCG}@k}{\mathrm{IDCG}@k} \;+\; (R_g - r)\,\frac{\mathrm{DCG}@n}{\mathrm{IDCG}}\right)$$

    where $g_k$ is the gain at rank $k$, $R_g$ the number of judged documents
    with a positive gain (the "relevant" ones here, whatever the relevance
    threshold), $r$ the number of them in the list of length $n$, and
    $\mathrm{IDCG}@k$ the DCG@k of the ideal ranking (all positive gains of the
    topic, largest first). A relevant document that was not retrieved
    contributes the nDCG of the whole list, $\mathrm{DCG}@n / \mathrm{IDCG}$ (trec_eval's
    ``ndcg`` without cut-off).

    Like average precision, which averages precision at the relevant
    documents, it rewards finding every relevant document, but weighs them
    by their gains. Edge cases, as in trec_eval 9.x (``m_ndcg_rel.c``): no
    positive gain in ``ideal`` gives 0.0, and so does a negative total (only
    possible with negative gains in ``gain_map``).

    Parameters
    ----------
    relevance : sequence of float or None, shape (n,)
        Grades of the ranked list, rank 1 first.
    ideal : sequence of float or None
        The grades of every judged document of the query, retrieved or not,
        in any order (it must include the judged grades of ``relevance``).
    gain_map : mapping of float to float, optional
        Custom gains ``{grade: gain}``, trec_eval's ``ndcg_rel.1=3,2=9``;
        unlisted grades keep the grade as gain.

    Returns
    -------
    float
        Between 0 and 1 for non-negative gains.

    See Also
    --------
    rankbook.metrics.dcg.ndcg_at_k : nDCG at one cut-off.

    ndcg_averaged_at_r_levels : nDCG averaged at the ideal's changes of grade.

    References
    ----------
    trec_eval 9.x, ``m_ndcg_rel.c`` (Buckley 2008), https://github.com/usnistgov/trec_eval.

    Järvelin, K. and Kekäläinen, J. (2002). Cumulated gain-based evaluation of
    IR techniques. ACM Transactions on Information Systems 20(4), 422-446.

    Examples
    --------
    One relevant document (grade 1) of two, retrieved at rank 2:
    nDCG@2 = $\frac{1/\log_2 3}{1 + 1/\log_2 3}$, and the missed one adds the
    same value again (the list's nDCG over the whole ideal), so the average is
    that value:

    >>> import math
    >>> value = ndcg_averaged_over_relevant([0, 1], ideal=[0, 1, 1])
    >>> math.isclose(value, (1 / math.log2(3)) / (1 + 1 / math.log2(3)))
    True
    """
    gains = gains_of(relevance, gain_map=gain_map)
    best = ideal_gains(ideal, gain_map=gain_map)
    if best.size == 0:
        return 0.0
    dcg, idcg = _running_dcgs(gains, best, max(len(gains), best.size))
    at_relevant = [float(dcg[k] / idcg[k]) for k in np.flatnonzero(gains > 0)]
    total = float(np.sum(at_relevant)) if at_relevant else 0.0
    total += (best.size - len(at_relevant)) * float(dcg[-1] / idcg[-1])  # the whole list's nDCG
    return total / best.size if total > 0 else 0.0


@_validate.explains_missing_arguments
def ndcg_averaged_at_r_levels(
    relevance: Sequence[float | None],
    ideal: Sequence[float | None],
    *,
    gain_map: Mapping[float, float] | None = None,
    relevance_level: float = 1,
) -> float:
    r"""nDCG@k averaged at the ranks where the ideal's gain changes: trec_eval's ``Rndcg``.

    $$\text{Rndcg} = \frac{1}{|B|} \sum_{b \in B} \frac{\mathrm{DCG}@b}{\mathrm{IDCG}@b}$$

    where the *R levels* $B$ are the ranks at which the ideal ranking moves
    from one gain to a smaller one: if the topic has 5 documents of gain 3,
    3 of gain 2 and 10 of gain 1, $B = \{5, 8, 18\}$. When the list goes
    on past the $R_g$ documents of positive gain, its length $n$ is one more
    level ("a final implied R-level change at num_retrieved"): $B \cup \{n\}$,
    but only for $n \ge R_g + 2$, because trec_eval's code (``m_Rndcg.c``)
    notices that level only when another document follows rank $R_g + 1$.
    DCG@b past the end of the list is the DCG of the whole list.

    trec_eval's help text describes also a level at the documents of gain 0;
    its code does not average there. rankbook follows the code in both
    respects. Edge cases, as in trec_eval 9.x: 0.0 when the topic has no
    relevant document (no grade $\ge$ ``relevance_level`` in ``ideal``),
    and 0.0 when no judged document has a positive gain (trec_eval divides
    0 by 0 there).

    Parameters
    ----------
    relevance : sequence of float or None, shape (n,)
        Grades of the ranked list, rank 1 first.
    ideal : sequence of float or None
        The grades of every judged document of the query, retrieved or not.
    gain_map : mapping of float to float, optional
        Custom gains ``{grade: gain}``, trec_eval's ``Rndcg.1=3,2=9``.
    relevance_level : float, default 1
        Only decides the "no relevant document" case (trec_eval's ``-l``).

    Returns
    -------
    float
        Between 0 and 1 for non-negative gains.

    See Also
    --------
    ndcg_averaged_over_relevant, rankbook.metrics.dcg.ndcg_at_k

    References
    ----------
    trec_eval 9.x, ``m_Rndcg.c`` (Buckley 2008), https://github.com/usnistgov/trec_eval.

    Examples
    --------
    Judged grades 2, 1, 1 and a list of four: the ideal is (2, 1, 1), so the
    levels are rank 1 (gain 2 ends) and rank 3 (gain 1 ends); the list's end,
    rank 4, is not a level because $4 < R_g + 2 = 5$. A list of five adds it:

    >>> import math
    >>> from rankbook.metrics.dcg import ndcg_at_k
    >>> run, judged = [1, 2, 0, 1], [2, 1, 1, 0]
    >>> levels = [ndcg_at_k(run, b, ideal=judged) for b in (1, 3)]
    >>> math.isclose(ndcg_averaged_at_r_levels(run, judged), sum(levels) / 2)
    True
    >>> longer = run + [0]
    >>> levels = [ndcg_at_k(longer, b, ideal=judged) for b in (1, 3, 5)]
    >>> math.isclose(ndcg_averaged_at_r_levels(longer, judged), sum(levels) / 3)
    True
    """
    gains = gains_of(relevance, gain_map=gain_map)
    best = ideal_gains(ideal, gain_map=gain_map)
    judged_grades, judged = _validate.judged_grades(ideal, "ideal")
    threshold = _validate.threshold(relevance_level)
    if not np.any(judged & (judged_grades >= threshold)) or best.size == 0:
        return 0.0
    levels = r_levels(relevance, ideal, gain_map=gain_map)
    dcg, idcg = _running_dcgs(gains, best, max(len(gains), best.size))
    return float(np.mean([dcg[b - 1] / idcg[b - 1] for b in levels]))


@_validate.explains_missing_arguments
def r_levels(
    relevance: Sequence[float | None],
    ideal: Sequence[float | None],
    *,
    gain_map: Mapping[float, float] | None = None,
) -> list[int]:
    r"""The ranks at which `ndcg_averaged_at_r_levels` (trec_eval's ``Rndcg``) averages nDCG.

    $$B = \{\, b : g^{*}_b > g^{*}_{b+1} \,\} \;\cup\; \{\, n : n \ge R_g + 2 \,\}$$

    where $g^{*}$ is the ideal ranking (the positive gains of ``ideal``, largest first, so
    $g^{*}_{R_g + 1} = 0$ and the last one, $b = R_g$, is always a level) and $n$ the length
    of the list. Empty when no judged document has a positive gain.

    Parameters
    ----------
    relevance : sequence of float or None, shape (n,)
        Grades of the ranked list, rank 1 first (only its length matters).
    ideal : sequence of float or None
        The grades of every judged document of the query, retrieved or not.
    gain_map : mapping of float to float, optional
        Custom gains ``{grade: gain}``, as in `ndcg_averaged_at_r_levels`.

    Returns
    -------
    list of int
        The levels, in increasing order.

    See Also
    --------
    ndcg_averaged_at_r_levels

    Examples
    --------
    The ideal (2, 1, 1) drops after ranks 1 and 3; a list of five adds its end:

    >>> r_levels([1, 2, 0, 1], [2, 1, 1, 0]), r_levels([1, 2, 0, 1, 0], [2, 1, 1, 0])
    ([1, 3], [1, 3, 5])
    """
    n = len(gains_of(relevance, gain_map=gain_map))
    best = ideal_gains(ideal, gain_map=gain_map)
    if best.size == 0:
        return []
    levels = [b for b in range(1, best.size + 1) if b == best.size or best[b - 1] != best[b]]
    if n >= best.size + 2:
        levels.append(n)
    return levels


def _running_dcgs(gains: np.ndarray, best: np.ndarray, length: int) -> tuple[np.ndarray, np.ndarray]:
    """DCG@1..length of the list and of the ideal, each held constant past its end."""
    discounts = np.log2(np.arange(2, length + 2, dtype=float))
    run = np.zeros(length)
    run[: len(gains)] = gains
    ideal = np.zeros(length)
    ideal[: len(best)] = best
    return np.cumsum(run / discounts), np.cumsum(ideal / discounts)
