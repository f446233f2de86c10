r"""Robust rank aggregation (Kolde, Laur, Adler & Vilo 2012).

RRA asks, for each item, how surprising its ranks are if every list were
random. With $n$ rankable items and $L$ lists, the item's normalised ranks
$u_\ell = r_\ell / n$ (1 where a list leaves it out) would be $L$ independent
uniform numbers. Sorted, $u_{(1)} \le \dots \le u_{(L)}$, the $i$-th of $L$
uniforms follows a Beta$(i, L - i + 1)$ distribution, so

$$p_i = P\bigl(U_{(i)} \le u_{(i)}\bigr) = I_{u_{(i)}}(i,\, L - i + 1), \qquad
  \rho = \min_i p_i$$

($I$ is the regularised incomplete beta function). $\rho$ is the item's score;
as the minimum of $L$ dependent p-values it is corrected into a p-value:

- Bonferroni: $\min(1, L\rho)$, an upper bound, the default;
- exact: the probability that uniform data give a $\rho$ this small,
  $P\bigl(\exists i: U_{(i)} \le t_i\bigr)$ with $t_i = I^{-1}_\rho(i, L - i + 1)$.

Lower is better: the result is sorted by p-value, ascending.

| function | what |
| --- | --- |
| `rra` | the method: items -> p-values, best (smallest) first |
| `rra_exact` | `rra` with the exact correction (FLAGR's and the seed's "RRA-Exact") |
| `beta_scores` | $p_1, \dots, p_L$ of one item (R's ``betaScores``) |
| `rra_pvalue` | the Bonferroni or exact p-value of a $\rho$ (R's ``correctBetaPvalues*``) |
"""

from __future__ import annotations

import math

import numpy as np

from rankbook._errors import InvalidTypeError, InvalidValueError
from rankbook.aggregate import _arguments as check
from rankbook.aggregate._profile import make_profile, ranked_result


def rra(lists, *, weights=None, exact: bool = False, n: int | None = None,
        convention: str = "textbook") -> dict:
    r"""Robust rank aggregation: each item's p-value under "every list is random".

    $$\rho(x) = \min_{i=1..L} I_{u_{(i)}(x)}(i, L - i + 1), \qquad
      \text{score}(x) = \begin{cases} \min(1, L\,\rho(x)) & \text{exact=False} \\
      P_{\text{null}}(\rho \le \rho(x)) & \text{exact=True} \end{cases}$$

    where $u_{(i)}(x)$ is the $i$-th smallest normalised rank $r_\ell(x)/n$ of
    $x$ over the $L$ lists (1 in a list that leaves $x$ out). Smaller is better.

    The exact p-value is what R's RobustRankAggreg computes with Stuart's
    recursion (Aerts et al. 2006). That recursion adds terms of alternating
    sign, $L!\,r^i/i!$, and in double precision it loses every digit once $L$
    is a few dozen: R and FLAGR print "p-values" above 1 (FLAGR's reach 12.46 on
    its sample data). rankbook computes the same probability with a recursion
    over the thresholds $t_1 \le \dots \le t_L$ whose terms are all positive
    (the probability of the first crossing $U_{(j)} \le t_j$, summed over $j$),
    so it keeps about 14 significant digits even for p-values near $10^{-300}$;
    `rra_pvalue` with ``naive=True`` shows the unstable formula.

    Parameters
    ----------
    lists : sequence of (sequence of item ids, or mapping item -> score)
        The ranked lists of one query, best first; partial lists allowed.
    weights : None
        RRA has no list weights; passing any is an error.
    exact : bool, default False
        Exact correction instead of Bonferroni's bound.
    n : int, optional
        Number of rankable items (R's ``N``); default the distinct items in
        ``lists``. It must be at least that, so every $u \le 1$.
    convention : {"textbook", "flagr"}, default "textbook"
        ``"flagr"`` evaluates the exact correction with the double-precision
        Stuart recursion, as FLAGR 1.0.18 and R do (unstable; for reproducing
        them only). The Bonferroni form is the same in both.

    Returns
    -------
    dict
        Item -> p-value, smallest (best) first; ties by the number of lists
        ranking the item, then item id.

    References
    ----------
    Kolde, Laur, Adler and Vilo (2012). Robust rank aggregation for gene list
    integration and meta-analysis. Bioinformatics 28(4), 573-580.

    Aerts, Lambrechts, Maity, et al. (2006). Gene prioritization through genomic
    data fusion. Nature Biotechnology 24(5), 537-544 (Stuart's formula).

    Examples
    --------
    Three lists over four items; ``a`` is first everywhere, so $\rho(a) =
    (1/4)^3$ and Bonferroni gives $3/64$ (R's RobustRankAggreg prints 0.046875
    and, exactly, 0.0409335189514298):

    >>> lists = [["a", "b", "c", "d"], ["a", "c", "b", "d"], ["a", "b", "d", "c"]]
    >>> rra(lists)
    {'a': 0.046875, 'b': 1.0, 'c': 1.0, 'd': 1.0}
    >>> round(rra(lists, exact=True)["a"], 12)
    0.040933518951
    """
    convention = check.convention(convention)
    profile = make_profile(lists)
    check.no_weights(weights, "rra", profile)
    rho = beta_scores(normalised_ranks(profile, n)).min(axis=0)
    k = profile.n_lists
    if not exact:
        scores = np.minimum(1.0, k * rho)
    elif convention == "flagr":
        scores = _naive_exact_pvalues(rho, k)
    else:
        scores = _exact_pvalues(rho, k)
    return ranked_result(profile, scores, higher_is_better=False, exact=convention == "flagr")


def rra_exact(lists, *, weights=None, n: int | None = None, convention: str = "textbook") -> dict:
    r"""Robust rank aggregation with the exact p-value: `rra` with ``exact=True``.

    $$\text{score}(x) = P_{\text{null}}\bigl(\rho \le \rho(x)\bigr)
      = P\bigl(\exists\, i : U_{(i)} \le I^{-1}_{\rho(x)}(i, L - i + 1)\bigr)$$

    for $L$ independent uniform numbers $U$: the probability that random lists
    give a $\rho$ at least as small as the item's. FLAGR, PyFLAGR and the seed
    notebook list this configuration as a method of its own, "RRA-Exact";
    rankbook's `METHODS` table does too, so that `rankbook.fuse` and the
    ``rankbook fuse`` command reach it by name.

    Parameters
    ----------
    lists : sequence of (sequence of item ids, or mapping item -> score)
        The ranked lists of one query, best first; partial lists allowed.
    weights : None
        RRA has no list weights; passing any is an error.
    n : int, optional
        Number of rankable items; default the distinct items in ``lists``.
    convention : {"textbook", "flagr"}, default "textbook"
        ``"flagr"``: Stuart's recursion in double precision, as FLAGR and R
        compute it (unstable beyond a few dozen lists).

    Returns
    -------
    dict
        Item -> exact p-value, smallest (best) first.

    See Also
    --------
    rra : the method, with the Bonferroni bound by default.

    Examples
    --------
    R's RobustRankAggreg prints 0.0409335189514298 for item ``a`` (see `rra`):

    >>> lists = [["a", "b", "c", "d"], ["a", "c", "b", "d"], ["a", "b", "d", "c"]]
    >>> round(rra_exact(lists)["a"], 12)
    0.040933518951
    """
    return rra(lists, weights=weights, exact=True, n=n, convention=convention)


def normalised_ranks(profile, n: int | None = None) -> np.ndarray:
    r"""The (L, n) normalised ranks $u_\ell(x) = r_\ell(x) / n$, 1 where list $\ell$ leaves $x$ out.

    ``n`` is the number of rankable items (default: the profile's distinct
    items); it must be at least that.
    """
    return np.where(profile.ranked, profile.rank / _size(n, profile), 1.0)


def beta_scores(normalised_ranks) -> np.ndarray:
    r"""The beta p-values $p_i = I_{u_{(i)}}(i, L - i + 1)$ of sorted normalised ranks.

    Parameters
    ----------
    normalised_ranks : array of float in [0, 1], shape (L,) or (L, n)
        One item's normalised ranks (or one column per item).

    Returns
    -------
    numpy.ndarray
        Same shape; row $i$ holds $p_{i+1}$ of the sorted values.

    Examples
    --------
    An item ranked 1st of 4 in all three lists: $u_{(1)} = 0.25$, and the
    smallest of three uniforms is below 0.25 with probability $1 - 0.75^3$:

    >>> beta_scores([0.25, 0.25, 0.25]).round(6).tolist()
    [0.578125, 0.15625, 0.015625]
    """
    values = np.sort(np.asarray(normalised_ranks, dtype=float), axis=0)
    if np.any(values < 0) or np.any(values > 1) or np.any(np.isnan(values)):
        raise InvalidValueError("normalised ranks must lie in [0, 1].")
    from scipy.special import betainc  # scipy loads only when RRA runs

    k = values.shape[0]
    i = np.arange(1, k + 1).reshape((k,) + (1,) * (values.ndim - 1))
    return betainc(i, k - i + 1, values)


def rra_pvalue(rho, k: int, *, exact: bool = True, naive: bool = False):
    r"""The p-value of an RRA score $\rho$ from $k$ lists.

    Bonferroni (``exact=False``): $\min(1, k\rho)$. Exact: $P(\exists i:
    U_{(i)} \le t_i)$ for $k$ uniforms, $t_i = I^{-1}_\rho(i, k - i + 1)$,
    by a recursion of positive terms; ``naive=True`` evaluates Stuart's
    alternating recursion in double precision instead, as R's
    ``correctBetaPvaluesExact`` and FLAGR do. Its digits are rounding noise
    for $k$ beyond about 20 and differ between processors (see the RRA page).

    Parameters
    ----------
    rho : float in [0, 1], or an array of them
        One score, or many (each row of the recursion is one score).
    k : int
        Number of lists.
    exact : bool, default True
    naive : bool, default False

    Returns
    -------
    float, or an array of the shape of ``rho``

    Examples
    --------
    One list: $\rho$ is already a uniform p-value.

    >>> rra_pvalue(0.3, 1)
    0.3
    >>> rra_pvalue(0.001, 50, exact=False)
    0.05
    >>> rra_pvalue([0.3, 0.5], 1)
    array([0.3, 0.5])
    """
    k = check.count(k, "k")
    if np.ndim(rho) == 0:
        rho = np.array([check.real(rho, "rho", low=0, high=1)])
        return float(_pvalues(rho, k, exact, naive)[0])
    try:
        values = np.asarray(rho, dtype=float)
    except (TypeError, ValueError):
        raise InvalidTypeError(f"rho must be a number or an array of numbers, got {rho!r}.") from None
    bad = np.flatnonzero(~((values >= 0) & (values <= 1)))
    if bad.size:
        raise InvalidValueError(f"rho must hold numbers in [0, 1]; rho[{bad[0]}] is "
                                f"{float(values.flat[bad[0]])!r}.")
    return _pvalues(values.ravel(), k, exact, naive).reshape(values.shape)


def _pvalues(rho: np.ndarray, k: int, exact: bool, naive: bool) -> np.ndarray:
    if not exact:
        return np.minimum(1.0, k * rho)
    return _naive_exact_pvalues(rho, k) if naive else _exact_pvalues(rho, k)


def _size(n, profile) -> int:
    longest = int(profile.length.max())
    if n is None:
        return profile.n_items
    n = check.count(n, "n")
    if n < profile.n_items or n < longest:
        raise InvalidValueError(
            f"n={n} is smaller than the {profile.n_items} distinct items in the lists; n counts "
            "every rankable item (ranked or not), so normalised ranks r/n stay <= 1.")
    return n


def _thresholds(rho: np.ndarray, k: int) -> np.ndarray:
    """(m, k): $t_i = I^{-1}_\\rho(i, k - i + 1)$, non-decreasing in i."""
    from scipy.special import betaincinv

    i = np.arange(1, k + 1)
    t = betaincinv(i[None, :], k - i[None, :] + 1, rho[:, None])
    return np.maximum.accumulate(np.clip(t, 0.0, 1.0), axis=1)


def _exact_pvalues(rho: np.ndarray, k: int) -> np.ndarray:
    r"""$P(\exists j: U_{(j)} \le t_j)$ for k uniforms, one per rho, summing positive terms.

    $A_j(m)$ is the probability (divided by $k!$, times the factorials of the
    counts) that $m$ points fall below $t_j$ and no earlier threshold was
    crossed; a first crossing at $j$ leaves the other $k - m$ points above $t_j$.
    """
    rho = np.asarray(rho, dtype=float)
    t = _thresholds(rho, k)
    inverse_factorial = np.array([1.0 / math.factorial(d) for d in range(k + 1)])
    # alive[m] and reach[m] hold one value per rho: a row per count m, so that the inner loop
    # adds whole contiguous rows (the same additions in the same order as one rho at a time).
    alive = np.zeros((k + 1, rho.size))
    alive[0] = 1.0
    crossed = np.zeros(rho.size)
    below = np.zeros(rho.size)
    for j in range(1, k + 1):
        step = (t[:, j - 1] - below)[:, None] ** np.arange(k + 1) * inverse_factorial
        step = np.ascontiguousarray(step.T)             # step[d]: (t_j - t_{j-1})^d / d!
        reach = np.zeros_like(alive)
        for m in range(max(j - 1, 1)):                  # survivors hold at most j-2 points
            reach[m:] += alive[m] * step[:k + 1 - m]
        rest = np.arange(j, k + 1)
        above = (1.0 - t[:, j - 1])[:, None] ** (k - rest) * inverse_factorial[k - rest]
        crossed += math.factorial(k) * np.multiply(reach[j:].T, above, order="C").sum(axis=1)
        alive = reach
        alive[j:] = 0.0
        below = t[:, j - 1]
    return np.minimum(crossed, 1.0)


def _naive_exact_pvalues(rho: np.ndarray, k: int) -> np.ndarray:
    """R's correctBetaPvaluesExact / FLAGR's RobustRA: 1 - k! v_k by Stuart's recursion in doubles.

    The same floating-point operations in the same order as R and FLAGR, one item per row.
    """
    r = np.sort(1.0 - _thresholds(np.asarray(rho, dtype=float), k), axis=1)
    v = np.ones((r.shape[0], k + 2))
    factorial = [float(math.factorial(i)) for i in range(k + 1)]
    for step in range(1, k + 1):
        total = np.zeros(r.shape[0])
        for i in range(1, step + 1):
            term = v[:, step - i + 1] * r[:, k - step] ** i / factorial[i]
            total = total + term if i % 2 else total - term
        v[:, step + 1] = total
    return 1.0 - factorial[k] * v[:, k + 1]
