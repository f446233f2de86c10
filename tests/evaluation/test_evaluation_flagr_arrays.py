"""FLAGR's evaluator, array path against its definition: `flagr_rows` == `textbook_rows`, exactly.

`evaluate_flagr` computes its table with `rankbook.evaluation._flagr_arrays.flagr_rows`
(all queries at once); `textbook_rows` calls the textbook metric functions once per query
and cut-off, which is the definition the docs teach (the textbook functions themselves are
checked against FLAGR's published worked table and pyflagr 1.0.18 elsewhere). The two must
give the same doubles, not merely close ones: a last-bit difference could move a value
printed to 6 decimals. Inputs: CombSUM and Condorcet aggregates of FLAGR's sample data
(Condorcet scores some items 0), and random lists with ties, zero, negative and NaN scores,
fractional grades, lists shorter than the cut-off, empty lists and queries without judgments.
"""

from __future__ import annotations

import random

import numpy as np
import pytest

from rankbook import InvalidValueError
from rankbook.datasets import flagr_sample
from rankbook.evaluation._flagr_arrays import flagr_rows
from rankbook.evaluation.flagr import evaluate_flagr, flagr_columns, textbook_rows
from rankbook.fusion import fuse
from rankbook.io import read_flagr_qrels


def both(lists, relevant, points):
    arrays = flagr_rows(lists, relevant, points)
    textbook = np.array(textbook_rows(lists, relevant, points), dtype=float).reshape(arrays.shape)
    return arrays, textbook


def assert_same_doubles(arrays, textbook):
    assert arrays.shape == textbook.shape
    # exact equality, NaN nowhere: the same double in every cell
    assert not np.isnan(textbook).any()
    mismatch = np.argwhere(arrays != textbook)
    assert mismatch.size == 0, f"cells differ at {mismatch[:5].tolist()}"


def as_lists(run: dict, qrels) -> tuple[list, list]:
    relevant: dict = {}
    for query, item, grade in zip(qrels["query"], qrels["doc"], qrels["grade"]):
        if grade > 0:
            relevant.setdefault(query, {})[item] = float(grade)
    lists = [(np.array(list(scores), dtype=object), np.array(list(scores.values()), dtype=float))
             for scores in run.values()]
    return lists, [relevant.get(query, {}) for query in run]


@pytest.mark.parametrize("method, params", [("combsum", {"norm": "borda"}), ("condorcet", {}),
                                            ("combmnz", {"norm": "min_max"})])
@pytest.mark.parametrize("points", [10, 1, 40])
def test_equal_to_the_textbook_rows_on_flagr_sample_data(method, params, points):
    lists_file, qrels_file = flagr_sample()
    run = fuse(method=method, flagr=lists_file, convention="flagr", **params)
    lists, relevant = as_lists(run, read_flagr_qrels(qrels_file))
    arrays, textbook = both(lists, relevant, points)
    assert arrays.shape == (20, 4 + 4 * points)
    assert (arrays[:, 2] > 0).any()         # some true positives: the comparison is not all zeros
    assert_same_doubles(arrays, textbook)


def random_query(rng: random.Random, nan: bool = True) -> tuple[tuple, dict]:
    n = rng.choice([0, 1, 3, 7, 12, 30])
    items = [f"d{i}" for i in rng.sample(range(60), n)]
    odd = float("nan") if nan else 0.0
    scores = [rng.choice([0.0, -1.0, odd, 0.5, 0.5, rng.uniform(-1, 3)]) for _ in items]
    judged = rng.sample(range(60), rng.choice([0, 2, 15, 40]))
    grades = {f"d{i}": rng.choice([0.5, 1.0, 2.0, 3.0, 4.0]) for i in judged}
    return (np.array(items, dtype=object), np.array(scores, dtype=float)), grades


@pytest.mark.parametrize("seed", range(20))
def test_equal_to_the_textbook_rows_on_random_lists(seed):
    rng = random.Random(seed)
    queries = [random_query(rng) for _ in range(rng.choice([1, 5, 25]))]
    lists, relevant = [q[0] for q in queries], [q[1] for q in queries]
    points = rng.choice([1, 5, 10, 20])
    arrays, textbook = both(lists, relevant, points)
    assert_same_doubles(arrays, textbook)


def test_no_queries_gives_an_empty_table():
    assert flagr_rows([], [], 3).shape == (0, 16)


def test_evaluate_flagr_returns_the_textbook_rows():
    """The public function's table holds exactly the textbook rows, then their mean row."""
    rng = random.Random(7)
    queries = [random_query(rng, nan=False) for _ in range(6)]   # a run refuses NaN scores
    run = {f"q{i}": dict(zip(items.tolist(), scores.tolist()))
           for i, ((items, scores), _) in enumerate(queries)}
    qrels = {f"q{i}": grades for i, (_, grades) in enumerate(queries) if grades}
    table = evaluate_flagr(qrels, run, cutoff=5, queries=list(run))   # empty lists too
    expected = np.array(textbook_rows([q[0] for q in queries], [q[1] for q in queries], 5))
    assert list(table.columns) == flagr_columns(5)
    assert np.array_equal(table.iloc[:-1].to_numpy(dtype=float), expected)


def test_dicts_the_fast_reader_passes_on_read_as_as_run_reads_them():
    """`evaluate_flagr` reads a dict of str ids and finite numbers itself; any other dict goes
    through `rankbook.io.as_run`, which converts whole-number ids and refuses what is wrong."""
    qrels = {"1": {"7": 1, "8": 2}}
    by_text = evaluate_flagr(qrels, {"1": {"7": 0.5, "9": 0.25, "8": np.float32(0.125)}}, cutoff=3)
    by_number = evaluate_flagr(qrels, {1: {7: 0.5, 9: 0.25, 8: 0.125}}, cutoff=3)
    assert by_text.equals(by_number)
    assert by_text.loc["1", "num_rel_ret"] == 2
    with pytest.raises(InvalidValueError, match="finite"):
        evaluate_flagr(qrels, {"1": {"7": float("nan")}})
    with pytest.raises(InvalidValueError, match="NUL"):
        evaluate_flagr(qrels, {"1": {"7\0": 1.0}})
