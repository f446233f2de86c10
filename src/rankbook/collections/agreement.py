r"""Assessor agreement: the confusion table, Cohen's and Fleiss' kappa, the overlap of relevant sets.

Judgments are given as in `rankbook.collections._judgments`: mappings item -> grade, qrels
(topic -> document -> grade) or sequences of grades paired by position. With
``relevance_level`` the grades become 1 (grade >= level) or 0 first, as in binary studies.
"""

from __future__ import annotations

import math
import warnings
from collections.abc import Mapping
from fractions import Fraction
from typing import NamedTuple

from rankbook import _validate
from rankbook._errors import InvalidTypeError, InvalidValueError, caller_stacklevel
from rankbook.collections._judgments import judgments, labels, paired_labels
from rankbook.collections._pairing import paired_keys

CHANCE = ("cohen", "pooled")


class UndefinedAgreementWarning(UserWarning):
    """An agreement measure is 0 over 0 for these judgments: NaN."""


class ConfusionTable(NamedTuple):
    """Counts of the items each pair of labels was given.

    ``counts[i][j]`` is the number of items the first assessor labelled ``labels[i]`` and the
    second ``labels[j]``: rows are the first assessor, columns the second.
    """

    labels: tuple
    counts: tuple


def confusion_table(first, second, *, relevance_level=None,
                    common_only: bool = False) -> ConfusionTable:
    r"""How often each pair of labels was given to the same item by two assessors.

    $$n_{kl} = \bigl|\{\, i : a_i = k,\ b_i = l \,\}\bigr|$$

    where $a_i$ and $b_i$ are the first and the second assessor's labels of item $i$.
    The labels are the grades that occur (in increasing order, as scikit-learn's
    ``confusion_matrix``), or 0 and 1 with ``relevance_level``.

    Parameters
    ----------
    first, second : mapping item -> grade, qrels (topic -> document -> grade), or sequence
        The two assessors' judgments of the same items.
    relevance_level : float, optional
        Binarise: grade >= relevance_level is 1, below it 0.
    common_only : bool, default False
        Keep the items both judged; by default items judged by one assessor only are an
        error (they cannot be paired).

    Returns
    -------
    ConfusionTable
        ``labels`` and ``counts`` (rows: first assessor; columns: second).

    Examples
    --------
    >>> confusion_table([1, 1, 0, 0, 1], [1, 0, 0, 0, 1])
    ConfusionTable(labels=(0, 1), counts=((2, 0), (1, 2)))
    """
    a, b = paired_labels(first, second, relevance_level=relevance_level,
                         common_only=common_only)
    classes = tuple(sorted(set(a) | set(b)))
    index = {label: i for i, label in enumerate(classes)}
    counts = [[0] * len(classes) for _ in classes]
    for x, y in zip(a, b):
        counts[index[x]][index[y]] += 1
    return ConfusionTable(classes, tuple(tuple(row) for row in counts))


def observed_agreement(table: ConfusionTable) -> Fraction:
    r"""P(A): the fraction of items the two assessors labelled alike.

    $$P(A) = \frac{1}{N} \sum_k n_{kk}$$

    Examples
    --------
    Introduction to IR, Table 8.2: 300 + 70 of 400 documents.

    >>> observed_agreement(ConfusionTable((0, 1), ((70, 10), (20, 300))))
    Fraction(37, 40)
    """
    counts = _table_counts(table)
    return Fraction(sum(counts[k][k] for k in range(len(counts))), _total(counts))


def chance_agreement(table: ConfusionTable, *, chance: str = "cohen") -> Fraction:
    r"""P(E): the agreement expected by chance, from each assessor's or the pooled marginals.

    $$P(E)_{\text{cohen}} = \sum_k \frac{n_{k\cdot}}{N}\,\frac{n_{\cdot k}}{N} \qquad
      P(E)_{\text{pooled}} = \sum_k \left(\frac{n_{k\cdot} + n_{\cdot k}}{2N}\right)^2$$

    where $n_{k\cdot}$ and $n_{\cdot k}$ count the items the first and the second
    assessor labelled $k$. Cohen (1960), scikit-learn and statsmodels' ``cohens_kappa``
    take each assessor's own marginals; Introduction to IR (section 8.5) pools them, as
    Scott's pi (1955) and Fleiss' kappa do.

    Parameters
    ----------
    table : ConfusionTable
    chance : {"cohen", "pooled"}, default "cohen"

    Examples
    --------
    >>> table = ConfusionTable((0, 1), ((70, 10), (20, 300)))
    >>> chance_agreement(table), chance_agreement(table, chance="pooled")
    (Fraction(133, 200), Fraction(2129, 3200))
    """
    _validate.choice(chance, CHANCE, "chance")
    counts = _table_counts(table)
    n = _total(counts)
    rows = [sum(row) for row in counts]
    columns = [sum(column) for column in zip(*counts)]
    if chance == "cohen":
        return sum((Fraction(r, n) * Fraction(c, n) for r, c in zip(rows, columns)), Fraction(0))
    return sum((Fraction(r + c, 2 * n) ** 2 for r, c in zip(rows, columns)), Fraction(0))


def cohen_kappa(first, second, *, chance: str = "cohen", relevance_level=None,
                common_only: bool = False) -> float:
    r"""Cohen's kappa: agreement between two assessors beyond what chance would give.

    $$\kappa = \frac{P(A) - P(E)}{1 - P(E)}$$

    where $P(A)$ is the observed agreement (`observed_agreement`) and $P(E)$ the
    agreement by chance (`chance_agreement`). 1 is perfect agreement, 0 no more than
    chance. ``chance="cohen"`` (the default) estimates $P(E)$ from each assessor's own
    label frequencies, as Cohen (1960) and scikit-learn's ``cohen_kappa_score`` do;
    ``chance="pooled"`` from both assessors' frequencies together, as Introduction to IR
    does (this is Scott's pi, and Fleiss' kappa of two assessors). NaN, with an
    `UndefinedAgreementWarning`, when $P(E) = 1$ (both assessors gave one label only).

    Parameters
    ----------
    first, second : mapping item -> grade, qrels (topic -> document -> grade), or sequence
        The two assessors' judgments of the same items.
    chance : {"cohen", "pooled"}, default "cohen"
        Which marginals estimate P(E).
    relevance_level : float, optional
        Binarise the grades first (grade >= relevance_level is relevant).
    common_only : bool, default False
        Keep the items both judged instead of refusing items judged once.

    Returns
    -------
    float
        kappa in [-1, 1].

    See Also
    --------
    confusion_table, observed_agreement, chance_agreement : the parts.
    fleiss_kappa : more than two assessors.

    References
    ----------
    Cohen, 1960. A Coefficient of Agreement for Nominal Scales. Educational and
    Psychological Measurement 20(1).
    Manning, Raghavan and Schuetze, 2008. Introduction to Information Retrieval,
    section 8.5 (Table 8.2).

    Examples
    --------
    Introduction to IR's Table 8.2 (400 documents; the judges agree on 300 relevant and 70
    nonrelevant ones): the book's kappa 0.776 pools the marginals; Cohen's gives 0.776 too.

    >>> judge1 = [1] * 300 + [1] * 20 + [0] * 10 + [0] * 70
    >>> judge2 = [1] * 300 + [0] * 20 + [1] * 10 + [0] * 70
    >>> round(cohen_kappa(judge1, judge2, chance="pooled"), 3)
    0.776
    >>> round(cohen_kappa(judge1, judge2), 4), round(cohen_kappa(judge1, judge2, chance="pooled"), 4)
    (0.7761, 0.7759)
    """
    _validate.choice(chance, CHANCE, "chance")
    table = confusion_table(first, second, relevance_level=relevance_level,
                            common_only=common_only)
    observed, expected = observed_agreement(table), chance_agreement(table, chance=chance)
    if expected == 1:
        warnings.warn("kappa is 0 over 0: both assessors gave every item the same one label, "
                      "so chance alone agrees perfectly; NaN.", UndefinedAgreementWarning,
                      stacklevel=caller_stacklevel())
        return math.nan
    return float((observed - expected) / (1 - expected))


def fleiss_kappa(ratings, *, relevance_level=None) -> float:
    r"""Fleiss' kappa: agreement of several assessors (the same number per item) beyond chance.

    $$\kappa = \frac{\bar P - \bar P_e}{1 - \bar P_e}, \quad
      \bar P = \frac{1}{N}\sum_{i=1}^{N} \frac{\sum_j n_{ij}^2 - m}{m(m-1)}, \quad
      \bar P_e = \sum_j p_j^2, \quad p_j = \frac{1}{Nm}\sum_{i=1}^{N} n_{ij}$$

    where item $i$ of $N$ was labelled by $m$ assessors, $n_{ij}$ of whom gave it label
    $j$: $\bar P$ is the mean agreement among pairs of assessors on an item, $\bar P_e$
    its value by chance from the pooled label frequencies $p_j$. The assessors need not
    be the same people for each item. Equals statsmodels' ``fleiss_kappa``; with two
    assessors it is `cohen_kappa` with ``chance="pooled"`` (Scott's pi).

    Parameters
    ----------
    ratings : mapping item -> sequence of grades, or sequence of sequences
        The labels each item received, one per assessor (m >= 2 for every item).
    relevance_level : float, optional
        Binarise the grades first.

    Returns
    -------
    float
        kappa, at most 1. NaN with an `UndefinedAgreementWarning` when every label given
        is the same one.

    References
    ----------
    Fleiss, 1971. Measuring Nominal Scale Agreement among Many Raters. Psychological
    Bulletin 76(5).

    Examples
    --------
    Three assessors, four documents: P-bar = 2/3, p = (1/2, 1/2), kappa = (2/3 - 1/2)/(1/2).

    >>> round(fleiss_kappa({"d1": [1, 1, 1], "d2": [0, 0, 0], "d3": [1, 1, 0], "d4": [0, 0, 1]}), 12)
    0.333333333333
    """
    rows = _rating_rows(ratings, relevance_level)
    m, n_items = len(rows[0]), len(rows)
    classes = sorted({label for row in rows for label in row})
    counts = [[row.count(label) for label in classes] for row in rows]
    p_bar = sum(Fraction(sum(c * c for c in row) - m, m * (m - 1)) for row in counts) / n_items
    shares = [Fraction(sum(column), n_items * m) for column in zip(*counts)]
    p_e = sum(share * share for share in shares)
    if p_e == 1:
        warnings.warn("Fleiss' kappa is 0 over 0: every assessor gave every item the same "
                      "label; NaN.", UndefinedAgreementWarning, stacklevel=caller_stacklevel())
        return math.nan
    return float((p_bar - p_e) / (1 - p_e))


def _rating_rows(ratings, relevance_level) -> list[list]:
    pairs = list(ratings.items() if isinstance(ratings, Mapping) else enumerate(ratings))
    if not pairs:
        raise InvalidValueError("ratings is empty; give the labels of at least one item.")
    rows = []
    for item, row in pairs:
        if isinstance(row, (str, bytes, Mapping)) or not hasattr(row, "__len__"):
            raise InvalidTypeError(
                f"ratings[{item!r}] is {row!r:.60}; each item needs the list of labels its "
                "assessors gave, e.g. {'d1': [1, 0, 1]}.")
        rows.append(labels(judgments(list(row), f"ratings[{item!r}]"), relevance_level))
        if len(rows[-1]) != len(rows[0]) or len(rows[0]) < 2:
            raise InvalidValueError(
                f"ratings[{item!r}] holds {len(rows[-1])} labels and the first item "
                f"{len(rows[0])}; Fleiss' kappa needs the same number of assessors (at least "
                "2) for every item.")
    return rows


def jaccard_overlap(first, second, *, relevance_level=1):
    r"""Overlap of two assessors' relevant sets: the size of their intersection over their union.

    $$\mathrm{overlap} = \frac{|A \cap B|}{|A \cup B|}$$

    where $A$ and $B$ are the documents the first and the second assessor judged
    relevant (grade >= ``relevance_level``). Voorhees (2000) reports it per topic and
    its mean over topics; 1 is the same relevant set, 0 disjoint ones. NaN, with an
    `UndefinedAgreementWarning`, when neither assessor found a relevant document.

    Parameters
    ----------
    first, second : set of document ids, mapping document -> grade, or qrels
        One topic's relevant documents or judgments; or qrels (topic -> document ->
        grade) of the same topics, giving a value per topic.
    relevance_level : float, default 1
        The lowest grade that counts as relevant.

    Returns
    -------
    float or dict
        The overlap in [0, 1]; a dict topic -> overlap for qrels.

    References
    ----------
    Voorhees, 2000. Variations in relevance judgments and the measurement of retrieval
    effectiveness. Information Processing and Management 36(5), 697-716.

    Examples
    --------
    >>> jaccard_overlap({"d1": 1, "d2": 1, "d3": 0}, {"d1": 1, "d2": 0, "d3": 1})
    0.3333333333333333
    """
    level = _validate.relevance_level(relevance_level)
    if _is_qrels(first) and _is_qrels(second):
        topics = paired_keys(dict(first), dict(second), ("first", "second"), noun="topic",
                             values="judgments", what="judge different topics",
                             fix="Compare the topics both judged.")
        return {topic: _overlap(first[topic], second[topic], level) for topic in topics}
    return _overlap(first, second, level)


def _is_qrels(value) -> bool:
    return isinstance(value, Mapping) and bool(value) and \
        all(isinstance(v, Mapping) for v in value.values())


def _overlap(first, second, level: float) -> float:
    a, b = _relevant_set(first, level, "first"), _relevant_set(second, level, "second")
    union = a | b
    if not union:
        warnings.warn("the overlap is 0 over 0: neither assessor judged a document relevant; "
                      "NaN.", UndefinedAgreementWarning, stacklevel=caller_stacklevel())
        return math.nan
    return len(a & b) / len(union)


def _relevant_set(value, level: float, name: str) -> set:
    if isinstance(value, (set, frozenset)):
        return set(value)
    if not isinstance(value, Mapping):
        raise InvalidTypeError(
            f"{name} must be a set of relevant document ids, a mapping document -> grade or "
            f"qrels; got {type(value).__name__}.")
    grades = judgments(value, name)
    return {doc for doc, grade in grades.items() if grade >= level}


def _table_counts(table) -> tuple:
    counts = table.counts if isinstance(table, ConfusionTable) else table
    if not counts or any(len(row) != len(counts) for row in counts):
        raise InvalidValueError(
            "a confusion table is square: one row and one column per label; build it with "
            "confusion_table(first, second).")
    return counts


def _total(counts) -> int:
    total = sum(sum(row) for row in counts)
    if total == 0:
        raise InvalidValueError("the confusion table counts no item.")
    return total
