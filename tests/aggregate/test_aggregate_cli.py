"""rankbook fuse and rankbook explain-fusion: outputs, and one error line (exit 2) per mistake."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

import rankbook as rb
from rankbook.cli import main

DATA = Path(__file__).resolve().parents[1] / "data"
SAMPLE = DATA / "flagr" / "testdata.csv"
TREC_RUN = DATA / "trec_eval" / "results.test"


def one_error_line(stderr: str, *words: str) -> None:
    lines = [line for line in stderr.splitlines() if "error:" in line]
    assert len(lines) == 1 and "Traceback" not in stderr, stderr
    for word in words:
        assert word in lines[0]


def test_fuse_flagr_file_to_a_run_file(tmp_path):
    out = tmp_path / "borda.txt"
    assert main(["fuse", "borda", "--flagr", str(SAMPLE), "--param", "convention=flagr",
                 "-o", str(out)]) == 0
    written = rb.io.read_run(out)
    expected = rb.fuse(method="borda", flagr=SAMPLE, convention="flagr")
    assert len(written) == 2000
    top = written[written["query"] == "1"].sort_values("score", ascending=False)["doc"].iloc[0]
    assert top == next(iter(expected["1"]))


def test_fuse_runs_to_stdout(capsys):
    assert main(["fuse", "rrf", str(TREC_RUN), str(TREC_RUN), "--param", "k=10"]) == 0
    first = capsys.readouterr().out.splitlines()[0].split()
    assert first[1:4] == ["Q0", first[2], "1"] and first[-1] == "rrf"
    assert float(first[4]) == pytest.approx(2 / 11)


def test_keep_order_and_weights(capsys):
    assert main(["fuse", "borda", str(TREC_RUN), "--keep-order", "--weights", "2"]) == 0
    assert capsys.readouterr().out.splitlines()[0].split()[-2] != ""


@pytest.mark.parametrize("args, words", [
    (["fuse", "borda", "--flagr", str(SAMPLE), "--param", "nrom=1"], ["nrom", "unranked"]),
    (["fuse", "rbc", str(TREC_RUN)], ["phi"]),
    (["fuse", "borda"], ["RUN files or as --flagr"]),
    (["fuse", "combsum", str(TREC_RUN), "--param", "norm=bad"], ["norm must be one of"]),
    (["fuse", "borda", str(DATA / "missing.txt")], ["missing.txt"]),
    (["explain-fusion", "borda", "a,,b"], ["list 1", "a,,b"]),
    (["explain-fusion", "borda"], ["no lists"]),
    (["explain-fusion", "kemeny", ",".join(f"i{k}" for k in range(25))], ["max_items"]),
    (["fuse", "rra", str(TREC_RUN), "--weights", "2"], ["rra", "takes no weights"]),
    (["fuse", "dibra", str(TREC_RUN), "--param", "return_weights=true"], ["return_weights"]),
    (["fuse", "dibra", str(TREC_RUN), "--param", "aggregator=borda"], ["aggregator='borda'"]),
    (["explain-fusion", "prefrel", "2:a,b", "b,a"], ["prefrel", "takes no weights"]),
])
def test_mistakes_are_one_line_with_status_2(args, words, capsys):
    assert main(args) == 2
    one_error_line(capsys.readouterr().err, *words)


def test_argparse_mistakes_from_the_shell():
    result = subprocess.run([sys.executable, "-m", "rankbook", "fuse", "bordo", "x.txt"],
                            capture_output=True, text=True)
    assert result.returncode == 2
    one_error_line(result.stderr, "bordo")
    result = subprocess.run([sys.executable, "-m", "rankbook", "fuse", "rrf", "x", "--param",
                             "k"], capture_output=True, text=True)
    assert result.returncode == 2
    one_error_line(result.stderr, "NAME=VALUE")


def test_explain_fusion_typed_profile(capsys):
    assert main(["explain-fusion", "copeland", "42:Mem,Nash,Chat,Knox", "26:Nash,Chat,Knox,Mem",
                 "15:Chat,Knox,Nash,Mem", "17:Knox,Chat,Nash,Mem"]) == 0
    out = capsys.readouterr().out
    assert "Pairwise contests" in out and "list 1 (w=42)" in out
    assert out.splitlines()[-4].split()[1] == "Nash"      # position 1 of the result


def test_explain_fusion_scores_file_and_markdown(tmp_path, capsys):
    profile = tmp_path / "profile.txt"
    profile.write_text("# two lists with scores\na=5, b=3, c=1\n\nb=9 > d=4\n")
    assert main(["explain-fusion", "combsum", "--file", str(profile), "--param", "norm=borda",
                 "--markdown"]) == 0
    out = capsys.readouterr().out
    assert "*Normalised scores*" in out and "| b | 0.75 | 1 |" in out


def test_explain_fusion_bad_file_line(tmp_path, capsys):
    profile = tmp_path / "profile.txt"
    profile.write_text("a,b\na=1,b\n")
    assert main(["explain-fusion", "borda", "--file", str(profile)]) == 2
    one_error_line(capsys.readouterr().err, "profile.txt, line 2")


def test_every_method_is_listed_in_the_help(capsys):
    for command in ("fuse", "explain-fusion"):
        with pytest.raises(SystemExit):
            main([command, "--help"])
        listed = capsys.readouterr().out.split("methods", 1)[1]
        assert all(f" {name}," in listed or f" {name}\n" in listed for name in rb.aggregate.METHODS)


def test_fuse_a_self_weighting_method_with_another_base(tmp_path):
    out = tmp_path / "dibra.txt"
    assert main(["fuse", "dibra", "--flagr", str(SAMPLE), "--param", "aggregator=combmnz:rank",
                 "--param", "prune=low", "--param", "convention=flagr", "-o", str(out)]) == 0
    written = rb.io.read_run(out)
    expected = rb.fuse(method="dibra", flagr=SAMPLE, aggregator="combmnz:rank", prune="low",
                       convention="flagr")
    assert len(written) == sum(len(scores) for scores in expected.values())


def test_explain_fusion_markov_chain(capsys):
    assert main(["explain-fusion", "mc4", "a,b,c,d", "b,a,d", "a,c,b"]) == 0
    out = capsys.readouterr().out
    assert "Transition matrix T'" in out and "Power iterations pi(t)" in out
    # docs/aggregation/markov_chains.md: row b of T' is 0.25, 0.675, 0.0375, 0.0375
    row = next(line for line in out.splitlines() if line.startswith("b ") and "0.675" in line)
    assert row.split()[1:] == ["0.25", "0.675", "0.0375", "0.0375"]
