r"""PyFLAGR's ``Kemeny`` module: KemenyOptimal (`rankbook.aggregate.kemeny`, code 400).

FLAGR tries every order of the items ($n!$); rankbook's exact search refuses
more than 20 items, with a message that says so.
"""

from __future__ import annotations

from rankbook.pyflagr.RAM import RAM


class KemenyOptimal(RAM):
    r"""Kemeny's optimal aggregation: the order with the fewest pairwise disagreements."""

    code = 400

    def __init__(self, eval_pts=10):
        super().__init__(eval_pts)

    def method(self) -> tuple[str, dict]:
        return "kemeny", {"convention": "flagr"}
