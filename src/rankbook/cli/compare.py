"""``rankbook compare``: evaluate several runs and test their differences for significance."""

from __future__ import annotations

import argparse
import os
import sys

from rankbook._errors import InvalidValueError
from rankbook.cli._tables import decimals
from rankbook.stats import registry

FORMATS = ("text", "markdown", "latex", "json", "csv")
TESTS = tuple(registry.compared())
CORRECTIONS = tuple(registry.CORRECTIONS)
TUKEY_METHODS = registry.tukey_methods()
EXAMPLES = (
    "examples:\n"
    "  rankbook compare qrels.txt bm25.txt dfr.txt lm.txt\n"
    "  rankbook compare qrels.txt bm25.txt dfr.txt lm.txt -m AP -m nDCG@10 --test randomization --correction holm\n"
    "  rankbook compare qrels.txt bm25.txt dfr.txt lm.txt --test tukey --tukey-method randomized\n"
    "  rankbook compare qrels.txt bm25.txt dfr.txt --baseline bm25 --format latex\n"
    "  rankbook compare qrels.txt run*.txt -m P@10 -m AP -m nDCG --discriminative-power\n"
    "  rankbook compare qrels.txt bm25.txt rerank.txt -m nDCG@20 --baseline bm25 --risk-alpha 5"
)


def _tests_help() -> str:
    """The epilog's list of tests, one line each, from the stats registry."""
    width = max(len(name) for name in TESTS)
    lines = [f"  {name:<{width}}  {entry.help}" for name, entry in registry.compared().items()]
    return "tests (--test):\n" + "\n".join(lines) + (
        f"\n  --tukey-method: {', '.join(TUKEY_METHODS)}; "
        f"--correction: {', '.join(CORRECTIONS)}\n")


def add_parser(subparsers) -> None:
    parser = subparsers.add_parser(
        "compare",
        help="evaluate several runs and test every pair (or each against a baseline) for "
             "significance",
        description=(
            "Score each RUN per topic with trec_eval 9.x's rules on every topic of QRELS "
            "(a topic a run misses scores 0, trec_eval's -c), then compare the runs with a "
            "significance test: the means (best in bold where the format has bold, marks "
            "for significant differences), and per pair the difference, effect size, "
            "interval, p-value and wins/ties/losses over the topics. A run is named by its "
            "tag (the last field of its lines), or by its file name when tags repeat."
        ),
        epilog=_tests_help() + "\n" + EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("qrels", metavar="QRELS", help="relevance judgments (TREC qrels file, or FLAGR's qrels CSV)")
    parser.add_argument("runs", nargs="+", metavar="RUN", help="two or more TREC run files")
    parser.add_argument("-m", dest="measures", action="append", default=None, metavar="MEASURE",
                        help="a measure (as in rankbook eval); repeat for several [default: "
                             "-m AP -m nDCG@10 -m P@10], e.g. -m map -m P.5,10")
    parser.add_argument("--test", choices=TESTS, default="t",
                        help="the significance test [default: t], e.g. --test randomization")
    parser.add_argument("--tukey-method", choices=TUKEY_METHODS,
                        default="two_way",
                        help="which Tukey HSD with --test tukey [default: two_way]")
    parser.add_argument("--correction", choices=CORRECTIONS,
                        default=None,
                        help="adjust each measure's p-values for multiple comparisons, e.g. "
                             "--correction holm")
    parser.add_argument("--discriminative-power", action="store_true",
                        help="instead of the pairs, one row per measure: of the pairs of runs, "
                             "how many the randomised Tukey HSD finds different at --alpha "
                             "(Sakai's discriminative power) and the difference in means it "
                             "takes (delta); --resamples [default: 10000] and --seed apply")
    parser.add_argument("--risk-alpha", type=float, default=None, metavar="A",
                        help="instead of the tests, with --baseline: one row per measure and "
                             "run: wins, losses, mean difference, URisk and TRisk against the "
                             "baseline, losses weighted by 1 + A (ndeval's -riskAlpha)")
    parser.add_argument("--baseline", default=None, metavar="NAME",
                        help="compare every run with this one only (its name or file), "
                             "e.g. --baseline bm25")
    parser.add_argument("--alpha", type=float, default=0.05, metavar="A",
                        help="significance level of the marks [default: 0.05]")
    parser.add_argument("--resamples", type=int, default=None, metavar="B",
                        help="resamples of the randomization, bootstrap and randomized Tukey "
                             "tests [default: each test's own]")
    parser.add_argument("--seed", type=int, default=0, metavar="S",
                        help="seed of the resampling tests [default: 0]")
    parser.add_argument("-l", dest="relevance_level", type=float, default=1, metavar="N",
                        help="lowest grade that counts as relevant [default: 1]")
    parser.add_argument("--format", choices=FORMATS, default="text",
                        help="text: the means table and the pairs; markdown, latex: tables with "
                             "the best mean in bold; json: everything; csv: the pairs "
                             "[default: text]")
    parser.add_argument("--decimals", type=decimals, default=4, metavar="N",
                        help="decimals in the text, markdown and latex formats [default: 4]")
    parser.set_defaults(run=run)


def run(args) -> None:
    import warnings

    from rankbook.compare import compare

    if len(args.runs) < 2:
        raise InvalidValueError(
            f"give at least two RUN files to compare, got {len(args.runs)}; e.g. "
            "rankbook compare qrels.txt run1.txt run2.txt")
    if not 0 < args.alpha < 1:
        raise InvalidValueError(f"--alpha must be between 0 and 1, got {args.alpha}; e.g. --alpha 0.05")
    runs = _named(args.runs, [_tag(path) for path in args.runs])
    if args.discriminative_power:
        _discriminative_power(args, runs)
        return
    baseline = _baseline(args.baseline, runs, args.runs)
    if args.risk_alpha is not None:
        _risk(args, runs, baseline)
        return
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        report = compare(args.qrels, runs, args.measures or ["AP", "nDCG@10", "P@10"],
                         test=args.test, correction=args.correction, baseline=baseline,
                         alpha=args.alpha, tukey_method=args.tukey_method,
                         n_resamples=args.resamples, seed=args.seed,
                         relevance_level=args.relevance_level)
    for message in dict.fromkeys(str(w.message) for w in caught):
        print(f"rankbook compare: note: {message}", file=sys.stderr)
    sys.stdout.write(_formatted(report, args.format, args.decimals))


def _discriminative_power(args, runs: dict) -> None:
    """Print the table of `rankbook.compare.discriminative.discriminative_power_of_runs`."""
    import warnings

    from rankbook.compare.discriminative import discriminative_power_of_runs
    from rankbook.stats.discriminative import summary_table

    if args.baseline is not None or args.format == "latex":
        what = "--baseline" if args.baseline is not None else "--format latex"
        raise InvalidValueError(
            f"{what} does not go with --discriminative-power (every pair of runs is tested; "
            "formats: text, markdown, json, csv); leave it out.")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        results = discriminative_power_of_runs(
            args.qrels, runs, args.measures or ["AP", "nDCG@10", "P@10"], alpha=args.alpha,
            n_resamples=10_000 if args.resamples is None else args.resamples, seed=args.seed,
            relevance_level=args.relevance_level)
    for message in dict.fromkeys(str(w.message) for w in caught):
        print(f"rankbook compare: note: {message}", file=sys.stderr)
    table = summary_table(results)
    table.index.name = "measure"
    _write_table(table, args, ("discriminative_power", "delta"), orient="index")


def _risk(args, runs: dict, baseline) -> None:
    """Print the table of `rankbook.compare.risk.risk_of_runs` (``--risk-alpha``)."""
    import warnings

    from rankbook.compare.risk import risk_of_runs

    if baseline is None or args.format == "latex":
        raise InvalidValueError(
            "--risk-alpha compares every run with one baseline: name it with --baseline NAME"
            if baseline is None else
            "--format latex does not go with --risk-alpha (formats: text, markdown, json, csv); "
            "leave it out.")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        table = risk_of_runs(args.qrels, runs, args.measures or ["AP", "nDCG@10", "P@10"],
                             baseline=baseline, alpha=args.risk_alpha,
                             relevance_level=args.relevance_level)
    for message in dict.fromkeys(str(w.message) for w in caught):
        print(f"rankbook compare: note: {message}", file=sys.stderr)
    _write_table(table, args, ("mean_difference", "URisk", "TRisk"), orient="records")


def _write_table(table, args, rounded: tuple, *, orient: str) -> None:
    """``table`` (index ``measure``) as csv, json, markdown or text; ``rounded`` to --decimals."""
    from rankbook._markdown import pipe_table

    if args.format == "csv":
        sys.stdout.write(table.to_csv(float_format="%.17g"))
    elif args.format == "json":
        shown = table if orient == "index" else table.reset_index()
        sys.stdout.write(shown.to_json(orient=orient, indent=2) + "\n")
    else:
        shown = table.round({name: args.decimals for name in rounded})
        if args.format == "markdown":
            rows = [[str(v) for v in row] for row in shown.itertuples()]
            sys.stdout.write(pipe_table(["measure", *shown.columns], rows) + "\n")
        else:
            sys.stdout.write(shown.to_string() + "\n")


def _formatted(report, form: str, places: int) -> str:
    if form == "markdown":
        return report.to_markdown(places)
    if form == "latex":
        return report.to_latex(places, pairs=True) + "\n"
    if form == "json":
        return report.to_json() + "\n"
    if form == "csv":
        return report.to_frame().to_csv(index=False, float_format="%.17g")
    return report.to_text(places) + "\n"


def _tag(path: str):
    """The run tag: the last field of the file's first line (None if unreadable: compare says why)."""
    import gzip
    import zlib

    try:
        opener = gzip.open if str(path).endswith(".gz") else open
        with opener(path, "rt", encoding="utf-8", errors="replace") as handle:
            fields = handle.readline().split()
    except (OSError, EOFError, zlib.error):  # (corrupt gzip: the reader says what is wrong)
        return None
    return fields[5] if len(fields) >= 6 else None


def _named(paths: list, tags: list) -> dict:
    """``{name: path}``: runs named by tag; by file name when tags repeat (or are missing)."""
    if None in tags or len(set(tags)) < len(tags):
        tags = [os.path.basename(path) for path in paths]
    if len(set(tags)) < len(tags):
        tags = list(paths)
    if len(set(tags)) < len(tags):
        raise InvalidValueError(f"the same RUN file is given twice ({', '.join(paths)}); give each once.")
    return dict(zip(tags, paths))


def _baseline(name, runs: dict, paths: list):
    """The run named ``name``, by its name in the report or by its file as typed."""
    if name is None or name in runs:
        return name
    by_path = dict(zip(paths, runs))
    for path, run_name in by_path.items():
        if name in (path, os.path.basename(path)):
            return run_name
    raise InvalidValueError(
        f"--baseline {name!r} is not one of the runs; their names are {', '.join(runs)}.")
