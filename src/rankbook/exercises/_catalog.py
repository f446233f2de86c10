"""Every exercise kind, by the names it may be asked by, and the quality rules of a drawn item.

| kind | names | drawn by |
| --- | --- | --- |
| ``metric`` | the hand-made generators' measures (``EXERCISE_METRICS``), and trec_eval's names of them (``map``, ``P_5``, ``ndcg_cut.10``) | `_draw`, `_solutions` |
| ``registry`` | every other entry of the metric registry, by canonical or trec_eval name (``bpref``, ``infAP``, ``ERR@k``, ``gm_map``) | `_registry_items` |
| ``fusion`` | every aggregation method of `rankbook.aggregate.registry.METHODS` | `_fusion_items` |
| ``test`` | ``randomization``, ``t-test`` | `_stats_items` |

Quality rules (tested over thousands of seeds): an item whose answer is degenerate (0, 1,
every part equal, a tie for first place) is drawn again, and kept only with a small chance,
so that at most a few percent of the items of any kind are; a key never prints ``x = x``.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction

from rankbook._errors import InvalidValueError
from rankbook.exercises import _fusion_items, _registry_items, _stats_items
from rankbook.exercises._draw import Exercise, Level, Query, draw_exercise
from rankbook.exercises._names import EXERCISE_METRICS, WITH_K, metric_and_cutoff
from rankbook.metrics.registry import METRICS

#: Chance that a degenerate item is kept rather than drawn again.
KEEP_DEGENERATE = 0.03
#: Draws tried before a degenerate item is kept anyway.
TRIES = 40


@dataclass(frozen=True)
class Kind:
    """What was asked for: the kind, its canonical name, and a parameter the name fixes."""

    kind: str
    name: str
    fixed: object = None


def resolve(text) -> Kind:
    """The exercise kind asked for by ``text``; an unknown name is refused with the choices."""
    exact = _registry_items.registry_entry(text.strip()) if isinstance(text, str) else None
    if exact is not None and exact.name not in EXERCISE_METRICS and exact.name not in ("MAP", "MRR"):
        return Kind("registry", exact.name)  # nDCG (no cut-off) is not nDCG@k
    try:
        name, k = metric_and_cutoff(text)
        return Kind("metric", name, k)
    except InvalidValueError as error:
        if "cut-off must be at least 1" in str(error):
            raise
    found = _registry_kind(text.strip()) or _method_or_test(text)
    if found is None:
        accepted = ", ".join(repr(name) for name in EXERCISE_METRICS)
        raise InvalidValueError(
            f"metric={text!r} has no exercise generator; choose from {accepted} (case is "
            "ignored, and a cut-off may be fixed, e.g. 'P@5' or 'nDCG@10'), any other measure "
            "of the metric registry (canonical or trec_eval name, e.g. 'bpref', 'gm_map'), an "
            "aggregation method (e.g. 'borda', 'mc4') or a significance test ('randomization', "
            "'t-test')."
        )
    return found


def _registry_kind(text: str) -> Kind | None:
    squeezed = text.lower().replace(" ", "")
    for metric in METRICS:
        if metric.name.lower().replace(" ", "") in (squeezed, squeezed + "@k"):
            return _as_kind(metric, None)
    from rankbook.evaluation.measures import parse_measures

    try:
        measures = parse_measures([text])
    except (InvalidValueError, TypeError, ValueError):
        return None
    measure = measures[0]
    cutoff = len(measures) == 1 and measure.metric.param is not None \
        and measure.metric.param.cutoffs and not text.lower() == measure.metric.trec_name
    return _as_kind(measure.metric, measure.param if cutoff else None)


def _as_kind(metric, fixed) -> Kind:
    """A registry entry as an exercise kind: its hand-made generator when it has one."""
    name = metric.same_as if metric.name in ("MAP", "MRR") else metric.name
    if metric.name in EXERCISE_METRICS:
        return Kind("metric", metric.name, fixed if metric.name in WITH_K else None)
    return Kind("registry", name if name in EXERCISE_METRICS else metric.name, fixed)


def _method_or_test(text: str) -> Kind | None:
    method = _fusion_items.method_name(text)
    if method is not None:
        return Kind("fusion", method)
    test = _stats_items.test_name(text)
    return None if test is None else Kind("test", test)


def draw(kind: Kind, number: int, rng: random.Random, length: int, share: float,
         level: Level, render: bool = True) -> Exercise:
    """One exercise of ``kind``, redrawn while degenerate (kept with a small chance)."""
    for _ in range(TRIES):
        exercise = _draw_once(kind, number, rng, length, share, level, render)
        if not degenerate(exercise) or rng.random() < KEEP_DEGENERATE:
            break
    return exercise


def _draw_once(kind, number, rng, length, share, level, render) -> Exercise:
    if kind.kind == "metric":
        exercise = draw_exercise(number, kind.name, kind.fixed, rng, length, share, level)
        return _tidy(exercise)
    if kind.kind == "registry":
        return _registry(kind, number, rng, length, level)
    if kind.kind == "fusion":
        lists = _fusion_items.draw_profile(kind.name, rng, level)
        answer, solution, parts = _fusion_items.answer_and_solution(kind.name, lists, render)
        return Exercise(number, kind.name, (), None,
                        _fusion_items.question_text(kind.name, lists), answer, solution,
                        _fusion_items.check_command(kind.name, lists), parts)
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
    topics = tuple(_registry_items.draw_topic(metric.name, rng, size, level)
                   for _ in range(count))
    param = _registry_items.draw_param(metric, size, rng, kind.fixed)
    answer = _registry_items.answer_of(_registry_items.value_of(metric, topics, param))
    parts = tuple(_registry_items.answer_of(_registry_items.value_of(metric, (t,), param))
                  for t in topics) if count > 1 and metric.name != "NumQ" else ()
    queries = tuple(Query(t.ranking, t.data.R, t.missed_relevant) for t in topics)
    k = param if isinstance(param, int) else None
    return Exercise(number, _registry_items.label(metric, param), queries, k,
                    _registry_items.question_text(metric, topics, param), answer,
                    _registry_items.solution_text(metric, topics, param, answer), "", parts)


def degenerate(exercise: Exercise) -> bool:
    """0 or 1, every part equal, p = 1, or a tie for first place in a fused order.

    success@k is 0 or 1 by definition: its items are never degenerate.
    """
    answer = exercise.answer
    if exercise.metric == "success@k":
        return False
    if isinstance(answer, (int, float, Fraction)) and answer in (0, 1):
        return True
    parts = exercise.parts
    if len(parts) > 1 and len(set(parts)) == 1:
        return True
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
