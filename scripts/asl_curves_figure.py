"""Draw docs/comparing/discriminative_power_asl.png: the ASL curves of P@10, AP and nDCG on Breuer's runs.

    .venv/bin/python scripts/asl_curves_figure.py

The runs are those of the page docs/comparing/discriminative_power.md (its worked example
computes the same results): the originals WCrobust04 and WCrobust0405 and their 20 named
replications each, on the 50 Robust04 topics (`rankbook.datasets.breuer2020_scores`), 42
systems and 861 pairs, with 10,000 randomised Tukey HSD resamples (seed 0). Run it after changing
`rankbook.stats.discriminative` or `rankbook.compare.plots.asl_curves`, then look at the
picture before committing it.
"""

from __future__ import annotations

from pathlib import Path

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import pandas as pd  # noqa: E402

from rankbook.compare.plots import asl_curves  # noqa: E402
from rankbook.datasets import BREUER2020_RUN_NUMBERS, breuer2020_scores  # noqa: E402
from rankbook.stats import discriminative_power  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "docs" / "comparing" / "discriminative_power_asl.png"
# the paper's 20 replications (tf, df, tol, C), in the paper's order
NUMBERS = list(BREUER2020_RUN_NUMBERS.values())
MEASURES = {"p10": "P@10", "ap": "AP", "ndcg1000": "nDCG"}


def runs(measure: str) -> pd.DataFrame:
    """Topics x the 42 systems of one measure."""
    frames = []
    for run, original in [("wcrobust04", "WCrobust04"), ("wcrobust0405", "WCrobust0405")]:
        frame = breuer2020_scores("rpl", run, measure)
        frames.append(frame[[original] + [f"rpl_{run}_{k}" for k in NUMBERS]])
    return pd.concat(frames, axis=1)


def main() -> None:
    results = {label: discriminative_power(runs(m)) for m, label in MEASURES.items()}
    fig, ax = plt.subplots(figsize=(8, 5), facecolor="white")
    asl_curves(results, ax=ax)
    ax.set_title("ASL curves: 42 runs of Breuer et al. (SIGIR 2020), 50 topics, B = 10,000")
    fig.tight_layout()
    fig.savefig(OUT, dpi=100, metadata={"Software": None})
    print(f"wrote {OUT.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
