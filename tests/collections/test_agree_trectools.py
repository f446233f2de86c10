"""What trectools 0.0.50 computes for agreement and rank correlation, next to rankbook.

trectools (Palotti, Scells and Zuccon, SIGIR 2019) is the Python tool the issue names. Read
from its source (trectools/misc.py, trec_qrel.py) and run here:

- ``TrecQrel.check_kappa`` is Cohen's kappa with each assessor's own marginals, and
  ``misc.check_fleish_kappa`` is Fleiss' kappa: both equal rankbook's;
- ``misc.get_correlation(sorted1, sorted2, "tau_ap")`` takes ``sorted1`` as the truth: it
  equals ``tau_ap(truth=sorted1, estimate=sorted2)``;
- its option ``"spearmanr"`` reaches the ``"pearson"`` branch first (``elif correlation ==
  "pearson" or correlation == "spearmanr"``) and returns scipy's ``PearsonRResult``: Pearson's
  r of the rank positions. Positions have no ties, so that r equals Spearman's rho here: the
  name is wrong, the number is not. ``"spearman"`` calls ``spearmanr``.
"""

from __future__ import annotations

import random

import numpy as np
import pytest

from rankbook.collections import (
    cohen_kappa,
    fleiss_kappa,
    kendall_tau,
    spearman_rho,
    tau_ap,
)

misc = pytest.importorskip("trectools.misc")
trec_qrel = pytest.importorskip("trectools.trec_qrel")
pd = pytest.importorskip("pandas")


def _sorted_systems(scores: dict) -> list:
    """trectools' input: (value, system) pairs sorted best first (misc.sort_systems_by)."""
    return sorted(((v, s) for s, v in scores.items()), key=lambda pair: -pair[0])


def _two_rankings(seed: int, n: int = 12):
    rng = random.Random(seed)
    systems = [f"run{i:02d}" for i in range(n)]
    first = {s: rng.random() for s in systems}
    second = {s: first[s] + rng.gauss(0, 0.15) for s in systems}
    return first, second


@pytest.mark.parametrize("seed", range(4))
def test_trectools_tau_ap_takes_its_first_argument_as_the_truth(seed):
    first, second = _two_rankings(seed)
    value, _ = misc.get_correlation(_sorted_systems(first), _sorted_systems(second), "tau_ap")
    assert value == pytest.approx(tau_ap(first, second), abs=1e-12)


def test_trectools_tau_ap_direction_on_a_case_worked_by_hand():
    # truth a b c d, estimate b c a d: 1/3; the other way round: 0 (test_correlation.py)
    truth, estimate = {"a": 4, "b": 3, "c": 2, "d": 1}, {"b": 4, "c": 3, "a": 2, "d": 1}
    value, _ = misc.get_correlation(_sorted_systems(truth), _sorted_systems(estimate), "tau_ap")
    assert value == pytest.approx(1 / 3, abs=1e-12)


def test_trectools_spearmanr_option_returns_pearson():
    first, second = _two_rankings(7)
    a, b = _sorted_systems(first), _sorted_systems(second)
    named_spearmanr = misc.get_correlation(a, b, "spearmanr")
    assert type(named_spearmanr).__name__ == "PearsonRResult"
    assert type(misc.get_correlation(a, b, "spearman")).__name__ == "SignificanceResult"
    # on untied rank positions Pearson's r is Spearman's rho
    assert named_spearmanr.statistic == pytest.approx(spearman_rho(first, second), abs=1e-12)
    assert misc.get_correlation(a, b, "kendall").statistic == pytest.approx(
        kendall_tau(first, second), abs=1e-12)


def test_trectools_kappas_equal_rankbooks():
    rng = random.Random(3)
    docs = [f"d{i}" for i in range(50)]
    first = {d: rng.choice((0, 1)) for d in docs}
    second = {d: first[d] if rng.random() < 0.7 else 1 - first[d] for d in docs}

    def qrel(judgments):
        q = trec_qrel.TrecQrel()
        q.qrels_data = pd.DataFrame({"query": "1", "q0": "0", "docid": list(judgments),
                                     "rel": list(judgments.values())})
        return q

    assert qrel(first).check_kappa(qrel(second)) == pytest.approx(
        cohen_kappa(first, second), abs=1e-12)
    third = {d: first[d] if rng.random() < 0.8 else 1 - first[d] for d in docs}
    arrays = tuple(np.array([j[d] for d in docs]) for j in (first, second, third))
    assert misc.check_fleish_kappa(arrays) == pytest.approx(
        fleiss_kappa({d: [first[d], second[d], third[d]] for d in docs}), abs=1e-12)
