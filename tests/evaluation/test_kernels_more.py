"""The kernels of trec_eval's remaining all_trec measures equal their per-topic textbook adapters.

``rankbook.evaluation.kernels_sets`` and ``kernels_graded`` give a batch kernel to
every all_trec measure (9 and 10) that was computed topic by topic in Python. "One
definition of each metric": each kernel is compared here with the registry's
per-topic adapter, which calls the textbook function of ``rankbook.metrics``, on the
*same* arrays (``batch.topic_data`` of the same segments), on random runs covering the
awkward cases and on trec_eval's own test inputs; the textbook functions themselves are
checked against trec_eval (tests/evaluation/test_conformance_trec_eval.py) and pytrec_eval.

Kernels that do the textbook's arithmetic in the textbook's order must give the same
doubles, bit for bit; the others (a sum whose order differs from ``np.sum``'s pairwise
one or from ``math.fsum``) agree within 1e-12, the tolerance of tests/evaluation/test_batch.py.
"""

from __future__ import annotations

import warnings
from pathlib import Path

import numpy as np
import pytest

from rankbook.evaluation import TopicMismatchWarning, batch, kernels, kernels_graded
from rankbook.evaluation.measures import parse_measures
from rankbook.evaluation.options import Options
from rankbook.evaluation.per_topic import per_topic_values
from rankbook.io.convert import as_judgments, as_ranking

from test_batch import random_collection

TREC_EVAL_DATA = Path(__file__).resolve().parents[1] / "data" / "trec_eval"

# The entries whose kernel does the textbook's operations in the textbook's order.
BIT_FOR_BIT = {"infAP", "R-prec@m", "utility", "RelP@k", "SetRelP", "NumNonrelJudgedRet",
               "Unjudged@k", "relstring"}
NEW = BIT_FOR_BIT | {"GMbpref", "binG", "G", "nDCG_rel", "R-nDCG", "RBP", "RBP-resid"}
MEASURES = ["all_trec", "rbp", "rbp_resid", "unj", "rbp.p=0.5", "relstring.20",
            "utility.2,-1,0,0", "Rprec_mult.5.0,0.2,0.35", "relative_P.1,3,200"]


def segments_of(qrels, run, *, complete=False, max_docs=None, level=1.0, trec_eval="9",
                judged_only=False):
    """The batch path's Segments for these inputs (captured from ``kernels.compute``)."""
    captured = {}

    class Captured(Exception):
        pass

    def capture(s, wanted):
        captured["s"] = s
        raise Captured

    columns = parse_measures(MEASURES, trec_eval=trec_eval)
    options = Options.checked(complete=complete, max_docs=max_docs, relevance_level=level,
                              trec_eval=trec_eval, judged_only=judged_only)
    with warnings.catch_warnings(), pytest.MonkeyPatch.context() as patch:
        warnings.simplefilter("ignore", TopicMismatchWarning)
        patch.setattr(kernels, "compute", capture)
        with pytest.raises(Captured):
            batch.evaluate_arrays(as_judgments(qrels), as_ranking(run), columns, options)
    return captured["s"], columns


def compare_kernels(s, columns, level):
    """Every new kernel's values against its adapter's, on the same segments."""
    data = batch.topic_data(s)
    checked = set()
    for measure in columns:
        name = measure.metric.name
        if name not in NEW or not kernels.has_kernel(measure):
            continue
        fast = kernels.compute(s, {name: [measure.param] if measure.param is not None
                                   else []})[name, measure.param]
        slow = per_topic_values(data, [measure], level)[measure.key]
        if name == "relstring":
            assert fast.tolist() == slow, measure.label
        elif name in BIT_FOR_BIT:
            np.testing.assert_array_equal(fast, np.array(slow), err_msg=measure.label)
        else:
            np.testing.assert_allclose(fast, np.array(slow), rtol=0, atol=1e-12,
                                       err_msg=measure.label)
        checked.add(name)
    return checked


OPTIONS = [
    {},
    {"complete": True},
    {"max_docs": 3},
    {"level": 2.0},
    {"level": 0.5, "max_docs": 12, "complete": True},
    {"trec_eval": "10"},
    {"trec_eval": "10", "complete": True, "level": 3.0, "max_docs": 7},
    {"judged_only": True, "max_docs": 5},
    {"trec_eval": "10", "judged_only": True},
]


@pytest.mark.parametrize("seed", range(8))
@pytest.mark.parametrize("options", OPTIONS, ids=lambda o: ",".join(map(str, o.items())) or "-")
def test_kernels_equal_the_adapters_on_random_runs(seed, options):
    s, columns = segments_of(*random_collection(1000 + seed), **options)
    checked = compare_kernels(s, columns, options.get("level", 1.0))
    assert checked == NEW


@pytest.mark.parametrize("trec_eval", ["9", "10"])
@pytest.mark.parametrize("qrels, run, options", [
    ("qrels.test", "results.test", {}),
    ("qrels.test", "results.trunc", {"complete": True, "max_docs": 100}),
    ("qrels.rel_level", "results.test", {"level": 2.0})])
def test_kernels_equal_the_adapters_on_trec_eval_test_inputs(qrels, run, options, trec_eval):
    # trec_eval's own regression inputs (its out.test.a, .aqcM and .aql runs): graded
    # qrels, negative grades (pooled but unjudged), long lists, topics missing from the run.
    s, columns = segments_of(str(TREC_EVAL_DATA / qrels), str(TREC_EVAL_DATA / run),
                             trec_eval=trec_eval, **options)
    assert s.T == 3 and s.topic.size > 100
    assert compare_kernels(s, columns, options.get("level", 1.0)) == NEW


@pytest.mark.parametrize("trec_eval", ["9", "10"])
def test_every_all_trec_measure_has_a_kernel(trec_eval):
    # What keeps -m all_trec off the per-topic Python loop (issue 21): only the run's
    # name, which is no per-topic value, has none.
    without = {m.metric.name for m in parse_measures("all_trec", trec_eval=trec_eval)
               if not kernels.has_kernel(m)}
    assert without == {"runid"}


@pytest.mark.parametrize("sizes", [[3, 0, 5, 1, 4], [1] * 50, [2000, 1, 1, 1, 1, 1, 0, 2]])
def test_running_sum_restarts_at_each_topic_as_cumsum_does(sizes):
    # The padded-matrix form (even topics) and the topic-by-topic form (one long topic
    # among short ones) must both give each topic's own np.cumsum, bit for bit.
    rng = np.random.default_rng(len(sizes))
    values = rng.normal(size=sum(sizes)) * 10.0 ** rng.integers(-5, 5, size=sum(sizes))
    segment = np.repeat(np.arange(len(sizes)), sizes)
    got = kernels_graded.running_sum(values, segment, len(sizes))
    bounds = np.cumsum([0, *sizes])
    expected = np.concatenate([np.cumsum(values[a:b]) for a, b in zip(bounds[:-1], bounds[1:])])
    np.testing.assert_array_equal(got, expected)
