"""The C/W/L core (rankbook.metrics.cwl) against cwl-eval 1.0.12 run in the test.

cwl_eval (Azzopardi, Thomas and Moffat, SIGIR 2019; https://github.com/ireval/cwl) pads every
run to 1000 ranks (gain 0, cost 1) before it computes W, L and the five quantities, so the
lists given to rankbook here are padded the same way. In-process, its RBP measure
(``RBPCWLMetric``) gives full precision and is compared to 1e-12; its console script prints 4
decimals and is compared at that precision (half a unit of the last printed digit).
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest

from rankbook._errors import InvalidTypeError, InvalidValueError
from rankbook.metrics.cwl import (
    cwl_last_rank,
    cwl_quantities,
    cwl_weights,
    rbp_continuation,
)

cwl_metrics = pytest.importorskip("cwl.ruler.measures.cwl_rbp")
cwl_ranking = pytest.importorskip("cwl.ruler.ranking")

CWL_EVAL_DEPTH = 1000  # cwl_eval's max_n: every run padded (or cut) to 1000 ranks
PERSISTENCES = (0.5, 0.8, 0.95)


def _rankings():
    """A few rankings: binary, graded in [0, 1], with unjudged (None) documents, short and long."""
    rng = np.random.default_rng(36)
    graded = [float(g) for g in rng.choice([0.0, 0.25, 0.5, 1.0], size=40)]
    with_unjudged = [None if i % 7 == 3 else g for i, g in enumerate(graded)]
    return {
        "binary": [1, 1, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0],
        "graded": graded,
        "unjudged": with_unjudged,
        "one": [1],
        "long": [float(g) for g in rng.random(1200)],  # cut at 1000 by cwl_eval
    }


def _padded(gains):
    gains = [0.0 if g is None else float(g) for g in gains][:CWL_EVAL_DEPTH]
    return gains + [0.0] * (CWL_EVAL_DEPTH - len(gains))


def _cwl_eval_rbp(gains, persistence):
    """cwl_eval's EU, ETU, EC, ETC, ED for RBP, in process (its Ranking, unit costs)."""
    as_nan = [np.nan if g is None else float(g) for g in gains]
    ranking = cwl_ranking.Ranking("T", as_nan, [np.nan] * len(gains))
    measure = cwl_metrics.RBPCWLMetric(persistence)
    measure.measure(ranking)
    return measure.get_scores()


@pytest.mark.parametrize("persistence", PERSISTENCES)
@pytest.mark.parametrize("name", sorted(_rankings()))
def test_rbp_quantities_match_cwl_eval(name, persistence):
    gains = _rankings()[name]
    ours = cwl_quantities(_padded(gains), rbp_continuation(persistence, CWL_EVAL_DEPTH))
    assert np.allclose(ours, _cwl_eval_rbp(gains, persistence), rtol=0, atol=1e-12)


def test_rbp_quantities_match_the_cwl_eval_console_script(tmp_path):
    # The console script beside this Python (``python -m cwl.cwl_eval`` does not work).
    cwl_eval = shutil.which("cwl-eval", path=str(Path(sys.executable).parent))
    if cwl_eval is None:
        pytest.skip("cwl-eval (the test extra cwl-eval==1.0.12) is not installed")
    rankings = {name: _rankings()[name] for name in ("binary", "graded")}
    qrels, run = [], []
    for topic, gains in rankings.items():
        for rank, gain in enumerate(gains, start=1):
            qrels.append(f"{topic} 0 d{rank} {gain}")
            run.append(f"{topic} Q0 d{rank} {rank} {1000 - rank} r")
    (tmp_path / "qrels").write_text("\n".join(qrels) + "\n")
    (tmp_path / "run").write_text("\n".join(run) + "\n")
    (tmp_path / "metrics").write_text("".join(f"RBPCWLMetric({p})\n" for p in PERSISTENCES))
    printed = subprocess.run(
        [cwl_eval, "qrels", "run", "-m", "metrics"], cwd=tmp_path, check=True,
        capture_output=True, text=True).stdout.split("\n")
    rows = [line.split("\t") for line in printed if line.strip()]
    assert len(rows) == len(rankings) * len(PERSISTENCES)
    for topic, metric, *columns in rows:
        persistence = float(metric.removeprefix("RBP@"))
        ours = cwl_quantities(_padded(rankings[topic]), rbp_continuation(persistence, CWL_EVAL_DEPTH))
        for value, shown in zip(ours, columns):
            assert abs(value - float(shown)) <= 0.5e-4 + 1e-12, (topic, metric, ours, columns)


def test_weights_and_last_rank_by_hand():
    # C = (1/2, 1/3, 1): reach 1, 1/2, 1/6 (sum 5/3); L = (1/2, 1/3, 0).
    continuation = [0.5, 1 / 3, 1.0]
    weights = [Fraction(w).limit_denominator(100) for w in cwl_weights(continuation)]
    assert weights == [Fraction(3, 5), Fraction(3, 10), Fraction(1, 10)]
    last = [Fraction(x).limit_denominator(100) for x in cwl_last_rank(continuation)]
    assert last == [Fraction(1, 2), Fraction(1, 3), Fraction(0)]
    assert cwl_quantities([0, 0, 1], continuation).expected_depth == pytest.approx(5 / 3, abs=1e-15)


def test_rbp_over_a_long_list_is_moffat_and_zobel_rbp():
    # Over 2000 ranks W(i) = (1 - p) p^(i-1) / (1 - p^2000): RBP's weights (Moffat and Zobel
    # 2008), with ED = 1 / (1 - p) and ETU = EU * ED.
    p = 0.8
    ranks = np.arange(2000)
    gains = (ranks % 3 == 0).astype(float)
    q = cwl_quantities(gains, rbp_continuation(p, 2000))
    assert q.expected_depth == pytest.approx(1 / (1 - p), rel=1e-14)
    assert q.expected_utility == pytest.approx((1 - p) / (1 - p ** 3), rel=1e-14)
    assert q.expected_total_utility == pytest.approx(q.expected_utility * q.expected_depth, rel=1e-13)


@pytest.mark.parametrize("continuation, message", [
    ([], "continuation is empty"),
    ([0.5, 1.5], r"continuation\[1\] = 1.5 is not a probability"),
    ([0.5, None], r"continuation\[1\] is None"),
    ([0.5, float("nan")], "finite"),
])
def test_bad_continuation_is_refused(continuation, message):
    with pytest.raises(InvalidValueError, match=message):
        cwl_weights(continuation)


def test_gains_and_costs_must_have_one_value_per_rank():
    with pytest.raises(InvalidValueError, match="gains has 2 values but continuation has 3"):
        cwl_quantities([1, 0], [0.5, 0.5, 0.5])
    with pytest.raises(InvalidValueError, match=r"costs\[0\] is None"):
        cwl_quantities([1], [0.5], costs=[None])


@pytest.mark.parametrize("persistence, n, error", [
    (1.0, 3, InvalidValueError), (0.5, 0, InvalidValueError), (0.5, 2.0, InvalidTypeError)])
def test_bad_rbp_continuation_is_refused(persistence, n, error):
    with pytest.raises(error):
        rbp_continuation(persistence, n)
