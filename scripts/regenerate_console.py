"""Re-paste the real output of every `$ rankbook ...` example on the checked docs pages.

    .venv/bin/python scripts/regenerate_console.py

The pages and the block syntax are those of tests/docs/test_docs_examples.py, which fails when a
page shows something else than the command prints; run this after changing the command line,
then read the diff (`git diff docs README.md`) before committing: the new output is what
readers will see.
"""

from __future__ import annotations

import contextlib
import io
import os
import shlex
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "docs"))
os.environ["COLUMNS"] = "80"
os.chdir(ROOT)

from test_docs_examples import CONSOLE_BLOCK, PAGES, RENDERED  # noqa: E402

from rankbook.cli import main  # noqa: E402


def output_of(command: str) -> str:
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
        try:
            main(shlex.split(command)[1:])
        except SystemExit:
            pass
    return "\n".join(line.rstrip() for line in out.getvalue().strip("\n").splitlines())


def console_block(match) -> str:
    indent = match.group("indent")
    lines = [line[len(indent):] for line in match.group("body").splitlines()]
    kept: list[str] = []
    skipping = False
    for line in lines:
        if line.startswith("$ "):
            skipping = line[2:].startswith("rankbook ")
            kept.append(line)
            if skipping:
                kept.extend(output_of(line[2:]).splitlines())
        elif not skipping:
            kept.append(line)
    body = "".join(f"{indent}{line}".rstrip() + "\n" for line in kept)
    return match.group(0)[:match.start("body") - match.start()] + body + f"{indent}```"


def rendered(match) -> str:
    command = match.group("command")
    return f"<!-- output-of: {command} -->\n{output_of(command)}\n<!-- end-output -->"


for page in PAGES:
    text = page.read_text(encoding="utf-8")
    new = RENDERED.sub(rendered, CONSOLE_BLOCK.sub(console_block, text))
    if new != text:
        page.write_text(new, encoding="utf-8")
        print(f"updated {page.relative_to(ROOT)}")
