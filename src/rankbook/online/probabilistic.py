r"""Probabilistic interleaving (Hofmann et al., 2011) and multileaving (Schuth et al., 2015).

Each ranker turns its list into a softmax over documents, steep at the top:

$$P_j(d) = \frac{r_j(d)^{-\tau}}{\sum_{d' \notin L} r_j(d')^{-\tau}}$$

where $r_j(d)$ is the rank of document $d$ in ranker $j$'s list and the sum runs over the
documents of that list not shown yet ($L$ is the list shown so far). At each rank a ranker
is drawn at random and draws a document from its softmax; the document is then removed from
every ranker's softmax. Every ranker can place every document of its list at every rank, so
no ranker is favoured by the construction. Interleaving draws the ranker afresh at each rank
(a coin, Hofmann et al.); multileaving draws the rankers in rounds, each once per round in a
random order (Schuth et al.), as team-draft multileaving does. With a whole number $\tau$
(3 by default, Hofmann et al.'s value) every probability is an exact fraction.

| function | what it gives |
| --- | --- |
| `softmax_probabilities` | one ranker's softmax over the documents not shown yet |
| `probabilistic_interleave`, `probabilistic_multileave` | the shown list, for a seed (``teams``: the ranker that drew each document) |
| `probabilistic_distribution`, `probabilistic_multileave_distribution` | every list, with its exact probability |

The credit of the clicks (which marginalises over the rankers that may have drawn each
document) is in `rankbook.online.probabilistic_credit`.
"""

from __future__ import annotations

from rankbook.online import _common, _softmax
from rankbook.online._common import Interleaving

__all__ = ["softmax_probabilities", "probabilistic_interleave", "probabilistic_multileave",
           "probabilistic_distribution", "probabilistic_multileave_distribution"]


def softmax_probabilities(ranking, *, tau=3, shown=()) -> dict:
    r"""The probability that a ranker draws each of its documents next.

    $$P(d) = \frac{r(d)^{-\tau}}{\sum_{d' \notin L} r(d')^{-\tau}}$$

    where $r(d)$ is the document's rank in ``ranking`` and $L$ the documents already shown
    (they keep their ranks' places: the weights of the others do not move up).

    Parameters
    ----------
    ranking : sequence of hashable
        The ranker's list of document ids, rank 1 first.
    tau : float, default 3
        How steeply the probability falls with the rank; 0 draws uniformly.
    shown : sequence of hashable, optional
        Documents already shown, which cannot be drawn again.

    Returns
    -------
    dict
        Document -> probability (a `fractions.Fraction` when ``tau`` is a whole number).

    References
    ----------
    Hofmann, K., Whiteson, S. and de Rijke, M. (2011). A probabilistic method for inferring
    preferences from clicks. CIKM 2011, pages 249-258.

    Examples
    --------
    With $\tau = 3$ the weights of ranks 1, 2, 3 are $1, \frac{1}{8}, \frac{1}{27}$, whose
    sum is $\frac{251}{216}$; mpkato/interleaving's tests print the three probabilities as
    0.86056, 0.10757 and 0.03187:

    >>> p = softmax_probabilities([0, 1, 2])
    >>> p
    {0: Fraction(216, 251), 1: Fraction(27, 251), 2: Fraction(8, 251)}
    >>> [round(float(x), 5) for x in p.values()]
    [0.86056, 0.10757, 0.03187]
    """
    documents = _common.ranking(ranking, "ranking")
    return _softmax.document_probabilities(documents, _softmax.tau(tau), frozenset(shown))


def _draw(lists, steepness, length: int, rounds: bool, rng) -> Interleaving:
    """The sampler: the draws of the module's docstring, with float weights (fast)."""
    shown: tuple = ()
    draws: tuple = ()
    pool: frozenset = frozenset()
    while len(shown) < length:
        choices = _softmax.ranker_choices(lists, shown, pool, rounds)
        if not choices:
            break
        ranker, _, pool = choices[int(rng.random() * len(choices))]
        probabilities = _softmax.document_probabilities(lists[ranker], float(steepness), shown)
        u, total = rng.random(), 0.0
        for pick, p in probabilities.items():
            total += p
            if u < total:
                break
        shown, draws = shown + (pick,), draws + (ranker,)
    return Interleaving(shown, draws)


def probabilistic_multileave(rankings, *, length: int | None = None, tau=3, rounds: bool = True,
                             seed=None) -> Interleaving:
    r"""The list probabilistic multileaving shows, drawn with a seed.

    At each rank a ranker is drawn (in rounds: each ranker once per round, in a random
    order), and draws a document not shown yet from its softmax
    (`softmax_probabilities`). Only rankers with a document left can draw.

    Parameters
    ----------
    rankings : sequence of sequences of hashable
        The $m \ge 2$ rankers' lists of document ids, rank 1 first.
    length : int, optional
        How many documents to show; by default the length of the shortest list.
    tau : float, default 3
        The softmax's steepness.
    rounds : bool, default True
        Draw the rankers in rounds (Schuth et al., 2015); False draws one uniformly at every
        rank (Hofmann et al.'s coin).
    seed : int, numpy.random.Generator or None
        The draws: the same seed gives the same list.

    Returns
    -------
    Interleaving
        ``documents``, and ``teams``: the ranker that drew each document. The credit does not
        use them: any ranker could have drawn the document (`probabilistic_credit`).

    References
    ----------
    Schuth, A., Bruintjes, R.-J., Buttner, F., van Doorn, J., Groenland, C., Oosterhuis, H.,
    Tran, C.-N., Veeling, B., van der Velde, J., Wechsler, R., Woudenberg, D. and de Rijke, M.
    (2015). Probabilistic multileave for online retrieval evaluation. SIGIR 2015, pages
    955-958.

    Examples
    --------
    >>> probabilistic_multileave([["a", "b", "c"], ["b", "c", "a"], ["c", "a", "b"]], seed=0)
    Interleaving(documents=('b', 'a', 'c'), teams=(1, 0, 2))
    """
    lists = _common.rankings(rankings)
    return _draw(lists, _softmax.tau(tau), _common.length(length, lists), rounds,
                 _common.generator(seed))


def probabilistic_interleave(a, b, *, length: int | None = None, tau=3, seed=None
                             ) -> Interleaving:
    r"""The list probabilistic interleaving shows: at each rank a coin picks A or B, which draws.

    Parameters
    ----------
    a, b : sequence of hashable
        The two rankers' lists of document ids, rank 1 first.
    length : int, optional
        How many documents to show; by default the length of the shorter list.
    tau : float, default 3
        The softmax's steepness.
    seed : int, numpy.random.Generator or None
        The draws: the same seed gives the same list.

    Returns
    -------
    Interleaving
        ``documents``, and ``teams``: 0 where A drew the document, 1 where B did.

    See Also
    --------
    probabilistic_distribution : every list, with its probability.
    rankbook.online.probabilistic_credit.probabilistic_outcome : who wins, from the clicks.

    References
    ----------
    Hofmann, K., Whiteson, S. and de Rijke, M. (2011). A probabilistic method for inferring
    preferences from clicks. CIKM 2011, pages 249-258.

    Examples
    --------
    >>> probabilistic_interleave(["d1", "d2", "d3"], ["d2", "d3", "d1"], seed=3)
    Interleaving(documents=('d1', 'd2', 'd3'), teams=(0, 1, 0))
    """
    return probabilistic_multileave([a, b], length=length, tau=tau, rounds=False, seed=seed)


def probabilistic_multileave_distribution(rankings, *, length: int | None = None, tau=3,
                                          rounds: bool = True) -> dict[Interleaving, object]:
    r"""Every list probabilistic multileaving can show, with its exact probability.

    $$P(L) = \sum_{a} \prod_{i=1}^{n} P(a_i \mid a_{<i}) \, P_{a_i}(L_i \mid L_{<i})$$

    summed over the sequences $a$ of rankers that can draw the list (the ranker draws and
    the softmax draws of `probabilistic_multileave`, enumerated rank by rank; draws that leave
    the same list and the same rankers to come are merged).

    Parameters
    ----------
    rankings : sequence of sequences of hashable
        The $m \ge 2$ rankers' lists, rank 1 first.
    length : int, optional
        How many documents to show; by default the length of the shortest list.
    tau : float, default 3
        The softmax's steepness.
    rounds : bool, default True
        Draw the rankers in rounds (Schuth et al.); False: a fresh draw at every rank.

    Returns
    -------
    dict
        `Interleaving` (``teams`` None) -> probability: a `fractions.Fraction` when ``tau``
        is a whole number, else a float.

    Examples
    --------
    mpkato/interleaving's tests give the six lists of length 2 of ``[1, 2]`` and ``[1, 3]``
    drawn in rounds as 0.444444444, 0.444444444, 0.049382716, 0.00617284, 0.049382716 and
    0.00617284:

    >>> dist = probabilistic_multileave_distribution([[1, 2], [1, 3]])
    >>> for shown, p in sorted(dist.items()):
    ...     print(shown.documents, p)
    (1, 2) 4/9
    (1, 3) 4/9
    (2, 1) 4/81
    (2, 3) 1/162
    (3, 1) 4/81
    (3, 2) 1/162
    """
    lists = _common.rankings(rankings)
    steepness = _softmax.tau(tau)
    n = _common.length(length, lists)
    distribution: dict = {}
    level = {((), frozenset()): 1}     # (shown so far, rankers left in the round) -> probability
    while level:
        deeper: dict = {}
        for (shown, pool), p in level.items():
            choices = _softmax.ranker_choices(lists, shown, pool, rounds) if len(shown) < n else []
            if not choices:
                key = Interleaving(shown)
                distribution[key] = distribution.get(key, 0) + p
            for ranker, chance, after in choices:
                for document, q in _softmax.document_probabilities(lists[ranker], steepness,
                                                                   shown).items():
                    state = (shown + (document,), after)
                    deeper[state] = deeper.get(state, 0) + p * chance * q
        level = deeper
    return distribution


def probabilistic_distribution(a, b, *, length: int | None = None, tau=3
                               ) -> dict[Interleaving, object]:
    r"""Every list probabilistic interleaving can show, with its exact probability.

    Parameters
    ----------
    a, b : sequence of hashable
        The two rankers' lists, rank 1 first.
    length : int, optional
        How many documents to show; by default the length of the shorter list.
    tau : float, default 3
        The softmax's steepness.

    Returns
    -------
    dict
        `Interleaving` (``teams`` None) -> probability (exact for a whole ``tau``).

    Examples
    --------
    When both rankers agree on ``[0, 1, 2]``, the first document is 0, 1 or 2 with the
    softmax's probabilities, mpkato/interleaving's 0.86056, 0.10757 and 0.03187:

    >>> dist = probabilistic_distribution([0, 1, 2], [0, 1, 2])
    >>> first = {}
    >>> for shown, p in dist.items():
    ...     first[shown.documents[0]] = first.get(shown.documents[0], 0) + p
    >>> dict(sorted(first.items()))
    {0: Fraction(216, 251), 1: Fraction(27, 251), 2: Fraction(8, 251)}
    """
    return probabilistic_multileave_distribution([a, b], length=length, tau=tau, rounds=False)
