"""``rankbook exercises``: a sheet of generated exercises on one metric, with its answer key."""

from __future__ import annotations

import argparse
import sys

from rankbook._errors import InvalidValueError, RankbookError

_DESCRIPTION = (
    "Generate exercises for a class: small random data, each with a question on\n"
    "NAME: a metric, an aggregation method or a significance test. The same --seed\n"
    "always gives the same sheet; --answers adds the answer key (the answers, the\n"
    "worked steps and the command that checks each one) after it, --key prints the\n"
    "key alone. --format html writes a printable page, --format latex a document\n"
    "for pdflatex; --format moodle|gift|text2qti a quiz for Moodle (XML or GIFT) or\n"
    "Canvas (text2qti's text, which `text2qti FILE` turns into a QTI zip), each answer\n"
    "graded (4 decimals: +-0.00005) with the worked solution as its feedback, and\n"
    "--variants N versions of each question for a quiz's random question."
)

_EPILOG = (
    "names:\n"
    "  worked step by step, exact fractions: {metrics}\n"
    "    (any case; the @k may be left out, ndcg, or fixed, P@5)\n"
    "  every other measure of the registry, canonical or trec_eval name: bpref,\n"
    "    infAP, ERR@k, gm_map, set_F, iprec_at_recall, ... (rankbook eval --help)\n"
    "  every aggregation method: borda, rrf, copeland, kemeny, mc4, dibra, ...\n"
    "    (every one of rankbook fuse --help)\n"
    "  significance tests: randomization (exact, p = C/2^n), t-test\n"
    "\n"
    "levels: 1 short lists, small numbers, every relevant document retrieved;\n"
    "  2 (default) unretrieved relevant documents, grades 0-3; 3 cut-offs past\n"
    "  the end of the list, partial voter lists, 8 topics\n"
    "\n"
    "examples:\n"
    "  rankbook exercises AP --count 3 --seed 1 > sheet.md\n"
    "  rankbook exercises AP --count 3 --seed 1 --key > key.md\n"
    "  rankbook exercises nDCG@k --level 3 --format html > sheet.html\n"
    "  rankbook exercises borda --count 2 --format latex --key > key.tex\n"
    "  rankbook exercises randomization --answers\n"
    "  rankbook exercises AP --count 3 --variants 30 --format moodle > ap.xml\n"
    "  rankbook exercises borda --variants 30 --format text2qti > borda.txt\n"
    "  rankbook exercises P@5 --count 4          # a fixed cut-off; any case: ndcg, map"
)


def add_parser(subparsers) -> None:
    from rankbook.exercises import EXERCISE_METRICS

    parser = subparsers.add_parser(
        "exercises",
        help="print a worksheet of generated exercises (a metric, an aggregation method or a "
             "significance test), with --answers or --key its answer key",
        description=_DESCRIPTION,
        epilog=_EPILOG.format(metrics=" ".join(EXERCISE_METRICS)),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("metric", metavar="NAME",
                        help="what to practise: a metric (AP, P@5, ndcg, bpref, gm_map), an "
                             "aggregation method (borda, mc4) or a test (randomization, t-test)")
    parser.add_argument("--count", type=int, default=5, metavar="N",
                        help="number of exercises [default: 5]")
    parser.add_argument("--seed", type=int, default=0, metavar="S",
                        help="seed of the random rankings: same seed, same sheet [default: 0]")
    parser.add_argument("--length", type=int, default=None, metavar="L",
                        help="documents in each ranking, 1 to 12 [default: the level's, 5, 8 "
                             "or 10]")
    parser.add_argument("--level", type=int, default=2, choices=(1, 2, 3),
                        help="difficulty, 1 to 3 [default: 2]")
    parser.add_argument("--format", default="md",
                        choices=("md", "html", "latex", "moodle", "gift", "text2qti"),
                        help="Markdown, a printable HTML page, a LaTeX document, or a quiz: "
                             "Moodle XML, GIFT, text2qti (Canvas) [default: md]")
    parser.add_argument("--variants", type=int, default=1, metavar="N",
                        help="versions of each question, different data at the same level "
                             "(quiz formats: a category or group per question) [default: 1]")
    key = parser.add_mutually_exclusive_group()
    key.add_argument("--answers", action="store_true",
                     help="print the sheet, then the answer key")
    key.add_argument("--key", action="store_true",
                     help="print the answer key alone (hand out the sheet, keep the key)")
    parser.set_defaults(run=run)


def run(args) -> None:
    from rankbook.exercises import PLATFORMS, generate_variants, quiz, worksheet

    try:
        if args.variants != 1 and args.format not in PLATFORMS:
            raise InvalidValueError(f"variants={args.variants}: variants are for the quiz formats; "
                                "add --format moodle, gift or text2qti.")
        questions = generate_variants(args.metric, args.count, args.variants, seed=args.seed,
                                      length=args.length, level=args.level)
    except RankbookError as error:  # name the option the user typed
        message = str(error).replace("count=", "--count ").replace("length=", "--length ")
        message = message.replace("variants=", "--variants ")
        raise type(error)(message.replace("metric=", "NAME ")) from None
    if args.format in PLATFORMS:
        part = "key" if args.key else "quiz"
        sys.stdout.write(quiz(questions, format=args.format, part=part))
        return
    part = "key" if args.key else "both" if args.answers else "sheet"
    sheet = [variants[0] for variants in questions]
    sys.stdout.write(worksheet(sheet, format=args.format, part=part))
