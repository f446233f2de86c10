"""Every exercise kind, by the names it may be asked by, and the quality rules of a drawn item.

| kind | names | drawn by |
| --- | --- | --- |
| ``metric`` | the hand-made generators' measures (``EXERCISE_METRICS``), and trec_eval's names of them (``map``, ``P_5``, ``ndcg_cut.10``) | `_draw`, `_solutions` |
| ``registry`` | every other entry of the metric registry, by canonical or trec_eval name (``bpref``, ``infAP``, ``ERR@k``, ``gm_map``) | `_registry_items` |
| ``fusion`` | every aggregation method of `rankbook.aggregate.registry.METHODS` | `_fusion_items` |
| ``test`` | ``randomization``, ``t-test`` | `_stats_items` |
| ``collection`` | ``kappa``, ``tau``, ``tau_ap`` | `_collections_items` |

Quality rules (tested over 2,000 seeds of every kind, 200 in the default test run): no two
items of a sheet have the same answer; a cut-off is 1 only when the name fixes it (``P@1``);
no key lists the same value on every line (`flat`: 11pt's eleven interpolated precisions,
MAP's per-query APs, a fused order's scores); every aggregation question states the tie rule
and every key whose order broke a tie says so (`_fusion_items`). An item whose answer is
degenerate (0, 1, a tie for first place) is drawn again, and kept only with a small chance,
so that at most a few percent of the items of any kind are; a key never prints ``x = x``.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from rankbook._errors import InvalidValueError
from rankbook.evaluation import ir_measures_names
from rankbook.exercises import (
    _collections_items,
    _fusion_items,
    _registry_items,
    _stats_items,
)
from rankbook.exercises._draw import Exercise, Level, Query, draw_exercise
from rankbook.exercises._names import EXERCISE_METRICS, WITH_K, find_metric
from rankbook.metrics.registry import METRICS

#: Chance that a degenerate item is kept rather than drawn again.
KEEP_DEGENERATE = 0.03
#: Draws tried for one item before the last is kept anyway: enough for a sheet of five
#: different answers where they are few (NumRelRet of 8 documents is mostly 2, 3 or 4), few
#: enough that a sheet that cannot have them (six success@k items) is quick.
TRIES = 200


@dataclass(frozen=True)
class Kind:
    """What was asked for: the kind, its canonical name, and a parameter the name fixes."""

    kind: str
    name: str
    fixed: object = None


def resolve(text) -> Kind:
    """The exercise kind asked for by ``text``; an unknown name is refused with the choices."""
    if isinstance(text, str) and "(" in text:
        text = _without_settings(text)
    exact = _registry_items.registry_entry(text.strip()) if isinstance(text, str) else None
    if exact is not None and exact.name not in EXERCISE_METRICS:
        return Kind("registry", exact.name)  # nDCG (no cut-off) is not nDCG@k
    by_generator = find_metric(text)  # a cut-off below 1 is refused here
    if by_generator is not None:
        return Kind("metric", *by_generator)
    found = _registry_kind(text.strip()) or _method_or_test(text)
    if found is None:
        accepted = ", ".join(repr(name) for name in EXERCISE_METRICS)
        raise InvalidValueError(
            f"metric={text!r} has no exercise generator; choose from {accepted} (case is "
            "ignored, and a cut-off may be fixed, e.g. 'P@5' or 'nDCG@10'), any other measure "
            "of the metric registry (canonical or trec_eval name, e.g. 'bpref', 'gm_map'), an "
            "aggregation method (e.g. 'borda', 'mc4'), a significance test ('randomization', "
            "'t-test') or an agreement or correlation of a test collection ('kappa', 'tau', "
            "'tau_ap')."
        )
    return found


def _without_settings(text: str) -> str:
    """``text``'s measure named without parentheses, or an error: exercises fix only a cut-off.

    An ir_measures string that names a registry row on its own is that row
    (``nDCG(dcg='exp-log2')@5`` is ``gdeval-nDCG@5``, ``SetP(relative=True)`` is ``SetRelP``);
    ``rel=1`` is every exercise's relevance level.
    """
    try:
        spelling = ir_measures_names.translated(text)
    except InvalidValueError:
        spelling = None
    plain = spelling and spelling.replace("(rel=1)", "")
    if not plain or "(" in plain:
        raise InvalidValueError(
            f"NAME {text!r}: exercises fix a measure's cut-off (P@5), not its other parameters; "
            f"ask for {re.sub(r'[(][^)]*[)]', '', text)!r} (every exercise counts grade >= 1 as "
            "relevant).")
    return plain


def _registry_kind(text: str) -> Kind | None:
    squeezed = text.lower().replace(" ", "")
    for metric in METRICS:
        if metric.name.lower().replace(" ", "") in (squeezed, squeezed + "@k"):
            return _as_kind(metric, None)
    from rankbook.evaluation.measures import UnknownMeasureError, parse_measures

    try:
        measures = parse_measures([text])
    except UnknownMeasureError:  # not a measure; a measure's bad parameter is said as it is
        return None
    measure = measures[0]
    cutoff = len(measures) == 1 and measure.metric.param is not None \
        and measure.metric.param.cutoffs and not text.lower() == measure.metric.trec_name
    return _as_kind(measure.metric, measure.param if cutoff else None)


def _as_kind(metric, fixed) -> Kind:
    """A registry entry as an exercise kind: its hand-made generator when it has one."""
    if metric.name in EXERCISE_METRICS:
        return Kind("metric", metric.name, fixed if metric.name in WITH_K else None)
    return Kind("registry", metric.name, fixed)


def _method_or_test(text: str) -> Kind | None:
    method = _fusion_items.method_name(text)
    if method is not None:
        return Kind("fusion", method)
    test = _stats_items.test_name(text)
    if test is not None:
        return Kind("test", test)
    collection = _collections_items.kind_name(text)
    return None if collection is None else Kind("collection", collection)


def draw_sheet(kind: Kind, count: int, rng: random.Random, length: int, share: float,
               level: Level, render: bool = True) -> list[Exercise]:
    """``count`` exercises of ``kind``, numbered from 1, no two with the same answer.

    Once an item had to repeat an answer (the measure has fewer than ``count``), the rest
    are drawn without that rule: they would only spend their `TRIES` in vain.
    """
    sheet: list[Exercise] = []
    taken: set[str] | None = set()
    for number in range(1, count + 1):
        exercise = draw(kind, number, rng, length, share, level, render, taken or ())
        if taken is not None and str(exercise.answer) in taken:
            taken = None
        elif taken is not None:
            taken.add(str(exercise.answer))
        sheet.append(exercise)
    return sheet


def draw(kind: Kind, number: int, rng: random.Random, length: int, share: float,
         level: Level, render: bool = True, taken=()) -> Exercise:
    """One exercise of ``kind``, drawn again while its key is `flat`, its answer is in
    ``taken`` (as text) or it is `degenerate` (then kept with a small chance).

    After `TRIES` draws the last one that was neither flat nor degenerate is kept (a
    repeated answer), or else the last: only a measure with fewer possible answers than the
    sheet has items (success@k is 0 or 1; RR of a 5-document list has four besides 1), or
    data too small to vary (``length=1``), gets there. The draws are made without the key's
    worked steps; the one kept is drawn again with them (``render``), from the same state of
    ``rng``, which then continues where the draws left it.
    """
    kept = None
    for _ in range(TRIES):
        state = rng.getstate()
        exercise = _draw_once(kind, number, rng, length, share, level, render=False)
        if flat(exercise):
            continue
        if str(exercise.answer) in taken:
            kept = (exercise, state) if not degenerate(exercise) else kept
            continue
        if not degenerate(exercise) or rng.random() < KEEP_DEGENERATE:
            kept = (exercise, state)
            break
    exercise, state = kept or (exercise, state)
    if not render:
        return exercise
    after = rng.getstate()
    rng.setstate(state)
    exercise = _draw_once(kind, number, rng, length, share, level, render=True)
    rng.setstate(after)
    return exercise


def _draw_once(kind, number, rng, length, share, level, render) -> Exercise:
    if kind.kind == "metric":
        exercise = draw_exercise(number, kind.name, kind.fixed, rng, length, share, level, render)
        return _tidy(exercise)
    if kind.kind == "registry":
        return _registry(kind, number, rng, length, level)
    if kind.kind == "fusion":
        lists = _fusion_items.draw_profile(kind.name, rng, level)
        answer, solution, parts = _fusion_items.answer_and_solution(kind.name, lists, render)
        return Exercise(number, kind.name, (), None,
                        _fusion_items.question_text(kind.name, lists), answer, solution,
                        _fusion_items.check_command(kind.name, lists), parts)
    if kind.kind == "collection":
        data = _collections_items.draw_data(kind.name, rng, level)
        answer, solution, parts = _collections_items.answer_and_solution(kind.name, data)
        return Exercise(number, kind.name, (), None,
                        _collections_items.question_text(kind.name, data), answer, solution,
                        _collections_items.check_command(kind.name, data), parts)
    x, y = _stats_items.draw_scores(rng, level)
    answer, solution, parts = _stats_items.answer_and_solution(kind.name, x, y)
    return Exercise(number, kind.name, (), None, _stats_items.question_text(kind.name, x, y),
                    answer, solution, _stats_items.check_command(kind.name, x, y), parts)


def _registry(kind: Kind, number: int, rng, length: int, level) -> Exercise:
    metric = _registry_items.registry_entry(kind.name)
    count = 3 if metric.name in _registry_items.OVER_QUERIES else 1
    if metric.name == "NumQ":
        count = rng.randint(2, 6)
    size = min(length, 6) if count > 1 else length
    if metric.name == "NumRet":  # its answer is the list's length: let that vary
        size = rng.randint(max(1, length // 2), length)
    topics = tuple(_registry_items.draw_topic(metric.name, rng, size, level)
                   for _ in range(count))
    param = _registry_items.draw_param(metric, size, rng, kind.fixed)
    answer = _registry_items.answer_of(_registry_items.value_of(metric, topics, param))
    parts = tuple(_registry_items.answer_of(_registry_items.value_of(metric, (t,), param))
                  for t in topics) if count > 1 and metric.name != "NumQ" else ()
    queries = tuple(Query(t.ranking, t.data.R, t.missed_relevant) for t in topics)
    k = param if metric.takes_cutoff else None
    return Exercise(number, _registry_items.label(metric, param), queries, k,
                    _registry_items.question_text(metric, topics, param), answer,
                    _registry_items.solution_text(metric, topics, param, answer), "", parts)


def flat(exercise: Exercise) -> bool:
    """A key whose lines all give the same value: every part equal.

    The parts are what the key lists line by line (the eleven interpolated precisions of
    11pt, the per-query values of a mean, the fused scores of an order); when they are all
    equal the exercise practises nothing the first line did not.
    """
    parts = exercise.parts
    return len(parts) > 1 and len(set(parts)) == 1


@lru_cache(maxsize=256)
def is_binary(name: str) -> bool:
    """Whether the measure ``name`` (``Hit@6``, ``success@k``) is 0 or 1 by definition: its
    registry row's hint ``"binary"``."""
    try:
        entry = resolve(name).name
    except InvalidValueError:
        return False
    row = next((metric for metric in METRICS if metric.name == entry), None)
    return row is not None and "binary" in row.exercise_hints


def degenerate(exercise: Exercise) -> bool:
    """0 or 1, every part equal, or a tie for first place in a fused order.

    A measure that is 0 or 1 by definition (its row's hint ``"binary"``: success@k, Hit@k)
    is never degenerate.
    """
    answer = exercise.answer
    if is_binary(exercise.metric):
        return False
    if isinstance(answer, (int, float, Fraction)) and answer in (0, 1):
        return True
    if flat(exercise):
        return True
    parts = exercise.parts
    # A tie for first place leaves the winner to the tie rule; CombMAX's min-max scores tie
    # every list's first item at 1, so there it is the method, not a bad draw.
    method = _fusion_items.method_name(exercise.metric)
    return method not in (None, "combmax") and parts[0] == parts[1]


def _tidy(exercise: Exercise) -> Exercise:
    """The solution without ``x = x`` steps (``RR = 1/7 = 1/7`` becomes ``RR = 1/7``)."""
    lines = []
    for line in exercise.solution.splitlines():
        steps = line.split(" = ")
        kept = [step for n, step in enumerate(steps) if n == 0 or step != steps[n - 1]]
        lines.append(" = ".join(kept))
    return Exercise(**{**exercise.__dict__, "solution": "\n".join(lines)})
