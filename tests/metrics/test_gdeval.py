"""gdeval.pl's nDCG@k and ERR@k (rankbook.metrics.gdeval) against gdeval.pl 1.2a itself.

The oracle is the copy of gdeval.pl inside ir-measures 0.4.3 (``ir_measures/bin/gdeval.pl``),
run by ir_measures' ``gdeval`` provider (one perl process per cut-off, not per topic), and
ir_measures' published gdeval test values (terrierteam/ir_measures ``tests/test_gdeval.py``).
gdeval.pl prints five decimals, so each rankbook value is compared at that precision: its
``%.5f`` must be the printed text.
"""

from __future__ import annotations

import shutil

import pytest
from random_judgments import random_topics

import rankbook as rb
from rankbook._errors import InvalidValueError
from rankbook.metrics.dcg import ndcg_at_k
from rankbook.metrics.gdeval import gdeval_err_at_k, gdeval_ndcg_at_k

irm = pytest.importorskip("ir_measures")
needs_perl = pytest.mark.skipif(shutil.which("perl") is None,
                                reason="perl is not installed: gdeval.pl, the oracle, is Perl")

# ir_measures tests/test_gdeval.py: its qrels and run, and what gdeval.pl printed.
QRELS = {"0": {"D0": 0, "D1": 1, "D2": 1, "D3": 2, "D4": 0}, "1": {"D0": 1, "D3": 2, "D5": 2}}
RUN = {"0": {"D0": 0.8, "D2": 0.7, "D1": 0.3, "D3": 0.4, "D4": 0.1},
       "1": {"D1": 0.8, "D3": 0.7, "D4": 0.3, "D2": 0.4}}
PUBLISHED = {"gdeval-nDCG@20": (0.6201, 0.35099), "gdeval-ERR@20": (0.10175, 0.09375),
             "gdeval-nDCG@2": (0.17377, 0.38685), "gdeval-ERR@2": (0.03125, 0.09375)}
PUBLISHED_MEANS = {"gdeval-nDCG@20": 0.485545, "gdeval-ERR@20": 0.09775,
                   "gdeval-nDCG@2": 0.28031}  # means of the printed values


def test_published_values():
    table = rb.evaluate(QRELS, RUN, list(PUBLISHED))
    for name, (topic0, topic1) in PUBLISHED.items():
        assert f"{table[name]['0']:.5f}" == f"{topic0:.5f}", name
        assert f"{table[name]['1']:.5f}" == f"{topic1:.5f}", name
    for name, mean in PUBLISHED_MEANS.items():  # of unrounded values: within a rounding
        assert table[name]["all"] == pytest.approx(mean, abs=1e-5), name


def test_gain_is_exponential_unlike_trec_evals_ndcg():
    """Grades 1, 2 against an ideal 2, 1: gdeval's (1 + 3/log2 3) / (3 + 1/log2 3), trec_eval's
    (1 + 2/log2 3) / (2 + 1/log2 3)."""
    import math

    log3 = math.log2(3)
    assert gdeval_ndcg_at_k([1, 2], 20) == pytest.approx((1 + 3 / log3) / (3 + 1 / log3))
    assert ndcg_at_k([1, 2], 20) == pytest.approx((1 + 2 / log3) / (2 + 1 / log3))


def test_err_scale_is_fixed_at_four_whatever_the_qrels():
    """On a 0-2 scale the best document stops 3 users in 16 (gdeval), not 3 in 4."""
    assert gdeval_err_at_k([2]) == 3 / 16
    assert gdeval_err_at_k([2], max_grade=2) == 3 / 4


def test_grade_above_four_is_refused_like_gdeval():
    with pytest.raises(InvalidValueError, match="above max_grade=4"):
        gdeval_ndcg_at_k([5, 0])
    with pytest.raises(InvalidValueError, match="above max_grade=4"):
        gdeval_ndcg_at_k([1], ideal=[1, 5])
    with pytest.raises(InvalidValueError, match="max_grade"):
        gdeval_err_at_k([5])
    assert gdeval_ndcg_at_k([5, 0], max_grade=5) == 1.0


def test_negative_grades_count_zero_and_no_positive_judgment_scores_zero():
    assert gdeval_ndcg_at_k([-1, 1], ideal=[-1, 1]) == pytest.approx(gdeval_ndcg_at_k([0, 1],
                                                                                       ideal=[1]))
    assert gdeval_ndcg_at_k([0, -1], ideal=[0, -1]) == 0.0
    assert gdeval_err_at_k([-1, 0]) == 0.0


@needs_perl
@pytest.mark.slow  # gdeval.pl (perl) on 2,000 random topics, and on 600 with tied scores
@pytest.mark.parametrize("ties", [False, True], ids=["distinct scores", "tied scores"])
def test_equal_to_gdeval_pl_on_random_topics(ties):
    qrels, run = random_topics(600 if ties else 2000, seed=31 + ties, ties=ties)
    ndcg, err = irm.parse_measure("nDCG(dcg='exp-log2')@10"), irm.ERR @ 10
    theirs = {(m.query_id, str(m.measure)): m.value
              for m in irm.providers.registry["gdeval"].iter_calc([ndcg, err], qrels, run)}
    ours = rb.evaluate(qrels, run, ["gdeval-nDCG@10", "gdeval-ERR@10"])
    without_positive = [t for t, judged in qrels.items() if max(judged.values()) <= 0]
    for topic in qrels:
        for name, measure in (("gdeval-nDCG@10", ndcg), ("gdeval-ERR@10", err)):
            # gdeval.pl prints no line for a topic without a positive judgment, and
            # ir_measures fills such a topic in with 0, as rankbook scores it
            assert f"{ours[name][topic]:.5f}" == f"{theirs[topic, str(measure)]:.5f}"
    assert len(without_positive) > 10
    assert (ours.loc[without_positive] == 0.0).all().all()
