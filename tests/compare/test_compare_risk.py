"""``rankbook compare --baseline NAME --risk-alpha A`` and `risk_of_runs`, by hand.

Runs written here, one relevant document per topic: the baseline B ranks it second on each
of 4 topics (AP 1/2); run A ranks it first on q1-q3 (AP 1) and misses it on q4 (AP 0). So
d = (+1/2, +1/2, +1/2, -1/2): 3 wins, 1 loss, mean difference 1/4; at alpha = 1 the weighted
differences are (1/2, 1/2, 1/2, -1), URisk = 1/8, their sample standard deviation 3/4,
TRisk = (1/8) / ((3/4) / 2) = 1/3.
"""

from __future__ import annotations

import json

import pytest

from rankbook.cli import main
from rankbook.compare.risk import risk_of_runs

TOPICS = ["q1", "q2", "q3", "q4"]


@pytest.fixture
def files(tmp_path):
    qrels = tmp_path / "qrels.txt"
    qrels.write_text("".join(f"{t} 0 rel{t} 1\n" for t in TOPICS))
    ranked = {"B": lambda t: ["x", f"rel{t}"],
              "A": lambda t: [f"rel{t}", "x"] if t != "q4" else ["x", "y"]}
    paths = []
    for name, docs in ranked.items():
        path = tmp_path / f"{name}.txt"
        path.write_text("".join(f"{t} Q0 {d} {r} {10 - r} {name}\n"
                                for t in TOPICS for r, d in enumerate(docs(t), 1)))
        paths.append(str(path))
    return str(qrels), paths


def test_the_cli_prints_the_hand_computed_risk(files, capsys):
    qrels, runs = files
    assert main(["compare", qrels, *runs, "-m", "AP", "--baseline", "B", "--risk-alpha", "1",
                 "--format", "csv"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "measure,run,baseline,wins,losses,mean_difference,URisk,TRisk,risk_alpha"
    fields = lines[1].split(",")
    assert fields[:5] == ["AP", "A", "B", "3", "1"]
    assert [float(v) for v in fields[5:]] == pytest.approx([1 / 4, 1 / 8, 1 / 3, 1.0], abs=1e-15)
    assert len(lines) == 2


def test_alpha_zero_is_the_mean_difference_and_json_has_one_record_per_run(files, capsys):
    qrels, runs = files
    assert main(["compare", qrels, *runs, "-m", "AP", "-m", "P@1", "--baseline", "B",
                 "--risk-alpha", "0", "--format", "json"]) == 0
    records = json.loads(capsys.readouterr().out)
    assert [(r["measure"], r["run"]) for r in records] == [("AP", "A"), ("P@1", "A")]
    assert records[0]["URisk"] == pytest.approx(records[0]["mean_difference"]) == pytest.approx(0.25)
    # P@1: A has 1 on q1-q3, 0 on q4; B has 0 everywhere: URisk = 3/4 whatever alpha
    assert records[1]["URisk"] == pytest.approx(0.75) and records[1]["losses"] == 0


def test_the_library_refuses_an_unknown_baseline(files):
    qrels, runs = files
    with pytest.raises(Exception, match="the baseline 'C' is not one of the runs"):
        risk_of_runs(qrels, {"A": runs[1], "B": runs[0]}, ["AP"], baseline="C", alpha=1)


@pytest.mark.parametrize("extra, message", [
    ([], "--risk-alpha compares every run with one baseline: name it with --baseline NAME"),
    (["--baseline", "B", "--format", "latex"], "--format latex does not go with --risk-alpha"),
    (["--baseline", "B", "--risk-alpha", "-1"], "alpha must be a finite number in [0, inf]"),
])
def test_mistakes_are_one_line_on_stderr(files, capsys, extra, message):
    qrels, runs = files
    options = extra if "--risk-alpha" in extra else [*extra, "--risk-alpha", "1"]
    assert main(["compare", qrels, *runs, *options]) == 2
    err = capsys.readouterr().err
    assert message in err and len(err.strip().splitlines()) == 1
