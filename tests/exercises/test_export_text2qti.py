"""Canvas quizzes through text2qti (issue 33): `rankbook exercises ... --format text2qti` is turned
into a QTI zip by text2qti 0.8.0 itself (a test dependency), once for every kind of answer, and
the zip's answers are read back from its QTI XML (IMS QTI 1.2 as Canvas imports it: an ``item``
per question, ``vargte``/``varlte`` the accepted range of a number, ``varequal`` the right
choice's ident or a short answer's text, ``selection_number`` a group's pick).
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import zipfile
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from _quiz_oracles import KINDS
from rankbook.exercises import generate_exercises, generate_variants, quiz

TEXT2QTI = shutil.which("text2qti", path=str(Path(sys.executable).parent)) or shutil.which(
    "text2qti")
NS = "{http://www.imsglobal.org/xsd/ims_qtiasiv1p2}"


def _local(tag: str) -> str:
    return tag.rsplit("}", 1)[-1]


@pytest.fixture(scope="module")
def canvas_quiz(tmp_path_factory):
    """Every kind, one exercise each (AP with 3 variants, a group), through text2qti once."""
    questions = generate_variants("AP", 1, 3, seed=4)
    questions += [[generate_exercises(kind, 1, seed=5)[0]] for kind in KINDS if kind != "AP"]
    questions.append([generate_exercises("P@5", 2, seed=3)[1]])  # a key of 0: a short answer
    folder = tmp_path_factory.mktemp("canvas")
    (folder / "quiz.txt").write_text(quiz(questions, format="text2qti"), encoding="utf-8")
    if TEXT2QTI is None:
        pytest.skip("text2qti is not installed (make install puts it in .venv)")
    done = subprocess.run([TEXT2QTI, "quiz.txt"], cwd=folder, capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0, done.stderr
    with zipfile.ZipFile(folder / "quiz.zip") as archive:
        name = next(n for n in archive.namelist() if n.endswith(".xml") and "meta" not in n
                    and "manifest" not in n)
        root = ET.fromstring(archive.read(name))
    return questions, root


def _answers(root):
    """title -> ("range", low, high) | ("choice", text) | ("text", [texts])."""
    found = {}
    for item in root.iter():
        if _local(item.tag) != "item":
            continue
        title = item.get("title")
        low = [e.text for e in item.iter() if _local(e.tag) == "vargte"]
        high = [e.text for e in item.iter() if _local(e.tag) == "varlte"]
        equal = [e.text for e in item.iter() if _local(e.tag) == "varequal"]
        labels = {e.get("ident"): "".join(m.text or "" for m in e.iter()
                                          if _local(m.tag) == "mattext")
                  for e in item.iter() if _local(e.tag) == "response_label"}
        choice = any(_local(e.tag) == "response_lid" for e in item.iter())
        if low:
            found[title] = ("range", float(low[0]), float(high[0]))
        elif choice:
            found[title] = ("choice", labels[equal[0]])
        else:
            found[title] = ("text", equal)
    return found


def test_text2qti_makes_a_zip_whose_answers_are_the_keys(canvas_quiz):
    questions, root = canvas_quiz
    answers = _answers(root)
    assert len(answers) == 3 + len(KINDS) - 1 + 1 + 1  # the t-test is two questions
    for number, variants in enumerate(questions, start=1):
        for variant, exercise in enumerate(variants, start=1):
            name = f"{exercise.metric} {number}.{variant}" if len(
                {e.metric for vs in questions for e in vs}) == 1 else f"rankbook {number}.{variant}"
            mine = {title: got for title, got in answers.items() if title.startswith(name)}
            assert mine, name
            if exercise.metric == "t-test":
                written = [f"{title[-2]} = {got[1]:.4f}" for title, got in sorted(mine.items(),
                                                                                   reverse=True)]
                assert written == exercise.answer.split(", ")
                continue
            (got,) = mine.values()
            if got[0] == "range":  # the 4-decimal rounding of the key, at both ends
                assert got[1] == got[2] == round(float(exercise.answer), 4)
            elif got[0] == "choice":
                assert got[1].replace("&gt;", ">") in (f"<p>{exercise.answer}</p>",)
            else:
                assert str(exercise.answer) in got[1]  # a key of 0 is "0", "0.0", ... "0.0000"


def test_variants_are_a_group_picking_one(canvas_quiz):
    _, root = canvas_quiz
    groups = [e for e in root.iter() if _local(e.tag) == "section" and e.get("title") == "Group"]
    assert len(groups) == 1  # AP's three variants; the t-test's t and p are two questions
    picks = [e.text for g in groups for e in g.iter() if _local(e.tag) == "selection_number"]
    items = [e for g in groups for e in g.iter() if _local(e.tag) == "item"]
    assert picks == ["1"] and [item.get("title") for item in items] == [f"rankbook 1.{v}"
                                                                         for v in (1, 2, 3)]


def test_the_feedback_keeps_the_math_for_mathjax(canvas_quiz):
    questions, root = canvas_quiz
    text = ET.tostring(root, encoding="unicode")
    fraction = questions[0][0].answer
    assert rf"\(\text{{AP}} = \frac{{{fraction.numerator}}}{{{fraction.denominator}}}" in text


def test_the_preview_screenshot_shows_what_the_command_writes():
    # docs/guide/samples/text2qti-preview.png (docs/guide/into_your_course.md) shows the top of
    # text2qti's preview of `rankbook exercises AP --count 2 --variants 2 --seed 1 --format
    # text2qti`: question 1's two variants, their data and ranges.
    text = quiz(generate_variants("AP", 2, 2, seed=1), format="text2qti")
    first_group = text.split("END_GROUP")[0]
    assert first_group.count("Title: AP 1.") == 2
    for ranking, accepted in (("[1, 0, 0, 1, 0, 0, 0, 0]", "[0.5000, 0.5000]"),
                              ("[1, 1, 0, 0, 1, 1, 0, 1]", "[0.5560, 0.5560]")):
        assert f"`{ranking}`" in first_group and f"=   {accepted}" in first_group
