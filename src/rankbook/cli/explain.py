"""``rankbook explain``: the running values of one ranking, and the worked formulas at a rank."""

from __future__ import annotations

import argparse
import sys

from rankbook._errors import RankbookError
from rankbook._markdown import pipe_table
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
            "numbers substituted. K may pass the end of the list: the missing ranks count "
            "as non-relevant, as in trec_eval, and the table shows them. Give R with "
            "--relevant, or every judged grade of the query with --ideal (R is then counted "
            "from it)."
        ),
        epilog=(
            "examples:\n"
            "  rankbook explain 1 0 1 1 0 1 0 0 --relevant 4 --at 5   # FLAGR's 8-element table\n"
            "  rankbook explain 0 1 1 --at 5                          # P@5 of a 3-document list\n"
            "  rankbook explain 2 0 --ideal 2 2 1 --at 3              # trec_eval's ndcg: 0.5317\n"
            "  rankbook explain 3 2 3 0 0 1 2 2 3 0 --discount jarvelin"
        ),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("grades", nargs="+", type=_grade, metavar="GRADE",
                        help="grades of the ranked list, rank 1 first (- for unjudged)")
    parser.add_argument("--relevant", "-R", type=int, default=None, metavar="R",
                        help="R, the number of relevant documents of the query, retrieved or not "
                             "(needed for R@k, F1@k and AP@k) [default: counted from --ideal]")
    parser.add_argument("--at", type=int, default=None, metavar="K",
                        help="also show the formulas at rank K with the numbers substituted; K "
                             "may pass the end of the list (the table then runs to K)")
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
                        help="decimals of every value in the table and the formulas "
                             "[default: 4]")
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
    "e.g. ideal=[2, 2, 1]": "e.g. --ideal 2 2 1",
    "ideal holds": "--ideal holds",
    "ideal lists": "--ideal lists",
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
        depth=args.at,
    )
    header, rows = _cells(result.table, args.grades, args.decimals)
    work = result.show_work(args.at, decimals=args.decimals) if args.at is not None else None
    if args.markdown:
        print(_markdown_table(header, rows))
        if work is not None:
            print()
            print(work.markdown)
    else:
        print(_text_table(header, rows))
        if work is not None:
            print()
            print(f"At rank {args.at}:")
            print(work)
    for note in result.notes:
        print(f"note: {cli_note(note)}", file=sys.stderr)


# The notes of rb.explain name its keyword arguments; on the command line they name the flags.
_NOTE_SPELLING = {
    "pass n_relevant=R (--relevant R on the command line), or ideal=":
        "give --relevant R, or --ideal GRADE ...",
    "n_relevant=": "--relevant ",
    "Pass ideal= (every judged grade of the query)":
        "Give --ideal GRADE ... (every judged grade of the query)",
}


def cli_note(note: str) -> str:
    """A note of `rankbook.explain` with the command line's flags instead of Python keywords."""
    for python, flags in _NOTE_SPELLING.items():
        note = note.replace(python, flags)
    return note


def _cells(table, grades, decimals: int) -> tuple[list[str], list[list[str]]]:
    """The table as text: grades as typed (``-`` unjudged), every value to ``decimals``."""
    header = ["k", *table.columns]
    rows = []
    for k, row in table.iterrows():
        typed = grades[k - 1] if k <= len(grades) else "past the end"
        cells = [str(k)]
        for column, value in row.items():
            if column == "grade":
                cells.append(_typed_grade(typed))
            elif column == "relevant":
                cells.append("no (past the end)" if k > len(grades) else "yes" if value else "no")
            elif value != value:  # NaN: LAG@k before the first relevant document
                cells.append("n/a")
            else:
                cells.append(f"{value:.{decimals}f}")
        rows.append(cells)
    return header, rows


def _typed_grade(typed) -> str:
    """The grade as typed: ``-`` unjudged, ``·`` past the end of the list."""
    if typed is None:
        return "-"
    return "·" if isinstance(typed, str) else _as_written(typed)


def _as_written(grade: float) -> str:
    """A grade as a person writes it: 1 (not 1.0), 2.5, -1."""
    return str(int(grade)) if grade.is_integer() else repr(grade)


def _text_table(header: list[str], rows: list[list[str]]) -> str:
    widths = [max(len(line[i]) for line in [header, *rows]) for i in range(len(header))]
    return "\n".join("  ".join(cell.rjust(width) for cell, width in zip(line, widths)).rstrip()
                     for line in [header, *rows])


def _markdown_table(header: list[str], rows: list[list[str]]) -> str:
    return pipe_table(header, rows)
