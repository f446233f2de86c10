r"""Markov-chain rank aggregation: MC1-MC4 (Dwork et al. 2001) and MCT (DeConde et al. 2006).

Each method builds a random walk on the $n$ items: from the current item $P$
the walker moves to an item $Q$ that the lists rank above $P$, with a
probability the chain's rule gives. Items where the walker spends most of its
time are the best: the aggregate score is the walk's stationary distribution
$\pi$ (the solution of $\pi T = \pi$, $\sum_x \pi_x = 1$).

| function | move from $P$ to $Q \ne P$ with probability |
| --- | --- |
| `mc1` | uniform over the multiset of items ranked at or above $P$ by the lists that rank $P$ |
| `mc2` | pick a list that ranks $P$, then an item it ranks at or above $P$ |
| `mc3` | pick a list that ranks $P$, then any item it ranks; move if it is above $P$ |
| `mc4` | pick an item uniformly; move if a majority of the lists ranking both put it above $P$ |
| `mct` | pick an item uniformly; move with the fraction of those lists that put it above $P$ |

A teleportation ("ergodic") step makes the chain ergodic, so $\pi$ is unique:
with probability $\epsilon$ the walker jumps to a uniformly chosen item,
$T' = (1 - \epsilon)\,T + \epsilon / n$.

`convention="flagr"` reproduces FLAGR 1.0.18, whose five chains differ from the
published ones (see `markov_chain_matrix` and the docs page
"Rank aggregation: Markov chains").
"""

from __future__ import annotations

import numpy as np

from rankbook._errors import InvalidValueError
from rankbook.aggregate import _arguments as check
from rankbook.aggregate._markov_matrices import (
    flagr_matrix,
    flagr_power_iteration,
    textbook_transitions,
)
from rankbook.aggregate._profile import make_profile, ranked_result
from rankbook.aggregate.stationary import stationary_distribution

CHAINS = ("mc1", "mc2", "mc3", "mc4", "mct")


def markov_chain_matrix(lists, chain: str = "mc4", *, weights=None, ergodic_number: float = 0.15,
                        convention: str = "textbook") -> tuple:
    r"""The transition matrix of a rank-aggregation Markov chain, with teleportation.

    $$T'_{P Q} = (1 - \epsilon)\, T_{P Q} + \frac{\epsilon}{n}, \qquad
      T_{P P} = 1 - \sum_{Q \ne P} T_{P Q}$$

    where $T_{P Q}$ is the chain's rule for moving from item $P$ to item $Q$
    (with $r_\ell(x)$ the rank of $x$ in list $\ell$, $w_\ell$ the list's
    weight, $K(P)$ the lists that rank $P$ and $B(P, Q)$ those that rank both):

    - MC1: $T_{P Q} = \sum_{\ell \in K(P)} w_\ell [r_\ell(Q) \le r_\ell(P)] \,/\, \sum_{\ell \in K(P)} w_\ell\, r_\ell(P)$
    - MC2: $T_{P Q} = \frac{1}{W(P)} \sum_{\ell \in K(P)} w_\ell [r_\ell(Q) \le r_\ell(P)] / r_\ell(P)$, $W(P) = \sum_{\ell \in K(P)} w_\ell$
    - MC3: $T_{P Q} = \frac{1}{W(P)} \sum_{\ell \in K(P)} w_\ell [r_\ell(Q) < r_\ell(P)] / \lvert\ell\rvert$
    - MC4: $T_{P Q} = 1/n$ if $\sum_{\ell \in B(P,Q)} w_\ell [r_\ell(Q) < r_\ell(P)] > \frac12 \sum_{\ell \in B(P,Q)} w_\ell$, else 0
    - MCT: $T_{P Q} = \frac{1}{n} \sum_{\ell \in B(P,Q)} w_\ell [r_\ell(Q) < r_\ell(P)] \,/\, \sum_{\ell \in B(P,Q)} w_\ell$ (0 when no list ranks both)

    An unranked item is never "at or above" anything. An item that no list
    ranks (possible only with zero weights) stays where it is.

    ``convention="flagr"`` builds FLAGR's matrices instead (unweighted): with
    $v_{P Q}$ the lists that rank both and put $P$ above $Q$, and $b_{P Q}$ FLAGR's
    counter of lists ranking both, which is never reset inside a row, so that it
    counts the pairs $(P, Q')$ for every $Q'$ up to $Q$ in code order (the
    diagonal included), MC1 moves with $1/n$ unless $v_{P Q} = L$; MC2 and MC4
    unless $v_{P Q} > L/2$ (MC4: $0.5/n$ while $b_{P Q} = 0$); MC3 moves with
    $v_{P Q} / (b_{P Q}\, n)$ (towards the item $P$ beats); MCT with
    $(b_{P Q} - v_{P Q}) / (b_{P Q}\, n)$, or $0.5/n$ while $b_{P Q} = 0$; and
    $\epsilon$ is rounded to single precision.

    Parameters
    ----------
    lists : sequence of (sequence of item ids, or mapping item -> score)
        The ranked lists of one query, best first; partial lists allowed.
    chain : {"mc1", "mc2", "mc3", "mc4", "mct"}, default "mc4"
    weights : sequence of float, optional
        One weight per list (textbook convention only; FLAGR's chains have none).
    ergodic_number : float, default 0.15
        Teleportation probability $\epsilon$ in [0, 1] (FLAGR's default).
    convention : {"textbook", "flagr"}, default "textbook"

    Returns
    -------
    items : tuple
        The items, in order of first appearance (the rows and columns of the matrix).
    matrix : numpy.ndarray, shape (n, n)
        Row-stochastic transition matrix $T'$: entry ``[p, q]`` is the
        probability of moving from ``items[p]`` to ``items[q]``.

    Examples
    --------
    >>> items, T = markov_chain_matrix([["a", "b", "c"], ["b", "a", "c"]], "mc4",
    ...                                ergodic_number=0)
    >>> items
    ('a', 'b', 'c')
    >>> T.round(3).tolist()          # c moves up to a or b; a and b tie, so stay
    [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.333, 0.333, 0.333]]
    """
    chain = _chain_name(chain)
    convention = check.convention(convention)
    epsilon = check.real(ergodic_number, "ergodic_number", low=0, high=1)
    profile = make_profile(lists, weights)
    if convention == "flagr":
        check.no_weights(weights, "FLAGR's Markov chains (convention='flagr')", profile)
        order, matrix = flagr_matrix(profile, chain, epsilon)
        back = np.argsort(order)
        return profile.items, matrix[np.ix_(back, back)]
    return profile.items, textbook_transitions(profile, chain) * (1 - epsilon) + epsilon / profile.n_items


def mc1(lists, *, weights=None, ergodic_number: float = 0.15, max_iterations: int | None = None,
        convention: str = "textbook") -> dict:
    r"""MC1 (Dwork et al. 2001): walk to a uniformly chosen item ranked at or above the current one.

    From item $P$ the walker picks uniformly from the multiset
    $\bigcup_{\ell \in K(P)} \{Q : r_\ell(Q) \le r_\ell(P)\}$ (so it stays
    with probability about one over $P$'s average rank); the score is the
    stationary probability of the chain with teleportation $\epsilon$. See
    `markov_chain_matrix` for the matrix and for FLAGR's different rule (FLAGR's
    MC1 moves to $Q$ unless $P$ beats $Q$ in every list).

    Parameters
    ----------
    lists : sequence of (sequence of item ids, or mapping item -> score)
        The ranked lists of one query, best first; partial lists allowed.
    weights : sequence of float, optional
        One weight per list (textbook convention only).
    ergodic_number : float, default 0.15
        Teleportation probability $\epsilon$.
    max_iterations : int, optional
        FLAGR: the power iteration runs ``max_iterations - 1`` steps (default
        100, FLAGR's). Textbook: the stationary distribution is solved exactly
        when $\epsilon > 0$; without teleportation it is iterated to a
        tolerance of 1e-12 with at most ``max_iterations`` steps (default 1000).
    convention : {"textbook", "flagr"}, default "textbook"

    Returns
    -------
    dict
        Item -> stationary probability, best first.

    References
    ----------
    Dwork, Kumar, Naor and Sivakumar (2001). Rank aggregation methods for the
    Web. Proceedings of WWW 10, pp. 613-622.

    Examples
    --------
    >>> scores = mc1([["a", "b", "c"], ["a", "c", "b"], ["b", "a", "c"]])
    >>> list(scores)
    ['a', 'b', 'c']
    """
    return _run(lists, "mc1", weights, ergodic_number, max_iterations, convention)


def mc2(lists, *, weights=None, ergodic_number: float = 0.15, max_iterations: int | None = None,
        convention: str = "textbook") -> dict:
    r"""MC2 (Dwork et al. 2001): pick a list that ranks the current item, then an item at or above it.

    $T_{P Q} = \frac{1}{W(P)} \sum_{\ell \in K(P)} w_\ell [r_\ell(Q) \le r_\ell(P)] / r_\ell(P)$;
    each list has the same say whatever the current item's rank in it. FLAGR's
    MC2 instead moves to $Q$ (with $1/n$) unless $P$ beats $Q$ in more than
    half of all lists. Parameters and return value as `mc1`.

    Parameters
    ----------
    lists : sequence of (sequence of item ids, or mapping item -> score)
    weights : sequence of float, optional
    ergodic_number : float, default 0.15
    max_iterations : int, optional
    convention : {"textbook", "flagr"}, default "textbook"

    Returns
    -------
    dict

    Examples
    --------
    >>> list(mc2([["a", "b", "c"], ["a", "c", "b"], ["b", "a", "c"]]))
    ['a', 'b', 'c']
    """
    return _run(lists, "mc2", weights, ergodic_number, max_iterations, convention)


def mc3(lists, *, weights=None, ergodic_number: float = 0.15, max_iterations: int | None = None,
        convention: str = "textbook") -> dict:
    r"""MC3 (Dwork et al. 2001): pick a list that ranks the current item, then any of its items; move if better.

    $T_{P Q} = \frac{1}{W(P)} \sum_{\ell \in K(P)} w_\ell [r_\ell(Q) < r_\ell(P)] / \lvert\ell\rvert$
    for $Q \ne P$. FLAGR's MC3 moves towards the items $P$ beats, divided by a
    counter that is never reset (see `markov_chain_matrix`); its published MAP
    0.5057 on FLAGR's sample data needs that. Parameters as `mc1`.

    Parameters
    ----------
    lists : sequence of (sequence of item ids, or mapping item -> score)
    weights : sequence of float, optional
    ergodic_number : float, default 0.15
    max_iterations : int, optional
    convention : {"textbook", "flagr"}, default "textbook"

    Returns
    -------
    dict

    Examples
    --------
    >>> list(mc3([["a", "b", "c"], ["a", "c", "b"], ["b", "a", "c"]]))
    ['a', 'b', 'c']
    """
    return _run(lists, "mc3", weights, ergodic_number, max_iterations, convention)


def mc4(lists, *, weights=None, ergodic_number: float = 0.15, max_iterations: int | None = None,
        convention: str = "textbook") -> dict:
    r"""MC4 (Dwork et al. 2001): pick any item; move to it if a majority of the lists ranking both prefer it.

    $T_{P Q} = 1/n$ when $Q$ beats $P$ in a (weighted) majority of the lists
    that rank both, else 0 ($Q \ne P$). This generalises Copeland's method.
    FLAGR counts the majority over all $L$ lists and moves with $0.5/n$ where
    its never-reset counter is still 0. Parameters as `mc1`.

    Parameters
    ----------
    lists : sequence of (sequence of item ids, or mapping item -> score)
    weights : sequence of float, optional
    ergodic_number : float, default 0.15
    max_iterations : int, optional
    convention : {"textbook", "flagr"}, default "textbook"

    Returns
    -------
    dict

    Examples
    --------
    >>> list(mc4([["a", "b", "c"], ["a", "c", "b"], ["b", "a", "c"]]))
    ['a', 'b', 'c']
    """
    return _run(lists, "mc4", weights, ergodic_number, max_iterations, convention)


def mct(lists, *, weights=None, ergodic_number: float = 0.15, max_iterations: int | None = None,
        convention: str = "textbook") -> dict:
    r"""MCT (DeConde et al. 2006): pick any item; move with the fraction of lists that prefer it.

    $T_{P Q} = \frac{1}{n} \sum_{\ell \in B(P,Q)} w_\ell [r_\ell(Q) < r_\ell(P)] / \sum_{\ell \in B(P,Q)} w_\ell$,
    0 when no list ranks both. FLAGR divides by its never-reset counter and
    uses $0.5/n$ while the counter is 0. Parameters as `mc1`.

    Parameters
    ----------
    lists : sequence of (sequence of item ids, or mapping item -> score)
    weights : sequence of float, optional
    ergodic_number : float, default 0.15
    max_iterations : int, optional
    convention : {"textbook", "flagr"}, default "textbook"

    Returns
    -------
    dict

    References
    ----------
    DeConde, Hawley, Falcon, Clegg, Knudsen and Etzioni (2006). Combining
    results of microarray experiments: a rank aggregation approach. Statistical
    Applications in Genetics and Molecular Biology 5(1), article 15.

    Examples
    --------
    >>> list(mct([["a", "b", "c"], ["a", "c", "b"], ["b", "a", "c"]]))
    ['a', 'b', 'c']
    """
    return _run(lists, "mct", weights, ergodic_number, max_iterations, convention)


def _run(lists, chain, weights, ergodic_number, max_iterations, convention) -> dict:
    """Build the chain, find its stationary distribution, rank the items by it.

    A query with no items has no chain (a 0 x 0 matrix): its result is empty.
    """
    if check.convention(convention) == "flagr":
        profile = make_profile(lists)
        check.no_weights(weights, "FLAGR's Markov chains (convention='flagr')", profile)
        if profile.n_items == 0:
            return {}
        steps = check.count(100 if max_iterations is None else max_iterations, "max_iterations")
        epsilon = check.real(ergodic_number, "ergodic_number", low=0, high=1)
        order, matrix = flagr_matrix(profile, _chain_name(chain), epsilon)
        scores = np.empty(profile.n_items)
        scores[order] = flagr_power_iteration(matrix, steps)
        return ranked_result(profile, scores, exact=True)
    steps = check.count(1000 if max_iterations is None else max_iterations, "max_iterations")
    profile = make_profile(lists, weights)
    if profile.n_items == 0:
        return {}
    _, matrix = markov_chain_matrix(profile, chain, ergodic_number=ergodic_number)
    if ergodic_number > 0:
        scores = stationary_distribution(matrix)
    else:
        scores = stationary_distribution(matrix, method="power", max_iterations=steps)
    return ranked_result(profile, scores)


def _chain_name(chain) -> str:
    if not isinstance(chain, str) or chain.lower() not in CHAINS:
        raise InvalidValueError(f"chain={chain!r} is not one of {', '.join(map(repr, CHAINS))}.")
    return chain.lower()
