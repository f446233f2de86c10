"""`rankbook eval` against trec_eval's own regression outputs, versions 9.0.8 and 10.0.

The outputs are trec_eval's `test/` folder (usnistgov/trec_eval): 9.0.8's in
`tests/data/trec_eval/`, 10.0's in `tests/data/trec_eval_10/` (see the README of each for
the commands, which are those of trec_eval's `make quicktest`). With ``--trec-eval 9`` (the
default) rankbook must reproduce 9.0.8's, with ``--trec-eval 10`` 10.0's:

- `out.test` (default measures): byte for byte;
- `out.test.a`, `.aq`, `.aqc` (`-c`), `.aqcM` (`-c -M100`), `.aql` (`-l2`), all with
  ``-m all_trec``: every line of every measure rankbook computes, in trec_eval's order;
- `out.test.meas_params` (measures with parameters): every line of the ``-m`` arguments
  rankbook accepts.

Which lines are compared is read from the registry (through the measure-name parser), so a
measure added to the registry is checked against trec_eval here without editing this file.
At the time of writing the measures trec_eval prints and rankbook does not compute are:
relstring, infAP, gm_bpref, Rprec_mult, utility, binG, G, ndcg_rel, Rndcg, relative_P,
set_relative_P, num_nonrel_judged_ret, 10.0's rbp, rbp_resid, unj, and the parameter forms
`11pt_avg.<levels>` and `ndcg.<gains>` of `out.test.meas_params` (issue 7 item 2).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from rankbook import InvalidValueError
from rankbook.cli import main
from rankbook.evaluation.measures import parse_measures

DATA = Path(__file__).resolve().parent / "data"
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


def accepted(names: list[str], version: str) -> tuple[list[str], set[str]]:
    """The -m arguments rankbook accepts, and the trec_eval names of their columns."""
    kept, printed = [], set()
    for name in names:
        try:
            columns = parse_measures(name, trec_eval=version)
        except InvalidValueError:
            continue
        kept.append(name)
        printed |= {column.trec for column in columns}
    return kept, printed


def options(names: list[str]) -> list[str]:
    return [part for name in names for part in ("-m", name)]


def run_cli(capsys, *args) -> str:
    assert main(["eval", *args]) == 0
    return capsys.readouterr().out


def expected_lines(version: str, name: str, printed: set[str]) -> list[str]:
    """The lines of trec_eval's output whose measure is one of ``printed``."""
    text = (VERSIONS[version] / name).read_text()
    return [line for line in text.splitlines(keepends=True)
            if line.split("\t")[0].rstrip() in printed]


@pytest.mark.parametrize("version", VERSIONS)
def test_out_test_byte_for_byte(capsys, version):
    out = run_cli(capsys, "--trec-eval", version, str(INPUTS / "qrels.test"),
                  str(INPUTS / "results.test"))
    assert out.encode() == (VERSIONS[version] / "out.test").read_bytes()


@pytest.mark.parametrize("version", VERSIONS)
@pytest.mark.parametrize("expected_file, flags, qrels, run", ALL_TREC)
def test_all_trec_lines(capsys, version, expected_file, flags, qrels, run):
    wanted = ["runid", "num_q", "all_trec"] + [flags[i + 1] for i, f in enumerate(flags)
                                                if f == "-m"]
    flags = [f for i, f in enumerate(flags) if f != "-m" and (i == 0 or flags[i - 1] != "-m")]
    names, printed = accepted(wanted, version)
    expected = expected_lines(version, expected_file, printed)
    out = run_cli(capsys, "--trec-eval", version, *flags, *options(names), str(INPUTS / qrels),
                  str(INPUTS / run))
    assert out.splitlines(keepends=True) == expected
    assert sum("\tall\t" in line for line in expected) >= 63  # every covered all line


@pytest.mark.parametrize("version", VERSIONS)
def test_measure_parameters(capsys, version):
    names, printed = accepted(MEAS_PARAMS, version)
    expected = expected_lines(version, "out.test.meas_params", printed)
    out = run_cli(capsys, "--trec-eval", version, "-q", *options(names),
                  str(INPUTS / "qrels.test"), str(INPUTS / "results.test"))
    assert out.splitlines(keepends=True) == expected
    assert len(names) >= 5 and len(expected) >= 4 * 16  # 3 topics and all, 16 columns or more


def test_the_versions_differ_where_trec_eval_says():
    # iprec_at_recall (lround) and -c's per-topic block of topic 302: the two files must differ
    # in those lines, or the version option would not be tested.
    def lines(version, name):
        return set((VERSIONS[version] / name).read_text().splitlines())
    changed = lines("9", "out.test.aqc") ^ lines("10", "out.test.aqc")
    assert any(line.startswith("iprec_at_recall_0.10") for line in changed)
    assert any("\t302\t" in line for line in changed)
