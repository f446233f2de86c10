r"""What a learning platform grades: each exercise's key as blanks, and its feedback.

The writers of Moodle XML (`_moodle`), GIFT (`_gift`) and text2qti (`_text2qti`) all read an
exercise through this module, so that the three grade the same answers:

| the key | the platform question | accepted |
| --- | --- | --- |
| an exact fraction (``AP = 2/3``) | numerical | its decimal value, $\pm 0.00005$ (rounded to 4 decimals: 0.6667, not the truncated 0.6666) |
| a value to 4 decimals (``nDCG@7 = 0.3668``) | numerical | $0.3668 \pm 0.00005$ |
| a count (``NumRel = 5``) | numerical | exactly 5 |
| a fused order (``b > d > a > c``) | multiple choice | the order, among three near it (two items swapped, or reversed) |
| ``t = 1.7770, p = 0.1357`` | two numerical blanks | each $\pm 0.00005$ |
| a text (``runid``, ``relstring``, the points of a PR or ROC curve) | short answer | the text as the key writes it |

Nothing is computed again: the blanks are read off ``exercise.answer``, the key that
`generate_exercises` computed with rankbook's own functions.
"""

from __future__ import annotations

import html
from dataclasses import dataclass
from fractions import Fraction

from rankbook.exercises import _fusion_items
from rankbook.exercises._sheet import answer_text, inline_html

#: Decimals an answer is asked to, and half a unit in the last one: the tolerance.
DECIMALS = 4
HALF_UNIT = Fraction(1, 2 * 10**DECIMALS)


@dataclass(frozen=True)
class Blank:
    """One answer a platform grades.

    Attributes
    ----------
    label : str
        What is asked, as the key names it: ``AP``, ``P@5``, ``t``, ``borda``.
    kind : {"numerical", "choice", "text"}
        A number with a tolerance, one order among ``choices``, or a text.
    value : float or str
        The number (an exact fraction as its float), the order or the text.
    tolerance : float
        Accepted distance from ``value``: 0.00005, or 0 for a count.
    choices : tuple of str
        A choice's options, the right one (``value``) among them.
    """

    label: str
    kind: str
    value: float | str
    tolerance: float = 0.0
    choices: tuple[str, ...] = ()


def label(exercise) -> str:
    """``P@5`` for a P@k exercise at k = 5."""
    return exercise.metric.replace("@k", f"@{exercise.k}")


def blanks(exercise) -> tuple[Blank, ...]:
    """The answers a platform grades for ``exercise`` (two for the t-test, else one)."""
    answer = exercise.answer
    if exercise.metric == "t-test":
        t_part, p_part = answer.split(", ")
        return tuple(_number(name, float(text.split(" = ")[1]))
                     for name, text in (("t", t_part), ("p", p_part)))
    if isinstance(answer, str):
        if _fusion_items.method_name(exercise.metric) is not None:
            return (Blank(exercise.metric, "choice", answer, choices=orders_near(answer)),)
        return (Blank(label(exercise), "text", answer),)
    if isinstance(answer, int) and not isinstance(answer, bool):
        return (Blank(label(exercise), "numerical", float(answer), 0.0),)
    return (_number(label(exercise), float(answer)),)


def _number(name: str, value: float) -> Blank:
    return Blank(name, "numerical", value, float(HALF_UNIT))


def number_text(value: float) -> str:
    """A key's number in full (``0.6666666666666666``; ``5`` for a whole number)."""
    return repr(value) if not value.is_integer() else str(int(value))


def decimal(value: float) -> str:
    """``0.00005``, not ``5e-05``: a tolerance as decimals."""
    return f"{value:.10f}".rstrip("0").rstrip(".")


def orders_near(order: str) -> tuple[str, ...]:
    """The fused order and up to three wrong ones near it, in a fixed order of their own.

    The wrong orders swap the first two items, the last two, the middle two, or reverse the
    order: each is a mistake a student makes (a tie broken the other way, a score misread).
    The right one's place among them follows from its text, so it is not always first.
    """
    items = order.split(" > ")
    wrong = []
    for first, second in ((0, 1), (len(items) - 2, len(items) - 1), (1, 2)):
        swapped = items[:]
        if 0 <= first < second < len(items):
            swapped[first], swapped[second] = swapped[second], swapped[first]
        wrong.append(" > ".join(swapped))
    wrong.append(" > ".join(reversed(items)))
    options = list(dict.fromkeys(text for text in wrong if text != order))[:3]
    place = sum(map(ord, order)) % (len(options) + 1)
    return tuple(options[:place] + [order] + options[place:])


def instruction(exercise) -> str:
    """The sentence a platform question adds to the exercise's question: how to answer."""
    answer = exercise.answer
    if exercise.metric == "t-test":
        return ""
    if isinstance(answer, Fraction):
        return (" On this quiz, enter its decimal value rounded to 4 decimals (2/3 is "
                "0.6667); the feedback gives the exact fraction.")
    if isinstance(answer, str) and _fusion_items.method_name(exercise.metric) is not None:
        return " On this quiz, choose the fused order; the feedback gives the scores."
    if isinstance(answer, str) and "; (" in answer:
        return (" On this quiz, type the points as (x, y) pairs to 4 decimals, separated by "
                "\"; \", e.g. (0.0000, 0.0000); (0.5000, 1.0000).")
    return ""


def question_html(exercise, how: str | None = None) -> str:
    """The question as HTML: the exercise's text (code spans as <code>), and how to answer
    (``how``, by default `instruction`'s)."""
    how = instruction(exercise) if how is None else how
    return f"<p>{inline_html(exercise.question + how)}</p>"


def answer_math(exercise) -> str:
    r"""The key's answer for MathJax: ``\(\text{AP} = \frac{1}{2} \approx 0.5000\)``."""
    answer = exercise.answer
    if isinstance(answer, Fraction) and answer.denominator != 1:
        sign = "-" if answer < 0 else ""
        return (rf"\(\text{{{label(exercise)}}} = {sign}\frac{{{abs(answer.numerator)}}}"
                rf"{{{answer.denominator}}} \approx {float(answer):.4f}\)")
    if isinstance(answer, (int, float, Fraction)) and not isinstance(answer, bool):
        return rf"\(\text{{{label(exercise)}}} = {answer_text(exercise).split(' = ', 1)[1]}\)"
    return html.escape(answer_text(exercise))


def feedback_html(exercise) -> str:
    """The worked solution as HTML: the answer (MathJax), the steps, the command that checks."""
    check = (f"<p>Check: <code>{html.escape(exercise.check)}</code></p>" if exercise.check
             else "")
    return (f"<p>{answer_math(exercise)}</p><pre>{html.escape(exercise.solution)}</pre>{check}")


def key_line(name: str, exercise) -> str:
    """One line of a key: the question's name and its answer, exact fraction included."""
    return f"{name}: {answer_text(exercise)}"


def one_per_blank(exercise) -> list[tuple[str, Blank, str]]:
    """``(name suffix, blank, instruction)`` for formats with one answer per question (GIFT,
    text2qti): the t-test becomes two questions on the same data, ``(t)`` and ``(p)``."""
    found = blanks(exercise)
    if len(found) == 1:
        return [("", found[0], instruction(exercise))]
    return [(f" ({blank.label})", blank,
             f" On this quiz, enter {blank.label} alone, to 4 decimals.") for blank in found]


def question_name(title: str, number: int, variant: int) -> str:
    """``AP 2.3``: question 2, variant 3, of the quiz ``title``."""
    return f"{title} {number}.{variant}"


def category(title: str, number: int) -> str:
    """The question bank category of question ``number``'s variants."""
    return f"$course$/top/rankbook/{title}/question {number}"


def answer_key(questions, title: str, comment: str) -> list[str]:
    """The answer key of every variant, one line each, behind the format's ``comment``."""
    lines = [f"{comment}answer key ({sum(map(len, questions))} questions):"]
    for number, variants in enumerate(questions, start=1):
        for variant, exercise in enumerate(variants, start=1):
            lines.append(comment + key_line(question_name(title, number, variant), exercise))
    return lines
