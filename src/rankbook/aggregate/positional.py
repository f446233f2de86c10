r"""Position-based fusion: each list gives an item points for its rank, and the points add up.

| function | points of the item at rank $r$ of list $\ell$ | combined | source |
| --- | --- | --- | --- |
| `borda` | $n - r$ (unranked: a share of the points left) | $\sum_\ell w_\ell\,\cdot$ | Borda (1781); FLAGR, ranx |
| `rrf` | $1 / (k + r)$ | $\sum_\ell w_\ell\,\cdot$ | Cormack, Clarke & Büttcher (2009) |
| `dowdall` | $1 / r$ | $\sum_\ell w_\ell\,\cdot$ | Dowdall (Nauru); Fraenkel & Grofman (2014) |
| `isr` | $1 / r^2$ | $h(x) \sum_\ell w_\ell\,\cdot$ | Mourão, Martins & Magalhães (2015) |
| `log_isr` | $1 / r^2$ | $\ln h(x) \sum_\ell w_\ell\,\cdot$ | same |
| `logn_isr` | $1 / r^2$ | $\ln(h(x) + \sigma) \sum_\ell w_\ell\,\cdot$ | same |
| `rbc` | $(1 - \phi)\,\phi^{r-1}$ | $\sum_\ell w_\ell\,\cdot$ | Bailey, Moffat, Scholer & Thomas (2017) |

$r$ is the 1-based rank, $n$ the number of distinct items of the query, $h(x)$
the number of lists that rank $x$. Scores play no part: only positions. An item
a list does not rank gets no points from it (Borda aside, see `borda`).
"""

from __future__ import annotations

import numpy as np

from rankbook._errors import InvalidValueError
from rankbook.aggregate import _arguments as check
from rankbook.aggregate._profile import make_profile, ranked_result

BORDA_CONVENTIONS = ("textbook", "ranx", "flagr")
BORDA_UNRANKED = ("share", "zero")


def borda_points(profile, *, unranked: str = "share", convention: str = "textbook") -> np.ndarray:
    r"""The (L, n) matrix of Borda points each list gives each item (see `borda`)."""
    check.convention(convention, BORDA_CONVENTIONS)
    if unranked not in BORDA_UNRANKED:
        raise InvalidValueError(
            f"unranked must be 'share' (the unranked items split the points of the positions "
            f"left empty) or 'zero'; got {unranked!r}.")
    n = float(profile.n_items)
    if n == 0:                      # a query with no items: no points (and no n to divide by)
        return np.zeros(profile.rank.shape)
    length = profile.length.astype(float)[:, None]
    if convention == "textbook":
        points, share = n - profile.rank, (n - length - 1.0) / 2.0
    elif convention == "ranx":
        points, share = n - profile.rank + 1.0, (n - length + 1.0) / 2.0
    else:  # FLAGR's Borda normalisation, in FLAGR's order of operations
        points, share = (n - profile.rank + 1.0) / n, (n - length + 1.0) / (2.0 * n)
    if unranked == "zero":
        share = np.zeros_like(share)
    return np.where(profile.ranked, points, share)


def borda(lists, *, weights=None, unranked: str = "share", convention: str = "textbook") -> dict:
    r"""Borda count: points for each position, summed over the lists.

    $$B(x) = \sum_{\ell=1}^{L} w_\ell\, b_\ell(x), \qquad
    b_\ell(x) = \begin{cases} n - r_\ell(x) & \text{if } \ell \text{ ranks } x\\
    \dfrac{n - \lvert\ell\rvert - 1}{2} & \text{otherwise (share)} \end{cases}$$

    where $n$ is the number of distinct items and $\lvert\ell\rvert$ the length
    of list $\ell$. On complete lists the first of $n$ items gets $n - 1$
    points and the last 0, as on Wikipedia's Tennessee example. A partial list
    leaves positions $\lvert\ell\rvert+1, \dots, n$ empty; with
    ``unranked="share"`` its unranked items split their points
    $n - \lvert\ell\rvert - 1, \dots, 0$ equally, each getting the mean;
    ``"zero"`` gives them nothing.

    The three conventions rank identically (with ``"share"``); they differ in
    scale:

    | convention | ranked item | unranked share | tool |
    | --- | --- | --- | --- |
    | ``"textbook"`` | $n - r$ | $(n - \lvert\ell\rvert - 1)/2$ | pref_voting, Wikipedia |
    | ``"ranx"`` | $n - r + 1$ | $(n - \lvert\ell\rvert + 1)/2$ | ranx's `bordafuse` |
    | ``"flagr"`` | $(n - r + 1)/n$ | $(n - \lvert\ell\rvert + 1)/(2n)$ | FLAGR's `BordaCount` |

    With ``"zero"``, ``convention="flagr"`` is FLAGR's `SimpleBordaCount`.

    Parameters
    ----------
    lists : sequence of (sequence of item ids, or mapping item -> score)
        The ranked lists of one query, best first.
    weights : sequence of float, optional
        One weight per list (default 1 each): a list of weight 2 counts as two voters.
    unranked : {"share", "zero"}, default "share"
        What a list gives the items it does not rank.
    convention : {"textbook", "ranx", "flagr"}, default "textbook"
        The scale of the points (see the table).

    Returns
    -------
    dict
        Item -> Borda points, best first.

    References
    ----------
    de Borda, J.-C. (1781). Mémoire sur les élections au scrutin. Histoire de
    l'Académie Royale des Sciences.

    Aslam, J. A. and Montague, M. (2001). Models for metasearch. In Proceedings
    of ACM SIGIR 2001, pages 276-284.

    Examples
    --------
    Wikipedia's Tennessee capital election: 42% Memphis > Nashville >
    Chattanooga > Knoxville, 26% Nashville > Chattanooga > Knoxville > Memphis,
    15% Chattanooga > Knoxville > Nashville > Memphis, 17% Knoxville >
    Chattanooga > Nashville > Memphis:

    >>> tennessee = [["Memphis", "Nashville", "Chattanooga", "Knoxville"],
    ...              ["Nashville", "Chattanooga", "Knoxville", "Memphis"],
    ...              ["Chattanooga", "Knoxville", "Nashville", "Memphis"],
    ...              ["Knoxville", "Chattanooga", "Nashville", "Memphis"]]
    >>> borda(tennessee, weights=[42, 26, 15, 17])
    {'Nashville': 194.0, 'Chattanooga': 173.0, 'Memphis': 126.0, 'Knoxville': 107.0}
    """
    profile = make_profile(lists, weights)
    points = borda_points(profile, unranked=unranked, convention=convention)
    scores = (points * profile.weight[:, None]).sum(axis=0)
    return ranked_result(profile, scores, exact=convention == "flagr")


def _rank_points(profile, points_of_rank) -> np.ndarray:
    """(L, n) weighted points: points_of_rank(r) where ranked, 0 elsewhere."""
    with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
        points = np.where(profile.ranked, points_of_rank(profile.rank), 0.0)
    return points * profile.weight[:, None]


def rrf(lists, *, weights=None, k: float = 60, convention: str = "textbook") -> dict:
    r"""Reciprocal rank fusion: one over (k + rank), summed over the lists.

    $$\operatorname{RRF}(x) = \sum_{\ell \ni x} \frac{w_\ell}{k + r_\ell(x)}$$

    where the sum runs over the lists that rank $x$. The constant $k$ (60 in
    Cormack et al., chosen on TREC data) flattens the reward for the very top
    ranks, so one list's first place cannot outvote several lists' near-top
    places.

    Parameters
    ----------
    lists : sequence of (sequence of item ids, or mapping item -> score)
        The ranked lists of one query, best first.
    weights : sequence of float, optional
        One weight per list (default 1 each).
    k : float, default 60
        The smoothing constant, $k \ge 0$.
    convention : {"textbook"}, default "textbook"
        The published method; FLAGR has no RRF, so ``"flagr"`` is refused (with a
        message) rather than ignored.

    Returns
    -------
    dict
        Item -> RRF score, best first.

    References
    ----------
    Cormack, G. V., Clarke, C. L. A. and Büttcher, S. (2009). Reciprocal rank
    fusion outperforms Condorcet and individual rank learning methods. In
    Proceedings of ACM SIGIR 2009, pages 758-759.

    Examples
    --------
    >>> from fractions import Fraction
    >>> scores = rrf([["a", "b"], ["b", "c"]])
    >>> [(x, Fraction(s).limit_denominator(10**6)) for x, s in scores.items()]
    [('b', Fraction(123, 3782)), ('a', Fraction(1, 61)), ('c', Fraction(1, 62))]
    """
    check.convention(convention, ("textbook",), method="rrf")
    k = check.real(k, "k", low=0)
    profile = make_profile(lists, weights)
    return ranked_result(profile, _rank_points(profile, lambda r: 1.0 / (k + r)).sum(axis=0))


def dowdall(lists, *, weights=None, convention: str = "textbook") -> dict:
    r"""Dowdall's harmonic Borda (Nauru's parliament): the item at rank $r$ gets $1/r$ points.

    $$\operatorname{Dowdall}(x) = \sum_{\ell \ni x} \frac{w_\ell}{r_\ell(x)}$$

    On full lists it is `rrf` with $k = 0$; an item a list does not rank gets
    nothing from it.

    Parameters
    ----------
    lists : sequence of (sequence of item ids, or mapping item -> score)
        The ranked lists of one query, best first.
    weights : sequence of float, optional
        One weight per list (default 1 each): a number of voters.
    convention : {"textbook"}, default "textbook"
        The published method; FLAGR has no Dowdall count, so ``"flagr"`` is
        refused (with a message) rather than ignored.

    Returns
    -------
    dict
        Item -> points, best first.

    See Also
    --------
    borda : $n - r$ points per list.
    rrf : $1 / (k + r)$ points per list.

    References
    ----------
    Reilly, B. (2002). Social choice in the South Seas: electoral innovation and
    the Borda count in the Pacific Island countries. International Political
    Science Review 23(4), pages 355-372.
    Fraenkel, J. and Grofman, B. (2014). The Borda count and its real-world
    alternatives: comparing scoring rules in Nauru and Slovenia. Australian
    Journal of Political Science 49(2), pages 186-205.

    Examples
    --------
    >>> dowdall([["a", "b", "c"], ["b", "a", "c"], ["a", "c", "b"]])
    {'a': 2.5, 'b': 1.8333333333333333, 'c': 1.1666666666666665}
    """
    check.convention(convention, ("textbook",), method="dowdall")
    profile = make_profile(lists, weights)
    return ranked_result(profile, _rank_points(profile, lambda r: 1.0 / r).sum(axis=0))


def isr(lists, *, weights=None, convention: str = "textbook") -> dict:
    r"""Inverse square rank: the sum of $1/r^2$ times the number of lists that rank the item.

    $$\operatorname{ISR}(x) = h(x) \sum_{\ell \ni x} \frac{w_\ell}{r_\ell(x)^2}$$

    Parameters
    ----------
    lists : sequence of (sequence of item ids, or mapping item -> score)
        The ranked lists of one query, best first.
    weights : sequence of float, optional
        One weight per list (default 1 each).
    convention : {"textbook"}, default "textbook"
        The published method; FLAGR has no ISR, so ``"flagr"`` is refused (with a
        message) rather than ignored.

    Returns
    -------
    dict
        Item -> ISR score, best first.

    References
    ----------
    Mourão, A., Martins, F. and Magalhães, J. (2015). Multimodal medical
    information retrieval with unsupervised rank fusion. Computerized Medical
    Imaging and Graphics 39, pages 35-45.

    Examples
    --------
    >>> isr([["a", "b"], ["b", "c"]])
    {'b': 2.5, 'a': 1.0, 'c': 0.25}
    """
    check.convention(convention, ("textbook",), method="isr")
    profile = make_profile(lists, weights)
    total = _rank_points(profile, lambda r: 1.0 / r**2).sum(axis=0)
    return ranked_result(profile, total * profile.hits)


def log_isr(lists, *, weights=None, convention: str = "textbook") -> dict:
    r"""Log ISR: the sum of $1/r^2$ times the natural log of the number of lists that rank the item.

    $$\operatorname{logISR}(x) = \ln h(x) \sum_{\ell \ni x} \frac{w_\ell}{r_\ell(x)^2}$$

    An item ranked by one list only scores $\ln 1 = 0$, however high it is
    ranked; `logn_isr` adds $\sigma$ to avoid that.

    Parameters
    ----------
    lists : sequence of (sequence of item ids, or mapping item -> score)
        The ranked lists of one query, best first.
    weights : sequence of float, optional
        One weight per list (default 1 each).
    convention : {"textbook"}, default "textbook"
        The published method; FLAGR has no log_isr, so ``"flagr"`` is refused (with a
        message) rather than ignored.

    Returns
    -------
    dict
        Item -> log-ISR score, best first.

    References
    ----------
    Mourão, A., Martins, F. and Magalhães, J. (2015). Computerized Medical
    Imaging and Graphics 39, pages 35-45.

    Examples
    --------
    >>> {x: round(s, 6) for x, s in log_isr([["a", "b"], ["b", "c"]]).items()}
    {'b': 0.866434, 'a': 0.0, 'c': 0.0}
    """
    check.convention(convention, ("textbook",), method="log_isr")
    profile = make_profile(lists, weights)
    total = _rank_points(profile, lambda r: 1.0 / r**2).sum(axis=0)
    with np.errstate(divide="ignore"):
        factor = np.where(profile.hits > 0, np.log(np.maximum(profile.hits, 1)), 0.0)
    return ranked_result(profile, total * factor)


def logn_isr(lists, *, weights=None, sigma: float = 0.01,
             convention: str = "textbook") -> dict:
    r"""Log ISR with a smoothing term $\sigma$ inside the logarithm.

    $$\operatorname{logNISR}_\sigma(x) = \ln\big(h(x) + \sigma\big) \sum_{\ell \ni x}
    \frac{w_\ell}{r_\ell(x)^2}$$

    Parameters
    ----------
    lists : sequence of (sequence of item ids, or mapping item -> score)
        The ranked lists of one query, best first.
    weights : sequence of float, optional
        One weight per list (default 1 each).
    sigma : float, default 0.01
        The smoothing term, $0 \le \sigma \le 1$ (ranx's default and range).
    convention : {"textbook"}, default "textbook"
        The published method; FLAGR has no logn_isr, so ``"flagr"`` is refused (with a
        message) rather than ignored.

    Returns
    -------
    dict
        Item -> score, best first.

    References
    ----------
    Mourão, A., Martins, F. and Magalhães, J. (2015). Computerized Medical
    Imaging and Graphics 39, pages 35-45.

    Examples
    --------
    >>> {x: round(s, 6) for x, s in logn_isr([["a", "b"], ["b", "c"]]).items()}
    {'b': 0.872668, 'a': 0.00995, 'c': 0.002488}
    """
    check.convention(convention, ("textbook",), method="logn_isr")
    sigma = check.real(sigma, "sigma", low=0, high=1)
    profile = make_profile(lists, weights)
    total = _rank_points(profile, lambda r: 1.0 / r**2).sum(axis=0)
    return ranked_result(profile, total * np.log(profile.hits + sigma))


def rbc(lists, *, phi: float, weights=None, convention: str = "textbook") -> dict:
    r"""Rank-biased centroid: each list's rank-biased weights $(1-\phi)\phi^{r-1}$, summed.

    $$\operatorname{RBC}_\phi(x) = \sum_{\ell \ni x} w_\ell\, (1 - \phi)\, \phi^{\,r_\ell(x) - 1}$$

    A user who reads a list from the top and goes on to the next item with
    probability $\phi$ (the persistence of rank-biased precision) looks at
    rank $r$ with probability $\phi^{r-1}$; RBC adds up that attention. Small
    $\phi$ rewards the very top, $\phi$ near 1 counts deep ranks almost equally.

    Parameters
    ----------
    lists : sequence of (sequence of item ids, or mapping item -> score)
        The ranked lists of one query, best first.
    phi : float
        The persistence, $0 < \phi < 1$ (no default: ranx's `rbc` requires it too).
    weights : sequence of float, optional
        One weight per list (default 1 each).
    convention : {"textbook"}, default "textbook"
        The published method; FLAGR has no RBC, so ``"flagr"`` is refused (with a
        message) rather than ignored.

    Returns
    -------
    dict
        Item -> RBC score, best first.

    References
    ----------
    Bailey, P., Moffat, A., Scholer, F. and Thomas, P. (2017). Retrieval
    consistency in the presence of query variations. In Proceedings of ACM
    SIGIR 2017, pages 395-404.

    Examples
    --------
    >>> rbc([["a", "b"], ["b", "c"]], phi=0.5)
    {'b': 0.75, 'a': 0.5, 'c': 0.25}
    """
    check.convention(convention, ("textbook",), method="rbc")
    phi = check.real(phi, "phi", low=0, high=1, low_open=True, high_open=True)
    profile = make_profile(lists, weights)
    points = _rank_points(profile, lambda r: (1.0 - phi) * phi ** (r - 1.0))
    return ranked_result(profile, points.sum(axis=0))
