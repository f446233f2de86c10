"""The exceptions rankbook raises.

Every error rankbook raises on purpose is a `RankbookError`, so a caller
can catch them all at once. Each one is also a subclass of the built-in
exception a Python programmer would expect (``ValueError`` for a bad value,
``TypeError`` for a value of the wrong kind), so ``except ValueError`` keeps
working.

The messages follow one rule: say what is wrong, where, and how to fix it.
"""

from __future__ import annotations


class RankbookError(Exception):
    """Base class of every error rankbook raises on purpose."""


class InvalidValueError(RankbookError, ValueError):
    """An argument has the right type but a value the formula cannot use."""


class InvalidTypeError(RankbookError, TypeError):
    """An argument is of a type rankbook cannot interpret."""


class InputFileError(RankbookError, ValueError):
    """A file (or in-memory table) could not be read as the format it should be in, or written.

    Parameters
    ----------
    message : str
        What is wrong and how to fix it.
    path : str or None
        The file, or a description of the in-memory source.
    lines : sequence of int, optional
        The 1-based line numbers concerned (at most a few are shown).
    """

    def __init__(self, message: str, path: str | None = None, lines=()):
        self.path = path
        self.lines = tuple(lines)
        self.reason = message
        where = ""
        if path is not None:
            where = str(path)
            if self.lines:
                shown = ", ".join(str(n) for n in self.lines[:5])
                more = f" (and {len(self.lines) - 5} more)" if len(self.lines) > 5 else ""
                label = "line" if len(self.lines) == 1 else "lines"
                where += f", {label} {shown}{more}"
            where += ": "
        super().__init__(where + message)

    def __reduce__(self):
        # rebuilt from its parts when it comes back from a worker process (evaluate_many)
        return type(self), (self.reason, self.path, self.lines)


def caller_stacklevel() -> int:
    """The ``stacklevel`` that makes a warning point at the first line outside rankbook.

    Call it in the function that calls :func:`warnings.warn`: the count starts
    at that function (stacklevel 1) and walks out through every rankbook frame,
    so the warning names the user's line whichever public function (or the
    command line) they called.
    """
    import os
    import sys

    package = os.path.dirname(os.path.abspath(__file__)) + os.sep
    frame = sys._getframe(1)
    level = 1
    while frame is not None and os.path.abspath(frame.f_code.co_filename).startswith(package):
        frame = frame.f_back
        level += 1
    return level
