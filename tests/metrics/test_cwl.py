"""The C/W/L core (rankbook.metrics.cwl) against cwl-eval 1.0.12 run in the test.

cwl_eval (Azzopardi, Thomas and Moffat, SIGIR 2019; https://github.com/ireval/cwl) pads every
run to 1000 ranks (gain 0, cost 1) before it computes W, L and the five quantities, so the
lists given to rankbook here are padded the same way. In-process, its RBP measure
(``RBPCWLMetric``) gives full precision and is compared to 1e-12; its console script prints 4
decimals and is compared at that precision (half a unit of the last printed digit).
"""

from __future__ import annotations

import math
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
    cwl_reach,
    cwl_weights,
    rbp_continuation,
    rbp_reach,
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


# RBP through the core: rank_biased_precision, its residual and the batch kernels weigh rank i
# with rbp_reach. Their values must be those of the formula RBP used before, bit for bit: the
# old formula is written out here, (1 - p) * sum g_i p^(i-1) with p^(i-1) as numpy's power of
# p ** arange(n), summed the same way (math.fsum; np.bincount in the kernel), compared with ==.

def _random_topics(n_topics=2000, seed=2026):
    rng = np.random.default_rng(seed)
    for _ in range(n_topics):
        n = int(rng.integers(0, 120))
        grades = [None if rng.random() < 0.2 else int(g) for g in rng.integers(-1, 4, size=n)]
        p = float(rng.choice([0.5, 0.8, 0.9, 0.95, 0.99, rng.random()]))
        yield grades, p


def test_rbp_is_unchanged_bit_for_bit_on_2000_random_topics():
    from rankbook.metrics.user_models import (
        rank_biased_precision, rank_biased_precision_residual)

    for grades, p in _random_topics():
        weights = p ** np.arange(len(grades), dtype=float)
        gains = np.array([0.0 if g is None or g < 0 else g / 3 for g in grades])
        unjudged = np.array([g is None or g < 0 for g in grades], dtype=bool)
        old_rbp = (1.0 - p) * math.fsum(gains * weights)
        old_resid = p ** len(grades) + (1.0 - p) * math.fsum(weights[unjudged])
        assert rank_biased_precision(grades, persistence=p, max_grade=3) == old_rbp, (grades, p)
        assert rank_biased_precision_residual(
            grades, persistence=p, convention="moffat_zobel") == old_resid, (grades, p)


def test_rbp_kernel_is_unchanged_bit_for_bit_on_2000_random_topics():
    from rankbook.evaluation import kernels, kernels_graded

    topics = list(_random_topics())
    topic = np.concatenate([np.full(len(g), t) for t, (g, _) in enumerate(topics)]).astype(np.int64)
    grade = np.array([np.nan if g is None else g for g, _ in topics for g in g], dtype=float)
    judged = ~np.isnan(grade)
    T = len(topics)
    s = kernels.segments(topic, grade, topic[judged], grade[judged], T, None, 1.0, "10")
    ps = [0.5, 0.8, 0.95, 0.99]
    rows = np.flatnonzero(s.grade > 0)
    highest = np.ones(T)
    np.maximum.at(highest, topic[judged], grade[judged])
    unjudged = np.flatnonzero(~s.judged | (s.grade < 0))
    some = np.bincount(s.topic[unjudged], minlength=T) > 0
    for p, new_rbp, new_resid in zip(ps, kernels_graded._rank_biased_precision(s, ps),
                                     kernels_graded._rank_biased_residual(s, ps)):
        terms = s.grade[rows] / highest[s.topic[rows]] * p ** (s.rank[rows] - 1.0)
        old_rbp = (1.0 - p) * np.bincount(s.topic[rows], weights=terms, minlength=T)
        total = np.bincount(s.topic[unjudged], weights=p ** (s.rank[unjudged] - 1.0), minlength=T)
        old_resid = np.where(some, p ** s.count.astype(np.float64) + (1.0 - p) * total, 0.0)
        assert np.array_equal(new_rbp, old_rbp) and np.array_equal(new_resid, old_resid), p


@pytest.mark.parametrize("persistence", (0.5, 0.8, 0.9, 0.95, 0.99))
def test_rbp_reach_is_the_reach_of_rbp_continuation(persistence):
    # The closed form p^(i-1) and the running product of C(j) = p agree to rounding.
    n = 1000
    running = cwl_reach(rbp_continuation(persistence, n))
    assert np.allclose(rbp_reach(persistence, np.arange(1, n + 1)), running, rtol=1e-12, atol=0)


def test_rbp_reach_refuses_rank_0():
    with pytest.raises(InvalidValueError, match="ranks must be 1 or more"):
        rbp_reach(0.5, [0, 1])
