"""Run pyflagr 1.0.18 (the oracle) on the ranked lists of one query: write its CSV, read its output.

pyflagr >= 1.0.18 reads ``query,voter,item,rank,score,label`` (see tests/data/flagr/README.md)
and writes the aggregate list with 6 decimals. Each profile here is one query; every voter
gets one list (pyflagr gives a voter seen anywhere a list in every query, so a single query
keeps the comparison simple). Each call writes its own temporary files (never pyflagr's shared
temp_input.csv), so parallel runs do not collide.
"""

from __future__ import annotations

import tempfile
from collections.abc import Mapping
from pathlib import Path

import pyflagr.Kemeny as Kemeny
import pyflagr.Linear as Linear
import pyflagr.Majoritarian as Majoritarian

AGGREGATORS = {
    "combsum:borda": lambda: Linear.CombSUM(norm="borda"),
    "combsum:rank": lambda: Linear.CombSUM(norm="rank"),
    "combsum:score": lambda: Linear.CombSUM(norm="score"),
    "combsum:z-score": lambda: Linear.CombSUM(norm="z-score"),
    "combsum:simple-borda": lambda: Linear.CombSUM(norm="simple-borda"),
    "combmnz:borda": lambda: Linear.CombMNZ(norm="borda"),
    "combmnz:rank": lambda: Linear.CombMNZ(norm="rank"),
    "combmnz:score": lambda: Linear.CombMNZ(norm="score"),
    "combmnz:z-score": lambda: Linear.CombMNZ(norm="z-score"),
    "combmnz:simple-borda": lambda: Linear.CombMNZ(norm="simple-borda"),
    "borda": lambda: Linear.BordaCount(),
    "simple_borda": lambda: Linear.SimpleBordaCount(),
    "condorcet": lambda: Majoritarian.CondorcetWinners(),
    "copeland": lambda: Majoritarian.CopelandWinners(),
    "outranking": lambda: Majoritarian.OutrankingApproach(),
    "kemeny": lambda: Kemeny.KemenyOptimal(),
}


def write_lists(lists, path: Path) -> None:
    """One query ("1"), voter V<i> for lists[i]: a dict item -> score (best first), or a sequence
    of item ids (best first), which get the scores |l|, |l| - 1, ..., 1."""
    with open(path, "w") as handle:
        for voter, ranked in enumerate(lists):
            if not isinstance(ranked, Mapping):
                ranked = {item: len(ranked) - position for position, item in enumerate(ranked)}
            for rank, (item, score) in enumerate(ranked.items(), start=1):
                handle.write(f"1,V{voter},{item},{rank},{score!r},demo\n")


def run(aggregator, lists, **params) -> list[tuple[str, float]]:
    """pyflagr's aggregate list for ``lists``: [(item, score)] in its output order.

    ``aggregator`` is a name of ``AGGREGATORS`` (with ``params``, the outranking approach
    with those thresholds) or a pyflagr aggregator object.
    """
    if isinstance(aggregator, str):
        aggregator = AGGREGATORS[aggregator]() if not params else \
            Majoritarian.OutrankingApproach(**params)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "lists.csv"
        write_lists(lists, path)
        out, _ = aggregator.aggregate(input_file=str(path), out_dir=folder)
    return list(zip(out["ItemID"].astype(str), out["Score"].astype(float)))
