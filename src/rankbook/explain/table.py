r"""The running table of `explain`: every core metric at every rank, each from its function."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from rankbook import _validate
from rankbook.explain.explanation import Explanation
from rankbook.explain.one_metric import from_core_arguments
from rankbook.explain.worksheet import plural
from rankbook.metrics.average_precision import AP_DENOMINATORS
from rankbook.metrics.dcg import dcg_at_k
from rankbook.metrics.roc import roc_curve

COLUMNS = ("P@k", "R@k", "F1@k", "DCG@k", "IDCG@k", "nDCG@k", "AP@k")
#: Optional columns, added with ``explain(..., extra=[...])``.
EXTRA_COLUMNS = ("iP@k", "TPR@k", "FPR@k", "LAG@k")



def explain(
    relevance: Sequence[float],
    n_relevant: int | None = None,
    *,
    ideal: Sequence[float] | None = None,
    gain: str = "linear",
    discount: str = "log2",
    ap_denominator: str = "relevant",
    relevance_level: float | None = None,
    extra: Sequence[str] = (),
    n_nonrelevant: int | None = None,
    depth: int | None = None,
    metric: str | None = None,
    **options,
):
    r"""Running values of the core metrics (or of one ``metric``) at every rank of one ranked list.

    For each rank $k = 1, \dots, n$ the table holds $\mathrm{P}@k$, $\mathrm{R}@k$, $\mathrm{F}_1@k$,
    $\mathrm{DCG}@k$, $\mathrm{IDCG}@k$, $\mathrm{nDCG}@k$ and $\mathrm{AP}@k$, each computed by the metric
    function of the same name, so the table can never disagree with them.

    Conventions are those of the metric functions and are passed on to them:
    ``gain`` and ``discount`` to the DCG family, ``ap_denominator`` to
    `average_precision` (its ``denominator``), ``relevance_level`` to
    the binary measures.

    Edge cases: without ``n_relevant`` R is counted from ``ideal`` when it is
    given (its grades at or above ``relevance_level``: every judged grade of
    the query, so every relevant document); with neither, the columns that
    need R (R@k, F1@k, and AP@k unless ``ap_denominator="retrieved_relevant"``)
    are left out rather than guessed, and a note says so. Without ``ideal``
    the ideal ordering is the list's own grades sorted; when ``n_relevant``
    says some relevant documents were not retrieved, a note warns that IDCG
    and nDCG then leave them out. Ranks past the end of the list (``depth``,
    or ``show_work(k)`` with $k > n$) count as non-relevant, as in trec_eval:
    P@k still divides by $k$.

    Parameters
    ----------
    relevance : sequence of float, shape (n,)
        Grades of the ranked list, rank 1 first. Must not be empty.
    n_relevant : int, optional
        R, the number of relevant documents of the query. Default: counted
        from ``ideal`` when it is given, else unknown.
    ideal : sequence of float, optional
        Every judged grade of the query, for IDCG. Default: ``relevance``.
    gain : {"linear", "exponential"}, default "linear"
        Gain of the DCG family.
    discount : {"log2", "jarvelin"}, default "log2"
        Discount of the DCG family.
    ap_denominator : {"relevant", "retrieved_relevant", "min_k_relevant"}, default "relevant"
        Denominator of AP@k (see `average_precision`).
    relevance_level : float, optional
        Lowest grade that counts as relevant: default 1 for the core table;
        with ``metric``, the default of that metric's function (RBP's reads
        the grades as gains unless a threshold is given).
    extra : sequence of str, default ()
        Optional columns to add after the default ones, any of ``"iP@k"``,
        ``"TPR@k"``, ``"FPR@k"``, ``"LAG@k"`` (case and the ``@k`` may be
        left out: ``extra=["tpr", "lag"]``). Each is computed by its metric
        function:

        - ``iP@k``: interpolated precision at the recall reached at rank k,
          $p_{\mathrm{interp}}(\mathrm{R}@k) = \max_{j \,:\, \mathrm{R}@j \ge \mathrm{R}@k} \mathrm{P}@j$, by
          `interpolated_precision` (needs ``n_relevant``).
        - ``TPR@k``, ``FPR@k``: the point of the ROC curve at cut-off k, by
          `roc_curve`, with $P$ = ``n_relevant`` and $N$ = ``n_nonrelevant``
          (each defaulting to the list's own count).
        - ``LAG@k``: `lag` of the list cut at rank k, the mean number of
          non-relevant documents above each relevant one in the top k
          (``nan`` until the first relevant document).
    n_nonrelevant : int, optional
        N, the non-relevant documents of the query, for ``FPR@k`` only.
    depth : int, optional
        Ranks the table shows; default the list's length. Rows past the end of
        the list have grade NaN and count as non-relevant.
    metric : str, optional
        Explain this one metric instead of the core table: any metric of the
        registry that takes one ranked list, by its canonical or trec_eval name
        (``"RR"``, ``"nDCG@10"``, ``"rbp.p=0.8"``, ``"AUC"``). See
        `rankbook.explain.one_metric.explain_metric`; the arguments above are
        passed on where the metric takes them (``ap_denominator`` as
        ``denominator``), and ``extra`` does not apply.
    **options
        With ``metric``: the other keyword arguments of the metric's function
        (``persistence``, ``max_grade``, ``beta``, ...).

    Returns
    -------
    Explanation or MetricExplanation
        ``.table`` is a pandas DataFrame indexed by rank k; ``.show_work(k)``
        gives the substituted formulas at rank k. It displays itself as a table
        in Jupyter and as text in a terminal. With ``metric``, a
        `MetricExplanation` of that metric.

    See Also
    --------
    rankbook.metrics : the functions behind each column.

    References
    ----------
    Akritidis, L. FLAGR documentation, "Evaluation measures": the 8-element
    example table and its calculations at the 5th element.

    Examples
    --------
    FLAGR's worked example: 8 results, relevant at ranks 1, 3, 4 and 6, four
    relevant documents in all. With ``ap_denominator="retrieved_relevant"`` the
    AP@k column is the one FLAGR prints:

    >>> ex = explain([1, 0, 1, 1, 0, 1, 0, 0], n_relevant=4,
    ...              ap_denominator="retrieved_relevant")
    >>> print(ex.table.round(2).to_string())  # doctest: +NORMALIZE_WHITESPACE
       grade  relevant   P@k   R@k  F1@k  DCG@k  IDCG@k  nDCG@k  AP@k
    k
    1    1.0      True  1.00  0.25  0.40   1.00    1.00    1.00  1.00
    2    0.0     False  0.50  0.25  0.33   1.00    1.63    0.61  1.00
    3    1.0      True  0.67  0.50  0.57   1.50    2.13    0.70  0.83
    4    1.0      True  0.75  0.75  0.75   1.93    2.56    0.75  0.81
    5    0.0     False  0.60  0.75  0.67   1.93    2.56    0.75  0.81
    6    1.0      True  0.67  1.00  0.80   2.29    2.56    0.89  0.77
    7    0.0     False  0.57  1.00  0.73   2.29    2.56    0.89  0.77
    8    0.0     False  0.50  1.00  0.67   2.29    2.56    0.89  0.77

    FLAGR prints 0.62 for F1@3 and 0.66 for F1@5 and F1@8: see the worked
    example notebook for why those three cells are wrong.

    The optional columns, for the same list:

    >>> print(explain([1, 0, 1, 1, 0, 1, 0, 0], n_relevant=4,
    ...               extra=["iP", "TPR", "FPR", "LAG"]).table.iloc[:, -4:].round(3).to_string())
        iP@k  TPR@k  FPR@k  LAG@k
    k
    1  1.000   0.25   0.00  0.000
    2  1.000   0.25   0.25  0.000
    3  0.750   0.50   0.25  0.500
    4  0.750   0.75   0.25  0.667
    5  0.750   0.75   0.50  0.667
    6  0.667   1.00   0.50  1.000
    7  0.667   1.00   0.75  1.000
    8  0.667   1.00   1.00  1.000

    >>> print(ex.show_work(5))
    P@5 = relevant in top 5 / 5 = 3/5 = 0.6000
    R@5 = relevant in top 5 / R = 3/4 = 0.7500
    F1@5 = 2·P@5·R@5 / (P@5 + R@5) = 2·0.6000·0.7500 / (0.6000 + 0.7500) = 0.6667
    DCG@5 = 1/log2(1+1) + 0/log2(2+1) + 1/log2(3+1) + 1/log2(4+1) + 0/log2(5+1) = 1.9307
    IDCG@5 = 1/log2(1+1) + 1/log2(2+1) + 1/log2(3+1) + 1/log2(4+1) + 0/log2(5+1) = 2.5616
    nDCG@5 = DCG@5 / IDCG@5 = 1.9307 / 2.5616 = 0.7537
    AP@5 = (1/1 + 2/3 + 3/4) / 3 = 0.8056   [3 = relevant documents in the top 5]

    Past the end of a short list, with R counted from the ideal grades (the
    nDCG page's exercise 2, trec_eval's ``ndcg`` = 0.5317):

    >>> short = explain([2, 0], ideal=[2, 2, 1])
    >>> short.n_relevant
    3
    >>> print(short.show_work(3))
    (rank 3 is past the end of the list of 2: not relevant, as in trec_eval)
    P@3 = relevant in top 3 / 3 = 1/3 = 0.3333
    R@3 = relevant in top 3 / R = 1/3 = 0.3333
    F1@3 = 2·P@3·R@3 / (P@3 + R@3) = 2·0.3333·0.3333 / (0.3333 + 0.3333) = 0.3333
    DCG@3 = 2/log2(1+1) + 0/log2(2+1) + 0/log2(3+1) = 2.0000
    IDCG@3 = 2/log2(1+1) + 2/log2(2+1) + 1/log2(3+1) = 3.7619
    nDCG@3 = DCG@3 / IDCG@3 = 2.0000 / 3.7619 = 0.5317
    AP@3 = (1/1) / 3 = 0.3333   [3 = R, all relevant documents]

    One metric, here RR, with its own running columns:

    >>> print(explain([0, 0, 1, 0, 1], metric="RR").show_work(5))
    RR@5 = 1 / rank of the first relevant document = 1/3 = 0.3333
    """
    if metric is not None or options:
        return from_core_arguments(relevance, metric, n_relevant=n_relevant, ideal=ideal,
                                   gain=gain, discount=discount, ap_denominator=ap_denominator,
                                   relevance_level=relevance_level, extra=extra,
                                   n_nonrelevant=n_nonrelevant, depth=depth, **options)
    grades = _validate.grades(relevance)
    if len(grades) == 0:
        raise _validate.InvalidValueError(
            "relevance is empty: explain needs at least one ranked document, e.g. "
            "explain([1, 0, 1], n_relevant=2)."
        )
    threshold = _validate.threshold(1 if relevance_level is None else relevance_level)
    _validate.choice(ap_denominator, AP_DENOMINATORS, "ap_denominator")
    ideal_grades = grades if ideal is None else _validate.grades(ideal, name="ideal")
    if n_relevant is None and ideal is not None:
        n_relevant = _relevant_in_ideal(ideal_grades, grades, threshold)
    R = None if n_relevant is None else _validate.n_relevant(n_relevant, grades, threshold)
    depth = len(grades) if depth is None else max(len(grades), _validate.cutoff(depth, "depth"))
    # Checked once here so that a bad name fails before any table is built.
    dcg_at_k(grades[:1], gain=gain, discount=discount)
    extra = _extra_columns(extra)
    if "iP@k" in extra and R is None:
        raise _validate.InvalidValueError(
            'extra column "iP@k" (interpolated precision) needs R: pass n_relevant=R, the '
            "number of relevant documents of the query."
        )
    if "TPR@k" in extra or "FPR@k" in extra:  # fails here if the ROC curve is undefined
        roc_curve(grades, n_relevant=R, n_nonrelevant=n_nonrelevant, relevance_level=threshold)

    notes = _notes(grades, R, ideal, ap_denominator, threshold)
    return Explanation(
        grades=tuple(float(g) for g in grades),
        n_relevant=R,
        ideal=tuple(float(g) for g in ideal_grades),
        gain=gain,
        discount=discount,
        ap_denominator=ap_denominator,
        relevance_level=threshold,
        notes=tuple(notes),
        extra=extra,
        n_nonrelevant=n_nonrelevant,
        depth=depth,
    )


def _relevant_in_ideal(ideal, grades, threshold: float) -> int:
    """R counted from the ideal grades, which must hold every relevant grade of the list."""
    R = int(np.count_nonzero(ideal >= threshold))
    found = int(np.count_nonzero(grades >= threshold))
    if R < found:
        raise _validate.InvalidValueError(
            f"ideal holds {plural(R, 'relevant grade')} but the ranked list has "
            f"{plural(found, 'relevant document')}: ideal lists every judged grade of the "
            "query, the retrieved documents' grades included, e.g. ideal=[2, 2, 1]."
        )
    return R


def _notes(grades, R, ideal, ap_denominator: str, threshold: float) -> list[str]:
    """What the table leaves out, and why."""
    notes = []
    if R is None:
        left_out = "R@k and F1@k"
        if ap_denominator != "retrieved_relevant":
            left_out = "R@k, F1@k and AP@k"
        notes.append(
            f"{left_out} need R, the number of relevant documents: pass n_relevant=R "
            "(--relevant R on the command line), or ideal= (every judged grade of the query)."
        )
    found = int(np.count_nonzero(grades >= threshold))
    if ideal is None and R is not None and R > found:
        notes.append(
            f"n_relevant={R} but only {plural(found, 'relevant document')} "
            f"{'is' if found == 1 else 'are'} in the list: IDCG and nDCG use the list's own "
            "grades and so ignore the missing ones. Pass ideal= (every judged grade of the "
            "query) for trec_eval's nDCG."
        )
    return notes


def _extra_columns(extra) -> tuple[str, ...]:
    """The requested optional columns, in canonical spelling and table order."""
    if isinstance(extra, str):
        extra = (extra,)
    spelled = {name.lower().removesuffix("@k"): name for name in EXTRA_COLUMNS}
    wanted = set()
    for name in extra:
        canonical = spelled.get(str(name).lower().removesuffix("@k"))
        if canonical is None:
            options = ", ".join(repr(c) for c in EXTRA_COLUMNS)
            raise _validate.InvalidValueError(
                f"extra={list(extra)!r}: {name!r} is not an optional column; choose from {options}."
            )
        wanted.add(canonical)
    return tuple(name for name in EXTRA_COLUMNS if name in wanted)
