"""Every command-line mistake ends in one line on stderr and exit status 2 (issue 8, CLI).

The mistakes are run through ``rankbook.cli.main``; the files are trec_eval's own test
inputs (tests/data/trec_eval, copied from trec_eval 9.0.8's test folder).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from rankbook.cli import main

DATA = Path(__file__).resolve().parents[1] / "data" / "trec_eval"
QRELS, RUN = str(DATA / "qrels.test"), str(DATA / "results.test")
# FLAGR's sample voters (tests/data/flagr, copied from the FLAGR repository's testdata.csv)
FLAGR_LISTS = str(Path(__file__).resolve().parents[1] / "data" / "flagr" / "testdata.csv")

MISTAKES = [
    # (arguments, a piece of the one-line message)
    ([], "required"),
    (["evaluate"], "invalid choice"),
    (["eval"], "required"),
    (["eval", QRELS], "required"),
    (["eval", "-m", "P.", QRELS, RUN], "no parameter after the '.'"),
    (["eval", "-m", "ndcg_cut.", QRELS, RUN], "no parameter after the '.'"),
    (["eval", "-m", "success.", QRELS, RUN], "no parameter after the '.'"),
    (["eval", "-m", "iprec_at_recall.", QRELS, RUN], "no parameter after the '.'"),
    (["eval", "-m", "P.5,x", QRELS, RUN], "positive whole number"),
    (["eval", "-m", "mapp", QRELS, RUN], "unknown measure"),
    (["eval", "--decimals", "-1", QRELS, RUN], "decimals"),
    (["eval", "--decimals", "many", QRELS, RUN], "decimals"),
    (["eval", "--format", "xml", QRELS, RUN], "invalid choice"),
    (["eval", "-M", "ten", QRELS, RUN], "invalid int"),
    (["eval", "-M", "0", QRELS, RUN], "max_docs"),
    (["eval", "-l", "nan", QRELS, RUN], "relevance_level"),
    (["eval", "-l", "0", QRELS, RUN], "relevance_level"),
    (["eval", "--bogus", QRELS, RUN], "unrecognized arguments"),
    (["eval", QRELS, "no-such-run.txt"], "no such file"),
    (["eval", str(DATA), RUN], "folder"),
    # issue 21: several runs (a folder is every file in it, a quoted glob its matches)
    (["eval", QRELS, str(DATA)], "README.md, lines 9, 35: a run line has at least 6 fields"),
    (["eval", QRELS, str(DATA / "no-such-*.run")], "no file matches the pattern"),
    (["eval", "-j", "0", QRELS, RUN, RUN], "-j takes a whole number"),
    (["eval", "--format", "csv", QRELS, RUN, RUN], "trec_eval's layout only"),
    (["eval", RUN, RUN], "qrels line has 4 fields"),
    # issue 9: say what the user probably meant
    (["eval", "-m", "ndgc@10", QRELS, RUN], "did you mean nDCG@10?"),
    (["eval", "-m", "recip_rnk", QRELS, RUN], "did you mean recip_rank?"),
    (["eval", "-m", "ndcg_cutt.10", QRELS, RUN], "did you mean ndcg_cut.10?"),
    (["eval", "-m", "P@-3", QRELS, RUN], "'-3' is not a positive whole number"),
    (["eval", RUN, QRELS], "Did you swap them?"),
    (["eval", QRELS, FLAGR_LISTS], "looks like a FLAGR CSV"),
    (["explain", "1", "x"], "not a grade"),
    (["explain", "1", "0", "--decimals", "-1"], "decimals"),
    (["exercises", "AP", "--count", "x"], "invalid int"),
    (["exercises", "nosuch"], "NAME"),
]


def test_the_list_of_mistakes_is_not_empty():
    assert len(MISTAKES) == 35


@pytest.mark.parametrize("argv, says", MISTAKES, ids=[" ".join(a[:4])[:40] for a, _ in MISTAKES])
def test_one_line_and_status_2(argv, says, capsys):
    assert main(argv) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.count("\n") == 1 and captured.err.endswith("\n"), captured.err
    assert says in captured.err, captured.err
    assert "Traceback" not in captured.err


def test_latex_without_jinja2(capsys, monkeypatch):
    import sys

    monkeypatch.setitem(sys.modules, "jinja2", None)  # import jinja2 now raises ImportError
    assert main(["eval", "-q", "-m", "map", "-m", "num_ret", "--format", "latex", "--decimals",
                 "4", QRELS, RUN]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[:4] == [r"\begin{tabular}{lrr}", r"\toprule", r"query & map & num\_ret \\",
                       r"\midrule"]
    assert out[-2:] == [r"\bottomrule", r"\end{tabular}"]
    # tests/data/trec_eval/out.test (trec_eval 9.0.8's own output): map all 0.1785, num_ret 1500
    assert out[-3] == r"all & 0.1785 & 1500 \\"


def test_p_at_minus_3_is_not_called_unknown(capsys):
    assert main(["eval", "-m", "P@-3", QRELS, RUN]) == 2
    assert "unknown" not in capsys.readouterr().err


def test_csv_and_json_print_shortest_floats(capsys):
    # 0.3 is printed 0.3 (repr), not 0.29999999999999999 (%.17g); both read back exactly.
    import json

    assert main(["eval", "-m", "P@10", QRELS, RUN, "--format", "csv"]) == 0
    csv = capsys.readouterr().out
    assert csv.splitlines() == ["query,P@10", "all,0.3"]
    assert main(["eval", "-m", "P@10", "-m", "num_ret", QRELS, RUN, "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out) == {"all": {"P@10": 0.3, "num_ret": 1500}}
