"""FLAGR's evaluator (rankbook.evaluation.flagr) against pyflagr 1.0.18's own evaluation tables.

The oracle: pyflagr aggregates, writes its aggregate lists and evaluates them with FLAGR's C++
evaluator (src/Evaluator.cpp of lakritidis/FLAGR). rankbook's `evaluate_flagr` is given
pyflagr's own aggregate lists, so the comparison isolates the evaluator. pyflagr prints 6
decimals, hence the tolerance 5e-7 (plus float noise). The methods are chosen for the rules
they exercise: Condorcet and Copeland give items the score 0 (not a true positive), DIBRA
with pruning lists shorter than others. Negative scores (Agglomerative's) are compared in
tests/compare/test_compare_comparator.py (test_agglomerative_on_two_queries_equals_pyflagr:
FLAGR's evaluation of PyFLAGR's own Agglomerative lists, row by row, on two queries).
"""

from __future__ import annotations

import random

import numpy as np
import pyflagr.Linear as Linear
import pyflagr.Majoritarian as Majoritarian
import pyflagr.Weighted as Weighted
import pytest
from pyflagr_comparator import LISTS, QRELS, aggregate, six_columns

from rankbook.evaluation.flagr import evaluate_flagr, flagr_columns
from rankbook.io import read_flagr_qrels

TOLERANCE = 5e-7 + 1e-12   # pyflagr's %7.6f


@pytest.fixture(scope="module")
def sample(tmp_path_factory):
    folder = tmp_path_factory.mktemp("flagr")
    return six_columns(LISTS, folder / "lists6.csv"), folder


SAMPLE_METHODS = {
    "CombSUM-Borda": lambda: Linear.CombSUM(norm="borda", eval_pts=10),
    "Condorcet": lambda: Majoritarian.CondorcetWinners(eval_pts=10),
    "Copeland": lambda: Majoritarian.CopelandWinners(eval_pts=10),
    "DIBRA-Prune": lambda: Weighted.DIBRA(aggregator="combsum:borda", gamma=1.2, prune="low",
                                          w_norm="minmax", d1=0.3, d2=0.05, eval_pts=10),
}


@pytest.fixture(scope="module")
def pyflagr_run(sample):
    """pyflagr's (run, table) of a sample method, computed once."""
    done = {}

    def get(name):
        if name not in done:
            done[name] = aggregate(SAMPLE_METHODS[name](), *sample[:1], QRELS, sample[1])
        return done[name]
    return get


@pytest.mark.parametrize("name", list(SAMPLE_METHODS))
def test_pyflagr_evaluation_tables_on_the_sample(name, pyflagr_run):
    run, theirs = pyflagr_run(name)
    ours = evaluate_flagr(read_flagr_qrels(QRELS), run, cutoff=10)
    assert list(ours.columns) == list(theirs.columns) == flagr_columns(10)
    assert list(ours.index) == list(theirs.index) == [*map(str, range(1, 21)), "all"]
    assert np.abs(ours.to_numpy(float) - theirs.to_numpy(float)).max() <= TOLERANCE


def test_the_sample_exercises_the_rules(pyflagr_run):
    # The cases above are not vacuous: zero scores, short lists.
    condorcet, pruned = (pyflagr_run(name)[0] for name in ("Condorcet", "DIBRA-Prune"))
    assert sum(s == 0 for scores in condorcet.values() for s in scores.values()) > 0
    assert min(len(scores) for scores in pruned.values()) < 100


def _random_case(seed: int, folder):
    """Random partial lists and graded qrels (0-3), one query without any judgment."""
    rng = random.Random(seed)
    lists, qrels = [], {}
    for q in range(1, 6):
        items = [f"q{q}e{k}" for k in range(rng.randint(2, 14))]
        for voter in range(rng.randint(2, 5)):
            chosen = rng.sample(items, rng.randint(1, len(items)))
            lists += [f"{q},V{voter},{item},{rank},{(len(chosen) - rank + 1) / len(chosen):.5f},demo\n"
                      for rank, item in enumerate(chosen, start=1)]
        if q != 4:
            qrels[str(q)] = {item: rng.choice([0, 0, 1, 2, 3]) for item in items if rng.random() < 0.7}
    (folder / "lists.csv").write_text("".join(lists))
    (folder / "qrels.csv").write_text("".join(f"{q},0,{item},{grade}\n" for q, judged in qrels.items()
                                              for item, grade in judged.items()))
    return folder / "lists.csv", folder / "qrels.csv", qrels


RANDOM_METHODS = [lambda: Linear.CombSUM(norm="borda", eval_pts=12),
                  lambda: Majoritarian.CondorcetWinners(eval_pts=12),
                  lambda: Majoritarian.CopelandWinners(eval_pts=12)]


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("method", range(len(RANDOM_METHODS)))
def test_pyflagr_evaluation_tables_on_random_lists(seed, method, tmp_path):
    lists, qrels_file, qrels = _random_case(seed, tmp_path)
    run, theirs = aggregate(RANDOM_METHODS[method](), lists, qrels_file, tmp_path)
    ours = evaluate_flagr(qrels, run, cutoff=12)   # 12 points: longer than some lists
    assert list(ours.index) == list(theirs.index)
    assert np.abs(ours.to_numpy(float) - theirs.to_numpy(float)).max() <= TOLERANCE


def test_seed_eight_element_table():
    # FLAGR's documentation page on evaluation measures (flagr.site; the seed's worked table):
    # relevant at ranks 1, 3, 4, 6 of 8; P@5 0.60, R@5 0.75, DCG@5 1.93, IDCG@5 2.56, nDCG@5 0.75.
    items = [f"d{i}" for i in range(1, 9)]
    run = {"q": {item: 8.0 - i for i, item in enumerate(items)}}
    qrels = {"q": {"d1": 1, "d3": 1, "d4": 1, "d6": 1}}
    row = evaluate_flagr(qrels, run, cutoff=8).loc["q"]
    assert [round(row[f"P_{k}"], 2) for k in range(1, 9)] == [1.0, 0.5, 0.67, 0.75, 0.6, 0.67, 0.57, 0.5]
    assert [round(row[f"dcg_cut_{k}"], 2) for k in range(1, 9)] == \
        [1.0, 1.0, 1.5, 1.93, 1.93, 2.29, 2.29, 2.29]
    assert [round(row[f"ndcg_cut_{k}"], 2) for k in range(1, 9)] == \
        [1.0, 0.61, 0.7, 0.75, 0.75, 0.89, 0.89, 0.89]
    assert round(row["recall_5"], 2) == 0.75
    assert row["map"] == pytest.approx((1 + 2 / 3 + 3 / 4 + 4 / 6) / 4, abs=1e-15)


def test_rules_by_hand():
    # Exact fractions: score 0 is not a true positive, a short list writes 0 past its end,
    # a query without judgments scores 0 and counts in the mean.
    run = {"a": {"x": 2.0, "y": 0.0}, "b": {"z": 1.0}}
    qrels = {"a": {"x": 1, "y": 2}}
    table = evaluate_flagr(qrels, run, cutoff=3)
    assert table.loc["a", "num_rel_ret"] == 1 and table.loc["a", "P_2"] == 0.5
    assert table.loc["a", "map"] == 0.5                          # (1/1) / 2 relevant
    assert table.loc["a", "dcg_cut_2"] == pytest.approx(1 + 3 / np.log2(3))   # DCG ignores scores
    assert table.loc["a", ["P_3", "recall_3", "dcg_cut_3", "ndcg_cut_3"]].tolist() == [0, 0, 0, 0]
    assert table.loc["b"].drop("num_ret").sum() == 0 and table.loc["b", "num_ret"] == 1
    assert table.loc["all", "map"] == 0.25 and table.loc["all", "num_rel"] == 2


def test_dict_order_versus_trec_eval_order():
    # A dict is the aggregate list in its own order; any other run is read in trec_eval's
    # order (score descending, equal scores by document id descending).
    import pandas as pd

    qrels = {"q": {"a": 1}}
    as_given = evaluate_flagr(qrels, {"q": {"a": 1.0, "b": 1.0}}, cutoff=1)
    frame = pd.DataFrame({"query": ["q", "q"], "doc": ["a", "b"], "score": [1.0, 1.0]})
    by_trec_eval = evaluate_flagr(qrels, frame, cutoff=1)
    assert as_given.loc["q", "P_1"] == 1.0 and by_trec_eval.loc["q", "P_1"] == 0.0
    assert list(evaluate_flagr(qrels, {"q": {"a": 1.0}}, queries=["x", "q"]).index) == ["x", "q", "all"]


def test_bad_cutoff():
    from rankbook import InvalidTypeError, InvalidValueError

    with pytest.raises(InvalidValueError, match="cutoff"):
        evaluate_flagr({"q": {"a": 1}}, {"q": {"a": 1.0}}, cutoff=0)
    with pytest.raises(InvalidTypeError, match="cutoff"):
        evaluate_flagr({"q": {"a": 1}}, {"q": {"a": 1.0}}, cutoff=2.5)
