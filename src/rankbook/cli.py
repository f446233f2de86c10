"""The ``rankbook`` command line: a thin layer over the Python functions.

Each sub-command parses its arguments, calls the middle floor
(:func:`rankbook.explain`, ...) and prints. Errors rankbook raises on purpose
are printed to stderr as one line, without a traceback, and exit with status 2.
"""

from __future__ import annotations

import argparse
import sys

from rankbook._errors import RankbookError
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


def _add_explain(subparsers) -> None:
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
    parser.add_argument("--threshold", type=float, default=1, metavar="T",
                        help="lowest grade that counts as relevant [default: 1]")
    parser.add_argument("--extra", nargs="+", default=(), metavar="COLUMN",
                        help="optional columns: iP (interpolated precision, needs --relevant), "
                             "TPR, FPR (ROC coordinates), LAG")
    parser.add_argument("--nonrelevant", type=int, default=None, metavar="N",
                        help="number of non-relevant documents of the query, for FPR "
                             "[default: those in the list]")
    parser.add_argument("--decimals", type=int, default=4, metavar="N",
                        help="decimals to print [default: 4]")
    parser.add_argument("--markdown", action="store_true",
                        help="print Markdown (a table and LaTeX formulas) instead of plain text")
    parser.set_defaults(run=_run_explain)


# How explain()'s keyword arguments are spelled on the command line, so that an error
# message names the option the user typed.
_EXPLAIN_OPTIONS = {
    "n_nonrelevant": "--nonrelevant",
    "n_relevant": "--relevant",
    "relevance_threshold": "--threshold",
    "ap_denominator": "--ap-denominator",
    "extra=": "--extra=",
}


def _run_explain(args) -> None:
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
        relevance_threshold=args.threshold,
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


def _add_exercises(subparsers) -> None:
    from rankbook.exercises import EXERCISE_METRICS

    parser = subparsers.add_parser(
        "exercises",
        help="print a sheet of generated exercises on one metric, with --answers the key",
        description=(
            "Generate exercises for a class: small random rankings, each with a question\n"
            "on METRIC, printed as Markdown. The same --seed always gives the same sheet;\n"
            "--answers adds the answer key (exact fractions, and the worked steps) after it."
        ),
        epilog=(
            "metrics: " + " ".join(EXERCISE_METRICS) + "\n"
            "\n"
            "examples:\n"
            "  rankbook exercises AP --count 3 --seed 1 > sheet.md\n"
            "  rankbook exercises AP --count 3 --seed 1 --answers > key.md\n"
            "  rankbook exercises nDCG@k --length 5 --answers"
        ),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("metric", metavar="METRIC",
                        help="the metric asked for, in canonical notation, e.g. AP or P@k")
    parser.add_argument("--count", type=int, default=5, metavar="N",
                        help="number of exercises [default: 5]")
    parser.add_argument("--seed", type=int, default=0, metavar="S",
                        help="seed of the random rankings: same seed, same sheet [default: 0]")
    parser.add_argument("--length", type=int, default=8, metavar="L",
                        help="documents in each ranking [default: 8]")
    parser.add_argument("--answers", action="store_true",
                        help="also print the answer key, with the worked steps")
    parser.set_defaults(run=_run_exercises)


def _run_exercises(args) -> None:
    from rankbook.exercises import exercise_sheet, generate_exercises

    try:
        sheet = generate_exercises(args.metric, args.count, seed=args.seed, length=args.length)
    except RankbookError as error:  # name the option the user typed
        message = str(error).replace("count=", "--count ").replace("length=", "--length ")
        raise type(error)(message.replace("metric=", "METRIC ")) from None
    sys.stdout.write(exercise_sheet(sheet, answers=args.answers))


FORMATS = ("trec", "table", "csv", "json", "markdown", "latex")


def _add_eval(subparsers) -> None:
    parser = subparsers.add_parser(
        "eval",
        help="score a TREC run against qrels, as trec_eval 9.x does (same numbers, same layout)",
        description=(
            "Evaluate a run against relevance judgments with trec_eval 9.x's semantics: each "
            "topic's documents are ordered by score descending (ties by document id descending; "
            "the rank column is ignored), and the summary line 'all' is the mean over topics "
            "(the sum for num_ret, num_rel, num_rel_ret; the geometric mean for gm_map). "
            "QRELS is 'qid iter docid grade' per line, RUN 'qid Q0 docid rank score tag'; "
            "files ending in .gz are decompressed. The default output can be diffed against "
            "trec_eval's."
        ),
        epilog=(
            "measures (-m, repeatable), canonical or trec_eval notation:\n"
            "  P@10 R@100 AP AP@10 GMAP RR R-prec nDCG nDCG@10 bpref success@5 iP@0.3 11pt\n"
            "  P_10 P.5,10 recall.100 map map_cut.10 gm_map recip_rank Rprec ndcg ndcg_cut.10\n"
            "  success.5 iprec_at_recall 11pt_avg num_ret num_rel num_rel_ret num_q runid\n"
            "  set_P set_recall set_F set_map, or all_trec for all of them\n"
            "\n"
            "examples:\n"
            "  rankbook eval qrels.test results.test            # trec_eval's default measures\n"
            "  rankbook eval -q -m map -m P.5,10 qrels.test results.test\n"
            "  rankbook eval -c -M 100 -m nDCG@10 qrels.test run.gz --format table\n"
            "  rankbook eval -l 2 -m all_trec qrels.rel_level results.test --format csv > scores.csv"
        ),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("qrels", metavar="QRELS", help="relevance judgments (TREC qrels file)")
    parser.add_argument("run_file", metavar="RUN", help="the run to evaluate (TREC run file)")
    parser.add_argument("-q", dest="per_query", action="store_true",
                        help="also print one block per topic (trec_eval's -q), e.g. -q")
    parser.add_argument("-c", dest="complete", action="store_true",
                        help="average over every qrels topic; a topic missing from the run "
                             "scores 0 (trec_eval's -c), e.g. -c")
    parser.add_argument("-M", dest="max_docs", type=int, default=None, metavar="N",
                        help="evaluate only the first N documents of each topic (trec_eval's "
                             "-M), e.g. -M 100")
    parser.add_argument("-l", dest="relevance_level", type=float, default=1, metavar="N",
                        help="lowest grade that counts as relevant (trec_eval's -l) "
                             "[default: 1], e.g. -l 2")
    parser.add_argument("-m", dest="measures", action="append", default=None, metavar="MEASURE",
                        help="a measure to compute; repeat for several (default: trec_eval's "
                             "default set), e.g. -m map -m P.5,10 -m nDCG@10")
    parser.add_argument("--format", choices=FORMATS, default="trec",
                        help="trec: trec_eval's layout (measure, topic, value; tab-separated); "
                             "table: aligned columns; csv, json, markdown, latex: one row per "
                             "topic and one column per measure [default: trec], e.g. "
                             "--format table")
    parser.add_argument("--decimals", type=int, default=4, metavar="N",
                        help="decimals in the table, markdown and latex formats [default: 4], "
                             "e.g. --decimals 6")
    parser.set_defaults(run=_run_eval)


def _run_eval(args) -> None:
    import warnings

    from rankbook.evaluate import _evaluate_table, _frame, _trec_text

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        table = _evaluate_table(
            args.qrels,
            args.run_file,
            args.measures,
            complete=args.complete,
            max_docs=args.max_docs,
            relevance_level=args.relevance_level,
            progress=True,
        )
    for warning in caught:
        print(f"rankbook eval: note: {warning.message}", file=sys.stderr)
    if args.format == "trec":  # printed straight from the arrays: no pandas import needed
        sys.stdout.write(_trec_text(table, header=args.measures is None,
                                    per_query=args.per_query))
        return
    result = _frame(table, args.per_query)
    table = result.drop(columns=[c for c in result.columns if result[c].dtype == object])
    if args.format == "csv":
        sys.stdout.write(table.to_csv(float_format="%.17g"))
    elif args.format == "json":
        sys.stdout.write(table.to_json(orient="index", double_precision=15, indent=2) + "\n")
    elif args.format == "latex":
        sys.stdout.write(table.to_latex(float_format=f"%.{args.decimals}f"))
    elif args.format == "markdown":
        sys.stdout.write(_markdown(table, args.decimals))
    else:
        print(table.to_string(float_format=lambda x: f"{x:.{args.decimals}f}"))


def _markdown(table, decimals: int) -> str:
    """A GitHub-flavoured Markdown table (pandas' to_markdown needs tabulate)."""
    header = ["query", *map(str, table.columns)]
    lines = ["| " + " | ".join(header) + " |", "| " + " | ".join(["---"] * len(header)) + " |"]
    for topic, row in table.iterrows():
        cells = [str(topic)] + [str(int(v)) if table[c].dtype.kind == "i" else f"{v:.{decimals}f}"
                                for c, v in row.items()]
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines) + "\n"


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``rankbook`` command."""
    parser = argparse.ArgumentParser(
        prog="rankbook",
        description="Ranking-evaluation metrics as plain, documented reference implementations.",
    )
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    _add_explain(subparsers)
    _add_eval(subparsers)
    _add_exercises(subparsers)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run the ``rankbook`` command; return its exit status."""
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        args.run(args)
    except RankbookError as error:
        print(f"rankbook {args.command}: error: {error}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
