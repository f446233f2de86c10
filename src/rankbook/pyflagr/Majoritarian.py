r"""PyFLAGR's ``Majoritarian`` module: CondorcetWinners, CopelandWinners, OutrankingApproach.

| class | rankbook | FLAGR's code |
| --- | --- | --- |
| ``CondorcetWinners(eval_pts)`` | `rankbook.aggregate.condorcet` (``convention="flagr"``, the same) | 200 |
| ``CopelandWinners(eval_pts)`` | `rankbook.aggregate.copeland` (``convention="flagr"``) | 201 |
| ``OutrankingApproach(eval_pts, preference, veto, concordance, discordance)`` | `rankbook.aggregate.outranking` (``convention="flagr"``) | 300 |
"""

from __future__ import annotations

from rankbook.pyflagr.RAM import RAM


class CondorcetWinners(RAM):
    r"""Condorcet winners: an item scores the pairwise contests it wins (`rankbook.aggregate.condorcet`)."""

    code = 200

    def __init__(self, eval_pts=10):
        super().__init__(eval_pts)

    def method(self) -> tuple[str, dict]:
        return "condorcet", {"convention": "flagr"}


class CopelandWinners(RAM):
    r"""Copeland: wins minus losses, FLAGR's way (a tie gives each 0.5; `rankbook.aggregate.copeland`)."""

    code = 201

    def __init__(self, eval_pts=10):
        super().__init__(eval_pts)

    def method(self) -> tuple[str, dict]:
        return "copeland", {"convention": "flagr"}


class OutrankingApproach(RAM):
    r"""Farah and Vanderpooten's outranking approach (`rankbook.aggregate.outranking`).

    Parameters
    ----------
    eval_pts : int, default 10
        The evaluation points of ``aggregate()``'s table.
    preference, veto : float, default 0.0, 0.75
        Thresholds as fractions of the number of items.
    concordance, discordance : float, default 0.0, 0.25
        Thresholds as fractions of the number of lists.
    """

    code = 300

    def __init__(self, eval_pts=10, preference=0.0, veto=0.75, concordance=0.0, discordance=0.25):
        self.thresholds = {"preference": preference, "veto": veto, "concordance": concordance,
                           "discordance": discordance}
        super().__init__(eval_pts)

    def method(self) -> tuple[str, dict]:
        return "outranking", {**self.thresholds, "convention": "flagr"}
