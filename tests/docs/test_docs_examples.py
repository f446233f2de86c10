"""The command-line examples on the docs site show the output the command really prints.

A page listed in ``PAGES`` shows a shell session as a fenced ``console`` block:

    ```console
    $ rankbook explain 1 0 1 --relevant 2
    ...the output, pasted...
    ```

Every line starting with ``$ rankbook `` is run (from the repository root) and what it prints,
stdout and stderr in the order a terminal shows them, must equal the lines below it up to the
next ``$`` line or the end of the block (trailing spaces ignored). A page can also show the
output *rendered*, between ``<!-- output-of: rankbook ... -->`` and ``<!-- end-output -->``;
that text must equal the command's output too. Help texts are produced at 80 columns.

The conventions page's table of rankbook's defaults is checked against the functions'
signatures as well, so neither the pasted outputs nor the documented defaults can drift from
the code. (The ``pycon`` sessions on the pages are run by ``pytest --doctest-glob="*.md" docs``.)
"""

from __future__ import annotations

import contextlib
import inspect
import io
import re
import shlex
from pathlib import Path

import pytest

import rankbook as rb
from rankbook.cli import main
from rankbook.metrics.registry import METRICS

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
# The pages whose console examples are checked. To check another page, add it here: its
# `$ rankbook ...` lines must then run from the repository root and show their whole output.
PAGES = [DOCS / "index.md", DOCS / "guide" / "explain.md", DOCS / "api" / "cli.md", ROOT / "README.md",
         DOCS / "guide" / "classroom.md", DOCS / "aggregation" / "index.md",
         DOCS / "guide" / "teachers.md"]

CONSOLE_BLOCK = re.compile(r"^(?P<indent>[ ]*)```console[^\n]*\n(?P<body>.*?)^(?P=indent)```[ ]*$",
                           re.M | re.S)
RENDERED = re.compile(r"<!--\s*output-of:\s*(?P<command>rankbook\b.*?)\s*-->\n(?P<text>.*?)"
                      r"<!--\s*end-output\s*-->", re.S)
SHELL_SYNTAX = re.compile(r"[|&;<>`$()]")
COLUMNS = "80"


def _console_examples():
    """(page, command, shown output) for every `$ rankbook ...` in a console block."""
    for page in PAGES:
        text = page.read_text(encoding="utf-8")
        for block in CONSOLE_BLOCK.finditer(text):
            indent = len(block.group("indent"))
            first_line = text.count("\n", 0, block.start("body")) + 1
            lines = [line[indent:] for line in block.group("body").splitlines()]
            starts = [n for n, line in enumerate(lines) if line.startswith("$ ")]
            for n, start in enumerate(starts):
                command = lines[start][2:]
                if not command.startswith("rankbook "):
                    continue
                end = starts[n + 1] if n + 1 < len(starts) else len(lines)
                yield pytest.param(page, command, "\n".join(lines[start + 1:end]),
                                   id=f"{page.relative_to(ROOT)}:{first_line + start}")


def _rendered_examples():
    for page in PAGES:
        text = page.read_text(encoding="utf-8")
        for match in RENDERED.finditer(text):
            line = text.count("\n", 0, match.start()) + 1
            yield pytest.param(page, match.group("command"), match.group("text"),
                               id=f"{page.relative_to(ROOT)}:{line}")


def _run(command: str, monkeypatch) -> str:
    """What `command` prints in a terminal: stdout and stderr, interleaved."""
    monkeypatch.setenv("COLUMNS", COLUMNS)  # argparse wraps help text to the terminal width
    monkeypatch.chdir(ROOT)
    assert not SHELL_SYNTAX.search(command), (
        f"`{command}`: only plain `rankbook ...` commands can be checked (no pipes or redirections)"
    )
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
        try:
            main(shlex.split(command)[1:])
        except SystemExit:  # --help, and argparse's usage errors
            pass
    return out.getvalue()


def _normalise(text: str) -> str:
    return "\n".join(line.rstrip() for line in text.strip("\n").splitlines())


@pytest.mark.parametrize(("page", "command", "shown"), list(_console_examples()))
def test_console_example_shows_real_output(page, command, shown, monkeypatch):
    printed = _run(command, monkeypatch)
    assert _normalise(printed) == _normalise(shown), (
        f"{page.relative_to(ROOT)}: `{command}` prints something else than the page shows; "
        f"paste its real output (with COLUMNS={COLUMNS}):\n{printed}"
    )


@pytest.mark.parametrize(("page", "command", "shown"), list(_rendered_examples()))
def test_rendered_output_is_real_output(page, command, shown, monkeypatch):
    printed = _run(command, monkeypatch)
    assert _normalise(printed) == _normalise(shown), (
        f"{page.relative_to(ROOT)}: the text after `output-of: {command}` is not what the "
        f"command prints:\n{printed}"
    )


def test_the_parametrised_lists_are_collected():
    # Read from the pages and the registry: an empty or shrunken list would pass silently.
    assert len(list(_console_examples())) >= 15
    assert len(list(_rendered_examples())) >= 1
    assert len(_documented_functions()) >= 23


def test_every_checked_page_has_examples():
    examples = {param.values[0] for param in _console_examples()}
    assert set(PAGES) <= examples, f"no `$ rankbook ...` example on {set(PAGES) - examples}"


# --- the conventions page's table of defaults ------------------------------------------

CONVENTIONS = DOCS / "conventions.md"
# | `function`, `function`, ... | `argument=default` | what it means |
DEFAULT_ROW = re.compile(
    r"^\| (?P<functions>`\w+`(?:, `\w+`)*) \| `(?P<argument>\w+)=(?P<default>[^`]+)` \|", re.M
)


def _documented_defaults() -> dict[tuple[str, str], str]:
    """{(function name, argument): default as written} from the section "rankbook's defaults"."""
    text = CONVENTIONS.read_text(encoding="utf-8")
    section = text.split("## rankbook's defaults", 1)[1].split("\n## ", 1)[0]
    return {
        (function, row["argument"]): row["default"]
        for row in DEFAULT_ROW.finditer(section)
        for function in re.findall(r"`(\w+)`", row["functions"])
    }


def _defaults_in_code(function) -> dict[str, object]:
    return {name: p.default for name, p in inspect.signature(function).parameters.items()
            if p.default is not inspect.Parameter.empty}


def _documented_functions():
    return sorted({info.function.__name__ for info in METRICS if info.function} | {"explain"})


def test_defaults_table_is_not_empty():
    assert len(_documented_defaults()) >= 10


@pytest.mark.parametrize(("function", "argument", "default"),
                         [(*key, value) for key, value in sorted(_documented_defaults().items())])
def test_documented_default_matches_signature(function, argument, default):
    assert hasattr(rb, function), f"conventions.md documents rankbook.{function}, which does not exist"
    in_code = _defaults_in_code(getattr(rb, function))
    assert argument in in_code, f"conventions.md: rankbook.{function} has no argument {argument!r} with a default"
    assert in_code[argument] == eval(default), (  # noqa: S307 (our own docs)
        f"conventions.md says {function}({argument}={default}), the code says {in_code[argument]!r}"
    )


@pytest.mark.parametrize("function", _documented_functions())
def test_every_default_is_documented(function):
    documented = {argument for (name, argument) in _documented_defaults() if name == function}
    missing = sorted(set(_defaults_in_code(getattr(rb, function))) - documented)
    assert not missing, (
        f"rankbook.{function} has arguments with defaults that docs/conventions.md's table "
        f"\"rankbook's defaults\" does not list: {missing}. Add a row for each."
    )
