r"""PyFLAGR's ``Linear`` module: CombSUM, CombMNZ, BordaCount, SimpleBordaCount.

| class | rankbook | FLAGR's code |
| --- | --- | --- |
| ``CombSUM(norm, eval_pts)`` | `rankbook.aggregate.combsum` (``convention="flagr"``) | 100 + norm |
| ``CombMNZ(norm, eval_pts)`` | `rankbook.aggregate.combmnz` (``convention="flagr"``) | 110 + norm |
| ``BordaCount(eval_pts)`` | ``combsum``, ``norm="borda"`` | 100 |
| ``SimpleBordaCount(eval_pts)`` | ``combsum``, ``norm="simple_borda"`` | 104 |

``norm`` is FLAGR's spelling: ``"borda"`` (+0), ``"rank"`` (+1), ``"score"``
(+2, min-max of the scores: rankbook's ``"min_max"``), ``"z-score"`` (+3) or
``"simple-borda"`` (+4). PyFLAGR takes any other word for ``"borda"``; here
it is refused when the object is built.

>>> CombSUM(norm="rank").method()
('combsum', {'norm': 'rank', 'convention': 'flagr'})
>>> CombSUM(norm="Rank")
Traceback (most recent call last):
...
rankbook._errors.InvalidValueError: norm='Rank' is not one of PyFLAGR's choices 'borda', 'rank', 'score', 'z-score', 'simple-borda'.
"""

from __future__ import annotations

from rankbook.pyflagr.RAM import RAM, spelling

# FLAGR's norm -> (rankbook's norm, offset of FLAGR's code)
NORMS = {"borda": ("borda", 0), "rank": ("rank", 1), "score": ("min_max", 2),
         "z-score": ("z_score", 3), "simple-borda": ("simple_borda", 4)}


class CombSUM(RAM):
    r"""CombSUM: the sum of an item's normalised scores over the lists (`rankbook.aggregate.combsum`).

    Parameters
    ----------
    norm : {"borda", "rank", "score", "z-score", "simple-borda"}, default "borda"
        How each list's ranks or scores are normalised (FLAGR's spellings).
    eval_pts : int, default 10
        The evaluation points of ``aggregate()``'s table.
    """

    def __init__(self, norm="borda", eval_pts=10):
        self.normalization, self.code = check_norm(norm, 100)
        super().__init__(eval_pts)

    def method(self) -> tuple[str, dict]:
        return "combsum", {"norm": NORMS[self.normalization][0], "convention": "flagr"}


class CombMNZ(RAM):
    r"""CombMNZ: CombSUM times the number of lists that rank the item (`rankbook.aggregate.combmnz`).

    Parameters
    ----------
    norm : {"borda", "rank", "score", "z-score", "simple-borda"}, default "borda"
        As in `CombSUM`.
    eval_pts : int, default 10
        The evaluation points of ``aggregate()``'s table.
    """

    def __init__(self, norm="borda", eval_pts=10):
        self.normalization, self.code = check_norm(norm, 110)
        super().__init__(eval_pts)

    def method(self) -> tuple[str, dict]:
        return "combmnz", {"norm": NORMS[self.normalization][0], "convention": "flagr"}


class BordaCount(CombSUM):
    r"""Borda count: CombSUM with FLAGR's Borda normalisation (PyFLAGR's wrapper, code 100)."""

    def __init__(self, eval_pts=10):
        super().__init__(norm="borda", eval_pts=eval_pts)


class SimpleBordaCount(CombSUM):
    r"""Simple Borda count: CombSUM with ``"simple-borda"`` (unranked items score 0; code 104)."""

    def __init__(self, eval_pts=10):
        super().__init__(norm="simple-borda", eval_pts=eval_pts)


def check_norm(norm, base: int) -> tuple[str, int]:
    """FLAGR's norm name, checked, and the method's code (``base`` + the norm's offset)."""
    norm = spelling(norm, "norm", {name: name for name in NORMS})
    return norm, base + NORMS[norm][1]
