"""``rankbook compare --discriminative-power`` and `discriminative_power_of_runs`.

Runs written here: on each of 6 topics (one relevant document each) run A ranks it first
(AP 1), B second (AP 1/2), C not at all (AP 0). A against C has the largest possible
difference on every topic: of the (3!)^6 within-topic permutations only the 6 that give one
system every 1 and another every 0 reach it, so its exact ASL is 6/46656 = 1/7776. Counting
all 46656 permutations (the enumeration of tests/stats/test_discriminative_power.py) gives
A-B and B-C an exact ASL of 0.2522: one significant pair of three in AP. In P@1 (A 1, B and
C 0) A-B and A-C have the exact ASL 0.0041 and B-C 1: two of three.
"""

from __future__ import annotations

import json

import pytest

from rankbook.cli import main
from rankbook.compare.discriminative import discriminative_power_of_runs
from rankbook.compare.significance import per_topic_scores
from rankbook.stats import discriminative_power
from rankbook.stats.discriminative import summary_table

TOPICS = [f"q{i}" for i in range(1, 7)]


@pytest.fixture
def files(tmp_path):
    qrels = tmp_path / "qrels.txt"
    qrels.write_text("".join(f"{t} 0 rel{t} 1\n" for t in TOPICS))
    ranked = {"A": lambda t: [f"rel{t}", "x"], "B": lambda t: ["x", f"rel{t}"],
              "C": lambda t: ["x", "y"]}
    runs = []
    for name, docs in ranked.items():
        path = tmp_path / f"{name}.txt"
        path.write_text("".join(f"{t} Q0 {d} {r} {10 - r} {name}\n"
                                for t in TOPICS for r, d in enumerate(docs(t), 1)))
        runs.append(str(path))
    return str(qrels), runs


def test_the_table_is_the_library_s(files, capsys):
    qrels, runs = files
    assert main(["compare", qrels, *runs, "-m", "AP", "-m", "P@1", "--discriminative-power",
                 "--resamples", "3000", "--format", "csv"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "measure,systems,pairs,significant,discriminative_power,delta,alpha,resamples"
    scores = per_topic_scores(qrels, {"A": runs[0], "B": runs[1], "C": runs[2]}, ["AP", "P@1"])
    expected = summary_table({m: discriminative_power(f, n_resamples=3000)
                              for m, f in scores.items()})
    for line, (measure, row) in zip(lines[1:], expected.iterrows()):
        fields = line.split(",")
        assert fields[0] == measure and int(fields[3]) == row["significant"]
        assert float(fields[4]) == row["discriminative_power"] and float(fields[5]) == row["delta"]
    assert len(lines) == 3
    assert [int(line.split(",")[3]) for line in lines[1:]] == [1, 2]  # the exact counts


def test_a_against_c_is_significant(files):
    qrels, runs = files
    result = discriminative_power_of_runs(qrels, dict(zip("ABC", runs)), ["AP"], n_resamples=5000)
    ap = result["AP"]
    asl = dict(zip(ap.pairs, ap.asl))
    assert asl[("A", "C")] < 0.001   # exact 1/7776; B+1 = 5001 gives at least 1/5001
    assert ap.differences == pytest.approx((0.5, 1.0, 0.5))


def test_text_markdown_and_json(files, capsys):
    qrels, runs = files
    assert main(["compare", qrels, *runs, "-m", "AP", "--discriminative-power",
                 "--resamples", "500"]) == 0
    text = capsys.readouterr().out.splitlines()
    assert text[0].split()[:3] == ["systems", "pairs", "significant"]
    assert text[-1].split()[:4] == ["AP", "3", "3", "1"]
    assert main(["compare", qrels, *runs, "-m", "AP", "--discriminative-power",
                 "--resamples", "500", "--format", "markdown"]) == 0
    markdown = capsys.readouterr().out.splitlines()
    assert markdown[0].startswith("| measure | systems | pairs |") and markdown[2].startswith("| AP | 3 | 3 | 1 |")
    assert main(["compare", qrels, *runs, "-m", "AP", "--discriminative-power",
                 "--resamples", "500", "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["AP"]["pairs"] == 3 and data["AP"]["resamples"] == 500


@pytest.mark.parametrize("extra, message", [
    (["--baseline", "A"], "--baseline does not go with --discriminative-power"),
    (["--format", "latex"], "--format latex does not go with --discriminative-power"),
    (["--alpha", "1.5"], "--alpha must be between 0 and 1"),
    (["--resamples", "0"], "n_resamples must be a positive whole number"),
])
def test_mistakes_are_one_line_on_stderr(files, capsys, extra, message):
    qrels, runs = files
    assert main(["compare", qrels, *runs, "--discriminative-power", *extra]) == 2
    err = capsys.readouterr().err
    assert message in err and len(err.strip().splitlines()) == 1


def test_asl_curves_draws_one_sorted_curve_per_measure(files):
    import matplotlib

    matplotlib.use("Agg")
    from rankbook.compare.plots import asl_curves

    qrels, runs = files
    results = discriminative_power_of_runs(qrels, dict(zip("ABC", runs)), ["AP", "P@1"],
                                           n_resamples=300)
    ax = asl_curves(results)
    curves = [line for line in ax.get_lines() if line.get_label() in ("AP (DP 0.333)", "P@1 (DP 0.667)")]
    assert len(curves) == 2  # the exact counts: 1 of 3 and 2 of 3 pairs
    for line, result in zip(curves, results.values()):
        assert list(line.get_ydata()) == sorted(result.asl)
    assert any(list(line.get_ydata()) == [0.05, 0.05] for line in ax.get_lines())  # alpha
    with pytest.raises(Exception, match="at least one measure"):
        asl_curves({})
