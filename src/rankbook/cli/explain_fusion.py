"""``rankbook explain-fusion``: the intermediate tables of one aggregation on a small profile.

A profile is typed one list per argument (or one per line of a file):

    a,b,c            items best first (">" works too: "a>b>c")
    a=5,b=3,c=1      items with scores, for the score-combination methods
    42:a,b,c         a weight (here 42 voters) before a colon

Blank lines and lines starting with # are skipped in a file.
"""

from __future__ import annotations

import argparse
import re
import sys

from rankbook._errors import InputFileError, InvalidValueError
from rankbook.cli._aggregation import method_names, method_params, methods_by_family, param

WEIGHT = re.compile(r"^\s*(?P<weight>[0-9]*\.?[0-9]+)\s*:(?P<rest>.*)$")


def add_parser(subparsers) -> None:
    parser = subparsers.add_parser(
        "explain-fusion",
        help="show the tables behind one rank aggregation of a small profile",
        description=(
            "Type the ranked lists of one query and see what METHOD computes from them: the "
            "normalised scores or points of each list, the pairwise preference matrix with "
            "wins, ties and losses, the Condorcet and Copeland tallies, the Kemeny distance "
            "of the winning order, a Markov chain's transition matrix and power iterations, "
            "RRA's normalised ranks, order statistics and p-values, the voter weights a "
            "self-weighting method learned, and the result."
        ),
        epilog=(
            "a list is one argument: items best first, separated by commas or '>';\n"
            "item=score pairs give scores; a number and a colon in front give a weight.\n"
            "\n"
            "examples (Wikipedia's Tennessee capital election, 100 voters):\n"
            "  rankbook explain-fusion kemeny 42:Mem,Nash,Chat,Knox 26:Nash,Chat,Knox,Mem \\\n"
            "                                 15:Chat,Knox,Nash,Mem 17:Knox,Chat,Nash,Mem\n"
            "  rankbook explain-fusion combsum a=5,b=3,c=1 b=9,d=4 --param norm=borda\n"
            "  rankbook explain-fusion mc4 a,b,c,d b,a,d a,c,b\n"
            "  rankbook explain-fusion borda --file profile.txt --markdown\n"
            "\n"
            "methods:\n" + methods_by_family()
        ),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("method", metavar="METHOD", choices=method_names(), type=str.lower,
                        help="the aggregation method, e.g. borda, copeland, kemeny, combsum, "
                             "mc4, rra (all of them below)")
    parser.add_argument("lists", nargs="*", metavar="LIST",
                        help="one ranked list, e.g. a,b,c or 42:a,b,c or a=5,b=3")
    parser.add_argument("--file", default=None, metavar="PROFILE",
                        help="read the lists from a file, one per line, instead")
    parser.add_argument("--param", action="append", type=param, default=None,
                        metavar="NAME=VALUE", help="a parameter of the method, e.g. k=60")
    parser.add_argument("--markdown", action="store_true",
                        help="print Markdown tables instead of plain text")
    parser.set_defaults(run=run)


def parse_list(text: str, where: str):
    """(weight, list): a list typed as 'a,b,c', 'a>b>c', 'a=5,b=3' or '42:a,b,c'."""
    weight = 1.0
    match = WEIGHT.match(text)
    if match:
        weight, text = float(match.group("weight")), match.group("rest")
    parts = [part.strip() for part in re.split(r"[,>]", text)]
    if not text.strip() or any(not part for part in parts):
        raise InvalidValueError(
            f"{where}: {text!r} is not a ranked list; write the items best first, separated by "
            "commas, e.g. a,b,c (or a=5,b=3 with scores, 42:a,b,c with a weight).")
    if all("=" not in part for part in parts):
        return weight, parts
    scores = {}
    for part in parts:
        item, sep, number = part.partition("=")
        try:
            scores[item.strip()] = float(number)
        except ValueError:
            raise InvalidValueError(
                f"{where}: {part!r} is not item=score; give every item a score, e.g. a=5,b=3, "
                "or none at all.") from None
        if not sep:
            raise InvalidValueError(f"{where}: {part!r} has no score; write it as {part}=SCORE.")
    return weight, scores


def read_profile(args):
    if args.file is not None and args.lists:
        raise InvalidValueError("give the lists as arguments or with --file, not both.")
    if args.file is None:
        if not args.lists:
            raise InvalidValueError("no lists given; type them, e.g. "
                                    "rankbook explain-fusion borda a,b,c b,c,a")
        return [parse_list(text, f"list {n}") for n, text in enumerate(args.lists, start=1)]
    try:
        with open(args.file, encoding="utf-8") as handle:
            lines = handle.read().splitlines()
    except OSError as error:
        raise InputFileError(f"cannot read the profile: {error.strerror}.", args.file) from None
    except UnicodeDecodeError as error:
        raise InputFileError(
            f"the file is not UTF-8 text (byte {error.object[error.start]:#04x} at offset "
            f"{error.start}); write the profile as plain text, one list per line (a compressed "
            "file must be decompressed first).", args.file) from None
    profile = []
    for number, line in enumerate(lines, start=1):
        if line.strip() and not line.lstrip().startswith("#"):
            try:
                profile.append(parse_list(line, f"{args.file}, line {number}"))
            except InvalidValueError as error:
                raise InputFileError(str(error).split(": ", 2)[-1], args.file, [number]) from None
    if not profile:
        raise InputFileError("the file holds no list; write one list per line.", args.file)
    return profile


def cli_message(message: str) -> str:
    """An aggregation error in the command line's words: list numbers, --param, item=score."""
    message = re.sub(r"\blists\[(\d+)\]", lambda m: f"list {int(m.group(1)) + 1}", message)
    message = message.replace("give each list as a dict item -> score",
                              "give each list with scores, e.g. a=5,b=3,c=1")
    message = re.sub(r"(?<![-\w])(?<!--param )(norm|k|phi|gamma|convention|unranked)='?([\w.]+)'?"
                     r"(?:, '(\w+)' or '(\w+)')?", _as_param, message)
    return message


def _as_param(match) -> str:
    """norm='rank', 'borda' or 'simple_borda' -> --param norm=rank, norm=borda or norm=simple_borda."""
    name = match.group(1)
    values = [f"{name}={value}" for value in match.groups()[1:] if value]
    if len(values) == 1:
        return f"--param {values[0]}"
    return "--param " + ", ".join(values[:-1]) + " or " + values[-1]


def run(args) -> None:
    try:
        _run(args)
    except InvalidValueError as error:  # the aggregate functions' words, as flags and lists
        raise InvalidValueError(cli_message(str(error))) from None


def _run(args) -> None:
    from rankbook.explain.aggregation import explain_aggregation

    profile = read_profile(args)
    params = method_params(args.method, args.param)
    weights = [weight for weight, _ in profile]
    lists = [ranked for _, ranked in profile]
    explanation = explain_aggregation(lists, args.method,
                                      weights=None if set(weights) == {1.0} else weights, **params)
    text = explanation._repr_markdown_() if args.markdown else str(explanation)
    sys.stdout.write(text + "\n")
