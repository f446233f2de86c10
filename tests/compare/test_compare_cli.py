"""``rankbook compare``: its outputs, and every mistake as one line on stderr with exit status 2.

Files: trec_eval 9.0.8's own test inputs (tests/data/trec_eval: qrels.test, results.test and
results.trunc, the same run cut short). Their MAPs are in trec_eval's own outputs
(tests/data/trec_eval/out.test: map 0.1785); the t-test p-value is checked with scipy.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from scipy import stats as scipy_stats

import rankbook as rb
from rankbook.cli import main

DATA = Path(__file__).resolve().parents[1] / "data" / "trec_eval"
QRELS, RUN, TRUNC = (str(DATA / name) for name in ("qrels.test", "results.test", "results.trunc"))


def test_text_output(capsys):
    assert main(["compare", QRELS, RUN, TRUNC, "-m", "map"]) == 0
    captured = capsys.readouterr()
    lines = captured.out.splitlines()
    assert lines[2].split() == ["(a)", "results.test", "0.1785"]      # out.test: map all 0.1785
    # results.trunc misses topic 302, which scores 0 (trec_eval's -c): said on stderr
    assert captured.err.startswith("rankbook compare: note:") and "'302'" in captured.err
    per_topic = {"test": rb.evaluate(QRELS, RUN, ["map"], complete=True)["map"].drop("all")}
    with pytest.warns(rb.TopicMismatchWarning, match="'302'"):
        per_topic["trunc"] = rb.evaluate(QRELS, TRUNC, ["map"], complete=True)["map"].drop("all")
    p = scipy_stats.ttest_rel(per_topic["test"], per_topic["trunc"]).pvalue
    assert f"{p:.4f}" in captured.out


def test_decimals_apply_to_the_p_column(capsys):
    # issue 29: --decimals 6 printed the p-values with 4 (scipy's paired t-test the oracle)
    assert main(["compare", QRELS, RUN, TRUNC, "-m", "map", "--decimals", "6",
                 "--correction", "holm"]) == 0
    out = capsys.readouterr().out
    with pytest.warns(rb.TopicMismatchWarning):
        per_topic = [rb.evaluate(QRELS, run, ["map"], complete=True)["map"].drop("all")
                     for run in (RUN, TRUNC)]
    p = scipy_stats.ttest_rel(*per_topic).pvalue
    header, row = out.splitlines()[-2:]
    assert header.split()[5:8] == ["p", "p", "(holm)"]
    assert row.split()[8:10] == [f"{p:.6f}", f"{p:.6f}"]  # one pair: holm leaves p as it is


def test_json_and_csv(capsys):
    assert main(["compare", QRELS, RUN, TRUNC, "-m", "P@10", "--test", "wilcoxon",
                 "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["systems"] == ["results.test", "results.trunc"] and data["test"] == "wilcoxon"
    assert main(["compare", QRELS, RUN, TRUNC, "-m", "P@10", "--format", "csv"]) == 0
    csv = capsys.readouterr().out.splitlines()
    assert csv[0].startswith("measure,system_a,system_b,mean_a") and len(csv) == 2


def test_latex_and_markdown_with_baseline(capsys):
    assert main(["compare", QRELS, RUN, TRUNC, "--baseline", "results.trunc", "--format",
                 "latex"]) == 0
    latex = capsys.readouterr().out
    assert r"results.trunc (baseline)" in latex and latex.count(r"\toprule") == 2
    assert main(["compare", QRELS, TRUNC, RUN, "--baseline", TRUNC, "--format", "markdown"]) == 0
    assert "| results.trunc (baseline) |" in capsys.readouterr().out


MISTAKES = [
    (["compare", QRELS, RUN], "at least two RUN"),
    (["compare", QRELS, RUN, RUN], "given twice"),
    (["compare", QRELS, RUN, TRUNC, "--test", "z"], "invalid choice"),
    (["compare", QRELS, RUN, TRUNC, "--test", "tukey", "--correction", "holm"], "already adjusted"),
    (["compare", QRELS, RUN, TRUNC, "--baseline", "bm25"], "--baseline 'bm25'"),
    (["compare", QRELS, RUN, TRUNC, "--alpha", "5"], "--alpha"),
    (["compare", QRELS, RUN, TRUNC, "-m", "mapp"], "unknown measure"),
    (["compare", QRELS, RUN, "no-such-run.txt"], "no such file"),
    (["compare", QRELS, RUN, TRUNC, "--decimals", "x"], "decimals"),
    (["compare", QRELS, RUN, TRUNC, "--resamples", "0", "--test", "bootstrap"], "n_resamples"),
]


def test_the_list_of_mistakes_is_not_empty():
    assert len(MISTAKES) == 10


@pytest.mark.parametrize("argv, says", MISTAKES, ids=[" ".join(a[3:])[:40] for a, _ in MISTAKES])
def test_one_line_and_status_2(argv, says, capsys):
    assert main(argv) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.count("\n") == 1 and captured.err.endswith("\n"), captured.err
    assert says in captured.err, captured.err
