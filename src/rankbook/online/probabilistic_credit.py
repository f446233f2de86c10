r"""Who wins a probabilistic comparison: the clicks credited over every possible assignment.

The shown list does not say which ranker drew each document: any ranker whose list holds
the document could have. Hofmann, Whiteson and de Rijke (2011) marginalise over the
*assignments* $a$ (a ranker per rank) that could have produced the shown list $L$:

$$P(a \mid L) = \frac{P(L \mid a)\, P(a)}{\sum_{a'} P(L \mid a')\, P(a')}, \qquad
P(L \mid a) = \prod_{i=1}^{n} P_{a_i}(L_i \mid L_{<i})$$

where $P_{a_i}(L_i \mid L_{<i})$ is ranker $a_i$'s softmax probability of the document at
rank $i$ among the documents not shown before it, and $P(a)$ the probability of the ranker
draws. Interleaving then takes the expected outcome $E[o] = \sum_a o(c, a)\, P(a \mid L)$,
with $o(c, a) = +1$ when the clicks $c$ assigned to A outnumber those assigned to B, $-1$ in
the other case and 0 for a tie; multileaving (Schuth et al., 2015) the expected clicks of each
ranker, $\sum_a P(a \mid L) \sum_i c_i [a_i = j]$.

| function | what it gives |
| --- | --- |
| `probabilistic_assignments` | every assignment of rankers to the shown list, with $P(a \mid L)$ |
| `probabilistic_rank_posteriors` | interleaving: each rank's $P(a_i \mid L)$ (independent given the list) |
| `probabilistic_outcome` | interleaving: $E[o]$, in $[-1, 1]$ (positive: A wins) |
| `probabilistic_credit` | multileaving: the expected clicks of each ranker |
"""

from __future__ import annotations

from rankbook._errors import InvalidValueError
from rankbook.online import _common, _softmax

__all__ = ["probabilistic_assignments", "probabilistic_rank_posteriors", "probabilistic_outcome",
           "probabilistic_credit"]


def probabilistic_assignments(rankings, shown, *, tau=3, rounds: bool = True) -> dict:
    r"""Every assignment of rankers that could have drawn the shown list, with $P(a \mid L)$.

    Parameters
    ----------
    rankings : sequence of sequences of hashable
        The rankers' lists of document ids, rank 1 first.
    shown : Interleaving or sequence of hashable
        The list the user saw.
    tau : float, default 3
        The softmax's steepness.
    rounds : bool, default True
        Whether the rankers drew in rounds (multileaving) or afresh at each rank
        (interleaving: ``rounds=False``).

    Returns
    -------
    dict
        Assignment (a tuple: the ranker of each rank) -> its probability given the shown
        list; the probabilities sum to 1. Assignments that cannot produce the list are left
        out.

    Raises
    ------
    InvalidValueError
        If no assignment can produce the shown list (a document no ranker holds).

    Examples
    --------
    mpkato/interleaving's tests: with A = ``[1, 2]`` and B = ``[2, 3]`` and the list
    ``[1, 2]`` shown, only A can have drawn 1, and $P(L \mid a)$ is
    $\frac{1}{1 + 0.125} \cdot \frac{0.125}{0.125} = \frac{8}{9}$ when A also drew 2, and
    $\frac{1}{1 + 0.125} \cdot \frac{1}{1 + 0.125} = \frac{64}{81}$ when B did. With the
    coin's $P(a) = \frac{1}{4}$ for both:

    >>> probabilistic_assignments([[1, 2], [2, 3]], [1, 2], rounds=False)
    {(0, 0): Fraction(9, 17), (0, 1): Fraction(8, 17)}
    """
    lists = _common.rankings(rankings)
    steepness = _softmax.tau(tau)
    documents = _common.shown_documents(shown)
    joint: dict = {}
    pending = [((), frozenset(), 1)]
    while pending:
        assignment, pool, p = pending.pop()
        position = len(assignment)
        if position == len(documents):
            joint[assignment] = p
            continue
        before = documents[:position]
        for ranker, chance, after in _softmax.ranker_choices(lists, before, pool, rounds):
            q = _softmax.document_probabilities(lists[ranker], steepness, before).get(
                documents[position], 0)
            if q:
                pending.append((assignment + (ranker,), after, p * chance * q))
    total = sum(joint.values())
    if not total:
        raise InvalidValueError(
            f"no ranker could have drawn the shown list {list(documents)}: every document of "
            "it must be in at least one ranking, and each ranking must still hold documents "
            "when it draws.")
    return {a: p / total for a, p in sorted(joint.items())}


def _posteriors(lists, documents: tuple, steepness) -> list[dict]:
    """P(a_i = j | L) rank by rank, for rankers drawn afresh at every rank (the coin).

    The coin picks among the rankers that still hold a document, which the list above rank i
    decides, so P(L, a) is a product of one factor per rank and the ranks' assignments are
    independent given the list: the 2**n assignments need not be enumerated.
    """
    posteriors = []
    for i, document in enumerate(documents):
        before = documents[:i]
        weights = {j: _softmax.document_probabilities(lists[j], steepness, before).get(document, 0)
                   for j, _, _ in _softmax.ranker_choices(lists, before, frozenset(), False)}
        total = sum(weights.values())
        if not total:
            raise InvalidValueError(
                f"no ranker could have drawn {document!r} at rank {i + 1} of the shown list "
                f"{list(documents)}: it must be in a ranking that still holds documents.")
        posteriors.append({j: w / total for j, w in weights.items() if w})
    return posteriors


def probabilistic_credit(rankings, shown, clicks, *, tau=3, rounds: bool = True) -> tuple:
    r"""The expected clicks of each ranker of a probabilistic multileaving.

    $$o_j = \sum_a P(a \mid L) \sum_{i=1}^{n} c_i\, [a_i = j]$$

    Parameters
    ----------
    rankings : sequence of sequences of hashable
        The $m$ rankers' lists, rank 1 first.
    shown : Interleaving or sequence of hashable
        The list the user saw.
    clicks : sequence of {0, 1}
        One entry per rank of the shown list.
    tau : float, default 3
        The softmax's steepness.
    rounds : bool, default True
        Whether the rankers drew in rounds (Schuth et al., 2015).

    Returns
    -------
    tuple
        One expected click count per ranker; they sum to the number of clicks.

    References
    ----------
    Schuth, A. et al. (2015). Probabilistic multileave for online retrieval evaluation.
    SIGIR 2015, pages 955-958.

    Examples
    --------
    >>> rankings = [["a", "b", "c"], ["b", "c", "a"], ["c", "a", "b"]]
    >>> credit = probabilistic_credit(rankings, ["c", "b", "a"], [1, 0, 0])
    >>> [round(float(x), 4) for x in credit], sum(credit)
    ([0.038, 0.0365, 0.9254], Fraction(1, 1))
    """
    lists = _common.rankings(rankings)
    documents = _common.shown_documents(shown)
    marks = _common.clicks(clicks, documents)
    credit = [0] * len(lists)
    for assignment, p in probabilistic_assignments(lists, documents, tau=tau,
                                                   rounds=rounds).items():
        for ranker, click in zip(assignment, marks):
            credit[ranker] += p * click
    return tuple(credit)


def probabilistic_rank_posteriors(a, b, shown, *, tau=3) -> list[dict]:
    r"""Probabilistic interleaving: which ranker drew each rank of the shown list, $P(a_i \mid L)$.

    The coin picks among the rankers that still hold a document, which the list above rank
    $i$ decides, so $P(L, a)$ is a product of one factor per rank and the ranks' assignments
    are independent given the list:

    $$P(a_i = X \mid L) = \frac{P_X(L_i \mid L_{<i})}{\sum_{Y} P_Y(L_i \mid L_{<i})}$$

    over the rankers $Y$ that hold a document not shown above rank $i$.

    Parameters
    ----------
    a, b : sequence of hashable
        The two rankers' lists, rank 1 first.
    shown : Interleaving or sequence of hashable
        The list the user saw.
    tau : float, default 3
        The softmax's steepness.

    Returns
    -------
    list of dict
        Per rank, ranker (0 for A, 1 for B) -> probability that it drew the document.

    Examples
    --------
    The example of `probabilistic_assignments`: 1 can only come from A; 2 from A with
    probability $\frac{8/9 \cdot 1}{1 + 8/9} = \frac{9}{17}$ (A's softmax gives it 1 once 1 is
    shown, B's gives it $\frac{8}{9}$).

    >>> probabilistic_rank_posteriors([1, 2], [2, 3], [1, 2])
    [{0: Fraction(1, 1)}, {0: Fraction(9, 17), 1: Fraction(8, 17)}]
    """
    lists = (_common.ranking(a, "a"), _common.ranking(b, "b"))
    return _posteriors(lists, _common.shown_documents(shown), _softmax.tau(tau))


def probabilistic_outcome(a, b, shown, clicks, *, tau=3, posteriors=None):
    r"""Who wins a probabilistic interleaving: $E[o]$, positive when A wins, negative for B.

    $$E[o] = \sum_a o(c, a)\, P(a \mid L), \qquad
    o(c, a) = \operatorname{sign}\Big(\sum_i c_i [a_i = A] - \sum_i c_i [a_i = B]\Big)$$

    Parameters
    ----------
    a, b : sequence of hashable
        The two rankers' lists, rank 1 first.
    shown : Interleaving or sequence of hashable
        The list the user saw.
    clicks : sequence of {0, 1}
        One entry per rank of the shown list.
    tau : float, default 3
        The softmax's steepness.
    posteriors : list of dict, optional
        `probabilistic_rank_posteriors` of this shown list, to reuse for many click
        patterns on the same list.

    Returns
    -------
    Fraction or float
        $E[o]$ in $[-1, 1]$ (exact for a whole ``tau``); 0 is a tie.

    Notes
    -----
    With the coin, the ranks' assignments are independent given the shown list, so $E[o]$
    needs only each rank's $P(a_i \mid L)$ and the distribution of the clicks' margin over the
    clicked ranks, not the $2^n$ assignments (`probabilistic_assignments` lists them).

    References
    ----------
    Hofmann, K., Whiteson, S. and de Rijke, M. (2011). A probabilistic method for inferring
    preferences from clicks. CIKM 2011, pages 249-258.

    Examples
    --------
    Both documents of ``[1, 2]`` clicked: with probability 9/17 A drew both (A wins), with
    8/17 each drew one (a tie).

    >>> probabilistic_outcome([1, 2], [2, 3], [1, 2], [1, 1])
    Fraction(9, 17)
    """
    documents = _common.shown_documents(shown)
    marks = _common.clicks(clicks, documents)
    if posteriors is None:
        posteriors = probabilistic_rank_posteriors(a, b, documents, tau=tau)
    margins = {0: 1}                    # clicks assigned to A minus to B -> probability
    for posterior, click in zip(posteriors, marks):
        if click:
            wider: dict = {}
            for margin, p in margins.items():
                for ranker, q in posterior.items():
                    step = margin + (1 if ranker == 0 else -1)
                    wider[step] = wider.get(step, 0) + p * q
            margins = wider
    return sum(p * ((m > 0) - (m < 0)) for m, p in margins.items())
