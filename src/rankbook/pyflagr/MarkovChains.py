r"""PyFLAGR's ``MarkovChains`` module: MC1, MC2, MC3, MC4 (Dwork et al.) and MCT (DeConde et al.).

| class | rankbook (``convention="flagr"``) | FLAGR's code |
| --- | --- | --- |
| ``MC1(eval_pts, ergodic_number, max_iterations)`` | `rankbook.aggregate.mc1` | 801 |
| ``MC2(...)`` | `rankbook.aggregate.mc2` | 802 |
| ``MC3(...)`` | `rankbook.aggregate.mc3` | 803 |
| ``MC4(...)`` | `rankbook.aggregate.mc4` | 804 |
| ``MCT(...)`` | `rankbook.aggregate.mct` | 805 |
| ``MC(eval_pts, ergodic_number, max_iterations, chain)`` | the one of ``chain`` (801-805) | ``chain`` |

``eval_pts`` has no default here, as in PyFLAGR.
"""

from __future__ import annotations

from rankbook.pyflagr.RAM import RAM, spelling

CHAINS = {801: "mc1", 802: "mc2", 803: "mc3", 804: "mc4", 805: "mct"}


class MC(RAM):
    r"""A Markov-chain method: the stationary distribution of a chain built from the lists.

    Parameters
    ----------
    eval_pts : int
        The evaluation points of ``aggregate()``'s table.
    ergodic_number : float, default 0.15
        The teleportation probability (FLAGR passes it as a 32-bit float).
    max_iterations : int, default 100
        Power iterations (FLAGR runs ``max_iterations - 1`` steps).
    chain : {801, 802, 803, 804, 805}, default 804
        MC1, MC2, MC3, MC4 or MCT.
    """

    def __init__(self, eval_pts, ergodic_number=0.15, max_iterations=100, chain=804):
        self.code = spelling(chain, "chain", {c: c for c in CHAINS},
                             " (801-804: MC1-MC4, 805: MCT)")
        self.ergodic_number = ergodic_number
        self.max_iterations = max_iterations
        super().__init__(eval_pts)

    def method(self) -> tuple[str, dict]:
        return CHAINS[self.code], {"ergodic_number": self.ergodic_number,
                                   "max_iterations": self.max_iterations, "convention": "flagr"}


class MC1(MC):
    r"""MC1: move to an item some list ranks at least as high (`rankbook.aggregate.mc1`)."""

    def __init__(self, eval_pts, ergodic_number=0.15, max_iterations=100):
        super().__init__(eval_pts, ergodic_number, max_iterations, 801)


class MC2(MC):
    r"""MC2: move to an item a majority of the lists ranks higher (`rankbook.aggregate.mc2`)."""

    def __init__(self, eval_pts, ergodic_number=0.15, max_iterations=100):
        super().__init__(eval_pts, ergodic_number, max_iterations, 802)


class MC3(MC):
    r"""MC3: move with the share of lists that rank the other item higher (`rankbook.aggregate.mc3`)."""

    def __init__(self, eval_pts, ergodic_number=0.15, max_iterations=100):
        super().__init__(eval_pts, ergodic_number, max_iterations, 803)


class MC4(MC):
    r"""MC4: move when a majority ranks the other item higher (`rankbook.aggregate.mc4`)."""

    def __init__(self, eval_pts, ergodic_number=0.15, max_iterations=100):
        super().__init__(eval_pts, ergodic_number, max_iterations, 804)


class MCT(MC):
    r"""MCT (DeConde et al.): move with the share of lists that prefer the other item (`rankbook.aggregate.mct`)."""

    def __init__(self, eval_pts, ergodic_number=0.15, max_iterations=100):
        super().__init__(eval_pts, ergodic_number, max_iterations, 805)
