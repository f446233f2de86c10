"""`rankbook eval` against trec_eval's own regression outputs, versions 9.0.8 and 10.0, byte for byte.

The outputs are trec_eval's `test/` folder (usnistgov/trec_eval): 9.0.8's in
`tests/data/trec_eval/`, 10.0's in `tests/data/trec_eval_10/` (see the README of each for
the commands, which are those of trec_eval's `make quicktest`). With ``--trec-eval 9`` (the
default) rankbook must print 9.0.8's, with ``--trec-eval 10`` 10.0's, byte for byte, given
trec_eval's own command-line arguments:

- `out.test` (the default measures);
- `out.test.a`, `.aq`, `.aqc` (`-c`), `.aqcM` (`-c -M100`), `.aql` (`-l2 -m relstring.20`),
  all with ``-m all_trec``: every measure of trec_eval's all_trec;
- `out.test.meas_params` (measures with parameters, among them the settings
  `utility.2,-1,0,0`, `11pt_avg..25,.5,.75` and `ndcg.1=3,2=9,4=4.5`).

A measure added to the registry with a trec_eval name joins all_trec (through the
measure-name parser), so it is checked against trec_eval here without editing this file.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from rankbook.cli import main
from rankbook.evaluation.measures import parse_measures

DATA = Path(__file__).resolve().parents[1] / "data"
INPUTS = DATA / "trec_eval"  # the inputs are the same for both versions
VERSIONS = {"9": DATA / "trec_eval", "10": DATA / "trec_eval_10"}
ALL_TREC = [
    ("out.test.a", [], "qrels.test", "results.test"),
    ("out.test.aq", ["-q"], "qrels.test", "results.test"),
    ("out.test.aqc", ["-q", "-c"], "qrels.test", "results.trunc"),
    ("out.test.aqcM", ["-q", "-c", "-M", "100"], "qrels.test", "results.trunc"),
    ("out.test.aql", ["-q", "-l", "2", "-m", "relstring.20"], "qrels.rel_level", "results.test"),
]
# The -m arguments of trec_eval's meas_params test (its Makefile's quicktest target).
MEAS_PARAMS = ["iprec_at_recall..10,.20,.25,.75,.50", "P.5,7,3", "recall.20,2000",
               "Rprec_mult.5.0,0.2,0.35", "utility.2,-1,0,0", "11pt_avg..25,.5,.75",
               "ndcg.1=3,2=9,4=4.5", "ndcg_cut.10,20,23.4", "success.2,5,20"]


def options(names: list[str]) -> list[str]:
    return [part for name in names for part in ("-m", name)]


def run_cli(capsys, *args) -> str:
    assert main(["eval", *args]) == 0
    return capsys.readouterr().out


@pytest.mark.parametrize("version", VERSIONS)
def test_out_test_byte_for_byte(capsys, version):
    out = run_cli(capsys, "--trec-eval", version, str(INPUTS / "qrels.test"),
                  str(INPUTS / "results.test"))
    assert out.encode() == (VERSIONS[version] / "out.test").read_bytes()


@pytest.mark.parametrize("version", VERSIONS)
@pytest.mark.parametrize("expected_file, flags, qrels, run", ALL_TREC)
def test_all_trec_byte_for_byte(capsys, version, expected_file, flags, qrels, run):
    out = run_cli(capsys, "--trec-eval", version, "-m", "all_trec", *flags, str(INPUTS / qrels),
                  str(INPUTS / run))
    expected = (VERSIONS[version] / expected_file).read_bytes()
    assert out.encode() == expected
    assert expected.count(b"\tall\t") >= 80  # every measure's all line is there


@pytest.mark.parametrize("version", VERSIONS)
def test_measure_parameters_byte_for_byte(capsys, version):
    out = run_cli(capsys, "--trec-eval", version, "-q", *options(MEAS_PARAMS),
                  str(INPUTS / "qrels.test"), str(INPUTS / "results.test"))
    assert out.encode() == (VERSIONS[version] / "out.test.meas_params").read_bytes()


def test_every_measure_of_all_trec_is_computed():
    # Nothing trec_eval's all_trec prints is left out any more (issue 7 item 2 wired the last).
    for version, folder in VERSIONS.items():
        printed = {line.split("\t")[0].rstrip() for line in
                   (folder / "out.test.aq").read_text().splitlines()}
        ours = {column.trec for column in parse_measures(["runid", "num_q", "all_trec"],
                                                         trec_eval=version)}
        assert printed == ours, (version, sorted(printed ^ ours))


def test_the_versions_differ_where_trec_eval_says():
    # iprec_at_recall (lround) and -c's per-topic block of topic 302: the two files must differ
    # in those lines, or the version option would not be tested.
    def lines(version, name):
        return set((VERSIONS[version] / name).read_text().splitlines())
    changed = lines("9", "out.test.aqc") ^ lines("10", "out.test.aqc")
    assert any(line.startswith("iprec_at_recall_0.10") for line in changed)
    assert any("\t302\t" in line for line in changed)
