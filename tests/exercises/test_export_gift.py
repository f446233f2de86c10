"""GIFT quizzes (issue 33): `rankbook exercises ... --format gift`, read back by a small parser
written here from Moodle's GIFT documentation (https://docs.moodle.org/en/GIFT_format):
comment lines start with ``//``; ``$CATEGORY:`` sets the category of the questions after it;
a question is ``::name::`` then its text, then its answers in ``{...}``; in a numerical
answer ``{#=value:tolerance#feedback}``; in a multiple choice answer ``=`` marks the right option
and ``~`` a wrong one, ``#`` its feedback; a short answer is ``{=text}``; ``####`` starts the
general feedback; ``~ = # { } :`` are written with a backslash before them, and ``\\n`` is a
line break. Questions are separated by blank lines.
"""

from __future__ import annotations

import re

import pytest

from _quiz_oracles import KINDS
from rankbook.cli import main
from rankbook.exercises import generate_exercises, generate_variants, quiz, worksheet
from rankbook.exercises._platform import feedback_html

SPECIAL = "~=#{}:"


def unescape(text: str) -> str:
    return re.sub(r"\\([~=#{}:n])", lambda m: "\n" if m.group(1) == "n" else m.group(1), text)


def split_unescaped(text: str, marks: str) -> list[str]:
    """``text`` cut before every unescaped character of ``marks`` (the mark kept)."""
    parts, start = [], 0
    for match in re.finditer(r"(?<!\\)[" + re.escape(marks) + "]", text):
        parts.append(text[start:match.start()])
        start = match.start()
    return [part for part in parts + [text[start:]] if part]


def parse_gift(text: str) -> list[dict]:
    questions, current = [], None
    for block in text.split("\n\n"):
        lines = [line for line in block.splitlines() if not line.startswith("//")]
        if not lines:
            continue
        if lines[0].startswith("$CATEGORY:"):
            current = lines[0].split(":", 1)[1].strip()
            continue
        source = " ".join(lines)
        match = re.fullmatch(r"::(.*?)(?<!\\)::(.*?)(?<!\\)\{(.*)(?<!\\)\}", source, re.S)
        assert match, source[:200]
        name, question, answers = match.groups()
        answers, _, general = answers.partition("####")
        parsed = {"category": current, "name": unescape(name), "text": unescape(question),
                  "general": unescape(general)}
        if answers.startswith("#"):
            value, tolerance = split_unescaped(answers[1:], "#")[0].lstrip("=").split(":")
            parsed.update(kind="numerical", value=float(value), tolerance=float(tolerance))
        else:
            options = []
            for option in split_unescaped(answers, "=~"):
                body = split_unescaped(option[1:], "#")[0]
                options.append((option[0] == "=", unescape(body)))
            right = [body for correct, body in options if correct]
            parsed.update(kind="choice" if len(options) > 1 else "text", value=right[0],
                          options=[body for _, body in options])
        questions.append(parsed)
    return questions


@pytest.mark.parametrize("kind", KINDS)
def test_gift_parses_and_every_answer_is_the_key(kind):
    exercises = generate_exercises(kind, 2, seed=5)
    parsed = parse_gift(worksheet(exercises, format="gift"))
    assert len(parsed) == (4 if kind == "t-test" else 2)
    for number, exercise in enumerate(exercises, start=1):
        mine = [q for q in parsed if q["name"].startswith(f"{kind} {number}.1")]
        assert all(q["category"].endswith(f"/question {number}") for q in mine)
        assert all(q["general"] == feedback_html(exercise) for q in mine)  # round trip
        if kind == "t-test":
            assert [f"{q['name'][-2]} = {q['value']:.4f}" for q in mine] == \
                exercise.answer.split(", ")
        elif mine[0]["kind"] == "numerical":
            assert mine[0]["value"] == float(exercise.answer)
            assert mine[0]["tolerance"] == (0 if isinstance(exercise.answer, int) else 0.00005)
        else:
            assert mine[0]["value"] == exercise.answer
            assert mine[0]["kind"] == ("choice" if kind == "borda" else "text")


def test_special_characters_are_escaped_and_round_trip():
    # borda's key: "=====" under its title, "list 1:" ... ; an AP key: \frac{1}{2}.
    for exercise in generate_exercises("borda", 1, seed=2) + generate_exercises("AP", 1, seed=1):
        written = worksheet([exercise], format="gift")
        question = [line for line in written.splitlines() if line.startswith("::")][0]
        general = question.split("####", 1)[1][:-1]
        assert "\n" not in question and not re.search(r"(?<!\\)[~=#{}:]", general)
        assert set("={:") & set(feedback_html(exercise))
        assert parse_gift(written)[0]["general"] == feedback_html(exercise)


def test_variants_are_a_category_each(capsys):
    assert main(["exercises", "RR", "--count", "2", "--variants", "4", "--format", "gift"]) == 0
    parsed = parse_gift(capsys.readouterr().out)
    questions = generate_variants("RR", 2, 4)
    assert [q["name"] for q in parsed] == [f"RR {i}.{v}" for i in (1, 2) for v in (1, 2, 3, 4)]
    assert len({q["category"] for q in parsed}) == 2
    assert [q["value"] for q in parsed] == [float(e.answer) for vs in questions for e in vs]
    assert quiz(questions, format="gift").count("$CATEGORY:") == 2
