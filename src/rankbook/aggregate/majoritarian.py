r"""Majoritarian methods: items meet in pairwise contests decided by the lists' majority.

| function | score of item $x$ | FLAGR | elsewhere |
| --- | --- | --- | --- |
| `condorcet` | pairwise wins | `CondorcetWinners` | ranx `condorcet`, `w_condorcet` (order only) |
| `copeland` | wins minus losses (textbook), wins + ties/2 (FLAGR) | `CopelandWinners` | pref_voting `copeland` |
| `outranking` | total concordance of the items $x$ outranks | `OutrankingApproach` | - |
| `schulze` | items beaten through the strongest paths | - | pref_voting `beat_path` |

`kemeny` has its own module. The pairwise counts come from
`rankbook.aggregate.pairwise.preference_matrix`: $N(x, y)$ is the weight of the
lists that rank $x$ above $y$ (a ranked item is above an unranked one).

Wikipedia's Tennessee capital election is the running example:

>>> tennessee = [["Memphis", "Nashville", "Chattanooga", "Knoxville"],
...              ["Nashville", "Chattanooga", "Knoxville", "Memphis"],
...              ["Chattanooga", "Knoxville", "Nashville", "Memphis"],
...              ["Knoxville", "Chattanooga", "Nashville", "Memphis"]]
>>> voters = [42, 26, 15, 17]
"""

from __future__ import annotations

import math

import numpy as np

from rankbook._errors import InvalidValueError
from rankbook.aggregate import _arguments as check
from rankbook.aggregate._profile import make_profile, ranked_result
from rankbook.aggregate.pairwise import (
    preference_matrix,
    weighted_count,
    wins_ties_losses,
)

FLAGR_UNRANKED_RANK = 1_000_000.0  # FLAGR's NOT_RANKED_ITEM_RANK (MAX_LIST_ITEMS squared)


def condorcet(lists, *, weights=None, convention: str = "textbook") -> dict:
    r"""Condorcet's pairwise-win count: how many items each item beats by majority.

    $$C(x) = \big\lvert \{\, y \ne x : N(x, y) > N(y, x) \,\} \big\rvert$$

    where $N(x, y)$ is the total weight of the lists that rank $x$ above $y$.
    A Condorcet winner, when there is one, beats all $n - 1$ others and comes
    first. With ``weights`` this is the weighted variant (ranx's
    `weighted_condorcet`): a list of weight 2 counts as two voters. FLAGR's
    `CondorcetWinners` computes the same count. Ties give nothing to either item
    (compare `copeland`).

    Parameters
    ----------
    lists : sequence of (sequence of item ids, or mapping item -> score)
        The ranked lists of one query, best first.
    weights : sequence of float, optional
        One weight per list (default 1 each).
    convention : {"textbook", "flagr"}, default "textbook"
        Both give the same result: FLAGR's CONDORCET is the textbook one (the keyword
        is accepted so that every method takes ``convention=``).

    Returns
    -------
    dict
        Item -> number of pairwise wins, best first.

    References
    ----------
    de Condorcet, N. (1785). Essai sur l'application de l'analyse à la
    probabilité des décisions rendues à la pluralité des voix.

    Montague, M. and Aslam, J. A. (2002). Condorcet fusion for improved
    retrieval. In Proceedings of ACM CIKM 2002, pages 538-548.

    Examples
    --------
    >>> tennessee = [["Memphis", "Nashville", "Chattanooga", "Knoxville"],
    ...              ["Nashville", "Chattanooga", "Knoxville", "Memphis"],
    ...              ["Chattanooga", "Knoxville", "Nashville", "Memphis"],
    ...              ["Knoxville", "Chattanooga", "Nashville", "Memphis"]]
    >>> voters = [42, 26, 15, 17]
    >>> condorcet(tennessee, weights=voters)      # Nashville beats all three
    {'Nashville': 3.0, 'Chattanooga': 2.0, 'Knoxville': 1.0, 'Memphis': 0.0}
    """
    check.convention(convention, check.CONVENTIONS, method="condorcet")
    profile = make_profile(lists, weights)
    wins, _, _ = wins_ties_losses(preference_matrix(profile))
    return ranked_result(profile, wins.astype(float))


def copeland(lists, *, weights=None, convention: str = "textbook") -> dict:
    r"""Copeland's method: pairwise wins minus pairwise losses.

    $$\operatorname{Cop}(x) = \lvert\{y : N(x,y) > N(y,x)\}\rvert
    - \lvert\{y : N(x,y) < N(y,x)\}\rvert$$

    ``convention="flagr"`` scores wins plus half the ties instead (FLAGR's
    `CopelandWinners`, also called Copeland$^{1/2}$). Both give the same order:
    wins + ties/2 $= \frac{n-1}{2} + \frac{1}{2}(\text{wins} - \text{losses})$.

    Parameters
    ----------
    lists : sequence of (sequence of item ids, or mapping item -> score)
        The ranked lists of one query, best first.
    weights : sequence of float, optional
        One weight per list (default 1 each).
    convention : {"textbook", "flagr"}, default "textbook"
        The score's scale (see above).

    Returns
    -------
    dict
        Item -> Copeland score, best first.

    References
    ----------
    Copeland, A. H. (1951). A "reasonable" social welfare function. Seminar on
    Applications of Mathematics to the Social Sciences, University of Michigan.

    Examples
    --------
    >>> tennessee = [["Memphis", "Nashville", "Chattanooga", "Knoxville"],
    ...              ["Nashville", "Chattanooga", "Knoxville", "Memphis"],
    ...              ["Chattanooga", "Knoxville", "Nashville", "Memphis"],
    ...              ["Knoxville", "Chattanooga", "Nashville", "Memphis"]]
    >>> voters = [42, 26, 15, 17]
    >>> copeland(tennessee, weights=voters)
    {'Nashville': 3.0, 'Chattanooga': 1.0, 'Knoxville': -1.0, 'Memphis': -3.0}
    >>> copeland(tennessee, weights=voters, convention="flagr")
    {'Nashville': 3.0, 'Chattanooga': 2.0, 'Knoxville': 1.0, 'Memphis': 0.0}
    """
    check.convention(convention)
    profile = make_profile(lists, weights)
    wins, ties, losses = wins_ties_losses(preference_matrix(profile))
    if convention == "flagr":
        return ranked_result(profile, wins + 0.5 * ties, exact=convention == "flagr")
    return ranked_result(profile, (wins - losses).astype(float), exact=convention == "flagr")


def outranking_thresholds(n_items: int, voters: float, preference: float, veto: float,
                          concordance: float, discordance: float, convention: str):
    r"""The four thresholds, truncated: positions from $n$, voter counts from ``voters``.

    ``voters`` is the total weight $W$ (textbook) or the number of lists $L$
    (FLAGR). ``convention="flagr"`` rounds the fractions to float32 first, as
    FLAGR's C interface (``ctypes.c_float``) does.
    """
    names = ("preference", "veto", "concordance", "discordance")
    fractions = tuple(check.real(value, label, low=0, high=1)
                      for label, value in zip(names, (preference, veto, concordance, discordance)))
    if convention == "flagr":
        fractions = tuple(check.float32(value) for value in fractions)
        floor = math.floor
    else:
        def floor(value):                         # 0.7 * 10 is 7, not 6.999...
            return math.floor(round(value, 9))
    sizes = (n_items, n_items, voters, voters)
    return tuple(floor(value * size) for value, size in zip(fractions, sizes))


def outranking(lists, *, weights=None, preference: float = 0.0, veto: float = 0.75,
               concordance: float = 0.0, discordance: float = 0.25,
               convention: str = "textbook") -> dict:
    r"""Farah & Vanderpooten's outranking approach, scored as FLAGR scores it.

    For an ordered pair $(x, y)$, the concordant and discordant weights are

    $$c(x, y) = \sum_{\ell} w_\ell [\, r_\ell(x) \le r_\ell(y) - s_p \,], \qquad
    d(x, y) = \sum_{\ell} w_\ell [\, r_\ell(x) \ge r_\ell(y) + s_v \,]$$

    and $x$ outranks $y$ ($x \mathrel{S} y$) when $c(x, y) \ge c_{\min}$ and
    $d(x, y) \le d_{\max}$: enough lists put $x$ ahead of $y$ (by at least the
    preference threshold $s_p$) and few put it far behind (by the veto
    threshold $s_v$). The thresholds are fractions, truncated as FLAGR does:
    $s_p = \lfloor p\,n \rfloor$, $s_v = \lfloor v\,n \rfloor$,
    $c_{\min} = \lfloor c\,W \rfloor$, $d_{\max} = \lfloor d\,W \rfloor$, with
    $W = \sum_\ell w_\ell$ the number of voters (FLAGR takes the number of
    lists $L$, which is the same when every weight is 1). The score is
    $\sum_{y : x S y} c(x, y)$ (FLAGR's rule; the paper's own ranking
    procedure is not reproduced here).

    An unranked item sits at position $\lvert\ell\rvert + 1$ in the textbook
    convention (Fagin, Kumar & Sivakumar's location parameter for top-$k$
    lists), at 1,000,000 in FLAGR's: there any list that ranks $y$ but not
    $x$ vetoes $x \mathrel{S} y$.

    Parameters
    ----------
    lists : sequence of (sequence of item ids, or mapping item -> score)
        The ranked lists of one query, best first.
    weights : sequence of float, optional
        One weight per list (default 1 each).
    preference, veto : float, default 0.0 and 0.75
        $p$ and $v$, fractions of $n$ (PyFLAGR's defaults).
    concordance, discordance : float, default 0.0 and 0.25
        $c$ and $d$, fractions of $L$ (PyFLAGR's defaults).
    convention : {"textbook", "flagr"}, default "textbook"
        Where unranked items sit, $W$ or $L$ in the thresholds, and float32
        fractions for ``"flagr"``.

    Returns
    -------
    dict
        Item -> outranking score, best first.

    References
    ----------
    Farah, M. and Vanderpooten, D. (2007). An outranking approach for rank
    aggregation in information retrieval. In Proceedings of ACM SIGIR 2007,
    pages 591-598.

    Fagin, R., Kumar, R. and Sivakumar, D. (2003). Comparing top k lists. SIAM
    Journal on Discrete Mathematics 17(1), pages 134-160.

    Examples
    --------
    >>> tennessee = [["Memphis", "Nashville", "Chattanooga", "Knoxville"],
    ...              ["Nashville", "Chattanooga", "Knoxville", "Memphis"],
    ...              ["Chattanooga", "Knoxville", "Nashville", "Memphis"],
    ...              ["Knoxville", "Chattanooga", "Nashville", "Memphis"]]
    >>> voters = [42, 26, 15, 17]
    >>> outranking(tennessee, weights=voters)
    {'Nashville': 194.0, 'Chattanooga': 173.0, 'Memphis': 84.0, 'Knoxville': 49.0}
    """
    check.convention(convention)
    profile = make_profile(lists, weights)
    n = profile.n_items
    voters = profile.n_lists if convention == "flagr" else float(profile.weight.sum())
    pt, vt, ct, dt = outranking_thresholds(n, voters, preference, veto, concordance, discordance,
                                           convention)
    c, d = concordance_discordance(profile, pt, vt, convention)
    outranks = (c >= ct) & (d <= dt) & ~np.eye(n, dtype=bool)
    scores = np.where(outranks, c, 0.0).sum(axis=1)
    return ranked_result(profile, scores, exact=convention == "flagr")


def concordance_discordance(profile, pt: int, vt: int, convention: str):
    r"""$(c, d)$, the (n, n) concordant and discordant weights of every ordered pair."""
    length = profile.length.astype(float)[:, None]
    bottom = FLAGR_UNRANKED_RANK if convention == "flagr" else length + 1.0
    position = np.where(profile.ranked, profile.rank, bottom)
    x, y = position[:, :, None], position[:, None, :]
    c = weighted_count(profile.weight, x <= y - pt)
    d = weighted_count(profile.weight, x >= y + vt)
    return c, d


def schulze(lists, *, weights=None, strength: str = "winning_votes",
            convention: str = "textbook") -> dict:
    r"""Schulze's beatpath method: the number of items an item beats through its strongest paths.

    A path $x = z_0, z_1, \dots, z_k = y$ has the strength of its weakest link,
    where a link $z \to z'$ has strength $N(z, z')$ if $N(z, z') > N(z', z)$
    (winning votes) and 0 otherwise. With $P(x, y)$ the strength of the
    strongest path from $x$ to $y$, $x$ beats $y$ when $P(x, y) > P(y, x)$; this
    relation is transitive, and the score

    $$\operatorname{Sch}(x) = \lvert\{\, y : P(x, y) > P(y, x) \,\}\rvert$$

    orders the items. ``strength="margin"`` measures links by
    $N(z, z') - N(z', z)$ instead (pref_voting's default); on complete lists
    without ties the two agree.

    Parameters
    ----------
    lists : sequence of (sequence of item ids, or mapping item -> score)
        The ranked lists of one query, best first.
    weights : sequence of float, optional
        One weight per list (default 1 each).
    strength : {"winning_votes", "margin"}, default "winning_votes"
        How a link's strength is measured.
    convention : {"textbook"}, default "textbook"
        The published method; FLAGR has no SCHULZE, so ``"flagr"`` is refused (with a
        message) rather than ignored.

    Returns
    -------
    dict
        Item -> number of items it beats, best first.

    References
    ----------
    Schulze, M. (2011). A new monotonic, clone-independent, reversal symmetric,
    and Condorcet-consistent single-winner election method. Social Choice and
    Welfare 36(2), pages 267-303.

    Examples
    --------
    >>> tennessee = [["Memphis", "Nashville", "Chattanooga", "Knoxville"],
    ...              ["Nashville", "Chattanooga", "Knoxville", "Memphis"],
    ...              ["Chattanooga", "Knoxville", "Nashville", "Memphis"],
    ...              ["Knoxville", "Chattanooga", "Nashville", "Memphis"]]
    >>> voters = [42, 26, 15, 17]
    >>> schulze(tennessee, weights=voters)
    {'Nashville': 3.0, 'Chattanooga': 2.0, 'Knoxville': 1.0, 'Memphis': 0.0}
    """
    check.convention(convention, ("textbook",), method="schulze")
    profile = make_profile(lists, weights)
    paths = strongest_paths(preference_matrix(profile), strength)
    return ranked_result(profile, (paths > paths.T).sum(axis=1).astype(float))


def strongest_paths(preferences: np.ndarray, strength: str = "winning_votes") -> np.ndarray:
    r"""$P(x, y)$, the strength of the strongest path (Floyd-Warshall on widest paths)."""
    if strength not in ("winning_votes", "margin"):
        raise InvalidValueError(
            f"strength must be 'winning_votes' or 'margin'; got {strength!r}.")
    wins = preferences > preferences.T
    link = preferences if strength == "winning_votes" else preferences - preferences.T
    paths = np.where(wins, link, 0.0)
    for k in range(paths.shape[0]):
        through = np.minimum(paths[:, k][:, None], paths[k, :][None, :])
        paths = np.maximum(paths, through)
    np.fill_diagonal(paths, 0.0)
    return paths
