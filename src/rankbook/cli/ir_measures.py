"""``rankbook ir_measures``: the ``ir_measures`` command line, its flags and its output, over `rankbook.ir_measures`.

``rankbook ir_measures QRELS RUN 'P@5 nDCG@10'`` prints what ``ir_measures QRELS RUN
'P@5 nDCG@10'`` (ir-measures 0.4.3) prints: ``measure<TAB>value`` per measure, the value
with 4 decimals (``-p N``: N; ``-p -1``: all digits); with ``-q`` a line
``query_id<TAB>measure<TAB>value`` per topic and measure, then the ``all`` lines (``-n``:
not those); ``-o jsonl`` one JSON object per line. QRELS must be a file (ir_measures also
takes an ir_datasets id); ``--provider`` is not offered: rankbook has one implementation of
each measure. A bad measure or file is one line on stderr and status 2.
"""

from __future__ import annotations

import json
import sys

from rankbook._errors import InvalidValueError

DEFAULT_PLACES = 4
SUMMARY_QID = "all"


def add_parser(subparsers) -> None:
    """Add the ``ir_measures`` sub-command to ``subparsers``."""
    parser = subparsers.add_parser(
        "ir_measures",
        help="ir_measures' command line: measures in its syntax, its output",
        description=("Evaluate RUN against QRELS for MEASURES written as ir_measures writes "
                     "them ('P@5 nDCG@10 RBP(p=0.9,rel=1)') and print ir_measures' output."),
        epilog="example:\n  rankbook ir_measures qrels.txt run.txt 'P@5 nDCG@10' -q",
    )
    parser.add_argument("qrels", metavar="QRELS", help="TREC qrels file")
    parser.add_argument("run_file", metavar="RUN", help="TREC run file")
    parser.add_argument("measures", metavar="MEASURES", nargs="+",
                        help="measures, several in one argument separated by spaces")
    parser.add_argument("--places", "-p", type=int, default=DEFAULT_PLACES,
                        help="decimals printed (-1: all) [default: 4]")
    parser.add_argument("--by_query", "-q", action="store_true", help="a line per topic")
    parser.add_argument("--no_summary", "-n", action="store_true",
                        help="with -q, leave out the 'all' lines")
    parser.add_argument("--output_format", "-o", choices=("tsv", "jsonl"), default="tsv")
    parser.set_defaults(run=run)


def run(args) -> None:
    """Read the files, evaluate, print ir_measures' lines."""
    # imported here: `rankbook eval`'s path loads no pandas (tests/test_import.py)
    from rankbook.ir_measures import Metric, iter_calc, read_trec_qrels, read_trec_run
    from rankbook.ir_measures.evaluator import aggregate, calc_aggregate
    measures = _measures(args.measures)
    if args.no_summary and not args.by_query:
        raise InvalidValueError("--no_summary (-n) only works with --by_query (-q).")
    qrels, ranking = read_trec_qrels(args.qrels), read_trec_run(args.run_file)
    output = _printer(args)
    if not args.by_query:
        results = calc_aggregate(measures, qrels, ranking)
        for measure in measures:
            output(Metric(SUMMARY_QID, measure, results[measure]))
        return
    values = {m: [] for m in measures}
    for metric in iter_calc(measures, qrels, ranking):
        output(metric)
        values[metric.measure].append(metric.value)
    if not args.no_summary:
        for measure in measures:
            output(Metric(SUMMARY_QID, measure, aggregate(measure, values[measure])))


def _measures(arguments: list[str]) -> list:
    from rankbook.ir_measures import MeasureNotFoundError, parse_measure
    measures, errors = [], []
    for text in arguments:
        for word in text.split():
            try:
                measure = parse_measure(word)
            except MeasureNotFoundError:
                errors.append(f"unknown measure: {word}")
            except ValueError:
                errors.append(f"syntax error: {word}")
            else:
                if measure not in measures:
                    measures.append(measure)
    if errors:
        raise InvalidValueError("error parsing measures: " + "; ".join(errors))
    return measures


def _printer(args):
    if args.output_format == "jsonl":
        if args.places != DEFAULT_PLACES:
            sys.stderr.write("--places is ignored when using --output jsonl\n")

        def jsonl(metric) -> None:
            record = metric._replace(measure=str(metric.measure))._asdict()
            if not args.by_query:
                del record["query_id"]
            print(json.dumps(record))
        return jsonl
    places = "" if args.places == -1 else f".{args.places}f"

    def tsv(metric) -> None:
        value = format(metric.value, places)
        print(f"{metric.query_id}\t{metric.measure}\t{value}" if args.by_query
              else f"{metric.measure}\t{value}")
    return tsv
