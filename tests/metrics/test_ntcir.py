"""NTCIREVAL's measures (rankbook.metrics.ntcir, ntcir_discounted) against pyNTCIREVAL 0.0.3.

The published sample is NTCIREVAL's, as pyNTCIREVAL's repository ships it (mpkato/pyNTCIREVAL,
tests/dat/sample.rel and sample.res; its printed values in tests/dat/res_test_compute.txt (gains
1:2:3), res_test_compute_grade.txt (1:4:9), res_test_compute_cutoff.txt (cut-off 2) and
res_test_compute_label_j.txt (condensed list, ``label -j``); NTCIREVAL's README prints the same).
Those values are compared at their printed 4 decimals; pyNTCIREVAL itself runs in process as the
oracle at full precision, on the sample and on seeded random topics.
"""

from __future__ import annotations

import math

import numpy as np
import pytest

import rankbook as rb
from rankbook._errors import InvalidTypeError, InvalidValueError
from rankbook.metrics.ntcir import (
    normalised_cumulative_utility,
    o_measure,
    p_measure,
    p_plus_measure,
    q_measure,
)
from rankbook.metrics.ntcir_discounted import (
    microsoft_ndcg,
    ntcir_expected_reciprocal_rank,
    ntcir_hit,
    ntcir_ndcg,
    ntcir_normalized_err,
)

ntcireval_metrics = pytest.importorskip("pyNTCIREVAL.metrics")

# mpkato/pyNTCIREVAL tests/dat/sample.rel (document, level) and sample.res (the ranking).
SAMPLE_REL = {"dummy01": 3, "dummy02": 3, "dummy03": 3, "dummy04": 2, "dummy05": 2,
              "dummy06": 2, "dummy07": 1, "dummy08": 1, "dummy09": 1, "dummy10": 1,
              "dummy11": 0}
SAMPLE_RES = ["dummy11", "dummy01", "dummy12", "dummy04"]
SAMPLE_RELEVANCE = [SAMPLE_REL.get(doc) for doc in SAMPLE_RES]  # [0, 3, None, 2]
SAMPLE_IDEAL = list(SAMPLE_REL.values())


def _ours(relevance, ideal, gains, k, condensed, beta=1.0, gamma=0.95, log_base=2.0):
    """Every measure of ours, named as NTCIREVAL prints it."""
    common = {"gains": gains, "condensed": condensed}
    ncu = {**common, "gamma": gamma}
    return {
        "O-measure": o_measure(relevance, ideal, beta=beta, **common),
        "P-measure": p_measure(relevance, ideal, beta=beta, **common),
        "P-plus": p_plus_measure(relevance, ideal, beta=beta, **common),
        "Q-measure": q_measure(relevance, ideal, beta=beta, **common),
        "NCUgu,P": normalised_cumulative_utility(relevance, ideal, **ncu),
        "NCUgu,BR": normalised_cumulative_utility(relevance, ideal, beta=beta, **ncu),
        "NCUrb,P": normalised_cumulative_utility(relevance, ideal, stop="rank-biased", **ncu),
        "NCUrb,BR": normalised_cumulative_utility(relevance, ideal, stop="rank-biased",
                                                  beta=beta, **ncu),
        "ERR": ntcir_expected_reciprocal_rank(relevance, ideal, **common),
        f"Q@{k:04d}": q_measure(relevance, ideal, k, beta=beta, **common),
        f"nDCG@{k:04d}": ntcir_ndcg(relevance, ideal, k, log_base=log_base, **common),
        f"MSnDCG@{k:04d}": microsoft_ndcg(relevance, ideal, k, **common),
        f"nERR@{k:04d}": ntcir_normalized_err(relevance, ideal, k, **common),
        f"Hit@{k:04d}": ntcir_hit(relevance, k, condensed=condensed),
    }


def _oracle(relevance, ideal, gains, k, condensed, beta=1.0, gamma=0.95, log_base=2.0):
    """pyNTCIREVAL's values, its ``compute`` command's list of measures, in process."""
    m = ntcireval_metrics
    labelled = [(f"d{i}", None if level is None else int(level))
                for i, level in enumerate(relevance)]
    if condensed:  # Labeler(is_condensed=True).label: unjudged documents left out
        labelled = [(doc, level) for doc, level in labelled if level is not None]
    grades = list(gains)
    xrelnum = [0] * (len(grades) + 1)
    for level in ideal:
        xrelnum[int(level)] += 1
    metrics = [m.OMeasure(xrelnum, grades, beta), m.PMeasure(xrelnum, grades, beta),
               m.PPlusMeasure(xrelnum, grades, beta), m.QMeasure(xrelnum, grades, beta),
               m.NCUguP(xrelnum, grades, grades), m.NCUguBR(xrelnum, grades, grades, beta),
               m.NCUrbP(xrelnum, grades, gamma), m.NCUrbBR(xrelnum, grades, gamma, beta),
               m.ERR(xrelnum, grades), m.QMeasure(xrelnum, grades, beta, k),
               m.nDCG(xrelnum, grades, log_base, k), m.MSnDCG(xrelnum, grades, k),
               m.nERR(xrelnum, grades, k), m.Hit(k)]
    names = ["O-measure", "P-measure", "P-plus", "Q-measure", "NCUgu,P", "NCUgu,BR", "NCUrb,P",
             "NCUrb,BR", "ERR", f"Q@{k:04d}", f"nDCG@{k:04d}", f"MSnDCG@{k:04d}",
             f"nERR@{k:04d}", f"Hit@{k:04d}"]
    return {name: float(metric.compute(labelled)) for name, metric in zip(names, metrics)}


# The printed values of mpkato/pyNTCIREVAL tests/dat/res_test_compute*.txt (see the module).
PUBLISHED = {
    "gains 1:2:3": ((1, 2, 3), 1000, False, {
        "O-measure": 0.5, "P-measure": 0.5, "P-plus": 0.5, "Q-measure": 0.0967,
        "NCUgu,P": 0.1316, "NCUgu,BR": 0.1281, "NCUrb,P": 0.1215, "NCUrb,BR": 0.1175,
        "ERR": 0.4062, "Q@1000": 0.0967, "nDCG@1000": 0.3380, "MSnDCG@1000": 0.2760,
        "nERR@1000": 0.4710, "Hit@1000": 1.0}),
    "gains 1:4:9": ((1, 4, 9), 1000, False, {
        "Q-measure": 0.0929, "NCUgu,P": 0.1512, "NCUgu,BR": 0.1445, "NCUrb,P": 0.1215,
        "NCUrb,BR": 0.1130, "ERR": 0.4600, "nDCG@1000": 0.3636, "MSnDCG@1000": 0.2947,
        "nERR@1000": 0.4851}),
    "cut-off 2": ((1, 2, 3), 2, False, {
        "Q@0002": 0.2500, "nDCG@0002": 0.5000, "MSnDCG@0002": 0.3869, "nERR@0002": 0.4444,
        "Hit@0002": 1.0}),
    "condensed": ((1, 2, 3), 1000, True, {
        "O-measure": 0.5, "Q-measure": 0.1083, "NCUgu,P": 0.1491, "NCUgu,BR": 0.1404,
        "NCUrb,P": 0.1412, "NCUrb,BR": 0.1314, "ERR": 0.4167, "nDCG@1000": 0.3601,
        "MSnDCG@1000": 0.2899, "nERR@1000": 0.4830}),
}


@pytest.mark.parametrize("case", sorted(PUBLISHED))
def test_published_sample_values(case):
    gains, k, condensed, expected = PUBLISHED[case]
    ours = _ours(SAMPLE_RELEVANCE, SAMPLE_IDEAL, gains, k, condensed)
    for name, value in expected.items():
        assert abs(ours[name] - value) <= 0.00005 + 1e-12, (case, name, ours[name], value)


@pytest.mark.parametrize("case", sorted(PUBLISHED))
def test_sample_equals_pyntcireval_to_full_precision(case):
    gains, k, condensed, _ = PUBLISHED[case]
    ours = _ours(SAMPLE_RELEVANCE, SAMPLE_IDEAL, gains, k, condensed)
    assert ours == pytest.approx(_oracle(SAMPLE_RELEVANCE, SAMPLE_IDEAL, gains, k, condensed),
                                 rel=1e-15, abs=0)


def _random_topic(rng):
    """A graded topic: 1-4 levels with ascending whole gains, judged and unjudged documents."""
    levels = int(rng.integers(1, 5))
    gains = tuple(int(g) for g in np.sort(rng.integers(1, 10, size=levels)))
    judged = [int(level) for level in rng.integers(0, levels + 1, size=int(rng.integers(1, 20)))]
    judged[0] = int(rng.integers(1, levels + 1))  # pyNTCIREVAL refuses a topic without one
    pool = judged + [None] * int(rng.integers(0, 8))
    run = [pool[i] for i in rng.permutation(len(pool))[:int(rng.integers(1, len(pool) + 1))]]
    if all(level is None for level in run):
        run.append(judged[0])  # pyNTCIREVAL fails on an empty (condensed) list
    k = int(rng.choice([1, 2, 3, 5, 10, 1000]))
    settings = {"beta": float(rng.choice([0.0, 0.5, 1.0, 2.0])),
                "gamma": float(rng.choice([0.5, 0.95, 1.0])),
                "log_base": float(rng.choice([2.0, 3.0, math.e]))}
    # the judged levels as an array (the lists of the sample tests take the other path)
    return run, np.array(judged), gains, k, bool(rng.integers(0, 2)), settings


TOPICS = 2000


@pytest.mark.slow
def test_random_topics_equal_pyntcireval():
    """2,000 seeded topics, every measure per topic, against pyNTCIREVAL in process."""
    rng = np.random.default_rng(30)
    topics = [_random_topic(rng) for _ in range(TOPICS)]
    assert len(topics) == TOPICS
    for run, judged, gains, k, condensed, settings in topics:
        ours = _ours(run, judged, gains, k, condensed, **settings)
        expected = _oracle(run, judged, gains, k, condensed, **settings)
        # Bit for bit on this machine (the same operations in the same order); 1e-15 allows
        # a reduction that numpy orders differently elsewhere (pyNTCIREVAL's np.prod).
        assert ours == expected or ours == pytest.approx(expected, rel=1e-15, abs=0), (
            run, judged, gains, k)


def test_evaluate_gives_the_published_sample_by_ntcireval_names():
    """The registry's rows through rb.evaluate on the sample (res_test_compute*.txt values)."""
    qrels = {"t1": SAMPLE_REL}
    run = {"t1": {doc: float(len(SAMPLE_RES) - i) for i, doc in enumerate(SAMPLE_RES)}}
    names = ["Q", "Q@2", "O", "P-measure", "P-plus", "NCUgu-P", "NCUgu-BR", "NCUrb-P",
             "NCUrb-BR", "NTCIR-ERR", "nERR@1000", "NTCIR-nDCG@1000", "MSnDCG@2", "Hit@2",
             "Q(gains=1/4/9)", "NCUgu-BR(gains=1/4/9)", "NTCIR-ERR(gains=1/4/9)", "Q(beta=0)"]
    table = rb.evaluate(qrels, run, names)
    published = [0.0967, 0.25, 0.5, 0.5, 0.5, 0.1316, 0.1281, 0.1215, 0.1175, 0.4062, 0.4710,
                 0.3380, 0.3869, 1.0, 0.0929, 0.1445, 0.4600, 0.1000]  # Q(beta=0): its AP
    for name, value in zip(names, published):
        assert abs(float(table.loc["t1", name]) - value) <= 0.00005 + 1e-12, name


@pytest.mark.parametrize("text", ["Q(gains=3/2/1)", "Q(gains=1/x)", "Q(gains=-1/2)"])
def test_a_bad_gains_setting_is_refused(text):
    with pytest.raises(InvalidValueError, match="ascending order"):
        rb.evaluate({"t": {"d": 1}}, {"t": {"d": 1.0}}, [text])


def test_no_relevant_document_and_an_empty_list_score_zero():
    # pyNTCIREVAL refuses both (a division by zero, max() of an empty list); rankbook gives 0,
    # as trec_eval does for a topic without a relevant document.
    for relevance, ideal in (([0, None], [0, 0]), ([], [1, 2])):
        values = _ours(relevance, ideal, (1, 2), 10, False)
        assert set(values.values()) == {0.0}, values


@pytest.mark.parametrize(("call", "error", "match"), [
    (lambda: q_measure([1.5], [2]), InvalidValueError, "whole numbers"),
    (lambda: q_measure([3], [3], gains=(1, 2)), InvalidValueError, "L3"),
    (lambda: q_measure([1], [1], gains=(2, 1)), InvalidValueError, "ascending"),
    (lambda: q_measure([1], [1], gains="1:2"), InvalidTypeError, "gains"),
    (lambda: q_measure([1], [1], beta=-1), InvalidValueError, "beta"),
    (lambda: normalised_cumulative_utility([1], [1], stop="uniform"), InvalidValueError,
     "stop"),
    (lambda: normalised_cumulative_utility([1], [1], stops=(1, 2)), InvalidValueError,
     "stops"),
    (lambda: normalised_cumulative_utility([1], [1], stop="rank-biased", gamma=2),
     InvalidValueError, "gamma"),
    (lambda: ntcir_ndcg([1], [1], log_base=1.0), InvalidValueError, "log_base"),
    (lambda: ntcir_hit([1], 0), InvalidValueError, "k"),
])
def test_bad_arguments_are_refused_with_the_fix(call, error, match):
    with pytest.raises(error, match=match):
        call()


def test_a_negative_grade_is_a_judged_nonrelevant_level_zero():
    # by hand: the L2 document at rank 2, BR(2) = (1 + 2) / (2 + 2); R = 1
    assert q_measure([-1, 2], [-1, 2]) == q_measure([0, 2], [0, 2]) == 0.75
