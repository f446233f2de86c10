r"""What the hand calculations of NTCIREVAL's measures share: the gains in words, the relevant ranks."""

from __future__ import annotations

from rankbook.explain.families._write import number


def gains_words(case) -> str:
    """The gain of each level, as given or NTCIREVAL's default (the level itself)."""
    if "gains" in case.options:
        given = ", ".join(f"L{i} = {number(g)}" for i, g in enumerate(case.options["gains"], 1))
        return f"gains {given} (as given; NTCIREVAL's -g)"
    return "gains: each level gains its number, L1 = 1, L2 = 2, ... (NTCIREVAL's default -g)"


def relevant_ranks(case, k: int) -> list[int]:
    """The ranks of the top k whose level is at least L1 (NTCIREVAL's relevant documents)."""
    return [i for i in range(1, min(k, case.n) + 1)
            if case.relevance[i - 1] is not None and case.relevance[i - 1] >= 1]
