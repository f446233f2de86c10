r"""Reproducibility at the level of ranked lists: Kendall's tau union and RBO.

Breuer et al. (SIGIR 2020), section 3.1. Both compare the documents an
original run and its replication retrieved for a topic, cut at rank ``k``.
Each function takes either

- two ranked lists of document ids (rank 1 first), one topic: returns a float; or
- two mappings topic -> ranked list (one run each): returns a dict topic ->
  value, paired by topic id (the topic sets must be equal). Average the values
  over topics for the paper's table.

A document id may appear once per list, and a rank holds one document: a tied
group (a set of ids at one rank, as Corsi and Urbano write ties) is refused with
the rank it is at; break the tie first, as the run does.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping

import numpy as np

from rankbook import _validate
from rankbook._errors import InvalidTypeError, InvalidValueError
from rankbook.collections.correlation import kendall_tau


def _ranked(values, name: str, k) -> list:
    if isinstance(values, (str, bytes)) or not hasattr(values, "__len__"):
        raise InvalidTypeError(
            f"{name} must be a ranked list of document ids (rank 1 first), e.g. "
            f"['d3', 'd1', 'd7'], or a mapping topic -> such a list; got {type(values).__name__}.")
    docs = list(values)[:k]
    seen: set = set()
    for rank, doc in enumerate(docs, start=1):
        _refuse_tied_group(doc, rank, name)
        if doc in seen:
            raise InvalidValueError(
                f"{name} lists document {doc!r} twice (again at rank {rank}); a ranked list "
                "holds each document once.")
        seen.add(doc)
    return docs


def _refuse_tied_group(doc, rank: int, name: str) -> None:
    """A set of documents at one rank (a tie, as Corsi and Urbano write it) is refused."""
    if isinstance(doc, (set, frozenset)):
        raise InvalidTypeError(
            f"{name} holds a tied group at rank {rank}, {sorted(map(str, doc))[:5]}: these "
            "measures compare strict rankings, one document per rank. Break the tie as your "
            "run does (trec_eval: document id descending, rankbook.io.trec_order) and list "
            "the documents one by one; the tie-aware RBO variants are Corsi and Urbano's "
            "(SIGIR 2024, The Treatment of Ties in Rank-Biased Overlap).")
    if not isinstance(doc, Hashable):
        raise InvalidTypeError(
            f"{name} holds {doc!r} at rank {rank}; a document id is a string or a number.")


def _per_topic(measure, original, replicated, **options):
    """``measure`` on one pair of lists, or per topic on two mappings topic -> list."""
    if isinstance(original, Mapping) and isinstance(replicated, Mapping):
        only_o = [t for t in original if t not in replicated]
        only_r = [t for t in replicated if t not in original]
        if only_o or only_r:
            raise InvalidValueError(
                f"original_run and replicated_run rank different topics: only in original_run: "
                f"{only_o[:5]}; only in replicated_run: {only_r[:5]}. Compare the common topics, "
                "e.g. {t: run[t] for t in common}.")
        return {t: measure(_ranked(original[t], f"original_run[{t!r}]", options["k"]),
                           _ranked(replicated[t], f"replicated_run[{t!r}]", options["k"]),
                           **options)
                for t in original}
    if isinstance(original, Mapping) or isinstance(replicated, Mapping):
        raise InvalidTypeError(
            "pass both runs as mappings topic -> ranked list, or both as one topic's ranked "
            "lists; one of each cannot be paired.")
    k = options["k"]
    return measure(_ranked(original, "original_run", k), _ranked(replicated, "replicated_run", k),
                   **options)


def kendall_tau_union(original_run, replicated_run, *, k: int = 1000):
    r"""Kendall's tau union: rank correlation of two top-k lists over the union of their documents.

    $$\tau = \frac{P - Q}{\sqrt{(P + Q + T_o)(P + Q + T_r)}}$$

    Both lists are cut at rank $k$ and their documents pooled into the union
    $U$, sorted by document id. Rank $i$ of each list becomes the position of
    its document in $U$, giving two sequences $u_i$ (original) and $u'_i$
    (replicated); over all pairs of ranks $i < j$, $P$ counts the concordant
    pairs ($u_i - u_j$ and $u'_i - u'_j$ of the same sign), $Q$ the discordant
    ones, and $T_o$, $T_r$ the ties in one sequence only (none: a list holds each
    document once), so this is Kendall's tau-b of the two sequences, as the
    paper's code computes it (Matlab ``corr(..., 'type', 'Kendall')`` on the
    positions in the sorted union). Identical lists give 1.

    Pitfall: the value depends on how the ids sort, not only on the two
    orders: it measures whether rank by rank the lists hold documents that sort
    alike, which is 1 for identical lists and drifts towards 0 as the lists
    diverge. Compare values computed the same way only.

    Parameters
    ----------
    original_run, replicated_run : sequence of str, or mapping topic -> sequence of str
        Ranked document ids (rank 1 first) of one topic, or of every topic.
    k : int, default 1000
        Rank cut-off (the paper reports k = 5, 10, 20, 50, 100, 1000); both lists
        must hold the same number of documents after the cut.

    Returns
    -------
    float or dict
        tau in [-1, 1] for one topic; a dict topic -> tau for mappings.

    Raises
    ------
    InvalidValueError
        The cut lists differ in length (the paper's definition pairs rank with
        rank), hold fewer than 2 documents, or repeat a document.

    See Also
    --------
    rbo : a top-weighted overlap that needs no pairing of ranks.

    References
    ----------
    Breuer, Ferro, Fuhr, Maistro, Sakai, Schaer and Soboroff, 2020. How to Measure the
    Reproducibility of System-oriented IR Experiments. SIGIR 2020, section 3.1.
    Kendall, 1945. The treatment of ties in ranking problems. Biometrika 33(3).

    Examples
    --------
    Union a < b < c < d; positions (0, 1, 2) against (1, 0, 3): pairs (1,2)
    discordant, (1,3) and (2,3) concordant, tau = (2 - 1) / 3.

    >>> round(kendall_tau_union(["a", "b", "c"], ["b", "a", "d"], k=3), 12)
    0.333333333333
    """
    return _per_topic(_tau_union, original_run, replicated_run, k=_validate.cutoff(k))


def _tau_union(original: list, replicated: list, *, k: int) -> float:
    if len(original) != len(replicated):
        raise InvalidValueError(
            f"the lists cut at k={k} hold {len(original)} and {len(replicated)} documents; "
            "Kendall's tau union pairs rank with rank, so both need the same length: choose k "
            "at most the shorter list's length.")
    if len(original) < 2:
        raise InvalidValueError("Kendall's tau needs at least 2 ranks in each list.")
    union = sorted(set(original) | set(replicated), key=lambda d: (type(d).__name__, d))
    position = {doc: i for i, doc in enumerate(union)}
    return kendall_tau([position[d] for d in original], [position[d] for d in replicated])


def rbo(original_run, replicated_run, *, p: float = 0.8, k: int = 1000):
    r"""Rank-biased overlap (extrapolated) of two top-k lists.

    $$\mathrm{RBO}_{\mathrm{ext}} = \frac{1-p}{p}\left(\sum_{d=1}^{l} \frac{X_d}{d} p^d
      + \sum_{d=s+1}^{l} \frac{X_s (d - s)}{s\, d} p^d\right)
      + \left(\frac{X_l - X_s}{l} + \frac{X_s}{s}\right) p^l$$

    where $S$ and $L$ are the shorter and the longer list (lengths $s \le l$,
    each cut at rank $k$), $X_d = |S_{:d} \cap L_{:d}|$ the overlap of their
    first $d$ documents (for $d > s$, all of $S$ against the first $d$ of
    $L$), and $p$ the persistence: the weight of depth $d$ falls as $p^{d}$, so
    the first $1/(1-p)$ ranks carry most of it. Equal lengths ($s = l = k$)
    leave $\frac{1-p}{p}\sum_{d=1}^{k}\frac{X_d}{d}p^d + \frac{X_k}{k}p^k$.
    Identical lists give 1, disjoint lists 0. This is Webber, Moffat and
    Zobel's equation (32), the point estimate the paper reports.

    Parameters
    ----------
    original_run, replicated_run : sequence, or mapping topic -> sequence
        Ranked document ids (rank 1 first) of one topic, or of every topic.
    p : float, default 0.8
        Persistence, 0 < p < 1 (Breuer et al. use 0.8).
    k : int, default 1000
        Rank cut-off applied to both lists.

    Returns
    -------
    float or dict
        RBO in [0, 1] for one topic; a dict topic -> RBO for mappings.

    See Also
    --------
    kendall_tau_union : the order of the documents, rank by rank.

    References
    ----------
    Webber, Moffat and Zobel, 2010. A Similarity Measure for Indefinite Rankings.
    ACM TOIS 28(4), article 20, equation (32).
    Breuer, Ferro, Fuhr, Maistro, Sakai, Schaer and Soboroff, 2020. How to Measure the
    Reproducibility of System-oriented IR Experiments. SIGIR 2020, section 3.1.

    Examples
    --------
    Two lists of 2 that swap their documents: X_1 = 0, X_2 = 2, so with
    p = 0.5 RBO = (0.5/0.5)(0 + (2/2)(0.25)) + (2/2)(0.25) = 0.5.

    >>> rbo(["a", "b"], ["b", "a"], p=0.5, k=2)
    0.5
    """
    p = _validate.probability(p, "p", interval="(0, 1)",
                              meaning="the persistence; Breuer et al. use 0.8")
    return _per_topic(_rbo_ext, original_run, replicated_run, k=_validate.cutoff(k), p=p)


def _rbo_ext(original: list, replicated: list, *, k: int, p: float) -> float:
    short, long_ = sorted((original, replicated), key=len)
    s, l = len(short), len(long_)
    if s == 0:
        return 1.0 if l == 0 else 0.0
    overlap = _overlaps(short, long_)  # overlap[d - 1] = X_d, d = 1..l
    depth = np.arange(1, l + 1, dtype=float)
    weights = p ** depth
    total = np.sum(overlap / depth * weights)
    x_s, x_l = overlap[s - 1], overlap[l - 1]
    extra = depth[s:]
    total += np.sum(x_s * (extra - s) / (s * extra) * weights[s:])
    return float((1 - p) / p * total + ((x_l - x_s) / l + x_s / s) * p ** l)


def _overlaps(short: list, long_: list) -> np.ndarray:
    """X_d for d = 1..len(long_): documents common to short[:d] and long_[:d]."""
    seen_s: set = set()
    seen_l: set = set()
    common = 0
    out = []
    for d in range(len(long_)):
        if d < len(short):
            doc = short[d]
            common += doc in seen_l
            seen_s.add(doc)
        doc = long_[d]
        common += doc in seen_s
        seen_l.add(doc)
        out.append(common)
    return np.array(out, dtype=float)
