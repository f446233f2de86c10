"""``rankbook eval``: score a TREC run against qrels, as trec_eval 9.x (or 10.0) does."""

from __future__ import annotations

import argparse
import sys

from rankbook.cli._tables import decimals, latex_table

FORMATS = ("trec", "table", "csv", "json", "markdown", "latex")
TREC_EVAL_VERSIONS = ("9", "10")


def add_parser(subparsers) -> None:
    """Add the ``eval`` sub-command to ``subparsers``."""
    import shutil

    from rankbook.evaluation.measure_lists import measure_help

    width = max(shutil.get_terminal_size().columns - 2, 40)  # as argparse wraps its help
    parser = subparsers.add_parser(
        "eval",
        help="score a TREC run against qrels, as trec_eval 9.x or 10.0 does (same numbers, "
             "same layout)",
        description=(
            "Evaluate a run against relevance judgments with trec_eval 9.x's semantics (or "
            "10.0's, with --trec-eval 10): each "
            "topic's documents are ordered by score descending (ties by document id descending; "
            "the rank column is ignored), and the summary line 'all' is the mean over topics "
            "(the sum for num_ret, num_rel, num_rel_ret; the geometric mean for gm_map). "
            "QRELS is 'qid iter docid grade' per line, RUN 'qid Q0 docid rank score tag'; "
            "files ending in .gz are decompressed. The default output can be diffed against "
            "trec_eval's."
        ),
        epilog=(
            measure_help(width) + "\n"
            "\n"
            "examples:\n"
            "  rankbook eval qrels.test results.test            # trec_eval's default measures\n"
            "  rankbook eval -q -m map -m P.5,10 qrels.test results.test\n"
            "  rankbook eval -c -M 100 -m nDCG@10 qrels.test run.gz --format table\n"
            "  rankbook eval -l 2 -m all_trec qrels.rel_level results.test --format csv > scores.csv\n"
            "  rankbook eval --stream -m map qrels.test big_run.gz  # memory: one topic block\n"
            "  rankbook eval -j 2 -m map qrels.test runs/          # every run of a folder"
        ),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    _arguments(parser)
    parser.set_defaults(run=run)


def _arguments(parser) -> None:
    """The arguments of ``rankbook eval``: trec_eval's options, and the output format."""
    parser.add_argument("qrels", metavar="QRELS", help="relevance judgments (TREC qrels file, or FLAGR's qrels CSV)")
    parser.add_argument("run_files", metavar="RUN", nargs="+",
                        help="the run to evaluate (TREC run file); several runs, a folder of "
                             "runs or a quoted glob such as 'runs/*.gz' evaluate each run "
                             "(see -j), printed one after the other in trec format")
    parser.add_argument("-q", dest="per_query", action="store_true",
                        help="also print one block per topic (trec_eval's -q)")
    parser.add_argument("-c", dest="complete", action="store_true",
                        help="average over every qrels topic; a topic missing from the run "
                             "scores 0 (trec_eval's -c)")
    parser.add_argument("-M", dest="max_docs", type=int, default=None, metavar="N",
                        help="evaluate only the first N documents of each topic (trec_eval's "
                             "-M), e.g. -M 100")
    parser.add_argument("-l", dest="relevance_level", type=float, default=1, metavar="N",
                        help="lowest grade that counts as relevant (trec_eval's -l) "
                             "[default: 1], e.g. -l 2")
    parser.add_argument("-J", "--judged-only", dest="judged_only", action="store_true",
                        help="evaluate each topic on its judged documents only, the unjudged "
                             "removed and the others moving up (trec_eval's -J)")
    parser.add_argument("-m", dest="measures", action="append", default=None, metavar="MEASURE",
                        help="a measure to compute, by rankbook's, trec_eval's or "
                             "ir_measures' name; repeat for several (default: trec_eval's "
                             "default set), e.g. -m map -m P.5,10 -m nDCG@10 "
                             "-m \"nDCG(dcg='exp-log2')@20\"")
    parser.add_argument("--trec-eval", dest="trec_eval", choices=TREC_EVAL_VERSIONS,
                        default="9",
                        help="follow trec_eval 9.x (scores read as C floats, as pytrec_eval) "
                             "or 10.0 (scores as doubles, lround in the iprec_at_recall "
                             "cut-offs, -c topics printed per topic) [default: 9], e.g. "
                             "--trec-eval 10")
    _other_tools_files(parser)
    parser.add_argument("--stream", action="store_true",
                        help="read the run one block of whole topics at a time: memory "
                             "bounded by the largest topic, not the file; the same output. "
                             "Each topic's lines must be together (else: LC_ALL=C sort -s "
                             "-k1,1 RUN)")
    parser.add_argument("-j", dest="jobs", type=_jobs, default=1, metavar="N",
                        help="with several runs: evaluate N runs at a time, in N processes "
                             "(the qrels read once) [default: 1], e.g. -j 2")
    parser.add_argument("--engine", choices=("processes", "dask"), default="processes",
                        help="with several runs: a process pool, or a local Dask cluster of "
                             "N workers (needs pip install rankbook[dask]) "
                             "[default: processes]")
    parser.add_argument("--format", choices=FORMATS, default="trec",
                        help="trec: trec_eval's layout (measure, topic, value; tab-separated); "
                             "table: aligned columns; csv, json, markdown, latex: one row per "
                             "topic and one column per measure [default: trec], e.g. "
                             "--format table")
    parser.add_argument("--decimals", type=decimals, default=4, metavar="N",
                        help="decimals in the table, markdown and latex formats [default: 4], "
                             "e.g. --decimals 6")


def _other_tools_files(parser) -> None:
    """The inputs of the measures of other tools: cwl_eval's costs, ndeval's and NTCIREVAL's
    diversity judgments."""
    parser.add_argument("--costs", dest="costs", default=None, metavar="FILE",
                        help="cwl_eval's cost file (element_type cost per line; an item's "
                             "type is the run's second column) for the measures that read "
                             "costs, e.g. --costs costs.txt -m CWL-RBP@0.8 (cwl_eval's -c)")
    parser.add_argument("--subtopic-qrels", dest="subtopic_qrels", default=None,
                        metavar="FILE",
                        help="subtopic (diversity) judgments, 'topic subtopic docid grade' "
                             "per line (ndeval's qrels), for the diversity measures, e.g. "
                             "--subtopic-qrels qrels.diversity -m alpha_nDCG@20")
    parser.add_argument("--intent-probabilities", dest="intent_probabilities", default=None,
                        metavar="FILE",
                        help="P(intent | topic), 'topic intent probability' per line "
                             "(NTCIREVAL's .Iprob), for NTCIREVAL's D#- and IA-measures "
                             "[default: uniform], e.g. --intent-probabilities test.Iprob "
                             "-m D#-nDCG@10")


def _jobs(text: str) -> int:
    value = int(text) if text.isdigit() else 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"-j takes a whole number of processes >= 1, got {text!r}")
    return value


def run(args) -> None:
    """Evaluate and print."""
    import warnings

    from rankbook.evaluation.many import expand_runs
    from rankbook.evaluation.summary import to_frame
    from rankbook.evaluation.trec_text import trec_text

    runs = expand_runs(args.run_files)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        tables = _evaluate(args, runs)
    for warning in caught:
        print(f"rankbook eval: note: {warning.message}", file=sys.stderr)
    if args.format == "trec":  # printed straight from the arrays: no pandas import needed
        _note_shared_runids(runs, tables)
        for table in tables:
            sys.stdout.write(trec_text(table, header=args.measures is None,
                                       per_query=args.per_query, runid_first=len(tables) > 1))
        return
    result = to_frame(tables[0], args.per_query)
    table = result.drop(columns=[c for c in result.columns if result[c].dtype == object])
    if args.format == "csv":  # floats as repr writes them: shortest text that reads back
        sys.stdout.write(table.to_csv())
    elif args.format == "json":
        sys.stdout.write(_json(table) + "\n")
    elif args.format == "latex":
        sys.stdout.write(latex_table(table, args.decimals))
    elif args.format == "markdown":
        sys.stdout.write(_markdown(table, args.decimals))
    else:
        print(table.to_string(float_format=lambda x: f"{x:.{args.decimals}f}"))


def _note_shared_runids(runs: list, tables: list) -> None:
    """A note on stderr when runs printed together share a runid (their blocks' label)."""
    by_runid: dict = {}
    for run, table in zip(runs, tables):
        by_runid.setdefault(table.attrs["runid"], []).append(str(run))
    for runid, shared in by_runid.items():
        if len(shared) > 1:
            print(f"rankbook eval: note: {', '.join(shared)} have the same runid {runid!r} "
                  "(the tag of their first line): their blocks are printed in this order.",
                  file=sys.stderr)


def _evaluate(args, runs: list) -> list:
    """The table of each run: one run by the single-run path, several by evaluate_many's."""
    from rankbook._errors import InputFileError, InvalidValueError
    from rankbook.evaluation.many import evaluate_tables
    from rankbook.evaluation.options import Options
    from rankbook.evaluation.pipeline import evaluate_table

    options = Options.checked(complete=args.complete, max_docs=args.max_docs,
                              relevance_level=args.relevance_level, trec_eval=args.trec_eval,
                              judged_only=args.judged_only, costs=args.costs,
                              subtopic_qrels=args.subtopic_qrels,
                              intent_probabilities=args.intent_probabilities)
    if len(runs) > 1:
        if args.format != "trec":
            raise InvalidValueError(
                f"{len(runs)} runs are printed in trec_eval's layout only (--format trec, one "
                f"run after the other); for --format {args.format}, evaluate one run at a time.")
        return evaluate_tables(args.qrels, runs, args.measures, options, n_jobs=args.jobs,
                               engine=args.engine, stream=args.stream)
    try:
        return [evaluate_table(args.qrels, runs[0], args.measures, options, progress=True,
                               stream=args.stream)]
    except InputFileError as error:
        hint = _what_the_files_look_like(args.qrels, runs[0])
        if hint is None:
            raise
        raise InputFileError(f"{error} {hint}") from None


def _json(table) -> str:
    """``{topic: {measure: value}}``, floats written by ``repr`` (shortest, exact)."""
    import json

    rows = {str(topic): {str(column): (int(value) if table[column].dtype.kind == "i"
                                       else float(value)) for column, value in row.items()}
            for topic, row in table.iterrows()}
    return json.dumps(rows, indent=2)


def _what_the_files_look_like(qrels_path: str, run_path: str) -> str | None:
    """A hint when the files' shapes say what went wrong: swapped, or a FLAGR lists CSV.

    Only the first line of each regular file is read (a pipe cannot be read twice).
    """
    from rankbook.io.convert import file_format, first_line

    for path in (qrels_path, run_path):
        if file_format(path) == "flagr_lists":
            return (f"{path} looks like a FLAGR CSV (query,voter,item,...), not a TREC file: "
                    "evaluate each voter with rankbook.io.read_flagr_lists and "
                    "rankbook.evaluate, or fuse the voters with 'rankbook fuse METHOD "
                    f"--flagr {path}'.")
    qrels, run = first_line(qrels_path), first_line(run_path)
    if qrels is not None and run is not None and len(qrels.split()) >= 6 \
            and len(run.split()) == 4:
        return ("Did you swap them? QRELS has the 6 fields of a run and RUN the 4 of a qrels "
                "file; the command takes the qrels first: rankbook eval QRELS RUN.")
    return None


def _markdown(table, decimals: int) -> str:
    """A GitHub-flavoured Markdown table (pandas' to_markdown needs tabulate)."""
    from rankbook._markdown import pipe_table

    rows = ([topic, *(str(int(v)) if table[c].dtype.kind == "i" else f"{v:.{decimals}f}"
                      for c, v in row.items())] for topic, row in table.iterrows())
    return pipe_table(["query", *table.columns], rows) + "\n"
