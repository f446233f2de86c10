"""``rankbook cwl-eval``: cwl_eval 1.0.12's command line, its arguments and its output."""

from __future__ import annotations

import argparse

#: cwl_eval's own BibTeX, written first by ``-b`` (its ``CWLRuler.save_bibtex``).
TOOL_BIBTEX = """@inproceedings{azzopardi2019cwl,
  author = {Azzopardi, Leif and Thomas, Paul and Moffat, Alistair},
  title = {cwl\\_eval: An Evaluation Tool for Information Retrieval},
  booktitle = {Proceedings of the 42nd International ACM SIGIR Conference},
  series = {SIGIR '19},
  year = {2019}
}
"""


def add_parser(subparsers) -> None:
    """Add the ``cwl-eval`` sub-command to ``subparsers``."""
    parser = subparsers.add_parser(
        "cwl-eval",
        help="cwl_eval's C/W/L measures with its arguments and output (EU ETU EC ETC ED)",
        description=(
            "Evaluate RESULT_FILE against GAIN_FILE as cwl_eval 1.0.12 does, and print what "
            "it prints: per topic (in the run's order) and per measure, the expected utility "
            "per item (EU), the expected total utility (ETU), the expected cost per item (EC), "
            "the expected total cost (ETC) and the expected depth (ED), to 4 decimals, "
            "tab-separated. Each topic's documents are taken in the run file's order (rank "
            "and score ignored), an unjudged one has gain --min_gain, and the list is padded "
            "or cut to --max_depth ranks. The measures are the lines of METRICS_FILE, "
            "cwl_eval's class names (RBPCWLMetric(0.8)); the values are rankbook's own "
            "(rankbook.metrics.registry_cwl)."),
        epilog=("examples:\n"
                "  rankbook cwl-eval qrels.txt run.txt -m metrics.txt\n"
                "  rankbook cwl-eval qrels.txt run.txt -m metrics.txt -c costs.txt -r -n\n"
                "metrics file, one measure per line:\n"
                "  RBPCWLMetric(0.8)"),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("gain_file", metavar="GAIN_FILE",
                        help="TREC qrels whose fourth column is the gain, in [min_gain, max_gain]")
    parser.add_argument("result_file", metavar="RESULT_FILE",
                        help="TREC run: topic element_type doc rank score run_id")
    parser.add_argument("-c", "--cost_file", default=None,
                        help="the cost of each element type (the run's second column)")
    parser.add_argument("-m", "--metrics_file", default=None,
                        help="the measures, one cwl_eval class per line, e.g. RBPCWLMetric(0.8) "
                             "[default: cwl_eval's default set]")
    parser.add_argument("-b", "--bib_file", default=None,
                        help="write the BibTeX of the tool and of the measures to this file")
    parser.add_argument("-n", "--colnames", action="store_true",
                        help="print a header line first")
    parser.add_argument("-r", "--residuals", action="store_true",
                        help="also print each number's residual: best case (unjudged at "
                             "max_gain, unknown costs at min_cost) minus worst case")
    parser.add_argument("--max_gain", type=float, default=1.0, help="[default: 1.0]")
    parser.add_argument("--min_gain", type=float, default=0.0, help="[default: 0.0]")
    parser.add_argument("--max_cost", type=float, default=1.0, help="[default: 1.0]")
    parser.add_argument("--min_cost", type=float, default=1.0, help="[default: 1.0]")
    parser.add_argument("--max_depth", type=int, default=1000,
                        help="the ranks every list is padded or cut to [default: 1000]")
    parser.set_defaults(run=run)


def run(args) -> None:
    """Print cwl_eval's table for the files of ``args``."""
    from rankbook.evaluation import cwl_eval

    bounds = cwl_eval.Bounds(
        min_gain=cwl_eval.finite(args.min_gain, "--min_gain"),
        max_gain=cwl_eval.finite(args.max_gain, "--max_gain"),
        min_cost=cwl_eval.finite(args.min_cost, "--min_cost"),
        max_cost=cwl_eval.finite(args.max_cost, "--max_cost"), depth=_depth(args.max_depth))
    measures = _measures(args.metrics_file, cwl_eval)
    gains = cwl_eval.read_gains(args.gain_file, min_gain=bounds.min_gain,
                                max_gain=bounds.max_gain)
    costs = cwl_eval.costs_of(args.cost_file)
    if args.colnames:
        names = ["EU", "ETU", "EC", "ETC", "ED"]
        names += [f"Res{name}" for name in names] if args.residuals else []
        print("\t".join(["Topic", "Metric", *names]))
    for topic, docs, types in cwl_eval.run_blocks(args.result_file):
        worst, best = cwl_eval.topic_cases(gains.get(topic, {}), docs, types, costs, bounds)
        for measure in measures:
            print(cwl_eval.measure_line(measure, topic, worst,
                                        best if args.residuals else None, bounds.depth))
    if args.bib_file:
        _write_bibtex(args.bib_file, measures)


def _measures(path, cwl_eval) -> list:
    if path is None:
        return [cwl_eval.parse_metric_line(line, "cwl_eval's default set")
                for line in cwl_eval.DEFAULT_METRICS]
    with open(path, encoding="utf-8") as lines:
        return [cwl_eval.parse_metric_line(line, f"{path}, line {number}")
                for number, line in enumerate(lines, start=1) if line.strip()]


def _depth(value: int) -> int:
    from rankbook._errors import InvalidValueError

    if value < 1:
        raise InvalidValueError(f"--max_depth must be a positive whole number, got {value}.")
    return value


def _write_bibtex(path, measures: list) -> None:
    """The tool's entry, then each measure's function's references (once each)."""
    import inspect

    entries = [TOOL_BIBTEX]
    for measure in measures:
        doc = inspect.getdoc(measure.row.function) or ""
        references = doc.split("References\n----------\n", 1)[-1].split("\n\nExamples")[0]
        entry = f"% {measure.name}: {measure.row.name}\n% " + references.replace("\n", "\n% ")
        if entry not in entries:
            entries.append(entry + "\n")
    with open(path, "w", encoding="utf-8") as out:
        out.write("\n".join(entries))
