r"""Stratified sampling of a pool: which documents to judge.

| function | what it does |
| --- | --- |
| `stratified_sample` | one topic's pool, cut into strata by depth, each stratum sampled at its rate |
| `judge_sample` | the sample's judgments in the form `sample_eval.pl` reads: a grade for each sampled document, -1 for the others |

A document's *depth* is its best rank over the runs that retrieved it. The strata are depth
ranges, each with a sampling rate (Yilmaz, Kanoulas and Aslam, 2008): the evaluations that
judged with ``sample_eval.pl`` (TRECVID; TREC's Clinical Decision Support and Precision
Medicine tracks) judged the top ranks in full and sampled deeper ranks ever more thinly.
The sample of a stratum is a simple random sample without replacement of a fixed
size, so every document of stratum $c$ is judged with the same probability $n_c / N_c$.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import numpy as np

from rankbook import _validate
from rankbook._errors import InvalidTypeError, InvalidValueError

__all__ = ["SampledDocument", "judge_sample", "stratified_sample"]


@dataclass(frozen=True)
class SampledDocument:
    """A pooled document: its stratum (1 = the top), best rank, inclusion probability, and
    whether it was drawn for judging."""

    document: str
    stratum: int
    depth: int
    inclusion_probability: float
    sampled: bool


@_validate.explains_missing_arguments
def stratified_sample(
    ranked_lists: Sequence[Sequence[str]],
    strata: Sequence[tuple[int, float]],
    *,
    seed=None,
) -> list[SampledDocument]:
    r"""Pool one topic's runs and draw a stratified sample of the pool to judge.

    $$\operatorname{depth}(d) = \min_{\text{runs } s} \operatorname{rank}_s(d), \qquad
    d \in \text{stratum } c \iff b_{c-1} < \operatorname{depth}(d) \le b_c,$$

    $$n_c = \lceil \pi_c N_c \rceil, \qquad
    \Pr[d \text{ judged}] = \frac{n_c}{N_c} \quad (d \in c)$$

    where $b_0 = 0 < b_1 < \dots < b_m$ are the strata's last ranks, $\pi_c$ the sampling
    rate of stratum $c$, $N_c$ its number of pooled documents and $n_c$ the size of its
    sample, drawn without replacement. A document deeper than $b_m$ is not in the pool. The
    ceiling judges at least one document of every non-empty stratum, so each stratum's
    share of relevant documents can be estimated.

    Parameters
    ----------
    ranked_lists : sequence of sequences of str
        The runs' rankings of the topic, each best first (document ids).
    strata : sequence of (int, float)
        ``(last rank, sampling rate)`` of each stratum, top first; last ranks increase and
        rates are in (0, 1]. ``[(10, 1.0), (30, 0.5), (100, 0.2)]`` judges the top 10 in
        full, half of ranks 11-30 and a fifth of ranks 31-100.
    seed : int, numpy.random.Generator or None
        The same seed draws the same sample.

    Returns
    -------
    list of SampledDocument
        Every pooled document, by depth then id, with its stratum (1 = top), depth,
        inclusion probability $n_c / N_c$ and whether it was drawn.

    See Also
    --------
    judge_sample : the judgments of the drawn documents, in ``sample_eval.pl``'s form.

    rankbook.collections.inferred.inferred_average_precision_extended : xinfAP from them.

    References
    ----------
    Yilmaz, E., Kanoulas, E. and Aslam, J. A. (2008). A simple and efficient sampling method
    for estimating AP and NDCG. In Proceedings of SIGIR 2008, 603-610.

    Examples
    --------
    Two runs pool six documents; the top two ranks are judged in full, ranks 3-4 at rate
    one half: $\lceil 3/2 \rceil = 2$ of the 3 documents there, each with probability 2/3:

    >>> sample = stratified_sample([["a", "b", "c"], ["b", "d", "e", "f"]],
    ...                            [(2, 1.0), (4, 0.5)], seed=1)
    >>> [(s.document, s.stratum, s.depth, round(s.inclusion_probability, 3)) for s in sample]
    [('a', 1, 1, 1.0), ('b', 1, 1, 1.0), ('d', 1, 2, 1.0), ('c', 2, 3, 0.667), ('e', 2, 3, 0.667), ('f', 2, 4, 0.667)]
    >>> sum(s.sampled for s in sample if s.stratum == 2)
    2
    """
    bounds = _strata(strata)
    depth = _depths(ranked_lists, bounds[-1][0])
    rng = seed if isinstance(seed, np.random.Generator) else np.random.default_rng(
        _validate.seed(seed, generator_too=True))
    pooled = sorted(depth, key=lambda document: (depth[document], document))
    sample, first = [], 0
    for number, (last_rank, rate) in enumerate(bounds, start=1):
        members = [d for d in pooled if first < depth[d] <= last_rank]
        size = math.ceil(rate * len(members) - 1e-12)  # 0.3 * 10 is 3, not 4
        drawn = set(rng.choice(len(members), size=size, replace=False).tolist())
        probability = size / len(members) if members else 0.0
        sample += [SampledDocument(document, number, depth[document], probability, i in drawn)
                   for i, document in enumerate(members)]
        first = last_rank
    return sample


def _strata(strata) -> list[tuple[int, float]]:
    """The strata as checked ``(last rank, rate)`` pairs, top first."""
    if isinstance(strata, (str, bytes, Mapping)) or not isinstance(strata, Sequence) or not strata:
        raise InvalidTypeError(
            f"strata must be a non-empty list of (last rank, sampling rate) pairs, got "
            f"{strata!r}; for example strata=[(10, 1.0), (30, 0.5), (100, 0.2)].")
    checked, previous = [], 0
    for position, stratum in enumerate(strata, start=1):
        if not (isinstance(stratum, Sequence) and len(stratum) == 2):
            raise InvalidTypeError(f"stratum {position} must be a (last rank, sampling rate) "
                                   f"pair, got {stratum!r}.")
        last_rank = _validate.count(stratum[0], f"the last rank of stratum {position}")
        rate = _validate.probability(stratum[1], f"the sampling rate of stratum {position}",
                                     interval="(0, 1]", meaning="the share of it judged")
        if last_rank <= previous:
            raise InvalidValueError(
                f"the strata's last ranks must increase, but stratum {position} ends at "
                f"rank {last_rank}, not below the previous {previous}; list them top first.")
        checked.append((last_rank, rate))
        previous = last_rank
    return checked


def _depths(ranked_lists, pool_depth: int) -> dict[str, int]:
    """Each pooled document's best rank over the runs, down to ``pool_depth``."""
    if isinstance(ranked_lists, (str, bytes, Mapping)) or not isinstance(ranked_lists, Sequence):
        raise InvalidTypeError(f"ranked_lists must be a list of rankings (lists of document "
                               f"ids, best first), got {type(ranked_lists).__name__}.")
    depth: dict[str, int] = {}
    for number, ranking in enumerate(ranked_lists, start=1):
        if isinstance(ranking, (str, bytes)) or not isinstance(ranking, Sequence):
            raise InvalidTypeError(f"ranked list {number} must be a list of document ids, got "
                                   f"{ranking!r}.")
        if len(set(ranking)) != len(ranking):
            raise InvalidValueError(f"ranked list {number} lists a document twice; a ranking "
                                    "holds each document once.")
        for rank, document in enumerate(ranking[:pool_depth], start=1):
            depth[document] = min(rank, depth.get(document, rank))
    return depth


@_validate.explains_missing_arguments
def judge_sample(
    sample: Sequence[SampledDocument], grades: Mapping[str, int]
) -> dict[str, tuple[int, int]]:
    r"""The sample's judgments: ``{document: (stratum, grade)}``, grade -1 where not drawn.

    $$g'(d) = \begin{cases} g(d) & d \text{ drawn} \\ -1 & \text{otherwise} \end{cases}$$

    This is the content of a ``sample_eval.pl`` qrels file for one topic: every pooled
    document with its stratum, judged ones with their grade, the others with -1 ("in the
    pool, not judged"). A drawn document missing from ``grades`` is judged non-relevant (0),
    as trec_eval reads a document nobody judged; in a simulation ``grades`` holds the full
    judgments and the sample hides all but the drawn ones.

    Parameters
    ----------
    sample : sequence of SampledDocument
        From `stratified_sample`.
    grades : mapping of str to int
        The grades an assessor gives (whole numbers >= 0).

    Returns
    -------
    dict of str to (int, int)
        Document to (stratum, grade), in the sample's order.

    Examples
    --------
    >>> sample = [SampledDocument("a", 1, 1, 1.0, True), SampledDocument("b", 2, 3, 0.5, False)]
    >>> judge_sample(sample, {"a": 2, "b": 1})
    {'a': (1, 2), 'b': (2, -1)}
    """
    judged = {}
    for entry in sample:
        if not isinstance(entry, SampledDocument):
            raise InvalidTypeError(f"sample must hold the SampledDocument entries of "
                                   f"stratified_sample, got {entry!r}.")
        grade = grades.get(entry.document, 0) if entry.sampled else -1
        if entry.sampled and not (_is_whole(grade) and grade >= 0):
            raise InvalidValueError(f"the grade of {entry.document!r} must be a whole number "
                                    f">= 0, got {grade!r}.")
        judged[entry.document] = (entry.stratum, int(grade))
    return judged


def _is_whole(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) or (
        isinstance(value, float) and value.is_integer())
