r"""GIFT: Moodle's plain-text quiz format (Question bank > Import > GIFT format).

Written as Moodle's GIFT documentation (https://docs.moodle.org/en/GIFT_format) describes it:
a ``$CATEGORY:`` line before each question's variants (a quiz's "random question" then draws
one per student), each variant one line ``::name::[html]question{answers####feedback}``,
with ``{#=value:tolerance#feedback}`` for a number, ``{=right#... ~wrong#...}`` for a fused
order and ``{=text}`` for a short answer; ``####`` starts the general feedback (the worked
solution, shown to every student). The characters ``~ = # { } :`` are written with a
backslash before them and a line break as ``\n``, so a solution holding them, or a table with
blank lines, stays inside its question. The t-test's t and p are two questions on the same data.
"""

from __future__ import annotations

from rankbook._errors import InvalidValueError
from rankbook.exercises._platform import (
    answer_key,
    category,
    decimal,
    feedback_html,
    number_text,
    one_per_blank,
    question_html,
    question_name,
)
from rankbook.exercises._sheet import answer_text

#: GIFT's special characters (https://docs.moodle.org/en/GIFT_format, "Special characters").
SPECIAL = "~=#{}:"


def escape(text: str) -> str:
    r"""``text`` safe inside a GIFT question: ``\`` before each special character, line breaks
    as ``\n``. A ``\n`` already in the text would read as a line break: it is refused."""
    if "\\n" in text:
        raise InvalidValueError(f"{text[:60]!r}...: GIFT reads \\n as a line break; write the "
                                "backslash otherwise (a LaTeX command starting with n).")
    escaped = "".join("\\" + char if char in SPECIAL else char for char in text)
    return escaped.replace("\r\n", "\n").replace("\n", "\\n")


def question(name: str, exercise) -> list[str]:
    """The GIFT lines of ``exercise`` (two questions for the t-test)."""
    lines = []
    feedback = escape(feedback_html(exercise))
    right = escape("Right: " + answer_text(exercise))
    for suffix, blank, how in one_per_blank(exercise):
        text = question_html(exercise, how)
        if blank.kind == "numerical":
            answers = f"#={number_text(blank.value)}:{decimal(blank.tolerance)}#{right}"
        elif blank.kind == "choice":
            answers = " ".join(f"={escape(option)}#{right}" if option == blank.value
                               else f"~{escape(option)}#Not this order."
                               for option in blank.choices)
        else:
            answers = f"={escape(blank.value)}#{right}"
        lines.append(f"::{escape(name + suffix)}::[html]{escape(text)}{{{answers}####{feedback}}}")
    return lines


def gift(questions, title: str) -> str:
    """The quiz: ``questions`` is a list of each question's variants."""
    lines = [(f"// {title}: written by rankbook exercises "
              "(GIFT, https://docs.moodle.org/en/GIFT_format)"), ""]
    for number, variants in enumerate(questions, start=1):
        lines += [f"$CATEGORY: {category(title, number)}", ""]
        for variant, exercise in enumerate(variants, start=1):
            for line in question(question_name(title, number, variant), exercise):
                lines += [line, ""]
    lines += answer_key(questions, title, "// ")
    return "\n".join(lines) + "\n"
