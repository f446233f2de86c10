"""Run pyflagr 1.0.18 (the oracle) on FLAGR's sample data: its aggregate lists and evaluation tables.

pyflagr >= 1.0.18 reads 6 columns (``query,voter,item,rank,score,label``); FLAGR's sample
``tests/data/flagr/testdata.csv`` has 5 (see tests/data/flagr/README.md), so `six_columns`
writes a copy with the rank column inserted (the position within the (query, voter) block).
"""

from __future__ import annotations

from pathlib import Path

DATA = Path(__file__).resolve().parents[1] / "data" / "flagr"
LISTS = DATA / "testdata.csv"
QRELS = DATA / "testdata_qrels.csv"


def six_columns(source: Path, target: Path) -> Path:
    """A copy of a 5-column FLAGR list file with the rank column inserted."""
    position, previous, lines = 0, None, []
    for line in source.read_text().splitlines():
        query, voter, item, score, label = line.split(",")
        position = position + 1 if (query, voter) == previous else 1
        previous = (query, voter)
        lines.append(f"{query},{voter},{item},{position},{score},{label}\n")
    target.write_text("".join(lines))
    return target


def aggregate(aggregator, lists: Path, qrels: Path, folder: Path):
    """pyflagr's (aggregate run, evaluation table): ``{query: {item: score}}`` in its order, and
    its table indexed by query id (``Topic 1`` -> ``1``) with ``map`` and the P/recall/DCG/nDCG columns.
    """
    out, evaluation = aggregator.aggregate(input_file=str(lists), rels_file=str(qrels),
                                           out_dir=str(folder))
    out = out.sort_values(["Query", "Rank"], kind="stable")
    run: dict = {}
    for query, item, score in zip(out["Query"].astype(str), out["ItemID"].astype(str), out["Score"]):
        run.setdefault(query, {})[item] = float(score)
    evaluation.index = [str(q).removeprefix("Topic ") for q in evaluation["q"]]
    return run, evaluation.drop(columns=["q"])
