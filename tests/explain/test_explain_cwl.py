"""The hand calculation of every C/W/L measure (rankbook.explain.families.cwl) against cwl_eval.

Oracles: cwl-eval 1.0.12 itself (Azzopardi, Thomas and Moffat, SIGIR 2019;
https://github.com/ireval/cwl), run in process through its ``Ranking`` (padded to its
``max_n`` 1000) and its measure classes, at full precision; and the values published for its
test file's topic T1 (gains 1 0 1 1 - - 1 0 1 0): ir_measures 0.4.3's tests/test_cwl_eval.py
(terrierteam/ir_measures) and the rows cwl-eval 1.0.12 prints for it on those files.
The columns are checked against each other over the whole padded list: the W(i) sum to 1, the
L(i) to 1 minus the chance of reading past rank 1000, and the contributions W(i)·g_i to EU.
"""

from __future__ import annotations

import logging
import math

import numpy as np
import pytest

import rankbook as rb
from rankbook._errors import InvalidValueError
from rankbook.explain.families.cwl import MODELS

ruler = pytest.importorskip("cwl.ruler.cwl_ruler")
bpm = pytest.importorskip("cwl.ruler.measures.cwl_bpm")
umeasure = pytest.importorskip("cwl.ruler.measures.cwl_umeasure")
tbg = pytest.importorskip("cwl.ruler.measures.cwl_tbg")
ift = pytest.importorskip("cwl.ruler.measures.cwl_ift")
nerr = pytest.importorskip("cwl.ruler.measures.cwl_nerr")
rbp = pytest.importorskip("cwl.ruler.measures.cwl_rbp")
Ranking = pytest.importorskip("cwl.ruler.ranking").Ranking
logging.getLogger("cwl").disabled = True  # cwl_eval logs every vector at DEBUG

DEPTH = 1000  # cwl_eval's max_n
T1 = [1, 0, 1, 1, None, None, 1, 0, 1, 0]

# metric -> cwl_eval's measure with the parameters the explainer takes by default (the
# registry row's: what `rankbook eval -m NAME` computes)
CWL_EVAL = {
    "CWL-RBP": lambda: rbp.RBPCWLMetric(0.8),
    "CWL-P@k": lambda: ruler.PrecisionCWLMetric(10),
    "SDCG@k": lambda: ruler.NDCGCWLMetric(10),
    "CWL-RR": lambda: ruler.RRCWLMetric(),
    "CWL-AP": lambda: ruler.APCWLMetric(),
    "INST": lambda: ruler.INSTCWLMetric(1.0),
    "INSQ": lambda: ruler.INSQCWLMetric(1.0),
    "BPM@k": lambda: bpm.BPMCWLMetric(1.0, 10),
    # cwl_eval 1.0.12 never moves K, whatever its hc: rankbook's hc = 0 is that
    "BPM-Dynamic@k": lambda: bpm.BPMDCWLMetric(1.0, 10, 1.0, 1.0, 0.5),
    "U": lambda: umeasure.UMeasureCWLMetric(1000),
    "TBG": lambda: tbg.TBGCWLMetric(224),
    "IFT-C1": lambda: ift.IFTGoalCWLMetric(2.0, 0.9, 10),
    "IFT-C2": lambda: ift.IFTRateCWLMetric(0.2, 0.9, 10),
    "IFT-C1-C2": lambda: ift.IFTGoalRateCWLMetric(2.0, 0.9, 10, 0.2, 0.9, 10),
    "NERR8@k": lambda: nerr.NERReq8CWLMetric(10),
    "NERR9@k": lambda: nerr.NERReq9CWLMetric(10),
    "NERR10": lambda: nerr.NERReq10CWLMetric(0.9),
    "NERR11": lambda: nerr.NERReq11CWLMetric(1.0),
}

LISTS = {
    "T1": T1,
    "graded": [0.5, None, 1, 0, 0.25, 1, 0],
    "no gain": [0, 0, None, 0],
}


def _cwl_eval(metric, gains, costs=None) -> np.ndarray:
    """cwl_eval's EU, ETU, EC, ETC, ED on this list (unjudged: NaN, its lower bound 0)."""
    as_nan = np.array([np.nan if g is None else g for g in gains], dtype=float)
    ranking = Ranking("T", as_nan, np.ones(len(gains)) if costs is None else
                      np.array(costs, dtype=float), max_n=DEPTH)
    metric.measure(ranking)
    return np.array(metric.get_scores())


def test_every_cwl_measure_is_explained():
    from rankbook.metrics.registry import METRICS

    cwl = {m.name for m in METRICS if m.quantities == ("EU", "ETU", "EC", "ETC", "ED")}
    assert cwl == set(MODELS) == set(CWL_EVAL)
    assert len(cwl) == 18


@pytest.mark.parametrize("metric", sorted(CWL_EVAL))
def test_the_explainers_eu_is_cwl_evals(metric):
    for name, gains in LISTS.items():
        ex = rb.explain(gains, metric=metric)
        expected = _cwl_eval(CWL_EVAL[metric](), gains)
        assert ex.value() == pytest.approx(expected[0], abs=1e-12), (name, ex.value(), expected)
        # the running EU at the last typed rank: the padded ranks add nothing
        assert ex.value(len(gains)) == ex.value(DEPTH)


@pytest.mark.parametrize("metric", sorted(CWL_EVAL))
def test_the_columns_add_up_over_the_padded_list(metric):
    ex = rb.explain(T1, metric=metric)
    rows = [ex.values_at(k) for k in range(1, DEPTH + 1)]
    weights = [row["W(i)"] for row in rows]
    last = [row["L(i)"] for row in rows]
    reach = [row["reach"] for row in rows]
    continuation = [row["C(i)"] for row in rows]
    assert math.fsum(weights) == pytest.approx(1.0, abs=1e-12)
    past_the_end = reach[-1] * continuation[-1]   # the chance of reading on past rank 1000
    assert math.fsum(last) == pytest.approx(1.0 - past_the_end, abs=1e-12)
    assert math.fsum(row["W·g"] for row in rows) == pytest.approx(ex.value(), abs=1e-12)
    assert reach[0] == 1.0
    assert np.allclose(reach[1:], np.array(reach[:-1]) * continuation[:-1], rtol=0,
                       atol=1e-15)
    # ED = 1/W(1): the expected depth cwl_eval prints
    ed = _cwl_eval(CWL_EVAL[metric](), T1)[4]
    assert 1.0 / weights[0] == pytest.approx(ed, rel=1e-12)


def test_a_name_or_an_option_sets_the_models_parameters():
    by_name = rb.explain(T1, metric="INST(T=2)")
    by_option = rb.explain(T1, metric="INST", T=2)
    expected = _cwl_eval(ruler.INSTCWLMetric(2.0), T1)[0]
    assert by_name.value() == by_option.value() == pytest.approx(expected, abs=1e-12)
    at_five = rb.explain(T1, metric="CWL-P@5")
    assert at_five.value() == pytest.approx(_cwl_eval(ruler.PrecisionCWLMetric(5), T1)[0],
                                            abs=1e-12)
    bpm_named = rb.explain(T1, metric="BPM(T=2)@10")
    assert bpm_named.value() == pytest.approx(_cwl_eval(bpm.BPMCWLMetric(2.0, 10), T1)[0],
                                              abs=1e-12)
    with pytest.raises(InvalidValueError, match="does not take depth"):
        rb.explain(T1, metric="CWL-AP(depth=100)")


def test_costs_per_rank_are_cwl_evals_costs():
    costs = [1, 2, 5, 1, 2, 2, 1, 5, 1, 2]     # cwl_eval's element types E1, E2, E3: 1, 2, 5
    for metric, measure in (("U", umeasure.UMeasureCWLMetric(20)),
                            ("IFT-C2", ift.IFTRateCWLMetric(0.2, 0.9, 10))):
        options = {"L": 20} if metric == "U" else {}
        ex = rb.explain(T1, metric=metric, costs=costs, **options)
        expected = _cwl_eval(measure, T1, costs)
        assert ex.value() == pytest.approx(expected[0], abs=1e-12)
        assert ex.values_at(3)["c_i"] == 5
        assert f"EC = Σ W(i)·c_i = {expected[2]:.4f}" in str(ex.show_work())


# T1's EU as published: ir_measures 0.4.3 tests/test_cwl_eval.py ("based on a manual execution
# of cwl-eval") and the rows cwl-eval 1.0.12 prints for T1 (P@5, RBP@0.8, AP, INST-T=1.0)
PUBLISHED_T1 = [
    ("INST", {"T": 1}, "0.7934"), ("INSQ", {"T": 1}, "0.5872"), ("CWL-AP", {}, "0.7087"),
    ("CWL-RBP", {"persistence": 0.8}, "0.5164"), ("CWL-RBP", {"persistence": 0.9}, "0.3501"),
    ("BPM@k", {"T": 2, "K": 10}, "0.6667"), ("SDCG@k", {"k": 10}, "0.5645"),
    ("CWL-P@k", {"k": 5}, "0.6000"),
]


@pytest.mark.parametrize("metric, options, published", PUBLISHED_T1)
def test_topic_t1_gives_the_published_value(metric, options, published):
    assert f"{rb.explain(T1, metric=metric, **options).value():.4f}" == published


def test_inst_t1_worked_formulas_read_as_by_hand():
    # INST(T=1) at rank 3 of T1: T_3 = 1 - (1 + 0 + 1) = -1, C(3) = (2/3)^2, reach(3) =
    # C(1)·C(2) = (1/2)^2·(2/3)^2 = 1/9, and the whole EU is T1's published 0.7934
    work = str(rb.explain(T1, metric="INST", T=1).show_work(3))
    assert "T_3 = T - (g_1 + ... + g_3) = 1 - 2 = -1" in work
    assert "C(3) = ((i + T + T_3 - 1)/(i + T + T_3))^2 = ((3 + 1 + (-1) - 1)/(3 + 1 + (-1)))^2 = " \
           f"{4 / 9:.4f}" in work
    assert f"reach(3) = reach(2)·C(2) = 0.2500·0.4444 = {1 / 9:.4f}" in work
    assert "EU = Σ W(i)·g_i over the 1000 ranks = 0.7934" in work
    assert "the padded ranks 11 to 1000" in work


def test_the_command_line_prints_the_table(capsys):
    from rankbook.cli import main

    main(["explain", "1", "0", "1", "1", "-", "-", "1", "0", "1", "0", "--metric", "INST",
          "--T", "1"])
    out = capsys.readouterr().out
    header = out.splitlines()[0].split()
    assert header == ["k", "grade", "g_i", "C(i)", "reach", "W(i)", "L(i)", "W·g", "EU@k"]
    assert out.splitlines()[10].split()[-1] == "0.7934"      # rank 10: T1's published EU
