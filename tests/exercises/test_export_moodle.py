"""Moodle XML quizzes (issue 33): `rankbook exercises ... --format moodle`.

The structure checked is what Moodle's importer reads (question/format/xml/format.php,
moodle/moodle; https://docs.moodle.org/en/Moodle_XML_format): a ``quiz`` root, ``question
type="category"`` holding ``category/text``, and per question ``name/text``,
``questiontext format="html"`` with its HTML in CDATA, ``generalfeedback``, and
``answer fraction="100"`` with ``text``, ``feedback/text`` and, for a number, ``tolerance``.
"""

from __future__ import annotations

import html
import re
import xml.etree.ElementTree as ET
from fractions import Fraction

import pytest

from rankbook.cli import main
from rankbook.exercises import generate_exercises, generate_variants, quiz, worksheet

from _quiz_oracles import KINDS, expected_key


def parsed(text: str) -> ET.Element:
    root = ET.fromstring(text.encode("utf-8"))
    assert root.tag == "quiz"
    return root


@pytest.mark.parametrize("kind", KINDS)
def test_moodle_xml_has_the_importers_structure_and_the_keys(kind):
    exercises = generate_exercises(kind, 2, seed=5)
    text = worksheet(exercises, format="moodle")
    root = parsed(text)
    questions = [q for q in root if q.get("type") != "category"]
    categories = [q for q in root if q.get("type") == "category"]
    assert len(questions) == len(categories) == 2
    assert all(c.find("category/text").text.startswith("$course$/top/rankbook/")
               for c in categories)
    assert text.count("<questiontext format=\"html\"><text><![CDATA[<p>") == 2
    for element, exercise in zip(questions, exercises):
        assert element.find("name/text").text.endswith(f" {exercise.number}.1")
        assert element.find("questiontext").get("format") == "html"
        feedback = element.find("generalfeedback/text").text
        assert html.escape(exercise.solution) in feedback and "<pre>" in feedback
        kind_of = element.get("type")
        if kind_of == "cloze":  # the t-test: t and p, each a NUMERICAL blank of 0.00005
            blanks = re.findall(r"\{1:NUMERICAL:=([-0-9.e]+):([0-9.]+)\}",
                                element.find("questiontext/text").text)
            assert [f"t = {float(v):.4f}, p = {float(w):.4f}" for (v, _), (w, _) in
                    [blanks]] == [exercise.answer]
            assert {tolerance for _, tolerance in blanks} == {"0.00005"}
            continue
        right = [a for a in element.findall("answer") if a.get("fraction") == "100"]
        assert len(right) == 1 and right[0].find("feedback/text").text.startswith("Right")
        answer = right[0].find("text").text
        if kind_of == "numerical":
            tolerance = float(right[0].find("tolerance").text)
            assert float(answer) == float(exercise.answer)
            assert tolerance == (0 if isinstance(exercise.answer, int) else 0.00005)
        elif kind_of == "multichoice":
            assert html.unescape(answer) == exercise.answer
            assert len(element.findall("answer")) == 4
        else:
            assert kind_of == "shortanswer" and answer == exercise.answer


def test_a_fraction_accepts_its_decimal_rounding_not_its_truncation():
    # AP = 467/840 = 0.55595...: 0.5560 (rounded) lies within the tolerance, 0.5559 does not.
    exercise = generate_exercises("AP", 3, seed=1)[2]
    assert exercise.answer == Fraction(467, 840)
    element = parsed(worksheet([exercise], format="moodle")).findall("question")[1]
    answer = element.find("answer")
    value, tolerance = float(answer.find("text").text), float(answer.find("tolerance").text)
    assert abs(0.5560 - value) <= tolerance < abs(0.5559 - value)


def test_variants_are_one_category_per_question(capsys):
    assert main(["exercises", "AP", "--count", "2", "--variants", "3", "--format", "moodle"]) == 0
    root = parsed(capsys.readouterr().out)
    kinds = [q.get("type") for q in root]
    assert kinds == ["category", "numerical", "numerical", "numerical"] * 2
    names = [q.find("name/text").text for q in root if q.get("type") != "category"]
    assert names == ["AP 1.1", "AP 1.2", "AP 1.3", "AP 2.1", "AP 2.2", "AP 2.3"]


@pytest.mark.parametrize("kind", ["AP", "borda", "randomization"])
def test_thirty_variants_are_distinct_and_their_keys_right(kind):
    (variants,) = generate_variants(kind, 1, 30, seed=2)
    assert len({exercise.question for exercise in variants}) == 30
    root = parsed(quiz([variants], format="moodle"))
    for element, exercise in zip(root.findall("question")[1:], variants):
        answer = html.unescape(element.find("answer[@fraction='100']/text").text)
        expected = expected_key(exercise)  # recomputed from the data, by the definition
        if isinstance(expected, Fraction):
            assert abs(float(answer) - expected) < 1e-12
        else:
            assert answer == expected


def test_the_key_lists_every_variant(capsys):
    assert main(["exercises", "AP", "--count", "2", "--variants", "2", "--format", "moodle",
                 "--key"]) == 0
    key = capsys.readouterr().out.splitlines()
    questions = generate_variants("AP", 2, 2)
    assert key[0] == "answer key (4 questions):"
    assert [line.split(": ", 1)[0] for line in key[1:]] == ["AP 1.1", "AP 1.2", "AP 2.1", "AP 2.2"]
    assert key[2].endswith(f"AP = {questions[0][1].answer} ≈ {float(questions[0][1].answer):.4f}")


def test_variants_need_a_quiz_format(capsys):
    assert main(["exercises", "AP", "--variants", "3"]) == 2
    assert "--variants 3: variants are for the quiz formats" in capsys.readouterr().err
