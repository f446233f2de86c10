"""cwl_eval's classic measures (rankbook.metrics.cwl_classic) against cwl-eval 1.0.12.

The oracles: cwl-eval 1.0.12 itself (Azzopardi, Thomas and Moffat, SIGIR 2019;
https://github.com/ireval/cwl), in process through its ``Ranking`` and measure classes
(``PrecisionCWLMetric``, ``NDCGCWLMetric``, ``RRCWLMetric``, ``APCWLMetric``,
``INSTCWLMetric``, ``INSQCWLMetric``) at full precision, and its console script, which prints
4 decimals; and the values published for its test files (rankbook.datasets.cwl_sample()): ir_measures 0.4.3's
``tests/test_cwl_eval.py`` for topics T1, T2, T3, and the T1 rows cwl-eval 1.0.12 prints on
them. The run file lists each topic's documents by descending score, so cwl_eval's file order
is trec_eval's order.
"""

from __future__ import annotations

import logging
import shutil
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import rankbook as rb
from rankbook._errors import InvalidValueError

ranking_module = pytest.importorskip("cwl.ruler.ranking")
cwl_measures = pytest.importorskip("cwl.ruler.cwl_ruler")

CWL = rb.datasets.cwl_sample()[0].parent  # cwl_eval's test files, package data
QUANTITIES = ("EU", "ETU", "EC", "ETC", "ED")
TOPICS = ("T1", "T2", "T3")

# each rankbook column and cwl_eval's measure of it
CWL_EVAL_OF = {
    "CWL-P@5": lambda: cwl_measures.PrecisionCWLMetric(5),
    "SDCG@10": lambda: cwl_measures.NDCGCWLMetric(10),
    "CWL-RR": lambda: cwl_measures.RRCWLMetric(),
    "CWL-AP": lambda: cwl_measures.APCWLMetric(),
    "INST(T=2.5)": lambda: cwl_measures.INSTCWLMetric(2.5),
    "INSQ(T=3)": lambda: cwl_measures.INSQCWLMetric(3.0),
}


def _cwl_eval(measure, gains, costs, depth):
    """cwl_eval's EU, ETU, EC, ETC, ED in process: its Ranking (unjudged = NaN) and measure."""
    ranking = ranking_module.Ranking(
        "T", [np.nan if g is None else g for g in gains],
        [np.nan] * len(gains) if costs is None else list(costs), max_n=depth)
    measure.measure(ranking)
    return measure.get_scores()


def _close(ours, theirs):
    """Equal to 1e-12, relative to the value above 1 (ED and ETC reach the list's depth)."""
    return all(abs(a - b) <= 1e-12 * max(1.0, abs(b)) for a, b in zip(ours, theirs, strict=True))


def _test_files():
    """Each topic's gains (None: unjudged) and costs in the run's order, from cwl's test files."""
    judged = {}
    for line in (CWL / "qrel_file").read_text().split("\n"):
        if line.strip():
            topic, _, doc, grade = line.split()
            judged[topic, doc] = float(grade)
    cost = dict(line.split() for line in (CWL / "cost_file").read_text().split("\n") if line.strip())
    lists = {topic: ([], []) for topic in TOPICS}
    for line in (CWL / "result_file").read_text().split("\n"):
        if line.strip():
            topic, element, doc, *_ = line.split()
            lists[topic][0].append(judged.get((topic, doc)))
            lists[topic][1].append(float(cost[element]))
    return lists


def test_published_values_on_cwl_eval_test_files():
    table = rb.evaluate(str(CWL / "qrel_file"), str(CWL / "result_file"),
                        ["CWL-AP", "INST(T=1)", "INSQ(T=1)", "SDCG@10", "CWL-RR", "CWL-P@5"])
    # ir_measures 0.4.3, tests/test_cwl_eval.py: T1 / T2 / T3
    published = {"CWL-AP:EU": (0.7087, 0.7438, 0.3068), "INST(T=1):EU": (0.7934, 0.9226, 0.0888),
                 "INSQ(T=1):EU": (0.5872, 0.6629, 0.0880), "SDCG@10:EU": (0.5645, 0.6531, 0.2848)}
    for column, values in published.items():
        assert [round(table.loc[t, column], 4) for t in TOPICS] == list(values), column
    assert round(table.loc["T3", "CWL-RR:EU"], 4) == 0.1667
    # cwl-eval 1.0.12 on its test files, topic T1: EU ETU EC ETC ED
    printed = {"CWL-P@5": (0.6, 3.0, 1.0, 5.0, 5.0), "CWL-AP": (0.7087, 1.9287, 1.0, 2.7214, 2.7214),
               "INST(T=1)": (0.7934, 1.1719, 1.0, 1.4770, 1.4771)}
    for name, values in printed.items():
        assert [round(table.loc["T1", f"{name}:{q}"], 4) for q in QUANTITIES] == list(values), name


def test_each_measure_is_cwl_evals_on_its_test_files_with_costs():
    table = rb.evaluate(str(CWL / "qrel_file"), str(CWL / "result_file"), list(CWL_EVAL_OF),
                        costs=CWL / "cost_file")
    for topic, (gains, costs) in _test_files().items():
        for column, measure in CWL_EVAL_OF.items():
            expected = _cwl_eval(measure(), gains, costs, 1000)
            assert _close([table.loc[topic, f"{column}:{q}"] for q in QUANTITIES], expected), \
                (topic, column)
    assert table.loc["T1", "CWL-AP:EC"] > 1.0  # the costs (E2 costs 2) did reach the measure


LEVELS = ((0.0, 1.0), (0.0, 0.25, 0.5, 1.0), (0.0, 0.0, 0.0, 0.3, 1.0))


def _random_topics(n_topics=2000, seed=30):
    """Graded gains in [0, 1] with unjudged documents (None), lists shorter and longer than the
    depth cwl_eval scores (its max_n, small here: its AP costs depth^2), costs half the time,
    a cut-off k (at most depth + 1: cwl_eval 1.0.12 fails beyond) and a target T."""
    rng = np.random.default_rng(seed)
    for _ in range(n_topics):
        length, depth = int(rng.integers(0, 40)), int(rng.integers(1, 30))
        levels = LEVELS[int(rng.integers(len(LEVELS)))]
        drawn = rng.random(length) if rng.random() < 0.1 else rng.choice(levels, size=length)
        unjudged = rng.random(length) < 0.15
        gains = [None if u else float(g) for g, u in zip(drawn, unjudged)]
        costs = None if rng.random() < 0.5 else rng.choice([1.0, 2.0, 5.0, 7.5], size=length)
        k, T = int(rng.integers(1, min(12, depth + 1) + 1)), float(rng.choice([0.5, 1, 2, 3.5]))
        yield gains, costs, depth, k, T


def _six_measures(k, T):
    """(rankbook's function, cwl_eval's measure object) for each of the six measures."""
    return {
        "P@k": (lambda g, **kw: rb.cwl_precision(g, k, **kw), cwl_measures.PrecisionCWLMetric(k)),
        "SDCG@k": (lambda g, **kw: rb.cwl_scaled_dcg(g, k, **kw), cwl_measures.NDCGCWLMetric(k)),
        "RR": (rb.cwl_reciprocal_rank, cwl_measures.RRCWLMetric()),
        "AP": (rb.cwl_average_precision, cwl_measures.APCWLMetric()),
        "INST": (lambda g, **kw: rb.cwl_inst(g, T, **kw), cwl_measures.INSTCWLMetric(T)),
        "INSQ": (lambda g, **kw: rb.cwl_insq(g, T, **kw), cwl_measures.INSQCWLMetric(T)),
    }


@pytest.mark.slow
def test_each_measure_is_cwl_evals_on_2000_random_topics(monkeypatch):
    # cwl_eval formats arrays for its debug log on every call (logged or not): its logger off
    # (as ir_measures does) and a one-character format for array elements keep that cheap.
    monkeypatch.setattr(logging.getLogger("cwl"), "disabled", True)
    checked = 0
    with np.printoptions(formatter={"all": lambda x: "."}, threshold=0, edgeitems=1):
        for gains, costs, depth, k, T in _random_topics():
            for name, (ours, theirs) in _six_measures(k, T).items():
                mine = ours(gains, depth=depth, costs=costs)
                assert _close(mine, _cwl_eval(theirs, gains, costs, depth)), \
                    (name, gains, costs, depth, k, T)
            checked += 1
    assert checked == 2000


def test_the_cwl_eval_console_script_with_a_cost_file(tmp_path):
    cwl_eval = shutil.which("cwl-eval", path=str(Path(sys.executable).parent))
    if cwl_eval is None:
        pytest.skip("cwl-eval (the test extra cwl-eval==1.0.12) is not installed")
    (tmp_path / "metrics").write_text(
        "PrecisionCWLMetric(3)\nNDCGCWLMetric(5)\nRRCWLMetric()\nAPCWLMetric()\n"
        "INSTCWLMetric(2)\nINSQCWLMetric(2)\n")
    printed = subprocess.run(
        [cwl_eval, str(CWL / "qrel_file"), str(CWL / "result_file"), "-m", "metrics",
         "-c", str(CWL / "cost_file")], cwd=tmp_path, check=True, capture_output=True,
        text=True).stdout
    rows = [line.split("\t") for line in printed.splitlines() if line.strip()]
    ours = {"P@3": "CWL-P@3", "NDCG-k@5": "SDCG@5", "RR": "CWL-RR", "AP": "CWL-AP",
            "INST-T=2": "INST(T=2)", "INSQ-T=2": "INSQ(T=2)"}
    table = rb.evaluate(str(CWL / "qrel_file"), str(CWL / "result_file"), list(ours.values()),
                        costs=CWL / "cost_file")
    assert len(rows) == len(TOPICS) * len(ours)
    for topic, metric, *values in rows:
        mine = [table.loc[topic, f"{ours[metric.strip()]}:{q}"] for q in QUANTITIES]
        assert mine == pytest.approx([float(v) for v in values], abs=0.5e-4 + 1e-12), (topic, metric)


def test_precision_cut_off_beyond_the_list_reads_the_whole_list():
    # cwl_eval 1.0.12 fails when k - 1 > max_n; rankbook's user reads all `depth` ranks:
    # gains 1, 1, 0 over 3 ranks: W(i) = 1/3, EU 2/3, ED 3 (by hand).
    q = rb.cwl_precision([1, 1], k=5, depth=3)
    assert q.expected_utility == pytest.approx(2 / 3, abs=1e-15)
    assert q.expected_depth == 3.0


def test_reciprocal_rank_without_a_useful_document_reads_the_whole_list():
    # C(i) = 1 throughout: EU 0, ED = depth (cwl_eval 1.0.12 gives the same, see the random test)
    q = rb.cwl_reciprocal_rank([0, None, 0], depth=7)
    assert (q.expected_utility, q.expected_depth) == (0.0, 7.0)


@pytest.mark.parametrize("call, message", [
    (lambda: rb.cwl_inst([0.5, 2.0]), r"gains\[1\] = 2: cwl_eval's INST needs gains of \[0, 1\]"),
    (lambda: rb.cwl_inst([1], T=0), r"T must be a finite number in \(0, inf\]"),
    (lambda: rb.cwl_insq([1], T=-1), r"T must be a finite number in \(0, inf\]"),
    (lambda: rb.cwl_average_precision([1, -1]), r"gains\[1\] = -1: cwl_eval's AP needs gains of 0 or more"),
    (lambda: rb.cwl_precision([1], k=0), "k must be at least 1"),
    (lambda: rb.cwl_scaled_dcg([1], 5, depth=0), "depth must be a positive whole number"),
])
def test_bad_input_is_refused_clearly(call, message):
    with pytest.raises(InvalidValueError, match=message):
        call()


@pytest.mark.parametrize("name, message", [
    ("INST(T=0)", r"T must be a finite number in \(0, inf\]"),
    ("INSQ(T=x)", "'T=x' is not T=<number>"),
    ("CWL-AP(depth=2.5)", "depth must be a whole number"),
])
def test_bad_settings_in_a_name_are_refused_clearly(name, message):
    with pytest.raises(InvalidValueError, match=message):
        rb.evaluate(str(CWL / "qrel_file"), str(CWL / "result_file"), [name])


def test_names_parse_into_five_columns_each():
    table = rb.evaluate(str(CWL / "qrel_file"), str(CWL / "result_file"),
                        ["INST(T=2)", "SDCG@10", "CWL-AP"])
    assert list(table.columns) == [f"{n}:{q}" for n in ("INST(T=2)", "SDCG@10", "CWL-AP")
                                   for q in QUANTITIES]
