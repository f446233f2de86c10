"""``rankbook exercises``: a sheet of generated exercises on one metric, with its answer key."""

from __future__ import annotations

import argparse
import sys

from rankbook._errors import RankbookError


def add_parser(subparsers) -> None:
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
            "  (any case; the @k may be left out, ndcg, or fixed, P@5)\n"
            "\n"
            "examples:\n"
            "  rankbook exercises AP --count 3 --seed 1 > sheet.md\n"
            "  rankbook exercises AP --count 3 --seed 1 --answers > key.md\n"
            "  rankbook exercises nDCG@k --length 5 --answers\n"
            "  rankbook exercises P@5 --count 4          # a fixed cut-off; any case: ndcg, map"
        ),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("metric", metavar="METRIC",
                        help="the metric asked for, in canonical notation, e.g. AP, P@k, P@5, ndcg, MAP")
    parser.add_argument("--count", type=int, default=5, metavar="N",
                        help="number of exercises [default: 5]")
    parser.add_argument("--seed", type=int, default=0, metavar="S",
                        help="seed of the random rankings: same seed, same sheet [default: 0]")
    parser.add_argument("--length", type=int, default=8, metavar="L",
                        help="documents in each ranking, 1 to 12 [default: 8]")
    parser.add_argument("--answers", action="store_true",
                        help="also print the answer key, with the worked steps")
    parser.set_defaults(run=run)


def run(args) -> None:
    from rankbook.exercises import exercise_sheet, generate_exercises

    try:
        sheet = generate_exercises(args.metric, args.count, seed=args.seed, length=args.length)
    except RankbookError as error:  # name the option the user typed
        message = str(error).replace("count=", "--count ").replace("length=", "--length ")
        raise type(error)(message.replace("metric=", "METRIC ")) from None
    sys.stdout.write(exercise_sheet(sheet, answers=args.answers))
