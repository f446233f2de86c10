"""The registry's rows carry several parameters and quantities (issue 36, item 1).

A row names its parameters (each an argument of its function), the quantities it gives per
topic, and what it needs beyond grades (costs); a column is keyed by (name, parameter
values, quantity); a measure's own relevance level (``P(rel=2)@5``) is a parameter of the
measure. The oracles: pytrec_eval (trec_eval 9's C code) at ``relevance_level=2`` for the
measures' own level, and cwl-eval 1.0.12 run in the test, in process and as its console
script, for the five C/W/L numbers of ``CWL-RBP`` with and without a cost file, plus the
values cwl-eval prints on its own test files (quoted in src/rankbook/data/cwl/README.md).
"""

from __future__ import annotations

import inspect
import pickle
import random
import re
import shutil
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import rankbook as rb
from rankbook._errors import InvalidValueError
from rankbook.evaluation import _evaluate_textbook, parse_measures
from rankbook.metrics.registry import METRICS
from rankbook.metrics.spec import ParamValues

CWL = rb.datasets.cwl_sample()[0].parent  # cwl_eval's test files, package data
QUANTITIES = ("EU", "ETU", "EC", "ETC", "ED")


def _unknown_keywords(row) -> list[str]:
    """The parameters of ``row`` whose keyword its function's signature does not have."""
    arguments = inspect.signature(row.function).parameters
    return [p.symbol for p in row.params if p.keyword is None or p.keyword not in arguments]


def test_every_parameter_names_an_argument_of_its_function():
    checked = [row for row in METRICS if row.function is not None and row.params]
    assert len(checked) >= 35
    assert {row.name: _unknown_keywords(row) for row in checked if _unknown_keywords(row)} == {}
    # the check can fail: a row whose parameter fills an argument the function lacks
    p_at_k = next(row for row in METRICS if row.name == "P@k")
    wrong = type(p_at_k.params[0])("k", int, keyword="cutoff")
    assert _unknown_keywords(rb.metrics.spec.Metric(
        name="P@k", function=p_at_k.function, family="Set-based", page=p_at_k.page,
        summary="x", params=(wrong,))) == ["k"]


def test_columns_are_keyed_by_name_parameter_values_and_quantity():
    p5, own, cwl = parse_measures(["P@5", "P(rel=2)@5", "CWL-RBP(p=0.5, depth=10):ETC"])
    assert p5.key == ("P@k", ParamValues((("k", 5),)), None)
    assert own.key == ("P@k", ParamValues((("k", 5), ("rel", 2.0))), None)
    assert cwl.key == ("CWL-RBP", ParamValues((("p", 0.5), ("depth", 10))), "ETC")
    assert pickle.loads(pickle.dumps(cwl.key)) == cwl.key  # sent to worker processes
    assert p5.arguments(3.0) == ParamValues((("k", 5), ("rel", 3.0)))  # rel: the evaluation's
    assert own.arguments(3.0) == ParamValues((("k", 5), ("rel", 2.0)))


@pytest.mark.parametrize("text, message", [
    ("P(k=5)", "write P@k's cut-off after @"),
    ("P(rell=2)@5", "P@k has no parameter 'rell' (its parameters: k, rel)"),
    ("P(rel=0)@5", "relevance_level must be a finite number in (0, inf]"),
    ("P(rel=2", "parameters go in one pair of parentheses"),
    ("CWL-P()@5", "the parentheses are empty"),  # (P()@5 is ir_measures' P@5)
    ("AP:ETU", "AP has no quantity 'ETU'; it gives one number per topic"),
    ("CWL-RBP:XX", "its quantities are EU, ETU, EC, ETC, ED"),
    ("CWL-RBP(depth=0)", "'0' is not a positive whole number"),
])
def test_bad_parameters_and_quantities_are_refused_clearly(text, message):
    with pytest.raises(InvalidValueError, match=re.escape(message)):
        parse_measures(text)


def _graded_collection(seed: int):
    rng = random.Random(seed)
    qrels, run = {}, {}
    for t in range(25):
        docs = [f"d{i}" for i in range(30)]
        qrels[f"q{t:02d}"] = {d: rng.choice((0, 0, 1, 1, 2, 3)) for d in rng.sample(docs, 20)}
        run[f"q{t:02d}"] = {d: round(rng.random(), 3) for d in rng.sample(docs, 25)}
    return qrels, run


# rankbook's name with its own level -> pytrec_eval's name (evaluated at relevance_level=2)
OWN_LEVEL = {"P(rel=2)@5": "P_5", "AP(rel=2)": "map", "R-prec(rel=2)": "Rprec",
             "R(rel=2)@10": "recall_10", "bpref(rel=2)": "bpref", "RR(rel=2)": "recip_rank",
             "SetF(rel=2)": "set_F", "AP(rel=2)@10": "map_cut_10"}
DEFAULT_LEVEL = {"P@5": "P_5", "AP": "map", "bpref": "bpref"}


@pytest.mark.parametrize("path", ["batch", "textbook"])
def test_a_measures_own_relevance_level_is_trec_evals_at_that_level(path):
    pytrec_eval = pytest.importorskip("pytrec_eval")
    qrels, run = _graded_collection(36)
    evaluate = rb.evaluate if path == "batch" else _evaluate_textbook
    ours = evaluate(qrels, run, [*OWN_LEVEL, *DEFAULT_LEVEL])  # the evaluation's level: 1
    for level, names in ((2, OWN_LEVEL), (1, DEFAULT_LEVEL)):
        oracle = pytrec_eval.RelevanceEvaluator(qrels, set(names.values()),
                                                relevance_level=level).evaluate(run)
        for mine, theirs in names.items():
            expected = [oracle[topic][theirs] for topic in sorted(oracle)]
            assert ours[mine].drop("all").tolist() == pytest.approx(expected, abs=1e-12), mine
    assert (ours["P(rel=2)@5"] != ours["P@5"]).any()  # the two levels do differ here


def _cwl_eval_in_process(gains, costs, persistence):
    """cwl_eval's five numbers for RBP with these gains and costs (its Ranking and metric)."""
    ranking_module = pytest.importorskip("cwl.ruler.ranking")
    rbp_module = pytest.importorskip("cwl.ruler.measures.cwl_rbp")
    ranking = ranking_module.Ranking("T", list(gains), list(costs))
    measure = rbp_module.RBPCWLMetric(persistence)
    measure.measure(ranking)
    return measure.get_scores()


@pytest.mark.parametrize("persistence", [0.2, 0.8, 0.95])
def test_cwl_rbp_with_costs_is_cwl_evals_to_the_last_digits(persistence):
    rng = np.random.default_rng(36)
    gains = rng.choice([0.0, 0.5, 1.0], size=60).tolist()
    costs = rng.choice([1.0, 2.0, 5.0], size=60).tolist()
    ours = rb.cwl_rank_biased_precision(gains, persistence, costs=costs)
    assert np.allclose(ours, _cwl_eval_in_process(gains, costs, persistence), rtol=0, atol=1e-12)


def _cwl_eval_console(tmp_path: Path, *extra: str) -> dict:
    cwl_eval = shutil.which("cwl-eval", path=str(Path(sys.executable).parent))
    if cwl_eval is None:
        pytest.skip("cwl-eval (the test extra cwl-eval==1.0.12) is not installed")
    (tmp_path / "metrics").write_text("RBPCWLMetric(0.8)\nRBPCWLMetric(0.5)\n")
    printed = subprocess.run(
        [cwl_eval, str(CWL / "qrel_file"), str(CWL / "result_file"), "-m", "metrics", *extra],
        cwd=tmp_path, check=True, capture_output=True, text=True).stdout
    rows = [line.split("\t") for line in printed.splitlines() if line.strip()]
    return {(topic, metric): [float(v) for v in values] for topic, metric, *values in rows}


@pytest.mark.parametrize("with_costs", [False, True])
def test_cwl_rbp_evaluated_from_files_is_the_cwl_eval_console_scripts(tmp_path, with_costs):
    extra = ("-c", str(CWL / "cost_file")) if with_costs else ()
    printed = _cwl_eval_console(tmp_path, *extra)
    costs = CWL / "cost_file" if with_costs else None
    ours = rb.evaluate(str(CWL / "qrel_file"), str(CWL / "result_file"),
                       ["CWL-RBP@0.8", "CWL-RBP(p=0.5)"], costs=costs)
    assert len(printed) == 6
    for (topic, metric), values in printed.items():
        label = "CWL-RBP@0.8" if metric == "RBP@0.8" else "CWL-RBP(p=0.5)"
        mine = [ours.loc[topic, f"{label}:{q}"] for q in QUANTITIES]
        assert mine == pytest.approx(values, abs=0.5e-4 + 1e-12), (topic, metric)
    # cwl-eval 1.0.12 on its own test files, topic T1 (EU ETU EC ETC ED), without costs
    if not with_costs:
        t1 = [ours.loc["T1", f"CWL-RBP@0.8:{q}"] for q in QUANTITIES]
        assert [round(v, 4) for v in t1] == [0.5164, 2.5819, 1.0, 5.0, 5.0]
    else:  # an item of type E3 costs 5: the expected cost per item read rises above 1
        assert ours.loc["T1", "CWL-RBP@0.8:EC"] > 1.0


def test_costs_are_read_only_from_a_run_file_and_filled_only_when_needed(tmp_path):
    qrels, run = str(CWL / "qrel_file"), str(CWL / "result_file")
    costs = {"E1": 1.0, "E2": 2.0, "E3": 5.0}
    with pytest.raises(InvalidValueError, match="pass the run as a file"):
        rb.evaluate(qrels, rb.io.as_run(run), ["CWL-RBP"], costs=costs)
    with pytest.raises(InvalidValueError, match="pass stream=False with costs"):
        rb.evaluate(qrels, run, ["CWL-RBP"], costs=costs, stream=True)
    with pytest.raises(InvalidValueError, match="'E3'"):  # a type the table lacks is named
        rb.evaluate(qrels, run, ["CWL-RBP"], costs={"E1": 1.0, "E2": 2.0})
    # measures that read no costs take the batch path, the costs aside, with the same values
    plain = rb.evaluate(qrels, run, ["P@5", "AP"])
    assert rb.evaluate(qrels, run, ["P@5", "AP"], costs=costs).equals(plain)
