"""Which topics are evaluated, and the warning for topics on one side only."""

from __future__ import annotations

import warnings

from rankbook._errors import InvalidValueError, caller_stacklevel


class TopicMismatchWarning(UserWarning):
    """Some topics are only in the run or only in the qrels (see ``result.attrs``)."""


def examples(ids: list, n: int = 5) -> str:
    """The first ``n`` ids, quoted, and how many more."""
    shown = ", ".join(repr(i) for i in ids[:n])
    return shown + (f" and {len(ids) - n} more" if len(ids) > n else "") if ids else "none"


def report(only_run: list, only_qrels: list, complete: bool, run_source, qrels_source) -> None:
    """Warn (:class:`TopicMismatchWarning`, at the caller's line) about one-sided topics."""
    notes = []
    if only_run:
        notes.append(f"{len(only_run)} topic(s) of the run are not in the qrels and are ignored "
                     f"(as trec_eval does): {examples(only_run)}")
    if only_qrels:
        what = ("are scored 0 (complete=True, trec_eval's -c)" if complete else
                "are left out of the means; pass complete=True (-c) to score them 0")
        notes.append(f"{len(only_qrels)} topic(s) of the qrels have no results in the run and "
                     f"{what}: {examples(only_qrels)}")
    if notes:
        warnings.warn(f"{run_source} vs {qrels_source}: " + "; ".join(notes) + ".",
                      TopicMismatchWarning, stacklevel=caller_stacklevel())


def evaluated(run_topics: list, qrels_topics: list, complete: bool) -> list:
    """The topics to evaluate, in string order; an error when there is none."""
    run_set, qrels_set = set(run_topics), set(qrels_topics)
    wanted = sorted(qrels_set) if complete else sorted(qrels_set & run_set)
    if not wanted:
        raise nothing_to_evaluate(sorted(run_set), sorted(qrels_set))
    return wanted


def nothing_to_evaluate(run_topics: list, qrels_topics: list, *,
                        offer_complete: bool = True) -> InvalidValueError:
    """The error for a run and qrels with no topic in common (topics in string order).

    ``offer_complete``: whether to offer ``complete=True`` as a way out (not where every
    topic is already scored, as in :func:`rankbook.compare.compare`).
    """
    way_out = (" (or pass complete=True / -c to score the missing topics as 0)"
               if offer_complete else "")
    return InvalidValueError(
        "no topic is both in the run and in the qrels, so there is nothing to evaluate. "
        f"Run topics: {examples(run_topics)}; qrels topics: {examples(qrels_topics)}. Check "
        f"that the files belong together{way_out}.")
