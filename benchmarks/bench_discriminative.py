"""Time discriminative power: 40 systems x 50 topics x 3 measures, 10,000 resamples [< 10 s].

    .venv/bin/python benchmarks/bench_discriminative.py              # 5 rounds
    .venv/bin/python benchmarks/bench_discriminative.py --rounds 3

Cases, interleaved in each round so that a change of machine load hits all of them alike:

- `rankbook.stats.discriminative_power` on each of 3 measures (issue 20's target: the
  three together in under 10 s), each measure its own 10,000 randomised-Tukey resamples;
- the same three with a per-resample numpy loop (one Generator.permuted call per
  resample, the textbook procedure), as a reference for what the vectorised resampling buys.

The data are random scores with a topic effect and a system effect (seeded). The script
prints each case's median, min and max over the rounds and the load average
(os.getloadavg) before and after; a first untimed call warms up imports and caches.
"""

from __future__ import annotations

import argparse
import statistics

import numpy as np
from bench_stats import interleaved  # the same interleaved timing (run from benchmarks/)

from rankbook.stats import discriminative_power

SEED = 20261127
SYSTEMS, TOPICS, MEASURES, RESAMPLES = 40, 50, 3, 10_000


def data() -> list[dict]:
    rng = np.random.default_rng(SEED)
    out = []
    for _ in range(MEASURES):
        matrix = np.clip(rng.random((TOPICS, 1)) * 0.6 + np.linspace(0, 0.2, SYSTEMS)
                         + rng.normal(0, 0.1, (TOPICS, SYSTEMS)), 0, 1)
        out.append({f"run{j:02d}": matrix[:, j] for j in range(SYSTEMS)})
    return out


def loop_ranges(matrix: np.ndarray, n_resamples: int = RESAMPLES, seed: int = 0) -> np.ndarray:
    """The textbook procedure, one resample at a time: the sorted null ranges."""
    rng = np.random.default_rng(seed)
    ranges = np.empty(n_resamples)
    for b in range(n_resamples):
        means = rng.permuted(matrix, axis=1).mean(axis=0)
        ranges[b] = means.max() - means.min()
    return np.sort(ranges)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    measures = data()
    matrices = [np.column_stack(list(m.values())) for m in measures]
    cases = {
        f"discriminative_power, {SYSTEMS}x{TOPICS}x{MEASURES}, B=10,000 (rankbook)":
            lambda: [discriminative_power(m, n_resamples=RESAMPLES) for m in measures],
        f"per-resample loop, {SYSTEMS}x{TOPICS}x{MEASURES}, B=10,000 (reference)":
            lambda: [loop_ranges(x) for x in matrices],
    }
    times = interleaved(cases, args.rounds, width=62, digits=3)
    median = [statistics.median(values) for values in times.values()]
    print(f"per-resample loop / rankbook: {median[1] / median[0]:.1f}x")
    dp = [discriminative_power(m, n_resamples=RESAMPLES) for m in measures]
    print("discriminative power of the three measures:",
          [round(r.discriminative_power, 3) for r in dp])


if __name__ == "__main__":
    main()
