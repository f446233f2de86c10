"""The quiz formats of learning platforms: Moodle XML, GIFT and text2qti (Canvas).

A quiz is a list of questions, each a list of its variants (exercises on different data, drawn
at the same level); one variant each is a plain sheet. `variant_sets` cuts one drawn sheet into
them, so that variant 1 of every question is the sheet ``rankbook exercises`` prints with the
same seed, and no two variants share an answer (the sheet's rule).
"""

from __future__ import annotations

from rankbook.exercises._gift import gift
from rankbook.exercises._moodle import moodle_xml
from rankbook.exercises._platform import answer_key
from rankbook.exercises._text2qti import text2qti

PLATFORMS = ("moodle", "gift", "text2qti")


def variant_sets(sheet, count: int) -> list[list]:
    """Question ``i``'s variants: items ``i``, ``i + count``, ``i + 2 count``, ... of ``sheet``."""
    return [list(sheet[i::count]) for i in range(count)]


def short_title(questions) -> str:
    """The name the questions are called by: the measure, method or test (``AP``)."""
    names = sorted({exercise.metric for variants in questions for exercise in variants})
    return names[0] if len(names) == 1 else "rankbook"


def export(questions, fmt: str, title: str = "") -> str:
    """The quiz file in format ``fmt`` (one of `PLATFORMS`)."""
    name = title or short_title(questions)
    if fmt == "moodle":
        return moodle_xml(questions, name)
    if fmt == "gift":
        return gift(questions, name)
    return text2qti(questions, name, title or f"Exercises: {name}")


def key(questions, title: str = "") -> str:
    """The answer key of every variant: one line per question, by the name the file gives it."""
    return "\n".join(answer_key(questions, title or short_title(questions), "")) + "\n"
