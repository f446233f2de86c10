"""FLAGR's qrels CSV is read as qrels wherever qrels are read (issue 17, part 2).

The one place that decides is `rankbook.io.convert.qrels_format`; every entry point
(`rb.evaluate`, `rankbook eval`, `rankbook compare`, the Comparator) reads qrels through
`as_qrels`/`as_judgments`. The oracles:

- the same judgments in TREC form (each comma replaced by a space, done here by hand) give
  identical output, byte for byte on the command line;
- pytrec_eval (trec_eval 9.x) on the judgments parsed here from the CSV;
- for the Comparator's FLAGR convention, the MAP PyFLAGR publishes for CombSUM-Borda on FLAGR's
  sample data, 0.4836 (the seed notebook; shared/data/flagr/pyflagr-comparator-summary.csv).
"""

from __future__ import annotations

import gzip
import os
import threading
from pathlib import Path

import pytest

import rankbook as rb
from rankbook.cli import main
from rankbook.io.convert import as_judgments, as_qrels, qrels_format

DATA = Path(__file__).resolve().parents[1] / "data" / "flagr"
LISTS = DATA / "testdata.csv"
QRELS = DATA / "testdata_qrels.csv"


@pytest.fixture(scope="module")
def files(tmp_path_factory):
    """FLAGR's qrels, the same in TREC form, and two fused runs of FLAGR's sample lists."""
    folder = tmp_path_factory.mktemp("flagr_qrels")
    trec = folder / "qrels.trec"
    trec.write_text("".join(line.replace(",", " ") + "\n"
                            for line in QRELS.read_text().splitlines() if line.strip()))
    runs = []
    for method in ("borda", "rrf"):
        path = folder / f"{method}.txt"
        rb.io.write_run(rb.fuse(flagr=LISTS, method=method), path, name=method)
        runs.append(str(path))
    return {"trec": str(trec), "runs": runs, "folder": folder}


def csv_judgments() -> dict:
    """The CSV parsed by hand: {query: {item: int grade}} (pytrec_eval's form)."""
    qrels: dict = {}
    for line in QRELS.read_text().splitlines():
        query, _, item, grade = line.split(",")
        qrels.setdefault(query, {})[item] = int(grade)
    return qrels


def cli(capsys, *argv) -> str:
    assert main([str(a) for a in argv]) == 0, capsys.readouterr().err
    return capsys.readouterr().out


# --- the rule ------------------------------------------------------------------------------

@pytest.mark.parametrize(("content", "expected"), [
    (b"1,0,Q1-E36,1\n", "flagr"),                       # FLAGR's sample
    (b"\xef\xbb\xbf\n  \n1, 0, Q1-E36, 1\r\n", "flagr"),  # BOM, blank lines, spaces, CRLF
    (b"301 0 FR940202-2-00150 1\n", "trec"),
    (b"301 0 doc,with,commas 1\n", "trec"),             # a TREC docid may hold commas
    (b"301\t0\ta,b\t1\n", "trec"),
    (b"301 0 a,b,c,d 1\n", "trec"),                      # four comma fields, spaces inside
    (b"1,0,,1\n", "flagr"),                             # (its reader refuses the empty field)
    (b"1,0,Q1-E36\n", "trec"),                          # three fields: not FLAGR's qrels
    (b"1,V-0,Q1-E35,1.0,demo\n", "trec"),               # FLAGR's lists, not its qrels
])
def test_the_first_non_blank_line_decides(tmp_path, content, expected):
    path = tmp_path / "qrels"
    path.write_bytes(content)
    assert qrels_format(path) == expected
    gz = tmp_path / "qrels.gz"
    gz.write_bytes(gzip.compress(content))
    assert qrels_format(gz) == expected


def test_a_fifo_is_read_once_as_trec_qrels(tmp_path):
    # A pipe cannot be read twice, so its first line is not peeked at: it is a TREC file.
    fifo = tmp_path / "qrels.fifo"
    os.mkfifo(fifo)
    assert qrels_format(fifo) == "trec"
    writer = threading.Thread(target=lambda: fifo.write_bytes(b"q1 0 d1 1\n"))
    writer.start()
    try:
        assert as_qrels(str(fifo)).doc.tolist() == ["d1"]
    finally:
        writer.join(timeout=5)


def test_a_bad_flagr_qrels_line_gets_the_flagr_readers_message(tmp_path):
    path = tmp_path / "qrels.csv"
    path.write_text("1,0,a,1\n1,0,b\n")
    with pytest.raises(rb.InputFileError, match=r"FLAGR qrels line has 4 fields") as error:
        as_qrels(path)
    assert "line 2" in str(error.value)


def test_both_forms_read_the_same_judgments(files):
    flagr, trec = as_qrels(QRELS), as_qrels(files["trec"])
    assert flagr[["query", "doc", "grade"]].equals(trec[["query", "doc", "grade"]])
    assert len(flagr) == len(QRELS.read_text().splitlines())
    a, b = as_judgments(QRELS), as_judgments(files["trec"])
    assert len(a.grade) == len(b.grade) and sorted(a.grade.tolist()) == sorted(b.grade.tolist())


# --- every entry point ---------------------------------------------------------------------

def test_rb_evaluate_reads_flagr_qrels_as_pytrec_eval_does(files):
    import pytrec_eval

    fused = rb.fuse(flagr=LISTS, method="borda")
    table = rb.evaluate(QRELS, fused, ["map", "P_10", "ndcg_cut_10"])
    assert table.equals(rb.evaluate(files["trec"], fused, ["map", "P_10", "ndcg_cut_10"]))
    oracle = pytrec_eval.RelevanceEvaluator(csv_judgments(), {"map", "P_10", "ndcg_cut_10"})
    expected = oracle.evaluate(fused)
    assert len(expected) == 20
    for query, values in expected.items():
        for measure, value in values.items():
            assert table.loc[query, measure] == pytest.approx(value, abs=1e-12), (query, measure)


def test_the_shell_pipeline_fuse_then_eval(files, capsys, tmp_path):
    # rankbook fuse --flagr lists.csv -o fused.txt && rankbook eval qrels.csv fused.txt
    fused = tmp_path / "fused.txt"
    assert main(["fuse", "borda", "--flagr", str(LISTS), "-o", str(fused)]) == 0
    out = cli(capsys, "eval", QRELS, fused)
    assert out == cli(capsys, "eval", files["trec"], fused)
    assert "num_rel               \tall\t926\n" in out          # FLAGR's 926 relevant items
    every = cli(capsys, "eval", "-q", "-m", "all_trec", QRELS, fused)
    assert every == cli(capsys, "eval", "-q", "-m", "all_trec", files["trec"], fused)


def test_eval_reads_gzipped_flagr_qrels(files, capsys, tmp_path):
    gz = tmp_path / "qrels.csv.gz"
    gz.write_bytes(gzip.compress(QRELS.read_bytes()))
    run = files["runs"][0]
    assert cli(capsys, "eval", "-m", "map", gz, run) == cli(capsys, "eval", "-m", "map",
                                                             files["trec"], run)


def test_compare_reads_flagr_qrels(files, capsys):
    argv = ["-m", "AP", "-m", "P@10", *files["runs"]]
    out = cli(capsys, "compare", QRELS, *argv)
    assert out == cli(capsys, "compare", files["trec"], *argv)
    assert "20 topics" in out


def test_the_comparator_reads_flagr_qrels_in_any_file_form(files, tmp_path):
    from rankbook.compare import Comparator

    gz = tmp_path / "qrels.csv.gz"          # the old first-line check missed a gzipped CSV
    gz.write_bytes(gzip.compress(QRELS.read_bytes()))
    tables = []
    for qrels in (QRELS, gz, files["trec"]):
        cmp = Comparator(10)
        cmp.add_run("borda", files["runs"][0])
        tables.append(cmp.evaluate(str(qrels)))
    assert tables[0].equals(tables[1]) and tables[0].equals(tables[2])
    flagr = Comparator(10, conventions="flagr")
    flagr.add_aggregator("CombSUM-Borda", "combsum", norm="borda", convention="flagr")
    results = flagr.aggregate(input_file=LISTS, rels_file=gz)
    assert round(float(results.loc[results["q"] == "all", "MAP"].iloc[0]), 4) == 0.4836
