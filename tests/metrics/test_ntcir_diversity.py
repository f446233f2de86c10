"""NTCIREVAL's diversity measures: I-rec, D-, D#- and IA-measures (Sakai and Song 2011).

pyNTCIREVAL 0.0.3 has no diversity measures, so the oracles are the values NTCIREVAL's
README.diversity publishes for its sample (tests/data/ntcireval/README.md says which lines
of NTCIREVAL's files are kept) and hand computations in exact fractions.

Source: NTCIREVAL 190111, README.diversity ("HOW TO USE NTCIREVAL FOR DIVERSIFIED RETRIEVAL
EVALUATION", Sakai), http://research.nii.ac.jp/ntcir/tools/ntcireval-en.html; copied in
github.com/kelulucaipeixi/Analyse-solr-Results-with-cacm-collection-by-NTCIREVAL
(NTCIREVAL/README.diversity, Dtest.Dqrels, Dtest.Iprob, TRECRUN).
"""

from __future__ import annotations

import math
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest

import rankbook as rb
from rankbook._errors import InputFileError, InvalidValueError
from rankbook.cli import main
from rankbook.io import read_intent_probabilities, read_subtopic_qrels, subtopic_matrix

DATA = Path(__file__).parent.parent / "data" / "ntcireval"
QRELS, IPROB, RUN = DATA / "Dtest.Dqrels.relevant", DATA / "Dtest.Iprob", DATA / "TRECRUN.top10"

# README.diversity, section 3.1 (topic 0001, cut-off 10) and section 5 (topic 0002)
PUBLISHED_0001 = {"I-rec@10": 0.6667, "D-Q@10": 0.1263, "D-nDCG@10": 0.2085,
                  "D#-Q@10": 0.3965, "D#-nDCG@10": 0.4376}
PUBLISHED_0002 = {"IA-nERR@10": 0.0241, "IA-nDCG@10": 0.0116}


def _topic(query: str, table: dict | None = None):
    """(ranked, judged, probabilities) of a README.diversity topic: its intents' probabilities
    from ``table`` ({intent: p}, 0 for one not listed) or the published file."""
    qrels = read_subtopic_qrels(QRELS)
    rows = qrels[qrels["query"] == query]
    docs = [line.split()[2] for line in RUN.read_text().splitlines()
            if line.split()[0] == query]
    subtopics, ranked = subtopic_matrix(rows, docs)
    _, judged = subtopic_matrix(rows, sorted(set(rows["doc"])))
    if table is None:
        intents = read_intent_probabilities(IPROB)
        table = dict(zip(intents["subtopic"][intents["query"] == query],
                         intents["probability"][intents["query"] == query]))
    return ranked, judged, np.array([table.get(s, 0.0) for s in subtopics])


def _readme_0001(ranked, judged, p):
    k = 10
    return {"I-rec@10": rb.intent_recall_at_k(ranked, judged, k),
            "D-Q@10": rb.d_q_measure(ranked, judged, k, probabilities=p),
            "D-nDCG@10": rb.d_ndcg_at_k(ranked, judged, k, probabilities=p),
            "D#-Q@10": rb.d_sharp_q_measure(ranked, judged, k, probabilities=p),
            "D#-nDCG@10": rb.d_sharp_ndcg_at_k(ranked, judged, k, probabilities=p)}


def test_readme_diversity_topic_0001():
    values = _readme_0001(*_topic("0001"))
    assert {name: round(value, 4) for name, value in values.items()} == PUBLISHED_0001


def test_readme_diversity_topic_0002_intent_aware():
    ranked, judged, p = _topic("0002")
    assert round(rb.ntcir_intent_aware_nerr_at_k(ranked, judged, 10, probabilities=p), 4) == \
        PUBLISHED_0002["IA-nERR@10"]
    assert round(rb.ntcir_intent_aware_ndcg_at_k(ranked, judged, 10, probabilities=p), 4) == \
        PUBLISHED_0002["IA-nDCG@10"]


# A small topic by hand: intents a, b with P = 3/4, 1/4; d1 is L1 for a, d2 L2 for b, d3 L1
# for both. Global gains: d1 3/4, d2 2/4, d3 1; the run is d2, d1.
JUDGED = [[1, 0], [0, 2], [1, 1]]          # d1, d2, d3
RANKED = [[0, 2], [1, 0]]                  # d2, d1
P = [0.75, 0.25]


def test_d_q_by_hand():
    # BR(1) = (1 + 1/2) / (1 + 1) = 3/4; BR(2) = (2 + 5/4) / (2 + 7/4) = 13/15; min(R, k) = 2
    d_q = (Fraction(3, 4) + Fraction(13, 15)) / 2
    assert d_q == Fraction(97, 120)
    assert rb.d_q_measure(RANKED, JUDGED, 2, probabilities=P) == pytest.approx(float(d_q),
                                                                                abs=1e-15)


def test_d_ndcg_by_hand():
    run = 0.5 / math.log(2) + 0.75 / math.log(3)
    best = 1.0 / math.log(2) + 0.75 / math.log(3)
    assert rb.d_ndcg_at_k(RANKED, JUDGED, 2, probabilities=P) == pytest.approx(run / best,
                                                                                abs=1e-15)


@pytest.mark.parametrize("gamma", [0.0, 0.25, 0.5, 1.0])
def test_d_sharp_gamma_both_ways(gamma):
    # I-rec@2 = 1 (d2 covers b, d1 covers a); D-Q@2 = 97/120
    expected = Fraction(gamma) * 1 + (1 - Fraction(gamma)) * Fraction(97, 120)
    value = rb.d_sharp_q_measure(RANKED, JUDGED, 2, probabilities=P, gamma=gamma)
    assert value == pytest.approx(float(expected), abs=1e-15)
    at_one = rb.d_sharp_ndcg_at_k(RANKED, JUDGED, 1, probabilities=P, gamma=gamma)
    # at k = 1: I-rec 1/2 (intent b), D-nDCG@1 = GG(d2) / GG(d3) = 1/2
    assert at_one == pytest.approx(0.5, abs=1e-15)


def test_ia_nerr_by_hand():
    # a: stop 1/2, run ERR@2 = 1/4, ideal 5/8 -> 2/5; b: g_max 2, stop g/3: 2/3 over 13/18
    expected = Fraction(3, 4) * Fraction(2, 5) + Fraction(1, 4) * Fraction(12, 13)
    assert expected == Fraction(69, 130)
    assert rb.ntcir_intent_aware_nerr_at_k(RANKED, JUDGED, 2, probabilities=P) == \
        pytest.approx(float(expected), abs=1e-15)


def test_ia_nerr_gains_stop_at_each_intents_top_level():
    # gains 1:3. Intent a's ideal list tops at L1 (g_max 1, NTCIREVAL's gcompute): 2/5 as
    # above; b: stop g/4, run 3/4 over 3/4 + 1/32 -> 24/25.
    expected = Fraction(3, 4) * Fraction(2, 5) + Fraction(1, 4) * Fraction(24, 25)
    assert rb.ntcir_intent_aware_nerr_at_k(RANKED, JUDGED, 2, probabilities=P, gains=(1, 3)) \
        == pytest.approx(float(expected), abs=1e-15)


def test_uniform_probabilities_by_default():
    # intent c has no relevant document: uniform is 1/2 over a and b, c weighs 0
    judged = [row + [0] for row in JUDGED]
    ranked = [row + [0] for row in RANKED]
    for measure in (rb.d_ndcg_at_k, rb.d_q_measure, rb.ntcir_intent_aware_nerr_at_k,
                    rb.ntcir_intent_aware_ndcg_at_k):
        assert measure(ranked, judged, 2) == measure(ranked, judged, 2,
                                                     probabilities=[0.5, 0.5, 0.0])
    assert rb.intent_recall_at_k(ranked, judged, 1) == 0.5


@pytest.mark.parametrize("seed", range(5))
def test_d_sharp_lies_between_its_parts(seed):
    generator = np.random.default_rng(seed)
    judged = generator.integers(0, 3, size=(12, 3))
    ranked = judged[generator.permutation(12)[:6]]
    p = generator.dirichlet(np.ones(3))
    irec = rb.intent_recall_at_k(ranked, judged, 5)
    for sharp, plain in ((rb.d_sharp_ndcg_at_k, rb.d_ndcg_at_k),
                         (rb.d_sharp_q_measure, rb.d_q_measure)):
        d = plain(ranked, judged, 5, probabilities=p)
        value = sharp(ranked, judged, 5, probabilities=p, gamma=0.3)
        assert min(irec, d) - 1e-12 <= value <= max(irec, d) + 1e-12
        assert value == pytest.approx(0.3 * irec + 0.7 * d, abs=1e-12)


GRADES = [0, 2, None, 1, 3, 0]             # one intent: NTCIREVAL's graded measures
IDEAL = [3, 2, 2, 1, 1, 0]


def _one_intent():
    ranked = [[0 if g is None else g] for g in GRADES]
    return ranked, [[g] for g in IDEAL]


def test_one_intent_is_the_plain_measure():
    ranked, judged = _one_intent()
    assert rb.d_ndcg_at_k(ranked, judged, 4) == pytest.approx(
        rb.microsoft_ndcg(GRADES, IDEAL, 4), abs=1e-15)
    assert rb.d_q_measure(ranked, judged, 4) == pytest.approx(
        rb.q_measure(GRADES, IDEAL, 4), abs=1e-15)
    assert rb.ntcir_intent_aware_nerr_at_k(ranked, judged, 4) == pytest.approx(
        rb.ntcir_normalized_err(GRADES, IDEAL, 4), abs=1e-15)
    assert rb.ntcir_intent_aware_ndcg_at_k(ranked, judged, 4) == pytest.approx(
        rb.microsoft_ndcg(GRADES, IDEAL, 4), abs=1e-15)


def test_no_relevant_document_scores_zero():
    for measure in (rb.intent_recall_at_k, rb.d_ndcg_at_k, rb.d_q_measure,
                    rb.d_sharp_ndcg_at_k, rb.ntcir_intent_aware_nerr_at_k):
        assert measure([[0, 0]], [[0, 0]], 10) == 0.0


@pytest.mark.parametrize("call, words", [
    (lambda: rb.d_ndcg_at_k(RANKED, JUDGED, 2, probabilities=[1.0]), "per column"),
    (lambda: rb.d_ndcg_at_k(RANKED, JUDGED, 2, probabilities=[0.8, 0.4]), "must not exceed 1"),
    (lambda: rb.d_sharp_ndcg_at_k(RANKED, JUDGED, 2, gamma=1.5), "gamma"),
    (lambda: rb.d_ndcg_at_k([[0.5, 0]], JUDGED, 2), "whole number"),
    (lambda: rb.d_q_measure([[2, 2]], JUDGED, 2), "no row of judged"),
])
def test_bad_input_is_explained(call, words):
    with pytest.raises(InvalidValueError, match=words):
        call()


def test_evaluate_with_the_intent_file():
    frame = rb.evaluate(None, RUN, [*PUBLISHED_0001, *PUBLISHED_0002, "IA-MSnDCG@10"],
                        subtopic_qrels=QRELS, intent_probabilities=IPROB)
    assert {name: round(float(frame.loc["0001", name]), 4) for name in PUBLISHED_0001} == \
        PUBLISHED_0001
    assert round(float(frame.loc["0002", "IA-nERR@10"]), 4) == 0.0241
    assert float(frame.loc["0002", "IA-MSnDCG@10"]) == float(frame.loc["0002", "IA-nDCG@10"])


def test_evaluate_without_the_intent_file_is_uniform():
    frame = rb.evaluate(None, RUN, ["D#-nDCG@10", "IA-nERR@10"], subtopic_qrels=QRELS)
    ranked, judged, _ = _topic("0001")
    assert float(frame.loc["0001", "D#-nDCG@10"]) == rb.d_sharp_ndcg_at_k(ranked, judged, 10)
    ranked, judged, _ = _topic("0002")
    # intents 3 and 4 have relevant documents: 1/2 each
    assert float(frame.loc["0002", "IA-nERR@10"]) == rb.ntcir_intent_aware_nerr_at_k(
        ranked, judged, 10, probabilities=[0.5, 0.5])


def test_evaluate_settings_and_unlisted_intents():
    # intent 1 of topic 0001 missing from the probabilities: it weighs 0 (NTCIREVAL's rule)
    probabilities = {"0001": {"2": 0.5, "3": 0.5}, "0002": {"4": 1.0}}
    frame = rb.evaluate(None, RUN, ["D#-nDCG(gamma=1)@10", "D-nDCG@10"], subtopic_qrels=QRELS,
                        intent_probabilities=probabilities)
    assert round(float(frame.loc["0001", "D#-nDCG(gamma=1)@10"]), 4) == 0.6667  # I-rec alone
    ranked, judged, p = _topic("0001", probabilities["0001"])
    assert sorted(p.tolist()) == [0.0, 0.5, 0.5]
    assert float(frame.loc["0001", "D-nDCG@10"]) == rb.d_ndcg_at_k(ranked, judged, 10,
                                                                   probabilities=p)


def test_evaluate_refuses_probabilities_it_cannot_use(tmp_path):
    with pytest.raises(InvalidValueError, match="subtopic_qrels"):
        rb.evaluate(QRELS, RUN, ["D-nDCG@10"], intent_probabilities=IPROB)
    only_one = tmp_path / "one.Iprob"
    only_one.write_text("0001 1 0.5714\n0001 2 0.2857\n0001 3 0.1429\n")
    with pytest.raises(InvalidValueError, match="topic '0002'"):
        rb.evaluate(None, RUN, ["D-nDCG@10"], subtopic_qrels=QRELS, intent_probabilities=only_one)
    bad = tmp_path / "bad.Iprob"
    bad.write_text("0001 1 1.5\n")
    with pytest.raises(InputFileError, match="between 0 and 1"):
        rb.evaluate(None, RUN, ["D-nDCG@10"], subtopic_qrels=QRELS, intent_probabilities=bad)


def test_cli_intent_probabilities(capsys):
    assert main(["eval", "-q", "-m", "D#-nDCG@10", "--subtopic-qrels", str(QRELS),
                 "--intent-probabilities", str(IPROB), str(QRELS), str(RUN)]) == 0
    lines = [line.split() for line in capsys.readouterr().out.splitlines()]
    assert ["D#-nDCG@10", "0001", "0.4376"] in [[a, b, f"{float(c):.4f}"] for a, b, c in lines]
