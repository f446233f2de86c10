"""The ``rankbook`` command line: a thin layer over the Python functions, one module per sub-command.

Each sub-command parses its arguments, calls the middle floor
(:func:`rankbook.explain`, ...) and prints. Errors rankbook raises on purpose
are printed to stderr as one line, without a traceback, and exit with status 2.
"""

from __future__ import annotations

import argparse
import sys

from rankbook import __version__
from rankbook._errors import RankbookError
from rankbook.cli import compare as _compare
from rankbook.cli import cwl_eval as _cwl_eval
from rankbook.cli import eval as _eval
from rankbook.cli import exercises as _exercises
from rankbook.cli import explain as _explain
from rankbook.cli import explain_fusion as _explain_fusion
from rankbook.cli import fuse as _fuse
from rankbook.cli import gdeval as _gdeval
from rankbook.cli import ir_measures as _ir_measures
from rankbook.cli import ndeval as _ndeval
from rankbook.cli import pool as _pool
from rankbook.cli import reproduce as _reproduce

# One module per sub-command, each with add_parser(subparsers) and run(args).
SUBCOMMANDS = (_explain, _eval, _exercises, _fuse, _explain_fusion, _compare, _reproduce,
               _cwl_eval, _gdeval, _ir_measures, _ndeval, _pool)


class _UsageError(Exception):
    """A mistake on the command line (argparse's error), printed as one line."""


class _Parser(argparse.ArgumentParser):
    """argparse, but a usage mistake is one line on stderr (not the usage block) and status 2."""

    def error(self, message: str):
        raise _UsageError(f"{self.prog}: error: {message}; see {self.prog} --help")


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``rankbook`` command."""
    parser = _Parser(
        prog="rankbook",
        description="Ranking-evaluation metrics as plain, documented reference implementations.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}",
                        help="print rankbook's version and exit")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for command in SUBCOMMANDS:
        command.add_parser(subparsers)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run the ``rankbook`` command; return its exit status."""
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except _UsageError as error:
        print(error, file=sys.stderr)
        return 2
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
