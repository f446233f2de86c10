r"""Inferred measures from a stratified sample of the pool: NIST's ``sample_eval.pl``.

| function | measure | ``sample_eval.pl`` name |
| --- | --- | --- |
| `inferred_average_precision_extended` | xinfAP | ``infAP`` |
| `inferred_ndcg` | infNDCG | ``infNDCG`` |
| `estimated_relevant` | estimated relevant, $\hat R$ | ``inum_rel`` |
| `estimated_relevant_by_rank` | estimated relevant in the top k, for every k | (``inum_rel_ret`` is its last) |

Inferred precision at k, interpolated precision and ``inum_rel_ret`` are in
`rankbook.collections.inferred_precision`, built on `estimated_relevant_by_rank`.

Each function takes one topic: ``ranking``, the run's document ids best first, and
``judgments``, ``{document: (stratum, grade)}`` for every pooled document, grade -1 (any
negative grade) where the document was pooled but not drawn for judging (what
`rankbook.collections.stratified.judge_sample` returns and a ``sample_eval.pl`` qrels file
holds). A grade above 0 is relevant, and is the gain of infNDCG. A document missing from
``judgments`` was not pooled: it counts as non-relevant and in no stratum.

Notation, for a stratum $c$: $N_c$ pooled documents, $n_c$ of them judged, $r_c$ judged
relevant; for a rank $k$ of the run, among the documents *above* it, $d_c(k)$ are pooled in
$c$, $s_c(k)$ judged and $\rho_c(k)$ judged relevant. Like ``sample_eval.pl`` (its
``$maxResultSize``), every measure reads the first ``max_results`` = 1000 documents of the
run.

The arithmetic they share with trec_eval's infAP
(`rankbook.metrics.incomplete.inferred_average_precision`): the precision above a relevant
document is estimated from the judged share, smoothed by $\varepsilon = 10^{-5}$ (the same
constant), here stratum by stratum; with one stratum xinfAP is infAP with $3\varepsilon$ in
place of $2\varepsilon$ in the denominator and $\hat R$ in place of the judged $R$.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Hashable, Mapping, Sequence

from rankbook import _validate
from rankbook._errors import InvalidTypeError, InvalidValueError
from rankbook.metrics.incomplete import INFAP_EPSILON

__all__ = [
    "MAX_RESULTS",
    "estimated_relevant",
    "estimated_relevant_by_rank",
    "inferred_average_precision_extended",
    "inferred_ndcg",
]

MAX_RESULTS = 1000
"""How many documents of a run ``sample_eval.pl`` reads (its ``$maxResultSize``)."""

Judgments = Mapping[str, tuple[Hashable, int]]


@_validate.explains_missing_arguments
def estimated_relevant(judgments: Judgments) -> float:
    r"""$\hat R$: the number of relevant documents in the pool, estimated from the sample.

    $$\hat R = \sum_{c:\ n_c > 0} N_c \, \frac{r_c}{n_c}$$

    Each stratum's judged share of relevant documents, scaled up to the stratum: the
    Horvitz-Thompson estimate, each judged relevant document standing for $N_c / n_c$
    (one over its inclusion probability). A stratum with nothing judged adds nothing.

    Parameters
    ----------
    judgments : mapping of str to (stratum, int)
        ``{document: (stratum, grade)}`` of one topic, -1 where not judged.

    Returns
    -------
    float
        $\hat R \ge 0$ (``sample_eval.pl``'s ``inum_rel``).

    Examples
    --------
    Stratum 1 judged in full (one relevant of two); stratum 2 half judged, its one judged
    document relevant, so it stands for two:

    >>> estimated_relevant({"a": (1, 1), "b": (1, 0), "c": (2, 1), "d": (2, -1)})
    3.0
    """
    return sum(_stratum_weight(stratum) * stratum["relevant"]
               for stratum in _strata(judgments).values())


@_validate.explains_missing_arguments
def inferred_average_precision_extended(
    ranking: Sequence[str], judgments: Judgments, *, max_results: int = MAX_RESULTS
) -> float:
    r"""xinfAP: average precision estimated from a stratified sample of the pool.

    $$\operatorname{xinfAP} = \frac{1}{\hat R} \sum_{c} \frac{N_c}{n_c}
    \sum_{\substack{k:\ \text{judged relevant}\\ \text{in stratum } c}} \widehat{\mathrm{P}@k},
    \qquad
    \widehat{\mathrm{P}@k} = \frac{1}{k} + \frac{1}{k} \sum_{c'} d_{c'}(k)\,
    \frac{\rho_{c'}(k) + \varepsilon}{s_{c'}(k) + 3\varepsilon}$$

    The estimated precision at a judged relevant document: the document itself, plus, of
    the $k - 1$ documents above it, the pooled ones of each stratum times that stratum's
    judged share of relevant ones (documents outside the pool count as non-relevant).
    A stratum with pooled documents above $k$ but none judged yet adds a third of them
    ($\varepsilon / 3\varepsilon$). Each judged relevant document stands for $N_c / n_c$
    relevant documents of its stratum, and the sum divides by $\hat R$
    (`estimated_relevant`). $\hat R = 0$ gives 0.0.

    Parameters
    ----------
    ranking : sequence of str
        The run's document ids, best first.
    judgments : mapping of str to (stratum, int)
        ``{document: (stratum, grade)}`` for every pooled document, -1 where not judged.
    max_results : int, default 1000
        Documents of the run read.

    Returns
    -------
    float
        xinfAP (``sample_eval.pl``'s ``infAP``), near 0 to near 1 (an estimate: it may
        leave [0, 1] slightly).

    See Also
    --------
    rankbook.metrics.incomplete.inferred_average_precision : infAP, one uniform sample.

    inferred_ndcg : the same sample, graded.

    References
    ----------
    Yilmaz, E., Kanoulas, E. and Aslam, J. A. (2008). A simple and efficient sampling method
    for estimating AP and NDCG. In Proceedings of SIGIR 2008, 603-610.

    NIST, ``sample_eval.pl`` (change log to 10 Oct 2011), https://trec.nist.gov/data/clinical/sample_eval.pl.

    Examples
    --------
    Stratum 1 judged in full, stratum 2 half judged ($\hat R = 3$). The run finds ``a``
    (relevant, rank 1), ``c`` (pooled, not judged), ``d`` (relevant, stratum 2) and ``z``
    (not pooled). At rank 3, above ``d``: stratum 1 has ``a``, judged relevant (share
    $\approx 1$); stratum 2 has ``c``, nothing judged (a third). So
    $\widehat{\mathrm{P}@3} \approx \frac13 (1 + 1 + \frac13)$, and
    xinfAP $\approx \frac13 (1 + 2 \cdot \frac79)$:

    >>> judgments = {"a": (1, 1), "b": (1, 0), "c": (2, -1), "d": (2, 1)}
    >>> round(inferred_average_precision_extended(["a", "c", "d", "z"], judgments), 4)
    0.8518
    """
    strata = _strata(judgments)
    R = sum(_stratum_weight(stratum) * stratum["relevant"] for stratum in strata.values())
    if R == 0:
        return 0.0
    total = 0.0
    for rank in _walk(ranking, judgments, max_results):
        if rank["precision"] is not None:
            total += _stratum_weight(strata[rank["stratum"]]) * rank["precision"]
    return total / R


@_validate.explains_missing_arguments
def inferred_ndcg(
    ranking: Sequence[str], judgments: Judgments, *, max_results: int = MAX_RESULTS
) -> float:
    r"""infNDCG: nDCG estimated from a stratified sample of the pool.

    $$\operatorname{infNDCG} = \frac{1}{\widehat{\mathrm{IDCG}}} \sum_{c:\ s_c > 0}
    \frac{d_c}{s_c} \sum_{\substack{k:\ \text{judged relevant}\\ \text{in stratum } c}}
    \frac{g_k}{\log_2(k + 1)}$$

    where $d_c$ and $s_c$ count the run's pooled and judged documents of stratum $c$ (in
    its first ``max_results``), so each judged relevant document's discounted gain stands
    for $d_c / s_c$ of its stratum's retrieved documents; $g_k$ is the grade. The ideal
    list has, for each grade $g$ from the highest down, $\lfloor \hat R_g + \frac12
    \rfloor$ documents of gain $g$, where $\hat R_g = \sum_c N_c \, r_{c,g} / n_c$ is the
    estimated number of documents of grade $g$, cut at ``max_results`` ranks (as
    ``sample_eval.pl`` cuts it: a grade that starts past the cut still adds its first
    document). $\widehat{\mathrm{IDCG}} = 0$ gives 0.0.

    Parameters
    ----------
    ranking : sequence of str
        The run's document ids, best first.
    judgments : mapping of str to (stratum, int)
        ``{document: (stratum, grade)}`` for every pooled document, -1 where not judged.
    max_results : int, default 1000
        Documents of the run read, and ranks of the ideal list.

    Returns
    -------
    float
        infNDCG (``sample_eval.pl``'s ``infNDCG``), an estimate (it may exceed 1).

    See Also
    --------
    inferred_average_precision_extended : xinfAP from the same sample.

    rankbook.metrics.dcg.ndcg : the complete-judgment measure.

    References
    ----------
    Yilmaz, E., Kanoulas, E. and Aslam, J. A. (2008). A simple and efficient sampling method
    for estimating AP and NDCG. In Proceedings of SIGIR 2008, 603-610.

    NIST, ``sample_eval.pl`` (change log to 10 Oct 2011), https://trec.nist.gov/data/clinical/sample_eval.pl.

    Notes
    -----
    ``sample_eval.pl`` orders the grades of the ideal list as text, so a grade of 10 or more
    would come after 9; rankbook orders them as numbers. Grades 0-9 agree.

    Examples
    --------
    The run retrieves ``a`` (stratum 1) and ``c``, ``d`` (stratum 2, one of the two
    judged): ``d``'s gain counts twice. $\hat R_1 = 3$, so the ideal DCG is
    $1 + 1/\log_2 3 + 1/2$:

    >>> judgments = {"a": (1, 1), "b": (1, 0), "c": (2, -1), "d": (2, 1)}
    >>> round(inferred_ndcg(["a", "c", "d", "z"], judgments), 4)
    0.9386
    """
    max_results = _validate.count(max_results, "max_results")
    gains: Counter = Counter()
    pooled: Counter = Counter()
    judged: Counter = Counter()
    for rank in _walk(ranking, judgments, max_results):
        if rank["grade"] is not None and rank["grade"] > 0:
            gains[rank["stratum"]] += rank["grade"] / math.log2(rank["k"] + 1)
        if rank["stratum"] is not None:
            pooled[rank["stratum"]] += 1
            judged[rank["stratum"]] += rank["grade"] >= 0
    dcg = sum(pooled[c] / judged[c] * gains[c] for c in pooled if judged[c] > 0)
    ideal = _ideal_dcg(_strata(judgments), max_results)
    return dcg / ideal if ideal != 0 else 0.0


@_validate.explains_missing_arguments
def estimated_relevant_by_rank(
    ranking: Sequence[str], judgments: Judgments, *, max_results: int = MAX_RESULTS
) -> list[float]:
    r"""How many relevant documents the run's top k hold, estimated, for k = 1, 2, ...

    $$\widehat{\mathrm{rel}}(k) = \sum_{c} d_c(k + 1)\,
    \frac{\rho_c(k + 1) + \varepsilon}{s_c(k + 1) + 3\varepsilon}$$

    (the counts run through rank $k$): the pooled documents of each stratum in the top $k$
    times that stratum's smoothed judged share of relevant ones among them. A stratum whose
    retrieved documents were none judged adds a third of them ($\varepsilon / 3\varepsilon$);
    documents outside the pool add nothing. The measures of
    `rankbook.collections.inferred_precision` are read off this list.

    Parameters
    ----------
    ranking : sequence of str
        The run's document ids, best first.
    judgments : mapping of str to (stratum, int)
        ``{document: (stratum, grade)}`` for every pooled document, -1 where not judged.
    max_results : int, default 1000
        Documents of the run read.

    Returns
    -------
    list of float
        One estimate per rank read (empty for an empty ranking).

    Examples
    --------
    ``a`` judged relevant, ``b`` judged non-relevant, ``c`` pooled but not judged, ``z``
    outside the pool:

    >>> [round(x, 4) for x in estimated_relevant_by_rank(
    ...     ["a", "b", "c", "z"], {"a": (1, 1), "b": (1, 0), "c": (2, -1)})]
    [1.0, 1.0, 1.3333, 1.3333]
    """
    return [rank["relevant_through"] for rank in _walk(ranking, judgments, max_results)]


def _walk(ranking, judgments, max_results: int) -> list[dict]:
    """Rank by rank: k, stratum and grade (None outside the pool), the estimated precision
    at a judged relevant document (else None), and the estimated relevant through k."""
    max_results = _validate.count(max_results, "max_results")
    _check_ranking(ranking)
    _strata(judgments)  # the checks of the judgments
    pooled: Counter = Counter()
    judged: Counter = Counter()
    relevant: Counter = Counter()
    ranks = []
    for k, document in enumerate(ranking[:max_results], start=1):
        stratum, grade = judgments.get(document, (None, None))
        precision = None
        if grade is not None and grade > 0:
            precision = 1 / k + _estimated_relevant_among(pooled, judged, relevant) / k
            relevant[stratum] += 1
        if stratum is not None:
            pooled[stratum] += 1
            judged[stratum] += grade >= 0
        ranks.append({"k": k, "stratum": stratum, "grade": grade, "precision": precision,
                      "relevant_through": _estimated_relevant_among(pooled, judged, relevant)})
    return ranks


def _estimated_relevant_among(pooled: Counter, judged: Counter, relevant: Counter) -> float:
    """Sum over strata of pooled x smoothed judged share of relevant (ε / 3ε if none judged)."""
    return sum(pooled[c] * (relevant[c] + INFAP_EPSILON) / (judged[c] + 3 * INFAP_EPSILON)
               for c in pooled)


def _strata(judgments) -> dict[Hashable, dict]:
    """Per stratum: N_c (pooled), n_c (judged), r_c (judged relevant) and r_{c,g} by grade."""
    if not isinstance(judgments, Mapping):
        raise InvalidTypeError(f"judgments must be a mapping {{document: (stratum, grade)}}, "
                               f"got {type(judgments).__name__}.")
    strata: dict[Hashable, dict] = {}
    for document, entry in judgments.items():
        if not (isinstance(entry, tuple) and len(entry) == 2) or not _is_grade(entry[1]):
            raise InvalidValueError(f"judgments[{document!r}] must be a (stratum, grade) pair "
                                    f"with a whole-number grade (-1: not judged), got {entry!r}.")
        stratum, grade = entry
        totals = strata.setdefault(stratum, {"pooled": 0, "judged": 0, "relevant": 0,
                                             "by_grade": Counter()})
        totals["pooled"] += 1
        totals["judged"] += grade >= 0
        if grade > 0:
            totals["relevant"] += 1
            totals["by_grade"][grade] += 1
    return strata


def _stratum_weight(stratum: dict) -> float:
    """N_c / n_c, how many pooled documents each judged one stands for (0 if none judged)."""
    return stratum["pooled"] / stratum["judged"] if stratum["judged"] else 0.0


def _ideal_dcg(strata: dict, max_results: int) -> float:
    """DCG of the estimated ideal list: round(R_g) documents per grade g, highest first."""
    by_grade: Counter = Counter()
    for stratum in strata.values():
        for grade, count in stratum["by_grade"].items():
            by_grade[grade] += _stratum_weight(stratum) * count
    ideal, start = 0.0, 0
    for grade in sorted(by_grade, reverse=True):
        count = math.floor(by_grade[grade] + 0.5)
        last = min(start + count, max(max_results, start + 1))  # sample_eval.pl's cut
        ideal += sum(grade / math.log2(r + 1) for r in range(start + 1, last + 1))
        start += count
    return ideal


def _check_ranking(ranking) -> None:
    if isinstance(ranking, (str, bytes, Mapping)) or not isinstance(ranking, Sequence):
        raise InvalidTypeError(f"ranking must be a list of document ids, best first, got "
                               f"{type(ranking).__name__}.")
    if len(set(ranking)) != len(ranking):
        twice = next(d for d, n in Counter(ranking).items() if n > 1)
        raise InvalidValueError(f"ranking lists {twice!r} twice; a ranking holds each "
                                "document once (keep its best position).")


def _is_grade(value) -> bool:
    return (isinstance(value, int) and not isinstance(value, bool)) or (
        isinstance(value, float) and value.is_integer())
