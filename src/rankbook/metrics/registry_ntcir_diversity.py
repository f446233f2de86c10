r"""The registry's rows of NTCIREVAL's diversity measures (Sakai and Song 2011).

Named as NTCIREVAL prints them (``I-rec@10``, ``D#-nDCG@10``, ``D#-Q@10``, ``IA-nERR@10``),
with ``D-nDCG@k`` and ``D-Q@k`` for what a ``Dnev`` file prints as ``MSnDCG@k`` and
``Q@k``, and ``IA-nDCG@k`` for its ``IA-MSnDCG@k`` (an alias). Each reads the topic's
subtopic judgments (``needs=("subtopics",)``: :func:`rankbook.evaluate`'s
``subtopic_qrels``) and the intent probabilities (``intent_probabilities``; uniform when
not given). Named alone, a measure is at cut-off 10, the depth of NTCIR's diversity tasks.
Settings as the other NTCIREVAL rows write them: ``D#-nDCG(gamma=0.8)@10``,
``D-Q(gains=1/2/3)@10``. They join :data:`rankbook.metrics.registry.METRICS`.

A topic given without subtopic judgments (an exercise's single list of grades) is read
as a topic of one intent: its grades are that intent's.
"""

from __future__ import annotations

import numpy as np

from rankbook import _validate
from rankbook._errors import InvalidValueError
from rankbook.metrics.ntcir_diversity import (NTCIREVAL_GAMMA, d_ndcg_at_k, d_q_measure,
                                              d_sharp_ndcg_at_k, d_sharp_q_measure,
                                              intent_recall_at_k)
from rankbook.metrics.ntcir_intent_aware import (ntcir_intent_aware_ndcg_at_k,
                                                 ntcir_intent_aware_nerr_at_k)
from rankbook.metrics.params import Param
from rankbook.metrics.registry_ntcir import BETA, GAINS
from rankbook.metrics.spec import Metric, TopicData

_PAGE = "diversity/ntcir_diversity.md"
_FAMILY = "Diversity"


def gamma_setting(text: str) -> float:
    """``"gamma=0.8"`` -> ``0.8``: the weight of I-rec in a D#-measure, a number in [0, 1].

    >>> gamma_setting("gamma=0.8")
    0.8
    """
    name, equals, value = text.partition("=")
    try:
        number = float(value)
    except ValueError:
        number = None
    if name.strip() != "gamma" or not equals or number is None:
        raise InvalidValueError(
            f"the setting {text!r} is not gamma=<number>; write e.g. D#-nDCG(gamma=0.5)@10.")
    return _validate.probability(number, "gamma", meaning="the weight of I-rec")


#: The cut-off; named alone, 10 (NTCIR's diversity tasks report @10).
DIVERSITY_K = Param("k", int, (10,), low=1, keyword="k")
#: D#'s gamma (NTCIREVAL's D-NTCIR-eval: 0.5).
GAMMA = Param("gamma", float, NTCIREVAL_GAMMA, cutoffs=False, keyword="gamma",
              read=gamma_setting)


def _inputs(t: TopicData) -> tuple[np.ndarray, np.ndarray, np.ndarray | None]:
    """The topic's (ranked, judged, probabilities); without subtopics, its grades as one intent."""
    if t.subtopic_grades is not None:
        return t.subtopic_grades, t.subtopic_judged, t.intent_probabilities
    return t.grades[:, None], t.ideal[:, None], None


def _row(name, function, summary, params, value, *, aliases=(), hints=()) -> Metric:
    def per_topic(t, a):
        ranked, judged, probabilities = _inputs(t)
        return value(ranked, judged, probabilities, a)
    return Metric(name=name, function=function, family=_FAMILY, page=_PAGE, summary=summary,
                  params=params, needs=("subtopics",), aliases=aliases, exercise_hints=hints,
                  per_topic=per_topic, graded=True)


def _gains(a):
    return a.gains or None


NTCIR_DIVERSITY_ROWS: tuple[Metric, ...] = (
    _row("I-rec@k", intent_recall_at_k,
         "NTCIREVAL's intent recall at k: the share of intents the top k cover.",
         (DIVERSITY_K,), lambda r, j, p, a: intent_recall_at_k(r, j, a.k), hints=("binary",)),
    _row("D-nDCG@k", d_ndcg_at_k,
         "D-nDCG@k (Sakai and Song; a Dnev file's MSnDCG@k): MSnDCG of the global gains, "
         "each intent's gain weighted by its probability.", (DIVERSITY_K, GAINS),
         lambda r, j, p, a: d_ndcg_at_k(r, j, a.k, probabilities=p, gains=_gains(a))),
    _row("D#-nDCG@k", d_sharp_ndcg_at_k,
         "D#-nDCG@k: gamma I-rec@k + (1 - gamma) D-nDCG@k (gamma 0.5).",
         (DIVERSITY_K, GAMMA, GAINS),
         lambda r, j, p, a: d_sharp_ndcg_at_k(r, j, a.k, probabilities=p, gains=_gains(a),
                                              gamma=a.gamma)),
    _row("D-Q@k", d_q_measure,
         "D-Q@k (Sakai and Song; a Dnev file's Q@k): Q@k of the global gains.",
         (DIVERSITY_K, GAINS, BETA),
         lambda r, j, p, a: d_q_measure(r, j, a.k, probabilities=p, gains=_gains(a),
                                        beta=a.beta)),
    _row("D#-Q@k", d_sharp_q_measure,
         "D#-Q@k: gamma I-rec@k + (1 - gamma) D-Q@k (gamma 0.5).",
         (DIVERSITY_K, GAMMA, GAINS, BETA),
         lambda r, j, p, a: d_sharp_q_measure(r, j, a.k, probabilities=p, gains=_gains(a),
                                              beta=a.beta, gamma=a.gamma)),
    _row("IA-nERR@k", ntcir_intent_aware_nerr_at_k,
         "NTCIREVAL's IA-nERR@k: each intent's nERR@k weighted by its probability "
         "(not ndeval's nERR_IA@k).", (DIVERSITY_K, GAINS),
         lambda r, j, p, a: ntcir_intent_aware_nerr_at_k(r, j, a.k, probabilities=p,
                                                         gains=_gains(a))),
    _row("IA-nDCG@k", ntcir_intent_aware_ndcg_at_k,
         "NTCIREVAL's IA-MSnDCG@k: each intent's MSnDCG@k weighted by its probability.",
         (DIVERSITY_K, GAINS),
         lambda r, j, p, a: ntcir_intent_aware_ndcg_at_k(r, j, a.k, probabilities=p,
                                                         gains=_gains(a)),
         aliases=("IA-MSnDCG@k",)),
)
