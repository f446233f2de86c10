r"""nDCG@k and ERR@k as gdeval.pl (TREC Web track, 2010-2014) computes them.

| function | measure | gdeval.pl's column | ir_measures' name |
| --- | --- | --- | --- |
| `gdeval_ndcg_at_k` | nDCG@k, exponential gain | ``ndcg@k`` | ``nDCG(dcg='exp-log2')@k`` |
| `gdeval_err_at_k` | ERR@k, grades 0-4 | ``err@k`` | ``ERR@k`` |

gdeval.pl 1.2a's conventions, each a keyword where it is a choice:

- gain $2^g - 1$ (trec_eval's nDCG has gain $g$), discount $\log(i + 1)$;
- ERR's stop probability $(2^g - 1)/2^4$: the highest grade is fixed at 4 (``max_grade``),
  whatever the qrels hold, and a grade above it is refused;
- the ideal ranking holds the positive judgments only; a negative grade counts 0;
- the run is read in trec_eval's order (score descending, then document id descending);
- a topic without a positive judgment is left out of gdeval.pl's output and its mean. Per
  topic these functions give 0.0 there (no gain to find), as trec_eval's nDCG does;
  ``rankbook gdeval`` leaves the topic out as gdeval.pl does.

Both are rankbook's textbook measures with gdeval's settings:
:func:`rankbook.metrics.dcg.ndcg_at_k` with ``gain="exponential"`` and
:func:`rankbook.metrics.user_models.expected_reciprocal_rank`.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from rankbook import _validate
from rankbook._errors import InvalidValueError
from rankbook.metrics.dcg import ndcg_at_k
from rankbook.metrics.user_models import expected_reciprocal_rank

#: gdeval.pl's ``$MAX_JUDGMENT``: the highest grade its qrels may hold, and ERR's $g_{\max}$.
GDEVAL_MAX_GRADE = 4
#: gdeval.pl's reporting depth when none is given (``$K = 20``).
GDEVAL_DEPTH = 20


@_validate.explains_missing_arguments
def gdeval_ndcg_at_k(
    relevance: Sequence[float | None],
    k: int = GDEVAL_DEPTH,
    *,
    ideal: Sequence[float] | None = None,
    max_grade: float = GDEVAL_MAX_GRADE,
) -> float:
    r"""nDCG@k as gdeval.pl prints it: exponential gain, ideal from the positive judgments.

    $$\mathrm{nDCG}@k = \frac{\sum_{i=1}^{k} (2^{g_i} - 1) / \log(i + 1)}
                              {\sum_{i=1}^{k} (2^{g^*_i} - 1) / \log(i + 1)}$$

    where $g_i$ is the grade at rank $i$ (0 for an unjudged or negatively judged
    document) and $g^*_1 \ge g^*_2 \ge \dots$ the topic's positive grades. The
    base of the logarithm cancels (gdeval.pl writes the natural one). 0.0 when
    the topic has no positive judgment (gdeval.pl prints no line for it).

    Parameters
    ----------
    relevance : sequence of float or None, shape (n,)
        Grades of the ranked list, rank 1 first, in trec_eval's (and gdeval's)
        order: score descending, ties by document id descending.
    k : int, default 20
        The reporting depth (gdeval.pl's ``-k``).
    ideal : sequence of float, optional
        Every judged grade of the topic, retrieved or not. Default: ``relevance``.
    max_grade : float, default 4
        The highest grade allowed (gdeval.pl's ``$MAX_JUDGMENT``); a grade above it
        in ``relevance`` or ``ideal`` is refused, as gdeval.pl refuses the qrels line.

    Returns
    -------
    float
        Between 0 and 1.

    See Also
    --------
    rankbook.metrics.dcg.ndcg_at_k : trec_eval's nDCG (gain $g$), and this one with ``gain="exponential"``.
    gdeval_err_at_k : the other column of gdeval.pl.

    References
    ----------
    TREC 2010-2014 Web track, ``gdeval.pl`` 1.2a (a copy ships inside ir-measures
    0.4.3, ``ir_measures/bin/gdeval.pl``). Burges, C. et al. (2005). Learning to
    rank using gradient descent. ICML 2005 (the gain $2^g - 1$).

    Examples
    --------
    ir_measures' gdeval test, topic 0: the run reads grades 0, 1, 2, 1, 0 (D0, D2,
    D3, D1, D4 by score) and the topic holds 1, 1, 2; gdeval.pl prints 0.62010:

    >>> round(gdeval_ndcg_at_k([0, 1, 2, 1, 0], 20, ideal=[0, 1, 1, 2, 0]), 5)
    0.6201
    >>> round(gdeval_ndcg_at_k([0, 1, 2, 1, 0], 2, ideal=[0, 1, 1, 2, 0]), 5)
    0.17377
    """
    k = _validate.cutoff(k)
    ideal = relevance if ideal is None else ideal
    _refuse_above_max(relevance, max_grade, "relevance")
    _refuse_above_max(ideal, max_grade, "ideal")
    return ndcg_at_k(relevance, k, ideal=ideal, gain="exponential")


@_validate.explains_missing_arguments
def gdeval_err_at_k(
    relevance: Sequence[float | None],
    k: int = GDEVAL_DEPTH,
    *,
    max_grade: float = GDEVAL_MAX_GRADE,
) -> float:
    r"""ERR@k as gdeval.pl prints it: stop probability $(2^g - 1)/2^4$.

    $$\mathrm{ERR}@k = \sum_{r=1}^{k} \frac{1}{r}\, R_r \prod_{i=1}^{r-1} (1 - R_i),
    \qquad R_i = \frac{2^{g_i} - 1}{2^{4}}$$

    The 4 is gdeval.pl's ``$MAX_JUDGMENT`` (``max_grade``), not the highest grade
    of the qrels: on a 0-2 scale the best document still stops only 3 users in 16.
    Per topic this is rankbook's ``ERR@k``
    (:func:`rankbook.metrics.user_models.expected_reciprocal_rank`, whose default
    scale is gdeval's); what differs is the topics gdeval.pl averages over.

    Parameters
    ----------
    relevance : sequence of float or None, shape (n,)
        Grades of the ranked list, rank 1 first (unjudged and negative: 0).
    k : int, default 20
        The reporting depth (gdeval.pl's ``-k``).
    max_grade : float, default 4
        $g_{\max}$ (gdeval.pl's ``$MAX_JUDGMENT``); a grade above it is refused.

    Returns
    -------
    float
        Between 0 and $1 - 2^{-g_{\max}}$.

    See Also
    --------
    rankbook.metrics.user_models.expected_reciprocal_rank : the same arithmetic, any scale.
    gdeval_ndcg_at_k : the other column of gdeval.pl.

    References
    ----------
    Chapelle, O., Metzler, D., Zhang, Y. and Grinspan, P. (2009). Expected
    reciprocal rank for graded relevance. CIKM 2009, 621-630. TREC Web track
    ``gdeval.pl`` 1.2a.

    Examples
    --------
    ir_measures' gdeval test, topic 1: grades 0, 2, 0, 0 by score; gdeval.pl
    prints 0.09375 $= \frac{3/16}{2}$:

    >>> gdeval_err_at_k([0, 2, 0, 0], 20)
    0.09375
    """
    k = _validate.cutoff(k)
    return expected_reciprocal_rank(relevance, k, max_grade=max_grade)


def _refuse_above_max(relevance, max_grade, name: str) -> None:
    grades = _validate.grades(relevance, name)
    above = np.flatnonzero(grades > max_grade)
    if above.size:
        position = int(above[0])
        raise InvalidValueError(
            f"{name}[{position}] = {grades[position]:g} is above max_grade={max_grade:g}; "
            "gdeval.pl refuses a judgment above 4 (its $MAX_JUDGMENT). Map the grades to "
            "0-4 first, or pass max_grade >= the highest grade."
        )
