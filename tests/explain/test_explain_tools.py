"""The hand calculations of the tools' own measures (explain/families/tools.py) give the tools'
published values, and their worked formulas are the arithmetic done here by hand.

Published values: ir_measures' ``tests/test_gdeval.py`` (gdeval.pl's output) and
``tests/test_compat.py`` / ``tests/test_accuracy.py`` (terrierteam/ir_measures; the files are
copied in tests/data/ir_measures, see its README.md).
"""

from __future__ import annotations

import math
from fractions import Fraction
from pathlib import Path

import pytest

import rankbook as rb
from rankbook.explain.options import OPTIONS

DATA = Path(__file__).resolve().parents[1] / "data" / "ir_measures"

# gdeval's test, topic 0, read here in trec_eval's order (score descending): D0 0.8, D2 0.7,
# D3 0.4, D1 0.3, D4 0.1, judged 0, 1, 2, 1, 0; every judgment of the topic: 0, 1, 1, 2, 0.
TOPIC_0 = [0, 1, 2, 1, 0]
JUDGED_0 = [0, 1, 1, 2, 0]


def test_gdeval_ndcg_and_err_of_topic_0_are_gdevals_printed_values():
    ndcg = rb.explain(TOPIC_0, metric="gdeval-nDCG@20", ideal=JUDGED_0)
    err = rb.explain(TOPIC_0, metric="gdeval-ERR@20")
    assert round(ndcg.value(), 5) == 0.62010          # gdeval.pl: ndcg@20 0.62010
    assert round(err.value(), 5) == 0.10175           # gdeval.pl: err@20 0.10175
    assert round(ndcg.value(2), 5) == 0.17377         # gdeval.pl -k 2: ndcg@2 0.17377
    assert round(err.value(2), 5) == 0.03125          # gdeval.pl -k 2: err@2 0.03125


def test_the_gdeval_ndcg_formula_is_the_hand_arithmetic():
    work = str(rb.explain(TOPIC_0, metric="gdeval-nDCG@k", ideal=JUDGED_0).show_work(3))
    dcg = 1 / math.log2(3) + 3 / 2                    # (2^1 - 1)/log2 3 + (2^2 - 1)/log2 4
    ideal = 3 + 1 / math.log2(3) + 1 / 2              # the ideal 2, 1, 1
    assert f"DCG@3 = (2^0-1)/log2(1+1) + (2^1-1)/log2(2+1) + (2^2-1)/log2(3+1) = {dcg:.4f}" \
        in work
    assert f"IDCG@3 = (2^2-1)/log2(1+1) + (2^1-1)/log2(2+1) + (2^1-1)/log2(3+1) = {ideal:.4f}" \
        in work
    assert work.endswith(f"nDCG@3 = DCG@3 / IDCG@3 = {dcg:.4f} / {ideal:.4f} = {dcg / ideal:.4f}")


def test_the_gdeval_err_formula_is_the_hand_arithmetic():
    # R = 1/16 (grade 1), 3/16 (grade 2): gdeval divides by 2^4 whatever the qrels hold
    r1, r2 = Fraction(1, 16), Fraction(3, 16)
    reach_3, reach_4 = 1 - r1, (1 - r1) * (1 - r2)
    err = r1 / 2 + reach_3 * r2 / 3 + reach_4 * r1 / 4
    work = str(rb.explain(TOPIC_0, metric="gdeval-ERR@k").show_work(4))
    assert "highest grade 4, gdeval.pl's MAX_JUDGMENT" in work
    assert work.endswith(f"ERR@4 = 1.0000·0.0625/2 + {float(reach_3):.4f}·0.1875/3 + "
                         f"{float(reach_4):.4f}·0.0625/4 = {float(err):.4f}")


def _topic(name: str):
    """Topic ``name`` of ir_measures' Compat files: the run's grades in trec_eval's order
    (score descending, then document id descending), and every judged grade of the topic."""
    judged = {}
    for line in (DATA / "compat.qrels").read_text().splitlines():
        topic, _, doc, grade = line.split()
        if topic == name:
            judged[doc] = int(grade)
    run = []
    for line in (DATA / "compat.run").read_text().splitlines():
        topic, _, doc, _, score, _ = line.split()
        if topic == name:
            run.append((float(score), doc))
    run.sort(reverse=True)
    return [judged.get(doc) for _, doc in run], list(judged.values())


@pytest.mark.parametrize("metric, published", [
    ("Compat", 0.51779512165509), ("Compat(p=0.8)", 0.16723008845234535)])
def test_compat_of_topic_31_1_is_ir_measures_published_value(metric, published):
    grades, ideal = _topic("31_1")
    assert rb.explain(grades, metric=metric, ideal=ideal).value() == pytest.approx(published,
                                                                                   abs=1e-12)


def test_the_compat_formula_is_the_hand_arithmetic():
    # The Compat page's example: the run reads 0, 2, 1; I = (the grade-2, the grade-1 document).
    # Overlaps 0, 1, 2 at depths 1, 2, 3; I with itself 1, 2, 2.
    p = Fraction(1, 2)
    run = 0 + p * Fraction(1, 2) + p ** 2 * Fraction(2, 3)            # 5/12
    best = 1 + p * 1 + p ** 2 * Fraction(2, 3)                         # 5/3
    ex = rb.explain([0, 2, 1], metric="Compat(p=0.5)", ideal=[2, 1, 0])
    lines = str(ex.show_work(3)).splitlines()
    assert f"S = 0.5^0·0/1 + 0.5^1·1/2 + 0.5^2·2/3 = {float(run):.4f}" in lines
    assert f"S* = 0.5^0·1/1 + 0.5^1·2/2 + 0.5^2·2/3 = {float(best):.4f}" in lines
    assert lines[-1] == f"Compat@3 = S / S* = {float(run):.4f} / {float(best):.4f} = 0.2500"
    assert run / best == Fraction(1, 4) and ex.value() == pytest.approx(0.25, abs=1e-15)
    # not normalised: RBO(run, I) = S / (1 + p + p^2) = 5/21, the page's fraction
    raw = rb.explain([0, 2, 1], metric="Compat", persistence=0.5, normalize=False,
                     ideal=[2, 1, 0])
    assert raw.value() == pytest.approx(float(run / (1 + p + p ** 2)), abs=1e-15)
    assert float(run / (1 + p + p ** 2)) == pytest.approx(5 / 21)


def test_accuracy_is_ir_measures_published_value_and_its_pairs_are_counted_by_hand():
    # ir_measures' tests/test_accuracy.py, topic 1: unjudged, 2, 0, 1, unjudged: 0.5; rel=2: 0.75
    grades = [None, 2, 0, 1, None]
    assert rb.explain(grades, metric="Accuracy").value() == 0.5
    assert rb.explain(grades, metric="Accuracy(rel=2)").value() == 0.75
    # by hand: the relevant documents at ranks 2 and 4 have 1 and 2 others above them, of 2·3
    work = str(rb.explain(grades, metric="Accuracy").show_work(5)).splitlines()
    assert work[-2:] == ["in order = 2·3 - (1 + 2) = 3", "Accuracy@5 = 3/(2·3) = 0.5000"]


def test_normalize_is_typed_yes_or_no():
    assert OPTIONS["normalize"].read("no") is False and OPTIONS["normalize"].read("yes") is True
    with pytest.raises(rb.InvalidValueError, match="--normalize 'maybe'.*yes or no"):
        OPTIONS["normalize"].read("maybe")
