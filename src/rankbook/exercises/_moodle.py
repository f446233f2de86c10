"""Moodle XML: the quiz file Moodle's question bank imports (Import > Moodle XML format).

One ``<question type="category">`` per question of the sheet, holding its variants, so that a
quiz's "random question" from the category gives each student one of them. The elements are
those Moodle's importer reads (``question/format/xml/format.php``): ``name/text``,
``questiontext format="html"`` with the HTML in CDATA, ``generalfeedback`` (the worked
solution, shown to every student after the attempt), and per answer ``answer fraction="100"``
with its ``text``, ``feedback`` and, for a number, ``tolerance``. A numerical key is a
``numerical`` question, a fused order a ``multichoice`` one, a text a ``shortanswer`` one, and
the t-test's two numbers a ``cloze`` question with two NUMERICAL blanks.
"""

from __future__ import annotations

import html

from rankbook.exercises._platform import (
    answer_key,
    blanks,
    category,
    decimal,
    feedback_html,
    number_text,
    question_html,
    question_name,
)
from rankbook.exercises._sheet import answer_text


def cdata(text: str) -> str:
    """``text`` in a CDATA section (a ``]]>`` inside it split across two)."""
    return "<![CDATA[" + text.replace("]]>", "]]]]><![CDATA[>") + "]]>"


def _text(tag: str, text: str, fmt: str | None = "html") -> str:
    attribute = f' format="{fmt}"' if fmt else ""
    return f"<{tag}{attribute}><text>{cdata(text)}</text></{tag}>"




def _answer(fraction: int, text: str, feedback: str, tolerance: float | None = None,
            fmt: str = "moodle_auto_format") -> str:
    """An ``<answer>``; the text of a multiple choice option is HTML, a number or a short
    answer plain text (what Moodle compares with the student's response)."""
    extra = "" if tolerance is None else f"<tolerance>{decimal(tolerance)}</tolerance>"
    return (f'<answer fraction="{fraction}" format="{fmt}"><text>{cdata(text)}</text>'
            f"{_text('feedback', feedback)}{extra}</answer>")


def question(name: str, exercise) -> str:
    """One ``<question>`` element for ``exercise``."""
    found = blanks(exercise)
    head = [f"<name><text>{html.escape(name)}</text></name>"]
    feedback = _text("generalfeedback", feedback_html(exercise))
    if len(found) > 1:  # the t-test: a cloze question, t and p each a NUMERICAL blank
        embedded = ", ".join(f"{blank.label} = {{1:NUMERICAL:={number_text(blank.value)}:"
                             f"{decimal(blank.tolerance)}}}" for blank in found)
        text = question_html(exercise) + f"<p>{embedded}</p>"
        return "\n".join(['<question type="cloze">', *head, _text("questiontext", text),
                          feedback, "</question>"])
    blank = found[0]
    right = "Right: " + answer_text(exercise)
    body = [_text("questiontext", question_html(exercise)), feedback,
            "<defaultgrade>1</defaultgrade>", "<penalty>0.3333333</penalty>",
            "<hidden>0</hidden>"]
    if blank.kind == "numerical":
        kind = "numerical"
        body.append(_answer(100, number_text(blank.value), right, blank.tolerance))
    elif blank.kind == "choice":
        kind = "multichoice"
        body += ["<single>true</single>", "<shuffleanswers>true</shuffleanswers>",
                 "<answernumbering>abc</answernumbering>"]
        body += [_answer(100 if option == blank.value else 0, html.escape(option),
                         right if option == blank.value else "Not this order.", fmt="html")
                 for option in blank.choices]
    else:
        kind = "shortanswer"
        body += ["<usecase>1</usecase>", _answer(100, blank.value, right)]
    return "\n".join([f'<question type="{kind}">', *head, *body, "</question>"])


def moodle_xml(questions, title: str) -> str:
    """The quiz: ``questions`` is a list of each question's variants."""
    lines = ['<?xml version="1.0" encoding="UTF-8"?>', "<quiz>"]
    for number, variants in enumerate(questions, start=1):
        lines += ['<question type="category">',
                  f"<category><text>{html.escape(category(title, number))}</text></category>",
                  "</question>"]
        lines += [question(question_name(title, number, variant), exercise)
                  for variant, exercise in enumerate(variants, start=1)]
    key = "\n".join(answer_key(questions, title, "  ")).replace("--", "- -")
    lines += [f"<!--\n{key}\n-->", "</quiz>", ""]
    return "\n".join(lines)
