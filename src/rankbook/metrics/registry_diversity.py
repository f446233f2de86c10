r"""The registry's rows of ndeval's diversity measures (TREC Web track 2009-2014), as ndeval 4.5 computes them.

Named as ir_measures writes them (``alpha_nDCG@20``, ``ERR_IA@20``, ``NRBP``, ``AP_IA``,
``P_IA@20``, ``StRecall@20``), with ndeval's own spellings as aliases (``alpha-nDCG@20``,
``ERR-IA@20``, ``MAP-IA``, ``P-IA@20``, ``strec@20``). Each reads the topic's subtopic
judgments (``needs=("subtopics",)``: :func:`rankbook.evaluate`'s ``subtopic_qrels``); alpha
and beta are settings written as ir_measures writes them: ``alpha_nDCG(alpha=0.3)@10``,
``NRBP(alpha=0.5,beta=0.8)``. The cut-off goes up to 20, ndeval's deepest; a family named
alone gives ndeval's 5, 10 and 20. They join :data:`rankbook.metrics.registry.METRICS`.

A topic given without subtopic judgments (an exercise's single list of grades) is read
as a topic of one intent: its grades are one subtopic's.
"""

from __future__ import annotations

import numpy as np

from rankbook import _validate
from rankbook._errors import InvalidValueError
from rankbook.metrics._subtopics import NDEVAL_DEPTH
from rankbook.metrics.diversity import (alpha_dcg_at_k, alpha_ndcg_at_k, intent_aware_err_at_k,
                                        intent_aware_nerr_at_k)
from rankbook.metrics.intent_aware import (intent_aware_average_precision,
                                           intent_aware_precision_at_k,
                                           normalized_novelty_rank_biased_precision,
                                           novelty_rank_biased_precision, subtopic_recall_at_k)
from rankbook.metrics.params import REL, Param
from rankbook.metrics.spec import Metric, TopicData

_FAMILY = "Diversity"
#: The chapter's pages (docs/diversity/): alpha-nDCG, ERR-IA, NRBP, and MAP-IA with P-IA and strec.
_ALPHA_NDCG, _ERR_IA = "diversity/alpha_ndcg.md", "diversity/err_ia.md"
_NRBP, _INTENT_AWARE = "diversity/nrbp.md", "diversity/intent_aware.md"


def _probability_setting(symbol: str, meaning: str):
    """A reader of ``"alpha=0.3"``: the setting ``symbol``, a number in [0, 1]."""
    def read(text: str) -> float:
        name, equals, value = text.partition("=")
        try:
            number = float(value)
        except ValueError:
            number = None
        if name.strip() != symbol or not equals or number is None:
            raise InvalidValueError(
                f"the setting {text!r} is not {symbol}=<number>; write e.g. "
                f"alpha_nDCG({symbol}=0.5)@20.")
        return _validate.probability(number, symbol, meaning=meaning)
    return read


#: ndeval's cut-offs: 5, 10 and 20 when the family is named alone; at most 20.
NDEVAL_K = Param("k", int, (5, 10, NDEVAL_DEPTH), low=1, high=NDEVAL_DEPTH, keyword="k")
#: ndeval's ``-alpha``, the redundancy penalty (default 0.5).
ALPHA = Param("alpha", float, 0.5, cutoffs=False, keyword="alpha",
              read=_probability_setting("alpha", "the redundancy penalty"))
#: ndeval's ``-beta``, NRBP's patience (default 0.5).
BETA = Param("beta", float, 0.5, cutoffs=False, keyword="beta",
             read=_probability_setting("beta", "the user's patience"))


def _matrices(t: TopicData) -> tuple[np.ndarray, np.ndarray]:
    """The topic's (ranked, judged) subtopic matrices; without them, its grades as one intent."""
    if t.subtopic_grades is not None:
        return t.subtopic_grades, t.subtopic_judged
    return t.grades[:, None], t.ideal[:, None]


def _row(name, function, page, summary, params, value, *, aliases=(), hints=()) -> Metric:
    return Metric(name=name, function=function, family=_FAMILY, page=page, summary=summary,
                  params=params, needs=("subtopics",), aliases=aliases, exercise_hints=hints,
                  per_topic=lambda t, a: value(*_matrices(t), a))


DIVERSITY_ROWS: tuple[Metric, ...] = (
    _row("alpha_nDCG@k", alpha_ndcg_at_k, _ALPHA_NDCG,
         "alpha-nDCG@k (ndeval's alpha-nDCG@k): novelty-discounted DCG over ndeval's greedy "
         "ideal list.", (NDEVAL_K, ALPHA, REL),
         lambda r, j, a: alpha_ndcg_at_k(r, j, a.k, alpha=a.alpha, relevance_level=a.rel),
         aliases=("alpha-nDCG@k",)),
    _row("alpha_DCG@k", alpha_dcg_at_k, _ALPHA_NDCG,
         "alpha-DCG@k as ndeval prints it (alpha-DCG@k): over the 'ideal ideal', every "
         "document relevant to every subtopic.", (NDEVAL_K, ALPHA, REL),
         lambda r, j, a: alpha_dcg_at_k(r, j, a.k, alpha=a.alpha, relevance_level=a.rel),
         aliases=("alpha-DCG@k",)),
    _row("ERR_IA@k", intent_aware_err_at_k, _ERR_IA,
         "Intent-aware ERR at k as ndeval prints it (ERR-IA@k): over the 'ideal ideal'.",
         (NDEVAL_K, ALPHA, REL),
         lambda r, j, a: intent_aware_err_at_k(r, j, a.k, alpha=a.alpha, relevance_level=a.rel),
         aliases=("ERR-IA@k",)),
    _row("nERR_IA@k", intent_aware_nerr_at_k, _ERR_IA,
         "Intent-aware ERR at k over ndeval's greedy ideal list (nERR-IA@k).",
         (NDEVAL_K, ALPHA, REL),
         lambda r, j, a: intent_aware_nerr_at_k(r, j, a.k, alpha=a.alpha, relevance_level=a.rel),
         aliases=("nERR-IA@k",)),
    _row("NRBP", novelty_rank_biased_precision, _NRBP,
         "Novelty- and rank-biased precision (Clarke et al. 2009), over the 'ideal ideal'.",
         (ALPHA, BETA, REL),
         lambda r, j, a: novelty_rank_biased_precision(r, j, alpha=a.alpha, beta=a.beta,
                                                       relevance_level=a.rel)),
    _row("nNRBP", normalized_novelty_rank_biased_precision, _NRBP,
         "NRBP over the NRBP of ndeval's greedy ideal list.", (ALPHA, BETA, REL),
         lambda r, j, a: normalized_novelty_rank_biased_precision(r, j, alpha=a.alpha,
                                                                  beta=a.beta,
                                                                  relevance_level=a.rel)),
    _row("AP_IA", intent_aware_average_precision, _INTENT_AWARE,
         "Intent-aware AP (ndeval's MAP-IA): each subtopic's AP, averaged over subtopics.", (REL,),
         lambda r, j, a: intent_aware_average_precision(r, j, relevance_level=a.rel),
         aliases=("MAP-IA",)),
    _row("P_IA@k", intent_aware_precision_at_k, _INTENT_AWARE,
         "Intent-aware precision at k (ndeval's P-IA@k): each subtopic's P@k, averaged.",
         (NDEVAL_K, REL),
         lambda r, j, a: intent_aware_precision_at_k(r, j, a.k, relevance_level=a.rel),
         aliases=("P-IA@k",)),
    _row("StRecall@k", subtopic_recall_at_k, _INTENT_AWARE,
         "Subtopic recall at k (ndeval's strec@k): the share of subtopics the top k cover.",
         (NDEVAL_K, REL),
         lambda r, j, a: subtopic_recall_at_k(r, j, a.k, relevance_level=a.rel),
         aliases=("strec@k",),
         hints=("binary",)),  # one intent (an exercise's list): 0 or 1
)
