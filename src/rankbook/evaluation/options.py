r"""The options of one evaluation, checked once and passed whole: :class:`Options`.

:func:`rankbook.evaluate`, :func:`rankbook.evaluate_many`, the streaming and Dask
engines and the command line all describe an evaluation by the same five settings
(trec_eval's ``-c``, ``-M``, ``-l``, ``-J`` and its version). They are checked here,
once, into one frozen record that every layer below receives as it is: no layer
re-checks them, renames them or forwards them one keyword at a time.

A measure's own relevance level (``P(rel=2)@5``) is a parameter of the measure
(:class:`rankbook.evaluation.measures.Measure`); ``relevance_level`` here is the
default every measure without one takes.

>>> Options.checked(max_docs=100, relevance_level=2)
Options(complete=False, max_docs=100, relevance_level=2.0, trec_eval='9', judged_only=False, costs=None)
>>> Options.checked(max_docs=0)
Traceback (most recent call last):
...
rankbook._errors.InvalidValueError: max_docs must be a positive whole number (trec_eval's -M), got 0.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field

import numpy as np

from rankbook import _validate
from rankbook._errors import InvalidTypeError, InvalidValueError
from rankbook.io.costs import read_costs
from rankbook.io.subtopics import as_subtopic_qrels, read_intent_probabilities


@dataclass(frozen=True)
class Options:
    """How a run is evaluated, beyond which measures (see :func:`rankbook.evaluate`).

    Attributes
    ----------
    complete : bool
        Every qrels topic is evaluated, a topic the run misses scoring 0 (``-c``).
    max_docs : int or None
        Only the first ``max_docs`` documents of each topic count (``-M``).
    relevance_level : float
        The lowest grade that counts as relevant, for every measure that does not
        set its own (``-l``).
    trec_eval : str
        ``"9"`` or ``"10"``: whose conventions apply.
    judged_only : bool
        Unjudged documents leave each list before it is scored (``-J``).
    costs : dict of str to float, or None
        The cost of one item of each element type (cwl_eval's ``-c`` cost file,
        :func:`rankbook.io.read_costs`), read by the measures that need costs
        (C/W/L's EC and ETC); an item's type is the run's second column. None:
        every item costs 1.
    subtopic_qrels : pandas.DataFrame or None
        The subtopic (diversity) judgments, one row per (topic, subtopic, document)
        (:func:`rankbook.io.as_subtopic_qrels`), read by the measures that need
        subtopics (ndeval's alpha-nDCG, ERR-IA, ...). Not shown in the repr.
    intent_probabilities : pandas.DataFrame or None
        P(intent | topic), one row per (topic, intent) with columns ``query``,
        ``subtopic``, ``probability`` (:func:`rankbook.io.read_intent_probabilities`),
        read by NTCIREVAL's D- and IA-measures; None: uniform. Not shown in the repr.
    """

    complete: bool = False
    max_docs: int | None = None
    relevance_level: float = 1.0
    trec_eval: str = "9"
    judged_only: bool = False
    costs: dict | None = None
    subtopic_qrels: object = field(default=None, repr=False, compare=False)
    intent_probabilities: object = field(default=None, repr=False, compare=False)

    @classmethod
    def checked(cls, *, complete=False, max_docs=None, relevance_level=1, trec_eval="9",
                judged_only=False, costs=None, subtopic_qrels=None,
                intent_probabilities=None) -> Options:
        """The options, each checked (a clear :class:`~rankbook.InvalidValueError` if not).

        ``costs`` is a cost file's path or ``{element_type: cost}``; ``subtopic_qrels`` a
        subtopic qrels file, dict or DataFrame (:func:`rankbook.io.as_subtopic_qrels`);
        ``intent_probabilities`` an intent probability file (NTCIREVAL's ``.Iprob``), a
        DataFrame as :func:`rankbook.io.read_intent_probabilities` returns, or
        ``{topic: {intent: probability}}``.
        """
        if max_docs is not None and (isinstance(max_docs, bool) or
                                     not isinstance(max_docs, (int, np.integer)) or max_docs < 1):
            raise InvalidValueError(
                f"max_docs must be a positive whole number (trec_eval's -M), got {max_docs!r}.")
        return cls(complete=bool(complete), max_docs=None if max_docs is None else int(max_docs),
                   relevance_level=_validate.relevance_level(relevance_level),
                   trec_eval=_validate.trec_eval_version(trec_eval),
                   judged_only=bool(judged_only), costs=_costs(costs),
                   subtopic_qrels=None if subtopic_qrels is None else
                   as_subtopic_qrels(subtopic_qrels),
                   intent_probabilities=_intent_probabilities(intent_probabilities,
                                                              subtopic_qrels))


def _intent_probabilities(probabilities, subtopic_qrels):
    """P(intent | topic) as a frame (query, subtopic, probability): read, built or checked."""
    import pandas as pd

    if probabilities is None:
        return None
    if subtopic_qrels is None:
        raise InvalidValueError(
            "intent_probabilities weight the intents of subtopic judgments: pass "
            "subtopic_qrels=FILE too (rankbook eval --subtopic-qrels FILE).")
    if isinstance(probabilities, (str, bytes, os.PathLike)):
        return read_intent_probabilities(probabilities)
    if isinstance(probabilities, Mapping):
        rows = [(str(query), str(intent), value) for query, intents in probabilities.items()
                for intent, value in intents.items()]
        probabilities = pd.DataFrame(rows, columns=["query", "subtopic", "probability"])
    if not isinstance(probabilities, pd.DataFrame) or \
            not {"query", "subtopic", "probability"} <= set(probabilities.columns):
        raise InvalidTypeError(
            "intent_probabilities must be an intent probability file (topic intent "
            "probability per line, NTCIREVAL's .Iprob), {topic: {intent: probability}}, or a "
            "DataFrame with columns query, subtopic, probability; got "
            f"{type(probabilities).__name__}.")
    for value in probabilities["probability"].tolist():
        _validate.probability(value, "an intent probability", meaning="P(intent | topic)")
    return probabilities


def _costs(costs) -> dict | None:
    """A cost table: read from its file, or a mapping checked as the file's lines are."""
    if costs is None:
        return None
    if isinstance(costs, (str, bytes, os.PathLike)):
        return read_costs(costs)
    if not isinstance(costs, Mapping):
        raise InvalidTypeError(
            f"costs must be a cost file's path or a dict {{element_type: cost}}, got "
            f"{type(costs).__name__}.")
    return {str(kind): _validate.number(cost, f"costs[{kind!r}]", low=0,
                                        hint="the cost of reading one item of this type")
            for kind, cost in costs.items()}
