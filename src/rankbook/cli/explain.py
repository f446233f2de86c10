"""``rankbook explain``: the running values of one ranking, and the worked formulas at a rank."""

from __future__ import annotations

import argparse
import sys

from rankbook._errors import RankbookError
from rankbook.cli._tables import decimals
from rankbook.metrics.average_precision import AP_DENOMINATORS
from rankbook.metrics.dcg import DISCOUNTS, GAINS


def _grade(text: str) -> float | None:
    """One grade typed on the command line: a number, or '-' / 'None' for unjudged."""
    if text in ("-", "None", "none"):
        return None
    try:
        return float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"{text!r} is not a grade: type numbers such as 1 0 2, or - for an unjudged document"
        ) from None


def add_parser(subparsers) -> None:
    parser = subparsers.add_parser(
        "explain",
        help="print the running P@k, R@k, F1@k, DCG@k, IDCG@k, nDCG@k, AP@k of one ranking",
        description=(
            "Verify a hand calculation: type the grades of one ranked list (rank 1 first) "
            "and get every running value, and with --at K the formulas at rank K with the "
            "numbers substituted."
        ),
        epilog=(
            "example (FLAGR's 8-element table, worked at rank 5):\n"
            "  rankbook explain 1 0 1 1 0 1 0 0 --relevant 4 --at 5\n"
            "  rankbook explain 3 2 3 0 0 1 2 2 3 0 --discount jarvelin"
        ),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("grades", nargs="+", type=_grade, metavar="GRADE",
                        help="grades of the ranked list, rank 1 first (- for unjudged)")
    parser.add_argument("--relevant", "-R", type=int, default=None, metavar="R",
                        help="R, the number of relevant documents of the query, retrieved or not "
                             "(needed for R@k, F1@k and AP@k)")
    parser.add_argument("--at", type=int, default=None, metavar="K",
                        help="also show the formulas at rank K with the numbers substituted")
    parser.add_argument("--ideal", nargs="+", type=_grade, default=None, metavar="GRADE",
                        help="every judged grade of the query, for IDCG (default: the list's own)")
    parser.add_argument("--gain", choices=GAINS, default="linear",
                        help="DCG gain: rel (linear, trec_eval's) or 2^rel-1 (exponential) "
                             "[default: linear]")
    parser.add_argument("--discount", choices=DISCOUNTS, default="log2",
                        help="DCG discount: log2(i+1) or Järvelin-Kekäläinen's max(1, log2 i) "
                             "[default: log2]")
    parser.add_argument("--ap-denominator", choices=AP_DENOMINATORS, default="relevant",
                        help="divide AP@k by R (trec_eval's), by the relevant documents in the "
                             "top k (FLAGR's table) or by min(k, R) [default: relevant]")
    parser.add_argument("-l", "--relevance-level", dest="relevance_level", type=float, default=1,
                        metavar="L",
                        help="lowest grade that counts as relevant, as trec_eval's -l "
                             "[default: 1]")
    parser.add_argument("--extra", nargs="+", default=(), metavar="COLUMN",
                        help="optional columns: iP (interpolated precision, needs --relevant), "
                             "TPR, FPR (ROC coordinates), LAG")
    parser.add_argument("--nonrelevant", type=int, default=None, metavar="N",
                        help="number of non-relevant documents of the query, for FPR "
                             "[default: those in the list]")
    parser.add_argument("--decimals", type=decimals, default=4, metavar="N",
                        help="decimals to print [default: 4]")
    parser.add_argument("--markdown", action="store_true",
                        help="print Markdown (a table and LaTeX formulas) instead of plain text")
    parser.set_defaults(run=run)


# How explain()'s keyword arguments are spelled on the command line, so that an error
# message names the option the user typed.
_EXPLAIN_OPTIONS = {
    "n_nonrelevant": "--nonrelevant",
    "n_relevant": "--relevant",
    "relevance_level": "-l",
    "ap_denominator": "--ap-denominator",
    "extra=": "--extra=",
}


def run(args) -> None:
    try:
        _explain(args)
    except RankbookError as error:
        message = str(error)
        for keyword, option in _EXPLAIN_OPTIONS.items():
            message = message.replace(keyword, option)
        raise type(error)(message) from None


def _explain(args) -> None:
    from rankbook.explain import explain

    result = explain(
        args.grades,
        args.relevant,
        ideal=args.ideal,
        gain=args.gain,
        discount=args.discount,
        ap_denominator=args.ap_denominator,
        relevance_level=args.relevance_level,
        extra=args.extra,
        n_nonrelevant=args.nonrelevant,
    )
    table = result.table
    work = result.show_work(args.at, decimals=args.decimals) if args.at is not None else None
    if args.markdown:
        print(result.to_markdown(args.decimals))
        if work is not None:
            print()
            print(work.markdown)
    else:
        print(table.round(args.decimals).to_string())
        if work is not None:
            print()
            print(f"At rank {args.at}:")
            print(work)
    for note in result.notes:
        print(f"note: {note}", file=sys.stderr)
