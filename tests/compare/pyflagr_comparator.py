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


def seed_methods(ev: int = 10) -> dict:
    """The 21 configurations of the seed notebook's cell 4: name -> (pyflagr object, rankbook
    method, rankbook parameters for ``convention="flagr"``). Condorcet has no convention."""
    from pyflagr import RRA, Linear, Majoritarian, MarkovChains, Weighted

    chain = {"max_iterations": 50, "ergodic_number": 0.15}
    dibra = {"aggregator": "combsum:borda", "gamma": 1.2, "weight_normalization": "minmax"}
    flagr = {"convention": "flagr"}
    return {
        "CombSUM-Rank": (Linear.CombSUM(norm="rank", eval_pts=ev), "combsum", {"norm": "rank", **flagr}),
        "CombSUM-Borda": (Linear.CombSUM(norm="borda", eval_pts=ev), "combsum", {"norm": "borda", **flagr}),
        "CombSUM-Score": (Linear.CombSUM(norm="score", eval_pts=ev), "combsum", {"norm": "min_max", **flagr}),
        "CombMNZ-Rank": (Linear.CombMNZ(norm="rank", eval_pts=ev), "combmnz", {"norm": "rank", **flagr}),
        "CombMNZ-Borda": (Linear.CombMNZ(norm="borda", eval_pts=ev), "combmnz", {"norm": "borda", **flagr}),
        "CombMNZ-Score": (Linear.CombMNZ(norm="score", eval_pts=ev), "combmnz", {"norm": "min_max", **flagr}),
        "Condorcet": (Majoritarian.CondorcetWinners(eval_pts=ev), "condorcet", {}),
        "Copeland": (Majoritarian.CopelandWinners(eval_pts=ev), "copeland", flagr),
        "Outranking Approach": (Majoritarian.OutrankingApproach(
            preference=0, veto=0.75, concordance=0, discordance=0.25, eval_pts=ev), "outranking",
            {"preference": 0, "veto": 0.75, "concordance": 0, "discordance": 0.25, **flagr}),
        "MC1": (MarkovChains.MC1(eval_pts=ev, **chain), "mc1", {**chain, **flagr}),
        "MC2": (MarkovChains.MC2(eval_pts=ev, **chain), "mc2", {**chain, **flagr}),
        "MC3": (MarkovChains.MC3(eval_pts=ev, **chain), "mc3", {**chain, **flagr}),
        "MC4": (MarkovChains.MC4(eval_pts=ev, **chain), "mc4", {**chain, **flagr}),
        "MCT": (MarkovChains.MCT(eval_pts=ev, **chain), "mct", {**chain, **flagr}),
        "RRA-Exact": (RRA.RRA(exact=True, eval_pts=ev), "rra_exact", flagr),
        "RRA": (RRA.RRA(exact=False, eval_pts=ev), "rra", flagr),
        "PrefRel": (Weighted.PreferenceRelationsGraph(alpha=0.1, beta=0.5, eval_pts=ev), "prefrel",
                    {"alpha": 0.1, "beta": 0.5, **flagr}),
        "Agglomerative": (Weighted.Agglomerative(c1=0.1, c2=0.2, eval_pts=ev), "agglomerative",
                          {"c1": 0.1, "c2": 0.2, **flagr}),
        "DIBRA": (Weighted.DIBRA(aggregator="combsum:borda", gamma=1.2, prune=None, w_norm="minmax",
                                 eval_pts=ev), "dibra", {**dibra, **flagr}),
        "DIBRA-Prune": (Weighted.DIBRA(aggregator="combsum:borda", gamma=1.2, prune="low",
                                       w_norm="minmax", d1=0.3, d2=0.05, eval_pts=ev), "dibra",
                        {**dibra, "prune": "low", "d1": 0.3, "d2": 0.05, **flagr}),
        "DIBRA-Prune-WISE": (Weighted.DIBRA(aggregator="combsum:borda", gamma=1.2, prune="wire",
                                            w_norm="minmax", num_buckets=5, d1=0.5, d2=1.0,
                                            eval_pts=ev), "dibra",
                             {**dibra, "prune": "wire", "num_buckets": 5, "d1": 0.5, "d2": 1.0, **flagr}),
    }
