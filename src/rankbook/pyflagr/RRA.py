r"""PyFLAGR's ``RRA`` module: robust rank aggregation (Kolde et al. 2012), code 401.

``RRA(exact=False)`` is `rankbook.aggregate.rra` (Bonferroni's bound
$\min(1, L\rho)$), ``RRA(exact=True)`` `rankbook.aggregate.rra_exact` (Stuart's
recursion, numerically unstable in FLAGR: its published MAP, 0.4379, is not
reproduced on any machine); both with ``convention="flagr"``. The scores are
p-values: the aggregate lists are in ascending order of score.
"""

from __future__ import annotations

from rankbook.pyflagr.RAM import RAM, spelling


class RRA(RAM):
    r"""Robust rank aggregation: an item's p-value under random lists, smallest first.

    Parameters
    ----------
    eval_pts : int, default 10
        The evaluation points of ``aggregate()``'s table.
    exact : bool, default False
        Stuart's exact p-value instead of the Bonferroni bound.
    """

    code = 401

    def __init__(self, eval_pts=10, exact=False):
        self.exact = spelling(exact, "exact", {False: False, True: True})
        super().__init__(eval_pts)

    def method(self) -> tuple[str, dict]:
        return ("rra_exact" if self.exact else "rra"), {"convention": "flagr"}
