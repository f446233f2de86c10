r"""bpref: a measure that uses judged documents only.

| function | measure | trec_eval name |
| --- | --- | --- |
| `bpref` | bpref | `bpref` |

Most measures treat a document nobody judged as non-relevant. When the
judgments are far from complete (a new system retrieves documents the pool
never saw), that punishes the new system for the assessors' gaps. bpref
(Buckley and Voorhees 2004) skips unjudged documents instead: it only asks
how many *judged* non-relevant documents are ranked above each relevant one.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from rankbook import _validate
from rankbook._errors import InvalidValueError


def bpref(
    relevance: Sequence[float | None],
    n_relevant: int,
    n_nonrelevant: int,
    *,
    relevance_level: float = 1,
) -> float:
    r"""Binary preference: how many judged non-relevant documents each relevant one beats.

    $$\text{bpref} = \frac{1}{R} \sum_{r} \left(1 - \frac{\min(n_r, R)}{\min(N, R)}\right)$$

    where the sum runs over the relevant documents $r$ in the list, $n_r$ is
    the number of *judged non-relevant* documents ranked above $r$, $R$ the
    number of relevant documents of the query and $N$ the number of judged
    non-relevant documents of the query (both counted in the judgments,
    retrieved or not). A relevant document with no judged non-relevant
    document above it adds 1; relevant documents that were not retrieved add
    0.

    This is trec_eval 9.x's ``bpref`` (``m_bpref.c``), edge cases included:

    - Unjudged documents (``None``) are skipped: they neither count in
      $n_r$ nor add a term. So are documents with a negative grade, which
      trec_eval reads as "in the pool but unjudged".
    - Only judged non-relevant documents *ranked above* $r$ count in $n_r$
      (they are necessarily retrieved); $N$ counts all of them.
    - $N = 0$: then $n_r = 0$ for every $r$ and each retrieved relevant
      document adds 1 (trec_eval special-cases $n_r = 0$, so $0/0$ never
      happens). ranx returns NaN here instead.
    - $R = 0$: bpref is 0.0.

    With every document judged and every relevant one retrieved, bpref is
    close to, but not the same as, average precision.

    Parameters
    ----------
    relevance : sequence of float or None, shape (n,)
        Grades of the ranked list, rank 1 first. ``None`` marks an unjudged
        document (retrieved, but not in the judgments).
    n_relevant : int
        R, the judged relevant documents of the query, retrieved or not.
    n_nonrelevant : int
        N, the judged non-relevant documents of the query (grade between 0
        and the threshold), retrieved or not.
    relevance_level : float, default 1
        Lowest grade that counts as relevant (trec_eval's ``-l``). Judged
        non-relevant means a grade $\ge 0$ and below it.

    Returns
    -------
    float
        bpref, between 0 and 1.

    See Also
    --------
    rankbook.metrics.average_precision.average_precision : treats unjudged
        documents as non-relevant.

    rankbook.relevance.relevance_from : builds ``relevance`` with ``None`` for
        documents missing from a judgments mapping.

    References
    ----------
    Buckley, C. and Voorhees, E. M. (2004). Retrieval evaluation with
    incomplete information. In Proceedings of SIGIR 2004, pages 25-32.

    trec_eval 9.x, ``m_bpref.c`` (Buckley 2008), https://github.com/usnistgov/trec_eval.

    Examples
    --------
    Four relevant and four judged non-relevant documents; the run is
    relevant, non-relevant, unjudged, relevant, non-relevant, relevant. The
    three relevant documents it finds have 0, 1 and 2 judged non-relevant
    documents above them (the unjudged one does not count):
    $\frac14\left[(1 - \frac04) + (1 - \frac14) + (1 - \frac24)\right] = \frac{9}{16}$.

    >>> bpref([1, 0, None, 1, 0, 1], n_relevant=4, n_nonrelevant=4)
    0.5625
    """
    grades, judged = _validate.judged_grades(relevance)
    threshold = _validate.threshold(relevance_level)
    judged &= grades >= 0  # trec_eval: a negative grade is "in the pool, unjudged"
    relevant = judged & (grades >= threshold)
    nonrelevant = judged & (grades < threshold)
    R = _validate.total_at_least(_required(n_relevant, "n_relevant", "relevant"),
                  int(np.count_nonzero(relevant)), "n_relevant", "judged relevant")
    N = _validate.total_at_least(_required(n_nonrelevant, "n_nonrelevant", "non-relevant"),
                  int(np.count_nonzero(nonrelevant)), "n_nonrelevant", "judged non-relevant")
    if R == 0:
        return 0.0

    nonrelevant_above = np.cumsum(nonrelevant)[relevant]  # n_r for each relevant r
    if N == 0:
        return float(np.count_nonzero(relevant)) / R
    terms = 1.0 - np.minimum(nonrelevant_above, R) / min(N, R)
    return float(np.sum(terms)) / R


def _required(value, name: str, what: str):
    """R and N have no default: the ranked list holds only the retrieved documents."""
    if value is None:
        raise InvalidValueError(
            f"bpref needs {name}: the number of judged {what} documents of the query in "
            "the judgments (qrels), retrieved or not. It cannot be read off the ranked "
            "list, which holds only the retrieved ones."
        )
    return value
