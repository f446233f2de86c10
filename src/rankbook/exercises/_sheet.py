"""The Markdown of a sheet: numbered questions, and the answer key after them."""

from __future__ import annotations

import html
import textwrap
from fractions import Fraction


def answer_text(exercise) -> str:
    """``AP = 1/2 ≈ 0.5000``: the label, the exact answer and its decimal value.

    A fused order or a test's result reads ``borda: c > a > b``; a count ``NumRel = 4``.
    """
    label = exercise.metric.replace("@k", f"@{exercise.k}")
    if isinstance(exercise.answer, str):
        return f"{label}: {exercise.answer}"
    if isinstance(exercise.answer, int):
        return f"{label} = {exercise.answer}"
    if isinstance(exercise.answer, Fraction):
        if exercise.answer.denominator == 1:
            return f"{label} = {exercise.answer}"
        return f"{label} = {exercise.answer} ≈ {float(exercise.answer):.4f}"
    return f"{label} = {exercise.answer:.4f}"


def wrapped(marker: str, text: str) -> list[str]:
    """The text as a list item wrapped at 78 columns, never inside a `code span`."""
    parts = text.split("`")
    parts[1::2] = [part.replace(" ", "\0") for part in parts[1::2]]
    lines = textwrap.wrap("`".join(parts), width=78, initial_indent=marker,
                          subsequent_indent=" " * len(marker), break_on_hyphens=False,
                          break_long_words=False)
    return [line.replace("\0", " ") for line in lines]


def markdown_sheet(exercises, *, answers: bool = False) -> str:
    """The questions as a Markdown list; with ``answers`` the key (answer, steps, check) after."""
    metrics = sorted({exercise.metric for exercise in exercises})
    title = "# Exercises" + (f": {metrics[0]}" if len(metrics) == 1 else "")
    lines = [title, ""]
    for exercise in exercises:
        lines += wrapped(f"{exercise.number}. ", exercise.question)
        lines.append("")
    if answers:
        lines += ["## Answer key", ""]
        for exercise in exercises:
            lines.append(f"{exercise.number}. **{answer_text(exercise)}**")
            lines.append("")  # the solution as a code block inside the list item
            lines += [f"       {line}".rstrip() for line in exercise.solution.splitlines()]
            lines.append("")
            if exercise.check:
                lines += [f"   Check: `{exercise.check}`", ""]
    return "\n".join(lines).rstrip("\n") + "\n"


def inline_html(text: str) -> str:
    """Markdown's `code` spans as <code>, everything else escaped."""
    parts = text.split("`")
    return "".join(f"<code>{html.escape(part)}</code>" if n % 2 else html.escape(part)
                   for n, part in enumerate(parts))
