r"""Breuer et al.'s table: one row per measure, an original run against its repetition.

The table that ``rankbook reproduce`` prints and the Breuer notebook reads, from the
per-topic score tables of the runs (what ``rankbook.evaluate(..., complete=True)``
returns, or what `rankbook.io.scores.read_scores` reads): the functions of
`rankbook.reproducibility.effects` and the t-tests of `rankbook.stats`, one measure
(one column) at a time.
"""

from __future__ import annotations

from rankbook._errors import InvalidTypeError, InvalidValueError

SUMMARY_ROW = "all"  # rankbook.evaluate's summary row, never a topic


def reproduction_table(original, reproduced, original_baseline=None, reproduced_baseline=None,
                       *, reproduction: bool = False, measures=None):
    r"""Breuer et al.'s measures of a repetition, one row per measure.

    For each measure $M$ (a column of the tables), with $M_j$ and $M'_j$ the
    original and the repeated run's scores on topic $j$:

    $$\mathrm{ARP}(M) = \frac{1}{n}\sum_{j=1}^{n} M_j, \qquad
    \mathrm{RMSE}(M, M') = \sqrt{\frac{1}{n}\sum_{j=1}^{n} (M_j - M'_j)^2}$$

    A *replication* (``reproduction=False``: same collection, same topics) gets
    ARP of both runs, RMSE and the p-value of the paired t-test; a *reproduction*
    (``reproduction=True``: another collection, other topics) ARP of both and the
    p-value of the unpaired t-test (Student's, pooled variance). With the two baselines,
    the effect ratio (ER) and delta RI of the advanced runs over them are added.

    Parameters
    ----------
    original, reproduced : pandas.DataFrame
        Per-topic scores of the original (advanced) run and of its repetition:
        indexed by topic, one column per measure; a summary row ``all`` is left out.
    original_baseline, reproduced_baseline : pandas.DataFrame, optional
        The same for the baselines; give both or neither.
    reproduction : bool, default False
        False: a replication, paired by topic. True: a reproduction, compared unpaired.
    measures : sequence of str, optional
        The columns to compare, in this order. Default: the original's columns.

    Returns
    -------
    pandas.DataFrame
        Indexed by measure; columns ``ARP original``, ``ARP reproduced``, then
        ``RMSE`` and ``p (paired t)`` (replication) or ``p (unpaired t)``
        (reproduction), then ``ER`` and ``delta RI`` when baselines are given.

    Raises
    ------
    InvalidValueError
        A replication whose runs have no topic in common (or other topic sets),
        a measure missing from a table, a baseline without the other.

    See Also
    --------
    rankbook.reproducibility.arp, rankbook.reproducibility.rmse,
    rankbook.reproducibility.effect_ratio, rankbook.reproducibility.delta_relative_improvement
    rankbook.stats.paired_t_test, rankbook.stats.unpaired_t_test

    References
    ----------
    Breuer, Ferro, Fuhr, Maistro, Sakai, Schaer and Soboroff, 2020. How to Measure the
    Reproducibility of System-oriented IR Experiments. SIGIR 2020, section 3 and Tables 3-4.

    Examples
    --------
    >>> import pandas as pd
    >>> original = pd.DataFrame({"P@2": [1.0, 0.5, 0.5]}, index=["q1", "q2", "q3"])
    >>> replicated = pd.DataFrame({"P@2": [0.5, 0.5, 0.0]}, index=["q1", "q2", "q3"])
    >>> reproduction_table(original, replicated).round(4)
             ARP original  ARP reproduced    RMSE  p (paired t)
    measure
    P@2            0.6667          0.3333  0.4082        0.1835
    """
    import pandas as pd

    if (original_baseline is None) != (reproduced_baseline is None):
        raise InvalidValueError(
            "give both baselines (original_baseline and reproduced_baseline) for ER and "
            "delta RI, or neither.")
    tables = {"original": original, "reproduced": reproduced}
    if original_baseline is not None:
        tables.update(original_b=original_baseline, reproduced_b=reproduced_baseline)
    tables = {key: _topics_only(table, key) for key, table in tables.items()}
    if not isinstance(reproduction, bool):
        raise InvalidValueError(f"reproduction must be True or False, got {reproduction!r}.")
    if not reproduction:
        _same_topics(tables)
    columns = list(tables["original"].columns) if measures is None else list(measures)
    for key, table in tables.items():
        missing = [c for c in columns if c not in table.columns]
        if missing:
            raise InvalidValueError(
                f"{key} has no column {missing[0]!r}; its columns are "
                f"{', '.join(map(str, table.columns))}: compare the measures every table holds.")
    rows = [_row(tables, column, reproduction) for column in columns]
    return pd.DataFrame(rows, index=pd.Index(columns, name="measure"))


def _topics_only(table, key: str):
    if not (hasattr(table, "columns") and hasattr(table, "index")):
        raise InvalidTypeError(
            f"{key} must be a per-topic score table (a pandas DataFrame indexed by topic, one "
            f"column per measure, as rb.evaluate(..., complete=True) returns), got "
            f"{type(table).__name__}.")
    return table.drop(index=SUMMARY_ROW, errors="ignore")


def _same_topics(tables: dict) -> None:
    """A replication pairs topic with topic: the tables must score the same topics."""
    topics = {key: set(table.index) for key, table in tables.items()}
    first = topics["original"]
    for key, other in topics.items():
        if not first & other:
            raise InvalidValueError(
                f"original and {key} have no topic in common (original: "
                f"{sorted(map(str, first))[:3]}, {key}: {sorted(map(str, other))[:3]}), so a "
                "replication has nothing to pair; if the repetition is on another collection, "
                "it is a reproduction: pass reproduction=True (rankbook reproduce: "
                "--reproduction for score tables, --reproduced-qrels QRELS2 for runs).")


def _row(tables: dict, column: str, reproduction: bool) -> dict:
    from rankbook.reproducibility.effects import (
        arp,
        delta_relative_improvement,
        effect_ratio,
        rmse,
    )
    from rankbook.stats import paired_t_test, unpaired_t_test

    original, reproduced = tables["original"][column], tables["reproduced"][column]
    row = {"ARP original": arp(original), "ARP reproduced": arp(reproduced)}
    if reproduction:
        row["p (unpaired t)"] = unpaired_t_test(original, reproduced).pvalue
    else:
        row["RMSE"] = rmse(original, reproduced)
        row["p (paired t)"] = paired_t_test(original, reproduced).pvalue
    if "original_b" in tables:
        four = (original, tables["original_b"][column], reproduced, tables["reproduced_b"][column])
        row["ER"] = effect_ratio(*four, paired=not reproduction)
        row["delta RI"] = delta_relative_improvement(*four)
    return row
