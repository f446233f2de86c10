r"""trec_eval's experimental gain measures G and binG.

| function | measure | trec_eval name |
| --- | --- | --- |
| `normalized_gain` | G (normalised gain) | `G` |
| `binary_normalized_gain` | binG (binary G) | `binG` |
| `collected_gains` | (G's running gains: the list's and the ideal's) | |

Chris Buckley added both to trec_eval in April 2008 as "experimental", to
combine qualities of MAP and nDCG; its help text cites no paper, and these
docstrings follow its code (``m_G.c``, ``m_binG.c``). Where AP and nDCG discount
a document by its *rank*, G discounts it by how far the list is *behind the
ideal* at that point: a document found after a few misses costs little if the
documents before it were as good as possible.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

import numpy as np

from rankbook import _validate
from rankbook.metrics._gains import gains_of, ideal_gains


@_validate.explains_missing_arguments
def normalized_gain(
    relevance: Sequence[float | None],
    ideal: Sequence[float | None],
    *,
    gain_map: Mapping[float, float] | None = None,
) -> float:
    r"""trec_eval's G: each gain discounted by the shortfall against the ideal so far.

    $$G = \frac{1}{\sum_j g^{*}_j} \sum_{i:\ g_i \ne 0}
    \frac{g_i}{\log_2\!\left(2 + C_i - S_i\right)}$$

    where $g_i$ is the gain at rank $i$, $S_i = \sum_{j \le i} g_j$ the gain the
    list has collected by rank $i$, $g^{*}_j$ the $j$-th gain of the ideal
    ranking (all positive gains of the judged documents, largest first; 0
    past its end) and $C_i = \sum_{j \le i} \max(g^{*}_j, 1)$ the ideal's
    collected gain with every step worth at least 1. So $C_i - S_i$ is how far
    the list is behind the ideal: 0 all along for a perfect list of gains
    $\ge 1$, where every term is $g_i / \log_2 2 = g_i$ and $G = 1$.

    Gains are the grades (linear), or a ``gain_map``; unjudged documents and
    negative grades have gain 0. $G = 0$ when no judged document has a
    positive gain. trec_eval sorts its gain levels by the gains' difference
    truncated to an integer, which can misorder the ideal when two gains of a
    ``gain_map`` differ by less than 1; rankbook sorts exactly.

    Parameters
    ----------
    relevance : sequence of float or None, shape (n,)
        Grades of the ranked list, rank 1 first.
    ideal : sequence of float or None
        The grades of every judged document of the query, retrieved or not.
    gain_map : mapping of float to float, optional
        Custom gains ``{grade: gain}``, trec_eval's ``G.1=3,2=9``.

    Returns
    -------
    float
        G, at most 1 for gains of 0 or at least 1.

    See Also
    --------
    binary_normalized_gain : the same idea with 0/1 gains.

    rankbook.metrics.dcg.ndcg_at_k : gains discounted by rank.

    References
    ----------
    trec_eval 9.x, ``m_G.c`` (Buckley 2008), https://github.com/usnistgov/trec_eval.

    Examples
    --------
    Judged grades 2 and 1; the list shows the grade 1 document, then the
    grade 2 one. At rank 1 the list is $2 - 1 = 1$ behind the ideal, at rank 2
    it has caught up:
    $G = \frac13\left(\frac{1}{\log_2 3} + \frac{2}{\log_2 2}\right)$.

    >>> import math
    >>> math.isclose(normalized_gain([1, 2], ideal=[2, 1]), (1 / math.log2(3) + 2) / 3)
    True
    """
    best = ideal_gains(ideal, gain_map=gain_map)
    if best.size == 0:
        return 0.0
    gains, collected, ideal_collected = collected_gains(relevance, ideal, gain_map=gain_map)
    total = 0.0
    for gain, got, could in zip(gains, collected, ideal_collected):
        if gain != 0:
            total += gain / math.log2(2.0 + could - got)
    return float(total) / math.fsum(best)


@_validate.explains_missing_arguments
def collected_gains(
    relevance: Sequence[float | None],
    ideal: Sequence[float | None],
    *,
    gain_map: Mapping[float, float] | None = None,
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    r"""The gain at each rank, and what the list and the ideal have collected by it: G's $g_i$, $S_i$, $C_i$.

    $$S_i = \sum_{j \le i} g_j, \qquad C_i = \sum_{j \le i} \max(g^{*}_j, 1)$$

    with $g^{*}_j = 0$ past the end of the ideal ranking (so each such step is worth 1), as
    in `normalized_gain`, which discounts $g_i$ by $\log_2(2 + C_i - S_i)$.

    Parameters
    ----------
    relevance : sequence of float or None, shape (n,)
        Grades of the ranked list, rank 1 first.
    ideal : sequence of float or None
        The grades of every judged document of the query, retrieved or not.
    gain_map : mapping of float to float, optional
        Custom gains ``{grade: gain}``, as in `normalized_gain`.

    Returns
    -------
    tuple of numpy.ndarray, each of shape (n,)
        $g_i$, $S_i$ and $C_i$ for $i = 1, \dots, n$.

    See Also
    --------
    normalized_gain

    Examples
    --------
    >>> gains, collected, ideal_collected = collected_gains([1, 2, 0], ideal=[2, 1])
    >>> gains.tolist(), collected.tolist(), ideal_collected.tolist()
    ([1.0, 2.0, 0.0], [1.0, 3.0, 3.0], [2.0, 3.0, 4.0])
    """
    gains = gains_of(relevance, gain_map=gain_map)
    best = ideal_gains(ideal, gain_map=gain_map)
    steps = np.ones(len(gains))
    shared = min(len(gains), best.size)
    steps[:shared] = np.maximum(best[:shared], 1.0)
    return gains, np.cumsum(gains), np.cumsum(steps)


@_validate.explains_missing_arguments
def binary_normalized_gain(
    relevance: Sequence[float | None], n_relevant: int, *, relevance_level: float = 1
) -> float:
    r"""trec_eval's binG: G with 0/1 gains.

    $$\text{binG} = \frac{1}{R} \sum_{i:\ \mathrm{rel}_i \ge t} \frac{1}{\log_2(2 + m_i)}$$

    where the sum runs over the relevant documents in the list, $m_i$ is the
    number of non-relevant documents (unjudged ones included) ranked above
    rank $i$, $t$ the relevance threshold and $R$ the number of relevant
    documents of the query. A relevant document with no miss above it adds 1;
    one after a single miss $1/\log_2 3$; relevant documents not retrieved add
    0. binG is 1 when the first $R$ ranks hold every relevant document, and 0
    when $R = 0$.

    Compare average precision, which charges a relevant document for its
    rank ($r/i$), and nDCG ($1/\log_2(i+1)$): binG charges only for the misses
    above it.

    Parameters
    ----------
    relevance : sequence of float or None, shape (n,)
        Grades of the ranked list, rank 1 first.
    n_relevant : int
        R, the relevant documents of the query.
    relevance_level : float, default 1
        Lowest grade that counts as relevant.

    Returns
    -------
    float
        binG, between 0 and 1.

    See Also
    --------
    normalized_gain

    References
    ----------
    trec_eval 9.x, ``m_binG.c`` (Buckley 2008), https://github.com/usnistgov/trec_eval.

    Examples
    --------
    Relevant, non-relevant, relevant, with three relevant documents in all:
    $\frac13\left(1 + \frac{1}{\log_2 3}\right)$.

    >>> import math
    >>> math.isclose(binary_normalized_gain([1, 0, 1], 3), (1 + 1 / math.log2(3)) / 3)
    True
    """
    grades = _validate.grades(relevance)
    threshold = _validate.threshold(relevance_level)
    R = _validate.n_relevant(n_relevant, grades, threshold)
    relevant = grades >= threshold
    if R == 0 or not relevant.any():
        return 0.0
    misses_above = np.cumsum(~relevant)[relevant]
    return float(np.sum(1.0 / np.log2(2.0 + misses_above))) / R
