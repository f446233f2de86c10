"""rankbook.ir_measures' public names, in a script as ir_measures users write it, and its inputs.

Expected values and printings come from ir_measures 0.4.3 itself, run in the test on the
same objects (an independent implementation), or from published values (cited).
"""

from __future__ import annotations

import ast
import re
import warnings
from collections import namedtuple
from pathlib import Path

import pandas as pd
import pytest

import rankbook.ir_measures as irm
from rankbook._errors import InputFileError, InvalidTypeError, InvalidValueError

ir_measures = pytest.importorskip("ir_measures")

DATA = Path(__file__).parents[1] / "data" / "ir_measures"
WRITTEN = ["nDCG@10", "P(rel=2)@5", "AP(rel=2)", "RBP(p=0.9, rel=1)", "nDCG(dcg='exp-log2')@20",
           "Judged@10", "INSQ(T=2.0)", "IPrec@0.5", "R@100", "RR", "Rprec", "Bpref", "NumRet",
           "NumRel", "NumRelRet", "NumQ", "SetP", "SetR", "SetF", "SetAP", "Success@10", "infAP",
           "ERR@20", "SDCG(max_rel=3)@10", "INST(T=1.0)", "BPM(T=2.0, max_rel=3)@10",
           "NERR8(max_rel=1)@10", "NERR11(T=2.0, max_rel=3)", "Compat(p=0.95)", "Accuracy",
           "MAP", "MRR", "NDCG", "SetRelP", "alpha_nDCG@20", "ERR_IA@20", "α_nDCG",
           "nDCG(gains={0:0,1:1,2:3})@5", "RBP(rel=1)@10", "Compat(normalize=False)"]


def test_every_measure_prints_hashes_and_compares_as_in_ir_measures():
    for text in WRITTEN:
        ours, theirs = irm.parse_measure(text), ir_measures.parse_measure(text)
        assert (str(ours), repr(ours)) == (str(theirs), repr(theirs)), text
        assert ours == irm.parse_measure(repr(ours)) and hash(ours) == hash(irm.parse_measure(str(ours)))
    assert irm.nDCG @ 10 == irm.parse_measure("nDCG@10") != irm.nDCG @ 20
    assert str(irm.RBP(p=0.9)(rel=1)) == str(ir_measures.RBP(p=0.9)(rel=1))
    assert (irm.P @ 5)["rel"] == 1 and irm.RBP["p"] == ir_measures.RBP["p"] == 0.8


def test_parse_trec_measure_gives_ir_measures_objects():
    for name in ("map", "P", "P.5,10", "P_5", "ndcg_cut.10", "ndcg", "recall.100", "success",
                 "iprec_at_recall", "set_F.0.5", "num_rel_ret", "recip_rank", "map_cut_5,10"):
        assert [str(m) for m in irm.parse_trec_measure(name)] == \
            [str(m) for m in ir_measures.parse_trec_measure(name)], name
    with pytest.raises(InvalidValueError, match="no measure object"):
        irm.parse_trec_measure("gm_map")
    with pytest.raises(InvalidValueError, match="unknown trec_eval measure 'P@5'"):
        irm.parse_trec_measure("P@5")


def test_bad_measure_strings_raise_ir_measures_exception_types():
    with pytest.raises(NameError, match="measure not found: 'Foo'"):
        irm.parse_measure("Foo@5")
    with pytest.raises(ValueError, match="parameters must be named"):
        irm.parse_measure("P(5)")
    with pytest.raises(ValueError, match="problem parsing measure"):
        irm.parse_measure("P@")


def test_measures_no_provider_or_no_row_has_are_refused_by_name():
    qrels, run = {"q": {"a": 1}}, {"q": {"a": 1.0}}
    for measure in (irm.Compat(normalize=False),):
        with pytest.raises(InvalidValueError, match=re.escape(f"{measure} is not yet available")):
            irm.calc_aggregate([measure], qrels, run)
    for measure in (irm.RBP, irm.ERR, irm.NumRel(rel=2)):
        with pytest.raises(InvalidValueError, match=re.escape(f"Unsupported measure {measure}:")):
            irm.calc_aggregate([measure], qrels, run)
        with pytest.raises(ValueError, match="Unsupported measures"):  # as ir_measures
            ir_measures.calc_aggregate([ir_measures.parse_measure(str(measure))], qrels, run)
    with pytest.raises(InvalidValueError, match="max_rel is required"):
        irm.calc_aggregate([irm.INST(T=1.0)], qrels, run)
    with pytest.raises(InvalidValueError, match="cutoff=5.0 must be of type int"):
        irm.calc_aggregate([irm.P @ 5.0], qrels, run)


def test_a_script_using_every_public_name():
    """The published values: ir_measures' tests (tests/test_compat.py, test_judged.py)."""
    qrels = irm.read_trec_qrels(str(DATA / "compat.qrels"))
    run = irm.read_trec_run(str(DATA / "compat.run"))
    evaluator = irm.evaluator([irm.Compat(p=0.95), irm.Judged @ 10, irm.MAP], qrels)
    assert isinstance(evaluator, irm.Evaluator)
    per_topic = {(m.query_id, str(m.measure)): m.value for m in evaluator.iter_calc(run)}
    assert per_topic[("31_1", "Compat")] == pytest.approx(0.51779512165509, abs=1e-12)
    assert per_topic[("31_2", "Compat")] == pytest.approx(0.018400100569017922, abs=1e-12)
    aggregated = evaluator.calc_aggregate(irm.read_trec_run(str(DATA / "compat.run")))
    assert aggregated[irm.Compat] == pytest.approx(0.268097611, abs=1e-9)
    theirs = ir_measures.calc_aggregate(
        [ir_measures.Judged @ 10, ir_measures.MAP],
        ir_measures.read_trec_qrels(str(DATA / "compat.qrels")),
        ir_measures.read_trec_run(str(DATA / "compat.run")))
    assert aggregated[irm.Judged @ 10] == theirs[ir_measures.Judged @ 10]
    assert aggregated[irm.AP] == pytest.approx(theirs[ir_measures.AP], abs=1e-12)
    result = irm.calc([irm.P @ 5, irm.NumQ], [irm.Qrel("1", "a", 1)], [irm.ScoredDoc("1", "a", 2.0)])
    assert isinstance(result, irm.CalcResults) and result.aggregated == {irm.P @ 5: 0.2, irm.NumQ: 1}
    assert result.per_query[0] == irm.Metric("1", irm.P @ 5, 0.2)
    assert (irm.P @ 5).calc_aggregate({"1": {"a": 1}}, {"1": {"a": 2.0}}) == 0.2
    [cwl] = irm.iter_calc([irm.RBP(rel=1)], {"1": {"a": 1}}, {"1": {"a": 2.0}})
    assert isinstance(cwl, irm.CwlMetric) and cwl.value == pytest.approx(0.2)


def test_pyterrier_and_ir_datasets_inputs_give_ir_measures_values():
    pt_qrels = pd.DataFrame({"qid": ["1", "1", "2"], "docno": ["a", "b", "c"], "label": [2, 0, 1]})
    pt_run = pd.DataFrame({"qid": ["1", "1", "2"], "docno": ["b", "a", "c"],
                           "score": [3.0, 2.0, 1.0], "rank": [0, 1, 0]})
    TrecQrel = namedtuple("TrecQrel", "query_id doc_id relevance iteration")
    irds = (TrecQrel(q, d, g, "0") for q, d, g in pt_qrels.itertuples(index=False))
    measures = [irm.nDCG @ 10, irm.P @ 1, irm.RR]
    expected = ir_measures.calc_aggregate(
        [ir_measures.parse_measure(str(m)) for m in measures],
        {"1": {"a": 2, "b": 0}, "2": {"c": 1}}, {"1": {"b": 3.0, "a": 2.0}, "2": {"c": 1.0}})
    for qrels in (pt_qrels, irds):
        got = irm.calc_aggregate(measures, qrels, pt_run)
        assert [got[m] for m in measures] == [expected[ir_measures.parse_measure(str(m))]
                                              for m in measures]


def test_a_pyterrier_result_frame_is_read_by_qid_and_docno_not_query_and_docid():
    res = pd.DataFrame({"qid": ["1", "1"], "docid": [10, 11], "docno": ["a", "b"],
                        "rank": [0, 1], "score": [2.0, 1.0], "query": ["cheap flights"] * 2})
    qrels = pd.DataFrame({"qid": ["1"], "docno": ["a"], "label": [1], "docid": [10],
                          "query": ["cheap flights"]})
    assert irm.calc_aggregate([irm.P @ 1], qrels, res) == {irm.P @ 1: 1.0}
    with pytest.raises(InputFileError, match="line 1: column 'label' holds text"):
        irm.calc_aggregate([irm.P @ 1], qrels.assign(label=["1"]), res)


def test_hostile_inputs_name_the_column_or_the_item():
    run = {"1": {"a": 1.0}}
    with pytest.raises(InputFileError, match="qrels items .*line 2: column 'relevance' holds text"):
        irm.calc_aggregate([irm.P @ 5], iter([irm.Qrel("1", "a", 1), irm.Qrel("1", "b", "x")]), run)
    with pytest.raises(InvalidTypeError, match=r"qrels item 2 \(counted from 1\) is a tuple"):
        irm.calc_aggregate([irm.P @ 5], [irm.Qrel("1", "a", 1), ("1", "b", 1)], run)
    with pytest.raises(InvalidTypeError, match="run item 1 .* has no field score"):
        irm.calc_aggregate([irm.P @ 5], {"1": {"a": 1}}, [irm.Qrel("1", "a", 1)])
    with pytest.raises(InputFileError, match="no document column.*'docnumber'"):
        irm.calc_aggregate([irm.P @ 5], pd.DataFrame({"qid": ["1"], "docnumber": ["a"],
                                                      "label": [1]}), run)
    with pytest.raises(InputFileError, match="judged twice"):
        irm.calc_aggregate([irm.P @ 5], [irm.Qrel("1", "a", 1), irm.Qrel("1", "a", 2)], run)
    with pytest.raises(InputFileError, match="'score' holds nan"):
        irm.calc_aggregate([irm.P @ 5], {"1": {"a": 1}},
                           pd.DataFrame({"query_id": ["1"], "doc_id": ["a"], "score": [float("nan")]}))


def test_a_generator_is_read_once_and_run_only_topics_are_reported():
    qrels = (irm.Qrel("1", d, 1) for d in "ab")
    with pytest.warns(UserWarning, match="1 topic\\(s\\) of the run are not in the qrels.*'9'"):
        result = irm.calc_aggregate([irm.P @ 2], qrels, {"1": {"a": 1.0}, "9": {"z": 1.0}})
    assert result == {irm.P @ 2: 0.5}


def test_the_package_imports_nothing_from_ir_measures():
    for path in Path(irm.__file__).parent.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else \
                [node.module or ""] if isinstance(node, ast.ImportFrom) else []
            assert not any(n == "ir_measures" or n.startswith("ir_measures.") for n in names), path


def test_ties_follow_each_provider_order_as_ir_measures():
    qrels = {"1": {"a": 1, "b": 0, "c": 1}}
    run = {"1": {"b": 1.0, "c": 1.0, "a": 1.0}}  # all tied: each provider orders its own way
    names = ["P@1", "RR@1", "Judged@1", "RBP(p=0.5,rel=1)", "ERR@1", "Accuracy"]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        theirs = ir_measures.calc_aggregate([ir_measures.parse_measure(n) for n in names], qrels, run)
    ours = irm.calc_aggregate([irm.parse_measure(n) for n in names], qrels, run)
    assert [round(ours[irm.parse_measure(n)], 5) for n in names] == \
        [round(theirs[ir_measures.parse_measure(n)], 5) for n in names]


def test_the_shortcuts_of_one_measure():
    qrels, run = {"1": {"a": 1, "b": 0}}, {"1": {"a": 1.0, "b": 2.0}}
    assert (irm.P @ 1).calc(qrels, run) == irm.CalcResults(0.0, [irm.Metric("1", irm.P @ 1, 0.0)])
    assert list(irm.RR.iter_calc(qrels, run)) == [irm.Metric("1", irm.RR, 0.5)]
    assert irm.RR.evaluator(qrels).calc_aggregate(run) == {irm.RR: 0.5}


#: ir_measures' tests/test_cwl_eval.py (terrierteam/ir_measures 0.4.3) on cwl's own test files
#: (tests/cwl.qrels, tests/cwl.run: cwl's qrel_file and result_file), topics T1, T2, T3.
PUBLISHED_CWL = {
    "AP": (0.7087, 0.7438, 0.3068), "INST(T=1.0,max_rel=1)": (0.7934, 0.9226, 0.0888),
    "INSQ(T=1.0,max_rel=1)": (0.5872, 0.6629, 0.0880), "BPM(T=2.0,max_rel=1)@10": (0.6667, 1.0, 0.2857),
    "SDCG(max_rel=1)@10": (0.5645, 0.6531, 0.2848), "RBP(p=0.9,rel=1)": (0.3501, 0.3996, 0.1988),
}
PUBLISHED_CWL_T3 = {"RR": 0.1667, "NERR9(max_rel=1)@10": 0.0680, "NERR11(T=2.0,max_rel=1)": 0.0691}


def test_cwl_eval_measures_give_ir_measures_published_values():
    folder = Path(irm.__file__).parents[1] / "data" / "cwl"
    measures = [irm.parse_measure(n) for n in [*PUBLISHED_CWL, *PUBLISHED_CWL_T3]]
    values = {(m.query_id, str(m.measure)): m.value for m in irm.iter_calc(
        measures, irm.read_trec_qrels(str(folder / "qrel_file")),
        irm.read_trec_run(str(folder / "result_file")))}
    for name, published in PUBLISHED_CWL.items():
        measure = str(irm.parse_measure(name))
        assert [round(values[(t, measure)], 4) for t in ("T1", "T2", "T3")] == list(published)
    for name, published in PUBLISHED_CWL_T3.items():
        assert round(values[("T3", str(irm.parse_measure(name)))], 4) == published
