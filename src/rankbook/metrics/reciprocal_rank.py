r"""Measures of where the first relevant document is.

| function | measure | trec_eval name |
| --- | --- | --- |
| `reciprocal_rank` | RR, RR@k | `recip_rank` |

The mean over queries (MRR) lives in `rankbook.metrics.means`.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from rankbook import _validate
from rankbook.metrics._common import is_relevant


@_validate.explains_missing_arguments
def reciprocal_rank(
    relevance: Sequence[float], *, k: int | None = None, relevance_level: float = 1
) -> float:
    r"""One over the rank of the first relevant document.

    $$\mathrm{RR}@k = \frac{1}{\min\{\, i \le k : \mathrm{rel}_i \ge t \,\}}$$

    and 0.0 when no relevant document is in the first $k$ results (the whole
    list when ``k`` is None).

    Conventions: trec_eval's ``recip_rank`` has no cut-off (``k=None``);
    ranx's ``mrr@k`` and ir_measures' ``RR@k`` apply one.

    Parameters
    ----------
    relevance : sequence of float, shape (n,)
        Grades of the ranked list, rank 1 first.
    k : int, optional
        Cut-off; None (default) searches the whole list.
    relevance_level : float, default 1
        Lowest grade that counts as relevant.

    Returns
    -------
    float
        RR, in (0, 1], or 0.0 if nothing relevant was found.

    See Also
    --------
    rankbook.metrics.means.mean_reciprocal_rank : the mean over queries (MRR).

    References
    ----------
    Voorhees, E. M. (1999). The TREC-8 Question Answering Track Report. In
    Proceedings of TREC-8, NIST Special Publication 500-246.

    Examples
    --------
    The first relevant document at rank 3 (the lecture's definition, RR = 1/K):

    >>> reciprocal_rank([0, 0, 1, 1])
    0.3333333333333333
    >>> reciprocal_rank([0, 0, 1, 1], k=2)
    0.0
    """
    grades = _validate.grades(relevance)
    threshold = _validate.threshold(relevance_level)
    k = _validate.cutoff(k, allow_none=True)
    relevant_ranks = np.flatnonzero(is_relevant(grades[:k], threshold)) + 1
    if relevant_ranks.size == 0:
        return 0.0
    return 1.0 / int(relevant_ranks[0])
