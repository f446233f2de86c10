r"""Corrections of p-values for multiple comparisons.

| ``method`` | controls | adjusted $\tilde p_{(i)}$ of the $i$-th smallest of $k$ p-values |
| --- | --- | --- |
| ``"bonferroni"`` | family-wise error rate | $\min(1, k\,p_{(i)})$ |
| ``"holm"`` (default) | family-wise error rate | $\max_{j \le i} \min(1, (k - j + 1)\,p_{(j)})$ |
| ``"benjamini_hochberg"`` | false discovery rate | $\min_{j \ge i} \min(1, \tfrac{k}{j}\,p_{(j)})$ |

Reject the hypotheses whose adjusted p-value is at most $\alpha$.
"""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np

from rankbook import _validate
from rankbook._errors import InvalidTypeError, InvalidValueError

CORRECTION_METHODS = ("bonferroni", "holm", "benjamini_hochberg")


def correct_pvalues(pvalues, method: str = "holm"):
    r"""Adjust $k$ p-values so that rejecting those at most $\alpha$ controls an error rate.

    Testing $k$ pairs of systems at $\alpha = 0.05$ each, the chance of at
    least one false positive when no system differs is $1 - 0.95^k$ for
    independent tests: 0.40 for the 10 pairs of 5 systems, 0.995 for the 105
    pairs of 15. A correction makes the p-values answer a question about the
    whole family:

    - ``"bonferroni"``: $\tilde p_i = \min(1, k\,p_i)$. Family-wise error rate
      (the chance of any false positive) at most $\alpha$, under any
      dependence between the tests; conservative.
    - ``"holm"`` (default): Holm's step-down version. Sort the p-values,
      multiply the $j$-th smallest by $k - j + 1$, and make the sequence
      non-decreasing. Same guarantee as Bonferroni, never less powerful.
    - ``"benjamini_hochberg"``: the $j$-th smallest times $k/j$, made
      non-increasing from the largest down. Controls the false discovery rate
      (the expected share of false positives among the rejections) for
      independent or positively dependent tests; more powerful, weaker promise.

    The adjusted values are reported in the input order (the sorting is only
    inside the formula), and are what statsmodels' ``multipletests`` returns
    for ``"bonferroni"``, ``"holm"`` and ``"fdr_bh"``.

    Parameters
    ----------
    pvalues : sequence of float or mapping
        The $k \ge 1$ p-values, each between 0 and 1. A mapping (e.g. pair ->
        p-value) keeps its keys.
    method : {"bonferroni", "holm", "benjamini_hochberg"}, default "holm"
        Which correction (see above).

    Returns
    -------
    numpy.ndarray or dict
        The adjusted p-values, in the input order: an array for a sequence,
        a dict with the same keys for a mapping.

    Raises
    ------
    rankbook.InvalidValueError
        No p-values, a p-value outside [0, 1] or not finite, or an unknown method.

    See Also
    --------
    tukey_hsd : already adjusted for every pair; do not correct it again.

    References
    ----------
    Holm, S. (1979). A simple sequentially rejective multiple test procedure.
    Scandinavian Journal of Statistics 6(2), 65-70.

    Benjamini, Y. and Hochberg, Y. (1995). Controlling the false discovery
    rate: a practical and powerful approach to multiple testing. Journal of
    the Royal Statistical Society B 57(1), 289-300.

    Boytsov, L., Belova, A. and Westfall, P. (2013). Deciding on an adjustment
    for multiplicity in IR experiments. In Proceedings of SIGIR 2013.

    Examples
    --------
    >>> correct_pvalues([0.01, 0.04, 0.03], method="bonferroni").round(4).tolist()
    [0.03, 0.12, 0.09]
    >>> correct_pvalues([0.01, 0.04, 0.03], method="holm").round(4).tolist()
    [0.03, 0.06, 0.06]
    >>> correct_pvalues([0.01, 0.04, 0.03], method="benjamini_hochberg").round(4).tolist()
    [0.03, 0.04, 0.04]
    >>> correct_pvalues({("A", "B"): 0.01, ("A", "C"): 0.04}, method="holm")
    {('A', 'B'): 0.02, ('A', 'C'): 0.04}
    """
    _validate.choice(method, CORRECTION_METHODS, "method")
    if isinstance(pvalues, Mapping):
        keys = list(pvalues)
        adjusted = correct_pvalues([pvalues[k] for k in keys], method)
        return {k: float(v) for k, v in zip(keys, adjusted)}
    p = _checked(pvalues)
    k = len(p)
    if method == "bonferroni":
        return np.minimum(1.0, k * p)
    order = np.argsort(p, kind="stable")
    ranked = p[order]
    j = np.arange(1, k + 1)
    if method == "holm":
        stepped = np.maximum.accumulate(np.minimum(1.0, (k - j + 1) * ranked))
    else:
        stepped = np.minimum.accumulate(np.minimum(1.0, k / j * ranked)[::-1])[::-1]
    adjusted = np.empty(k)
    adjusted[order] = stepped
    return adjusted


def _checked(pvalues) -> np.ndarray:
    if isinstance(pvalues, (str, bytes)) or not hasattr(pvalues, "__len__"):
        raise InvalidTypeError(
            f"pvalues must be a sequence of p-values or a mapping name -> p-value, got "
            f"{type(pvalues).__name__}."
        )
    try:
        p = np.asarray(pvalues, dtype=float)
    except (TypeError, ValueError):
        raise InvalidTypeError("pvalues must hold numbers between 0 and 1.") from None
    if p.ndim != 1 or p.size == 0:
        raise InvalidValueError(
            f"pvalues must be a non-empty 1-D sequence, got shape {p.shape}."
        )
    bad = np.flatnonzero(~(np.isfinite(p) & (p >= 0) & (p <= 1)))
    if bad.size:
        i = int(bad[0])
        raise InvalidValueError(
            f"pvalues[{i}] is {p[i]}; a p-value is a probability between 0 and 1. A NaN "
            "p-value usually comes from a test on identical inputs: rankbook's tests "
            "return 1.0 there."
        )
    return p
