r"""Evaluate a run against relevance judgments, exactly as trec_eval 9.x (or 10.0) does.

:func:`evaluate` reads the qrels and the run (paths, dicts or DataFrames, see
:mod:`rankbook.io`), orders each topic's documents the way trec_eval does
(score descending, ties by document id descending; the rank column is
ignored), looks up each document's grade (unjudged documents have grade 0),
and computes each measure per topic through its entry in the metric registry
(:mod:`rankbook.metrics.registry`), which calls the textbook function of
:mod:`rankbook.metrics`. The summary row ``"all"`` is formed by each entry's
summary rule: the mean over topics, the sum for the ``num_*`` counts, the
geometric mean for ``gm_map``.

| module | what |
| --- | --- |
| `measures` | measure names, canonical and trec_eval notation (from the registry) |
| `per_topic` | the per-topic path: each topic's data, each measure's adapter |
| `batch`, `kernels` | the batch path: the run joined to its grades by io (:func:`rankbook.io.join.join_run`), one kernel per measure |
| `summary` | the `all` row and the DataFrame |
| `trec_text` | trec_eval's text layout |
| `topics`, `pipeline` | one-sided topics; choosing the path |
| `stream`, `many`, `dask_engine` | at scale: a run read by topic blocks; many runs in parallel; the Dask engine |

Measure names
-------------
Both notations are accepted, canonical (``P@10``, ``nDCG@10``, ``AP``) and
trec_eval's (``P_10``, ``P.5,10``, ``ndcg_cut.10``, ``map``); a trec_eval
family name without a parameter means trec_eval's default parameters (``P`` is
P_5 ... P_1000), and ``all_trec`` every measure of trec_eval's ``-m
all_trec``. The table of every name is ``measure_table()``
(`rankbook.evaluation.measure_lists`), written from the registry; the guide
*Evaluating runs* shows it (docs/guide/evaluating_runs.md, "Measure names").
"""

from __future__ import annotations

from collections.abc import Sequence

from rankbook.evaluation.many import evaluate_many
from rankbook.evaluation.measures import DEFAULT_MEASURES, Measure, parse_measures
from rankbook.evaluation.options import Options
from rankbook.evaluation.pipeline import evaluate_table
from rankbook.evaluation.summary import SUMMARY_ROW, to_frame
from rankbook.evaluation.topics import TopicMismatchWarning
from rankbook.evaluation.trec_text import format_trec

__all__ = ["evaluate", "evaluate_many", "format_trec", "parse_measures", "Measure", "TopicMismatchWarning",
           "DEFAULT_MEASURES", "SUMMARY_ROW"]


def evaluate(
    qrels,
    run,
    measures: str | Sequence[str] | None = None,
    *,
    per_query: bool = True,
    complete: bool = False,
    max_docs: int | None = None,
    relevance_level: float = 1,
    trec_eval: str = "9",
    judged_only: bool = False,
    progress: bool = False,
    stream: bool = False,
    engine: str = "serial",
    client=None,
    costs=None,
    subtopic_qrels=None,
    intent_probabilities=None,
):
    r"""Score a run against relevance judgments, per topic and overall, as trec_eval does.

    For each topic, the run's documents are ordered by score descending,
    ties broken by document id descending (trec_eval's rule; the rank column
    is ignored; with trec_eval 9 scores are compared as C floats), cut at ``max_docs``, and turned into the list of their grades
    (unjudged documents: grade 0). Each measure is then the textbook function
    of :mod:`rankbook.metrics` applied to that list, with $R$ = the topic's
    judged documents with grade $\ge$ ``relevance_level`` and, for nDCG, the
    ideal ranking built from every judged grade of the topic (negative grades
    have gain 0). The summary row ``"all"`` is

    $$\bar m = \frac{1}{|Q|} \sum_{q \in Q} m_q$$

    where $Q$ is the set of evaluated topics: those in both the run and the
    qrels, or with ``complete=True`` every qrels topic (a topic missing from
    the run scores 0, as trec_eval's ``-c``). Counts (``num_ret``,
    ``num_rel``, ``num_rel_ret``) are summed and ``gm_map`` is the geometric
    mean of AP (floor $10^{-5}$): each measure's summary rule is in the
    registry (:mod:`rankbook.metrics.registry`). With ``complete=True`` the summary
    of ``num_rel`` is, as trec_eval's ``-c`` prints it, the number of judgments with a
    grade above 0 in the whole qrels, whatever ``relevance_level``, ``judged_only``
    and ``max_docs`` say. Topics only in the run are ignored, as in
    trec_eval; topics only on one side are listed in
    ``result.attrs["only_in_run"]`` / ``["only_in_qrels"]`` and reported with a
    :class:`TopicMismatchWarning`.

    Parameters
    ----------
    qrels : str, os.PathLike, dict, pandas.DataFrame or None
        The judgments: a TREC qrels file, ``{qid: {docid: grade}}`` or a
        DataFrame with columns query, doc, grade (see :func:`rankbook.io.as_qrels`).
        None with ``subtopic_qrels``: each document's best grade over its subtopics,
        and the topics of the subtopic judgments.
    run : str, os.PathLike, dict or pandas.DataFrame
        The ranked results: a TREC run file, ``{qid: {docid: score}}`` or a
        DataFrame with columns query, doc, score.
    measures : str or sequence of str, optional
        Measure names in canonical (``"P@10"``, ``"nDCG@10"``, ``"AP"``) or
        trec_eval notation (``"P_10"``, ``"P.5,10"``, ``"ndcg_cut.10"``,
        ``"map"``); see the module docstring for the full table. Default:
        trec_eval's default set.
    per_query : bool, default True
        Include one row per topic (trec_eval's ``-q``); False gives the
        summary row only.
    complete : bool, default False
        Average over every topic of the qrels, scoring 0 for a topic the run
        misses (trec_eval's ``-c``).
    max_docs : int, optional
        Evaluate only the first ``max_docs`` documents of each topic, after
        ordering (trec_eval's ``-M``). Default: all.
    relevance_level : float, default 1
        Lowest grade that counts as relevant (trec_eval's ``-l``); must be
        > 0. nDCG uses the grades themselves and ignores it, as trec_eval does.
    trec_eval : {"9", "10"}, default "9"
        Whose conventions to follow. ``"9"``: trec_eval 9.x and pytrec_eval,
        which read scores as C ``float`` (scores closer than float32 can tell
        apart tie, and ties go to the document id) and find interpolated
        precision's cut-offs as $\lfloor r R + 0.9 \rfloor$. ``"10"``: trec_eval
        10.0, which keeps scores as doubles and uses $\operatorname{lround}(r R)$;
        :func:`format_trec` then also prints the topics ``complete=True``
        scores 0. See the conventions page.
    judged_only : bool, default False
        Evaluate each topic's list with its unjudged documents removed, the
        others moving up (trec_eval's ``-J``, ir_measures' ``judged_only``):
        documents not in the qrels and documents with a negative grade go, after
        the ``max_docs`` cut, as trec_eval does it. The rule is
        :func:`rankbook.judged_only`'s.
    progress : bool, default False
        Print progress on stderr when reading or evaluating takes more than a
        couple of seconds (the command line turns it on).
    stream : bool, default False
        Read the run file one block of whole topics at a time instead of whole
        (the qrels are read whole): memory bounded by the block and the largest
        topic, not by the run; the same result. Each topic's lines must be
        together in the file (a topic that comes back is refused, with the
        ``sort`` command that fixes it). ``run`` must then be a path. See the
        guide *Evaluating at scale*.
    engine : {"serial", "dask"}, default "serial"
        With ``stream=True``, ``"dask"`` evaluates the topic blocks on a Dask
        cluster (one run partitioned by topic: no shuffle), with the same result;
        it needs ``pip install rankbook[dask]``. For many runs see
        :func:`rankbook.evaluate_many`.
    client : distributed.Client, optional
        The Dask cluster for ``engine="dask"``; default: a local cluster with one
        process per CPU, closed at the end.
    costs : str, os.PathLike or dict, optional
        The cost of one item of each element type, for the measures that read
        costs (C/W/L's EC and ETC, e.g. ``CWL-RBP``): a cwl_eval cost file
        (``element_type cost`` per line, :func:`rankbook.io.read_costs`) or
        ``{element_type: cost}``. Each document's element type is the run
        file's second column (cwl_eval's layout), so ``run`` must then be a
        file. Default: every item costs 1.
    subtopic_qrels : str, os.PathLike, dict or pandas.DataFrame, optional
        Subtopic (diversity) judgments, ``topic subtopic docid grade`` per line (TREC
        Web track, ndeval's input; :func:`rankbook.io.as_subtopic_qrels`), for the
        measures that read them (``alpha_nDCG@20``, ``ERR_IA@20``, ``NRBP``, ``AP_IA``,
        ``P_IA@20``, ``StRecall@20``, ...; :mod:`rankbook.metrics.registry_diversity`).
        Each topic's list is the run's in trec_eval's order (ndeval sorts by the rank
        column unless ``-traditional``: give runs whose ranks follow the scores).
    intent_probabilities : str, os.PathLike, dict or pandas.DataFrame, optional
        P(intent | topic) for NTCIREVAL's D-, D#- and IA-measures (``D#-nDCG@10``,
        ``IA-nERR@10``, ...; :mod:`rankbook.metrics.registry_ntcir_diversity`): an intent
        probability file (``topic intent probability`` per line, NTCIREVAL's ``.Iprob``,
        :func:`rankbook.io.read_intent_probabilities`) or ``{topic: {intent: p}}``. An
        intent the file does not list weighs 0 (NTCIREVAL's rule). Default: uniform over
        each topic's intents with a relevant document.

    Returns
    -------
    pandas.DataFrame
        Index: topic ids in string order, then ``"all"``. One column per
        measure, named as given (a family such as ``"P"`` or ``"P.5,10"``
        expands to trec_eval names ``P_5``, ``P_10``). ``.attrs`` holds
        ``runid``, ``num_q``, ``only_in_run`` and ``only_in_qrels``.

    Raises
    ------
    rankbook.InputFileError
        If a file or structure is malformed (see :mod:`rankbook.io`).
    rankbook.InvalidValueError
        For an unknown measure name, a bad option, or when no topic is both
        in the run and in the qrels (and ``complete`` is False).

    See Also
    --------
    rankbook.io.as_qrels, rankbook.io.as_run : the accepted inputs.

    References
    ----------
    NIST (2008-2015). trec_eval 9.0, https://github.com/usnistgov/trec_eval.

    Examples
    --------
    Two topics; topic ``q1`` has its two relevant documents at ranks 1 and 3:

    >>> qrels = {"q1": {"a": 1, "b": 0, "c": 1}, "q2": {"x": 2}}
    >>> run = {"q1": {"a": 0.9, "b": 0.8, "c": 0.7}, "q2": {"x": 0.5, "y": 0.9}}
    >>> evaluate(qrels, run, ["P@2", "AP", "num_rel_ret"])
           P@2        AP  num_rel_ret
    query
    q1     0.5  0.833333            2
    q2     0.5  0.500000            1
    all    0.5  0.666667            3
    """
    options = Options.checked(complete=complete, max_docs=max_docs,
                              relevance_level=relevance_level, trec_eval=trec_eval,
                              judged_only=judged_only, costs=costs,
                              subtopic_qrels=subtopic_qrels,
                              intent_probabilities=intent_probabilities)
    table = evaluate_table(qrels, run, measures, options, progress=progress, stream=stream,
                           engine=engine, client=client)
    return to_frame(table, per_query)


def _evaluate_textbook(qrels, run, measures: str | Sequence[str] | None = None, *,
                       per_query: bool = True, complete: bool = False,
                       max_docs: int | None = None, relevance_level: float = 1,
                       trec_eval: str = "9", judged_only: bool = False):
    """:func:`evaluate` by the per-topic path: each textbook function called once per topic.

    The reference the batch path (:mod:`rankbook.evaluation.batch`) is tested against; same
    arguments and result as :func:`evaluate`.
    """
    options = Options.checked(complete=complete, max_docs=max_docs,
                              relevance_level=relevance_level, trec_eval=trec_eval,
                              judged_only=judged_only)
    table = evaluate_table(qrels, run, measures, options, batch_path=False)
    return to_frame(table, per_query)
