"""kendall_tau_union (Breuer et al. 2020, section 3.1) and rbo (Webber, Moffat and Zobel 2010).

Oracles: scipy's Kendall tau-b on the positions in the sorted union (what the paper's Matlab code
computes); for RBO, equation (32) of Webber et al. evaluated in exact fractions, and its
equal-length case checked against the infinite sum it extrapolates (eq. 30: the agreement at
depth k held constant beyond k).
"""

from __future__ import annotations

import random
from fractions import Fraction as F

import pytest
from scipy import stats

from rankbook import InvalidTypeError, InvalidValueError
from rankbook.reproducibility import kendall_tau_union, rbo


def _scipy_tau_union(a, b, k):
    a, b = a[:k], b[:k]
    union = sorted(set(a) | set(b))
    return stats.kendalltau([union.index(d) for d in a], [union.index(d) for d in b]).statistic


def test_tau_union_by_hand_and_identical_lists():
    # positions (0, 1, 2) and (1, 0, 3): one discordant pair, two concordant: (2 - 1) / 3
    assert kendall_tau_union(list("abc"), list("bad"), k=3) == pytest.approx(1 / 3, abs=1e-15)
    assert kendall_tau_union(list("dcba"), list("dcba"), k=4) == 1.0


@pytest.mark.parametrize("seed", range(20))
def test_tau_union_agrees_with_scipy(seed):
    rng = random.Random(seed)
    docs = [f"d{i:03d}" for i in range(60)]
    a, b = rng.sample(docs, 30), rng.sample(docs, 30)
    k = rng.choice([5, 10, 20, 30])
    assert kendall_tau_union(a, b, k=k) == pytest.approx(_scipy_tau_union(a, b, k), abs=1e-12)


def test_tau_union_per_topic_and_errors():
    run = {"301": list("abc"), "302": list("xyz")}
    other = {"302": list("xyz"), "301": list("bad")}
    assert kendall_tau_union(run, other, k=3) == pytest.approx({"301": 1 / 3, "302": 1.0})
    with pytest.raises(InvalidValueError, match="same length"):
        kendall_tau_union(list("abc"), list("ab"), k=3)
    with pytest.raises(InvalidValueError, match="only in replicated_run: \\['303'\\]"):
        kendall_tau_union(run, {**other, "303": list("abc")}, k=3)
    with pytest.raises(InvalidValueError, match="twice"):
        kendall_tau_union(list("aba"), list("abc"), k=3)
    with pytest.raises(InvalidTypeError, match="mappings"):
        kendall_tau_union(run, list("abc"), k=3)
    with pytest.raises(InvalidValueError, match="k must be"):
        kendall_tau_union(list("abc"), list("abc"), k=0)


def _rbo_exact(a, b, p):
    """Webber et al. (2010) equation (32) in exact arithmetic, straight from the paper."""
    S, L = (a, b) if len(a) <= len(b) else (b, a)
    s, l = len(S), len(L)

    def X(d):
        return len(set(S[:min(d, s)]) & set(L[:d]))

    total = sum(F(X(d), d) * p ** d for d in range(1, l + 1))
    total += sum(F(X(s) * (d - s), s * d) * p ** d for d in range(s + 1, l + 1))
    return (1 - p) / p * total + (F(X(l) - X(s), l) + F(X(s), s)) * p ** l


@pytest.mark.parametrize("seed", range(20))
def test_rbo_agrees_with_equation_32_in_fractions(seed):
    rng = random.Random(seed)
    docs = list(range(40))
    a, b = rng.sample(docs, rng.randint(1, 15)), rng.sample(docs, rng.randint(1, 15))
    p = F(rng.randint(1, 19), 20)
    assert rbo(a, b, p=float(p), k=50) == pytest.approx(float(_rbo_exact(a, b, p)), abs=1e-12)


def test_rbo_equal_lengths_is_the_extrapolated_infinite_sum():
    # eq. (30): RBO_ext = (1 - p) * sum_d A_d p^(d-1), A_d = X_d/d up to k and X_k/k beyond
    a, b, p, k = list("abcdefg"), list("zcavwxy"), 0.9, 7
    agreement = [len(set(a[:d]) & set(b[:d])) / d for d in range(1, k + 1)]
    series = sum((1 - p) * agreement[min(d, k) - 1] * p ** (d - 1) for d in range(1, 3000))
    assert rbo(a, b, p=p, k=k) == pytest.approx(series, abs=1e-12)


def test_rbo_bounds_cutoff_and_errors():
    assert rbo(list("abcde"), list("abcde"), p=0.8) == pytest.approx(1.0, abs=1e-15)
    assert rbo(list("abc"), list("xyz"), p=0.8) == 0.0
    # k cuts both lists: only the first two ranks (identical) are compared
    assert rbo(list("abxyz"), list("abcde"), p=0.8, k=2) == pytest.approx(1.0, abs=1e-15)
    assert rbo({"1": list("ab")}, {"1": list("ba")}, p=0.5, k=2) == {"1": 0.5}
    for bad in (0, 1, 1.5):
        with pytest.raises(InvalidValueError, match="p must be"):
            rbo(list("ab"), list("ab"), p=bad)
    for bad in (True, "0.8"):  # the wrong type: an InvalidTypeError, as everywhere (issue 36)
        with pytest.raises(InvalidTypeError, match="p must be"):
            rbo(list("ab"), list("ab"), p=bad)


@pytest.mark.parametrize("measure", [rbo, kendall_tau_union])
def test_a_tied_group_is_refused_naming_its_rank(measure):
    # issue 29: a set inside the list (a tie, as Corsi and Urbano, SIGIR 2024, write one)
    # raised a bare TypeError (unhashable type: 'set')
    with pytest.raises(InvalidTypeError, match=r"original_run holds a tied group at rank 2, "
                                               r"\['b', 'c'\].*Break the tie"):
        measure(["a", {"b", "c"}, "d"], ["a", "b", "c", "d"], k=4)
    with pytest.raises(InvalidTypeError, match=r"replicated_run\['q1'\] holds a tied group at "
                                               r"rank 1"):
        measure({"q1": ["a", "b"]}, {"q1": [frozenset({"a", "b"})]}, k=2)


def test_an_id_that_is_no_id_is_refused_naming_its_rank():
    with pytest.raises(InvalidTypeError, match=r"holds \['b'\] at rank 2; a document id"):
        rbo(["a", ["b"]], ["a", "b"], k=2)
