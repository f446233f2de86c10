"""The C/W/L user models of cwl_eval 1.0.12 (BPM, U-measure, TBG, IFT, NERR) against cwl_eval.

The oracle is cwl_eval itself, in process: its metric classes scoring its ``Ranking`` (the
same arithmetic as its console script, at full precision), on its own test files
(rankbook.datasets.cwl_sample(), with and without its cost file, directly and through rb.evaluate), and on
the values ir_measures 0.4.3 publishes for those files (terrierteam/ir_measures,
tests/test_cwl_eval.py, "based on a manual execution of cwl-eval"). On 2,000 seeded random
topics each model's continuation is cwl_eval's (its ``c_vector``; see that test for why).
Tolerance 1e-12: the two compute the same sums in another order (cwl_eval's U-measure and
TBG weigh rank i by W(i) directly, rankbook by the product of the ratios C(j) =
W(j+1)/W(j)); the largest difference seen is about 1e-15.
"""

from __future__ import annotations

import logging
from pathlib import Path

import numpy as np
import pytest

import rankbook as rb
from rankbook._errors import InvalidValueError
from rankbook.metrics.cwl import cwl_quantities

bpm = pytest.importorskip("cwl.ruler.measures.cwl_bpm")
umeasure = pytest.importorskip("cwl.ruler.measures.cwl_umeasure")
tbg = pytest.importorskip("cwl.ruler.measures.cwl_tbg")
ift = pytest.importorskip("cwl.ruler.measures.cwl_ift")
nerr = pytest.importorskip("cwl.ruler.measures.cwl_nerr")
Ranking = pytest.importorskip("cwl.ruler.ranking").Ranking
logging.getLogger("cwl").disabled = True  # cwl_eval logs every vector at DEBUG

CWL = rb.datasets.cwl_sample()[0].parent  # cwl_eval's test files, package data


def _pairs(p: dict):
    """(cwl_eval's metric, rankbook's call) for every model, with the parameters ``p``."""
    return [
        (bpm.BPMCWLMetric(p["T"], p["K"]),
         lambda g, c, d: rb.cwl_bejewelled_player(g, p["T"], p["K"], depth=d, costs=c)),
        (bpm.BPMDCWLMetric(p["T"], p["K"], p["h"], p["h"], p["med"]),
         lambda g, c, d: rb.cwl_bejewelled_player(g, p["T"], p["K"], hb=p["h"],
                                                  gain_median=p["med"], depth=d, costs=c)),
        (umeasure.UMeasureCWLMetric(p["L"]),
         lambda g, c, d: rb.cwl_u_measure(g, p["L"], depth=d, costs=c)),
        (tbg.TBGCWLMetric(p["H"]),
         lambda g, c, d: rb.cwl_time_biased_gain(g, p["H"], depth=d, costs=c)),
        (ift.IFTGoalCWLMetric(p["T"], p["b"], p["R"]),
         lambda g, c, d: rb.cwl_ift_goal(g, p["T"], p["b"], p["R"], depth=d, costs=c)),
        (ift.IFTRateCWLMetric(p["A"], p["b"], p["R"]),
         lambda g, c, d: rb.cwl_ift_rate(g, p["A"], p["b"], p["R"], depth=d, costs=c)),
        (ift.IFTGoalRateCWLMetric(p["T"], p["b"], p["R"], p["A"], p["b"], p["R"]),
         lambda g, c, d: rb.cwl_ift_goal_rate(g, p["T"], p["b"], p["R"], p["A"], p["b"],
                                              p["R"], depth=d, costs=c)),
        (nerr.NERReq8CWLMetric(p["k"]),
         lambda g, c, d: rb.cwl_nerr8(g, p["k"], depth=d, costs=c)),
        (nerr.NERReq9CWLMetric(p["k"]),
         lambda g, c, d: rb.cwl_nerr9(g, p["k"], depth=d, costs=c)),
        (nerr.NERReq10CWLMetric(p["phi"]),
         lambda g, c, d: rb.cwl_nerr10(g, p["phi"], depth=d, costs=c)),
        (nerr.NERReq11CWLMetric(p["T"]),
         lambda g, c, d: rb.cwl_nerr11(g, p["T"], depth=d, costs=c)),
    ]


DEFAULTS = dict(T=2.0, K=10, h=1.0, med=0.5, L=50, H=22, A=0.2, b=0.9, R=10, k=10, phi=0.8)


def _cwl_eval(metric, gains, costs, depth):
    """cwl_eval's five numbers for ``metric`` on this list (NaN gain: unjudged)."""
    ranking = Ranking("T", np.array(gains, dtype=float),
                      np.ones(len(gains)) if costs is None else np.array(costs, dtype=float),
                      max_n=depth)
    metric.measure(ranking)
    return np.array(metric.get_scores())


def _read_files():
    """cwl_eval's test files: per topic, the gains (NaN unjudged) and costs in run order."""
    qrels = {(t, d): float(g) for t, _, d, g in
             (line.split() for line in (CWL / "qrel_file").read_text().splitlines())}
    cost_of = dict(line.split() for line in (CWL / "cost_file").read_text().splitlines())
    topics: dict[str, tuple[list, list]] = {}
    for topic, element, doc, *_ in (line.split() for line in
                                    (CWL / "result_file").read_text().splitlines()):
        gains, costs = topics.setdefault(topic, ([], []))
        gains.append(qrels.get((topic, doc), np.nan))
        costs.append(float(cost_of[element]))
    return topics


@pytest.mark.parametrize("with_costs", [False, True])
def test_every_model_is_cwl_evals_on_its_test_files(with_costs):
    for topic, (gains, costs) in _read_files().items():
        costs = costs if with_costs else None
        for metric, ours in _pairs(DEFAULTS):
            expected = _cwl_eval(metric, gains, costs, 1000)
            assert np.allclose(ours(gains, costs, 1000), expected, rtol=1e-12, atol=1e-12), \
                (topic, metric.name())


def test_every_row_evaluated_from_the_files_is_cwl_evals():
    rows = ["BPM(T=2)@10", "BPM-Dynamic(T=2, gain_med=0.5)@10", "U(L=50)", "TBG(H=22)",
            "IFT-C1(T=2, b1=0.9, R1=10)", "IFT-C2(A=0.2, b2=0.9, R2=10)",
            "IFT-C1-C2(T=2, b1=0.9, R1=10, A=0.2, b2=0.9, R2=10)", "NERR8@10", "NERR9@10",
            "NERR10(p=0.8)", "NERR11(T=2)"]
    table = rb.evaluate(str(CWL / "qrel_file"), str(CWL / "result_file"), rows,
                        costs=str(CWL / "cost_file"))
    assert table.shape[1] == 5 * len(rows)
    for topic, (gains, costs) in _read_files().items():
        for row, (metric, _) in zip(rows, _pairs(DEFAULTS)):
            got = table.loc[topic, [f"{row}:{q}" for q in ("EU", "ETU", "EC", "ETC", "ED")]]
            assert np.allclose(got.to_numpy(float), _cwl_eval(metric, gains, costs, 1000),
                               rtol=1e-12, atol=1e-12), (topic, row)


# ir_measures 0.4.3, tests/test_cwl_eval.py (cwl-eval run by hand on these files), topics T1,
# T2, T3, EU to 4 decimals; the grades are 0/1, so ir_measures' max_rel=1 changes nothing.
PUBLISHED = {
    "BPM(T=2.0)@10": (0.6667, 1.0, 0.2857),
    "BPM(T=1.0)@20": (1.0, 1.0, 0.1667),
    "NERR8@10": (1.0, 1.0, 0.1667),
    "NERR9@10": (1.0, 1.0, 0.0680),
    "NERR10(p=0.8)": (1.0, 1.0, 0.0888),
    "NERR11(T=2.0)": (1.0, 1.0, 0.0691),
}


def test_the_published_values_through_evaluate():
    table = rb.evaluate(str(CWL / "qrel_file"), str(CWL / "result_file"), list(PUBLISHED))
    for name, values in PUBLISHED.items():
        got = table.loc[["T1", "T2", "T3"], f"{name}:EU"].round(4).tolist()
        assert got == list(values), name


def _random_topics(seed: int = 30, n: int = 2000):
    """Seeded topics: unjudged documents, graded gains in [0, 1], costs or none, short depths."""
    rng = np.random.default_rng(seed)
    topics = []
    for _ in range(n):
        length = int(rng.integers(0, 12))
        gains = rng.choice([0.0, 0.0, 0.25, 0.5, 1.0, np.nan], length)
        costs = rng.choice([0.5, 1.0, 2.0, 5.0], length) if rng.random() < 0.5 else None
        depth = int(rng.choice([2, 5, 10, 15]))  # cut and padded lists both
        params = dict(T=float(rng.choice([0.5, 1.0, 2.0, 3.0])), K=float(rng.choice([3, 5.5, 10])),
                      h=float(rng.choice([0.5, 1.0])), med=float(rng.choice([0.25, 0.5])),
                      L=float(rng.choice([5, 20, 1000])), H=float(rng.choice([2, 22, 224])),
                      A=float(rng.choice([0.1, 0.5])), b=float(rng.choice([0.5, 0.9])),
                      R=float(rng.choice([1, 10])), k=int(rng.integers(1, 12)),
                      phi=float(rng.choice([0.5, 0.9])))
        topics.append((gains, costs, depth, params))
    return topics


@pytest.mark.slow
def test_every_model_is_cwl_evals_on_2000_random_topics():
    # cwl_eval's model is its continuation vector C (its c_vector): the five numbers follow
    # from C by the framework's sums, which the tests above check against cwl_eval's own
    # (its measure()). Its measure() formats every vector for its debug log, ~1 ms a call:
    # 22,000 calls would take 20 s, so here each model's C is cwl_eval's and the sums are
    # rankbook's core (rankbook.metrics.cwl.cwl_quantities, itself checked against cwl_eval
    # in tests/metrics/test_cwl.py).
    worst = 0.0
    for gains, costs, depth, params in _random_topics():
        ranking = Ranking("T", gains, np.ones(len(gains)) if costs is None else costs,
                          max_n=depth)
        padded = ranking.get_gain_vector(), ranking.get_cost_vector()
        for metric, ours in _pairs(params):
            expected = cwl_quantities(padded[0], metric.c_vector(ranking), padded[1])
            got = ours([None if np.isnan(g) else g for g in gains], costs, depth)
            assert np.all(np.isfinite(expected)), metric.name()
            worst = max(worst, float(np.max(np.abs(np.subtract(got, expected))
                                            / np.maximum(1, np.abs(expected)))))
    assert worst < 1e-12


def test_u_measure_over_one_rank_where_cwl_eval_divides_by_zero():
    # cwl_eval normalises U's weights over the first D - 1 ranks: for D = 1 that is 0 / 0,
    # so EU, EC and ED (from W) are NaN; ETU and ETC (from L) are the one rank's.
    with np.errstate(invalid="ignore"):
        cwl = _cwl_eval(umeasure.UMeasureCWLMetric(10), [0.5], None, 1)
    assert np.isnan(cwl[[0, 2, 4]]).all() and cwl[[1, 3]].tolist() == [0.5, 1.0]
    # rankbook reads the one rank: W(1) = 1 (the weights sum to 1), so EU is its gain.
    assert rb.cwl_u_measure([0.5], 10, depth=1) == (0.5, 0.5, 1.0, 1.0, 1.0)


def test_bpm_dynamic_cost_bound_both_ways():
    # cwl_eval 1.0.12 never moves K (its loop updates T): hc=0, rankbook's default, is that.
    gains = [1, 1, 1, 0, 0, 0]
    cwl = _cwl_eval(bpm.BPMDCWLMetric(10, 3, 1.0, 1.0, 0.5), gains, None, 10)
    assert np.allclose(rb.cwl_bejewelled_player(gains, 10, 3, hb=1.0, depth=10), cwl,
                       rtol=0, atol=1e-15)
    # Zhang et al.'s K_m = K + hc sum_{j<m} (g_j - 1/2): K_1 = 3, K_2 = 3.5, K_3 = 4, K_4 = 4.5,
    # K_5 = 4; costs so far 1..5, so rank 5 is the first with cost >= bound: 5 ranks read,
    # 3 gain collected (by hand).
    moved = rb.cwl_bejewelled_player(gains, 10, 3, hb=1.0, hc=1.0, depth=10)
    assert moved.expected_depth == 5.0 and moved.expected_total_utility == 3.0
    assert cwl[4] == 3.0  # cwl_eval stops at rank 3 (cost 3 reaches K = 3)


def test_static_bpm_is_dynamic_with_no_steps():
    gains, costs = [0.5, 1, None, 0.25], [1, 2, 1, 3]
    assert rb.cwl_bejewelled_player(gains, 1.5, 6, costs=costs) == \
        rb.cwl_bejewelled_player(gains, 1.5, 6, hb=0.0, hc=0.0, gain_median=0.9, costs=costs)


@pytest.mark.parametrize("call, message", [
    (lambda: rb.cwl_nerr8([0, 2], 10), "outside [0, 1]"),
    (lambda: rb.cwl_nerr10([-1], 0.5), "outside [0, 1]"),
    (lambda: rb.cwl_nerr10([1], 1.5), "phi must be"),
    (lambda: rb.cwl_ift_rate([1, 0], costs=[1, 0]), "every cost must be > 0"),
    (lambda: rb.cwl_u_measure([1], 0), "L must be"),
    (lambda: rb.cwl_time_biased_gain([1], -1), "halflife must be"),
    (lambda: rb.cwl_bejewelled_player([1], costs=[-1]), "costs must be one number >= 0"),
    (lambda: rb.cwl_nerr9([1], 0), "k"),
])
def test_bad_input_is_refused_clearly(call, message):
    with pytest.raises(InvalidValueError, match=message.replace("[", r"\[").replace("]", r"\]")):
        call()


def test_max_rel_both_ways(tmp_path):
    # cwl_eval's gains are the qrels' values: a grade of 3 is refused by NERR, in both tools.
    grades = [3, 0, 1, None, 2]
    with pytest.raises(InvalidValueError, match="max_rel=3"):
        rb.cwl_nerr8(grades, 5)
    # ir_measures' max_rel=3: cwl_eval on the grades divided by 3 (clipped to [0, 3]).
    scaled = [3 / 3, 0, 1 / 3, np.nan, 2 / 3]
    expected = _cwl_eval(nerr.NERReq8CWLMetric(5), scaled, None, 1000)
    assert np.allclose(rb.cwl_nerr8(grades, 5, max_rel=3), expected, rtol=0, atol=1e-12)
    (tmp_path / "qrels").write_text("".join(f"q 0 d{i} {g}\n" for i, g in enumerate(grades)
                                            if g is not None))
    (tmp_path / "run").write_text("".join(f"q Q0 d{i} {i + 1} {9 - i} r\n" for i in range(5)))
    table = rb.evaluate(str(tmp_path / "qrels"), str(tmp_path / "run"),
                        ["NERR8(max_rel=3)@5", "BPM(T=1, max_rel=3)@5"])
    assert np.allclose(table.loc["q"].iloc[:5].to_numpy(float), expected, rtol=0, atol=1e-12)
    assert np.allclose(table.loc["q"].iloc[5:].to_numpy(float), _cwl_eval(
        bpm.BPMCWLMetric(1, 5), scaled, None, 1000), rtol=0, atol=1e-12)


def test_cwl_eval_refuses_what_nerr_refuses():
    with pytest.raises(ValueError, match="maximum allowable gain"):
        _cwl_eval(nerr.NERReq8CWLMetric(10), [0, 2], None, 10)
