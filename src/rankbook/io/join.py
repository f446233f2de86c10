r"""The join: each run row's grade from the qrels row with the same (topic, doc), in arrays.

io owns the array form end to end: it reads the files into it (:mod:`rankbook.io.convert`),
and it joins a run to its judgments here, so that the batch evaluator
(:mod:`rankbook.evaluation.batch`) asks for one thing, :func:`join_run`, and computes measures.

:func:`join_run` numbers the topics of both sides in string order (C's ``strcmp`` order on
UTF-8 bytes) and tells which are evaluated: those of the qrels, and with ``complete`` only
those also in the run (trec_eval's ``-c``). :meth:`JoinedRun.ranked_grades` then gives each
kept run row its topic and grade (NaN: unjudged), in trec_eval's order
(:mod:`rankbook.io.order`: score descending, ties by docid descending).

Documents are joined to their judgments by hash keys of (topic, doc), each match then
checked byte for byte, so a hash collision can never give a wrong grade
(:func:`rankbook.io.fast.join_grades`, part of the fenced speed machinery).
"""

from __future__ import annotations

import numpy as np

from rankbook.io import arrays, fast
from rankbook.io.convert import refuse_duplicates
from rankbook.io.order import compared_scores, order_rows


def join_run(qrels: arrays.Judgments, run: arrays.Ranking, *, complete: bool) -> "JoinedRun":
    """A run and its judgments joined, topic by topic, in the array form.

    The topics are numbered at once (:class:`JoinedRun` says which are evaluated and which
    are on one side only); the grades of the run's rows come with
    :meth:`JoinedRun.ranked_grades`. The run's arrays are released as they are used: the
    caller should not use ``run`` after.

    Parameters
    ----------
    qrels : rankbook.io.arrays.Judgments
        The judgments (:func:`rankbook.io.convert.as_judgments`).
    run : rankbook.io.arrays.Ranking
        The run (:func:`rankbook.io.convert.as_ranking`).
    complete : bool
        Evaluate every topic of the qrels (trec_eval's ``-c``), not only those in the run.

    Returns
    -------
    JoinedRun
    """
    return JoinedRun(qrels, run, complete)


class JoinedRun:
    """A run joined to its judgments (see :func:`join_run`).

    Attributes
    ----------
    topics : list of str
        The evaluated topics, in string order; topic index t is ``topics[t]``.
    only_run, only_qrels : list of str
        Topics of one side only, in string order.
    judged_topic, judged_grade : numpy.ndarray
        Topic index and grade of each judgment of an evaluated topic (qrels order), once
        :meth:`ranked_grades` has run.
    """

    def __init__(self, qrels: arrays.Judgments, run: arrays.Ranking, complete: bool):
        universe, q_code, r_code = arrays.topic_codes(qrels.query, run.query)
        in_qrels, in_run = (np.bincount(c, minlength=len(universe)) > 0 for c in (q_code, r_code))
        run.query = r_code  # the run's topic ids are not needed again: keep only their codes
        self.qrels, self.run, self.universe = qrels, run, universe
        self.in_qrels, self.in_run = in_qrels, in_run
        self.only_run = arrays.text_ids(arrays.pick(universe, in_run & ~in_qrels))
        self.only_qrels = arrays.text_ids(arrays.pick(universe, in_qrels & ~in_run))
        wanted = in_qrels if complete else in_qrels & in_run
        self.topics = arrays.text_ids(arrays.pick(universe, wanted))
        # topic index 0..T-1 of each code (-1: not evaluated)
        self.index_of = np.where(wanted, np.cumsum(wanted) - 1, -1).astype(np.int32)
        self.q_code = q_code
        self.judged_topic = self.judged_grade = None  # set by ranked_grades

    def run_topics(self) -> list:
        """Every topic of the run, in string order (for a message)."""
        return arrays.text_ids(arrays.pick(self.universe, self.in_run))

    def qrels_topics(self) -> list:
        """Every topic of the qrels, in string order (for a message)."""
        return arrays.text_ids(arrays.pick(self.universe, self.in_qrels))

    def ranked_grades(self, trec_eval: str) -> tuple[np.ndarray, np.ndarray]:
        """Topic index and grade (NaN: unjudged) of each kept run row, in trec_eval's order.

        Rows of topics that are not evaluated are left out (as trec_eval ignores topics
        only in the run); a document listed twice in one topic is refused
        (:func:`rankbook.io.convert.refuse_duplicates`, :func:`rankbook.io.convert.as_run`'s
        error). Called once: the run's arrays are released.
        """
        run, qrels, index_of, q_code = self.run, self.qrels, self.index_of, self.q_code
        self.run = None
        r_code = run.query
        grade, run.doc, twice = fast.join_grades(q_code, index_of[q_code], qrels.doc, qrels.grade,
                                                 r_code, run.doc, index_of.size)
        if twice:
            run.query = arrays.pick(self.universe, r_code)  # the ids again, for the message
            refuse_duplicates(run)  # raises, with as_run's message
        keep = index_of[r_code] >= 0
        r_docs, r_score = run.doc, run.score
        run.query = run.doc = run.score = run.lines = None  # free them as soon as possible
        if not keep.all():  # topics only in the run are ignored, as trec_eval does
            r_code, r_score, grade = r_code[keep], r_score[keep], grade[keep]
            r_docs = arrays.pick(r_docs, keep)
        del keep
        r_topic = index_of[r_code]
        del r_code
        order = order_rows(r_topic, compared_scores(r_score, trec_eval), r_docs)
        del r_score, r_docs
        q_topic = index_of[q_code]
        self.judged_topic, self.judged_grade = q_topic[q_topic >= 0], qrels.grade[q_topic >= 0]
        return r_topic[order], grade[order]
