"""The diversity measures through rankbook.ir_measures: ir_measures' pyndeval provider.

The subtopic is the qrels' ``iteration``. Published values: ir_measures' own test,
terrierteam/ir_measures test/test_pyndeval.py (``test_ERR_IA``): ``ERR_IA@20`` is 0.4659
for topic 0, 0.1803 for topic 1, mean 0.3231 (to 4 places), on the qrels and run below.
The parity with ir_measures itself on 300 random topics is in test_parity.py.
"""

from __future__ import annotations

import math
import re

import pandas as pd
import pytest

import rankbook.ir_measures as irm
from rankbook._errors import InvalidValueError

#: ir_measures' test/test_pyndeval.py, topic subtopic document grade.
QRELS = """0 0 D0 0
0 0 D1 1
0 0 D2 1
0 1 D2 1
0 1 D3 2
0 0 D4 0
1 0 D0 1
1 0 D3 2
1 1 D5 2
"""
#: Its run (the ranks are not read: scores decide).
RUN = """0 0 D0 1 0.8 run
0 0 D2 2 0.7 run
0 0 D1 3 0.3 run
0 0 D3 4 0.4 run
0 0 D4 5 0.1 run
1 0 D1 1 0.8 run
1 0 D3 2 0.7 run
1 0 D4 3 0.3 run
1 0 D2 4 0.4 run
"""


def test_err_ia_matches_ir_measures_published_values():
    qrels = list(irm.read_trec_qrels(QRELS))
    run = list(irm.read_trec_run(RUN))
    result = list(irm.iter_calc([irm.ERR_IA @ 20], qrels, run))
    assert [m.query_id for m in result] == ["0", "1"]
    assert round(result[0].value, 4) == 0.4659
    assert round(result[1].value, 4) == 0.1803
    assert round(irm.calc_aggregate([irm.ERR_IA @ 20], qrels, run)[irm.ERR_IA @ 20], 4) == 0.3231


def test_every_qrels_form_carries_the_subtopic(tmp_path):
    records = list(irm.read_trec_qrels(QRELS))
    assert records[3] == irm.Qrel("0", "D2", 1, "1")
    path = tmp_path / "qrels"
    path.write_text(QRELS)
    expected = 0.3231  # the published mean, above
    for qrels in (pd.DataFrame(records), iter(records), records, path, str(path),
                  irm.read_trec_qrels(str(path))):
        value = irm.calc_aggregate([irm.ERR_IA @ 20], qrels, list(irm.read_trec_run(RUN)))
        assert round(value[irm.ERR_IA @ 20], 4) == expected, type(qrels)


def test_one_subtopic_a_topic_without_iteration_and_nnrbp_nan_without_relevant():
    # A dict of dicts has no iteration: one subtopic a topic, as ir_measures reads it
    # (ir_measures itself, a test dependency, is the oracle; it warns, rankbook does not).
    ir_measures = pytest.importorskip("ir_measures")
    qrels = {"q": {"a": 0, "b": 1, "c": 1}, "z": {"a": 0}}
    run = {"q": {"a": 2.0, "b": 1.0, "c": 1.5}, "z": {"a": 1.0}}
    names = ["ERR_IA@20", "nNRBP"]
    values = {(m.query_id, str(m.measure)): m.value
              for m in irm.iter_calc([irm.parse_measure(n) for n in names], qrels, run)}
    expected = {(m.query_id, str(m.measure)): m.value for m in ir_measures.iter_calc(
        [ir_measures.parse_measure(n) for n in names], qrels, run)}
    assert values[("q", "ERR_IA@20")] == pytest.approx(expected[("q", "ERR_IA@20")], abs=1e-12)
    assert values[("q", "ERR_IA@20")] > 0
    assert math.isnan(expected[("z", "nNRBP")])  # pyndeval's 0/0 ...
    assert math.isnan(values[("z", "nNRBP")])  # ... as ir_measures gives it


def test_diversity_measures_without_a_cutoff_up_to_20_are_refused():
    qrels, run = {"q": {"a": 1}}, {"q": {"a": 1.0}}
    for measure in (irm.alpha_nDCG, irm.ERR_IA @ 30):
        with pytest.raises(InvalidValueError, match=re.escape(f"Unsupported measure {measure}")):
            irm.calc_aggregate([measure], qrels, run)


def test_judged_only_is_the_run_cut_to_judged_documents():
    # ir_measures 0.4.3's pyndeval provider fails on judged_only=True; what it means to do
    # (its PyNdEvalInvoker) is keep the run's (topic, document) pairs the qrels judge.
    qrels = list(irm.read_trec_qrels(QRELS))
    run = {"0": {"D9": 0.9, "D0": 0.8, "D2": 0.7, "D8": 0.5, "D3": 0.4}, "1": {"D7": 1.0, "D3": 0.7}}
    judged = {(q.query_id, q.doc_id) for q in qrels}
    cut = {t: {d: s for d, s in docs.items() if (t, d) in judged} for t, docs in run.items()}
    for name in ("alpha_nDCG@5", "ERR_IA@20", "AP_IA", "P_IA@5"):
        measure = irm.parse_measure(name)
        wanted = irm.calc_aggregate([measure], qrels, cut)[measure]
        only = measure(judged_only=True)
        assert irm.calc_aggregate([only], qrels, run)[only] == pytest.approx(wanted, abs=1e-12)
        if name != "P_IA@5":  # (the unjudged documents move the relevant ones down)
            assert irm.calc_aggregate([measure], qrels, run)[measure] != pytest.approx(wanted)
