"""``rankbook fuse``: aggregate several runs (or FLAGR's voters) into one run, query by query."""

from __future__ import annotations

import argparse
import math
import os
import sys
import tempfile

from rankbook._errors import InvalidValueError
from rankbook.cli._aggregation import method_names, method_params, methods_by_family, param


def add_parser(subparsers) -> None:
    parser = subparsers.add_parser(
        "fuse",
        help="aggregate several runs, or the voters of a FLAGR list file, into one run",
        description=(
            "Rank aggregation query by query: every run gives one ranked list per query "
            "(its documents by score, ties by document id descending unless --ties says "
            "otherwise; a run without the "
            "query gives an empty list), and METHOD combines them. The result is a TREC run "
            "('qid Q0 docid rank score tag'), written to OUT or printed."
        ),
        epilog=(
            "methods (the docs page 'Rank aggregation' has one page per family):\n"
            + methods_by_family() + "\n"
            "\n"
            "examples:\n"
            "  rankbook fuse rrf run1.txt run2.txt run3.txt -o fused.txt\n"
            "  rankbook fuse combmnz run1.txt run2.txt --param norm=z_score\n"
            "  rankbook fuse borda --flagr testdata.csv --param convention=flagr -o borda.txt\n"
            "  rankbook fuse rbc run1.txt run2.txt --param phi=0.8 --weights 2 1\n"
            "  rankbook fuse rrf run1.txt run2.txt --ties shared\n"
            "  rankbook fuse mc4 --flagr testdata.csv --param ergodic_number=0.15\n"
            "  rankbook fuse dibra --flagr testdata.csv --param aggregator=combmnz:rank "
            "--param prune=low"
        ),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("method", metavar="METHOD", choices=method_names(), type=str.lower,
                        help="the aggregation method, e.g. rrf, borda, combsum, condorcet, mc4, "
                             "rra, dibra (all of them below)")
    parser.add_argument("runs", nargs="*", metavar="RUN",
                        help="TREC run files to fuse (.gz files are decompressed)")
    parser.add_argument("--flagr", metavar="LISTS.csv", default=None,
                        help="fuse the voters of a FLAGR input-list CSV instead of RUN files")
    parser.add_argument("--label", default=None, metavar="LABEL",
                        help="the dataset label to read from a FLAGR file holding several")
    parser.add_argument("--param", action="append", type=param, default=None,
                        metavar="NAME=VALUE",
                        help="a parameter of the method; repeat for several, e.g. "
                             "--param norm=borda --param convention=flagr")
    parser.add_argument("--weights", nargs="+", type=float, default=None, metavar="W",
                        help="one weight per run (per voter with --flagr), e.g. --weights 2 1 1")
    parser.add_argument("-o", "--output", default=None, metavar="OUT",
                        help="write the fused run to OUT (.gz is compressed) instead of printing it")
    parser.add_argument("--ties", choices=("trec_eval", "input", "shared"), default=None,
                        help="the rank of tied documents inside a RUN: trec_eval (document id "
                             "descending, the default), input (the file's line order: ranx's "
                             "on lists of at most 15 documents) or shared (all get the rank of "
                             "the first)")
    parser.add_argument("--keep-order", action="store_true",
                        help="write the scores n, n-1, ..., 1 in the aggregate order, so that an "
                             "evaluator that sorts by score keeps the method's tie order")
    parser.add_argument("--name", default=None, metavar="TAG",
                        help="the run tag, the last field of each line [default: METHOD]")
    parser.set_defaults(run=run)


def run(args) -> None:
    from rankbook.fusion import fuse
    from rankbook.io import write_run

    if bool(args.runs) == (args.flagr is not None):
        raise InvalidValueError(
            "give the runs to fuse as RUN files or as --flagr LISTS.csv (one run per voter), "
            "not both and not neither; e.g. rankbook fuse rrf run1.txt run2.txt")
    params = method_params(args.method, args.param)
    fused = fuse(args.runs or None, args.method, flagr=args.flagr, label=args.label,
                 weights=args.weights, keep_order=args.keep_order, ties=args.ties, **params)
    nan = sum(1 for scores in fused.values() for s in scores.values() if math.isnan(s))
    if nan:
        raise InvalidValueError(
            f"{nan} fused scores are NaN: with convention=flagr, FLAGR divides 0 by 0 where all "
            "the scores of a list are equal; use --param convention=textbook.")
    name = args.name or args.method
    if args.output is not None:
        write_run(fused, args.output, name=name)
        return
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "fused.txt")
        write_run(fused, path, name=name)
        with open(path, encoding="utf-8") as handle:
            sys.stdout.write(handle.read())
