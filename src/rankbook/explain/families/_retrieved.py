r"""The top k of a list as the measures of a retrieved set read it (set measures, LAG, ROC, AUC).

A measure with a cut-off (P@k, AP@k) reads the ranks past the end of a short list as
non-relevant documents, as trec_eval does. A measure of the whole retrieved list (set_P,
utility, LAG, AUC) has no cut-off: at rank k its hand calculation shows the measure of the
list cut at rank k, the first k documents taken as all that was retrieved, and past the end of
the list there is nothing more to take.

Every worked formula ends with its value (``... = 0.7500``), never with a remark: what needs
saying in words goes in a note before it (`because`).
"""

from __future__ import annotations

from rankbook.explain.families._write import note, step


def top(case, k: int):
    """The grades of the first k documents (the whole list when k passes its end)."""
    return case.grades[:k]


def retrieved(case, k: int) -> int:
    """How many documents the top k holds: k, or the length of the list past its end."""
    return min(k, case.n)


def beyond_the_list(case, k: int):
    """The note that the list has ended, when k passes its end: the values are the whole list's."""
    if k > case.n:
        ranks = f"rank {k} is" if k == case.n + 1 else f"ranks {case.n + 1} to {k} are"
        yield note("past the end", f"({ranks} past the end of the list of {case.n}: nothing "
                                   "more was retrieved, so the values are the whole list's)")


def because(name: str, value: str, why: str = "R is 0: the query has no relevant document, and "
            "the value is 0 as in trec_eval"):
    """Why the value is what it is (a note), then ``name = value``."""
    yield note("why", f"({why})")
    yield step(name, f"\\text{{{name}}} = {value}", f"{name} = {value}")
