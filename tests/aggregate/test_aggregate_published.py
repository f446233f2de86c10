"""Published examples: Wikipedia's Tennessee election, Schulze's own example, Cormack et al.'s RRF
formula by hand, and the expected numbers of ranx's fusion and normalisation unit tests.

Sources (cited per test):
- Wikipedia, "Borda count", "Condorcet method", "Copeland's method", "Kemeny-Young method",
  "Schulze method" (https://en.wikipedia.org/wiki/<title>), the Tennessee capital example:
  42% Memphis > Nashville > Chattanooga > Knoxville, 26% Nashville > Chattanooga > Knoxville >
  Memphis, 15% Chattanooga > Knoxville > Nashville > Memphis, 17% Knoxville > Chattanooga >
  Nashville > Memphis.
- ranx (github.com/AmenRa/ranx), tests/unit/ranx/fusion/*_test.py and
  tests/unit/ranx/normalization/*_test.py: three runs over queries q1 and q2 (below).
"""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
import pytest

from rankbook import aggregate as ag

TENNESSEE = [["Memphis", "Nashville", "Chattanooga", "Knoxville"],
             ["Nashville", "Chattanooga", "Knoxville", "Memphis"],
             ["Chattanooga", "Knoxville", "Nashville", "Memphis"],
             ["Knoxville", "Chattanooga", "Nashville", "Memphis"]]
VOTERS = [42, 26, 15, 17]


def test_tennessee_borda_points():
    # Wikipedia "Borda count": Nashville 194, Chattanooga 173, Memphis 126, Knoxville 107
    # (first place 3 points, last 0; per 100 voters).
    assert ag.borda(TENNESSEE, weights=VOTERS) == {
        "Nashville": 194, "Chattanooga": 173, "Memphis": 126, "Knoxville": 107}


def test_tennessee_pairwise_table():
    # Wikipedia "Condorcet method": Nashville beats Memphis 58-42, Chattanooga 68-32 and
    # Knoxville 68-32; Chattanooga beats Knoxville 83-17 and Memphis 58-42.
    from rankbook.aggregate.pairwise import preference_matrix

    profile = ag.make_profile(TENNESSEE, VOTERS)
    n = preference_matrix(profile)
    at = {item: x for x, item in enumerate(profile.items)}
    pairs = {("Nashville", "Memphis"): 58, ("Nashville", "Chattanooga"): 68,
             ("Nashville", "Knoxville"): 68, ("Chattanooga", "Knoxville"): 83,
             ("Chattanooga", "Memphis"): 58, ("Knoxville", "Memphis"): 58}
    for (x, y), votes in pairs.items():
        assert n[at[x], at[y]] == votes and n[at[y], at[x]] == 100 - votes


@pytest.mark.parametrize("method", ["borda", "condorcet", "copeland", "kemeny", "schulze"])
def test_tennessee_every_voting_method_names_nashville(method):
    result = ag.METHODS[method].function(TENNESSEE, weights=VOTERS)
    assert next(iter(result)) == "Nashville"


def test_tennessee_condorcet_and_copeland_tallies():
    # From the pairwise table: Nashville 3 wins, Chattanooga 2, Knoxville 1, Memphis 0.
    assert ag.condorcet(TENNESSEE, weights=VOTERS) == {
        "Nashville": 3, "Chattanooga": 2, "Knoxville": 1, "Memphis": 0}
    assert ag.copeland(TENNESSEE, weights=VOTERS) == {
        "Nashville": 3, "Chattanooga": 1, "Knoxville": -1, "Memphis": -3}


def test_tennessee_kemeny_order_and_distance():
    # Wikipedia "Kemeny-Young method": the ranking Nashville > Chattanooga > Knoxville > Memphis
    # has the highest score, 393 voter-pair agreements of 6 * 100 = 600, so distance 207.
    from rankbook.aggregate.kemeny_young import kemeny_distance, kemeny_matrix

    result = ag.kemeny(TENNESSEE, weights=VOTERS)
    assert list(result) == ["Nashville", "Chattanooga", "Knoxville", "Memphis"]
    profile = ag.make_profile(TENNESSEE, VOTERS)
    order = [profile.items.index(item) for item in result]
    assert kemeny_distance(kemeny_matrix(profile), order) == 600 - 393


def test_schulze_wikipedia_example():
    # Wikipedia "Schulze method" (Schulze 2011's example): 45 voters, result E > A > C > B > D.
    ballots = {"ACBED": 5, "ADECB": 5, "BEDAC": 8, "CABED": 3, "CAEBD": 7, "CBADE": 2,
               "DCEBA": 7, "EBADC": 8}
    result = ag.schulze([list(b) for b in ballots], weights=list(ballots.values()))
    assert list(result) == ["E", "A", "C", "B", "D"]
    assert list(result.values()) == [4, 3, 2, 1, 0]


def test_rrf_by_hand_exact_fractions():
    # Cormack, Clarke & Buettcher (2009): RRFscore(d) = sum over rankings of 1 / (k + r(d)), k = 60.
    lists = [["d1", "d2", "d3"], ["d2", "d3"], ["d3", "d1"]]
    expected = {"d1": Fraction(1, 61) + Fraction(1, 62),
                "d2": Fraction(1, 62) + Fraction(1, 61),
                "d3": Fraction(1, 63) + Fraction(1, 62) + Fraction(1, 61)}
    result = ag.rrf(lists)
    assert list(result) == ["d3", "d1", "d2"]   # d1, d2 tie in two lists each: item id decides
    for item, value in expected.items():
        assert math.isclose(result[item], float(value), rel_tol=1e-15)


# ranx's three runs (tests/unit/ranx/fusion/*_test.py); a dict is a list ranked by score.
RANX = {"q1": [{"d1": 1, "d2": 2, "d3": 3}, {"d1": 3, "d2": 2}, {"d3": 1}],
        "q2": [{"d1": 1, "d2": 2}, {"d1": 1, "d3": 3}, {"d2": 2, "d3": 3}]}


def _ranx(method, **params):
    return {q: ag.METHODS[method].function(lists, **params) for q, lists in RANX.items()}


def test_ranx_bordafuse():
    # ranx bordafuse_test.py (rankbook's convention="ranx" is its scale)
    got = _ranx("borda", convention="ranx")
    assert got["q1"] == {"d3": 3 + 1 + 3, "d1": 1 + 3 + 1.5, "d2": 2 + 2 + 1.5}
    assert got["q2"] == {"d3": 1 + 3 + 3, "d2": 3 + 1 + 2, "d1": 2 + 2 + 1}


def test_ranx_rrf_isr_log_isr_logn_isr():
    rrf, isr = _ranx("rrf"), _ranx("isr")
    assert rrf["q1"]["d1"] == pytest.approx(1 / 63 + 1 / 61, rel=1e-15)          # rrf_test.py
    assert rrf["q2"]["d2"] == pytest.approx(1 / 61 + 1 / 62, rel=1e-15)
    assert isr["q1"]["d1"] == pytest.approx((1 / 9 + 1) * 2, rel=1e-15)            # isr_test.py
    assert isr["q2"]["d2"] == pytest.approx((1 + 1 / 4) * 2, rel=1e-15)
    assert _ranx("log_isr")["q1"]["d2"] == pytest.approx((1 / 4 + 1 / 4) * np.log(2))
    assert _ranx("logn_isr", sigma=0.1)["q2"]["d3"] == pytest.approx(2 * np.log(2.1))


def test_ranx_rbc():
    # ranx rbc_test.py: four runs, phi = 0.6, 0.8, 0.9, expected to 2 decimals.
    runs = [{"A": 7, "D": 6, "B": 5, "C": 4, "G": 3, "F": 2}, {"B": 7, "D": 6, "E": 5, "C": 4},
            {"A": 7, "B": 6, "D": 5, "C": 4, "G": 3, "F": 2, "E": 1},
            {"G": 7, "D": 6, "E": 5, "A": 4, "F": 3, "C": 2}]
    expected = {0.6: dict(A=0.89, D=0.86, B=0.78, G=0.50, E=0.31, C=0.29, F=0.11),
                0.8: dict(D=0.61, A=0.50, B=0.49, C=0.37, G=0.36, E=0.31, F=0.21),
                0.9: dict(D=0.35, C=0.28, A=0.27, B=0.27, G=0.23, E=0.22, F=0.18)}
    for phi, values in expected.items():
        got = ag.rbc(runs, phi=phi)
        assert {x: round(s, 2) for x, s in got.items()} == values


def test_ranx_weighted_and_median_combinations():
    weights = [0.3, 0.2, 0.5]
    wsum = _ranx("wsum", norm="none", weights=weights)                            # wsum_test.py
    assert wsum["q1"]["d1"] == pytest.approx(0.3 * 1 + 0.2 * 3)
    assert wsum["q2"]["d3"] == pytest.approx(0.2 * 3 + 0.5 * 3)
    wmnz = _ranx("wmnz", norm="none", weights=weights)                            # wmnz_test.py
    assert wmnz["q1"]["d3"] == pytest.approx((3 + 1) * (0.3 + 0.5))
    assert wmnz["q2"]["d2"] == pytest.approx((2 + 2) * (0.3 + 0.5))
    mixed = _ranx("mixed", norm="none", weights=weights)                          # mixed_test.py
    assert mixed["q2"]["d1"] == pytest.approx((0.3 * 1 + 0.2 * 1) * np.sqrt(2))
    med = _ranx("combmed", norm="none")                                            # comb_med_test.py
    assert med["q1"] == {"d2": 2.0, "d1": 2.0, "d3": 2.0}
    assert _ranx("combmnz", norm="none")["q1"]["d1"] == (1 + 3) * 2                # comb_mnz_test.py


def test_ranx_gmnz_limits():
    # ranx comb_gmnz_test.py: gamma 1 is CombMNZ, gamma 0 is CombSUM.
    assert _ranx("combgmnz", gamma=1.0, norm="none") == _ranx("combmnz", norm="none")
    assert _ranx("combgmnz", gamma=0.0, norm="none") == _ranx("combsum", norm="none")


def test_ranx_condorcet_orders():
    # ranx condorcet_test.py and weighted_condorcet_test.py (their own runs, below) give
    # positions (3 = first): unweighted q1 and q2 d3 > d2 > d1; weights [1, 5, 2]:
    # q1 d2 > d1 > d3, q2 d3 > d1 > d2.
    runs = {"q1": [{"d1": 1, "d2": 2, "d3": 3}, {"d1": 2, "d2": 3}, {"d3": 3}],
            "q2": [{"d1": 1, "d2": 2}, {"d1": 1, "d3": 3}, {"d2": 2, "d3": 3}]}
    for q in ("q1", "q2"):
        assert list(ag.condorcet(runs[q])) == ["d3", "d2", "d1"]
    assert list(ag.condorcet(runs["q1"], weights=[1, 5, 2])) == ["d2", "d1", "d3"]
    assert list(ag.condorcet(runs["q2"], weights=[1, 5, 2])) == ["d3", "d1", "d2"]


@pytest.mark.parametrize("norm, expected", [
    # ranx tests/unit/ranx/normalization/*_test.py on the run {"d1": 1, "d2": 2, "d3": 3}
    ("sum", {"d3": 2 / 3, "d2": 1 / 3, "d1": 0.0}),
    ("z_score", {"d3": 1 / 0.816496580927726, "d2": 0.0, "d1": -1 / 0.816496580927726}),
    ("min_max_inverted", {"d3": 0.0, "d2": 0.5, "d1": 1.0}),
    ("min_max", {"d3": 1.0, "d2": 0.5, "d1": 0.0}),
    ("max", {"d3": 1.0, "d2": 2 / 3, "d1": 1 / 3}),
    ("rank", {"d3": 1.0, "d2": 2 / 3, "d1": 1 / 3}),
])
def test_ranx_normalisations(norm, expected):
    got = ag.normalize({"d1": 1, "d2": 2, "d3": 3}, norm)
    assert list(got) == ["d3", "d2", "d1"]
    for item, value in expected.items():
        assert got[item] == pytest.approx(value, rel=1e-12, abs=1e-15)


def test_ranx_borda_norm_with_unranked_items():
    # ranx borda_norm_test.py, run_3 of q1 ({"d3": 1}) among candidates d1, d2, d3.
    assert ag.normalize({"d3": 1}, "borda", items=["d1", "d2", "d3"]) == {
        "d3": 1.0, "d1": 0.5, "d2": 0.5}
    assert ag.normalize({"d2": 2, "d3": 3}, "borda", items=["d1", "d2", "d3"]) == \
        pytest.approx({"d3": 1.0, "d2": 2 / 3, "d1": 1 / 3})
