"""rankbook.ir_measures against ir_measures 0.4.3 itself, measure by measure, topic by topic.

ir_measures (a test dependency) and the drop-in run on the same seeded random qrels and
runs: grades 0-3, tied scores (one decimal), unjudged documents, topics only in the qrels
and topics only in the run. Every measure both offer is listed once below, by the
provider ir_measures sends it to. Each must agree in ``calc_aggregate`` and in every
``iter_calc`` value (the same (topic, measure) pairs, values within 1e-9), except gdeval's,
which gdeval.pl prints rounded to 5 decimals (``%.5f``): those agree within 5e-6.
cwl_eval's provider is slow per topic (~4 ms), so its measures run on 50 topics;
pytrec_eval's on 1,000 topics, the other providers' on 1,000 others, Compat's on 300 and
pyndeval's on 300 with 2-6 subtopics each in the qrels' iteration column (2,650 topics in all).
"""

from __future__ import annotations

import math
import random
import warnings

import pandas as pd
import pytest

ir_measures = pytest.importorskip("ir_measures")
import rankbook.ir_measures as drop_in

pytestmark = pytest.mark.slow

#: Every measure both offer, by ir_measures' provider (its default for that measure).
MEASURES = {
    "pytrec_eval": [
        "P@5", "P@10", "P(rel=2)@5", "R@10", "R(rel=2)@20", "AP", "AP(rel=2)", "AP@10", "MAP",
        "RR", "RR(rel=2)", "MRR", "Rprec", "Rprec(rel=2)", "nDCG", "nDCG@10", "NDCG@5",
        "Bpref", "Bpref(rel=2)", "infAP", "IPrec@0.5",
        "IPrec@0.0", "IPrec(rel=2)@1.0", "Success@5", "Success(rel=3)@10", "NumQ", "NumRel",
        "NumRet", "NumRelRet", "NumRet(rel=2)", "SetP", "SetRelP", "SetR", "SetF",
        "SetF(beta=0.5)", "SetAP"],
    # Apart: ir_measures puts NumRet and NumQ in whichever pytrec_eval invocation comes
    # first from a set, which may be a judged_only one (then NumRet counts judged documents).
    "pytrec_eval judged_only": ["P(judged_only=True)@5", "AP(judged_only=True)",
        "nDCG(judged_only=True)@10", "RR(judged_only=True)", "R(judged_only=True)@10",
        "Success(judged_only=True)@5", "SetP(judged_only=True)", "Rprec(judged_only=True)"],
    # Apart too: ir_measures 0.4.3 runs a gains measure in a pytrec_eval invocation of its
    # own and merges the invocations' results by trec_eval's measure name (ndcg_cut_10), so
    # with nDCG@10 or nDCG in the same call one invocation's values overwrite the other's,
    # which one depending on set order, i.e. on PYTHONHASHSEED (24 shows it: ir_measures'
    # nDCG then is 0.3413 where nDCG alone is 0.3744, and nDCG(gains=...)@10 is 0.0).
    "pytrec_eval gains": ["nDCG(gains={0:0,1:1,2:3,3:7})@10", "nDCG(gains={0:0,1:1,2:2,3:5})"],
    "judged": ["Judged@5", "Judged@100", "Judged"],
    "compat": ["Compat", "Compat(p=0.8)"],
    "msmarco": ["RR@10", "RR(rel=2)@5"],
    "accuracy": ["Accuracy", "Accuracy(rel=2)"],
    "gdeval": ["ERR@20", "ERR@5", "nDCG(dcg='exp-log2')@20", "nDCG(dcg='exp-log2')@5"],
    "cwl_eval": [
        "RBP(rel=1)", "RBP(p=0.9,rel=2)", "SDCG(max_rel=3)@10", "SDCG(max_rel=2)@5",
        "INST(T=1.0,max_rel=3)", "INSQ(T=2.0,max_rel=3)", "BPM(T=2.0,max_rel=3)@10",
        "NERR8(max_rel=3)@10", "NERR9(max_rel=3)@10", "NERR10(max_rel=3)",
        "NERR11(T=2.0,max_rel=3)", "INST(T=2.0,min_rel=1,max_rel=3)"],
    # On qrels with 2-6 subtopics a topic in the iteration column (a DataFrame), as
    # pyndeval reads them. judged_only=True is left out: ir_measures 0.4.3's pyndeval
    # provider fails on it (it indexes the run, which it has made a generator).
    # Each (rel, alpha, beta) apart: ir_measures 0.4.3 makes one pyndeval evaluator per
    # setting, and in one call with two of them the first one's values come out wrong
    # (alpha_nDCG(alpha=0.3)@10 is 0.0 beside alpha_nDCG@20, 0.3115 alone).
    "pyndeval": [
        "alpha_nDCG@20", "alpha_DCG@5", "ERR_IA@20", "nERR_IA@5", "NRBP", "nNRBP", "AP_IA",
        "P_IA@10", "StRecall@20", "ERR_IA@7"],
    "pyndeval alpha=0.3": ["alpha_nDCG(alpha=0.3)@10"],
    "pyndeval beta=0.8": ["nNRBP(beta=0.8)", "NRBP(beta=0.8)"],
    "pyndeval rel=2": ["ERR_IA(rel=2)@10", "nNRBP(rel=2)", "alpha_nDCG(rel=2)@20", "AP_IA(rel=2)"],
}
#: gdeval.pl prints %.5f.
TOLERANCE = {"gdeval": 5e-6 + 1e-12}  # half a unit of the 5th decimal
TOPICS = {"cwl_eval": 50, "pytrec_eval": 1000, "other": 1000, "compat": 300, "pyndeval": 300}
#: ir_measures gives each measure to the first provider that supports it; these are the
#: collections of the providers not named in TOPICS.


def random_collection(seed: int, topics: int, ties: bool = True):
    """Qrels and run: grades 0-3, tied scores, unjudged documents, one-sided topics.

    Without ``ties``, scores are distinct and positive: Compat's ideal ranking in
    ir_measures breaks score ties by qrels order and the run's by document id, which
    rankbook's ``compatibility`` does not reproduce (the page says so).
    """
    rng = random.Random(seed)
    qrels, run = {}, {}
    for t in range(topics):
        qid = str(100 + t)  # numeric: gdeval.pl reads only numeric topics
        pool = [f"d{rng.randrange(10_000)}" for _ in range(rng.randint(4, 30))]
        pool = list(dict.fromkeys(pool))
        if t % 25 != 1:  # every 25th topic is only in the run
            qrels[qid] = {d: rng.choice((0, 0, 0, 1, 1, 2, 3)) for d in pool}
        if t % 25 != 2:  # and another only in the qrels
            retrieved = rng.sample(pool, rng.randint(1, len(pool)))
            retrieved.append(f"u{t}")  # unjudged, so Accuracy always has a non-relevant one
            retrieved += [f"u{t}x{i}" for i in range(rng.randint(0, 8))]
            rng.shuffle(retrieved)
            run[qid] = {d: round(rng.random() * 2, 1) if ties else 1 + i / 64
                        for i, d in enumerate(retrieved)}
    return qrels, run


def with_subtopics(seed: int, qrels: dict):
    """The qrels as ir_measures' DataFrame, each judgment spread over 2-6 subtopics."""
    rng, rows = random.Random(seed), []
    for qid, docs in qrels.items():
        subtopics = [f"s{i}" for i in range(rng.randint(2, 6))]
        for doc, grade in docs.items():
            for subtopic in rng.sample(subtopics, rng.randint(1, len(subtopics))):
                rows.append((qid, subtopic, doc, grade if rng.random() < 0.6 else 0))
    return pd.DataFrame(rows, columns=["query_id", "iteration", "doc_id", "relevance"])


@pytest.fixture(scope="module")
def collections():
    made = {name: random_collection(seed, topics, ties=name != "compat")
            for seed, (name, topics) in enumerate(TOPICS.items(), start=30)}
    qrels, run = made["pyndeval"]
    made["pyndeval"] = with_subtopics(35, qrels), run
    return made


def _cases(collections):
    for provider, names in MEASURES.items():
        collection = provider.split()[0]
        qrels, run = collections[collection if collection in collections else "other"]
        yield provider, names, qrels, run


def _per_topic(metrics):
    table = {}
    for metric in metrics:
        key = (metric.query_id, str(metric.measure))
        assert key not in table, f"{key} yielded twice"
        table[key] = metric.value
    return table


def _close(a: float, b: float, tolerance: float) -> bool:
    return (math.isnan(a) and math.isnan(b)) or abs(a - b) <= tolerance


def _evaluate_both(names, qrels, run):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        theirs = ir_measures.calc([ir_measures.parse_measure(n) for n in names], qrels, run)
        ours = drop_in.calc([drop_in.parse_measure(n) for n in names], qrels, run)
    return theirs, ours


def test_every_shared_measure_agrees_with_ir_measures(collections):
    for provider, names, qrels, run in _cases(collections):
        tolerance = TOLERANCE.get(provider, 1e-9)
        theirs, ours = _evaluate_both(names, qrels, run)
        for name in names:
            a = theirs.aggregated[ir_measures.parse_measure(name)]
            b = ours.aggregated[drop_in.parse_measure(name)]
            assert _close(a, b, tolerance), (provider, name, a, b)
        expected, got = _per_topic(theirs.per_query), _per_topic(ours.per_query)
        assert expected.keys() == got.keys(), (provider, expected.keys() ^ got.keys())
        wrong = [(k, expected[k], got[k]) for k in expected
                 if not _close(expected[k], got[k], tolerance)]
        assert not wrong, (provider, len(wrong), wrong[:5])


def test_accuracy_alone_leaves_unreported_topics_out_as_ir_measures_does(collections):
    qrels, run = collections["other"]
    theirs, ours = _evaluate_both(["Accuracy"], qrels, run)
    assert _per_topic(theirs.per_query).keys() == _per_topic(ours.per_query).keys()
    assert len(ours.per_query) < len(qrels)  # some topics retrieve no relevant document
    [a], [b] = theirs.aggregated.values(), ours.aggregated.values()
    assert abs(a - b) <= 1e-9


def test_iter_calc_and_calc_aggregate_agree_with_ir_measures_on_all_measures_at_once(collections):
    qrels, run = collections["cwl_eval"]
    names = [n for provider, names in MEASURES.items() for n in names
             if provider not in ("cwl_eval", "pytrec_eval judged_only", "pytrec_eval gains",
                                 "compat") and not provider.startswith("pyndeval ")]
    # (pyndeval's measures here on a dict of dicts: one subtopic a topic, as ir_measures
    # reads it, with its warning; one setting, see MEASURES)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        measures = [ir_measures.parse_measure(n) for n in names]
        expected = _per_topic(ir_measures.iter_calc(measures, qrels, run))
        got = _per_topic(drop_in.iter_calc([drop_in.parse_measure(n) for n in names], qrels, run))
        aggregate = drop_in.calc_aggregate([drop_in.parse_measure(n) for n in names], qrels, run)
    assert expected.keys() == got.keys()
    assert all(_close(expected[k], got[k], TOLERANCE["gdeval"]) for k in expected)
    assert len(aggregate) == len(set(measures))  # MAP is AP and MRR is RR, in both
    # (Compat is left out: its ideal ranking breaks score ties differently, see above)


def test_providers_with_different_tie_orders_agree_on_a_run_without_ties(collections):
    # Without tied scores every provider's order is trec_eval's, and the drop-in evaluates
    # them in one rankbook.evaluate call (issue 32's speed): still ir_measures' values.
    qrels, run = collections["compat"]  # distinct scores
    names = ["P@10", "nDCG@10", "AP", "Judged@10", "RR@10", "Compat", "Accuracy"]
    theirs, ours = _evaluate_both(names, qrels, run)
    for name in names:
        a = theirs.aggregated[ir_measures.parse_measure(name)]
        b = ours.aggregated[drop_in.parse_measure(name)]
        assert _close(a, b, 1e-9), (name, a, b)
    assert _per_topic(theirs.per_query).keys() == _per_topic(ours.per_query).keys()
