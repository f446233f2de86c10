"""``rankbook explain``: the running values of one ranking, and the worked formulas at a rank."""

from __future__ import annotations

import argparse
import re
import sys

from rankbook._errors import RankbookError
from rankbook._markdown import pipe_table
from rankbook.cli._tables import decimals
from rankbook.explain.options import OPTIONS, SUBTOPIC_OPTIONS
from rankbook.metrics.average_precision import AP_DENOMINATORS
from rankbook.metrics.dcg import DISCOUNTS, GAINS

# The options the core table has flags of its own for; every other option of a metric's
# function gets a flag from rankbook.explain.options (with --metric).
_CORE_OPTIONS = ("n_relevant", "n_nonrelevant", "ideal", "relevance_level", "gain", "discount",
                 "denominator")


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


def _grades(texts: list[str]) -> list[float | None]:
    """The positional tokens as grades (a diversity measure reads them as subtopics instead)."""
    try:
        return [_grade(text) for text in texts]
    except argparse.ArgumentTypeError as error:
        raise RankbookError(f"{error} (for a diversity measure such as --metric alpha_nDCG@5, "
                            "type each document's subtopics: a,b - c a)") from None


def add_parser(subparsers) -> None:
    parser = subparsers.add_parser(
        "explain",
        help="print the running values of one ranking (P@k ... AP@k, or one --metric) and the "
             "formulas with the numbers substituted",
        description=(
            "Verify a hand calculation: type the grades of one ranked list (rank 1 first) "
            "and get every running value, and with --at K the formulas at rank K with the "
            "numbers substituted. K may pass the end of the list: the missing ranks count "
            "as non-relevant, as in trec_eval, and the table shows them. Give R with "
            "--relevant, or every judged grade of the query with --ideal (R is then counted "
            "from it). With --metric NAME, the table and the formulas are that metric's own "
            "(any metric of one ranked list, canonical or trec_eval name), and the options are "
            "the ones its function takes; what the list cannot tell (R, the ideal grades) is "
            "taken from the list, and a note says so. A diversity measure (alpha_nDCG@k, "
            "ERR_IA@k, NRBP, AP_IA, P_IA@k, StRecall@k, ...) reads one token per document "
            "naming the subtopics it is relevant to instead of a grade (a,b for two, a:2 for "
            "grade 2, - for none), and the topic's judged documents with --judged in the same "
            "way."
        ),
        epilog=(
            "examples:\n"
            "  rankbook explain 1 0 1 1 0 1 0 0 --relevant 4 --at 5   # FLAGR's 8-element table\n"
            "  rankbook explain 0 1 1 --at 5                          # P@5 of a 3-document list\n"
            "  rankbook explain 2 0 --ideal 2 2 1 --at 3              # trec_eval's ndcg: 0.5317\n"
            "  rankbook explain 3 2 3 0 0 1 2 2 3 0 --discount jarvelin\n"
            "  rankbook explain 0 0 1 0 1 --metric RR                 # RR = 1/3\n"
            "  rankbook explain 1 0 0 0 0 --metric nDCG@5 --ideal 1 1 1 1   # trec_eval: 0.3904\n"
            "  rankbook explain 1 1 0 1 --metric RBP --persistence 0.5\n"
            "  rankbook explain 0 3 - 2 --metric Q --ideal 3 3 3 2 2 2 1 1 1 1 0 --gains 1 2 3"
            "   # NTCIREVAL: 0.0967\n"
            "  rankbook explain 1 0 1 1 - - 1 0 1 0 --metric INST --T 1   # cwl_eval: 0.7934\n"
            "  rankbook explain a b - b --metric alpha_nDCG@5 --judged b c b a   # ndeval: 0.7868"
        ),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("grades", nargs="+", metavar="GRADE",
                        help="grades of the ranked list, rank 1 first (- for unjudged); for a "
                             "diversity measure, each document's subtopics (a,b  -  c:2)")
    parser.add_argument("--metric", "-m", default=None, metavar="NAME",
                        help="explain this metric alone, e.g. RR, nDCG@10, ndcg_cut_10, RBP, "
                             "AUC (see `rankbook eval --help` for the names)")
    parser.add_argument("--relevant", "-R", type=int, default=None, metavar="R",
                        dest="n_relevant",
                        help="R, the number of relevant documents of the query, retrieved or not "
                             "(needed for R@k, F1@k and AP@k) [default: counted from --ideal]")
    parser.add_argument("--at", type=int, default=None, metavar="K",
                        help="also show the formulas at rank K with the numbers substituted; K "
                             "may pass the end of the list (the table then runs to K)")
    parser.add_argument("--ideal", nargs="+", type=_grade, default=None, metavar="GRADE",
                        help="every judged grade of the query, for IDCG (default: the list's own)")
    _add_table_options(parser)
    _add_metric_options(parser)
    parser.add_argument("--decimals", type=decimals, default=4, metavar="N",
                        help="decimals of every value in the table and the formulas "
                             "[default: 4]")
    parser.add_argument("--markdown", action="store_true",
                        help="print Markdown (a table and LaTeX formulas) instead of plain text")
    parser.set_defaults(run=run)


def _add_table_options(parser) -> None:
    """The options of the core table (the DCG family's conventions, AP's denominator, ...)."""
    parser.add_argument("--gain", choices=GAINS, default=None,
                        help="DCG gain: rel (linear, trec_eval's) or 2^rel-1 (exponential) "
                             "[default: linear]")
    parser.add_argument("--discount", choices=DISCOUNTS, default=None,
                        help="DCG discount: log2(i+1) or Järvelin-Kekäläinen's max(1, log2 i) "
                             "[default: log2]")
    parser.add_argument("--ap-denominator", choices=AP_DENOMINATORS, default=None,
                        dest="denominator",
                        help="divide AP@k by R (trec_eval's), by the relevant documents in the "
                             "top k (FLAGR's table) or by min(k, R) [default: relevant]")
    parser.add_argument("-l", "--relevance-level", dest="relevance_level", type=float, default=None,
                        metavar="L",
                        help="lowest grade that counts as relevant, as trec_eval's -l "
                             "[default: 1]")
    parser.add_argument("--extra", nargs="+", default=(), metavar="COLUMN",
                        help="optional columns: iP (interpolated precision, needs --relevant), "
                             "TPR, FPR (ROC coordinates), LAG")
    parser.add_argument("--nonrelevant", type=int, default=None, metavar="N",
                        dest="n_nonrelevant",
                        help="number of non-relevant documents of the query, for FPR "
                             "[default: those in the list]")


def _add_metric_options(parser) -> None:
    """A flag for every option of a metric's function that the core table has no flag for."""
    group = parser.add_argument_group(
        "options of one metric (with --metric; each applies to the metrics whose function "
        "takes it)")
    for option in [*OPTIONS.values(), *SUBTOPIC_OPTIONS.values()]:
        if option.name not in _CORE_OPTIONS or option.dest:
            many = option.kind in ("floats", "gain_map", "grades", "subtopics")
            metavar = None if option.choices else option.metavar or option.name.upper()
            group.add_argument(option.flag, dest=option.dest or option.name, default=None,
                               nargs="+" if many else None, metavar=metavar,
                               choices=option.choices or None, help=option.help)


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
        if args.metric is not None:   # explain_metric names the function's arguments
            for name, option in _options_of(args.metric).items():
                message = re.sub(rf"(?<![\w-]){name}\b(?!=)", option.flag, message)
        else:
            for keyword, option in _EXPLAIN_OPTIONS.items():
                message = message.replace(keyword, option)
        raise type(error)(message) from None


def _options_of(metric: str) -> dict:
    """The options by keyword, as the metric's explainer spells them (its ``ideal``)."""
    from rankbook.explain.catalog import resolve

    try:
        explainer = resolve(metric)[0]
    except RankbookError:
        return OPTIONS
    return {**OPTIONS, **{name: explainer.option(name) for name in explainer.takes}}


def _explain(args) -> None:
    from rankbook.explain import explain

    if args.metric is not None:
        _explain_metric(args)
        return
    given = [option.flag for option in [*OPTIONS.values(), *SUBTOPIC_OPTIONS.values()]
             if (option.name not in _CORE_OPTIONS or option.dest)
             and getattr(args, option.dest or option.name) is not None]
    if given:
        raise RankbookError(f"{', '.join(given)} {'belongs' if len(given) == 1 else 'belong'} to one "
                            "metric: add --metric NAME, "
                            "e.g. --metric RBP --persistence 0.8.")
    result = explain(
        _grades(args.grades),
        args.n_relevant,
        ideal=args.ideal,
        gain=args.gain or "linear",
        discount=args.discount or "log2",
        ap_denominator=args.denominator or "relevant",
        relevance_level=1 if args.relevance_level is None else args.relevance_level,
        extra=args.extra,
        n_nonrelevant=args.n_nonrelevant,
        depth=args.at,
    )
    header, rows = _cells(result.table, _grades(args.grades), args.decimals)
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


def _explain_metric(args) -> None:
    """``--metric NAME``: that metric's running table, its formula at rank --at, the notes."""
    from rankbook.explain import explain_metric

    if tuple(args.extra):
        raise RankbookError("--extra adds columns to the core table; with --metric the table "
                            "holds that metric's own running values. Leave --extra out.")
    from rankbook.explain.catalog import resolve

    explainer = resolve(args.metric)[0]
    subtopics = explainer.input == "subtopics"
    if subtopics and args.ideal is not None:
        raise RankbookError(
            f"--ideal lists grades for nDCG; {explainer.metric} reads the topic's assessed "
            "documents with --judged (one token each, e.g. --judged b c b a) and the rule of "
            "its normaliser with --ideal-list.")
    options = {}
    for option in [*OPTIONS.values(), *SUBTOPIC_OPTIONS.values()]:
        name, value = option.name, getattr(args, option.dest or option.name)
        if value is None or option.dest and not subtopics:
            continue
        if name == "ideal" and not option.dest:        # already read: a list of grades
            options[name] = value
        else:                                              # typed text: read as the box reads it
            options[name] = option.read(" ".join(value) if isinstance(value, list) else value)
    tokens = args.grades if subtopics else _grades(args.grades)
    result = explain_metric(tokens, args.metric, depth=args.at, **options)
    header, rows = result.cells(args.decimals)
    at = args.at if args.at is not None else result.at if result.at is not None else len(args.grades)
    work = result.show_work(at, decimals=args.decimals)
    if args.markdown:
        print(_markdown_table(header, rows))
        print()
        print(work.markdown)
    else:
        print(_text_table(header, rows))
        print()
        print(f"{result.metric} at rank {at}:")
        print(work)
    for note in result.notes:
        print(f"note: {_metric_note(note)}", file=sys.stderr)


def _metric_note(note: str) -> str:
    """A note of explain_metric with the command line's flags instead of the box's words."""
    return note.replace("give R.", "give --relevant R.").replace(
        "Give every judged grade of the query as the ideal grades",
        "Give every judged grade of the query with --ideal")


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
