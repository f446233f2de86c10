r"""text2qti: the plain-text quiz that ``text2qti quiz.txt`` turns into the QTI zip Canvas
imports (Settings > Import course content > QTI .zip file).

Written as text2qti 0.8.0's README describes it (https://github.com/gpoore/text2qti): a
``Quiz title:``, then per question ``Title:``, ``1.  question``, ``...  general feedback``
(the worked solution) and the answer: ``=   [low, high]`` for a number, ``*a)`` / ``b)`` for a
fused order, ``*   text`` for a short answer. A question's variants are a ``GROUP`` with
``pick: 1``. Text is Markdown: ``$`` (text2qti's LaTeX) is escaped, and the answer's math is
written ``\\( ... \\)`` so that the HTML holds ``\( ... \)`` for Canvas's MathJax.

text2qti writes a numerical range's ends to 4 decimals in the QTI file, so a range of
$\pm 0.00005$ would come out as two different 4-decimal numbers depending on how its ends
round; the range written is the answer rounded to 4 decimals at both ends: Canvas accepts the
4-decimal rounding (0.6667 for 2/3, not the truncated 0.6666). text2qti refuses a numerical
answer below 0.0001 in magnitude: a key of 0 is a short answer (``0``, ``0.0``, ... ``0.0000``).
"""

from __future__ import annotations

import textwrap

from rankbook.exercises._platform import (
    answer_key,
    answer_math,
    one_per_blank,
    question_name,
)
from rankbook.exercises._sheet import answer_text


def markdown(text: str) -> str:
    r"""Plain text as text2qti's Markdown: ``\`` and ``$`` (text2qti's LaTeX) escaped."""
    return text.replace("\\", "\\\\").replace("$", "\\$")


def _indented(text: str, indent: str = "    ") -> str:
    return textwrap.indent(text, indent).lstrip(" ")


def feedback(exercise) -> str:
    """The worked solution: the answer (MathJax), the steps as a code block, the check."""
    math = answer_math(exercise)
    math = math.replace("\\", "\\\\") if math.startswith("\\(") else markdown(
        answer_text(exercise))
    steps = textwrap.indent(exercise.solution, "    ")
    check = f"\n\nCheck: `{exercise.check}`" if exercise.check else ""
    return f"{math}\n\n{steps}{check}"


def _answer(blank) -> list[str]:
    if blank.kind == "numerical":
        if abs(blank.value) < 1e-4:  # text2qti refuses it as a number: a short answer
            return [f"*   {'0' + ('.' + '0' * n if n else '')}" for n in range(5)]
        if blank.tolerance == 0:
            return [f"=   {int(blank.value)}"]
        rounded = f"{blank.value:.4f}"
        return [f"=   [{rounded}, {rounded}]"]
    if blank.kind == "choice":
        return [f"{'*' if option == blank.value else ''}{chr(97 + n)}) {markdown(option)}"
                for n, option in enumerate(blank.choices)]
    return [f"*   {blank.value}"]


def question(name: str, exercise, number: int) -> list[tuple[str, list[str]]]:
    """``(suffix, lines)`` of each question of ``exercise`` (two for the t-test: `` (t)``
    and `` (p)``, else one with the suffix "")."""
    out = []
    for suffix, blank, how in one_per_blank(exercise):
        text = markdown(exercise.question + how)
        out.append((suffix, [f"Title: {name}{suffix}", f"{number}.  {_indented(text)}",
                             f"... {_indented(feedback(exercise))}", *_answer(blank)]))
    return out


def text2qti(questions, title: str, heading: str) -> str:
    """The quiz: ``questions`` is a list of each question's variants."""
    lines = [f"Quiz title: {heading}",
             (f"Quiz description: {len(questions)} questions written by rankbook exercises; "
              "the feedback of each is its worked solution."), ""]
    number = 0
    for position, variants in enumerate(questions, start=1):
        groups: dict[str, list[list[str]]] = {}  # the t-test's t and p: a group each
        for variant, exercise in enumerate(variants, start=1):
            number += 1
            for suffix, item in question(question_name(title, position, variant), exercise,
                                         number):
                groups.setdefault(suffix, []).append(item)
        for items in groups.values():
            grouped = len(items) > 1
            if grouped:
                lines += ["GROUP", "pick: 1", "points per question: 1", ""]
            for item in items:
                lines += [*item, ""]
            if grouped:
                lines += ["END_GROUP", ""]
    lines += answer_key(questions, title, "% ")
    return "\n".join(lines) + "\n"
