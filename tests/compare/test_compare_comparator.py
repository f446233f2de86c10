"""The Comparator: PyFLAGR's shapes and slices, both evaluators against their oracles, errors.

Oracles: pyflagr 1.0.18's Comparator (its results table on FLAGR's sample data,
tests/data/flagr) for conventions="flagr"; pytrec_eval (trec_eval 9.x) for
conventions="trec_eval". The seed (PyFLAGR's comparator notebook) publishes the shapes:
441 rows x 46 columns for 21 methods, 20 queries and cutoff 10, and get_results(cutoff=5,
metric=["map", "precision", "ndcg"]) of shape (21, 11).
"""

from __future__ import annotations

import sys

import numpy as np
import pyflagr.Comparator as PyComparator
import pyflagr.Linear as Linear
import pyflagr.Majoritarian as Majoritarian
import pytest
import pytrec_eval
from pyflagr_comparator import LISTS, QRELS, six_columns

import rankbook as rb
from rankbook import InvalidValueError
from rankbook.compare import Comparator
from rankbook.io import read_flagr_lists, read_flagr_qrels

# (name, pyflagr object, rankbook method, rankbook parameters): the seed's part-1 methods.
MATCHING = [
    ("CombSUM-Rank", lambda: Linear.CombSUM(norm="rank", eval_pts=10), "combsum",
     {"norm": "rank", "convention": "flagr"}),
    ("CombSUM-Borda", lambda: Linear.CombSUM(norm="borda", eval_pts=10), "combsum",
     {"norm": "borda", "convention": "flagr"}),
    ("CombSUM-Score", lambda: Linear.CombSUM(norm="score", eval_pts=10), "combsum",
     {"norm": "min_max", "convention": "flagr"}),
    ("CombMNZ-Rank", lambda: Linear.CombMNZ(norm="rank", eval_pts=10), "combmnz",
     {"norm": "rank", "convention": "flagr"}),
    ("CombMNZ-Borda", lambda: Linear.CombMNZ(norm="borda", eval_pts=10), "combmnz",
     {"norm": "borda", "convention": "flagr"}),
    ("CombMNZ-Score", lambda: Linear.CombMNZ(norm="score", eval_pts=10), "combmnz",
     {"norm": "min_max", "convention": "flagr"}),
    ("Condorcet", lambda: Majoritarian.CondorcetWinners(eval_pts=10), "condorcet", {}),
    ("Copeland", lambda: Majoritarian.CopelandWinners(eval_pts=10), "copeland",
     {"convention": "flagr"}),
    ("Outranking Approach", lambda: Majoritarian.OutrankingApproach(
        preference=0, veto=0.75, concordance=0, discordance=0.25, eval_pts=10), "outranking",
     {"convention": "flagr"}),
]


@pytest.fixture(scope="module")
def pyflagr_results(tmp_path_factory):
    lists = six_columns(LISTS, tmp_path_factory.mktemp("flagr") / "lists6.csv")
    theirs = PyComparator.Comparator(10)
    for name, make, _, _ in MATCHING:
        theirs.add_aggregator(name, make())
    theirs.aggregate(input_file=str(lists), rels_file=str(QRELS))
    return theirs.results


@pytest.fixture(scope="module")
def flagr_comparator():
    ours = Comparator(10, conventions="flagr")
    for name, _, method, params in MATCHING:
        ours.add_aggregator(name, method, **params)
    ours.aggregate(input_file=LISTS, rels_file=QRELS)
    return ours


def test_pyflagr_comparator_results_table(pyflagr_results, flagr_comparator):
    theirs, ours = pyflagr_results, flagr_comparator.results
    assert len(MATCHING) == 9 and ours.shape == theirs.shape == (9 * 21, 46)
    assert list(ours.columns) == [c if c != "Mean Average Precision (MAP)" else "MAP"
                                  for c in theirs.columns]
    assert list(ours["Method"]) == list(theirs["Method"])
    assert list(ours["q"]) == [q.removeprefix("Topic ") for q in theirs["q"]]
    values = ours.columns[1:-1]
    difference = np.abs(ours[values].to_numpy(float) - theirs.iloc[:, 1:-1].to_numpy(float))
    assert difference.max() <= 5e-7 + 1e-12     # pyflagr prints 6 decimals


def test_get_results_matches_pyflagr(pyflagr_results, flagr_comparator):
    theirs = PyComparator.Comparator(10)
    theirs.results = pyflagr_results
    expected = theirs.get_results(cutoff=5, metric=["map", "precision", "ndcg"], query="all")
    got = flagr_comparator.get_results(cutoff=5, metric=["map", "precision", "ndcg"], query="all")
    assert got.shape == expected.shape == (9, 11)
    assert list(got.index) == list(expected.index)
    assert np.allclose(got.to_numpy(float), expected.to_numpy(float), atol=5e-7 + 1e-12)
    one = flagr_comparator.get_results(cutoff=3, metric="recall", query="7")
    expected = theirs.get_results(cutoff=3, metric=["recall"], query="Topic 7")
    assert np.allclose(one.to_numpy(float), expected.to_numpy(float), atol=5e-7 + 1e-12)


def test_seed_shapes_for_21_systems():
    # The seed's table: 21 systems x (20 queries + all) = 441 rows, 5 + 4 x 10 + 1 = 46 columns.
    cmp = Comparator(10, conventions="flagr")
    for name, _, method, params in MATCHING:
        cmp.add_aggregator(name, method, **params)
    voters = read_flagr_lists(LISTS)
    for name in list(voters)[:12]:
        cmp.add_run(name, voters[name])
    results = cmp.aggregate(input_file=LISTS, rels_file=QRELS)
    assert results.shape == (441, 46)
    assert list(results.index) == list(range(441))
    assert (results["q"] == "all").sum() == 21
    assert cmp.get_results(cutoff=5, metric=["map", "precision", "ndcg"]).shape == (21, 11)
    assert cmp.per_topic("MAP").shape == (20, 21)


def test_five_and_six_column_lists_give_the_same_table(tmp_path, flagr_comparator):
    # pyflagr 1.0.18 scores a 5-column file 0 everywhere (tests/data/flagr/README.md); rankbook
    # reads both forms.
    six = six_columns(LISTS, tmp_path / "lists6.csv")
    again = Comparator(10, conventions="flagr")
    for name, _, method, params in MATCHING[:2]:
        again.add_aggregator(name, method, **params)
    table = again.aggregate(input_file=six, rels_file=QRELS)
    assert table.equals(flagr_comparator.results.iloc[:42].reset_index(drop=True))
    assert table.loc[table["q"] == "all", "MAP"].round(4).tolist() == [0.4855, 0.4836]  # the seed


def test_trec_eval_conventions_against_pytrec_eval():
    cmp = Comparator(5)
    cmp.add_aggregator("Condorcet", "condorcet")
    voters = read_flagr_lists(LISTS)
    cmp.add_run("V-3", voters["V-3"])
    results = cmp.aggregate(input_file=LISTS, rels_file=QRELS)
    qrels = read_flagr_qrels(QRELS)
    judged = {q: dict(zip(g["doc"], g["grade"].astype(int))) for q, g in qrels.groupby("query")}
    evaluator = pytrec_eval.RelevanceEvaluator(judged, {"map", "P.1,2,3,4,5", "ndcg_cut.1,2,3,4,5"})
    fused = rb.fuse(method="condorcet", flagr=LISTS, keep_order=True)   # the method's own order
    run = voters["V-3"]
    runs = {"Condorcet": fused,
            "V-3": {q: dict(zip(g["doc"], g["score"])) for q, g in run.groupby("query")}}
    for name, system in runs.items():
        expected = evaluator.evaluate(system)
        rows = results[(results["Method"] == name) & (results["q"] != "all")].set_index("q")
        for topic, measures in expected.items():
            assert rows.loc[topic, "MAP"] == pytest.approx(measures["map"], abs=1e-12)
            assert rows.loc[topic, "P_3"] == pytest.approx(measures["P_3"], abs=1e-12)
            assert rows.loc[topic, "ndcg_cut_5"] == pytest.approx(measures["ndcg_cut_5"], abs=1e-12)
    condorcet = results[results["Method"] == "Condorcet"].set_index("q")
    # trec_eval counts the relevant items Condorcet scores 0; FLAGR does not (0.4801, the seed)
    assert round(condorcet.loc["all", "MAP"], 4) == 0.4851


def test_trec_eval_dcg_is_the_linear_gain_numerator_of_ndcg():
    cmp = Comparator(4)
    cmp.add_run("run", {"q": {"a": 3.0, "b": 2.0, "c": 1.0}})
    table = cmp.evaluate({"q": {"a": 2, "c": 1, "d": 1}}).set_index("q")
    assert table.loc["q", "dcg_cut_3"] == pytest.approx(2 + 1 / 2)         # 2/log2(2) + 1/log2(4)
    assert table.loc["q", "ndcg_cut_3"] == pytest.approx(2.5 / (2 + 1 / np.log2(3) + 1 / 2))
    assert table.loc["q", "P_4"] == 0.5                                     # 2 relevant of 4


def test_latex_export_without_jinja2(flagr_comparator, monkeypatch):
    monkeypatch.setitem(sys.modules, "jinja2", None)     # import jinja2 now raises ImportError
    latex = flagr_comparator.convert_to_latex(cutoff=2, metric=["map", "precision"], dec_pts=4)
    lines = latex.splitlines()
    assert lines[:4] == [r"\begin{tabular}{lrrr}", r"\toprule", r"Method & MAP & P@1 & P@2 \\",
                         r"\midrule"]
    assert lines[-2:] == [r"\bottomrule", r"\end{tabular}"] and len(lines) == 4 + 9 + 2
    assert latex.count("{") == latex.count("}")
    assert all(line.count("&") == 3 for line in lines[2:-2] if line != r"\midrule")
    # the seed's table: CombSUM-Rank has the best MAP of these nine (0.4855), in bold
    assert r"CombSUM-Rank & \textbf{0.4855}" in latex
    assert latex.count(r"\textbf{") >= 3


@pytest.mark.parametrize("call, says", [
    (lambda c: c.plot_metric(11, "precision"), "cutoff=11"),
    (lambda c: c.get_results(cutoff=0), "cutoff=0"),
    (lambda c: c.get_results(metric=["map", "f1"]), "metric="),
    (lambda c: c.get_results(query="Topic 1"), "query='Topic 1'"),
    (lambda c: c.plot_metric(5, "map"), "metric='map'"),
    (lambda c: c.plot_metric(5, "precision", plot_type="pie"), "plot_type"),
    (lambda c: c.per_topic("AP"), "per_topic('AP')"),
    (lambda c: c.add_aggregator("Condorcet", "borda"), "already added"),
    (lambda c: c.add_aggregator("X", "combsumm"), "unknown method"),
])
def test_mistakes_are_clear_errors(flagr_comparator, call, says):
    with pytest.raises(InvalidValueError, match=says.replace("(", r"\(").replace(")", r"\)")):
        call(flagr_comparator)


def test_inputs_are_checked(tmp_path):
    cmp = Comparator(3)
    with pytest.raises(InvalidValueError, match="no results yet"):
        cmp.get_results()
    with pytest.raises(InvalidValueError, match="nothing to evaluate"):
        cmp.evaluate({"1": {"a": 1}})
    cmp.add_aggregator("Borda", "borda")
    with pytest.raises(InvalidValueError, match="input lists"):
        cmp.aggregate(rels_file=QRELS)
    with pytest.raises(InvalidValueError, match="judgments"):
        cmp.aggregate(input_file=LISTS)
    with pytest.raises(InvalidValueError, match="call aggregate"):
        cmp.evaluate(QRELS)
    other = tmp_path / "qrels.csv"
    other.write_text("Q1,0,Q1-E1,1\n")
    with pytest.raises(InvalidValueError, match="same query ids"):
        cmp.aggregate(input_file=LISTS, rels_file=other)
    with pytest.raises(InvalidValueError, match="conventions"):
        Comparator(10, conventions="textbook")


def test_plots_return_axes(flagr_comparator):
    import matplotlib

    matplotlib.use("Agg")
    ax = flagr_comparator.plot_average_precision()
    assert [t.get_text() for t in ax.get_xticklabels()] == [name for name, *_ in MATCHING]
    heights = [p.get_height() for p in ax.patches]
    assert round(heights[0], 4) == 0.4855              # the seed's CombSUM-Rank MAP
    ax = flagr_comparator.plot_metric(10, "precision", plot_type="line")
    assert [line.get_label() for line in ax.get_lines()] == [name for name, *_ in MATCHING]
    assert list(ax.get_lines()[0].get_xdata()) == list(range(1, 11))
    ax = flagr_comparator.plot_metric(4, "ndcg", plot_type="bar")
    assert len(ax.patches) == 4 * len(MATCHING)
    matplotlib.pyplot.close("all")
