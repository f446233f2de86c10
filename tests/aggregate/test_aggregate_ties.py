"""Ties inside an input run get a stated rank before fusion (issue 17, part 5): `ties=`.

- ``"trec_eval"`` (default): the order `rankbook eval` scores, checked against an order written
  here from trec_eval's rule (score as float32 descending, then document id descending);
- ``"input"``: ranx's rule, checked against ranx 0.3.21's `fuse(method="rrf")`. ranx is an
  optional oracle: when it is installed the comparison runs live (on the recorded input and
  on random tied profiles); when it is absent, the outputs recorded from ranx 0.3.21 (numba
  0.68.1) on this machine are the expected values (the constants below);
- ``"shared"``: tied documents share the rank of the first, checked against
  ``scipy.stats.rankdata(method="min")``.
"""

from __future__ import annotations

import random

import numpy as np
import pytest
from scipy.stats import rankdata

import rankbook as rb
from rankbook.cli import main

try:                                   # the optional oracle (pin: ranx==0.3.21)
    import ranx
except ImportError:                    # pragma: no cover - depends on the environment
    ranx = None
live_ranx = pytest.mark.skipif(ranx is None, reason="ranx is not installed (optional oracle; "
                                                   "the recorded outputs are checked instead)")

# Three runs with ties inside each list (every list has at most 15 documents, where ranx keeps
# tied documents in input order), ids in an order that is neither ascending nor descending.
RUNS = [
    {"q1": {"d3": 0.9, "d1": 0.5, "d7": 0.5, "d2": 0.5, "d5": 0.1},
     "q2": {"e2": 1.0, "e1": 1.0, "e9": 0.3}},
    {"q1": {"d2": 2.0, "d5": 2.0, "d3": 1.0, "d9": 1.0},
     "q2": {"e9": 4.0, "e3": 4.0, "e2": 4.0, "e1": 1.0}},
    {"q1": {"d7": 0.3, "d1": 0.3, "d3": 0.3, "d2": 0.3},
     "q2": {"e1": 0.7, "e3": 0.2}},
]
# ranx 0.3.21: ranx.fuse([Run(r) for r in RUNS], method="rrf") (default norm "min-max", k 60),
# every score printed with repr.
RANX_RRF = {
    "q1": {"d3": 0.04813947436898257, "d2": 0.047643442622950824, "d7": 0.032266458495966696,
           "d1": 0.03225806451612903, "d5": 0.0315136476426799, "d9": 0.015625},
    "q2": {"e1": 0.04814747488101534, "e2": 0.032266458495966696, "e9": 0.032266458495966696,
           "e3": 0.03225806451612903},
}
# ranx 0.3.21: list(Run({"q": {f"d{i:02d}": 1.0 for i in range(16)}}).run["q"].keys()). With 16
# documents numba's quicksort partitions before its insertion sort, which is not stable.
RANX_16_TIED = [f"d{i:02d}" for i in range(14, -1, -1)] + ["d15"]


def ranx_rrf(runs) -> dict:
    fused = ranx.fuse([ranx.Run(run) for run in runs], method="rrf")
    return {q: dict(fused.run[q]) for q in fused.run.keys()}


def rrf_by_rank(runs, rank_of) -> dict:
    """RRF (k = 60) computed here from each run's ranks: sum of 1 / (60 + r)."""
    fused: dict = {}
    for run in runs:
        for query, scores in run.items():
            for doc, rank in rank_of(scores).items():
                fused.setdefault(query, {}).setdefault(doc, 0.0)
                fused[query][doc] += 1.0 / (60 + rank)
    return fused


def trec_eval_ranks(scores: dict) -> dict:
    order = sorted(scores, key=lambda d: (-float(np.float32(scores[d])), [-ord(c) for c in d]))
    return {doc: position for position, doc in enumerate(order, start=1)}


def shared_ranks(scores: dict) -> dict:
    docs = list(scores)
    ranks = rankdata([-scores[d] for d in docs], method="min")
    return dict(zip(docs, ranks.tolist()))


def test_input_is_ranx_rule_as_recorded():
    fused = rb.fuse(RUNS, "rrf", ties="input")
    assert fused == RANX_RRF                       # every score equal to ranx's, bit for bit


@live_ranx
def test_the_recorded_ranx_output_is_ranx_output():
    assert ranx_rrf(RUNS) == RANX_RRF
    tied = {"q": {f"d{i:02d}": 1.0 for i in range(16)}}
    assert list(ranx.Run(tied).run["q"].keys()) == RANX_16_TIED


@live_ranx
def test_input_equals_ranx_on_random_tied_runs():
    rng = random.Random(17)
    for _ in range(100):
        n_runs = rng.randint(2, 4)
        pool = [f"x{i}" for i in rng.sample(range(40), 25)]
        runs = []
        for _ in range(n_runs):
            run = {}
            for query in ("q1", "q2", "q3"):
                docs = rng.sample(pool, rng.randint(1, 15))
                run[query] = {doc: float(rng.randint(0, 3)) / 2 for doc in docs}   # many ties
            runs.append(run)
        ours, theirs = rb.fuse(runs, "rrf", ties="input"), ranx_rrf(runs)
        assert ours.keys() == theirs.keys()
        for query in ours:
            assert ours[query].keys() == theirs[query].keys()
            for doc, value in theirs[query].items():
                assert ours[query][doc] == pytest.approx(value, rel=1e-15), (query, doc)


def test_ranx_long_lists_follow_no_stated_rule():
    # The recorded fact the docs state: 16 tied documents, ranx's order is neither the input
    # order (ties="input") nor trec_eval's (id descending).
    tied = {"q": {f"d{i:02d}": 1.0 for i in range(16)}}
    fused = rb.fuse([tied], "rrf", ties="input")
    by_input = sorted(fused["q"], key=lambda d: -fused["q"][d])
    assert by_input == [f"d{i:02d}" for i in range(16)] != RANX_16_TIED
    assert sorted(RANX_16_TIED, reverse=True) != RANX_16_TIED


def test_trec_eval_is_the_default_and_rankbook_evals_order():
    expected = rrf_by_rank(RUNS, trec_eval_ranks)
    for fused in (rb.fuse(RUNS, "rrf"), rb.fuse(RUNS, "rrf", ties="trec_eval")):
        assert fused.keys() == expected.keys()
        for query in fused:
            assert fused[query] == pytest.approx(expected[query], rel=1e-15)
    assert rb.fuse(RUNS, "rrf") != RANX_RRF           # the two rules disagree on this input


def test_trec_eval_ties_after_rounding_to_float32():
    # 0.5 and 0.5 + 1e-9 are one float32: trec_eval 9 ties them, so the id decides (b above a).
    run = {"q": {"a": 0.5 + 1e-9, "b": 0.5}}
    fused = rb.fuse([run], "rrf")
    assert fused["q"]["b"] == 1 / 61 and fused["q"]["a"] == 1 / 62


def test_shared_gives_tied_documents_the_first_rank():
    expected = rrf_by_rank(RUNS, shared_ranks)
    fused = rb.fuse(RUNS, "rrf", ties="shared")
    for query in fused:
        assert fused[query] == pytest.approx(expected[query], rel=1e-15)
    # d1, d7 and d2 tie at 0.5 behind d3 in the first run: all three at rank 2
    single = rb.fuse([RUNS[0]], "rrf", ties="shared")["q1"]
    assert single["d1"] == single["d7"] == single["d2"] == 1 / 62 and single["d5"] == 1 / 65


@pytest.mark.parametrize("method", ["borda", "condorcet", "mc4", "rra", "dibra", "combsum"])
def test_every_rule_works_with_other_methods(method):
    # Shared ranks reach the rank-reading methods: a run of three equal scores is a tie for
    # Borda (n - r points: 2 each when all three share rank 1).
    run = {"q": {"a": 1.0, "b": 1.0, "c": 1.0}}
    for ties in ("trec_eval", "input", "shared"):
        assert set(rb.fuse([run, run], method, ties=ties)["q"]) == {"a", "b", "c"}
    if method == "borda":
        assert rb.fuse([run], "borda", ties="shared")["q"] == {"a": 2.0, "b": 2.0, "c": 2.0}


def test_the_cli_takes_ties(tmp_path, capsys):
    paths = []
    for index, run in enumerate(RUNS):
        path = tmp_path / f"run{index}.txt"
        path.write_text("".join(f"{q} Q0 {d} {r} {s} r{index}\n" for q, docs in run.items()
                                for r, (d, s) in enumerate(docs.items(), start=1)))
        paths.append(str(path))
    for ties in ("trec_eval", "input", "shared"):
        assert main(["fuse", "rrf", *paths, "--ties", ties]) == 0
        out = capsys.readouterr().out
        expected = rb.fuse(RUNS, "rrf", ties=ties)
        got = {}
        for line in out.splitlines():
            query, _, doc, _, score, _ = line.split()
            got.setdefault(query, {})[doc] = float(score)
        assert got == expected, ties


def test_bad_ties_are_refused():
    with pytest.raises(rb.InvalidValueError, match="ties='ranx' is not a rule"):
        rb.fuse(RUNS, "rrf", ties="ranx")
    with pytest.raises(rb.InvalidValueError, match="FLAGR file"):
        rb.fuse(flagr="tests/data/flagr/testdata.csv", method="rrf", ties="input")
