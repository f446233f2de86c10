"""``rankbook reproduce``: how far a reproduced run is from the original (Breuer et al. 2020)."""

from __future__ import annotations

import argparse

from rankbook.cli._tables import decimals

DEFAULT_MEASURES = ["P@10", "AP", "nDCG"]


def add_parser(subparsers) -> None:
    """Add the ``reproduce`` sub-command to ``subparsers``."""
    parser = subparsers.add_parser(
        "reproduce",
        help="compare an original run with its replication or reproduction (ARP, RMSE, "
             "t-test, Kendall's tau, RBO, effect ratio, delta RI)",
        description=(
            "Score ORIGINAL and REPRODUCED per topic on every topic of QRELS (trec_eval 9.x's "
            "rules, a missing topic scoring 0) and print, per measure, the measures of Breuer "
            "et al. (SIGIR 2020): a replication (same collection) gets ARP, RMSE and the "
            "paired t-test, and the mean Kendall's tau union and RBO of the ranked lists; a "
            "reproduction (--reproduced-qrels: another collection) gets ARP and the "
            "unpaired t-test. With --baselines, the effect ratio and delta RI of the "
            "advanced runs over their baselines. Without QRELS, ORIGINAL and REPRODUCED "
            "(and the baselines) are per-topic score tables: CSV files whose first column "
            "holds the topics (headed query, qid, topic or Row) and each other column the "
            "scores of one measure (rankbook eval -q --format csv) or one run (FILE:COLUMN "
            "picks it); a reproduction is then said with --reproduction."
        ),
        epilog=(
            "examples:\n"
            "  rankbook reproduce qrels.txt original.run replicated.run\n"
            "  rankbook reproduce qrels.txt a.run a_rep.run --baselines b.run b_rep.run\n"
            "  rankbook reproduce robust04.qrels a.run a_rpd.run --reproduced-qrels core18.qrels\n"
            "  rankbook reproduce original.csv replicated.csv        # per-topic score tables\n"
            "  rankbook reproduce -m P@10 rpl_p10.csv:WCrobust0405 rpl_p10.csv:rpl_45\n"
            "  rankbook reproduce --reproduction org_p10.csv rpd_p10.csv:rpd_45"
        ),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("qrels", metavar="QRELS", nargs="?",
                        help="judgments of the original collection (left out for score tables)")
    parser.add_argument("original", metavar="ORIGINAL",
                        help="the original (advanced) run, or its per-topic score table")
    parser.add_argument("reproduced", metavar="REPRODUCED", help="its replication or reproduction")
    parser.add_argument("--baselines", nargs=2, metavar=("ORIGINAL_B", "REPRODUCED_B"),
                        help="the original baseline run and its repetition, for ER and delta RI")
    parser.add_argument("--reproduced-qrels", metavar="QRELS2",
                        help="judgments of another collection: the repetition is a "
                             "reproduction, scored on QRELS2 and compared unpaired")
    parser.add_argument("--reproduction", action="store_true",
                        help="with score tables: the repetition is a reproduction (other "
                             "topics), compared unpaired")
    parser.add_argument("-m", dest="measures", action="append", default=None, metavar="MEASURE",
                        help="a measure; repeat for several [default: P@10, AP, nDCG]; with "
                             "score tables, the columns to compare [default: those they share], "
                             "or the name of the row when FILE:COLUMN picks one")
    parser.add_argument("-k", dest="k", type=int, default=1000,
                        help="rank cut-off of Kendall's tau union and RBO [default: 1000]")
    parser.add_argument("-p", dest="p", type=float, default=0.8,
                        help="RBO's persistence [default: 0.8, as Breuer et al.]")
    parser.add_argument("--decimals", type=decimals, default=4, metavar="N",
                        help="decimals of the table [default: 4]")
    parser.set_defaults(run=run)


def run(args) -> None:
    """Evaluate the runs (or read the score tables) and print the table."""
    import sys
    import warnings

    import rankbook as rb
    from rankbook.cli._score_tables import read_tables, runs_or_tables

    names = {"original": args.original, "reproduced": args.reproduced}
    if args.baselines:
        names.update(original_b=args.baselines[0], reproduced_b=args.baselines[1])
    if runs_or_tables(args.qrels, names, args.reproduced_qrels, args.reproduction) == "tables":
        tables, columns = read_tables(names, args.measures)
        rows = _rows(tables, columns, args.reproduction)
        if not args.reproduction:
            print("rankbook reproduce: note: Kendall's tau union and RBO need the runs' ranked "
                  "lists, which score tables do not hold: give QRELS and the runs for them.",
                  file=sys.stderr)
        _print(rows, args.decimals)
        return
    measures = args.measures or DEFAULT_MEASURES
    qrels_rep = args.reproduced_qrels or args.qrels
    runs = dict(names)  # a path, or the run read once when its ranked lists are needed too
    lists = None
    if not args.reproduced_qrels:
        runs.update((key, rb.io.read_run(names[key])) for key in ("original", "reproduced"))
        lists = [_ranked_lists(runs[key]) for key in ("original", "reproduced")]
        _refuse_no_common_topic(*lists, args.original, args.reproduced)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        tables = {key: rb.evaluate(qrels_rep if key.startswith("reproduced") else args.qrels,
                                   run, measures, complete=True) for key, run in runs.items()}
    for warning in caught:
        print(f"rankbook reproduce: note: {warning.message}", file=sys.stderr)
    _print(_rows(tables, _score_columns(tables["original"]), bool(args.reproduced_qrels)),
           args.decimals)
    if lists is not None:
        tau, overlap = _orderings(*lists, args.k, args.p)
        print(f"Kendall's tau union @{args.k}: {tau:.{args.decimals}f}   "
              f"RBO @{args.k} (p={args.p}): {overlap:.{args.decimals}f}")


def _score_columns(table) -> list:
    """The columns that hold scores; the run's name and relstring (texts) are said and left out."""
    import sys

    texts = [m.label for m in table.attrs["measures"] if m.metric.rule.name in ("name", "none")]
    if texts:
        print(f"rankbook reproduce: note: {', '.join(texts)} {'is' if len(texts) == 1 else 'are'} "
              "not a score per topic (a text): left out of the comparison.", file=sys.stderr)
    return [c for c in table.columns if c not in texts]


def _rows(tables: dict, columns, reproduction: bool) -> list:
    """One row per measure (`reproduction_table`); a warning (ER of 0 over 0) is a note."""
    import sys
    import warnings

    from rankbook.reproducibility import reproduction_table

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        table = reproduction_table(tables["original"], tables["reproduced"],
                                   tables.get("original_b"), tables.get("reproduced_b"),
                                   reproduction=reproduction, measures=list(columns))
    for warning in caught:
        print(f"rankbook reproduce: note: {warning.message}", file=sys.stderr)
    return table.reset_index().to_dict("records")


def _print(rows: list, places: int) -> None:
    headers = list(rows[0])
    cells = [[row[h] if h == "measure" else
              (f"{row[h]:.2e}" if h.startswith("p ") else f"{row[h]:.{places}f}")
              for h in headers] for row in rows]
    widths = [max(len(h), *(len(c[i]) for c in cells)) for i, h in enumerate(headers)]
    print("  ".join(h.ljust(w) if i == 0 else h.rjust(w) for i, (h, w) in
                    enumerate(zip(headers, widths))))
    for line in cells:
        print("  ".join(c.ljust(w) if i == 0 else c.rjust(w) for i, (c, w) in
                        enumerate(zip(line, widths))))


def _ranked_lists(run) -> dict:
    """topic -> the run's documents in trec_eval's order."""
    from rankbook.io import trec_order

    ordered = run.iloc[trec_order(run)]
    return {q: list(group["doc"]) for q, group in ordered.groupby("query", sort=False)}


def _refuse_no_common_topic(original: dict, replicated: dict, name_o: str, name_r: str) -> None:
    from rankbook._errors import InvalidValueError

    if not any(q in replicated for q in original):
        raise InvalidValueError(
            f"{name_o} and {name_r} rank no topic in common, so a replication has nothing to "
            "pair; if the repetition ran on another collection, it is a reproduction: give "
            "its judgments with --reproduced-qrels QRELS2.")


def _orderings(original: dict, replicated: dict, k: int, p: float) -> tuple[float, float]:
    """Mean Kendall's tau union and RBO over the topics both runs rank."""
    from rankbook import reproducibility as rp

    common = [q for q in original if q in replicated]
    taus, overlaps = [], []
    for q in common:
        a, b = original[q], replicated[q]
        depth = min(k, len(a), len(b))  # tau union pairs rank with rank: cut at the shorter list
        if depth >= 2:
            taus.append(rp.kendall_tau_union(a, b, k=depth))
        overlaps.append(rp.rbo(a, b, p=p, k=k))
    tau = sum(taus) / len(taus) if taus else float("nan")
    return tau, sum(overlaps) / len(overlaps)
