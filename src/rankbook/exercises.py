r"""Generated exercises with answer keys, for a class.

`generate_exercises` draws small random rankings (binary grades for the binary
measures, grades 0-3 for DCG and nDCG) and asks for one metric of each;
`exercise_sheet` renders them as a Markdown sheet, with the answer key after
it on request. The same ``seed`` always gives the same sheet, so a teacher can
hand out the questions and publish the key later.

Every answer of a rational measure (P@k, R@k, F1@k, R-prec, success@k, AP,
RR, 11pt) is an exact `fractions.Fraction`, computed here by plain fraction
arithmetic from the definition *and* checked against the rankbook function
of the same name, so the key can never disagree with the package. DCG@k and
nDCG@k answers are the rankbook values rounded to 4 decimals.

The rankings are drawn to meet the classic pitfalls: some queries have
relevant documents the system never retrieved (R is larger than the relevant
documents in the list), and the cut-off k can be anywhere from 1 to the
length of the list.

| metric | answer | needs |
| --- | --- | --- |
| ``P@k``, ``success@k`` | Fraction | k |
| ``R@k``, ``F1@k`` | Fraction | k, R |
| ``R-prec``, ``AP``, ``11pt`` | Fraction | R |
| ``RR`` | Fraction | |
| ``DCG@k``, ``nDCG@k`` | float (4 decimals) | k (and the unretrieved grades, for nDCG) |

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

import math
import random
import textwrap
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from rankbook._errors import InvalidTypeError, InvalidValueError
from rankbook.explain import explain
from rankbook.metrics.average_precision import average_precision
from rankbook.metrics.dcg import dcg_at_k, ndcg_at_k
from rankbook.metrics.interpolation import eleven_point_average_precision
from rankbook.metrics.precision import (
    f1_at_k,
    precision_at_k,
    r_precision,
    recall_at_k,
    success_at_k,
)
from rankbook.metrics.reciprocal_rank import reciprocal_rank
from rankbook.metrics.registry import METRICS

#: The metrics exercises can be generated for, in canonical notation (as in the registry).
EXERCISE_METRICS = ("P@k", "R@k", "F1@k", "R-prec", "success@k", "AP", "RR", "nDCG@k", "DCG@k",
                    "11pt")
_REGISTRY = {info.name: info for info in METRICS if info.name in EXERCISE_METRICS}
assert set(_REGISTRY) == set(EXERCISE_METRICS), "every exercise metric is in the registry"
_GRADED = ("DCG@k", "nDCG@k")
_WITH_K = ("P@k", "R@k", "F1@k", "success@k", "DCG@k", "nDCG@k")
_LEVELS = tuple(Fraction(j, 10) for j in range(11))


@dataclass(frozen=True)
class Exercise:
    """One generated exercise and its key.

    Attributes
    ----------
    number : int
        Its number on the sheet, from 1.
    metric : str
        The metric asked for, in canonical notation, e.g. ``"AP"``.
    ranking : tuple of int
        Grades of the ranked list, rank 1 first (0/1, or 0-3 for DCG and nDCG).
    n_relevant : int
        R, the relevant documents of the query, retrieved or not.
    k : int or None
        The cut-off, for the measures that have one.
    unretrieved : tuple of int
        Grades of the relevant documents the system did not retrieve
        (``n_relevant`` counts them; nDCG's ideal ordering includes them).
    question : str
        Markdown: the data and what to compute.
    answer : fractions.Fraction or float
        The exact answer; a float rounded to 4 decimals for DCG@k and nDCG@k.
    solution : str
        The worked steps, plain text.
    """

    number: int
    metric: str
    ranking: tuple[int, ...]
    n_relevant: int
    k: int | None
    unretrieved: tuple[int, ...]
    question: str
    answer: Fraction | float
    solution: str


def generate_exercises(
    metric: str,
    count: int = 5,
    *,
    seed: int = 0,
    length: int = 8,
    relevant_share: float = 0.4,
) -> list[Exercise]:
    r"""A reproducible sheet of exercises on one metric, each with its exact answer.

    Each exercise draws one ranking of ``length`` documents. For the binary
    measures a document is relevant (grade 1) with probability
    ``relevant_share``; for DCG@k and nDCG@k grades run from 0 to 3. Every
    ranking holds at least one relevant document. About one query in three
    also has one or two relevant documents the system did not retrieve, so
    $R$ is larger than the relevant documents in the list (the pitfall of
    R@k, R-precision, AP and nDCG's ideal ordering). The cut-off $k$ is drawn
    between 1 and ``length``.

    The answers of the rational measures are computed here as fractions from
    the textbook definitions (with $f_i$ the relevant documents in the top $i$):
    $P@k = f_k / k$, $R@k = f_k / R$, $F_1@k = 2PR/(P+R)$,
    $\text{R-prec} = f_R / R$, $\text{success@}k = [f_k > 0]$,
    $AP = \frac{1}{R}\sum_{i \text{ relevant}} f_i / i$, $RR = 1/i_1$ and
    the 11-point average with the textbook cut-off $c(r) = \lceil rR \rceil$
    (``cutoff_rule="exact"``), and each is checked against the rankbook
    function, which raises `AssertionError` if they ever disagree.

    Parameters
    ----------
    metric : str
        One of ``"P@k"``, ``"R@k"``, ``"F1@k"``, ``"R-prec"``,
        ``"success@k"``, ``"AP"``, ``"RR"``, ``"nDCG@k"``, ``"DCG@k"``,
        ``"11pt"`` (canonical notation, as in the metric registry; case is
        ignored).
    count : int, default 5
        Number of exercises, at least 1.
    seed : int, default 0
        Seed of the random generator: the same seed gives the same sheet.
    length : int, default 8
        Documents in each ranking, at least 1.
    relevant_share : float, default 0.4
        Chance that a document is relevant (binary measures), between 0 and 1.

    Returns
    -------
    list of Exercise
        Numbered from 1; render them with `exercise_sheet`.

    Raises
    ------
    InvalidValueError
        For an unknown metric (the message lists the accepted ones), or
        ``count`` / ``length`` below 1.

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
    >>> generate_exercises("MAP")
    Traceback (most recent call last):
    ...
    rankbook._errors.InvalidValueError: metric='MAP' has no exercise generator; choose from 'P@k', 'R@k', 'F1@k', 'R-prec', 'success@k', 'AP', 'RR', 'nDCG@k', 'DCG@k', '11pt'.
    """
    name = _metric_name(metric)
    count = _at_least_one(count, "count")
    length = _at_least_one(length, "length")
    if isinstance(relevant_share, bool) or not isinstance(relevant_share, (int, float)) \
            or not 0 <= relevant_share <= 1:
        raise InvalidValueError(
            f"relevant_share={relevant_share!r}: it is a probability; choose a number between "
            "0 and 1, e.g. relevant_share=0.4."
        )
    rng = random.Random(seed)
    sheet: list[Exercise] = []
    for number in range(1, count + 1):
        for _ in range(20):  # a new question, unless short lists leave too few to choose from
            exercise = _exercise(number, name, rng, length, relevant_share)
            if exercise.question not in {seen.question for seen in sheet}:
                break
        sheet.append(exercise)
    return sheet


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
    metrics = sorted({exercise.metric for exercise in exercises})
    title = "# Exercises" + (f": {metrics[0]}" if len(metrics) == 1 else "")
    lines = [title, ""]
    for exercise in exercises:
        lines += _wrapped(f"{exercise.number}. ", exercise.question)
        lines.append("")
    if answers:
        lines += ["## Answer key", ""]
        for exercise in exercises:
            lines.append(f"{exercise.number}. **{_answer_text(exercise)}**")
            lines.append("")  # the solution as a code block inside the list item
            lines += [f"       {line}".rstrip() for line in exercise.solution.splitlines()]
            lines.append("")
    return "\n".join(lines).rstrip("\n") + "\n"


# --- drawing one exercise ----------------------------------------------------------------

def _exercise(number: int, metric: str, rng: random.Random, length: int, share: float) -> Exercise:
    if metric in _GRADED:
        ranking = [rng.choices((0, 1, 2, 3), weights=(4, 3, 2, 1))[0] for _ in range(length)]
    else:
        ranking = [1 if rng.random() < share else 0 for _ in range(length)]
    if not any(ranking):  # at least one relevant document in the list
        ranking[rng.randrange(length)] = rng.choice((1, 2, 3)) if metric in _GRADED else 1
    missing = rng.choice((1, 2)) if rng.random() < 1 / 3 else 0
    unretrieved = tuple(rng.choice((1, 2, 3)) if metric in _GRADED else 1 for _ in range(missing))
    k = rng.randint(1, length) if metric in _WITH_K else None
    ranking = tuple(ranking)
    R = sum(1 for g in ranking if g >= 1) + len(unretrieved)
    answer, solution = _SOLVERS[metric](ranking, R, k, unretrieved)
    return Exercise(number, metric, ranking, R, k, unretrieved,
                    _question(metric, ranking, R, k, unretrieved), answer, solution)


def _question(metric: str, ranking, R: int, k, unretrieved) -> str:
    n = len(ranking)
    listed = "`[" + ", ".join(map(str, ranking)) + "]`"
    if metric in _GRADED:
        data = (f"A system returns {n} documents for a query. Their relevance grades, rank 1 "
                f"first, are {listed} (0 = not relevant, 3 = highly relevant).")
        if metric == "nDCG@k":
            if unretrieved:
                grades = ", ".join(map(str, unretrieved))
                data += (f" The query also has {len(unretrieved)} judged relevant "
                         f"document{'s' if len(unretrieved) > 1 else ''} the system did not "
                         f"retrieve, with grade{'s' if len(unretrieved) > 1 else ''} {grades}.")
            else:
                data += " Every relevant document of the query was retrieved."
        task = (f"Compute {metric.replace('@k', f'@{k}')} with gain = grade and discount "
                f"log2(i + 1), to 4 decimals.")
        if metric == "nDCG@k":
            task = task[:-1] + "; the ideal ordering sorts every judged grade of the query."
        return f"{data} {task}"
    data = (f"A system returns {n} documents for a query; rank 1 first, their relevance is "
            f"{listed} (1 = relevant). The query has R = {R} relevant "
            f"document{'s' if R > 1 else ''} in the collection.")
    what = {
        "P@k": f"P@{k}", "R@k": f"R@{k}", "F1@k": f"F1@{k}", "success@k": f"success@{k}",
        "R-prec": "the R-precision", "AP": "the average precision (AP)",
        "RR": "the reciprocal rank (RR)",
        "11pt": "the 11-point interpolated average precision (textbook rule: recall level r "
                "needs ceil(rR) relevant documents)",
    }[metric]
    return f"{data} Compute {what}, as an exact fraction."


# --- the answers: exact fractions, checked against rankbook --------------------------------

def _found(ranking, i: int) -> int:
    """f_i: relevant documents in the first i ranks (ranks past the end are non-relevant)."""
    return sum(1 for g in ranking[:i] if g >= 1)


def _checked(exact: Fraction, computed: float, metric: str, ranking) -> Fraction:
    """The exact answer, after checking that the rankbook function gives the same number."""
    if not math.isclose(float(exact), computed, rel_tol=1e-12, abs_tol=1e-12):
        raise AssertionError(
            f"{metric} of {list(ranking)}: the exact answer {exact} disagrees with rankbook's "
            f"{computed!r}; please report this as a bug."
        )
    return exact


def _steps(ranking, R: int, k: int, names, ideal=None) -> str:
    """The named steps of explain's worked formulas at rank k."""
    work = explain(list(ranking), n_relevant=R, ideal=ideal).show_work(k)
    return "\n".join(step.text for step in work.steps if step.name in names)


def _missing_note(ranking, R: int) -> str:
    found = _found(ranking, len(ranking))
    if R == found:
        return ""
    missing = R - found
    return (f"\nR = {R}: {missing} relevant document{'s were' if missing > 1 else ' was'} not "
            f"retrieved, and {'they count' if missing > 1 else 'it counts'} in R.")


def _solve_precision(ranking, R, k, unretrieved):
    exact = Fraction(_found(ranking, k), k)
    answer = _checked(exact, precision_at_k(ranking, k), "P@k", ranking)
    return answer, _steps(ranking, R, k, ("P@k",)) + f"\nExact: P@{k} = {exact}"


def _solve_recall(ranking, R, k, unretrieved):
    exact = Fraction(_found(ranking, k), R)
    answer = _checked(exact, recall_at_k(ranking, k, R), "R@k", ranking)
    return answer, (_steps(ranking, R, k, ("R@k",)) + f"\nExact: R@{k} = {exact}"
                    + _missing_note(ranking, R))


def _solve_f1(ranking, R, k, unretrieved):
    p, r = Fraction(_found(ranking, k), k), Fraction(_found(ranking, k), R)
    exact = 2 * p * r / (p + r) if p + r else Fraction(0)
    answer = _checked(exact, f1_at_k(ranking, k, R), "F1@k", ranking)
    hand = (f"Exact: F1@{k} = 2·({p})·({r}) / ({p} + {r}) = {exact}" if p + r
            else f"Exact: P@{k} = R@{k} = 0, so F1@{k} = 0")
    return answer, (_steps(ranking, R, k, ("P@k", "R@k", "F1@k")) + "\n" + hand
                    + _missing_note(ranking, R))


def _solve_r_precision(ranking, R, k, unretrieved):
    found = _found(ranking, R)
    exact = Fraction(found, R)
    answer = _checked(exact, r_precision(ranking, R), "R-prec", ranking)
    past = (f" (the list has only {len(ranking)} documents: ranks past the end are not "
            "relevant)" if R > len(ranking) else "")
    text = (f"R-prec = P@R = P@{R} = relevant in top {R} / {R} = {_ratio(found, R)}{past}"
            + _missing_note(ranking, R))
    return answer, text


def _solve_success(ranking, R, k, unretrieved):
    found = _found(ranking, k)
    exact = Fraction(1 if found else 0)
    answer = _checked(exact, success_at_k(ranking, k), "success@k", ranking)
    return answer, (f"relevant in top {k} = {found}, so success@{k} = {exact}"
                    f" ({'at least one' if found else 'no'} relevant document in the top {k})")


def _ratio(numerator: int, denominator: int) -> str:
    """``3/6 = 1/2``: the fraction as counted, then reduced when that changes it."""
    exact = Fraction(numerator, denominator)
    counted = f"{numerator}/{denominator}"
    return counted if str(exact) == counted else f"{counted} = {exact}"


def _relevant_ranks(ranking):
    return [i for i, g in enumerate(ranking, start=1) if g >= 1]


def _solve_ap(ranking, R, k, unretrieved):
    ranks = _relevant_ranks(ranking)
    precisions = [Fraction(n, rank) for n, rank in enumerate(ranks, start=1)]
    exact = sum(precisions, Fraction(0)) / R
    answer = _checked(exact, average_precision(ranking, R), "AP", ranking)
    terms = " + ".join(f"{n}/{rank}" for n, rank in enumerate(ranks, start=1))
    text = (f"relevant at ranks {', '.join(map(str, ranks))}\n"
            f"precision at each: {', '.join(f'P@{r} = {n}/{r}' for n, r in enumerate(ranks, 1))}\n"
            f"AP = ({terms}) / R = ({sum(precisions, Fraction(0))}) / {R} = {exact}"
            + _missing_note(ranking, R))
    return answer, text


def _solve_rr(ranking, R, k, unretrieved):
    first = _relevant_ranks(ranking)[0]
    exact = Fraction(1, first)
    answer = _checked(exact, reciprocal_rank(ranking), "RR", ranking)
    return answer, f"the first relevant document is at rank {first}, so RR = 1/{first} = {exact}"


def _solve_eleven_point(ranking, R, k, unretrieved):
    n = len(ranking)
    lines, values = [], []
    for level in _LEVELS:
        needed = math.ceil(level * R)
        reached = [Fraction(_found(ranking, i), i) for i in range(1, n + 1)
                   if _found(ranking, i) >= needed]
        value = max(reached) if reached else Fraction(0)
        values.append(value)
        why = (f"best precision at a rank with at least {needed} relevant" if reached
               else f"{needed} relevant needed, never reached: 0")
        lines.append(f"p_interp({float(level):.1f}) = {value}   [{why}]")
    exact = sum(values, Fraction(0)) / 11
    computed = eleven_point_average_precision(ranking, R, cutoff_rule="exact")
    answer = _checked(exact, computed, "11pt", ranking)
    lines.append(f"11pt = ({' + '.join(map(str, values))}) / 11 = {exact}")
    return answer, "\n".join(lines) + _missing_note(ranking, R)


def _solve_dcg(ranking, R, k, unretrieved):
    value = round(dcg_at_k(ranking, k), 4)
    return value, _steps(ranking, R, k, ("DCG@k",))


def _solve_ndcg(ranking, R, k, unretrieved):
    ideal = list(ranking) + list(unretrieved)
    value = round(ndcg_at_k(ranking, k, ideal=ideal), 4)
    text = _steps(ranking, R, k, ("DCG@k", "IDCG@k", "nDCG@k"), ideal=ideal)
    if unretrieved:
        text += (f"\nThe ideal ordering sorts every judged grade, the unretrieved "
                 f"{', '.join(map(str, unretrieved))} included.")
    return value, text


_SOLVERS = {
    "P@k": _solve_precision, "R@k": _solve_recall, "F1@k": _solve_f1,
    "R-prec": _solve_r_precision, "success@k": _solve_success, "AP": _solve_ap,
    "RR": _solve_rr, "11pt": _solve_eleven_point, "DCG@k": _solve_dcg, "nDCG@k": _solve_ndcg,
}


# --- small helpers -------------------------------------------------------------------------

def _metric_name(metric) -> str:
    if not isinstance(metric, str):
        raise InvalidTypeError(f"metric must be a string such as 'AP', got {metric!r}.")
    by_lower = {name.lower(): name for name in _REGISTRY}
    if metric.lower() not in by_lower:
        accepted = ", ".join(repr(name) for name in EXERCISE_METRICS)
        raise InvalidValueError(
            f"metric={metric!r} has no exercise generator; choose from {accepted}."
        )
    return by_lower[metric.lower()]


def _at_least_one(value, name: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise InvalidValueError(f"{name}={value!r}: give a whole number of at least 1, e.g. "
                                f"{name}=5.")
    return value


def _answer_text(exercise: Exercise) -> str:
    label = {"R-prec": "R-prec", "AP": "AP", "RR": "RR", "11pt": "11pt"}.get(
        exercise.metric, exercise.metric.replace("@k", f"@{exercise.k}"))
    if isinstance(exercise.answer, Fraction):
        if exercise.answer.denominator == 1:
            return f"{label} = {exercise.answer}"
        return f"{label} = {exercise.answer} ≈ {float(exercise.answer):.4f}"
    return f"{label} = {exercise.answer:.4f}"


def _wrapped(marker: str, text: str) -> list[str]:
    """The text as a list item wrapped at 78 columns, never inside a `code span`."""
    parts = text.split("`")
    parts[1::2] = [part.replace(" ", "\0") for part in parts[1::2]]
    lines = textwrap.wrap("`".join(parts), width=78, initial_indent=marker,
                          subsequent_indent=" " * len(marker), break_on_hyphens=False,
                          break_long_words=False)
    return [line.replace("\0", " ") for line in lines]
