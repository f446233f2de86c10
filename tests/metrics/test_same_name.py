"""docs/user_models/same_name.md: every cell of its table equals the tool it is labelled with.

One topic, graded 0-3, written to files (qrels, run) or structures, and given to each reference
tool in the test:

- trec_eval: pytrec_eval (``map``, ``ndcg_cut_5``). pytrec_eval is trec_eval 9, which has no
  ``rbp``: trec_eval 10.0's ``m_rbp.c`` (https://github.com/usnistgov/trec_eval, gains divided
  by the topic's highest judged grade when it is above 1) is computed by hand in exact
  fractions; rankbook's RBP against trec_eval 10's own output is tests/metrics/test_user_models.py.
- cwl_eval: cwl-eval 1.0.12 in process, its own qrels reader (``TrecQrelHandler``), its
  ``RankingMaker`` fed the run file's lines in file order, and its measures (AP, RBP@0.8,
  NDCG-k@5). It refuses a gain above its ``--max_gain`` (1 by default): the page's column is
  ``--max_gain 3``, the grades used as gains.
- gdeval.pl 1.2a: the copy inside ir-measures 0.4.3 (``ir_measures/bin/gdeval.pl``), run with
  perl on the two files (one process), which prints five decimals.
- NTCIREVAL: pyNTCIREVAL 0.0.3 in process (its ``Labeler`` and measures, gains 1:2:3).
- ranx is not installed (not a dependency): its cells are ranx 0.3.21's definitions computed by
  hand, in exact fractions where they are rational. The source: the ranx 0.3.21 wheel on PyPI
  and https://github.com/AmenRa/ranx (ranx/metrics/average_precision.py: the precisions at the
  hits over the number of qrels at or above ``rel_lvl`` = 1; rank_biased_precision.py:
  ``(1 - p) * sum(qrels grade * p ** i)``, the grade since commit b267b9d "Fixes RBP",
  2023-07-18, first in 0.3.15, although docs/metrics.md still says "r_i is either 0 or 1";
  ndcg.py: ``ndcg`` with gain rel / log2(i + 1) over the same sum of the qrels sorted by grade).
"""

from __future__ import annotations

import functools
import math
import re
import shutil
import subprocess
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest

import rankbook as rb
from rankbook._errors import InvalidValueError

pytrec_eval = pytest.importorskip("pytrec_eval")
irm = pytest.importorskip("ir_measures")
ntcir = pytest.importorskip("pyNTCIREVAL")
ntcir_metrics = pytest.importorskip("pyNTCIREVAL.metrics")
cwl_ranking = pytest.importorskip("cwl.ruler.ranking")
cwl_ruler = pytest.importorskip("cwl.ruler.cwl_ruler")
cwl_qrels = pytest.importorskip("cwl.seeker.trec_qrel_handler")

PAGE = Path(__file__).resolve().parents[2] / "docs" / "user_models" / "same_name.md"
GDEVAL_PL = Path(irm.__file__).parent / "bin" / "gdeval.pl"

# The page's topic: qrels, and the run in trec_eval's order (distinct scores, descending), which
# is also the file order cwl_eval reads.
QRELS = {"1": {"d1": 3, "d2": 0, "d3": 1, "d4": 2, "d5": 0, "d6": 3, "d7": 1}}
RUN = {"1": {"d4": 0.9, "d2": 0.8, "d1": 0.7, "d8": 0.6, "d3": 0.5, "d5": 0.4, "d6": 0.3}}
RANKED = sorted(RUN["1"], key=RUN["1"].get, reverse=True)
GRADES = [QRELS["1"].get(doc) for doc in RANKED]          # [2, 0, 3, None, 1, 0, 3]
P, K = Fraction(4, 5), 5


def _files(tmp_path, scale=1):
    qrels = tmp_path / "qrels"
    gains = {doc: grade if scale == 1 else grade / scale for doc, grade in QRELS["1"].items()}
    qrels.write_text("".join(f"1 0 {doc} {gain!r}\n" for doc, gain in gains.items()))
    run = tmp_path / "run"
    run.write_text("".join(f"1 Q0 {doc} {rank} {RUN['1'][doc]} r\n"
                           for rank, doc in enumerate(RANKED, start=1)))
    return qrels, run


def _page_table() -> dict[tuple[str, str], str]:
    """The printed table of the page: (row, tool) -> the printed text ("—" where none)."""
    text = PAGE.read_text(encoding="utf-8")
    block = text[text.index("trec_eval  cwl_eval"):].split("\n\n")[0].splitlines()
    tools = block[0].split()
    table = {}
    for line in block[1:]:
        row, cells = re.match(r"(.+?)\s{2,}(\S.*)$", line).groups()
        table.update({(row.strip(), tool): cell for tool, cell in zip(tools, cells.split())})
    return table


@functools.cache
def _ours() -> dict[tuple[str, str], float]:
    """Every cell, by the calls the page makes (once: the tests only read it)."""
    def at(name):
        return float(rb.evaluate(QRELS, RUN, [name]).loc["1", name])
    return {
        ("AP", "trec_eval"): at("AP"), ("AP", "cwl_eval"): at("CWL-AP:EU"),
        ("AP", "NTCIREVAL"): at("Q(beta=0)"), ("AP", "ranx"): at("AP"),
        ("RBP (p = 0.8)", "trec_eval"): at("RBP(p=0.8)"),
        ("RBP (p = 0.8)", "cwl_eval"): at("CWL-RBP(p=0.8):EU"),
        ("RBP (p = 0.8)", "NTCIREVAL"): rb.rank_biased_precision(GRADES, persistence=0.8,
                                                                 max_grade=3),
        ("RBP (p = 0.8)", "ranx"): rb.rank_biased_precision(GRADES, persistence=0.8,
                                                            max_grade=None),
        ("ERR@5", "gdeval"): at("gdeval-ERR@5"), ("ERR@5", "NTCIREVAL"): at("NTCIR-ERR"),
        ("nDCG@5", "trec_eval"): at("nDCG@5"), ("nDCG@5", "cwl_eval"): at("SDCG@5:EU"),
        ("nDCG@5", "gdeval"): at("gdeval-nDCG@5"), ("nDCG@5", "NTCIREVAL"): at("NTCIR-nDCG@5"),
        ("nDCG@5", "ranx"): at("nDCG@5"),
    }


def _trec_eval():
    evaluator = pytrec_eval.RelevanceEvaluator(QRELS, {"map", "ndcg_cut"})
    values = evaluator.evaluate(RUN)["1"]
    return {("AP", "trec_eval"): values["map"], ("nDCG@5", "trec_eval"): values["ndcg_cut_5"]}


def _trec_eval_10_rbp():
    """trec_eval 10.0's m_rbp.c by hand: the grades over the topic's top judged grade, 3."""
    top = max(QRELS["1"].values())
    return {("RBP (p = 0.8)", "trec_eval"): (1 - P) * sum(
        Fraction(g or 0, top) * P ** i for i, g in enumerate(GRADES))}


def _cwl_eval(tmp_path, max_gain=3.0, scale=1):
    """cwl-eval 1.0.12: its qrels reader and ranking maker on the files, then each measure."""
    qrels, run = _files(tmp_path, scale)
    handler = cwl_qrels.TrecQrelHandler(str(qrels))
    handler.validate_gains(min_gain=0.0, max_gain=max_gain)   # what its main() does first
    maker = cwl_ranking.RankingMaker("1", handler, None, max_gain=max_gain)
    for line in run.read_text().splitlines():
        topic, element, doc, *_ = line.split()
        maker.add(doc, element)
    measured = {}
    for row, measure in (("AP", cwl_ruler.APCWLMetric()),
                         ("RBP (p = 0.8)", cwl_ruler.RBPCWLMetric(0.8)),
                         ("nDCG@5", cwl_ruler.NDCGCWLMetric(5))):
        measure.measure(maker.get_ranking())
        measured[row, "cwl_eval"] = measure.get_scores()[0]       # EU
    return measured


def _gdeval(tmp_path):
    qrels, run = _files(tmp_path)
    out = subprocess.run(["perl", str(GDEVAL_PL), str(qrels), str(run), str(K)], check=True,
                         capture_output=True, text=True).stdout.splitlines()
    assert out[0] == "runid,topic,ndcg@5,err@5", out
    _, topic, ndcg, err = out[1].split(",")
    assert topic == "1" and len(out) == 2, out
    return {("nDCG@5", "gdeval"): ndcg, ("ERR@5", "gdeval"): err}   # printed with %.5f


def _ntcireval():
    labeler = ntcir.Labeler(QRELS["1"])
    ranked = labeler.label(RANKED)
    xrelnum, gains = labeler.compute_per_level_doc_num(4), [1, 2, 3]
    m = ntcir_metrics
    return {("AP", "NTCIREVAL"): m.AP(xrelnum, gains).compute(ranked),
            ("RBP (p = 0.8)", "NTCIREVAL"): m.RBP(xrelnum, gains, 0.8).compute(ranked),
            ("ERR@5", "NTCIREVAL"): m.ERR(xrelnum, gains).compute(ranked),
            ("nDCG@5", "NTCIREVAL"): m.nDCG(xrelnum, gains, 2, K).compute(ranked)}


def _ranx_by_hand():
    """ranx 0.3.21's map, rbp.8 and ndcg@5 (see the module), on the same topic."""
    relevant = {doc: g for doc, g in QRELS["1"].items() if g >= 1}          # clean_qrels
    hits = [1 if doc in relevant else 0 for doc in RANKED]
    ap = sum(Fraction(sum(hits[:i + 1]), i + 1) for i, h in enumerate(hits) if h) / len(relevant)
    rbp = (1 - P) * sum(relevant.get(doc, 0) * P ** i for i, doc in enumerate(RANKED))
    ideal = sorted(relevant.values(), reverse=True)

    def dcg(gains):
        return math.fsum(g / math.log2(i + 2) for i, g in enumerate(gains[:K]))
    ndcg = dcg([relevant.get(doc, 0) for doc in RANKED]) / dcg(ideal)
    return {("AP", "ranx"): ap, ("RBP (p = 0.8)", "ranx"): rbp, ("nDCG@5", "ranx"): ndcg}


def test_the_page_prints_rankbooks_values_and_a_dash_where_a_tool_lacks_the_measure():
    printed, ours = _page_table(), _ours()
    assert len(printed) == 20
    for cell, text in printed.items():
        assert text == (f"{ours[cell]:.4f}" if cell in ours else "—"), cell


def test_trec_eval_cells_equal_pytrec_eval_and_trec_eval_10s_rbp():
    ours = _ours()
    for cell, value in {**_trec_eval(), **_trec_eval_10_rbp()}.items():
        assert ours[cell] == pytest.approx(float(value), rel=1e-14), cell
    assert _trec_eval_10_rbp()[("RBP (p = 0.8)", "trec_eval")] == Fraction(319752, 937500)


def test_cwl_eval_cells_equal_cwl_eval_1_0_12(tmp_path):
    ours = _ours()
    for cell, value in _cwl_eval(tmp_path).items():
        assert ours[cell] == pytest.approx(value, rel=1e-12), cell


def test_cwl_eval_on_grades_scaled_to_one_as_the_page_shows(tmp_path):
    # the page: gains grade / 3 give cwl_eval trec_eval 10's RBP, and AP, SDCG below 1
    scaled = [None if g is None else g / 3 for g in GRADES]
    theirs = _cwl_eval(tmp_path, max_gain=1.0, scale=3)
    assert theirs["AP", "cwl_eval"] == pytest.approx(
        rb.cwl_average_precision(scaled).expected_utility, rel=1e-12)
    assert theirs["nDCG@5", "cwl_eval"] == pytest.approx(
        rb.cwl_scaled_dcg(scaled, 5).expected_utility, rel=1e-12)
    assert theirs["RBP (p = 0.8)", "cwl_eval"] == pytest.approx(
        float(_trec_eval_10_rbp()["RBP (p = 0.8)", "trec_eval"]), rel=1e-12)
    assert round(theirs["AP", "cwl_eval"], 4) == 0.5206  # the page's numbers
    assert round(theirs["nDCG@5", "cwl_eval"], 4) == 0.4394


def test_cwl_eval_refuses_the_grades_unless_told_their_maximum(tmp_path):
    with pytest.raises(ValueError, match="greater than the maximum"):
        _cwl_eval(tmp_path, max_gain=1.0)


@pytest.mark.skipif(shutil.which("perl") is None, reason="perl runs gdeval.pl, the oracle")
def test_gdeval_cells_equal_what_gdeval_pl_prints(tmp_path):
    ours = _ours()
    for cell, printed in _gdeval(tmp_path).items():
        assert f"{ours[cell]:.5f}" == printed, cell


def test_ntcireval_cells_equal_pyntcireval():
    ours = _ours()
    for cell, value in _ntcireval().items():
        assert ours[cell] == pytest.approx(value, rel=1e-14), cell


def test_ranx_cells_equal_ranx_0_3_21s_definitions_by_hand():
    ours, ranx = _ours(), _ranx_by_hand()
    assert ranx[("AP", "ranx")] == Fraction(298, 525)
    for cell, value in ranx.items():
        assert ours[cell] == pytest.approx(float(value), rel=1e-14), cell
    # ranx's RBP weighs by the grade: up to 3 on this scale; its documented binary RBP is not it
    binary = rb.rank_biased_precision(GRADES, persistence=0.8, relevance_level=1)
    assert binary == pytest.approx(float((1 - P) * sum(P ** i for i in (0, 2, 4, 6))))
    assert not np.isclose(binary, float(ranx[("RBP (p = 0.8)", "ranx")]))


def test_rbp_max_grade_none_uses_the_grades_and_the_default_still_refuses_them():
    # both ways of the keyword: None = ranx 0.3.15 on; 1 (default) = binary judgments
    assert rb.rank_biased_precision([3, 1], persistence=0.5, max_grade=None) == 1.75
    assert rb.rank_biased_precision([3, None, -1, 2], persistence=0.5, max_grade=None) == \
        pytest.approx(float(Fraction(1, 2) * (3 + 2 * Fraction(1, 8))))
    with pytest.raises(InvalidValueError, match="max_grade"):
        rb.rank_biased_precision([3, 1], persistence=0.5)
