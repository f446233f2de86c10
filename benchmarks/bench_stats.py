"""Time rankbook.stats' two vectorised resampling tests, interleaved with a peer each.

    .venv/bin/python benchmarks/bench_stats.py              # 7 rounds
    .venv/bin/python benchmarks/bench_stats.py --rounds 3 --no-scipy

Cases (issue 10's targets in brackets):

- exact randomisation test, n = 20 topics, all 2**20 sign patterns [< 1 s], against
  scipy.stats.permutation_test(permutation_type="samples", n_resamples=np.inf), the same
  exact test;
- randomised Tukey HSD, 20 systems x 50 topics, 10,000 resamples [< 2 s], against a
  per-resample numpy loop (one Generator.permuted call per resample, the shape of the
  textbook procedure and of elinor's implementation), with the same number of resamples.

Each round runs every case once, in the same process, cases interleaved, so that a change
of machine load hits all of them alike. The script prints each case's median, min and max
over the rounds, the ratio of medians peer / rankbook, and the load average (os.getloadavg)
before and after. A first untimed call warms up imports and caches.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

import numpy as np

from rankbook.stats import randomization_test, tukey_hsd

SEED = 20240611


def data():
    rng = np.random.default_rng(SEED)
    x, y = rng.random(20), rng.random(20)
    matrix = rng.random((50, 20)) + rng.random((50, 1))  # topics x systems, a topic effect
    return x, y, {f"s{j}": matrix[:, j] for j in range(20)}, matrix


def scipy_exact(x, y):
    from scipy import stats

    return stats.permutation_test((x, y), lambda a, b, axis: np.mean(a - b, axis=axis),
                                  permutation_type="samples", vectorized=True,
                                  n_resamples=np.inf).pvalue


def loop_randomized_tukey(matrix, n_resamples=10_000, seed=0):
    """The textbook procedure, one resample at a time."""
    rng = np.random.default_rng(seed)
    means = matrix.mean(axis=0)
    ranges = np.empty(n_resamples)
    for b in range(n_resamples):
        shuffled_means = rng.permuted(matrix, axis=1).mean(axis=0)
        ranges[b] = shuffled_means.max() - shuffled_means.min()
    differences = np.abs(means[:, None] - means[None, :])
    return (1 + (ranges[None, None, :] >= differences[..., None]).sum(axis=2)) / (n_resamples + 1)


def timed(function) -> float:
    start = time.perf_counter()
    function()
    return time.perf_counter() - start


def interleaved(cases: dict, rounds: int, *, width: int = 52, digits: int = 4) -> dict:
    """Time every case once per round, cases interleaved, after one untimed warm-up call each.

    Prints the load average before and after and each case's median, min and max; returns
    ``{case: [seconds, ...]}``.
    """
    for run in cases.values():  # warm-up
        run()
    load_before = os.getloadavg()
    times = {name: [] for name in cases}
    for _ in range(rounds):
        for name, run in cases.items():
            times[name].append(timed(run))
    load_after = os.getloadavg()
    print(f"{os.cpu_count()} CPUs; load average (1, 5, 15 min) before "
          f"{tuple(round(v, 2) for v in load_before)}, after "
          f"{tuple(round(v, 2) for v in load_after)}; {rounds} rounds")
    print(f"{'case':{width}} {'median s':>9} {'min s':>8} {'max s':>8}")
    for name, values in times.items():
        print(f"{name:{width}} {statistics.median(values):9.{digits}f} "
              f"{min(values):8.{digits}f} {max(values):8.{digits}f}")
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--no-scipy", action="store_true",
                        help="skip scipy's exact permutation test (about 6 s a round)")
    args = parser.parse_args()
    x, y, scores, matrix = data()
    cases = {
        "randomization_test, exact, n=20 (rankbook)": lambda: randomization_test(x, y),
        "tukey_hsd randomized, 20x50, B=10,000 (rankbook)":
            lambda: tukey_hsd(scores, method="randomized", n_resamples=10_000),
        "per-resample loop, 20x50, B=10,000 (reference)": lambda: loop_randomized_tukey(matrix),
    }
    if not args.no_scipy:
        cases["scipy permutation_test, exact, n=20 (peer)"] = lambda: scipy_exact(x, y)
    assert randomization_test(x, y).exact
    if not args.no_scipy:
        assert randomization_test(x, y).pvalue == scipy_exact(x, y)  # same test, same answer
    times = interleaved(cases, args.rounds)
    median = {name: statistics.median(values) for name, values in times.items()}
    names = list(cases)
    if not args.no_scipy:
        print(f"scipy exact / rankbook exact: {median[names[3]] / median[names[0]]:.0f}x")
    print(f"per-resample loop / rankbook randomised Tukey: {median[names[2]] / median[names[1]]:.1f}x")


if __name__ == "__main__":
    main()
