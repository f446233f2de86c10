"""NTCIREVAL's measures explained rank by rank, on NTCIREVAL's published sample.

The sample is NTCIREVAL's README and pyNTCIREVAL's tests (mpkato/pyNTCIREVAL,
``tests/dat/sample.rel``, ``sample.res``): ten relevant documents (three at L3, three at L2,
four at L1) and one judged nonrelevant; the run returns levels 0, 3, unjudged, 2. The expected
values are NTCIREVAL's printed ones (``tests/dat/res_test_compute.txt`` with ``-g 1:2:3``,
``res_test_compute_grade.txt`` with ``-g 1:4:9``, ``res_test_compute_cutoff.txt`` with the
cut-off 2), as docs/metrics/ntcireval.md quotes them, or exact fractions worked by hand here.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

import rankbook as rb
from rankbook.cli import main

RUN = [0, 3, None, 2]
IDEAL = [3, 3, 3, 2, 2, 2, 1, 1, 1, 1, 0]


@pytest.mark.parametrize("metric, gains, at, printed", [
    ("Q", (1, 2, 3), 4, 0.0967), ("O", (1, 2, 3), 4, 0.5000), ("P-measure", (1, 2, 3), 4, 0.5),
    ("P-plus", (1, 2, 3), 4, 0.5000), ("NCUgu-P", (1, 2, 3), 4, 0.1316),
    ("NCUrb-BR", (1, 2, 3), 4, 0.1175), ("NTCIR-ERR", (1, 2, 3), 4, 0.4062),
    ("NTCIR-nDCG@1000", (1, 2, 3), 1000, 0.3380), ("MSnDCG@1000", (1, 2, 3), 1000, 0.2760),
    ("Q", (1, 4, 9), 4, 0.0929), ("NTCIR-ERR", (1, 4, 9), 4, 0.4600),
    ("nERR@2", (1, 2, 3), 2, 0.4444), ("MSnDCG@2", (1, 2, 3), 2, 0.3869),
])
def test_the_sample_gives_ntcirevals_printed_values(metric, gains, at, printed):
    ex = rb.explain(RUN, metric=metric, ideal=IDEAL, gains=gains)
    assert round(ex.value(at), 4) == printed


def test_q_measure_written_out_is_the_hand_calculation():
    # By hand (docs/metrics/ntcireval.md): cg*(4) = 3 + 3 + 3 + 2 = 11, BR(2) = (1 + 3)/(2 + 6),
    # BR(4) = (2 + 5)/(4 + 11) = 7/15, Q = (1/2 + 7/15)/10 = 29/300.
    ex = rb.explain(RUN, metric="Q", ideal=IDEAL, gains=(1, 2, 3))
    lines = str(ex.show_work(4)).splitlines()
    assert "BR(2) = (1 + 1·3)/(2 + 1·6) = 0.5000" in lines
    assert "BR(4) = (2 + 1·5)/(4 + 1·11) = 0.4667" in lines
    assert lines[-1] == "Q = (BR(2) + BR(4))/10 = (0.5000 + 0.4667)/10 = 0.0967"
    assert Fraction(ex.value(4)).limit_denominator(1000) == Fraction(1, 2) / 10 + \
        Fraction(7, 15) / 10
    assert ex.values_at(4)["cg*(r)"] == 11 and ex.values_at(4)["BR(r)"] == pytest.approx(7 / 15)


def test_ncu_stop_probability_written_out_is_the_hand_calculation():
    # graded-uniform: the L3 at rank 2 stops 3 users of 3·3 + 3·2 + 4·1 = 19, the L2 at rank 4
    # 2 of 19; precision 1/2 and 2/4 there: NCU = (3/19)(1/2) + (2/19)(1/2) = 5/38.
    ex = rb.explain(RUN, metric="NCUgu-P", ideal=IDEAL, gains=(1, 2, 3))
    lines = str(ex.show_work(4)).splitlines()
    assert "P_S(2) = 3/(3·3 + 3·2 + 4·1) = 0.1579" in lines
    assert ex.values_at(2)["P_S(r)"] == pytest.approx(3 / 19)
    assert ex.value(4) == pytest.approx(5 / 38)


def test_nerr_written_out_is_the_hand_calculation():
    # s(L3) = 3/4: ERR@2 = (3/4)/2 = 3/8; the ideal's ERR*@2 = 3/4 + (1/4)(3/4)/2 = 27/32;
    # nERR@2 = (3/8)/(27/32) = 4/9 (NTCIREVAL prints 0.4444).
    ex = rb.explain(RUN, metric="nERR@2", ideal=IDEAL, gains=(1, 2, 3))
    assert ex.values_at(2)["ERR*@k"] == pytest.approx(27 / 32)
    assert ex.value() == pytest.approx(4 / 9)
    assert str(ex.show_work()).splitlines()[-1] == \
        "nERR@2 = ERR@2 / ERR*@2 = 0.3750 / 0.8438 = 0.4444"


def test_a_gains_setting_in_the_name_is_read_as_the_evaluator_reads_it():
    ex = rb.explain(RUN, metric="Q(gains=1/4/9)", ideal=IDEAL)
    assert ex.case.options["gains"] == (1.0, 4.0, 9.0) and round(ex.value(4), 4) == 0.0929


def test_the_precision_rows_of_ncu_take_no_beta():
    with pytest.raises(rb.InvalidValueError, match="beta does not apply to NCUgu-P"):
        rb.explain(RUN, metric="NCUgu-P", ideal=IDEAL, beta=1.0)


def test_hit_names_the_first_relevant_rank():
    ex = rb.explain(RUN, metric="Hit@1")
    assert [ex.values_at(k)["first relevant"] for k in (1, 2, 4)] == ["", 2, 2]
    assert (ex.value(1), ex.value(2)) == (0.0, 1.0)
    assert str(ex.show_work(4)).splitlines()[-1] == "Hit@4 = max(0, 1, 0, 1) = 1"


def test_the_command_line_explains_q_with_the_gains(capsys):
    main(["explain", "0", "3", "-", "2", "--metric", "Q", "--ideal", *map(str, IDEAL),
          "--gains", "1", "2", "3"])
    out = capsys.readouterr().out.splitlines()
    assert out[0].split() == ["k", "grade", "g(r)", "C(r)", "cg(r)", "cg*(r)", "BR(r)", "Q"]
    assert out[-1].endswith("= 0.0967")
