"""``rankbook reproduce``: the table of Breuer et al.'s measures for an original and a repeated run.

Three topics, P@2, worked by hand: the original scores 1, 1/2, 1/2 and the replication 1/2,
1/2, 0. Expected values are exact fractions, scipy's ttest_rel / ttest_ind for the p-values,
and Kendall's tau union and RBO worked from their definitions per topic.
"""

from __future__ import annotations

import math
from pathlib import Path

import pytest
from scipy import stats

from rankbook.cli import main

QRELS = "q1 0 d1 1\nq1 0 d2 1\nq2 0 d3 1\nq3 0 d5 1\n"
ORIGINAL = {"q1": ["d1", "d2"], "q2": ["d3", "d4"], "q3": ["d6", "d5"]}
REPLICATED = {"q1": ["d1", "d9"], "q2": ["d4", "d3"], "q3": ["d7", "d8"]}


def _run(path, ranked, tag):
    lines = [f"{q} Q0 {doc} {i + 1} {10 - i} {tag}" for q, docs in ranked.items()
             for i, doc in enumerate(docs)]
    path.write_text("\n".join(lines) + "\n")
    return str(path)


def _rows(out: str) -> dict:
    lines = out.strip().splitlines()
    header = lines[0].split("  ")
    header = [h.strip() for h in header if h.strip()]
    return {line.split()[0]: dict(zip(header[1:], line.split()[1:])) for line in lines[1:]
            if not line.startswith("Kendall")}


@pytest.fixture
def files(tmp_path):
    qrels = tmp_path / "qrels.txt"
    qrels.write_text(QRELS)
    return str(qrels), _run(tmp_path / "o.run", ORIGINAL, "o"), _run(tmp_path / "r.run", REPLICATED, "r")


def test_replication_table(files, capsys):
    qrels, original, replicated = files
    assert main(["reproduce", qrels, original, replicated, "-m", "P@2", "-k", "2", "-p", "0.5"]) == 0
    out = capsys.readouterr().out
    row = _rows(out)["P@2"]
    assert float(row["ARP original"]) == pytest.approx(2 / 3, abs=5e-5)
    assert float(row["ARP reproduced"]) == pytest.approx(1 / 3, abs=5e-5)
    assert float(row["RMSE"]) == pytest.approx(math.sqrt(1 / 6), abs=5e-5)
    p = stats.ttest_rel([1, 0.5, 0.5], [0.5, 0.5, 0]).pvalue
    assert float(row["p (paired t)"]) == pytest.approx(p, rel=5e-3)
    # tau union per topic: 1, -1, -1; RBO (p = 0.5, k = 2): 3/4, 1/2, 0
    assert "Kendall's tau union @2: -0.3333" in out
    assert "RBO @2 (p=0.5): 0.4167" in out


def test_reproduction_with_baselines(files, tmp_path, capsys):
    qrels, original, replicated = files
    # the reproduction answers two other topics (q7, q8) of another collection
    other = tmp_path / "other.qrels"
    other.write_text("q7 0 x1 1\nq8 0 x2 1\nq9 0 x6 1\n")
    reproduced = _run(tmp_path / "rpd.run", {"q7": ["x1", "x3"], "q8": ["x2", "x4"],
                                               "q9": ["x9", "x8"]}, "rpd")
    reproduced_b = _run(tmp_path / "rpdb.run", {"q7": ["x3", "x1"], "q8": ["x4", "x5"],
                                                 "q9": ["x8", "x9"]}, "rpdb")
    original_b = _run(tmp_path / "ob.run", {"q1": ["d1", "d7"], "q2": ["d4", "d8"],
                                            "q3": ["d6", "d7"]}, "ob")
    assert main(["reproduce", qrels, original, reproduced, "--reproduced-qrels", str(other),
                 "--baselines", original_b, reproduced_b, "-m", "P@2"]) == 0
    out = capsys.readouterr().out
    assert "Kendall" not in out  # other topics: no ranked lists to compare
    row = _rows(out)["P@2"]
    # original: a 2/3, b 1/6 (improvement 1/2); reproduction: a 1/3, b 1/6 (improvement 1/6)
    assert float(row["ER"]) == pytest.approx(1 / 3, abs=5e-5)
    assert float(row["delta RI"]) == pytest.approx((2 / 3 - 1 / 6) / (1 / 6) - 1.0, abs=5e-5)
    p = stats.ttest_ind([1, 0.5, 0.5], [0.5, 0.5, 0]).pvalue
    assert float(row["p (unpaired t)"]) == pytest.approx(p, rel=5e-3)


def test_a_missing_file_is_one_line_and_status_2(files, capsys):
    qrels, original, _ = files
    assert main(["reproduce", qrels, original, "no-such.run"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "no-such.run" in err[0]


# --- per-topic score tables (issue 29, item 4) --------------------------------------------------
# Breuer et al.'s per-topic files (tests/data/breuer2020, see its README: run 45 is the paper's
# tf_1) against the printed cells of their online appendix (shared/data/breuer2020/
# appendix_tables.md): Table 1, rpl_wcr0405_tf_1: ARP P@10 0.7760, RMSE 0.0927, p 0.046;
# Table 2, rpd_tf_1: ARP P@10 0.4920, p 3E-04 (p truncated to one significant digit).

BREUER = Path(__file__).resolve().parents[1] / "data" / "breuer2020"


def test_replication_from_breuer_score_tables(capsys, monkeypatch):
    monkeypatch.chdir(BREUER)
    table = "rpl/rpl_wcrobust0405_p10.csv"
    assert main(["reproduce", "-m", "P@10", f"{table}:WCrobust0405",
                 f"{table}:rpl_wcrobust0405_45"]) == 0
    captured = capsys.readouterr()
    row = _rows(captured.out)["P@10"]
    assert (row["ARP original"], row["ARP reproduced"], row["RMSE"]) == ("0.7500", "0.7760",
                                                                          "0.0927")
    assert row["p (paired t)"].startswith("4.6") and row["p (paired t)"].endswith("e-02")
    assert "Kendall's tau union and RBO need the runs' ranked lists" in captured.err


def test_reproduction_from_breuer_score_tables(capsys, monkeypatch):
    monkeypatch.chdir(BREUER)
    assert main(["reproduce", "--reproduction", "-m", "P@10", "rpd/org_wcrobust0405_p10.csv",
                 "rpd/rpd_wcrobust0405_p10.csv:rpd_wcrobust0405_45"]) == 0
    row = _rows(capsys.readouterr().out)["P@10"]
    assert (row["ARP original"], row["ARP reproduced"]) == ("0.7500", "0.4920")
    assert row["p (unpaired t)"].startswith("3.") and row["p (unpaired t)"].endswith("e-04")


def _table(path, text):
    path.write_text(text)
    return str(path)


def test_tables_of_measures_compare_the_columns_they_share(tmp_path, capsys):
    # the P@2 scores of test_replication_table, as rankbook eval -q --format csv writes them
    # (an 'all' row included, left out), with the baselines of test_reproduction_with_baselines
    original = _table(tmp_path / "o.csv", "query,P@2,other\nq1,1,0\nq2,0.5,0\nq3,0.5,0\n"
                                          "all,0.6667,0\n")
    replicated = _table(tmp_path / "r.csv", "query,P@2\nq3,0\nq1,0.5\nq2,0.5\n")
    original_b = _table(tmp_path / "ob.csv", "query,P@2\nq1,0.5\nq2,0\nq3,0\n")
    replicated_b = _table(tmp_path / "rb.csv", "topic,P@2\nq1,0\nq2,0.5\nq3,0\n")
    assert main(["reproduce", original, replicated, "--baselines", original_b,
                 replicated_b]) == 0
    rows = _rows(capsys.readouterr().out)
    assert list(rows) == ["P@2"]  # 'other' is not in every table
    row = rows["P@2"]
    assert float(row["RMSE"]) == pytest.approx(math.sqrt(1 / 6), abs=5e-5)  # paired by topic
    p = stats.ttest_rel([1, 0.5, 0.5], [0.5, 0.5, 0]).pvalue
    assert float(row["p (paired t)"]) == pytest.approx(p, rel=5e-3)
    # improvements: original 2/3 - 1/6 = 1/2, replication 1/3 - 1/6 = 1/6: ER 1/3
    assert float(row["ER"]) == pytest.approx(1 / 3, abs=5e-5)


@pytest.mark.parametrize("arguments, message", [
    (["{qrels}", "{o}", "{r}"], "needs no qrels: leave QRELS out"),
    (["{run}", "{r}"], "is not a per-topic score table"),
    (["{o}", "{r}", "--reproduced-qrels", "{qrels}"], "say --reproduction instead"),
    (["{qrels}", "{run}", "{run}", "--reproduction"], "--reproduction is for score tables"),
    (["{o}", "{wide}"], "the tables share no score column"),
    (["{o}:nosuch", "{r}"], "there is no column 'nosuch'; the score columns are P@2"),
    (["{o}", "{bad}"], "bad.csv, line 3"),
])
def test_score_table_mistakes_are_one_line(tmp_path, capsys, arguments, message):
    paths = {"o": _table(tmp_path / "o.csv", "query,P@2\nq1,1\nq2,0.5\n"),
             "r": _table(tmp_path / "r.csv", "query,P@2\nq1,0.5\nq2,0.5\n"),
             "wide": _table(tmp_path / "wide.csv", "Row,a,b\nq1,1,0\nq2,0,1\n"),
             "bad": _table(tmp_path / "bad.csv", "query,P@2\nq1,0.5\nq2,high\n"),
             "qrels": _table(tmp_path / "qrels.txt", QRELS),
             "run": _run(tmp_path / "o.run", ORIGINAL, "o")}
    assert main(["reproduce", *(a.format(**paths) for a in arguments)]) == 2
    err = capsys.readouterr().err
    assert len(err.splitlines()) == 1 and message in err, err


def test_the_reproducibility_page_shows_what_the_command_prints(capsys, monkeypatch):
    page = (BREUER.parents[2] / "docs" / "comparing" / "reproducibility.md").read_text()
    block = page.split("$ cd tests/data/breuer2020\n$ rankbook reproduce ", 1)[1]
    arguments, shown = block.split("```", 1)[0].split("\n", 1)
    monkeypatch.chdir(BREUER)
    assert main(["reproduce", *arguments.split()]) == 0
    printed = capsys.readouterr()
    assert printed.err + printed.out == shown


def test_an_effect_ratio_of_no_effect_is_nan_with_a_note(tmp_path, capsys):
    # the advanced runs score as their baselines, in the original and in the replication
    same = _table(tmp_path / "a.csv", "query,P@2\nq1,1\nq2,0.5\n")
    rep = _table(tmp_path / "r.csv", "query,P@2\nq1,0.5\nq2,0.5\n")
    assert main(["reproduce", same, rep, "--baselines", same, rep]) == 0
    captured = capsys.readouterr()
    assert _rows(captured.out)["P@2"]["ER"] == "nan"
    assert "rankbook reproduce: note: effect_ratio is undefined (0/0)" in captured.err


# --- no topic in common (issue 36, item 6): a refusal, never a ZeroDivisionError ---------------

def test_replicated_runs_with_no_topic_in_common_are_refused(files, tmp_path, capsys):
    qrels, original, _ = files
    # the "replication" ranks topics the original never ranked: nothing to pair
    elsewhere = _run(tmp_path / "x.run", {"q7": ["d1", "d2"], "q8": ["d3", "d4"]}, "x")
    assert main(["reproduce", qrels, original, elsewhere]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "no topic in common" in err[0] and "--reproduced-qrels" in err[0], err


def test_replicated_tables_with_no_topic_in_common_are_refused(tmp_path, capsys):
    original = _table(tmp_path / "o.csv", "query,P@2\nq1,1\nq2,0.5\n")
    elsewhere = _table(tmp_path / "x.csv", "query,P@2\nq7,0.5\nq8,0.5\n")
    assert main(["reproduce", original, elsewhere]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "no topic in common" in err[0] and "--reproduction" in err[0], err


# --- each run read once (issue 36, item 6) ------------------------------------------------------

def test_a_replication_reads_each_run_once_and_names_it_in_the_notes(files, tmp_path, capsys,
                                                                    monkeypatch):
    import rankbook.io.fast._table as table

    qrels, original, _ = files
    # the replication misses q3 and ranks q9, which nobody judged: a note names its file
    shorter = _run(tmp_path / "short.run", {"q1": ["d1", "d9"], "q2": ["d4", "d3"],
                                            "q9": ["d1"]}, "s")
    opened = []
    real_open = table.open_binary
    monkeypatch.setattr(table, "open_binary", lambda path: opened.append(str(path))
                        or real_open(path))
    assert main(["reproduce", qrels, original, shorter, "-m", "P@2"]) == 0
    assert opened.count(original) == 1 and opened.count(shorter) == 1, opened
    notes = capsys.readouterr().err.strip().splitlines()
    note = (f"rankbook reproduce: note: {shorter} vs {qrels}: 1 topic(s) of the run are not in "
            "the qrels and are ignored (as trec_eval does): 'q9'; 1 topic(s) of the qrels have "
            "no results in the run and are scored 0 (complete=True, trec_eval's -c): 'q3'.")
    assert notes == [note], notes


def test_all_trec_compares_the_scores_and_says_which_texts_it_leaves_out(files, capsys):
    # -m all_trec holds the run's name and relstring, texts: they are named on stderr, and
    # every score column is compared (P_5: 2/5, 1/5, 1/5 against 1/5, 1/5, 0).
    assert main(["reproduce", *files, "-m", "all_trec"]) in (0, None)
    captured = capsys.readouterr()
    assert "runid, relstring are not a score per topic" in captured.err
    rows = _rows(captured.out)
    assert "runid" not in rows and "relstring" not in rows
    assert float(rows["P_5"]["ARP original"]) == pytest.approx(4 / 15, abs=5e-5)
    assert float(rows["P_5"]["ARP reproduced"]) == pytest.approx(2 / 15, abs=5e-5)
