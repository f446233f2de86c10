r"""Generated exercises with answer keys, for a class: on every measure, aggregation method and test.

`generate_exercises` draws small random data and asks one question of each
item; `exercise_sheet` renders them as a Markdown sheet, with the answer key
after it on request, and `worksheet` as Markdown, a printable HTML page or a
LaTeX document, the sheet and the key apart. The same ``seed`` always gives
the same sheet, so a teacher can hand out the questions and publish the key
later.

| kind | names | answer | module |
| --- | --- | --- | --- |
| taught first | ``P@k``, ``R@k``, ``F1@k``, ``R-prec``, ``success@k``, ``AP``, ``RR``, ``11pt``, ``MAP``, ``MRR``, ``RelP@k``, ``RBP``; ``DCG@k``, ``nDCG@k`` | Fraction; float (4 decimals) | `_draw`, `_solutions` |
| every other registry measure | canonical or trec_eval name: ``bpref``, ``infAP``, ``gm_map``, ``ERR@k``, ... | the registry's value, 4 decimals | `_registry_items` |
| aggregation | every name of ``rankbook.aggregate.registry.METHODS`` | the fused order (str) | `_fusion_items` |
| significance | ``randomization``, ``t-test`` | Fraction ($C/2^n$); str | `_stats_items` |
| test collections | ``kappa`` (Cohen's), ``tau`` (Kendall's), ``tau_ap`` | Fraction | `_collections_items` |

`generate_variants` draws several versions of each question and `quiz` writes them
for a learning platform (Moodle XML, GIFT, text2qti for Canvas: `_export`, `_platform`,
`_moodle`, `_gift`, `_text2qti`), each answer graded with a tolerance and fed back with its
worked solution.

`_catalog` maps a name to its kind and keeps the quality rules (a sheet's
answers all different, no cut-off at 1 unless asked, no key with one value on
every line, degenerate answers drawn again, no ``x = x`` step); `_formats`
writes the worksheets.

Every answer is computed by rankbook's own function, so the key can never
disagree with the package. The answers of the rational measures taught
first are exact `fractions.Fraction`s, recovered from the function's float
with ``Fraction(value).limit_denominator(bound)``: the data bounds the
denominator (P@k = f/k has one dividing k; AP one dividing R times the least
common multiple of the relevant ranks), and a float that close to a fraction
with a denominator that small can only be that fraction; the recovered
fraction is checked to reproduce the float.

Examples
--------
>>> sheet = generate_exercises("P@k", 3, seed=7)
>>> [exercise.number for exercise in sheet]
[1, 2, 3]
>>> all(isinstance(exercise.answer, Fraction) for exercise in sheet)
True
>>> generate_exercises("P@k", 3, seed=7) == sheet   # same seed, same sheet
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from fractions import Fraction

from rankbook._errors import InvalidValueError
from rankbook.exercises._catalog import draw_sheet, resolve
from rankbook.exercises._draw import LEVELS, Exercise, Query
from rankbook.exercises._export import PLATFORMS, export, key, variant_sets
from rankbook.exercises._formats import FORMATS, PARTS, render
from rankbook.exercises._names import EXERCISE_METRICS
from rankbook.exercises._sheet import markdown_sheet

__all__ = ["EXERCISE_METRICS", "Exercise", "Query", "exercise_sheet", "generate_exercises",
           "generate_variants", "quiz", "worksheet", "FORMATS", "PLATFORMS"]

#: The longest ranking an exercise draws: exact answers stay recoverable from floats
#: (the 11-point average's denominator divides 11 lcm(1, ..., 12) = 304920) and the
#: exercise stays one to do by hand.
MAX_LENGTH = 12


def generate_exercises(
    metric: str,
    count: int = 5,
    *,
    seed: int = 0,
    length: int | None = None,
    relevant_share: float = 0.4,
    level: int = 2,
) -> list[Exercise]:
    r"""A reproducible sheet of exercises on one metric, each with its exact answer.

    Each exercise draws one ranking of ``length`` documents (three rankings of
    at most 6 documents for MAP and MRR). For the binary measures a document is
    relevant (grade 1) with probability ``relevant_share``; for DCG@k and
    nDCG@k grades run from 0 to 3. Every ranking holds at least one relevant
    document. About one query in three also has one or two relevant documents
    the system did not retrieve, so $R$ is larger than the relevant documents
    in the list (the pitfall of R@k, R-precision, AP and nDCG's ideal
    ordering). The cut-off $k$ is drawn between 2 and ``length``, unless the
    metric's name fixes it (``"P@5"``, ``"P@1"``).

    Each answer is computed by the rankbook function of the metric. For the
    rational measures the exact fraction is recovered from it with
    ``Fraction(value).limit_denominator(bound)``, where the bound on the
    denominator follows from the data ($k$ for $\mathrm{P}@k = f_k / k$,
    $R \cdot \operatorname{lcm}(\text{relevant ranks})$ for $\mathrm{AP}$, ...);
    the fraction is checked to reproduce the float. The 11-point average uses
    the textbook cut-off $c(r) = \lceil r R \rceil$ (``cutoff_rule="exact"``).

    Beyond the measures above (worked step by step, exact fractions), every
    other measure of the metric registry has exercises (a judged topic with
    unjudged documents, relevant documents the system missed and judged
    non-relevant ones it did not retrieve; the answer is the registry's value,
    the one ``rankbook eval`` prints, to 4 decimals), and so have every
    aggregation method of ``rankbook.aggregate.registry.METHODS`` (a small
    profile; the answer is the fused order and scores, the key the worked
    table of ``explain_aggregation``) and two significance tests (the exact
    paired randomisation test, $p = C/2^n$ as a fraction, and the paired
    t-test). No two exercises of a sheet have the same answer (unless the
    measure has fewer possible answers than ``count``: success@k is 0 or 1), no
    key gives the same value on every line (eleven equal interpolated
    precisions), and an aggregation question states the tie rule, its key
    every tie the order broke. An item whose answer is degenerate (0, 1, a tie
    for first place) is drawn again, and kept only with a small chance.

    Parameters
    ----------
    metric : str
        What to practise. One of ``"P@k"``, ``"R@k"``, ``"F1@k"``,
        ``"R-prec"``, ``"success@k"``, ``"AP"``, ``"RR"``, ``"nDCG@k"``,
        ``"DCG@k"``, ``"11pt"``, ``"MAP"``, ``"MRR"``, ``"RelP@k"``, ``"RBP"``
        (canonical notation, as in the metric registry; case is ignored, the
        ``@k`` may be left out, ``"ndcg"``, or fixed, ``"P@5"``: every
        exercise then asks for that cut-off); any other registry measure by
        its canonical or trec_eval name (``"bpref"``, ``"infAP"``,
        ``"gm_map"``, ``"P_5"``); an aggregation method (``"borda"``,
        ``"mc4"``, any case); or ``"randomization"`` / ``"t-test"``.
    count : int, default 5
        Number of exercises, at least 1.
    seed : int, default 0
        Seed of the random generator: the same seed gives the same sheet.
    length : int, optional
        Documents in each ranking, from 1 to 12; default the level's (5, 8, 10).
    relevant_share : float, default 0.4
        Chance that a document is relevant (binary measures), between 0 and 1.
    level : {1, 2, 3}, default 2
        Difficulty. 1: short lists (5 documents), every relevant document
        retrieved, grades 0-2, 3 voters and 4 items, 5 topics. 2: 8 documents,
        one query in three with unretrieved relevant documents, grades 0-3, 4
        voters and 5 items, 6 topics. 3: 10 documents, two queries in three
        with unretrieved relevant documents, cut-offs up to 3 past the end of
        the list, partial voter lists, 8 topics.

    Returns
    -------
    list of Exercise
        Numbered from 1; render them with `exercise_sheet`.

    Raises
    ------
    InvalidValueError
        For an unknown metric (the message lists the accepted ones), or
        ``count`` / ``length`` / ``level`` out of range.

    See Also
    --------
    exercise_sheet : the Markdown sheet and answer key.

    rankbook.explain.explain : the worked formulas reused in the solutions.

    Examples
    --------
    >>> first = generate_exercises("AP", 1, seed=3)[0]
    >>> first.n_relevant >= sum(first.ranking) >= 1
    True
    >>> import math
    >>> from rankbook import average_precision
    >>> math.isclose(first.answer, average_precision(first.ranking, first.n_relevant))
    True
    >>> [exercise.k for exercise in generate_exercises("p@5", 2)]
    [5, 5]
    >>> generate_exercises("borda", 1, seed=2, level=1)[0].answer
    'b > d > a > c'
    >>> generate_exercises("randomization", 1, seed=2)[0].answer
    Fraction(11, 16)
    >>> generate_exercises("precision")
    Traceback (most recent call last):
    ...
    rankbook._errors.InvalidValueError: metric='precision' has no exercise generator; choose from 'P@k', 'R@k', 'F1@k', 'R-prec', 'success@k', 'AP', 'RR', 'nDCG@k', 'DCG@k', '11pt', 'MAP', 'MRR', 'RelP@k', 'RBP' (case is ignored, and a cut-off may be fixed, e.g. 'P@5' or 'nDCG@10'), any other measure of the metric registry (canonical or trec_eval name, e.g. 'bpref', 'gm_map'), an aggregation method (e.g. 'borda', 'mc4'), a significance test ('randomization', 't-test') or an agreement or correlation of a test collection ('kappa', 'tau', 'tau_ap').
    """
    kind = resolve(metric)
    count = _whole_number(count, "count", 1, None)
    level = _whole_number(level, "level", 1, 3)
    length = LEVELS[level].length if length is None else length
    length = _whole_number(length, "length", 1, MAX_LENGTH)
    if isinstance(relevant_share, bool) or not isinstance(relevant_share, (int, float)) \
            or not 0 <= relevant_share <= 1:
        raise InvalidValueError(
            f"relevant_share={relevant_share!r}: it is a probability; choose a number between "
            "0 and 1, e.g. relevant_share=0.4."
        )
    return draw_sheet(kind, count, random.Random(seed), length, relevant_share, LEVELS[level])


def exercise_sheet(exercises: Sequence[Exercise], *, answers: bool = False) -> str:
    """The exercises as a Markdown sheet, and the answer key after it when ``answers=True``.

    Parameters
    ----------
    exercises : sequence of Exercise
        From `generate_exercises`.
    answers : bool, default False
        Also write the answer key: each answer and its worked solution.

    Returns
    -------
    str
        Markdown: a ``# Exercises`` heading and a numbered list of questions;
        with ``answers=True`` also an ``## Answer key`` section.

    Examples
    --------
    >>> sheet = exercise_sheet(generate_exercises("RR", 2, seed=1))
    >>> sheet.splitlines()[0]
    '# Exercises: RR'
    >>> "Answer key" in sheet
    False
    """
    return markdown_sheet(exercises, answers=answers)


def _whole_number(value, name: str, low: int, high: int | None) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < low \
            or (high is not None and value > high):
        allowed = f"of at least {low}" if high is None else f"from {low} to {high}"
        raise InvalidValueError(f"{name}={value!r}: give a whole number {allowed}, e.g. "
                                f"{name}=5.")
    return value


def worksheet(exercises: Sequence[Exercise], *, format: str = "md", part: str = "sheet",
              title: str = "") -> str:
    r"""A worksheet to hand out, or its answer key, as Markdown, printable HTML or LaTeX.

    Parameters
    ----------
    exercises : sequence of Exercise
        From `generate_exercises`; the same seed gives the same sheet and key.
    format : {"md", "html", "latex", "moodle", "gift", "text2qti"}, default "md"
        ``"html"``: one self-contained page with a print style sheet (A4, no
        exercise split across pages, the key on a new page). ``"latex"``: an
        ``article`` for pdflatex using only base packages, solutions in
        ``verbatim``. The platforms' formats write a quiz (see `quiz`), the key
        inside it; ``part="key"`` its key alone.
    part : {"sheet", "key", "both"}, default "sheet"
        The questions (with room for the answers), the answer key alone (each
        answer, its worked steps and the command that checks it), or both.
    title : str, optional
        The heading; default "Exercises: METRIC".

    Returns
    -------
    str
        The document.

    See Also
    --------
    exercise_sheet : the Markdown sheet, with the key appended on request.

    Examples
    --------
    >>> sheet = generate_exercises("AP", 2, seed=1)
    >>> page = worksheet(sheet, format="html")
    >>> page.startswith("<!DOCTYPE html>"), "@media print" in page, "Answer key" in page
    (True, True, False)
    >>> key = worksheet(sheet, format="latex", part="key")
    >>> key.splitlines()[0], "\\begin{verbatim}" in key
    ('\\documentclass[11pt,a4paper]{article}', True)
    """
    if format not in FORMATS:
        raise InvalidValueError(f"format={format!r}: choose from {', '.join(map(repr, FORMATS))}.")
    if part not in PARTS:
        raise InvalidValueError(f"part={part!r}: choose from {', '.join(map(repr, PARTS))}.")
    return render(exercises, format, part, title=title)


def generate_variants(metric: str, count: int = 5, variants: int = 1, *, seed: int = 0,
                      **options) -> list[list[Exercise]]:
    r"""``count`` questions with ``variants`` versions each: different data, the same level.

    One sheet of ``count * variants`` exercises is drawn (`generate_exercises`, with the
    same ``seed`` and ``options``) and question $i$ gets items $i, i + \text{count}, \ldots$:
    variant 1 of every question is the sheet of ``count`` that seed gives, and no two
    variants have the same answer (unless the measure has fewer answers than variants). A
    variant whose data repeats an earlier one's is replaced by an item drawn after them.

    Parameters
    ----------
    metric, count, seed, **options
        As `generate_exercises` (``length``, ``relevant_share``, ``level``).
    variants : int, default 1
        Versions of each question, at least 1: one per student for a quiz's random question.

    Returns
    -------
    list of list of Exercise
        Each question's variants; write them with `quiz`.

    See Also
    --------
    quiz : the variants as a Moodle, GIFT or text2qti quiz.

    Examples
    --------
    >>> questions = generate_variants("AP", 2, 3, seed=1)
    >>> [len(variants) for variants in questions]
    [3, 3]
    >>> [variants[0] for variants in questions] == generate_exercises("AP", 2, seed=1)
    True
    """
    variants = _whole_number(variants, "variants", 1, None)
    count = _whole_number(count, "count", 1, None)
    total = count * variants
    questions = variant_sets(generate_exercises(metric, total, seed=seed, **options), count)
    if all(len({e.question for e in versions}) == variants for versions in questions):
        return questions
    # Same data twice (short lists have few): the sheet drawn on gives the spares, so variant
    # 1 stays the plain sheet; a measure with too few possible data keeps its repeats.
    spares = generate_exercises(metric, total * 4, seed=seed, **options)[total:]
    for versions in questions:
        seen: set[str] = set()
        for n, exercise in enumerate(versions):
            while exercise.question in seen and spares:
                exercise = spares.pop(0)
            seen.add(exercise.question)
            versions[n] = exercise
    return questions


def quiz(questions: Sequence[Sequence[Exercise]], *, format: str = "moodle",
         title: str = "", part: str = "quiz") -> str:
    r"""A quiz for a learning platform: Moodle XML, GIFT, or text2qti's text for Canvas.

    Each question is graded: a number within half a unit of its 4th decimal (an exact
    fraction's decimal value, 2/3 as 0.6667), a fused order as a multiple choice, a text as a
    short answer; its feedback is the worked solution, the answer written for MathJax
    (``\( ... \)``). A question's variants are a Moodle question bank category (GIFT:
    ``$CATEGORY:``; text2qti: a ``GROUP`` with ``pick: 1``), so a quiz's random question gives
    each student one. The file ends with the answer key of every variant, as comments.

    Parameters
    ----------
    questions : sequence of sequences of Exercise
        Each question's variants (`generate_variants`); ``[[e] for e in sheet]`` for a sheet.
    format : {"moodle", "gift", "text2qti"}, default "moodle"
        Moodle XML or GIFT (Moodle: Question bank > Import), or text2qti's text, which
        ``text2qti FILE`` turns into the QTI zip Canvas imports.
    title : str, optional
        The name of the questions (``AP 1.2``: question 1, variant 2); default the measure's.
    part : {"quiz", "key"}, default "quiz"
        The quiz file, or the answer key alone (one line per variant).

    Returns
    -------
    str
        The quiz file, or its key.

    See Also
    --------
    generate_variants : the questions and their variants.

    References
    ----------
    .. [1] Moodle XML format: https://docs.moodle.org/en/Moodle_XML_format; GIFT format:
       https://docs.moodle.org/en/GIFT_format.
    .. [2] text2qti 0.8.0, G. M. Poore: https://github.com/gpoore/text2qti.

    Examples
    --------
    >>> questions = generate_variants("P@5", 1, 2, seed=3)
    >>> print(quiz(questions, part="key"))
    answer key (2 questions):
    P@k 1.1: P@5 = 2/5 ≈ 0.4000
    P@k 1.2: P@5 = 0
    <BLANKLINE>
    >>> quiz(questions, format="gift").count("$CATEGORY:")
    1
    """
    if format not in PLATFORMS:
        raise InvalidValueError(f"format={format!r}: choose from "
                                f"{', '.join(map(repr, PLATFORMS))}.")
    if part not in ("quiz", "key"):
        raise InvalidValueError(f"part={part!r}: choose 'quiz' or 'key'.")
    questions = [list(variants) for variants in questions]
    return key(questions, title) if part == "key" else export(questions, format, title)
