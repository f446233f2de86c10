r"""Search length: how far down the list a user reads to find what they want.

| function | measure | trec_eval name |
| --- | --- | --- |
| `search_length` | SL (lecture), Cooper's search length and expected search length | (none) |

Search length belongs with reciprocal rank (`rankbook.metrics.reciprocal_rank`)
in the "where is the first relevant document" family: with one document wanted
and the rank reading, $\mathrm{RR} = 1 / \mathrm{SL}$. It is a count of documents (an effort), so
lower is better, and it is not bounded by 1.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import NamedTuple

import numpy as np

from rankbook import _validate
from rankbook._errors import InvalidValueError
from rankbook.metrics._common import is_relevant

COUNTS = ("rank", "non_relevant")


@_validate.explains_missing_arguments
def search_length(
    relevance: Sequence[float],
    *,
    wanted: int = 1,
    count: str = "rank",
    scores: Sequence[float] | None = None,
    relevance_level: float = 1,
) -> float:
    r"""How many documents a user examines to find the ``wanted``-th relevant one.

    $$\mathrm{SL}_{\mathrm{rank}} = K_n \qquad\qquad \mathrm{SL}_{\text{non-rel}} = K_n - n$$

    where $n$ is ``wanted``, the number of relevant documents the user wants,
    and $K_n$ the rank of the $n$-th relevant document. Two readings, chosen
    with ``count``:

    - ``"rank"`` (default): the number of documents examined, $K_n$. With
      one document wanted this is the lecture seed's "Search Length = Rank of
      the answer", and $\mathrm{RR} = 1/\mathrm{SL}$.
    - ``"non_relevant"``: Cooper's (1968) search length, the number of
      *non-relevant* documents examined before the $n$-th relevant one is
      found, $K_n - n$: the wasted effort. A perfect list scores 0, not 1.

    The two differ by exactly ``wanted``. Both count effort: lower is better.

    Not enough relevant documents: when the list holds fewer than ``wanted``
    relevant documents the user's need is never met within it, and the search
    length is ``math.inf``. That keeps $\mathrm{RR} = 1/\mathrm{SL}$ true (1/inf = 0.0, the RR
    of a list with nothing relevant), and it makes a mean over queries inf
    rather than silently ignoring the failure. Average such values with care,
    for example by counting failures apart.

    Ties (Cooper's *expected* search length): Cooper defined search length
    for a *weak* ordering, in which a system may rank several documents
    equally. Pass ``scores`` (one per document, non-increasing; equal scores
    form one tie level) to get the expectation over every order of the
    documents inside the level where the search ends:

    $$\mathrm{ESL}_{\text{non-rel}} = j + \frac{i \cdot s}{r + 1}$$

    where $j$ is the number of non-relevant documents in the levels above,
    and the final level holds $r$ relevant and $i$ non-relevant documents, of
    which the user still needs $s$ relevant ones ($1 \le s \le r$). The rank
    reading adds $n$: $\mathrm{ESL}_{\mathrm{rank}} = \mathrm{ESL}_{\text{non-rel}} + n$. With no ties
    (all scores distinct) the expectation is the plain search length.

    An unjudged document (``None``) is non-relevant.

    Parameters
    ----------
    relevance : sequence of float, shape (n,)
        Grades of the ranked list, rank 1 first.
    wanted : int, default 1
        $n$, how many relevant documents the user wants (1 for a known-item,
        navigational or fact-finding search).
    count : {"rank", "non_relevant"}, default "rank"
        What is counted: every document examined (``"rank"``, the lecture's
        reading) or only the non-relevant ones (``"non_relevant"``, Cooper's).
    scores : sequence of float, shape (n,), optional
        The system's scores, non-increasing, to treat equal scores as ties
        and return Cooper's expected search length. None (default): the
        order of ``relevance`` is strict.
    relevance_level : float, default 1
        Lowest grade that counts as relevant.

    Returns
    -------
    float
        The search length: $\ge n$ for ``"rank"``, $\ge 0$ for
        ``"non_relevant"``; a whole number unless ties are averaged over;
        ``math.inf`` when fewer than ``wanted`` relevant documents are in
        the list.

    See Also
    --------
    rankbook.metrics.reciprocal_rank.reciprocal_rank : $1 / \mathrm{SL}_{\mathrm{rank}}$ for one wanted document.

    rankbook.metrics.means.mean_reciprocal_rank : its mean over queries.

    References
    ----------
    Cooper, W. S. (1968). Expected search length: A single measure of
    retrieval effectiveness based on the weak ordering action of retrieval
    systems. American Documentation 19(1), 30-41.

    van Rijsbergen, C. J. (1979). Information Retrieval, 2nd ed., chapter 7.
    Butterworths.

    Examples
    --------
    The answer at rank 3 (the lecture: "Search Length = Rank of the answer"):

    >>> search_length([0, 0, 1, 0])
    3.0

    Cooper's reading counts the two non-relevant documents read before it:

    >>> search_length([0, 0, 1, 0], count="non_relevant")
    2.0

    Wanting two relevant documents from relevant-at-1-and-4, the user reads
    4 documents, 2 of them useless:

    >>> ranking = [1, 0, 0, 1, 1]
    >>> search_length(ranking, wanted=2), search_length(ranking, wanted=2, count="non_relevant")
    (4.0, 2.0)

    One relevant and two non-relevant documents tied at the top: on average
    $2 \cdot 1 / (1 + 1) = 1$ non-relevant document is read first.

    >>> search_length([0, 1, 0], scores=[0.5, 0.5, 0.5], count="non_relevant")
    1.0
    """
    grades = _validate.grades(relevance)
    wanted = _validate.cutoff(wanted, "wanted")
    _validate.choice(count, COUNTS, "count")
    threshold = _validate.threshold(relevance_level)
    relevant = is_relevant(grades, threshold)
    if np.count_nonzero(relevant) < wanted:
        return math.inf

    if scores is None:
        K_n = int(np.flatnonzero(relevant)[wanted - 1]) + 1
        non_relevant_read = K_n - wanted
    else:
        j, i, r, s = cooper_terms(grades, scores, wanted=wanted, relevance_level=threshold)
        non_relevant_read = j + i * s / (r + 1)
    return float(non_relevant_read + wanted) if count == "rank" else float(non_relevant_read)


class CooperTerms(NamedTuple):
    """The counts of Cooper's expected search length (see `cooper_terms`)."""

    j: int   # non-relevant documents in the tie levels read in full
    i: int   # non-relevant documents in the level where the search ends
    r: int   # relevant documents in that level
    s: int   # relevant documents the user still needs from it


def cooper_terms(relevance: Sequence[float], scores: Sequence[float], *, wanted: int = 1,
                 relevance_level: float = 1) -> CooperTerms:
    r"""The counts $j$, $i$, $r$ and $s$ of Cooper's expected search length.

    $$\mathrm{ESL}_{\text{non-rel}} = j + \frac{i \cdot s}{r + 1}$$

    The tie levels (equal ``scores``) are read from the top until the one that holds the
    ``wanted``-th relevant document: $j$ counts the non-relevant documents of the levels above
    it, $r$ and $i$ the relevant and non-relevant documents of that level, and $s$ the relevant
    ones still needed there. `search_length` computes its expectation from these; the hand
    calculation of `rankbook.explain` writes them out.

    Parameters
    ----------
    relevance, scores, wanted, relevance_level
        As for `search_length`; the list must hold at least ``wanted`` relevant documents.

    Returns
    -------
    CooperTerms
        ``(j, i, r, s)``.

    Examples
    --------
    Two levels: a non-relevant document alone at the top, then four tied documents, two of
    them relevant. One relevant document wanted: $1 + \frac{2 \cdot 1}{2 + 1} = \frac53$.

    >>> cooper_terms([0, 1, 0, 0, 1], [0.9, 0.5, 0.5, 0.5, 0.5])
    CooperTerms(j=1, i=2, r=2, s=1)
    """
    grades = _validate.grades(relevance)
    wanted = _validate.cutoff(wanted, "wanted")
    relevant = is_relevant(grades, _validate.threshold(relevance_level))
    if np.count_nonzero(relevant) < wanted:
        raise InvalidValueError(
            f"the list holds {np.count_nonzero(relevant)} relevant documents, fewer than the "
            f"{wanted} wanted: the search never ends (search_length returns inf).")
    j = 0  # non-relevant documents in the levels read in full
    still_needed = wanted
    for level in _tie_levels(scores, len(grades)):
        r = int(np.count_nonzero(relevant[level]))
        i = len(level) - r
        if r >= still_needed:
            return CooperTerms(j, i, r, still_needed)
        still_needed -= r
        j += i
    raise AssertionError("unreachable: there are enough relevant documents")


def _tie_levels(scores, n: int) -> list[np.ndarray]:
    """Positions grouped by equal score, best level first; scores must be non-increasing."""
    values, given = _validate.judged_grades(scores, name="scores")
    if not given.all():
        p = int(np.flatnonzero(~given)[0])
        raise InvalidValueError(f"scores[{p}] is None; every ranked document needs a score.")
    if len(values) != n:
        raise InvalidValueError(
            f"scores has {len(values)} values but relevance has {n}; give one score per "
            "ranked document."
        )
    rises = np.flatnonzero(np.diff(values) > 0)
    if rises.size:
        p = int(rises[0])
        raise InvalidValueError(
            f"scores must be non-increasing down the ranking (rank 1 first), but "
            f"scores[{p}]={values[p]} < scores[{p + 1}]={values[p + 1]}; sort the documents by "
            "score, best first, before passing them."
        )
    starts = np.flatnonzero(np.r_[True, values[1:] != values[:-1]])
    return np.split(np.arange(n), starts[1:])
