"""ir_measures' README examples, run unchanged after ``import rankbook.ir_measures as ir_measures``.

The code is the README of ir-measures 0.4.3 (terrierteam/ir_measures, README.md, "Python
API" and the qrels and run forms), with its import line changed; the expected values are
the ones the README prints in its comments. Left out: ``read_trec_qrels('qrels.txt')``
(the README has no such file; tests/ir_measures/test_api.py reads a TREC file) and
``ir_datasets.load('trec-robust04')`` (a download; ir_datasets-style named tuples are
tested in test_api.py).
"""

from __future__ import annotations

import pandas as pd
import pytest

from rankbook import ir_measures
from rankbook.ir_measures import *

README_QRELS = {
    'Q0': {"D0": 0, "D1": 1},
    "Q1": {"D0": 0, "D3": 2}
}
README_RUN = {
    'Q0': {"D0": 1.2, "D1": 1.0},
    "Q1": {"D0": 2.4, "D3": 3.6}
}
#: The README's comment after calc_aggregate.
PUBLISHED_AGGREGATE = "{AP: 0.75, nDCG: 0.8154648767857288, RR: 0.75, nDCG@10: 0.8154648767857288, P(rel=2)@10: 0.05}"
#: The README's comment after iter_calc (the lines, in another order here).
PUBLISHED_PER_QUERY = """Metric(query_id='Q0', measure=AP, value=0.5)
Metric(query_id='Q0', measure=RR, value=0.5)
Metric(query_id='Q0', measure=nDCG, value=0.6309297535714575)
Metric(query_id='Q0', measure=nDCG@10, value=0.6309297535714575)
Metric(query_id='Q1', measure=AP, value=1.0)
Metric(query_id='Q1', measure=RR, value=1.0)
Metric(query_id='Q1', measure=nDCG, value=1.0)
Metric(query_id='Q1', measure=nDCG@10, value=1.0)
Metric(query_id='Q0', measure=P(rel=2)@10, value=0.0)
Metric(query_id='Q1', measure=P(rel=2)@10, value=0.1)"""


def _readme_python_api(qrels, run, capsys):
    # aggregated results
    aggregated = ir_measures.calc_aggregate([AP, nDCG, RR, nDCG@10, P(rel=2)@10], qrels, run)
    # by query
    for m in ir_measures.iter_calc([AP, nDCG, RR, nDCG@10, P(rel=2)@10], qrels, run):
        print(m)
    return str(aggregated), capsys.readouterr().out


def _qrels_forms():
    yield README_QRELS
    yield pd.DataFrame([
        {'query_id': "Q0", 'doc_id': "D0", 'relevance': 0},
        {'query_id': "Q0", 'doc_id': "D1", 'relevance': 1},
        {'query_id': "Q1", 'doc_id': "D0", 'relevance': 0},
        {'query_id': "Q1", 'doc_id': "D3", 'relevance': 2},
    ])
    yield [
        ir_measures.Qrel("Q0", "D0", 0),
        ir_measures.Qrel("Q0", "D1", 1),
        ir_measures.Qrel("Q1", "D0", 0),
        ir_measures.Qrel("Q1", "D3", 2),
    ]


def _run_forms():
    yield README_RUN
    yield pd.DataFrame([
        {'query_id': "Q0", 'doc_id': "D0", 'score': 1.2},
        {'query_id': "Q0", 'doc_id': "D1", 'score': 1.0},
        {'query_id': "Q1", 'doc_id': "D0", 'score': 2.4},
        {'query_id': "Q1", 'doc_id': "D3", 'score': 3.6},
    ])
    yield [
        ir_measures.ScoredDoc("Q0", "D0", 1.2),
        ir_measures.ScoredDoc("Q0", "D1", 1.0),
        ir_measures.ScoredDoc("Q1", "D0", 2.4),
        ir_measures.ScoredDoc("Q1", "D3", 3.6),
    ]


@pytest.mark.parametrize("qrels_form", range(3))
@pytest.mark.parametrize("run_form", range(3))
def test_readme_python_api_prints_the_published_results_for_every_input_form(
        qrels_form, run_form, capsys):
    qrels = list(_qrels_forms())[qrels_form]
    run = list(_run_forms())[run_form]
    aggregated, per_query = _readme_python_api(qrels, run, capsys)
    assert aggregated == PUBLISHED_AGGREGATE
    assert sorted(per_query.splitlines()) == sorted(PUBLISHED_PER_QUERY.splitlines())


def test_readme_measure_objects_print_and_compare_as_in_ir_measures():
    assert [str(m) for m in (AP, nDCG, RR, nDCG@10, P(rel=2)@10)] == [
        "AP", "nDCG", "RR", "nDCG@10", "P(rel=2)@10"]
    assert ir_measures.parse_measure("MAP") == AP and ir_measures.parse_measure("NDCG@10") == nDCG@10
