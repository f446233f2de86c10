"""`rankbook.collections.stratified`: strata by best rank, sample sizes, seeds, bad input.

The expected strata and sizes are computed here from the definitions (best rank over the
runs; ceil(rate x N) drawn per stratum), not by the code under test.
"""

from __future__ import annotations

import math
import random

import pytest

from rankbook import InvalidTypeError, InvalidValueError
from rankbook.collections import SampledDocument, judge_sample, stratified_sample

STRATA = [(5, 1.0), (20, 0.5), (50, 0.1)]


def _runs(seed: int) -> list[list[str]]:
    rng = random.Random(seed)
    documents = [f"d{i}" for i in range(150)]
    return [rng.sample(documents, rng.randint(10, 80)) for _ in range(5)]


@pytest.mark.parametrize("seed", range(4))
def test_strata_sizes_and_probabilities_follow_the_definition(seed):
    runs = _runs(seed)
    best = {}
    for run in runs:
        for rank, document in enumerate(run[:50], start=1):
            best[document] = min(best.get(document, rank), rank)
    sample = stratified_sample(runs, STRATA, seed=seed)
    assert {s.document: s.depth for s in sample} == best
    first = 0
    for number, (last, rate) in enumerate(STRATA, start=1):
        members = {d for d, rank in best.items() if first < rank <= last}
        entries = [s for s in sample if s.stratum == number]
        assert {s.document for s in entries} == members
        drawn = sum(s.sampled for s in entries)
        assert drawn == math.ceil(rate * len(members))
        assert all(s.inclusion_probability == drawn / len(members) for s in entries)
        first = last


def test_the_same_seed_draws_the_same_sample_and_others_differ():
    runs = _runs(7)
    drawn = [tuple(s.sampled for s in stratified_sample(runs, STRATA, seed=seed))
             for seed in (1, 1, 2)]
    assert drawn[0] == drawn[1] != drawn[2]


def test_every_document_of_a_stratum_is_drawn_equally_often():
    """Over 2,000 draws each of the 10 documents of a rate-0.3 stratum is drawn ~600 times."""
    runs = [[f"d{i}" for i in range(10)]]
    counts = dict.fromkeys(runs[0], 0)
    for seed in range(2000):
        for entry in stratified_sample(runs, [(10, 0.3)], seed=seed):
            counts[entry.document] += entry.sampled
    assert all(500 < count < 700 for count in counts.values())  # binomial sd ~20


def test_judge_sample_hides_the_grades_of_documents_not_drawn():
    sample = [SampledDocument("a", 1, 1, 1.0, True), SampledDocument("b", 2, 7, 0.5, False),
              SampledDocument("c", 2, 8, 0.5, True)]
    assert judge_sample(sample, {"a": 2, "b": 1}) == {"a": (1, 2), "b": (2, -1), "c": (2, 0)}
    with pytest.raises(InvalidValueError, match="whole number >= 0"):
        judge_sample(sample, {"a": 1.5})


@pytest.mark.parametrize("strata, error, words", [
    ([], InvalidTypeError, "non-empty list"),
    ([(10, 1.0), (5, 0.5)], InvalidValueError, "must increase"),
    ([(10, 0.0)], InvalidValueError, "sampling rate of stratum 1"),
    ([(10, 1.5)], InvalidValueError, "sampling rate of stratum 1"),
    ([(0, 1.0)], InvalidValueError, "last rank of stratum 1"),
    ([10], InvalidTypeError, "stratum 1 must be a"),
])
def test_bad_strata_are_refused_with_the_fix(strata, error, words):
    with pytest.raises(error, match=words):
        stratified_sample([["a"]], strata, seed=0)


def test_a_ranking_with_a_document_twice_is_refused():
    with pytest.raises(InvalidValueError, match="ranked list 2 lists a document twice"):
        stratified_sample([["a"], ["b", "b"]], [(5, 1.0)], seed=0)
