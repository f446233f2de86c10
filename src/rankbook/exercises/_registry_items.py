r"""Exercises on every other measure of the registry: one judged topic, one value.

The hand-made generators (`_draw`, `_solutions`) cover the measures taught
first, with exact fractions and worked steps. Every other entry of
`rankbook.metrics.registry.METRICS` gets an exercise here: a small judged
topic (a ranked list whose documents may be unjudged, written ``-``; relevant
documents the system missed; judged non-relevant documents it did not
retrieve) and the measure to compute, to 4 decimals. The answer is the
registry's own per-topic value, the one `rankbook eval` (and trec_eval)
prints, so the key agrees with the evaluator.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from functools import cached_property

import numpy as np

from rankbook.exercises._draw import draw_cutoff
from rankbook.exercises._names import EXERCISE_METRICS
from rankbook.metrics.registry import METRICS
from rankbook.metrics.spec import TopicData


def _names_where(fact) -> tuple[str, ...]:
    """The registry's measures, other than the hand-made generators', for which ``fact`` holds."""
    return tuple(metric.name for metric in METRICS
                 if metric.name not in EXERCISE_METRICS and fact(metric))


#: Measures that read graded relevance (the others see grades 0/1).
GRADED = _names_where(lambda metric: metric.graded)
#: Measures whose point is the unjudged documents: their lists always hold some.
UNJUDGED = _names_where(lambda metric: metric.family == "Incomplete judgments"
                        or "unjudged" in metric.exercise_hints)
#: The textbook measures that read a fully judged list (ROC's N counts the list's non-relevant).
JUDGED_ONLY = _names_where(lambda metric: "judged" in metric.exercise_hints)
#: Measures summarised over several queries (their exercise gives three): the geometric
#: means, the topic count and the means over queries.
OVER_QUERIES = _names_where(lambda metric: metric.summary_rule in ("gmean", "count")
                            or metric.family == "Means over queries")
#: A measure's textbook name in the question, where its description alone is too short.
_NAMES = {"PR curve": "the precision-recall points (recall, precision) after each rank",
          "ROC": "the ROC points (FPR, TPR) after each rank",
          "relstring": "trec_eval's relstring of the top {k}",
          "runid": "the run's name, as trec_eval prints it",
          "SL": "the search length: the documents read, rank 1 on, to find the first relevant "
                "one"}
#: Measures whose value is a whole number or a text: no "to 4 decimals" in the question.
_NOT_DECIMAL = _names_where(lambda metric: "not decimal" in metric.exercise_hints or (
    metric.rule is not None and (metric.rule.integer or metric.rule.combine is None)))


@dataclass(frozen=True)
class Topic:
    """One judged topic: the ranked grades (None unjudged), and what the system missed."""

    ranking: tuple
    missed_relevant: tuple[int, ...]
    missed_nonrelevant: int

    @cached_property
    def data(self) -> TopicData:
        grades = np.array([0.0 if g is None else float(g) for g in self.ranking])
        judged = np.array([g is not None for g in self.ranking])
        ideal = np.array([g for g in self.ranking if g is not None]
                         + list(self.missed_relevant) + [0] * self.missed_nonrelevant, float)
        return TopicData.of(grades, judged, ideal, 1.0)


def registry_entry(name: str):
    """The registry entry called ``name`` (canonical), or None."""
    return next((metric for metric in METRICS if metric.name == name), None)


def draw_topic(name: str, rng: random.Random, length: int, level) -> Topic:
    """A topic with at least one relevant document retrieved and one judged non-relevant."""
    top = 2 if name in GRADED else 1
    unjudged = 0.25 if name in UNJUDGED else (0.1 if level.missing else 0.0)
    if name in JUDGED_ONLY:
        unjudged = 0.0
    ranking = []
    for _ in range(length):
        if rng.random() < unjudged:
            ranking.append(None)
        else:
            ranking.append(rng.choice(range(1, top + 1)) if rng.random() < 0.4 else 0)
    ranking[rng.randrange(length)] = rng.choice(range(1, top + 1))
    # Half the topics have relevant documents the system missed, at every level: without
    # them set recall and the R-based measures of a short list are 1 far too often.
    missed = tuple(rng.choice(range(1, top + 1))
                   for _ in range(rng.choice((1, 2)) if rng.random() < 0.5 else 0))
    return Topic(tuple(ranking), missed, rng.choice((0, 1, 2)) + (0 not in ranking))


def value_of(metric, topics, param):
    """The measure's value on the topic(s), as the registry computes it."""
    data = [topic.data for topic in topics]
    special = _SPECIAL.get(metric.name)
    if special is not None:
        return special(data, param)
    given = {} if metric.param is None or param is None else {metric.param.symbol: param}
    values = [metric.value(t, given) for t in data]
    if len(metric.quantities) > 1:  # C/W/L's five numbers: the question asks for the first
        values = [value[0] for value in values]
    if len(values) == 1:
        return values[0]
    return metric.rule.combine(values)


_TAGS = ("bm25", "lm_dirichlet", "rm3_run", "splade2", "colbert_v2")


def run_tag(grades) -> str:
    """The tag of a runid exercise's run file, drawn from its grades."""
    return _TAGS[int(sum(grades) * 7 + len(grades)) % len(_TAGS)]


def _runid_question(topic: Topic) -> str:
    tag = run_tag(topic.data.grades)
    lines = [f"`401 Q0 doc{17 * rank % 97} {rank} {20 - rank}.5 {tag}`" for rank in (1, 2)]
    return (f"A run file starts with the lines {lines[0]} and {lines[1]}. Give runid, what "
            "trec_eval prints as the run's name.")


def _lag(data, param):
    from rankbook.metrics.lag import lag, mean_lag
    if len(data) > 1:
        return mean_lag([t.grades for t in data])
    return lag(data[0].grades)


def _points(curve):
    return "; ".join(f"({x:.4f}, {y:.4f})" for x, y in zip(*curve))


def _special():
    from rankbook.metrics.dcg import idcg_at_k
    from rankbook.metrics.interpolation import precision_recall_curve
    from rankbook.metrics.roc import roc_auc, roc_curve
    from rankbook.metrics.search_length import search_length
    return {
        "runid": lambda data, param: run_tag(data[0].grades),
        "NumQ": lambda data, param: len(data),
        "IDCG@k": lambda data, param: idcg_at_k(data[0].ideal, param),
        "SL": lambda data, param: search_length(data[0].grades, wanted=param),
        "PR curve": lambda data, param: _points(precision_recall_curve(data[0].grades,
                                                                       data[0].R)),
        "ROC": lambda data, param: _points(roc_curve(data[0].grades, n_relevant=data[0].R,
                                                     n_nonrelevant=data[0].N)),
        "AUC": lambda data, param: roc_auc(data[0].grades, n_relevant=data[0].R,
                                           n_nonrelevant=data[0].N),
        "LAG": _lag,
        "mean LAG": _lag,
    }


_SPECIAL = _special()


def draw_param(metric, topic_length: int, rng: random.Random, fixed):
    """The parameter the question fixes: a drawn cut-off, or trec_eval's default setting."""
    if fixed is not None:
        return fixed
    if metric.name == "SL":
        return 1
    if metric.param is None:
        return draw_cutoff(rng, topic_length) if metric.name.endswith("@k") else None
    if metric.param.cutoffs:
        return {"k": lambda: draw_cutoff(rng, topic_length),
                "r": lambda: rng.choice((0.0, 0.2, 0.5, 0.8)),
                "m": lambda: rng.choice((0.5, 1.0, 2.0))}[metric.param.symbol]()
    if metric.name == "relstring":
        return (topic_length,)
    from rankbook.evaluation.measures import parse_measures
    return parse_measures([metric.name])[0].param


def label(metric, param) -> str:
    """The measure as asked: ``RR@3``, ``IPrec@0.2``, ``bpref``, ``CWL-RBP:EU``."""
    if len(metric.quantities) > 1:  # C/W/L: its setting written out, and the quantity asked
        setting = "" if metric.param is None else f"({metric.param.symbol}={param:g})"
        return f"{metric.name}{setting}:{metric.quantities[0]}"
    if metric.param is None and metric.name.endswith("@k"):
        return metric.name.replace("@k", f"@{param}")
    if metric.param is None or not metric.param.cutoffs:
        return metric.name
    value = f"{param:g}" if isinstance(param, float) else str(param)
    return metric.name.replace("@" + metric.param.symbol, "@" + value)


def listed(ranking) -> str:
    """``[1, 0, -, 2]``: a ranking as the question shows it, ``-`` unjudged."""
    return "`[" + ", ".join("-" if g is None else str(g) for g in ranking) + "]`"


def question_text(metric, topics, param) -> str:
    """The data of the topic(s), and what to compute."""
    if metric.name == "runid":
        return _runid_question(topics[0])
    summary = metric.summary[:-1]
    lowered = summary[0].lower() + summary[1:] if summary[1:2].islower() else summary
    what = _NAMES.get(metric.name, lowered)
    if "{k}" in what:
        what = what.format(k=param[0])
    parts = [_topic_text(topic, number if len(topics) > 1 else None)
             for number, topic in enumerate(topics, start=1)]
    exact = "" if metric.name in _NOT_DECIMAL else ", to 4 decimals"
    who = "rankbook eval and trec_eval do" if metric.trec_name else "rankbook does"
    return (" ".join(parts) + f" Compute {label(metric, param)} ({what}){exact}, with grade "
            f">= 1 relevant, as {who}.")


def _topic_text(topic: Topic, number) -> str:
    R = topic.data.R
    N = topic.data.N
    who = f"For query {number} the system" if number else "A system"
    text = (f"{who} returns {listed(topic.ranking)} (grades rank 1 first, - = not judged). "
            f"The judgments hold R = {R} relevant and N = {N} judged non-relevant "
            f"document{'s' if N != 1 else ''}")
    if topic.missed_relevant:
        grades = ", ".join(map(str, topic.missed_relevant))
        text += f"; the relevant ones the system missed have grade{'s' if len(topic.missed_relevant) > 1 else ''} {grades}"
    return text + "."


def answer_of(value):
    """The key's answer: a count as an int, a text as it is, any other number to 4 decimals."""
    if isinstance(value, str):
        return value
    if isinstance(value, (int, np.integer)):
        return int(value)
    value = float(value)
    if math.isnan(value):
        return 0.0
    value = round(value, 4)  # 1.99996 is asked to 4 decimals: 2, the same answer as 2
    return int(value) if value.is_integer() else value


def solution_text(metric, topics, param, answer) -> str:
    """The key's steps: the counts the measure reads, its definition and the value."""
    lines = []
    for number, topic in enumerate(topics, start=1):
        data = topic.data
        relevant = [i for i, g in enumerate(topic.ranking, 1) if g is not None and g >= 1]
        unjudged = [i for i, g in enumerate(topic.ranking, 1) if g is None]
        head = f"query {number}: " if len(topics) > 1 else ""
        lines.append(f"{head}relevant at ranks {', '.join(map(str, relevant)) or 'none'}; "
                     f"unjudged at {', '.join(map(str, unjudged)) or 'none'}; "
                     f"R = {data.R}, N = {data.N}")
    lines.append(f"{metric.name}: {metric.summary}")
    if metric.name == "bpref":
        lines.append(_bpref_steps(topics[0]))
    lines.append(f"{label(metric, param)} = {answer}")
    return "\n".join(lines)


def _bpref_steps(topic: Topic) -> str:
    """bpref's sum written out: each retrieved relevant document's term (no arithmetic kept)."""
    R, N = topic.data.R, topic.data.N
    cap = min(N, R)
    terms, above = [], 0
    for grade in topic.ranking:
        if grade is None:
            continue
        if grade >= 1:
            terms.append(f"(1 - {min(above, R)}/{cap})" if cap else "1")
        else:
            above += 1
    return (f"one term per retrieved relevant document, n_r = judged non-relevant above it, "
            f"min(N, R) = {cap}:\nbpref = ({' + '.join(terms)}) / {R}")
