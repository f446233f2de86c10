"""`rankbook eval` against trec_eval 9.x's own regression outputs (usnistgov/trec_eval, test/).

- `out.test` (default measures) must be reproduced byte for byte.
- For `out.test.aq`, `.aqc`, `.aqcM`, `.aql` and `.a` (``-m all_trec``), every line of a
  measure family rankbook supports must be reproduced, in trec_eval's order.

Covered families: runid, num_q, num_ret, num_rel, num_rel_ret, map, gm_map, Rprec, bpref,
recip_rank, iprec_at_recall, P, recall, 11pt_avg, ndcg, ndcg_cut, map_cut, success, set_P,
set_recall, set_map, set_F. Not covered (trec_eval-only measures that rankbook does not
define): relstring, infAP, gm_bpref, Rprec_mult, utility, binG, G, ndcg_rel, Rndcg,
relative_P, set_relative_P, num_nonrel_judged_ret.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from rankbook.cli import main

DATA = Path(__file__).resolve().parent / "data" / "trec_eval"
COVERED = ("runid", "num_q", "num_ret", "num_rel", "num_rel_ret", "map", "gm_map", "Rprec",
           "bpref", "recip_rank", "iprec_at_recall", "P", "recall", "11pt_avg", "ndcg",
           "ndcg_cut", "map_cut", "success", "set_P", "set_recall", "set_map", "set_F")
COVERED_LINE = re.compile(
    r"(runid|num_q|num_ret|num_rel|num_rel_ret|map|gm_map|Rprec|bpref|recip_rank|11pt_avg|ndcg"
    r"|set_P|set_recall|set_map|set_F|iprec_at_recall_[0-9.]+|(P|recall|ndcg_cut|map_cut|success)_\d+)"
    r" *\t")



def run_cli(capsys, *args) -> str:
    assert main(["eval", *args]) == 0
    return capsys.readouterr().out


def test_out_test_byte_for_byte(capsys):
    out = run_cli(capsys, str(DATA / "qrels.test"), str(DATA / "results.test"))
    assert out.encode() == (DATA / "out.test").read_bytes()


@pytest.mark.parametrize("expected_file, options, qrels, run", [
    ("out.test.a", [], "qrels.test", "results.test"),
    ("out.test.aq", ["-q"], "qrels.test", "results.test"),
    ("out.test.aqc", ["-q", "-c"], "qrels.test", "results.trunc"),
    ("out.test.aqcM", ["-q", "-c", "-M", "100"], "qrels.test", "results.trunc"),
    ("out.test.aql", ["-q", "-l", "2"], "qrels.rel_level", "results.test"),
])
def test_all_trec_lines_of_covered_families(capsys, expected_file, options, qrels, run):
    expected = [line for line in (DATA / expected_file).read_text().splitlines(keepends=True)
                if COVERED_LINE.match(line)]
    out = run_cli(capsys, *options, "-m", "runid", "-m", "num_q", "-m", "all_trec",
                  str(DATA / qrels), str(DATA / run))
    assert out.splitlines(keepends=True) == expected
    assert len(expected) > 60


def test_the_covered_list_is_what_the_docs_say():
    page = (Path(__file__).resolve().parents[1] / "docs" / "guide" / "evaluating_runs.md").read_text()
    for family in COVERED:
        assert f"`{family}`" in page
