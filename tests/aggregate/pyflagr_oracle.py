"""Run pyflagr 1.0.18 (the test oracle) on the ranked lists of one query.

pyflagr reads a 6-column CSV (query, voter, item, rank, score, label; see the
repository's tests/data/flagr/README.md) and writes the aggregate list with
scores printed to 6 decimals. Each call writes its own temporary files (never
pyflagr's shared temp_input.csv), so parallel runs do not collide.
"""

from __future__ import annotations

import os
import tempfile


def write_lists_csv(path, lists, query="1"):
    """Write one query's lists (each a sequence of item ids, best first) as FLAGR's 6 columns."""
    with open(path, "w") as handle:
        for voter, ranked in enumerate(lists):
            for position, item in enumerate(ranked, start=1):
                score = len(ranked) - position + 1
                handle.write(f"{query},V-{voter},{item},{position},{score},T\n")


def run(method, lists):
    """``[(item, score), ...]`` in pyflagr's output order for one query."""
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "lists.csv")
        write_lists_csv(path, lists)
        out, _ = method.aggregate(input_file=path, out_dir=folder)
    return list(zip(out["ItemID"].astype(str), out["Score"].astype(float)))
